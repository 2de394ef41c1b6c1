"""Lätt / Medel / Svår and Tips at every table: the level list, the bots behind each level, a Tips
move within about 0.3 s with a reason in three languages, and whole games at Svår by clicking."""

from __future__ import annotations

import time

import pytest

from cardlab import RummyRules
from cardlab.bots import FemkampSearchBot, PlumpSearchBot, RummySearchBot
from cardlab.bots.levels import HINT_TIME_MS, FriendlyBot, available_levels, hint_bot, level_name, make_bot
from cardlab.bots.rummy import RummyBot
from cardlab.games.femkamp import Play as FPlay
from cardlab.games.femkamp import Prikk
from cardlab.games.rummy import Draw, LayOff, Meld
from cardlab.session import FemkampSession, PlumpSession, RummySession
from cardlab.widgets import FemkampTable, PlumpTable, RummyTable

SEARCH = {"plump": PlumpSearchBot, "femkamp": FemkampSearchBot, "rummy": RummySearchBot}
SESSIONS = {"plump": PlumpSession, "femkamp": FemkampSession, "rummy": RummySession}
TABLES = {"plump": PlumpTable, "femkamp": FemkampTable, "rummy": RummyTable}


@pytest.mark.parametrize("game", ["plump", "femkamp", "rummy"])
def test_every_game_offers_three_levels_and_the_table_lists_them(game):
    assert available_levels(game) == ["easy", "medium", "hard"]
    assert isinstance(make_bot(game, "easy", rng=1), FriendlyBot)
    assert not isinstance(make_bot(game, "medium"), (FriendlyBot, SEARCH[game]))
    assert isinstance(make_bot(game, "hard", rng=1), SEARCH[game])
    table = TABLES[game](rng=1, lang="sv")
    assert [label for label, _ in table.level_dropdown.options] == ["Lätt", "Medel", "Svår"]
    table.language_dropdown.value = "nb"
    assert [label for label, _ in table.level_dropdown.options] == ["Lett", "Middels", "Vanskelig"]
    table.level_dropdown.value = "hard"
    assert table.session.level == "hard"
    assert all(isinstance(b, SEARCH[game]) for b in table.session.bots.values())
    assert [level_name(v, "en") for v in available_levels(game)] == ["Easy", "Medium", "Hard"]


def my_turn(game, seed):
    """A session at level hard, run until the child is to move (in Rummy: in the meld phase too)."""
    session = SESSIONS[game](rng=seed, lang="sv", level="hard")
    session.run_bots()
    return session


@pytest.mark.parametrize("game", ["plump", "femkamp", "rummy"])
def test_tips_come_from_the_search_bot_in_time_with_a_legal_move_and_a_reason_in_three_languages(game):
    bot = hint_bot(game)
    assert isinstance(bot, SEARCH[game]) and bot.time_ms == HINT_TIME_MS
    session = my_turn(game, 3)
    view = session.game.view(session.seat)
    bot.decide(view)                                   # compiled (or loaded from the cache) and warm
    start = time.perf_counter()
    decision = hint_bot(game).decide(view)
    seconds = time.perf_counter() - start
    assert seconds < 0.3 + 0.7                         # the budget, and room for a loaded machine
    assert decision.action in view.legal_actions
    texts = [decision.explain(lang) for lang in ("sv", "nb", "en")]
    assert all(len(t) > 10 for t in texts) and len(set(texts)) == 3
    move = session.hint()
    assert move in session.legal_actions()
    assert session.message_text().startswith("Tips: ")


def test_a_femkamp_tip_names_the_card_and_says_why_in_a_childs_words():
    session = my_turn("femkamp", 5)
    session.hint()
    said = session.message_text()
    card = str(session.hinted.card) if isinstance(session.hinted, FPlay) else None
    assert card is None or card in said
    assert "halva stick" not in said and "renons" not in said


def test_whole_femkamp_game_at_hard_by_clicking():
    table = FemkampTable(rng=4, lang="sv", level="hard")
    assert all(isinstance(b, FemkampSearchBot) for b in table.session.bots.values())
    clicks = 0
    while not table.game.is_over:
        clicks += 1
        assert clicks < 2000
        if not table.next_button.disabled:
            table.next_button.click()
            continue
        legal = table.game.legal_actions()
        if isinstance(legal[0], Prikk):
            table.prikk_button.click()
        else:
            allowed = {a.card for a in legal}
            table.card_buttons[table.hand.index(min(allowed, key=lambda c: (c.rank, c.suit.index)))].click()
    assert len(table.game.results) == 5 and table.game.winners()
    assert "slut" in table.message_text() and table.next_button.disabled


def test_whole_plump_game_at_hard_by_clicking():
    table = PlumpTable("kids", rng=11, lang="en", level="hard")
    assert all(isinstance(b, PlumpSearchBot) for b in table.session.bots.values())
    clicks = 0
    while not table.game.is_over:
        clicks += 1
        assert clicks < 2000
        if not table.next_button.disabled:
            table.next_button.click()
        elif table.game.round.phase == "bid":
            next(b for b in table.bid_buttons if not b.disabled).click()
        else:
            next(b for b in table.card_buttons if "cardlab-illegal" not in b._dom_classes).click()
    assert len(table.game.results) == len(table.game.schedule)


def test_whole_rummy_game_at_hard_by_clicking():
    table = RummyTable(RummyRules(rounds=1), rng=5, lang="en", level="hard")
    assert all(isinstance(b, RummySearchBot) for b in table.session.bots.values())
    helper = RummyBot()
    clicks = 0
    while not table.game.is_over:
        clicks += 1
        assert clicks < 2000
        if not table.next_button.disabled:
            table.next_button.click()
            continue
        act = helper.choose(table.game.view(table.seat))
        if isinstance(act, Draw):
            (table.draw_stock_button if act.source == "stock" else table.draw_discard_button).click()
            continue
        for button in table.card_buttons:
            button.value = False
        for card in (act.cards if isinstance(act, Meld) else (act.card,)):
            table.card_buttons[table.hand.index(card)].value = True
        if isinstance(act, Meld):
            table.meld_button.click()
        elif isinstance(act, LayOff):
            table.layoff_dropdown.value = act.meld_index
            table.layoff_button.click()
        else:
            table.discard_button.click()
    assert len(table.game.results) == 1 and table.game.is_over
