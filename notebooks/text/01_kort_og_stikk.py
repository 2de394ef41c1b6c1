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
# # Kort og stikk
#
# **Mål.** I dag lærer du fire ting som alle stikkspill trenger:
#
# 1. kortstokken,
# 2. å følge farge,
# 3. det høyeste kortet i fargen som ble spilt ut, vinner,
# 4. trumf slår alt.
#
# For hver ting får du **noe å prøve** og **en quiz**. Til slutt **spiller** du et ekte spill, og så snakker
# vi om **hva som skjedde**. Trykk *Shift + Enter* for å kjøre en celle.

# %% [markdown]
# Først henter vi kortene, bildene og quizene fra cardlab.

# %% tags=["output-free"]
from IPython.display import HTML, display
import ipywidgets as widgets
from cardlab import Suit, full_deck, parse_cards, shuffled_deck, sorted_hand, legal_plays, trick_winner, winning_reason
from cardlab.display.cards import cards_html, trick_html
from cardlab.widgets import PlumpTable
from cardlab.widgets.try_it import try_it
from cardlab.widgets.quiz import FollowSuitQuiz, Lesson, TrickQuiz
LANG = "nb"
lesson = Lesson(lang=LANG)   # ett navn og ett språk for alle quizene nedenfor

# %% [markdown]
# ## 1. Kortstokken
#
# En kortstokk har **52 kort**. Det finnes fire **farger**: kløver ♣, ruter ♦, hjerter ♥ og spar ♠. Hver farge
# har 13 kort: 2, 3, 4, 5, 6, 7, 8, 9, 10, knekt (J), dame (Q), konge (K) og ess (A). Esset er høyest.
# Vi teller dem.

# %%
deck = full_deck()
len(deck)

# %% [markdown]
# 52, akkurat som vi sa. Her er hele kortstokken, én farge på hver rad:

# %%
HTML("<br>".join(cards_html([card for card in deck if card.suit == suit], width=38) for suit in Suit))


# %% [markdown]
# **Prøv.** Dra i glidebryteren for å trekke flere eller færre kort fra en stokket kortstokk. Kortene sorteres
# etter farge, slik som når du holder dem på hånden.

# %% tags=["nbval-ignore-output"]
@try_it(lang=LANG, cards=widgets.IntSlider(min=1, max=13, value=5, description="kort"))
def draw(cards):
    hand = sorted_hand(shuffled_deck(rng=7)[:cards])
    display(HTML(cards_html(hand)))


# %% [markdown]
# **Quiz.** Hvor mange hjerter ♥ er det i en kortstokk?

# %% tags=["nbval-ignore-output"]
@try_it(lang=LANG, answer=widgets.ToggleButtons(options=["4", "13", "52"], value=None, description="♥"))
def hearts_quiz(answer):
    if answer == "13":
        print("Riktig! 13 hjerter: ett av hver verdi.")
    elif answer:
        print("Ikke helt. Tell raden med ♥ i kortstokken over.")


# %% [markdown]
# ## 2. Følge farge
#
# Et **stikk** er ett kort fra hver spiller. Det første kortet **spilles ut**. Alle de andre må legge et kort i
# samme farge hvis de har det: det kalles å **følge farge**. Bare hvis du ikke har fargen, kan du legge hvilket
# kort du vil. Her ble hjerter spilt ut: hvilke kort på hånden kan spilles?

# %%
hand = parse_cards("7H KS 2C 9H")
HTML(cards_html(legal_plays(hand, "H")))


# %% [markdown]
# Bare de to hjerterne, 7♥ og 9♥. **Prøv**: velg fargen som ble spilt ut, og se hvilke kort hånden kan legge.

# %% tags=["nbval-ignore-output"]
@try_it(lang=LANG, led=widgets.ToggleButtons(options=[("♣", "C"), ("♦", "D"), ("♥", "H"), ("♠", "S")], value="H"))
def may_play(led):
    display(HTML(cards_html(legal_plays(hand, led))))


# %% [markdown]
# Når ♦ spilles ut, har hånden ingen ruter, så alle kortene kan spilles.

# %% [markdown]
# **Quiz.** Velg alle kortene du kan spille, og trykk så på *Sjekk*.

