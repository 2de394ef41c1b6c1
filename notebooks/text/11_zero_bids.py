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
# players bid at random, when they bid like cardlab's friendly heuristic bot, and when a strong search bot plays?
#
# Data: `cardlab/data/plump_zero_bids.csv`, made by `cardlab data build --only plump_zero_bids` (200,000 rounds per
# setting, hook on, standard scoring, seeds in the table). The zero-bid success rate is `p_bid0_made` (of
# `bid0_rounds` zero bids) with its Wilson 95 % interval `bid0_low`/`bid0_high`, the same name as in
# `cardlab simulate plump` and `zero_bid_table`. A *random* bidder bids 0 at random, so its success rate is just
# the chance of taking no trick; the heuristic bot bids 0 on purpose. **Every answer below about heuristic
# bidders holds for that bot's bidding and play only**: a stronger or weaker player would make their zero bids
# more or less often.

# %% tags=["output-free"]
import altair as alt
import numpy as np
import pandas as pd
from cardlab import claims
from cardlab.charts import chart_with_intervals   # altair now draws offline, as inline SVG
from cardlab.data_build import load_table
from cardlab.sim.stats import wilson_interval

# %%
zero = load_table("plump_zero_bids")
zero.shape

# %% [markdown]
# One row per setting and seat. Pooled over the seats, for every setting:

# %%
by_setting = zero.groupby(["policy", "trump", "players", "cards"], as_index=False).agg(
    bid0_made=("bid0_made", "sum"), bid0_rounds=("bid0_rounds", "sum"))
by_setting["p"] = by_setting.bid0_made / by_setting.bid0_rounds
by_setting["low"], by_setting["high"] = wilson_interval(by_setting.bid0_made, by_setting.bid0_rounds)
by_setting.pivot_table(index="cards", columns=["policy", "players"], values="p").query("cards <= 7").round(2)

# %% [markdown]
# ## One card: only the bid to judge
#
# With one card each there is no choice in play, so a zero bid is made exactly when that one card takes no trick.
# Random bidders' zero bids are made at the base rate, the chance that a seat takes no trick, which at four players
# is exactly 3/4 over the seats. The heuristic bot bids 0 only on a card its table judges a likely loser, so its
# zero bids, pooled over the seats, are made more often than that:

# %%
base = claims.one_card_zero_bids_beat_the_base_rate()
print(base)

# %% tags=["output-free"]
assert base.holds

# %% [markdown]
# Seat by seat (0 leads, 3 deals), the share of zero bids made:

# %%
base.details.round(3)

# %% [markdown]
# Not every seat gains. The two middle seats' zero bids are made 94.5 % and 94.6 % of the time, the leader's
# 73.3 % (random leaders': 62.8 %), but the dealer's only 72.2 %, *below* random dealers' 79.2 %: the hook forbids
# the dealer the bid that would make the bids add up to one, which sometimes pushes the dealer to a zero on a card
# that wins.

# %% [markdown]
# ## Hand size and players (heuristic bidders)

# %%
heur = by_setting.query("policy == 'heuristic' and trump != 'fixed-S'")
chart_with_intervals(heur.query("trump == 'turned-up'").astype({"players": str}), "cards", "p", "low", "high",
                     color="players", y_title="zero bid made", title="Zero bids made by heuristic bidders, trump turned up (95 %)")

# %% [markdown]
# Two things stand out for the heuristic bot. The rate dips in the middle: with five cards its zero bids fail
# more often than with one card or with ten (it bids 0 only on truly hopeless big hands). And
# more players make a zero bid safer: more hands to take the tricks instead of you. Each claim compares
# differences with Bonferroni-corrected intervals:

# %%
dip = claims.zero_bids_dip_at_middle_hands()
print(dip)

# %%
players = claims.more_players_make_zero_bids_safer()
print(players)

# %% tags=["output-free"]
assert dip.holds and players.holds

# %% [markdown]
# ## Seat: does it matter where you sit?

