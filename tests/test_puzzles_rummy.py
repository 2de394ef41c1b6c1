"""Rummy puzzles: every answer re-checked by a plain brute force over the engine's turn, the named
positions of each theme, the seeded set, saving and loading, the child's own missed turns, and the
words in three languages."""

from __future__ import annotations

import json

import pytest

from cardlab.bots.rummy import RummyBot, RummyRandomBot
from cardlab.cards import Card, parse_cards
from cardlab.errors import CardlabError
from cardlab.games.melds import hand_penalty
from cardlab.games.rummy import Discard, Draw, LayOff, Meld, RummyGame, RummyRound
from cardlab.protocol import action_from_dict, action_to_dict, play_out
from cardlab.puzzles.handout import game_of, mistakes_first
from cardlab.puzzles.repetition import Leitner
from cardlab.puzzles.rummy import (RummyPuzzle, rummy_puzzles_from_games, rummy_puzzles_from_match,
                                   rummy_puzzles_from_round)
from cardlab.puzzles.rummy_set import load_rummy_puzzles, save_rummy_puzzles
from cardlab.puzzles.rummy_draw import rummy_draw_puzzles_from_match
from cardlab.puzzles.rummy_themes import THEME_NAMES, theme_of
from cardlab.puzzles.rummy_turn import TurnSearch
from cardlab.rules.rummy import RummyRules

C = Card.parse


# ------------------------------------------------------------------ an independent check
class TooMany(Exception):
    pass


def brute_ends(rnd, seat, turns, budget):
    """Every (hand left, points) a turn can end with: plain recursion over clones of the engine's round,
    no memo, the points summed card by card here (A=1, 2-10 face, J/Q/K=10; 0 when the hand is empty)."""
    if rnd.is_over or rnd.turns != turns:
        hand = rnd.hands[seat]
        points = sum(min(10, c.rank.ace_low) for c in hand)
        return {(tuple(c.code for c in hand), points)}
    budget[0] -= 1
    if budget[0] < 0:
        raise TooMany
    out = set()
    for act in rnd.legal_actions():
        twin = rnd.clone()
        twin.apply(act)
        out |= brute_ends(twin, seat, turns, budget)
    return out


def brute_values(rnd):
    seat, turns, budget = rnd.to_move, rnd.turns, [4000]
    out = {}
    for act in rnd.legal_actions():
        twin = rnd.clone()
        twin.apply(act)
        out[json.dumps(action_to_dict(act), sort_keys=True)] = min(p for _, p in brute_ends(twin, seat, turns, budget))
    return out


@pytest.fixture(scope="module")
def starting_set():
    return rummy_puzzles_from_games(n=12, rng=5)


def test_every_puzzle_is_rechecked_by_brute_force(starting_set):
    checked = 0
    for p in starting_set:
        try:
            brute = brute_values(p.round())
        except TooMany:
            continue
        mine = {json.dumps(a, sort_keys=True): v for a, v in zip(p.legal, p.values)}
        assert mine == brute, p.id
        best = min(brute.values())
        assert best == p.best
        assert sorted(json.dumps(a, sort_keys=True) for a in p.answers) == sorted(
            a for a, v in brute.items() if v == best)
        checked += 1
    assert checked >= 0.8 * len(starting_set) and checked > 10


def test_the_best_end_is_unique_and_the_margin_is_kept(starting_set):
    for p in starting_set:
        ends = p.search().ends()
        points = sorted(ends.values())
        assert points[0] == p.best == ends[p.end()] and points[1] == p.next_best
        assert p.margin >= 3 and p.theme in THEME_NAMES
        assert hand_penalty(p.end()) == p.best


def test_the_starting_set_is_seeded_and_plain(starting_set):
    again = rummy_puzzles_from_games(n=12, rng=5)
    assert [p.id for p in again] == [p.id for p in starting_set]
    assert [p.id for p in rummy_puzzles_from_games(n=12, rng=6)] != [p.id for p in starting_set]
    assert [p.difficulty for p in starting_set] == sorted(p.difficulty for p in starting_set)
    for p in starting_set:
        data = json.loads(json.dumps(p.to_dict()))
        assert data["game"] == "rummy" and data["kind"] == "turn"
        assert RummyPuzzle.from_dict(data) == p
    assert {"shed_high", "go_out", "lay_off", "meld_now"} <= {p.theme for p in starting_set}
    counts = {t: sum(p.theme == t for p in starting_set) for t in THEME_NAMES}
    assert max(counts.values()) <= 12


def test_the_position_is_the_seats_turn_after_its_draw(starting_set):
    for p in starting_set[:10]:
        rnd = p.round()
        assert rnd.to_move == p.seat and rnd.phase == "meld"
        assert p.actions[-1]["type"] == "draw" and p.actions[-1]["seat"] == p.seat


