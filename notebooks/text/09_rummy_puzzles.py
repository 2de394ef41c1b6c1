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
# # Rummy puzzles
#
# Every puzzle here comes from a real Rummy round. It is your turn and you have just drawn a card. You see
# what you would see at the table: your hand, the melds on the table and the discard pile. A computer has
# tried **every** way to play the turn (every meld, every lay-off, every discard) and counted the points
# left in your hand: exactly one way lets you go out, or keeps the fewest points if you cannot.
#
# Play the turn: click cards to select them, then *Meld*, *Lay off onto …* or *Discard*. After a good move
# you go on; the puzzle is solved when your turn ends the best way. After a wrong move you see what it leaves
# you, and why the best way is best.
#
# The puzzles are a ladder: each step is one idea at one level, the easiest ideas first. When you have solved
# a few puzzles of a step, the next step opens. A puzzle you missed comes back later until you solve it.

# %% tags=["output-free"]
import textwrap

import pandas as pd

from cardlab.puzzles.handout import mistakes_first
from cardlab.puzzles.ladder import STEP_UP, Ladder, progress_folder
from cardlab.puzzles.rummy import rummy_puzzles_from_games
from cardlab.puzzles.rummy_draw import rummy_draw_puzzles_from_games
from cardlab.widgets.rummy_puzzle_table import RummyPuzzleTable
from cardlab.widgets.puzzle_pupil import whose_puzzles

# %% [markdown]
# ## A starting set
#
# The bots play a few rounds (the same seed always gives the same rounds), and the puzzles are the turns
# where one way is best by at least 3 points. Some puzzles come before the draw: take the top card of the
# discard pile, or draw from the stock? The computer tried every card that could lie on top of the stock,
# and taking the discard leaves at least 3 points fewer than the stock does on average.

# %%
puzzles = rummy_puzzles_from_games(n=12, rng=5) + rummy_draw_puzzles_from_games(n=4, rng=5)
pd.DataFrame({"theme": [p.title().text("en") for p in puzzles], "level": [p.level for p in puzzles],
              "question": [p.kind for p in puzzles]})

# %% [markdown]
# ## The ladder
#
# Here are the steps: a theme at a level. First: throw the card worth the most. Then: go out, lay a meld
# down, lay a card off onto the table, take the discard pile's card, and pick the right meld when a card fits
# two.

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
# Here is the answer to a puzzle where you go out, so you can see what an explanation looks like:

# %%
first = next(p for p in puzzles if p.theme == "go_out")
print(textwrap.fill(first.explanation().text("en"), 88))

# %% [markdown]
# Now climb! The table says which step you are on.
# Your progress is saved in the class folder under your own name: in a class, the name you joined with;
# anywhere else, the name in `whose_puzzles("Mina")` (change Mina to your name).

# %% tags=["nbval-ignore-output"]
me = whose_puzzles("Mina")
RummyPuzzleTable(puzzles, child=me, folder=progress_folder(), lang="en", ladder=True)

# %% [markdown]
# ## Your own missed draws and turns
#
# Play a game in the table below (you are seat 0). When a round is over, run the next cell: it finds your
# draws where the other pile was the better choice, and your turns where another way to play would have left
# fewer points in your hand. They become your next puzzles, first in line. Until you have finished a round it
# looks at a game the bots played instead.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.rummy_table import RummyTable
table = RummyTable(players=3, rng=7, lang="en")
table

# %%
from cardlab import Match
from cardlab.bots.rummy import RummyBot, RummyRandomBot
from cardlab.rules.rummy import RummyRules

if table.game.finished_rounds:
    game = table.game
else:
    game = Match.new("rummy", RummyRules(players=3, rounds=2), rng=4).play_out(
        [RummyRandomBot(rng=1), RummyBot(), RummyBot()])
boxes = me.boxes(progress_folder())
mine = mistakes_first(game, 0, boxes, puzzles, game="rummy")
boxes.save(progress_folder())
own = [p for p in mine if p.source == "own"]
draws = sum(p.kind == "draw" for p in own)
print("Missed draws:", draws, "- missed turns:", len(own) - draws)

# %% tags=["nbval-ignore-output"]
RummyPuzzleTable(mine, child=me, folder=progress_folder(), lang="en", ladder=True)

# %% [markdown]
# ## Questions
#
# 1. Why does a card on the table cost you nothing when somebody else goes out?
# 2. When nothing melds, which card do you throw? Can you think of a reason to keep a high card anyway?
# 3. Find a puzzle where a card fits two melds. How did you choose?
