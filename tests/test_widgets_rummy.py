"""Click-through tests for the Rummy table (no browser: buttons are clicked, toggles set)."""

from __future__ import annotations

from cardlab import RummyRules
from cardlab.bots.rummy import RummyBot
from cardlab.cards import Card
from cardlab.games.rummy import Discard, Draw, LayOff, Meld
from cardlab.widgets import RummyTable
from cardlab.widgets.rummy_table import describe_move, selection_message

#: Seat 0 (the human) is dealer; seat 1 starts.  After the bots' turns we hold a run and a set.
SETUP = {"hands": ["5C 6C 7C 9H 9S 9D KS", "2D 3H 4S 6H 8S 10C QD", "AH 3C 5D 7S JH QC KD"],
         "stock": "AS 2S 8D JS 3S 4D 10H 5S 6D 7D 8H 9C 10S JD QH KH AC 2C 4C 8C JC KC AD 3D",
         "discard": "4H"}


class Hand:
    """Let the human seat play like the friendly bot, but through the table's buttons."""

    def __init__(self, table):
        self.table = table
        self.bot = RummyBot()

    def act(self):
        t = self.table
        act = self.bot.choose(t.game.view(t.seat))
        if isinstance(act, Draw):
            (t.draw_stock_button if act.source == "stock" else t.draw_discard_button).click()
            return
        cards = act.cards if isinstance(act, Meld) else (act.card,)
        for button in t.card_buttons:           # clear, then press the wanted toggles
            button.value = False
        for card in cards:
            t.card_buttons[t.hand.index(card)].value = True
        if isinstance(act, Meld):
            t.meld_button.click()
        elif isinstance(act, LayOff):
            t.layoff_dropdown.value = act.meld_index
            t.layoff_button.click()
        else:
            t.discard_button.click()


def fixed_table(lang="sv"):
    return RummyTable(RummyRules(rounds=1), rng=1, lang=lang)


def test_draw_buttons_show_only_when_it_is_time_to_draw():
    table = RummyTable(rng=4, lang="nb")
    table.run_bots()
    assert table.draw_box.layout.display == "" and table.action_box.layout.display == "none"
    top = table.game.round.discard_top
    assert table.draw_discard_button.description == f"Ta {top} fra kastebunken"
    table.draw_discard_button.click()
    assert top in table.hand and table.game.round.phase == "meld"
    assert table.draw_box.layout.display == "none" and table.action_box.layout.display == ""
    assert f"Du tar {top} fra kastebunken." in table.message_text()


def test_an_invalid_meld_is_refused_with_its_reason_and_nothing_changes():
    table = RummyTable(rng=4, lang="nb")
    table.run_bots()
    table.draw_stock_button.click()
    assert table.message_text().startswith("Du trakk ")               # you see the card you drew
    pick = table.hand[:2]
    for card in pick:
        table.card_buttons[table.hand.index(card)].value = True
    assert table.selected == pick and "ingen kombinasjon" in table.selection_html.value
    hand, moves = table.hand, len(table.match.actions)
    table.meld_button.click()
    assert "er ingen gyldig kombinasjon" in table.message_text()
    assert table.hand == hand and len(table.match.actions) == moves and table.game.round.table == []
    table.language_dropdown.value = "en"
    assert "is not a valid meld" in table.message_text()


def test_meld_lay_off_and_discard_with_one_card_rules():
    table = RummyTable(RummyRules(), rng=1, lang="en")
    table.run_bots()
    table.draw_stock_button.click()
    table.select()                                    # nothing selected
    table.discard_button.click()
    assert table.message_text() == "Select exactly one card first (you have selected 0)."
    table.layoff_button.click()
    assert "Select exactly one card" in table.message_text()
    table.meld_button.click()
    assert table.message_text() == "Select the cards you want to meld first."
    card = next(c for c in table.hand if not any(m.accepts(c) for m in table.game.round.table))
    table.select(card)
    index = table.layoff_dropdown.value if table.layoff_dropdown.value is not None else 0
    reason = table.match.why_illegal(LayOff(table.seat, card, index), "en")
    moves = len(table.match.actions)
    table.layoff_button.click()                       # the engine refuses, with its own reason
    assert reason and table.message_text() == reason and len(table.match.actions) == moves
    assert ("There are no melds on the table yet" in reason) == (not table.game.round.table)
    table.discard_button.click()
    assert table.message_text().startswith(f"You discard {card}.")


