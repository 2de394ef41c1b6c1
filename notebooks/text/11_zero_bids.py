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
# Data: `cardlab/data/plump_zero_bids.csv`, made by `cardlab data build --only plump_zero_bids` (hook on, standard
# scoring, seeds in the table; its size is in `cardlab/data/manifest.json` and in every claim below). The zero-bid
# success rate is `p_bid0_made` (of `bid0_rounds` zero bids) with its Wilson 95 % interval `bid0_low`/`bid0_high`,
# the same name as in `cardlab simulate plump` and `zero_bid_table`. A *random* bidder bids zero at random, so its
# success rate is just the chance of taking no trick; the heuristic bot bids zero on purpose. **Every answer below
# about heuristic bidders holds for that bot's bidding and play only**: a stronger or weaker player would make
# their zero bids more or less often. Every number in the text is written by the code cell beside it.

# %% tags=["output-free"]
import altair as alt
import numpy as np
import pandas as pd
from IPython.display import Markdown
from cardlab import claims
from cardlab.claims import count, pct, pct_interval, players_words, strength, strength_text
from cardlab.charts import chart_with_intervals   # altair now draws offline, as inline SVG
from cardlab.data_build import load_table
from cardlab.sim.stats import wilson_interval

# %%
zero = load_table("plump_zero_bids")
Markdown(f"{count(len(zero))} rows: one per setting and seat, {count(zero.rounds.min())} rounds per setting.")

# %% [markdown]
# Pooled over the seats, for every setting; the table below shows a turned-up trump (the other trump modes have
# their own rows, compared further down):

# %%
by_setting = zero.groupby(["policy", "trump", "players", "cards"], as_index=False).agg(
    bid0_made=("bid0_made", "sum"), bid0_rounds=("bid0_rounds", "sum"))
by_setting["p"] = by_setting.bid0_made / by_setting.bid0_rounds
by_setting["low"], by_setting["high"] = wilson_interval(by_setting.bid0_made, by_setting.bid0_rounds)
by_setting.query("trump == 'turned-up' and cards <= 7").pivot_table(
    index="cards", columns=["policy", "players"], values="p").round(2)

# %% [markdown]
# ## One card: only the bid to judge
#
# With one card each there is no choice in play, so a zero bid is made exactly when that one card takes no trick.
# Random bidders' zero bids are made at the base rate, the chance that a seat takes no trick, which over the seats
# is `1 − 1/players`. The heuristic bot bids zero only on a card its table judges a likely loser, so its zero bids,
# pooled over the seats, are made more often than that:

# %%
base = claims.one_card_zero_bids_beat_the_base_rate()
Markdown(base.markdown())

# %% tags=["output-free"]
assert base.holds

# %% [markdown]
# Seat by seat (counted from the leader; the last seat deals), the share of zero bids made:

# %%
seats = base.details
seats.round(3)

# %%
last = seats.index.max()
Markdown(f"Not every seat gains. The two middle seats' zero bids are made {pct(seats.heuristic[1])} and "
         f"{pct(seats.heuristic[2])} of the time, the leader's {pct(seats.heuristic[0])} (random leaders': "
         f"{pct(seats.random[0])}), but the dealer's {pct(seats.heuristic[last])}"
         + (f", *below* random dealers' {pct(seats.random[last])}" if seats.heuristic[last] < seats.random[last]
            else f" (random dealers': {pct(seats.random[last])})")
         + ": the hook forbids the dealer the bid that would make the bids add up to one, which sometimes pushes "
           "the dealer to a zero on a card that wins.")

# %% [markdown]
# ## Hand size and players (heuristic bidders)

# %% [markdown]
# One small panel per player count (six colours side by side would make neighbouring player counts hard to tell
# apart), on the same axes:

# %%
heur = by_setting.query("policy == 'heuristic' and trump != 'fixed-S'")
point = alt.Chart().mark_point(filled=True, size=40).encode(
    x=alt.X("cards:Q", title="cards"), y=alt.Y("p:Q", title="zero bid made", scale=alt.Scale(zero=False)),
    tooltip=["players", "cards", "p", "low", "high"])
bars = alt.Chart().mark_errorbar(ticks=True).encode(x="cards:Q", y="low:Q", y2="high:Q")
alt.layer(bars, point, data=heur.query("trump == 'turned-up'")).properties(width=120, height=160).facet(
    column=alt.Column("players:O", title="players")).properties(
    title="Zero bids made by heuristic bidders, trump turned up (95 %)")

