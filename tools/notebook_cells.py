"""The cells of every notebook (used by build_notebooks.py).  One function per notebook."""

from __future__ import annotations

IGNORE = "nbval-ignore-output"
SILENT = "output-free"


def md(text: str, *tags: str):
    return ("md", text.strip("\n"), tags)


def code(text: str, *, silent: bool = False, ignore: bool = False, tags=()):
    t = list(tags)
    if silent:
        t.append(SILENT)
    if ignore:
        t.append(IGNORE)
    return ("code", text.strip("\n"), tuple(t))


# =========================================================== 01 cards and tricks
def cards_and_tricks(lang: str):
    sv = lang == "sv"

    def T(en, sv_text):
        return sv_text if sv else en

    return [
        md(T("""
# Cards and tricks

**Aim.** Today you learn four things that every trick game needs:

1. the deck of cards,
2. following suit,
3. the highest card of the suit that was led wins,
4. trump beats everything.

For each idea you get **something to try** and **a quiz**. At the end you **play** a real game, and then we
talk about **what happened**. Press *Shift + Enter* to run a cell.
""", """
# Kort och stick

**Mål.** I dag lär du dig fyra saker som alla stickspel behöver:

1. kortleken,
2. att bekänna färg,
3. högsta kortet i den färg som spelades ut vinner,
4. trumf slår allt.

För varje sak finns **något att prova** och **ett quiz**. Till sist **spelar** du ett riktigt spel, och sedan
pratar vi om **vad som hände**. Tryck *Shift + Enter* för att köra en cell.
""")),
        md(T("First we fetch the cards, the pictures and the quizzes from cardlab.",
             "Först hämtar vi korten, bilderna och quizzen från cardlab.")),
        code(f"""
from IPython.display import HTML, display
import ipywidgets as widgets
from cardlab import Suit, full_deck, parse_cards, shuffled_deck, sorted_hand, legal_plays, trick_winner, winning_reason
from cardlab.display.cards import cards_html, trick_html
from cardlab.widgets import FollowSuitQuiz, PlumpTable, TrickQuiz
LANG = "{lang}"
""", silent=True),
        # ---------------------------------------------------------------- 1 deck
        md(T("""
## 1. The deck

A deck has **52 cards**. There are four **suits**: clubs ♣, diamonds ♦, hearts ♥ and spades ♠. Each suit has
13 cards: 2, 3, 4, 5, 6, 7, 8, 9, 10, jack (J), queen (Q), king (K) and ace (A). The ace is the highest.
Let us count them.
""", """
## 1. Kortleken

En kortlek har **52 kort**. Det finns fyra **färger**: klöver ♣, ruter ♦, hjärter ♥ och spader ♠. Varje färg
har 13 kort: 2, 3, 4, 5, 6, 7, 8, 9, 10, knekt (J), dam (Q), kung (K) och ess (A). Esset är högst.
Vi räknar dem.
""")),
        code("""
deck = full_deck()
len(deck)
"""),
        md(T("52, as promised. Here is the whole deck, one suit on each row:",
             "52, precis som vi sa. Här är hela leken, en färg på varje rad:")),
        code("""
HTML("<br>".join(cards_html([card for card in deck if card.suit == suit], width=38) for suit in Suit))
"""),
        md(T("""
**Try it.** Move the slider to draw more or fewer cards from a shuffled deck. The cards are sorted by suit,
the way you hold them in your hand.
""", """
**Prova.** Dra i reglaget för att ta fler eller färre kort ur en blandad lek. Korten sorteras efter färg,
som när du håller dem i handen.
""")),
        code(f"""
@widgets.interact(cards=widgets.IntSlider(min=1, max=13, value=5, description="{T('cards', 'kort')}"))
def draw(cards):
    hand = sorted_hand(shuffled_deck(rng=7)[:cards])
    display(HTML(cards_html(hand)))
""", ignore=True),
        md(T("**Quiz.** How many hearts ♥ are there in a deck?", "**Quiz.** Hur många hjärter ♥ finns det i en kortlek?")),
        code(f"""
@widgets.interact(answer=widgets.ToggleButtons(options=["4", "13", "52"], value=None, description="♥"))
def hearts_quiz(answer):
    if answer == "13":
        print("{T('Right! 13 hearts: one of each rank.', 'Rätt! 13 hjärter: en av varje valör.')}")
    elif answer:
        print("{T('Not quite. Count the ♥ row in the deck above.', 'Inte riktigt. Räkna raden med ♥ i leken ovanför.')}")
""", ignore=True),
        # ---------------------------------------------------------------- 2 follow suit
        md(T("""
## 2. Following suit

A **trick** is one card from each player. The first card is **led**. Everyone else must play a card of the
same suit if they have one: that is called **following suit**. Only if you have none of that suit may you play
any card. Here hearts were led: which cards of this hand may be played?
""", """
## 2. Bekänna färg

Ett **stick** är ett kort från varje spelare. Det första kortet **spelas ut**. Alla andra måste lägga ett kort
i samma färg om de har en: det kallas att **bekänna färg**. Bara om du saknar färgen får du lägga vilket kort
som helst. Här spelades hjärter ut: vilka kort i handen får spelas?
""")),
        code("""
hand = parse_cards("7H KS 2C 9H")
HTML(cards_html(legal_plays(hand, "H")))
"""),
        md(T("""
Only the two hearts, 7♥ and 9♥. **Try it**: pick the suit that was led and see which cards this hand may play.
""", """
Bara de två hjärterna, 7♥ och 9♥. **Prova**: välj vilken färg som spelades ut och se vilka kort handen får lägga.
""")),
        code(f"""
@widgets.interact(led=widgets.ToggleButtons(options=[("♣", "C"), ("♦", "D"), ("♥", "H"), ("♠", "S")], value="H"))
def may_play(led):
    display(HTML(cards_html(legal_plays(hand, led))))
""", ignore=True),
        md(T("With ♦ led this hand has no diamonds, so every card may be played.",
             "När ♦ spelas ut saknar handen ruter, så alla korten får spelas.")),
        md(T("**Quiz.** Choose every card you may play, then press *Check*.",
             "**Quiz.** Välj alla kort du får spela och tryck sedan på *Kontrollera*.")),
        code("""
FollowSuitQuiz([{"hand": "3S 8H QS 5D", "led": "JS"},
                {"hand": "2C 4C KD AH", "led": "6H"},
                {"hand": "10D 9C 4H 7H", "led": "QS"}], lang=LANG)
""", ignore=True),
        # ---------------------------------------------------------------- 3 highest card
        md(T("""
## 3. The highest card of the led suit wins

When everyone has played, the **highest card of the suit that was led** takes the trick. A card of another
suit cannot win, however high it is. In this trick 10♠ was led:
""", """
## 3. Högsta kortet i utspelad färg vinner

När alla har lagt vinner **det högsta kortet i den färg som spelades ut**. Ett kort i en annan färg kan inte
vinna, hur högt det än är. I det här sticket spelades 10♠ ut:
""")),
        code("""
trick = parse_cards("10S QS AS QH")
winner = trick_winner(trick)
HTML(trick_html(trick, winner_index=winner))
"""),
        code("""
winning_reason(trick).text(LANG)
"""),
        md(T("""
The ace of spades wins (it has the gold frame). Q♥ is a queen too, but hearts were not led.
**Try it**: choose four cards and a trump; the winner gets the gold frame. Leave trump at "none" for now.
""", """
Spaderesset vinner (det har en guldram). Q♥ är också en dam, men hjärter spelades inte ut.
**Prova**: välj fyra kort och trumf; vinnaren får guldram. Låt trumf vara "ingen" än så länge.
""")),
        code(f"""
names = [str(card) for card in full_deck()]
pick = lambda value: widgets.Dropdown(options=names, value=value, layout=widgets.Layout(width="80px"))
trumps = [("{T('none', 'ingen')}", None), ("♣", "C"), ("♦", "D"), ("♥", "H"), ("♠", "S")]

@widgets.interact(a=pick("10♠"), b=pick("Q♠"), c=pick("A♠"), d=pick("Q♥"), trump=trumps)
def try_trick(a, b, c, d, trump):
    cards = [deck[names.index(x)] for x in (a, b, c, d)]
    display(HTML(trick_html(cards, winner_index=trick_winner(cards, trump))))
    print(winning_reason(cards, trump).text(LANG))
""", ignore=True),
        md(T("**Quiz.** Click the card that wins the trick. The first card was led.",
             "**Quiz.** Klicka på kortet som vinner sticket. Det första kortet spelades ut.")),
        code("""
TrickQuiz([{"cards": "5H KH 9H AC"}, {"cards": "JD 2D QC 10D"}, {"cards": "3C 7S 8D 2C"}], lang=LANG)
""", ignore=True),
        # ---------------------------------------------------------------- 4 trump
        md(T("""
## 4. Trump beats everything

Many games choose one suit as **trump**. A trump card beats every card of the other suits, even an ace. If
several trumps are played, the highest trump wins. You may only play a trump when you cannot follow suit.
Here diamonds ♦ are trump:
""", """
## 4. Trumf slår allt

I många spel väljs en färg som **trumf**. Ett trumfkort slår alla kort i de andra färgerna, till och med ett
ess. Läggs flera trumf vinner den högsta trumfen. Du får bara trumfa när du inte kan bekänna färg.
Här är ruter ♦ trumf:
""")),
        code("""
trick = parse_cards("AS 3D KS")
HTML(trick_html(trick, winner_index=trick_winner(trick, trump="D")))
"""),
        code("""
winning_reason(trick, trump="D").text(LANG)
"""),
        md(T("""
The little 3♦ beats the ace of spades, because diamonds are trump. Go back to **Try it** in part 3 and choose
a trump: which card wins now?
""", """
Den lilla 3♦ slår spaderesset, eftersom ruter är trumf. Gå tillbaka till **Prova** i del 3 och välj en trumf:
vilket kort vinner nu?
""")),
        md(T("**Quiz.** Watch the trump suit above the cards!", "**Quiz.** Titta på trumffärgen ovanför korten!")),
        code("""
TrickQuiz([{"cards": "AS 3D KS", "trump": "D"}, {"cards": "QH 2C AH KC", "trump": "C"},
           {"cards": "9S 10S 4H JS", "trump": "H"}], lang=LANG)
""", ignore=True),
        # ---------------------------------------------------------------- play
        md(T("""
## Play

Now play a real game of **Plump** for children: five cards, no trump, three friendly bots. First guess how
many tricks you will take (your **bid**), then play. You score when you take exactly as many tricks as you bid.
Press *Next* to let the bots play.
""", """
## Spela

Nu spelar du ett riktigt parti **Plump** för barn: fem kort, ingen trumf, tre snälla bottar. Gissa först hur
många stick du tar (ditt **bud**), och spela sedan. Du får poäng när du tar precis så många stick som du bjöd.
Tryck på *Nästa* så spelar bottarna.
""")),
        code("""
PlumpTable("kids", rng=1, lang=LANG)
""", ignore=True),
        md(T("""
## What happened

* The deck has 52 cards in four suits of 13.
* You must follow suit when you can.
* The highest card of the led suit wins the trick …
* … unless someone plays a trump: then the highest trump wins.

## Questions to talk about

1. Why can a 2 sometimes win a trick?
2. You have no card of the led suit. Which card would you throw away, and why?
3. In Plump, is it easier to bid 0 with five small cards or with five big cards?
""", """
## Vad hände

* Leken har 52 kort i fyra färger med 13 kort i varje.
* Du måste bekänna färg när du kan.
* Högsta kortet i utspelad färg vinner sticket …
* … om ingen lägger trumf: då vinner den högsta trumfen.

## Frågor att prata om

1. Varför kan en tvåa ibland vinna ett stick?
2. Du saknar den utspelade färgen. Vilket kort skulle du slänga, och varför?
3. I Plump, är det lättare att bjuda 0 med fem låga kort eller med fem höga kort?
""")),
    ]


