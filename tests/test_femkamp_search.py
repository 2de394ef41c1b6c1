"""FemkampSearchBot and its play-out kernels: legal, blind to hidden cards, explained in three
languages, and the kernels play the heuristic's games from any mid-round state."""

import copy

import numpy as np
import pytest

from cardlab import FemkampBot, FemkampGame, FemkampRules, RandomBot
from cardlab.bots import FemkampSearchBot
from cardlab.cards import Card, full_deck
from cardlab.games.femkamp import FemkampTrickRound
from cardlab.games.kabal import KabalRound, Prikk
from cardlab.games.plump import Play
from cardlab.rules.femkamp_core import ROUND_CODES
from cardlab.search.femkamp_rollout import play_out_kabal, play_out_tricks

HEURISTIC = FemkampBot()


def mask(cards) -> np.uint64:
    return np.uint64(sum(1 << c.index for c in cards))


# ----------------------------------------------------------------- the bot
def test_exported_from_cardlab_and_checks_its_budget():
    import cardlab

    assert cardlab.FemkampSearchBot is FemkampSearchBot
    for bad in (dict(rollouts=0), dict(samples=0), dict(time_ms=0), dict(margin=-1)):
        with pytest.raises(ValueError):
            FemkampSearchBot(**bad)


def test_leads_under_the_queen_instead_of_taking_it_with_the_ace():
    """Queens round, two cards each, seat 3 void in spades.  Leading A♠ takes the Q♠ (4 points);
    leading 2♥ lets seat 3 win the hearts and lead its last heart, on which A♠, K♠ and Q♠ are
    thrown away and seat 3 takes the queen.  The search must find the 2♥."""
    rnd = FemkampTrickRound.from_hands(["AS 2H", "KS 3H", "QS 4H", "5H 6H"], round_name="queens", dealer=3)
    decision = FemkampSearchBot(rng=1, samples=50).decide(rnd.view(0))
    assert decision.action.card == Card.parse("2H")
    after = copy.deepcopy(rnd)
    after.apply(decision.action)
    while not after.is_over:
        after.apply(HEURISTIC.choose(after.view(after.to_move)))
    assert after.scores() == [0, 0, 0, 4]


def test_grand_takes_the_trick_that_is_there_to_take():
    """Grand: last to play with A♥ and 2♥ on a trick led with K♥; take it (−1 point is better)."""
    rnd = FemkampTrickRound.from_hands(["KH 3C", "4H 5C", "5H 6C", "AH 2H"], round_name="grand", dealer=3)
    for seat, code in ((0, "KH"), (1, "4H"), (2, "5H")):
        rnd.apply(Play(seat=seat, card=Card.parse(code)))
    decision = FemkampSearchBot(rng=3, samples=10).decide(rnd.view(3))
    assert decision.action.card == Card.parse("AH")


def play_game(seed, players, bots):
    game = FemkampGame.start(FemkampRules(players=players), seed=seed)
    views = 0
    while not game.is_over:
        view = game.view(game.to_move)
        decision = bots[game.to_move].decide(view)
        assert decision.action in view.legal_actions, (seed, view.round_name, decision.action)
        texts = [decision.explain(lang) for lang in ("sv", "nb", "en")]
        assert all(texts) and len(set(texts)) == 3
        game.apply(decision.action)
        views += 1
    return game, views


@pytest.mark.parametrize("players", [3, 4, 5])
def test_never_plays_an_illegal_card_and_explains_every_move(players):
    """Whole games (all five rounds) with search bots at small budgets in every seat."""
    for seed in range(2):
        bots = [FemkampSearchBot(rng=seed * 10 + s, rollouts=200) for s in range(players)]
        game, views = play_game(seed, players, bots)
        assert game.is_over and views > 50


def test_search_explanations_are_sentences_in_three_languages():
    game = FemkampGame.start(seed=11)
    bot = FemkampSearchBot(rng=4, rollouts=400)
    seen = set()
    while not game.is_over and len(seen) < 2:
        view = game.view(game.to_move)
        decision = bot.decide(view)
        if decision.reason.key.startswith("femkamp.search."):
            texts = {lang: decision.explain(lang) for lang in ("sv", "nb", "en")}
            assert "provade" in texts["sv"] and "prøvde" in texts["nb"] and "I tried" in texts["en"]
            assert str(decision.action.card) in texts["sv"]
            seen.add(decision.reason.key)
        game.apply(decision.action)
    assert "femkamp.search.card" in seen


