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
# # Plump puzzles, step by step
#
# Every puzzle here comes from a real Plump round. All the cards are face up, and a computer has tried
# every card to the end of the round: **one card** (or a few that are just as good) keeps your bid,
# whatever the others do.
#
# The puzzles are a ladder. The first step is one idea (take with the top trump); when you have solved
# a few puzzles of a step, the next step opens. A puzzle you missed comes back later until you solve it.

# %% tags=["output-free"]
from cardlab.puzzles.ladder import progress_folder
from cardlab.puzzles import puzzles_from_games
from cardlab.puzzles.handout import mistakes_first
from cardlab.puzzles.ladder import STEP_UP, Ladder
from cardlab.widgets.puzzle_table import PuzzleTable
from cardlab.widgets.puzzle_pupil import whose_puzzles
import pandas as pd

# %% [markdown]
# ## The ladder
#
# The bots play a few rounds (the same seed always gives the same rounds) and the puzzles are picked from
# them. Here are the steps: a theme at a level.

# %%
puzzles = puzzles_from_games(n=12, rng=3, hand_size=4)
ladder = Ladder(puzzles)
by_id = {p.id: p for p in puzzles}
pd.DataFrame({"step": range(1, len(ladder.steps) + 1),
              "theme": [by_id[s.ids[0]].title().text("en") for s in ladder.steps],
              "level": [s.level for s in ladder.steps], "puzzles": [len(s.ids) for s in ladder.steps],
              "to solve": [s.need for s in ladder.steps]})

# %%
print(f"Solve {STEP_UP} puzzles of a step (or all of a smaller step) to move up.")

# %% [markdown]
# Now climb! Click a card. Right: you see why. Wrong: you see how the others can stop you.
# Your progress is saved in the class folder under your own name: in a class, the name you joined with;
# anywhere else, the name in `whose_puzzles("Mina")` (change Mina to your name).

# %% tags=["nbval-ignore-output"]
me = whose_puzzles("Mina")
PuzzleTable(puzzles, child=me, folder=progress_folder(), lang="en", ladder=True)

# %% [markdown]
# ## My mistakes
#
# Play a game against the bots in the table below (you are seat 0). When a round is over, run the next
# cell: the decisions where another card (or bid) would have kept your bid become your next puzzles,
# first in line. Until you have finished a round it looks at a game the bots played instead.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.plump_table import PlumpTable
table = PlumpTable("kids", rng=7, lang="en")
table

# %%
from cardlab import Match, PlumpRules
from cardlab.bots.plump import PlumpBot

game = table.game if table.game.finished_rounds else Match.new("plump", PlumpRules.preset("kids"), rng=0).play_out(PlumpBot())
boxes = me.boxes(progress_folder())
mine = mistakes_first(game, 0, boxes, puzzles)
boxes.save(progress_folder())
print(len(mine) - len(puzzles), "missed decisions")

# %% tags=["nbval-ignore-output"]
PuzzleTable(mine, child=me, folder=progress_folder(), lang="en", ladder=True)
