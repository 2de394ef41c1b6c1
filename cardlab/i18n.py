"""Words on screen in Swedish (``sv``), Norwegian bokmål (``nb``) and English (``en``).

Every sentence cardlab shows a player lives in a catalogue under a key, in all
three languages.  Modules add their own sentences with :func:`register`;
:func:`tr` looks one up and fills in its fields.  Cards are written the way a
player reads them (``10♥``) and suits by their name in the chosen language.

>>> tr("rule.follow_suit", "sv", suit=Suit.HEARTS, card=Card.parse("7H"))
'Du måste bekänna färg: hjärter spelades ut och du har 7♥.'
>>> tr("rule.follow_suit", "en", suit=Suit.HEARTS, card=Card.parse("7H"))
'You must follow suit: hearts were led and you have 7♥.'
>>> suit_name(Suit.SPADES, "nb")
'spar'
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Any, Mapping

from .cards import Card, Rank, Suit

LANGUAGES: tuple[str, ...] = ("sv", "nb", "en")
LANGUAGE_NAMES = {"sv": "Svenska", "nb": "Norsk (bokmål)", "en": "English"}

_default_language = "en"
_CATALOGUE: dict[str, dict[str, str]] = {}

SUIT_NAMES = {
    "sv": {Suit.CLUBS: "klöver", Suit.DIAMONDS: "ruter", Suit.HEARTS: "hjärter", Suit.SPADES: "spader"},
    "nb": {Suit.CLUBS: "kløver", Suit.DIAMONDS: "ruter", Suit.HEARTS: "hjerter", Suit.SPADES: "spar"},
    "en": {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"},
}

RANK_NAMES = {
    "sv": {Rank.ACE: "ess", Rank.KING: "kung", Rank.QUEEN: "dam", Rank.JACK: "knekt"},
    "nb": {Rank.ACE: "ess", Rank.KING: "konge", Rank.QUEEN: "dame", Rank.JACK: "knekt"},
    "en": {Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack"},
}


def check_language(lang: str | None) -> str:
    """Return ``lang`` (or the default language) after checking it is one cardlab speaks."""
    if lang is None:
        return _default_language
    if lang not in LANGUAGES:
        raise ValueError(f"Unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}.")
    return lang


def set_language(lang: str) -> None:
    """Choose the language used when none is given (``"sv"``, ``"nb"`` or ``"en"``)."""
    global _default_language
    _default_language = check_language(lang)


def get_language() -> str:
    """The language used when none is given."""
    return _default_language


def register(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add sentences to the catalogue; each key needs all three languages.

    >>> register({"demo.hello": {"sv": "Hej {name}!", "nb": "Hei {name}!", "en": "Hello {name}!"}})
    >>> tr("demo.hello", "nb", name="Kari")
    'Hei Kari!'
    """
    for key, texts in messages.items():
        missing = [lang for lang in LANGUAGES if lang not in texts]
        if missing:
            raise ValueError(f"Message {key!r} lacks the language(s) {', '.join(missing)}.")
        fields = [{f for _, f, _, _ in string.Formatter().parse(texts[lang]) if f} for lang in LANGUAGES]
        if not (fields[0] == fields[1] == fields[2]):
            raise ValueError(f"Message {key!r} uses different fields in different languages: {fields}.")
        _CATALOGUE[key] = dict(texts)


def has_message(key: str) -> bool:
    return key in _CATALOGUE


def keys() -> list[str]:
    """Every key in the catalogue (tests use it to check all three languages)."""
    return sorted(_CATALOGUE)


def suit_name(suit: Suit, lang: str | None = None) -> str:
    return SUIT_NAMES[check_language(lang)][Suit.parse(suit)]


def rank_name(rank: Rank, lang: str | None = None) -> str:
    lang = check_language(lang)
    return RANK_NAMES[lang].get(rank, rank.letter)


def _show(value: Any, lang: str) -> str:
    if isinstance(value, Suit):
        return SUIT_NAMES[lang][value]
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Rank):
        return rank_name(value, lang)
    if isinstance(value, Message):
        return value.text(lang)
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, Card) for v in value):
        return " ".join(str(v) for v in value)
    return str(value)


def tr(key: str, lang: str | None = None, **params: Any) -> str:
    """The sentence ``key`` in ``lang`` with its fields filled in."""
    lang = check_language(lang)
    try:
        template = _CATALOGUE[key][lang]
    except KeyError:
        raise KeyError(f"No message {key!r} in the catalogue") from None
    shown = {name: (value if isinstance(value, str) else _show(value, lang)) for name, value in params.items()}
    return template.format(**shown)


