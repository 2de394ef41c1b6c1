# ---
# jupyter:
#   cardlab:
#     made_from: teacher/05_klassrumsovningar.ipynb
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
# # Övningar i klassen: stick, tillåtna kort och bud
#
# **Mål.** Tre omgångar frågor som rättar sig själva: *vilket kort vinner?*, *vilka kort får du spela?* och
# *vad skulle du bjuda, och varför?* Varje svar får en mening som säger varför.
#
# **Ditt namn.** Skriv ditt namn en gång, i namnrutan under vilket quiz som helst, och tryck Enter: alla svar
# du redan har gett, och alla svar du ger sedan, sparas åt din lärare (*Spara svaren* sparar igen).

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

# %% [markdown]
# ## Frågor att prata om
#
# 1. Titta på det tredje sticket i del 1 igen. Vilket kort vann, och vilken regel gjorde att det vann?
# 2. Titta på den andra handen i del 2. Vilken regel bestämde vilka kort du fick spela?
# 3. Handen med fem små kort i del 3: vilket bud valde du? Vilket av korten kunde ändå ta ett stick, och hur
#    ofta gjorde det det?
