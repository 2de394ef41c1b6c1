"""Each compiled kernel declares the rule options it models (``RULE_OPTIONS``), refuses every other rule
with an error naming the option, and agrees with the reference engine on every combination it accepts:
game by game where the kernel's games replay in the engine, in distribution otherwise.

Options with a few values (booleans, choices, player counts) are crossed in full; options that take
any value the rules allow (``EVERY``: a round order, points per queen, a first dealer, a reshuffle
limit) are varied along the combinations, one representative value at a time.
"""

import dataclasses
import itertools

import numpy as np
import pytest

from cardlab import FemkampRules, PlumpRules, RulesError, RummyRules, simulate
from cardlab.kernels.kernel_rules import EVERY, declared, kernel_refusal


def kernel_options(game):
    from cardlab.kernels import femkamp_kernel, plump_kernel, rummy_kernel

    return {"plump": plump_kernel, "femkamp": femkamp_kernel, "rummy": rummy_kernel}[game].RULE_OPTIONS


def combinations(rules_class, options, skip=()):
    """Every combination of the options declared with a finite tuple of values (the rest at their default)."""
    names = [n for n, v in options.items() if v is not EVERY and not isinstance(v, range) and n not in skip]
    for values in itertools.product(*(options[n] for n in names)):
        yield dict(zip(names, values))


@pytest.mark.parametrize("rules_class, game", [(PlumpRules, "plump"), (FemkampRules, "femkamp"), (RummyRules, "rummy")])
def test_every_kernel_declares_every_option_of_its_rules(rules_class, game):
    options = kernel_options(game)
    assert set(options) == {f.name for f in dataclasses.fields(rules_class)}, "an option no kernel declares"
    assert kernel_refusal(rules_class(**({"max_reshuffles": 3} if game == "rummy" else {})), options, game) is None


def test_an_undeclared_option_is_accepted_only_at_its_default():
    assert declared(PlumpRules(), {})["scoring"] == ("standard",)
    error = kernel_refusal(PlumpRules(scoring="penalty"), {}, "plump")
    assert error.field == "scoring" and "standard" in str(error)


def test_the_plump_kernel_refuses_two_decks_in_three_languages():
    rules = PlumpRules(players=4, decks=2)
    with pytest.raises(RulesError) as info:
        simulate("plump", rules, rounds=2, hand_size=3, engine="kernel", progress=False)
    assert info.value.field == "decks"
    assert info.value.message("en") == "The fast Plump simulator cannot play decks = 2: it accepts 1."
    assert info.value.message("sv") == "Den snabba simulatorn för Plump kan inte spela decks = 2: den tar 1."
    assert info.value.message("nb") == "Den raske simulatoren for Plump kan ikke spille decks = 2: den tar 1."
    # engine="auto" plays such rules with the reference engine instead
    assert simulate("plump", rules, rounds=2, hand_size=3, progress=False).attrs["engine"] == "reference"


def test_the_rummy_kernel_refuses_rules_without_a_reshuffle_limit():
    with pytest.raises(RulesError) as info:
        simulate("rummy", RummyRules(), rounds=2, progress=False)
    assert info.value.field == "max_reshuffles"
    assert info.value.message("en") == ("The fast Rummy simulator cannot play max_reshuffles = None: "
                                        "it accepts 0–3.")
    # with no rules, a simulation plays a named bound, so the fingerprint shows it
    df = simulate("rummy", rounds=2, rng=1, progress=False)
    assert df.attrs["rules"]["max_reshuffles"] == 3
    assert df.attrs["fingerprint"] == RummyRules(max_reshuffles=3).fingerprint() != RummyRules().fingerprint()


# ------------------------------------------------------------------ Plump
PLUMP_OPTIONS = {n: v for n, v in kernel_options("plump").items()}
PLUMP_COMBOS = list(combinations(PlumpRules, PLUMP_OPTIONS, skip=("players", "trump")))


