"""The reading of the bids: seeded, voids respected, zero bids lower the high cards, the sentence in three languages."""

import numpy as np
import pytest

from cardlab import PlumpRound, PlumpRules
from cardlab.errors import CardlabError
from cardlab.bots.plump_reading import Reading, high_card_odds, reading_message

HANDS = ["2S 3S 4S 5S 6S 7S 8S 9S 10S JS", "2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
         "2H 3H 4H 5H 6H 7H 8H 9H 10H JH", "AD KD QD JD 10D 9D 8D 7D 6D 5D"]


def _round(bids):
    rnd = PlumpRound.from_hands(HANDS, rules=PlumpRules(players=4), dealer=3, trump="D")
    for b in bids:
        rnd.apply(next(a for a in rnd.legal_actions() if a.tricks == b))
    return rnd


def test_seeded_reproducible():
    view = _round([0, 0, 0]).view(3)
    a = high_card_odds(view, deals=1000, rng=7)
    b = high_card_odds(view, deals=1000, rng=7)
    for x, y in zip(a[:2], b[:2]):
        assert np.array_equal(x, y)


def test_zero_bids_lower_and_big_bids_raise():
    b0, a0, _ = high_card_odds(_round([0, 0, 0]).view(3), deals=4000, rng=1)
    b5, a5, _ = high_card_odds(_round([5, 5, 5]).view(3), deals=4000, rng=1)
    others = [0, 2, 3]                       # the dealer holds both high diamonds
    assert (a0[:3, others] < b0[:3, others]).all()
    assert (a5[:3, others] > b5[:3, others]).all()
    assert np.allclose(b0[:3, 1], 0) and np.allclose(b0[3, 1], 1)


def test_unweighted_equals_plain_share():
    # with weight 1 every deal counts alike: before == after, and the share matches a hypergeometric count
    before, after, eff = high_card_odds(_round([0, 0, 0]).view(3), deals=4000, weight=1.0, rng=3)
    assert np.array_equal(before, after) and eff == pytest.approx(4000)
    # the unseen cards (52 − own 10 − the turned-up card), 10 per seat: P(a king or ace of clubs)
    from math import comb
    view = _round([0, 0, 0]).view(3)
    unseen = 52 - 10 - (1 if view.trump_card is not None else 0)
    p = 1 - comb(unseen - 2, 10) / comb(unseen, 10)
    assert before[0, 0] == pytest.approx(p, abs=0.03)


def test_bad_weight():
    with pytest.raises(CardlabError):
        high_card_odds(_round([0]).view(3), weight=0.0)


@pytest.mark.parametrize("lang, words", [("sv", "bjöd 0, så hen har nog inga höga spader"),
                                         ("nb", "meldte 0, så hen har nok ingen høye spar"),
                                         ("en", "bid 0, so they probably hold no high spades")])
def test_sentence(lang, words):
    assert words in reading_message(Reading(2, 0, 3, 0.6, 0.2), "Bot 2").text(lang)
    assert "3" in reading_message(Reading(1, 3, 2, 0.4, 0.8), "Bot 1").text(lang)


def _heuristic_hints(monkeypatch, session):
    from cardlab.bots.levels import heuristic_class

    monkeypatch.setattr(session, "hint_bot", lambda: heuristic_class("plump")())


@pytest.mark.parametrize("lang", ["sv", "nb", "en"])
@pytest.mark.parametrize("teacher", [False, True])
def test_a_bid_hint_adds_the_reading_exactly_when_there_is_one(monkeypatch, lang, teacher):
    """The hint line ends with the reading sentence when the bids say something strong enough, in the
    table's language and in teacher mode too; the sentence is the one the reading gives independently."""
    from cardlab.coach.tips import bid_reading
    from cardlab.session import PlumpSession

    for seed in range(6):
        session = PlumpSession("kids", rng=seed, lang=lang, teacher=teacher)
        session.run_bots()
        _heuristic_hints(monkeypatch, session)
        view = session.game.view(session.seat)
        expected = bid_reading(view, session.raw_names(), rng=[session._base_seed, len(session.match.actions)])
        session.hint()
        text = session.message_text()
        if expected is None:
            assert " % " not in text
        else:
            assert text.endswith(expected.text(lang)), text


@pytest.mark.parametrize("lang, words", [("sv", "Bot 1 bjöd 3, så hen har nog höga hjärter"),
                                         ("nb", "Bot 1 meldte 3, så hen har nok høye hjerter"),
                                         ("en", "Bot 1 bid 3, so they probably hold high hearts")])
def test_the_seat_name_is_the_tables(lang, words):
    from cardlab.session.base import default_names

    names = default_names(4, 0)
    assert reading_message(Reading(1, 3, 2, 0.3, 0.7), names[1]).text(lang).startswith(words)


def _plain_after(view, deals, weight, seed):
    """The weighted chance by a plain loop: shuffle the unseen cards, give each other seat its count,
    weight by the rule-of-thumb bid exactly as the reading says (an independent sampler)."""
    from cardlab.bots.plump_search import PlumpSearchBot
    from cardlab.kernels.cores import forbidden_bid
    from cardlab.kernels.plump_heuristic import heuristic_bid
    from cardlab.bots.plump_reading import HIGH_MASK
    from cardlab.search.plump_rollout import bid_order

    root = PlumpSearchBot()._root(view)
    unseen = [c for c in range(52) if int(root.unseen) >> c & 1]
    rng = np.random.default_rng(seed)
    players, dealer = root.players, root.dealer
    others = sum(int(root.bids[s]) for s in range(players) if s != dealer and root.bids[s] >= 0)
    num = np.zeros((players, 4))
    den = 0.0
    for _ in range(deals):
        order = rng.permutation(unseen)
        hands, k = {}, 0
        for s in range(players):
            if s != root.me:
                hands[s] = sum(1 << int(c) for c in order[k:k + int(root.counts[s])])
                k += int(root.counts[s])
        w = 1.0
        for s, h in hands.items():
            if root.bids[s] >= 0:
                forbidden = forbidden_bid(s, dealer, root.hand_size, others, root.hook)
                guess = heuristic_bid(np.uint64(h), root.hand_size, root.trump, players, forbidden,
                                      bid_order(s, dealer, players), root.trump_card)
                w *= weight ** abs(int(guess) - int(root.bids[s]))
        den += w
        for s, h in hands.items():
            for suit in range(4):
                num[s, suit] += w * bool(h & HIGH_MASK[suit])
    return num / den


@pytest.mark.parametrize("bids", [[0, 0, 0], [5, 5, 5]])
def test_the_weighted_chance_matches_a_plain_independent_count(bids):
    view = _round(bids).view(3)
    before, after, _ = high_card_odds(view, deals=20000, weight=0.2, rng=11)
    plain = _plain_after(view, 4000, 0.2, 12)
    cols = [0, 2, 3]
    assert np.abs(after[:3, cols] - plain[:3, cols]).max() < 0.05, (after[:3], plain[:3])
    assert np.abs(before[:3, cols] - plain[:3, cols]).mean() > 0.03      # the weighting matters here
