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
# bid when you hold an ace? And beyond one card: what are the exact odds of two- and three-card rounds?
#
# Vocabulary: the **leader** sits left of the dealer and plays first; the others are **followers**. A turned-up
# card decides trump (the classic rule). With one card each nobody has a choice in play, so the chances come
# from the deal alone, whoever plays, and we can count them **exactly**. Then we check by **simulation**.
#
# *Reproduce:* run this notebook; the simulated table comes from `cardlab data build --only plump_zero_bids`
# (its size is in `cardlab/data/manifest.json` and in every claim below), the exact tables from `cardlab.sim.exact`
# and `cardlab.sim.exact_tricks`. Every asserted claim is computed by a function of `cardlab.claims`, which a test
# re-runs with a second seed; every number in the text is written by the code cell beside it.

# %% tags=["output-free"]
import altair as alt
import numpy as np
import pandas as pd
from fractions import Fraction
from IPython.display import Markdown
from math import comb
from cardlab import claims
from cardlab.claims import count, pct, sci
from cardlab.charts import chart_with_intervals   # altair now draws offline, as inline SVG
from cardlab.data_build import load_table
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

# %%
exact4 = p_zero_one_card(4, "turned-up")
Markdown(f"The leader takes no trick {pct(exact4[0], 0)} of the time, each follower {pct(exact4[1], 0)}. "
         "The four chances of *winning* add up to exactly one trick.")

# %% tags=["output-free"]
assert sum(1 - p for p in p_zero_one_card(4, "turned-up")) == 1

# %% [markdown]
# ## Simulation beside it
#
# `cardlab/data/plump_zero_bids.csv` holds random one-card rounds for every player count and trump mode. Do the
# exact values (every player count, every seat, two trump modes) fall inside their simulated intervals? We widen
# every interval by Bonferroni's correction, so that all of them hold together with 95 % confidence:

# %%
check = claims.one_card_exact_matches_simulation()
Markdown(f"{count(check.details.rounds.min())} random rounds per setting; {check.comparisons} exact values "
         f"compared at once.\n\n" + check.markdown())

# %% tags=["output-free"]
assert check.holds

# %%
sim = check.details
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
#
# ## Holding an ace as leader: look at the turned-up card
#
# A common table saying: *"with four players a led ace is usually a zero bid"*. With one card, the leader's card
# *is* the led card, and the turned-up card is on the table for everyone to see. So the leader always knows
# whether the ace is trump:
#
# * a **trump ace** always wins: bid one (`11` points with standard scoring, against `0` for a failed zero bid);
# * a **side-suit ace** wins only if none of the other `players − 1` hands holds one of the twelve trumps left
#   among the fifty unseen cards.

# %%
{p: round(float(claims.p_side_ace_wins(p)), 3) for p in range(3, 8)}

# %% [markdown]
# With standard scoring a made bid of one scores `11` and a made zero bid `10`. With a side ace that wins with
# chance `q`, bidding one is worth `11 q` and bidding zero is worth `10 (1 − q)`: bid one only when
# `q > 10/21 ≈ 0.476`.

# %%
q = claims.p_side_ace_wins(4)
round(float(11 * q), 2), round(float(10 * (1 - q)), 2)

# %%
ace = claims.leader_ace_advice()
Markdown(f"At four players a side ace scores {float(10 * (1 - q)):.2f} with a zero bid and only {float(11 * q):.2f} "
         f"with a bid of one. A simulation with the engine's own `trick_winner` checks the exact chance "
         f"({count(ace.details.deals[0])} seeded side-ace deals):\n\n" + ace.markdown())

# %% tags=["output-free"]
assert ace.holds and claims.p_side_ace_wins(3) > Fraction(10, 21) > claims.p_side_ace_wins(4)

# %% [markdown]
# ## Beyond one card: exact two- and three-card odds
#
# With two or three cards the players choose which card to play, so the odds depend on how they play. Under
# **random play** (every bid and card uniform among the legal ones) they can still be counted exactly:
# random play looks only at suits, the order of the ranks within each suit is uniform, and each trick is won by
# a uniformly chosen card of its winning group (`cardlab.sim.exact_tricks`, a table in
# `cardlab/data/plump_exact_small.csv`). Exact beside simulated (random rounds from `plump_zero_bids`):

# %%
small = claims.small_rounds_exact_match_simulation()
both = small.details
both[["players", "cards", "trump", "seat_from_leader", "p_zero_exact", "p_zero", "zero_low", "zero_high",
      "p_made_exact", "p_made"]].round(4)