# %% [markdown]
# Two things stand out for the heuristic bot. The rate dips in the middle: with five cards its zero bids fail
# more often than with one card or with ten (it bids zero only on truly hopeless big hands). And seven players
# make its zero bids safer than four, at every hand size shown. Each claim compares differences with
# Bonferroni-corrected intervals:

# %%
dip = claims.zero_bids_dip_at_middle_hands()
Markdown(dip.markdown())

# %%
players = claims.more_players_make_zero_bids_safer()
Markdown(players.markdown())

# %% tags=["output-free"]
assert dip.holds and players.holds

# %% [markdown]
# That is not "the more players, the safer". One player at a time, from two to seven players at every hand size
# up to seven, the rate sometimes falls:

# %%
steps = claims.one_more_player_not_always_safer()
falls = steps.details.query("high < 0")
rises = steps.details.query("low > 0")
Markdown(steps.markdown() + "\n\n" + f"Of the {len(steps.details)} steps, the rate rises clearly at {len(rises)} and "
         f"falls clearly at {len(falls)}: " + "; ".join(
             f"from {int(r['from'])} to {int(r.to)} players at {int(r.cards)} card{'s' if r.cards > 1 else ''} "
             f"({pct(r.p_from)} → {pct(r.p_to)})" for _, r in falls.iterrows()) + ".")

# %% tags=["output-free"]
assert steps.holds

# %%
falls[["from", "to", "cards", "p_from", "p_to", "diff", "low", "high"]].round(3)

# %% [markdown]
# ## Seat: does it matter where you sit?

# %%
five = zero.query("players == 4 and cards == 5 and trump == 'turned-up'")
chart_with_intervals(five, "seat_from_leader", "p_bid0_made", "bid0_low", "bid0_high", color="policy",
                     y_title="zero bid made", x_title="seat (0 = leader, 3 = dealer)",
                     title="4 players, 5 cards, trump turned up (95 %)")

# %%
leader = claims.leader_zero_bids_fail_more()
Markdown(leader.markdown())

# %% tags=["output-free"]
assert leader.holds

# %% [markdown]
# The leader's zero bids are made less often than the middle seats': leading forces you to put a card on the
# table before you know what the others hold.
#
# ## Trump mode
#
# With no trump, an unwanted trick can only come from the led suit, so one might expect zero bids to be easier.
# For the friendly bot they are not. Pooled over seats, four players, heuristic, each trump mode in its own column:

# %%
modes = by_setting.query("policy == 'heuristic' and players == 4").pivot_table(index="cards", columns="trump", values="p")
modes.round(3)

# %%
no_trump = claims.no_trump_zero_bids_harder()
Markdown(no_trump.markdown())

# %% tags=["output-free"]
assert no_trump.holds

# %%
gaps = no_trump.details
Markdown(f"With no trump the bot's zero bids at {gaps.cards.min()}–{gaps.cards.max()} cards are made "
         f"{-100 * gaps['diff'].max():.1f} to {-100 * gaps['diff'].min():.1f} percentage points less often than with a "
         "turned-up trump (at four players). We have not measured why; it is a fact about this bot's no-trump bidding "
         "and play (its table has separate no-trump rows), not about the game. With one card, where only the bid "
         f"counts, no trump is the {'easier' if modes.none[1] > modes['turned-up'][1] else 'harder'} mode "
         f"({pct(modes.none[1])} against {pct(modes['turned-up'][1])}).")

# %% [markdown]
# ## Who plays: random, the friendly bot, a strong bot
#
# The answer depends on how well people bid and play. Beside random bidders and the friendly bot, a third table,
# `plump_search_zero_bids` (made by `cardlab data build --only plump_search_zero_bids`), has every seat played by
# `PlumpSearchBot`, a strong player that tries every bid and card in many imagined deals:

# %%
search_table = load_table("plump_search_zero_bids")
Markdown(f"Who plays in that table: {claims.search_who(search_table)}; {count(search_table.rounds.min())} rounds per "
         f"setting, four players, trump turned up. Pooled over the seats, with Wilson 95 % intervals:")

# %%
who = claims.zero_bids_by_who_plays()
who.pivot_table(index="cards", columns="who", values="p").round(3)

# %%
chart_with_intervals(who, "cards", "p", "low", "high", color="who", y_title="zero bid made",
                     title="Zero bids made by who plays: 4 players, trump turned up (95 %)")

# %%
good = claims.good_players_make_zero_bids()
Markdown(good.markdown())

