"""A puzzle's data and a puzzle file: the checks every game and kind of puzzle shares.

A puzzle, a set of them and a child's progress are JSON files.  :func:`read_json` reads one,
:func:`read_set` a set of puzzles; a file or a puzzle that cannot be used is refused with a
:class:`~cardlab.errors.CardlabError` (a ValueError) that names the file, the puzzle's number
and the field, in Swedish, Norwegian bokmål or English (``lang``; the default language when
not given), so that a teacher reading the class folder sees why in the class's language.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from ..errors import CardlabError
from ..i18n import Message

#: The ``format`` field of one puzzle's data (every game and kind).
FORMAT = "cardlab-puzzle"
#: The ``format`` field of a set of puzzles in a file (every game).
SET_FORMAT = "cardlab-puzzle-set"


def read_json(path: "str | Path", *, lang: str | None = None) -> Any:
    """The JSON data of the file ``path``; a file that cannot be opened, is not UTF-8 or not JSON is
    refused with a :class:`~cardlab.errors.CardlabError` naming the file and the problem (in ``lang``).

    >>> import tempfile
    >>> bad = Path(tempfile.mkdtemp()) / "mina.puzzles.json"
    >>> _ = bad.write_text("{ not json", encoding="utf-8")
    >>> try:
    ...     read_json(bad, lang="sv")
    ... except CardlabError as exc:
    ...     print(exc.rule, "|", exc, "|", exc.message("en"))
    puzzles.file.not_json | filen mina.puzzles.json går inte att läsa som JSON (rad 1, tecken 3). | the file mina.puzzles.json cannot be read as JSON (line 1, column 3).
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise CardlabError("puzzles.file.unreadable", lang=lang, file=path.name, error=exc.__class__.__name__) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CardlabError("puzzles.file.not_utf8", lang=lang, file=path.name) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardlabError("puzzles.file.not_json", lang=lang, file=path.name, line=exc.lineno,
                           column=exc.colno) from None
    except RecursionError:
        raise CardlabError("puzzles.file.not_json", lang=lang, file=path.name, line="…", column="…") from None


def check_fields(data: dict, names: Sequence[str]) -> None:
    """Refuse a puzzle's ``data`` that lacks one of the fields ``names`` (naming the first one missing)."""
    for name in names:
        if name not in data:
            raise CardlabError("puzzles.data.lacks", field=name)


def check_choice(data: dict, name: str, allowed: Sequence[str], default: Any = None) -> None:
    """Refuse a puzzle's ``data`` whose field ``name`` (``default`` when absent) is not one of ``allowed``.

    >>> check_choice({"theme": "guess"}, "theme", ("duck", "exact"))
    Traceback (most recent call last):
    ...
    cardlab.errors.CardlabError: the puzzle's field 'theme' is 'guess': choose one of duck, exact.
    """
    value = data.get(name, default)
    if value not in allowed:
        raise CardlabError("puzzles.data.choose", field=name, value=repr(value), allowed=", ".join(allowed))


def read_set(path: "str | Path", make: Any, *, lang: str | None = None, data: Any = None) -> list[Any]:
    """The puzzles of the set file ``path``, each made by ``make`` from its data (``data``: the file's
    data when already read).  A file that cannot be read, is not a set, or holds a puzzle that cannot be
    used is refused with a :class:`~cardlab.errors.CardlabError` naming the file, the puzzle's number and
    the field (in ``lang``).

    >>> import tempfile
    >>> from .repetition import write_json
    >>> from .plump import puzzle_from_dict
    >>> path = write_json(Path(tempfile.mkdtemp()) / "week1.json",
    ...                   {"format": SET_FORMAT, "puzzles": [{"format": FORMAT, "id": "x"}]})
    >>> try:
    ...     read_set(path, puzzle_from_dict, lang="sv")
    ... except CardlabError as exc:
    ...     print(exc)
    pussel 1 i week1.json: pusslet saknar fältet 'rules'.
    """
    path = Path(path)
    if data is None:
        data = read_json(path, lang=lang)
    if not isinstance(data, dict) or data.get("format") != SET_FORMAT or not isinstance(data.get("puzzles"), list):
        raise CardlabError("puzzles.set.not_set", lang=lang, file=path.name, format=SET_FORMAT)
    out = []
    for number, item in enumerate(data["puzzles"], start=1):
        try:
            out.append(make(item))
        except CardlabError as exc:
            raise CardlabError("puzzles.set.bad_puzzle", lang=lang, number=number, file=path.name,
                               problem=exc.as_message()) from None
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise CardlabError("puzzles.set.bad_puzzle", lang=lang, number=number, file=path.name,
                               problem=Message("puzzles.data.wrong_type", {"error": exc.__class__.__name__})) from None
    return out
