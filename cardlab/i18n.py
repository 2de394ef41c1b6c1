"""Words on screen in Swedish (``sv``), Norwegian bokmål (``nb``) and English (``en``).

Every sentence cardlab shows a player lives in a catalogue under a key, in all
three languages.  The catalogue is data: TOML files in ``cardlab/messages/``
(one file per module that shows the sentences, one table per key), read the
first time a sentence is looked up.  :func:`tr` looks one up and fills in its
fields; :func:`register` adds sentences from code (for experiments and
extensions; the shipped sentences are all in the data files).  Cards are
written the way a player reads them (``10♥``) and suits by their name in the
chosen language.

>>> from cardlab.cards import Card, Suit
>>> tr("rule.follow_suit", "sv", suit=Suit.HEARTS, card=Card.parse("7H"))
'Du måste bekänna färg: hjärter spelades ut och du har 7♥.'
>>> tr("rule.follow_suit", "en", suit=Suit.HEARTS, card=Card.parse("7H"))
'You must follow suit: hearts were led and you have 7♥.'
>>> suit_name(Suit.SPADES, "nb")
'spar'

This module is the bottom of cardlab: it imports nothing else from cardlab
(``cards`` teaches it how to show suits, ranks and cards with :func:`show_as`).
"""

from __future__ import annotations

import os
import string
import sys
import threading
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Callable, Mapping

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

LANGUAGES: tuple[str, ...] = ("sv", "nb", "en")
LANGUAGE_NAMES = {"sv": "Svenska", "nb": "Norsk (bokmål)", "en": "English"}

#: the folder of the package that holds the catalogue's TOML files
MESSAGES_FOLDER = "messages"

_default_language = "en"
_CATALOGUE: dict[str, dict[str, str]] = {}   # every sentence, once loaded (data, then registered)
_REGISTERED: dict[str, dict[str, str]] = {}  # sentences added by register(), kept over a reload
_SOURCES: dict[str, str] = {}                # key -> the data file it came from
_loaded = False
_LOAD_LOCK = threading.Lock()
_SHOW: dict[type, Callable[[Any, str], str]] = {}

# what a locale's language part means to cardlab (Nynorsk and plain "no" readers get bokmål)
_LOCALE_LANGUAGES = {"sv": "sv", "nb": "nb", "no": "nb", "nn": "nb", "en": "en", "c": "en", "posix": "en"}
#: environment variables that name the user's language, strongest first (as gettext reads them)
LOCALE_VARIABLES: tuple[str, ...] = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


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


def language_of_locale(text: str | None) -> str | None:
    """The cardlab language a locale name stands for, or ``None`` if cardlab does not speak it.

    >>> language_of_locale("sv_SE.UTF-8"), language_of_locale("nn_NO"), language_of_locale("no")
    ('sv', 'nb', 'nb')
    >>> language_of_locale("C.UTF-8"), language_of_locale("de_DE.UTF-8"), language_of_locale("")
    ('en', None, None)
    """
    if not text:
        return None
    base = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return _LOCALE_LANGUAGES.get(base)


