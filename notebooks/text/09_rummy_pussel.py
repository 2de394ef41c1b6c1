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
# # Rummypussel
#
# Varje problem här kommer från en riktig rummyrunda. Det är din tur och du har just dragit ett kort. Du ser
# det du skulle se vid bordet: din hand, kombinationerna på bordet och kasthögen. En dator har provat **alla**
# sätt att spela turen (varje kombination att lägga ner, varje kort att lägga till, varje kort att kasta) och
# räknat poängen som blir kvar på handen: precis ett sätt låter dig gå ut, eller ger minst poäng om du inte kan.
#
# Spela turen: klicka på kort för att välja dem, sedan *Lägg ner*, *Lägg till på …* eller *Kasta*. Efter ett
# bra drag fortsätter du; problemet är löst när turen slutar på bästa sätt. Efter ett fel drag ser du vad det
# lämnar dig med, och varför det bästa sättet är bäst.
#
# Problemen är en stege: varje steg är en idé på en nivå, de lättaste idéerna först. När du har löst några
# problem på ett steg öppnas nästa. Ett problem du missade kommer tillbaka senare tills du löser det.

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
# ## En första samling
#
# Botarna spelar några rundor (samma frö ger alltid samma rundor), och problemen är de turer där ett sätt är
# bäst med minst 3 poäng. Några problem kommer före draget: ta det översta kortet i kasthögen, eller dra från
# draghögen? Datorn provade varje kort som kan ligga överst i draghögen, och kasthögens kort lämnar minst 3
# poäng mindre än draghögen gör i snitt.

# %%
puzzles = rummy_puzzles_from_games(n=12, rng=5) + rummy_draw_puzzles_from_games(n=4, rng=5)
pd.DataFrame({"tema": [p.title().text("sv") for p in puzzles], "nivå": [p.level for p in puzzles],
              "fråga": [{"turn": "turen", "draw": "draget"}[p.kind] for p in puzzles]})

# %% [markdown]
# ## Stegen
#
# Här är stegen: ett tema på en nivå. Först: kasta kortet som är värt mest. Sedan: gå ut, lägg ner en
# kombination, lägg till ett kort på bordet, ta kortet från kasthögen, och välj rätt kombination när ett kort
# passar i två.

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
# Här är svaret på ett problem där du går ut, så att du ser hur en förklaring ser ut:

# %%
first = next(p for p in puzzles if p.theme == "go_out")
print(textwrap.fill(first.explanation().text("sv"), 88))

# %% [markdown]
# Klättra nu! Bordet säger vilket steg du är på.
# Det du har löst sparas i klassens mapp under ditt eget namn: i klassrummet det namn du skrev in dig med,
# annars namnet i `whose_puzzles("Mina")` (byt Mina mot ditt namn).

# %% tags=["nbval-ignore-output"]
me = whose_puzzles("Mina")
RummyPuzzleTable(puzzles, child=me, folder=progress_folder(), lang="sv", ladder=True)

# %% [markdown]
# ## Mina misstag
#
# Spela ett parti vid bordet nedanför (du sitter på plats 0). När en runda är slut kör du nästa cell: den
# hittar dina dragningar där den andra högen var bättre, och dina turer där ett annat sätt att spela hade
# lämnat färre poäng på handen. De blir dina nästa problem, först i kön. Tills du har spelat klart en runda
# tittar den på ett parti som botarna spelade i stället.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.rummy_table import RummyTable
table = RummyTable(players=3, rng=7, lang="sv")
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
print("Missade dragningar:", draws, "- missade turer:", len(own) - draws)

# %% tags=["nbval-ignore-output"]
RummyPuzzleTable(mine, child=me, folder=progress_folder(), lang="sv", ladder=True)

# %% [markdown]
# ## Frågor
#
# 1. Varför kostar ett kort på bordet ingenting när någon annan går ut?
# 2. När inget går att lägga ner, vilket kort kastar du? Finns det ett skäl att ändå behålla ett högt kort?
# 3. Hitta ett problem där ett kort passar i två kombinationer. Hur valde du?
