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
# folder** once a pupil has typed a name. There is one place that says where that folder is: the environment
# variable `CARDLAB_CLASS_DIR`, which `make app CLASS_DIR=…` hands to the pupils' pages and to this notebook
# alike (`cardlab.classroom.class_dir()` reads it; without it the folder is `~/cardlab-class`). This notebook
# is for the teacher only: the classroom app never serves it.

# %% tags=["output-free"]
import os
import tempfile

import pandas as pd

from cardlab.classroom import (CLASS_DIR_ENV, class_dir, class_summary, collect_results, count_words, demo_results,
                               hardest_questions, results_chart, success_by_pupil, success_by_question)

pd.set_option("display.max_colwidth", None)   # a reason why a file was skipped is shown whole

# %% [markdown]
# When `CARDLAB_CLASS_DIR` is set (the classroom app sets it), the notebook reads that folder. Otherwise it makes
# up a seeded demo class of eight pupils (two of them called Anna, and one who typed `Elsa <3`), so you can try
# it before a lesson. Set `DEMO = False` to read `~/cardlab-class` (or the folder you give `class_dir`) anyway.

# %% tags=["output-free"]
DEMO = not os.environ.get(CLASS_DIR_ENV)
folder = demo_results(tempfile.mkdtemp(), rng=5) if DEMO else class_dir()

# %% [markdown]
# Every file in the folder is checked before it counts: a damaged file, a file too large, a copy under another
# pupil's name or id, an answer given twice are left out (the table after the summary lists each one and why),
# so nothing in the folder can stop this notebook. These sentences are made from the answers read:

# %%
collected = collect_results(folder, report=True, missing_ok=True, warn=False, lang="en")
results = collected.frame
print("The made-up demo class." if DEMO else f"The class folder {folder}.")
print("\n".join(class_summary(collected, lang="en")))

# %% [markdown]
# What was skipped, file by file (empty when every file was fine):

# %%
collected.skipped_table()

# %% [markdown]
# One row per answer (the first rows). `name_flag` notes a name to look at: letters from two alphabets (a
# Cyrillic `А` in `Аnna`), or a name that looks like another pupil's.

# %%
results[["pupil", "exercise", "question", "position", "answer", "correct", "name_flag"]].head(8)

# %% [markdown]
# The share of right answers per question and per pupil (two pupils whose names look alike are told apart by
# the start of the id their page made):

# %%
results_chart(results, lang="en") if len(results) else "No answers yet: no chart."

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
# ## Trumps or no trumps
#
# The demo pupils were made to find trumps harder (that is how `demo_results` invents them). Whether your class
# did too, the numbers say: a question whose position ends in `/ ♠` (or another suit) has a trump.

# %%
by_question = success_by_question(results)
with_trump = by_question[by_question["position"].str.contains(" / ", regex=False)]
without = by_question.drop(with_trump.index)


def share(table):
    answered = table["answered"].sum()
    return table["right"].sum() / answered if answered else None


trump, plain = share(with_trump), share(without)
if trump is not None and plain is not None:
    print(f"Questions with a trump: {trump:.0%} right ({count_words('question', len(with_trump), 'en')}); without: "
          f"{plain:.0%} right ({count_words('question', len(without), 'en')}): "
          f"{'fewer' if trump < plain else 'as many or more'} right answers with a trump.")
else:
    print("The class has not answered questions both with and without a trump yet.")
