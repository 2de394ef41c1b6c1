"""The Plump table, clicked through without a browser (ipywidgets 8: ``button.click()`` fires the handlers)."""

from __future__ import annotations

import asyncio
import re

import pytest

pytest.importorskip("ipywidgets")

from cardlab import Bid, Card, PlumpRules, Play
from cardlab.games.plump import Trick
from cardlab.i18n import Message
from cardlab.widgets import PlumpTable
from cardlab.widgets import base as widget_base
from cardlab.widgets.plump_table import describe_action, felt_html, trick_message

HOOK_RULES = PlumpRules(players=4, max_cards=3, trump="none", hook=True, first_dealer=0)


def filled_cells(html: str) -> int:
    """Cells of the protokoll that carry a score ('3 → 13' or a plump), one per player and round."""
    return len(re.findall(r"→ (?:\d|●|<svg)", html))


def human_play_turn(table: PlumpTable) -> bool:
    return table.game.to_move == table.seat and table.game.round.phase == "play"


def click_until_human(table: PlumpTable) -> None:
    while not table.next_button.disabled:
        table.next_button.click()


# ------------------------------------------------------------- sentences
def test_bot_actions_are_sentences_in_three_languages():
    play = describe_action(Play(2, Card.parse("KS")), "Bot 2")
    assert play.text("sv") == "Bot 2 lägger K♠."
    assert play.text("nb") == "Bot 2 legger K♠."
    assert play.text("en") == "Bot 2 plays K♠."
    assert describe_action(Bid(2, 1), "Bot 2").text("sv") == "Bot 2 bjuder 1."
    assert describe_action(Bid(2, 1), "Bot 2", changing=True).text("en") == "Bot 2 changes the bid to 1."


def test_trick_message_names_winner_and_rule():
    # RULES.md: the highest trump wins; with no trump, the highest card of the suit led
    led = Trick(leader=0, seats=(0, 1, 2), cards=tuple(map(Card.parse, ("KS", "AS", "QH"))), winner=1, trump=None)
    assert trick_message(led, ["Du", "Bot 1", "Bot 2"]).text("sv") == "Bot 1 tar sticket. A♠ vinner: högsta kortet i utspelad färg."
    trumped = Trick(leader=0, seats=(0, 1, 2), cards=tuple(map(Card.parse, ("AS", "3D", "KS"))), winner=1, trump=Card.parse("3D").suit)
    assert trick_message(trumped, ["Du", "Bot 1", "Bot 2"]).text("nb") == "Bot 1 tar stikket. 3♦ vinner: trumf slår alt."


# ------------------------------------------------------------ the table
def test_table_builds_without_display_and_has_stable_classes():
    table = PlumpTable("kids", rng=3, lang="sv")
    assert [b.description for b in table.card_buttons] == [str(c) for c in table.hand]
    assert len(table.card_buttons) == 5
    assert all("cardlab-card-btn" in b._dom_classes for b in table.card_buttons)
    assert all("cardlab-bid-btn" in b._dom_classes for b in table.bid_buttons)
    assert "cardlab-next" in table.next_button._dom_classes
    assert "cardlab-message" in table.message_html._dom_classes
    assert "cardlab-protokoll" in table.protokoll_html._dom_classes
    assert "Välkommen till Plump" in table.message_html.value
    bundle = table._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    # hearts in red, spades in black on the buttons
    for button, card in zip(table.card_buttons, table.hand):
        assert button.style.text_color == ("#c62828" if card.suit.letter in "HD" else "#111111")


def test_next_button_plays_one_bot_action_with_a_sentence():
    table = PlumpTable("kids", rng=3, lang="sv")
    assert table.game.to_move == 1 and not table.next_button.disabled
    table.next_button.click()
    assert len(table.match.actions) == 1
    first = table.match.actions[0]
    assert table.message_text() == f"Bot 1 bjuder {first.tricks}."
    click_until_human(table)
    assert table.game.to_move == 0 and table.next_button.disabled
    assert "Din tur" in table.status_html.value
    assert table.bid_box.layout.display == ""


def test_hook_forbidden_bid_is_disabled_with_reason_and_refused():
    # RULES.md, the hook (spärren): the dealer may not make the bids add up to the tricks
    table = PlumpTable(HOOK_RULES, rng=5, lang="sv")
    table.run_bots()
    rnd = table.game.round
    assert rnd.dealer == 0 and table.game.to_move == 0
    forbidden = rnd.forbidden_bid()
    assert forbidden is not None
    button = table.bid_buttons[forbidden]
    assert button.disabled
    assert button.tooltip.startswith("Spärren (kroken)")
    assert "Spärren (kroken)" in table.bid_reason.value
    assert all(not b.disabled for i, b in enumerate(table.bid_buttons) if i != forbidden)
    others = sum(b for b in rnd.bids if b is not None)
    assert f"Bud hittills: {others} · stick att ta: 3" in table.bid_info.value
    before, actions = rnd.state_key(), len(table.match.actions)
    button.click()  # a disabled button cannot be pressed in a browser; called anyway, the engine refuses
    assert table.game.round.state_key() == before and len(table.match.actions) == actions
    assert table.message_text().startswith("Spärren (kroken): som giv får du inte bjuda")


