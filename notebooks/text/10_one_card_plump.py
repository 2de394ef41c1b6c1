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
# # One-card Plump: who takes the trick?
#
# **Question.** In the one-card round of Plump, how likely is each seat to take *no* trick, and what should you
# bid when you hold an ace?
#
# Vocabulary: the **leader** sits left of the dealer and plays first; the others are **followers**. A turned-up
# card decides trump (the classic rule). With one card each nobody has a choice in play, so the chances come
# from the deal alone, and we can count them **exactly**. Then we check by **simulation**.
#
# *Reproduce:* run this notebook; the simulated table comes from `cardlab data build --only plump_zero_bids`.

# %% tags=["output-free"]
import altair as alt
import numpy as np
import pandas as pd
from cardlab.charts import chart_with_intervals   # altair now draws offline, as inline SVG
from cardlab.data_build import load_table

from fractions import Fraction
from math import comb
from cardlab import shuffled_deck, trick_winner, Card
from cardlab.sim.exact import p_zero_one_card

# %% [markdown]
# ## Exact: each seat's chance of no trick
#
# `p_zero_one_card(players, trump)` sums over the suits the cards fall in (see its docstring). Four players,
# trump turned up, seats counted from the leader:

# %%
[str(p) for p in p_zero_one_card(4, "turned-up")]

# %%
[round(float(p), 4) for p in p_zero_one_card(4, "turned-up")]

# %% [markdown]
# The leader takes no trick 63 % of the time, each follower 79 %. The followers share one chance between them:
# the four chances of *winning* must add up to exactly one trick.

# %% tags=["output-free"]
assert sum(1 - p for p in p_zero_one_card(4, "turned-up")) == 1

# %% [markdown]
# ## Simulation beside it
#
# `data/plump_zero_bids.csv` holds 20,000 random one-card rounds per player count with Wilson 95 % intervals.
# Do the exact values fall inside them?

# %%
sim = load_table("plump_zero_bids").query("cards == 1 and policy == 'random' and trump != 'fixed-S'")
exact = {(p, t): p_zero_one_card(p, t) for p in range(2, 8) for t in ("turned-up", "none")}
sim = sim.assign(exact=[float(exact[(r.players, r.trump)][r.seat_from_leader]) for r in sim.itertuples()])
inside = (sim.zero_low <= sim.exact) & (sim.exact <= sim.zero_high)
f"{inside.sum()} of {len(sim)} exact values inside their 95 % interval"

# %% [markdown]
# With 54 intervals at 95 % we expect two or three misses by chance alone. A wrong formula would miss by far more,
# so we also check that every difference is within four standard errors:

# %% tags=["output-free"]
se = np.sqrt(sim.exact * (1 - sim.exact) / sim.rounds)
assert inside.mean() > 0.85 and ((sim.p_zero - sim.exact).abs() < 4 * se).all()

# %%
leader = sim[sim.seat_from_leader.isin([0, 1])].assign(
    seat=lambda d: np.where(d.seat_from_leader == 0, "leader", "first follower"))

def one_card_chart(trump):
    d = leader.query("trump == @trump")
    dots = chart_with_intervals(d, "players", "p_zero", "zero_low", "zero_high", color="seat",
                                y_title="P(no trick)", title=f"One card, trump: {trump} (95 %)")
    return dots + alt.Chart(d).mark_tick(color="black", thickness=2, size=18).encode(x="players", y="exact")

one_card_chart("turned-up") | one_card_chart("none")


# %% [markdown]
# Black ticks are the exact values; the simulated dots and their 95 % bars sit on them.

# %% [markdown]
# ## The first surprise: the led ace
#
# A common table saying: *"with four players a led ace is usually a zero bid"*. With one card, the leader's card
# *is* the led card. When does a led ace lose? Only if it is not trump and somebody else holds a trump. Given
# your ace, the turned card is one of the other 51 cards:
#
# * 12 of them share your ace's suit: then your ace **is** trump and always wins;
# * otherwise 12 trumps are left among the 50 unseen cards, and each of the `players − 1` others must miss them.

# %%
def p_side_ace_wins(players):
    return Fraction(comb(38, players - 1), comb(50, players - 1))

def p_led_ace_wins(players):
    return Fraction(12, 51) + Fraction(39, 51) * p_side_ace_wins(players)

{p: (round(float(p_led_ace_wins(p)), 3), round(float(p_side_ace_wins(p)), 3)) for p in range(3, 8)}

# %% [markdown]
# So the saying is **only half true**. With four players a led ace wins 56 % of the time: more often than not, so
# 1 is the better bid. What is true is that a **side-suit** ace (not the trump suit) wins only 43 % of the time,
# and from five players even an ace of unknown suit loses more often than it wins. We assert each part:

# %% tags=["output-free"]
assert p_led_ace_wins(4) > Fraction(1, 2)             # four players: a led ace wins more often than not
assert p_side_ace_wins(4) < Fraction(1, 2)            # ... but a side-suit ace usually loses
assert p_side_ace_wins(3) > Fraction(1, 2)            # with three players even a side-suit ace usually wins
assert min(p for p in range(3, 8) if p_led_ace_wins(p) < Fraction(1, 2)) == 5


# %% [markdown]
# Check by simulation with the engine's own `trick_winner`: deal the ace of hearts to the leader, shuffle the
# rest (seeded), give the next three cards to the followers and turn the next one for trump.

# %%
def led_ace_wins(rng, players=4, ace=Card.parse("AH")):
    rest = shuffled_deck(rng=rng, exclude=[ace])
    return trick_winner([ace, *rest[:players - 1]], trump=rest[players - 1].suit) == 0

rng = np.random.default_rng(10)
wins = sum(led_ace_wins(rng) for _ in range(20_000))
wins

# %%
from cardlab.sim.stats import wilson_interval
low, high = wilson_interval(wins, 20_000)
round(wins / 20_000, 4), round(float(low), 4), round(float(high), 4)

# %% tags=["output-free"]
assert low <= p_led_ace_wins(4) <= high

# %% [markdown]
# ## Conclusion
#
# In a one-card round with four players and a turned-up trump, the leader takes no trick 63 % of the time and
# each follower 79 % (exact, confirmed by 20,000 simulated rounds per setting). Holding an ace as leader, bid
# **1**: it wins 56 % of the time. Bid **0** only when you can see that your ace is not trump (it then wins just
# 43 %), or when five or more play.
