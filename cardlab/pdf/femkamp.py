"""The Femkamp protokoll as an A4 PDF: five rounds with their goals, prikk tally space, the total.

A blank sheet lists the rounds in the rules' order, each with its goal and
how it scores, the dealer ringed; per player a Score box and a running Total
box; the kabal round has room for tally strokes (one per prikk) and for the
cards left.  Lowest total wins.

>>> from cardlab.rules.femkamp import FemkampRules
>>> femkamp_sheet(FemkampRules(players=3), names=["Kari", "Ola", "Per"], lang="nb")[:5]
b'%PDF-'
>>> rule_lines(FemkampRules(players=5), "en")[0]
'5 players: take out 2♥ 2♦ for the trick rounds (10 cards each); they return for the kabal.'
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Sequence

from reportlab.platypus import Paragraph

from ..cards import parse_cards
from ..i18n import check_language, tr
from ..rules.femkamp import FemkampRules, round_goal, round_scoring, round_title
from . import layout
from .grid import Line, blank_sheet, filled_table_sheet
from ..sheets.common import check_names


def rule_lines(rules: FemkampRules, lang: str | None = None) -> list[str]:
    """The rules at the foot of the sheet, derived from ``rules``."""
    lang = check_language(lang)
    hand = rules.trick_hand_size
    if rules.removed_cards:
        removed = " ".join(str(c) for c in parse_cards(" ".join(rules.removed_cards)))
        lines = [tr("pdf.femkamp.deck_removed", lang, players=rules.players, removed=removed, hand=hand)]
    else:
        lines = [tr("pdf.femkamp.deck_all", lang, players=rules.players, hand=hand)]
    lines.append(tr("pdf.femkamp.tricks", lang))
    for number, name in enumerate(rules.round_order, start=1):
        lines.append(tr("pdf.femkamp.round_line", lang, number=number, title=round_title(name, lang),
                        goal=round_goal(name, lang), scoring=round_scoring(name, lang, rules)))
    lines.append(tr("pdf.femkamp.kabal", lang))
    lines.append(tr(f"pdf.femkamp.starter.{rules.kabal_starter}", lang))
    lines.append(tr("pdf.femkamp.dealer_rotates" if rules.rotate_dealer else "pdf.femkamp.dealer_fixed", lang))
    lines.append(tr(f"pdf.femkamp.win.{rules.tie}", lang))
    return lines


def subtitle(rules: FemkampRules, lang: str | None = None) -> str:
    return tr("pdf.femkamp.subtitle", lang, players=rules.players, hand=rules.trick_hand_size)


def _round_cell(number: int, name: str, rules: FemkampRules, lang: str) -> Paragraph:
    style = layout.styles()["rule"].clone("round", leftIndent=0, fontSize=8.5, leading=10)
    text = (f"<b>{number}. {layout.escape(round_title(name, lang))}</b><br/>"
            f"{layout.escape(round_goal(name, lang))} · {layout.escape(round_scoring(name, lang, rules))}")
    return Paragraph(text, style)


def femkamp_sheet(rules: FemkampRules | None = None, names: Sequence[str] | None = None, lang: str | None = "nb",
                  path: "str | os.PathLike[str] | None" = None) -> "bytes | Path":
    """A blank Femkamp protokoll: PDF bytes, or written to ``path`` (then the path)."""
    rules = rules or FemkampRules()
    lang = check_language(lang)
    names = check_names(rules.players, names, lang)
    who = names or [tr("pdf.player", lang, number=i + 1) for i in range(rules.players)]
    lines: list[Line] = []
    for index, name in enumerate(rules.round_order):
        dealer = rules.dealer_for_round(index)
        cell = _round_cell(index + 1, name, rules, lang)
        if name == "kabal":
            lines += [Line("wide", [cell, who[dealer]], hint=tr("pdf.femkamp.prikk", lang), height=2.2,
                           span_lead_rows=3),
                      Line("wide", [], hint=tr("pdf.femkamp.cards_left", lang), height=1.0),
                      Line("pair", [], dealer=dealer, height=1.2)]
        else:
            lines.append(Line("pair", [cell, who[dealer]], dealer=dealer, height=2.0))
    lines.append(Line("total", [tr("pdf.row.sum", lang)], height=1.6))
    data = blank_sheet(
        title=tr("pdf.femkamp.title", lang), subtitle=subtitle(rules, lang), lang=lang,
        lead_headers=[tr("pdf.col.round", lang), tr("pdf.col.dealer", lang)], lead_widths=[120, 56],
        names=who, lines=lines, rules_lines=[tr("pdf.femkamp.how_to", lang), *rule_lines(rules, lang)],
        fingerprint=rules.fingerprint(), flex_col=0, max_row=34.0, min_row=14.0,
    )
    return layout.write_pdf(data, path)


def femkamp_filled_sheet(game: Any, names: Sequence[str] | None = None, lang: str | None = "nb",
                         path: "str | os.PathLike[str] | None" = None, *, reasons: bool = True) -> "bytes | Path":
    """The protokoll of a played Femkamp, printed cell for cell from :func:`cardlab.sheets.femkamp.score_sheet`.

    With ``reasons`` (the default) each cell also says what the score is made
    of, as on screen: ``"6 (2 prikker + 4 kort)"``.
    """
    from ..sheets.femkamp import score_rows, score_sheet

    game = getattr(game, "game", game)
    rules = game.rules
    lang = check_language(lang)
    names = check_names(rules.players, names, lang)
    frame = score_sheet(game, names=names, lang=lang, reasons=reasons)
    seats = [row["dealer_seat"] for row in score_rows(game, names, lang)]
    totals = {tr("sheet.total", lang), tr("femkamp.sheet.winner_row", lang)}
    data = filled_table_sheet(
        title=tr("pdf.femkamp.title", lang), subtitle=subtitle(rules, lang), lang=lang, frame=frame,
        total_labels=totals, lead_widths=[110.0, 52.0], dealer_seats=seats,
        rules_lines=[tr("pdf.femkamp.filled_how_to", lang), *rule_lines(rules, lang)],
        fingerprint=rules.fingerprint(), max_row=30.0,
    )
    return layout.write_pdf(data, path)
