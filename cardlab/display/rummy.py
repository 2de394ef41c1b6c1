"""Rummy on screen: a hand, the melds on the table (with who laid them), the discard pile's top card and the stock.

Every function returns a self-contained HTML string with inline SVG cards
(no ipywidgets here).  Give a seat's view to show what that player may see
(other hands face down), or a whole round for the teacher's view (all hands open).

>>> from cardlab import RummyRules
>>> from cardlab.games.rummy import RummyRound, Meld, Draw
>>> rnd = RummyRound.from_cards(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], stock="4S 8D 8C", discard="9C")
>>> rnd.apply(Draw(seat=1)); rnd.apply(Meld(seat=1, cards="AS 2S 3S"))
>>> page = rummy_round_html(rnd.view(0), names=["Anna", "Björn", "Cissi"], lang="sv")
>>> "Björn" in page, 'aria-label="A♠"' in page, 'aria-label="K♠"' in page, 'aria-label="5♣"' in page
(True, True, True, False)
>>> 'aria-label="5♣"' in rummy_round_html(rnd)          # the teacher sees every hand
True
"""

from __future__ import annotations

import html
from typing import Any, Sequence

from ..i18n import check_language, tr
from ..sheets.common import player_names
from .cards import card_svg, cards_html, hand_html, pile_html

_BOX = 'style="display:inline-block;vertical-align:top;margin:4px 10px 4px 0;font:13px sans-serif"'


def table_html(table: Sequence[Any], *, names: Sequence[str] | None = None, players: int | None = None,
               lang: str | None = None, four_colour: bool | None = None, width: int = 40) -> str:
    """The melds on the table, each with who laid it down and who laid cards off onto it."""
    lang = check_language(lang)
    players = players or (max((m.owner for m in table), default=0) + 1)
    who = player_names(players, names, lang)
    if not table:
        return f'<div class="cardlab-rummy-table" style="font:13px sans-serif;color:#555">{html.escape(tr("rummy.show.no_melds", lang))}</div>'
    items = []
    for index, meld in enumerate(table):
        added = set(c for _, c in meld.additions)
        cards = cards_html(meld.cards, four_colour=four_colour, width=width, highlight=added)
        lines = [tr("rummy.show.laid_by", lang, name=who[meld.owner])]
        lines += [tr("rummy.show.added_by", lang, card=card, name=who[seat]) for seat, card in meld.additions]
        text = "<br>".join(html.escape(line) for line in lines)
        items.append(f'<div class="cardlab-rummy-meld" data-index="{index}" {_BOX}><b>#{index}</b> {cards}'
                     f'<div style="color:#444">{text}</div></div>')
    return f'<div class="cardlab-rummy-table">{"".join(items)}</div>'


def piles_html(stock_size: int, discard_pile: Sequence[Any], *, lang: str | None = None,
               four_colour: bool | None = None) -> str:
    """The stock (face down, with its size) beside the discard pile's top card."""
    lang = check_language(lang)
    stock = pile_html(stock_size, label=tr("rummy.show.stock", lang))
    if discard_pile:
        top = card_svg(discard_pile[-1], four_colour=four_colour)
    else:
        top = '<div style="display:inline-block;width:56px;height:80px;border:1px dashed #999;border-radius:5px"></div>'
    count = tr("rummy.show.cards_in_pile", lang, count=len(discard_pile))
    discard = (f'<div class="cardlab-pile" style="display:inline-block;text-align:center;margin-left:10px">{top}'
               f'<div style="font:12px sans-serif">{html.escape(tr("rummy.show.discard", lang))} ({html.escape(count)})</div></div>')
    return f'<div class="cardlab-rummy-piles">{stock}{discard}</div>'


def rummy_round_html(state: Any, *, names: Sequence[str] | None = None, lang: str | None = None,
                     four_colour: bool | None = None) -> str:
    """A Rummy round: status line, the table, the stock and discard pile, and the hands.

    ``state`` is a seat's :class:`cardlab.games.rummy.RummyView` (other hands face down) or a
    :class:`cardlab.games.rummy.RummyRound` (every hand open, for a teacher).
    """
    lang = check_language(lang)
    players = state.players
    who = player_names(players, names, lang)
    is_view = hasattr(state, "hand_sizes")
    if state.phase == "over":
        status = (tr("rummy.show.went_out", lang, name=who[state.winner]) if state.winner is not None
                  else tr("rummy.show.stock_out", lang))
    else:
        status = tr("rummy.show.to_move", lang, name=who[state.to_move])
    parts = [f'<div style="font:bold 14px sans-serif;margin-bottom:4px">{html.escape(status)}</div>',
             f'<div style="font:bold 13px sans-serif">{html.escape(tr("rummy.show.table", lang))}</div>',
             table_html(state.table, names=who, players=players, lang=lang, four_colour=four_colour),
             piles_html(state.stock_size if is_view else len(state.stock), state.discard_pile, lang=lang,
                        four_colour=four_colour)]
    hands = []
    for seat in range(players):
        if is_view and seat != state.seat:
            backs = "".join(card_svg("AS", face_down=True, width=24) for _ in range(state.hand_sizes[seat]))
            label = tr("rummy.show.hand_of", lang, name=who[seat], count=state.hand_sizes[seat])
            hands.append(f'<div {_BOX}>{html.escape(label)}<div>{backs}</div></div>')
        else:
            cards = state.hand if is_view else state.hands[seat]
            label = (tr("rummy.show.your_hand", lang, name=who[seat]) if is_view
                     else tr("rummy.show.hand_of", lang, name=who[seat], count=len(cards)))
            hands.append(f'<div {_BOX}>{hand_html(cards, four_colour=four_colour, label=label)}</div>')
    parts.append(f'<div class="cardlab-rummy-hands">{"".join(hands)}</div>')
    return f'<div class="cardlab-rummy">{"".join(parts)}</div>'
