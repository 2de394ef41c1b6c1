"""The cells of every notebook (used by build_notebooks.py).  One function per notebook."""

from __future__ import annotations

IGNORE = "nbval-ignore-output"
SILENT = "output-free"


def md(text: str, *tags: str):
    return ("md", text.strip("\n"), tags)


def code(text: str, *, silent: bool = False, ignore: bool = False, tags=()):
    t = list(tags)
    lines = [ln for ln in text.strip().splitlines() if ln.strip() and not ln.strip().startswith("#")]
    if lines and lines[-1].startswith("assert "):
        silent = True   # a cell that ends in claims prints nothing when they hold
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
        code("""
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
from cardlab.widgets.femkamp_table import FemkampTable
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
from cardlab.widgets.rummy_table import RummyTable
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


# =========================================================== 05 classroom exercises
def classroom():
    return [
        md("""
# Classroom exercises: tricks, legal cards and bids

**Aim.** Three sets of questions that check themselves: *which card wins?*, *which cards may you play?* and
*what would you bid, and why?* Every answer gets a sentence that says why.

*Teacher's copy.* The cells marked **Answer key** are left out of the pupil's copy
(`05_classroom_exercises_pupil.ipynb`), which is made from this notebook by
`python -m cardlab.notebook_tools notebooks/05_classroom_exercises.ipynb notebooks/05_classroom_exercises_pupil.ipynb`.
"""),
        code("""
from cardlab.widgets import BidQuiz, FollowSuitQuiz, TrickQuiz
LANG = "en"   # "sv" or "nb" for Swedish or Norwegian sentences
""", silent=True),
        md("""
## 1. Which card wins the trick?

The first card was led. Look at the trump (if there is one) before you click.
"""),
        code("""
tricks = [{"cards": "8C KC 4C QS"}, {"cards": "JH 2H AS 10H"}, {"cards": "6D AD 2S KD", "trump": "S"},
          {"cards": "QC 5H 9H AC", "trump": "H"}, {"cards": "3S 4S 2S 5D", "trump": "D"}]
trick_quiz = TrickQuiz(tricks, lang=LANG)
trick_quiz
""", ignore=True),
        md("**Answer key.** The winning card of each trick and the rule that makes it win:", "answer-key"),
        code("""
[(q.describe(), str(q.answer), q.check(q.answer).text(LANG)) for q in trick_quiz.questions]
""", tags=("answer-key",)),
        md("""
## 2. Which cards may you play?

Choose **every** card you may play, then press *Check*. In the last question trumping is compulsory
(*trumftvång*): if you cannot follow suit but hold a trump, you must trump.
"""),
        code("""
follow = [{"hand": "7H KS 2C 9H", "led": "QH"}, {"hand": "AD 3C 5C JS", "led": "10H"},
          {"hand": "2S 4D 6S KC", "led": "9S"}, {"hand": "5C QD 8H 3D", "led": "AS", "trump": "D", "must_trump": True}]
follow_quiz = FollowSuitQuiz(follow, lang=LANG)
follow_quiz
""", ignore=True),
        md("**Answer key.** The playable cards of each hand:", "answer-key"),
        code("""
[(q.describe(), " ".join(map(str, sorted(q.answer, key=str)))) for q in follow_quiz.questions]
""", tags=("answer-key",)),
        md("""
## 3. What would you bid, and why?

Four players, five cards each, and you bid first (left of the dealer). cardlab deals the other hands at random
200 times (seeded, so the answer never changes) and lets the bots play; every bid inside the 95 % interval of
your expected tricks counts as right. Before you click, say *why*: which of your cards will take a trick?
"""),
        code("""
hands = [{"hand": "AS AH KS 2C 3D", "trump": "S", "deals": 200, "seed": 1},
         {"hand": "2C 3C 4D 5H 7S", "trump": "H", "deals": 200, "seed": 2},
         {"hand": "AC KC QC JC 10C", "trump": None, "deals": 200, "seed": 3}]
bid_quiz = BidQuiz(hands, lang=LANG)
bid_quiz
""", ignore=True),
        md("**Answer key.** The bids that count as right, from the seeded simulation:", "answer-key"),
        code("""
[(q.describe(), q.answer) for q in bid_quiz.questions]
""", tags=("answer-key",)),
        md("""
## For the teacher: results

After the class, `trick_quiz.report()` (and the same for the other two) lists each question with the pupil's
answer and whether it was right.

## Questions to discuss

1. In part 1, why does 2♠ win the third trick?
2. In part 2, why may the second hand play any card?
3. In part 3, the hand of five small cards: why is 0 a good bid even though a 7 of trump might win a trick?
"""),
    ]


# =========================================================== analysis: shared first cell
def _setup(extra: str = "") -> tuple:
    return code(("""
import altair as alt
import numpy as np
import pandas as pd
from cardlab.charts import chart_with_intervals   # altair now draws offline, as inline SVG
from cardlab.data_build import load_table
""" + extra), silent=True)


# =========================================================== 10 one-card plump
def one_card():
    return [
        md("""
# One-card Plump: who takes the trick?

**Question.** In the one-card round of Plump, how likely is each seat to take *no* trick, and what should you
bid when you hold an ace?

Vocabulary: the **leader** sits left of the dealer and plays first; the others are **followers**. A turned-up
card decides trump (the classic rule). With one card each nobody has a choice in play, so the chances come
from the deal alone, and we can count them **exactly**. Then we check by **simulation**.

*Reproduce:* run this notebook; the simulated table comes from `cardlab data build --only plump_zero_bids`.
"""),
        _setup("""
from fractions import Fraction
from math import comb
from cardlab import shuffled_deck, trick_winner, Card
from cardlab.sim.exact import p_zero_one_card
"""),
        md("""
## Exact: each seat's chance of no trick

`p_zero_one_card(players, trump)` sums over the suits the cards fall in (see its docstring). Four players,
trump turned up, seats counted from the leader:
"""),
        code("""
[str(p) for p in p_zero_one_card(4, "turned-up")]
"""),
        code("""
[round(float(p), 4) for p in p_zero_one_card(4, "turned-up")]
"""),
        md("""
The leader takes no trick 63 % of the time, each follower 79 %. The followers share one chance between them:
the four chances of *winning* must add up to exactly one trick.
"""),
        code("""
assert sum(1 - p for p in p_zero_one_card(4, "turned-up")) == 1
"""),
        md("""
## Simulation beside it

`data/plump_zero_bids.csv` holds 20,000 random one-card rounds per player count with Wilson 95 % intervals.
Do the exact values fall inside them?
"""),
        code("""
sim = load_table("plump_zero_bids").query("cards == 1 and policy == 'random' and trump != 'fixed-S'")
exact = {(p, t): p_zero_one_card(p, t) for p in range(2, 8) for t in ("turned-up", "none")}
sim = sim.assign(exact=[float(exact[(r.players, r.trump)][r.seat_from_leader]) for r in sim.itertuples()])
inside = (sim.zero_low <= sim.exact) & (sim.exact <= sim.zero_high)
f"{inside.sum()} of {len(sim)} exact values inside their 95 % interval"
"""),
        md("""
With 54 intervals at 95 % we expect two or three misses by chance alone. A wrong formula would miss by far more,
so we also check that every difference is within four standard errors:
"""),
        code("""
se = np.sqrt(sim.exact * (1 - sim.exact) / sim.rounds)
assert inside.mean() > 0.85 and ((sim.p_zero - sim.exact).abs() < 4 * se).all()
"""),
        code("""
leader = sim[sim.seat_from_leader.isin([0, 1])].assign(
    seat=lambda d: np.where(d.seat_from_leader == 0, "leader", "first follower"))

def one_card_chart(trump):
    d = leader.query("trump == @trump")
    dots = chart_with_intervals(d, "players", "p_zero", "zero_low", "zero_high", color="seat",
                                y_title="P(no trick)", title=f"One card, trump: {trump} (95 %)")
    return dots + alt.Chart(d).mark_tick(color="black", thickness=2, size=18).encode(x="players", y="exact")

one_card_chart("turned-up") | one_card_chart("none")
"""),
        md("Black ticks are the exact values; the simulated dots and their 95 % bars sit on them."),
        md("""
## The first surprise: the led ace

A common table saying: *"with four players a led ace is usually a zero bid"*. With one card, the leader's card
*is* the led card. When does a led ace lose? Only if it is not trump and somebody else holds a trump. Given
your ace, the turned card is one of the other 51 cards:

* 12 of them share your ace's suit: then your ace **is** trump and always wins;
* otherwise 12 trumps are left among the 50 unseen cards, and each of the `players − 1` others must miss them.
"""),
        code("""
def p_side_ace_wins(players):
    return Fraction(comb(38, players - 1), comb(50, players - 1))

def p_led_ace_wins(players):
    return Fraction(12, 51) + Fraction(39, 51) * p_side_ace_wins(players)

{p: (round(float(p_led_ace_wins(p)), 3), round(float(p_side_ace_wins(p)), 3)) for p in range(3, 8)}
"""),
        md("""
So the saying is **only half true**. With four players a led ace wins 56 % of the time: more often than not, so
1 is the better bid. What is true is that a **side-suit** ace (not the trump suit) wins only 43 % of the time,
and from five players even an ace of unknown suit loses more often than it wins. We assert each part:
"""),
        code("""
assert p_led_ace_wins(4) > Fraction(1, 2)             # four players: a led ace wins more often than not
assert p_side_ace_wins(4) < Fraction(1, 2)            # ... but a side-suit ace usually loses
assert p_side_ace_wins(3) > Fraction(1, 2)            # with three players even a side-suit ace usually wins
assert min(p for p in range(3, 8) if p_led_ace_wins(p) < Fraction(1, 2)) == 5
"""),
        md("""
Check by simulation with the engine's own `trick_winner`: deal the ace of hearts to the leader, shuffle the
rest (seeded), give the next three cards to the followers and turn the next one for trump.
"""),
        code("""
def led_ace_wins(rng, players=4, ace=Card.parse("AH")):
    rest = shuffled_deck(rng=rng, exclude=[ace])
    return trick_winner([ace, *rest[:players - 1]], trump=rest[players - 1].suit) == 0

rng = np.random.default_rng(10)
wins = sum(led_ace_wins(rng) for _ in range(20_000))
wins
"""),
        code("""
from cardlab.sim.stats import wilson_interval
low, high = wilson_interval(wins, 20_000)
round(wins / 20_000, 4), round(float(low), 4), round(float(high), 4)
"""),
        code("""
assert low <= p_led_ace_wins(4) <= high
"""),
        md("""
## Conclusion

In a one-card round with four players and a turned-up trump, the leader takes no trick 63 % of the time and
each follower 79 % (exact, confirmed by 20,000 simulated rounds per setting). Holding an ace as leader, bid
**1**: it wins 56 % of the time. Bid **0** only when you can see that your ace is not trump (it then wins just
43 %), or when five or more play.
"""),
    ]


# =========================================================== 11 zero bids
def zero_bids():
    return [
        md("""
# Zero bids: how often does "nolla" work?

**Question.** How often is a zero bid made, by number of players, hand size, seat and trump mode, when the
players bid at random and when they bid like cardlab's heuristic bot?

Data: `data/plump_zero_bids.csv`, made by `cardlab data build --only plump_zero_bids` (20,000 rounds per
setting, seeds in the table, Wilson 95 % intervals in `bid0_low`/`bid0_high`). A *random* bidder bids 0 at
random, so its success rate is just the chance of taking no trick; the heuristic bot bids 0 on purpose.
"""),
        _setup(),
        code("""
zero = load_table("plump_zero_bids")
zero.shape
"""),
        md("One row per setting and seat. The average over seats, for every setting:"),
        code("""
by_setting = zero.groupby(["policy", "trump", "players", "cards"], as_index=False).agg(
    bid0_made=("bid0_made", "sum"), bid0_rounds=("bid0_rounds", "sum"))
by_setting["p"] = by_setting.bid0_made / by_setting.bid0_rounds
by_setting.pivot_table(index="cards", columns=["policy", "players"], values="p").query("cards <= 7").round(2)
"""),
        md("## Hand size and players (heuristic bidders)"),
        code("""
from cardlab.sim.stats import wilson_interval
by_setting["low"], by_setting["high"] = wilson_interval(by_setting.bid0_made, by_setting.bid0_rounds)
heur = by_setting.query("policy == 'heuristic' and trump != 'fixed-S'")
chart_with_intervals(heur.query("trump == 'turned-up'").astype({"players": str}), "cards", "p", "low", "high",
                     color="players", y_title="zero bid made", title="Zero bids made by heuristic bidders, trump turned up (95 %)")
"""),
        md("""
Two things stand out. More players make a zero bid safer (more cards to take the tricks instead of you). And
the rate dips in the middle: with one card a zero bid is easy to judge; with big hands the bot bids 0 only
with truly hopeless hands. We assert both for four players with a turned-up trump, comparing 95 % intervals:
"""),
        code("""
four = heur.query("players == 4 and trump == 'turned-up'").set_index("cards")
assert four.loc[1, "low"] > four.loc[5, "high"]      # 1 card beats 5 cards
assert four.loc[10, "low"] > four.loc[5, "high"]     # 10 cards beat 5 cards too: the dip
seven = heur.query("players == 7 and trump == 'turned-up'").set_index("cards")
assert (seven.loc[1:7, "low"] > four.loc[1:7, "high"]).all()   # 7 players beat 4 at every hand size 1-7
"""),
        md("## Seat: does it matter where you sit?"),
        code("""
five = zero.query("players == 4 and cards == 5 and trump == 'turned-up'")
chart_with_intervals(five, "seat_from_leader", "p_bid0_made", "bid0_low", "bid0_high", color="policy",
                     y_title="zero bid made", x_title="seat (0 = leader, 3 = dealer)",
                     title="4 players, 5 cards, trump turned up (95 %)")
"""),
        code("""
h5 = five.query("policy == 'heuristic'").set_index("seat_from_leader")
assert h5.loc[0, "bid0_high"] < h5.loc[[1, 2], "bid0_low"].min()   # the leader's zero bids fail more often
"""),
        md("""
The leader's zero bids are made less often (47 % against 52 % in the middle seats): leading forces you to put
a card on the table before you know what the others hold. The dealer's rate is a little lower than the middle
seats' too, but here the intervals touch, so we claim nothing about the dealer.

## Trump mode

With no trump, an unwanted trick can only come from the led suit, so zero bids are easier with small and
medium hands. Averaged over seats, four players:
"""),
        code("""
modes = by_setting.query("policy == 'heuristic' and players == 4").pivot_table(index="cards", columns="trump", values="p")
modes.round(3)
"""),
        code("""
nt = heur.query("players == 4 and trump == 'none'").set_index("cards")
assert (nt.loc[2:5, "low"] > four.loc[2:5, "high"]).all()   # no trump: easier at 2-5 cards
"""),
        md("""
## Conclusion

A zero bid made by the heuristic bot works about half the time at four players and five cards, and more often
with more players, with one card, or with very big hands. The leader's zero bids are the hardest to make. With
no trump, zero bids at 2–5 cards succeed clearly more often than with a turned-up trump. Random bidders make a
zero bid only as often as they happen to take no trick (about 29 % at four players and five cards), which shows
how much judging your hand is worth.
"""),
    ]


# =========================================================== 12 the hook
def hook():
    return [
        md("""
# The hook: how much does it cost the dealer?

**Question.** With the hook (kroken) the dealer may not make the bids add up to the hand size. How often does
that force the dealer off the bid they wanted, what does it do to the dealer's score, how many plumps does a
round have, and which scoring variant and trump mode treat the seats most fairly?

Data: `data/plump_hook.csv`, made by `cardlab data build --only plump_hook`: the **same deals** (20,000 per
setting, seeded) played by heuristic bots with the hook on and off. "Forced" means the dealer's bid differed
between the two runs of the same deal.
"""),
        _setup(),
        code("""
hook = load_table("plump_hook")
on = hook.query("hook")
forced = on.drop_duplicates(["players", "cards", "trump"])
forced.pivot_table(index="cards", columns=["trump", "players"], values="p_forced").round(2)
"""),
        code("""
chart_with_intervals(forced.query("trump == 'turned-up'").astype({"players": str}), "cards", "p_forced", "forced_low",
                     "forced_high", color="players", y_title="dealer forced off their bid",
                     title="How often the hook bites, trump turned up (95 %)")
"""),
        md("""
With a turned-up trump the hook moves the dealer off their bid in 7–25 % of rounds, more with more players.
With no trump it bites less: hands are easier to judge, so the bids rarely land exactly on the forbidden sum.
"""),
        code("""
mean_forced = forced.groupby("trump").p_forced.mean()
assert mean_forced["turned-up"] > mean_forced["none"]
assert forced.query("trump == 'turned-up' and players == 4 and cards == 1").p_forced.item() > 0.2
"""),
        md("## The dealer's score against the other seats"),
        code("""
hook = hook.assign(seat=np.where(hook.seat_from_leader == hook.players - 1, "dealer",
                                 np.where(hook.seat_from_leader == 0, "leader", "middle")))
four = hook.query("players == 4 and cards == 5 and trump == 'turned-up'")
four[["hook", "seat_from_leader", "p_made", "made_low", "made_high", "score_standard"]].round(3)
"""),
        code("""
chart_with_intervals(four.assign(hook=four.hook.map({True: "hook on", False: "hook off"})),
                     "seat_from_leader", "score_standard", "score_standard_low", "score_standard_high",
                     color="hook", x_title="seat (0 = leader, 3 = dealer)", y_title="mean round score",
                     title="4 players, 5 cards: standard scoring (95 %)")
"""),
        code("""
d = four.set_index(["hook", "seat_from_leader"])
assert d.loc[(True, 3), "score_standard_high"] < d.loc[(False, 3), "score_standard_low"]   # the hook costs the dealer
assert abs(d.loc[(True, 1), "score_standard"] - d.loc[(False, 1), "score_standard"]) < 0.1  # and nobody else
"""),
        md("""
The hook takes points from the dealer and from nobody else: the other seats bid and play exactly as before.
Over a whole game each player deals about equally often, so it evens out — but it makes each round less fair.

## Plumps per round
"""),
        code("""
plumps = hook.drop_duplicates(["players", "cards", "trump", "hook"])
plumps.query("players == 4").pivot_table(index="cards", columns=["trump", "hook"], values="plumps_per_round").round(2)
"""),
        code("""
p4 = plumps.query("players == 4").set_index(["trump", "hook", "cards"]).sort_index()
assert (p4.loc[("turned-up", True), "plumps_per_round"] >= p4.loc[("turned-up", False), "plumps_per_round"]).all()
"""),
        md("""
## Which scoring and which trump mode is fairest?

A fair round gives every seat the same expected score. As a measure we take the **gap between the best and the
worst seat's mean score, as a share of the average score**, averaged over all hand sizes and player counts
(hook on, as in the classic game).
"""),
        code("""
def unfairness(df, column):
    g = df.groupby(["players", "cards", "trump"])[column]
    return ((g.max() - g.min()) / g.mean()).groupby("trump").mean()

on = hook.query("hook")
fair = pd.DataFrame({s: unfairness(on, f"score_{s}") for s in ["standard", "trick_points", "penalty"]})
fair.round(3)
"""),
        code("""
assert (fair.trick_points < fair.standard).all() and (fair.standard < fair.penalty).all()
assert (fair.loc["none"] - fair.loc["turned-up"]).abs().max() < 0.03   # the trump mode matters little
"""),
        md("""
## Conclusion

The hook bites often — in a quarter of four-player one-card rounds with a turned-up trump — and it costs the
dealer, and only the dealer, about a point per round at four players and five cards. It also adds plumps. Of the
scoring variants, **trick points** (1 per trick + 10 for an exact bid) treats the seats most evenly, because a
seat that misses still keeps its tricks; **penalty** scoring is the least even. The trump mode makes little
difference (turned-up and no trump are within 0.02 of each other on this measure), so we do not call a winner.
"""),
    ]


# =========================================================== 13 femkamp
FEMKAMP_ROUNDS = '["pass", "clubs", "queens", "grand", "kabal"]'


def femkamp_scores():
    return [
        md("""
# Femkamp: where are the points won and lost?

**Question.** How are the scores of each round spread, for 3, 4 and 5 players, which round decides the game,
and how do the kabal round's prikks and cards left spread?

Data: `data/femkamp_games.csv`, made by `cardlab data build --only femkamp_games`: 250 whole games per player
count and policy, one row per game and seat; every game can be replayed from its `seed` with
`cardlab.sim.femkamp.replay_femkamp_game`. Lowest total wins.
"""),
        _setup(f"\nROUNDS = {FEMKAMP_ROUNDS}\n"),
        code("""
games = load_table("femkamp_games").query("policy == 'heuristic'")
games.groupby("players")[ROUNDS + ["total"]].mean().round(2)
"""),
        md("""
In every round except the grand round points are bad; the grand round gives a negative score (−1 per trick).
The spread of each round (standard deviation of a player's score):
"""),
        code("""
spread = games.groupby("players")[ROUNDS].std()
spread.round(2)
"""),
        code("""
long = games.melt(id_vars=["players"], value_vars=ROUNDS, var_name="round", value_name="score")
dist = long.groupby(["players", "round", "score"]).size().rename("count").reset_index()
dist["share"] = dist["count"] / dist.groupby(["players", "round"])["count"].transform("sum")
alt.Chart(dist.query("players == 4")).mark_bar().encode(
    x=alt.X("score:Q", bin=alt.Bin(step=1)), y="share:Q", column=alt.Column("round:N", sort=ROUNDS)
).properties(width=110, height=120, title="4 players: score distribution per round")
"""),
        md("""
The queens round has the widest spread: four points a queen, all or nothing per trick.
"""),
        code("""
assert (spread.idxmax(axis=1) == "queens").all()
"""),
        md("""
## Which round decides the game?

For each game and round, we ask: **would the winner change if this round were left out?** The round that
changes the winner most often is the one that decides the most games. Wilson 95 % intervals:
"""),
        code("""
from cardlab.sim.stats import wilson_interval

def winner_changes(g):
    winners = set(g.seat[g.won])
    return pd.Series({r: set(g.seat[(g.total - g[r]) == (g.total - g[r]).min()]) != winners for r in ROUNDS})

changes = games.groupby(["players", "game"])[ROUNDS + ["seat", "total", "won"]].apply(winner_changes)
decides = changes.groupby("players").agg(["sum", "count"]).stack(0).reset_index().rename(columns={"level_1": "round"})
decides["p"] = decides["sum"] / decides["count"]
decides["low"], decides["high"] = wilson_interval(decides["sum"], decides["count"])
chart_with_intervals(decides.astype({"players": str}), "round", "p", "low", "high", color="players",
                     y_title="winner changes without it", title="Which round decides the game (95 %)")
"""),
        code("""
d4 = decides.query("players == 4").set_index("round")
assert d4.p.idxmax() == "queens" and d4.loc["queens", "low"] > d4.loc["grand", "high"]
"""),
        md("""
With four players, leaving out the queens round changes the winner in about 43 % of games, the grand round
in about 24 %: the queens round decides the most games, and the grand round the fewest.

## Kabal: prikks and cards left
"""),
        code("""
games.groupby("players")[["prikks", "cards_left", "kabal"]].describe().loc[:, (slice(None), ["mean", "50%", "max"])].round(2)
"""),
        code("""
kabal = (games.melt(id_vars=["players"], value_vars=["prikks", "cards_left"], var_name="part", value_name="points")
         .groupby(["players", "part", "points"]).size().rename("count").reset_index())
alt.Chart(kabal).mark_bar(opacity=0.7).encode(x="points:Q", y=alt.Y("count:Q", stack=None), color="part:N",
    column="players:N").properties(width=150, height=120, title="Kabal: prikks and cards left")
"""),
        code("""
k = games.groupby("players")[["prikks", "cards_left"]].mean()
assert (k.prikks > k.cards_left).all()
"""),
        md("""
## Conclusion

The queens round spreads the scores most and decides the most games; the grand round decides the fewest. In the
kabal round a player's points come more from prikks than from cards left when somebody goes out (for the
heuristic bots, about 2–3 prikks against 1.7 cards). With more players each round's spread shrinks, since the
same points are shared by more hands.
"""),
    ]


# =========================================================== 14 rummy
def rummy():
    return [
        md("""
# Rummy: how long, who goes out, and is it good to start?

**Question.** How many turns does a round of Rummy take, how often does each seat go out (is it an advantage to
start?), and how many penalty points are left in the losers' hands?

Data: `data/rummy_rounds.csv`, made by `cardlab data build --only rummy_rounds`: heuristic bots, 2–6 players
(600 rounds at 3 and 4 players, 250 otherwise) and random bots at 3 players (120 rounds); every round replays
from its `seed` with `cardlab.sim.rummy.replay_rummy_round`. Seat 0 starts (left of the dealer).
"""),
        _setup("\nfrom cardlab.sim.stats import wilson_interval, mean_interval\n"),
        code("""
rounds = load_table("rummy_rounds")
per_round = rounds.drop_duplicates(["players", "policy", "round"])
per_round.groupby(["policy", "players"]).agg(rounds=("round", "size"), mean_turns=("turns", "mean"),
                                             median_turns=("turns", "median"), no_winner=("no_winner", "mean")).round(2)
"""),
        md("""
Random players take about six times as many turns and most of their rounds end with no winner (the stock runs
out after three reshuffles). Heuristic players finish most rounds; with 5–6 players the stock is small and
more rounds run dry.
"""),
        code("""
alt.Chart(per_round.query("policy == 'heuristic'")).mark_bar().encode(
    x=alt.X("turns:Q", bin=alt.Bin(step=5)), y="count()", column="players:N"
).properties(width=110, height=120, title="Round length in turns (heuristic bots)")
"""),
        code("""
heur = per_round.query("policy == 'heuristic'").groupby("players").turns.mean()
assert heur.is_monotonic_increasing or heur.diff().dropna().min() > -1    # longer with more players
assert per_round.query("policy == 'random'").turns.mean() > 4 * heur[3]
"""),
        md("## Going out by seat: is it good to start?"),
        code("""
seats = rounds.query("policy == 'heuristic'").groupby(["players", "seat_from_leader"]).went_out.agg(["sum", "count"]).reset_index()
seats["p"] = seats["sum"] / seats["count"]
seats["low"], seats["high"] = wilson_interval(seats["sum"], seats["count"])
chart_with_intervals(seats.astype({"players": str}), "seat_from_leader", "p", "low", "high", color="players",
                     x_title="seat (0 starts)", y_title="goes out", title="Going-out rate by seat (heuristic, 95 %)")
"""),
        code("""
overlap = seats.groupby("players").apply(lambda g: g.low.max() < g.high.min(), include_groups=False)
assert overlap.all()      # for every player count all seats' intervals overlap: no seat stands out
"""),
        md("""
At this sample size starting is **not** a measurable advantage: the starting seat's intervals overlap the
others' for every player count. Starting gives one extra draw, but the second and later seats see a discard
before their first turn; the two effects are small.

## Penalties
"""),
        code("""
losers = rounds.query("policy == 'heuristic' and not went_out")
pen = losers.groupby("players").penalty.agg(["sum", "count"])
pen["mean"], pen["low"], pen["high"] = mean_interval(pen["sum"], losers.penalty.pow(2).groupby(losers.players).sum(), pen["count"])
pen.round(2)
"""),
        code("""
assert pen["mean"].is_monotonic_increasing      # more players: more points left in each loser's hand
"""),
        md("""
## Conclusion

With heuristic players a round lasts about 23 turns with two players and 35–45 with three to six, and the
penalty per losing hand grows with the number of players (fewer rounds finish, and everyone is left with more
cards). Whether you start or not makes no difference we can measure with these samples.
"""),
    ]


# =========================================================== 15 odds explorer
def odds_explorer():
    return [
        md("""
# Odds explorer

**Question.** *Your* question: pick the number of players, the hand size, the trump mode and how everybody
plays, and see how often each seat takes no trick (so a zero bid works) and how many tricks it takes on
average, with 95 % intervals. One-card rounds show the exact values beside the estimates.

Each change simulates fresh seeded rounds with cardlab's compiled kernel, so it takes a moment the first time.
"""),
        code("""
from cardlab.widgets.odds import OddsExplorer
from cardlab.data_build import load_table
""", silent=True),
        code("""
explorer = OddsExplorer(players=4, hand_size=5, trump="turned-up", policy="heuristic", rng=1, lang="en")
explorer
""", ignore=True),
        md("""
The numbers behind the chart are in `explorer.table`. As a check, they agree with the precomputed table in
`data/plump_zero_bids.csv` (made with other seeds): for every seat the two 95 % intervals overlap.
"""),
        code("""
mine = explorer.table.set_index("seat_from_leader")
data = load_table("plump_zero_bids").query(
    "players == 4 and cards == 5 and trump == 'turned-up' and policy == 'heuristic'").set_index("seat_from_leader")
data[["p_zero", "zero_low", "zero_high"]].round(3)
"""),
        code("""
assert ((mine.ci_low <= data.zero_high) & (data.zero_low <= mine.ci_high)).all()   # the intervals overlap
"""),
        md("""
## Try these

1. One card, four players, trump turned up: compare the leader with the others, then read notebook 10.
2. Seven players, seven cards: is a zero bid easier than with four players?
3. Switch from random to heuristic play: whose zero bids get better?
"""),
    ]


ALL = {
    "01_cards_and_tricks": cards_and_tricks("en"),
    "01_kort_och_stick": cards_and_tricks("sv"),
    "02_play_plump": play_plump(),
    "03_play_femkamp": play_femkamp(),
    "04_play_rummy": play_rummy(),
    "05_classroom_exercises": classroom(),
    "10_one_card_plump": one_card(),
    "11_zero_bids": zero_bids(),
    "12_the_hook": hook(),
    "13_femkamp_scores": femkamp_scores(),
    "14_rummy": rummy(),
    "15_odds_explorer": odds_explorer(),
}
