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
# # Plumpnøtter, trinn for trinn
#
# Hver nøtt kommer fra en ekte runde plump. Alle kortene ligger med billedsiden opp, og en datamaskin har
# prøvd hvert kort til slutten av runden: **ett kort** (eller noen som er like gode) holder meldingen din,
# uansett hva de andre gjør.
#
# Nøttene er en stige. Første trinn er én idé (ta stikket med høyeste trumf); når du har løst noen nøtter
# på et trinn, åpnes det neste. En nøtt du bommet på, kommer tilbake senere til du løser den.

# %% tags=["output-free"]
from cardlab.puzzles.ladder import progress_folder
from cardlab.puzzles import puzzles_from_games
from cardlab.puzzles.handout import mistakes_first
from cardlab.puzzles.ladder import STEP_UP, Ladder
from cardlab.widgets.puzzle_table import PuzzleTable
from cardlab.widgets.puzzle_pupil import whose_puzzles
import pandas as pd

# %% [markdown]
# ## Stigen
#
# Datamaskinene spiller noen runder (samme frø gir alltid de samme rundene), og nøttene plukkes fra dem.
# Her er trinnene: et tema på et nivå.

# %%
puzzles = puzzles_from_games(n=12, rng=3, hand_size=4)
ladder = Ladder(puzzles)
by_id = {p.id: p for p in puzzles}
pd.DataFrame({"trinn": range(1, len(ladder.steps) + 1),
              "tema": [by_id[s.ids[0]].title().text("nb") for s in ladder.steps],
              "nivå": [s.level for s in ladder.steps], "nøtter": [len(s.ids) for s in ladder.steps],
              "å løse": [s.need for s in ladder.steps]})

# %%
print(f"Løs {STEP_UP} nøtter på et trinn (eller alle på et mindre trinn) for å gå opp.")

# %% [markdown]
# Klatre nå! Klikk på et kort. Riktig: du ser hvorfor. Feil: du ser hvordan de andre kan stoppe deg.
# Det du har løst, lagres i klassens mappe under ditt eget navn: i klasserommet navnet du meldte deg på med,
# ellers navnet i `whose_puzzles("Mina")` (bytt ut Mina med navnet ditt).

# %% tags=["nbval-ignore-output"]
me = whose_puzzles("Mina")
PuzzleTable(puzzles, child=me, folder=progress_folder(), lang="nb", ladder=True)

# %% [markdown]
# ## Mine feil
#
# Spill mot datamaskinene ved bordet nedenfor (du sitter på plass 0). Når en runde er over, kjør neste
# celle: valgene der et annet kort (eller en annen melding) hadde holdt meldingen, blir dine neste nøtter,
# først i køen. Til du har spilt ferdig en runde, ser den på et parti datamaskinene spilte.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.plump_table import PlumpTable
table = PlumpTable("kids", rng=7, lang="nb")
table

# %%
from cardlab import Match, PlumpRules
from cardlab.bots.plump import PlumpBot

game = table.game if table.game.finished_rounds else Match.new("plump", PlumpRules.preset("kids"), rng=0).play_out(PlumpBot())
boxes = me.boxes(progress_folder())
mine = mistakes_first(game, 0, boxes, puzzles)
boxes.save(progress_folder())
print(len(mine) - len(puzzles), "bommede valg")

# %% tags=["nbval-ignore-output"]
PuzzleTable(mine, child=me, folder=progress_folder(), lang="nb", ladder=True)