# =========================================================== 02 play plump
def play_plump():
    return [
        md("""
# Play Plump

**Aim.** Learn Plump (Oh Hell): guess how many tricks you will take, then take exactly that many. First the
children's version (five cards, no trump, no hook), then the classic game with trump and the hook (kroken).
"""),
        code("""
from IPython.display import HTML
from cardlab import PlumpRules, PlumpRound, Bid
from cardlab.widgets import PlumpTable
""", silent=True),
        md("""
## The rules in one minute

Each round everybody gets the same number of cards. Everybody **bids** how many tricks they think they will
take, starting left of the dealer; the dealer bids last. Then the tricks are played: follow suit if you can,
highest card of the led suit wins, trump beats everything. Taking **exactly** your bid scores 10 plus the
tricks (bid 3, take 3: 13 points). Missing, by one or by five, scores nothing: a **plump**. The children's
preset keeps it small:
"""),
        code("""
kids = PlumpRules.preset("kids")
kids.hand_sizes(), kids.trump, kids.hook
"""),
        md("Five rounds down from five cards to one and back up: nine rounds, no trump and no hook."),
        md("""
## Play: the children's game

You are seat 0 at the bottom. Click a number to bid, click a card to play it, press *Next* to let the bots
move. A card you may not play is grey; clicking it tells you which rule says no.
"""),
        code("""
PlumpTable("kids", rng=2, lang="en")
""", ignore=True),
        md("""
## The classic game and the hook

The classic rules turn up a card after dealing: its suit is **trump**. They also have **the hook** (kroken,
spärren): the dealer may not bid the number that makes all bids add up to the number of cards in the round,
so at least one player has to miss. Here is a round where the hook bites. Three players have bid 1, 0 and 1
with three cards each; the dealer may bid anything from 0 to 3 — except 1.
"""),
        code("""
rules = PlumpRules(players=4)
rnd = PlumpRound.from_hands(["AS KH 2C", "QC 3C 4D", "9S 8S AD", "5S 6D 7C"], dealer=3, rules=rules, trump_card="5H")
for seat, tricks in [(0, 1), (1, 0), (2, 1)]:
    rnd.apply(Bid(seat=seat, tricks=tricks))
[bid.tricks for bid in rnd.legal_actions()]
"""),
        code("""
rnd.why_illegal(Bid(seat=3, tricks=1), "en")
"""),
        md("""
The engine left 1 out of the dealer's choices and says why. With 1 + 0 + 1 already bid, the dealer's 1 would
make 3 = the number of cards. Now play the classic game (19 rounds from 10 cards down to 1 and back up; the
table shows when the hook bites):
"""),
        code("""
PlumpTable("classic", rng=3, lang="en")
""", ignore=True),
        md("""
## What happened

* Bidding is guessing your tricks; the score rewards guessing **exactly**.
* In the children's game there is no trump, so a high card of the led suit is safe.
* In the classic game the hook means the bids never add up, so somebody plumps every round.

## Questions

1. Why does the hook hurt the dealer more than anybody else? (Notebook 12 measures it.)
2. With one card and four players, would you bid 0 or 1 holding an ace? (Notebook 10 works it out.)
3. Which is easier to make: a bid of 0 or a bid of 1?
"""),
    ]


