"""The random play-out blocks of cardlab.kernels.plump_playout and the bit helpers under them: the same
cards and the same draws as the reference engine with StreamBot, from the deal or from any point of
a round."""

import numpy as np
import pytest
from numba import njit

from cardlab import PlumpRound, PlumpRules
from cardlab.games.plump import Play
from cardlab.rules.trick_core import beats, cards_in
from cardlab.kernels.bits import FAST_PDEP, nth_bit, nth_bit_loop
from cardlab.kernels.cores import add_to_trick, empty_trick, finish_trick, legal_follow, next_seat
from cardlab.kernels.plump_playout import deal_hands, random_card, random_play_out, random_tricks
from cardlab.kernels.rng import DeckRng, Stream, StreamBot, kernel_shuffled_order
from cardlab.sim.seeds import round_seeds


@njit(cache=True)
def _every_nth_bit(masks, fast, slow):
    for i in range(masks.shape[0]):
        m = masks[i]
        k = 0
        while m != np.uint64(0):
            fast[i, k] = nth_bit(masks[i], k)
            slow[i, k] = nth_bit_loop(masks[i], k)
            m &= m - np.uint64(1)
            k += 1


def test_nth_bit_finds_the_kth_card_of_a_hand_on_every_processor():
    """``nth_bit`` (pdep where it is fast) and the portable loop agree on every k of thousands of hands."""
    rng = np.random.default_rng(5)
    masks = [rng.integers(0, 2**52, dtype=np.uint64) & rng.integers(0, 2**52, dtype=np.uint64) for _ in range(3000)]
    masks += [np.uint64(1), np.uint64(1 << 51), np.uint64(2**52 - 1), np.uint64(0x1FFF << 13)]
    masks = np.array(masks, np.uint64)
    fast = np.full((len(masks), 52), -1, np.int64)
    slow = np.full((len(masks), 52), -1, np.int64)
    _every_nth_bit(masks, fast, slow)
    for i, m in enumerate(masks):
        cards = cards_in(m)
        assert fast[i, :len(cards)].tolist() == cards == slow[i, :len(cards)].tolist()
    assert (nth_bit is nth_bit_loop) is not FAST_PDEP     # the loop exactly when pdep is not fast


@pytest.mark.parametrize("cpu, features, fast", [
    ("skylake", {"bmi2": True}, True), ("znver3", {"bmi2": True}, True),
    ("znver2", {"bmi2": True}, False), ("znver1", {"bmi2": True}, False), ("bdver4", {"bmi2": True}, False),
    ("nehalem", {"bmi2": False}, False), ("haswell", {}, False),
])
def test_pdep_is_used_only_where_the_processor_runs_it_fast(monkeypatch, cpu, features, fast):
    """Named processors: BMI2 in hardware (Intel since Haswell, AMD since Zen 3) gets pdep; AMD's microcoded
    pdep (Zen 1–2, Bulldozer) and processors without BMI2 get the loop."""
    import llvmlite.binding as llvm
    from numba.core import config

    from cardlab.kernels.bits import _pdep_is_fast

    monkeypatch.setattr(config, "CPU_NAME", None)
    monkeypatch.setattr(config, "CPU_FEATURES", None)
    monkeypatch.setattr(llvm, "get_host_cpu_name", lambda: cpu)
    monkeypatch.setattr(llvm, "get_host_cpu_features", lambda: features)
    assert _pdep_is_fast() is fast
    monkeypatch.setattr(config, "CPU_NAME", "generic")    # a portable cache: the loop, whatever the host
    assert _pdep_is_fast() is False


