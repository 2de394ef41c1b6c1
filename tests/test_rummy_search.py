"""RummySearchBot and its play-out kernel: legal, blind to hidden cards, explained in three
languages, and the kernel plays RummyBot's round from any mid-round state."""

import copy

import numpy as np
import pytest

from cardlab import RummyRules
from cardlab.bots import RummySearchBot
from cardlab.bots.rummy import RummyBot, RummyRandomBot
from cardlab.games.rummy import Discard, Draw, LayOff, Meld, RummyRound
from cardlab.search.rummy_rollout import (DISCARD, LAY_OFF, MELD, NO_MOVE, PILE, STOCK, Move, RoundArrays, TurnRules,
                                          TurnState, describe_table, play_out)

HEURISTIC = RummyBot()


def mask(cards) -> int:
    return sum(1 << c.index for c in cards)


# ------------------------------------------------ the kernel against the engine
def kernel_round(rnd, force=NO_MOVE):
    """Play ``rnd`` out with :func:`play_out` (``force``: its first move); returns (winner or -1, penalties)."""
    n = rnd.players
    arrays = RoundArrays.empty(n)
    arrays.hands[:] = [mask(h) for h in rnd.hands]
    arrays.stock[: len(rnd.stock)] = [c.index for c in rnd.stock]
    arrays.pile[: len(rnd.discard_pile)] = [c.index for c in rnd.discard_pile]
    for i, meld in enumerate(rnd.table):
        arrays.tmask[i] = mask(meld.cards)
    describe_table(arrays.tmask, len(rnd.table), arrays.table)
    for seat, card in rnd.pickups:
        arrays.pickups[seat] |= np.uint64(1 << card.index)
    arrays.melded_before[:] = rnd.melded_before
    in_turn = rnd.phase == "meld"
    at = TurnState(sp=0, sn=len(rnd.stock), dn=len(rnd.discard_pile), nt=len(rnd.table), current=rnd.current,
                   in_turn=in_turn, taken=rnd.taken_from_discard.index if rnd.taken_from_discard is not None else -1,
                   put_down=rnd.put_down_this_turn, reshuffles=rnd.reshuffles)
    limit = -1 if rnd.rules.max_reshuffles is None else rnd.rules.max_reshuffles
    rules = TurnRules(no_same=rnd.rules.no_same_discard, max_reshuffles=limit, max_turns=100_000)
    penalty = np.zeros(n, np.int64)
    _, winner = play_out(np.uint64(1), arrays, at, rules, rnd.rules.rummy_bonus, force, penalty)
    return int(winner), penalty.tolist()


def engine_round(rnd):
    rnd = copy.deepcopy(rnd)
    while not rnd.is_over:
        rnd.apply(HEURISTIC.choose(rnd.view(rnd.to_move)))
    return (-1 if rnd.winner is None else rnd.winner), rnd.scores()


def test_kernel_named_position_goes_out():
    rnd = RummyRound.from_cards(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], stock="4S 8D 8C", discard="9C",
                                rules=RummyRules(max_reshuffles=0))
    assert kernel_round(rnd) == engine_round(rnd) == (1, [22, 0, 18])


def test_kernel_named_position_mid_turn_after_taking_the_discard():
    rnd = RummyRound.from_cards(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], stock="10D 8D 8C", discard="4S",
                                rules=RummyRules(max_reshuffles=0))
    rnd.apply(Draw(seat=1, source="discard"))
    assert kernel_round(rnd) == engine_round(rnd)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kernel_plays_rummybots_round_from_random_mid_round_states(players):
    """Seeded deals, a random number of moves by random players, then RummyBot everywhere (the
    rules end the round at an empty stock, so no reshuffle draws differ between the two)."""
    rules = RummyRules(players=players, max_reshuffles=0)
    checked = 0
    for seed in range(30):
        rnd = RummyRound.deal(rules, dealer=seed % players, rng=seed, seed=seed)
        driver = RummyRandomBot(rng=seed)
        for _ in range(int(np.random.default_rng(seed).integers(0, 25))):
            if rnd.is_over:
                break
            bot = driver if seed % 2 else HEURISTIC
            rnd.apply(bot.choose(rnd.view(rnd.to_move)))
        if not rnd.is_over:
            assert kernel_round(rnd) == engine_round(rnd), seed
            checked += 1
    assert checked > 20


def test_kernel_forced_first_move_is_the_engines_move():
    rules = RummyRules(players=3, max_reshuffles=0)
    for seed in range(10):
        rnd = RummyRound.deal(rules, dealer=0, rng=seed, seed=seed)
        for _ in range(4 * seed % 9):
            rnd.apply(HEURISTIC.choose(rnd.view(rnd.to_move)))
        if rnd.phase == "draw":
            forced, code = Draw(rnd.current, "discard"), Move(PILE)
        else:
            card = rnd.hands[rnd.current][-1]
            forced, code = Discard(rnd.current, card), Move(DISCARD, card.index)
        if forced not in rnd.legal_actions():
            forced, code = Draw(rnd.current, "stock"), Move(STOCK)
            if forced not in rnd.legal_actions():
                continue
        after = copy.deepcopy(rnd)
        after.apply(forced)
        assert kernel_round(rnd, code) == (engine_round(after) if not after.is_over else
                                           (after.winner if after.winner is not None else -1, after.scores()))


