"""The Plump protokoll as an A4 PDF: blank for the kitchen table, or filled from a game.

A blank sheet has one row per round of the rules' schedule (hand size at the
left, the trump when the rules fix it, the dealer ringed), a bid box and a
score box per player, the subtotal row after the 1-card round, the sum row,
and the rules in short at the foot.  A filled sheet prints the on-screen
protokoll (:func:`cardlab.sheets.plump.score_sheet`) cell for cell.

>>> from cardlab import PlumpRules
>>> pdf = plump_sheet(PlumpRules(players=5), names=["Anna", "Björn", "Cissi", "Dag", "Eva"], lang="sv")
>>> pdf[:5]
b'%PDF-'
>>> rule_lines(PlumpRules.preset("kids"), "en")[2]
'No hook: the bids may add up to the number of tricks.'
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Sequence

from reportlab.lib import colors
from reportlab.platypus import Paragraph, Spacer

from ..errors import RulesError
from ..i18n import check_language, suit_name, tr
from ..rules.plump import PlumpRules
from ..sheets.common import check_names  # noqa: F401  (importable from here too)
from . import layout

#: the faint tint behind the dealer's boxes (prints as a light grey)
DEALER_TINT = colors.Color(1.0, 0.95, 0.80)
INK = colors.Color(0.10, 0.14, 0.49)
RED = colors.Color(0.78, 0.08, 0.08)


# ---------------------------------------------------------------- the rules
def rule_lines(rules: PlumpRules, lang: str | None = None) -> list[str]:
    """The rules at the foot of the sheet, one sentence each, derived from ``rules``.

    >>> for line in rule_lines(PlumpRules(), "sv"): print(line)
    Given roterar medsols varje runda. Alla ser sin hand och bjuder 0 till antalet kort, med början till vänster om given; given bjuder sist.
    Spelaren till vänster om given spelar ut första sticket; den som tar ett stick spelar ut nästa.
    Spärren: given får inte bjuda så att summan av buden blir lika med antalet stick – någon måste gå bet.
    Trumf: efter given vänds nästa kort upp; dess färg är trumf (skriv den i kolumnen Trumf).
    Bekänn färg om du kan, annars valfritt kort. Högsta trumf tar sticket, annars högsta kortet i utspelad färg.
    Rätt bud: 10 + antalet stick (bud 3 → 13, bud 0 → 10). Fel bud, hur lite det än är: plump ● = 0 poäng.
    Flest poäng efter sista rundan vinner; lika delar segern.
    """
    from ..games.plump import round_score

    lang = check_language(lang)
    lines = [tr("pdf.plump.deal", lang), tr(f"pdf.plump.lead.{rules.first_lead}", lang)]
    if rules.players == 2:
        lines.append(tr("pdf.plump.blind_hand", lang))
    if rules.hook:
        hook = tr("pdf.plump.hook", lang)
        if not rules.hook_last_round:
            hook += " " + tr("pdf.plump.hook_not_last", lang)
        lines.append(hook)
    else:
        lines.append(tr("pdf.plump.no_hook", lang))
    if rules.trump == "rotating":
        order = ", ".join(_trump_mark(item) for item in rules.trump_order)
        lines.append(tr("pdf.plump.trump.rotating", lang, order=order))
    elif rules.trump == "fixed":
        suit = rules.trump_for_round(0)
        lines.append(tr("pdf.plump.trump.fixed", lang, symbol=suit.symbol, suit=suit_name(suit, lang)))
    else:
        lines.append(tr(f"pdf.plump.trump.{rules.trump}", lang))
    play = tr("pdf.plump.play", lang)
    if rules.must_trump:
        play += " " + tr("pdf.plump.must_trump", lang)
    lines.append(play)
    if rules.decks == 2:
        lines.append(tr("pdf.plump.two_decks", lang))
    score = rules.scoring
    lines.append(tr(f"pdf.plump.scoring.{score}", lang, made3=_num(round_score(3, 3, score)),
                    made0=_num(round_score(0, 0, score)),
                    missed=_num(round_score(4, 2, score)), over=_num(round_score(3, 5, score))))
    lines.append(tr(f"pdf.plump.win.{rules.tie}", lang, size=rules.largest_hand))
    if rules.ink_blots:
        lines.append(tr("pdf.plump.ink_blots", lang))
    return lines


def _num(value: int) -> str:
    """A score as printed: a real minus sign for negative numbers."""
    return str(value).replace("-", "−")


def _trump_mark(item: Any) -> str:
    """``"C"`` → ``"♣"``, ``None``/``"none"`` → ``"–"`` (no trump)."""
    from ..cards import Suit

    if item is None or item == "none":
        return "–"
    return Suit.parse(item).symbol


def subtitle(rules: PlumpRules, lang: str | None = None) -> str:
    """``"5 spelare · en kortlek · 19 rundor: 10 → 1 → 10"``."""
    sizes = rules.hand_sizes()
    decks = tr("pdf.one_deck" if rules.decks == 1 else "pdf.two_decks", lang)
    return tr("pdf.plump.subtitle", lang, players=rules.players, decks=decks, rounds=len(sizes),
              schedule=layout.schedule_text(sizes))


# ------------------------------------------------------------- blank sheet
def _rows_of(rules: PlumpRules, names: Sequence[str] | None, lang: str) -> list[dict[str, Any]]:
    """The rows of the protokoll for an unplayed game: the same rows the on-screen sheet has."""
    from ..games.plump import PlumpGame
    from ..sheets.plump import score_rows

    return score_rows(PlumpGame.start(rules, seed=0), names, lang)


def _wants_landscape(players: int, fixed_width: float) -> bool:
    width, _ = layout.frame_size(landscape=False)
    return (width - fixed_width) / players < 52


def plump_sheet(rules: PlumpRules | None = None, names: Sequence[str] | None = None, lang: str | None = "sv",
                path: "str | os.PathLike[str] | None" = None) -> "bytes | Path":
    """A blank Plump protokoll for ``rules``: PDF bytes, or written to ``path`` (then the path).

    ``names`` (one per seat, in seating order) head the columns and name the
    dealer of every row; without them the columns say "Spelare 1" ….
    """
    rules = rules or PlumpRules()
    lang = check_language(lang)
    names = check_names(rules.players, names, lang)
    rows = _rows_of(rules, names, lang)
    players = rules.players
    who = [tr("pdf.player", lang, number=i + 1) for i in range(players)] if names is None else names
    show_trump = rules.trump in ("turned-up", "rotating")

    fixed = [22, 30] + ([30] if show_trump else []) + [56]
    landscape = _wants_landscape(players, sum(fixed))
    frame_w, frame_h = layout.frame_size(landscape)
    per_player = (frame_w - sum(fixed)) / players
    bid_w = round(per_player * 0.42, 1)
    widths = fixed + [bid_w, per_player - bid_w] * players
    first_player_col = len(fixed)
    dealer_col = first_player_col - 1

    # --- the words around the table
    st = layout.styles()
    head = [Paragraph(layout.escape(tr("pdf.plump.title", lang)), st["title"]),
            Paragraph(layout.escape(subtitle(rules, lang)), st["subtitle"]),
            Spacer(1, 3), Paragraph(layout.escape(tr("pdf.date_line", lang)), st["subtitle"]), Spacer(1, 6)]

    # --- the table cells
    header_top = ["", tr("pdf.col.cards", lang)] + ([tr("pdf.col.trump", lang)] if show_trump else []) \
        + [tr("pdf.col.dealer", lang)]
    header_sub = [""] * len(header_top)
    for name in who:
        header_top += [name, ""]
        header_sub += [tr("pdf.col.bid", lang), tr("pdf.col.score", lang)]
    table_rows: list[list[str]] = [header_top, header_sub]
    extra: list[tuple] = []
    for c in range(first_player_col):
        extra.append(("SPAN", (c, 0), (c, 1)))
        extra.append(("FONTSIZE", (c, 0), (c, 0), layout.fit_size(header_top[c], widths[c] - 3, 9, bold=True)))
    for s in range(players):
        c = first_player_col + 2 * s
        extra.append(("SPAN", (c, 0), (c + 1, 0)))
        size = layout.fit_size(who[s], widths[c] + widths[c + 1] - 4, 10, bold=True)
        extra.append(("FONTSIZE", (c, 0), (c, 0), size))
        extra.append(("LINEBEFORE", (c, 0), (c, -1), 1.2, colors.black))
    extra.append(("FONTSIZE", (0, 1), (-1, 1), 7.5))
    extra.append(("FONTNAME", (0, 1), (-1, 1), layout.FONT))

    round_index = 0
    for row in rows:
        r = len(table_rows)
        if row["kind"] == "round":
            cells = [row["label"], str(row["cards"])]
            if show_trump:
                cells.append(_trump_mark(rules.trump_for_round(round_index)) if rules.trump == "rotating" else "")
            cells.append(row["dealer"])
            for s in range(players):
                cells += ["○" if s == row["dealer_seat"] else "", ""]
            c = first_player_col + 2 * row["dealer_seat"]
            extra += [("BACKGROUND", (c, r), (c + 1, r), DEALER_TINT),
                      ("ALIGN", (c, r), (c, r), "LEFT"), ("VALIGN", (c, r), (c, r), "TOP"),
                      ("FONTSIZE", (c, r), (c, r), 7), ("TEXTCOLOR", (c, r), (c, r), layout.HINT)]
            size = layout.fit_size(row["dealer"], widths[dealer_col] - 4, 9)
            extra += [("FONTSIZE", (dealer_col, r), (dealer_col, r), size),
                      ("FONTSIZE", (1, r), (1, r), 11), ("FONTNAME", (1, r), (1, r), layout.FONT_BOLD),
                      ("FONTSIZE", (0, r), (0, r), 7), ("TEXTCOLOR", (0, r), (0, r), layout.HINT)]
            if show_trump:
                extra.append(("FONTSIZE", (2, r), (2, r), 12))
                if cells[2] in ("♦", "♥"):
                    extra.append(("TEXTCOLOR", (2, r), (2, r), RED))
            round_index += 1
        else:
            cells = [row["label"]] + [""] * (first_player_col - 1)
            for s in range(players):
                cells += ["", ""]
                c = first_player_col + 2 * s
                extra.append(("SPAN", (c, r), (c + 1, r)))
            extra += [("SPAN", (0, r), (first_player_col - 1, r)), ("BACKGROUND", (0, r), (first_player_col - 1, r), layout.SHADE),
                      ("FONTNAME", (0, r), (-1, r), layout.FONT_BOLD), ("FONTSIZE", (0, r), (-1, r), 10),
                      ("LINEABOVE", (0, r), (-1, r), 1.4, colors.black)]
        table_rows.append(cells)

    # --- row heights: as tall as the page allows, between 14 and 26 points
    body_rows = len(table_rows) - 2
    left = frame_h - layout.height_of(head, frame_w) - 15 - 13 - 12
    foot = layout.fitting_rules_block(tr("pdf.rules_heading", lang),
                                      [tr("pdf.plump.how_to", lang), *rule_lines(rules, lang)],
                                      frame_w, left - 14 * body_rows)
    room = left - layout.height_of(foot, frame_w)
    row_h = max(14.0, min(26.0, room / body_rows))
    heights = [15, 13] + [row_h] * body_rows
    table = layout.make_table(table_rows, widths, heights, 2, layout.grid_style(2, 9, extra))

    story = [*head, table, *foot]
    footer = layout.page_footer(tr("pdf.small_print", lang, fingerprint=rules.fingerprint()), lang)
    data = layout.render(story, landscape=landscape, title=tr("pdf.plump.title", lang), footer=footer)
    return layout.write_pdf(data, path)


# ------------------------------------------------------------ filled sheet
def plump_filled_sheet(game: Any, names: Sequence[str] | None = None, lang: str | None = "sv",
                       path: "str | os.PathLike[str] | None" = None) -> "bytes | Path":
    """The protokoll of a played (or half-played) game, printed from the on-screen sheet.

    ``game`` is a :class:`~cardlab.games.plump.PlumpGame` or a :class:`~cardlab.match.Match`
    holding one.  The table is :func:`cardlab.sheets.plump.score_sheet` cell for
    cell ("3 → 13", "4 → ●"); only the look (dealer tint, bold sums) comes from
    :func:`cardlab.sheets.plump.score_rows`.
    """
    from ..sheets.plump import score_rows, score_sheet

    game = getattr(game, "game", game)
    rules = game.rules
    lang = check_language(lang)
    names = check_names(rules.players, names, lang)
    frame = score_sheet(game, names=names, lang=lang)
    rows = score_rows(game, names, lang)
    cells = layout.frame_cells(frame)
    players = rules.players

    fixed = [26, 30, 56]
    landscape = _wants_landscape(players, sum(fixed))
    frame_w, frame_h = layout.frame_size(landscape)
    per_player = (frame_w - sum(fixed)) / players
    widths = fixed + [per_player] * players
    first_player_col = len(fixed)

    st = layout.styles()
    head = [Paragraph(layout.escape(tr("pdf.plump.title", lang)), st["title"]),
            Paragraph(layout.escape(subtitle(rules, lang)), st["subtitle"]), Spacer(1, 8)]

    extra: list[tuple] = [("FONTSIZE", (c, 0), (c, 0), layout.fit_size(cells[0][c], widths[c] - 3, 10.5, bold=True))
                          for c in range(first_player_col)]
    for s in range(players):
        c = first_player_col + s
        size = layout.fit_size(cells[0][c], widths[c] - 4, 10, bold=True)
        extra += [("FONTSIZE", (c, 0), (c, 0), size), ("LINEBEFORE", (c, 0), (c, -1), 1.2, colors.black)]
    for r, row in enumerate(rows, start=1):
        texts_in_row = cells[r]
        for c in range(len(texts_in_row)):
            limit = widths[c] - 4
            if layout.text_width(texts_in_row[c], 10.5) > limit:
                extra.append(("FONTSIZE", (c, r), (c, r), layout.fit_size(texts_in_row[c], limit, 10.5)))
        extra += [("FONTSIZE", (0, r), (0, r), 7), ("TEXTCOLOR", (0, r), (0, r), layout.HINT)]
        if row["kind"] == "round":
            c = first_player_col + row["dealer_seat"]
            extra += [("BACKGROUND", (c, r), (c, r), DEALER_TINT), ("FONTNAME", (1, r), (1, r), layout.FONT_BOLD)]
            for s, plump in enumerate(row["plumps"]):
                if plump and rules.ink_blots:
                    extra += [("TEXTCOLOR", (first_player_col + s, r), (first_player_col + s, r), INK),
                              ("FONTNAME", (first_player_col + s, r), (first_player_col + s, r), layout.FONT_BOLD)]
        else:
            if not any(cells[r][1:first_player_col]):  # the label may use the empty Kort and Giv cells
                extra.append(("SPAN", (0, r), (first_player_col - 1, r)))
            extra += [("BACKGROUND", (0, r), (first_player_col - 1, r), layout.SHADE),
                      ("FONTNAME", (0, r), (-1, r), layout.FONT_BOLD), ("FONTSIZE", (0, r), (0, r), 10),
                      ("TEXTCOLOR", (0, r), (0, r), colors.black),
                      ("LINEABOVE", (0, r), (-1, r), 1.4, colors.black)]

    body_rows = len(cells) - 1
    left = frame_h - layout.height_of(head, frame_w) - 18 - 12
    foot = layout.fitting_rules_block(tr("pdf.rules_heading", lang),
                                      [tr("pdf.plump.filled_how_to", lang), *rule_lines(rules, lang)],
                                      frame_w, left - 14 * body_rows)
    room = left - layout.height_of(foot, frame_w)
    row_h = max(14.0, min(24.0, room / body_rows))
    table = layout.make_table(cells, widths, [18] + [row_h] * body_rows, 1, layout.grid_style(1, 10.5, extra))
    story = [*head, table, *foot]
    footer = layout.page_footer(tr("pdf.small_print", lang, fingerprint=rules.fingerprint()), lang)
    data = layout.render(story, landscape=landscape, title=tr("pdf.plump.title", lang), footer=footer)
    return layout.write_pdf(data, path)