def reshuffle_hidden(game, seat, rng):
    """A copy of ``game`` where the cards ``seat`` cannot see are dealt anew among the other hands."""
    other = copy.deepcopy(game)
    hands = other.round.hands
    seats = [s for s in range(len(hands)) if s != seat]
    pool = [c for s in seats for c in hands[s]]
    pool = [pool[i] for i in rng.permutation(len(pool))]
    for s in seats:
        size = len(hands[s])
        hands[s][:] = sorted(pool[:size], key=lambda c: c.sort_key)
        pool = pool[size:]
    return other


def test_decision_does_not_change_when_the_unseen_cards_are_reshuffled():
    rng = np.random.default_rng(0)
    checked = 0
    game = FemkampGame.start(seed=7)
    driver = RandomBot(rng=7)
    step = 0
    while not game.is_over:
        seat = game.to_move
        view = game.view(seat)
        if len(view.legal_actions) > 1 and step % 3 == 0:
            mine = FemkampSearchBot(rng=step, rollouts=300).decide(view)
            other = reshuffle_hidden(game, seat, rng)
            assert other.round.hands != game.round.hands and other.view(seat) == view
            assert FemkampSearchBot(rng=step, rollouts=300).decide(other.view(seat)) == mine
            checked += 1
        game.apply(driver.choose(view))
        step += 1
    assert checked > 30


def test_a_time_budget_answers_in_time_with_a_legal_card():
    import time

    game = FemkampGame.start(seed=2)
    view = game.view(game.to_move)
    bot = FemkampSearchBot(rng=1, time_ms=60)
    bot.decide(view)                      # compiled and warm
    start = time.perf_counter()
    decision = bot.decide(view)
    assert time.perf_counter() - start < 1.0 and decision.action in view.legal_actions


# ------------------------------------------------ the kernels against the engine
def trick_state(rnd):
    """The engine's trick round as the arrays :func:`play_out_tricks` reads."""
    n = rnd.players
    hands = np.array([mask(h) for h in rnd.hands], np.uint64)
    voids = np.zeros(n, np.int64)
    taken = np.zeros((n, 3), np.int64)
    for trick in rnd.completed_tricks:
        led = trick.cards[0].suit.index
        for seat, card in zip(trick.seats, trick.cards):
            if card.suit.index != led:
                voids[seat] |= 1 << led
    for s in range(n):
        taken[s] = (rnd.tricks_taken[s], rnd.clubs_taken[s], rnd.queens_taken[s])
    cards = np.zeros(n, np.int64)
    for j, (seat, card) in enumerate(rnd.current_trick):
        cards[j] = card.index
        if card.suit.index != rnd.current_trick[0][1].suit.index:
            voids[seat] |= 1 << rnd.current_trick[0][1].suit.index
    played = mask([c for t in rnd.completed_tricks for c in t.cards] + [c for _, c in rnd.current_trick])
    leader = rnd.current_trick[0][0] if rnd.current_trick else rnd.leader
    return hands, voids, taken, cards, len(rnd.current_trick), played, leader


def check_trick_round(rnd):
    hands, voids, taken, cards, n_trick, played, leader = trick_state(rnd)
    play_out_tricks(hands, rnd.players, ROUND_CODES[rnd.round_name], leader, cards, n_trick, played, voids, taken)
    engine = copy.deepcopy(rnd)
    while not engine.is_over:
        engine.apply(HEURISTIC.choose(engine.view(engine.to_move)))
    assert taken[:, 0].tolist() == engine.tricks_taken
    assert taken[:, 1].tolist() == engine.clubs_taken
    assert taken[:, 2].tolist() == engine.queens_taken
    assert all(h == 0 for h in hands)


def test_trick_kernel_named_positions():
    # RULES.md's example trick, two cards each: seat 2 takes the A♠ trick with both queens
    rnd = FemkampTrickRound.from_hands(["10S 2C", "QS 3C", "AS 4C", "QH 5C"], round_name="queens", dealer=3)
    rnd.apply(Play(seat=0, card=Card.parse("10S")))
    check_trick_round(rnd)
    # a grand round with the trick on the table nearly full
    rnd = FemkampTrickRound.from_hands(["KH 3C 9D", "4H 5C 2D", "5H 6C AD", "AH 2H 7C"], round_name="grand", dealer=3)
    for seat, code in ((0, "KH"), (1, "4H"), (2, "5H")):
        rnd.apply(Play(seat=seat, card=Card.parse(code)))
    check_trick_round(rnd)


@pytest.mark.parametrize("round_name", ["pass", "clubs", "queens", "grand"])
def test_trick_kernel_plays_the_heuristics_round_from_random_mid_round_states(round_name):
    for seed in range(12):
        players = 3 + seed % 3
        rnd = FemkampTrickRound.deal(FemkampRules(players=players), round_name=round_name, dealer=seed % players,
                                     rng=seed)
        driver = RandomBot(rng=seed)
        for _ in range(int(np.random.default_rng(seed).integers(0, 3 * players + 3))):
            rnd.apply(driver.choose(rnd.view(rnd.to_move)))
        check_trick_round(rnd)


