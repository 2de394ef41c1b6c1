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
# **Question.** How are the scores of each round spread, for three, four and five players, which round decides
# the game, and how do the kabal round's prikks and cards left spread?
#
# Data: `cardlab/data/femkamp_summary.csv`, made by `cardlab data build --only femkamp_summary`: whole games per
# player count and policy, aggregated per round and seat, with intervals; and `cardlab/data/femkamp_games.csv`, the
# first of those games row by row (each replays from its `seed`). Lowest total wins. Who plays: the friendly
# heuristic bot at every seat, unless we say random play; **every claim holds for that bot only**. Every number in
# the text is written by the code cell beside it.

# %% tags=["output-free"]
import altair as alt
import numpy as np
import pandas as pd
from IPython.display import Markdown
from cardlab import claims
from cardlab.claims import count, pct, players_words
from cardlab.charts import chart_with_intervals   # altair now draws offline, as inline SVG
from cardlab.data_build import load_table

ROUNDS = ["pass", "clubs", "queens", "grand", "kabal"]

# %%
summary = load_table("femkamp_summary")
heur = summary.query("policy == 'heuristic'")
heur.pivot_table(index="round", columns="players", values="mean_score").loc[ROUNDS + ["total"]].round(2)

# %%
games_games = load_table("femkamp_games")
Markdown(f"{count(summary.games.min())} games per player count and policy; the row-by-row sample keeps the first "
         f"{count(games_games.groupby(['players', 'policy']).game.nunique().min())} of each.")

# %% [markdown]
# In every round except the grand round points are bad; the grand round gives a negative score (`−1` per trick).
# The spread of each round (standard deviation of a player's score):

# %%
heur.pivot_table(index="round", columns="players", values="sd_score").loc[ROUNDS].round(2)

# %%
games = load_table("femkamp_games").query("policy == 'heuristic'")
long = games.melt(id_vars=["players"], value_vars=ROUNDS, var_name="round", value_name="score")
dist = long.groupby(["players", "round", "score"]).size().rename("count").reset_index()
dist["share"] = dist["count"] / dist.groupby(["players", "round"])["count"].transform("sum")
alt.Chart(dist.query("players == 4")).mark_bar().encode(
    x=alt.X("score:Q", bin=alt.Bin(step=1)), y="share:Q", column=alt.Column("round:N", sort=ROUNDS)
).properties(width=110, height=120, title="4 players: score distribution per round (the 200-game sample)")

# %%
spread = claims.queens_widest_spread()
Markdown(spread.markdown())

# %% tags=["output-free"]
assert spread.holds

# %% [markdown]
# The queens round has the widest spread: four points a queen, all or nothing per trick.
#
# ## Which round decides the game?
#
# For each game and round, we ask: **would the winners change if this round were left out?** The round that
# changes the winners most often decides the most games. Wilson 95 % intervals:

# %%
decides = summary.query("round != 'total'").drop_duplicates(["players", "policy", "round"])
chart_with_intervals(decides.query("policy == 'heuristic'").astype({"players": str}), "round", "p_decides",
                     "decides_low", "decides_high", color="players", y_title="winner changes without it",
                     title="Which round decides the game, heuristic bots (95 %)")

# %%
decides.pivot_table(index="round", columns=["policy", "players"], values="p_decides").loc[ROUNDS].round(3)

# %%
queens = claims.queens_decide_most()
Markdown(queens.markdown())

# %%
grand = claims.grand_decides_fewest()
Markdown(grand.markdown())

# %% tags=["output-free"]
assert queens.holds and grand.holds

# %% [markdown]
# The queens round decides the most games at every table size. "The grand round decides the fewest" is a
# narrower claim: it holds for heuristic bots at three players only. At the other table sizes, and under random
# play, see for yourself:

# %%
grand4 = claims.grand_decides_fewest(players=(4,))
grand5 = claims.grand_decides_fewest(players=(5,))
d4 = decides.query("policy == 'heuristic' and players == 4").set_index("round").p_decides
lowest4 = d4.idxmin()
second4 = d4.drop(lowest4).idxmin()
lowest5 = decides.query("policy == 'heuristic' and players == 5").set_index("round").p_decides.idxmin()
lowest_random = sorted(set(decides.query("policy == 'random'").groupby("players").apply(
    lambda g: g.set_index("round").p_decides.idxmin())))
Markdown(grand4.markdown() + "\n\n" + grand5.markdown() + "\n\n" +
         f"At four players the {lowest4} round comes lowest in the table ({pct(d4[lowest4])} against the {second4} "
         f"round's {pct(d4[second4])} of the games), "
         + ("but not by more than chance allows; " if not grand4.holds else "clearly; ")
         + f"at five players the {lowest5} round decides the fewest games, and under random play the "
         f"{' or '.join(lowest_random)} round comes lowest, so we do not claim it there.")

# %% [markdown]
# ## Kabal: prikks and cards left

# %%
heur.query("round == 'kabal'").groupby("players")[["mean_prikks", "mean_cards_left", "mean_score"]].mean().round(2)

# %% [markdown]
# ## Conclusion

# %%
sd = heur.pivot_table(index="round", columns="players", values="sd_score").loc[ROUNDS]
kabal = heur.query("round == 'kabal'").groupby("players")[["mean_prikks", "mean_cards_left"]].mean()
shrinks = all((sd[a] >= sd[b]).all() for a, b in zip(sd.columns[:-1], sd.columns[1:]))
Markdown(
    f"For the friendly heuristic bot (standard rules, {count(summary.games.min())} games per table size): the queens "
    f"round spreads the scores most and decides the most games at {players_words(sd.columns)} players; the grand "
    f"round decides the fewest at three players (at four the {lowest4} round comes lowest, "
    f"{'clearly' if grand4.holds else 'not clearly below the ' + second4 + ' round'}; at five the {lowest5} round). "
    + ("With more players each round's spread shrinks, since the same points are shared by more hands. " if shrinks
       else "The spread does not shrink with every extra player in every round. ")
    + ("In the kabal round a player's points come more from prikks than from cards left."
       if (kabal.mean_prikks > kabal.mean_cards_left).all() else
       "In the kabal round prikks do not outweigh cards left at every table size."))
