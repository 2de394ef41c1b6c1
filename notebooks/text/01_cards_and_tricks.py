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
# # Cards and tricks
#
# **Aim.** Today you learn four things that every trick game needs:
#
# 1. the deck of cards,
# 2. following suit,
# 3. the highest card of the suit that was led wins,
# 4. trump beats everything.
#
# For each idea you get **something to try** and **a quiz**. At the end you **play** a real game, and then we
# talk about **what happened**. Press *Shift + Enter* to run a cell.

# %% [markdown]
# First we fetch the cards, the pictures and the quizzes from cardlab.

# %% tags=["output-free"]
from IPython.display import HTML, display
import ipywidgets as widgets
from cardlab import Suit, full_deck, parse_cards, shuffled_deck, sorted_hand, legal_plays, trick_winner, winning_reason
from cardlab.display.cards import cards_html, trick_html
from cardlab.widgets import PlumpTable
from cardlab.widgets.try_it import try_it
from cardlab.widgets.quiz import FollowSuitQuiz, Lesson, TrickQuiz
LANG = "en"
lesson = Lesson(lang=LANG)   # one name and one language for every quiz below

# %% [markdown]
# ## 1. The deck
#
# A deck has **52 cards**. There are four **suits**: clubs ♣, diamonds ♦, hearts ♥ and spades ♠. Each suit has
# 13 cards: 2, 3, 4, 5, 6, 7, 8, 9, 10, jack (J), queen (Q), king (K) and ace (A). The ace is the highest.
# Let us count them.

# %%
deck = full_deck()
len(deck)

# %% [markdown]
# 52, as promised. Here is the whole deck, one suit on each row:

# %%
HTML("<br>".join(cards_html([card for card in deck if card.suit == suit], width=38) for suit in Suit))


# %% [markdown]
# **Try it.** Move the slider to draw more or fewer cards from a shuffled deck. The cards are sorted by suit,
# the way you hold them in your hand.

# %% tags=["nbval-ignore-output"]
@try_it(lang=LANG, cards=widgets.IntSlider(min=1, max=13, value=5, description="cards"))
def draw(cards):
    hand = sorted_hand(shuffled_deck(rng=7)[:cards])
    display(HTML(cards_html(hand)))


# %% [markdown]
# **Quiz.** How many hearts ♥ are there in a deck?

# %% tags=["nbval-ignore-output"]
@try_it(lang=LANG, answer=widgets.ToggleButtons(options=["4", "13", "52"], value=None, description="♥"))
def hearts_quiz(answer):
    if answer == "13":
        print("Right! 13 hearts: one of each rank.")
    elif answer:
        print("Not quite. Count the ♥ row in the deck above.")


# %% [markdown]
# ## 2. Following suit
#
# A **trick** is one card from each player. The first card is **led**. Everyone else must play a card of the
# same suit if they have one: that is called **following suit**. Only if you have none of that suit may you play
# any card. Here hearts were led: which cards of this hand may be played?

# %%
hand = parse_cards("7H KS 2C 9H")
HTML(cards_html(legal_plays(hand, "H")))


# %% [markdown]
# Only the two hearts, 7♥ and 9♥. **Try it**: pick the suit that was led and see which cards this hand may play.

# %% tags=["nbval-ignore-output"]
@try_it(lang=LANG, led=widgets.ToggleButtons(options=[("♣", "C"), ("♦", "D"), ("♥", "H"), ("♠", "S")], value="H"))
def may_play(led):
    display(HTML(cards_html(legal_plays(hand, led))))


# %% [markdown]
# With ♦ led this hand has no diamonds, so every card may be played.

# %% [markdown]
# **Quiz.** Choose every card you may play, then press *Check*.

# %% tags=["nbval-ignore-output"]
FollowSuitQuiz([{"hand": "3S 8H QS 5D", "led": "JS"},
                {"hand": "2C 4C KD AH", "led": "6H"},
                {"hand": "10D 9C 4H 7H", "led": "QS"}], lesson=lesson, exercise="01 follow suit")

# %% [markdown]
# ## 3. The highest card of the led suit wins
#
# When everyone has played, the **highest card of the suit that was led** takes the trick. A card of another
# suit cannot win, however high it is. In this trick 10♠ was led:

# %%
trick = parse_cards("10S QS AS QH")
winner = trick_winner(trick)
HTML(trick_html(trick, winner_index=winner))

# %%
winning_reason(trick).text(LANG)

# %% [markdown]
# The ace of spades wins (it has the gold frame). Q♥ is a queen too, but hearts were not led.
# **Try it**: choose four cards and a trump; the winner gets the gold frame. Leave trump at "none" for now.

# %% tags=["nbval-ignore-output"]
names = [str(card) for card in full_deck()]
pick = lambda value: widgets.Dropdown(options=names, value=value, layout=widgets.Layout(width="80px"))
trumps = [("none", None), ("♣", "C"), ("♦", "D"), ("♥", "H"), ("♠", "S")]

@try_it(lang=LANG, a=pick("10♠"), b=pick("Q♠"), c=pick("A♠"), d=pick("Q♥"), trump=trumps)
def try_trick(a, b, c, d, trump):
    cards = [deck[names.index(x)] for x in (a, b, c, d)]
    display(HTML(trick_html(cards, winner_index=trick_winner(cards, trump))))
    print(winning_reason(cards, trump).text(LANG))


# %% [markdown]
# **Quiz.** Click the card that wins the trick. The first card was led.

# %% tags=["nbval-ignore-output"]
TrickQuiz([{"cards": "5H KH 9H AC"}, {"cards": "JD 2D QC 10D"}, {"cards": "3C 7S 8D 2C"}], lesson=lesson,
          exercise="01 led suit")

# %% [markdown]
# ## 4. Trump beats everything
#
# Many games choose one suit as **trump**. A trump card beats every card of the other suits, even an ace. If
# several trumps are played, the highest trump wins. You may only play a trump when you cannot follow suit.
# Here diamonds ♦ are trump:

# %%
trick = parse_cards("AS 3D KS")
HTML(trick_html(trick, winner_index=trick_winner(trick, trump="D")))

# %%
winning_reason(trick, trump="D").text(LANG)

# %% [markdown]
# The little 3♦ beats the ace of spades, because diamonds are trump. Go back to **Try it** in part 3 and choose
# a trump: which card wins now?

# %% [markdown]
# **Quiz.** Watch the trump suit above the cards!

# %% tags=["nbval-ignore-output"]
TrickQuiz([{"cards": "AS 3D KS", "trump": "D"}, {"cards": "QH 2C AH KC", "trump": "C"},
           {"cards": "9S 10S 4H JS", "trump": "H"}], lesson=lesson, exercise="01 trump")

# %% [markdown]
# ## Play
#
# Now play a real game of **Plump** for children: five cards, no trump, three friendly bots. First guess how
# many tricks you will take (your **bid**), then play. You score when you take exactly as many tricks as you bid.
# Press *Next* to let the bots play.

# %% tags=["nbval-ignore-output"]
PlumpTable("kids", rng=1, lang=LANG)

# %% [markdown]
# ## What happened
#
# * The deck has 52 cards in four suits of 13.
# * You must follow suit when you can.
# * The highest card of the led suit wins the trick …
# * … unless someone plays a trump: then the highest trump wins.
#
# ## Questions to talk about
#
# 1. Why can a 2 sometimes win a trick?
# 2. You have no card of the led suit. Which card would you throw away, and why?
# 3. In Plump, is it easier to bid 0 with five small cards or with five big cards?
