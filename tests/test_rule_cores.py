"""One source per rule: the rule cores in cardlab/rules/*_core.py are the functions that the engine,
the compiled kernels and the score sheets all use, so a change to a core reaches all of them.

Two kinds of checks: the kernels hold the very same function objects as the rules layer (nothing is
copied), and on a table of named cases (RULES.md's examples) engine, kernel and sheet give the same
numbers as the core.
"""

import numpy as np
import pytest

from cardlab import Card, FemkampRules, PlumpRules, RummyRules, parse_cards
from cardlab.rules import femkamp_core, plump_core, rummy_core, trick_core


def test_the_kernels_call_the_rule_cores_themselves():
    from cardlab.kernels import bits, cores, femkamp_kernel, plump_heuristic, plump_kernel, rummy_kernel

    assert plump_kernel.forbidden_bid is plump_core.forbidden_bid
    assert plump_kernel.round_score is plump_core.round_score is plump_kernel.score_one
    assert plump_kernel.legal_follow is trick_core.legal_follow is bits.legal_mask
    assert plump_kernel.beats is trick_core.beats is plump_heuristic.beats
    assert femkamp_kernel.add_to_trick is plump_kernel.add_to_trick is trick_core.add_to_trick
    assert plump_kernel.SCORING_CODES is plump_core.SCORING_CODES
    assert femkamp_kernel.trick_round_score is femkamp_core.trick_round_score
    assert femkamp_kernel.kabal_score is femkamp_core.kabal_score
    assert femkamp_kernel.femkamp_winners_mask is femkamp_core.winners_mask
    assert femkamp_kernel.ROUND_CODES is femkamp_core.ROUND_CODES
    assert rummy_kernel.may_reshuffle is rummy_core.may_reshuffle
    assert rummy_kernel.round_penalty is rummy_core.round_penalty
    assert cores.round_score is plump_core.round_score


def test_the_rules_objects_take_their_choices_from_the_cores():
    from cardlab.rules import femkamp, plump

    assert plump.SCORINGS == tuple(plump_core.SCORING_CODES) == ("standard", "trick-points", "penalty", "tricks-only")
    assert plump.TIES == tuple(plump_core.TIE_CODES)
    assert femkamp.TIES == tuple(femkamp_core.TIE_CODES)
    assert set(femkamp.ROUND_NAMES) == set(femkamp_core.ROUND_CODES)


# ------------------------------------------------------------------ Plump
SCORE_CASES = [  # (scoring, bid, tricks, points): RULES.md's table and seed 000's "3 → 13", "4 → ●"
    ("standard", 3, 3, 13), ("standard", 0, 0, 10), ("standard", 4, 2, 0), ("standard", 10, 10, 20),
    ("trick-points", 2, 5, 5), ("trick-points", 2, 2, 12), ("trick-points", 0, 0, 10),
    ("penalty", 3, 5, -2), ("penalty", 0, 4, -4), ("penalty", 3, 3, 13),
    ("tricks-only", 4, 4, 4), ("tricks-only", 0, 0, 0), ("tricks-only", 3, 2, 0),
]


@pytest.mark.parametrize("scoring, bid, tricks, points", SCORE_CASES)
def test_plump_scores_are_the_same_in_core_engine_kernel_and_sheet(scoring, bid, tricks, points):
    from cardlab.games.plump import round_score
    from cardlab.sheets.plump import cell_text
    from cardlab.sim.plump import PlumpCounts, score_array

    assert plump_core.round_score(bid, tricks, plump_core.SCORING_CODES[scoring]) == points
    assert round_score(bid, tricks, scoring) == points                                   # engine
    assert score_array(np.array([bid]), np.array([tricks]), scoring).tolist() == [points]  # kernel
    counts = PlumpCounts(1, 10)
    counts.add(np.array([[bid]]), np.array([[tricks]]), np.array([0]), scoring)          # kernel's counts
    assert counts.score_sum.tolist() == [points]
    # the engine's round scores its bids and tricks, and the protokoll writes that number
    from cardlab import PlumpRound

    rnd = PlumpRound.from_hands(["AS", "KS", "QS"], dealer=2, rules=PlumpRules(players=3, scoring=scoring), trump=None)
    rnd.bids, rnd.tricks_taken = [bid, 0, 1], [tricks, 0, 1]
    assert rnd.scores()[0] == points
    text = cell_text(bid, points, bid != tricks)
    assert text == (f"{bid} → ●" if points == 0 and bid != tricks else
                    f"{bid} → ● {points}".replace("-", "−") if bid != tricks else f"{bid} → {points}")


