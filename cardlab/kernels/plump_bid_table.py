"""The friendly Plump bot's bidding table: expected tricks per kind of card, calibrated by simulation.

:class:`cardlab.bots.plump.PlumpBot` and its compiled twin (:mod:`cardlab.kernels.plump_heuristic`)
bid by adding up what each card is worth, in hundredths of a trick.  What a card is worth depends
on how many players there are, how many cards each holds, where the bidder sits and whether there
is a trump, so the table has one row of weights for each of those, *measured*: the tool
``python -m cardlab.sim.plump_calibrate`` (= ``cardlab data build --only plump_bid_weights --out
cardlab/data``) plays hundreds of thousands of rounds with the
bot at every seat and fits, by least squares, how many tricks each kind of holding brought home.
The table ships as ``cardlab/data/plump_bid_weights.csv``.

A hand's features (:data:`FEATURES`) sort its cards by how many higher cards of their suit are
still *out* — not in the hand and not the turned-up trump card (so with A♠ turned up, K♠ is a top
trump):

* trumps: ``trump_top`` (nothing higher out), ``trump_second`` (one higher out), ``trump_third``
  (two), ``trump_low`` (the rest), and ``trump_length`` (trumps beyond two);
* other suits: ``side_top_short`` (a top card in a suit of at most three cards), ``side_top_long``,
  ``side_second_guarded`` (one higher out, with another card of the suit), ``side_second_bare``,
  ``side_third_guarded`` (two higher out, with two more cards of the suit), ``side_high`` (any
  other ten or higher), ``side_length`` (cards beyond three in a side suit);
* ruffing: ``ruff_voids`` (empty side suits, at most one per trump), ``ruff_singletons`` (single-card
  side suits, for the trumps the voids left over);
* ``base``: always 1 (what any hand takes at that seat).

With no trump every suit is a side suit.

>>> w = bid_weights()
>>> w.shape == (8, MAX_CARDS + 1, SEAT_ANY + 1, 2, len(FEATURES))
True
>>> FEATURES[0], FEATURES[-1]
('trump_top', 'base')
"""

from __future__ import annotations

import csv
import functools
from importlib import resources

import numpy as np

#: the holding features, in the order of the table's weight columns (``w_<feature>``)
FEATURES = ("trump_top", "trump_second", "trump_third", "trump_low", "trump_length",
            "side_top_short", "side_top_long", "side_second_guarded", "side_second_bare",
            "side_third_guarded", "side_high", "side_length", "ruff_voids", "ruff_singletons", "base")
#: the largest hand size any player count can be dealt (2 players with a blind hand: 17)
MAX_CARDS = 17
#: the seat index of the row used when the bidder's seat is not known (all seats pooled)
SEAT_ANY = 7
#: the table's file name inside ``cardlab/data``
FILE = "plump_bid_weights.csv"
#: the trump column's values, by index of the table's trump axis (a fixed trump suit uses the
#: turned-up rows: the bid only needs to know that there is a trump)
TRUMP_KINDS = ("none", "turned-up")


def max_cards(players: int) -> int:
    """The largest hand size the table covers for ``players`` (one deck; two players deal a blind hand).

    >>> [max_cards(p) for p in range(2, 8)]
    [17, 17, 13, 10, 8, 7]
    """
    hands = players + 1 if players == 2 else players
    return min(MAX_CARDS, 52 // hands)


def read_weights(path) -> np.ndarray:
    """The weights in ``path`` (a CSV as written by :mod:`cardlab.sim.plump_calibrate`) as an array.

    Axis order: players (0–7), cards (0–17), seat from the dealer's left (0–6, :data:`SEAT_ANY` =
    any seat), trump (0 none, 1 a trump suit; :data:`TRUMP_KINDS`), feature; values are hundredths of a trick (int64).
    Cells the table has no row for are zero.
    """
    with open(path, newline="", encoding="utf-8") as handle:       # the csv module: a friendly bot's first
        rows = list(csv.DictReader(handle))                           # bid must not wait for pandas to import
    columns = rows[0].keys() if rows else ()
    missing = [c for c in ("players", "cards", "seat", "trump", *(f"w_{f}" for f in FEATURES)) if c not in columns]
    if missing:
        raise ValueError(f"{path}: the bidding table lacks the column(s) {', '.join(missing)}")
    out = np.zeros((8, MAX_CARDS + 1, SEAT_ANY + 1, 2, len(FEATURES)), np.int64)
    for row in rows:
        seat = SEAT_ANY if row["seat"] == "any" else int(row["seat"])
        out[int(row["players"]), int(row["cards"]), seat, TRUMP_KINDS.index(row["trump"])] = \
            [int(row[f"w_{f}"]) for f in FEATURES]
    return out


@functools.lru_cache(maxsize=1)
def bid_weights() -> np.ndarray:
    """The shipped table (read once; see :func:`read_weights`)."""
    path = resources.files("cardlab") / "data" / FILE
    with resources.as_file(path) as file:
        table = read_weights(file)
    table.setflags(write=False)
    return table