# ------------------------------------------------------------------ named positions, one per theme
def two_seat_round(seat0, seat1, stock, discard="2C"):
    """A round of two: the dealer is seat 0, so seat 1 starts."""
    return RummyRound.from_cards([seat0, seat1], stock=stock, discard=discard, dealer=0,
                                 rules=RummyRules(players=2))


def test_go_out_when_everything_fits():
    rnd = RummyRound.from_cards(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], stock="4S 8D 8C", discard="9C", dealer=0)
    rnd.apply(Draw(1, "stock"))
    turn = TurnSearch(rnd)
    assert turn.best() == 0 and theme_of(turn) == "go_out"
    assert turn.plan() == [Meld(1, parse_cards("AS 2S 3S 4S")), Discard(1, C("9H"))]
    assert turn.value_after(Discard(1, C("9H"))) == 10          # A♠ 2♠ 3♠ 4♠ stay in hand


def test_shed_the_highest_card():
    rnd = two_seat_round("8C 8D", "KS 5H 2C 4D", "3H 9S", discard="JD")
    rnd.apply(Draw(1, "stock"))                                  # 3♥: nothing melds
    turn = TurnSearch(rnd)
    assert theme_of(turn) == "shed_high" and turn.plan() == [Discard(1, C("KS"))]
    assert turn.best() == 14 and sorted(turn.ends().values())[1] == 19


def test_lay_off_onto_the_table():
    rnd = two_seat_round("4D KH 9H", "6S 7S 8S KD QC", "2H 5S 9C 3C", discard="JD")
    for act in (Draw(1, "stock"), Meld(1, parse_cards("6S 7S 8S")), Discard(1, C("KD")), Draw(0, "stock")):
        rnd.apply(act)                                           # seat 0 draws 5♠
    turn = TurnSearch(rnd)
    assert theme_of(turn) == "lay_off"
    assert turn.plan() == [LayOff(0, C("5S"), 0), Discard(0, C("KH"))]
    assert turn.best() == 13                                     # 4♦ 9♥ stay in hand
    assert turn.value_after(Discard(0, C("KH"))) == 18           # throw K♥ at once: 5♠ stays too
    assert turn.value_after(Discard(0, C("5S"))) == 23


def test_meld_now():
    rnd = two_seat_round("4D KH 9H", "5C 6C KC 2D", "7C 3S")
    rnd.apply(Draw(1, "stock"))                                  # 7♣
    turn = TurnSearch(rnd)
    assert theme_of(turn) == "meld_now" and turn.best() == 2
    assert turn.plan() == [Meld(1, parse_cards("5C 6C 7C")), Discard(1, C("KC"))]


def test_pick_the_right_meld():
    rnd = two_seat_round("4D KH 9D", "7H 7S 7D 8H 9H QC", "2C 3S", discard="JD")
    rnd.apply(Draw(1, "stock"))                                  # 2♣
    turn = TurnSearch(rnd)
    assert theme_of(turn) == "right_meld"
    assert turn.plan() == [Meld(1, parse_cards("7H 8H 9H")), Discard(1, C("QC"))]
    assert turn.best() == 16 and turn.value_after(Meld(1, parse_cards("7H 7S 7D"))) == 19


def test_a_turn_too_large_for_the_search_is_refused_by_name(monkeypatch):
    import cardlab.puzzles.rummy_turn as turn_module

    rnd = RummyRound.from_cards(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], stock="4S 8D 8C", discard="9C", dealer=0)
    rnd.apply(Draw(1, "stock"))
    monkeypatch.setattr(turn_module, "MAX_STATES", 2)
    with pytest.raises(CardlabError) as err:
        TurnSearch(rnd).ends()
    assert err.value.rule == "puzzles.rummy.too_large" and "2" in err.value.message("sv")


def test_a_turn_before_the_draw_is_refused_by_name():
    rnd = RummyRound.from_cards(["KS QS 2D", "AS 2S 3S 9H", "5C 6C 7C"], stock="4S 8D 8C", discard="9C", dealer=0)
    with pytest.raises(CardlabError) as err:
        TurnSearch(rnd)
    assert err.value.rule == "puzzles.rummy.not_in_turn"


# ------------------------------------------------------------------ files
def test_save_and_load(starting_set, tmp_path):
    path = save_rummy_puzzles(tmp_path / "week1.json", starting_set[:5])
    assert load_rummy_puzzles(path) == starting_set[:5]
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["puzzles"][1]["values"]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CardlabError) as err:
        load_rummy_puzzles(path, lang="en")
    assert "puzzle 2 of week1.json" in str(err.value) and "'values'" in str(err.value)


