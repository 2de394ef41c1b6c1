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
# **Spill rummy**: samle sett og rekker, legg dem ned, og bli først kvitt alle kortene. Hvordan du spiller, står
# under bordet.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.rummy_table import RummyTable
RummyTable(rng=4, lang="nb")

# %% [markdown]
# ## Slik spiller du
#
# **Mål.** Lær deg rummy: samle **sett** (3 eller 4 kort med samme verdi) og **rekker** (3 eller flere kort på
# rad i samme farge), legg dem ned, og bli først kvitt alle kortene.
#
# Tre spillere, sju kort hver. Trekk et kort, marker kort og trykk på *Meld*, og kast så et kort. Etter hver runde
# forteller bordet hvordan det gikk; trykk på *Neste runde* for å spille videre.

# %% tags=["output-free"]
from cardlab import is_set, is_run, hand_penalty, parse_cards


def ja_nei(svar):
    return "ja" if svar else "nei"

# %% [markdown]
# ## Sett og rekker
#
# Spillet kjenner igjen en kombinasjon når det ser en. Tre sjuere er et sett:

# %%
kortene = parse_cards("7H 7S 7C")
print("et sett:", ja_nei(is_set(kortene)), "· en rekke:", ja_nei(is_run(kortene)))

# %% [markdown]
# Tre hjerter på rad er en rekke. Esset er bare lavt, så A-2-3 er en rekke, men D-K-A er det ikke:

# %%
print("A-2-3:", ja_nei(is_run(parse_cards("AH 2H 3H"))), "· D-K-A:", ja_nei(is_run(parse_cards("QH KH AH"))))

# %% [markdown]
# ## En tur
#
# 1. **Trekk** det øverste kortet fra bunken eller fra kastebunken.
# 2. **Meld**: legg ned sett og rekker, eller legg til kort på kombinasjoner som allerede ligger på bordet (dine
#    eller andres).
# 3. **Kast** ett kort: da er turen din slutt.
#
# Den som først blir kvitt alle kortene, vinner runden; alle andre får **straffepoeng** for kortene de har igjen
# (ess 1, 2–10 det de viser, bildekort 10). Lavest sum vinner. Disse tre kortene ville kostet:

# %%
hand_penalty(parse_cards("AS 7D KH"))

# %% [markdown]
# 1 + 7 + 10 = 18. Kort som blir igjen, er dyre, så legg ned tidlig når du kan.

# %% [markdown]
# ## Hva skjedde?
#
# * Trekker du fra kastebunken, ser alle hva du samler på.
# * Å holde på bildekort er risikabelt: de koster 10 hver hvis noen andre går ut.
#
# ## Spørsmål
#
# 1. Er det bedre å begynne?
# 2. Når ville du holde på et kort som kan legges til på noen andres kombinasjon?
# 3. Hvorfor er en rekke på 3 lettere å samle enn et sett på 4?
