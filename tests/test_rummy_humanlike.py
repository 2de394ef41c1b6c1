"""Human-like play in Rummy as named positions, for ``RummyBot`` and ``RummySearchBot``.

As in ``tests/test_plump_humanlike.py``: each test builds one moment of a round and says what a
careful person does and why.  The exact search of the turn
(:class:`cardlab.puzzles.rummy_turn.TurnSearch`: every way the engine allows to end the turn, valued
by the penalty points left in hand, 0 for going out) confirms that the person's way is the best one
and that the tempting other way costs points; then each bot plays the whole turn, and its turn must
end where the best way does.
"""

import pytest

from cardlab import RummyRules
from cardlab.bots.rummy import RummyBot
from cardlab.bots.rummy_search import RummySearchBot
from cardlab.cards import parse_cards
from cardlab.games.rummy import Discard, Draw, LayOff, Meld, RummyRound
from cardlab.puzzles.rummy_turn import TurnSearch

BOTS = {"heuristic": RummyBot, "search": lambda: RummySearchBot(rng=1, rollouts=300)}
#: seat 1 draws, throws 2♣; seat 2 draws, throws Q♣; seat 0 draws, melds 5♠ 6♠ 7♠, throws K♦; seat 1 draws
RUN_ON_THE_TABLE = [Draw(1, "stock"), Discard(1, "2C"), Draw(2, "stock"), Discard(2, "QC"),
                    Draw(0, "stock"), Meld(0, "5S 6S 7S"), Discard(0, "KD"), Draw(1, "stock")]


def spot(hands, stock, discard, moves):
    """A three-player round (seat 0 deals, so seat 1 starts) after ``moves``."""
    rnd = RummyRound.from_cards(hands, stock=stock, discard=discard, dealer=0, rules=RummyRules())
    for move in moves:
        rnd.apply(move)
    return rnd


def cards(text):
    return sorted(parse_cards(text), key=lambda c: c.sort_key) if text else []


def hand_after_the_turn(bot, rnd):
    """Let ``bot`` play the rest of the turn of the seat to move (on a clone): its moves and the hand kept."""
    rnd = rnd.clone()
    seat, moves = rnd.to_move, []
    while rnd.to_move == seat and not rnd.is_over:
        moves.append(bot.choose(rnd.view(seat)))
        rnd.apply(moves[-1])
    return moves, sorted(rnd.hands[seat], key=lambda c: c.sort_key)


@pytest.mark.parametrize("bot", BOTS)
def test_lay_everything_off_and_go_out(bot):
    # Seat 1 holds 3♠ 4♠ 8♠ 9♥ after its draw, and 5♠ 6♠ 7♠ lies on the table: lay the three spades off
    # at both ends of the run and throw the 9♥.  The hand is empty and the round is won.  Throwing a
    # spade "because it is low" keeps cards in hand.
    rnd = spot(["5S 6S 7S KD", "4S 9H 2C", "QC 3D 4H"], "3S 8C 10D 8S 9D", "3H", RUN_ON_THE_TABLE)
    assert sorted(rnd.hands[1], key=lambda c: c.sort_key) == cards("3S 4S 8S 9H")
    turn = TurnSearch(rnd)
    assert turn.best() == 0 and turn.value_after(Discard(1, "3S")) > 0
    moves, kept = hand_after_the_turn(BOTS[bot](), rnd)
    assert kept == [] and sum(isinstance(m, LayOff) for m in moves) == 3


@pytest.mark.parametrize("bot", BOTS)
def test_meld_and_lay_off_in_one_turn_to_go_out(bot):
    # The drawn 6♥ makes 3♥ 4♥ 5♥ 6♥; the 8♠ goes onto the table's 5♠ 6♠ 7♠; the J♣ is thrown: out.
    rnd = spot(["5S 6S 7S KD", "3H 4H 5H 8S 2C", "QC 3D 4D"], "JC 8C 10D 6H 9D", "2H", RUN_ON_THE_TABLE)
    turn = TurnSearch(rnd)
    assert turn.best() == 0 and turn.value_after(Discard(1, "8S")) > 0
    moves, kept = hand_after_the_turn(BOTS[bot](), rnd)
    assert kept == [] and any(isinstance(m, Meld) for m in moves) and any(isinstance(m, LayOff) for m in moves)


