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
# # Kort och stick
#
# **Mål.** I dag lär du dig fyra saker som alla stickspel behöver:
#
# 1. kortleken,
# 2. att bekänna färg,
# 3. högsta kortet i den färg som spelades ut vinner,
# 4. trumf slår allt.
#
# För varje sak finns **något att prova** och **ett quiz**. Till sist **spelar** du ett riktigt spel, och sedan
# pratar vi om **vad som hände**. Tryck *Shift + Enter* för att köra en cell.

# %% [markdown]
# Först hämtar vi korten, bilderna och quizzen från cardlab.

# %% tags=["output-free"]
from IPython.display import HTML, display
import ipywidgets as widgets
from cardlab import Suit, full_deck, parse_cards, shuffled_deck, sorted_hand, legal_plays, trick_winner, winning_reason
from cardlab.display.cards import cards_html, trick_html
from cardlab.widgets import PlumpTable
from cardlab.widgets.try_it import try_it
from cardlab.widgets.quiz import FollowSuitQuiz, Lesson, TrickQuiz
LANG = "sv"
lesson = Lesson(lang=LANG)   # ett namn och ett språk för alla quiz nedanför

# %% [markdown]
# ## 1. Kortleken
#
# En kortlek har **52 kort**. Det finns fyra **färger**: klöver ♣, ruter ♦, hjärter ♥ och spader ♠. Varje färg
# har 13 kort: 2, 3, 4, 5, 6, 7, 8, 9, 10, knekt (J), dam (Q), kung (K) och ess (A). Esset är högst.
# Vi räknar dem.

# %%
deck = full_deck()
len(deck)

# %% [markdown]
# 52, precis som vi sa. Här är hela leken, en färg på varje rad:

# %%
HTML("<br>".join(cards_html([card for card in deck if card.suit == suit], width=38) for suit in Suit))


# %% [markdown]
# **Prova.** Dra i reglaget för att ta fler eller färre kort ur en blandad lek. Korten sorteras efter färg,
# som när du håller dem i handen.

# %% tags=["nbval-ignore-output"]
@try_it(lang=LANG, cards=widgets.IntSlider(min=1, max=13, value=5, description="kort"))
def draw(cards):
    hand = sorted_hand(shuffled_deck(rng=7)[:cards])
    display(HTML(cards_html(hand)))


# %% [markdown]
# **Quiz.** Hur många hjärter ♥ finns det i en kortlek?

# %% tags=["nbval-ignore-output"]
@try_it(lang=LANG, answer=widgets.ToggleButtons(options=["4", "13", "52"], value=None, description="♥"))
def hearts_quiz(answer):
    if answer == "13":
        print("Rätt! 13 hjärter: en av varje valör.")
    elif answer:
        print("Inte riktigt. Räkna raden med ♥ i leken ovanför.")


# %% [markdown]
# ## 2. Bekänna färg
#
# Ett **stick** är ett kort från varje spelare. Det första kortet **spelas ut**. Alla andra måste lägga ett kort
# i samma färg om de har en: det kallas att **bekänna färg**. Bara om du saknar färgen får du lägga vilket kort
# som helst. Här spelades hjärter ut: vilka kort i handen får spelas?

# %%
hand = parse_cards("7H KS 2C 9H")
HTML(cards_html(legal_plays(hand, "H")))


# %% [markdown]
# Bara de två hjärterna, 7♥ och 9♥. **Prova**: välj vilken färg som spelades ut och se vilka kort handen får lägga.

# %% tags=["nbval-ignore-output"]
@try_it(lang=LANG, led=widgets.ToggleButtons(options=[("♣", "C"), ("♦", "D"), ("♥", "H"), ("♠", "S")], value="H"))
def may_play(led):
    display(HTML(cards_html(legal_plays(hand, led))))


# %% [markdown]
# När ♦ spelas ut saknar handen ruter, så alla korten får spelas.

# %% [markdown]
# **Quiz.** Välj alla kort du får spela och tryck sedan på *Kontrollera*.

# %% tags=["nbval-ignore-output"]
FollowSuitQuiz([{"hand": "3S 8H QS 5D", "led": "JS"},
                {"hand": "2C 4C KD AH", "led": "6H"},
                {"hand": "10D 9C 4H 7H", "led": "QS"}], lesson=lesson, exercise="01 follow suit")

# %% [markdown]
# ## 3. Högsta kortet i utspelad färg vinner
#
# När alla har lagt vinner **det högsta kortet i den färg som spelades ut**. Ett kort i en annan färg kan inte
# vinna, hur högt det än är. I det här sticket spelades 10♠ ut:

# %%
trick = parse_cards("10S QS AS QH")
winner = trick_winner(trick)
HTML(trick_html(trick, winner_index=winner))

# %%
winning_reason(trick).text(LANG)

# %% [markdown]
# Spaderesset vinner (det har en guldram). Q♥ är också en dam, men hjärter spelades inte ut.
# **Prova**: välj fyra kort och trumf; vinnaren får guldram. Låt trumf vara "ingen" än så länge.

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
# **Quiz.** Klicka på kortet som vinner sticket. Det första kortet spelades ut.

# %% tags=["nbval-ignore-output"]
TrickQuiz([{"cards": "5H KH 9H AC"}, {"cards": "JD 2D QC 10D"}, {"cards": "3C 7S 8D 2C"}], lesson=lesson,
          exercise="01 led suit")

# %% [markdown]
# ## 4. Trumf slår allt
#
# I många spel väljs en färg som **trumf**. Ett trumfkort slår alla kort i de andra färgerna, till och med ett
# ess. Läggs flera trumf vinner den högsta trumfen. Du får bara trumfa när du inte kan bekänna färg.
# Här är ruter ♦ trumf:

# %%
trick = parse_cards("AS 3D KS")
HTML(trick_html(trick, winner_index=trick_winner(trick, trump="D")))

# %%
winning_reason(trick, trump="D").text(LANG)

# %% [markdown]
# Den lilla 3♦ slår spaderesset, eftersom ruter är trumf. Gå tillbaka till **Prova** i del 3 och välj en trumf:
# vilket kort vinner nu?

# %% [markdown]
# **Quiz.** Titta på trumffärgen ovanför korten!

# %% tags=["nbval-ignore-output"]
TrickQuiz([{"cards": "AS 3D KS", "trump": "D"}, {"cards": "QH 2C AH KC", "trump": "C"},
           {"cards": "9S 10S 4H JS", "trump": "H"}], lesson=lesson, exercise="01 trump")

# %% [markdown]
# ## Spela
#
# Nu spelar du ett riktigt parti **Plump** för barn: fem kort, ingen trumf, tre snälla bottar. Gissa först hur
# många stick du tar (ditt **bud**), och spela sedan. Du får poäng när du tar precis så många stick som du bjöd.
# Tryck på *Nästa* så spelar bottarna.

# %% tags=["nbval-ignore-output"]
PlumpTable("kids", rng=1, lang=LANG)

# %% [markdown]
# ## Vad hände
#
# * Leken har 52 kort i fyra färger med 13 kort i varje.
# * Du måste bekänna färg när du kan.
# * Högsta kortet i utspelad färg vinner sticket …
# * … om ingen lägger trumf: då vinner den högsta trumfen.
#
# ## Frågor att prata om
#
# 1. Varför kan en tvåa ibland vinna ett stick?
# 2. Du saknar den utspelade färgen. Vilket kort skulle du slänga, och varför?
# 3. I Plump, är det lättare att bjuda 0 med fem låga kort eller med fem höga kort?
