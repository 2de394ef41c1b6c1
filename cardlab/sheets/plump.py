"""The Plump score sheet (protokoll): as a pandas DataFrame and as HTML.

One row per round of the schedule: the hand size, the dealer, and per player
"bid → score" (``3 → 13``) or a plump (``4 → ●``).  A subtotal row after the
1-card round, a sum row at the bottom.  Rounds not yet played stay empty, as on
paper.  The kids' preset draws the plumps as ink blots in the HTML.

>>> from cardlab import PlumpGame, PlumpRules, PlumpBot, play_out
>>> game = play_out(PlumpGame.start(PlumpRules.preset("kids"), seed=4), PlumpBot())
>>> sheet = score_sheet(game, names=["Anna", "Björn", "Cissi", "Dag"], lang="sv")
>>> list(sheet.columns)
['Kort', 'Giv', 'Anna', 'Björn', 'Cissi', 'Dag']
>>> list(sheet.index)[4:6], list(sheet.index)[-1]
(['5.', 'Delsumma'], 'Summa')
"""

from __future__ import annotations

import html
from typing import Any, Sequence

from ..i18n import check_language, tr
from .common import player_names

PLUMP = "●"


def cell_text(bid: int | None, score: int | None, plump: bool) -> str:
    """How the protokoll writes one player's round: ``'3 → 13'``, ``'4 → ●'``, ``'2 →'`` (bid only).

    >>> cell_text(3, 13, False), cell_text(4, 0, True), cell_text(2, -1, True), cell_text(2, None, False)
    ('3 → 13', '4 → ●', '2 → ● −1', '2 →')
    """
    if bid is None:
        return ""
    if score is None:
        return f"{bid} →"
    if plump:
        return f"{bid} → {PLUMP}" if score == 0 else f"{bid} → {PLUMP} {score}".replace("-", "−")
    return f"{bid} → {score}"


def _subtotal_after(schedule: Sequence[int]) -> int | None:
    """Index of the round after which the subtotal row goes (the last 1-card round of the way down)."""
    if 1 not in schedule:
        return None
    i = schedule.index(1)
    while i + 1 < len(schedule) and schedule[i + 1] == 1:
        i += 1
    return i if i < len(schedule) - 1 else None


def score_rows(game: Any, names: Sequence[str] | None = None, lang: str | None = None) -> list[dict[str, Any]]:
    """The protokoll as a list of row dicts (kind: 'round' | 'subtotal' | 'total'), for any renderer."""
    lang = check_language(lang)
    rules = game.rules
    who = player_names(rules.players, names, lang)
    rows: list[dict[str, Any]] = []
    running = [0] * rules.players
    sub_at = _subtotal_after(game.schedule)
    for i, size in enumerate(game.schedule):
        dealer = (rules.first_dealer + i) % rules.players
        cells: list[str] = [""] * rules.players
        plumps = [False] * rules.players
        if i < len(game.results):
            res = game.results[i]
            for s in range(rules.players):
                cells[s] = cell_text(res.bids[s], res.scores[s], res.plumps[s])
                plumps[s] = res.plumps[s]
                running[s] += res.scores[s]
        elif i == len(game.results) and not game.is_over:
            for s, bid in enumerate(game.round.bids):
                cells[s] = cell_text(bid, None, False)
        label = f"{i + 1}."
        rows.append({"kind": "round", "label": label, "cards": size, "dealer": who[dealer], "dealer_seat": dealer,
                     "cells": cells, "plumps": plumps, "extra": i >= len(rules.hand_sizes())})
        if sub_at is not None and i == sub_at:
            rows.append({"kind": "subtotal", "label": tr("sheet.subtotal", lang), "cards": "", "dealer": "",
                         "cells": [str(v) for v in running] if i < len(game.results) else [""] * rules.players})
    rows.append({"kind": "total", "label": tr("sheet.total", lang), "cards": "", "dealer": "",
                 "cells": [str(t) for t in game.totals]})
    return rows


def score_sheet(game: Any, names: Sequence[str] | None = None, lang: str | None = None):
    """The protokoll as a DataFrame: rows = rounds (+ subtotal and sum), columns = cards, dealer, players."""
    import pandas as pd

    lang = check_language(lang)
    who = player_names(game.rules.players, names, lang)
    rows = score_rows(game, names, lang)
    data = [[r["cards"], r["dealer"], *r["cells"]] for r in rows]
    frame = pd.DataFrame(data, columns=[tr("sheet.cards", lang), tr("sheet.dealer", lang), *who],
                         index=[r["label"] for r in rows])
    frame.attrs["fingerprint"] = game.rules.fingerprint()
    return frame


_BLOT = ('<svg width="22" height="18" viewBox="0 0 22 18" role="img" aria-label="plump">'
         '<path d="M11 1c3 0 4 3 6 3s4 2 3 5-1 4-3 5-3 3-6 3-4-2-6-3-5-2-4-5 1-5 4-5 3-3 6-3z" '
         'fill="#1a237e"/><circle cx="20" cy="3" r="1.5" fill="#1a237e"/><circle cx="2" cy="15" r="1.2" '
         'fill="#1a237e"/></svg>')


def score_sheet_html(game: Any, names: Sequence[str] | None = None, lang: str | None = None,
                     ink_blots: bool | None = None) -> str:
    """The protokoll as an HTML table (ink blots for plumps in the kids' preset)."""
    lang = check_language(lang)
    blots = game.rules.ink_blots if ink_blots is None else ink_blots
    who = player_names(game.rules.players, names, lang)
    winners = set(game.winners()) if game.is_over else set()
    head = "".join(f"<th>{html.escape(n)}{' ★' if s in winners else ''}</th>" for s, n in enumerate(who))
    body = []
    for row in score_rows(game, names, lang):
        style = ""
        if row["kind"] != "round":
            style = ' style="font-weight:bold;border-top:2px solid #555"'
        cells = []
        for s, text in enumerate(row["cells"]):
            shown = html.escape(text)
            if blots and row["kind"] == "round" and row["plumps"][s]:
                shown = shown.replace(PLUMP, _BLOT)
            mark = ' style="background:#fff8e1"' if row["kind"] == "round" and row["dealer_seat"] == s else ""
            cells.append(f"<td{mark}>{shown}</td>")
        body.append(f"<tr{style}><th>{html.escape(row['label'])}</th><td>{row['cards']}</td>"
                    f"<td>{html.escape(row['dealer'])}</td>{''.join(cells)}</tr>")
    caption = ""
    if winners:
        caption = f"<caption>{html.escape(tr('sheet.winner', lang, names=', '.join(who[s] for s in sorted(winners))))}</caption>"
    return ('<table class="cardlab-protokoll" style="border-collapse:collapse;font:14px sans-serif">'
            f'{caption}<thead><tr><th></th><th>{tr("sheet.cards", lang)}</th><th>{tr("sheet.dealer", lang)}</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')