HOOK_CASES = [  # (hand size, bids before the dealer, hook, hook_last_round, last round, forbidden)
    (3, [1, 1], True, True, True, 1),        # RULES.md's example: 3 cards, bids 1 and 1
    (3, [2, 2], True, True, True, None),     # 3 − 4 < 0: nothing to forbid
    (5, [0, 0, 0], True, True, False, 5),    # everyone else bid 0: the dealer may not take all
    (3, [1, 1], False, True, True, None),    # no hook
    (3, [1, 1], True, False, True, None),    # hook lifted in the last round
    (3, [1, 1], True, False, False, 1),      # … but not before it
]


@pytest.mark.parametrize("size, before, hook, hook_last, last, forbidden", HOOK_CASES)
def test_the_hook_is_the_same_in_core_engine_and_kernel(size, before, hook, hook_last, last, forbidden):
    from cardlab import Bid, PlumpRound, shuffled_deck

    players = len(before) + 1
    rules = PlumpRules(players=players, hook=hook, hook_last_round=hook_last)
    dealer = players - 1
    active = plump_core.hook_applies(hook, hook_last, last)
    assert plump_core.forbidden_bid(dealer, dealer, size, sum(before), active) == (-1 if forbidden is None else forbidden)
    deck = shuffled_deck(rng=1)
    hands = [deck[i * size:(i + 1) * size] for i in range(players)]
    rnd = PlumpRound.from_hands(hands, dealer=dealer, rules=rules, trump=None, is_last_round=last)
    for seat, bid in enumerate(before):
        rnd.apply(Bid(seat, bid))
    assert rnd.forbidden_bid() == forbidden
    assert [a.tricks for a in rnd.legal_actions()] == [b for b in range(size + 1) if b != forbidden]
    # the kernel: a dealer playing at random never bids the forbidden bid (hook_last_round is off in
    # a single simulated round only when the round counts as the last)
    if last:
        from cardlab.sim.plump import kernel_batch, make_setup
        from cardlab.sim.seeds import round_seeds

        setup = make_setup(rules, hand_size=size, dealer=dealer)
        out = kernel_batch(setup, round_seeds(size, 400))
        sums = out["bids"].sum(axis=1)
        if forbidden is not None or active:
            assert (sums != size).all()
        else:
            assert (sums == size).any()


def test_plump_winners_and_the_extra_round():
    from cardlab import PlumpGame

    game = PlumpGame.start(PlumpRules(players=3, schedule=(1,), tie="extra-round"), seed=1)
    game.totals = [11, 11, 0]
    assert game.leaders() == [0, 1]
    assert plump_core.needs_extra_round(game.totals, plump_core.TIE_CODES["extra-round"], 0)
    assert not plump_core.needs_extra_round(game.totals, plump_core.TIE_CODES["share"], 0)


# ---------------------------------------------------------------- Femkamp
def test_femkamp_worked_example_in_core_engine_and_sheet():
    """RULES.md (seed 003): 3 + 2 + 4 − 5 + (2 prikks + 4 cards = 6) = 10, explained on the sheet."""
    from cardlab.games.femkamp import RoundResult, trick_round_score
    from cardlab.sheets.femkamp import round_reason

    rules = FemkampRules()
    assert [trick_round_score(n, t, c, q, rules) for n, t, c, q in
            (("pass", 3, 0, 0), ("clubs", 0, 2, 0), ("queens", 0, 0, 1), ("grand", 5, 0, 0))] == [3, 2, 4, -5]
    assert femkamp_core.kabal_score(2, 4, False) == 6
    queens = RoundResult(number=3, name="queens", dealer=2, scores=(4, 0, 0, 0), queens=(1, 0, 0, 0))
    assert round_reason(queens, 0, rules).text("en") == "1 queen × 4"
    # the sheet reads the points per queen from the rule, not from the score
    five = RoundResult(number=3, name="queens", dealer=2, scores=(10, 0, 0, 0), queens=(2, 0, 0, 0))
    assert round_reason(five, 0, FemkampRules(queen_points=5)).text("en") == "2 queens × 5"
    clubs = RoundResult(number=2, name="clubs", dealer=1, scores=(0, 0, 0, 0), clubs=(13, 0, 0, 0))
    assert round_reason(clubs, 0, FemkampRules(clubs_all_zero=True)).text("en") == "all 13 clubs → 0"


