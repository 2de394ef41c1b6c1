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
# **Spill femkamp**: fem runder, hver med sitt eget mål; lavest sum vinner. Hvordan du spiller, står under bordet.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.femkamp_table import FemkampTable
FemkampTable(rng=5, lang="nb")

# %% [markdown]
# ## Slik spiller du
#
# **Mål.** Lær deg *femkamp*: fem runder med fem ulike mål, og lavest sum vinner. Fire runder er stikkrunder uten
# trumf; den femte, **kabal**, ligner sjuern.
#
# Du sitter nederst. Rundens mål står på bordet; trykk på *Neste*, så spiller botene, og på *Prikk* i
# kabalrunden når ingen kort passer. Etter hver runde forteller bordet hvordan det gikk; trykk på *Neste runde*
# for å spille videre.

# %% tags=["output-free"]
from cardlab import FemkampRules
from cardlab.rules.femkamp import ROUND_NAMES, round_goal, round_scoring, round_title
import pandas as pd

# %% [markdown]
# ## Målet i hver runde
#
# Reglene sier hva hver runde går ut på; her er de som en tabell:

# %%
regler = FemkampRules()
pd.DataFrame({"runde": [round_title(n, "nb") for n in ROUND_NAMES],
              "mål": [round_goal(n, "nb") for n in ROUND_NAMES],
              "poeng": [round_scoring(n, "nb", regler) for n in ROUND_NAMES]})

# %% [markdown]
# Poeng er dårlige i alle runder unntatt grandrunden, der hvert stikk tar bort ett poeng. I de tre første rundene
# prøver du altså å slippe stikk, i den fjerde tar du så mange du kan, og i kabalen skynder du deg å bli kvitt
# kortene.
#
# ## Kabal (sjuern)
#
# Alle 52 kort deles ut. Når det er din tur, må du legge et kort hvis du kan: en sjuer starter en rad i sin
# farge, og raden vokser nedover fra sjueren (6, 5, … A) og oppover (8, 9, … K), ett kort om gangen. Passer ingen
# av kortene dine, sier du **prikk** og får 1 poeng. Når noen har lagt sitt siste kort, er runden slutt, og alle
# andre får ett poeng for hvert kort de har igjen.

# %% [markdown]
# ## Hva skjedde?
#
# * De samme kortene er gode i én runde og dårlige i den neste: et ess er farlig i passrunden og gull verdt i
#   grandrunden.
# * I kabalen kan du stoppe de andres rader ved å holde igjen en sjuer, men hver gang du ikke kan legge, koster
#   det en prikk.
#
# ## Spørsmål
#
# 1. Hvilken runde ga deg flest poeng?
# 2. Når er det trygt å legge et høyt kort i damerunden?
# 3. Hvorfor er det risikabelt å holde igjen sjuerne for lenge i kabalen?
