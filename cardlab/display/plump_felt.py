"""The Plump table's felt as HTML: the other players around the top, the trick in the middle, trump and led suit beside it.

>>> from cardlab.games.plump import PlumpGame
>>> from cardlab.rules.plump import PlumpRules
>>> game = PlumpGame.start(PlumpRules.preset("kids"), seed=1)
>>> "cardlab-felt" in felt_html(game, 0, ["Du", "Bot 1", "Bot 2", "Bot 3"], "sv")
True
"""

from __future__ import annotations

import html
from typing import Any, Sequence

from ..games.plump import PlumpGame
from ..i18n import suit_name, tr
from . import felt
from .cards import card_svg, suit_colour

#: Plump's own look on top of :data:`cardlab.display.felt.FELT_CSS`: the round bid buttons.
PLUMP_CSS = """
<style>
.cardlab-felt-table.cardlab-plump-table { max-width: 900px; }
.cardlab-bid-btn { width: 46px !important; height: 46px !important; border-radius: 50% !important;
  font-size: 19px !important; font-weight: bold !important; margin: 3px !important;
  box-shadow: 1px 2px 3px rgba(0,0,0,.4) !important; }
.cardlab-bid-btn:disabled { opacity: .45; text-decoration: line-through; }
.cardlab-felt-table .cardlab-bidline { color: #fff; font: 15px sans-serif; }
.cardlab-plump .cardlab-protokoll-box { max-width: 900px; }
</style>
"""


def _seat_box(game: PlumpGame, rnd: Any, s: int, names: Sequence[str], lang: str, *, show_hand: bool,
              four_colour: bool, human: bool) -> str:
    bid = rnd.bids[s]
    bid_text = "–" if bid is None else str(bid)
    hit = bid is not None and rnd.tricks_taken[s] == bid
    over = bid is not None and rnd.tricks_taken[s] > bid
    colour = "#c8e6c9" if hit else ("#ffcdd2" if over else "#fff")
    badge = (f'<div style="font:15px sans-serif;color:{colour};margin-top:1px">{html.escape(tr("table.bid", lang))}: <b>{bid_text}</b>'
             f' · {html.escape(tr("table.tricks", lang))}: <b>{rnd.tricks_taken[s]}</b></div>')
    cards = "" if human else felt.hand_row_html(rnd.hands[s], face_up=show_hand, four_colour=four_colour,
                                                   up_width=30, down_width=18, min_height=28, overlap=6)
    to_move = rnd is game.round and rnd.to_move == s and not game.is_over
    return felt.seat_box_html(s, names[s], badge + cards, margin="4px 8px",
                              to_move=tr("widget.to_move", lang) if to_move else None,
                              dealer=tr("widget.dealer", lang) if s == rnd.dealer else None)


def felt_html(game: PlumpGame, seat: int, names: Sequence[str], lang: str, *, teacher: bool = False,
              four_colour: bool = False, rnd: Any = None) -> str:
    """The green felt for ``seat`` (other hands face down unless ``teacher``), showing ``rnd`` (default: the
    round being played; a table passes the round that just ended while the child reads how it went)."""
    from ..session.plump import last_trick, trick_message

    rnd = game.round if rnd is None else rnd
    top = "".join(_seat_box(game, rnd, s, names, lang, show_hand=teacher, four_colour=four_colour, human=False)
                  for s in felt.seats_around(seat, rnd.players))
    if rnd.trump_card is not None:
        trump = card_svg(rnd.trump_card, width=40, four_colour=four_colour)
        trump_words = f"{rnd.trump.symbol} {suit_name(rnd.trump, lang)}"
    elif rnd.trump is not None:
        colour = suit_colour(rnd.trump, four_colour)
        trump = f'<span style="font-size:40px;color:{colour};background:#fff;border-radius:8px;padding:0 8px">{rnd.trump.symbol}</span>'
        trump_words = suit_name(rnd.trump, lang)
    else:
        trump, trump_words = "", tr("table.no_trump", lang)
    led = rnd.led_suit
    led_line = (f'<div style="margin-top:6px">{html.escape(tr("table.led", lang, suit=led))} '
                f'<span style="background:#fff;border-radius:6px;padding:0 5px;color:{suit_colour(led, four_colour)}">{led.symbol}</span></div>'
                if led is not None else "")
    side = (f'<div class="cardlab-trump" style="display:inline-block;vertical-align:top;flex:0 0 150px;color:#fff;'
            f'font:15px sans-serif;text-align:center">'
            f'<div><b>{html.escape(tr("table.trump", lang))}</b></div><div>{trump}</div>'
            f'<div>{html.escape(trump_words)}</div>{led_line}</div>')
    shown = [(s, c) for s, c in rnd.current_trick]
    winner = None
    caption = ""
    done = last_trick(game, rnd)
    if done is not None:
        shown = list(zip(done.seats, done.cards))
        winner = done.winner
        caption = felt.caption_html(tr("widget.last_trick", lang), trick_message(done, names).text(lang))
    cells = felt.trick_cells_html(shown, names, winner=winner, width=56, four_colour=four_colour)
    opacity = "opacity:.8;" if done is not None else ""
    trick = (f'<div class="cardlab-trick-area" style="display:inline-block;vertical-align:top;flex:0 1 420px;min-width:0;min-height:96px;'
             f'text-align:center;{opacity}">{cells}{caption}</div>')
    me = _seat_box(game, rnd, seat, names, lang, show_hand=False, four_colour=four_colour, human=True)
    return felt.felt_frame(top, side + trick, me)
