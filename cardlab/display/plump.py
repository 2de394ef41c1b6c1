"""A Plump round drawn as a table: trump card, the trick on the table, hands, bids and tricks.

>>> from cardlab import PlumpRound, PlumpRules
>>> rnd = PlumpRound.deal(PlumpRules(), hand_size=3, rng=2)
>>> "cardlab-plump" in plump_round_html(rnd)
True
"""

from __future__ import annotations

import html
from typing import Any, Sequence

from ..i18n import check_language, suit_name, tr
from .cards import card_svg, cards_html, trick_html


def plump_round_html(rnd: Any, *, seat: int | None = None, reveal: bool = True, names: Sequence[str] | None = None,
                     lang: str | None = None, four_colour: bool | None = None) -> str:
    """The round as HTML.  ``seat`` is the viewer; other hands are face down unless ``reveal``."""
    from ..sheets.common import player_names

    lang = check_language(lang)
    who = player_names(rnd.players, names, lang)
    if rnd.trump_card is not None:
        trump = card_svg(rnd.trump_card, four_colour=four_colour)
    elif rnd.trump is not None:
        trump = html.escape(f"{rnd.trump.symbol} {suit_name(rnd.trump, lang)}")
    else:
        trump = html.escape(tr("table.no_trump", lang))
    led = rnd.led_suit
    led_text = html.escape(tr("table.led", lang, suit=led)) if led is not None else ""
    trick = trick_html([c for _, c in rnd.current_trick], seats=[s for s, _ in rnd.current_trick],
                       names=who, four_colour=four_colour) if rnd.current_trick else ""
    rows = []
    for s in range(rnd.players):
        show = reveal or seat == s
        hand = (cards_html(rnd.hands[s], four_colour=four_colour, width=40) if show
                else "".join(card_svg("AS", face_down=True, width=28) for _ in rnd.hands[s]))
        bid = "" if rnd.bids[s] is None else str(rnd.bids[s])
        mark = f" ({tr('table.dealer_mark', lang)})" if s == rnd.dealer else ""
        turn = ' style="background:#e8f5e9"' if s == rnd.to_move else ""
        rows.append(f"<tr{turn}><th style='text-align:left'>{html.escape(who[s])}{html.escape(mark)}</th>"
                    f"<td>{bid}</td><td>{rnd.tricks_taken[s]}</td><td>{hand}</td></tr>")
    return (f'<div class="cardlab-plump" style="font:14px sans-serif">'
            f'<div><b>{tr("table.trump", lang)}:</b> {trump} <span style="margin-left:1em">{led_text}</span></div>'
            f'<div style="min-height:90px;margin:6px 0">{trick}</div>'
            f'<table style="border-collapse:collapse"><thead><tr><th></th><th>{tr("table.bid", lang)}</th>'
            f'<th>{tr("table.tricks", lang)}</th><th></th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>')
