"""Tips a child can trust: a bid tip quotes its rule of thumb only where it holds for the hand (or says why
not), card tips speak to the child, and a tip answers at once with a visible "thinking" state."""

from __future__ import annotations

import random
import time

import pytest

from cardlab.cards import Card, parse_cards
from cardlab.coach.tips import bid_tip, counted_cards, said_to_you
from cardlab.games.plump import Bid
from cardlab.i18n import Message
from cardlab.session import PlumpSession
from cardlab.session import base as session_base
from cardlab.widgets import PlumpTable

DECK = [Card.parse(r + s) for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A") for s in "SHDC"]


def test_the_rule_of_thumb_counts_aces_trump_honours_and_guarded_kings():
    hand = parse_cards("AS KH 5H KD QC QH")
    hearts = hand[1].suit
    assert [str(c) for c in counted_cards(hand, None)] == ["A♠", "K♥"]
    assert [str(c) for c in counted_cards(hand, hearts)] == ["A♠", "K♥", "Q♥"]
    assert counted_cards(parse_cards("KD"), None) == []          # a bare king is not counted


@pytest.mark.parametrize("lang", ["sv", "nb", "en"])
def test_no_bid_tip_quotes_the_rule_against_the_hand_over_many_seeded_hands(lang):
    """Whatever bid the bot suggests, the sentence is true: it quotes the count as the bid only when the
    bid is the count, and names the count and the reason whenever they differ (an ace and "bid 0")."""
    rng = random.Random(2026)
    said = {"count": 0, "other": 0, "forbidden": 0}
    for _ in range(600):
        size = rng.randint(1, 10)
        hand = rng.sample(DECK, size)
        trump = rng.choice([None, hand[0].suit, DECK[rng.randrange(52)].suit])
        bid = rng.randint(0, size)
        forbidden = "the hook forbids it" if rng.random() < 0.2 else None
        counted = counted_cards(hand, trump)
        n = len(counted)
        text = bid_tip(hand, trump, bid=bid, forbidden=forbidden).text(lang)
        first = {"sv": "Räkna korten", "nb": "Tell kortene", "en": "Count the cards"}[lang]
        if text.startswith(first):                              # the rule said as the advice
            assert bid == n, (hand, trump, bid, text)
            said["count"] += 1
        else:
            assert bid != n and f" {n}: " in text, (hand, trump, bid, text)
            assert str(bid) in text.split(". ")[-1] or str(bid) in text
            said["forbidden" if forbidden else "other"] += 1
        for card in counted:
            assert str(card) in text
        if any(str(c.rank) == "A" for c in hand) and bid == 0:
            assert not text.startswith(first)                  # never "count … aces" with 0 to an ace
    assert min(said.values()) > 20, said


def test_a_hint_for_an_ace_holder_who_should_bid_zero_says_why(monkeypatch):
    """The session's bid tip over seeded deals agrees with the bid it names."""
    for seed in range(12):
        session = PlumpSession("kids", rng=seed, lang="en")
        session.run_bots()
        monkeypatch.setattr(session, "hint_bot", lambda: __import__("cardlab.bots.levels", fromlist=["x"]).heuristic_class("plump")())
        act = session.hint()
        assert isinstance(act, Bid)
        text = session.message_text()
        n = len(counted_cards(session.hand, session.game.round.trump))
        assert text.startswith(f"Hint: bid {act.tricks}.")
        assert ("Count the cards" in text) == (act.tricks == n), text


def test_card_tips_speak_to_the_child_and_teacher_mode_keeps_the_bots_words():
    reason = Message("plump.search.card", {"card": "9♥", "k": 7})
    assert said_to_you(reason).text("sv") == "Om du lägger 9♥ klarar du ditt bud i ungefär 7 av 10 givar."
    assert said_to_you(reason).text("nb").startswith("Hvis du legger 9♥")
    assert said_to_you(reason).text("en").startswith("If you play 9♥, you make")
    assert said_to_you(Message("rule.not_your_turn", {"seat": 1})) is None


def test_a_hint_answers_at_once_from_the_friendly_bot_while_the_strong_one_is_not_ready(monkeypatch):
    from cardlab.bots.levels import heuristic_class

    class Slow:
        def decide(self, view):
            time.sleep(3.0)
            return heuristic_class("plump")().decide(view)

    monkeypatch.setattr(session_base, "HINT_PATIENCE", 0.2)
    monkeypatch.setattr(session_base, "_READY_HINT_BOTS", set())
    monkeypatch.setattr(session_base, "_HINT_THREADS", {})
    session = PlumpSession("kids", rng=3, lang="sv")
    session.run_bots()
    monkeypatch.setattr(session, "hint_bot", lambda: Slow())
    start = time.monotonic()
    act = session.hint()
    assert time.monotonic() - start < 1.5
    assert act in session.game.legal_actions() and session.message_text().startswith("Tips: bjud")


def test_the_table_shows_thinking_before_the_answer_and_frames_the_hinted_bid(monkeypatch):
    table = PlumpTable("kids", rng=3, lang="sv")
    table.run_bots()
    seen = {}
    real = table.session.hint

    def watching():
        seen["message"] = table.message_html.value
        seen["button"] = (table.hint_button.description, table.hint_button.disabled)
        return real()

    monkeypatch.setattr(table.session, "hint", watching)
    table.hint_button.click()
    assert "Tipset tänker efter" in seen["message"] and seen["button"] == ("Tänker …", True)
    assert table.hint_button.description == "Tips" and not table.hint_button.disabled
    framed = [b for b in table.bid_buttons if "cardlab-hinted" in b._dom_classes]
    assert len(framed) == 1
    assert ".cardlab-hinted:not(.cardlab-card-btn)" in table.style_html.value   # the CSS frames a hinted bid
