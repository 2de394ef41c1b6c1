"""The class's puzzle results counted per child, per game and per theme, in a table and in sentences.

:func:`cardlab.puzzles.handout.collect_puzzle_results` gives one row per child and puzzle tried, with
the game and the theme as ids.  :func:`results_by` counts those rows per child, per game, per theme
(or any mix of them) and names the games and themes in the teacher's language; :func:`game_lines`
and :func:`child_lines` say the same in sentences.  A theme id names a different idea in each game
(``shed_high`` is a high card in Plump and a meld's worth in Rummy), so themes are always counted
within their game.  A puzzle the child has that is in no handed-out set (a puzzle from the child's
own game, "Mina misstag") has no game: it is counted as *not in a set*.

>>> import pandas as pd
>>> table = pd.DataFrame({"child": ["Bo", "Bo", "Mina"], "puzzle": ["p1", "r1", "r1"],
...                       "game": ["plump", "rummy", "rummy"], "theme": ["duck", "go_out", "go_out"],
...                       "step": [2, 1, 1], "solved": [True, False, True]})
>>> results_by(table, ["game", "theme"], lang="en").values.tolist()
[['Plump', 'Duck to stay on your bid', 1, 1, 100, 2], ['Rummy', 'Go out: put everything down', 2, 1, 50, 1]]
>>> game_lines(table, lang="en")[1]
'Rummy: 2 pupils tried 1 puzzle; 50% of the puzzles tried were solved. Furthest up the ladder: Bo, Mina (step 1).'
>>> child_lines(table, lang="sv")[0]
'Bo: Plump 1 av 1 lösta (steg 2), Rummy 0 av 1 lösta (steg 1).'
"""

from __future__ import annotations

from typing import Any, Sequence

from ..i18n import tr

#: The games, in the order the tables and sentences give them.
GAMES = ("plump", "femkamp", "rummy")
#: Where each game's theme titles are in the message catalogue.
THEME_KEYS = {"plump": "puzzles.theme.", "femkamp": "puzzles.femkamp.theme.", "rummy": "puzzles.rummy.theme."}
#: What :func:`results_by` may count by.
KEYS = ("child", "game", "theme")
#: The columns :func:`results_by` adds to its keys.
COUNTS = ("tried", "solved", "percent", "top_step")


def _known(game: Any) -> bool:
    return isinstance(game, str) and game in THEME_KEYS


#: The games' names: proper names, the same in Swedish, Norwegian and English.
GAME_NAMES = {"plump": "Plump", "femkamp": "Femkamp", "rummy": "Rummy"}


def game_name(game: Any, lang: str | None = None) -> str:
    """The game's name (``"plump"`` → ``Plump``); a puzzle in no set has no game: *not in a set*.

    >>> game_name("femkamp", "en"), game_name(None, "sv")
    ('Femkamp', 'utanför samlingarna')
    """
    return GAME_NAMES[game] if _known(game) else tr("puzzles.results.no_set", lang)


def theme_title(game: Any, theme: Any, lang: str | None = None) -> str:
    """The title of one of ``game``'s themes, as the child sees it above the puzzle.

    >>> theme_title("rummy", "lay_off", "nb")
    'Legg til på bordet'
    """
    if not _known(game) or not isinstance(theme, str):
        return tr("puzzles.results.no_set", lang)
    return tr(THEME_KEYS[game] + theme, lang)


def _order(table):
    """The rows with sort keys: games in :data:`GAMES` order, a game's themes in ladder order."""
    rows = table.copy()
    rows["_child"] = rows["child"]
    rows["_game"] = [GAMES.index(g) if _known(g) else len(GAMES) for g in rows["game"]]
    first_step = rows.groupby(["game", "theme"], dropna=False)["step"].transform("min")
    rows["_theme"] = first_step.fillna(10**6).astype(float)
    return rows


def results_by(table, by: "str | Sequence[str]" = ("game",), *, lang: str | None = None):
    """``table`` (:func:`~cardlab.puzzles.handout.collect_puzzle_results`) counted per ``by``: any of
    ``"child"``, ``"game"`` and ``"theme"`` (a theme always with its game).  One row per group, in
    order (children by name, games as in :data:`GAMES`, a game's themes in ladder order), with the
    keys in words (``lang``) and the columns ``tried`` (puzzles tried), ``solved``, ``percent`` (of
    those tried, rounded) and ``top_step`` (the highest ladder step among them; empty outside a set).
    """
    import pandas as pd

    by = [by] if isinstance(by, str) else list(by)
    if not by or any(key not in KEYS for key in by):
        raise ValueError(f"by must name some of {KEYS}, not {by!r}")
    if "theme" in by and "game" not in by:
        by.insert(by.index("theme"), "game")
    rows = _order(table)
    sort = [{"child": "_child", "game": "_game", "theme": "_theme"}[key] for key in by]
    groups = rows.groupby(sort + by, dropna=False, sort=True)
    out = groups.agg(tried=("solved", "size"), solved=("solved", "sum"), top_step=("step", "max")).reset_index()
    out["solved"] = out["solved"].astype(int)
    out["percent"] = (100 * out["solved"] / out["tried"]).round().astype(int)
    out["top_step"] = out["top_step"].astype("Int64")
    if "theme" in by:
        out["theme"] = [theme_title(g, t, lang) for g, t in zip(out["game"], out["theme"])]
    if "game" in by:
        out["game"] = [game_name(g, lang) for g in out["game"]]
    return pd.DataFrame(out[by + list(COUNTS)]).reset_index(drop=True)


