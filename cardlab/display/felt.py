"""The green card table's look, shared by the Plump, Femkamp and Rummy tables.

Plain functions that return HTML strings (no widgets, no rules): the felt CSS,
a seat box around a player's name, the row of cards in front of a player, the
cards of a trick, the title and status lines, the message line and the log.
A game's own felt module (``display.plump_felt`` …) puts these pieces together.

>>> "cardlab-felt-table" in FELT_CSS
True
>>> title_html("Plump", "Runda 1 av 9")
'<div style="color:#fff;font:bold 18px sans-serif;text-align:center;margin:1px 0 3px">♠ ♥ Plump ♦ ♣ <span style="font:15px sans-serif">· Runda 1 av 9</span></div>'
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Sequence

from .cards import card_svg


#: The CSS every felt table needs once on the page (the table widget carries ``cardlab-felt-table``).
FELT_CSS = """
<style>
.cardlab-felt-table { background: radial-gradient(ellipse at center, #2e7d32 0%, #1b5e20 70%, #123d16 100%);
  border: 7px solid #6d4c41; border-radius: 22px; padding: 4px 8px 6px; max-width: 960px;
  box-shadow: 0 4px 14px rgba(0,0,0,.35); }
.cardlab-felt-table .widget-label, .cardlab-felt-table .widget-label-basic,
.cardlab-felt-table .widget-checkbox label, .cardlab-felt-table .widget-dropdown > label { color: #fff !important; }
.cardlab-card-btn { height: 92px !important; width: 64px !important; border-radius: 9px !important; padding: 0 !important;
  border: 1px solid #9e9e9e !important; box-shadow: 1px 2px 4px rgba(0,0,0,.45) !important; margin: 3px !important;
  transition: transform .12s; }
.cardlab-card-btn.cardlab-card-narrow { width: auto !important; flex: 0 1 48px; min-width: 34px; height: 76px !important;
  margin: 2px !important; }
.cardlab-card-btn:hover:not(.cardlab-illegal) { transform: translateY(-8px); }
.cardlab-card-btn.cardlab-illegal { opacity: .55; box-shadow: none !important; }
.cardlab-card-btn.cardlab-hinted { border: 3px solid #fbc02d !important; transform: translateY(-8px); }
.cardlab-felt-table .cardlab-hinted:not(.cardlab-card-btn) { box-shadow: 0 0 0 4px #fbc02d !important; }
.cardlab-hint.cardlab-thinking { opacity: .8; font-style: italic; }
.cardlab-card-btn.cardlab-selected { border: 3px solid #1e88e5 !important; transform: translateY(-12px); }
.cardlab-next, .cardlab-hint, .cardlab-undo, .cardlab-new-game, .cardlab-prikk, .cardlab-action-btn {
  border-radius: 8px !important; font-weight: bold !important; }
.cardlab-next.cardlab-read-on:not(:disabled), .cardlab-next:not(:disabled) { background: #ffca28 !important;
  color: #3e2723 !important; }
.cardlab-controls { margin: 2px 0 0; }
.cardlab-settings { margin: 4px 0 2px; }
.cardlab-prikk { flex: 0 0 auto; background: #ffca28 !important; color: #3e2723 !important; font-size: 17px !important; }
.cardlab-protokoll-box { background: #fffdf5; border-radius: 12px; padding: 8px 12px; margin-top: 8px; max-width: 960px; }
.cardlab-protokoll-box table.cardlab-protokoll td, .cardlab-protokoll-box table.cardlab-protokoll th {
  border: 1px solid #d7ccc8; padding: 2px 8px; text-align: center; }
.cardlab-felt-table .cardlab-line { color: #fff; font: 15px sans-serif; }
.cardlab-felt-table .cardlab-log details, .cardlab-felt-table .cardlab-log summary { color: #e8f5e9 !important; }
</style>
"""


def seats_around(seat: int, players: int) -> list[int]:
    """The other seats in playing order after ``seat`` (drawn along the top of the felt).

    >>> seats_around(1, 4)
    [2, 3, 0]
    """
    return [(seat + k) % players for k in range(1, players)]


def dealer_badge(label: str) -> str:
    """The small yellow "giv" / "dealer" badge beside the dealer's name."""
    word = html.escape(label)
    return (f'<span title="{word}" style="background:#ffca28;color:#3e2723;border-radius:9px;padding:0 6px;'
            f'margin-left:4px;font-size:12px">{word}</span>')


def seat_box_html(s: int, name: str, body: str, *, to_move: str | None = None, dealer: str | None = None,
                  margin: str = "4px 6px") -> str:
    """One player's box on the felt: the name (with the dealer badge and "● tur" when it is their
    move, ringed in yellow), then ``body`` (the game's own lines and cards, as HTML).

    >>> box = seat_box_html(2, "Bot 2", "<div>3 kort</div>", to_move="tur")
    >>> 'data-seat="2"' in box and "● tur" in box and "#ffeb3b;" in box
    True
    """
    ring = "box-shadow:0 0 0 3px #ffeb3b;" if to_move is not None else ""
    badge = dealer_badge(dealer) if dealer is not None else ""
    turn = f' <span style="color:#ffeb3b">● {html.escape(to_move)}</span>' if to_move is not None else ""
    return (f'<div class="cardlab-seat" data-seat="{s}" style="display:inline-block;vertical-align:top;margin:{margin};min-width:0;flex:0 1 auto;'
            f'padding:3px 8px;border-radius:12px;background:rgba(0,0,0,.25);color:#fff;{ring}text-align:center">'
            f'<div style="font:bold 16px sans-serif">{html.escape(name)}{badge}{turn}</div>{body}</div>')


def hand_row_html(hand: Iterable[Any], *, face_up: bool, four_colour: bool, up_width: int, down_width: int,
                  min_height: int, max_width: int | None = None, overlap: int = 0) -> str:
    """A bot's cards in front of its seat: face down, or face up in teacher mode.  Face-down cards
    overlap by ``overlap`` pixels (a fanned pile: thirteen cards stay narrow enough for three seats in a row).

    >>> hand_row_html(["AS", "KH"], face_up=False, four_colour=False, up_width=30, down_width=20,
    ...               min_height=30).count("<svg")
    2
    >>> "margin-left:-9px" in hand_row_html(["AS", "KH"], face_up=False, four_colour=False, up_width=30,
    ...                                     down_width=20, min_height=30, overlap=9)
    True
    """
    if face_up:
        cards = "".join(card_svg(c, width=up_width, four_colour=four_colour) for c in hand)
    else:
        back = card_svg("AS", face_down=True, width=down_width)
        cards = "".join(back if i == 0 or not overlap else
                        f'<span style="display:inline-block;margin-left:-{overlap}px">{back}</span>'
                        for i, _ in enumerate(hand))
    widest = f";max-width:{max_width}px" if max_width is not None else ""
    return f'<div style="margin-top:3px;min-height:{min_height}px{widest}">{cards}</div>'


def trick_cells_html(shown: Iterable[tuple[int, Any]], names: Sequence[str], *, winner: int | None, width: int,
                     four_colour: bool) -> str:
    """The cards of a trick, each above its player's name (the winner's card highlighted)."""
    cells = []
    for s, c in shown:
        svg = card_svg(c, width=width, four_colour=four_colour, highlight=(s == winner))
        cells.append(f'<div style="display:inline-block;text-align:center;margin:0 5px">{svg}'
                     f'<div style="color:#fff;font:13px sans-serif">{html.escape(names[s])}</div></div>')
    return "".join(cells)


def caption_html(label: str, sentence: str, *, font: str = "bold 15px sans-serif") -> str:
    """A yellow line under the trick: "Senaste sticket: Bot 1 tar sticket. …"."""
    return (f'<div style="color:#fff59d;font:{font};margin-top:4px">{html.escape(label)}: '
            f'{html.escape(sentence)}</div>')


def felt_frame(top: str, middle: str, me: str, *, extra: str = "", margin: str = "4px 0", classes: str = "cardlab-felt") -> str:
    """The felt's three bands: the other seats (on one row, each box narrowing on a narrow screen rather
    than wrapping onto a second row), the middle of the table (then ``extra``), your seat."""
    return (f'<div class="{classes}" style="text-align:center">'
            f'<div style="display:flex;flex-wrap:nowrap;justify-content:center">{top}</div>'
            f'<div style="margin:{margin};display:flex;flex-wrap:nowrap;justify-content:center;align-items:flex-start">'
            f'{middle}</div>{extra}<div>{me}</div></div>')


def title_html(game: str, line: str) -> str:
    """The title above the felt, on one line: the game's name between suit signs, then the round."""
    return (f'<div style="color:#fff;font:bold 18px sans-serif;text-align:center;margin:1px 0 3px">♠ ♥ {html.escape(game)} ♦ ♣'
            f' <span style="font:15px sans-serif">· {html.escape(line)}</span></div>')


def status_html(text: str) -> str:
    """The big line that says whose turn it is."""
    return (f'<div style="color:#fff;font:bold 18px sans-serif;text-align:center;margin:2px">'
            f'{html.escape(text)}</div>')


def heading_html(text: str) -> str:
    """The score sheet's heading ("Protokoll")."""
    return f'<div style="font:bold 17px sans-serif">{html.escape(text)}</div>'


#: Colours of the message line: (background, text) per tone.
TONES = {
    "info": ("#fffde7", "#5d4037"),
    "error": ("#ffebee", "#b71c1c"),
    "hint": ("#e3f2fd", "#0d47a1"),
    "good": ("#e8f5e9", "#1b5e20"),
}


def message_html(text: str, tone: str = "info") -> str:
    """The message line (a live region that screen readers read out).

    >>> 'role="status"' in message_html("Din tur", "hint")
    True
    """
    background, colour = TONES.get(tone, TONES["info"])
    shown = html.escape(text) or "&nbsp;"
    return (f'<div role="status" aria-live="polite" style="background:{background};color:{colour};'
            f'border-radius:10px;padding:5px 12px;font:bold 17px sans-serif;min-height:22px">{shown}</div>')


def log_html(title: str, lines: Sequence[str]) -> str:
    """The folded "What happened" list (newest first); empty when there is nothing to list.

    >>> log_html("Vad som hänt", ["Bot 1 bjuder 0."]).count("<li>")
    1
    >>> log_html("Vad som hänt", [])
    ''
    """
    if not lines:
        return ""
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return (f'<details style="font:13px sans-serif;color:#333"><summary>{html.escape(title)}'
            f'</summary><ul style="margin:4px 0">{items}</ul></details>')
