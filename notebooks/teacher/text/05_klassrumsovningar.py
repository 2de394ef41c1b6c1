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
# # Övningar i klassen: stick, tillåtna kort och bud
#
# **Mål.** Tre omgångar frågor som rättar sig själva: *vilket kort vinner?*, *vilka kort får du spela?* och
# *vad skulle du bjuda, och varför?* Varje svar får en mening som säger varför.
#
# **Ditt namn.** Skriv ditt namn en gång, i namnrutan under vilket quiz som helst, och tryck Enter: alla svar
# du redan har gett, och alla svar du ger sedan, sparas åt din lärare (*Spara svaren* sparar igen).

# %% [markdown] tags=["answer-key"]
# **För läraren.** Det här är lärarens notebook: cellerna märkta **Facit** tas bort ur elevernas notebook
# `05_klassrumsovningar_elev.ipynb`, som `tools/build_notebooks.py` gör av den här. Bara elevernas notebook
# visas i klassrumsappen (`make app`). Elevernas svar sparas i klassens mapp; `06_class_results.ipynb` läser
# in dem. Samma lektion finns på engelska (`05_classroom_exercises.ipynb`, elever:
# `05_classroom_exercises_pupil.ipynb`) och på norska (`05_klasseromsoppgaver.ipynb`, elever:
# `05_klasseromsoppgaver_elev.ipynb`); alla tre sparar under samma namn på övningarna, så en klass med flera
# språk räknas ihop.

# %% tags=["output-free"]
from cardlab.widgets.quiz import BidQuiz, FollowSuitQuiz, Lesson, TrickQuiz
LANG = "sv"
lesson = Lesson(lang=LANG)   # ett namn och ett språk för alla quiz nedanför

# %% [markdown]
# ## 1. Vilket kort vinner sticket?
#
# Det första kortet spelades ut. Titta på trumfen (om det finns en) innan du klickar.

# %% tags=["nbval-ignore-output"]
tricks = [{"cards": "8C KC 4C QS"}, {"cards": "JH 2H AS 10H"}, {"cards": "6D AD 2S KD", "trump": "S"},
          {"cards": "QC 5H 9H AC", "trump": "H"}, {"cards": "3S 4S 2S 5D", "trump": "D"}]
trick_quiz = TrickQuiz(tricks, lesson=lesson, exercise="05 tricks")
trick_quiz

# %% [markdown] tags=["answer-key"]
# **Facit.** Det vinnande kortet i varje stick och regeln som gör att det vinner:

# %% tags=["answer-key"]
[(q.describe(), str(q.answer), q.check(q.answer).text(LANG)) for q in trick_quiz.questions]

# %% [markdown]
# ## 2. Vilka kort får du spela?
#
# Välj **alla** kort du får spela och tryck sedan på *Kontrollera*. I den sista frågan gäller trumftvång: om du
# inte kan bekänna färg men har trumf, måste du lägga en trumf.

# %% tags=["nbval-ignore-output"]
follow = [{"hand": "7H KS 2C 9H", "led": "QH"}, {"hand": "AD 3C 5C JS", "led": "10H"},
          {"hand": "2S 4D 6S KC", "led": "9S"}, {"hand": "5C QD 8H 3D", "led": "AS", "trump": "D", "must_trump": True}]
follow_quiz = FollowSuitQuiz(follow, lesson=lesson, exercise="05 follow suit")
follow_quiz

# %% [markdown] tags=["answer-key"]
# **Facit.** De kort varje hand får spela:

# %% tags=["answer-key"]
[(q.describe(), " ".join(map(str, sorted(q.answer, key=str)))) for q in follow_quiz.questions]

# %% [markdown]
# ## 3. Vad skulle du bjuda, och varför?
#
# Fyra spelare, fem kort var, och du bjuder först. cardlab spelar din hand 200 gånger mot bottar, och de andra
# får nya kort varje gång (alltid samma 200 givar, så svaret ändras aldrig). Ett bud nära antalet stick som
# handen tog räknas som rätt. Säg *varför* innan du klickar: vilka av dina kort tar ett stick?

# %% tags=["nbval-ignore-output"]
hands = [{"hand": "AS AH KS 2C 3D", "trump": "S", "deals": 200, "seed": 1},
         {"hand": "2C 3C 4D 5H 7S", "trump": "H", "deals": 200, "seed": 2},
         {"hand": "AC KC QC JC 10C", "trump": None, "deals": 200, "seed": 3}]
bid_quiz = BidQuiz(hands, lesson=lesson, exercise="05 bids")
bid_quiz

# %% [markdown] tags=["answer-key"]
# **Facit.** De bud som räknas som rätt, från den seedade simuleringen: varje heltal som avrundar ett värde
# inom 95 %-intervallet för handens väntade antal stick.

# %% tags=["answer-key"]
[(q.describe(), q.answer, q.teacher_note().text(LANG)) for q in bid_quiz.questions]

# %% [markdown]
# ## Frågor att prata om
#
# 1. Titta på det tredje sticket i del 1 igen. Vilket kort vann, och vilken regel gjorde att det vann?
# 2. Titta på den andra handen i del 2. Vilken regel bestämde vilka kort du fick spela?
# 3. Handen med fem små kort i del 3: vilket bud valde du? Vilket av korten kunde ändå ta ett stick, och hur
#    ofta gjorde det det?

# %% [markdown] tags=["answer-key"]
# **Facit till samtalet.** (1) 2♠ vinner det tredje sticket: spader är trumf, och trumf slår alla kort i en
# annan färg, till och med A♦ som spelades ut. (2) Den andra handen har inget hjärter, färgen som spelades ut,
# så den får spela vilket kort som helst. (3) 0 och 1 räknas som rätt: i den seedade simuleringen tar handen
# ungefär ett halvt stick. Dess enda trumf, 5♥, är liten och tar bara ibland ett stick; de andra korten är
# låga, så de andra slår dem nästan alltid.
#
# **Resultat.** Elevernas svar finns i klassens mapp; `06_class_results.ipynb` visar dem i diagram. I den här
# notebooken listar `trick_quiz.report()` (och samma sak för de andra två) en elevs svar.