# %%
Markdown(small.markdown())

# %% tags=["output-free"]
assert small.holds

# %% [markdown]
# ## The lowest-card policy: exact odds when every player plays low
#
# Random play is one way to play; here is another, deterministic one: **every seat plays the lowest legal card**
# (clubs before diamonds before hearts before spades on equal rank) and **bids its aces plus the trump king and
# queen** (`SimpleBot`, policy `"simple"`; the dealer moves off the hook's forbidden bid). The rules are the
# same: single rounds, the leader left of the dealer, trump turned up or none, hook on, no obligation to trump.
# Now the ranks matter, and the deals are too many to list (the count is below).
# `cardlab.sim.exact_simple` counts them instead by scanning the deck from 2♣ up to A♠, in the policy's own
# order: once the suit led to each trick and the winner of each trick are guessed, every player's card in every
# trick depends on his own hand only, so each card is placed in its trick as it comes, and each trick but the
# last only needs to remember whether its winner's card has come yet (the last: who holds its best card so far;
# its docstring explains why that is exact). The exact values are the `policy == "simple"` rows of
# `plump_exact_small`; beside them, rounds played by the compiled kernel with the same policy.

# %%
deals = comb(52, 3) * comb(49, 3) * comb(46, 3) * 43   # three hands of three, then the turned-up card
Markdown(f"With three players and three cards there are {count(deals)} deals (about {sci(deals)}): three hands "
         "of three cards, in order from the leader, and the turned-up card from the rest.")

# %%
low = claims.lowest_card_exact_match_simulation()
low.details[["players", "cards", "trump", "seat_from_leader", "p_zero_exact", "p_zero", "zero_low", "zero_high",
             "p_made_exact", "p_made", "made_low", "made_high"]].round(4)

# %%
Markdown(low.markdown())

# %% tags=["output-free"]
assert low.holds

# %% [markdown]
# The intervals are Bonferroni-widened over all the comparisons at once. **Scope:** these exact values hold for
# SimpleBot at every seat and only for the settings listed below: three and four players with two and three
# cards, trump turned up or none (three players with two cards are computed during the data build; the larger
# settings are read from counts computed once and shipped, see `cardlab/data/README.md`; the costliest, four
# players with three cards and the turned-up card, takes the exact method minutes: the docstring of
# `cardlab.sim.exact_simple` has the times measured).

# %%
exact_small = load_table("plump_exact_small")
exact_small.groupby(["policy", "players", "cards"]).size().rename("rows").reset_index()

# %% [markdown]
# ## Conclusion

# %%
q_by_players = {p: claims.p_side_ace_wins(p) for p in range(2, 8)}
bid_one = [p for p, qp in q_by_players.items() if qp > Fraction(10, 21)]
simple = exact_small.query("policy == 'simple' and players == 3 and cards == 2 and trump == 'none' "
                           "and seat_from_leader == 0").p_zero.iloc[0]
rand = exact_small.query("policy == 'random' and players == 3 and cards == 2 and trump == 'none' "
                         "and seat_from_leader == 0").p_zero.iloc[0]
Markdown(
    f"In a one-card round with four players and a turned-up trump, the leader takes no trick {pct(exact4[0], 0)} of "
    f"the time and each follower {pct(exact4[1], 0)} (exact; {count(check.details.rounds.min())} simulated rounds per "
    f"setting agree at all {check.comparisons} seats and settings). This holds whoever plays: one card leaves no "
    f"choice. Holding an ace as leader, **look at the turned-up card**: with the trump ace bid one; with a side-suit "
    f"ace bid one only at {claims.players_words(bid_one)} players (at {bid_one[-1]} players it wins "
    f"{pct(q_by_players[bid_one[-1]], 0)}), and bid zero from {bid_one[-1] + 1} players on (at four players it wins "
    f"{pct(q_by_players[4], 0)}: {float(10 * (1 - q)):.2f} points for a zero bid against {float(11 * q):.2f}). For two- "
    f"and three-card rounds the exact random-play odds sit inside the simulated intervals at every seat; with real "
    f"players the numbers change, since they choose their cards. When everybody plays the lowest card instead, the "
    f"exact odds change (with three players, two cards and no trump the leader takes no trick {pct(simple)} of the "
    f"time, against {pct(rand)} under random play), and the kernel's simulation agrees with them at every seat.")
