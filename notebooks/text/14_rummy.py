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
# Data: `data/rummy_rounds.csv`, made by `cardlab data build --only rummy_rounds`: heuristic bots, 2–6 players
# (600 rounds at 3 and 4 players, 250 otherwise) and random bots at 3 players (120 rounds); every round replays
# from its `seed` with `cardlab.sim.rummy.replay_rummy_round`. Seat 0 starts (left of the dealer).

# %% tags=["output-free"]
import altair as alt
import numpy as np
import pandas as pd
from cardlab.charts import chart_with_intervals   # altair now draws offline, as inline SVG
from cardlab.data_build import load_table

from cardlab.sim.stats import wilson_interval, mean_interval

# %%
rounds = load_table("rummy_rounds")
per_round = rounds.drop_duplicates(["players", "policy", "round"])
per_round.groupby(["policy", "players"]).agg(rounds=("round", "size"), mean_turns=("turns", "mean"),
                                             median_turns=("turns", "median"), no_winner=("no_winner", "mean")).round(2)

# %% [markdown]
# Random players take about six times as many turns and most of their rounds end with no winner (the stock runs
# out after three reshuffles). Heuristic players finish most rounds; with 5–6 players the stock is small and
# more rounds run dry.

# %%
alt.Chart(per_round.query("policy == 'heuristic'")).mark_bar().encode(
    x=alt.X("turns:Q", bin=alt.Bin(step=5)), y="count()", column="players:N"
).properties(width=110, height=120, title="Round length in turns (heuristic bots)")

# %% tags=["output-free"]
heur = per_round.query("policy == 'heuristic'").groupby("players").turns.mean()
assert heur.is_monotonic_increasing or heur.diff().dropna().min() > -1    # longer with more players
assert per_round.query("policy == 'random'").turns.mean() > 4 * heur[3]

# %% [markdown]
# ## Going out by seat: is it good to start?

# %%
seats = rounds.query("policy == 'heuristic'").groupby(["players", "seat_from_leader"]).went_out.agg(["sum", "count"]).reset_index()
seats["p"] = seats["sum"] / seats["count"]
seats["low"], seats["high"] = wilson_interval(seats["sum"], seats["count"])
chart_with_intervals(seats.astype({"players": str}), "seat_from_leader", "p", "low", "high", color="players",
                     x_title="seat (0 starts)", y_title="goes out", title="Going-out rate by seat (heuristic, 95 %)")

# %% tags=["output-free"]
overlap = seats.groupby("players").apply(lambda g: g.low.max() < g.high.min(), include_groups=False)
assert overlap.all()      # for every player count all seats' intervals overlap: no seat stands out

# %% [markdown]
# At this sample size starting is **not** a measurable advantage: the starting seat's intervals overlap the
# others' for every player count. Starting gives one extra draw, but the second and later seats see a discard
# before their first turn; the two effects are small.
#
# ## Penalties

# %%
losers = rounds.query("policy == 'heuristic' and not went_out")
pen = losers.groupby("players").penalty.agg(["sum", "count"])
pen["mean"], pen["low"], pen["high"] = mean_interval(pen["sum"], losers.penalty.pow(2).groupby(losers.players).sum(), pen["count"])
pen.round(2)

# %% tags=["output-free"]
assert pen["mean"].is_monotonic_increasing      # more players: more points left in each loser's hand

# %% [markdown]
# ## Conclusion
#
# With heuristic players a round lasts about 23 turns with two players and 35–45 with three to six, and the
# penalty per losing hand grows with the number of players (fewer rounds finish, and everyone is left with more
# cards). Whether you start or not makes no difference we can measure with these samples.
