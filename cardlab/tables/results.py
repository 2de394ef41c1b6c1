"""A finished game at a shared table, written into the class folder for the teacher.

When a game at a shared table ends, each human seat's result is saved with
:func:`cardlab.classroom.save_results`, so :func:`cardlab.classroom.collect_results` reads it
beside the quizzes.  One file per child and game; its *exercise* is the game and the table
(``"plump KMX47"``, ``"plump KMX47 #2"`` after a restart) and its rows are:

* question 0, the whole game: ``answer`` the points and the place ("42 poäng, plats 1 av 4"),
  ``correct`` whether the child won (or shared the win);
* question 1, 2, … one per round: Plump — the bid and the tricks taken, ``correct`` whether the
  bid was made; Femkamp — the round's points, ``correct`` whether they were the fewest at the
  table; Rummy — the penalty points, ``correct`` whether the child went out first.

The pupil id is made from the seat's token hash (never the token), so the same seat keeps
its file when a game is saved again and two children called Anna never share one.

>>> from cardlab import Match, PlumpRules, RandomBot, play_out
>>> game = play_out(Match.new("plump", PlumpRules.preset("kids"), rng=2).game, RandomBot(rng=1))
>>> rows = result_rows(game, 0, ["Anna", "Bo", "Bot 2"], lang="en")
>>> rows[0]["question"], rows[1]["position"], len(rows) == 1 + len(game.results)
(0, 'Round 1: 5 cards', True)
>>> rows[1]["correct"] == (game.results[0].bids[0] == game.results[0].tricks[0])
True
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Sequence

from ..i18n import tr

#: The first word of every exercise these files carry (a teacher filters on it).
GAMES = ("plump", "femkamp", "rummy")
#: Each game's name as written in every language (proper names).
GAME_NAMES = {"plump": "Plump", "femkamp": "Femkamp", "rummy": "Rummy"}


def exercise_name(game: str, code: str, number: int = 1) -> str:
    """The exercise a table's game is saved under: ``"plump KMX47"``, then ``"plump KMX47 #2"``.

    >>> exercise_name("plump", "KMX47"), exercise_name("rummy", "KMX47", 3)
    ('plump KMX47', 'rummy KMX47 #3')
    """
    return f"{game} {code}" if number <= 1 else f"{game} {code} #{number}"


def results_pupil_id(digest: str) -> str:
    """A pupil id (16 hex digits) for a seat, from its token's hash (not reversible to the token).

    >>> results_pupil_id("ab" * 32) == results_pupil_id("ab" * 32) != results_pupil_id("cd" * 32)
    True
    """
    return hashlib.sha256(("cardlab-table-results:" + digest).encode("utf-8")).hexdigest()[:16]


def _place(totals: Sequence[int], seat: int, lowest_wins: bool) -> int:
    mine = totals[seat]
    better = sum(1 for t in totals if (t < mine if lowest_wins else t > mine))
    return better + 1


def result_rows(game: Any, seat: int, names: Sequence[str], *, lang: str = "sv") -> list[dict[str, Any]]:
    """The rows :func:`cardlab.classroom.save_results` writes for ``seat`` of a finished ``game``."""
    kind = type(game).__name__.replace("Game", "").lower()
    lowest_wins = kind != "plump"
    totals = list(game.totals)
    winners = list(game.winners())
    others = ", ".join(n for s, n in enumerate(names) if s != seat)
    rows: list[dict[str, Any]] = [{
        "question": 0,
        "position": tr("tables.results.game", lang, game=GAME_NAMES[kind], others=others),
        "answer": tr("tables.results.total", lang, points=totals[seat], place=_place(totals, seat, lowest_wins),
                     players=len(totals)),
        "correct": seat in winners,
    }]
    for result in game.results:
        number = result.number
        if kind == "plump":
            position = tr("tables.results.plump_round", lang, n=number, cards=result.hand_size)
            answer = tr("tables.results.plump_answer", lang, bid=result.bids[seat], tricks=result.tricks[seat],
                        points=result.scores[seat])
            correct = result.bids[seat] == result.tricks[seat]
        elif kind == "femkamp":
            from ..rules.femkamp import round_title

            position = tr("tables.results.femkamp_round", lang, n=number, name=round_title(result.name, lang))
            answer = tr("tables.results.points", lang, points=result.scores[seat])
            correct = result.scores[seat] == min(result.scores)
        else:
            position = tr("tables.results.rummy_round", lang, n=number)
            answer = tr("tables.results.points", lang, points=result.scores[seat])
            correct = result.winner == seat
        rows.append({"question": number, "position": position, "answer": answer, "correct": bool(correct)})
    return rows


def save_table_results(table: Any, folder: "str | Path", names: Sequence[str]) -> list[Path]:
    """Save every human seat's result of ``table``'s finished game into ``folder``; returns the files.

    ``table`` is a :class:`cardlab.tables.service.Table` whose game is over; ``names`` every
    seat's name as the table shows it (bots included).
    """
    from ..classroom import save_results

    game = table.match.game
    exercise = exercise_name(table.game, table.code, table.games_started)
    written = []
    for s, place in enumerate(table.seats):
        if place.kind != "human" or place.digest is None or not place.name:
            continue
        rows = result_rows(game, s, names, lang=place.lang)
        written.append(save_results(rows, folder, pupil=place.name, exercise=exercise,
                                    pupil_id=results_pupil_id(place.digest), lang=place.lang))
    return written


def table_results(frame: Any) -> Any:
    """The rows of :func:`cardlab.classroom.collect_results` that are games at shared tables, with
    ``game`` and ``table`` columns (the quizzes left out).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"exercise": ["plump KMX47", "05 tricks", "rummy ACD34 #2"], "question": [0, 1, 0]})
    >>> table_results(df)[["game", "table"]].values.tolist()
    [['plump', 'KMX47'], ['rummy', 'ACD34']]
    """
    parts = frame["exercise"].str.extract(r"^(?P<game>plump|femkamp|rummy) (?P<table>[A-Z0-9]{5})(?: #(?P<number>\d+))?$")
    keep = parts["game"].notna()
    out = frame[keep].copy()
    out["game"], out["table"] = parts["game"][keep], parts["table"][keep]
    out["number"] = parts["number"][keep].fillna("1").astype(int)
    return out.reset_index(drop=True)
