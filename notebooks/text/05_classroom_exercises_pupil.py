# ---
# jupyter:
#   cardlab:
#     made_from: teacher/05_classroom_exercises.ipynb
#     note: 'Pupils'' notebook, made automatically from the original: edit the original,
#       not this file.'
#   jupytext:
#     notebook_metadata_filter: cardlab,kernelspec,jupytext,-jupytext.text_representation.jupytext_version
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
# # Classroom exercises: tricks, legal cards and bids
#
# **Aim.** Three sets of questions that check themselves: *which card wins?*, *which cards may you play?* and
# *what would you bid, and why?* Every answer gets a sentence that says why.
#
# **Your name.** Type your name once, in the name box under any of the quizzes, and press Enter: every answer
# you have given, and every answer you give after, is saved for your teacher (*Save answers* saves again).

# %% tags=["output-free"]
from cardlab.widgets.quiz import BidQuiz, FollowSuitQuiz, Lesson, TrickQuiz
LANG = "en"
lesson = Lesson(lang=LANG)   # one name and one language for every quiz below

# %% [markdown]
# ## 1. Which card wins the trick?
#
# The first card was led. Look at the trump (if there is one) before you click.

# %% tags=["nbval-ignore-output"]
tricks = [{"cards": "8C KC 4C QS"}, {"cards": "JH 2H AS 10H"}, {"cards": "6D AD 2S KD", "trump": "S"},
          {"cards": "QC 5H 9H AC", "trump": "H"}, {"cards": "3S 4S 2S 5D", "trump": "D"}]
trick_quiz = TrickQuiz(tricks, lesson=lesson, exercise="05 tricks")
trick_quiz

# %% [markdown]
# ## 2. Which cards may you play?
#
# Choose **every** card you may play, then press *Check*. In the last question you must trump: if you cannot
# follow suit but hold a trump, you have to play a trump.

# %% tags=["nbval-ignore-output"]
follow = [{"hand": "7H KS 2C 9H", "led": "QH"}, {"hand": "AD 3C 5C JS", "led": "10H"},
          {"hand": "2S 4D 6S KC", "led": "9S"}, {"hand": "5C QD 8H 3D", "led": "AS", "trump": "D", "must_trump": True}]
follow_quiz = FollowSuitQuiz(follow, lesson=lesson, exercise="05 follow suit")
follow_quiz

# %% [markdown]
# ## 3. What would you bid, and why?
#
# Four players, five cards each, and you bid first. cardlab plays your hand 200 times against bots, and the
# others get new cards each time (always the same 200 deals, so the answer never changes). A bid close to the
# number of tricks your hand took counts as right. Before you click, say *why*: which of your cards will take
# a trick?

# %% tags=["nbval-ignore-output"]
hands = [{"hand": "AS AH KS 2C 3D", "trump": "S", "deals": 200, "seed": 1},
         {"hand": "2C 3C 4D 5H 7S", "trump": "H", "deals": 200, "seed": 2},
         {"hand": "AC KC QC JC 10C", "trump": None, "deals": 200, "seed": 3}]
bid_quiz = BidQuiz(hands, lesson=lesson, exercise="05 bids")
bid_quiz

# %% [markdown]
# ## Questions to discuss
#
# 1. In part 1, look at the third trick again. Which card won it, and which rule made it win?
# 2. In part 2, look at the second hand. Which rule decided which of its cards you could play?
# 3. In part 3, the hand of five small cards: which bid did you choose? Which of its cards could still take a
#    trick, and how often did it?
