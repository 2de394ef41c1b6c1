"""Human-like play as named positions: spots where a careful person knows the move, for both Plump bots.

Each test builds one moment of a round (hands chosen by hand), says in a comment what a person
would do and why, and asserts the move of ``PlumpBot`` and of ``PlumpSearchBot`` (seeded, a few
hundred play-outs).  When the cards decide it, the exact double-dummy search
(:class:`cardlab.puzzles.position.Position`) confirms on the actual deal that the right card keeps
the bid and the wrong one loses it.  The spots come from three complaints that players make about
card-game bots ("it doesn't play like a human") and from ``benchmarks/humanlike_spots.py``, which
compares the bots' cards with the exact search on many rounds (see ``docs/humanlike.md``).
"""

from cardlab import Bid, Card, PlumpBot, PlumpRound, PlumpRules, PlumpSearchBot
from cardlab.cards import parse_cards
from cardlab.games.plump import Play
from cardlab.puzzles.position import position_of_round

ROLLOUTS = 400


def spot(hands, *, dealer, bids, trump="S", plays=(), hook=False, trump_card=None):
    """The round with ``hands`` (text, by seat), the ``bids`` (seat -> tricks, made in the bidding
    order) and the cards ``plays`` (text, in playing order) already played."""
    rnd = PlumpRound.from_hands(hands, dealer=dealer, rules=PlumpRules(players=len(hands), hook=hook),
                                trump=None if trump_card else trump, trump_card=trump_card)
    for seat in rnd.bid_order:
        if seat in bids:
            rnd.apply(Bid(seat, bids[seat]))
    for card in plays:
        rnd.apply(Play(rnd.to_move, Card.parse(card)))
    return rnd


def card_of(bot, rnd):
    return bot.choose(rnd.view(rnd.to_move)).card


def search():
    return PlumpSearchBot(rng=1, rollouts=ROLLOUTS)


def exact(rnd, right, wrong):
    """On the actual cards, ``right`` keeps the bid whatever the others do, and ``wrong`` does not."""
    pos = position_of_round(rnd)
    return pos.keeps(Card.parse(right)), pos.keeps(Card.parse(wrong))


# ----------------------------------------------------------------------- the three complaints
def _every_trick_needed():
    # You bid 2 with A♠ K♥ (spades trump) and lead: both tricks are needed.  Cash the top trump first:
    # it draws the 2♠, so nobody can ruff your K♥ afterwards.  K♥ first is ruffed by the 2♠.
    return spot(["AS KH", "2S 3C", "QH 4C"], dealer=2, bids={0: 2, 1: 0, 2: 0})


def test_complaint_lead_the_top_trump_when_every_remaining_trick_is_needed():
    rnd = _every_trick_needed()
    assert exact(rnd, "AS", "KH") == (True, False)
    decision = PlumpBot().decide(rnd.view(0))
    assert decision.action.card == Card.parse("AS") and "top trump" in decision.explain("en")
    assert card_of(search(), rnd) == Card.parse("AS")


def _hook_with_the_trump_ace():
    # The dealer (seat 3) holds A♠, the top trump, and nine small cards; the others bid 3 + 3 + 3, so
    # the hook forbids 1.  The ace takes a trick in every deal, so a bid of 0 is lost before a card is
    # played: a person bids 2 and hopes for one more trick, never 0.
    hand = "AS 2H 3D 4C 5H 6D 2C 3C 7D 7H"
    rest = [c for c in sorted(set(Card.from_index(i) for i in range(52)) - set(parse_cards(hand)),
                              key=lambda c: c.index)]
    others = [" ".join(str(c.code) for c in rest[k::3][:10]) for k in range(3)]
    return spot(others + [hand], dealer=3, bids={0: 3, 1: 3, 2: 3}, hook=True)


def test_complaint_never_bid_0_with_the_trump_ace_when_the_hook_forces_a_change():
    rnd = _hook_with_the_trump_ace()
    view = rnd.view(3)
    assert rnd.forbidden_bid() == 1
    assert PlumpBot.sure_trumps(view.hand, view.trump, view.trump_card) == 1
    decision = PlumpBot().decide(view)
    assert decision.action == Bid(3, 2)
    assert "top trump" in decision.explain("en") and "trumf" in decision.explain("sv")
    assert search().choose(view).tricks >= 1


def _ruff_or_discard_with_two_cards_left():
    # Two cards left, you (seat 0, last to play) bid 1 and hold A♠ (the top trump) and 3♣; diamonds
    # are led and you have none.  The ace will take a trick later whatever happens, so discard the
    # 3♣ now.  Ruffing wins this trick and leaves you leading the 3♣, which may win a second.
    return spot(["AS 3C", "4D 2C", "5D 2H"], dealer=0, bids={1: 0, 2: 1, 0: 1}, plays=("4D", "5D"))