@pytest.mark.parametrize("bot", BOTS)
def test_meld_the_set_now_rather_than_hold_it(bot):
    # Seat 1 drew the fourth 9: meld 9♣ 9♦ 9♥ 9♠ now and throw the K♥.  Holding the nines "for later"
    # keeps 36 more points in hand if somebody goes out before the next turn.
    rnd = spot(["5S 6S 7S KD 2C", "9S 9D 9C 4S KH 3C", "QC 3D 4H"], "9H 10D 8D 8C", "JC", [Draw(1, "stock")])
    turn = TurnSearch(rnd)
    assert list(turn.best_end()) == cards("3C 4S") and turn.best() == 7
    assert turn.value_after(Discard(1, "KH")) > turn.best()
    moves, kept = hand_after_the_turn(BOTS[bot](), rnd)
    assert isinstance(moves[0], Meld) and set(moves[0].cards) == set(parse_cards("9S 9D 9C 9H"))
    assert kept == cards("3C 4S")


@pytest.mark.parametrize("bot", BOTS)
def test_nothing_melds_throw_the_heaviest_card(bot):
    # Nothing melds and nothing fits the table: throw the K♦ (10 points, no other diamond or king near
    # it), not the ace.  Keeping the king costs 9 points more if the round ends now.
    rnd = spot(["5S 6S 7S QC", "KD 2C 7H AS", "JC 3D 4H"], "9H 10D 8D 8C", "2H", [Draw(1, "stock")])
    turn = TurnSearch(rnd)
    assert list(turn.best_end()) == cards("2C 7H 9H AS")
    assert turn.value_after(Discard(1, "AS")) - turn.value_after(Discard(1, "KD")) == 9
    moves, kept = hand_after_the_turn(BOTS[bot](), rnd)
    assert moves == [Discard(1, "KD")] and kept == cards("2C 7H 9H AS")


@pytest.mark.parametrize("bot", BOTS)
def test_the_card_that_fits_two_melds_goes_to_the_one_that_leaves_less(bot):
    # 7♥ fits the set 7♠ 7♦ 7♥ and the run 7♥ 8♥ 9♥.  The run leaves 7♠ 7♦ 3♣ (17 points); the set leaves
    # 8♥ 9♥ 3♣ (20 points).  A person counts before laying down the first meld they see.
    rnd = spot(["5S 6S 2S QC", "7S 7D 7H 8H 9H 3C", "JC 3D 4D"], "KC 10D 8D 8C", "2H", [Draw(1, "stock")])
    turn = TurnSearch(rnd)
    assert turn.best() == 17 and list(turn.best_end()) == cards("3C 7D 7S")
    assert turn.value_after(Meld(1, "7S 7D 7H")) == 20
    moves, kept = hand_after_the_turn(BOTS[bot](), rnd)
    assert kept == cards("3C 7D 7S")


@pytest.mark.parametrize("bot", BOTS)
def test_with_the_ten_both_melds_fit(bot):
    # With 10♥ drawn the same hand makes the set 7♠ 7♦ 7♥ *and* the run 8♥ 9♥ 10♥: lay both down and throw
    # the 3♣, keeping only the 2♦.  Taking the run 7♥–10♥ instead strands the two sevens.
    rnd = spot(["5S 6S 2S QC", "7S 7D 7H 8H 9H 3C 2D", "JC 3D 4D"], "10H 10D 8D 8C", "2H", [Draw(1, "stock")])
    turn = TurnSearch(rnd)
    assert turn.best() == 2 and list(turn.best_end()) == cards("2D")
    assert turn.value_after(Meld(1, "7H 8H 9H 10H")) > turn.best()
    moves, kept = hand_after_the_turn(BOTS[bot](), rnd)
    assert kept == cards("2D")
