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
# # Femkampoppgaver
#
# Hver oppgave her kommer fra en ekte femkamprunde. Alle kortene ligger med forsiden opp, og en datamaskin har
# prøvd hvert kort til slutten av runden: **nøyaktig ett kort** (eller noen som er helt like) gir deg færrest
# poeng, uansett hva de andre gjør. I grandrunden betyr det flest stikk; i kabalen færrest prikker og kort
# igjen.
#
# Klikk på et kort. Riktig: du ser hvorfor. Feil: du ser hvordan de andre kan gjøre at kortet koster mer.
#
# Oppgavene er en stige: hvert trinn er én idé på et nivå, de ideene som er lettest å se først. Når du har
# løst noen oppgaver på et trinn, åpnes det neste. En oppgave du bommet på, kommer tilbake senere til du
# løser den.

# %% tags=["output-free"]
import textwrap

import pandas as pd

from cardlab.puzzles.ladder import STEP_UP, Ladder, progress_folder
from cardlab.puzzles.femkamp import femkamp_puzzles_from_games, femkamp_puzzles_from_match
from cardlab.rules.femkamp import round_title
from cardlab.widgets.femkamp_puzzle_table import FemkampPuzzleTable
from cardlab.widgets.puzzle_pupil import whose_puzzles

# %% [markdown]
# ## En første samling
#
# Botene spiller noen runder (samme frø gir alltid de samme rundene), og oppgavene plukkes fra de siste
# stikkene i hver stikkrunde og de siste kortene i kabalen.

# %%
puzzles = femkamp_puzzles_from_games(n=10, rng=1)
pd.DataFrame({"runde": [round_title(p.round_name, "nb") for p in puzzles], "tema": [p.title().text("nb") for p in puzzles],
              "nivå": [p.level for p in puzzles], "kort å velge mellom": [len(p.legal) for p in puzzles]})

# %% [markdown]
# ## Stigen
#
# Her er trinnene: et tema på et nivå.

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
# Her er svaret på den første, så du ser hvordan en forklaring ser ut:

# %%
first = puzzles[0]
print(textwrap.fill(first.explanation().text("nb"), 88))

# %% [markdown]
# Klatre nå! Bordet sier hvilket trinn du er på.
# Det du har løst, lagres i klassens mappe under ditt eget navn: i klasserommet navnet du meldte deg på med,
# ellers navnet i `whose_puzzles("Mina")` (bytt ut Mina med navnet ditt).

# %% tags=["nbval-ignore-output"]
me = whose_puzzles("Mina")
FemkampPuzzleTable(puzzles, child=me, folder=progress_folder(), lang="nb", ladder=True)

# %% [markdown]
# ## Mine feil
#
# Spill et parti ved bordet nedenfor (du sitter på plass 0). Når en runde er ferdig, kjører du neste celle: den
# finner avgjørelsene der et annet kort hadde gitt deg færre poeng. Til du har spilt ferdig en runde, ser den
# på et parti botene spilte i stedet.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.femkamp_table import FemkampTable
table = FemkampTable(players=3, rng=7, lang="nb")
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
print(len(mine), "tapte avgjørelser")

# %% tags=["nbval-ignore-output"]
FemkampPuzzleTable(mine, child=me, folder=progress_folder(), lang="nb", ladder=True) if mine else None

# %% [markdown]
# ## Spørsmål
#
# 1. Hvorfor er det lurt i passrunden å kaste esset ditt på et stikk noen andre vinner?
# 2. Når hjelper det deg i kabalen å beholde en sjuer, og når koster det deg en prikk?
# 3. Finn en oppgave der det beste kortet ikke er det laveste. Hvorfor er det best?