def test_femkamp_example_trick_scores_8_in_the_engine():
    from cardlab.games.femkamp import FemkampTrickRound, Play

    rnd = FemkampTrickRound.from_hands(["10S", "QS", "AS", "QH"], round_name="queens", dealer=3)
    for seat, card in enumerate(["10S", "QS", "AS", "QH"]):
        rnd.apply(Play(seat=seat, card=Card.parse(card)))
    assert rnd.scores() == [0, 0, 8, 0]


TIE_CASES = [  # (totals, tie, winners)
    ([10, 7, 12, 9], "share", [1]), ([7, 7, 12, 9], "share", [0, 1]),
    ([10, 7, 12, 9], "rematch", [1]), ([7, 7, 12, 9], "rematch", []),
]


@pytest.mark.parametrize("totals, tie, winners", TIE_CASES)
def test_femkamp_winners_are_the_same_in_core_engine_kernel_and_sheet(totals, tie, winners):
    from cardlab import FemkampBot, play_out
    from cardlab.games.femkamp import FemkampGame
    from cardlab.sheets.femkamp import score_sheet
    from cardlab.kernels.femkamp_kernel import game_winners

    code = femkamp_core.TIE_CODES[tie]
    mask = femkamp_core.winners_mask(totals, code)
    assert [s for s in range(4) if mask >> s & 1] == winners
    won = np.zeros((1, 4), np.bool_)
    game_winners(np.array([totals], np.int64), code, won)                   # kernel
    assert np.flatnonzero(won[0]).tolist() == winners
    game = play_out(FemkampGame.start(FemkampRules(tie=tie), seed=2), FemkampBot())
    game.totals = list(totals)                                               # engine on named totals
    assert game.winners() == winners
    assert game.needs_rematch == (tie == "rematch" and not winners)
    sheet = score_sheet(game, lang="en")                                     # sheet
    assert [s for s in range(4) if sheet.iloc[-1, 1 + s] == "★"] == winners


# ------------------------------------------------------------------ Rummy
def test_rummy_penalties_and_reshuffles_in_core_and_engine():
    from cardlab.games.melds import hand_penalty

    assert rummy_core.round_penalty(hand_penalty("AS 10H JC QD KS"), False, False) == 41
    assert rummy_core.round_penalty(41, False, True) == 82 and rummy_core.round_penalty(41, True, True) == 0
    assert rummy_core.reshuffle_limit(RummyRules().max_reshuffles) == -1
    assert rummy_core.may_reshuffle(1000, -1, 2) and not rummy_core.may_reshuffle(3, 3, 30)


# ------------------------------------------------------------------ tricks
@pytest.mark.parametrize("hand, led, trump, must_trump, legal", [
    ("7H KS 2C", "H", None, False, "7H"),
    ("KS 2C 3D", "H", "D", True, "3D"),
    ("KS 2C 3D", "H", "D", False, "2C 3D KS"),
    ("KS 2C 3D", None, "D", True, "2C 3D KS"),
])
def test_legal_follow_suit_is_the_same_in_tricks_engine_and_kernel(hand, led, trump, must_trump, legal):
    from cardlab import PlumpRound
    from cardlab.kernels.cores import legal_follow
    from cardlab.kernels._numba import njit
    from cardlab.tricks import legal_plays

    expected = sorted(c.index for c in parse_cards(legal))
    assert sorted(c.index for c in legal_plays(hand, led, trump, must_trump)) == expected
    mask = trick_core.hand_mask(c.index for c in parse_cards(hand))
    codes = (-1 if led is None else "CDHS".index(led), -1 if trump is None else "CDHS".index(trump))
    assert trick_core.cards_in(njit(lambda h, l, t, m: legal_follow(h, l, t, m))(np.uint64(mask), *codes, must_trump)) == expected
    if led is not None:  # the Plump engine, with a card of the led suit on the table
        leader_card = {"H": "AH", "S": "AS", "D": "AD", "C": "AC"}[led]
        rules = PlumpRules(players=2, must_trump=must_trump, hook=False, trump="none" if trump is None else "fixed",
                           trump_suit=trump)
        rnd = PlumpRound.from_hands([leader_card + " 4S 5S", hand], dealer=1, rules=rules, trump=trump)
        from cardlab import Bid, Play

        rnd.apply(Bid(0, 0)); rnd.apply(Bid(1, 0)); rnd.apply(Play(0, Card.parse(leader_card)))
        assert sorted(c.index for c in rnd.legal_cards(1)) == expected