@dataclass(frozen=True)
class Message:
    """A sentence not yet put into words: a catalogue key and its fields.

    >>> Message("rule.not_your_turn", {"seat": 2}).text("en")
    'It is not your turn: seat 2 is to play.'
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str | None = None) -> str:
        return tr(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.text()


register({
    # rules shared by trick games
    "rule.not_your_turn": {
        "sv": "Det är inte din tur: plats {seat} ska spela.",
        "nb": "Det er ikke din tur: plass {seat} skal spille.",
        "en": "It is not your turn: seat {seat} is to play.",
    },
    "rule.not_in_hand": {
        "sv": "{card} finns inte på din hand: välj ett av dina egna kort.",
        "nb": "{card} er ikke på hånden din: velg et av dine egne kort.",
        "en": "{card} is not in your hand: choose one of your own cards.",
    },
    "rule.follow_suit": {
        "sv": "Du måste bekänna färg: {suit} spelades ut och du har {card}.",
        "nb": "Du må følge farge: {suit} ble spilt ut og du har {card}.",
        "en": "You must follow suit: {suit} were led and you have {card}.",
    },
    "rule.must_trump": {
        "sv": "Trumftvång: du saknar {suit} men har trumf ({card}), så du måste trumfa.",
        "nb": "Trumftvang: du mangler {suit} men har trumf ({card}), så du må trumfe.",
        "en": "You must trump: you have no {suit} but you hold trump ({card}).",
    },
    "rule.game_over": {
        "sv": "Spelet är slut: starta ett nytt spel för att spela vidare.",
        "nb": "Spillet er slutt: start et nytt spill for å spille videre.",
        "en": "The game is over: start a new game to play on.",
    },
    "rule.wrong_phase_play": {
        "sv": "Det är inte dags att spela kort än: alla måste bjuda först.",
        "nb": "Det er ikke tid for å spille kort ennå: alle må melde først.",
        "en": "It is not time to play a card yet: everyone must bid first.",
    },
    "rule.wrong_phase_bid": {
        "sv": "Budgivningen är över: nu spelas korten.",
        "nb": "Meldingen er over: nå spilles kortene.",
        "en": "The bidding is over: now the cards are played.",
    },
    "rule.unknown_action": {
        "sv": "Det där är inget drag i det här spelet: {action}.",
        "nb": "Det der er ikke et trekk i dette spillet: {action}.",
        "en": "That is not a move in this game: {action}.",
    },
    "trick.wins_led_suit": {
        "sv": "{card} vinner: högsta kortet i utspelad färg.",
        "nb": "{card} vinner: høyeste kort i utspilt farge.",
        "en": "{card} wins: the highest card of the suit led.",
    },
    "trick.wins_trump": {
        "sv": "{card} vinner: trumf slår allt.",
        "nb": "{card} vinner: trumf slår alt.",
        "en": "{card} wins: trump beats everything.",
    },
    "trick.wins_later_twin": {
        "sv": "{card} vinner: av två likadana kort vinner det som lades sist.",
        "nb": "{card} vinner: av to like kort vinner det som ble lagt sist.",
        "en": "{card} wins: of two identical cards the one played later wins.",
    },
})

register({
    "card.invalid": {
        "sv": "{text!r} är inget kort: skriv valören (2-10, J, Q, K, A) och sedan färgens bokstav (C, D, H, S), t.ex. '10H' eller 'AS'.",
        "nb": "{text!r} er ikke et kort: skriv verdien (2-10, J, Q, K, A) og så fargens bokstav (C, D, H, S), f.eks. '10H' eller 'AS'.",
        "en": "{text!r} is not a card: write the rank (2-10, J, Q, K, A) then the suit letter (C, D, H, S), e.g. '10H' or 'AS'.",
    },
    "rules.invalid": {
        "sv": "Ogiltig regel för {field}: {problem}",
        "nb": "Ugyldig regel for {field}: {problem}",
        "en": "Invalid rule for {field}: {problem}",
    },
    "rules.choice": {
        "sv": "{field} kan inte vara {value!r}: välj en av {allowed}.",
        "nb": "{field} kan ikke være {value!r}: velg en av {allowed}.",
        "en": "{field} cannot be {value!r}: choose one of {allowed}.",
    },
    "rules.range": {
        "sv": "{field} måste vara mellan {low} och {high}; du valde {value!r}.",
        "nb": "{field} må være mellom {low} og {high}; du valgte {value!r}.",
        "en": "{field} must be between {low} and {high}; you chose {value!r}.",
    },
    "rules.unknown_field": {
        "sv": "{game} har ingen regel som heter {field!r}: kända regler är {allowed}.",
        "nb": "{game} har ingen regel som heter {field!r}: kjente regler er {allowed}.",
        "en": "{game} has no option called {field!r}: known options are {allowed}.",
    },
    "rules.unknown_preset": {
        "sv": "Det finns ingen förinställning {name!r} för {game}: välj en av {allowed}.",
        "nb": "Det finnes ingen forhåndsinnstilling {name!r} for {game}: velg en av {allowed}.",
        "en": "There is no preset {name!r} for {game}: choose one of {allowed}.",
    },
    "file.invalid": {
        "sv": "Filen går inte att läsa som ett sparat cardlab-spel: {problem}",
        "nb": "Filen kan ikke leses som et lagret cardlab-spill: {problem}",
        "en": "The file cannot be read as a saved cardlab game: {problem}",
    },
})
