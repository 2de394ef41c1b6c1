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
# # Odds explorer
#
# **Question.** *Your* question: pick the number of players, the hand size, the trump mode and how everybody
# plays, and see how often each seat takes no trick in a round and how many tricks it takes on average, with
# 95 % intervals. Taking no trick is what a zero bid needs: a zero bid made at random works exactly that often,
# while a player who bids zero on purpose (like the friendly bot) makes it more often, and the explorer says
# how often. One-card rounds show the exact values beside the estimates.
#
# Each change simulates fresh seeded rounds with cardlab's compiled kernel, so it takes a moment the first time.

# %% tags=["output-free"]
from IPython.display import Markdown
from cardlab.claims import count, pct
from cardlab.widgets.odds import OddsExplorer
from cardlab.data_build import load_table

# %% tags=["nbval-ignore-output"]
explorer = OddsExplorer(players=4, hand_size=5, trump="turned-up", policy="heuristic", rng=1, lang="en")
explorer

# %% [markdown]
# The numbers behind the chart are in `explorer.table`. As a check, they agree with the precomputed table in
# `cardlab/data/plump_zero_bids.csv` (made with other seeds): for every seat the two 95 % intervals overlap.

# %%
mine = explorer.table.set_index("seat_from_leader")
data = load_table("plump_zero_bids").query(
    "players == 4 and cards == 5 and trump == 'turned-up' and policy == 'heuristic'").set_index("seat_from_leader")
data[["p_zero", "zero_low", "zero_high"]].round(3)

# %% tags=["output-free"]
assert ((mine.ci_low <= data.zero_high) & (data.zero_low <= mine.ci_high)).all()   # the intervals overlap

# %%
seat = mine.loc[0]
Markdown(f"The chart's left panel is the chance of no trick over every round: for the leader here "
         f"{pct(seat.p_zero)}. The zero bids the leader actually made (the bot bids zero only on weak cards) "
         f"worked in {pct(seat.p_bid0_made)} of {count(seat.bid0_rounds)} cases: a different question, "
         "answered in the line under the title.")

# %% [markdown]
# ## Try these
#
# 1. One card, four players, trump turned up: compare the leader with the others, then read notebook 10.
# 2. Seven players, seven cards: is a zero bid easier than with four players?
# 3. Switch from random to heuristic play: whose zero bids get better?