# ------------------------------------------- Plump trick play: one core, every caller (the docs' table)
import ast  # noqa: E402
import re  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardlab"
#: the modules that hold the trick cores (a copy of a rule there is the rule itself)
CORE_MODULES = {"cardlab.rules.trick_core", "cardlab.kernels.simple_core"}
#: Rummy's melds compare suits for runs, not tricks: the trick scan leaves Rummy out
NOT_TRICK_GAMES = ("rummy", "melds")
#: what the scan still finds outside the cores, each with why it is not (yet) the core's: exact, so
#: a new copy fails, and an entry that is gone must be dropped
KNOWN_TRICK_COMPARISONS = {
    ("cardlab.tricks", "check_play"): "the engine's check names the rule a refused card broke, after legal_follow refused it",
    ("cardlab.exercises", "FollowSuitQuestion._why"): "a pupil's explanation names the rule, after legal_plays found the cards",
    ("cardlab.exercises", "TrickQuestion.why_not"): "a pupil's explanation of a wrong card, after trick_winner found the answer",
    ("cardlab.coach.tips", "counted_cards"): "the bidding rule of thumb counts a king's suit length (a hand, not a trick)",
    ("cardlab.claims", "leader_ace_advice"): "asks whether the turned-up trump is the ace's suit (a deal, not a trick)",
    ("cardlab.kernels.femkamp_heuristic", "avoid_card"): "Femkamp's heuristic asks whether its legal cards all follow suit",
}
_LED = re.compile(r"^(led|lead)(_suit|_[ab])?$")


def _suit_names(function: ast.AST) -> set[str]:
    """Local names the function assigns a card's suit to (``cs, bs = c // 13, b // 13``)."""
    names: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                pairs = (zip(target.elts, node.value.elts) if isinstance(target, ast.Tuple)
                         and isinstance(node.value, ast.Tuple) else [(target, node.value)])
                names.update(t.id for t, v in pairs if isinstance(t, ast.Name) and _is_suit(v, set()))
    return names


def _is_suit(node: ast.AST, names: set[str]) -> bool:
    """A card's suit: ``x.suit``, ``x.suit.index``, ``SUIT_OF[x]``, ``x // 13`` or a name holding one."""
    if isinstance(node, ast.Attribute):
        return node.attr == "suit" or (node.attr == "index" and isinstance(node.value, ast.Attribute)
                                       and node.value.attr == "suit")
    if isinstance(node, ast.Subscript):
        return isinstance(node.value, ast.Name) and node.value.id == "SUIT_OF"
    if isinstance(node, ast.BinOp):
        return isinstance(node.op, ast.FloorDiv) and isinstance(node.right, ast.Constant) and node.right.value == 13
    return isinstance(node, ast.Name) and node.id in names


def _is_led(node: ast.AST) -> bool:
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return bool(_LED.match(name))


def trick_rule_copies(source: str, module: str) -> set[tuple[str, str]]:
    """``(module, function)`` for each function of ``source`` that holds a trick rule of its own: it
    compares a card's suit with the suit led (follow suit, or the winner of a trick), or two cards'
    suits (the winner: "same suit and higher")."""
    found = set()

    def visit(nodes, scope):
        for node in nodes:
            if isinstance(node, ast.ClassDef):
                visit(node.body, scope + (node.name,))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = _suit_names(node)
                for cmp in ast.walk(node):
                    if not (isinstance(cmp, ast.Compare) and len(cmp.ops) == 1
                            and isinstance(cmp.ops[0], (ast.Eq, ast.NotEq))):
                        continue
                    a, b = cmp.left, cmp.comparators[0]
                    if (_is_suit(a, names) and (_is_led(b) or _is_suit(b, names))) or (_is_led(a) and _is_suit(b, names)):
                        found.add((module, ".".join(scope + (node.name,))))
                        break

    visit(ast.parse(source).body, ())
    return found


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _scan_package() -> set[tuple[str, str]]:
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module(path)
        if module in CORE_MODULES or any(word in module.rpartition(".")[2] for word in NOT_TRICK_GAMES):
            continue
        found |= trick_rule_copies(path.read_text(encoding="utf-8"), module)
    return found


def test_no_second_copy_of_a_trick_rule_outside_the_cores():
    """Following suit and the trick winner are compared suit by suit only in the cores (and the known places)."""
    _assert_exactly_known(_scan_package(), KNOWN_TRICK_COMPARISONS, "KNOWN_TRICK_COMPARISONS",
                          "a trick rule written again (call cardlab.rules.trick_core instead)")


