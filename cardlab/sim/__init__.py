"""Simulations: seeded runs of many rounds or games as tidy pandas tables.

>>> from cardlab import simulate, PlumpRules
>>> df = simulate("plump", PlumpRules(players=4), rounds=100, hand_size=3, rng=1, progress=False)
>>> df.shape[0], df.attrs["fingerprint"] == PlumpRules(players=4).fingerprint()
(400, True)
"""

from __future__ import annotations

from .stats import wilson_interval

__all__ = ["simulate", "compare_rules", "wilson_interval", "replay_plump_round", "summarize_plump"]


def simulate(game: str = "plump", rules=None, **options):
    """Simulate ``game`` ("plump", "femkamp" or "rummy") and return a tidy DataFrame.

    Plump: :func:`cardlab.sim.plump.simulate_plump` (rounds, one row per round × seat).
    Femkamp: :func:`cardlab.sim.femkamp.simulate_femkamp` (games, one row per game × round × seat).
    Rummy: :func:`cardlab.sim.rummy.simulate_rummy` (rounds, one row per round × seat).
    ``game`` may also be a rules object, whose game is then used.

    The first call for a game in a process compiles its fast kernels, or
    loads them from numba's cache (see :mod:`cardlab.sim.warmup`); compiling
    happens once per machine and shows a message and a progress bar.
    """
    if hasattr(game, "game") and rules is None:
        game, rules = game.game, game
    if game in ("plump", "femkamp", "rummy") and options.get("engine") != "reference" and options.get("bots") is None:
        from .warmup import ensure_compiled

        # the first call compiles the kernels (once per machine) and says so; later ones load them from the cache
        ensure_compiled(game, progress=False if options.get("progress") is False else None)
    if game == "plump":
        from .plump import simulate_plump

        return simulate_plump(rules, **options)
    if game == "femkamp":
        from .femkamp import simulate_femkamp

        return simulate_femkamp(rules, **options)
    if game == "rummy":
        from .rummy import simulate_rummy

        return simulate_rummy(rules, **options)
    raise ValueError(f"unknown game {game!r}: choose plump, femkamp or rummy.")


def __getattr__(name: str):
    if name == "compare_rules":
        from .compare import compare_rules

        return compare_rules
    if name in ("replay_plump_round", "summarize_plump", "simulate_plump"):
        from . import plump

        return getattr(plump, name)
    raise AttributeError(name)