def test_a_run_is_recognised_laid_down_and_shown_with_its_owner():
    table = RummyTable(RummyRules(rounds=1), rng=1, lang="sv")
    table.new_game(RummyRules(rounds=1), rng=1)
    table.match = type(table.match).new("rummy", RummyRules(rounds=1, first_dealer=0), rng=1, setup=SETUP)
    table.game.lang = "sv"
    table.refresh()
    table.run_bots()
    assert table.game.to_move == table.seat
    table.draw_stock_button.click()
    for card in ("5C", "6C", "7C"):
        table.card_buttons[table.hand.index(Card.parse(card))].value = True
    assert "en serie ✓" in table.selection_html.value
    table.meld_button.click()
    assert "Du lägger ner 5♣ 6♣ 7♣." in table.message_text()
    assert "lagd av Du" in table.felt.value
    assert [str(m) for m in table.game.round.table if m.owner == table.seat] == ["5♣ 6♣ 7♣"]
    options = [label for label, _ in table.layoff_dropdown.options]
    assert any("5♣ 6♣ 7♣ (Du)" in label for label in options)


def test_whole_seeded_game_through_the_buttons_fills_the_score_sheet():
    table = RummyTable(RummyRules(rounds=2), rng=5, lang="nb")
    player = Hand(table)
    for _ in range(400):
        table.run_bots()
        if table.game.is_over:
            break
        player.act()
    game = table.game
    assert game.is_over and len(game.results) == 2
    sheet = table.protokoll_html.value
    assert "<th>1.</th>" in sheet and "<th>2.</th>" in sheet and "Sum" in sheet
    assert "Spillet er slutt" in table.message_text()
    said = " ".join(table.session.log_lines("nb") + [table.message_text()])
    assert "straffepoeng" in said or "Du gikk ut" in said      # the coach's end-of-round sentence
    assert sum(r.penalties[0] for r in game.results) == game.totals[0]


def test_hint_undo_new_game_and_seeding():
    table = RummyTable(rng=9, lang="en")
    table.run_bots()
    table.hint_button.click()
    assert table.message_text().startswith("Hint: ")
    state = table.game.state_key()
    table.draw_stock_button.click()
    assert table.game.state_key() != state
    table.undo_button.click()
    assert table.game.state_key() == state and "Undone" in table.message_text()
    hand = table.hand
    table.new_game_button.click()
    assert table.hand != hand
    assert RummyTable(rng=9, lang="en").hand == RummyTable(rng=9, lang="sv").hand


def test_teacher_mode_shows_every_hand_and_players_dropdown():
    table = RummyTable(rng=2, lang="sv")
    backs = table.felt.value.count('aria-label="card face down"')
    assert backs >= 14
    table.teacher_toggle.value = True
    assert table.felt.value.count('aria-label="card face down"') == backs - 14
    table.players_dropdown.value = 2
    table.new_game_button.click()
    assert table.game.players == 2 and len(table.card_buttons) in (10, 11)


def test_view_helpers_in_three_languages():
    assert describe_move(Discard(0, "KH"), "Du").text("sv") == "Du kastar K♥."
    assert describe_move(Draw(1, "discard"), "Bot 1", card=Card.parse("9C")).text("en") == "Bot 1 takes 9♣ from the discard pile."
    assert selection_message([Card.parse(c) for c in ("AS", "2S", "3S")]).text("sv") == "Markerat: A♠ 2♠ 3♠ — en serie ✓"
    assert selection_message([]).text("nb") == "Trykk på kortene for å markere dem."