def check_kabal(rnd):
    n = rnd.players
    hands = np.array([mask(h) for h in rnd.hands], np.uint64)
    lows = np.array([low for low, _ in rnd.layout.rows], np.int64)
    highs = np.array([high for _, high in rnd.layout.rows], np.int64)
    prikks = np.array(rnd.prikks, np.int64)
    out = play_out_kabal(hands, n, rnd.to_move, lows, highs, prikks)
    engine = copy.deepcopy(rnd)
    while not engine.is_over:
        engine.apply(HEURISTIC.choose(engine.view(engine.to_move)))
    assert out == engine.out_seat
    assert prikks.tolist() == engine.prikks
    assert [int(bin(int(h)).count("1")) for h in hands] == engine.cards_left()


def test_kabal_kernel_named_position():
    hands = ["5H 6H AH 2H", "8H 9H 3H 4H", "10H JH QH KH"]
    rest = [c for c in full_deck() if c.suit.index != 2 or c.rank.ace_low == 7]
    rnd = KabalRound.from_hands(hands, table=rest, rules=FemkampRules(players=3), dealer=2)
    check_kabal(rnd)


def test_kabal_kernel_plays_the_heuristics_round_from_random_mid_round_states():
    for seed in range(20):
        players = 3 + seed % 3
        rnd = KabalRound.deal(FemkampRules(players=players), dealer=seed % players, rng=seed)
        driver = RandomBot(rng=seed)
        for _ in range(int(np.random.default_rng(seed).integers(0, 30))):
            if rnd.is_over:
                break
            rnd.apply(driver.choose(rnd.view(rnd.to_move)))
        if not rnd.is_over:
            check_kabal(rnd)


def test_the_kabal_play_out_is_the_kernels_kabal_loop():
    """``play_out_kabal`` (the search's fast path) plays exactly what the kernel's ``play_kabal`` plays
    with heuristic players: the same seat goes out, with the same hands, layout and prikks, on 400
    random mid-round positions of 3 to 5 players."""
    from cardlab.kernels.femkamp_kernel import play_kabal

    rng = np.random.default_rng(2024)
    checked = 0
    for _ in range(400):
        players = int(rng.integers(3, 6))
        rnd = KabalRound.deal(FemkampRules(players=players), dealer=int(rng.integers(players)), rng=rng)
        for _ in range(int(rng.integers(0, 30))):
            if rnd.is_over:
                break
            actions = rnd.legal_actions()
            rnd.apply(actions[int(rng.integers(len(actions)))])
        if rnd.is_over:
            continue
        lows = np.array([low for low, _ in rnd.layout.rows], np.int64)
        highs = np.array([high for _, high in rnd.layout.rows], np.int64)
        start = (np.array([mask(h) for h in rnd.hands], np.uint64), lows, highs, np.array(rnd.prikks, np.int64))
        fast = [a.copy() for a in start]
        loop = [a.copy() for a in start]
        out_fast = play_out_kabal(fast[0], players, rnd.to_move, fast[1], fast[2], fast[3])
        _, out_loop = play_kabal(np.uint64(1), loop[0], players, rnd.to_move, loop[1], loop[2], loop[3], True, -1)
        assert out_fast == out_loop
        assert all((a == b).all() for a, b in zip(fast, loop))
        checked += 1
    assert checked > 300


def test_reads_the_voids_shown_and_not_reading_forgets_them(monkeypatch):
    """After seat 3 throws a heart on a spade lead, the imagined deals give seat 3 no spades;
    ``reads=False`` (for measuring what that is worth) lets every unseen card lie anywhere."""
    rnd = FemkampTrickRound.from_hands(["AS 2H 2C", "KS 3H 3C", "QS 4H 4C", "5H 6H 5C"], round_name="pass",
                                       dealer=3)
    for seat, code in ((0, "AS"), (1, "KS"), (2, "QS"), (3, "5H")):
        rnd.apply(Play(seat=seat, card=Card.parse(code)))
    seen = []
    for reads in (True, False):
        bot = FemkampSearchBot(rng=1, samples=8, reads=reads)
        real = bot._search
        bot._search = lambda position, cards, real=real: (seen.append(position.voids.copy()), real(position, cards))[1]
        bot.decide(rnd.view(0))
    assert seen[0][3] == 1 << Card.parse("AS").suit.index
    assert not seen[1].any()
