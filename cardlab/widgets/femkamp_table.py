"""``FemkampTable``: play the Norwegian Femkamp (5-kamp) at a green card table against friendly bots.

A child plays one seat; :class:`cardlab.bots.femkamp.FemkampBot` plays the
others, one move per click on *Nästa* (or by themselves in automatic mode).
The round's name and goal stay in view ("Passrunden: Ta så få stikk som
mulig"); cards you may not play are greyed out but still clickable, and a click
says which rule forbids it and which cards you may play.  In the kabal round
the rows grow on the felt from their sevens, and when none of your cards fits
you press *Prikk* (+1 point).  After each round the coach says how it went and
the table waits for *Nästa runda*; the score sheet (protokoll) fills in.

>>> table = FemkampTable(rng=2, lang="nb")
>>> table.game.round_name, len(table.card_buttons)
('pass', 13)
>>> table.run_bots() >= 0 and table.game.to_move == table.seat
True

The table is a view over :class:`cardlab.session.FemkampSession`; its felt is
drawn by :func:`cardlab.display.femkamp_felt.femkamp_felt_html`.
"""

from __future__ import annotations

import html
from typing import Any, Sequence

import ipywidgets as W

from ..cards import Card
from ..display.felt import FELT_CSS  # noqa: F401  (its old home)
from ..display.femkamp_felt import femkamp_felt_html
from ..games.femkamp import FemkampGame, Play, Prikk
from ..i18n import tr
from ..rules.femkamp import round_title
from ..session.femkamp import FemkampSession, describe_move, last_trick, trick_won  # noqa: F401  (their old home)
from ..session.femkamp import resolve_femkamp_rules as resolve_rules  # noqa: F401  (its old home)
from ..sheets.femkamp import score_sheet_html
from .base import GameTable, set_classes, with_classes


#: The most cards a Femkamp hand can hold (3 players: 17 in a trick round, 18 in the kabal).
MAX_HAND = 18


class FemkampTable(GameTable):
    """An interactive Femkamp table: one human seat against bots.

    ``rules``: a preset name (``"classic"`` …), a :class:`FemkampRules` or its dict;
    ``players`` (3–5) overrides the preset's.  ``bots``: None (bots of ``level`` in every
    other seat), one bot for every seat, or a list with one per seat.  ``names``:
    one per seat.  ``teacher=True`` shows every hand and each bot's reason.
    """

    session_class = FemkampSession
    game_title = "Femkamp"
    score_sheet = staticmethod(score_sheet_html)
    preset_key = "widget.preset.femkamp.{}"
    player_choices = (3, 4, 5)
    max_hand = MAX_HAND
    card_width = 48            #: narrower cards, so that 13 (up to 17) fit on one row beside the Prikk button

    def __init__(self, rules: Any = "classic", *, players: int | None = None, rng=None, lang: str = "sv",
                 seat: int = 0, bots: Any = None, names: Sequence[str] | None = None, teacher: bool = False,
                 four_colour: bool = False, auto: bool = False, speed: str = "normal", level: str = "medium") -> None:
        super().__init__(rules, players=players, lang=lang, seat=seat, bots=bots, names=names, teacher=teacher,
                         four_colour=four_colour, rng=rng, auto=auto, speed=speed, level=level)

    # ------------------------------------------------------------ building
    def _build_game(self) -> list[W.Widget]:
        for button in self._card_pool:
            button.layout.width = f"{self.card_width}px"
            button.layout.height = "76px"
            button.style.font_size = "18px"
            button.add_class("cardlab-card-narrow")
        self.hand_label.layout.display = "none"      # one row less, so that the message stays on a 768 px screen
        self.prikk_button = with_classes(W.Button(layout=W.Layout(width="auto", height="48px")), "cardlab-prikk")
        self.prikk_button.on_click(lambda _: self.prikk())
        # one row of cards that narrow on a narrow screen (a second row would push the hand off it)
        self.hand_box = with_classes(W.VBox([self.hand_label, W.HBox(self._card_pool + [self.prikk_button],
                                                                      layout=W.Layout(flex_flow="row nowrap", align_items="center"))]),
                                     "cardlab-hand-box")
        return [self.status_html, self.hand_box]

    # ------------------------------------------------------------ game state
    @property
    def game(self) -> FemkampGame:
        return self.session.game

    # ---------------------------------------------------------------- moves
    def play(self, card: "Card | str") -> bool:
        """Play ``card`` from your hand (what a click on its button does)."""
        return self._human(lambda: self.session.play(card))

    def prikk(self) -> bool:
        """Say "prikk" (the Prikk button): allowed only in the kabal round when none of your cards fits."""
        return self._human(self.session.prikk)

    # ---------------------------------------------------------------- drawing
    def round_line(self) -> str:
        game = self.game
        if (self.session.paused == "round" or game.is_over) and game.finished_rounds:   # the round that ended
            name, number = game.finished_rounds[-1].round_name, len(game.results)
        else:
            name, number = game.round_name, game.round_index + 1
        return tr("femkamp.table.round_line", self.lang, n=number, round=round_title(name, self.lang))

    def felt_html(self, names: list[str]) -> str:
        return femkamp_felt_html(self.game, self.seat, names, self.lang, teacher=self.teacher, four_colour=self.four_colour,
                                 rnd=self.session.shown_round())

    def _your_moves(self) -> tuple[list[Any], bool]:
        """Your legal moves now, and whether "prikk" is the only one."""
        legal = list(self.session.legal_actions())
        return legal, bool(legal) and all(isinstance(a, Prikk) for a in legal)

    def your_turn_text(self) -> str:
        _, must_prikk = self._your_moves()
        return tr("femkamp.table.your_prikk" if must_prikk else "widget.your_play", self.lang)

    def _draw_game(self, my_turn: bool) -> None:
        lang, seat, game = self.lang, self.seat, self.game
        reading = self.session.paused == "round"
        self.hand_box.layout.display = "none" if reading else ""
        legal, must_prikk = self._your_moves()
        hand = list(game.round.hands[seat]) if not game.is_over else []
        playable = {a.card for a in legal if isinstance(a, Play)} if my_turn else None
        self.hand_label.value = html.escape(tr("widget.your_hand", lang))
        self._draw_play_buttons(hand, playable, lambda card: Play(seat, card))
        in_kabal = game.round.round_name == "kabal" and not game.is_over
        self.prikk_button.layout.display = "" if in_kabal else "none"
        self.prikk_button.description = tr("femkamp.table.prikk", lang)
        reason = self.session.why_illegal(Prikk(seat), lang) if (in_kabal and my_turn and not must_prikk) else None
        self.prikk_button.tooltip = tr("femkamp.table.prikk_tip", lang) + (f" — {reason}" if reason else "")
        set_classes(self.prikk_button, ["cardlab-illegal"] if not must_prikk else ["cardlab-hinted"],
                    ["cardlab-illegal", "cardlab-hinted"])
