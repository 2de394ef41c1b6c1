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
# # Rummyoppgaver
#
# Hver oppgave her kommer fra en ekte rummyrunde. Det er din tur, og du har nettopp trukket et kort. Du ser
# det du ville sett ved bordet: hånden din, kombinasjonene på bordet og kastebunken. En datamaskin har prøvd
# **alle** måter å spille turen på (hver kombinasjon å melde, hvert kort å legge til, hvert kort å kaste) og
# regnet poengene som blir igjen på hånden: nøyaktig én måte lar deg gå ut, eller gir færrest poeng hvis du
# ikke kan.
#
# Spill turen: klikk på kort for å velge dem, så *Meld*, *Legg til på …* eller *Kast*. Etter et godt trekk
# fortsetter du; oppgaven er løst når turen slutter på beste måte. Etter et feil trekk ser du hva det gir
# deg igjen, og hvorfor den beste måten er best.
#
# Oppgavene er en stige: hvert trinn er én idé på et nivå, de letteste ideene først. Når du har løst noen
# oppgaver på et trinn, åpnes det neste. En oppgave du bommet på, kommer tilbake senere til du løser den.

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
# ## En første samling
#
# Botene spiller noen runder (samme frø gir alltid de samme rundene), og oppgavene er turene der én måte er
# best med minst 3 poeng. Noen oppgaver kommer før trekket: ta det øverste kortet i kastebunken, eller trekke
# fra bunken? Datamaskinen prøvde hvert kort som kan ligge øverst i bunken, og kastebunkens kort gir minst 3
# poeng mindre enn bunken gjør i snitt.

# %%
puzzles = rummy_puzzles_from_games(n=12, rng=5) + rummy_draw_puzzles_from_games(n=4, rng=5)
pd.DataFrame({"tema": [p.title().text("nb") for p in puzzles], "nivå": [p.level for p in puzzles],
              "spørsmål": [{"turn": "turen", "draw": "trekket"}[p.kind] for p in puzzles]})

# %% [markdown]
# ## Stigen
#
# Her er trinnene: et tema på et nivå. Først: kast kortet som er verdt mest. Så: gå ut, meld en kombinasjon,
# legg et kort til på bordet, ta kortet fra kastebunken, og velg riktig kombinasjon når et kort passer i to.

# %%
ladder = Ladder(puzzles)
by_id = {p.id: p for p in puzzles}
pd.DataFrame({"trinn": range(1, len(ladder.steps) + 1),
              "tema": [by_id[s.ids[0]].title().text("nb") for s in ladder.steps],
              "nivå": [s.level for s in ladder.steps], "oppgaver": [len(s.ids) for s in ladder.steps],
              "å løse": [s.need for s in ladder.steps]})

# %%
print(f"Løs {STEP_UP} oppgaver på et trinn (eller alle på et mindre trinn) for å gå opp.")

# %% [markdown]
# Her er svaret på en oppgave der du går ut, så du ser hvordan en forklaring ser ut:

# %%
first = next(p for p in puzzles if p.theme == "go_out")
print(textwrap.fill(first.explanation().text("nb"), 88))

# %% [markdown]
# Klatre nå! Bordet sier hvilket trinn du er på.
# Det du har løst, lagres i klassens mappe under ditt eget navn: i klasserommet navnet du meldte deg på med,
# ellers navnet i `whose_puzzles("Mina")` (bytt ut Mina med navnet ditt).

# %% tags=["nbval-ignore-output"]
me = whose_puzzles("Mina")
RummyPuzzleTable(puzzles, child=me, folder=progress_folder(), lang="nb", ladder=True)

# %% [markdown]
# ## Mine feil
#
# Spill et parti ved bordet nedenfor (du sitter på plass 0). Når en runde er ferdig, kjører du neste celle:
# den finner trekkene dine der den andre bunken var bedre, og turene dine der en annen måte å spille på ville
# gitt færre poeng på hånden. De blir de neste nøttene dine, først i køen. Til du har spilt ferdig en runde,
# ser den på et parti som botene spilte i stedet.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.rummy_table import RummyTable
table = RummyTable(players=3, rng=7, lang="nb")
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
print("Trekk å gjøre bedre:", draws, "- turer å gjøre bedre:", len(own) - draws)

# %% tags=["nbval-ignore-output"]
RummyPuzzleTable(mine, child=me, folder=progress_folder(), lang="nb", ladder=True)

# %% [markdown]
# ## Spørsmål
#
# 1. Hvorfor koster et kort på bordet ingenting når noen andre går ut?
# 2. Når ingenting kan meldes, hvilket kort kaster du? Finnes det en grunn til likevel å beholde et høyt kort?
# 3. Finn en oppgave der et kort passer i to kombinasjoner. Hvordan valgte du?