def test_kernel_forced_meld_or_lay_off_is_the_engines_move():
    """Every legal meld and lay-off, forced as the first move (the heuristic's or not), plays on as in
    the engine; the records carry the move's cards (``Move.mask``) and its lay-off (``a`` onto ``b``)."""
    rules = RummyRules(players=3, max_reshuffles=0)
    tried = {MELD: 0, LAY_OFF: 0}
    changed = 0
    for seed in range(40):
        rnd = RummyRound.deal(rules, dealer=seed % 3, rng=seed, seed=seed)
        driver = RummyRandomBot(rng=seed)
        for _ in range(60):
            if rnd.is_over:
                break
            if rnd.phase == "meld":
                for act in rnd.legal_actions():
                    if isinstance(act, Meld):
                        code = Move(MELD, mask=np.uint64(mask(act.cards)))
                    elif isinstance(act, LayOff):
                        code = Move(LAY_OFF, a=act.card.index, b=act.meld_index)
                    else:
                        continue
                    after = copy.deepcopy(rnd)
                    after.apply(act)
                    expected = engine_round(after) if not after.is_over else (after.winner, after.scores())
                    assert kernel_round(rnd, code) == expected, (seed, act)
                    tried[code.kind] += 1
                    changed += expected != kernel_round(rnd)
            rnd.apply(driver.choose(rnd.view(rnd.to_move)))
    assert min(tried.values()) >= 50 and changed >= 3, (tried, changed)   # 223 melds, 88 lay-offs, 5 changed


# ----------------------------------------------------------------- the bot
def test_exported_and_checks_its_budget():
    import cardlab

    assert cardlab.RummySearchBot is RummySearchBot
    for bad in (dict(rollouts=0), dict(samples=0), dict(time_ms=-1), dict(margin=-1), dict(max_turns=0)):
        with pytest.raises(ValueError):
            RummySearchBot(**bad)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_never_makes_an_illegal_move_and_explains_every_move(players):
    """Whole rounds with a search bot (small budget) in every seat; every move legal, every reason
    a sentence in three languages."""
    rules = RummyRules(players=players)
    for seed in range(2):
        rnd = RummyRound.deal(rules, dealer=seed % players, rng=seed, seed=seed)
        bots = [RummySearchBot(rng=seed * 10 + s, rollouts=16, max_turns=40) for s in range(players)]
        moves = 0
        while not rnd.is_over and moves < 400:
            view = rnd.view(rnd.to_move)
            decision = bots[rnd.to_move].decide(view)
            assert decision.action in view.legal_actions
            texts = [decision.explain(lang) for lang in ("sv", "nb", "en")]
            assert all(texts) and len(set(texts)) == 3
            rnd.apply(decision.action)
            moves += 1
        assert moves > 5


def test_the_search_sentence_in_three_languages():
    rnd = RummyRound.deal(RummyRules(), dealer=0, rng=3, seed=3)
    found = None
    for _ in range(200):
        if rnd.is_over:
            break
        view = rnd.view(rnd.to_move)
        decision = RummySearchBot(rng=1, rollouts=64, margin=0.0, max_turns=40).decide(view)
        if decision.reason.key == "rummy.search.move":
            found = decision
            break
        rnd.apply(decision.action)
    assert found is not None
    sv, nb, en = (found.explain(lang) for lang in ("sv", "nb", "en"))
    assert "Jag provade" in sv and "straffpoäng" in sv
    assert "Jeg prøvde" in nb and "straffepoeng" in nb
    assert en.startswith("I tried") and "penalty points" in en


def shuffle_unseen(rnd, seat, rng):
    """A copy of ``rnd`` with the cards ``seat`` cannot see (other hands and the stock) dealt anew."""
    twin = copy.deepcopy(rnd)
    others = [s for s in range(rnd.players) if s != seat]
    hidden = [c for s in others for c in twin.hands[s]] + twin.stock
    hidden = [hidden[i] for i in rng.permutation(len(hidden))]
    for s in others:
        size = len(twin.hands[s])
        twin.hands[s], hidden = sorted(hidden[:size], key=lambda c: c.sort_key), hidden[size:]
    twin.stock = hidden
    return twin


def test_decision_does_not_change_when_the_unseen_cards_are_reshuffled():
    rng = np.random.default_rng(1)
    checked = 0
    for seed in range(3):
        rnd = RummyRound.deal(RummyRules(), dealer=seed % 3, rng=seed, seed=seed)
        step = 0
        while not rnd.is_over and step < 40:
            seat = rnd.to_move
            view = rnd.view(seat)
            if len(view.legal_actions) > 1 and step % 4 == 0:
                twin = shuffle_unseen(rnd, seat, rng)
                assert twin.view(seat) == view
                a = RummySearchBot(rng=step, rollouts=32, max_turns=40).decide(view)
                b = RummySearchBot(rng=step, rollouts=32, max_turns=40).decide(twin.view(seat))
                assert a == b
                checked += 1
            rnd.apply(HEURISTIC.choose(view))
            step += 1
    assert checked >= 8


