"""Did any message show a seat a card it may not see?  The check behind the leak tests.

:func:`hidden_cards` works from the **full** state (which the messages are never built
from): every card of the deck except the seat's own hand and what has been face up this
round — cards played to a trick, Plump's turned-up trump card, the kabal layout, Rummy's
discard pile, melds and the cards a player took from the discard pile.  Everything else
(another seat's hand, a blind hand, the stock, undealt cards) is hidden.

:func:`cards_mentioned` finds every card in a message, as a code (``"10H"``) or as a card
is written in a sentence (``"10♥"``).  :func:`audit` replays a match and checks every
message each seat received against the state the table was in when it was sent.

>>> from cardlab import Match, PlumpRules
>>> match = Match.new("plump", PlumpRules.preset("kids"), rng=3)
>>> game = match.game
>>> other = [c.code for c in game.round.hands[1]]
>>> leaks_in(game, 0, {"view": {"hand": [c.code for c in game.round.hands[0]]}})
set()
>>> leaks_in(game, 0, {"view": {"hand": [], "oops": other[:1]}}) == {other[0]}
True
>>> sorted(cards_mentioned({"text": "Anna spelar 10♥ och KS"}))
['10H', 'KS']
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable, Mapping, Sequence

from ..cards import full_deck

_CODE = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([CDHS])(?![0-9A-Za-z])")
_GLYPH = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([♣♦♥♠])")
_GLYPH_SUIT = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def public_cards(rnd: Any) -> set[str]:
    """Every card that has been face up on the table in round ``rnd`` (read from the full state)."""
    shown: set[str] = set()
    for trick in getattr(rnd, "completed_tricks", ()) or ():
        shown.update(c.code for c in trick.cards)
    shown.update(c.code for _, c in getattr(rnd, "current_trick", ()) or ())
    trump_card = getattr(rnd, "trump_card", None)
    if trump_card is not None:
        shown.add(trump_card.code)
    layout = getattr(rnd, "layout", None)
    if layout is not None and hasattr(layout, "cards"):
        shown.update(c.code for c in layout.cards())
    shown.update(c.code for c in getattr(rnd, "discard_pile", ()) or ())
    for meld in getattr(rnd, "table", ()) or ():
        shown.update(c.code for c in meld.cards)
    shown.update(c.code for _, c in getattr(rnd, "pickups", ()) or ())
    return shown


def hidden_cards(game: Any, seat: int, seen: Iterable[str] = ()) -> set[str]:
    """The cards ``seat`` may not see now: the deck minus its own hand, what is face up, and
    ``seen`` (what was face up earlier this round: a Rummy card discarded, then shuffled back
    into the stock, was played before)."""
    rnd = game.round
    own = {c.code for c in rnd.hands[seat]}
    return {c.code for c in full_deck()} - own - public_cards(rnd) - set(seen)


def cards_mentioned(message: Any) -> set[str]:
    """Every card a message names, as a code or as written in a sentence (``"10♥"``)."""
    text = message if isinstance(message, str) else json.dumps(message, ensure_ascii=False)
    found = {rank + suit for rank, suit in _CODE.findall(text)}
    found.update(rank + _GLYPH_SUIT[suit] for rank, suit in _GLYPH.findall(text))
    return found


def leaks_in(game: Any, seat: int, message: Any, seen: Iterable[str] = ()) -> set[str]:
    """The hidden cards of ``seat`` that ``message`` shows (empty: nothing leaked)."""
    return cards_mentioned(message) & hidden_cards(game, seat, seen)


def audit(match: Any, received: Mapping[int, Sequence[Mapping[str, Any]]]) -> list[tuple[int, int, set[str]]]:
    """Check every seat update each seat received against the table as it was when it was sent
    (and against every card face up earlier in the same deal).

    ``match``: the table's match at the end (its actions are replayed from the first deal);
    ``received``: for each seat, the seat updates it got, each carrying ``table.moves`` (how
    many actions had been made).  Returns ``(seat, moves, leaked cards)`` for every message
    that showed a hidden card — an empty list means nothing leaked.
    """
    by_moves: dict[int, list[tuple[int, Mapping[str, Any]]]] = {}
    for seat, messages in received.items():
        for message in messages:
            by_moves.setdefault(int(message["table"]["moves"]), []).append((seat, message))
    found: list[tuple[int, int, set[str]]] = []
    game = match.fresh_game()
    seen: set[str] = set()
    deal = id(game.round)
    for done in range(len(match.actions) + 1):
        if id(game.round) != deal:                     # a new deal: what was seen is gone from the table
            seen, deal = set(), id(game.round)
        seen |= public_cards(game.round)
        for seat, message in by_moves.get(done, ()):
            leaked = leaks_in(game, seat, message, seen)
            if leaked:
                found.append((seat, done, leaked))
        if done < len(match.actions):
            game.apply(match.actions[done])
    return found


def count_checked(received: Mapping[int, Iterable[Any]]) -> int:
    """How many messages :func:`audit` looked at."""
    return sum(len(list(m)) for m in received.values())