# =========================================================== 03 play femkamp
def play_femkamp():
    return [
        md("""
# Play Femkamp

**Aim.** Learn the Norwegian *5-kamp*: five rounds with five different goals, and the lowest total wins.
Four rounds are trick rounds without trump; the fifth, **kabal**, is like Sevens.
"""),
        code("""
from cardlab import FemkampRules
from cardlab.rules.femkamp import ROUND_NAMES, round_goal, round_scoring, round_title
from cardlab.widgets import FemkampTable
import pandas as pd
""", silent=True),
        md("## Each round's goal\n\nThe rules say what each round is about; here they are as a table:"),
        code("""
rules = FemkampRules()
pd.DataFrame({"round": [round_title(n, "en") for n in ROUND_NAMES],
              "goal": [round_goal(n, "en") for n in ROUND_NAMES],
              "points": [round_scoring(n, "en", rules) for n in ROUND_NAMES]})
"""),
        md("""
Points are bad in every round except the grand round, where each trick takes one point *off*. So in the
first three rounds you duck, in the fourth you grab, and in kabal you race to empty your hand.

## Kabal (the sevens round)

All 52 cards are dealt. On your turn you must play a card if you can: a 7 starts its suit's row, and a row
grows down from its 7 (6, 5, … A) and up (8, 9, … K), one card at a time. If no card of yours fits you say
**prikk** and score 1. When somebody plays their last card the round ends and everybody else adds the cards
left in their hand.

## Play

You are seat 0. The round's goal stays at the top of the table; press *Next* to let the bots play, and
*Prikk* in the kabal round when nothing fits.
"""),
        code("""
FemkampTable(rng=5, lang="en")
""", ignore=True),
        md("""
## What happened

* The same cards are good in one round and bad in the next: an ace is a danger in the pass round and a
  treasure in the grand round.
* In kabal, keeping a 7 back can block other players' rows, but every turn you cannot play costs a prikk.

## Questions

1. Which round scored the most points for you? (Notebook 13 asks which round usually decides the game.)
2. In the queens round, when is it safe to play a high card?
3. Why is it risky to keep the 7s for too long in kabal?
"""),
    ]