@pytest.mark.parametrize("players", PLUMP_OPTIONS["players"])
@pytest.mark.parametrize("trump", PLUMP_OPTIONS["trump"])
def test_plump_kernel_replays_the_engine_under_every_option_combination(players, trump):
    """Every combination of hook, hook_last_round, first_lead, must_trump and scoring, for every player
    count and trump mode, under every policy: same bids, tricks, trump and scores round by round."""
    from cardlab.sim.plump import PlumpCounts, kernel_batch, make_setup, replay_plump_round, score_array
    from cardlab.sim.seeds import round_seeds

    for k, combo in enumerate(PLUMP_COMBOS):
        extra = {"trump_suit": "CDHS"[k % 4]} if trump == "fixed" else {}
        rules = PlumpRules(players=players, trump=trump, **combo, **extra)
        size = 1 + (k * 7 + players) % rules.largest_hand
        dealer = k % players
        for p, policy in enumerate(("random", "simple", "heuristic")):
            setup = make_setup(rules, policy=policy, hand_size=size, dealer=dealer, round_index=k % 5)
            seeds = round_seeds(1000 * players + k, 2 if policy == "random" else 1)
            out = kernel_batch(setup, seeds)
            counts = PlumpCounts(players, size)
            counts.add(out["bids"], out["tricks"], out["dealer"], rules.scoring)
            total = np.zeros(players, np.int64)
            for i, seed in enumerate(seeds):
                rnd = replay_plump_round(rules, int(seed), policy, hand_size=size, dealer=dealer, round_index=k % 5)
                case = (rules.changed_options(), policy, int(seed))
                assert out["bids"][i].tolist() == rnd.bids, case
                assert out["tricks"][i].tolist() == rnd.tricks_taken, case
                assert out["trump"][i] == (-1 if rnd.trump is None else rnd.trump.index), case
                assert score_array(out["bids"][i], out["tricks"][i], rules.scoring).tolist() == rnd.scores(), case
                total += rnd.scores()
            assert counts.score_sum.sum() == total.sum()


# ---------------------------------------------------------------- Femkamp
FEMKAMP_OPTIONS = kernel_options("femkamp")
FEMKAMP_COMBOS = list(combinations(FemkampRules, FEMKAMP_OPTIONS))
ORDERS = [("pass", "clubs", "queens", "grand", "kabal"), ("pass", "clubs", "kabal", "queens", "grand"),
          ("kabal", "grand", "queens", "clubs", "pass")]


def femkamp_rules(k, combo):
    """The k-th combination, with the free options (order, queen points, first dealer) varied along k."""
    players = combo["players"]
    return FemkampRules(**combo, round_order=ORDERS[k % 3], queen_points=(4, 5, 1, 25)[k % 4],
                        first_dealer=k % players)


@pytest.mark.parametrize("k, combo", list(enumerate(FEMKAMP_COMBOS)),
                         ids=[f"{c['players']}p-{k}" for k, c in enumerate(FEMKAMP_COMBOS)])
