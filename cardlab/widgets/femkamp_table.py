"""``FemkampTable``: play the Norwegian Femkamp (5-kamp) at a green card table against friendly bots.

A child plays one seat; :class:`cardlab.bots.femkamp.FemkampBot` plays the
others, one move per click on *Nästa* (or by themselves in automatic mode).
The round's name and goal stay in view ("Passrunden: Ta så få stikk som
mulig"); cards you may not play are greyed out but still clickable, and a click
says which rule forbids it.  In the kabal round the rows grow on the felt from
their sevens, and when none of your cards fits you press *Prikk* (+1 point).
The score sheet (protokoll) fills in after every round.

>>> table = FemkampTable(rng=2, lang="nb")
>>> table.game.round_name, len(table.card_buttons)
('pass', 13)
>>> table.run_bots() >= 0 and table.game.to_move == table.seat
True

The small functions here (:func:`describe_move`, :func:`femkamp_felt_html`)
hold the view logic and are tested on their own; no rule is decided here: the
table asks the engine (``legal_actions``, ``why_illegal``, ``apply``).
"""

from __future__ import annotations

import html
from typing import Any, Sequence

import ipywidgets as W

from ..bots.femkamp import FemkampBot
from ..cards import Card
from ..display.femkamp import kabal_layout_html
from ..games.femkamp import FemkampGame, Play, Prikk
from ..games.plump import Trick
from ..i18n import Message, tr
from ..rules.femkamp import FemkampRules, round_goal, round_scoring, round_title
from ..sheets.femkamp import count_message, score_sheet_html
from . import felt
from .base import GameTable, person_key, set_classes, with_classes
from .base import resolve_rules as _resolve
from .felt import FELT_CSS  # noqa: F401  (its old home)

#: The most cards a Femkamp hand can hold (3 players: 17 in a trick round, 18 in the kabal).
MAX_HAND = 18


# ------------------------------------------------------------- view logic
def describe_move(act: Any, name: Any, prikks: int = 0) -> Message:
    """The sentence for a move: "Bot 2 lägger K♠." / "Bot 1 sier prikk (+1). Bot 1 har nå 2 prikker."

    >>> describe_move(Play(2, Card.parse("KS")), "Bot 2").text("sv")
    'Bot 2 lägger K♠.'
    >>> describe_move(Prikk(1), "Bot 1", prikks=2).text("nb")
    'Bot 1 sier prikk (+1). Bot 1 har nå 2 prikker.'
    """
    if isinstance(act, Prikk):
        return Message(person_key("femkamp.table.says_prikk", name), {"name": name, "count": count_message("prikks", prikks)})
    return Message(person_key("femkamp.table.plays", name), {"name": name, "card": act.card})


def trick_won(trick: Trick, names: Sequence[Any]) -> Message:
    """Who took the trick and why: "Bot 1 tar stikket. A♠ vinner: …" / "You take the trick. …"."""
    name = names[trick.winner]
    return Message(person_key("femkamp.table.trick_won", name), {"name": name, "reason": trick.reason()})


def last_trick(game: FemkampGame) -> Trick | None:
    """The trick to show when none is being played: this round's last, or the previous trick round's
    last while the next round has not started yet."""
    rnd = game.round
    if rnd.round_name != "kabal":
        if rnd.current_trick:
            return None
        if rnd.completed_tricks:
            return rnd.completed_tricks[-1]
    if game.finished_rounds:
        prev = game.finished_rounds[-1]
        if prev is not rnd and prev.round_name != "kabal" and prev.completed_tricks and _fresh(rnd):
            return prev.completed_tricks[-1]
    return None


def _fresh(rnd: Any) -> bool:
    """No move made yet in this round."""
    if rnd.round_name == "kabal":
        return not rnd.history
    return not rnd.current_trick and not rnd.completed_tricks


def _signed(value: int) -> str:
    return str(value).replace("-", "−")


def _seat_box(game: FemkampGame, s: int, names: Sequence[str], lang: str, *, human: bool, teacher: bool,
              four_colour: bool) -> str:
    rnd = game.round
    if rnd.round_name == "kabal":
        detail = (f'{html.escape(count_message("prikks", rnd.prikks[s]).text(lang))} · '
                  f'{html.escape(tr("femkamp.table.cards_left", lang, count=len(rnd.hands[s])))}')
    else:
        detail = html.escape(count_message("tricks", rnd.tricks_taken[s]).text(lang))
    points = (f'{html.escape(tr("femkamp.table.round_points", lang, points=_signed(rnd.scores()[s])))} · '
              f'<b>{html.escape(tr("femkamp.table.total_points", lang, points=_signed(game.totals[s])))}</b>')
    cards = "" if human else felt.hand_row_html(rnd.hands[s], face_up=teacher, four_colour=four_colour, up_width=26,
                                                   down_width=16, min_height=26, max_width=260)
    body = (f'<div style="font:14px sans-serif;margin-top:2px">{detail}</div>'
            f'<div style="font:13px sans-serif;color:#c8e6c9">{points}</div>{cards}')
    to_move = rnd.to_move == s and not game.is_over
    return felt.seat_box_html(s, names[s], body, to_move=tr("widget.to_move", lang) if to_move else None,
                              dealer=tr("widget.dealer", lang) if s == rnd.dealer else None)


