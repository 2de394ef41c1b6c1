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
# # Zero bids: how often does "nolla" work?
#
# **Question.** How often is a zero bid made, by number of players, hand size, seat and trump mode, when the
# players bid at random and when they bid like cardlab's heuristic bot?
#
# Data: `data/plump_zero_bids.csv`, made by `cardlab data build --only plump_zero_bids` (20,000 rounds per
# setting, seeds in the table, Wilson 95 % intervals in `bid0_low`/`bid0_high`). A *random* bidder bids 0 at
# random, so its success rate is just the chance of taking no trick; the heuristic bot bids 0 on purpose.

# %% tags=["output-free"]
import altair as alt
import numpy as np
import pandas as pd
from cardlab.charts import chart_with_intervals   # altair now draws offline, as inline SVG
from cardlab.data_build import load_table

# %%
zero = load_table("plump_zero_bids")
zero.shape

# %% [markdown]
# One row per setting and seat. The average over seats, for every setting:

# %%
by_setting = zero.groupby(["policy", "trump", "players", "cards"], as_index=False).agg(
    bid0_made=("bid0_made", "sum"), bid0_rounds=("bid0_rounds", "sum"))
by_setting["p"] = by_setting.bid0_made / by_setting.bid0_rounds
by_setting.pivot_table(index="cards", columns=["policy", "players"], values="p").query("cards <= 7").round(2)

# %% [markdown]
# ## Hand size and players (heuristic bidders)

# %%
from cardlab.sim.stats import wilson_interval
by_setting["low"], by_setting["high"] = wilson_interval(by_setting.bid0_made, by_setting.bid0_rounds)
heur = by_setting.query("policy == 'heuristic' and trump != 'fixed-S'")
chart_with_intervals(heur.query("trump == 'turned-up'").astype({"players": str}), "cards", "p", "low", "high",
                     color="players", y_title="zero bid made", title="Zero bids made by heuristic bidders, trump turned up (95 %)")

# %% [markdown]
# Two things stand out. More players make a zero bid safer (more cards to take the tricks instead of you). And
# the rate dips in the middle: with one card a zero bid is easy to judge; with big hands the bot bids 0 only
# with truly hopeless hands. We assert both for four players with a turned-up trump, comparing 95 % intervals:

# %% tags=["output-free"]
four = heur.query("players == 4 and trump == 'turned-up'").set_index("cards")
assert four.loc[1, "low"] > four.loc[5, "high"]      # 1 card beats 5 cards
assert four.loc[10, "low"] > four.loc[5, "high"]     # 10 cards beat 5 cards too: the dip
seven = heur.query("players == 7 and trump == 'turned-up'").set_index("cards")
assert (seven.loc[1:7, "low"] > four.loc[1:7, "high"]).all()   # 7 players beat 4 at every hand size 1-7

# %% [markdown]
# ## Seat: does it matter where you sit?

# %%
five = zero.query("players == 4 and cards == 5 and trump == 'turned-up'")
chart_with_intervals(five, "seat_from_leader", "p_bid0_made", "bid0_low", "bid0_high", color="policy",
                     y_title="zero bid made", x_title="seat (0 = leader, 3 = dealer)",
                     title="4 players, 5 cards, trump turned up (95 %)")

# %% tags=["output-free"]
h5 = five.query("policy == 'heuristic'").set_index("seat_from_leader")
assert h5.loc[0, "bid0_high"] < h5.loc[[1, 2], "bid0_low"].min()   # the leader's zero bids fail more often

# %% [markdown]
# The leader's zero bids are made less often (47 % against 52 % in the middle seats): leading forces you to put
# a card on the table before you know what the others hold. The dealer's rate is a little lower than the middle
# seats' too, but here the intervals touch, so we claim nothing about the dealer.
#
# ## Trump mode
#
# With no trump, an unwanted trick can only come from the led suit, so zero bids are easier with small and
# medium hands. Averaged over seats, four players:

# %%
modes = by_setting.query("policy == 'heuristic' and players == 4").pivot_table(index="cards", columns="trump", values="p")
modes.round(3)

# %% tags=["output-free"]
nt = heur.query("players == 4 and trump == 'none'").set_index("cards")
assert (nt.loc[2:5, "low"] > four.loc[2:5, "high"]).all()   # no trump: easier at 2-5 cards

# %% [markdown]
# ## Conclusion
#
# A zero bid made by the heuristic bot works about half the time at four players and five cards, and more often
# with more players, with one card, or with very big hands. The leader's zero bids are the hardest to make. With
# no trump, zero bids at 2–5 cards succeed clearly more often than with a turned-up trump. Random bidders make a
# zero bid only as often as they happen to take no trick (about 29 % at four players and five cards), which shows
# how much judging your hand is worth.
