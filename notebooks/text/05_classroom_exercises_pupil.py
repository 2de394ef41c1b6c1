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
# *Pupil's copy: made from the teacher's notebook by `python -m cardlab.notebook_tools notebooks/05_classroom_exercises.ipynb notebooks/05_classroom_exercises_pupil.ipynb`; do not edit it by hand.*

# %% [markdown]
# # Classroom exercises: tricks, legal cards and bids
#
# **Aim.** Three sets of questions that check themselves: *which card wins?*, *which cards may you play?* and
# *what would you bid, and why?* Every answer gets a sentence that says why.
#
# *Teacher's copy.* The cells marked **Answer key** are left out of the pupil's copy
# (`05_classroom_exercises_pupil.ipynb`), which is made from this notebook by
# `python -m cardlab.notebook_tools notebooks/05_classroom_exercises.ipynb notebooks/05_classroom_exercises_pupil.ipynb`.

# %% tags=["output-free"]
from cardlab.widgets import BidQuiz, FollowSuitQuiz, TrickQuiz
LANG = "en"   # "sv" or "nb" for Swedish or Norwegian sentences

# %% [markdown]
# ## 1. Which card wins the trick?
#
# The first card was led. Look at the trump (if there is one) before you click.

# %% tags=["nbval-ignore-output"]
tricks = [{"cards": "8C KC 4C QS"}, {"cards": "JH 2H AS 10H"}, {"cards": "6D AD 2S KD", "trump": "S"},
          {"cards": "QC 5H 9H AC", "trump": "H"}, {"cards": "3S 4S 2S 5D", "trump": "D"}]
trick_quiz = TrickQuiz(tricks, lang=LANG)
trick_quiz

# %% [markdown]
# ## 2. Which cards may you play?
#
# Choose **every** card you may play, then press *Check*. In the last question trumping is compulsory
# (*trumftvång*): if you cannot follow suit but hold a trump, you must trump.

# %% tags=["nbval-ignore-output"]
follow = [{"hand": "7H KS 2C 9H", "led": "QH"}, {"hand": "AD 3C 5C JS", "led": "10H"},
          {"hand": "2S 4D 6S KC", "led": "9S"}, {"hand": "5C QD 8H 3D", "led": "AS", "trump": "D", "must_trump": True}]
follow_quiz = FollowSuitQuiz(follow, lang=LANG)
follow_quiz

# %% [markdown]
# ## 3. What would you bid, and why?
#
# Four players, five cards each, and you bid first (left of the dealer). cardlab deals the other hands at random
# 200 times (seeded, so the answer never changes) and lets the bots play; every bid inside the 95 % interval of
# your expected tricks counts as right. Before you click, say *why*: which of your cards will take a trick?

# %% tags=["nbval-ignore-output"]
hands = [{"hand": "AS AH KS 2C 3D", "trump": "S", "deals": 200, "seed": 1},
         {"hand": "2C 3C 4D 5H 7S", "trump": "H", "deals": 200, "seed": 2},
         {"hand": "AC KC QC JC 10C", "trump": None, "deals": 200, "seed": 3}]
bid_quiz = BidQuiz(hands, lang=LANG)
bid_quiz

# %% [markdown]
# ## For the teacher: results
#
# After the class, `trick_quiz.report()` (and the same for the other two) lists each question with the pupil's
# answer and whether it was right.
#
# ## Questions to discuss
#
# 1. In part 1, why does 2♠ win the third trick?
# 2. In part 2, why may the second hand play any card?
# 3. In part 3, the hand of five small cards: why is 0 a good bid even though a 7 of trump might win a trick?
