"""A game told move by move (:func:`transcript`) and counted move by move (:func:`perft`).

:func:`transcript` replays a match (or a whole game, which keeps its history)
from its start and writes every round's deal and every event that
``apply()`` returned, one line each, in plain text.  The golden transcripts in
``tests/golden/`` are written by it: any change to a rule, a deal or a bot
shows up there as a readable difference.

:func:`perft` counts the different ways a position can be played on (as chess
programs do, "performance test"): the number of action sequences of a given
length, or to the end.  Counts for fixed small deals are stored as golden
numbers, so a change in what is legal is caught at once.

>>> from cardlab.games.plump import PlumpRound, PlumpRules
>>> rnd = PlumpRound.from_hands(["AS", "KS", "QS"], dealer=2, trump_card="2H")
>>> perft(rnd)          # bids 0/1 each, the hook takes one dealer bid unless both others bid 1
5
"""

from __future__ import annotations

from typing import Any

from .events import RoundDealt, RoundScored, describe

__all__ = ["transcript", "perft"]


def _start_and_actions(game_or_match: Any) -> tuple[Any, list[Any]]:
    if hasattr(game_or_match, "fresh_game") and hasattr(game_or_match, "actions"):
        return game_or_match.fresh_game(), list(game_or_match.actions)
    history = getattr(game_or_match, "history", None)
    if history is not None and hasattr(type(game_or_match), "start"):
        game = game_or_match
        return type(game).start(game.rules, seed=game.seed, setup=game.setup), list(history)
    raise TypeError("transcript() needs a Match, or a whole game that keeps its history (PlumpGame, "
                    f"FemkampGame, RummyGame), not {type(game_or_match).__name__}.")


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards) or "–"


def round_header(rnd: Any, number: int) -> list[str]:
    """The lines that open a round: what was dealt, to whom, and what lies on the table."""
    lines: list[str]
    if hasattr(rnd, "bids"):  # Plump
        trump = rnd.trump_card or rnd.trump
        lines = [f"round {number}: {rnd.hand_size} cards, dealer {rnd.dealer}, trump {trump}"]
        if getattr(rnd, "blind", ()):
            lines.append(f"  blind: {_cards(rnd.blind)}")
    elif hasattr(rnd, "stock"):  # Rummy
        lines = [f"round {number}: dealer {rnd.dealer}, discard pile {_cards(rnd.discard_pile)}",
                 f"  stock (top first): {_cards(rnd.stock)}"]
    else:  # a Femkamp trick round or the kabal round
        lines = [f"round {number}: {rnd.round_name}, dealer {rnd.dealer}"]
        layout = getattr(rnd, "layout", None)
        if layout is not None and len(layout):
            lines.append(f"  table: {_cards(layout.cards())}")
    lines.append("  hands: " + " | ".join(_cards(h) for h in rnd.hands))
    return lines


def transcript(game_or_match: Any, lang: str = "en") -> str:
    """Every deal and every event of a match (or a whole game) as readable text, one line each.

    The reasons for tricks are in ``lang``; the rest is English (it is read by developers).

    >>> from cardlab import Match, RandomBot, PlumpRules
    >>> match = Match.new("plump", PlumpRules.preset("kids"), rng=1).play_out(RandomBot(rng=1))
    >>> print(transcript(match).splitlines()[1])
    round 1: 5 cards, dealer 0, trump None
    >>> transcript(match).splitlines()[-1]
    '  -> game over, winners [2]'
    """
    game, actions = _start_and_actions(game_or_match)
    rounds_game = hasattr(game, "round")
    lines = [f"{type(game).game_name}, seed {game.seed}"]
    lines += round_header(game.round if rounds_game else game, 1)
    for act in actions:
        for event in game.apply(act):
            lines.append(f"  {describe(event, lang)}")
            if isinstance(event, RoundScored) and rounds_game:
                lines.append(f"  totals {list(game.totals)}")
            if isinstance(event, RoundDealt):
                lines += round_header(game.round, event.round_index + 1)
    if not game.is_over:
        lines.append(f"(not finished: seat {game.to_move} to move)")
    return "\n".join(lines) + "\n"


def perft(game: Any, depth: int | None = None) -> int:
    """How many different action sequences lead on from ``game``: of ``depth`` actions (or fewer, when
    the game ends first), or, with ``depth=None``, to the end of the game.  ``game`` is not changed.

    Only the actions ``legal_actions()`` offers are followed (a Plump bid change is not).  The walk
    runs on one clone of ``game``: apply an action, count on, undo it (as chess programs make and
    unmake moves), so no position is copied.

    >>> from cardlab.games.femkamp import FemkampTrickRound
    >>> perft(FemkampTrickRound.from_hands(["QS 2H", "KS 3H", "AS QH", "10S 4D"], round_name="queens", dealer=3))
    3
    """
    if depth is not None and depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth}.")
    return _perft(game.clone(), depth)


def _perft(game: Any, depth: int | None) -> int:
    """:func:`perft` on ``game`` itself, which it leaves as it found it (each action is undone)."""
    if game.is_over or depth == 0:
        return 1
    total = 0
    deeper = None if depth is None else depth - 1
    for act in game.legal_actions():
        game.apply(act)
        total += _perft(game, deeper)
        game.undo()
    return total