# %% tags=["output-free"]
assert good.holds

# %%
at = who.set_index(["policy", "cards"])
r5, h5, s5 = at.loc[("random", 5)], at.loc[("heuristic", 5)], at.loc[("search", 5)]
span = lambda policy: (pct(at.loc[policy].p.min(), 0), pct(at.loc[policy].p.max(), 0))  # noqa: E731
Markdown(
    f"How well people play changes the answer a lot. At four players and five cards a random bidder's zero bid is "
    f"made {pct(r5.p, 0)} of the time (the chance of taking no trick), the friendly bot's {pct(h5.p, 0)} (95 % "
    f"interval {pct_interval(h5.low, h5.high)}, {count(h5.bid0_rounds)} zero bids), and the strong search bot's "
    f"{pct(s5.p, 0)} (95 % interval {pct_interval(s5.low, s5.high)}, {count(s5.bid0_rounds)} zero bids). From "
    f"{who.cards.min()} to {who.cards.max()} cards the friendly bot's rate runs from {span('heuristic')[0]} to "
    f"{span('heuristic')[1]}, the search bot's from {span('search')[0]} to {span('search')[1]}, while random "
    f"bidders' falls from {pct(at.loc['random'].p.iloc[0], 0)} to {pct(at.loc['random'].p.iloc[-1], 0)}. A good "
    "player does not only judge the hand; it also plays the round to keep the zero (ducking, getting rid of "
    "dangerous cards early).")

# %% [markdown]
# A higher zero-bid rate does not make a player better: the friendly bot's bidding table is calibrated in games
# against copies of itself and bids zero only on clearly weak hands, and each bot's zero bids were measured with
# that bot at every seat, so the two play against different opponents. Their strength is measured head to head
# against the same field of OpenSpiel players (`docs/strength.md`; the figures are read from
# `cardlab/data/strength_arena.csv`, which `benchmarks/arena_openspiel.py --table` writes):

# %%
s45 = strength("search", 4, 5, "ismcts-1000")
f45 = strength("plumpbot", 4, 5, "ismcts-300")
arena = load_table("strength_arena")
seeds45 = arena[(arena.tier == "search") & (arena.against == "ismcts-1000") & (arena.players == 4) & (arena.cards == 5)
                & (arena.seed.astype(str) != "pooled")].sort_values("seed")


def interval(row):
    return f"95% interval {claims.signed(row['diff'] - 1.96 * row.se)} to {claims.signed(row['diff'] + 1.96 * row.se)}"


Markdown(f"In OpenSpiel's `oh_hell` (one round, trump turned up, the dealer's hook on, a point per trick and ten more "
         f"for an exact bid), at four players and five cards, against OpenSpiel {s45.openspiel}'s ISMCTS-1000 in the "
         f"other seats the search bot with its defaults scores {strength_text(s45)} ({interval(s45)}; "
         f"{count(s45.rounds)} rounds, seeds {s45.pooled_seeds}; seed by seed "
         + ", ".join(f"{claims.signed(r['diff'])} ± {r.se:.2f}" for _, r in seeds45.iterrows())
         + f"); against ISMCTS-300 the friendly bot scores {strength_text(f45)} ({interval(f45)}; "
         f"{count(f45.rounds)} rounds). The search bot in the "
         f"zero-bid table above plays with {claims.search_who(search_table).split('(', 1)[1].rstrip(')')}.")

# %% [markdown]
# ## Conclusion

# %%
Markdown(
    f"For the friendly heuristic bot (hook on, standard scoring, {count(zero.rounds.min())} rounds per setting): with "
    f"one card its zero bids, pooled over the seats, succeed more often than the base rate ({pct(base.estimate)} "
    f"against {pct(1 - 1 / 4, 0)} at four players), though the dealer's "
    + ("are made less often than random dealers'" if seats.heuristic[last] < seats.random[last] else "gain least")
    + f"; at five cards and four "
    f"players they work in {pct(h5.p, 0)} of the cases; they work more often at seven players than at four (at "
    f"every hand size up to seven), though one player more does not always help; more often with very big hands, "
    f"and for the middle seats than for the leader; and with no trump they succeed *less* often at "
    f"{gaps.cards.min()}–{gaps.cards.max()} cards than with a turned-up trump. All of this is about this bot's bidding "
    f"and play: random bidders make a zero bid only as often as they happen to take no trick (about "
    f"{pct(r5.p, 0)} at four players and five cards), which shows how much judging your hand is worth.")
