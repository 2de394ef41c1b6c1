"""The coach's end-of-round sentences: checked on many seeded rounds, its claims replayed.

RULES.md: a Plump bid is made when the tricks taken equal the bid; a trick is won by the highest
trump, else by the highest card of the suit led; a player must follow suit when able.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from cardlab.bots.base import RandomBot
from cardlab.bots.levels import make_bot
from cardlab.cards import Card, parse_cards
from cardlab.coach import review_round
from cardlab.coach.double_dummy import can_make, mask
from cardlab.coach.plump import analyse
from cardlab.games.femkamp import FemkampGame
from cardlab.games.plump import Bid, Play, PlumpGame, PlumpRound
from cardlab.games.rummy import RummyGame
from cardlab.rules.plump import PlumpRules
from cardlab.rules.rummy import RummyRules
from cardlab.tricks import legal_plays, trick_winner

LANGS = ("sv", "nb", "en")


def finished_plump_rounds(rules, seeds, bot_level="easy"):
    for seed in seeds:
        game = PlumpGame.start(rules, seed=seed)
        bots = [make_bot("plump", bot_level, rng=seed * 10 + s) for s in range(rules.players)]
        while not game.is_over:
            game.apply(bots[game.to_move].decide(game.view(game.to_move)).action)
        yield from game.finished_rounds


def sentences(text: str) -> int:
    return len([s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s])


# ---------------------------------------------------------- an independent check
def guaranteed(hands, seat, target, leader, trump, trick=(), taken=0):
    """Plain minimax over Card objects (no bit masks): can ``seat`` take exactly ``target`` whatever the others play?"""
    players = len(hands)

    @lru_cache(maxsize=None)
    def solve(hands, trick, leader, taken):
        if not trick and not hands[seat]:
            return taken == target
        to_move = (leader + len(trick)) % players
        led = trick[0][1].suit if trick else None
        options = legal_plays(list(hands[to_move]), led, trump)
        results = []
        for card in options:
            rest = tuple(tuple(c for c in h if c != card) if s == to_move else h for s, h in enumerate(hands))
            now = trick + ((to_move, card),)
            if len(now) == players:
                won = now[trick_winner([c for _, c in now], trump)][0]
                results.append(solve(rest, (), won, taken + (won == seat)))
            else:
                results.append(solve(rest, now, leader, taken))
        return any(results) if to_move == seat else all(results)

    trick = tuple(trick)
    if len(trick) == players:                      # the seat's card finished the trick
        leader = trick[trick_winner([c for _, c in trick], trump)][0]
        taken += leader == seat
        trick = ()
    return solve(tuple(tuple(h) for h in hands), trick, leader, taken)


def position_before(rnd, seat, trick_number):
    """Every hand, the cards on the table and the tricks ``seat`` had, when ``seat`` was to play in that trick."""
    hands = [[] for _ in range(rnd.players)]
    for t in rnd.completed_tricks:
        for s, c in zip(t.seats, t.cards):
            hands[s].append(c)
    taken = 0
    for t in rnd.completed_tricks[: trick_number - 1]:
        for s, c in zip(t.seats, t.cards):
            hands[s].remove(c)
        taken += t.winner == seat
    t = rnd.completed_tricks[trick_number - 1]
    pos = t.seats.index(seat)
    on_table = tuple(zip(t.seats[:pos], t.cards[:pos]))
    for s, c in on_table:
        hands[s].remove(c)
    return hands, on_table, t.leader, taken


def test_solver_on_a_named_ending():
    # seat 0 holds A♠ 2♥, seat 1 holds K♠ 3♥, no trump, seat 0 leads: A♠ wins, then 2♥ loses to 3♥
    hands = [mask(parse_cards("AS 2H")), mask(parse_cards("KS 3H"))]
    assert can_make(hands, seat=0, target=1, leader=0, trump=None)
    assert not can_make(hands, seat=0, target=0, leader=0, trump=None)
    assert not can_make(hands, seat=0, target=2, leader=0, trump=None)
    # with hearts as trump 2♥ beats K♠: leading A♠ then 2♥ takes both
    assert can_make(hands, seat=0, target=2, leader=0, trump=Card.parse("2H").suit) is False  # 3♥ over 2♥
    assert can_make(hands, seat=1, target=1, leader=0, trump=Card.parse("2H").suit)


def test_a_made_bid_is_praised_in_three_languages():
    rnd = PlumpRound.from_hands(["AS 2H", "KS 3H"], dealer=1)
    rnd.apply(Bid(0, 1))
    rnd.apply(Bid(1, 0))                          # the hook forbids the dealer's 1
    for card in ("AS", "KS", "2H", "3H"):
        rnd.apply(Play(rnd.to_move, Card.parse(card)))
    assert review_round(rnd, 0, "sv") == "Du bjöd 1 och tog 1 stick: budet gick hem!"
    assert review_round(rnd, 0, "nb") == "Du meldte 1 og tok 1 stikk: du klarte det!"


def test_a_named_overtrick_names_the_card_that_would_have_avoided_it():
    # seat 0 bids 0 with A♠ 2♠; seat 1 holds K♠ 3♠ and leads K♠ (seat 0 is dealer).  Playing A♠ on it
    # takes a trick; 2♠ would have lost it, and then A♠ must still win the last trick: 0 cannot be made.
    rnd = PlumpRound.from_hands(["AS 2S", "KS 3S"], dealer=0)
    rnd.apply(Bid(1, 1))
    rnd.apply(Bid(0, 0))
    for card in ("KS", "AS", "2S", "3S"):
        rnd.apply(Play(rnd.to_move, Card.parse(card)))
    review = analyse(rnd, 0)
    assert (review.bid, review.taken) == (0, 1)
    assert review.kind in ("trick", "exact", "forced")
    text = review_round(rnd, 0, "en")
    assert text.startswith("You bid 0 but took 1 trick: 1 trick too many.")


@pytest.mark.parametrize("rules", [PlumpRules.preset("kids"), PlumpRules(players=3, max_cards=4, trump="turned-up"),
                                   PlumpRules(players=4, max_cards=4, trump="none", hook=True)],
                         ids=["kids", "3x4-trump", "4x4-no-trump"])
def test_review_of_many_seeded_rounds_is_short_and_its_claims_replay(rules):
    kinds = set()
    checked = 0
    for rnd in finished_plump_rounds(rules, range(12)):
        for seat in range(rnd.players):
            texts = [review_round(rnd, seat, lang) for lang in LANGS]
            assert all(t and 1 <= sentences(t) <= 3 for t in texts), texts
            review = analyse(rnd, seat)
            kinds.add(review.kind)
            assert (review.kind == "made") == (rnd.bids[seat] == rnd.tricks_taken[seat])
            if review.kind == "exact":
                # replay: with the suggested card the bid can be made whatever the others play;
                # with the card played it could not (checked by a separate plain search)
                hands, on_table, leader, taken = position_before(rnd, seat, review.trick)
                assert review.better in legal_plays(hands[seat], on_table[0][1].suit if on_table else None, rnd.trump)
                for card, expected in ((review.better, True), (review.played, False)):
                    rest = [list(h) for h in hands]
                    rest[seat].remove(card)
                    assert guaranteed(rest, seat, review.bid, leader, rnd.trump, on_table + ((seat, card),), taken) is expected
                assert str(review.better) in texts[2] and f"trick {review.trick}" in texts[2]
                checked += 1
            elif review.kind == "trick":
                t = rnd.completed_tricks[review.trick - 1]
                pos = t.seats.index(seat)
                assert t.cards[pos] == review.played and t.winner == seat if review.taken > review.bid else t.winner != seat
                cards = list(t.cards)
                cards[pos] = review.better
                hands, on_table, _, _ = position_before(rnd, seat, review.trick)
                assert review.better in legal_plays(hands[seat], t.cards[0].suit, rnd.trump)
                wins = t.seats[trick_winner(cards, rnd.trump)] == seat
                assert wins != (review.taken > review.bid)       # the trick turns the other way
                checked += 1
    assert "made" in kinds and kinds - {"made"}
    assert checked > 0


def test_femkamp_rounds_get_a_sentence_in_three_languages():
    game = FemkampGame.start(seed=3)
    bots = [make_bot("femkamp", "medium") for _ in range(game.players)]
    while not game.is_over:
        game.apply(bots[game.to_move].decide(game.view(game.to_move)).action)
    for rnd in game.finished_rounds:
        for seat in range(game.players):
            texts = [review_round(rnd, seat, lang) for lang in LANGS]
            assert all(t and 1 <= sentences(t) <= 3 for t in texts)
            assert str(rnd.scores()[seat]) in texts[2]


def test_rummy_rounds_get_a_sentence_in_three_languages():
    game = RummyGame.start(RummyRules(rounds=3), seed=2)
    bots = [make_bot("rummy", "medium") for _ in range(game.players)]
    while not game.is_over:
        game.apply(bots[game.to_move].decide(game.view(game.to_move)).action)
    for rnd, result in zip(game.finished_rounds, game.results):
        for seat in range(game.players):
            texts = [review_round(rnd, seat, lang, names=["Du", "Bot 1", "Bot 2"]) for lang in LANGS]
            assert all(t and 1 <= sentences(t) <= 3 for t in texts)
            if result.winner == seat:
                assert texts[2] == "You went out: 0 penalty points!"
            else:
                assert str(result.penalties[seat]) in texts[2]


def test_a_round_still_being_played_is_refused():
    game = PlumpGame.start(PlumpRules.preset("kids"), seed=1)
    with pytest.raises(ValueError, match="finished round"):
        review_round(game.round, 0, "en")
