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
# **Aim.** Hand out a set of Plump puzzles to the class folder, then read what every child has tried and
# solved, theme by theme.
#
# The set goes to `puzzles/sets/<name>.json` in the class folder (written at once, so a child never opens
# half a file); each child's progress is saved in `puzzles/progress/<child>.puzzles.json` after every
# answer. You read it all back with `collect_results(folder, puzzles=True)`, the same call that reads the
# quizzes. The class folder is `CARDLAB_CLASS_DIR` when set; otherwise this notebook makes a demo class.

# %% tags=["output-free"]
import os
import random
import tempfile

from cardlab.classroom import CLASS_DIR_ENV, class_dir, class_summary, collect_results
from cardlab.puzzles import puzzles_from_games
from cardlab.puzzles.handout import hand_out
from cardlab.puzzles.ladder import Ladder, progress_folder
from cardlab.puzzles.repetition import Leitner

# %% [markdown]
# ## Hand out a set
#
# The bots play a few rounds (seeded: the same set every time) and the puzzles are picked from them.

# %%
DEMO = not os.environ.get(CLASS_DIR_ENV)
folder = tempfile.mkdtemp() if DEMO else class_dir()
puzzles = puzzles_from_games(n=12, rng=3, hand_size=4)
path = hand_out(folder, "week1", puzzles)
print("Handed out", len(puzzles), "puzzles in", path.name)

# %% [markdown]
# In the demo class, five made-up children answer along the ladder (seeded), and one progress file is damaged
# on purpose, to show how it is reported.

# %% tags=["output-free"]
if DEMO:
    ladder, rng = Ladder(puzzles), random.Random(5)
    by_id = {p.id: p for p in puzzles}
    for child, skill in [("Anna", 0.9), ("Bo", 0.7), ("Cleo", 0.5), ("Dag", 0.8), ("Elsa", 0.6)]:
        boxes = Leitner(child)
        for _ in range(rng.randint(6, 16)):
            pid = ladder.next_id(boxes)
            if pid is None:
                break
            right = rng.random() < skill
            p = by_id[pid]
            boxes.record(pid, right=right, answer=p.answer if right else p.legal[-1] if p.legal[-1] not in p.answers else p.legal[0])
        boxes.save(progress_folder(folder))
    (progress_folder(folder) / "fia.puzzles.json").write_text("{ not json", encoding="utf-8")

# %% [markdown]
# ## The results
#
# `collect_results(folder, puzzles=True)` reads the quiz answers (`collected.frame`, as in the class results
# notebook) and the puzzle results (`collected.puzzles`). In sentences:

# %%
collected = collect_results(folder, puzzles=True, warn=False, lang="en")
for line in class_summary(collected, lang="en"):
    print(line)

# %% [markdown]
# One row per child and puzzle tried:

# %%
results = collected.puzzles
results.head(10)

# %% [markdown]
# Files that could not be read (each named, with the reason; the others' results are all above). The reason
# comes in the language you ask for: `lang="sv"`, `"nb"` or `"en"`.

# %%
collected.skipped_table()

# %% [markdown]
# Per child: puzzles tried, solved, and the highest step reached:

# %%
results.groupby("child").agg(tried=("puzzle", "size"), solved=("solved", "sum"), top_step=("step", "max"))

# %% [markdown]
# Per theme: the share of tried puzzles the class solved.

# %%
import altair as alt

from cardlab.charts import use_offline_renderer

use_offline_renderer("svg")
by_theme = results.groupby("theme", as_index=False).agg(tried=("puzzle", "size"), solved=("solved", "sum"))
by_theme["share"] = by_theme["solved"] / by_theme["tried"]
alt.Chart(by_theme).mark_bar().encode(
    x=alt.X("share:Q", title="solved", scale=alt.Scale(domain=[0, 1])), y=alt.Y("theme:N", title="theme"),
    tooltip=["theme", "tried", "solved"]).properties(title="Puzzles solved, by theme", width=360, height=140)
