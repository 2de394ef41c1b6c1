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
# # The class's results (for the teacher)
#
# **Aim.** Read every pupil's saved answers from the class folder, see which questions the class found hard
# and who needs help, and pick the questions to talk about together.
#
# The pupils' quizzes (for example `05_classroom_exercises_pupil.ipynb`) save each answer into the **class
# folder** once a pupil has typed a name: the folder given to the classroom app (`make app CLASS_DIR=…`), else
# the environment variable `CARDLAB_CLASS_DIR`, else `~/cardlab-class`. This notebook is for the teacher
# only: the classroom app never serves it.

# %% tags=["output-free"]
import tempfile

from cardlab.classroom import (class_dir, collect_results, demo_results, hardest_questions, results_chart,
                               success_by_pupil, success_by_question)

# %% [markdown]
# With `DEMO = True` the notebook makes up a seeded class of eight pupils (two of them called Anna, and one
# who typed `Elsa <3`), so you can try it before a lesson. Set `DEMO = False` to read your own class folder.

# %% tags=["output-free"]
DEMO = True
folder = demo_results(tempfile.mkdtemp(), rng=5) if DEMO else class_dir()

# %% [markdown]
# One row per answer. A damaged file in the folder is skipped with a warning naming it.

# %%
results = collect_results(folder)
results[["pupil", "exercise", "question", "position", "answer", "correct"]].head(8)

# %%
results["pupil_id"].nunique(), len(results)

# %% [markdown]
# Eight pupils, 72 answers: the two Annas are told apart by the random id each one's page made (the charts
# show it after the name). Now the share of right answers per question and per pupil:

# %%
results_chart(results, lang="en")

# %% [markdown]
# ## The hardest questions
#
# The questions with the fewest right answers are the ones to go through on the board.

# %%
hardest_questions(results, n=3)[["exercise", "question", "position", "answered", "right", "share_right"]]

# %% [markdown]
# ## Who needs help
#
# Names are shown exactly as typed, escaped, so a name like `Elsa <3` cannot break the table.

# %%
success_by_pupil(results).sort_values("share_right")[["label", "answered", "right", "share_right"]]

# %% [markdown]
# ## What we saw
#
# The demo pupils were made to find trumps harder (that is how `demo_results` invents them), and the tables
# show it: the questions with a trump or trumftvång have a lower share right than the others, and
# trumftvång (follow suit, question 4) is among the hardest. With a real class, the same tables say which
# trick to replay on the board.

# %%
by_question = success_by_question(results)
hard = by_question["position"].str.contains("/") | (by_question["label"] == "05 follow suit #4")
assert by_question["answered"].sum() == len(results)
assert by_question[hard]["share_right"].mean() < by_question[~hard]["share_right"].mean()
assert "05 follow suit #4" in set(hardest_questions(results, n=3)["label"])
round(float(by_question[hard]["share_right"].mean()), 2), round(float(by_question[~hard]["share_right"].mean()), 2)
