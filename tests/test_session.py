"""The UI-free table sessions, driven without ipywidgets: moves, bots, hints, undo, pauses and the log."""

from __future__ import annotations

import sys

import pytest

from cardlab.bots.levels import FriendlyBot, available_levels, hint_bot, make_bot
from cardlab.errors import CardlabError, MustFollowSuitError
from cardlab.games.femkamp import Play as FPlay
from cardlab.games.plump import Bid, Play
from cardlab.games.rummy import Discard, Draw, LayOff, Meld
from cardlab.session import FemkampSession, PlumpSession, RummySession, session_class


def play_out(session, *, limit=5000):
    """The human plays like the heuristic bot; the bots play; the child reads on after each round."""
    rounds = 0
    for _ in range(limit):
        if session.game.is_over:
            return rounds
        if session.paused is not None:
            assert session.paused == "round" and not session.bot_to_move() and not session.is_my_turn()
            rounds += 1
            session.resume()
        elif session.bot_to_move():
            assert session.bot_step()
        else:
            session.move(make_bot(session.game_type).decide(session.game.view(session.seat)).action)
    raise AssertionError("the game did not end")


def test_sessions_import_no_user_interface():
    import subprocess

    code = ("import sys; from cardlab.session import PlumpSession, FemkampSession, RummySession; "
            "from cardlab.session.odds import OddsSession; "
            "PlumpSession(rng=1); FemkampSession(rng=1); RummySession(rng=1); "
            "OddsSession(players=3, hand_size=1, rounds=200, rng=1).headline(); "
            "print(sorted(m for m in ('ipywidgets', 'IPython', 'altair') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("game", ["plump", "femkamp", "rummy"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_whole_games_pause_at_every_round_end(game, seed):
    session = session_class(game)(rng=seed, lang="en", level="easy" if seed == 1 else "medium")
    rules = {"rummy": "evening"}.get(game)
    if rules:
        session.new_game(rules, rng=seed)
    pauses = play_out(session)
    assert session.game.is_over
    # every finished round but the last paused for the child to read
    assert pauses == len(session.game.results) - 1
    assert session.message_text()


def test_a_refused_move_raises_and_changes_nothing_and_bots_stop_on_refusal():
    session = PlumpSession("kids", rng=3, lang="en")
    with pytest.raises(CardlabError):
        session.move(Bid(0, 1))                      # not your turn: Bot 1 bids first
    assert session.match.actions == []
    session.run_bots()
    key = session.game.state_key()
    with pytest.raises(CardlabError, match="A bid is a whole number"):
        session.bid(9)
    assert session.game.state_key() == key

    class Stubborn:
        def decide(self, view):
            from cardlab.bots.base import Decision

            return Decision(Bid(view.seat, 99))

    stubborn = PlumpSession("kids", rng=3, lang="en", bots=Stubborn())
    assert stubborn.run_bots() == 0 and stubborn.message.tone == "error"


def test_hint_names_a_legal_move_and_is_remembered_until_the_next_move():
    session = PlumpSession("kids", rng=4, lang="sv")
    assert session.hint() is None and session.message_text() == "Tips finns när det är din tur."
    session.run_bots()
    act = session.hint()
    assert act in session.legal_actions() and session.hinted == act
    assert session.message_text().startswith("Tips: bjud ")
    session.move(act)
    assert session.hinted is None


def test_undo_takes_back_the_bots_moves_and_their_log_lines():
    # a child must never read "Bot 1 plays 6♥" once 6♥ is back in Bot 1's hidden hand
    session = PlumpSession("kids", rng=6, lang="en")
    session.run_bots()
    session.bid(1)
    session.run_bots()
    while session.game.round.phase == "bid" or not session.is_my_turn():
        session.run_bots()
        if session.is_my_turn() and session.game.round.phase == "bid":
            session.move(session.legal_actions()[0])
    card = session.legal_actions()[0]
    session.move(card)
    session.run_bots()
    before = len(session.match.actions)
    seen_before = " ".join(session.log_lines())
    assert session.undo()
    kept = len(session.match.actions)
    assert kept < before and all(line.moves <= kept for line in session.log)
    back_in_hands = [str(c) for seat in range(1, session.players) for c in session.game.round.hands[seat]]
    named_before = [c for c in back_in_hands if f"plays {c}." in seen_before]
    shown = " ".join(session.log_lines()) + " " + session.message_text()
    assert all(f"plays {c}." not in shown for c in back_in_hands)
    assert session.message_text() == "Undone: choose again."
    assert named_before or before - kept >= 1


def test_teacher_lines_disappear_when_teacher_mode_is_switched_off():
    session = RummySession("classic", rng=5, lang="en", teacher=True)
    session.run_bots()
    secret = [line for line in session.log if line.teacher is not None]
    assert secret, "the bots' reasons and drawn cards are teacher-only lines"
    with_teacher = " ".join(session.log_lines())
    assert "drew" in with_teacher or "(Bot" in with_teacher
    session.teacher = False
    shown = " ".join(session.log_lines()) + " " + session.message_text()
    assert "(Bot" not in shown
    for seat in range(1, session.players):
        assert " drew " not in shown   # only you see the card you drew from the stock
    session.teacher = True
    assert " ".join(session.log_lines()) == with_teacher


def test_rummy_hint_selects_the_cards_and_the_meld_it_names():
    for seed in range(40):
        session = RummySession("classic", rng=seed, lang="sv")
        for _ in range(200):
            session.run_bots()
            if session.game.is_over or session.paused:
                break
            act = session.hint()
            if isinstance(act, (Meld, LayOff, Discard)):
                cards = list(act.cards) if isinstance(act, Meld) else [act.card]
                assert session.selected == [c for c in session.hand if c in cards]
                if isinstance(act, LayOff):
                    assert session.meld_choice == act.meld_index
                    assert session.lay_off()          # pressing "Lägg till" now does what the hint said
                    assert session.match.actions[-1] == act
                    return
                if isinstance(act, Meld):
                    assert session.meld()
                else:
                    assert session.discard()
            else:
                session.move(act)
    pytest.fail("no seeded game offered a lay-off hint")


def test_femkamp_follow_suit_refusal_names_every_card_you_may_play():
    for seed in range(30):
        session = FemkampSession(rng=seed, lang="sv")
        for _ in range(60):
            session.run_bots()
            legal = {a.card for a in session.legal_actions() if isinstance(a, FPlay)}
            bad = [c for c in session.hand if c not in legal]
            if bad and len(legal) >= 2:
                try:
                    session.play(bad[0])
                except MustFollowSuitError as exc:
                    session.show_error(exc)
                text = session.message_text()
                assert text.startswith("Du måste lägga samma färg")
                assert "Du får lägga: " + " ".join(str(c) for c in session.hand if c in legal) in text
                return
            session.move(sorted(session.legal_actions(), key=str)[0])
    pytest.fail("no follow-suit refusal found")


def test_reading_time_is_longer_after_a_trick_and_a_click_at_the_slowest_speed():
    session = PlumpSession("kids", rng=2, lang="en")
    session.run_bots()
    assert session.reading_time("normal") == 0.8
    while session.last_observed.trick is None:
        if session.is_my_turn():
            session.move(session.legal_actions()[0])
        else:
            session.bot_step()
    assert session.reading_time("normal") >= 3.0 and session.reading_time("slow") is None


def test_levels_and_their_bots():
    assert available_levels("plump")[:2] == ["easy", "medium"]
    assert isinstance(make_bot("rummy", "easy", rng=1), FriendlyBot)
    assert make_bot("plump", "medium").name == "heuristic"
    with pytest.raises(CardlabError, match="level"):
        make_bot("plump", "expert")
    assert "hard" in available_levels("femkamp") and "hard" in available_levels("rummy")
    assert hasattr(hint_bot("femkamp"), "decide")
    session = FemkampSession(rng=1, level="easy")
    assert all(isinstance(b, FriendlyBot) for b in session.bots.values())
    session.set_level("medium")
    assert all(b.name == "femkamp-heuristic" for b in session.bots.values())


def test_friendly_bot_is_seeded_and_legal():
    game = PlumpSession("kids", rng=9).game
    view = game.view(game.to_move)
    a = [FriendlyBot(make_bot("plump"), rng=5, slip=0.5).decide(view).action for _ in range(3)]
    b = [FriendlyBot(make_bot("plump"), rng=5, slip=0.5).decide(view).action for _ in range(3)]
    assert a == b and all(x in view.legal_actions for x in a)


def test_rummy_draw_from_stock_names_the_card_only_for_you():
    session = RummySession(rng=4, lang="en")
    session.run_bots()
    session.draw("stock")
    assert session.message_text().startswith("You drew ")
    assert all("drew" not in line for line in session.log_lines())   # the bots' stock draws stay hidden


def test_a_bid_hint_is_in_childrens_words_and_the_bots_counting_is_for_teacher_mode():
    session = PlumpSession("classic", rng=4, lang="sv")
    session.run_bots()
    session.hint()
    child = session.message_text()
    assert child.startswith("Tips: bjud ") and "korten som brukar ta ett stick" in child
    assert "halva stick" not in child and "renons" not in child
    session.teacher = True                         # the hint bot's own reason, for the teacher
    teacher = session.message_text()
    assert teacher != child and teacher.startswith(child.split(".")[0] + ".")
    assert "korten som brukar ta ett stick" not in teacher


def test_hard_plump_is_the_search_bot_and_plays_legally_at_the_table():
    from cardlab.bots import PlumpSearchBot

    assert "hard" in available_levels("plump")
    session = PlumpSession("kids", rng=3, lang="en", level="hard")
    assert all(isinstance(b, PlumpSearchBot) for b in session.bots.values())
    assert isinstance(hint_bot("plump"), PlumpSearchBot)
    assert session.run_bots() == 3 and session.is_my_turn()   # the three search bots bid legally
    assert session.hint() in session.legal_actions()


@pytest.mark.parametrize("session_type, seed", [(PlumpSession, 3), (FemkampSession, 5), (RummySession, 2)])
def test_what_a_move_did_comes_from_the_engines_events(session_type, seed):
    """The session reads tricks, round ends and the game's end from the events apply() returns."""
    from cardlab.events import GameOver, RoundScored, TrickWon

    session = session_type(rng=seed)
    tricks = rounds = 0
    for _ in range(20000):
        if session.game.is_over:
            break
        if session.paused is not None:
            session.resume()
            continue
        if session.bot_to_move():
            assert session.bot_step()
        else:
            session.move(make_bot(session.game_type).decide(session.game.view(session.seat)).action)
        seen = session.last_observed
        won = seen.first(TrickWon)
        assert (won is None) == (seen.trick is None)
        if won is not None:
            tricks += 1
            assert seen.trick.winner == won.seat and tuple(seen.trick.cards) == tuple(won.cards)
        scored = seen.first(RoundScored)
        assert (scored is None) == (seen.round_over is None)
        if scored is not None:
            rounds += 1
            assert tuple(seen.result.scores) == tuple(scored.scores)
        assert seen.game_over == (seen.first(GameOver) is not None) == session.game.is_over
    assert session.game.is_over and rounds >= 1
    assert tricks >= 1 or session_type is RummySession


def test_automatic_play_lives_in_the_session_and_needs_no_widget(monkeypatch):
    """In a running event loop the session plays the bots by itself, resting between moves, and calls
    back after each move; it stops at the child's turn, and when told to stop."""
    import asyncio

    from cardlab.session import base as session_base

    monkeypatch.setitem(session_base.SPEEDS, "fast", 0.0)
    monkeypatch.setitem(session_base.READING_TIME, "fast", 0.0)
    session = PlumpSession("kids", rng=8, lang="en")
    redraws: list[int] = []

    async def run() -> None:
        session.start_auto(lambda: "fast", lambda: redraws.append(len(session.match.actions)))
        assert session.match.actions == []           # nothing happens before the loop runs the task
        for _ in range(200):
            await asyncio.sleep(0.005)
            if session.is_my_turn():
                break

    asyncio.run(run())
    assert session.is_my_turn() and len(session.match.actions) == 3 and redraws == [1, 2, 3]
    # told to stop, it makes no move
    stopped = PlumpSession("kids", rng=8, lang="en")

    async def run_stopped() -> None:
        stopped.start_auto(lambda: "fast", lambda: None, keep_going=lambda: False)
        await asyncio.sleep(0.05)

    asyncio.run(run_stopped())
    assert stopped.match.actions == []
    # with no event loop it plays at once
    at_once = PlumpSession("kids", rng=8, lang="en")
    at_once.start_auto(lambda: "fast", lambda: None)
    assert at_once.match.actions == session.match.actions
