"""Wrong-typed moves: actions check their own fields, why_illegal never raises, a refused move changes nothing.

Seats and counts are whole numbers.  A numpy integer counts as its value; a bool, a float or a
text is refused with a sentence naming the field, in Swedish, Norwegian and English.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab import Card, CardlabError, Match, PlumpRound, PlumpRules, RummyRules
from cardlab.games.kabal import Prikk
from cardlab.games.plump import Bid, Play
from cardlab.games.rummy import Discard, Draw, LayOff, Meld, RummyRound
from cardlab.errors import ActionFieldError
from cardlab.protocol import action_to_dict


@pytest.mark.parametrize("make, field_words", [
    (lambda: Bid(seat=1.0, tricks=2), {"sv": "Platsen i Bid", "nb": "Plassen i Bid", "en": "The seat in Bid"}),
    (lambda: Bid(seat=True, tricks=2), {"sv": "Platsen i Bid", "nb": "Plassen i Bid", "en": "The seat in Bid"}),
    (lambda: Bid(seat=1, tricks=2.0), {"sv": "Antalet stick i Bid", "nb": "Antall stikk i Bid",
                                       "en": "The number of tricks in Bid"}),
    (lambda: Play(seat="1", card="AS"), {"sv": "Platsen i Play", "nb": "Plassen i Play", "en": "The seat in Play"}),
    (lambda: Prikk(seat=np.float32(0)), {"sv": "Platsen i Prikk", "nb": "Plassen i Prikk", "en": "The seat in Prikk"}),
    (lambda: Draw(seat=None), {"sv": "Platsen i Draw", "nb": "Plassen i Draw", "en": "The seat in Draw"}),
    (lambda: LayOff(seat=0, card="4S", meld_index=False), {"sv": "Kombinationens nummer i LayOff",
                                                           "nb": "Kombinasjonens nummer i LayOff",
                                                           "en": "The meld number in LayOff"}),
])
def test_bools_floats_and_texts_are_refused_with_a_sentence_naming_the_field(make, field_words):
    with pytest.raises(ActionFieldError) as info:
        make()
    err = info.value
    assert isinstance(err, CardlabError) and isinstance(err, ValueError)
    for lang, words in field_words.items():
        message = err.message(lang)
        assert message.startswith(words) and message.count(".") >= 1 and "\n" not in message


def test_numpy_integers_count_as_their_value_and_save():
    bid = Bid(seat=np.int64(1), tricks=np.int32(2))
    assert bid == Bid(1, 2) and type(bid.seat) is int and type(bid.tricks) is int
    assert LayOff(seat=np.int8(2), card="4S", meld_index=np.uint16(0)).meld_index.__class__ is int
    match = Match.new("plump-round", PlumpRules(players=3), rng=0,
                      setup={"hands": ["AS KS", "QH 3C", "9S 8S"], "dealer": np.int64(2), "trump_card": "5C"})
    match.apply(Bid(seat=np.int64(0), tricks=np.int64(1)))
    text = json.dumps(match.to_dict())  # no "int64 is not JSON serializable"
    assert Match.from_dict(json.loads(text)).game.bids == [1, None, None]


def test_a_seat_off_the_table_gets_a_sentence_not_an_index_error():
    rnd = PlumpRound.deal(PlumpRules(), hand_size=3, dealer=0, rng=1)
    for act in (Bid(seat=7, tricks=1), Play(seat=-1, card="AS"), Bid(seat=10**40, tricks=0)):
        assert rnd.why_illegal(act, lang="en").startswith(f"There is no seat {act.seat} at this table")
        with pytest.raises(CardlabError):
            rnd.apply(act)
    rummy = RummyRound.deal(RummyRules(), rng=2)
    assert "ingen plats 5" in rummy.why_illegal(Discard(seat=5, card="AS"), lang="sv")


def test_a_refused_play_in_a_highest_bidder_leads_game_fixes_nothing():
    """The first leader (the highest bidder) is fixed only by a play that is made."""
    rules = PlumpRules(players=3, first_lead="highest-bidder", hook=False)
    match = Match.new("plump-round", rules, rng=0, setup={"hands": ["AS KS 2H", "QH 3C 4D", "9S 8S 7S"],
                                                         "dealer": 2})
    for seat, tricks in ((0, 0), (1, 2), (2, 1)):
        match.apply(Bid(seat, tricks))
    rnd = match.game
    assert rnd.to_move == 1  # the highest bidder leads
    key = rnd.state_key()
    bad = object.__new__(Play)  # as if built without the constructor's checks: seat 1.0
    object.__setattr__(bad, "seat", 1.0)
    object.__setattr__(bad, "card", Card.parse("QH"))
    assert rnd.why_illegal(bad, lang="en").startswith("The seat in Play must be a whole number")
    with pytest.raises(ActionFieldError):
        match.apply(bad)
    assert rnd.state_key() == key and rnd._leader is None and match.actions[-1] == Bid(2, 1)
    for not_leader in (0, 2):
        with pytest.raises(CardlabError):
            match.apply(Play(not_leader, rnd.hands[not_leader][0]))
    assert rnd._leader is None and rnd.to_move == 1
    reloaded = Match.from_dict(match.to_dict())
    assert reloaded.game.state_key() == rnd.state_key() and reloaded.game.to_move == 1


ODD = st.one_of(st.integers(min_value=-(10**30), max_value=10**30), st.floats(allow_nan=True), st.booleans(),
                st.text(max_size=5), st.none(), st.integers(-3, 10).map(np.int64), st.floats(-3, 10).map(np.float64))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seat=ODD, count=ODD, kind=st.sampled_from(["bid", "play", "prikk", "draw", "discard", "lay-off", "meld"]))
def test_any_action_is_built_with_int_fields_or_refused_and_why_illegal_always_answers(seat, count, kind):
    builders = {
        "bid": lambda: Bid(seat=seat, tricks=count), "play": lambda: Play(seat=seat, card="QH"),
        "prikk": lambda: Prikk(seat=seat), "draw": lambda: Draw(seat=seat, source="stock"),
        "discard": lambda: Discard(seat=seat, card="2C"), "lay-off": lambda: LayOff(seat=seat, card="4S", meld_index=count),
        "meld": lambda: Meld(seat=seat, cards="AS 2S 3S"),
    }
    try:
        act = builders[kind]()
    except ActionFieldError as err:
        assert all(err.message(lang) for lang in ("sv", "nb", "en"))
        return
    assert type(act.seat) is int
    assert all(type(getattr(act, f)) is int for f in ("tricks", "meld_index") if hasattr(act, f))
    action_to_dict(act)  # saves as plain JSON values
    for game in (PlumpRound.deal(PlumpRules(), hand_size=2, dealer=0, rng=3), RummyRound.deal(RummyRules(), rng=3)):
        key = game.state_key()
        reason = game.why_illegal(act, lang="nb")
        if reason is not None:
            with pytest.raises(CardlabError):
                game.apply(act)
            assert game.state_key() == key