def resolve_language(lang: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The user's language: ``lang`` if given, else the locale of the environment, else English.

    ``lang`` may be a language code (``"sv"``, ``"nb"``, ``"en"``; ``"no"`` and
    ``"nn"`` mean bokmål) or a locale name such as ``"sv_SE.UTF-8"``; a
    language cardlab does not speak is refused with a ``ValueError``.
    Without ``lang`` the first set variable of ``LANGUAGE`` (a list such as
    ``"nb:sv"``), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` decides, as for
    any program that uses gettext; a locale cardlab does not speak, or none at
    all, gives English.

    >>> resolve_language("nn")
    'nb'
    >>> resolve_language(environ={"LANG": "sv_SE.UTF-8"})
    'sv'
    >>> resolve_language(environ={"LC_ALL": "nb_NO.UTF-8", "LANG": "sv_SE.UTF-8"})
    'nb'
    >>> resolve_language(environ={"LANG": "de_DE.UTF-8"}), resolve_language(environ={})
    ('en', 'en')
    """
    if lang is not None:
        found = language_of_locale(str(lang)) if str(lang).lower() not in ("c", "posix") else None
        if found is None:
            raise ValueError(f"Unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}.")
        return found
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = env.get(name, "")
        if value:
            for part in value.split(":"):
                found = language_of_locale(part)
                if found is not None:
                    return found
            return "en"
    return "en"


# ------------------------------------------------------------------ the catalogue
def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _check(key: str, texts: Mapping[str, Any], where: str = "") -> dict[str, str]:
    """``texts`` as a plain dict after checking the languages and the fields agree."""
    missing = [lang for lang in LANGUAGES if lang not in texts]
    if missing:
        raise ValueError(f"Message {key!r}{where} lacks the language(s) {', '.join(missing)}.")
    extra = sorted(set(texts) - set(LANGUAGES))
    if extra:
        raise ValueError(f"Message {key!r}{where} has unknown language(s) {', '.join(extra)}.")
    if not all(isinstance(texts[lang], str) for lang in LANGUAGES):
        raise ValueError(f"Message {key!r}{where} must be text in every language.")
    fields = [_fields(texts[lang]) for lang in LANGUAGES]
    if not (fields[0] == fields[1] == fields[2]):
        raise ValueError(f"Message {key!r}{where} uses different fields in different languages: {fields}.")
    return {lang: texts[lang] for lang in LANGUAGES}


def _flatten(table: Mapping[str, Any], prefix: str, where: str, out: dict[str, dict[str, str]]) -> None:
    """Walk a parsed TOML file: a table's text values are the languages of its key, its tables are deeper keys."""
    texts = {name: value for name, value in table.items() if not isinstance(value, dict)}
    if texts:
        out[prefix] = _check(prefix, texts, where)
    for name, value in table.items():
        if isinstance(value, dict):
            _flatten(value, f"{prefix}.{name}" if prefix else name, where, out)


def _data_files():
    """Every ``*.toml`` under ``cardlab/messages/`` (as importlib.resources traversables), in a fixed order."""
    stack = [resources.files(__package__ or "cardlab").joinpath(MESSAGES_FOLDER)]
    found = []
    while stack:
        folder = stack.pop()
        for entry in folder.iterdir():
            if entry.is_dir():
                stack.append(entry)
            elif entry.name.endswith(".toml"):
                found.append(entry)
    return sorted(found, key=lambda entry: str(entry))


def load_catalogue() -> dict[str, dict[str, str]]:
    """Read every message file of the package and check it (called on the first lookup).

    A key must be defined once, in all three languages, with the same fields.
    Sentences added with :func:`register` stay on top of the data.
    """
    global _loaded
    data: dict[str, dict[str, str]] = {}
    sources: dict[str, str] = {}
    root = str(resources.files(__package__ or "cardlab").joinpath(MESSAGES_FOLDER))
    for entry in _data_files():
        name = str(entry)[len(root):].lstrip("/\\") if str(entry).startswith(root) else entry.name
        try:
            parsed = tomllib.loads(entry.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ValueError(f"The message file {name} is not valid TOML: {exc}") from None
        found: dict[str, dict[str, str]] = {}
        _flatten(parsed, "", f" in {name}", found)
        for key, texts in found.items():
            if key in data:
                raise ValueError(f"Message {key!r} is defined twice: in {sources[key]} and in {name}.")
            data[key] = texts
            sources[key] = name
    merged = {**data, **_REGISTERED}
    _CATALOGUE.update(merged)  # never empty on the way, so a lookup in another thread always finds its key
    for stale in set(_CATALOGUE) - set(merged):
        del _CATALOGUE[stale]
    _SOURCES.update(sources)
    for stale in set(_SOURCES) - set(sources):
        del _SOURCES[stale]
    _loaded = True
    return _CATALOGUE


def _catalogue() -> dict[str, dict[str, str]]:
    if not _loaded:
        with _LOAD_LOCK:
            if not _loaded:
                load_catalogue()
    return _CATALOGUE


def register(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add sentences to the catalogue from code; each key needs all three languages.

    The shipped sentences live in ``cardlab/messages/*.toml``; this is for
    sentences made up at run time (experiments, extensions).  A registered
    sentence wins over the data file's one with the same key.

    >>> register({"demo.hello": {"sv": "Hej {name}!", "nb": "Hei {name}!", "en": "Hello {name}!"}})
    >>> tr("demo.hello", "nb", name="Kari")
    'Hei Kari!'
    """
    checked = {key: _check(key, texts) for key, texts in messages.items()}
    _REGISTERED.update(checked)
    if _loaded:
        _CATALOGUE.update(checked)


def has_message(key: str) -> bool:
    """Is ``key`` in the catalogue?"""
    return key in _catalogue()


def keys() -> list[str]:
    """Every key in the catalogue (tests use it to check all three languages)."""
    return sorted(_catalogue())


def texts(key: str) -> dict[str, str]:
    """The sentence ``key`` in every language, unfilled.

    >>> texts("sheet.total")
    {'sv': 'Summa', 'nb': 'Sum', 'en': 'Total'}
    """
    try:
        return dict(_catalogue()[key])
    except KeyError:
        raise KeyError(f"No message {key!r} in the catalogue") from None


def source(key: str) -> str | None:
    """The data file under ``cardlab/messages/`` that defines ``key`` (``None`` if it was registered in code)."""
    _catalogue()
    return None if key in _REGISTERED else _SOURCES.get(key)


# ------------------------------------------------------------------ suits, ranks, fields
def suit_name(suit: Any, lang: str | None = None) -> str:
    """The name of a suit (a :class:`cardlab.cards.Suit` or its letter C, D, H, S) in ``lang``."""
    lang = check_language(lang)
    letter = str(getattr(suit, "letter", suit)).strip().upper()
    key = f"suit.{letter}"
    if letter not in ("C", "D", "H", "S"):
        raise ValueError(f"{suit!r} is not a suit: use C, D, H or S (clubs, diamonds, hearts, spades).")
    return _catalogue()[key][lang]


def rank_name(rank: Any, lang: str | None = None) -> str:
    """The name of a face card or ace (``kung``, ``konge``, ``king``); other ranks by their number."""
    lang = check_language(lang)
    letter = str(getattr(rank, "letter", rank))
    found = _catalogue().get(f"rank.{letter}")
    return found[lang] if found else letter


def show_as(kind: type, render: Callable[[Any, str], str]) -> None:
    """Teach :func:`tr` to show field values of type ``kind`` as ``render(value, lang)``.

    ``cardlab.cards`` uses it for suits (their name), ranks and cards (``10♥``);
    a list or tuple of such values is shown space-separated.
    """
    _SHOW[kind] = render


def _renderer(value: Any) -> Callable[[Any, str], str] | None:
    for kind in type(value).__mro__:
        if kind in _SHOW:
            return _SHOW[kind]
    return None


class _Shown(str):
    """A field's words that still quote as the value they came from: ``{value!r}`` of 9 reads ``9``, not ``'9'``.

    >>> "you chose {value!r}".format(value=_Shown("9", 9)), "{value!r}".format(value=_Shown("x", "x"))
    ('you chose 9', "'x'")
    """

    def __new__(cls, text: str, value: Any):
        shown = super().__new__(cls, text)
        shown._value = value
        return shown

    def __repr__(self) -> str:
        return repr(self._value) if isinstance(self._value, (int, float, type(None))) else str.__repr__(self)


def _show(value: Any, lang: str) -> str:
    return _Shown(_words(value, lang), value)


def _words(value: Any, lang: str) -> str:
    render = _renderer(value)
    if render is not None:
        return render(value, lang)
    if isinstance(value, Message):
        return value.text(lang)
    if isinstance(value, (list, tuple)) and value and all(_renderer(v) is not None for v in value):
        return " ".join(_show(v, lang) for v in value)
    return str(value)


def tr(key: str, lang: str | None = None, **params: Any) -> str:
    """The sentence ``key`` in ``lang`` with its fields filled in."""
    lang = check_language(lang)
    try:
        template = _catalogue()[key][lang]
    except KeyError:
        raise KeyError(f"No message {key!r} in the catalogue") from None
    shown = {name: (value if isinstance(value, str) else _show(value, lang)) for name, value in params.items()}
    return template.format(**shown)


class _Partial(dict):
    def __missing__(self, name: str) -> str:
        return "…"


def tr_partial(key: str, lang: str | None, params: Mapping[str, Any]) -> str:
    """Like :func:`tr`, but a field not in ``params`` reads as "…" instead of raising (for errors).

    >>> tr_partial("rule.not_your_turn", "en", {})
    'It is not your turn: seat … is to play.'
    """
    lang = check_language(lang)
    try:
        template = _catalogue()[key][lang]
    except KeyError:
        raise KeyError(f"No message {key!r} in the catalogue") from None
    shown = _Partial({name: (value if isinstance(value, str) else _show(value, lang)) for name, value in params.items()})
    return string.Formatter().vformat(template, (), shown)


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
