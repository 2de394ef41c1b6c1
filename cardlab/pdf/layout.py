"""Shared page furniture for printed score sheets: fonts, page size, tables, safe writing.

Every sheet is A4, portrait when the columns fit and landscape when many
players need the width.  Text is set in DejaVu Sans Condensed, shipped in
``cardlab/fonts`` (its licence beside it), because the PDF core fonts lack
the suit symbols ♣♦♥♠ and the plump ●.

>>> register_fonts()
('CardlabSans', 'CardlabSans-Bold')
>>> [round(x) for x in page_size(landscape=False)], [round(x) for x in page_size(landscape=True)]
([595, 842], [842, 595])
>>> schedule_text([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
'10 → 1 → 10'
>>> schedule_text([5, 4, 3, 2, 1, 1, 1, 2, 3, 4, 5])
'5 → 1 ×3 → 5'
"""

from __future__ import annotations

import io
import os
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Sequence

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape as _landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

FONT = "CardlabSans"
FONT_BOLD = "CardlabSans-Bold"
_FONT_FILES = {FONT: "DejaVuSansCondensed.ttf", FONT_BOLD: "DejaVuSansCondensed-Bold.ttf"}

MARGIN = 12 * mm
#: light grey for shaded cells (sum rows, boxes not to write in)
SHADE = colors.Color(0.90, 0.90, 0.90)
#: a paler grey for the header
HEAD = colors.Color(0.82, 0.86, 0.92)
GRID = colors.Color(0.25, 0.25, 0.25)
HINT = colors.Color(0.45, 0.45, 0.45)


def register_fonts() -> tuple[str, str]:
    """Register the shipped TrueType fonts with reportlab (once) and return their names."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    if FONT in registered and FONT_BOLD in registered:
        return FONT, FONT_BOLD
    folder = resources.files("cardlab") / "fonts"
    for name, filename in _FONT_FILES.items():
        if name not in registered:
            with resources.as_file(folder / filename) as path:
                pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD)
    return FONT, FONT_BOLD


def page_size(landscape: bool) -> tuple[float, float]:
    """A4 in points: 595 × 842 portrait, 842 × 595 landscape."""
    return _landscape(A4) if landscape else A4


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width of ``text`` in points in the sheet font."""
    register_fonts()
    return pdfmetrics.stringWidth(text, FONT_BOLD if bold else FONT, size)


def fit_size(text: str, width: float, largest: float, smallest: float = 6.0, bold: bool = False) -> float:
    """The largest font size (down to ``smallest``) at which ``text`` fits in ``width`` points.

    >>> fit_size("Anna", 100, 12)
    12
    >>> fit_size("Maximiliana-Charlotte", 40, 12) < 12
    True
    """
    size = largest
    while size > smallest and text_width(text, size, bold) > width:
        size -= 0.5
    return size


def schedule_text(sizes: Sequence[int]) -> str:
    """Hand sizes as the pyramid a player says aloud: turning points joined by arrows."""
    groups: list[list[int]] = []
    for size in sizes:
        if groups and groups[-1][0] == size:
            groups[-1][1] += 1
        else:
            groups.append([size, 1])
    keep = []
    for i, (value, count) in enumerate(groups):
        if i in (0, len(groups) - 1) or count > 1:
            keep.append((value, count))
            continue
        before, after = groups[i - 1][0], groups[i + 1][0]
        if (value - before) * (after - value) <= 0:  # direction changes here
            keep.append((value, count))
    return " → ".join(f"{v} ×{c}" if c > 1 else str(v) for v, c in keep)


#: the size of the rules printed at the foot of every sheet (points; at least 9 to be read without glasses)
RULES_PT = 9.5


