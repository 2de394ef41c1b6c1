"""Strength in OpenSpiel's ``oh_hell``: every cardlab tier against OpenSpiel's ISMCTS, on the same deals.

    python benchmarks/arena_openspiel.py --quick              # 40 rounds per size (a smoke test)
    python benchmarks/arena_openspiel.py                      # 240 rounds per size (10–30 minutes)
    python benchmarks/arena_openspiel.py --sizes 4x5 3x7 --rounds 400 --tiers search ismcts-300
    python benchmarks/arena_openspiel.py --field fair --sizes 4x5 --tiers search   # ISMCTS without the resampler's leak

Needs the "bench" extra (``pip install -e ".[bench]"``: open-spiel).

**How it measures.**  Every tier plays head to head against a *field* of ISMCTS-1000 players on
the same deals, seats rotated (the dealer rotates over the deals).  At an even table the tier takes
every other seat and the field the rest, then they swap; at an odd table the tier takes one seat,
in turn every seat.  So on every deal every seat is played both by the tier and by the field, and
the luck of the cards cancels: a deal's difference is the mean over seats of (tier's score − the
field's score in that seat).  A *round* is one (deal, seat) played by the tier.  The standard error
is taken over deals (the seats of one deal are not independent).  The ``ismcts-1000`` row is the
field playing all seats itself (its difference is 0 by definition).  Scores are OpenSpiel's returns: 1 per trick + 10 for an
exact bid.  Every ISMCTS seat is seeded from (deal, seat, tier), but OpenSpiel's ISMCTS is not
exactly repeatable between processes (three games with the same seeds: one of them went otherwise), so
a rerun of a command gives other figures within their standard errors, not the same ones.

**What the field knows.**  ISMCTS imagines the cards it cannot see with the game's
``ResampleFromInfostate``.  Since OpenSpiel 2.0 (its June 2026 rewrite of that function, "Fix
void-inconsistency in OhHellState::ResampleFromInfostate") ``oh_hell``'s resampler deals the other
hands only from the cards they really hold, shuffled among them, never from the undealt stock (it
skips every card "not dealt to a player"): ISMCTS knows *which* cards are out (not who holds which).  At 4 × 5 that is 15 known cards of 47 unseen; at
4 × 10, 30 of 41.  cardlab's bots see only their own view.  The ``search-in-play`` tier (a
diagnostic, not in the default run) is ``PlumpSearchBot`` given the same knowledge, to measure what
it is worth; ``benchmarks/bid_agreement.py`` shows that ISMCTS's bids follow it.  So the ``bench``
extra installs OpenSpiel 1.6.15, the last release whose resampler deals the other hands from every
unseen card (it ignores shown voids): its ISMCTS, unmodified, is a fair opponent.  Beside a 2.0
release it can be used without reinstalling::

    pip install --target /tmp/openspiel-1.6.15 --no-deps open-spiel==1.6.15
    PYTHONPATH=/tmp/openspiel-1.6.15 python benchmarks/arena_openspiel.py --sizes 4x5 --tiers search

With 2.0 or later, ``--field fair`` (``benchmarks/fair_field.py``) re-deals the hidden cards once
before each ISMCTS decision; that field is weaker than a fair ISMCTS (docs/strength_record.md).  The last
line of every run names the OpenSpiel release and what its field knows.

``--table cardlab/data/strength_arena.csv`` adds the run's rows to the shipped strength table (one
row per size and tier, with the OpenSpiel release, the date and this command; a row of the same
command, size and tier is replaced), which the notebooks and docs read for every strength figure.

Reported per tier and size: mean score per round, difference to the field (ISMCTS-1000) with its
standard error and z, exact-bid rate, mean bid and mean tricks taken, and CPU milliseconds per
decision (this process's CPU time: ISMCTS runs in C++ in the same thread), beside the CPU
milliseconds per decision of the ISMCTS-1000 opponents in the same games (same load, same time).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from openspiel_seat import bot_action, oh_hell_game, oh_hell_rules, round_from_state  # noqa: E402

TIERS = ("random", "plumpbot", "search", "ismcts-300", "ismcts-1000", "search-in-play")
#: the tiers a run plays unless ``--tiers`` names others (``search-in-play`` is a diagnostic)
DEFAULT_TIERS = TIERS[:5]
FIELD = "ismcts-1000"


def in_play_search_bot(**options):
    """``PlumpSearchBot`` told which cards the other hands hold together (not who holds which).

    A diagnostic, not a fair player: OpenSpiel 2.0.2's ``oh_hell`` ``ResampleFromInfostate``, which
    ISMCTS uses for every simulation, deals the other hands only from the cards they really hold
    (never from the undealt stock), so ISMCTS knows that much.  This bot imagines its deals the same
    way, to measure what that knowledge is worth.  ``bot.in_play`` (a card mask) is set before
    each decision.
    """
    from cardlab.bots.plump_search import PlumpSearchBot

    class InPlaySearchBot(PlumpSearchBot):
        in_play = None

        def _position(self, view):
            pos = super()._position(view)
            if self.in_play is not None:
                pos["unseen"] = np.uint64(int(pos["unseen"]) & self.in_play)
            return pos

    return InPlaySearchBot(**options)


def openspiel_installed() -> bool:
    """Is OpenSpiel importable?  If not, say how to install it (on stderr)."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("open-spiel is not installed: pip install -e \".[bench]\"", file=sys.stderr)
        return False
    return True