# %% tags=["nbval-ignore-output"]
FollowSuitQuiz([{"hand": "3S 8H QS 5D", "led": "JS"},
                {"hand": "2C 4C KD AH", "led": "6H"},
                {"hand": "10D 9C 4H 7H", "led": "QS"}], lesson=lesson, exercise="01 follow suit")

# %% [markdown]
# ## 3. Det høyeste kortet i utspilt farge vinner
#
# Når alle har lagt, vinner **det høyeste kortet i fargen som ble spilt ut**. Et kort i en annen farge kan ikke
# vinne, uansett hvor høyt det er. I dette stikket ble 10♠ spilt ut:

# %%
trick = parse_cards("10S QS AS QH")
winner = trick_winner(trick)
HTML(trick_html(trick, winner_index=winner))

# %%
winning_reason(trick).text(LANG)

# %% [markdown]
# Sparesset vinner (det har gullramme). Q♥ er også en dame, men hjerter ble ikke spilt ut.
# **Prøv**: velg fire kort og trumf; vinneren får gullramme. La trumf være "ingen" foreløpig.

# %% tags=["nbval-ignore-output"]
names = [str(card) for card in full_deck()]
pick = lambda value: widgets.Dropdown(options=names, value=value, layout=widgets.Layout(width="80px"))
trumps = [("ingen", None), ("♣", "C"), ("♦", "D"), ("♥", "H"), ("♠", "S")]

@try_it(lang=LANG, a=pick("10♠"), b=pick("Q♠"), c=pick("A♠"), d=pick("Q♥"), trump=trumps)
def try_trick(a, b, c, d, trump):
    cards = [deck[names.index(x)] for x in (a, b, c, d)]
    display(HTML(trick_html(cards, winner_index=trick_winner(cards, trump))))
    print(winning_reason(cards, trump).text(LANG))


# %% [markdown]
# **Quiz.** Klikk på kortet som vinner stikket. Det første kortet ble spilt ut.

# %% tags=["nbval-ignore-output"]
TrickQuiz([{"cards": "5H KH 9H AC"}, {"cards": "JD 2D QC 10D"}, {"cards": "3C 7S 8D 2C"}], lesson=lesson,
          exercise="01 led suit")

# %% [markdown]
# ## 4. Trumf slår alt
#
# I mange spill velges én farge som **trumf**. Et trumfkort slår alle kort i de andre fargene, til og med et
# ess. Legges det flere trumfer, vinner den høyeste trumfen. Du kan bare trumfe når du ikke kan følge farge.
# Her er ruter ♦ trumf:

# %%
trick = parse_cards("AS 3D KS")
HTML(trick_html(trick, winner_index=trick_winner(trick, trump="D")))

# %%
winning_reason(trick, trump="D").text(LANG)

# %% [markdown]
# Den lille 3♦ slår sparesset, fordi ruter er trumf. Gå tilbake til **Prøv** i del 3 og velg en trumf:
# hvilket kort vinner nå?

# %% [markdown]
# **Quiz.** Se på trumffargen over kortene!

# %% tags=["nbval-ignore-output"]
TrickQuiz([{"cards": "AS 3D KS", "trump": "D"}, {"cards": "QH 2C AH KC", "trump": "C"},
           {"cards": "9S 10S 4H JS", "trump": "H"}], lesson=lesson, exercise="01 trump")

# %% [markdown]
# ## Spill
#
# Nå spiller du et ekte parti **Plump** for barn: fem kort, ingen trumf, tre snille boter. Gjett først hvor
# mange stikk du tar (det du **melder**), og spill så. Du får poeng når du tar akkurat så mange stikk som du
# meldte. Trykk på *Neste* så spiller botene.

# %% tags=["nbval-ignore-output"]
PlumpTable("kids", rng=1, lang=LANG)

# %% [markdown]
# ## Hva skjedde
#
# * Kortstokken har 52 kort i fire farger med 13 kort i hver.
# * Du må følge farge når du kan.
# * Det høyeste kortet i utspilt farge vinner stikket …
# * … hvis ingen legger trumf: da vinner den høyeste trumfen.
#
# ## Spørsmål å snakke om
#
# 1. Hvorfor kan en toer noen ganger vinne et stikk?
# 2. Du har ikke fargen som ble spilt ut. Hvilket kort ville du kastet, og hvorfor?
# 3. I Plump, er det lettere å melde 0 med fem lave kort eller med fem høye kort?
