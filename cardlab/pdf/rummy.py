"""The Rummy protokoll as an A4 PDF: rounds × players with running totals and the target.

A blank sheet has one row per round (the fixed number of rounds, or as many
as fit on the page when the game is played to a target), the dealer ringed,
per player a Score box (the penalty for the cards left) and a running Total
box, and the rules in short at the foot.

>>> from cardlab.rules.rummy import RummyRules
>>> rummy_sheet(RummyRules(players=4, target=150), lang="en")[:5]
b'%PDF-'
>>> rule_lines(RummyRules(rounds=8), "sv")[-1]
'Spelet slutar efter 8 rundor; lägst summa vinner.'
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Sequence

from ..i18n import check_language, tr
from ..rules.rummy import RummyRules
from . import layout
from .grid import Line, blank_sheet, filled_table_sheet
from ..sheets.common import check_names

#: rows on a blank sheet when the game runs to a target (enough for a long evening)
TARGET_ROWS = 20


def rule_lines(rules: RummyRules, lang: str | None = None) -> list[str]:
    """The rules at the foot of the sheet, derived from ``rules``."""
    lang = check_language(lang)
    lines = [tr("pdf.rummy.deal", lang, players=rules.players, hand=rules.hand_size),
             tr("pdf.rummy.turn", lang), tr("pdf.rummy.melds", lang)]
    if rules.no_same_discard:
        lines.append(tr("pdf.rummy.no_same_discard", lang))
    lines.append(tr("pdf.rummy.penalty", lang))
    if rules.rummy_bonus:
        lines.append(tr("pdf.rummy.bonus", lang))
    if rules.max_reshuffles is None:
        lines.append(tr("pdf.rummy.reshuffle_always", lang))
    else:
        lines.append(tr("pdf.rummy.reshuffle", lang, times=rules.max_reshuffles))
    if rules.rounds is not None:
        lines.append(tr("pdf.rummy.end.rounds", lang, rounds=rules.rounds))
    else:
        lines.append(tr("pdf.rummy.end.target", lang, target=rules.target))
    return lines


def subtitle(rules: RummyRules, lang: str | None = None) -> str:
    if rules.rounds is not None:
        return tr("pdf.rummy.subtitle.rounds", lang, players=rules.players, hand=rules.hand_size, rounds=rules.rounds)
    return tr("pdf.rummy.subtitle.target", lang, players=rules.players, hand=rules.hand_size, target=rules.target)


def row_count(rules: RummyRules) -> int:
    """Rows on a blank sheet: the fixed rounds, or :data:`TARGET_ROWS`."""
    return rules.rounds if rules.rounds is not None else TARGET_ROWS


def rummy_sheet(rules: RummyRules | None = None, names: Sequence[str] | None = None, lang: str | None = "sv",
                path: "str | os.PathLike[str] | None" = None) -> "bytes | Path":
    """A blank Rummy protokoll: PDF bytes, or written to ``path`` (then the path)."""
    rules = rules or RummyRules()
    lang = check_language(lang)
    names = check_names(rules.players, names, lang)
    who = names or [tr("pdf.player", lang, number=i + 1) for i in range(rules.players)]
    lines = []
    for index in range(row_count(rules)):
        dealer = (rules.first_dealer + index) % rules.players
        lines.append(Line("pair", [f"{index + 1}.", who[dealer]], dealer=dealer))
    lines.append(Line("total", [tr("pdf.row.sum", lang)], height=1.3))
    data = blank_sheet(
        title=tr("pdf.rummy.title", lang), subtitle=subtitle(rules, lang), lang=lang,
        lead_headers=[tr("pdf.col.round", lang), tr("pdf.col.dealer", lang)], lead_widths=[36, 64],
        names=who, lines=lines, rules_lines=[tr("pdf.rummy.how_to", lang), *rule_lines(rules, lang)],
        fingerprint=rules.fingerprint(), max_row=28.0, min_row=15.0,
    )
    return layout.write_pdf(data, path)


def rummy_filled_sheet(game: Any, names: Sequence[str] | None = None, lang: str | None = "sv",
                       path: "str | os.PathLike[str] | None" = None) -> "bytes | Path":
    """The protokoll of a played Rummy game, printed cell for cell from :func:`cardlab.sheets.rummy.score_sheet`:
    the dealer, who went out, each player's penalty, then the running totals (Σ).
    """
    from ..sheets.rummy import score_rows, score_sheet

    game = getattr(game, "game", game)
    rules = game.rules
    lang = check_language(lang)
    names = check_names(rules.players, names, lang)
    frame = score_sheet(game, names=names, lang=lang)
    seats = [row["dealer_seat"] for row in score_rows(game, names, lang)]
    data = filled_table_sheet(
        title=tr("pdf.rummy.title", lang), subtitle=subtitle(rules, lang), lang=lang, frame=frame,
        total_labels={tr("sheet.total", lang)}, lead_widths=[30.0, 56.0, 70.0], dealer_seats=seats,
        rules_lines=[tr("pdf.rummy.filled_how_to", lang), *rule_lines(rules, lang)],
        fingerprint=rules.fingerprint(),
    )
    return layout.write_pdf(data, path)
