"""``PlumpTable``: play Plump at a green card table against friendly bots.

A child plays one seat; the bots play the others, one move per click on
*Nästa* (or by themselves in automatic mode).  Cards you may not play are
greyed out but still clickable: a click says which rule forbids it.  The bid
the hook (kroken/spärren) forbids is disabled, with the reason beside it.  The
score sheet (protokoll) grows under the table after each round.

>>> table = PlumpTable("kids", rng=3, lang="en")
>>> table.bid_buttons[0].click()                 # you bid 0 …
>>> table.run_bots()  > 0                        # … and the bots play until it is your turn again
True
>>> table.message_text() != ""
True

The small functions here (:func:`describe_action`, :func:`felt_html`) hold the
table's view logic and are tested on their own; no rule is decided here.
"""

from __future__ import annotations

import html
from typing import Any, Sequence

import ipywidgets as W

from ..bots.plump import PlumpBot
from ..cards import Card
from ..display.cards import card_svg, suit_colour
from ..games.plump import Bid, Play, PlumpGame, Trick
from ..i18n import Message, has_message, suit_name, tr
from ..rules.plump import PlumpRules
from ..sheets.plump import score_sheet_html
from . import felt
from .base import GameTable, resolve_rules, set_classes, with_classes
from .base import card_name, default_names, name_text, person_key  # noqa: F401  (their old home)

MAX_HAND = 10

#: Plump's own look on top of :data:`cardlab.widgets.felt.FELT_CSS`: the round bid buttons.
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


# ------------------------------------------------------------- view logic
def describe_action(act: Any, name: Any, *, changing: bool = False) -> Message:
    """The sentence for a move: "Bot 2 lägger K♠." / "Bot 2 bjuder 1." / "You bid 1."

    >>> describe_action(Play(2, Card.parse("KS")), "Bot 2").text("sv")
    'Bot 2 lägger K♠.'
    >>> describe_action(Bid(2, 1), "Bot 2").text("nb")
    'Bot 2 melder 1.'
    >>> describe_action(Bid(0, 1), Message("widget.you")).text("en")
    'You bid 1.'
    """
    if isinstance(act, Play):
        return Message(person_key("plump.table.plays", name), {"name": name, "card": act.card})
    key = "plump.table.changes_bid" if changing else "plump.table.bids"
    return Message(person_key(key, name), {"name": name, "tricks": act.tricks})


def trick_message(trick: Trick, names: Sequence[Any]) -> Message:
    """Who took the trick and why: "Bot 1 tar sticket. A♠ vinner: högsta kortet i utspelad färg."

    >>> from cardlab.cards import Suit
    >>> t = Trick(leader=0, seats=(0, 1), cards=(Card.parse("KS"), Card.parse("AS")), winner=1, trump=None)
    >>> trick_message(t, ["Du", "Bot 1"]).text("sv")
    'Bot 1 tar sticket. A♠ vinner: högsta kortet i utspelad färg.'
    """
    name = names[trick.winner]
    return Message(person_key("plump.table.trick_won", name), {"name": name, "reason": trick.reason()})


def last_trick(game: PlumpGame) -> Trick | None:
    """The trick to show on the felt when none is being played: this round's last, or the previous round's."""
    rnd = game.round
    if rnd.current_trick:
        return None
    if rnd.completed_tricks:
        return rnd.completed_tricks[-1]
    if game.finished_rounds and rnd.bids_made == 0 and game.finished_rounds[-1] is not rnd:
        return game.finished_rounds[-1].completed_tricks[-1]
    return None


def _seat_box(game: PlumpGame, s: int, names: Sequence[str], lang: str, *, show_hand: bool,
              four_colour: bool, human: bool) -> str:
    rnd = game.round
    bid = rnd.bids[s]
    bid_text = "–" if bid is None else str(bid)
    hit = bid is not None and rnd.tricks_taken[s] == bid
    over = bid is not None and rnd.tricks_taken[s] > bid
    colour = "#c8e6c9" if hit else ("#ffcdd2" if over else "#fff")
    badge = (f'<div style="font:15px sans-serif;color:{colour};margin-top:2px">{html.escape(tr("table.bid", lang))}: <b>{bid_text}</b>'
             f' · {html.escape(tr("table.tricks", lang))}: <b>{rnd.tricks_taken[s]}</b></div>')
    cards = "" if human else felt.hand_row_html(rnd.hands[s], face_up=show_hand, four_colour=four_colour,
                                                   up_width=34, down_width=24, min_height=36)
    to_move = rnd.to_move == s and not game.is_over
    return felt.seat_box_html(s, names[s], badge + cards, margin="4px 8px",
                              to_move=tr("widget.to_move", lang) if to_move else None,
                              dealer=tr("widget.dealer", lang) if s == rnd.dealer else None)


