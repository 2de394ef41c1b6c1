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
# # Rummy: how long, who goes out, and is it good to start?
#
# **Question.** How many turns does a round of Rummy take, how often does each seat go out (is it an advantage to
# start?), and how many penalty points are left in the losers' hands?
#
# Data: `cardlab/data/rummy_summary.csv`, made by `cardlab data build --only rummy_summary`: rounds per player
# count (two to six) and policy (random play; the friendly heuristic bot), aggregated per seat with intervals; and
# `cardlab/data/rummy_rounds.csv`, the first rounds of each setting row by row (each replays move by move from its
# `seed`). Rules: standard, with the number of reshuffles of the discard pile bounded (named in the rules, so the
# fingerprint shows it): after that an empty stock ends the round with no winner. The seat left of the dealer
# starts (`seat_from_leader == 0`). Each claim says who plays; they hold for these bots only. Every number in the
# text is written by the code cell beside it.

# %% tags=["output-free"]
import altair as alt
import numpy as np
import pandas as pd
from IPython.display import Markdown
from cardlab import claims
from cardlab.claims import count, pct, players_words
from cardlab.charts import chart_with_intervals   # altair now draws offline, as inline SVG
from cardlab.data_build import load_table

# %%
summary = load_table("rummy_summary")
per_setting = summary.drop_duplicates(["players", "policy"])
per_setting.pivot_table(index="players", columns="policy", values=["mean_turns", "p_no_winner"]).round(3)

# %%
from cardlab.data_build import load_manifest
reshuffles = {o["max_reshuffles"] for o in load_manifest()["tables"]["rummy_summary"]["rules"].values()}
turns = per_setting.pivot_table(index="players", columns="policy", values="mean_turns")
ratio = turns.random / turns.heuristic
Markdown(f"{count(summary.rounds.min())} rounds per player count and policy, at most "
         f"{players_words(sorted(reshuffles))} reshuffles. Random players take {ratio.min():.1f} to {ratio.max():.1f} "
         "times as many turns as the heuristic bot, and many of their rounds end with no winner. The claim is made "
         "for three players:")

# %%
nowin = claims.random_rounds_without_winner()
others = per_setting.query("policy == 'random'").set_index("players").p_no_winner
about_half = [p for p in others.index if claims.random_rounds_without_winner(players=p).holds]
Markdown(nowin.markdown() + "\n\n" + "By player count, random rounds without a winner: " +
         ", ".join(f"{p} players {pct(v)}" for p, v in others.items()) +
         f". \"{claims.NO_WINNER_WORDS[0].upper() + claims.NO_WINNER_WORDS[1:]}\" holds at "
         f"{players_words(about_half)} players only.")

# %% tags=["output-free"]
assert nowin.holds

# %%
chart_with_intervals(per_setting.query("policy == 'heuristic'"), "players", "mean_turns", "turns_low", "turns_high",
                     y_title="turns per round", title="Round length, heuristic bots (95 %)")

# %%
longer = claims.rounds_longer_with_more_players()
beyond = claims.rounds_longer_with_more_players(players=(5, 6))
Markdown(longer.markdown() + "\n\n" + (
    "From five to six players they do not get clearly longer (the stock is small and more rounds run dry), so the "
    f"claim stops at five: {claims.signed(beyond.estimate)} turns (95 % interval {claims.signed(beyond.low)} to "
    f"{claims.signed(beyond.high)})." if not beyond.holds else
    "They get longer from five to six players too."))

# %% tags=["output-free"]
assert longer.holds
#
# ## Going out by seat: is it good to start?

# %%
heur = summary.query("policy == 'heuristic'")
chart_with_intervals(heur.astype({"players": str}), "seat_from_leader", "p_out", "out_low", "out_high",
                     color="players", x_title="seat (0 starts)", y_title="goes out",
                     title="Going-out rate by seat (heuristic, 95 %)")

# %% [markdown]
# The first player's edge over the second, at every table size, with Bonferroni-corrected intervals (the two
# shares come from the same rounds, at most one winner each, which the interval accounts for):

# %%
edge = claims.first_player_edge()
edge.details.round(4)

# %%
Markdown(edge.markdown())

# %% [markdown]
# Under random play the same comparison:

# %%
random_edge = claims.first_player_edge(policy="random")
random_edge.details.round(4)

# %%
Markdown(random_edge.markdown())

# %% tags=["output-free"]
assert edge.holds and random_edge.holds

# %%
t = edge.details.set_index("players")
big = t.edge.abs().idxmax()
clear = [p for p in t.index if t.low[p] > 0 or t.high[p] < 0]
Markdown(f"With {count(t.rounds.min())} rounds per table size the starting seat's edge is small: for the heuristic "
         f"bots the largest point estimate is at {big} players (the starter goes out in {pct(t.p_first[big])} of rounds, "
         f"the next player in {pct(t.p_second[big])}: an edge of {100 * t.edge[big]:.1f} percentage points, 95 % "
         f"interval {100 * t.low[big]:+.1f} to {100 * t.high[big]:+.1f} after the correction for {len(t)} table sizes). "
         + (f"Only at {players_words(clear)} players does an interval exclude zero. " if clear else
            "No interval excludes zero at this sample size. ")
         + "What we can say at every table size, for both kinds of players, is the claim above.")

# %% [markdown]
# ## The starter's edge at two players, with a larger sample
#
# To say plainly whether the starter has an edge at two players, we play more rounds of that one setting with the
# kernel, with a seed of their own (the same recipe as the table, five times its size):

# %%
from cardlab.data_build import run_rummy_summary, rummy_summary_configs
more = next(c for c in rummy_summary_configs(2025, 5.0) if c.options == {"players": 2, "policy": "heuristic"})
two = claims.first_seat_edges(run_rummy_summary(more), z=1.959963984540054).iloc[0]
z_two = two.edge / ((two.high - two.low) / (2 * 1.959963984540054))
Markdown(f"{count(two.rounds)} rounds at two players (seed {more.seed}): the starter goes out in {pct(two.p_first)} "
         f"of rounds, the other player in {pct(two.p_second)}: an edge of {100 * two.edge:.1f} percentage points "
         f"(95 % interval {100 * two.low:.1f} to {100 * two.high:.1f}, z = {z_two:.1f}). "
         + ("At two players the player who starts has a real, small edge." if two.low > 0 else
            "Even so the edge is not clear of zero."))

# %% [markdown]
# ## Penalties

# %%
heur.pivot_table(index="players", columns="seat_from_leader", values="loser_penalty").round(2)

# %%
grows = claims.loser_penalty_grows()
Markdown(grows.markdown())

# %% tags=["output-free"]
assert grows.holds

# %% [markdown]
# ## Conclusion

# %%
Markdown(
    f"With at most {players_words(sorted(reshuffles))} reshuffles, {claims.NO_WINNER_WORDS} of random "
    f"{players_words(about_half)}-player rounds end with no winner ({pct(nowin.estimate)} at three). With heuristic "
    f"players a round lasts longer with each extra player from two to five; the penalty per losing hand grows with "
    f"the number of players. Starting first is worth little: the edge is "
    f"{claims.with_unit(claims.FIRST_EDGE_BOUND, 'of the rounds')} at every table size; at two players it is "
    f"{100 * two.edge:.1f} percentage points (95 % interval {100 * two.low:.1f} to {100 * two.high:.1f}, z = "
    f"{z_two:.1f}, on {count(two.rounds)} rounds of its own)"
    + (", small but clear of zero." if two.low > 0 else ", not clear of zero."))
