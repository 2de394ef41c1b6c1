"""Plump bidding puzzles: every bid's chance re-counted by a plain minimax over the same deals, the hook
(the dealer may not make the bids add up to the hand size), the counter-deal, plain data, words."""

from __future__ import annotations

import json

import pytest

from cardlab import Match, PlumpRules
from cardlab.bots.plump import PlumpBot
from cardlab.cards import full_deck
from cardlab.games.plump import Bid, PlumpRound
from cardlab.games.trick_actions import Play
from cardlab.i18n import LANGUAGES
from cardlab.puzzles import BidPuzzle, bid_puzzles_from_games, bid_puzzles_from_match, puzzle_from_dict
from cardlab.puzzles.plump_bid import _make
from cardlab.puzzles.plump_hidden import SAMPLES, SE_MARGIN, child_rng, sample_deals
from cardlab.tricks import trick_winner as card_trick_winner


def minimax(hands, trick, leader, taken, seat, bid, trump, memo):
    """Plain minimax, no cut-offs: can ``seat`` end with exactly ``bid`` whatever the others play?"""
    players = len(hands)
    if len(trick) == players:
        won = trick[card_trick_winner([c for _, c in trick], trump)][0]
        trick, leader, taken = (), won, taken + (won == seat)
    if not trick and not hands[seat]:
        return taken == bid
    key = (hands, trick, leader, taken)
    if key not in memo:
        mover = (leader + len(trick)) % players
        hand = hands[mover]
        follow = [c for c in hand if trick and c.suit == trick[0][1].suit]
        results = [minimax(hands[:mover] + (hand - {c},) + hands[mover + 1:], trick + ((mover, c),), leader, taken,
                           seat, bid, trump, memo) for c in (follow or list(hand))]
        memo[key] = any(results) if mover == seat else all(results)
    return memo[key]


def made_by_minimax(rnd, seat, hands, bid):
    leader = (rnd.dealer + 1) % rnd.players               # left of the dealer leads the first trick
    return minimax(tuple(frozenset(h) for h in hands), (), leader, 0, seat, bid, rnd.trump, {})


def fits(rnd, seat, hands):
    """Same own hand, every seat its hand size, only cards the seat has not seen (not the trump card)."""
    used = [c for s, h in enumerate(hands) if s != seat for c in h]
    unseen = set(full_deck()) - set(rnd.hands[seat]) - {rnd.trump_card}
    return (sorted(hands[seat], key=lambda c: c.index) == sorted(rnd.hands[seat], key=lambda c: c.index)
            and all(len(h) == rnd.hand_size for h in hands) and len(used) == len(set(used)) and set(used) <= unseen)


@pytest.fixture(scope="module")
def puzzles():
    found = bid_puzzles_from_games(8, rng=5)
    assert len(found) == 8
    return found


def test_every_bid_recounted_by_plain_minimax_on_the_same_deals(puzzles):
    p = puzzles[0]
    rnd = p.round()
    assert rnd.phase == "bid" and rnd.to_move == p.seat
    deals = list(sample_deals(p.seen(), child_rng(p.seed, 1), SAMPLES))
    assert len(deals) == p.deals == SAMPLES and all(fits(rnd, p.seat, d) for d in deals)
    some = deals[:80]
    from cardlab.puzzles.plump_bid import makes
    for d in some:
        assert makes(rnd, p.seat, range(p.hand_size + 1), d) == \
            [made_by_minimax(rnd, p.seat, d, b) for b in range(p.hand_size + 1)]
    wins = {str(b): sum(made_by_minimax(rnd, p.seat, d, b) for d in deals) for b in range(p.hand_size + 1)}
    assert wins == p.wins


def test_the_best_legal_bid_with_a_clear_margin(puzzles):
    for p in puzzles:
        rnd = p.round()
        assert list(p.legal) == rnd.legal_bids(p.seat)
        ch = p.chances
        assert p.answer in p.legal and all(ch[b] < ch[p.answer] for b in p.legal if b != p.answer)
        m = p.margin
        assert m["diff"] >= 0.10 and m["diff"] > SE_MARGIN * m["se"] > 0
        assert p.level in (1, 2, 3) and p.theme in ("hook", "count_tricks")


def test_the_hook_forbids_the_dealer_the_bid_that_adds_up():
    found = bid_puzzles_from_games(12, rng=21)
    hooks = [p for p in found if p.theme == "hook"]
    assert hooks
    for p in hooks:
        rnd = p.round()
        assert p.seat == rnd.dealer
        others = sum(b for b in rnd.bids if b is not None)
        assert p.forbidden == p.hand_size - others and p.forbidden not in p.legal
        ch = p.chances
        assert all(ch[p.forbidden] > ch[b] for b in p.legal)           # the hook takes the best bid away
        texts = {lang: p.explanation().text(lang) for lang in LANGUAGES}
        assert len(set(texts.values())) == 3 and all(str(p.forbidden) in t and str(p.answer) in t for t in texts.values())


