"""Compile the fast simulator once, visibly, and keep it in numba's on-disk cache.

The kernels of :mod:`cardlab.sim` are compiled by numba the first time they
run: about 1½ minutes of computing for all three games (:data:`MEASURED`:
81 s of CPU on a 2-core machine, which took 7 minutes of waiting when that
machine was busy with other work).
Compiled code is cached on disk (see :mod:`cardlab.kernels._numba`), so this
happens once per machine, not once per process.

:func:`ensure_compiled` runs a game's kernels on a few tiny inputs before its
first simulation in a process.  When that takes more than a moment (it is
compiling, not loading from the cache), it says so on stderr — "compiling the
fast simulator (first time only)…" — with a progress bar whose clock keeps
moving, so nobody thinks the program hangs.  :func:`warmup` (``cardlab
warmup``, run once by ``make lab``) compiles every game ahead of time.

>>> seconds = ensure_compiled("plump", progress=False)
>>> ensure_compiled("plump", progress=False)   # once per process: the second call does nothing
0.0
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Callable, Iterable

from ..i18n import tr

#: the games with compiled kernels, in the order :func:`warmup` compiles them
GAMES = ("plump", "femkamp", "rummy")

#: seconds of silence before the "compiling…" message (a cache load is quicker than this)
QUIET_SECONDS = 1.0


#: the compiled function each game's simulation calls (its cached code holds everything it calls)
ENTRY_POINTS = {
    "plump": ("cardlab.kernels.plump_kernel", "play_rounds"),
    "femkamp": ("cardlab.kernels.femkamp_kernel", "play_games"),
    "rummy": ("cardlab.kernels.rummy_kernel", "play_rounds"),
}

#: What a first ``cardlab warmup`` (all three games, empty cache) cost on a 2-core machine of the kind CI uses:
#: CPU seconds, and the minutes it took on the clock while other work kept the machine busy
#: (``NUMBA_CACHE_DIR=$(mktemp -d) /usr/bin/time -v cardlab warmup``).
MEASURED = {"cpu_seconds": 81, "busy_minutes": 7}

_done: set[str] = set()
_lock = threading.Lock()


def is_cached(game: str) -> bool | None:
    """Whether numba's cache holds compiled code for ``game`` that is still valid for its source.

    None when it cannot tell (a numba whose cache looks different); then
    :func:`ensure_compiled` decides by how long it takes.
    """
    import importlib

    try:
        module, name = ENTRY_POINTS[game]
        dispatcher = getattr(importlib.import_module(module), name)
        return bool(dispatcher._cache._cache_file._load_index())  # numba checks the source's stamp here
    except Exception:
        return None


def _femkamp_search_step() -> None:
    """One FemkampSearchBot decision in a trick round and one in the kabal round (its play-outs)."""
    from ..bots.femkamp import FemkampBot
    from ..bots.femkamp_search import FemkampSearchBot
    from ..games.femkamp import FemkampTrickRound
    from ..games.kabal import KabalRound
    from ..rules.femkamp import FemkampRules

    for rnd in (FemkampTrickRound.deal(FemkampRules(), round_name="pass", dealer=0, rng=0),
                KabalRound.deal(FemkampRules(), dealer=0, rng=0)):
        while len(rnd.legal_actions()) < 2:  # a choice, so that the search runs
            rnd.apply(FemkampBot().choose(rnd.view(rnd.to_move)))
        FemkampSearchBot(rng=0, samples=1).decide(rnd.view(rnd.to_move))


def _rummy_search_step() -> None:
    """One RummySearchBot decision (its play-outs)."""
    from ..bots.rummy_search import RummySearchBot
    from ..games.rummy import RummyRound
    from ..rules.rummy import RummyRules

    rnd = RummyRound.deal(RummyRules(), dealer=0, rng=0)
    RummySearchBot(rng=0, samples=1).decide(rnd.view(rnd.to_move))


def _steps(game: str) -> list[Callable[[], object]]:
    """Tiny runs that together compile every kernel ``game`` uses (random and heuristic play)."""
    if game == "plump":
        from ..rules.plump import PlumpRules
        from .plump import simulate_plump

        return [lambda p=policy: simulate_plump(PlumpRules(players=3), policy=p, rounds=4, hand_size=2, rng=0,
                                                progress=False, rows=False, threads=1)
                for policy in ("random", "heuristic")]
    if game == "femkamp":
        from ..rules.femkamp import FemkampRules
        from .femkamp import simulate_femkamp

        return [lambda p=policy: simulate_femkamp(FemkampRules(players=3), policy=p, games=2, rng=0, progress=False,
                                                  engine="kernel")
                for policy in ("random", "heuristic")] + [_femkamp_search_step]
    if game == "rummy":
        from .rummy import simulation_rules
        from .rummy import simulate_rummy

        return [lambda p=policy: simulate_rummy(simulation_rules(players=2), policy=p, rounds=2, rng=0, progress=False,
                                                engine="kernel", threads=1)
                for policy in ("random", "heuristic")] + [_rummy_search_step]
    from ..errors import RulesError

    raise RulesError("rules.choice", field="game", value=game, allowed=", ".join(GAMES))


class _Ticker:
    """A progress bar over the steps that appears only after ``QUIET_SECONDS`` and redraws its clock."""

    def __init__(self, game: str, total: int, show: bool | None, stream) -> None:
        self.game, self.total, self.show, self.stream = game, total, show, stream
        self.done = 0
        self.bar = None
        self.started = time.perf_counter()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        if show is True:  # known to compile: say so at once
            self._open()
        if show is not False:
            self._thread.start()

    def _open(self) -> None:
        from tqdm.auto import tqdm

        self.stream.write(tr("sim.compiling", game=self.game) + "\n")
        self.stream.flush()
        self.bar = tqdm(total=self.total, initial=self.done, unit="step", file=self.stream, leave=False,
                        bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}]")

    def _run(self) -> None:
        if self.bar is None:  # not known to compile: speak only if it takes a while
            if self._stop.wait(QUIET_SECONDS):
                return
            self._open()
        while not self._stop.wait(0.5):  # keep the clock moving between steps
            self.bar.refresh()

    def step(self) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.update()

    def close(self) -> float:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        seconds = time.perf_counter() - self.started
        if self.bar is not None:
            self.bar.close()
            self.stream.write(tr("sim.compiled", game=self.game, seconds=f"{seconds:.0f}") + "\n")
            self.stream.flush()
        return seconds


def ensure_compiled(game: str, *, progress: bool | None = None, stream=None) -> float:
    """Compile (or load from the cache) the kernels of ``game`` once per process; return the seconds it took.

    ``progress=None`` shows the message and a progress bar when numba has to
    compile (:func:`is_cached` says no; when it cannot tell, when it takes
    longer than :data:`QUIET_SECONDS`) and stays silent when the code comes
    from the cache; ``True`` always shows them; ``False`` never does.
    Messages go to ``stream`` (default ``sys.stderr``) in the current language.
    """
    with _lock:
        if game in _done:
            return 0.0
        steps = _steps(game)
        if progress is None:
            cached = is_cached(game)
            progress = None if cached is None else not cached
        ticker = _Ticker(game, len(steps), progress, stream or sys.stderr)
        try:
            for step in steps:
                step()
                ticker.step()
        finally:
            seconds = ticker.close()
        _done.add(game)
        return seconds


def warmup(games: Iterable[str] = GAMES, *, progress: bool | None = None, stream=None) -> dict[str, float]:
    """Compile every game's kernels now (``cardlab warmup``); return the seconds per game.

    Afterwards a new Python process loads them from the cache, so its first
    simulation of each game starts within a few seconds.  When something is to be compiled it first
    says how long that takes (:data:`MEASURED`); each game then shows a bar with a running clock.
    """
    games = list(games)
    stream = stream or sys.stderr
    to_compile = [game for game in games if game not in _done and is_cached(game) is not True]
    if to_compile and progress is not False:
        stream.write(tr("sim.warmup.plan", games=", ".join(to_compile), cpu=MEASURED["cpu_seconds"],
                        busy=MEASURED["busy_minutes"]) + "\n")
        stream.flush()
    return {game: round(ensure_compiled(game, progress=progress, stream=stream), 1) for game in games}
