"""The seat update: the only thing a seat at a shared table ever receives.

A seat update is plain JSON built from ``game.view(seat)`` — that seat's own hand and
what lies face up on the table — plus the table's public record (the code, who sits
where, who is away, whether the game has ended).  It is never built from the full
state, so another seat's hand, a blind hand or the stock cannot be in it.

:func:`view_data` turns any game's view into plain data, field by field (cards as
text such as ``"10H"``, suits as letters, actions as :func:`cardlab.protocol.action_to_dict`
dicts); :data:`VIEW_FIELDS` names the fields each game's view has, and a test checks that
nothing else is sent.

>>> from cardlab import Match, PlumpRules
>>> match = Match.new("plump", PlumpRules.preset("kids"), rng=3)
>>> data = view_data(match.game.view(0))
>>> data["kind"], data["seat"], len(data["hand"]), "hands" in data
('plump', 0, 5, False)
>>> sorted(set(data) - {"kind"}) == sorted(VIEW_FIELDS["plump"])
True
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..cards import Card, Suit
from ..protocol import action_to_dict

#: The fields of each game's view (``dataclasses.fields``), all of which a seat update carries.
VIEW_FIELDS = {
    "plump": ("seat", "players", "rules", "hand", "hand_size", "dealer", "trump_card", "trump", "bid_order",
              "bids", "tricks_taken", "current_trick", "completed_tricks", "phase", "to_move", "legal_actions",
              "is_last_round", "hook_active", "round_number", "totals"),
    "femkamp": ("seat", "players", "rules", "round_index", "round_name", "dealer", "hand", "hand_counts",
                "to_move", "legal_actions", "totals", "results", "current_trick", "completed_tricks",
                "tricks_taken", "round_scores", "layout", "prikks", "out_seat"),
    "rummy": ("seat", "players", "rules", "hand", "hand_sizes", "dealer", "to_move", "phase", "stock_size",
              "discard_pile", "table", "pickups", "taken_from_discard", "melded_before", "reshuffles", "turns",
              "legal_actions", "winner", "round_number", "totals"),
}

_VIEW_KIND = {"PlumpView": "plump", "FemkampView": "femkamp", "RummyView": "rummy"}


def plain_value(value: Any) -> Any:
    """Cards, suits, actions, rules, results and layouts as plain JSON data.

    >>> from cardlab.games.plump import Bid
    >>> plain_value((Card.parse("AS"), Suit.HEARTS, Bid(seat=1, tricks=2), None))
    ['AS', 'H', {'type': 'bid', 'seat': 1, 'tricks': 2}, None]
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Suit):
        return value.letter
    if hasattr(type(value), "action_name"):
        return action_to_dict(value)
    if hasattr(value, "to_dict") and hasattr(value, "fingerprint"):  # a rules object
        return value.to_dict()
    if type(value).__name__ == "KabalLayout":
        return {"rows": [list(r) for r in value.rows], "cards": [c.code for c in value.cards()]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain_value(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.init and not f.name.startswith("_")}
    if isinstance(value, (list, tuple)):
        return [plain_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain_value(v) for k, v in value.items()}
    if hasattr(value, "__index__"):  # a numpy integer
        return int(value)
    raise TypeError(f"no plain form for {type(value).__name__}")


def view_data(view: Any) -> dict[str, Any]:
    """A game's ``view(seat)`` as plain data, every field of it and nothing else, plus its ``kind``."""
    kind = _VIEW_KIND.get(type(view).__name__)
    if kind is None:
        raise TypeError(f"not a game view: {type(view).__name__}")
    data: dict[str, Any] = {"kind": kind}
    for name in VIEW_FIELDS[kind]:
        data[name] = plain_value(getattr(view, name))
    return data


def seat_update(view: Any, *, table: dict[str, Any], seat: int, notice: dict | None = None) -> dict[str, Any]:
    """The message for one seat: its view as plain data, the table's public record, and a notice.

    ``table`` is the public part every seat shares (code, version, seats, over, winners …);
    ``notice`` is a sentence for this seat only (a refused move, a request to undo), or None.
    """
    return {"type": "seat-update", "seat": seat, "table": table, "view": view_data(view), "notice": notice}
