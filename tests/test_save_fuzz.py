"""Damaged and hand-edited saves: every file loads into a game that plays to its end, or is refused
with a SaveFileError of one line of at most 300 characters in every language.

Over 1,000 seeded mutations of real saves of every game: truncation, flipped bytes, type swaps
(bool, float, numpy integers, None, lists, objects), deep nesting, huge texts and numbers,
negative and 5,000-digit seeds, seats off the table, broken set-ups (dealer 99, hand size 0,
duplicate cards), deleted, added and reordered actions.
"""

from __future__ import annotations

import json
import random
import warnings

import numpy as np
import pytest

from cardlab import FemkampRules, Match, PlumpRules, RandomBot, RummyRules, SaveFileError
from cardlab.match import EditedSaveWarning, checksum

LANGS = ("sv", "nb", "en")


def base_saves():
    """Real saves of every game, part-played, some with explicit set-ups."""
    saves = []
    specs = [
        ("plump", PlumpRules.preset("kids"), None),
        ("plump-round", PlumpRules(players=3), {"hands": ["AS KS 2H", "QH 3C 4D", "9S 8S 7S"], "dealer": 2, "trump_card": "5C"}),
        ("plump-round", PlumpRules(first_lead="highest-bidder"), {"hand_size": 3, "dealer": 1}),
        ("femkamp", FemkampRules(players=3), {"deals": [{"hands": ["AS KS", "QS JS", "10S 9S"]}]}),
        ("kabal", FemkampRules(), None),
        ("rummy", RummyRules(rounds=1, max_reshuffles=3), {"hands": ["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], "stock": "4S 8D 8C 10C", "discard": "9C"}),
        ("rummy-round", RummyRules(players=2, max_reshuffles=3), None),
    ]
    for i, (name, rules, setup) in enumerate(specs):
        match = Match.new(name, rules, rng=10 + i, setup=setup)
        bot = RandomBot(rng=i)
        for _ in range(12):
            if match.game.is_over:
                break
            match.apply(bot.choose(match.game.view(match.game.to_move)))
        saves.append(match.to_dict())
    return saves


def paths(value, here=()):
    """Every path into a JSON-like value (to pick one to damage)."""
    yield here
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, here + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, here + (i,))


def replaced(data, path, new):
    if not path:
        return new
    data = json.loads(json.dumps(data))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return data


def nested(depth):
    value = []
    for _ in range(depth):
        value = [value]
    return value


ODD_VALUES = [None, True, False, 1.5, -1, 0, 7, 99, 10**30, "", "x", "ZZ", "x" * 200_000, [], {}, [1, 2],
              {"type": "bid"}, nested(60), np.int64(1), np.int32(-3), np.float64(2.0), np.bool_(True)]


def mutations(data, rng):
    """(kind, value) pairs: ("text", str) to be written to a file, or ("data", object) for from_dict."""
    text = json.dumps(data)
    every = list(paths(data))
    out = []
    cut = rng.randrange(len(text))
    out.append(("text", text[:cut]))
    flipped = bytearray(text.encode())
    for _ in range(rng.randrange(1, 4)):
        flipped[rng.randrange(len(flipped))] = rng.randrange(256)
    out.append(("bytes", bytes(flipped)))
    for _ in range(6):
        out.append(("data", replaced(data, rng.choice(every), rng.choice(ODD_VALUES)) if True else None))
    path = rng.choice([p for p in every if p])
    if isinstance(path[-1], str):
        out.append(("data", _deleted(data, path)))
    seat_paths = [p for p in every if p and p[-1] == "seat"]
    if seat_paths:
        out.append(("data", replaced(data, rng.choice(seat_paths), rng.choice([7, -1, 1.0, True, np.int64(0), "0"]))))
    out.append(("data", {**data, "seed": rng.choice([-1, -(10**20), 2**128, 1.0, "7", np.int64(3), True])}))
    out.append(("text", text.replace(f'"seed": {data["seed"]}', '"seed": ' + "9" * 5000)))
    out.append(("text", text.replace('"actions": [', '"actions": [' + "[" * 100_000, 1)))
    out.append(("data", {**data, "setup": rng.choice([{"hand_size": 0}, {"dealer": 99}, {"dealer": -1},
                                                      {"hands": ["AS AS", "KS QS", "2C 3C"]}, {"hands": "AS KS"},
                                                      {"deals": "many"}, {"deals": [{"hands": [1, 2, 3]}]},
                                                      {"hand_size": 10**6}, {"note": "mine"}, [], "x"])}))
    actions = list(data["actions"])
    if len(actions) > 2:
        i, j = rng.sample(range(len(actions)), 2)
        swapped = list(actions)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        out.append(("data", {**data, "actions": swapped}))
        out.append(("data", {**data, "actions": actions[:i] + actions[i + 1:]}))
        out.append(("data", {**data, "actions": actions + [rng.choice(actions)]}))
    return out


def _deleted(data, path):
    data = json.loads(json.dumps(data))
    target = data
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]
    return data


def check_one(kind, value, tmp_path, bot):
    try:
        if kind == "data":
            match = Match.from_dict(value)
        else:
            path = tmp_path / "damaged.json"
            path.write_bytes(value if isinstance(value, bytes) else value.encode("utf-8"))
            match = Match.load(path)
    except SaveFileError as exc:
        for lang in LANGS:
            message = exc.message(lang)
            assert "\n" not in message and 0 < len(message) <= 300, (lang, message)
        return "refused"
    match.play_out(bot, max_actions=50_000)
    assert match.game.is_over
    return "edited" if match.edited else "loaded"


def test_a_thousand_damaged_saves_load_and_play_or_are_refused_in_one_line(tmp_path):
    rng = random.Random(2026)
    bot = RandomBot(rng=1)
    outcomes = {"refused": 0, "loaded": 0, "edited": 0}
    saves = base_saves()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", EditedSaveWarning)
        rounds = 0
        while sum(outcomes.values()) < 1_050:
            rounds += 1
            data = saves[rounds % len(saves)]
            for kind, value in mutations(data, rng):
                outcomes[check_one(kind, value, tmp_path, bot)] += 1
    assert sum(outcomes.values()) >= 1_000
    assert outcomes["refused"] > 500 and outcomes["edited"] > 20  # both ways out really happen


def test_an_edited_but_valid_file_loads_with_a_warning_and_damage_mentions_the_checksum(tmp_path):
    data = base_saves()[0]
    edited = {**data, "actions": data["actions"][:5]}  # taking back moves by hand
    with pytest.warns(EditedSaveWarning, match="changed after it was saved"):
        match = Match.from_dict(edited)
    assert match.edited and len(match.actions) == 5
    damaged = {**data, "actions": data["actions"][:3] + data["actions"][4:]}
    with pytest.raises(SaveFileError, match="checksum does not match either") as info:
        Match.from_dict(damaged)
    assert "Kontrollsumman" in info.value.message("sv")
    again = {**damaged, "checksum": checksum(damaged)}  # a file written that way: no checksum blame
    with pytest.raises(SaveFileError) as info:
        Match.from_dict(again)
    assert "checksum" not in str(info.value)
    assert Match.from_dict(data).edited is False


@pytest.mark.parametrize("seed", [-1, -(10**20), 2**128, 10**5000], ids=["-1", "-1e20", "2**128", "5001 digits"])
def test_negative_and_huge_seeds_are_refused_in_one_line(seed):
    data = {**base_saves()[1], "seed": seed}
    data.pop("checksum")
    with pytest.raises(SaveFileError, match="'seed' must be a whole number from 0") as info:
        Match.from_dict(data)
    assert len(str(info.value)) <= 300


def test_a_5000_digit_seed_in_a_file_and_deep_nesting_are_refused(tmp_path):
    path = tmp_path / "seed.json"
    path.write_text('{"format": "cardlab-game", "version": 1, "seed": ' + "7" * 5000 + "}", encoding="utf-8")
    with pytest.raises(SaveFileError, match="a number in it has more than 4300 digits"):
        Match.load(path)
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    with pytest.raises(SaveFileError, match="nested more than"):
        Match.load(path)
    with pytest.raises(SaveFileError, match="nested more than"):
        Match.from_dict({"format": "cardlab-game", "setup": nested(5_000)})


@pytest.mark.parametrize("setup, words", [
    ({"hand_size": 0}, "hand_size must be a whole number from 1 to 10, not 0"),
    ({"dealer": 99}, "dealer must be a seat from 0 to 3, not 99"),
    ({"dealer": True}, "dealer must be a seat from 0 to 3, not True"),
    ({"hands": ["AS KS", "AS QS", "2C 3C", "4C 5C"]}, "dealt more often than the deck holds it"),
    ({"hands": ["AS KS", "QS", "2C 3C", "4C 5C"]}, "same number of cards"),
    ({"hands": ["AS", "KS", "QS"]}, "give 4 hands"),
    ({"hands": ["AS", "KS", "QS", "JS"], "dealer": 4}, "dealer must be a seat from 0 to 3"),
    ({"hands": ["AS", "KS", "QS", "JS"], "hand_size": 1}, "no key 'hand_size'"),
    ({"colour": "red"}, "no key 'colour'"),
])
def test_set_ups_are_checked_as_strictly_as_the_constructors(setup, words):
    match = Match.new("plump-round", PlumpRules(), rng=1)
    data = {**match.to_dict(), "setup": setup}
    with pytest.raises(SaveFileError, match=words):
        Match.from_dict(data)
