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
# **Play Femkamp**: five rounds, each with its own goal; the lowest total wins. How to play is under the table.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.femkamp_table import FemkampTable
FemkampTable(rng=5, lang="en")

# %% [markdown]
# ## How to play
#
# **Aim.** Learn the Norwegian *5-kamp*: five rounds with five different goals, and the lowest total wins.
# Four rounds are trick rounds without trump; the fifth, **kabal**, is like Sevens.
#
# You are seat 0. The round's goal stays on the felt; press *Next* to let the bots play, and *Prikk* in the
# kabal round when nothing fits. After each round the table says how it went; press *Next round* to go on.

# %% tags=["output-free"]
from cardlab import FemkampRules
from cardlab.rules.femkamp import ROUND_NAMES, round_goal, round_scoring, round_title
import pandas as pd

# %% [markdown]
# ## Each round's goal
#
# The rules say what each round is about; here they are as a table:

# %%
rules = FemkampRules()
pd.DataFrame({"round": [round_title(n, "en") for n in ROUND_NAMES],
              "goal": [round_goal(n, "en") for n in ROUND_NAMES],
              "points": [round_scoring(n, "en", rules) for n in ROUND_NAMES]})

# %% [markdown]
# Points are bad in every round except the grand round, where each trick takes one point *off*. So in the
# first three rounds you duck, in the fourth you grab, and in kabal you race to empty your hand.
#
# ## Kabal (the sevens round)
#
# All 52 cards are dealt. On your turn you must play a card if you can: a 7 starts its suit's row, and a row
# grows down from its 7 (6, 5, … A) and up (8, 9, … K), one card at a time. If no card of yours fits you say
# **prikk** and score 1. When somebody plays their last card the round ends and everybody else adds the cards
# left in their hand.

# %% [markdown]
# ## What happened
#
# * The same cards are good in one round and bad in the next: an ace is a danger in the pass round and a
#   treasure in the grand round.
# * In kabal, keeping a 7 back can block other players' rows, but every turn you cannot play costs a prikk.
#
# ## Questions
#
# 1. Which round scored the most points for you? (Notebook 13 asks which round usually decides the game.)
# 2. In the queens round, when is it safe to play a high card?
# 3. Why is it risky to keep the 7s for too long in kabal?
