"""Rummy draw puzzles: the discard pile's top card against the stock's exact average, re-checked by brute
force over the engine's turn for every card that could be on top of the stock; files; the session and
the table by clicking."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from cardlab.cards import Card, full_deck
from cardlab.errors import CardlabError
from cardlab.games.rummy import Draw, RummyRound
from cardlab.puzzles.handout import hand_out, load_set
from cardlab.puzzles.rummy import rummy_puzzles_from_games
from cardlab.puzzles.rummy_draw import DrawSearch, RummyDrawPuzzle, rummy_draw_puzzles_from_games
from cardlab.puzzles.rummy_set import load_rummy_puzzles, rummy_puzzle_from_dict, save_rummy_puzzles
from cardlab.puzzles.rummy_session import RummyPuzzleSession
from cardlab.widgets.rummy_puzzle_table import RummyPuzzleTable

from test_puzzles_rummy import TooMany, brute_ends


@pytest.fixture(scope="module")
def draws():
    return rummy_draw_puzzles_from_games(n=12, rng=5)


def brute_best(rnd, seat):
    return min(p for _, p in brute_ends(rnd, seat, rnd.turns, [4000]))


def could_be_on_top(rnd, seat):
    """From the seat's view only: every card of the round not in its hand, on the table, in the discard pile
    or picked up by another seat and not put down or thrown again."""
    view = rnd.view(seat)
    known = set(view.hand) | set(view.discard_pile) | {c for m in view.table for c in m.cards}
    for s, c in view.pickups:
        later = [act for act in rnd.played_actions() if getattr(act, "card", None) == c]
        if s != seat and c not in known and not later:
            known.add(c)
    return [c for c in full_deck() if c in set(rnd.all_cards()) and c not in known]


def with_on_top(rnd, card):
    twin = rnd.clone()
    if twin.stock[0] != card:
        old = twin.stock[0]
        for h in twin.hands:
            if card in h:
                h[h.index(card)] = old
        if card in twin.stock:
            twin.stock[twin.stock.index(card)] = old
        twin.stock[0] = card
        twin.hands = [sorted(h, key=lambda c: c.sort_key) for h in twin.hands]
    return twin


def test_every_draw_puzzle_is_rechecked_by_brute_force(draws):
    assert len(draws) >= 5
    checked = 0
    for p in draws:
        rnd = p.round()
        seat = p.seat
        assert rnd.phase == "draw" and rnd.to_move == seat
        unseen = could_be_on_top(rnd, seat)
        assert [c.code for c in unseen] == list(p.unseen)
        taken = rnd.clone()
        taken.apply(Draw(seat, "discard"))
        try:
            assert brute_best(taken, seat) == p.discard_value
            for card, value in zip(unseen, p.stock_values):
                twin = with_on_top(rnd, card)
                twin.apply(Draw(seat, "stock"))
                assert twin.hands[seat].count(card) == 1 and brute_best(twin, seat) == value
        except TooMany:
            continue
        assert p.stock_mean - p.discard_value >= 3
        checked += 1
    assert checked >= 0.8 * len(draws)


def test_a_named_draw():
    rnd = RummyRound.from_cards(["KS QS 2D", "5C 6C KH 9D", "AS 2S 3S"], stock="4S 8D 8C", discard="7C", dealer=0)
    look = DrawSearch(rnd)
    assert look.top_helps() and look.discard_value() == 9          # 5♣ 6♣ 7♣ down, K♥ thrown: 9♦ kept
    # the other hands and the stock: nothing of them melds with 5♣ 6♣, so K♥ is thrown and the rest kept
    # (5 + 6 + 9 = 20 and the card drawn; a king or queen drawn is kept as the other ten is thrown)
    expected = {"KS": 30, "QS": 30, "2D": 22, "AS": 21, "2S": 22, "3S": 23, "4S": 24, "8D": 28, "8C": 28}
    assert sorted(c.code for c in look.unseen()) == sorted(expected)
    assert {c.code: v for c, v in look.stock_values().items()} == expected
    assert look.stock_mean() == Fraction(228, 9) and look.stock_out_cards() == []
    with pytest.raises(CardlabError) as err:
        taken = rnd.clone()
        taken.apply(Draw(1, "stock"))
        DrawSearch(taken)
    assert err.value.rule == "puzzles.rummy.not_a_draw"


def test_draw_puzzles_are_seeded_plain_and_refused_when_damaged(draws, tmp_path):
    assert [p.id for p in rummy_draw_puzzles_from_games(n=12, rng=5)] == [p.id for p in draws]
    for p in draws:
        assert rummy_puzzle_from_dict(json.loads(json.dumps(p.to_dict()))) == p
    data = draws[0].to_dict()
    data["stock_values"] = data["stock_values"][:-1]
    with pytest.raises(CardlabError) as err:
        RummyDrawPuzzle.from_dict(data)
    assert "'stock_values'" in err.value.message("en") and "'stock_values'" in err.value.message("nb")
    mixed = rummy_puzzles_from_games(n=2, rng=3)[:3] + draws[:3]
    assert load_rummy_puzzles(save_rummy_puzzles(tmp_path / "mixed.json", mixed)) == mixed
    assert load_set(hand_out(tmp_path, "rummy2", mixed)) == mixed


def test_the_explanation_gives_the_stocks_average_in_three_languages(draws):
    p = draws[-1]
    texts = {lang: p.explanation().text(lang) for lang in ("sv", "nb", "en")}
    assert len(set(texts.values())) == 3
    assert f"{len(p.unseen)} cards that could lie on top of the stock" in texts["en"]
    assert str(round(float(p.stock_mean))) in texts["en"] and str(Card.parse(p.top)) in texts["sv"]


def test_the_session_and_the_table_answer_a_draw(draws):
    s = RummyPuzzleSession(draws[:2], child="Mina", lang="en")
    assert s.is_draw and s.message_text().startswith("Your turn") and "discard pile, or draw" in s.message_text()
    assert s.draw("stock") is False and s.message_text().startswith("Not quite")
    assert s.boxes.entries[s.puzzle.id]["last"] == "draw stock"
    table = RummyPuzzleTable(draws[:2], child="Bo", lang="sv")
    assert table.draw_discard_button.layout.display is None and table.meld_button.layout.display == "none"
    assert table.draw_discard_button.description.startswith("Ta ")
    asked = table.draw_discard_button.description
    table.draw_discard_button.click()
    assert table.session.right is True and table.message_text().startswith("Rätt!")
    # after the answer the draw buttons stay (disabled) and still name the card the puzzle asked about
    assert table.draw_discard_button.description == asked and table.draw_discard_button.disabled
    assert table.discard_button.layout.display == "none"