def femkamp_felt_html(game: FemkampGame, seat: int, names: Sequence[str], lang: str, *, teacher: bool = False,
                      four_colour: bool = False) -> str:
    """The green felt: the other players at the top, the trick or the kabal rows in the middle, you below.

    >>> game = FemkampGame.start(seed=1)
    >>> page = femkamp_felt_html(game, 0, ["Du", "Bot 1", "Bot 2", "Bot 3"], "nb")
    >>> "cardlab-felt" in page and "Ta så få stikk som mulig" in page
    True
    """
    rnd = game.round
    top = "".join(_seat_box(game, s, names, lang, human=False, teacher=teacher, four_colour=four_colour)
                  for s in felt.seats_around(seat, game.players))
    name = rnd.round_name
    side = (f'<div class="cardlab-round-goal" style="display:inline-block;vertical-align:top;width:190px;color:#fff;'
            f'font:15px sans-serif;text-align:center;background:rgba(0,0,0,.2);border-radius:12px;padding:8px">'
            f'<div style="font:bold 18px sans-serif">{html.escape(round_title(name, lang))}</div>'
            f'<div style="font:bold 16px sans-serif;color:#fff59d;margin:6px 0">{html.escape(round_goal(name, lang))}</div>'
            f'<div style="font:13px sans-serif">{html.escape(tr("femkamp.table.scoring", lang, rule=round_scoring(name, lang, game.rules)))}</div>'
            f'</div>')
    done = last_trick(game)
    caption = "" if done is None else felt.caption_html(tr("widget.last_trick", lang), trick_won(done, names).text(lang),
                                                        font="13px sans-serif" if name == "kabal" and not game.is_over
                                                        else "bold 15px sans-serif")
    if name == "kabal" and not game.is_over:
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
    centre = (f'<div class="cardlab-trick-area" style="display:inline-block;vertical-align:top;min-width:430px;'
              f'min-height:130px;text-align:center;margin-left:10px">{middle}</div>')
    me = _seat_box(game, seat, names, lang, human=True, teacher=teacher, four_colour=four_colour)
    return felt.felt_frame(top, side + centre, me)


def resolve_rules(rules: Any, players: int | None = None) -> FemkampRules:
    """A preset name, a :class:`FemkampRules` or its dict (and optionally a player count) as rules."""
    return _resolve(FemkampRules, rules, players)


