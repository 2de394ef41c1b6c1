"""Shared helpers for simulations that run the reference engines game by game."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from ..errors import RulesError
from ..i18n import Message
from .runs import run_each, show_progress


def bot_rng(seed: int, seat: int) -> np.random.SeedSequence:
    """The random stream of one seat's bot in the game stored under ``seed``."""
    return np.random.SeedSequence([int(seed), 1, int(seat)])


def make_bots(policy: "str | Sequence[Any]", players: int, seed: int, factories: dict[str, Callable[[int, int], Any]]) -> list[Any]:
    """One bot per seat from a policy name, a list of names, or bot objects."""
    items = [policy] * players if isinstance(policy, str) or hasattr(policy, "choose") else list(policy)
    if len(items) != players:
        raise RulesError("rules.invalid", field="policy", problem=Message("sim.policy_count", {"players": players, "given": len(items)}))
    bots = []
    for seat, item in enumerate(items):
        if isinstance(item, str):
            if item not in factories:
                raise RulesError("rules.invalid", field="policy", problem=Message("sim.unknown_policy", {"name": repr(item), "allowed": ", ".join(factories)}))
            bots.append(factories[item](seed, seat))
        else:
            bots.append(item)
    return bots


def policy_label(policy) -> str:
    if isinstance(policy, str):
        return policy
    names = [p if isinstance(p, str) else getattr(p, "name", type(p).__name__) for p in policy] \
        if not hasattr(policy, "choose") else [getattr(policy, "name", type(policy).__name__)]
    return names[0] if len(set(names)) == 1 else ",".join(names)


def play(state, bots) -> Any:
    """Play ``state`` to the end, asking the seat to move's bot each time."""
    while not state.is_over:
        seat = state.to_move
        state.apply(bots[seat].choose(state.view(seat)))
    return state


#: a run of the reference engine shows its bar (with ``progress=None``) above this many games
ENGINE_BAR_ABOVE = 50


def run_seeds(rng, count: int, work: Callable[[int, int], list[dict]], progress, unit: str) -> list[dict]:
    """The rows of ``work(index, seed)`` for ``count`` stored seeds, through the one run driver.

    >>> run_seeds(3, 2, lambda index, seed: [{"game": index}], None, "game")
    [{'game': 0}, {'game': 1}]
    """
    show = show_progress(progress, count, ENGINE_BAR_ABOVE)
    return [row for rows in run_each(work, count, rng=rng, progress=show, unit=unit) for row in rows]
