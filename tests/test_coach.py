"""The coach's end-of-round sentences: checked on many seeded rounds, its claims replayed.

RULES.md: a Plump bid is made when the tricks taken equal the bid; a trick is won by the highest
trump, else by the highest card of the suit led; a player must follow suit when able.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from cardlab.bots.base import RandomBot
from cardlab.bots.levels import make_bot
from cardlab.cards import Card, parse_cards
from cardlab.coach import review_round
from cardlab.coach.double_dummy import can_make, mask
from cardlab.coach.plump import analyse
from cardlab.games.femkamp import FemkampGame
from cardlab.games.plump import Bid, Play, PlumpGame, PlumpRound
from cardlab.games.rummy import RummyGame
from cardlab.rules.plump import PlumpRules
from cardlab.rules.rummy import RummyRules
from cardlab.tricks import legal_plays, trick_winner

LANGS = ("sv", "nb", "en")


def finished_plump_rounds(rules, seeds, bot_level="easy"):
    for seed in seeds:
        game = PlumpGame.start(rules, seed=seed)
        bots = [make_bot("plump", bot_level, rng=seed * 10 + s) for s in range(rules.players)]
        while not game.is_over:
            game.apply(bots[game.to_move].decide(game.view(game.to_move)).action)
        yield from game.finished_rounds


def sentences(text: str) -> int:
    return len([s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s])


# ---------------------------------------------------------- an independent check
def guaranteed(hands, seat, target, leader, trump, trick=(), taken=0):
    """Plain minimax over Card objects (no bit masks): can ``seat`` take exactly ``target`` whatever the others play?"""
    players = len(hands)

    @lru_cache(maxsize=None)
    def solve(hands, trick, leader, taken):
        if taken > target or taken + len(hands[seat]) + any(s == seat for s, _ in trick) < target:
            return False                           # a trick taken is never given back; too few tricks are left
        if not trick and not hands[seat]:
            return taken == target
        to_move = (leader + len(trick)) % players
        led = trick[0][1].suit if trick else None
        outcomes = (after(hands, trick, leader, taken, to_move, card)
                    for card in legal_plays(list(hands[to_move]), led, trump))
        return any(outcomes) if to_move == seat else all(outcomes)

    def after(hands, trick, leader, taken, to_move, card):
        rest = tuple(tuple(c for c in h if c != card) if s == to_move else h for s, h in enumerate(hands))
        now = trick + ((to_move, card),)
        if len(now) == players:
            won = now[trick_winner([c for _, c in now], trump)][0]
            return solve(rest, (), won, taken + (won == seat))
        return solve(rest, now, leader, taken)

    trick = tuple(trick)
    if len(trick) == players:                      # the seat's card finished the trick
        leader = trick[trick_winner([c for _, c in trick], trump)][0]
        taken += leader == seat
        trick = ()
    return solve(tuple(tuple(h) for h in hands), trick, leader, taken)


def position_before(rnd, seat, trick_number):
    """Every hand, the cards on the table and the tricks ``seat`` had, when ``seat`` was to play in that trick."""
    hands = [[] for _ in range(rnd.players)]
    for t in rnd.completed_tricks:
        for s, c in zip(t.seats, t.cards):
            hands[s].append(c)
    taken = 0
    for t in rnd.completed_tricks[: trick_number - 1]:
        for s, c in zip(t.seats, t.cards):
            hands[s].remove(c)
        taken += t.winner == seat
    t = rnd.completed_tricks[trick_number - 1]
    pos = t.seats.index(seat)
    on_table = tuple(zip(t.seats[:pos], t.cards[:pos]))
    for s, c in on_table:
        hands[s].remove(c)
    return hands, on_table, t.leader, taken


def test_solver_on_a_named_ending():
    # seat 0 holds A♠ 2♥, seat 1 holds K♠ 3♥, no trump, seat 0 leads: A♠ wins, then 2♥ loses to 3♥
    hands = [mask(parse_cards("AS 2H")), mask(parse_cards("KS 3H"))]
    assert can_make(hands, seat=0, target=1, leader=0, trump=None)
    assert not can_make(hands, seat=0, target=0, leader=0, trump=None)
    assert not can_make(hands, seat=0, target=2, leader=0, trump=None)
    # with hearts as trump 2♥ beats K♠: leading A♠ then 2♥ takes both
    assert can_make(hands, seat=0, target=2, leader=0, trump=Card.parse("2H").suit) is False  # 3♥ over 2♥
    assert can_make(hands, seat=1, target=1, leader=0, trump=Card.parse("2H").suit)


def test_a_made_bid_is_praised_in_three_languages():
    rnd = PlumpRound.from_hands(["AS 2H", "KS 3H"], dealer=1)
    rnd.apply(Bid(0, 1))
    rnd.apply(Bid(1, 0))                          # the hook forbids the dealer's 1
    for card in ("AS", "KS", "2H", "3H"):
        rnd.apply(Play(rnd.to_move, Card.parse(card)))
    assert review_round(rnd, 0, "sv") == "Du bjöd 1 och tog 1 stick: budet gick hem!"
    assert review_round(rnd, 0, "nb") == "Du meldte 1 og tok 1 stikk: du klarte det!"


def test_a_named_overtrick_names_the_card_that_would_have_avoided_it():
    # seat 0 bids 0 with A♠ 2♠; seat 1 holds K♠ 3♠ and leads K♠ (seat 0 is dealer).  Playing A♠ on it
    # takes a trick; 2♠ would have lost it, and then A♠ must still win the last trick: 0 cannot be made.
    rnd = PlumpRound.from_hands(["AS 2S", "KS 3S"], dealer=0)
    rnd.apply(Bid(1, 1))
    rnd.apply(Bid(0, 0))
    for card in ("KS", "AS", "2S", "3S"):
        rnd.apply(Play(rnd.to_move, Card.parse(card)))
    review = analyse(rnd, 0)
    assert (review.bid, review.taken) == (0, 1)
    assert review.kind in ("trick", "exact", "forced")
    text = review_round(rnd, 0, "en")
    assert text.startswith("You bid 0 but took 1 trick: 1 trick too many.")


@pytest.mark.parametrize("rules", [PlumpRules.preset("kids"), PlumpRules(players=3, max_cards=4, trump="turned-up"),
                                   PlumpRules(players=4, max_cards=4, trump="none", hook=True)],
                         ids=["kids", "3x4-trump", "4x4-no-trump"])
def test_review_of_many_seeded_rounds_is_short_and_its_claims_replay(rules):
    kinds = set()
    checked = 0
    for rnd in finished_plump_rounds(rules, range(12)):
        for seat in range(rnd.players):
            texts = [review_round(rnd, seat, lang) for lang in LANGS]
            assert all(t and 1 <= sentences(t) <= 3 for t in texts), texts
            review = analyse(rnd, seat)
            kinds.add(review.kind)
            assert (review.kind == "made") == (rnd.bids[seat] == rnd.tricks_taken[seat])
            if review.kind == "exact":
                # replay: with the suggested card the bid can be made whatever the others play;
                # with the card played it could not (checked by a separate plain search)
                hands, on_table, leader, taken = position_before(rnd, seat, review.trick)
                assert review.better in legal_plays(hands[seat], on_table[0][1].suit if on_table else None, rnd.trump)
                for card, expected in ((review.better, True), (review.played, False)):
                    rest = [list(h) for h in hands]
                    rest[seat].remove(card)
                    assert guaranteed(rest, seat, review.bid, leader, rnd.trump, on_table + ((seat, card),), taken) is expected
                assert str(review.better) in texts[2] and f"trick {review.trick}" in texts[2]
                checked += 1
            elif review.kind == "trick":
                t = rnd.completed_tricks[review.trick - 1]
                pos = t.seats.index(seat)
                assert t.cards[pos] == review.played and t.winner == seat if review.taken > review.bid else t.winner != seat
                cards = list(t.cards)
                cards[pos] = review.better
                hands, on_table, _, _ = position_before(rnd, seat, review.trick)
                assert review.better in legal_plays(hands[seat], t.cards[0].suit, rnd.trump)
                wins = t.seats[trick_winner(cards, rnd.trump)] == seat
                assert wins != (review.taken > review.bid)       # the trick turns the other way
                checked += 1
    assert "made" in kinds and kinds - {"made"}
    assert checked > 0


def test_femkamp_rounds_get_a_sentence_in_three_languages():
    game = FemkampGame.start(seed=3)
    bots = [make_bot("femkamp", "medium") for _ in range(game.players)]
    while not game.is_over:
        game.apply(bots[game.to_move].decide(game.view(game.to_move)).action)
    for rnd in game.finished_rounds:
        for seat in range(game.players):
            texts = [review_round(rnd, seat, lang) for lang in LANGS]
            assert all(t and 1 <= sentences(t) <= 3 for t in texts)
            assert str(rnd.scores()[seat]) in texts[2]


def test_rummy_rounds_get_a_sentence_in_three_languages():
    game = RummyGame.start(RummyRules(rounds=3), seed=2)
    bots = [make_bot("rummy", "medium") for _ in range(game.players)]
    while not game.is_over:
        game.apply(bots[game.to_move].decide(game.view(game.to_move)).action)
    for rnd, result in zip(game.finished_rounds, game.results):
        for seat in range(game.players):
            texts = [review_round(rnd, seat, lang, names=["Du", "Bot 1", "Bot 2"]) for lang in LANGS]
            assert all(t and 1 <= sentences(t) <= 3 for t in texts)
            if result.winner == seat:
                assert texts[2] == "You went out: 0 penalty points!"
            else:
                assert str(result.penalties[seat]) in texts[2]


def test_a_round_still_being_played_is_refused():
    game = PlumpGame.start(PlumpRules.preset("kids"), seed=1)
    with pytest.raises(ValueError, match="finished round"):
        review_round(game.round, 0, "en")


# ------------------------------------------------------- a card thrown away that was needed later
def test_the_coach_names_the_ace_thrown_away_that_would_have_won_a_later_trick():
    """You (seat 0, bid 1) throw A♦ away on a club trick; diamonds are led next and the ace would have won.
    The others could have kept diamonds back, so the exact search promises nothing; the coach names A♦."""
    rules = PlumpRules(players=4, trump="none", hook=False, max_cards=3)
    # (Q♠ with seat 1: after 3♥ in trick 1 the others can still lead spades twice, so no card was sure)
    rnd = PlumpRound.from_hands(["AD 3H 2S", "KC QS 8S", "AC 6D JS", "7C 2D 10H"], dealer=0, rules=rules)
    for s, b in [(1, 0), (2, 1), (3, 0), (0, 1)]:
        rnd.apply(Bid(s, b))
    for c in ["KC", "AC", "7C", "AD", "6D", "2D", "3H", "8S", "JS", "10H", "2S", "QS"]:
        rnd.apply(Play(rnd.to_move, Card.parse(c)))
    review = analyse(rnd, 0)
    assert (review.kind, review.played, review.better, review.trick, review.later) == ("swap", Card.parse("AD"),
                                                                                      Card.parse("3H"), 1, 2)
    assert review_round(rnd, 0, "sv") == ("Du bjöd 1 men tog bara 0 stick: 1 stick för lite. I stick 1 lade du A♦. Om du "
                                          "hade lagt 3♥ där och sparat A♦ till stick 2, hade A♦ tagit det sticket och du "
                                          "hade klarat budet, om de andra hade lagt samma kort.")
    assert "A♦" in review_round(rnd, 0, "nb") and "A♦ would have taken that trick" in review_round(rnd, 0, "en")
    assert "räckte inte" not in review_round(rnd, 0, "sv")


SEEDED_RULES = pytest.mark.parametrize(
    "rules", [PlumpRules.preset("kids"), PlumpRules(players=3, max_cards=4, trump="turned-up"),
              PlumpRules(players=4, max_cards=5, trump="none", hook=True)], ids=["kids", "3x4-trump", "4x5-no-trump"])


def no_card_makes_it(rnd, seat, bid):
    """The plain exact search of this file: at none of ``seat``'s turns (small enough to search) does a legal
    card make ``bid`` whatever the others play.  Returns the first (trick, card) that would, else None."""
    from cardlab.coach.plump import MAX_CARDS

    for number in range(1, len(rnd.completed_tricks) + 1):
        hands, on_table, leader, taken = position_before(rnd, seat, number)
        if sum(map(len, hands)) + len(on_table) > MAX_CARDS:
            continue
        led = on_table[0][1].suit if on_table else None
        for card in legal_plays(hands[seat], led, rnd.trump):
            rest = [list(h) for h in hands]
            rest[seat].remove(card)
            if guaranteed(rest, seat, bid, leader, rnd.trump, on_table + ((seat, card),), taken):
                return number, card
    return None


@SEEDED_RULES
def test_the_coachs_swap_sentences_replay_and_forced_means_no_swap_works(rules):
    """On many seeded rounds: a "swap" replays to the bid with every other card unchanged (the saved card
    takes its trick when the sentence says so); "your cards were not enough" (forced) is said only when no
    swap of two of your cards makes the bid either."""
    from cardlab.coach.plump import replay

    kinds: dict[str, int] = {}
    for rnd in finished_plump_rounds(rules, range(16)):
        for seat in range(rnd.players):
            review = analyse(rnd, seat)
            kinds[review.kind] = kinds.get(review.kind, 0) + 1
            text = review_round(rnd, seat, "en")
            mine = [dict(zip(t.seats, t.cards))[seat] for t in rnd.completed_tricks]
            if review.kind == "swap":
                k, j = review.trick - 1, review.later - 1
                assert (mine[k], mine[j]) == (review.played, review.better)
                winners = replay(rnd, seat, {k: mine[j], j: mine[k]})
                assert winners is not None and winners.count(seat) == review.bid
                assert review.saved_takes == (review.taken < review.bid and winners[j] == seat)
                assert str(review.played) in text and f"trick {review.later}" in text
            if review.kind == "forced":
                for k in range(len(mine)):
                    for j in range(k + 1, len(mine)):
                        winners = replay(rnd, seat, {k: mine[j], j: mine[k]})
                        assert winners is None or winners.count(seat) != review.bid
    assert kinds.get("swap", 0) > 0 and kinds.get("made", 0) > 0, kinds


@SEEDED_RULES
def test_the_coach_finds_every_card_the_plain_exact_search_finds(rules):
    """Whenever this file's plain search finds a card that makes the bid whatever the others play, the coach
    says "exact" (never "swap", "trick" or "forced")."""
    for rnd in finished_plump_rounds(rules, range(16)):
        for seat in range(rnd.players):
            review = analyse(rnd, seat)
            if review.kind in ("forced", "swap", "trick"):
                assert no_card_makes_it(rnd, seat, review.bid) is None, review


def test_the_exact_search_bound_on_a_named_ending():
    """Seat 3 played 2♦ to a spade trick that seat 2's 9♠ wins; seat 2 must then lead 10♦ and seat 3's Q♦ wins:
    bid 1 is made whatever the others do.  The plain search says so."""
    hands = [parse_cards("5S JD"), parse_cards("QC 6H"), parse_cards("10D"), parse_cards("QD")]
    on_table = ((2, Card.parse("9S")), (3, Card.parse("2D")))
    assert guaranteed(hands, 3, 1, 2, None, on_table, 0) is True


# ------------------------------------------------------------ words an 8-year-old may not know
#: Words and phrases too hard for a child of eight, in the three languages (checked in every sentence a
#: child can meet at the play tables: the coach, the tips, the tables' own sentences).
HARD_WORDS = {
    "sv": ["bekänna", "hur de andra än", "intervall", "simulera", "sannolikhet", "renons", "halva stick",
           "procent", "heuristik", "optimal", "minimax"],
    "nb": ["hvordan de andre enn", "uansett hvordan", "intervall", "simuler", "sannsynlighet", "renons",
           "halve stikk", "prosent", "heuristikk", "optimal", "minimaks"],
    "en": ["whatever the others", "interval", "simulat", "probability", "void", "half-trick", "half trick",
           "percent", "heuristic", "optimal", "minimax", " of 4", " of {players}"],
}

#: The message catalogues whose sentences a child meets at the play tables.
CHILD_CATALOGUES = ("coach/__init__.toml", "coach/tips.toml", "session/base.toml", "session/plump.toml",
                    "session/femkamp.toml", "session/rummy.toml", "widgets/base.toml", "widgets/plump_table.toml",
                    "widgets/femkamp_table.toml", "widgets/rummy_table.toml")


def test_no_sentence_a_child_meets_at_a_table_uses_a_word_too_hard_for_an_eight_year_old():
    import tomllib
    from pathlib import Path

    import cardlab

    root = Path(cardlab.__file__).parent / "messages"
    found = []
    for name in CHILD_CATALOGUES:
        for key, entry in tomllib.loads((root / name).read_text(encoding="utf-8")).items():
            for lang, words in HARD_WORDS.items():
                text = entry.get(lang, "").lower()
                found += [f"{name} {key} [{lang}]: {w!r}" for w in words if w.lower() in text]
    assert not found, "\n".join(found)


def test_the_table_words_a_refusal_to_follow_suit_for_a_child():
    """The rule book says "bekänna färg"; at the table a child reads "lägga samma färg", on the message line
    and in the tooltip of the card it may not play."""
    from cardlab.session import PlumpSession

    for seed in range(40):
        session = PlumpSession("kids", rng=seed, lang="sv")
        session.run_bots()
        session.bid(1)
        session.run_bots()
        led = session.game.round.led_suit
        if led is None or not any(c.suit == led for c in session.hand):
            continue
        wrong = next((c for c in session.hand if c.suit != led), None)
        if wrong is None:
            continue
        reason = session.why_illegal(Play(session.seat, wrong))
        assert reason.startswith("Du måste lägga samma färg:") and "bekänna" not in reason
        from cardlab.errors import MustFollowSuitError

        with pytest.raises(MustFollowSuitError) as refused:
            session.play(wrong)
        session.show_error(refused.value)
        assert session.message_text().startswith("Du måste lägga samma färg:")
        return
    pytest.fail("no seeded deal gave a card that breaks the rule")
