"""Match: history, undo, save/load, replay from (rules, seed, actions), damaged files.

The golden transcripts of whole games are in tests/test_playthrough.py."""

import json

import pytest

from cardlab import Match, PlumpBot, PlumpRules, RandomBot, SaveFileError
from cardlab.games.plump import Bid
from cardlab.protocol import action_to_dict


def played_match(rules=None, seed=7, actions=None, bot=None):
    match = Match.new("plump", rules or PlumpRules.preset("kids"), rng=seed)
    bot = bot or PlumpBot()
    while not match.game.is_over and (actions is None or len(match.actions) < actions):
        match.apply(bot.choose(match.game.view(match.game.to_move)))
    return match


def test_save_load_replays_to_the_identical_game(tmp_path):
    match = played_match(PlumpRules(), seed=3, bot=RandomBot(rng=1))
    path = match.save(tmp_path / "game.json")
    loaded = Match.load(path)
    assert loaded.game.results == match.game.results and loaded.game.totals == match.game.totals
    assert loaded.game.state_key() == match.game.state_key()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["fingerprint"] == PlumpRules().fingerprint() and data["seed"] == 3


def test_replay_from_rules_seed_and_actions_mid_game():
    match = played_match(seed=11, actions=23)
    again = Match.from_dict({"format": "cardlab-game", "version": 1, "game": "plump",
                             "rules": match.rules.to_dict(), "seed": 11,
                             "actions": [action_to_dict(a) for a in match.actions]})
    assert again.game.state_key() == match.game.state_key()


def test_undo_takes_back_exactly_one_action():
    match = played_match(seed=5, actions=12)
    before = [a for a in match.actions]
    state_after_11 = played_match(seed=5, actions=11).game.state_key()
    match.undo()
    assert match.actions == before[:-1] and match.game.state_key() == state_after_11
    with pytest.raises(ValueError):
        match.undo(99)


def test_refused_action_is_not_recorded():
    match = played_match(seed=5, actions=0)
    with pytest.raises(ValueError):
        match.apply(Bid(seat=3, tricks=0))  # not seat 3's turn
    assert match.actions == []


def test_a_single_round_with_explicit_hands_saves_too(tmp_path):
    rules = PlumpRules(players=3)
    match = Match.new("plump-round", rules, rng=0, setup={"hands": ["AS KS", "QH 3C", "9S 8S"], "dealer": 2,
                                                         "trump_card": "5C"})
    match.apply(Bid(0, 1))
    loaded = Match.load(match.save(tmp_path / "round.json"))
    assert loaded.game.bids == [1, None, None] and loaded.game.trump_card == match.game.trump_card


@pytest.mark.parametrize("damage, words", [
    (lambda d: "not json at all", "not valid JSON"),
    (lambda d: [], "top level is not a JSON object"),
    (lambda d: {**d, "format": "chess-pgn"}, "'format' is 'chess-pgn'"),
    (lambda d: {**d, "version": 99}, "'version' 99 is not supported"),
    (lambda d: {**d, "game": "poker"}, "unknown game 'poker'"),
    (lambda d: {k: v for k, v in d.items() if k != "seed"}, "field 'seed' is missing"),
    (lambda d: {**d, "seed": "abc"}, "'seed' must be a whole number"),
    (lambda d: {**d, "rules": {**d["rules"], "players": 11}}, "its rules are invalid"),
    (lambda d: {**d, "rules": {**d["rules"], "hook": True}}, "do not match its fingerprint"),
    (lambda d: {**d, "actions": [{"type": "teleport"}]}, "unknown action type 'teleport'"),
    (lambda d: {**d, "actions": [{"type": "bid", "seat": 1}]}, "lacks the field 'tricks'"),
    (lambda d: {**d, "actions": d["actions"][:2] + d["actions"][3:]}, "action 3 .* is not legal"),
    (lambda d: {**d, "actions": [{"type": "play", "seat": 1, "card": "ZZ"}]}, "damaged"),
])
def test_damaged_or_foreign_files_get_a_clear_error(tmp_path, damage, words):
    data = played_match(seed=2, actions=10).to_dict()
    damaged = damage(data)
    path = tmp_path / "bad.json"
    path.write_text(damaged if isinstance(damaged, str) else json.dumps(damaged), encoding="utf-8")
    with pytest.raises(SaveFileError, match=words):
        Match.load(path)
