"""Simulated Plump rounds: the fast kernel, the reference engine, and their tidy tables.

Each round has its own stored ``seed`` (see :mod:`cardlab.sim.seeds`); the
kernel and :func:`replay_plump_round` deal the same cards from it and, for
random play, draw the same random choices, so every row of a table can be
replayed move by move with the reference engine.

>>> from cardlab import PlumpRules
>>> df = simulate_plump(PlumpRules(), rounds=3, hand_size=5, rng=1, progress=False)
>>> len(df), list(df.columns[:6])
(12, ['round', 'seed', 'seat', 'seat_from_leader', 'dealer', 'hand_size'])
>>> row = df.iloc[5]
>>> rnd = replay_plump_round(PlumpRules(), int(row.seed), hand_size=5, dealer=int(row.dealer))
>>> bool(rnd.tricks_taken[int(row.seat)] == row.tricks), bool(rnd.bids[int(row.seat)] == row.bid)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np
import pandas as pd

from ..cards import Card, Suit
from ..errors import RulesError
from ..i18n import Message
from ..rules import plump_core
from ..rules.plump import PlumpRules
from .runs import run_chunks, show_progress
from .seeds import CHUNK, master_sequence
from .stats import mean_interval, wilson_interval
from .threads import default_threads  # noqa: F401  (importable from here too)

POLICIES = ("random", "heuristic", "simple")


# ------------------------------------------------------------------ set-up
@dataclass(frozen=True)
class PlumpSetup:
    """What a batch of single Plump rounds needs besides the seeds."""

    rules: PlumpRules
    hand_size: int
    dealer: int | str  # a seat, or "rotate" (round number modulo players)
    round_index: int
    policies: tuple[str, ...]  # one per seat

    @property
    def policy_label(self) -> str:
        return self.policies[0] if len(set(self.policies)) == 1 else ",".join(self.policies)

    @property
    def trump_code(self) -> int:
        """-2 turned up, -1 no trump, 0..3 a fixed suit (the rotating mode uses ``round_index``)."""
        mode = self.rules.trump_for_round(self.round_index)
        if mode == "turned-up":
            return -2
        if mode is None:
            return -1
        return Suit.parse(mode).index

    @property
    def trump_label(self) -> str:
        return self.rules.trump

    @property
    def kernel_refusal(self) -> RulesError | None:
        """Why the compiled kernel cannot play these rules (an option it does not model), or None."""
        from ..kernels.kernel_rules import kernel_refusal
        from ..kernels.plump_kernel import RULE_OPTIONS

        return kernel_refusal(self.rules, RULE_OPTIONS, "plump")

    @property
    def kernel_ok(self) -> bool:
        return self.kernel_refusal is None

    @property
    def hook_active(self) -> bool:
        # a simulated round is played as a single round (PlumpRound.deal's is_last_round=True)
        return plump_core.hook_applies(self.rules.hook, self.rules.hook_last_round, True)

    def dealers(self, start: int, size: int) -> np.ndarray:
        if self.dealer == "rotate":
            return ((start + np.arange(size)) % self.rules.players).astype(np.int64)
        return np.full(size, int(self.dealer), np.int64)


def make_setup(rules: PlumpRules | None = None, *, policy: "str | Sequence[str]" = "random",
               hand_size: int | None = None, dealer: "int | str | None" = None, round_index: int = 0) -> PlumpSetup:
    """Check the options and build a :class:`PlumpSetup` (bad values raise ``RulesError`` naming the field)."""
    rules = rules or PlumpRules()
    names = [policy] * rules.players if isinstance(policy, str) else list(policy)
    if len(names) != rules.players:
        raise RulesError("rules.invalid", field="policy", problem=Message("sim.policy_count", {"players": rules.players, "given": len(names)}))
    for name in names:
        if name not in POLICIES:
            raise RulesError("rules.invalid", field="policy", problem=Message("sim.unknown_policy", {"name": repr(name), "allowed": ", ".join(POLICIES)}))
    size = rules.largest_hand if hand_size is None else hand_size
    if not isinstance(size, (int, np.integer)) or not 1 <= size <= rules.deck_limit:
        raise RulesError("rules.invalid", field="hand_size", problem=Message("sim.hand_size", {"limit": rules.deck_limit, "value": repr(size)}))
    dealer = rules.first_dealer if dealer is None else dealer
    if dealer != "rotate" and (not isinstance(dealer, (int, np.integer)) or not 0 <= dealer < rules.players):
        raise RulesError("rules.invalid", field="dealer", problem=Message("sim.dealer", {"last": rules.players - 1, "value": repr(dealer)}))
    return PlumpSetup(rules, int(size), dealer if dealer == "rotate" else int(dealer), int(round_index), tuple(names))


# ----------------------------------------------------------------- engines
def kernel_batch(setup: PlumpSetup, seeds: np.ndarray, start: int = 0) -> dict[str, np.ndarray]:
    """Play rounds with the compiled kernel: arrays ``bids``/``tricks`` (round × seat), ``trump``, ``trump_card``, ``dealer``."""
    from ..kernels.plump_kernel import POLICY_CODES, play_rounds

    n, p = len(seeds), setup.rules.players
    dealers = setup.dealers(start, n)
    out = {
        "bids": np.empty((n, p), np.int64), "tricks": np.empty((n, p), np.int64),
        "trump": np.empty(n, np.int64), "trump_card": np.empty(n, np.int64), "dealer": dealers,
    }
    policies = np.array([POLICY_CODES[name] for name in setup.policies], np.int64)
    play_rounds(np.ascontiguousarray(seeds, np.int64), p, setup.hand_size, dealers,
                np.full(n, setup.trump_code, np.int64), setup.hook_active,
                setup.rules.first_lead == "highest-bidder", setup.rules.must_trump, policies,
                out["bids"], out["tricks"], out["trump"], out["trump_card"])
    return out


def make_bot(policy: str, stream):
    """The engine-side bot for a policy name (random play draws from the round's stream)."""
    from ..kernels.rng import StreamBot

    if policy == "random":
        return StreamBot(stream)
    if policy == "simple":
        from ..bots.simple import SimpleBot

        return SimpleBot()
    if policy == "heuristic":
        from ..bots.plump import PlumpBot

        return PlumpBot()
    raise RulesError("rules.invalid", field="policy", problem=Message("sim.unknown_policy", {"name": repr(policy), "allowed": ", ".join(POLICIES)}))


def replay_plump_round(rules: PlumpRules | None, seed: int, policy: "str | Sequence[str] | Sequence[Any]" = "random", *,
                       hand_size: int | None = None, dealer: int | None = None, round_index: int = 0):
    """Play the round stored under ``seed`` with the reference engine and return the finished :class:`PlumpRound`.

    ``policy`` is a policy name, one name per seat, or bot objects (with
    ``choose(view)``).  The deal comes from
    ``PlumpRound.deal(rules, hand_size=, dealer=, rng=DeckRng(Stream(seed)))``.
    """
    from ..games.plump import PlumpRound
    from ..kernels.rng import DeckRng, Stream

    rules = rules or PlumpRules()
    stream = Stream(seed)
    size = rules.largest_hand if hand_size is None else hand_size
    top = size * rules.hands_dealt + 1  # the cards dealt and the one turned for trump
    rnd = PlumpRound.deal(rules, hand_size=size, dealer=dealer, round_index=round_index, rng=DeckRng(stream, top))
    policies = [policy] * rules.players if isinstance(policy, str) or hasattr(policy, "choose") else list(policy)
    bots = [make_bot(p, stream) if isinstance(p, str) else p for p in policies]
    while not rnd.is_over:
        seat = rnd.to_move
        rnd.apply(bots[seat].choose(rnd.view(seat)))
    return rnd


def reference_batch(setup: PlumpSetup, seeds: np.ndarray, start: int = 0, bots: Sequence[Any] | None = None) -> dict[str, np.ndarray]:
    """Like :func:`kernel_batch`, with the reference engine (slow; any rules, any bots)."""
    n, p = len(seeds), setup.rules.players
    dealers = setup.dealers(start, n)
    out = {
        "bids": np.empty((n, p), np.int64), "tricks": np.empty((n, p), np.int64),
        "trump": np.empty(n, np.int64), "trump_card": np.empty(n, np.int64), "dealer": dealers,
    }
    for i, seed in enumerate(seeds):
        rnd = replay_plump_round(setup.rules, int(seed), bots if bots is not None else setup.policies,
                                 hand_size=setup.hand_size, dealer=int(dealers[i]), round_index=setup.round_index)
        out["bids"][i] = rnd.bids
        out["tricks"][i] = rnd.tricks_taken
        out["trump"][i] = -1 if rnd.trump is None else rnd.trump.index
        out["trump_card"][i] = -1 if rnd.trump_card is None else rnd.trump_card.index
    return out


# ------------------------------------------------------------------ scores
def score_array(bids: np.ndarray, tricks: np.ndarray, scoring: str = "standard") -> np.ndarray:
    """:func:`cardlab.games.plump.round_score` for whole arrays (the rule is
    :func:`cardlab.rules.plump_core.round_score`, compiled).

    >>> score_array(np.array([3, 4, 0, 10]), np.array([3, 2, 0, 10]), "penalty").tolist()
    [13, -2, 10, 20]
    """
    from ..kernels.plump_kernel import score_rounds

    code = plump_core.SCORING_CODES.get(scoring)
    if code is None:
        raise ValueError(f"unknown scoring {scoring!r}: choose one of {', '.join(plump_core.SCORING_CODES)}")
    bids, tricks = np.broadcast_arrays(np.asarray(bids, np.int64), np.asarray(tricks, np.int64))
    out = np.empty(bids.size, np.int64)
    score_rounds(np.ascontiguousarray(bids).reshape(-1), np.ascontiguousarray(tricks).reshape(-1), code, out)
    return out.reshape(bids.shape)


# ------------------------------------------------------------- aggregation
@dataclass
class PlumpCounts:
    """Per-seat counts (seat counted from the leader: 0 = left of the dealer) that add up exactly."""

    players: int
    hand_size: int
    rounds: int = 0
    zero: np.ndarray = field(default=None)  # type: ignore[assignment]
    bid0: np.ndarray = field(default=None)  # type: ignore[assignment]
    bid0_zero: np.ndarray = field(default=None)  # type: ignore[assignment]
    made: np.ndarray = field(default=None)  # type: ignore[assignment]
    score_sum: np.ndarray = field(default=None)  # type: ignore[assignment]
    score_sq: np.ndarray = field(default=None)  # type: ignore[assignment]
    bid_hist: np.ndarray = field(default=None)  # type: ignore[assignment]
    trick_hist: np.ndarray = field(default=None)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        p, h = self.players, self.hand_size + 1
        for name in ("zero", "bid0", "bid0_zero", "made", "score_sum", "score_sq"):
            if getattr(self, name) is None:
                setattr(self, name, np.zeros(p, np.int64))
        if self.bid_hist is None:
            self.bid_hist = np.zeros((p, h), np.int64)
        if self.trick_hist is None:
            self.trick_hist = np.zeros((p, h), np.int64)

    def add(self, bids: np.ndarray, tricks: np.ndarray, dealers: np.ndarray, scoring: str) -> None:
        """Count a batch (arrays round × seat, seats absolute)."""
        from ..kernels.plump_kernel import SCORING_CODES, count_rounds

        if scoring not in SCORING_CODES:
            raise ValueError(f"unknown scoring {scoring!r}")
        self.rounds += len(bids)
        count_rounds(np.ascontiguousarray(bids, np.int64), np.ascontiguousarray(tricks, np.int64),
                     np.ascontiguousarray(dealers, np.int64), SCORING_CODES[scoring], self.zero, self.bid0,
                     self.bid0_zero, self.made, self.score_sum, self.score_sq, self.bid_hist, self.trick_hist)

    def merge(self, other: "PlumpCounts") -> "PlumpCounts":
        out = PlumpCounts(self.players, self.hand_size, self.rounds + other.rounds)
        for name in ("zero", "bid0", "bid0_zero", "made", "score_sum", "score_sq", "bid_hist", "trick_hist"):
            setattr(out, name, getattr(self, name) + getattr(other, name))
        return out

    def to_dict(self) -> dict:
        return {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in self.__dict__.items()}

    @classmethod
    def from_dict(cls, data: dict) -> "PlumpCounts":
        return cls(**{k: (np.asarray(v, np.int64) if isinstance(v, list) else v) for k, v in data.items()})


SUMMARY_COLUMNS = ["players", "cards", "trump", "policy", "seat_from_leader", "rounds", "p_zero", "ci_low", "ci_high",
                   "p_bid0_made", "bid0_low", "bid0_high", "bid0_rounds", "p_made", "made_low", "made_high",
                   "mean_score", "score_low", "score_high"]


def summary_table(counts: PlumpCounts, *, trump: str, policy: str) -> pd.DataFrame:
    """One row per seat from the leader: ``p_zero`` (no trick taken), ``p_bid0_made`` (a zero bid made, of
    ``bid0_rounds`` zero bids), ``p_made`` (any bid made), each with its Wilson 95 % interval, and ``mean_score``."""
    n = np.full(counts.players, counts.rounds)
    low, high = wilson_interval(counts.zero, n)
    mlow, mhigh = wilson_interval(counts.made, n)
    blow, bhigh = wilson_interval(counts.bid0_zero, counts.bid0)
    mean, slow, shigh = mean_interval(counts.score_sum, counts.score_sq, n)
    with np.errstate(invalid="ignore", divide="ignore"):
        p_zero_bid0 = np.where(counts.bid0 > 0, counts.bid0_zero / np.maximum(counts.bid0, 1), np.nan)
        df = pd.DataFrame({
            "players": counts.players, "cards": counts.hand_size, "trump": trump, "policy": policy,
            "seat_from_leader": np.arange(counts.players), "rounds": n,
            "p_zero": counts.zero / np.maximum(n, 1), "ci_low": low, "ci_high": high,
            "p_bid0_made": p_zero_bid0, "bid0_low": blow, "bid0_high": bhigh, "bid0_rounds": counts.bid0,
            "p_made": counts.made / np.maximum(n, 1), "made_low": mlow, "made_high": mhigh,
            "mean_score": mean, "score_low": slow, "score_high": shigh,
        })
    return df[SUMMARY_COLUMNS]


def zero_bid_table(counts: PlumpCounts) -> pd.DataFrame:
    """How often a zero bid (nolla) is made, by seat from the leader: ``p_bid0_made`` with its Wilson 95 % interval
    (``bid0_low``, ``bid0_high``), the same names as :func:`summary_table`, the CLI and ``data/plump_zero_bids``."""
    low, high = wilson_interval(counts.bid0_zero, counts.bid0)
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.where(counts.bid0 > 0, counts.bid0_zero / np.maximum(counts.bid0, 1), np.nan)
    return pd.DataFrame({"seat_from_leader": np.arange(counts.players), "bid0_rounds": counts.bid0,
                         "bid0_made": counts.bid0_zero, "p_bid0_made": rate, "bid0_low": low, "bid0_high": high})


def counts_from_rows(df: pd.DataFrame, scoring: str | None = None) -> PlumpCounts:
    """Rebuild the per-seat counts from a table of rows (as :func:`simulate_plump` returns)."""
    players = int(df["seat"].max()) + 1
    hand_size = int(df["hand_size"].max())
    ordered = df.sort_values(["round", "seat"])
    bids = ordered["bid"].to_numpy().reshape(-1, players)
    tricks = ordered["tricks"].to_numpy().reshape(-1, players)
    dealers = ordered["dealer"].to_numpy().reshape(-1, players)[:, 0]
    scoring = scoring or df.attrs.get("rules", {}).get("scoring", "standard")
    counts = PlumpCounts(players, hand_size)
    counts.add(bids, tricks, dealers, scoring)
    return counts


# ------------------------------------------------------------------- runs
def _engine(setup: PlumpSetup, engine: str, bots) -> str:
    if engine not in ("auto", "kernel", "reference"):
        raise RulesError("rules.invalid", field="engine", problem=Message("sim.engine_choice", {"value": repr(engine)}))
    if bots is not None:
        return "reference"
    if engine == "auto":
        return "kernel" if setup.kernel_ok else "reference"
    if engine == "kernel" and setup.kernel_refusal is not None:
        raise setup.kernel_refusal
    return engine


def run_batches(setup: PlumpSetup, rounds: int, *, rng=None, engine: str = "auto", bots=None, progress=None,
                chunk: int = CHUNK, threads: int | None = None):
    """Yield ``(start, seeds, arrays)`` chunk by chunk, in order (the arrays of :func:`kernel_batch`).

    The chunks go through the one run driver, :func:`cardlab.sim.runs.run_chunks`: kernel chunks on
    ``threads`` threads (the same output for any number), the reference engine's in this thread.
    """
    engine = _engine(setup, engine, bots)
    if engine == "kernel":
        def work(start, seeds):
            return kernel_batch(setup, seeds, start)
    else:
        def work(start, seeds):
            return reference_batch(setup, seeds, start, bots)
    show = show_progress(progress, rounds, 400_000 if engine == "kernel" else 2_000)
    yield from run_chunks(work, rounds, rng=rng, chunk=chunk, threads=threads if engine == "kernel" else 1,
                          progress=show, unit="round")


def _attrs(setup: PlumpSetup, rounds: int, rng, engine: str) -> dict:
    seq = master_sequence(rng) if not isinstance(rng, np.random.Generator) else None
    return {
        "game": "plump", "rules": setup.rules.to_dict(), "fingerprint": setup.rules.fingerprint(),
        "policy": setup.policy_label, "policies": list(setup.policies), "rounds": rounds,
        "hand_size": setup.hand_size, "dealer": setup.dealer, "round_index": setup.round_index,
        "engine": engine, "entropy": None if seq is None else str(seq.entropy),
    }


def simulate_plump(rules: PlumpRules | None = None, *, policy: "str | Sequence[str]" = "random", bots=None,
                   rounds: int = 1000, hand_size: int | None = None, dealer: "int | str | None" = None,
                   round_index: int = 0, rng=None, progress=None, rows: bool = True,
                   engine: str = "auto", threads: int | None = None) -> pd.DataFrame:
    """Simulate single Plump rounds; one row per round × seat (or, with ``rows=False``, the per-seat summary).

    ``engine="auto"`` uses the compiled kernel when it can (one deck, named
    policies) and the reference engine otherwise (two decks, your own
    ``bots``).  With ``trump = "rotating"`` a single round uses the trump of
    round ``round_index`` (default 0: clubs).
    """
    if bots is not None:
        bots = list(bots) if not hasattr(bots, "choose") else [bots] * (rules or PlumpRules()).players
        policy = [getattr(b, "name", type(b).__name__) for b in bots]
        setup = PlumpSetup(rules or PlumpRules(), make_setup(rules, hand_size=hand_size, dealer=dealer).hand_size,
                           make_setup(rules, dealer=dealer).dealer, round_index, tuple(map(str, policy)))
    else:
        setup = make_setup(rules, policy=policy, hand_size=hand_size, dealer=dealer, round_index=round_index)
    chosen = _engine(setup, engine, bots)
    if not rows:
        counts = PlumpCounts(setup.rules.players, setup.hand_size)
        for _, _, arrays in run_batches(setup, rounds, rng=rng, engine=chosen, bots=bots, progress=progress,
                                        threads=threads):
            counts.add(arrays["bids"], arrays["tricks"], arrays["dealer"], setup.rules.scoring)
        table = summary_table(counts, trump=setup.trump_label, policy=setup.policy_label)
        table.attrs.update(_attrs(setup, rounds, rng, chosen))
        table.attrs["counts"] = counts.to_dict()
        return table
    parts = [_rows(setup, start, seeds, arrays) for start, seeds, arrays in
             run_batches(setup, rounds, rng=rng, engine=chosen, bots=bots, progress=progress, threads=threads)]
    df = pd.concat(parts, ignore_index=True) if parts else _rows(setup, 0, np.zeros(0, np.int64), kernel_batch(setup, np.zeros(0, np.int64)))
    df.attrs.update(_attrs(setup, rounds, rng, chosen))
    return df


_TRUMP_CATEGORIES = ["C", "D", "H", "S", "none"]
_CARD_CODES = [Card.from_index(i).code for i in range(52)]


def _rows(setup: PlumpSetup, start: int, seeds: np.ndarray, arrays: dict) -> pd.DataFrame:
    n, p = arrays["bids"].shape
    dealers = arrays["dealer"]
    seat = np.tile(np.arange(p), n)
    dealer = np.repeat(dealers, p)
    bids = arrays["bids"].reshape(-1)
    tricks = arrays["tricks"].reshape(-1)
    trump_codes = np.where(arrays["trump"] < 0, 4, arrays["trump"])
    card_codes = np.where(arrays["trump_card"] < 0, -1, arrays["trump_card"])
    return pd.DataFrame({
        "round": np.repeat(np.arange(start, start + n), p),
        "seed": np.repeat(seeds, p),
        "seat": seat.astype(np.int8),
        "seat_from_leader": ((seat - dealer - 1) % p).astype(np.int8),
        "dealer": dealer.astype(np.int8),
        "hand_size": np.full(n * p, setup.hand_size, np.int8),
        "trump": pd.Categorical.from_codes(np.repeat(trump_codes, p), _TRUMP_CATEGORIES),
        "trump_card": pd.Categorical.from_codes(np.repeat(card_codes, p), _CARD_CODES),
        "policy": pd.Categorical([setup.policies[s] for s in range(p)] * n),
        "bid": bids.astype(np.int8),
        "tricks": tricks.astype(np.int8),
        "made": bids == tricks,
        "score": score_array(bids, tricks, setup.rules.scoring).astype(np.int16),
    })


def summarize_plump(rules: PlumpRules | None = None, *, policy="random", rounds: int = 1000, hand_size=None,
                    dealer=None, round_index: int = 0, rng=None, progress=None, engine: str = "auto",
                    threads: int | None = None) -> pd.DataFrame:
    """Stream ``rounds`` rounds chunk by chunk and return only the per-seat summary (memory stays small)."""
    return simulate_plump(rules, policy=policy, rounds=rounds, hand_size=hand_size, dealer=dealer,
                          round_index=round_index, rng=rng, progress=progress, rows=False, engine=engine,
                          threads=threads)
