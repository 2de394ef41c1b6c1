"""Click-through tests for the Femkamp table (no browser: ``button.click()`` fires the handlers)."""

from __future__ import annotations

import pytest

from cardlab.cards import Card
from cardlab.games.femkamp import Play, Prikk
from cardlab.i18n import Message
from cardlab.widgets import FemkampTable
from cardlab.widgets.femkamp_table import describe_move, femkamp_felt_html


def legal_cards(table):
    return [a.card for a in table.game.legal_actions() if isinstance(a, Play)]


def click_card(table, card):
    table.card_buttons[table.hand.index(card)].click()


def play_to_the_end(table, *, try_illegal=True):
    """Let the bots play; on our turn try a forbidden card once, then play a legal one or say prikk."""
    refused, prikks = [], 0
    while not table.game.is_over:
        table.run_bots()
        if table.game.is_over:
            break
        legal = table.game.legal_actions()
        if isinstance(legal[0], Prikk):
            before = table.game.round.prikks[table.seat]
            table.prikk_button.click()
            prikks += 1
            assert table.game.round.prikks[table.seat] == before + 1 or table.game.round.round_name != "kabal"
            continue
        allowed = {a.card for a in legal}
        forbidden = [c for c in table.hand if c not in allowed]
        if try_illegal and forbidden and len(refused) < 3:
            moves = len(table.match.actions)
            click_card(table, forbidden[0])
            assert len(table.match.actions) == moves          # refused: nothing changed
            refused.append(table.message_text())
        click_card(table, sorted(allowed, key=lambda c: (c.rank, c.suit.index))[0])
    return refused, prikks


def test_round_name_and_goal_are_on_the_table():
    table = FemkampTable(rng=2, lang="nb")
    assert "Passrunden" in table.felt.value and "Ta så få stikk som mulig" in table.felt.value
    assert "Velkommen til Femkamp" in table.message_text()
    table.set_language("sv")
    assert "Ta så få stick som möjligt" in table.felt.value
    table.language_dropdown.value = "en"
    assert "Take as few tricks as possible" in table.felt.value and "Welcome to Femkamp" in table.message_text()


def test_forbidden_card_is_greyed_and_a_click_says_why_in_norwegian():
    # follow suit: the seat must play the led suit when it holds one
    table = FemkampTable(rng=2, lang="nb")
    while True:
        table.run_bots()
        allowed = set(legal_cards(table))
        forbidden = [c for c in table.hand if c not in allowed]
        if forbidden:
            break
        click_card(table, sorted(allowed)[0])
    index = table.hand.index(forbidden[0])
    button = table.card_buttons[index]
    assert "cardlab-illegal" in button._dom_classes and "Du må følge farge" in button.tooltip
    hand_before, moves = table.hand, len(table.match.actions)
    button.click()
    assert "Du må følge farge" in table.message_text()
    assert table.hand == hand_before and len(table.match.actions) == moves
    table.language_dropdown.value = "sv"
    assert "Du måste lägga samma färg" in table.message_text()


def test_bot_moves_are_sentences_and_tricks_say_who_won_and_why():
    table = FemkampTable(rng=5, lang="sv")
    assert table.step() or table.game.to_move == table.seat
    while table.game.round.completed_tricks == []:
        if not table.step():
            click_card(table, legal_cards(table)[0])
    text = " ".join(table.session.log_lines("sv") + [table.message_text()])
    assert "lägger" in text and "tar sticket" in text and "vinner" in text


def test_whole_seeded_game_prikk_counted_and_score_sheet_filled():
    table = FemkampTable(rng=11, lang="nb")
    refused, prikks = play_to_the_end(table)
    game = table.game
    assert game.is_over and len(game.results) == 5
    assert refused and all(r for r in refused)
    kabal = next(r for r in game.results if r.name == "kabal")
    assert prikks > 0 and kabal.prikks[table.seat] == prikks         # every prikk we said was counted
    sheet = table.protokoll_html.value
    for title in ("Passrunden", "Kløverrunden", "Damerunden", "Grandrunden", "Kabalrunden", "Sum"):
        assert title in sheet
    assert "Vinner (lavest sum)" in sheet and "Femkampen er slutt" in table.message_text()
    assert sum(r.scores[0] for r in game.results) == game.totals[0]


def test_prikk_button_only_in_kabal_and_refused_when_a_card_fits():
    table = FemkampTable(rng=3, lang="en", players=3)
    assert table.prikk_button.layout.display == "none"
    while table.game.round_name != "kabal":
        table.run_bots()
        if table.game.round_name == "kabal":
            break
        click_card(table, legal_cards(table)[0])
    table.run_bots()
    assert table.prikk_button.layout.display == ""
    legal = table.game.legal_actions()
    if isinstance(legal[0], Prikk):
        table.prikk_button.click()
        assert "You say prikk (+1). You now have 1 prikk." in table.message_text()
    else:
        moves = len(table.match.actions)
        table.prikk_button.click()
        assert "You cannot say prikk" in table.message_text() and len(table.match.actions) == moves
    assert "The kabal" in table.felt.value and "cardlab-kabal-row" in table.felt.value


def test_hint_undo_and_new_game():
    table = FemkampTable(rng=4, lang="en")
    table.run_bots()
    table.hint_button.click()
    assert table.message_text().startswith("Hint: play ")
    hinted = [b for b in table.card_buttons if "cardlab-hinted" in b._dom_classes]
    assert len(hinted) == 1
    state = table.game.state_key()
    card = legal_cards(table)[0]
    click_card(table, card)
    assert card not in table.hand
    table.undo_button.click()
    assert table.game.state_key() == state and card in table.hand and "Undone" in table.message_text()
    first = table.hand
    table.new_game_button.click()
    assert table.match.actions == [] or table.match.actions[0].seat != table.seat
    assert table.hand != first                                     # a new deal from the next seed
    again = FemkampTable(rng=4, lang="en")
    assert again.hand == first                                     # seeded: same deal again


def test_players_dropdown_teacher_mode_and_four_colours():
    table = FemkampTable(rng=1, lang="sv", players=5, teacher=True, four_colour=True)
    assert table.game.players == 5 and len(table.card_buttons) == 10
    assert table.felt.value.count('aria-label="card face down"') == 0   # teacher: hands open
    table.teacher_toggle.value = False
    assert table.felt.value.count('aria-label="card face down"') == 40
    table.players_dropdown.value = 3
    table.new_game_button.click()
    assert table.game.players == 3 and len(table.card_buttons) == 17


def test_describe_move_in_three_languages():
    assert describe_move(Play(1, Card.parse("QS")), "Bot 1").text("en") == "Bot 1 plays Q♠."
    assert describe_move(Prikk(2), "Bot 2", prikks=1).text("sv") == "Bot 2 säger prick (+1). Bot 2 har nu 1 prick."
    you = Message("widget.you")
    assert describe_move(Prikk(0), you, prikks=2).text("en") == "You say prikk (+1). You now have 2 prikk."
    assert describe_move(Play(0, Card.parse("2C")), you).text("nb") == "Du legger 2♣."
    from cardlab.games.femkamp import FemkampGame
    page = femkamp_felt_html(FemkampGame.start(seed=1), 0, ["Du", "B1", "B2", "B3"], "en")
    assert "Pass round" in page and "+1 per trick" in page


def test_bad_seat_is_refused():
    with pytest.raises(ValueError, match="seat"):
        FemkampTable(rng=1, seat=7)