def test_forbidden_card_shows_follow_suit_reason_and_changes_nothing():
    for seed in range(40):
        table = PlumpTable("kids", rng=seed, lang="sv", auto=True)
        while not table.game.is_over:
            if human_play_turn(table) and any("cardlab-illegal" in b._dom_classes for b in table.card_buttons):
                break
            if table.game.to_move != table.seat:
                table.run_bots()
            elif table.game.round.phase == "bid":
                next(b for b in table.bid_buttons if not b.disabled).click()
            else:
                next(b for b in table.card_buttons if "cardlab-illegal" not in b._dom_classes).click()
        else:
            continue
        bad = next(b for b in table.card_buttons if "cardlab-illegal" in b._dom_classes)
        assert bad.style.text_color == "#9e9e9e"
        assert "Du måste lägga samma färg" in bad.tooltip
        led = table.game.round.led_suit
        key, actions = table.game.state_key(), len(table.match.actions)
        bad.click()
        assert table.game.state_key() == key and len(table.match.actions) == actions
        assert "Du måste lägga samma färg:" in table.message_html.value
        assert table.message_text().startswith(f"Du måste lägga samma färg: {'klöver ruter hjärter spader'.split()[led.index]}")
        good = next(b for b in table.card_buttons if "cardlab-illegal" not in b._dom_classes)
        played = good.description
        good.click()
        assert table.match.actions[actions] == Play(0, Card.parse(played))  # then the bots play on (automatic)
        return
    pytest.fail("no seeded kids game gave a follow-suit situation")


def test_whole_kids_game_by_clicking_only():
    table = PlumpTable("kids", rng=11, lang="sv")
    rounds_seen = 0
    sheet_rows = filled_cells(table.protokoll_html.value)
    assert sheet_rows == 0
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
        if len(table.game.results) > rounds_seen:
            rounds_seen = len(table.game.results)
            # the protokoll gains a filled row after each round
            assert filled_cells(table.protokoll_html.value) == 4 * rounds_seen
    assert rounds_seen == len(table.game.schedule) == 9
    assert "Spelet är slut!" in table.message_text() and "Vinnare:" in table.message_text()
    assert "★" in table.protokoll_html.value
    assert table.next_button.disabled and table.hint_button.disabled
    # kids' preset: plumps are ink blots in the protokoll
    if any(any(r.plumps) for r in table.game.results):
        assert 'aria-label="plump"' in table.protokoll_html.value
    # the log remembers recent events
    assert "<li>" in table.log_html.value


def test_hint_names_a_move_and_highlights_the_card():
    table = PlumpTable("kids", rng=4, lang="sv", auto=True)
    table.hint_button.click()  # the bots have bid up to the human already (automatic mode)
    assert table.game.to_move == 0
    assert table.message_text().startswith("Tips: bjud ")
    assert any("cardlab-hinted" in b._dom_classes for b in table.bid_buttons)
    next(b for b in table.bid_buttons if "cardlab-hinted" in b._dom_classes).click()
    while not human_play_turn(table):
        table.run_bots()
    table.hint_button.click()
    assert table.message_text().startswith("Tips: spela ")
    hinted = [b for b in table.card_buttons if "cardlab-hinted" in b._dom_classes]
    assert len(hinted) == 1 and hinted[0].description in table.message_text()


def test_undo_goes_back_to_the_humans_previous_decision():
    table = PlumpTable("kids", rng=6, lang="en")
    assert table.undo_button.disabled
    table.undo_button.click()
    assert table.message_text() == "There is no move of yours to undo yet."
    table.run_bots()
    before = len(table.match.actions)
    key = table.game.state_key()
    table.bid_buttons[2].click()
    table.run_bots()
    assert len(table.match.actions) > before + 1
    assert not table.undo_button.disabled
    table.undo_button.click()
    assert len(table.match.actions) == before and table.game.state_key() == key
    assert table.game.to_move == 0 and table.message_text() == "Undone: choose again."


