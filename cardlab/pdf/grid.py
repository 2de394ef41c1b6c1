"""The blank grid that Femkamp and Rummy sheets share: per player a Score box and a running Total box.

A sheet is a list of :class:`Line` rows under a two-row header (the player's
name over "Score | Total").  Kinds of line:

* ``"pair"``: the two boxes, the dealer's pair tinted and ringed (○);
* ``"wide"``: one wide box per player with a small hint in its corner
  (tally strokes for prikks, cards left);
* ``"total"``: the final sum, one wide box per player under a heavy rule.

>>> lines = [Line("pair", ["1."], dealer=0), Line("total", ["Sum"])]
>>> data = blank_sheet(title="T", subtitle="S", lang="en", lead_headers=["#"], lead_widths=[30],
...                    names=["Ann", "Bo"], lines=lines, rules_lines=["Be kind."], fingerprint="abc")
>>> data[:5]
b'%PDF-'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from reportlab.lib import colors
from reportlab.platypus import Paragraph, Spacer

from ..i18n import tr
from . import layout

DEALER_TINT = colors.Color(1.0, 0.95, 0.80)


@dataclass
class Line:
    """One row of a blank sheet: its kind, the texts of the lead columns, and options."""

    kind: str
    lead: list = field(default_factory=list)
    dealer: int | None = None
    hint: str = ""
    height: float = 1.0
    span_lead_rows: int = 1


def blank_sheet(*, title: str, subtitle: str, lang: str, lead_headers: Sequence[str], lead_widths: Sequence[float],
                names: Sequence[str], lines: Sequence[Line], rules_lines: Sequence[str], fingerprint: str,
                flex_col: int | None = None, max_row: float = 30.0, min_row: float = 15.0) -> bytes:
    """Lay out a blank Score/Total sheet on A4 and return the PDF bytes.

    ``flex_col`` (an index into the lead columns) takes whatever width the
    players leave, so long round descriptions get room when few play.
    """
    players = len(names)
    fixed = list(lead_widths)
    width_portrait, _ = layout.frame_size(False)
    landscape = (width_portrait - sum(fixed)) / players < 60
    frame_w, frame_h = layout.frame_size(landscape)
    per_player = min(110.0, (frame_w - sum(fixed)) / players)
    if flex_col is not None:
        fixed[flex_col] += frame_w - sum(fixed) - per_player * players
    widths = fixed + [per_player / 2, per_player / 2] * players
    first = len(fixed)

    st = layout.styles()
    head = [Paragraph(layout.escape(title), st["title"]), Paragraph(layout.escape(subtitle), st["subtitle"]),
            Spacer(1, 3), Paragraph(layout.escape(tr("pdf.date_line", lang)), st["subtitle"]), Spacer(1, 6)]

    top = list(lead_headers)
    sub = [""] * first
    extra: list[tuple] = []
    for c in range(first):
        extra += [("SPAN", (c, 0), (c, 1)),
                  ("FONTSIZE", (c, 0), (c, 0), layout.fit_size(top[c], widths[c] - 3, 9, bold=True))]
    for s, name in enumerate(names):
        c = first + 2 * s
        top += [name, ""]
        sub += [tr("pdf.col.score", lang), tr("pdf.col.total", lang)]
        extra += [("SPAN", (c, 0), (c + 1, 0)),
                  ("FONTSIZE", (c, 0), (c, 0), layout.fit_size(name, widths[c] * 2 - 4, 10, bold=True)),
                  ("LINEBEFORE", (c, 0), (c, -1), 1.2, colors.black)]
    extra += [("FONTSIZE", (0, 1), (-1, 1), 7.5), ("FONTNAME", (0, 1), (-1, 1), layout.FONT)]
    rows: list[list] = [top, sub]
    lead_style = st["rule"].clone("lead", leftIndent=0, fontSize=8.5, leading=10)
    for line in lines:
        r = len(rows)
        lead = [Paragraph(layout.escape(t), lead_style) if isinstance(t, str) and len(t) > 12 else t
                for t in line.lead] + [""] * (first - len(line.lead))
        cells = list(lead)
        if line.span_lead_rows > 1:
            for c in range(first):
                extra.append(("SPAN", (c, r), (c, r + line.span_lead_rows - 1)))
        for s in range(players):
            c = first + 2 * s
            if line.kind == "pair":
                cells += ["○" if s == line.dealer else "", ""]
                if s == line.dealer:
                    extra += [("BACKGROUND", (c, r), (c + 1, r), DEALER_TINT), ("ALIGN", (c, r), (c, r), "LEFT"),
                              ("VALIGN", (c, r), (c, r), "TOP"), ("FONTSIZE", (c, r), (c, r), 7),
                              ("TEXTCOLOR", (c, r), (c, r), layout.HINT)]
            else:
                cells += [line.hint, ""]
                extra.append(("SPAN", (c, r), (c + 1, r)))
                if line.hint:
                    extra += [("ALIGN", (c, r), (c, r), "LEFT"), ("VALIGN", (c, r), (c, r), "TOP"),
                              ("FONTSIZE", (c, r), (c, r), 6.5), ("TEXTCOLOR", (c, r), (c, r), layout.HINT)]
        if line.kind == "total":
            extra += [("SPAN", (0, r), (first - 1, r)), ("BACKGROUND", (0, r), (first - 1, r), layout.SHADE),
                      ("FONTNAME", (0, r), (-1, r), layout.FONT_BOLD), ("FONTSIZE", (0, r), (-1, r), 10),
                      ("LINEABOVE", (0, r), (-1, r), 1.4, colors.black)]
        elif line.dealer is not None and first > 1:
            extra += [("FONTSIZE", (0, r), (0, r), 7), ("TEXTCOLOR", (0, r), (0, r), layout.HINT)]
        rows.append(cells)

    units = sum(line.height for line in lines)
    left = frame_h - layout.height_of(head, frame_w) - 15 - 13 - 12
    foot = layout.fitting_rules_block(tr("pdf.rules_heading", lang), rules_lines, frame_w, left - min_row * units)
    room = left - layout.height_of(foot, frame_w)
    unit = max(min_row, min(max_row, room / units))
    heights = [15, 13] + [unit * line.height for line in lines]
    table = layout.make_table(rows, widths, heights, 2, layout.grid_style(2, 9, extra))
    footer = layout.page_footer(tr("pdf.small_print", lang, fingerprint=fingerprint), lang)
    return layout.render([*head, table, *foot], landscape=landscape, title=title, footer=footer)


def filled_table_sheet(*, title: str, subtitle: str, lang: str, frame, total_labels: Sequence[str],
                       lead_widths: Sequence[float], rules_lines: Sequence[str], fingerprint: str,
                       dealer_seats: Sequence[int | None] | None = None, max_row: float = 24.0) -> bytes:
    """Print a score-sheet DataFrame cell for cell: the header, then one row per frame row.

    ``lead_widths`` are the widths of the index column and the columns before
    the players'; the remaining columns share the rest of the page.  Rows
    whose label is in ``total_labels`` are set bold under a heavy rule;
    ``dealer_seats`` (one per body row, None where there is no dealer) tints
    the dealer's cell.  A text too long for its cell wraps; none is cut.
    """
    cells = layout.frame_cells(frame)
    lead = len(lead_widths)
    columns = len(cells[0]) - lead
    width_portrait, _ = layout.frame_size(False)
    landscape = (width_portrait - sum(lead_widths)) / max(columns, 1) < 44
    frame_w, frame_h = layout.frame_size(landscape)
    per = (frame_w - sum(lead_widths)) / max(columns, 1)
    widths = list(lead_widths) + [per] * columns

    st = layout.styles()
    head = [Paragraph(layout.escape(title), st["title"]), Paragraph(layout.escape(subtitle), st["subtitle"]),
            Spacer(1, 8)]
    extra: list[tuple] = []
    for c, text in enumerate(cells[0]):
        extra.append(("FONTSIZE", (c, 0), (c, 0), layout.fit_size(text, widths[c] - 3, 10.5, bold=True)))
        if c >= lead:
            extra.append(("LINEBEFORE", (c, 0), (c, -1), 1.2, colors.black))
    wrap_style = st["rule"].clone("cell", leftIndent=0, fontSize=8, leading=9, alignment=1)
    printed: list[list] = [list(cells[0])]
    for r in range(1, len(cells)):
        printed.append(list(cells[r]))
        spanned = cells[r][0] in total_labels and lead > 1 and not any(cells[r][1:lead])
        for c, text in enumerate(cells[r]):
            if c == 0 and spanned:
                continue
            if layout.text_width(text, 10.5) > widths[c] - 4:
                size = layout.fit_size(text, widths[c] - 4, 10.5)
                if size < 8:  # too long for one line: wrap it instead of shrinking it away
                    printed[r][c] = Paragraph(layout.escape(text), wrap_style)
                else:
                    extra.append(("FONTSIZE", (c, r), (c, r), size))
        if cells[r][0] in total_labels:
            if spanned:  # the label may use the empty cells beside it
                extra.append(("SPAN", (0, r), (lead - 1, r)))
            extra += [("BACKGROUND", (0, r), (lead - 1, r), layout.SHADE),
                      ("FONTNAME", (0, r), (-1, r), layout.FONT_BOLD), ("LINEABOVE", (0, r), (-1, r), 1.4, colors.black)]
        if dealer_seats is not None and r - 1 < len(dealer_seats) and dealer_seats[r - 1] is not None:
            c = lead + dealer_seats[r - 1]
            extra.append(("BACKGROUND", (c, r), (c, r), DEALER_TINT))
    body = len(cells) - 1
    left = frame_h - layout.height_of(head, frame_w) - 18 - 12
    foot = layout.fitting_rules_block(tr("pdf.rules_heading", lang), rules_lines, frame_w, left - 14 * body)
    room = left - layout.height_of(foot, frame_w)
    row_h = max(14.0, min(max_row, room / max(body, 1)))
    table = layout.make_table(printed, widths, [18] + [row_h] * body, 1, layout.grid_style(1, 10.5, extra))
    footer = layout.page_footer(tr("pdf.small_print", lang, fingerprint=fingerprint), lang)
    return layout.render([*head, table, *foot], landscape=landscape, title=title, footer=footer)
