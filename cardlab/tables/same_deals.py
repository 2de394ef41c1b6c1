"""Same deals at every table: how the same cards went at the other tables of a group.

When the teacher switches it on, every table of a *group* plays the same seeded deals (the
same game, rules and seed), so in round 3 seat 1 holds the same cards at every table.  After
each round each child's seat update carries, for every round **its own table has finished**,
how the same cards went at the tables that have finished that round too, in words a child
understands: "Runda 2: alla som hade dina kort bjöd 1; 3 av 4 klarade det."

Only finished rounds are ever read (:attr:`game.results`, the score sheet's rows): no card,
no current hand and no round still being played at the child's own table is in it, so the
leak check (:mod:`cardlab.tables.leaks`) holds for these words as for the rest of the update.

>>> from cardlab import Match, PlumpRules, RandomBot, play_out
>>> games = [play_out(Match.new("plump", PlumpRules.preset("kids"), rng=5).game, RandomBot(rng=b)) for b in (1, 2, 3)]
>>> line = round_words(games[0], [games[1], games[2]], seat=0, index=0, lang="en")
>>> line["round"], line["count"], line["text"].startswith("Round 1:")
(1, 3, True)
>>> line["count"] == len(line["values"]) == 3
True
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ..i18n import tr


def _kind(game: Any) -> str:
    return type(game).__name__.replace("Game", "").lower()


def _and(items: Sequence[Any], lang: str) -> str:
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " " + tr("same.and", lang) + " " + words[-1]


def round_words(game: Any, others: Iterable[Any], *, seat: int, index: int, lang: str = "sv") -> dict[str, Any]:
    """How seat ``seat``'s cards of round ``index`` went at this table and at ``others`` (same deals).

    ``game`` must have finished round ``index``; an other game counts only if it has too.
    Returns ``{"round", "count", "values", "made", "text"}`` (``values``: each table's bid, or
    points; ``made``: how many made their bid / had the fewest points / went out first).
    """
    results = [game.results[index]] + [g.results[index] for g in others if len(g.results) > index]
    number = index + 1
    kind = _kind(game)
    count = len(results)
    if kind == "plump":
        values = [r.bids[seat] for r in results]
        made = sum(1 for r in results if r.bids[seat] == r.tricks[seat])
        if count == 1:
            text = tr("same.alone", lang, n=number)
        elif len(set(values)) == 1:
            text = tr("same.plump.same", lang, n=number, bid=values[0], made=made, count=count)
        else:
            text = tr("same.plump.mixed", lang, n=number, bids=_and(sorted(values), lang), made=made, count=count)
    else:
        values = [r.scores[seat] for r in results]
        mine = values[0]
        if kind == "femkamp":
            made = sum(1 for r in results if r.scores[seat] == min(r.scores))
            key = "femkamp"
        else:
            made = sum(1 for r in results if r.winner == seat)
            key = "rummy"
        if count == 1:
            text = tr("same.alone", lang, n=number)
        else:
            text = tr(f"same.{key}", lang, n=number, count=count, low=min(values), high=max(values), mine=mine, made=made)
    return {"round": number, "count": count, "values": values, "made": made, "text": text}


def seat_words(game: Any, others: Sequence[Any], *, seat: int, lang: str = "sv") -> list[dict[str, Any]]:
    """:func:`round_words` for every round ``game`` has finished, in order."""
    return [round_words(game, others, seat=seat, index=i, lang=lang) for i in range(len(game.results))]


def group_rows(tables: Sequence[Any], names: dict[str, list[str]]) -> list[dict[str, Any]]:
    """Every finished round of every seat at the tables of a group (for the teacher's chart).

    ``tables``: :class:`cardlab.tables.service.Table` objects playing the same deals;
    ``names``: each table code's seat names.  One row per table, round and seat.
    """
    rows = []
    for table in tables:
        game = table.match.game
        kind = _kind(game)
        for result in game.results:
            for seat in range(table.players):
                row = {"table": table.code, "round": result.number, "seat": seat, "name": names[table.code][seat],
                       "player": "bot" if table.seats[seat].kind == "bot" or not table.seats[seat].taken else "child",
                       "points": result.scores[seat]}
                if kind == "plump":
                    row.update(bid=result.bids[seat], tricks=result.tricks[seat],
                               made=result.bids[seat] == result.tricks[seat])
                elif kind == "femkamp":
                    row.update(made=result.scores[seat] == min(result.scores))
                else:
                    row.update(made=result.winner == seat)
                rows.append(row)
    return rows
