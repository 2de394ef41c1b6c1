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
# # The class at shared tables (for the teacher)
#
# **Aim.** Open tables for the class (game, players, rules, how many children, bots for the empty seats),
# watch every table live (whose turn, the points, who is here, waiting or gone), end or restart one, and
# read the finished games from the class folder.
#
# **Before the lesson**, beside the classroom app, in a second terminal on the same computer:
#
#     python -m cardlab.tables serve --class-dir ~/klass-4b --port 8871
#
# The pupils join in their notebook (`06_play_together`) with the table's five-letter code and their name.
# This notebook finds that server by itself (`CARDLAB_TABLES_URL`, default `http://127.0.0.1:8871`) and the
# teacher's token in the class folder (`CARDLAB_CLASS_DIR`). **If no table server is running**, it starts
# the tables inside this notebook instead, in a temporary folder, with made-up pupils: everything below then
# works the same, but no pupil can join those tables. The next cell says which it is.

# %% tags=["output-free"]
import random
import tempfile

import pandas as pd

from cardlab.classroom import collect_results
from cardlab.tables.overview import TablesOverview
from cardlab.tables.results import table_results
from cardlab.widgets.tables_overview import TablesOverviewPage

# %% tags=["nbval-ignore-output"]
overview = TablesOverview.connect(fallback_folder=tempfile.mkdtemp(prefix="cardlab-tables-"), lang="en",
                                  code_rng=random.Random(7))
DEMO = overview.where == "in-process"      # no server: made-up pupils play at tables in this notebook
print(overview.where_words())

# %% [markdown]
# ## The teacher's page
#
# Choose the game, the rules, how many players sit at each table, how many of them are children and how well
# the bots play, then **Open the tables**: the page says the new codes (write them on the board). Each table
# shows whose turn it is, the points and every seat: *here*, *gone* (a bot plays for a child whose page has
# been closed for half a minute, and gives the seat back when the child returns) or *free*. **Start now**
# lets bots play the seats nobody has taken yet; **End** stops a game; **New game** deals again at the same
# table. The page never shows a card.

# %% tags=["nbval-ignore-output"]
page = TablesOverviewPage(overview)
page

# %% [markdown]
# ## Trying it without a class
#
# Without a server (`DEMO`), two tables are opened here and made-up pupils sit down and play a few moves, so
# the page above has something to show. With a real server nothing is opened: your tables are your class's.

# %% tags=["output-free"]
def pupils_play(service, code, tickets, moves, rng):
    """Made-up pupils make ``moves`` legal moves at table ``code`` (each chooses from its own seat update)."""
    table = service.table(code)
    for _ in range(moves):
        game = table.match.game
        if game.is_over:
            return
        ticket = next(t for t in tickets if t.seat == game.to_move)
        legal = service.update(code, ticket.token)["view"]["legal_actions"]
        service.move(code, ticket.token, rng.choice(legal))


if DEMO:
    service = overview.service
    rng = random.Random(4)
    plump = overview.create("plump", players=4, rules="kids", humans=3, level="easy", seed=11)
    femkamp = overview.create("femkamp", players=4, rules="classic", humans=2, level="medium", seed=12)
    at_plump = [service.join(plump, name, lang="sv") for name in ("Anna", "Bo", "Elsa <3")]
    at_femkamp = [service.join(femkamp, name, lang="nb") for name in ("Kari", "Ola")]
    pupils_play(service, plump, at_plump, 12, rng)
    pupils_play(service, femkamp, at_femkamp, 5, rng)

# %% [markdown]
# The same overview as a table (every row is made from the tables' public record: names, turns, points):

# %%
pd.DataFrame([{"table": r.code, "game": r.game, "now": r.state, "points": r.scores,
               "seats": "; ".join(s.words for s in r.seats)} for r in overview.rows()])

# %%
overview.summary()

# %% [markdown]
# ## Finished games in the class folder
#
# When a game ends, each child's result is saved into the class folder, beside the quizzes: `collect_results`
# reads them, and `table_results` keeps the games only. Question 0 is the whole game (points and place;
# *correct* means the child won), then one row per round (in Plump: the bid and the tricks; *correct* means
# the bid was made). Here the made-up pupils play the Plump table to the end:

# %%
if DEMO:
    pupils_play(service, plump, at_plump, 10_000, rng)
games = table_results(collect_results(overview.service.results_dir if DEMO else None))
games[["pupil", "game", "table", "question", "position", "answer", "correct"]].head(12)

# %% [markdown]
# How often each child made their bid in Plump:

# %%
rounds = games[(games["game"] == "plump") & (games["question"] > 0)]
rounds.groupby("pupil")["correct"].agg(rounds="size", bids_made="sum")

# %% [markdown]
# ## Same deals at every table: luck or skill?
#
# Tick **Same deals at every table** before opening the tables: every table of that group is dealt the same
# cards, round after round (the same game, rules and seed). After each round each child's seat says how the
# same cards went at the other tables that have finished that round, for example *"Runda 2: alla som hade
# dina kort bjöd 1; 3 av 4 klarade det."* Only finished rounds are ever compared, and no card is named.
#
# Without a server, four Plump tables of a group are played here to the end, two made-up children and two
# bots at each (`create_group` is what the tick box does). With a server, the newest group of your class is
# read.

# %%
if DEMO:
    group_codes = overview.create_group("plump", 4, players=4, rules="kids", humans=2, level="medium", seed=21)
    for number, code in enumerate(group_codes):
        children = [service.join(code, name, lang="sv") for name in (f"Anna {number + 1}", f"Bo {number + 1}")]
        pupils_play(service, code, children, 10_000, random.Random(number))
    print(service.seat_update(group_codes[0], 0)["same_deals"][1]["text"])     # what Anna 1 reads about round 2
groups = overview.groups()
same = overview.same_deals(groups[-1]) if groups else pd.DataFrame()
same.head(8)

# %% [markdown]
# Each square is one hand (a seat's cards in one round, the same at every table): how many of the tables
# where it was played made their bid with it. A row of green squares is a hand that was easy to bid; a
# mixed row is where skill (or a brave bid) made the difference.

# %%
import altair as alt

from cardlab.charts import use_offline_renderer

use_offline_renderer("svg")
if not same.empty:
    by_hand = (same.groupby(["round", "seat"], as_index=False)
                   .agg(tables=("made", "size"), made=("made", "sum")))
    by_hand["share"] = by_hand["made"] / by_hand["tables"]
    by_hand["label"] = by_hand["made"].astype(str) + " / " + by_hand["tables"].astype(str)
    base = alt.Chart(by_hand).encode(x=alt.X("round:O", title="round"), y=alt.Y("seat:O", title="seat (the same cards)"))
    chart = (base.mark_rect().encode(color=alt.Color("share:Q", title="made the bid",
                                                     scale=alt.Scale(domain=[0, 1], scheme="redyellowgreen")))
             + base.mark_text(fontSize=12).encode(text="label:N"))
    chart = chart.properties(title="The same cards at every table: how many made the bid", width=360, height=160)
chart if not same.empty else "no group of same-deal tables yet"

# %% [markdown]
# Children against bots with the same cards (a bot bids by the same rules at every table, so
# where the bots often fail too, the cards were hard rather than the children careless):

# %%
same.groupby("player")["made"].agg(hands="size", bids_made="sum") if not same.empty else same