@pytest.mark.parametrize("field, value, named", [
    ("values", [1], "'values'"), ("answers", [{"type": "discard", "seat": 0, "card": "2C"}], "'answers'"),
    ("theme", "guess", "'theme'"), ("game", "femkamp", "'game'"), ("deal", "AS", "'deal'")])
def test_a_damaged_puzzle_names_the_field(starting_set, field, value, named):
    data = starting_set[0].to_dict()
    data[field] = value
    with pytest.raises(CardlabError) as err:
        RummyPuzzle.from_dict(data)
    assert named in err.value.message("en")
    assert err.value.message("sv") != err.value.message("en") != err.value.message("nb")


def test_bad_arguments_are_named():
    with pytest.raises(CardlabError, match="min_margin"):
        rummy_puzzles_from_games(n=1, min_margin=0)
    with pytest.raises(CardlabError, match="per_theme"):
        rummy_puzzles_from_games(n=1, per_theme=0)
    with pytest.raises(CardlabError, match="not finished"):
        rummy_puzzles_from_round(RummyRound.deal(RummyRules(), rng=1))


# ------------------------------------------------------------------ the child's own turns
def test_own_missed_turns():
    game = play_out(RummyGame.start(RummyRules(rounds=2), seed=3), [RummyRandomBot(rng=1), RummyBot(), RummyBot()])
    own = rummy_puzzles_from_match(game, 0)
    assert own and all(p.source == "own" and p.seat == 0 for p in own)
    for p in own:
        rnd = p.round()
        for act in p.played:
            rnd.apply(action_from_dict(act))
        assert hand_penalty(rnd.hands[0]) > p.best           # the turn played kept more points
        assert RummyPuzzle.from_dict(p.to_dict()) == p
    boxes = Leitner("Mina")
    first = mistakes_first(game, 0, boxes, game="rummy")
    own_draws = rummy_draw_puzzles_from_match(game, 0)
    assert all(p.source == "own" and p.played == "stock" for p in own_draws)
    assert [p.id for p in first] == [p.id for p in own_draws + own] and game_of(first[0]) == "rummy"
    assert boxes.next_id([p.id for p in own]) == own[0].id


# ------------------------------------------------------------------ words
def test_words_in_three_languages(starting_set):
    for theme in {p.theme for p in starting_set}:
        p = next(q for q in starting_set if q.theme == theme)
        texts = {lang: p.explanation().text(lang) for lang in ("sv", "nb", "en")}
        assert len(set(texts.values())) == 3 and all("{" not in t for t in texts.values())
        titles = {lang: p.title().text(lang) for lang in ("sv", "nb", "en")}
        assert len(set(titles.values())) == 3
        assert f"at least {p.next_best} points" in texts["en"]
    out = next(q for q in starting_set if q.theme == "go_out")
    assert "go out" in out.explanation().text("en") and "går ut" in out.explanation().text("sv")


@pytest.mark.parametrize("name", ["09_rummy_puzzles", "09_rummy_pussel", "09_rummy_notter"])
def test_the_lessons_own_mistakes_take_the_missed_draws_too(name):
    """"Mina misstag" in the Rummy lessons asks mistakes_first for the child's draws and turns, and the game it
    shows before the child has played (the bots') has a missed draw, so the stored output shows one."""
    import re
    from pathlib import Path

    import nbformat

    nb = nbformat.read(Path(__file__).resolve().parents[1] / "notebooks" / f"{name}.ipynb", as_version=4)
    cells = [c for c in nb.cells if c.cell_type == "code" and "mistakes_first(" in c.source]
    assert len(cells) == 1 and 'game="rummy"' in cells[0].source
    assert "rummy_puzzles_from_match" not in "".join(c.source for c in nb.cells)
    printed = "".join(o.get("text", "") for o in cells[0].outputs)
    draws, turns = (int(n) for n in re.findall(r"\d+", printed))
    assert draws >= 1 and turns >= 1


def test_the_margin_says_stays_for_one_card_left_and_stay_for_more(starting_set):
    kept = [p for p in starting_set if not p.goes_out]
    one = [p for p in kept if len(p.end()) == 1]
    more = [p for p in kept if len(p.end()) > 1]
    assert one and more
    for p in one:
        assert f"only {p.end()[0]} stays in your hand, worth {p.best};" in p.margin_words().text("en")
        assert f"bara {p.end()[0]} kvar, värt {p.best};" in p.margin_words().text("sv")
    for p in more:
        assert " stay in your hand" in p.margin_words().text("en") and "stays" not in p.margin_words().text("en")
        assert f"kvar, värda {p.best};" in p.margin_words().text("sv")