def openspiel_version() -> str:
    """The installed OpenSpiel's version, e.g. ``"2.0.2"`` (the first found on ``sys.path``)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("open-spiel")
    except PackageNotFoundError:
        return "unknown"


def field_description(fair: bool) -> str:
    """What the ISMCTS seats know, for the line under every run's tables.

    OpenSpiel's ``oh_hell`` resampler changed in 2.0 (June 2026, "Fix void-inconsistency in
    OhHellState::ResampleFromInfostate"): since then it shuffles only the cards the other hands really
    hold (it skips every card "not dealt to a player"), so ISMCTS knows which cards are out; up to
    1.6.15 it dealt the other hands from every card the player had not seen (ignoring shown voids).
    """
    release = openspiel_version()
    if fair:
        return f"OpenSpiel {release}; field: fair ISMCTS (hidden cards re-dealt from all unseen cards, voids kept)"
    major = release.split(".")[0]
    knows = ("deals the other hands only from the cards they hold" if major.isdigit() and int(major) >= 2
             else "deals the other hands from all unseen cards" if major.isdigit() else "unknown resampler")
    return f"OpenSpiel {release}; field: OpenSpiel's ISMCTS as shipped (its oh_hell resampler {knows})"


def ismcts(seed: int, sims: int):
    import pyspiel

    return pyspiel.ISMCTSBot(seed, pyspiel.RandomRolloutEvaluator(1, seed), 2.0, sims, -1,
                             pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)


class Seat:
    """One seat's player for one game: ``act(state) -> action id``."""

    def __init__(self, tier: str, seed: int, players: int, search_options: dict, fair: bool = False) -> None:
        self.tier = tier
        self.rules = oh_hell_rules(players)
        self.rng = np.random.default_rng(seed)
        if tier.startswith("ismcts-"):
            self.bot = ismcts(seed % (2**31), int(tier.split("-")[1]))
            if fair:  # it imagines the hidden cards from all it has not seen (benchmarks/fair_field.py)
                from fair_field import FairISMCTS

                self.bot = FairISMCTS(self.bot, seed)
        elif tier == "plumpbot":
            from cardlab import PlumpBot

            self.bot = PlumpBot()
        elif tier == "search":
            from cardlab.bots.plump_search import PlumpSearchBot

            self.bot = PlumpSearchBot(rng=seed, scoring="trick-points", **search_options)
        elif tier == "search-in-play":
            self.bot = in_play_search_bot(rng=seed, scoring="trick-points", **search_options)
        elif tier != "random":
            raise ValueError(f"unknown tier {tier!r}: choose from {', '.join(TIERS)}")

    def act(self, state) -> int:
        if self.tier == "random":
            legal = state.legal_actions()
            return legal[int(self.rng.integers(len(legal)))]
        if self.tier.startswith("ismcts-"):
            return self.bot.step(state)
        if self.tier == "search-in-play":
            rnd = round_from_state(state, self.rules)
            me = state.current_player()
            self.bot.in_play = sum(1 << c.index for s in range(rnd.players) if s != me for c in rnd.hands[s])
        return bot_action(self.bot, state, self.rules)