def _assert_exactly_known(found: set, known: dict, name: str, written_again: str) -> None:
    """What a scan found is exactly the known places: a new one fails, and so does a known one that is gone."""
    new = sorted(found - set(known))
    assert not new, f"{written_again}: {new}"
    gone = sorted(set(known) - found)
    assert not gone, f"drop these from {name}, the scan no longer finds them: {gone}"


def test_the_scan_finds_the_copies_that_were_merged():
    """The scan itself, on the copies the cores replaced: the coach's old winner and PlumpBot's old ``_beats``."""
    old_coach = '''
def trick_winner(cards, trump):
    led = cards[0] // 13
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        cs, bs = c // 13, b // 13
        if cs == bs:
            if c > b:
                best = i
        elif trump is not None and cs == trump and bs != trump:
            best = i
    return best
'''
    old_bot = '''
def _beats(card, best, led, trump):
    if card.suit == best.suit:
        return card.rank >= best.rank
    return trump is not None and card.suit == trump
'''
    follow = "def legal(hand, led_suit):\n    return [c for c in hand if c.suit == led_suit] or hand\n"
    assert trick_rule_copies(old_coach, "m") == {("m", "trick_winner")}
    assert trick_rule_copies(old_bot, "m") == {("m", "_beats")}
    assert trick_rule_copies(follow, "m") == {("m", "legal")}
    assert trick_rule_copies("def lead(hand, trump):\n    return [c for c in hand if c.suit == trump]\n", "m") == set()


PLUMP_TRICKS = "## Plump trick play: one core, every caller"
KABAL_LAYOUT = "## Femkamp's kabal layout: one core, every caller"
RUMMY_LAYOFF = "## Rummy's lay-off and discard: one core, every caller"
ROUND_LOOPS = "## Femkamp's and Rummy's rounds: one loop each"


def _docs_rows(heading: str = PLUMP_TRICKS) -> list[tuple[str, list[str]]]:
    """(core, callers) of one "one core, every caller" table in docs/rules_in_code.md."""
    text = (ROOT / "docs" / "rules_in_code.md").read_text(encoding="utf-8")
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[1].startswith("`") and not cells[1].startswith("---"):
            core = cells[1].strip("`")
            callers = re.findall(r"`([a-z_]+(?:\.[A-Za-z_]+)+)`", cells[2].split(" (and ")[0])
            rows.append((core, callers))
    return rows


def _function_node(dotted: str) -> ast.AST:
    """The ``def`` of ``cardlab.<dotted>`` (``bots.simple.SimpleBot.choose``), found by reading the source."""
    parts = dotted.split(".")
    parts = {"trick_core": ["rules"], "femkamp_core": ["rules"], "rummy_core": ["rules"],
             "simple_core": ["sim"]}.get(parts[0], []) + parts
    for cut in range(len(parts) - 1, 0, -1):
        path = PACKAGE.joinpath(*parts[:cut]).with_suffix(".py")
        if path.is_file():
            nodes = ast.parse(path.read_text(encoding="utf-8")).body
            for name in parts[cut:]:
                nodes = [n for n in nodes if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == name]
                assert nodes, f"docs/rules_in_code.md names {dotted}, which does not exist"
                found = nodes[0]
                nodes = found.body
            return found
    raise AssertionError(f"docs/rules_in_code.md names {dotted}, whose module does not exist")


def _assert_callers_call(rows) -> None:
    for core, callers in rows:
        name = core.rpartition(".")[2]
        assert callers, core
        for caller in callers:
            calls = {n.func.id if isinstance(n.func, ast.Name) else getattr(n.func, "attr", None)
                     for n in ast.walk(_function_node(caller)) if isinstance(n, ast.Call)}
            assert name in calls, f"docs/rules_in_code.md: {caller} is listed as calling {core}, but does not"


def test_the_docs_list_every_trick_core_with_callers_that_call_it():
    rows = _docs_rows()
    cores = {core for core, _ in rows}
    assert {"trick_core.legal_follow", "trick_core.beats", "trick_core.add_to_trick", "trick_core.trick_so_far",
            "trick_core.finish_trick", "simple_core.dodge_hook"} <= cores
    _assert_callers_call(rows)


