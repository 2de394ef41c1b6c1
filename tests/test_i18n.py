"""Every sentence on screen exists in Swedish, Norwegian (bokmål) and English."""

import importlib
import pkgutil
import re
import string

import pytest

import cardlab
from cardlab import i18n


def _load_everything():
    """Import every module of cardlab, so every sentence is registered."""
    for info in pkgutil.walk_packages(cardlab.__path__, "cardlab."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)


def test_every_message_has_three_languages_with_the_same_fields():
    _load_everything()
    assert len(i18n.keys()) > 40
    for key in i18n.keys():
        texts = i18n.texts(key)
        assert set(texts) == {"sv", "nb", "en"}, key
        fields = [{f for _, f, _, _ in string.Formatter().parse(texts[lang]) if f} for lang in ("sv", "nb", "en")]
        assert fields[0] == fields[1] == fields[2], key


def test_languages_really_differ():
    """A sentence that reads the same in all three languages may only be a format (fields and signs)."""
    _load_everything()
    same = [k for k in i18n.keys() if len({i18n.texts(k)[lang] for lang in ("sv", "nb", "en")}) == 1]
    words = {k: re.sub(r"\{[^}]*\}", "", i18n.texts(k)["en"]) for k in same}
    assert all(sum(ch.isalpha() for ch in text) <= 3 for text in words.values()), words


def test_registering_needs_all_languages():
    with pytest.raises(ValueError, match="lacks the language"):
        i18n.register({"demo.bad": {"sv": "hej", "en": "hi"}})
    with pytest.raises(ValueError, match="different fields"):
        i18n.register({"demo.bad": {"sv": "{a}", "nb": "{b}", "en": "{a}"}})


def test_default_language_can_be_chosen():
    from cardlab import Card, Suit
    from cardlab.errors import MustFollowSuitError

    old = i18n.get_language()
    try:
        i18n.set_language("nb")
        assert str(MustFollowSuitError(suit=Suit.HEARTS, card=Card.parse("7H"))).startswith("Du må følge farge")
        with pytest.raises(ValueError, match="Unknown language 'de'"):
            i18n.set_language("de")
    finally:
        i18n.set_language(old)


def test_suit_and_rank_vocabulary_follows_the_seeds():
    from cardlab import Rank, Suit

    assert [i18n.suit_name(s, "sv") for s in Suit] == ["klöver", "ruter", "hjärter", "spader"]
    assert [i18n.suit_name(s, "nb") for s in Suit] == ["kløver", "ruter", "hjerter", "spar"]
    assert i18n.rank_name(Rank.KING, "sv") == "kung" and i18n.rank_name(Rank.KING, "nb") == "konge"


@pytest.mark.parametrize("given, expected", [
    ("sv", "sv"), ("nb", "nb"), ("en", "en"), ("no", "nb"), ("nn", "nb"), ("NB", "nb"),
    ("sv_SE.UTF-8", "sv"), ("nb-NO", "nb"), ("en_GB", "en"),
])
def test_an_explicit_language_wins(given, expected, monkeypatch):
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    assert i18n.resolve_language(given) == expected


@pytest.mark.parametrize("bad", ["de", "", "C", "klingon"])
def test_an_unknown_explicit_language_is_refused(bad):
    with pytest.raises(ValueError, match="Unknown language"):
        i18n.resolve_language(bad, environ={"LANG": "sv_SE.UTF-8"})


@pytest.mark.parametrize("environ, expected", [
    ({"LANG": "sv_SE.UTF-8"}, "sv"),
    ({"LANG": "nb_NO.UTF-8"}, "nb"),
    ({"LANG": "nn_NO.UTF-8"}, "nb"),
    ({"LANG": "no_NO"}, "nb"),
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LC_MESSAGES": "nb_NO.UTF-8", "LANG": "sv_SE.UTF-8"}, "nb"),     # LC_MESSAGES before LANG
    ({"LC_ALL": "sv_SE.UTF-8", "LC_MESSAGES": "nb_NO.UTF-8"}, "sv"),   # LC_ALL before LC_MESSAGES
    ({"LANGUAGE": "de:nb:sv", "LC_ALL": "sv_SE.UTF-8"}, "nb"),        # LANGUAGE is a list, first known wins
    ({"LC_ALL": "", "LANG": "sv_SE.UTF-8"}, "sv"),                   # an empty variable does not count
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),                                  # a language cardlab does not speak
    ({}, "en"),                                                       # nothing set
])
def test_the_locale_decides_when_no_language_is_given(environ, expected):
    assert i18n.resolve_language(None, environ=environ) == expected


def test_the_process_environment_is_read_by_default(monkeypatch):
    for name in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    assert i18n.resolve_language() == "en"
    monkeypatch.setenv("LANG", "nb_NO.UTF-8")
    assert i18n.resolve_language() == "nb"
    monkeypatch.setenv("LC_ALL", "sv_SE.UTF-8")
    assert i18n.resolve_language() == "sv"


@pytest.mark.parametrize("lang, chose", [("sv", "du valde"), ("nb", "du valgte"), ("en", "you chose")])
def test_a_number_quoted_by_a_message_reads_as_the_number(lang, chose):
    from cardlab.i18n import tr

    # {value!r} quotes what the user typed: a number as it is, a word in quotes
    assert tr("rules.range", lang, field="players", low=2, high=7, value=9).endswith(f"{chose} 9.")
    assert tr("rules.range", lang, field="players", low=2, high=7, value=2.5).endswith(f"{chose} 2.5.")
    assert tr("rules.range", lang, field="players", low=2, high=7, value="nio").endswith(f"{chose} 'nio'.")
