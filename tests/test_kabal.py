"""The kabal round (kabalrunden): deal, layout, legal plays, prikk, the end and the score."""

import pytest

from cardlab import FemkampRules, IllegalMoveError, NotInHandError, NotYourTurnError, RandomBot
from cardlab.cards import Card, full_deck, parse_cards
from cardlab.games.kabal import KabalError, KabalLayout, KabalRound, Prikk, kabal_hand_sizes
from cardlab.games.plump import Play
from cardlab.errors import CardlabError


def rest(cards: str):
    """Every card not named (to lie on the table)."""
    taken = set(parse_cards(cards))
    return [c for c in full_deck() if c not in taken]


def position(hands, dealer=None, **rules):
    """A kabal round from hands; the rest of the deck lies on the table."""
    rules = FemkampRules(players=len(hands), **rules)
    dealer = len(hands) - 1 if dealer is None else dealer
    return KabalRound.from_hands(hands, table=rest(" ".join(hands)), rules=rules, dealer=dealer)


@pytest.mark.parametrize("players, sizes", [(3, [18, 17, 17]), (4, [13, 13, 13, 13]), (5, [11, 11, 10, 10, 10])])
def test_all_52_cards_dealt_first_from_left_of_dealer(players, sizes):
    assert kabal_hand_sizes(players) == sizes
    for dealer in range(players):
        rnd = KabalRound.deal(FemkampRules(players=players), dealer=dealer, rng=dealer + 10)
        in_dealing_order = [len(rnd.hands[(dealer + 1 + i) % players]) for i in range(players)]
        assert in_dealing_order == sizes
        assert sorted(c.index for h in rnd.hands for c in h) == list(range(52))
        assert rnd.to_move == (dealer + 1) % players  # left of the dealer starts


def test_rule_book_example_seven_of_hearts_alone():
    # 7♥ lies alone in the hearts row: 6♥ or 8♥ may be played, not 5♥ yet
    layout = KabalLayout.from_cards("7H")
    assert layout.can_play(Card.parse("6H")) and layout.can_play(Card.parse("8H"))
    assert not layout.can_play(Card.parse("5H"))
    # another seven may start its suit instead
    assert layout.can_play(Card.parse("7C")) and not layout.can_play(Card.parse("8C"))


def test_rows_grow_down_to_ace_and_up_to_king_without_gaps():
    layout = KabalLayout()
    for code in "7S 6S 8S 5S 4S 3S 2S AS 9S 10S JS QS KS".split():
        layout = layout.with_card(Card.parse(code))
        assert layout.is_contiguous()
    assert [c.code for c in layout.row(Card.parse("AS").suit)][0::12] == ["AS", "KS"]
    assert layout.next_cards() == parse_cards("7C 7D 7H")  # spades complete
    with pytest.raises(CardlabError):
        KabalLayout.from_cards("5H 7H")  # a gap
    with pytest.raises(CardlabError):
        KabalLayout.from_cards("8H 9H")  # no seven


def test_legal_plays_and_choice():
    # hearts row only 7♥; the other suits complete; seat 0 holds 6♥ 8♥ and more
    rnd = position(["6H 8H AH 2H", "5H 9H 3H 4H", "10H JH QH KH"])
    assert [a.card.code for a in rnd.legal_actions()] == ["6H", "8H"]
    rnd.apply(Play(seat=0, card=Card.parse("8H")))
    assert rnd.to_move == 1
    assert [a.card.code for a in rnd.legal_actions()] == ["9H"]


def test_prikk_is_the_only_action_when_nothing_fits_and_scores_one():
    rnd = position(["5H 6H AH 2H", "8H 9H 3H 4H", "10H JH QH KH"])
    rnd.apply(Play(seat=0, card=Card.parse("6H")))
    rnd.apply(Play(seat=1, card=Card.parse("8H")))
    # seat 2 holds 10♥ J♥ Q♥ K♥: the row is 6♥–8♥, so nothing fits
    assert rnd.legal_actions() == [Prikk(seat=2)]
    with pytest.raises(KabalError) as info:
        rnd.apply(Play(seat=2, card=Card.parse("10H")))
    assert "9♥" in info.value.message("en")
    rnd.apply(Prikk(seat=2))
    assert rnd.prikks == [0, 0, 1]
    assert rnd.to_move == 0


def test_prikk_refused_when_a_card_fits_in_three_languages():
    rnd = position(["5H 6H AH 2H", "8H 9H 3H 4H", "10H JH QH KH"])
    before = rnd.state_key()
    with pytest.raises(KabalError) as info:
        rnd.apply(Prikk(seat=0))
    assert rnd.state_key() == before
    assert info.value.message("en") == "You cannot say prikk: you hold a card that can be played (6♥)."
    assert info.value.message("nb") == "Du kan ikke si prikk: du har et kort som kan legges (6♥)."
    assert info.value.message("sv") == "Du kan inte säga prick: du har ett kort som går att lägga (6♥)."


def test_illegal_card_messages():
    rnd = position(["5H 6H AH 2H", "8H 9H 3H 4H", "10H JH QH KH"])
    assert rnd.why_illegal(Play(seat=0, card=Card.parse("5H")), "nb") == (
        "5♥ passer ikke ennå: rekken i hjerter går fra 7♥ til 7♥, så bare 6♥ eller 8♥ kan legges nå.")
    assert rnd.why_illegal(Play(seat=0, card=Card.parse("5H")), "sv").startswith("5♥ passar inte än")
    assert isinstance(pytest.raises(NotYourTurnError, rnd.apply, Play(seat=1, card=Card.parse("8H"))).value, IllegalMoveError)
    with pytest.raises(NotInHandError):
        rnd.apply(Play(seat=0, card=Card.parse("9H")))
    # a row that has not been started needs its 7
    empty = position(["7S 8S 9S 10S 2S", "6S 5S 4S 3S", "AS JS QS KS"])
    assert empty.why_illegal(Play(seat=0, card=Card.parse("8S")), "en") == (
        "8♠ cannot be played yet: the spades row has not been started, and it starts with the 7.")


