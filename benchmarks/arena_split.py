"""Where a tier loses its points: one player bids, another plays the cards, against the arena's field.

    python benchmarks/arena_split.py --bids plumpbot --cards ismcts-1000 --sizes 4x5 --rounds 120
    python benchmarks/arena_split.py --bids ismcts-1000 --cards plumpbot --sizes 4x5 --rounds 120

Needs the "bench" extra (``pip install -e ".[bench]"``: open-spiel).

It is :mod:`arena_openspiel` with one change: the seats the tier takes bid with the ``--bids``
player and play their cards with the ``--cards`` player (each seeded as that tier's seat would be).
The deals, the seatings and the ISMCTS-1000 field's seeds are those of the ``plumpbot`` tier of
``arena_openspiel.py`` with the same ``--seed`` and ``--rounds``, so the rows compare directly with
that run's ``plumpbot`` row: if good bids with the tier's card play score like the tier, the card
play loses the points; if the tier's bids with good card play do, the bids do.  ``ms per decision``
is the split player's CPU time (both halves).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import arena_openspiel as arena  # noqa: E402

#: the arena tier whose deals, seatings and field seeds a split player takes over
HOST = "plumpbot"
#: the arena's own seat class (``main`` puts the split one in its place)
ArenaSeat = arena.Seat


def split_seat(bids: str, cards: str):
    """A seat class for :func:`arena_openspiel.run_size`: its ``plumpbot`` seats bid as ``bids`` and play as ``cards``.

    >>> Seat = split_seat("plumpbot", "random")
    >>> Seat.__name__, Seat.bids, Seat.cards
    ('SplitSeat', 'plumpbot', 'random')
    """
    for name in (bids, cards):
        if name not in arena.TIERS:
            raise ValueError(f"unknown player {name!r}: choose from {', '.join(arena.TIERS)}")

    class SplitSeat(ArenaSeat):
        def __init__(self, tier: str, seed: int, players: int, search_options: dict, fair: bool = False) -> None:
            super().__init__(tier if tier != HOST else arena.FIELD, seed, players, search_options, fair)
            if tier == HOST:
                self.tier = HOST
                self.bidder = ArenaSeat(bids, seed, players, search_options, fair)
                self.player = ArenaSeat(cards, seed, players, search_options, fair)

        def act(self, state) -> int:
            if self.tier != HOST:
                return super().act(state)
            bidding = min(state.legal_actions()) >= 52   # OpenSpiel's oh_hell: bids are actions 52 and up
            return (self.bidder if bidding else self.player).act(state)

    SplitSeat.bids, SplitSeat.cards = bids, cards
    return SplitSeat


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bids", required=True, choices=arena.TIERS, help="the player that bids")
    parser.add_argument("--cards", required=True, choices=arena.TIERS, help="the player that plays the cards")
    parser.add_argument("--sizes", nargs="+", default=["4x5"], help="players×tricks, e.g. 4x5 4x10")
    parser.add_argument("--rounds", type=int, default=120, help="rounds (deal × seat) per size")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    if not arena.openspiel_installed():
        return 2
    arena.Seat = split_seat(args.bids, args.cards)
    started = time.perf_counter()
    rows = []
    for size in args.sizes:
        players, tricks = arena.parse_size(size)
        tally = arena.run_size(players, tricks, args.rounds, [HOST], args.seed, {}, progress=not args.quiet)
        for row in arena.summary_rows(players, tricks, tally):
            row["tier"] = f"bids {args.bids}, cards {args.cards}"
            rows.append(row)
    print(arena.markdown(rows))
    print(f"\n{' '.join(['python', 'benchmarks/arena_split.py', *(argv if argv is not None else sys.argv[1:])])}"
          f"  — {time.perf_counter() - started:.0f} s wall")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
