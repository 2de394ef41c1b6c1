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
# # Femkamp: where are the points won and lost?
#
# **Question.** How are the scores of each round spread, for 3, 4 and 5 players, which round decides the game,
# and how do the kabal round's prikks and cards left spread?
#
# Data: `data/femkamp_games.csv`, made by `cardlab data build --only femkamp_games`: 250 whole games per player
# count and policy, one row per game and seat; every game can be replayed from its `seed` with
# `cardlab.sim.femkamp.replay_femkamp_game`. Lowest total wins.

# %% tags=["output-free"]
import altair as alt
import numpy as np
import pandas as pd
from cardlab.charts import chart_with_intervals   # altair now draws offline, as inline SVG
from cardlab.data_build import load_table

ROUNDS = ["pass", "clubs", "queens", "grand", "kabal"]

# %%
games = load_table("femkamp_games").query("policy == 'heuristic'")
games.groupby("players")[ROUNDS + ["total"]].mean().round(2)

# %% [markdown]
# In every round except the grand round points are bad; the grand round gives a negative score (−1 per trick).
# The spread of each round (standard deviation of a player's score):

# %%
spread = games.groupby("players")[ROUNDS].std()
spread.round(2)

# %%
long = games.melt(id_vars=["players"], value_vars=ROUNDS, var_name="round", value_name="score")
dist = long.groupby(["players", "round", "score"]).size().rename("count").reset_index()
dist["share"] = dist["count"] / dist.groupby(["players", "round"])["count"].transform("sum")
alt.Chart(dist.query("players == 4")).mark_bar().encode(
    x=alt.X("score:Q", bin=alt.Bin(step=1)), y="share:Q", column=alt.Column("round:N", sort=ROUNDS)
).properties(width=110, height=120, title="4 players: score distribution per round")

# %% [markdown]
# The queens round has the widest spread: four points a queen, all or nothing per trick.

# %% tags=["output-free"]
assert (spread.idxmax(axis=1) == "queens").all()

# %% [markdown]
# ## Which round decides the game?
#
# For each game and round, we ask: **would the winner change if this round were left out?** The round that
# changes the winner most often is the one that decides the most games. Wilson 95 % intervals:

# %%
from cardlab.sim.stats import wilson_interval

def winner_changes(g):
    winners = set(g.seat[g.won])
    return pd.Series({r: set(g.seat[(g.total - g[r]) == (g.total - g[r]).min()]) != winners for r in ROUNDS})

changes = games.groupby(["players", "game"])[ROUNDS + ["seat", "total", "won"]].apply(winner_changes)
decides = changes.groupby("players").agg(["sum", "count"]).stack(0).reset_index().rename(columns={"level_1": "round"})
decides["p"] = decides["sum"] / decides["count"]
decides["low"], decides["high"] = wilson_interval(decides["sum"], decides["count"])
chart_with_intervals(decides.astype({"players": str}), "round", "p", "low", "high", color="players",
                     y_title="winner changes without it", title="Which round decides the game (95 %)")

# %% tags=["output-free"]
d4 = decides.query("players == 4").set_index("round")
assert d4.p.idxmax() == "queens" and d4.loc["queens", "low"] > d4.loc["grand", "high"]

# %% [markdown]
# With four players, leaving out the queens round changes the winner in about 43 % of games, the grand round
# in about 24 %: the queens round decides the most games, and the grand round the fewest.
#
# ## Kabal: prikks and cards left

# %%
games.groupby("players")[["prikks", "cards_left", "kabal"]].describe().loc[:, (slice(None), ["mean", "50%", "max"])].round(2)

# %%
kabal = (games.melt(id_vars=["players"], value_vars=["prikks", "cards_left"], var_name="part", value_name="points")
         .groupby(["players", "part", "points"]).size().rename("count").reset_index())
alt.Chart(kabal).mark_bar(opacity=0.7).encode(x="points:Q", y=alt.Y("count:Q", stack=None), color="part:N",
    column="players:N").properties(width=150, height=120, title="Kabal: prikks and cards left")

# %% tags=["output-free"]
k = games.groupby("players")[["prikks", "cards_left"]].mean()
assert (k.prikks > k.cards_left).all()

# %% [markdown]
# ## Conclusion
#
# The queens round spreads the scores most and decides the most games; the grand round decides the fewest. In the
# kabal round a player's points come more from prikks than from cards left when somebody goes out (for the
# heuristic bots, about 2–3 prikks against 1.7 cards). With more players each round's spread shrinks, since the
# same points are shared by more hands.