def test_femkamp_kernel_agrees_with_the_engine_under_every_option_combination(k, combo):
    """Heuristic play: the kernel's games replayed in the engine, round scores and winners alike.
    Random play: the kernel's games keep every rule exactly (tricks, clubs, queens, the kabal's end,
    the winners under the tie rule), and their mean round scores match the engine's within 5 standard
    errors."""
    from cardlab.sim.femkamp import replay_femkamp_game

    rules = femkamp_rules(k, combo)
    p = rules.players
    heur = simulate("femkamp", rules, policy="heuristic", games=2, rng=k, progress=False)
    assert heur.attrs["engine"] == "kernel"
    for seed, rows in heur.groupby("seed", sort=False):
        game = replay_femkamp_game(rules, int(seed), "heuristic", engine="kernel")
        rows = rows.sort_values(["round", "seat"])
        assert rows.score.to_numpy().reshape(5, p).tolist() == [list(r.scores) for r in game.results], int(seed)
        assert rows[rows["round"] == 5].won.tolist() == [s in game.winners() for s in range(p)], int(seed)

    fast = simulate("femkamp", rules, games=300, rng=100 + k, progress=False)
    ref = simulate("femkamp", rules, games=6, rng=200 + k, progress=False, engine="reference")
    for df in (fast, ref):
        per = df.groupby(["game", "round_name"], observed=True)
        sums = per.agg(tricks=("tricks", "sum"), clubs=("clubs", "sum"), queens=("queens", "sum"),
                       score=("score", "sum"), left=("cards_left", "min"))
        tricks = sums.drop(index="kabal", level=1)
        assert (tricks.tricks == rules.trick_hand_size).all() and (tricks.clubs == 13).all()
        assert (tricks.queens == 4).all()
        assert (sums.xs("queens", level=1).score == 4 * rules.queen_points).all()
        assert (sums.xs("grand", level=1).score == -rules.trick_hand_size).all()
        assert (sums.xs("kabal", level=1).left == 0).all()
        last = df[df["round"] == 5]
        for _, g in last.groupby("game"):
            lowest = g.total == g.total.min()
            expect = lowest if (rules.tie == "share" or lowest.sum() == 1) else lowest & False
            assert g.won.tolist() == expect.tolist()
    for name in rules.round_order:
        a = fast[fast.round_name == name].score
        b = ref[ref.round_name == name].score
        se = np.sqrt(a.var() / len(a) + b.var() / len(b)) + 1e-9
        assert abs(a.mean() - b.mean()) < 5 * se + 1e-9, (name, a.mean(), b.mean())


def test_femkamp_rematch_ties_leave_no_winner_in_kernel_and_engine_alike():
    """The drift that was: under tie="rematch" a tied game has no winner in the kernel, as in the engine."""
    rules = FemkampRules(tie="rematch")
    fast = simulate("femkamp", rules, games=4000, rng=5, progress=False)
    ref = simulate("femkamp", rules, games=150, rng=6, progress=False, engine="reference")
    rates = []
    for df in (fast, ref):
        last = df[df["round"] == 5]
        no_winner = last.groupby("game").won.sum() == 0
        tied = last.groupby("game").total.apply(lambda t: (t == t.min()).sum() > 1)
        assert (no_winner == tied).all()
        rates.append(no_winner.mean())
    assert rates[0] > 0.02
    se = np.sqrt(rates[0] * (1 - rates[0]) * (1 / 4000 + 1 / 150))
    assert abs(rates[0] - rates[1]) < 4 * se


# ------------------------------------------------------------------ Rummy
RUMMY_OPTIONS = kernel_options("rummy")
RUMMY_COMBOS = list(combinations(RummyRules, RUMMY_OPTIONS))


@pytest.mark.parametrize("k, combo", list(enumerate(RUMMY_COMBOS)),
                         ids=[f"{c['players']}p-{k}" for k, c in enumerate(RUMMY_COMBOS)])
def test_rummy_kernel_replays_the_engine_under_every_option_combination(k, combo):
    """Random and heuristic play, with reshuffle limits 0, 1, 3 and 100: the engine, handed the kernel's
    stream, plays the same round: winner, turns, reshuffles and penalties."""
    from cardlab.sim.rummy import kernel_batch, replay_rummy_round
    from cardlab.sim.seeds import round_seeds

    for j, limit in enumerate((0, 1, 2, 3)):
        rules = RummyRules(**combo, max_reshuffles=limit, first_dealer=(k + j) % combo["players"])
        for policy in ("random", "heuristic"):
            seeds = round_seeds(10 * k + j, 1)
            dealers = np.array([rules.first_dealer])
            out = kernel_batch(rules, [policy] * rules.players, seeds, dealers)
            rnd = replay_rummy_round(rules, int(seeds[0]), policy, dealer=rules.first_dealer, engine="kernel")
            case = (rules.changed_options(), policy)
            assert out["winner"][0] == (-1 if rnd.winner is None else rnd.winner), case
            assert (out["turns"][0], out["reshuffles"][0]) == (rnd.turns, rnd.reshuffles), case
            assert out["penalty"][0].tolist() == rnd.scores(), case
            assert out["reshuffles"][0] <= limit
