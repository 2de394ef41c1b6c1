# ---
# jupyter:
#   cardlab:
#     made_from: teacher/05_klasseromsoppgaver.ipynb
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
# # Oppgaver i klassen: stikk, lovlige kort og meldinger
#
# **Mål.** Tre runder med spørsmål som retter seg selv: *hvilket kort vinner?*, *hvilke kort kan du spille?* og
# *hva ville du meldt, og hvorfor?* Hvert svar får en setning som sier hvorfor.
#
# **Navnet ditt.** Skriv navnet ditt én gang, i navneboksen under hvilken som helst av quizene, og trykk Enter:
# alle svarene du allerede har gitt, og alle svarene du gir etterpå, lagres for læreren din (*Lagre svarene*
# lagrer på nytt).

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

# %% [markdown]
# ## Spørsmål å snakke om
#
# 1. Se på det tredje stikket i del 1 igjen. Hvilket kort vant, og hvilken regel gjorde at det vant?
# 2. Se på den andre hånden i del 2. Hvilken regel bestemte hvilke kort du kunne spille?
# 3. Hånden med fem små kort i del 3: hvilken melding valgte du? Hvilket av kortene kunne likevel ta et stikk,
#    og hvor ofte gjorde det det?