def styles() -> dict[str, ParagraphStyle]:
    """Paragraph styles of the sheets: title, subtitle, rules heading, rules text, small print."""
    register_fonts()
    return {
        "title": ParagraphStyle("title", fontName=FONT_BOLD, fontSize=18, leading=22),
        "subtitle": ParagraphStyle("subtitle", fontName=FONT, fontSize=9.5, leading=12, textColor=HINT),
        "heading": ParagraphStyle("heading", fontName=FONT_BOLD, fontSize=10.5, leading=13, spaceBefore=2),
        # the rules at the foot: RULES_PT, large enough for grandparents to read at the kitchen table
        "rule": ParagraphStyle("rule", fontName=FONT, fontSize=RULES_PT, leading=RULES_PT * 1.22, leftIndent=9,
                               bulletIndent=0, bulletFontName=FONT),
        "small": ParagraphStyle("small", fontName=FONT, fontSize=7, leading=9, textColor=HINT),
    }


def escape(text: str) -> str:
    """Text made safe for a reportlab Paragraph (which reads a little XML)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def rules_block(heading: str, lines: Sequence[str], small: str | None = None) -> list:
    """The rules in short as flowables: a heading and one bullet per line."""
    st = styles()
    block: list = [Spacer(1, 6), Paragraph(escape(heading), st["heading"])]
    block += [Paragraph(escape(line), st["rule"], bulletText="•") for line in lines]
    if small:
        block += [Spacer(1, 3), Paragraph(escape(small), st["small"])]
    return block


def fitting_rules_block(heading: str, lines: Sequence[str], width: float, room: float) -> list:
    """The rules block in one column, or in two side by side when one column would not leave ``room``.

    ``room`` is the height the rules may take so the table above still fits
    on the page with rows a pen can write in.  When not even two columns fit
    (a very long schedule for many players), the rules move whole to the
    next page, heading and all.
    """
    block = rules_block(heading, lines)
    if height_of(block, width) <= room:
        return block
    st = styles()
    half = (len(lines) + 1) // 2
    columns = [[Paragraph(escape(line), st["rule"], bulletText="•") for line in part]
               for part in (lines[:half], lines[half:])]
    table = Table([columns], colWidths=[width / 2, width / 2])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 6), ("TOPPADDING", (0, 0), (-1, -1), 0),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    two = [Spacer(1, 6), Paragraph(escape(heading), st["heading"]), table]
    if height_of(two, width) <= room:
        return two
    return [PageBreak(), *block]


def height_of(flowables: Sequence, width: float) -> float:
    """Total height of ``flowables`` on this page when set ``width`` points wide (spacing included).

    Whatever follows a page break lies on the next page and counts nothing here.
    """
    total = 0.0
    for flowable in flowables:
        if isinstance(flowable, PageBreak):
            break
        _, h = flowable.wrap(width, 10_000)
        total += h + flowable.getSpaceBefore() + flowable.getSpaceAfter()
    return total


def grid_style(header_rows: int, font_size: float, extra: Sequence[tuple] = ()) -> TableStyle:
    """The look of every sheet's table: a firm grid, shaded header, centred text."""
    register_fonts()
    commands = [
        ("FONTNAME", (0, 0), (-1, -1), FONT),
        ("FONTSIZE", (0, 0), (-1, -1), font_size),
        ("LEADING", (0, 0), (-1, -1), font_size * 1.15),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.5, GRID),
        ("BOX", (0, 0), (-1, -1), 1.4, colors.black),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
    ]
    if header_rows:
        commands += [
            ("BACKGROUND", (0, 0), (-1, header_rows - 1), HEAD),
            ("FONTNAME", (0, 0), (-1, header_rows - 1), FONT_BOLD),
            ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 1.2, colors.black),
        ]
    return TableStyle(commands + list(extra))


def make_table(rows: list[list], col_widths: Sequence[float], row_heights: Sequence[float],
               header_rows: int, style: TableStyle) -> Table:
    table = Table(rows, colWidths=list(col_widths), rowHeights=list(row_heights), repeatRows=header_rows)
    table.setStyle(style)
    return table


