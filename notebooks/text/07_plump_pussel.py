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
# # Plumppussel, steg för steg
#
# Varje pussel kommer från en riktig omgång plump. Alla kort ligger uppvända, och en dator har provat
# varje kort till slutet av given: **ett kort** (eller några som är lika bra) håller ditt bud, vad de
# andra än gör.
#
# Pusslen är en stege. Första steget är en idé (ta sticket med högsta trumfen); när du har löst några
# pussel på ett steg öppnas nästa. Ett pussel du missade kommer tillbaka senare tills du löser det.

# %% tags=["output-free"]
from cardlab.puzzles.ladder import progress_folder
from cardlab.puzzles import puzzles_from_games
from cardlab.puzzles.handout import mistakes_first
from cardlab.puzzles.ladder import STEP_UP, Ladder
from cardlab.widgets.puzzle_table import PuzzleTable
from cardlab.widgets.puzzle_pupil import whose_puzzles
import pandas as pd

# %% [markdown]
# ## Stegen
#
# Datorerna spelar några givar (samma frö ger alltid samma givar) och pusslen plockas ur dem. Här är
# stegen: ett tema på en nivå.

# %%
puzzles = puzzles_from_games(n=12, rng=3, hand_size=4)
ladder = Ladder(puzzles)
by_id = {p.id: p for p in puzzles}
pd.DataFrame({"steg": range(1, len(ladder.steps) + 1),
              "tema": [by_id[s.ids[0]].title().text("sv") for s in ladder.steps],
              "nivå": [s.level for s in ladder.steps], "pussel": [len(s.ids) for s in ladder.steps],
              "att lösa": [s.need for s in ladder.steps]})

# %%
print(f"Lös {STEP_UP} pussel på ett steg (eller alla på ett mindre steg) för att gå upp.")

# %% [markdown]
# Klättra nu! Klicka på ett kort. Rätt: du ser varför. Fel: du ser hur de andra kan stoppa dig.
# Det du har löst sparas i klassens mapp under ditt eget namn: i klassrummet det namn du skrev in dig med,
# annars namnet i `whose_puzzles("Mina")` (byt Mina mot ditt namn).

# %% tags=["nbval-ignore-output"]
me = whose_puzzles("Mina")
PuzzleTable(puzzles, child=me, folder=progress_folder(), lang="sv", ladder=True)

# %% [markdown]
# ## Mina misstag
#
# Spela mot datorerna vid bordet nedan (du sitter på plats 0). När en giv är slut, kör nästa cell: de
# val där ett annat kort (eller bud) hade hållit budet blir dina nästa pussel, först i kön. Tills du har
# spelat klart en giv tittar den på ett parti som datorerna spelade.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.plump_table import PlumpTable
table = PlumpTable("kids", rng=7, lang="sv")
table

# %%
from cardlab import Match, PlumpRules
from cardlab.bots.plump import PlumpBot

game = table.game if table.game.finished_rounds else Match.new("plump", PlumpRules.preset("kids"), rng=0).play_out(PlumpBot())
boxes = me.boxes(progress_folder())
mine = mistakes_first(game, 0, boxes, puzzles)
boxes.save(progress_folder())
print(len(mine) - len(puzzles), "missade val")

# %% tags=["nbval-ignore-output"]
PuzzleTable(mine, child=me, folder=progress_folder(), lang="sv", ladder=True)