@pytest.mark.parametrize("players", range(2, 8))
def test_deal_hands_deals_the_engines_cards_from_the_shared_shuffle(players):
    rules = PlumpRules(players=players)
    for size in sorted({1, rules.largest_hand // 2 or 1, rules.largest_hand}):
        top = size * rules.hands_dealt + 1
        for k, seed in enumerate(round_seeds(players * 100 + size, 25)):
            dealer = k % players
            hands, order = np.zeros(players, np.uint64), np.zeros(52, np.int8)
            state, trump, card = deal_hands(np.uint64(seed), players, size, dealer, -2, hands, order)
            stream = Stream(int(seed))
            rnd = PlumpRound.deal(rules, hand_size=size, dealer=dealer, rng=DeckRng(stream, top))
            assert [cards_in(h) for h in hands] == [[c.index for c in hand] for hand in rnd.hands]
            assert card == (-1 if rnd.trump_card is None else rnd.trump_card.index)
            assert trump == (-1 if rnd.trump is None else rnd.trump.index)
            assert order.tolist() == kernel_shuffled_order(int(seed), 52, top).tolist()
            assert int(state) == stream.state  # the same number of draws


def _mask(cards):
    return np.uint64(sum(1 << c.index for c in cards))


RULES = [PlumpRules(players=3), PlumpRules(players=4, must_trump=True), PlumpRules(players=5, trump="none"),
         PlumpRules(players=2)]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}p-{r.trump}-{r.must_trump}")
def test_a_random_play_out_from_any_point_finishes_the_round_as_the_engine_does(rules):
    """Stop the engine's random round after m cards, hand the state to random_play_out, and compare
    the tricks and the stream's state with the engine's own finish."""
    p = rules.players
    size = min(6, rules.largest_hand)
    for k, seed in enumerate(round_seeds(7 + p, 30)):
        cut = k % (size * p)  # how many cards are down when the kernel takes over
        stream = Stream(int(seed))
        rnd = PlumpRound.deal(rules, hand_size=size, dealer=k % p, rng=DeckRng(stream, size * rules.hands_dealt + 1))
        bot = StreamBot(stream)
        while rnd.phase == "bid" or sum(len(t.cards) for t in rnd.completed_tricks) + len(rnd.current_trick) < cut:
            rnd.apply(bot.choose(rnd.view(rnd.to_move)))
        hands = np.array([_mask(h) for h in rnd.hands], np.uint64)
        trick = rnd.current_trick
        led, best_card, best_seat = -1, -1, -1
        for seat, card in trick:
            if best_card < 0 or beats(card.index, best_card, -1 if rnd.trump is None else rnd.trump.index):
                best_card, best_seat = card.index, seat
        if trick:
            led = trick[0][1].suit.index
        before = list(rnd.tricks_taken)
        tricks = np.zeros(p, np.int64)
        state = random_play_out(np.uint64(stream.state), hands, p, rnd.to_move, len(trick), led, best_card, best_seat,
                                -1 if rnd.trump is None else rnd.trump.index, rules.must_trump, tricks)
        while not rnd.is_over:
            action = bot.choose(rnd.view(rnd.to_move))
            assert isinstance(action, Play)
            rnd.apply(action)
        assert (np.array(before) + tricks).tolist() == rnd.tricks_taken, (int(seed), cut)
        assert int(state) == stream.state and not hands.any()


@pytest.mark.parametrize("rules", [PlumpRules(), PlumpRules(players=3, first_lead="highest-bidder"),
                                   PlumpRules(players=6, trump="none", must_trump=True)],
                         ids=lambda r: f"{r.players}p-{r.trump}-{r.first_lead}")
def test_rounds_played_two_at_a_time_are_the_rounds_played_alone(rules):
    """The random kernel plays rounds in pairs (random_tricks_pair_ahead); an odd batch ends with a single one.
    Every round is the same whether it is played in a pair, alone, or in a batch of any length."""
    from cardlab.sim.plump import kernel_batch, make_setup

    setup = make_setup(rules, hand_size=rules.largest_hand // 2, dealer="rotate")
    seeds = round_seeds(rules.players, 301)
    whole = kernel_batch(setup, seeds)
    for i in range(0, 301, 23):
        alone = kernel_batch(setup, seeds[i:i + 1], start=i)
        for name in ("bids", "tricks", "trump", "trump_card"):
            assert alone[name][0].tolist() == whole[name][i].tolist(), (name, i)
    shifted = kernel_batch(setup, seeds[1:], start=1)  # every round in the other place of its pair
    for name in ("bids", "tricks", "trump", "trump_card"):
        assert shifted[name].tolist() == whole[name][1:].tolist()


def _one_at_a_time(seeds, players, size, trump_code, hook, highest, must_trump):
    """The rounds of ``seeds`` played draw by draw (play_round: one below() per choice, no drawing ahead)."""
    from cardlab.kernels.plump_kernel import play_round

    n = len(seeds)
    out = np.zeros((n, 2 * players + 2), np.int64)
    hands, order = np.zeros(players, np.uint64), np.zeros(52, np.int8)
    bids, tricks = np.zeros(players, np.int64), np.zeros(players, np.int64)
    for i, seed in enumerate(seeds):
        trump, card = play_round(seed, players, size, i % players, trump_code, hook, highest, must_trump,
                                 np.zeros(players, np.int64), bids, tricks, hands, order)
        out[i] = [*bids, *tricks, trump, card]
    return out


def _random_batch(seeds, players, size, trump_code, hook, highest, must_trump):
    """The same rounds from the random kernel (two at a time, the stream drawn ahead)."""
    from cardlab.kernels.plump_kernel import play_rounds

    n = len(seeds)
    bids, tricks = np.empty((n, players), np.int64), np.empty((n, players), np.int64)
    trump, card = np.empty(n, np.int64), np.empty(n, np.int64)
    play_rounds(np.asarray(seeds, np.int64), players, size, np.arange(n, dtype=np.int64) % players,
                np.full(n, trump_code, np.int64), hook, highest, must_trump, np.zeros(players, np.int64),
                bids, tricks, trump, card)
    return np.column_stack([bids, tricks, trump, card])


@pytest.mark.parametrize("players, size, trump_code, hook, highest, must_trump", [
    (4, 10, -2, True, False, False), (2, 17, -2, True, False, False), (3, 17, -2, True, True, True),
    (4, 13, -2, True, False, False), (5, 1, -2, True, False, False), (7, 7, -1, False, True, True),
    (6, 8, 2, True, True, False)])
def test_drawing_the_stream_ahead_gives_the_rounds_drawn_one_at_a_time(players, size, trump_code, hook, highest,
                                                                       must_trump):
    seeds = round_seeds(players * 100 + size, 401)
    args = (players, size, trump_code, hook, highest, must_trump)
    assert (_random_batch(seeds, *args) == _one_at_a_time(seeds, *args)).all()


def _seed_with_output(k, high, low=0x12345):
    """A seed (< 2**63) whose stream's ``k``-th output (1-based) has the high 32 bits ``high``: SplitMix64 run
    backwards from an output ``high:low`` (the next ``low`` until the seed fits in an int64)."""
    mask = (1 << 64) - 1

    def unshift(z, s):  # inverse of z ^ (z >> s)
        x = z
        for _ in range(64 // s + 1):
            x = z ^ (x >> s)
        return x & mask

    z = (high << 32) | low
    z = unshift(z, 31)
    z = unshift((z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask, 27)
    z = unshift((z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask, 30)
    seed = (z - k * 0x9E3779B97F4A7C15) & mask
    return seed if seed < 2**63 else _seed_with_output(k, high, low + 1)


def test_a_rejected_draw_is_replayed_draw_by_draw():
    """Outputs whose high half is 0 are rejected by below() for most n (Lemire): the round then takes
    one more output.  Rounds built to meet such an output in the shuffle, the bids and the tricks
    come out of the random kernel exactly as when drawn one at a time."""
    from cardlab.kernels.rng import Stream

    stream = Stream(_seed_with_output(3, 0))
    assert [stream.next_u64() >> 32 for _ in range(3)][2] == 0
    seeds = [_seed_with_output(k, 0) for k in (1, 2, 30, 42, 44, 50, 60, 84)]  # deal 1..41, bids 42..45, cards 46..
    seeds = [s for seed in seeds for s in (seed, 12345, seed)]  # each in both places of a pair
    args = (4, 10, -2, True, False, False)
    assert (_random_batch(seeds, *args) == _one_at_a_time(seeds, *args)).all()
    first = _one_at_a_time(seeds[:1], *args)
    assert (first != _one_at_a_time([12345], *args)).any()


#: sha256 (first 16 hex digits) of 2,001 rounds' bids, tricks, trumps, turned cards and penalty scores,
#: recorded from the kernel before the stream was drawn ahead: the rounds must never change
FINGERPRINTS = {
    (2, 17, -2, True, False, False): "a4b7ee6e8db01d5a", (3, 3, 2, True, True, False): "b59ce42a21f0157b",
    (5, 10, -2, False, True, True): "f2fbcce88233bf01", (7, 7, -1, False, True, True): "518a7cc7c5454ff6",
}


@pytest.mark.parametrize("case", FINGERPRINTS)
def test_the_random_kernel_still_plays_the_recorded_rounds(case):
    import hashlib

    from cardlab.kernels.plump_kernel import score_rounds

    players, size, trump_code, hook, highest, must_trump = case
    n = 2001
    out = _random_batch(round_seeds(11, n), *case)
    bids, tricks = out[:, :players].copy(), out[:, players:2 * players].copy()
    scores = np.empty(n * players, np.int64)
    score_rounds(bids.reshape(-1), tricks.reshape(-1), 2, scores)
    digest = hashlib.sha256()
    for part in (bids, tricks, out[:, -2].copy(), out[:, -1].copy(), scores):
        digest.update(np.ascontiguousarray(part).tobytes())
    assert digest.hexdigest()[:16] == FINGERPRINTS[case]


@njit(cache=True)
def _tricks_by_the_core(state, hands, players, leader, n_tricks, trump, must_trump, tricks):
    """Random tricks stepped by the trick core itself (no fast path): each card through ``add_to_trick``."""
    for _ in range(n_tricks):
        trick = empty_trick()
        seat = leader
        for _ in range(players):
            state, card = random_card(state, legal_follow(hands[seat], trick.led, trump, must_trump))
            hands[seat] ^= np.uint64(1) << np.uint64(card)
            trick = add_to_trick(trick, seat, card, trump)
            seat = next_seat(seat, players)
        leader = finish_trick(trick, tricks)
    return state, leader


@pytest.mark.parametrize("players, must_trump", [(2, False), (3, True), (4, False), (5, True), (7, False)])
def test_the_random_fast_path_steps_tricks_as_the_core_does(players, must_trump):
    """``random_tricks`` (the branch-free ``_follow``) gives the tricks, leader and stream of the plain
    ``add_to_trick`` loop on seeded deals (and ``random_tricks_pair_ahead`` gives ``random_tricks``' rounds:
    test_rounds_played_two_at_a_time_are_the_rounds_played_alone)."""
    size = min(10, 51 // (players + (players == 2)))
    for seed in range(300):
        hands = np.zeros(players, np.uint64)
        state, trump, _ = deal_hands(np.uint64(seed), players, size, seed % players, -2 if seed % 3 else -1, hands,
                                     np.zeros(52, np.int8))
        state = np.uint64(state)   # back from Python: a stream state above 2**63 must stay unsigned
        fast_hands, core_hands = hands.copy(), hands.copy()
        fast_tricks, core_tricks = np.zeros(players, np.int64), np.zeros(players, np.int64)
        fast = random_tricks(state, fast_hands, players, seed % players, size, trump, must_trump, fast_tricks)
        core = _tricks_by_the_core(state, core_hands, players, seed % players, size, trump, must_trump, core_tricks)
        assert fast_tricks.tolist() == core_tricks.tolist() and (int(fast[0]), fast[1]) == (int(core[0]), core[1])
        assert fast_tricks.sum() == size and not fast_hands.any()