# =========================================================== 04 play rummy
def play_rummy():
    return [
        md("""
# Play Rummy

**Aim.** Learn Rummy: collect **sets** (3 or 4 cards of one rank) and **runs** (3 or more in a row in one
suit), lay them down, and be the first with an empty hand.
"""),
        code("""
from cardlab import RummyRules, is_set, is_run, hand_penalty, parse_cards
from cardlab.widgets import RummyTable
""", silent=True),
        md("## Sets and runs\n\nThe engine can tell a meld when it sees one. Three sevens are a set:"),
        code("""
is_set(parse_cards("7H 7S 7C")), is_run(parse_cards("7H 7S 7C"))
"""),
        md("Three hearts in a row are a run. The ace is low only, so A-2-3 is a run and Q-K-A is not:"),
        code("""
is_run(parse_cards("AH 2H 3H")), is_run(parse_cards("QH KH AH"))
"""),
        md("""
## A turn

1. **Draw** the top card of the stock or of the discard pile.
2. **Meld**: lay down sets and runs, or lay cards off on melds already on the table (yours or anyone's).
3. **Discard** one card: your turn is over.

Whoever empties their hand first wins the round; everybody else scores **penalty points** for the cards left
(ace 1, 2–10 face value, picture cards 10). Lowest total wins. These three cards would cost:
"""),
        code("""
hand_penalty(parse_cards("AS 7D KH"))
"""),
        md("""
1 + 7 + 10 = 18. Cards left over are expensive, so lay down early when you can.

## Play

Three players, seven cards each. Draw, select cards and press *Meld*, then discard.
"""),
        code("""
RummyTable(rng=4, lang="en")
""", ignore=True),
        md("""
## What happened

* Drawing from the discard pile shows everybody what you collect.
* Holding picture cards is risky: they cost 10 each if somebody else goes out.

## Questions

1. Is it better to start? (Notebook 14 measures the going-out rate by seat.)
2. When would you keep a card that could lay off on somebody else's meld?
3. Why is a run of 3 easier to collect than a set of 4?
"""),
    ]
