"""The end of a round shows the round that ended until the child reads on; the end of the game and a
change of level say what happened and what to press.  Every table is driven by clicking its buttons."""

from __future__ import annotations

import re

import pytest

from cardlab.rules.plump import PlumpRules
from cardlab.widgets import PlumpTable
from cardlab.widgets.femkamp_table import FemkampTable
from cardlab.widgets.rummy_table import RummyTable


def child_moves(table) -> None:
    """One move of the child's, by clicking: the first allowed bid, card, draw, discard or prikk."""
    if getattr(table, "bid_box", None) is not None and table.bid_box.layout.display != "none":
        next(b for b in table.bid_buttons if not b.disabled).click()
    elif isinstance(table, RummyTable):
        if table.game.round.phase == "draw":
            table.draw_stock_button.click()
        else:
            table.card_buttons[-1].value = True
            table.discard_button.click()
    else:
        legal = [b for b in table.card_buttons if "cardlab-illegal" not in b._dom_classes]
        (legal[0] if legal else table.prikk_button).click()


def click_until(table, done, limit: int = 5000) -> None:
    """Click Next (or make the child's move) until ``done()``."""
    for _ in range(limit):
        if done():
            return
        if table.session.is_my_turn():
            child_moves(table)
        else:
            assert not table.next_button.disabled, "nothing to press"
            table.next_button.click()
    raise AssertionError("never got there")


def words(html: str) -> str:
    """What the felt says, without its tags."""
    return re.sub(r"<[^>]+>", "", html)


def seat_line(felt: str, seat: int) -> str:
    """The text of seat ``seat``'s box on the felt (tags stripped)."""
    start = felt.index(f'data-seat="{seat}"')
    box = felt[start:felt.index('class="cardlab-seat"', start + 1) if 'class="cardlab-seat"' in felt[start + 1:] else None]
    return re.sub(r"<[^>]+>", "", box)


# ------------------------------------------------------------------------------------------- Plump
@pytest.mark.parametrize("seed", [2, 3, 8])
def test_plump_round_end_shows_the_bids_tricks_and_last_trick_of_the_round_that_ended(seed):
    table = PlumpTable("kids", rng=seed, lang="en")
    click_until(table, lambda: table.session.paused == "round")
    ended = table.game.finished_rounds[-1]
    bid, took = ended.bids[0], ended.tricks_taken[0]
    assert f"Bid: {bid} · Tricks: {took}" in seat_line(table.felt.value, 0)
    for s in (1, 2, 3):
        assert f"Bid: {ended.bids[s]} · Tricks: {ended.tricks_taken[s]}" in seat_line(table.felt.value, s)
    assert "Bid: –" not in words(table.felt.value)
    last = ended.completed_tricks[-1]
    assert "Last trick" in table.felt.value
    assert all(f'aria-label="{c}"' in table.felt.value for c in last.cards)
    assert "Round 1 of 9 · 5 cards each" in table.title_html.value
    assert f"You bid {bid} " in table.message_text()
    # read on: the new round shows no trick of the old one, and its own empty bids
    table.next_button.click()
    assert table.session.paused is None
    assert "Last trick" not in table.felt.value and "Bid: –" in words(table.felt.value)
    assert "Round 2 of 9 · 4 cards each" in table.title_html.value
    click_until(table, lambda: bool(table.game.round.completed_tricks))
    assert "Last trick" in table.felt.value


def test_plump_game_end_points_to_new_game_and_keeps_the_last_round_on_the_felt():
    table = PlumpTable(PlumpRules(players=3, max_cards=2, trump="none", hook=False), rng=5, lang="sv")
    click_until(table, lambda: table.game.is_over)
    assert table.message_text().endswith("Tryck på Nytt spel för att spela en gång till.")
    ended = table.game.finished_rounds[-1]
    assert f"Bud: {ended.bids[0]} · Stick: {ended.tricks_taken[0]}" in seat_line(table.felt.value, 0)
    assert "cardlab-game-over" in table._table._dom_classes
    table.new_game_button.click()
    assert not table.game.is_over and "cardlab-game-over" not in table._table._dom_classes


def test_a_change_of_level_says_so_in_the_childs_language():
    table = PlumpTable("kids", rng=3, lang="nb")
    table.level_dropdown.value = "easy"
    assert table.message_text() == "Nå spiller botene på nivået Lett, fra neste trekk."
    table.language_dropdown.value = "en"                 # re-labelling the levels is no change of level
    assert table.session.level == "easy" and table.message_text().startswith("The bots now play at level Easy")


# ----------------------------------------------------------------------------------------- Femkamp
def test_femkamp_round_end_names_the_round_that_ended_not_the_next():
    table = FemkampTable(rng=5, lang="en")
    click_until(table, lambda: table.session.paused == "round")
    assert "Round 1 of 5 · Pass round" in table.title_html.value
    assert "Pass round" in table.felt.value and "Clubs round" not in table.felt.value
    assert "Take as few tricks as possible" in table.felt.value
    last = table.game.finished_rounds[-1].completed_tricks[-1]
    assert "Last trick" in table.felt.value and all(f'aria-label="{c}"' in table.felt.value for c in last.cards)
    assert "Pass round: you got" in table.message_text()
    table.next_button.click()
    assert "Round 2 of 5 · Clubs round" in table.title_html.value and "Clubs round" in table.felt.value
    assert "Last trick" not in table.felt.value


# ------------------------------------------------------------------------------------------- Rummy
@pytest.mark.parametrize("seed", [4, 7])
def test_rummy_round_end_keeps_the_melds_that_ended_the_round(seed):
    table = RummyTable(players=2, rng=seed, lang="en")
    click_until(table, lambda: table.session.paused == "round")
    ended = table.game.finished_rounds[-1]
    assert ended.table, "no meld was laid in the round"
    for meld in ended.table:
        assert all(f'aria-label="{c}"' in table.felt.value for c in meld.cards)
    assert "No melds on the table yet" not in table.felt.value
    assert "Round 1" in table.title_html.value
    table.next_button.click()
    assert "No melds on the table yet" in table.felt.value and "Round 2" in table.title_html.value


def test_rummy_and_femkamp_game_ends_point_to_new_game():
    rummy = RummyTable(players=2, rng=4, lang="en")
    click_until(rummy, lambda: rummy.game.is_over)
    assert rummy.message_text().endswith("Press New game to play again.")
    femkamp = FemkampTable(players=3, rng=2, lang="nb")
    click_until(femkamp, lambda: femkamp.game.is_over)
    assert femkamp.message_text().endswith("Trykk på Nytt spill for å spille en gang til.")
    assert "Kabal" in femkamp.title_html.value