@dataclass
class Tally:
    """Per-tier sums for one size."""

    scores: list = field(default_factory=list)      # per round
    diffs: dict = field(default_factory=dict)       # deal -> list of (score - field score)
    exact: int = 0
    bids: int = 0
    tricks: int = 0
    zero_bids: int = 0
    zero_made: int = 0
    seconds: float = 0.0
    decisions: int = 0
    field_seconds: float = 0.0   # the ISMCTS-1000 opponents in the same games
    field_decisions: int = 0


def deal_actions(rng: np.random.Generator, players: int, tricks: int, dealer: int) -> list[int]:
    """The chance moves of one deal: number of tricks, dealer, the cards dealt, the trump card."""
    cards = rng.permutation(52)[: players * tricks + 1]
    return [tricks, dealer, *map(int, cards)]


def play(game, chance: list[int], seats: list[Seat], timed: set[int]) -> tuple:
    """Play one round; returns (returns, bids, tricks, CPU seconds and decisions of the ``timed`` seats,
    CPU seconds and decisions of the others)."""
    state = game.new_initial_state()
    for a in chance:
        state.apply_action(a)
    players = game.num_players()
    bids = [0] * players
    seconds, decisions, other_seconds, other_decisions = 0.0, 0, 0.0, 0
    while not state.is_terminal():
        seat = state.current_player()
        start = time.process_time()
        a = seats[seat].act(state)
        if seat in timed:
            seconds += time.process_time() - start
            decisions += 1
        else:
            other_seconds += time.process_time() - start
            other_decisions += 1
        if a >= 52:
            bids[seat] = a - 52
        state.apply_action(a)
    returns = state.returns()
    tricks = [int(r) - (10 if int(r) - 10 == b else 0) for r, b in zip(returns, bids)]
    return returns, bids, tricks, seconds, decisions, other_seconds, other_decisions


def rotations(players: int) -> list[list[int]]:
    """The seatings of one tier against the field: the seats the tier takes in each game.

    Even tables alternate (tier, field, tier, field, … then shifted by one), so it is a true head
    to head; odd tables seat the tier once at every seat.  Either way every seat is played by the
    tier and by the field on every deal.

    >>> rotations(4), rotations(3)
    ([[0, 2], [1, 3]], [[0], [1], [2]])
    """
    if players % 2 == 0:
        return [[s for s in range(players) if (s + r) % 2 == 0] for r in range(2)]
    return [[r] for r in range(players)]