def render(story: list, *, landscape: bool, title: str, footer: Callable | None = None,
           fingerprint: str | None = None, lang: str | None = None) -> bytes:
    """Lay ``story`` out on A4 pages and return the PDF bytes (the same input gives the same bytes).

    The rules' ``fingerprint`` goes into the PDF's metadata (subject and
    keywords), where an analyst finds it, and not onto the page a family reads.
    """
    from ..i18n import tr

    register_fonts()
    buffer = io.BytesIO()
    subject = tr("pdf.metadata_rules", lang, fingerprint=fingerprint) if fingerprint else ""
    keywords = ["cardlab", f"rules-fingerprint={fingerprint}"] if fingerprint else ["cardlab"]
    doc = SimpleDocTemplate(
        buffer, pagesize=page_size(landscape), leftMargin=MARGIN, rightMargin=MARGIN,
        topMargin=MARGIN, bottomMargin=MARGIN, title=title, author="cardlab", creator="cardlab",
        subject=subject, keywords=keywords, invariant=1,
    )
    doc.build(story, onFirstPage=footer or _no_footer, onLaterPages=footer or _no_footer)
    return buffer.getvalue()


def _no_footer(canvas, doc) -> None:
    return None


def page_footer(text: str, lang: str | None) -> Callable:
    """A page decoration: ``text`` bottom left, the page number bottom right."""
    from ..i18n import tr

    def draw(canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont(FONT, 7)
        canvas.setFillColor(HINT)
        canvas.drawString(MARGIN, MARGIN / 2, text)
        canvas.drawRightString(doc.pagesize[0] - MARGIN, MARGIN / 2, tr("pdf.page", lang, number=doc.page))
        canvas.restoreState()

    return draw


def frame_size(landscape: bool) -> tuple[float, float]:
    """Width and height inside the margins."""
    width, height = page_size(landscape)
    return width - 2 * MARGIN, height - 2 * MARGIN


def write_pdf(data: bytes, path: "str | os.PathLike[str] | None") -> "bytes | Path":
    """Return ``data`` when ``path`` is None, else write it there safely and return the path.

    The bytes go to a temporary file in the same folder, flushed to disk and renamed into place
    only when complete (:func:`cardlab.atomic.write_atomically`), so a failed run never leaves a
    half-written sheet and an old sheet stays whole until the new one replaces it.
    """
    if path is None:
        return data
    from ..atomic import write_atomically

    target = write_atomically(path, data)
    return target


def cell_text(value: Any) -> str:
    """A DataFrame cell as printed: empty for None/NaN, else exactly ``str(value)``.

    >>> cell_text(None), cell_text(float("nan")), cell_text(13), cell_text("4 → ●")
    ('', '', '13', '4 → ●')
    """
    if value is None:
        return ""
    if isinstance(value, float) and value != value:
        return ""
    return str(value)


def with_winner_row(frame: Any, game: Any, lead_columns: int, lang: str | None) -> Any:
    """``frame`` with a last row that puts ★ under each winner, once ``game`` is over (else ``frame`` itself).

    ``lead_columns`` is the number of columns before the players' (after the
    index).  The on-screen sheets mark the winner the same way (Femkamp's row,
    the ★ beside the name in the HTML sheets); the row is added here, on paper
    only, so every other printed cell stays exactly the on-screen one.
    """
    import pandas as pd

    from ..i18n import tr

    if not getattr(game, "is_over", False):
        return frame
    winners = set(game.winners())
    players = len(frame.columns) - lead_columns
    values = [""] * lead_columns + ["★" if seat in winners else "" for seat in range(players)]
    row = pd.DataFrame([values], columns=frame.columns, index=[tr("pdf.row.winner", lang)])
    out = pd.concat([frame.astype(object), row], axis=0)
    out.index.name = frame.index.name
    return out


def frame_cells(frame: Any) -> list[list[str]]:
    """A DataFrame as printed rows: the header (index name, then columns), then each row (index label first).

    This is the only way a filled sheet gets its text, so the printed
    protokoll says exactly what the on-screen one says.
    """
    header = [cell_text(frame.index.name)] + [cell_text(c) for c in frame.columns]
    body = [[cell_text(label)] + [cell_text(v) for v in values]
            for label, values in zip(frame.index, frame.itertuples(index=False, name=None))]
    return [header, *body]