# --------------------------------------------------------------- the table
class FemkampTable(GameTable):
    """An interactive Femkamp table: one human seat against :class:`FemkampBot` players.

    ``rules``: a preset name (``"classic"`` …), a :class:`FemkampRules` or its dict;
    ``players`` (3–5) overrides the preset's.  ``bots``: None (a FemkampBot per
    other seat), one bot for every seat, or a list with one per seat.  ``names``:
    one per seat.  ``teacher=True`` shows every hand and each bot's reason.
    """

    game_type = "femkamp"
    game_title = "Femkamp"
    rules_class = FemkampRules
    bot_class = FemkampBot
    score_sheet = staticmethod(score_sheet_html)
    preset_key = "widget.preset.femkamp.{}"
    player_choices = (3, 4, 5)
    default_players = 4
    max_hand = MAX_HAND

    def __init__(self, rules: Any = "classic", *, players: int | None = None, rng=None, lang: str = "sv",
                 seat: int = 0, bots: Any = None, names: Sequence[str] | None = None, teacher: bool = False,
                 four_colour: bool = False, auto: bool = False, speed: str = "normal") -> None:
        super().__init__(lang=lang, seat=seat, bots=bots, names=names, teacher=teacher, four_colour=four_colour,
                         rng=rng, auto=auto, speed=speed)
        self._first_game(rules, players)

    # ------------------------------------------------------------ building
    def _build_game(self) -> list[W.Widget]:
        self.prikk_button = with_classes(W.Button(layout=W.Layout(width="auto", height="48px")), "cardlab-prikk")
        self.prikk_button.on_click(lambda _: self.prikk())
        self.hand_box = with_classes(W.VBox([self.hand_label, W.HBox(self._card_pool + [self.prikk_button],
                                                                      layout=W.Layout(flex_flow="row wrap", align_items="center"))]),
                                     "cardlab-hand-box")
        return [self.status_html, self.hand_box]

    # ------------------------------------------------------------ game state
    @property
    def game(self) -> FemkampGame:
        return self.match.game

    def resolve(self, chosen: Any, players: int | None) -> FemkampRules:
        return resolve_rules(chosen, players)

    def welcome(self, rules: Any) -> Message:
        first = self.game.round_name
        return Message("femkamp.table.welcome", {"round": Message(f"femkamp.title.{first}"),
                                                 "goal": Message(f"femkamp.goal.{first}")})

    # ---------------------------------------------------------------- moves
    def _apply(self, act: Any, reason: Any = None) -> bool:
        """Apply ``act`` through the match and say what happened (a refusal becomes the message line)."""
        game = self.game
        rounds = len(game.results)
        tricks = len(game.round.completed_tricks) if game.round.round_name != "kabal" else 0

        if not self.attempt(lambda: self.match.apply(act)):
            return False
        game = self.game
        names = self._raw_names()
        finished = game.finished_rounds[-1] if len(game.results) > rounds else game.round
        prikks = finished.prikks[act.seat] if isinstance(act, Prikk) else 0
        said: list[Any] = [describe_move(act, names[act.seat], prikks), *self._bot_reason(act.seat, reason)]
        tone = "info"
        if finished.round_name != "kabal" and len(finished.completed_tricks) > tricks:
            trick = finished.completed_tricks[-1]
            said.append(trick_won(trick, names))
            tone = "good" if trick.winner == self.seat else "info"
        if len(game.results) > rounds:
            if finished.round_name == "kabal":
                out = names[finished.out_seat]
                said.append(Message(person_key("femkamp.table.went_out", out), {"name": out}))
            said.append(Message("femkamp.table.round_over", {"round": Message(f"femkamp.title.{finished.round_name}")}))
            if not game.is_over:
                nxt = game.round_name
                said.append(Message("femkamp.table.next_round", {"round": Message(f"femkamp.title.{nxt}"),
                                                                  "goal": Message(f"femkamp.goal.{nxt}")}))
        if game.is_over:
            winners = ", ".join(self.names()[s] for s in game.winners()) or ", ".join(self.names()[s] for s in game.leaders())
            said.append(Message("femkamp.table.game_over",
                                {"winner": Message("femkamp.sheet.winner", {"names": winners})}))
        self._hinted = None
        self.show(*said, tone=tone)
        return True

    def play(self, card: "Card | str") -> bool:
        """Play ``card`` from your hand (what a click on its button does)."""
        return self._human(Play(self.seat, Card.parse(card)))

    def prikk(self) -> bool:
        """Say "prikk" (the Prikk button): allowed only in the kabal round when none of your cards fits."""
        return self._human(Prikk(self.seat))

    def hint_words(self, act: Any) -> Message:
        if isinstance(act, Prikk):
            return Message("femkamp.table.hint_prikk")
        return Message("femkamp.table.hint_play", {"card": act.card})

    # ---------------------------------------------------------------- drawing
    def round_line(self) -> str:
        game = self.game
        return tr("femkamp.table.round_line", self.lang, n=game.round_index + 1, round=round_title(game.round_name, self.lang))

    def felt_html(self, names: list[str]) -> str:
        return femkamp_felt_html(self.game, self.seat, names, self.lang, teacher=self.teacher, four_colour=self.four_colour)

    def _your_moves(self) -> tuple[list[Any], bool]:
        """Your legal moves now, and whether "prikk" is the only one."""
        legal = list(self.game.legal_actions()) if self.game.to_move == self.seat else []
        return legal, bool(legal) and all(isinstance(a, Prikk) for a in legal)

    def your_turn_text(self) -> str:
        _, must_prikk = self._your_moves()
        return tr("femkamp.table.your_prikk" if must_prikk else "widget.your_play", self.lang)

    def _draw_game(self, my_turn: bool) -> None:
        lang, seat, game = self.lang, self.seat, self.game
        legal, must_prikk = self._your_moves()
        hand = list(game.round.hands[seat]) if not game.is_over else []
        playable = {a.card for a in legal if isinstance(a, Play)} if my_turn else None
        self.hand_label.value = html.escape(tr("widget.your_hand", lang))
        self._draw_play_buttons(hand, playable, lambda card: Play(seat, card))
        in_kabal = game.round.round_name == "kabal" and not game.is_over
        self.prikk_button.layout.display = "" if in_kabal else "none"
        self.prikk_button.description = tr("femkamp.table.prikk", lang)
        reason = self.match.why_illegal(Prikk(seat), lang) if (in_kabal and my_turn and not must_prikk) else None
        self.prikk_button.tooltip = tr("femkamp.table.prikk_tip", lang) + (f" — {reason}" if reason else "")
        set_classes(self.prikk_button, ["cardlab-illegal"] if not must_prikk else ["cardlab-hinted"],
                    ["cardlab-illegal", "cardlab-hinted"])