# ------------------------------------------------ what the search changes, and what it leaves alone
def heuristic_position(seed, moves, dealer):
    """Round ``seed`` (classic rules) after ``moves`` moves of RummyBot in every seat."""
    rnd = RummyRound.deal(RummyRules(), dealer=dealer, rng=seed, seed=seed)
    for _ in range(moves):
        rnd.apply(HEURISTIC.choose(rnd.view(rnd.to_move)))
    return rnd


def test_keeps_a_pair_of_kings_where_rummybot_breaks_it():
    """Seed 5000 after 38 moves: seat 0 holds 5♣ 8♦ K♦ 2♠ K♠ (3♣ 3♦ 3♥ 3♠ and 6♣ 6♦ 6♥ on the table).
    RummyBot throws K♦ (a king with one partner costs it the same as a lone 8); the search keeps the
    pair of kings and throws 8♦, which saves about 1.3 penalty points in play-outs with the true hands."""
    rnd = heuristic_position(5000, 38, dealer=0)
    view = rnd.view(0)
    assert " ".join(map(str, view.hand)) == "5♣ 8♦ K♦ 2♠ K♠"
    assert HEURISTIC.choose(view) == Discard(0, "KD")
    decision = RummySearchBot(rng=1).decide(view)
    assert decision.action == Discard(0, "8D")
    assert decision.reason.key == "rummy.search.move"
    assert "8♦" in decision.explain("en")


def test_draws_melds_and_lay_offs_are_rummybots_unless_asked():
    rnd = heuristic_position(5000, 37, dealer=0)            # seat 0 to draw
    view = rnd.view(rnd.to_move)
    assert view.phase == "draw"
    assert RummySearchBot(rng=1).decide(view) == HEURISTIC.decide(view)
    searched = RummySearchBot(rng=1, rollouts=64, draws=True, margin=0.0).decide(view)
    assert searched.action in view.legal_actions
    melder = RummyRound.from_cards(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], stock="4S 8D 8C", discard="9C",
                                   rules=RummyRules())
    melder.apply(Draw(1, "stock"))                           # 4♠: RummyBot melds A♠–4♠
    view = melder.view(1)
    assert RummySearchBot(rng=1, margin=0.0).decide(view) == HEURISTIC.decide(view)


def test_width_tries_only_rummybots_favourite_discards():
    with pytest.raises(ValueError):
        RummySearchBot(width=1)
    rnd = heuristic_position(5000, 38, dealer=0)
    view = rnd.view(0)
    costs = sorted(view.hand, key=lambda c: (HEURISTIC.discard_cost(view, c), -c.rank.points, c.index))
    for seed in range(4):
        act = RummySearchBot(rng=seed, rollouts=200, width=2, margin=0.0).choose(view)
        assert act in (Discard(0, costs[0]), Discard(0, costs[1]))


def test_reads_keeps_the_cards_taken_from_the_pile_and_not_reading_forgets_them(monkeypatch):
    """A card another seat took from the discard pile stays in that seat's imagined hand, and deals
    are dealt again while a hand holds what RummyBot would have put down; ``reads=False`` (for
    measuring what that is worth) imagines every unseen card anywhere, dealt once."""
    import cardlab.search.rummy_rollout as rollout

    rnd = me = None
    wanderer = RummyRandomBot(rng=7)
    for seed in range(200):   # a round in which a seat discards while another holds a card it took from the pile
        candidate = RummyRound.deal(RummyRules(), dealer=seed % 3, rng=seed, seed=seed)
        while not candidate.is_over and candidate.reshuffles == 0:
            view = candidate.view(candidate.to_move)
            if (view.phase != "draw" and len(view.legal_actions) > 1
                    and any(s != view.seat and c in candidate.hands[s] for s, c in view.pickups)):
                rnd, me = candidate, view.seat
                break
            candidate.apply(wanderer.choose(view))
        if rnd is not None:
            break
    assert rnd is not None
    view = rnd.view(me)
    seen = []
    real = rollout.evaluate_moves

    def spy(seed, worlds, world, hidden, at, rules, bonus, moves, work, tries=1):
        seen.append((hidden.known.copy(), tries))
        return real(seed, worlds, world, hidden, at, rules, bonus, moves, work, tries)

    monkeypatch.setattr(rollout, "evaluate_moves", spy)
    RummySearchBot(rng=1, samples=8, margin=0.0).decide(view)
    RummySearchBot(rng=1, samples=8, margin=0.0, reads=False).decide(view)
    (known_read, tries_read), (known_blind, tries_blind) = seen[0], seen[-1]
    taken = {c.index for s, c in view.pickups if s != me and c in rnd.hands[s]}
    held = {i for s in range(3) if s != me for i in range(52) if int(known_read[s]) >> i & 1}
    assert taken and taken <= held
    assert tries_read == 50
    assert not known_blind.any() and tries_blind == 1
