"""One tree of errors, all ``ValueError``s, each a sentence a child can read.

Each error carries the broken rule's catalogue key (``.rule``) and its details
as attributes (``.card``, ``.seat``, ``.suit`` …).  ``str(error)`` is the
sentence in the language chosen when it was raised; ``error.message("sv")``
says it in another.  The library raises, never prints.

>>> from cardlab.cards import Card, Suit
>>> err = MustFollowSuitError(lang="sv", suit=Suit.HEARTS, card=Card.parse("7H"), seat=1)
>>> str(err)
'Du måste bekänna färg: hjärter spelades ut och du har 7♥.'
>>> err.message("nb")
'Du må følge farge: hjerter ble spilt ut og du har 7♥.'
>>> isinstance(err, ValueError), err.rule, err.seat
(True, 'rule.follow_suit', 1)
"""

from __future__ import annotations

from typing import Any

from .i18n import Message, check_language, tr_partial


class CardlabError(ValueError):
    """Base of every error cardlab raises about cards, rules, games and files.

    An error can be made with any of its fields left out (a field not given
    reads as "…"), so building the error never hides the problem it reports.

    >>> HookError(lang="en").message("sv")[:18]
    'Spärren (kroken): '
    """

    rule: str = "error.general"

    def __init__(self, rule: str | None = None, *, lang: str | None = None, **params: Any) -> None:
        self.rule = rule or type(self).rule
        self.lang = check_language(lang)
        self.params = params
        for name, value in params.items():
            setattr(self, name, value)
        super().__init__(tr_partial(self.rule, self.lang, params))

    def message(self, lang: str | None = None) -> str:
        """The same sentence in ``lang`` (``"sv"``, ``"nb"`` or ``"en"``)."""
        return tr_partial(self.rule, lang, self.params)

    def as_message(self) -> Message:
        """The error as an :class:`cardlab.i18n.Message` (to show later, in any language)."""
        return Message(self.rule, self.params)


class IllegalMoveError(CardlabError):
    """A move the rules forbid; the game is left exactly as it was."""

    rule = "rule.illegal"


class NotYourTurnError(IllegalMoveError):
    rule = "rule.not_your_turn"


class NotInHandError(IllegalMoveError):
    rule = "rule.not_in_hand"


class MustFollowSuitError(IllegalMoveError):
    rule = "rule.follow_suit"


class MustTrumpError(IllegalMoveError):
    rule = "rule.must_trump"


class HookError(IllegalMoveError):
    """The dealer's bid would make the bids add up to the tricks (the hook, kroken/spärren)."""

    rule = "plump.hook"


class BidError(IllegalMoveError):
    """A bid outside 0..hand size, or a bid that can no longer be changed."""

    rule = "plump.bid_range"


class ActionFieldError(IllegalMoveError):
    """An action built with a field of the wrong type, e.g. ``Bid(seat=1.0, tricks=2)`` (``.field`` names it).

    Seats and counts are whole numbers; numpy integers count as their value, bools and floats do not.
    """

    rule = "action.whole_number"


class GameOverError(IllegalMoveError):
    rule = "rule.game_over"


class WrongPhaseError(IllegalMoveError):
    rule = "rule.wrong_phase_play"


class UnknownActionError(IllegalMoveError):
    rule = "rule.unknown_action"


class RummyMoveError(IllegalMoveError):
    """A Rummy move the rules forbid (``.rule`` names which)."""

    rule = "rummy.not_a_meld"


class MeldError(RummyMoveError):
    rule = "rummy.not_a_meld"


class LayOffError(RummyMoveError):
    rule = "rummy.cannot_lay_off"


class DrawError(RummyMoveError):
    rule = "rummy.draw_first"


class DiscardError(RummyMoveError):
    rule = "rummy.same_discard"


class KabalError(IllegalMoveError):
    """A card that does not fit the layout yet, or a prikk while holding a card that fits."""

    rule = "kabal.gap_one"


class InvalidCardError(CardlabError):
    """Text that is not a card, such as ``"1H"`` or ``"QX"`` (``.text`` holds it)."""

    rule = "card.invalid"

    def __init__(self, text: object, *, lang: str | None = None) -> None:
        super().__init__(lang=lang, text=text)


class RulesError(CardlabError):
    """A rules setting the game does not allow; ``.field`` names the option.

    >>> str(RulesError("rules.choice", field="trump", value="purple", allowed="none, fixed"))
    "trump cannot be 'purple': choose one of none, fixed."
    """

    rule = "rules.invalid"


class SaveFileError(CardlabError):
    """A saved game that is damaged, foreign or does not replay under its own rules."""

    rule = "file.invalid"


class TableError(CardlabError):
    """A request a shared table refuses (no such table, a wrong token, not your seat …); nothing changes."""

    rule = "tables.bad_token"


class PuzzleSearchTooLarge(CardlabError):
    """A position larger than a puzzle's exact search is asked to look at (``.limit`` names the limit)."""

    rule = "puzzles.femkamp.too_large"