def test_no_hook_no_forbidden_bid():
    rnd = PlumpRound.from_hands(["AS 2H 3C", "KS 3H 4C", "QS 4H 5C"], dealer=2, trump_card="9D",
                                rules=PlumpRules(players=3, hook=False))
    for act in (Bid(0, 1), Bid(1, 1)):
        rnd.apply(act)
    p = _make(rnd, rnd, [Bid(0, 1), Bid(1, 1)], 3, "bots", None, need_clear=False)
    assert p.forbidden is None and p.legal == (0, 1, 2, 3) and p.theme == "count_tricks"
    hooked = PlumpRound.from_hands(["AS 2H 3C", "KS 3H 4C", "QS 4H 5C"], dealer=2, trump_card="9D",
                                   rules=PlumpRules(players=3, hook=True, hook_last_round=False), is_last_round=False)
    for act in (Bid(0, 1), Bid(1, 1)):
        hooked.apply(act)
    q = _make(hooked, hooked, [Bid(0, 1), Bid(1, 1)], 3, "bots", None, need_clear=False)
    assert q.forbidden == 1 and q.legal == (0, 2, 3)


def test_the_counter_deal_fits_and_the_wrong_bid_really_fails(puzzles):
    checked = 0
    for p in puzzles[:5]:
        rnd = p.round()
        for b in p.legal:
            c = p.counter_deal(b)
            if b == p.answer:
                assert c is None
                continue
            if c is None:
                continue
            checked += 1
            assert fits(rnd, p.seat, c.hands)
            assert not made_by_minimax(rnd, p.seat, c.hands, b)
            assert made_by_minimax(rnd, p.seat, c.hands, p.answer) == c.right_works
            bids = [rnd.bids[s] if rnd.bids[s] is not None else (b if s == p.seat else 0) for s in range(rnd.players)]
            replay = PlumpRound.from_hands([" ".join(x.code for x in h) for h in c.hands], dealer=rnd.dealer,
                                           rules=PlumpRules(players=rnd.players, hook=False),
                                           trump_card=rnd.trump_card)
            for s in replay.bid_order:
                replay.apply(Bid(s, bids[s]))
            for step in c.line.steps:                               # the line is legal from the first lead
                replay.apply(Play(step.seat, step.card))
            assert replay.is_over and replay.tricks_taken[p.seat] != b
    assert checked >= 4


def test_seeded_plain_json_and_the_kind(puzzles):
    again = bid_puzzles_from_games(8, rng=5)
    assert [p.to_dict() for p in again] == [p.to_dict() for p in puzzles]
    assert [p.difficulty for p in puzzles] == sorted(p.difficulty for p in puzzles)
    for p in puzzles:
        d = json.loads(json.dumps(p.to_dict()))
        assert (d["game"], d["kind"]) == ("plump", "bid") and BidPuzzle.from_dict(d) == p == puzzle_from_dict(d)


@pytest.mark.parametrize("change, field", [({"theme": "guess"}, "theme"), ({"answer": 9}, "answer"),
                                           ({"kind": "hidden"}, "kind"), ({"wins": {}}, "wins")])
def test_a_damaged_bid_puzzle_is_refused(puzzles, change, field):
    with pytest.raises(ValueError, match=field):
        BidPuzzle.from_dict({**puzzles[0].to_dict(), **change})
    with pytest.raises(ValueError, match="hand_size"):
        bid_puzzles_from_games(1, rng=1, hand_size=6)


def test_twenty_in_seconds():
    import time

    start = time.perf_counter()
    assert len(bid_puzzles_from_games(20, rng=1)) == 20 and time.perf_counter() - start < 60


class GreedyBidder:
    """Bids every card it holds (a child who has not learnt yet), plays like the bot."""

    def __init__(self):
        self.bot = PlumpBot()

    def choose(self, view):
        if view.phase == "bid":
            legal = list(view.legal_actions)
            return max(legal, key=lambda a: a.tricks)
        return self.bot.choose(view)


def test_own_bidding_mistakes():
    rules = PlumpRules(players=4, schedule=(3, 2, 3, 3))
    found = []
    for seed in range(2):
        match = Match.new("plump", rules, rng=seed)
        match.play_out([GreedyBidder(), PlumpBot(), PlumpBot(), PlumpBot()])
        found += bid_puzzles_from_match(match, 0)
    assert found
    for p in found:
        assert p.source == "own" and p.seat == 0 and p.played in p.legal and p.played != p.answer
        assert p.chances[p.answer] - p.chances[p.played] >= 0.10


def test_words_in_three_languages(puzzles):
    from cardlab.i18n import Message

    for p in puzzles:
        texts = {lang: p.explanation().text(lang) for lang in LANGUAGES}
        assert len(set(texts.values())) == 3 and all(f"{round(100 * p.chances[p.answer])} %" in t for t in texts.values())
        assert len({p.title().text(lang) for lang in LANGUAGES}) == 3
    for key in ("puzzles.ask_bid", "puzzles.right_bid", "puzzles.wrong_bid", "puzzles.counter.bid",
                "puzzles.counter.right_bid", "puzzles.not_a_bid", "puzzles.theme.hook", "puzzles.theme.count_tricks"):
        m = Message(key, {"bid": 2, "size": 3})
        assert len({m.text(lang) for lang in LANGUAGES}) == 3