def run_size(players: int, tricks: int, rounds: int, tiers: list[str], seed: int, search_options: dict,
             progress: bool = True, partial: Path | None = None, fair: bool = False) -> dict[str, Tally]:
    """Play ``rounds`` rounds (deal × seat) per tier; see the module docstring for the design."""
    game = oh_hell_game(players, tricks)
    deals = max(2, math.ceil(rounds / players))
    rng = np.random.default_rng([seed, players, tricks])
    tally = {t: Tally() for t in tiers}
    started = time.perf_counter()
    for d in range(deals):
        chance = deal_actions(rng, players, tricks, d % players)
        base_seed = int(rng.integers(2**40))
        for tier in tiers:
            t = tally[tier]
            tag = 1 + TIERS.index(tier)
            if tier == FIELD:
                seatings = [list(range(players))]
            else:
                seatings = rotations(players)
            mine = [[] for _ in range(players)]    # the tier's score per seat on this deal
            theirs = [[] for _ in range(players)]  # the field's
            for g, taken in enumerate(seatings):
                seats = [Seat(tier if s in taken else FIELD, base_seed + 100 * tag + 10 * g + s, players,
                              search_options, fair) for s in range(players)]
                r, b, k, secs, decs, other_secs, other_decs = play(game, chance, seats, set(taken))
                t.seconds += secs
                t.decisions += decs
                t.field_seconds += other_secs
                t.field_decisions += other_decs
                for s in range(players):
                    (mine if s in taken else theirs)[s].append(r[s])
                for s in taken:
                    t.scores.append(r[s])
                    t.exact += b[s] == k[s]
                    t.bids += b[s]
                    t.tricks += k[s]
                    if b[s] == 0:
                        t.zero_bids += 1
                        t.zero_made += k[s] == 0
            if tier != FIELD:
                t.diffs[d] = [np.mean(mine[s]) - np.mean(theirs[s]) for s in range(players)]
            else:
                t.diffs[d] = [0.0] * players
        if progress:
            elapsed = time.perf_counter() - started
            print(f"  {players}×{tricks}: deal {d + 1}/{deals} ({elapsed:.0f} s)", file=sys.stderr, flush=True)
        if partial is not None and d >= 1:
            partial.write_text(f"after {d + 1} of {deals} deals\n\n" + markdown(summary_rows(players, tricks, tally)) + "\n")
    return tally


def summary_rows(players: int, tricks: int, tally: dict[str, Tally]) -> list[dict]:
    rows = []
    for tier, t in tally.items():
        n = len(t.scores)
        per_deal = np.array([np.mean(v) for v in t.diffs.values()])
        diff = float(per_deal.mean())
        se = float(per_deal.std(ddof=1) / math.sqrt(len(per_deal))) if len(per_deal) > 1 else float("nan")
        rows.append({
            "size": f"{players}×{tricks}", "tier": tier, "rounds": n, "mean": float(np.mean(t.scores)),
            "diff": diff, "se": se, "z": diff / se if se and se > 0 else float("nan"),
            "exact": t.exact / n, "bid": t.bids / n, "tricks": t.tricks / n,
            "zero_fail": (1 - t.zero_made / t.zero_bids) if t.zero_bids else float("nan"),
            "ms": 1000 * t.seconds / t.decisions if t.decisions else float("nan"),
            "field_ms": 1000 * t.field_seconds / t.field_decisions if t.field_decisions else float("nan"),
        })
    return rows


