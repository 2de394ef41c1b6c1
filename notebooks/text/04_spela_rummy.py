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
# **Spela rummy**: samla grupper och serier, lägg ner dem, och bli först av med alla kort. Hur man spelar står
# under bordet.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.rummy_table import RummyTable
RummyTable(rng=4, lang="sv")

# %% [markdown]
# ## Så spelar du
#
# **Mål.** Lär dig rummy: samla **grupper** (3 eller 4 kort med samma valör) och **serier** (3 eller fler kort i
# rad i samma färg), lägg ner dem, och bli först av med alla kort.
#
# Tre spelare, sju kort var. Dra ett kort, markera kort och tryck på *Lägg ner*, och kasta sedan ett kort. Efter
# varje runda berättar bordet hur det gick; tryck på *Nästa runda* för att spela vidare.

# %% tags=["output-free"]
from cardlab import is_set, is_run, hand_penalty, parse_cards


def ja_nej(svar):
    return "ja" if svar else "nej"

# %% [markdown]
# ## Grupper och serier
#
# Spelet känner igen en kombination när det ser en. Tre sjuor är en grupp:

# %%
korten = parse_cards("7H 7S 7C")
print("en grupp:", ja_nej(is_set(korten)), "· en serie:", ja_nej(is_run(korten)))

# %% [markdown]
# Tre hjärter i rad är en serie. Esset är bara lågt, så A-2-3 är en serie men D-K-A är det inte:

# %%
print("A-2-3:", ja_nej(is_run(parse_cards("AH 2H 3H"))), "· D-K-A:", ja_nej(is_run(parse_cards("QH KH AH"))))

# %% [markdown]
# ## En tur
#
# 1. **Dra** det översta kortet från draghögen eller från kasthögen.
# 2. **Lägg ner** grupper och serier, eller lägg till kort på kombinationer som redan ligger på bordet (dina eller
#    någon annans).
# 3. **Kasta** ett kort: då är din tur slut.
#
# Den som först blir av med alla kort vinner rundan; alla andra får **straffpoäng** för korten de har kvar (ess
# 1, 2–10 vad de visar, klädda kort 10). Lägst summa vinner. De här tre korten skulle kosta:

# %%
hand_penalty(parse_cards("AS 7D KH"))

# %% [markdown]
# 1 + 7 + 10 = 18. Kort som blir kvar är dyra, så lägg ner tidigt när du kan.

# %% [markdown]
# ## Vad hände?
#
# * Drar du från kasthögen ser alla vad du samlar på.
# * Att spara klädda kort är riskabelt: de kostar 10 var om någon annan går ut.
#
# ## Frågor
#
# 1. Är det bättre att börja?
# 2. När skulle du spara ett kort som går att lägga till på någon annans kombination?
# 3. Varför är en serie på 3 lättare att samla än en grupp på 4?