# %%
five = zero.query("players == 4 and cards == 5 and trump == 'turned-up'")
chart_with_intervals(five, "seat_from_leader", "p_bid0_made", "bid0_low", "bid0_high", color="policy",
                     y_title="zero bid made", x_title="seat (0 = leader, 3 = dealer)",
                     title="4 players, 5 cards, trump turned up (95 %)")

# %%
leader = claims.leader_zero_bids_fail_more()
print(leader)

# %% tags=["output-free"]
assert leader.holds

# %% [markdown]
# The leader's zero bids are made less often than the middle seats': leading forces you to put a card on the
# table before you know what the others hold.
#
# ## Trump mode
#
# With no trump, an unwanted trick can only come from the led suit, so one might expect zero bids to be easier.
# For the friendly bot they are not. Pooled over seats, four players, heuristic:

# %%
modes = by_setting.query("policy == 'heuristic' and players == 4").pivot_table(index="cards", columns="trump", values="p")
modes.round(3)

# %%
no_trump = claims.no_trump_zero_bids_harder()
print(no_trump)

# %% tags=["output-free"]
assert no_trump.holds

# %% [markdown]
# With no trump the bot's zero bids at 2–5 cards are made 2.5 to 4.9 percentage points less often than with a
# turned-up trump (at four players). We have not measured why; it is a fact about this bot's no-trump bidding
# and play (its table has separate no-trump rows), not about the game. With one card, where only the bid
# counts, no trump is the easier mode (89.9 % against 84.5 %).

# %% [markdown]
# ## Who plays: random, the friendly bot, a strong bot
#
# The answer depends on how well people bid and play. Beside random bidders and the friendly bot, a third table,
# `plump_search_zero_bids` (made by `cardlab data build --only plump_search_zero_bids`), has every seat played by
# `PlumpSearchBot`, a strong player that tries every bid and card in hundreds of imagined deals (300 play-outs per
# decision here), 2,000 rounds per setting. Four players, trump turned up, pooled over the seats, with Wilson 95 %
# intervals:

# %%
who = claims.zero_bids_by_who_plays()
who.pivot_table(index="cards", columns="who", values="p").round(3)

# %%
chart_with_intervals(who, "cards", "p", "low", "high", color="who", y_title="zero bid made",
                     title="Zero bids made by who plays: 4 players, trump turned up (95 %)")

# %%
good = claims.good_players_make_zero_bids()
print(good)

# %% tags=["output-free"]
assert good.holds

# %% [markdown]
# How well people play changes the answer a lot. At four players and five cards a random bidder's zero bid is made
# 29 % of the time (the chance of taking no trick), the friendly bot's 82 % (95 % interval 81.5 % to 81.9 %,
# 137,750 zero bids), and the strong search bot's 76 % (95 % interval 74 % to 78 %, 2,395 zero bids). Both bots stay
# there at every hand size from 2 to 7 cards (the friendly bot 81–85 %, the search bot 74–79 %), while random
# bidders fall from 60 % to 17 %. A good player does not only judge the hand; it also plays the round to keep the
# zero (ducking, getting rid of dangerous cards early).
#
# That the friendly bot's zero bids are made *more* often than the search bot's does not make it the better
# player: its bidding table is calibrated in games against copies of itself, it bids 0 only on clearly weak
# hands, and each bot's table was measured with that bot at every seat, so the two play against different
# opponents. Against the same field of OpenSpiel ISMCTS-1000 players at 4 × 5 the search bot (at its default
# strength) is about 0.7 points per round behind, the friendly bot about 1.9 (`docs/strength.md`).
#
# ## Conclusion
#
# For the friendly heuristic bot (hook on, standard scoring, 200,000 rounds per setting): with one card its zero
# bids, pooled over the seats, succeed more often than the base rate (84.5 % against 75 % at four players),
# though the dealer's do not; at five cards and four players they work about four times in five (82 %); they
# work more often with more players (7 against 4 players, at every hand size 1–7), with very big hands, and for
# the middle seats rather than the leader; and with no trump they succeed *less* often at 2–5 cards than with a
# turned-up trump. All of this is about this bot's bidding and play: random bidders make a zero bid only as
# often as they happen to take no trick (about 29 % at four players and five cards), which shows how much
# judging your hand is worth.