def felt_html(game: PlumpGame, seat: int, names: Sequence[str], lang: str, *, teacher: bool = False,
              four_colour: bool = False) -> str:
    """The green felt: the other players around the top, the trick in the middle, trump and led suit beside it.

    >>> game = PlumpGame.start(PlumpRules.preset("kids"), seed=1)
    >>> "cardlab-felt" in felt_html(game, 0, ["Du", "Bot 1", "Bot 2", "Bot 3"], "sv")
    True
    """
    rnd = game.round
    top = "".join(_seat_box(game, s, names, lang, show_hand=teacher, four_colour=four_colour, human=False)
                  for s in felt.seats_around(seat, rnd.players))
    # trump and led suit, always in view
    if rnd.trump_card is not None:
        trump = card_svg(rnd.trump_card, width=48, four_colour=four_colour)
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
    side = (f'<div class="cardlab-trump" style="display:inline-block;vertical-align:top;width:170px;color:#fff;'
            f'font:15px sans-serif;text-align:center">'
            f'<div><b>{html.escape(tr("table.trump", lang))}</b></div><div>{trump}</div>'
            f'<div>{html.escape(trump_words)}</div>{led_line}</div>')
    # the trick on the table (or the last one, with who took it)
    shown = [(s, c) for s, c in rnd.current_trick]
    winner = None
    caption = ""
    done = last_trick(game)
    if done is not None:
        shown = list(zip(done.seats, done.cards))
        winner = done.winner
        caption = felt.caption_html(tr("widget.last_trick", lang), trick_message(done, names).text(lang))
    cells = felt.trick_cells_html(shown, names, winner=winner, width=66, four_colour=four_colour)
    opacity = "opacity:.8;" if done is not None else ""
    trick = (f'<div class="cardlab-trick-area" style="display:inline-block;vertical-align:top;min-width:420px;min-height:120px;'
             f'text-align:center;{opacity}">{cells}{caption}</div>')
    me = _seat_box(game, seat, names, lang, show_hand=False, four_colour=four_colour, human=True)
    return felt.felt_frame(top, side + trick, me)


def _resolve_rules(rules: Any) -> PlumpRules:
    """A preset name (None: ``"kids"``), a :class:`PlumpRules` or its dict as rules."""
    return resolve_rules(PlumpRules, "kids" if rules is None else rules, example="kids")


