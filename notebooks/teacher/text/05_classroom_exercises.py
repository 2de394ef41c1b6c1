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
# # Classroom exercises: tricks, legal cards and bids
#
# **Aim.** Three sets of questions that check themselves: *which card wins?*, *which cards may you play?* and
# *what would you bid, and why?* Every answer gets a sentence that says why.
#
# **Your name.** Type your name once, in the name box under any of the quizzes, and press Enter: every answer
# you have given, and every answer you give after, is saved for your teacher (*Save answers* saves again).

# %% [markdown] tags=["answer-key"]
# **For the teacher.** This is the teacher's notebook: the cells marked **Answer key** are left out of the
# pupils' notebook `05_classroom_exercises_pupil.ipynb`, which `tools/build_notebooks.py` makes from this one.
# Only the pupils' notebook is served by the classroom app (`make app`). The pupils' answers are saved in the
# class folder; `06_class_results.ipynb` reads them back. The same lesson in Swedish is
# `05_klassrumsovningar.ipynb` (pupils: `05_klassrumsovningar_elev.ipynb`), in Norwegian
# `05_klasseromsoppgaver.ipynb` (pupils: `05_klasseromsoppgaver_elev.ipynb`); all three save under the same
# exercise names, so a class that mixes languages is counted together.

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

# %% [markdown] tags=["answer-key"]
# **Answer key.** The winning card of each trick and the rule that makes it win:

# %% tags=["answer-key"]
[(q.describe(), str(q.answer), q.check(q.answer).text(LANG)) for q in trick_quiz.questions]

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

# %% [markdown] tags=["answer-key"]
# **Answer key.** The playable cards of each hand:

# %% tags=["answer-key"]
[(q.describe(), " ".join(map(str, sorted(q.answer, key=str)))) for q in follow_quiz.questions]

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

# %% [markdown] tags=["answer-key"]
# **Answer key.** The bids that count as right, from the seeded simulation: every whole number that rounds a
# value inside the 95 % interval of the hand's expected tricks.

# %% tags=["answer-key"]
[(q.describe(), q.answer, q.teacher_note().text(LANG)) for q in bid_quiz.questions]

# %% [markdown]
# ## Questions to discuss
#
# 1. In part 1, look at the third trick again. Which card won it, and which rule made it win?
# 2. In part 2, look at the second hand. Which rule decided which of its cards you could play?
# 3. In part 3, the hand of five small cards: which bid did you choose? Which of its cards could still take a
#    trick, and how often did it?

# %% [markdown] tags=["answer-key"]
# **Answer key to the discussion.** (1) 2♠ wins the third trick: spades are trump, and a trump beats every
# card of another suit, even the A♦ that was led. (2) The second hand has no heart, the suit led, so it may
# play any card. (3) 0 and 1 count as right: in the seeded simulation this hand takes about half a trick. Its
# only trump, 5♥, is small and takes a trick only sometimes; its other cards are low, so the others nearly
# always beat them.
#
# **Results.** The pupils' answers are in the class folder; `06_class_results.ipynb` charts them. In this
# notebook `trick_quiz.report()` (and the same for the other two) lists one pupil's answers.