def test_round_ends_the_moment_a_player_is_out():
    # seat 1 holds only 8♥ and goes out at once; the others score prikks + cards left
    rnd = position(["5H 6H AH 2H 3H", "8H", "9H 10H JH QH KH 4H"])
    rnd.apply(Play(seat=0, card=Card.parse("6H")))
    rnd.apply(Play(seat=1, card=Card.parse("8H")))
    assert rnd.is_over and rnd.out_seat == 1 and rnd.to_move is None
    assert rnd.scores() == [0 + 4, 0, 0 + 6]
    assert rnd.legal_actions() == []
    with pytest.raises(IllegalMoveError):
        rnd.apply(Prikk(seat=2))


def test_worked_example_two_prikks_and_four_cards_make_six():
    # seat 0 says prikk twice and is left with 4 cards when seat 1 goes out: 2 + 4 = 6
    hands = ["AS 2S 3S 4S", "2H 3H", "AH 5S", "6S KD"]
    table = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD " \
            "4H 5H 6H 7H 8H 9H 10H JH QH KH 7S 8S 9S 10S JS QS KS"
    rnd = KabalRound.from_hands(hands, table=table, rules=FemkampRules(), dealer=3)
    moves = [Prikk(seat=0), Play(seat=1, card=Card.parse("3H")), Prikk(seat=2),
             Play(seat=3, card=Card.parse("KD")), Prikk(seat=0), Play(seat=1, card=Card.parse("2H"))]
    for move in moves:
        assert move in rnd.legal_actions()
        rnd.apply(move)
    assert rnd.is_over
    assert rnd.scores() == [6, 0, 3, 1]


def test_seven_of_hearts_starter():
    rules = FemkampRules(kabal_starter="seven-of-hearts")
    rnd = KabalRound.deal(rules, dealer=0, rng=7)
    holder = next(s for s, h in enumerate(rnd.hands) if Card.parse("7H") in h)
    assert rnd.to_move == holder
    assert rnd.legal_actions() == [Play(seat=holder, card=Card.parse("7H"))]
    other_seven = next((c for c in rnd.hands[holder] if c.rank == 7 and c.code != "7H"), None)
    if other_seven is not None:
        with pytest.raises(KabalError) as info:
            rnd.apply(Play(seat=holder, card=other_seven))
        assert "7♥" in info.value.message("sv")
    rnd.apply(Play(seat=holder, card=Card.parse("7H")))
    assert rnd.to_move == (holder + 1) % 4


def test_setup_must_hold_the_whole_deck():
    with pytest.raises(CardlabError) as info:
        KabalRound.from_hands(["AS", "2S", "3S", "4S"], rules=FemkampRules())
    assert "52" in info.value.message("en")
    with pytest.raises(CardlabError):
        KabalRound.from_hands(["AS", "AS", "3S", "4S"], table=rest("AS 3S 4S"), rules=FemkampRules())


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_rounds_keep_rows_contiguous_conserve_cards_and_always_end(players):
    rules = FemkampRules(players=players)
    for seed in range(40):
        rnd = KabalRound.deal(rules, dealer=seed % players, rng=seed)
        bot = RandomBot(rng=seed)
        for _ in range(52 * players + 1):  # every full circle of turns plays at least one card
            if rnd.is_over:
                break
            act = bot.choose(rnd.view(rnd.to_move))
            rnd.apply(act)
            layout = rnd.layout
            assert layout.is_contiguous()
            assert len(layout) + sum(len(h) for h in rnd.hands) == 52
            assert set(layout.cards()).isdisjoint(c for h in rnd.hands for c in h)
        assert rnd.is_over
        out = rnd.out_seat
        assert rnd.hands[out] == []
        assert rnd.scores()[out] == rnd.prikks[out]
        assert all(rnd.scores()[s] == rnd.prikks[s] + len(rnd.hands[s]) for s in range(players))
        assert sum(1 for a in rnd.history if isinstance(a, Prikk)) == sum(rnd.prikks)


def test_view_hides_other_hands_and_shows_counts():
    rnd = KabalRound.deal(FemkampRules(players=3), dealer=0, rng=3)
    view = rnd.view(2)
    assert view.hand == tuple(rnd.hands[2]) and view.hand_counts == (17, 18, 17)
    assert view.legal_actions == () and rnd.view(1).legal_actions
    assert not any(c in view.hand for c in rnd.hands[0])
    assert not hasattr(view, "hands")


def test_layout_renders_rows_per_suit_in_html():
    layout = KabalLayout.from_cards("6C 7C 8C 7H")
    page = layout._repr_html_()
    assert page.count("cardlab-kabal-row") == 4
    assert all(f'aria-label="{c}"' in page for c in ("6♣", "7♣", "8♣", "7♥"))
    assert str(layout).splitlines()[0] == "♣ 6♣ 7♣ 8♣"
    rnd = position(["5H 6H AH 2H", "8H 9H 3H 4H", "10H JH QH KH"])
    assert "cardlab-kabal" in rnd._repr_html_()