def test_change_bid_while_allowed():
    table = PlumpTable("kids", rng=6, lang="sv")
    table.run_bots()
    table.bid_buttons[1].click()
    # the next bot has not bid yet: the child may change the bid
    assert table.game.round.changeable_bid_seat() == 0
    assert table.bid_box.layout.display == "" and "ändra" in table.bid_label.value
    assert "cardlab-bid-mine" in table.bid_buttons[1]._dom_classes
    table.bid_buttons[3].click()
    assert table.game.round.bids[0] == 3 and table.message_text() == "Du ändrar budet till 3."
    table.next_button.click()
    assert table.bid_box.layout.display == "none"


def test_new_game_with_preset_or_rules_object_is_seeded():
    a = PlumpTable("kids", rng=21, lang="sv")
    b = PlumpTable("kids", rng=21, lang="sv")
    assert a.hand == b.hand
    a.preset_dropdown.value = "classic"
    a.new_game_button.click()
    assert len(a.card_buttons) == 10 and a.rules == PlumpRules.preset("classic")
    assert a.match.actions == []
    a.new_game(PlumpRules(players=3, max_cards=4, trump="none"), rng=2)
    assert a.rules.players == 3 and len(a.card_buttons) == 4
    assert "egna regler" in a.message_text()
    assert felt_html(a.game, 0, a.names(), "sv").count('class="cardlab-seat"') == 3


def test_language_switch_relabels_everything():
    table = PlumpTable("kids", rng=3, lang="sv")
    table.next_button.click()
    table.language_dropdown.value = "nb"
    assert table.next_button.description == "Neste ▶"
    assert table.hint_button.description == "Tips" and table.undo_button.description == "↶ Angre"
    assert table.message_text().startswith("Bot 1 melder")
    assert "Protokoll" in table.protokoll_title.value and "Giver" in table.protokoll_html.value
    table.language_dropdown.value = "en"
    assert table.next_button.description == "Next ▶"
    assert table.new_game_button.description == "New game"
    assert table.message_text().startswith("Bot 1 bids")
    assert "Trump" in table.felt.value and "No trump" in table.felt.value
    assert table.four_colour_box.description == "Four-colour cards"
    assert ("Children (5 cards)", "kids") in table.preset_dropdown.options


def test_teacher_mode_and_four_colours():
    table = PlumpTable("kids", rng=3, lang="sv")
    other = table.game.round.hands[1][0]
    assert f'aria-label="{other}"' not in table.felt.value
    table.teacher_toggle.value = True
    assert f'aria-label="{other}"' in table.felt.value
    diamonds = [b for b, c in zip(table.card_buttons, table.hand) if c.suit.letter == "D"]
    table.four_colour_box.value = True
    for button in diamonds:
        assert button.style.text_color == "#1565c0"


def test_automatic_mode_plays_until_the_human(monkeypatch):
    table = PlumpTable("kids", rng=8, lang="sv", auto=True)
    assert table.game.to_move == 0 and len(table.match.actions) == 3
    # in a kernel, automatic play is an asyncio task that sleeps between moves
    monkeypatch.setitem(widget_base.SPEEDS, "fast", 0.0)
    table2 = PlumpTable("kids", rng=8, lang="sv", speed="fast")

    async def run() -> None:
        table2.auto_toggle.value = True
        assert len(table2.match.actions) == 0  # nothing happens synchronously
        for _ in range(50):
            await asyncio.sleep(0.01)
            if table2.game.to_move == 0:
                break

    asyncio.run(run())
    assert table2.game.to_move == 0 and table2.match.actions == table.match.actions


def test_bad_construction_is_a_clear_error():
    from cardlab import RulesError

    with pytest.raises(RulesError, match="seat"):
        PlumpTable("kids", seat=7)
    with pytest.raises(RulesError, match="kids"):
        PlumpTable("kidz")


def test_a_bot_whose_move_is_refused_stops_automatic_play():
    class Stubborn:
        def decide(self, view):
            from cardlab.bots.base import Decision

            return Decision(Bid(view.seat, 99))

    table = PlumpTable("kids", rng=3, lang="en", bots=Stubborn())
    assert table.run_bots() == 0
    assert table.match.actions == [] and table.message_text().startswith("A bid is a whole number from 0 to 5")


def test_english_sentences_about_you_use_the_you_form():
    """"You bid 0" / "You play 7♥" / "You take the trick", never "You bids"; bots keep "Bot 1 bids"."""
    you = Message("widget.you")
    assert describe_action(Bid(0, 0), you).text("en") == "You bid 0."
    assert describe_action(Play(0, Card.parse("7H")), you).text("en") == "You play 7♥."
    assert describe_action(Bid(0, 2), you, changing=True).text("en") == "You change the bid to 2."
    assert describe_action(Bid(1, 0), "Bot 1").text("en") == "Bot 1 bids 0."
    for lang, word in (("sv", "Du bjuder 0."), ("nb", "Du melder 0.")):
        assert describe_action(Bid(0, 0), you).text(lang) == word
    t = Trick(leader=1, seats=(1, 0), cards=(Card.parse("KS"), Card.parse("AS")), winner=0, trump=None)
    assert trick_message(t, [you, Message("widget.bot_name", {"n": 1})]).text("en").startswith("You take the trick.")
    table = PlumpTable("kids", rng=3, lang="en")
    table.run_bots()
    table.bid(0)
    assert table.message_text().startswith("You bid 0.")
    table.run_bots()
    card = next(a.card for a in table.game.legal_actions())
    table.play(card)
    assert table.message_text().startswith(f"You play {card}.")
    assert "You plays" not in table.log_html.value and "You bids" not in table.log_html.value


