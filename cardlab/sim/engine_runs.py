"""Shared helpers for simulations that run the reference engines game by game."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from ..errors import RulesError
from ..i18n import Message
from .seeds import round_seeds


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


def run_seeds(rng, count: int, work: Callable[[int, int], list[dict]], progress, unit: str) -> list[dict]:
    """Call ``work(index, seed)`` for ``count`` stored seeds (with a progress bar when it takes a while)."""
    from tqdm.auto import tqdm

    seeds = round_seeds(rng, count)
    show = bool(progress) if progress is not None else count > 50
    rows: list[dict] = []
    for index, seed in enumerate(tqdm(seeds, unit=unit, disable=not show, leave=False)):
        rows.extend(work(index, int(seed)))
    return rows