def _count(thing: str, n: int, lang: str | None) -> str:
    return tr(f"classroom.count.{thing}.{'one' if n == 1 else 'many'}", lang, n=n)


def game_lines(table, *, lang: str | None = None) -> list[str]:
    """One sentence per game in ``table``: how many children tried how many of its puzzles and how
    many of the puzzles tried were solved, its hardest theme (when the children tried more than one) and
    who is furthest up its ladder."""
    lines = []
    rows = _order(table)
    for _, game_rows in rows.groupby("_game", sort=True):
        game = game_rows["game"].iloc[0]
        parts = [tr("puzzles.results.game_line", lang, game=game_name(game, lang),
                    pupils=_count("pupil", game_rows["child"].nunique(), lang),
                    puzzles=_count("puzzle", game_rows["puzzle"].nunique(), lang),
                    share=round(100 * int(game_rows["solved"].sum()) / len(game_rows)))]
        if _known(game):
            themes = results_by(game_rows, "theme", lang=lang)
            if len(themes) > 1:
                hard = themes.sort_values(["percent", "tried"], ascending=[True, False], kind="stable").iloc[0]
                parts.append(tr("puzzles.results.hardest_theme", lang, theme=hard["theme"],
                                solved=int(hard["solved"]), tried=int(hard["tried"])))
            top = game_rows["step"].max()
            names = sorted(set(game_rows.loc[game_rows["step"] == top, "child"]))
            parts.append(tr("puzzles.results.furthest", lang, names=", ".join(names), step=int(top)))
        lines.append(" ".join(parts))
    return lines


def child_lines(table, *, lang: str | None = None) -> list[str]:
    """One sentence per child in ``table``: per game, puzzles solved of those tried and the highest step."""
    per = results_by(table, ["child", "game"], lang=lang)
    lines = []
    for child, rows in per.groupby("child", sort=True):
        games = []
        for row in rows.itertuples():
            if _is_na(row.top_step):
                games.append(tr("puzzles.results.child_game_no_step", lang, game=row.game, solved=row.solved,
                                tried=row.tried))
            else:
                games.append(tr("puzzles.results.child_game", lang, game=row.game, solved=row.solved,
                                tried=row.tried, step=int(row.top_step)))
        lines.append(tr("puzzles.results.child", lang, child=child, games=", ".join(games)))
    return lines


def _is_na(value: Any) -> bool:
    import pandas as pd

    return bool(pd.isna(value))


#: The made-up children of :func:`demo_progress`, each with how often they answer right.
DEMO_CHILDREN = (("Anna", 0.9), ("Bo", 0.7), ("Cleo", 0.5), ("Dag", 0.8), ("Elsa", 0.6))


def demo_progress(class_folder: Any, sets: "Sequence[Sequence[Any]]", *, rng: Any = None,
                  children: "Sequence[tuple[str, float]]" = DEMO_CHILDREN) -> list[str]:
    """Fill ``class_folder`` with made-up children's progress on the handed-out ``sets`` (seeded: the
    same ``rng`` gives the same answers), to try the teacher's notebook before a lesson.  Each child
    climbs each set's ladder for a few puzzles and is right as often as the child's share says; the
    progress files are saved where the lessons save them.  Returns the children's names.

    >>> import tempfile
    >>> from cardlab.puzzles.handout import collect_puzzle_results
    >>> from cardlab.puzzles.plump import puzzles_from_games
    >>> folder = tempfile.mkdtemp()
    >>> demo_progress(folder, [puzzles_from_games(4, rng=1)], rng=2, children=[("Bo", 1.0)])
    ['Bo']
    >>> bool(collect_puzzle_results(folder)["solved"].all())
    True
    """
    from .._rng import normalize_rng
    from .ladder import Ladder, progress_folder
    from .repetition import Leitner

    rng = normalize_rng(rng)
    folder = progress_folder(class_folder)
    for child, skill in children:
        boxes = Leitner(child)
        for puzzles in sets:
            ladder = Ladder(list(puzzles))
            for _ in range(int(rng.integers(3, 2 * len(puzzles) + 1))):
                pid = ladder.next_id(boxes)
                if pid is None:
                    break
                boxes.record(pid, right=bool(rng.random() < skill))
        boxes.save(folder)
    return [child for child, _ in children]