def test_complaint_discard_instead_of_ruffing_when_the_top_trump_makes_the_bid():
    rnd = _ruff_or_discard_with_two_cards_left()
    assert rnd.to_move == 0
    assert exact(rnd, "3C", "AS") == (True, False)
    decision = PlumpBot().decide(rnd.view(0))
    assert decision.action.card == Card.parse("3C")
    assert "top trump" in decision.explain("en")
    assert card_of(search(), rnd) == Card.parse("3C")


# ------------------------------------------------------------- spots the finder showed
def test_duck_a_needed_trick_when_the_top_trump_will_take_it():
    # You bid 1 and hold A♠ 5♥ 2♥; hearts are led and you play last.  The 5♥ would win, but the
    # A♠ takes your one trick anyway: play the 2♥ and let this trick go (finder: "overtakes as last
    # player when ducking keeps the bid").
    rnd = spot(["AS 5H 2H", "3H 6H 7C", "4H 8C 9C"], dealer=0, bids={1: 1, 2: 1, 0: 1}, plays=("3H", "4H"))
    assert exact(rnd, "2H", "5H") == (True, False)
    decision = PlumpBot().decide(rnd.view(0))
    assert decision.action.card == Card.parse("2H") and "let this trick go" in decision.explain("en")
    assert card_of(search(), rnd) == Card.parse("2H")


def test_two_top_trumps_for_two_tricks_discard_the_side_card():
    # You bid 2 and hold A♠ K♠ 3♣; diamonds are led and you have none.  Your two top trumps are your
    # two tricks: discard the 3♣.  Ruffing with the K♠ takes a trick now and the A♠ another, and the
    # 3♣ may then take a third (finder: "ruffs when discarding keeps the bid").
    rnd = spot(["AS KS 3C", "4D 2C 5H", "5D 6H 7H"], dealer=0, bids={1: 0, 2: 1, 0: 2}, plays=("4D", "5D"))
    assert exact(rnd, "3C", "KS") == (True, False)
    assert card_of(PlumpBot(), rnd) == Card.parse("3C")
    assert card_of(search(), rnd) == Card.parse("3C")


def test_ruff_with_a_small_trump_when_the_trick_is_needed_and_nobody_can_overruff():
    # You bid 1, play last, have no diamonds and hold 2♠ and 3♣.  Ruff: nobody can overruff the last
    # card of a trick, and the 3♣ will lose later.  Discarding leaves your 2♠ to be overruffed by 5♠.
    rnd = spot(["2S 3C", "4D 5S", "5D QC"], dealer=0, bids={1: 1, 2: 0, 0: 1}, plays=("4D", "5D"))
    assert exact(rnd, "2S", "3C") == (True, False)
    assert card_of(PlumpBot(), rnd) == Card.parse("2S")
    assert card_of(search(), rnd) == Card.parse("2S")


def test_win_cheaply_as_last_player_and_keep_the_ace_for_the_next_trick():
    # You bid 2 and play last to 5♥ 9♥ holding Q♥ A♥ (no trumps): the queen wins this trick, and the
    # ace will win the next.  The ace now leaves the queen to lose to the K♥ that is still out.
    rnd = spot(["5H KH", "9H 3C", "QH AH"], dealer=2, bids={0: 0, 1: 0, 2: 2}, trump=None, plays=("5H", "9H"))
    assert exact(rnd, "QH", "AH") == (True, False)
    assert card_of(PlumpBot(), rnd) == Card.parse("QH")
    assert card_of(search(), rnd) == Card.parse("QH")


def test_with_the_bid_made_throw_the_dangerous_king_under_the_ace():
    # You bid 0 and hold K♥ 3♥ 2♣; A♥ is led.  The ace wins anyway: throw the king now, while it
    # cannot win.  Kept, the king wins the next heart led.
    rnd = spot(["KH 3H 2C", "AH 4H 5C", "QH 2H 6C"], dealer=0, bids={1: 1, 2: 1, 0: 0}, trump=None, plays=("AH", "QH"))
    assert exact(rnd, "KH", "3H") == (True, False)
    decision = PlumpBot().decide(rnd.view(0))
    assert decision.action.card == Card.parse("KH") and "most dangerous" in decision.explain("en")
    assert card_of(search(), rnd) == Card.parse("KH")


