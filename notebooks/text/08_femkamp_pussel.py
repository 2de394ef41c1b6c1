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
# # Femkampspussel
#
# Varje problem här kommer från en riktig femkampsrunda. Alla kort ligger med framsidan upp, och en dator har
# provat varje kort till slutet av rundan: **precis ett kort** (eller några som är precis likadana) ger dig
# minst poäng, hur de andra än spelar. I grandrundan betyder det flest stick; i kabalen minst prickar och
# kort kvar.
#
# Klicka på ett kort. Rätt: du får se varför. Fel: du får se hur de andra kan göra så att kortet kostar mer.
#
# Problemen är en stege: varje steg är en idé på en nivå, de idéer som är lättast att se först. När du har
# löst några problem på ett steg öppnas nästa. Ett problem du missade kommer tillbaka senare tills du löser
# det.

# %% tags=["output-free"]
import textwrap

import pandas as pd

from cardlab.puzzles.ladder import STEP_UP, Ladder, progress_folder
from cardlab.puzzles.femkamp import femkamp_puzzles_from_games, femkamp_puzzles_from_match
from cardlab.rules.femkamp import round_title
from cardlab.widgets.femkamp_puzzle_table import FemkampPuzzleTable
from cardlab.widgets.puzzle_pupil import whose_puzzles

# %% [markdown]
# ## En första samling
#
# Botarna spelar några rundor (samma frö ger alltid samma rundor), och problemen plockas från de sista
# sticken i varje stickrunda och de sista korten i kabalen.

# %%
puzzles = femkamp_puzzles_from_games(n=10, rng=1)
pd.DataFrame({"runda": [round_title(p.round_name, "sv") for p in puzzles], "tema": [p.title().text("sv") for p in puzzles],
              "nivå": [p.level for p in puzzles], "kort att välja på": [len(p.legal) for p in puzzles]})

# %% [markdown]
# ## Stegen
#
# Här är stegen: ett tema på en nivå.

# %%
ladder = Ladder(puzzles)
by_id = {p.id: p for p in puzzles}
pd.DataFrame({"steg": range(1, len(ladder.steps) + 1),
              "tema": [by_id[s.ids[0]].title().text("sv") for s in ladder.steps],
              "nivå": [s.level for s in ladder.steps], "problem": [len(s.ids) for s in ladder.steps],
              "att lösa": [s.need for s in ladder.steps]})

# %%
print(f"Lös {STEP_UP} problem på ett steg (eller alla på ett mindre steg) för att gå upp.")

# %% [markdown]
# Här är svaret på det första, så att du ser hur en förklaring ser ut:

# %%
first = puzzles[0]
print(textwrap.fill(first.explanation().text("sv"), 88))

# %% [markdown]
# Klättra nu! Bordet säger vilket steg du är på.
# Det du har löst sparas i klassens mapp under ditt eget namn: i klassrummet det namn du skrev in dig med,
# annars namnet i `whose_puzzles("Mina")` (byt Mina mot ditt namn).

# %% tags=["nbval-ignore-output"]
me = whose_puzzles("Mina")
FemkampPuzzleTable(puzzles, child=me, folder=progress_folder(), lang="sv", ladder=True)

# %% [markdown]
# ## Mina misstag
#
# Spela ett parti vid bordet nedan (du sitter på plats 0). När en runda är klar kör du nästa cell: den hittar
# de beslut där ett annat kort hade gett dig färre poäng. Tills du har spelat klart en runda tittar den på ett
# parti som botarna spelade i stället.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.femkamp_table import FemkampTable
table = FemkampTable(players=3, rng=7, lang="sv")
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
print(len(mine), "missade beslut")

# %% tags=["nbval-ignore-output"]
FemkampPuzzleTable(mine, child=me, folder=progress_folder(), lang="sv", ladder=True) if mine else None

# %% [markdown]
# ## Frågor
#
# 1. Varför är det bra att i passrundan slänga ditt ess på ett stick som någon annan vinner?
# 2. När hjälper det dig i kabalen att behålla en sjua, och när kostar det dig en prick?
# 3. Hitta ett problem där det bästa kortet inte är det lägsta. Varför är det bäst?
