"""The Femkamp table's felt as HTML: the other players at the top, the trick or the kabal rows in the middle, you below.

>>> from cardlab.games.femkamp import FemkampGame
>>> page = femkamp_felt_html(FemkampGame.start(seed=1), 0, ["Du", "Bot 1", "Bot 2", "Bot 3"], "nb")
>>> "cardlab-felt" in page and "Ta så få stikk som mulig" in page
True
"""

from __future__ import annotations

import html
from typing import Any, Sequence

from ..games.femkamp import FemkampGame
from ..i18n import tr
from ..rules.femkamp import round_goal, round_scoring, round_title
from ..sheets.femkamp import count_message
from . import felt
from .femkamp import kabal_layout_html


def _signed(value: int) -> str:
    return str(value).replace("-", "−")


def _seat_box(game: FemkampGame, rnd: Any, s: int, names: Sequence[str], lang: str, *, human: bool, teacher: bool,
              four_colour: bool) -> str:
    if rnd.round_name == "kabal":
        detail = (f'{html.escape(count_message("prikks", rnd.prikks[s]).text(lang))} · '
                  f'{html.escape(tr("femkamp.table.cards_left", lang, count=len(rnd.hands[s])))}')
    else:
        detail = html.escape(count_message("tricks", rnd.tricks_taken[s]).text(lang))
    points = (f'{html.escape(tr("femkamp.table.round_points", lang, points=_signed(rnd.scores()[s])))} · '
              f'<b>{html.escape(tr("femkamp.table.total_points", lang, points=_signed(game.totals[s])))}</b>')
    cards = "" if human else felt.hand_row_html(rnd.hands[s], face_up=teacher, four_colour=four_colour, up_width=26,
                                                   down_width=16, min_height=24, max_width=260, overlap=8)
    body = (f'<div style="font:14px sans-serif;margin-top:2px">{detail}</div>'
            f'<div style="font:13px sans-serif;color:#c8e6c9">{points}</div>{cards}')
    to_move = rnd is game.round and rnd.to_move == s and not game.is_over
    return felt.seat_box_html(s, names[s], body, margin="3px 2px", to_move=tr("widget.to_move", lang) if to_move else None,
                              dealer=tr("widget.dealer", lang) if s == rnd.dealer else None)


def femkamp_felt_html(game: FemkampGame, seat: int, names: Sequence[str], lang: str, *, teacher: bool = False,
                      four_colour: bool = False, rnd: Any = None) -> str:
    """The green felt for ``seat`` (other hands face down unless ``teacher``), showing ``rnd`` (default: the
    round being played; a table passes the round that just ended while the child reads how it went)."""
    rnd = game.round if rnd is None else rnd
    top = "".join(_seat_box(game, rnd, s, names, lang, human=False, teacher=teacher, four_colour=four_colour)
                  for s in felt.seats_around(seat, game.players))
    name = rnd.round_name
    side = (f'<div class="cardlab-round-goal" style="display:inline-block;vertical-align:top;flex:0 0 160px;color:#fff;'
            f'font:15px sans-serif;text-align:center;background:rgba(0,0,0,.2);border-radius:12px;padding:4px 8px">'
            f'<div style="font:bold 18px sans-serif">{html.escape(round_title(name, lang))}</div>'
            f'<div style="font:bold 16px sans-serif;color:#fff59d;margin:3px 0">{html.escape(round_goal(name, lang))}</div>'
            f'<div style="font:13px sans-serif">{html.escape(tr("femkamp.table.scoring", lang, rule=round_scoring(name, lang, game.rules)))}</div>'
            f'</div>')
    from ..session.femkamp import last_trick, trick_won

    done = last_trick(game, rnd)
    caption = "" if done is None else felt.caption_html(tr("widget.last_trick", lang), trick_won(done, names).text(lang),
                                                        font="13px sans-serif" if name == "kabal"
                                                        else "bold 15px sans-serif")
    if name == "kabal":
        middle = (f'<div style="color:#fff;font:bold 15px sans-serif;margin-bottom:4px">{html.escape(tr("femkamp.table.kabal", lang))}</div>'
                  f'{kabal_layout_html(rnd.layout, width=38, four_colour=four_colour, lang=lang)}{caption}')
    else:
        shown = list(rnd.current_trick) if name != "kabal" else []
        winner = None
        if done is not None:
            shown = list(zip(done.seats, done.cards))
            winner = done.winner
        cells = felt.trick_cells_html(shown, names, winner=winner, width=62, four_colour=four_colour)
        opacity = "opacity:.85;" if done is not None else ""
        middle = f'<div style="{opacity}">{cells}</div>{caption}'
    centre = (f'<div class="cardlab-trick-area" style="display:inline-block;vertical-align:top;flex:0 1 430px;min-width:0;'
              f'min-height:100px;text-align:center;margin-left:10px">{middle}</div>')
    me = _seat_box(game, rnd, seat, names, lang, human=True, teacher=teacher, four_colour=four_colour)
    return felt.felt_frame(top, side + centre, me)