def test_with_the_bid_made_discard_instead_of_ruffing():
    # You bid 0, play last, have no diamonds and hold 2♠ (a trump) and K♣.  Throw the king: the 2♠
    # would win this trick, while later it can be overruffed (the 3♠ is still out).
    rnd = spot(["2S KC", "4D 3S", "5D AC"], dealer=0, bids={1: 1, 2: 1, 0: 0}, plays=("4D", "5D"))
    assert exact(rnd, "KC", "2S") == (True, False)
    assert card_of(PlumpBot(), rnd) == Card.parse("KC")
    assert card_of(search(), rnd) == Card.parse("KC")


def test_with_the_bid_made_lead_low_and_keep_the_ace_to_discard():
    # You bid 0 and lead with 2♥ A♣ (no trumps).  Lead the 2♥: it loses, and when diamonds come you
    # throw the ace on them.  The ace led takes the trick.
    rnd = spot(["2H AC", "3H 6D", "4H 5D"], dealer=2, bids={0: 0, 1: 1, 2: 1}, trump=None)
    assert exact(rnd, "2H", "AC") == (True, False)
    assert card_of(PlumpBot(), rnd) == Card.parse("2H")
    assert card_of(search(), rnd) == Card.parse("2H")


def test_with_the_bid_made_play_low_second_in_hand():
    # You bid 0 and play second to the 9♥ with K♥ 2♥: play the 2♥.  The king would beat the 9♥ and
    # the Q♥ behind you; kept, it is thrown away when clubs are led.
    rnd = spot(["KH 2H", "QH 4C", "9H 3C"], dealer=1, bids={2: 1, 0: 0, 1: 1}, trump=None, plays=("9H",))
    assert rnd.to_move == 0
    assert exact(rnd, "2H", "KH") == (True, False)
    assert card_of(PlumpBot(), rnd) == Card.parse("2H")
    assert card_of(search(), rnd) == Card.parse("2H")


def test_need_every_trick_without_trumps_lead_the_master():
    # You bid 2 of the last 2 tricks with A♥ K♥ (no trumps in this round): lead the ace, then the
    # king is the top heart.  The king first loses to the ace if a hand holds it.
    rnd = spot(["AH KH", "2H 3C", "QH 4C"], dealer=2, bids={0: 2, 1: 0, 2: 0}, trump=None)
    assert exact(rnd, "AH", "KH") == (True, True)  # the ace is with you, so both orders work here
    assert card_of(PlumpBot(), rnd) == Card.parse("AH")
    assert card_of(search(), rnd) in (Card.parse("AH"), Card.parse("KH"))


def test_need_every_trick_lead_the_king_when_the_ace_is_turned_up():
    # A♠ is the turned-up card, so your K♠ is the top trump.  You bid 2 of the last 2 tricks with K♠ Q♥:
    # lead the king to draw the 2♠; the Q♥ first is ruffed by it.
    rnd = spot(["KS QH", "2S 3C", "4C 5C"], dealer=2, bids={0: 2, 1: 0, 2: 0}, trump_card="AS")
    assert exact(rnd, "KS", "QH") == (True, False)
    assert card_of(PlumpBot(), rnd) == Card.parse("KS")
    assert card_of(search(), rnd) == Card.parse("KS")


def test_a_hand_of_small_cards_bids_nothing():
    # 2♥ 3♦ 4♣ with spades trump at the table of three: nothing here takes a trick on its own; bid 0.
    rnd = spot(["2H 3D 4C", "AS KS QS", "AH KH QH"], dealer=2, bids={})
    assert PlumpBot().choose(rnd.view(0)) == Bid(0, 0)
    assert search().choose(rnd.view(0)) == Bid(0, 0)


def test_hook_with_two_top_trumps_goes_up():
    # The dealer holds A♠ K♠ 2♣ and the hook forbids 2: two sure tricks, so go up to 3, never down to 1.
    rnd = spot(["2H 3H 4H", "5D 6D 7D", "AS KS 2C"], dealer=2, bids={0: 0, 1: 1}, hook=True)
    assert rnd.forbidden_bid() == 2
    assert PlumpBot().choose(rnd.view(2)) == Bid(2, 3)
    assert search().choose(rnd.view(2)) == Bid(2, 3)


def test_cash_the_ace_before_a_lost_lead_makes_you_throw_it():
    # You bid 1 with two tricks left, lead, and hold A♥ 2♣ (no trumps).  Cash the ace now.  Lead the
    # 2♣ and lose it, and the winner leads another club: the ace must be thrown on it.
    rnd = spot(["AH 2C", "3C 5C", "4C 6C"], dealer=2, bids={0: 1, 1: 0, 2: 1}, trump=None)
    assert exact(rnd, "AH", "2C") == (True, False)
    decision = PlumpBot().decide(rnd.view(0))
    assert decision.action.card == Card.parse("AH") and "highest left in its suit" in decision.explain("en")
    assert card_of(search(), rnd) == Card.parse("AH")
