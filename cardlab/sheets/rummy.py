"""The Rummy score sheet: one row per round, penalty points per player and running totals.

Penalties are the points of the cards left in hand (the player who went out
scores 0, marked ✓); a round that ended because the stock ran out has no
winner (—); a round won by going rummy with the bonus on is marked ×2.
The lowest total wins (★ once the game is over).

>>> from cardlab import RummyGame, RummyRules, RummyBot, play_out
>>> game = play_out(RummyGame.start(RummyRules(rounds=3), seed=2), RummyBot())
>>> sheet = score_sheet(game, names=["Anna", "Björn", "Cissi"], lang="sv")
>>> list(sheet.columns)
['Giv', 'Gick ut', 'Anna', 'Björn', 'Cissi', 'Anna Σ', 'Björn Σ', 'Cissi Σ']
>>> list(sheet.index)
['1.', '2.', '3.', 'Summa']
>>> sheet.loc["Summa", ["Anna", "Björn", "Cissi"]].tolist() == game.totals
True
"""

from __future__ import annotations

import html
from typing import Any, Sequence

from ..i18n import check_language, tr
from .common import player_names

WENT_OUT = "✓"
WINNER = "★"


def score_rows(game: Any, names: Sequence[str] | None = None, lang: str | None = None) -> list[dict[str, Any]]:
    """The sheet as row dicts (``kind`` is ``'round'`` or ``'total'``), for any renderer."""
    lang = check_language(lang)
    players = game.rules.players
    who = player_names(players, names, lang)
    rows: list[dict[str, Any]] = []
    running = [0] * players
    for res in game.results:
        running = [t + p for t, p in zip(running, res.penalties)]
        out = who[res.winner] if res.winner is not None else tr("rummy.sheet.no_winner", lang)
        if res.winner is not None and res.went_rummy and game.rules.rummy_bonus:
            out += " ×2"
        rows.append({"kind": "round", "label": f"{res.number}.", "dealer": who[res.dealer], "dealer_seat": res.dealer,
                     "winner_seat": res.winner, "out": out, "penalties": list(res.penalties), "totals": list(running)})
    rows.append({"kind": "total", "label": tr("sheet.total", lang), "dealer": "", "dealer_seat": None,
                 "winner_seat": None, "out": "", "penalties": list(game.totals), "totals": list(game.totals)})
    return rows


def score_sheet(game: Any, names: Sequence[str] | None = None, lang: str | None = None):
    """Rounds × players as a DataFrame: dealer, who went out, each player's penalty, then running totals (Σ).

    ``frame.attrs`` holds the rules' ``fingerprint`` and the ``winners`` (seats) once the game is over.
    """
    import pandas as pd

    lang = check_language(lang)
    who = player_names(game.rules.players, names, lang)
    rows = score_rows(game, names, lang)
    data = [[r["dealer"], r["out"], *r["penalties"], *r["totals"]] for r in rows]
    columns = [tr("sheet.dealer", lang), tr("rummy.sheet.out", lang), *who, *(f"{n} Σ" for n in who)]
    frame = pd.DataFrame(data, columns=columns, index=[r["label"] for r in rows])
    frame.attrs["fingerprint"] = game.rules.fingerprint()
    frame.attrs["winners"] = list(game.winners())
    return frame


def score_sheet_html(game: Any, names: Sequence[str] | None = None, lang: str | None = None) -> str:
    """The sheet as an HTML table: each cell "penalty (running total)", ✓ for who went out, ★ for the winner."""
    lang = check_language(lang)
    who = player_names(game.rules.players, names, lang)
    winners = set(game.winners())
    head = "".join(f"<th>{html.escape(n)}{' ' + WINNER if s in winners else ''}</th>" for s, n in enumerate(who))
    body = []
    for row in score_rows(game, names, lang):
        cells = []
        for s, (pen, tot) in enumerate(zip(row["penalties"], row["totals"])):
            if row["kind"] == "total":
                text = f"<b>{tot}</b>" + (f" {WINNER}" if s in winners else "")
            else:
                text = f"{pen} <span style=\"color:#777\">({tot})</span>" + (f" {WENT_OUT}" if row["winner_seat"] == s else "")
            mark = ' style="background:#fff8e1"' if row["dealer_seat"] == s else ""
            cells.append(f"<td{mark}>{text}</td>")
        style = ' style="font-weight:bold;border-top:2px solid #555"' if row["kind"] == "total" else ""
        body.append(f"<tr{style}><th>{html.escape(row['label'])}</th><td>{html.escape(row['dealer'])}</td>"
                    f"<td>{html.escape(row['out'])}</td>{''.join(cells)}</tr>")
    caption = ""
    if winners:
        caption = f"<caption>{html.escape(tr('rummy.sheet.winner', lang, names=', '.join(who[s] for s in sorted(winners))))}</caption>"
    foot = f'<tfoot><tr><td colspan="{3 + len(who)}" style="font-size:12px;color:#555">{html.escape(tr("rummy.sheet.rules", lang))}</td></tr></tfoot>'
    return ('<table class="cardlab-rummy-sheet" style="border-collapse:collapse;font:14px sans-serif">'
            f'{caption}<thead><tr><th></th><th>{tr("sheet.dealer", lang)}</th><th>{tr("rummy.sheet.out", lang)}</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody>{foot}</table>')
