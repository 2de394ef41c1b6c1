# ---
# jupyter:
#   jupytext:
#     notebook_metadata_filter: kernelspec,jupytext,-jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# **Spela femkamp**: fem rundor, var och en med sitt eget mål; lägst summa vinner. Hur man spelar står under bordet.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.femkamp_table import FemkampTable
FemkampTable(rng=5, lang="sv")

# %% [markdown]
# ## Så spelar du
#
# **Mål.** Lär dig den norska *femkampen*: fem rundor med fem olika mål, och lägst summa vinner. Fyra rundor är
# sticksrundor utan trumf; den femte, **kabal**, liknar sjuan.
#
# Du sitter längst ned. Rundans mål står på bordet; tryck på *Nästa* så spelar botarna, och på *Prikk* i
# kabalrundan när inget kort passar. Efter varje runda berättar bordet hur det gick; tryck på *Nästa runda* för
# att spela vidare.

# %% tags=["output-free"]
from cardlab import FemkampRules
from cardlab.rules.femkamp import ROUND_NAMES, round_goal, round_scoring, round_title
import pandas as pd

# %% [markdown]
# ## Målet i varje runda
#
# Reglerna säger vad varje runda går ut på; här är de som en tabell:

# %%
regler = FemkampRules()
pd.DataFrame({"runda": [round_title(n, "sv") for n in ROUND_NAMES],
              "mål": [round_goal(n, "sv") for n in ROUND_NAMES],
              "poäng": [round_scoring(n, "sv", regler) for n in ROUND_NAMES]})

# %% [markdown]
# Poäng är dåliga i alla rundor utom grandrundan, där varje stick tar bort ett poäng. I de tre första
# rundorna försöker du alltså slippa stick, i den fjärde tar du så många du kan, och i kabalen skyndar du dig att
# bli av med korten.
#
# ## Kabal (sjuan)
#
# Alla 52 kort delas ut. När det är din tur måste du lägga ett kort om du kan: en sjua börjar en rad i sin färg,
# och raden växer nedåt från sjuan (6, 5, … A) och uppåt (8, 9, … K), ett kort i taget. Passar inget av dina kort
# säger du **prikk** och får 1 poäng. När någon har lagt sitt sista kort är rundan slut, och alla andra får ett
# poäng för varje kort de har kvar.

# %% [markdown]
# ## Vad hände?
#
# * Samma kort är bra i en runda och dåliga i nästa: ett ess är farligt i passrundan och guld värt i
#   grandrundan.
# * I kabalen kan du stoppa de andras rader genom att spara en sjua, men varje gång du inte kan lägga kostar det
#   en prikk.
#
# ## Frågor
#
# 1. Vilken runda gav dig flest poäng?
# 2. När är det säkert att lägga ett högt kort i damrundan?
# 3. Varför är det riskabelt att spara sjuorna för länge i kabalen?
