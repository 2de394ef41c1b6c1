"""Femkamp on screen: the kabal layout as rows of cards, a trick round's table, the whole game.

Every function returns a self-contained HTML string (no ipywidgets here).

>>> from cardlab.games.kabal import KabalLayout
>>> page = kabal_layout_html(KabalLayout.from_cards("6H 7H 8H 7S"))
>>> page.count('aria-label="6♥"'), page.count("cardlab-kabal-row")
(1, 4)
"""

from __future__ import annotations

import html
from typing import Any, Sequence

from ..cards import Card, Rank, Suit
from ..i18n import suit_name
from ..sheets.common import seat_name
from .cards import card_svg, hand_html, trick_html

_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_RANKS_LOW_TO_HIGH = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT,
                      Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
_SLOT = ('<div style="display:inline-block;width:{w}px;height:{h}px;margin:2px;border:1px dashed #9e9e9e;'
         'border-radius:4px;box-sizing:border-box;vertical-align:middle;{extra}"></div>')


def _slot(width: int, seven: bool) -> str:
    height = round(width * 80 / 56)
    extra = "background:#f1f8e9;" if seven else ""
    return _SLOT.format(w=width, h=height, extra=extra)


def kabal_layout_html(layout: Any, *, width: int = 36, four_colour: bool | None = None, lang: str | None = None,
                      highlight: Sequence[Card] = ()) -> str:
    """The kabal table: one row per suit, A at the left and K at the right, each row grown from its 7.

    Empty places are dashed outlines (the 7's place is tinted) so a child sees where the next card goes.
    """
    marked = set(highlight)
    rows = []
    for suit in _SUITS:
        low, high = layout.rows[suit.index]
        cells = []
        for position, rank in enumerate(_RANKS_LOW_TO_HIGH, start=1):
            if low and low <= position <= high:
                card = Card(rank, suit)
                cells.append(card_svg(card, width=width, four_colour=four_colour, highlight=card in marked))
            else:
                cells.append(_slot(width, position == 7))
        label = html.escape(suit_name(suit, lang))
        rows.append(f'<div class="cardlab-kabal-row" style="white-space:nowrap" title="{label}">'
                    f'<span style="display:inline-block;width:18px;font:16px sans-serif">{suit.symbol}</span>'
                    f'{"".join(cells)}</div>')
    return ('<div class="cardlab-kabal" style="display:inline-block;background:#2e7d32;padding:6px 8px;'
            f'border-radius:8px;color:#fff">{"".join(rows)}</div>')


def _seat_line(seat: int, text: str, *, dealer: bool, to_move: bool, names: Sequence[str] | None) -> str:
    who = names[seat] if names else seat_name(seat)
    marks = (" (G)" if dealer else "") + (" ◀" if to_move else "")
    return f'<div style="font:13px sans-serif">{html.escape(who)}{marks}: {html.escape(text)}</div>'


def kabal_round_html(rnd: Any, *, seat: int | None = None, names: Sequence[str] | None = None,
                     lang: str | None = None) -> str:
    """A kabal round: the layout, each seat's prikks and cards left, and ``seat``'s hand (None: no hand)."""
    from ..sheets.femkamp import count_message

    lines = []
    for s in range(rnd.players):
        text = f"{count_message('prikks', rnd.prikks[s]).text(lang)}, {count_message('cards', len(rnd.hands[s])).text(lang)}"
        lines.append(_seat_line(s, text, dealer=s == rnd.dealer, to_move=s == rnd.to_move, names=names))
    hand = ""
    if seat is not None:
        legal = set(rnd.legal_cards(seat)) if seat == rnd.to_move else set()
        hand = hand_html(rnd.hands[seat], dimmed=[c for c in rnd.hands[seat] if c not in legal])
    return f'<div class="cardlab-kabal-round">{kabal_layout_html(rnd.layout, lang=lang)}<div>{"".join(lines)}</div>{hand}</div>'


def trick_round_html(rnd: Any, *, seat: int | None = None, names: Sequence[str] | None = None,
                     lang: str | None = None) -> str:
    """A trick round: the round's goal, the trick on the table (or the last one), tricks taken, ``seat``'s hand."""
    from ..rules.femkamp import round_goal, round_title

    title = f"{round_title(rnd.round_name, lang)}: {round_goal(rnd.round_name, lang)}"
    if rnd.current_trick:
        trick = trick_html([c for _, c in rnd.current_trick], seats=[s for s, _ in rnd.current_trick], names=names)
    elif rnd.completed_tricks:
        last = rnd.completed_tricks[-1]
        trick = trick_html(last.cards, seats=last.seats, winner_index=last.seats.index(last.winner), names=names)
    else:
        trick = ""
    scores = rnd.scores()
    lines = [_seat_line(s, f"{rnd.tricks_taken[s]} / {scores[s]:+d}".replace("-", "−"), dealer=s == rnd.dealer,
                        to_move=s == rnd.to_move, names=names) for s in range(rnd.players)]
    hand = ""
    if seat is not None:
        legal = set(rnd.legal_cards(seat)) if seat == rnd.to_move else set(rnd.hands[seat])
        hand = hand_html(rnd.hands[seat], dimmed=[c for c in rnd.hands[seat] if c not in legal])
    return (f'<div class="cardlab-femkamp-round"><div style="font:bold 14px sans-serif">{html.escape(title)}</div>'
            f'{trick}<div>{"".join(lines)}</div>{hand}</div>')


def femkamp_table_html(game: Any, *, seat: int | None = None, names: Sequence[str] | None = None,
                       lang: str | None = None) -> str:
    """The whole game: the current round (or nothing when over) beside the score sheet."""
    from ..sheets.femkamp import score_sheet_html

    current = ""
    if not game.is_over:
        rnd = game.round
        if rnd.round_name == "kabal":
            current = kabal_round_html(rnd, seat=seat, names=names, lang=lang)
        else:
            current = trick_round_html(rnd, seat=seat, names=names, lang=lang)
    sheet = score_sheet_html(game, names=names, lang=lang)
    return (f'<div class="cardlab-femkamp" style="display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap">'
            f'<div>{current}</div><div>{sheet}</div></div>')
