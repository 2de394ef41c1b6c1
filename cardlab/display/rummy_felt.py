"""The Rummy table's felt as HTML: the other players at the top, the stock and discard pile, the melds on the table.

>>> from cardlab.games.rummy import RummyGame
>>> page = rummy_felt_html(RummyGame.start(seed=1), 0, ["Du", "Bot 1", "Bot 2"], "sv")
>>> "Draghögen" in page and "Inga kombinationer på bordet än." in page
True
"""

from __future__ import annotations

import html
from typing import Any, Sequence

from ..games.rummy import RummyGame
from ..i18n import tr
from . import felt
from .cards import card_svg
from .rummy import table_html


#: Rummy's own look on top of :data:`cardlab.display.felt.FELT_CSS`.
RUMMY_CSS = """
<style>
.cardlab-rummy-felt .cardlab-melds-panel { background: #fffdf5; border-radius: 12px; padding: 3px 10px; margin: 4px auto;
  max-width: 900px; text-align: left; }
.cardlab-draw-btn { border-radius: 8px !important; font-weight: bold !important; height: 40px !important; }
</style>
"""


def _seat_box(game: RummyGame, rnd: Any, s: int, names: Sequence[str], lang: str, *, human: bool, teacher: bool,
              four_colour: bool) -> str:
    hand = rnd.hands[s]
    detail = (f'{html.escape(tr("rummy.table.cards", lang, count=len(hand)))} · '
              f'<b>{html.escape(tr("rummy.table.total", lang, points=game.totals[s]))}</b>')
    cards = "" if human else felt.hand_row_html(hand, face_up=teacher, four_colour=four_colour, up_width=26,
                                                   down_width=16, min_height=24, max_width=300, overlap=6)
    to_move = rnd is game.round and rnd.to_move == s and not game.is_over
    return felt.seat_box_html(s, names[s], f'<div style="font:14px sans-serif;margin-top:2px">{detail}</div>{cards}',
                              to_move=tr("widget.to_move", lang) if to_move else None,
                              dealer=tr("widget.dealer", lang) if s == rnd.dealer else None)


def rummy_felt_html(game: RummyGame, seat: int, names: Sequence[str], lang: str, *, teacher: bool = False,
                    four_colour: bool = False, rnd: Any = None) -> str:
    """The green felt for ``seat`` (other hands face down unless ``teacher``), showing ``rnd`` (default: the
    round being played; a table passes the round that just ended, with the melds that ended it and the
    cards left in every hand face up, while the child reads how it went)."""
    rnd = game.round if rnd is None else rnd
    ended = rnd is not game.round or game.is_over
    players = game.players
    top = "".join(_seat_box(game, rnd, s, names, lang, human=False, teacher=teacher or ended, four_colour=four_colour)
                  for s in felt.seats_around(seat, players))
    stock = card_svg("AS", face_down=True, width=40) if rnd.stock else _empty_place(40)
    discard = card_svg(rnd.discard_top, width=40, four_colour=four_colour) if rnd.discard_pile else _empty_place(40)
    label = 'style="color:#fff;font:13px sans-serif"'
    piles = (f'<div class="cardlab-rummy-piles" style="display:inline-block;vertical-align:top;margin:0 12px">'
             f'<div style="display:inline-block;text-align:center;margin:0 8px">{stock}<div {label}>'
             f'{html.escape(tr("rummy.show.stock", lang))} ({len(rnd.stock)})</div></div>'
             f'<div style="display:inline-block;text-align:center;margin:0 8px">{discard}<div {label}>'
             f'{html.escape(tr("rummy.show.discard", lang))} ({len(rnd.discard_pile)})</div></div></div>')
    melds = table_html(rnd.table, names=names, players=players, lang=lang, four_colour=four_colour, width=34)
    panel = (f'<div class="cardlab-melds-panel"><div style="font:bold 14px sans-serif;color:#33691e">'
             f'{html.escape(tr("rummy.show.table", lang))}</div>{melds}</div>')
    me = _seat_box(game, rnd, seat, names, lang, human=True, teacher=teacher, four_colour=four_colour)
    return felt.felt_frame(top, piles, me, extra=panel, margin="4px 0", classes="cardlab-felt cardlab-rummy-felt")


def _empty_place(width: int) -> str:
    height = round(width * 80 / 56)
    return (f'<div style="display:inline-block;width:{width}px;height:{height}px;border:2px dashed #a5d6a7;'
            f'border-radius:6px;vertical-align:middle"></div>')