# --------------------------------------------------------------- the table
class PlumpTable(GameTable):
    """An interactive Plump table: one human seat against bots (see the module docstring).

    ``rules``: a preset name (``"kids"``, ``"classic"`` …), a :class:`PlumpRules` or its dict.
    ``bots``: None (a :class:`PlumpBot` per other seat), one bot for every seat, or a list with one
    per seat (the human's entry is ignored).  ``names``: one per seat.  ``teacher=True`` shows every
    hand.  ``auto=True`` lets the bots play by themselves until your turn.
    """

    game_type = "plump"
    game_title = "Plump"
    rules_class = PlumpRules
    bot_class = PlumpBot
    score_sheet = staticmethod(score_sheet_html)
    default_preset = "kids"
    preset_width = "230px"
    max_hand = MAX_HAND
    css = felt.FELT_CSS + PLUMP_CSS

    def __init__(self, rules: Any = "kids", *, rng=None, lang: str = "sv", seat: int = 0, bots: Any = None,
                 names: Sequence[str] | None = None, teacher: bool = False, four_colour: bool = False,
                 auto: bool = False, speed: str = "normal") -> None:
        super().__init__(lang=lang, seat=seat, bots=bots, names=names, teacher=teacher, four_colour=four_colour,
                         rng=rng, auto=auto, speed=speed)
        self.new_game(rules, rng=self._base_seed)

    # ------------------------------------------------------------ building
    def _build_game(self) -> list[W.Widget]:
        self.bid_label = with_classes(W.HTML(), "cardlab-bidline")
        self._bid_pool = []
        for tricks in range(MAX_HAND + 1):
            button = with_classes(W.Button(description=str(tricks)), "cardlab-bid-btn")
            button.on_click(lambda _, t=tricks: self.bid(t))
            self._bid_pool.append(button)
        self.bid_info = with_classes(W.HTML(), "cardlab-bidline", "cardlab-bid-info")
        self.bid_reason = with_classes(W.HTML(), "cardlab-bidline", "cardlab-bid-reason")
        self.bid_box = with_classes(W.VBox([self.bid_label, W.HBox(self._bid_pool, layout=W.Layout(flex_flow="row wrap")),
                                            self.bid_info, self.bid_reason]), "cardlab-bids")
        self.hand_label.add_class("cardlab-bidline")
        self.hand_box = with_classes(W.VBox([self.hand_label, W.HBox(self._card_pool, layout=W.Layout(flex_flow="row wrap"))]),
                                     "cardlab-hand-box")
        return [self.status_html, self.bid_box, self.hand_box]

    # ------------------------------------------------------------ game state
    @property
    def game(self) -> PlumpGame:
        return self.match.game

    def _name(self, s: int) -> Any:
        return self._raw_names()[s]

    @property
    def bid_buttons(self) -> list[W.Button]:
        """One button per possible bid 0 … hand size (index = bid)."""
        return self._bid_pool[: self.game.round.hand_size + 1]

    def resolve(self, chosen: Any, players: int | None) -> PlumpRules:
        return _resolve_rules(chosen)

    def welcome(self, rules: Any) -> Message:
        if isinstance(rules, str) and rules in PlumpRules.presets():
            label = Message(f"widget.preset.{rules}") if has_message(f"widget.preset.{rules}") else rules
        else:
            label = Message("widget.custom_rules")
        return Message("plump.table.welcome", {"rules": label})

    # ---------------------------------------------------------------- moves
    def _trick_count(self) -> int:
        game = self.game
        done = sum(len(r.completed_tricks) for r in game.finished_rounds)
        if not game.finished_rounds or game.finished_rounds[-1] is not game.round:
            done += len(game.round.completed_tricks)
        return done

    def _apply(self, act: Any, reason: Any = None) -> bool:
        """Apply ``act`` through the match and say what happened (a refusal becomes the message line).

        ``reason`` (a bot's) is not shown at the Plump table."""
        changing = isinstance(act, Bid) and self.game.round.bids[act.seat] is not None
        tricks, rounds = self._trick_count(), len(self.game.results)
        if not self.attempt(lambda: self.match.apply(act)):
            return False
        said = [describe_action(act, self._name(act.seat), changing=changing)]
        tone = "info"
        if self._trick_count() > tricks:
            finished = self.game.finished_rounds[-1] if len(self.game.results) > rounds else self.game.round
            said.append(trick_message(finished.completed_tricks[-1], self._raw_names()))
            tone = "good" if finished.completed_tricks[-1].winner == self.seat else "info"
        if len(self.game.results) > rounds:
            said.append(Message("plump.table.round_over"))
        if self.game.is_over:
            winners = ", ".join(self.names()[s] for s in self.game.winners())
            said.append(Message("plump.table.game_over", {"winner": Message("sheet.winner", {"names": winners})}))
        self._hinted = None
        self.show(*said, tone=tone)
        return True

    def play(self, card: "Card | str") -> bool:
        """Play ``card`` from your hand (what a click on its button does)."""
        return self._human(Play(self.seat, Card.parse(card)))

    def bid(self, tricks: int) -> bool:
        """Bid (or change your bid to) ``tricks`` (what a click on a bid button does)."""
        return self._human(Bid(self.seat, tricks))

    def hint_words(self, act: Any) -> Message:
        if isinstance(act, Bid):
            return Message("plump.table.hint_bid", {"tricks": act.tricks})
        return Message("plump.table.hint_play", {"card": act.card})

    # ---------------------------------------------------------------- drawing
    def round_line(self) -> str:
        game = self.game
        number = min(len(game.results) + 1, len(game.schedule)) if not game.is_over else len(game.schedule)
        return tr("plump.table.round_title", self.lang, n=number, total=len(game.schedule), cards=game.round.hand_size)

    def felt_html(self, names: list[str]) -> str:
        return felt_html(self.game, self.seat, names, self.lang, teacher=self.teacher, four_colour=self.four_colour)

    def your_turn_text(self) -> str:
        return tr("plump.table.your_bid" if self.game.round.phase == "bid" else "widget.your_play", self.lang)

    def _draw_game(self, my_turn: bool) -> None:
        rnd = self.game.round
        self._draw_bids(rnd, my_turn)
        self.hand_label.value = html.escape(tr("widget.your_hand", self.lang))
        legal = {a.card for a in self.game.legal_actions()} if (my_turn and rnd.phase == "play") else None
        self._draw_play_buttons(rnd.hands[self.seat], legal, lambda card: Play(self.seat, card))

    def _draw_bids(self, rnd: Any, my_turn: bool) -> None:
        lang, seat = self.lang, self.seat
        bidding = my_turn and rnd.phase == "bid"
        changing = not my_turn and rnd.changeable_bid_seat() == seat and not self.game.is_over
        self.bid_box.layout.display = "" if (bidding or changing) else "none"
        self.bid_label.value = html.escape(tr("plump.table.change_bid" if changing else "plump.table.your_bid_label", lang))
        reasons = []
        for tricks, button in enumerate(self._bid_pool):
            if tricks > rnd.hand_size:
                button.layout.display = "none"
                continue
            button.layout.display = ""
            reason = self.match.why_illegal(Bid(seat, tricks), lang) if (bidding or changing) else None
            button.disabled = reason is not None
            button.tooltip = reason or tr("plump.table.bid_button_tip", lang, tricks=tricks)
            set_classes(button, ["cardlab-bid-mine"] if rnd.bids[seat] == tricks else [], ["cardlab-bid-mine"])
            set_classes(button, ["cardlab-hinted"] if self._hinted == Bid(seat, tricks) else [], ["cardlab-hinted"])
            button.style.button_color = "#ffeb3b" if rnd.bids[seat] == tricks else "#ffffff"
            if reason and reason not in reasons:
                reasons.append(reason)
        so_far = sum(b for b in rnd.bids if b is not None)
        self.bid_info.value = html.escape(tr("plump.table.bid_sum", lang, sum=so_far, tricks=rnd.hand_size))
        self.bid_reason.value = "".join(f'<div style="color:#ffe082">⚠ {html.escape(r)}</div>' for r in reasons)