def markdown(rows: list[dict]) -> str:
    head = ("| size | tier | rounds | mean score | vs ISMCTS-1000 (± SE) | z | exact bids | mean bid / tricks "
            "| zero bids failed | ms per decision | field's ms |\n"
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    lines = [head]
    for r in rows:
        vs = "(field)" if r["tier"] == FIELD else f"{r['diff']:+.2f} ± {r['se']:.2f}"
        z = "" if r["tier"] == FIELD else f"{r['z']:+.1f}"
        zero = "–" if math.isnan(r["zero_fail"]) else f"{100 * r['zero_fail']:.0f}%"
        lines.append(f"| {r['size']} | {r['tier']} | {r['rounds']} | {r['mean']:.2f} | {vs} | {z} | "
                     f"{100 * r['exact']:.0f}% | {r['bid']:.2f} / {r['tricks']:.2f} | {zero} | {r['ms']:.2f} | "
                     f"{r['field_ms']:.2f} |".replace("| nan |", "| – |"))
    return "\n".join(lines)


#: the columns of the strength table (``cardlab/data/strength_arena.csv``)
TABLE_COLUMNS = ("openspiel", "date", "players", "cards", "seed", "tier", "against", "rounds", "mean_score", "diff",
                 "se", "z", "exact_bids", "zero_bids_failed", "ms_per_decision", "field_ms", "pooled_seeds", "command",
                 "recorded")


def table_rows(rows: list[dict], *, seed: int, release: str, command: str, date: str) -> list[dict]:
    """The summary rows of a run as rows of the strength table (the field's own row left out).

    >>> r = {"size": "4×5", "tier": "search", "rounds": 40, "mean": 7.5, "diff": 0.25, "se": 0.2, "z": 1.25,
    ...      "exact": 0.6, "zero_fail": 0.2, "ms": 5.0, "field_ms": 9.0}
    >>> row, = table_rows([r], seed=1, release="1.6.15", command="python benchmarks/arena_openspiel.py", date="2026-12-01")
    >>> row["players"], row["cards"], row["against"], row["diff"]
    (4, 5, 'ismcts-1000', 0.25)
    """
    out = []
    for r in rows:
        if r["tier"] == FIELD:
            continue
        players, cards = parse_size(r["size"])
        nan = lambda x: "" if isinstance(x, float) and math.isnan(x) else x  # noqa: E731
        out.append({"openspiel": release, "date": date, "players": players, "cards": cards, "seed": seed,
                    "tier": r["tier"], "against": FIELD, "rounds": r["rounds"], "mean_score": round(r["mean"], 2),
                    "diff": round(r["diff"], 2), "se": round(r["se"], 2), "z": nan(round(r["z"], 1)),
                    "exact_bids": round(r["exact"], 2), "zero_bids_failed": nan(round(r["zero_fail"], 2)),
                    "ms_per_decision": round(r["ms"], 2), "field_ms": round(r["field_ms"], 2), "pooled_seeds": "",
                    "command": command, "recorded": "arena_openspiel.py --table"})
    return out


def write_table(path: Path, rows: list[dict]) -> None:
    """Add ``rows`` to the strength table at ``path`` (a row of the same command, size and tier is replaced)."""
    import csv
    import io

    from cardlab.atomic import write_atomically

    key = lambda r: (str(r["command"]), str(r["players"]), str(r["cards"]), str(r["tier"]))  # noqa: E731
    new = {key(r) for r in rows}
    old = []
    if path.exists():
        with path.open(newline="") as f:
            old = [r for r in csv.DictReader(f) if key(r) not in new]
    text = io.StringIO()
    writer = csv.DictWriter(text, TABLE_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(old + rows)
    write_atomically(path, text.getvalue())              # never a half-written table


def warm_up(search_options: dict) -> None:
    """Compile (or load from numba's cache) the search kernels before anything is timed."""
    from cardlab import PlumpRound
    from cardlab.bots.plump_search import PlumpSearchBot

    rnd = PlumpRound.deal(oh_hell_rules(4), hand_size=3, dealer=0, rng=0)
    bot = PlumpSearchBot(rng=0, **search_options)
    while not rnd.is_over:
        rnd.apply(bot.choose(rnd.view(rnd.to_move)))


def option_value(text: str):
    """A ``--option`` value: a whole number, a decimal number, or else the word itself.

    >>> option_value("3000"), option_value("0.2"), option_value("pimc")
    (3000, 0.2, 'pimc')
    """
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_size(size: str) -> tuple[int, int]:
    """``"4x5"`` (or ``"4×5"``) as (players, tricks).

    >>> parse_size("4x5"), parse_size("3×7")
    ((4, 5), (3, 7))
    """
    players, tricks = (int(x) for x in size.lower().replace("×", "x").split("x"))
    return players, tricks


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", nargs="+", default=["4x5", "4x10", "3x7"], help="players×tricks, e.g. 4x5 3x7")
    parser.add_argument("--rounds", type=int, default=240, help="rounds (deal × seat) per size and tier")
    parser.add_argument("--quick", action="store_true", help="40 rounds per size (a smoke test, noisy)")
    parser.add_argument("--tiers", nargs="+", default=list(DEFAULT_TIERS), choices=TIERS,
                        help="search-in-play: the search told which cards the other hands hold (a diagnostic)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rollouts", type=int, default=None, help="PlumpSearchBot play-outs per decision")
    parser.add_argument("--samples", type=int, default=None, help="PlumpSearchBot deals per decision")
    parser.add_argument("--time-ms", type=float, default=None, help="PlumpSearchBot time budget per decision")
    parser.add_argument("--bid-weight", type=float, default=None, help="PlumpSearchBot bid_weight")
    parser.add_argument("--option", nargs=2, action="append", default=[], metavar=("NAME", "VALUE"),
                        help="any other PlumpSearchBot option, e.g. --option noise 0.2 or --option method pimc")
    parser.add_argument("--partial", type=Path, default=None,
                        help="rewrite this file with the figures so far after every deal (long runs)")
    parser.add_argument("--per-deal", type=Path, default=None,
                        help="write each deal's difference to the field (per size and tier) to this JSON file, "
                             "for paired comparisons of runs on the same deals (benchmarks/arena_paired.py)")
    parser.add_argument("--field", choices=("openspiel", "fair"), default="openspiel",
                        help="'fair': every ISMCTS seat imagines the hidden cards from all it has not seen "
                             "(benchmarks/fair_field.py); 'openspiel' (default): as OpenSpiel's oh_hell resampler deals them")
    parser.add_argument("--table", type=Path, default=None,
                        help="add this run's rows to a strength table, e.g. cardlab/data/strength_arena.csv")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    if not openspiel_installed():
        return 2
    rounds = 40 if args.quick else args.rounds
    options = {}
    if args.rollouts is not None:
        options["rollouts"] = args.rollouts
    if args.samples is not None:
        options["samples"] = args.samples
    if args.time_ms is not None:
        options["time_ms"] = args.time_ms
    if args.bid_weight is not None:
        options["bid_weight"] = args.bid_weight
    for name, value in args.option:
        options[name] = option_value(value)
    tiers = [t for t in TIERS if t in args.tiers]
    if "search" in tiers or "search-in-play" in tiers:
        warm_up(options)
    all_rows = []
    per_deal = {}
    started = time.perf_counter()
    for size in args.sizes:
        players, tricks = parse_size(size)
        partial = args.partial.with_name(f"{args.partial.stem}-{players}x{tricks}{args.partial.suffix}") \
            if args.partial else None
        tally = run_size(players, tricks, rounds, tiers, args.seed, options, progress=not args.quiet, partial=partial,
                         fair=args.field == "fair")
        all_rows += summary_rows(players, tricks, tally)
        per_deal[f"{players}x{tricks}"] = {t: [float(np.mean(v)) for _, v in sorted(tally[t].diffs.items())]
                                          for t in tally}
        print(markdown([r for r in all_rows if r["size"] == f"{players}×{tricks}"]), flush=True)
    if args.per_deal is not None:
        args.per_deal.write_text(json.dumps({"seed": args.seed, "options": options, "deals": per_deal}, indent=1) + "\n")
    command = " ".join(["python", "benchmarks/arena_openspiel.py", *(argv if argv is not None else sys.argv[1:])])
    if args.table is not None:
        write_table(args.table, table_rows(all_rows, seed=args.seed, release=openspiel_version(), command=command,
                                           date=time.strftime("%Y-%m-%d", time.gmtime())))
    print()
    print(markdown(all_rows))
    print(f"\n{command}"
          f"  — {time.perf_counter() - started:.0f} s wall")
    print(field_description(args.field == "fair"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
