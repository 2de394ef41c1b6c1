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
# # Oppgaver i klassen: stikk, lovlige kort og meldinger
#
# **Mål.** Tre runder med spørsmål som retter seg selv: *hvilket kort vinner?*, *hvilke kort kan du spille?* og
# *hva ville du meldt, og hvorfor?* Hvert svar får en setning som sier hvorfor.
#
# **Navnet ditt.** Skriv navnet ditt én gang, i navneboksen under hvilken som helst av quizene, og trykk Enter:
# alle svarene du allerede har gitt, og alle svarene du gir etterpå, lagres for læreren din (*Lagre svarene*
# lagrer på nytt).

# %% [markdown] tags=["answer-key"]
# **For læreren.** Dette er lærerens notebook: cellene merket **Fasit** tas ut av elevenes notebook
# `05_klasseromsoppgaver_elev.ipynb`, som `tools/build_notebooks.py` lager av denne. Bare elevenes notebook vises
# i klasseromsappen (`make app`). Elevenes svar lagres i klassens mappe; `06_class_results.ipynb` leser dem inn.
# Den samme timen finnes på engelsk (`05_classroom_exercises.ipynb`, elever: `05_classroom_exercises_pupil.ipynb`)
# og på svensk (`05_klassrumsovningar.ipynb`, elever: `05_klassrumsovningar_elev.ipynb`); alle tre lagrer under
# de samme navnene på oppgavene, så en klasse med flere språk telles sammen.

# %% tags=["output-free"]
from cardlab.widgets.quiz import BidQuiz, FollowSuitQuiz, Lesson, TrickQuiz
LANG = "nb"
lesson = Lesson(lang=LANG)   # ett navn og ett språk for alle quizene nedenfor

# %% [markdown]
# ## 1. Hvilket kort vinner stikket?
#
# Det første kortet ble spilt ut. Se på trumfen (hvis det er en) før du klikker.

# %% tags=["nbval-ignore-output"]
tricks = [{"cards": "8C KC 4C QS"}, {"cards": "JH 2H AS 10H"}, {"cards": "6D AD 2S KD", "trump": "S"},
          {"cards": "QC 5H 9H AC", "trump": "H"}, {"cards": "3S 4S 2S 5D", "trump": "D"}]
trick_quiz = TrickQuiz(tricks, lesson=lesson, exercise="05 tricks")
trick_quiz

# %% [markdown] tags=["answer-key"]
# **Fasit.** Det vinnende kortet i hvert stikk og regelen som gjør at det vinner:

# %% tags=["answer-key"]
[(q.describe(), str(q.answer), q.check(q.answer).text(LANG)) for q in trick_quiz.questions]

# %% [markdown]
# ## 2. Hvilke kort kan du spille?
#
# Velg **alle** kortene du kan spille, og trykk så på *Sjekk*. I det siste spørsmålet er det trumftvang: hvis du
# ikke kan følge farge, men har trumf, må du legge en trumf.

# %% tags=["nbval-ignore-output"]
follow = [{"hand": "7H KS 2C 9H", "led": "QH"}, {"hand": "AD 3C 5C JS", "led": "10H"},
          {"hand": "2S 4D 6S KC", "led": "9S"}, {"hand": "5C QD 8H 3D", "led": "AS", "trump": "D", "must_trump": True}]
follow_quiz = FollowSuitQuiz(follow, lesson=lesson, exercise="05 follow suit")
follow_quiz

# %% [markdown] tags=["answer-key"]
# **Fasit.** Kortene hver hånd kan spille:

# %% tags=["answer-key"]
[(q.describe(), " ".join(map(str, sorted(q.answer, key=str)))) for q in follow_quiz.questions]

# %% [markdown]
# ## 3. Hva ville du meldt, og hvorfor?
#
# Fire spillere, fem kort hver, og du melder først. cardlab spiller hånden din 200 ganger mot boter, og de
# andre får nye kort hver gang (alltid de samme 200 givene, så svaret endrer seg aldri). En melding nær antallet
# stikk hånden tok, regnes som riktig. Si *hvorfor* før du klikker: hvilke av kortene dine tar et stikk?

# %% tags=["nbval-ignore-output"]
hands = [{"hand": "AS AH KS 2C 3D", "trump": "S", "deals": 200, "seed": 1},
         {"hand": "2C 3C 4D 5H 7S", "trump": "H", "deals": 200, "seed": 2},
         {"hand": "AC KC QC JC 10C", "trump": None, "deals": 200, "seed": 3}]
bid_quiz = BidQuiz(hands, lesson=lesson, exercise="05 bids")
bid_quiz

# %% [markdown] tags=["answer-key"]
# **Fasit.** Meldingene som regnes som riktige, fra den seedede simuleringen: hvert heltall som runder av en
# verdi innenfor 95 %-intervallet for hvor mange stikk hånden ventes å ta.

# %% tags=["answer-key"]
[(q.describe(), q.answer, q.teacher_note().text(LANG)) for q in bid_quiz.questions]

# %% [markdown]
# ## Spørsmål å snakke om
#
# 1. Se på det tredje stikket i del 1 igjen. Hvilket kort vant, og hvilken regel gjorde at det vant?
# 2. Se på den andre hånden i del 2. Hvilken regel bestemte hvilke kort du kunne spille?
# 3. Hånden med fem små kort i del 3: hvilken melding valgte du? Hvilket av kortene kunne likevel ta et stikk,
#    og hvor ofte gjorde det det?

# %% [markdown] tags=["answer-key"]
# **Fasit til samtalen.** (1) 2♠ vinner det tredje stikket: spar er trumf, og trumf slår alle kort i en annen
# farge, til og med A♦ som ble spilt ut. (2) Den andre hånden har ingen hjerter, fargen som ble spilt ut, så den
# kan spille hvilket kort den vil. (3) 0 og 1 regnes som riktig: i den seedede simuleringen tar hånden omtrent et
# halvt stikk. Den eneste trumfen, 5♥, er liten og tar bare av og til et stikk; de andre kortene er lave, så de
# andre slår dem nesten alltid.
#
# **Resultater.** Elevenes svar ligger i klassens mappe; `06_class_results.ipynb` viser dem i diagrammer. I denne
# notebooken lister `trick_quiz.report()` (og det samme for de to andre) én elevs svar.