def test_the_docs_list_every_kabal_core_with_callers_that_call_it():
    rows = _docs_rows(KABAL_LAYOUT)
    assert {core for core, _ in rows} == {"femkamp_core.kabal_ends", "femkamp_core.kabal_fits", "femkamp_core.kabal_place",
                                          "femkamp_core.ace_low_position", "femkamp_core.rank_at_position"}
    _assert_callers_call(rows)


def test_the_docs_list_every_rummy_core_with_callers_that_call_it():
    rows = _docs_rows(RUMMY_LAYOFF)
    assert {core for core, _ in rows} == {"rummy_core.layoff_end", "rummy_core.run_after_layoff", "rummy_core.may_discard",
                                          "rummy_core.leaves_no_discard"}
    _assert_callers_call(rows)


def test_the_docs_list_one_loop_per_round_with_the_kernel_and_the_play_outs_calling_it():
    rows = _docs_rows(ROUND_LOOPS)
    assert rows == [("kernels.femkamp_kernel.play_tricks", ["kernels.femkamp_kernel._trick_round", "search.femkamp_rollout.play_out_tricks"]),
                    ("kernels.femkamp_kernel.play_kabal", ["kernels.femkamp_kernel._kabal_round"]),
                    ("kernels.rummy_kernel.play_turns", ["kernels.rummy_kernel.play_round", "search.rummy_rollout.play_out"])]
    _assert_callers_call(rows)


def test_a_caller_that_stops_calling_its_core_is_found():
    """The docs check itself: a listed caller that does not call the core fails it."""
    with pytest.raises(AssertionError, match="is listed as calling femkamp_core.kabal_place, but does not"):
        _assert_callers_call([("femkamp_core.kabal_place", ["games.kabal.KabalLayout.can_play"])])


# ------------------------------------------------------------------ the kabal rule, once
def kabal_rule_copies(source: str, module: str) -> set[tuple[str, str]]:
    """``(module, function)`` for each function of ``source`` that works out a kabal row's ends itself:
    it subtracts 1 from a name holding a row's low end and adds 1 to one holding its high end (which is
    how a Rummy run's lay-off ends were written again too)."""
    found = set()

    def name(node) -> str:   # lows[s] → "lowss", row[_HIGH] → "row_HIGH", self._highs[i] → "_highsi"
        if isinstance(node, ast.Subscript):
            return name(node.value) + name(node.slice)
        return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""

    def steps(function, op, word) -> bool:
        return any(isinstance(n, ast.BinOp) and isinstance(n.op, op) and isinstance(n.right, ast.Constant)
                   and n.right.value == 1 and word in name(n.left).lower() for n in ast.walk(function))

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and steps(node, ast.Sub, "low") \
                and steps(node, ast.Add, "high"):
            found.add((module, node.name))
    return found


#: functions outside the cores that step a low and a high end by one, for another reason than the rule
KNOWN_END_STEPS = {
    ("cardlab.games.melds", "connectors"): "the places that would complete a meld of three, which RummyBot plans with (a plan, not a rule of play)",
}


def test_no_second_copy_of_the_kabal_or_lay_off_rule_outside_the_cores():
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module(path)
        if not module.endswith("_core"):   # the cores: the kabal's ends and Rummy's lay-off ends, once each
            found |= kabal_rule_copies(path.read_text(encoding="utf-8"), module)
    _assert_exactly_known(found, KNOWN_END_STEPS, "KNOWN_END_STEPS",
                          "the kabal or lay-off rule written again (call femkamp_core.kabal_ends or rummy_core.layoff_end)")


def test_the_kabal_scan_finds_the_copies_that_were_merged():
    old_engine = """
def _fits(self, card):
    low = self._lows[i]
    if low == 0:
        return pos == SEVEN
    return pos == low - 1 or pos == self._highs[i] + 1
"""
    old_kernel = """
def kabal_fits(lows, highs):
    for s in range(4):
        if lows[s] > 1:
            fits |= card_at(s, lows[s] - 1)
        if highs[s] < 13:
            fits |= card_at(s, highs[s] + 1)
"""
    old_rummy_kernel = """
def _accepts(row, mask, card):
    p = POSITION[card]
    return p == row[_LOW] - 1 or p == row[_HIGH] + 1
"""
    assert kabal_rule_copies(old_engine, "m") == {("m", "_fits")}
    assert kabal_rule_copies(old_rummy_kernel, "m") == {("m", "_accepts")}
    assert kabal_rule_copies(old_kernel, "m") == {("m", "kabal_fits")}
    assert kabal_rule_copies("def f(low, high):\n    return low + 1, high - 1\n", "m") == set()
