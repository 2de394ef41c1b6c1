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
# # Femkamp puzzles
#
# Every puzzle here comes from a real Femkamp round. All the cards are turned face up, and a computer has
# tried every card to the end of the round: **exactly one card** (or a few that are just the same) gives you
# the fewest points, whatever the others do. In the grand round that means the most tricks; in kabal, the
# fewest prikks and cards left.
#
# Click a card. Right: you see why. Wrong: you see how the others can make that card cost you more.
#
# The puzzles are a ladder: each step is one idea at one level, the ideas that are easiest to see first.
# When you have solved a few puzzles of a step, the next step opens. A puzzle you missed comes back later
# until you solve it.

# %% tags=["output-free"]
import textwrap

import pandas as pd

from cardlab.puzzles.ladder import STEP_UP, Ladder, progress_folder
from cardlab.puzzles.femkamp import femkamp_puzzles_from_games, femkamp_puzzles_from_match
from cardlab.rules.femkamp import round_title
from cardlab.widgets.femkamp_puzzle_table import FemkampPuzzleTable
from cardlab.widgets.puzzle_pupil import whose_puzzles

# %% [markdown]
# ## A starting set
#
# The bots play a few rounds (the same seed always gives the same rounds), and the puzzles are picked from
# the last tricks of each trick round and the last cards of kabal.

# %%
puzzles = femkamp_puzzles_from_games(n=10, rng=1)
pd.DataFrame({"round": [round_title(p.round_name, "en") for p in puzzles], "theme": [p.title().text("en") for p in puzzles],
              "level": [p.level for p in puzzles], "cards to choose from": [len(p.legal) for p in puzzles]})

# %% [markdown]
# ## The ladder
#
# Here are the steps: a theme at a level.

# %%
ladder = Ladder(puzzles)
by_id = {p.id: p for p in puzzles}
pd.DataFrame({"step": range(1, len(ladder.steps) + 1),
              "theme": [by_id[s.ids[0]].title().text("en") for s in ladder.steps],
              "level": [s.level for s in ladder.steps], "puzzles": [len(s.ids) for s in ladder.steps],
              "to solve": [s.need for s in ladder.steps]})

# %%
print(f"Solve {STEP_UP} puzzles of a step (or all of a smaller step) to move up.")

# %% [markdown]
# Here is the first one's answer, so you can see what an explanation looks like:

# %%
first = puzzles[0]
print(textwrap.fill(first.explanation().text("en"), 88))

# %% [markdown]
# Now climb! The table says which step you are on.
# Your progress is saved in the class folder under your own name: in a class, the name you joined with;
# anywhere else, the name in `whose_puzzles("Mina")` (change Mina to your name).

# %% tags=["nbval-ignore-output"]
me = whose_puzzles("Mina")
FemkampPuzzleTable(puzzles, child=me, folder=progress_folder(), lang="en", ladder=True)

# %% [markdown]
# ## Your own missed decisions
#
# Play a game in the table below (you are seat 0). When a round is over, run the next cell: it finds the
# decisions where another card would have given you fewer points. Until you have finished a round it looks
# at a game the bots played instead.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.femkamp_table import FemkampTable
table = FemkampTable(players=3, rng=7, lang="en")
table

# %%
from cardlab import Match
from cardlab.bots.femkamp import FemkampBot
from cardlab.rules.femkamp import FemkampRules

if table.game.finished_rounds:
    mine = femkamp_puzzles_from_match(table.game, 0)
else:
    bots_game = Match.new("femkamp", FemkampRules(players=3), rng=0).play_out(FemkampBot())
    mine = femkamp_puzzles_from_match(bots_game, 0)
print(len(mine), "missed decisions")

# %% tags=["nbval-ignore-output"]
FemkampPuzzleTable(mine, child=me, folder=progress_folder(), lang="en", ladder=True) if mine else None

# %% [markdown]
# ## Questions
#
# 1. In the pass round, why is it good to throw your ace on a trick somebody else wins?
# 2. In kabal, when does keeping a 7 help you, and when does it cost you a prikk?
# 3. Find a puzzle where the best card is not the lowest card. Why is it best?
