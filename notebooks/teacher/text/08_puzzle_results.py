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
# # Puzzle sets and their results (for the teacher)
#
# **Aim.** Hand out a set of puzzles for each game (Plump, Femkamp and Rummy) to the class folder, then read
# what every child has tried and solved: per child, per game and per theme.
#
# Each set goes to `puzzles/sets/<name>.json` in the class folder (written at once, so a child never opens
# half a file); each child's progress is saved in `puzzles/progress/<child>.puzzles.json` after every
# answer, one file for all the games. A pupil who joined through the classroom app has
# `<child>--<pupil id>.puzzles.json`, with the name inside: two pupils with one name keep their own boxes, and
# the results show them apart as `Anna (3f2a)` and `Anna (9c0d)`. You read it all back with
# `collect_results(folder, puzzles=True)`, the same call that reads the quizzes; `cardlab.puzzles.results`
# counts it per child, per game and per theme.
# The class folder is `CARDLAB_CLASS_DIR` when set; otherwise this notebook makes a demo class.

# %% tags=["output-free"]
import os
import tempfile

from cardlab.classroom import CLASS_DIR_ENV, class_dir, class_summary, collect_results
from cardlab.puzzles import puzzles_from_games
from cardlab.puzzles.femkamp import femkamp_puzzles_from_games
from cardlab.puzzles.handout import hand_out
from cardlab.puzzles.ladder import progress_folder
from cardlab.puzzles.results import child_lines, demo_progress, game_lines, game_name, results_by
from cardlab.puzzles.rummy import rummy_puzzles_from_games
from cardlab.puzzles.rummy_draw import rummy_draw_puzzles_from_games

# %% [markdown]
# ## Choose the games
#
# **The one thing to change:** `GAMES` lists the games to hand out a set for. Leave out the games your class
# does not play; the demo class plays all three.

# %%
GAMES = ["plump", "femkamp", "rummy"]
print("Sets for:", ", ".join(game_name(game, "en") for game in GAMES))

# %% [markdown]
# ## Hand out the sets
#
# For each game the bots play a few rounds (seeded through `rng=`: the same sets every time) and the puzzles
# are picked from them. Rummy's set has turn puzzles and draw puzzles (take the discard or draw from the
# stock?). A set holds one game's puzzles; its name says which.

# %%
MAKE_SET = {
    "plump": lambda: puzzles_from_games(n=12, rng=3, hand_size=4),
    "femkamp": lambda: femkamp_puzzles_from_games(n=8, rng=4),
    "rummy": lambda: rummy_puzzles_from_games(n=6, rng=5, per_theme=4) + rummy_draw_puzzles_from_games(n=3, rng=5),
}
DEMO = not os.environ.get(CLASS_DIR_ENV)
folder = tempfile.mkdtemp() if DEMO else class_dir()
handed = {}
for game in GAMES:
    handed[game] = MAKE_SET[game]()
    path = hand_out(folder, f"week1-{game}", handed[game])
    print(f"{game_name(game, 'en')}: handed out {len(handed[game])} puzzles in {path.name}")

# %% [markdown]
# In the demo class, five made-up children answer along each set's ladder (`demo_progress`, seeded), and one
# progress file is damaged on purpose, to show how it is reported.

# %% tags=["output-free"]
if DEMO:
    demo_progress(folder, list(handed.values()), rng=5)
    (progress_folder(folder) / "fia.puzzles.json").write_text("{ not json", encoding="utf-8")

# %% [markdown]
# ## The results in sentences
#
# `collect_results(folder, puzzles=True)` reads the quiz answers (`collected.frame`, as in the class results
# notebook) and the puzzle results (`collected.puzzles`). First the whole class, then each game: how many
# tried it, what share of the puzzles they tried they solved, the hardest theme and who is furthest up the ladder.

# %%
collected = collect_results(folder, puzzles=True, warn=False, lang="en")
for line in class_summary(collected, lang="en"):
    print(line)

# %% [markdown]
# Each child, game by game: puzzles solved of those tried, and the highest step reached on that game's ladder.
# A puzzle a child made from their own game ("Mina misstag") is in no set: it is counted as *not in a set*.

# %%
results = collected.puzzles
for line in child_lines(results, lang="en"):
    print(line)

# %% [markdown]
# ## The results in tables
#
# Per child and game: puzzles tried, solved, the share solved and the highest step.

# %%
results_by(results, ["child", "game"], lang="en")

# %% [markdown]
# Per game:

# %%
results_by(results, "game", lang="en")

# %% [markdown]
# Per theme, a game's themes in the order of its ladder. The themes are counted within their game: Plump,
# Femkamp and Rummy each have their own ideas, even where two share a word.

# %%
by_theme = results_by(results, "theme", lang="en")
by_theme

# %%
import altair as alt

from cardlab.charts import use_offline_renderer

use_offline_renderer("svg")
alt.Chart(by_theme.assign(share=by_theme["percent"] / 100)).mark_bar().encode(
    x=alt.X("share:Q", title="solved", scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format="%")),
    y=alt.Y("theme:N", title=None, sort=None, axis=alt.Axis(labelLimit=320)), color=alt.Color("game:N", legend=None),
    row=alt.Row("game:N", title=None, sort=[game_name(g, "en") for g in GAMES]),
    tooltip=["game", "theme", "tried", "solved"],
).resolve_scale(y="independent").properties(title="Puzzles solved, by theme", width=360)

# %% [markdown]
# One row per child and puzzle tried (the game and theme as ids, the step on the set's ladder, the tries):

# %%
results.head(10)

# %% [markdown]
# Files that could not be read (each named, with the reason; the others' results are all above). The reason
# comes in the language you ask for: `lang="sv"`, `"nb"` or `"en"`.

# %%
collected.skipped_table()
