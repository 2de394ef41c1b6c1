"""Human-like play in Femkamp as named positions, for ``FemkampBot`` and ``FemkampSearchBot``.

As in ``tests/test_plump_humanlike.py``: each test builds one moment of a trick round, says what a
careful person plays and why, asserts both bots' card (the search seeded, a few hundred play-outs),
and the exact search on the actual deal (:mod:`cardlab.puzzles.femkamp_position`, the fewest points
the seat can be held to, fewer being better) confirms the right card.
"""

from cardlab import FemkampBot
from cardlab.bots.femkamp_search import FemkampSearchBot
from cardlab.cards import Card
from cardlab.games.femkamp import FemkampTrickRound
from cardlab.games.plump import Play
from cardlab.puzzles.femkamp_position import position_of


def spot(hands, round_name, plays, dealer=0):
    """The trick round with ``hands`` (text, by seat) and the cards ``plays`` (text, in order) played."""
    rnd = FemkampTrickRound.from_hands(hands, round_name=round_name, dealer=dealer)
    for code in plays:
        rnd.apply(Play(seat=rnd.to_move, card=Card.parse(code)))
    return rnd


def card_of(bot, rnd):
    return bot.choose(rnd.view(rnd.to_move)).card


def points(rnd):
    """The exact points (fewest the seat to move can be held to) after each legal card, by card text."""
    return {c.code: v for c, v in position_of(rnd).values().items()}


def test_pass_round_throw_the_ace_while_it_cannot_win():
    # The pass round (every trick costs a point), two cards left; clubs are led and you have none.
    # Throw the A♠ now, while the K♣ wins the trick.  Keep it, and a spade led later costs you a trick.
    rnd = spot(["AS 3H", "2C 2S", "KC 4S", "3C 5S"], "pass", ["2C", "KC", "3C"])
    assert rnd.to_move == 0
    assert points(rnd) == {"AS": 0, "3H": 1}
    assert card_of(FemkampBot(), rnd) == Card.parse("AS")
    assert card_of(FemkampSearchBot(rng=1, rollouts=400), rnd) == Card.parse("AS")


def test_grand_win_cheaply_as_last_player_and_keep_the_ace():
    # The grand round (every trick counts for you), you play last to 5♥ 9♥ 10♥ with Q♥ A♥: take it with
    # the queen and lead the ace next.  The ace now leaves the queen to lose to the K♥.
    rnd = spot(["QH AH", "5H KH", "9H 2C", "10H 3C"], "grand", ["5H", "9H", "10H"])
    assert rnd.to_move == 0
    assert points(rnd) == {"QH": -2, "AH": -1}
    assert card_of(FemkampBot(), rnd) == Card.parse("QH")
    assert card_of(FemkampSearchBot(rng=1, rollouts=400), rnd) == Card.parse("QH")