def test_automatic_play_rests_on_tricks_and_waits_for_a_click_at_the_slowest_speed(monkeypatch):
    monkeypatch.setitem(widget_base.SPEEDS, "slow", 0.0)
    table = PlumpTable("kids", rng=8, lang="sv", speed="slow")

    async def run() -> None:
        table.auto_toggle.value = True
        for _ in range(400):
            await asyncio.sleep(0.005)
            if table.session.paused is not None:
                return
            if table.session.is_my_turn():
                if table.game.round.phase == "bid":
                    table.bid(table.session.legal_actions()[0].tricks)
                else:
                    table.play(table.session.legal_actions()[0].card)

    asyncio.run(run())
    # a trick was finished: the bots wait for the child, with "Fortsätt" on the Next button
    assert table.session.paused == "trick" and table.session.last_observed.trick is not None
    assert table.next_button.description == "Fortsätt ▶" and not table.next_button.disabled
    assert "tar sticket" in table.message_text()
    moves = len(table.match.actions)
    table.auto_toggle.value = False
    table.next_button.click()                      # the child has read it
    assert table.session.paused is None and len(table.match.actions) == moves


def test_the_end_of_a_round_waits_for_next_round_with_the_coachs_words():
    table = PlumpTable("kids", rng=11, lang="en")
    while not table.game.results:
        if not table.next_button.disabled:
            table.next_button.click()
        elif table.game.round.phase == "bid":
            next(b for b in table.bid_buttons if not b.disabled).click()
        else:
            next(b for b in table.card_buttons if "cardlab-illegal" not in b._dom_classes).click()
    assert table.session.paused == "round"
    assert re.search(r"You bid \d (and|but) took", table.message_text())
    assert table.next_button.description == "Next round ▶" and table.hand_box.layout.display == "none"
    assert "The round is over" in table.status_html.value and not table.step()
    table.next_button.click()
    assert table.session.paused is None and table.message_text() == "A new round: 4 cards each."
    assert table.hand_box.layout.display == "" and len(table.card_buttons) == 4


@pytest.mark.parametrize("lang, words", [("sv", "tryck Shift + Enter"), ("nb", "trykk Shift + Enter"), ("en", "press Shift + Enter")])
def test_before_the_widget_is_drawn_the_page_says_wait_not_vbox(lang, words):
    """A page that has not drawn the widget yet shows a sentence in the child's language, never ``VBox(children=…``."""
    from cardlab.widgets import FemkampTable, RummyTable

    for table in (PlumpTable("kids", rng=3, lang=lang), FemkampTable(rng=7, lang=lang), RummyTable(rng=7, lang=lang)):
        bundle = table._repr_mimebundle_()
        assert words in bundle["text/plain"] and "VBox" not in bundle["text/plain"]
        assert "application/vnd.jupyter.widget-view+json" in bundle


def test_a_click_sends_each_changed_widget_once(monkeypatch):
    """A redraw changes a card button's label, colour, tooltip and classes: the page gets one update per
    widget, not one per field (thirty pupils on one server pay for every message)."""
    import ipywidgets as W

    sent: list[tuple[int, tuple[str, ...]]] = []
    monkeypatch.setattr(W.Widget, "_send", lambda self, msg, buffers=None: sent.append((id(self), tuple(msg["state"]))))
    table = PlumpTable("kids", rng=3, lang="sv")
    clicks, merged = 0, 0
    while clicks < 12 and not table.game.is_over:
        sent.clear()
        if not table.next_button.disabled:
            table.next_button.click()
        elif table.game.round.phase == "bid":
            next(b for b in table.bid_buttons if not b.disabled).click()
        else:
            next(b for b in table.card_buttons if "cardlab-illegal" not in b._dom_classes).click()
        clicks += 1
        senders = [widget for widget, _ in sent]
        assert sent and len(senders) == len(set(senders)), sent
        merged += sum(len(fields) > 1 for _, fields in sent)
    assert clicks == 12
    assert merged > 0      # a widget with several changed fields sent them in one message
