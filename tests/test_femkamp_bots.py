"""FemkampBot: legal, deterministic, blind to hidden cards, explains itself, and beats random play."""

import copy

import numpy as np

from cardlab import FemkampBot, FemkampGame, FemkampRules, RandomBot, play_out
from cardlab.cards import Card, full_deck, parse_cards
from cardlab.games.femkamp import FemkampTrickRound
from cardlab.games.kabal import KabalRound, Prikk
from cardlab.games.plump import Play

BOT = FemkampBot()


def trick_position(hands, round_name, plays=()):
    rnd = FemkampTrickRound.from_hands(hands, round_name=round_name, dealer=len(hands) - 1)
    for seat, code in plays:
        rnd.apply(Play(seat=seat, card=Card.parse(code)))
    return rnd


def choice(rnd, seat=None):
    decision = BOT.decide(rnd.view(rnd.to_move if seat is None else seat))
    return decision.action.card.code if isinstance(decision.action, Play) else decision.action, decision


# ----------------------------------------------------------------- avoid rounds
def test_follows_with_the_highest_card_that_still_loses():
    rnd = trick_position(["10S 2H 3H", "3S 9S KS", "4H 5H 6H", "7H 8H 9H"], "pass", [(0, "10S")])
    card, decision = choice(rnd)
    assert card == "9S"
    assert decision.explain("en") == "I play 9♠, my highest card that still loses to 10♠."


def test_drops_a_queen_under_a_higher_card_in_the_queens_round():
    hands = ["AS 2H", "QS KS 3H", "4H 5H 6H", "7H 8H 9H"]
    assert choice(trick_position(hands[:1] + ["QS KS", "4H 5H", "7H 8H"], "pass", [(0, "AS")]))[0] == "KS"
    card, decision = choice(trick_position(hands[:1] + ["QS KS", "4H 5H", "7H 8H"], "queens", [(0, "AS")]))
    assert card == "QS"
    assert "Q♠" in decision.explain("nb")


def test_when_every_card_wins_plays_lowest_unless_last():
    rnd = trick_position(["2S 2H", "9S KS", "4H 5H", "7H 8H"], "pass", [(0, "2S")])
    assert choice(rnd)[0] == "9S"  # not last: hope someone goes over
    rnd = trick_position(["2S 2H", "4H 5H", "7H 8H", "9S KS"], "pass", [(0, "2S"), (1, "4H"), (2, "7H")])
    assert choice(rnd)[0] == "KS"  # last and winning anyway: shed the high card


def test_discards_by_round():
    plays = [(0, "2H")]
    hands = ["2H 3H 4H", "2C AD KS", "5H 6H 7H", "8H 9H 10H"]
    assert choice(trick_position(hands, "pass", plays))[0] == "AD"
    assert choice(trick_position(hands, "clubs", plays))[0] == "2C"
    queens = ["2H 3H 4H", "QD AS 3C", "5H 6H 7H", "8H 9H 10H"]
    card, decision = choice(trick_position(queens, "queens", plays))
    assert card == "QD" and "Q♦" in decision.explain("sv")
    guard = ["2H 3H 4H", "AS 10D 3C", "5H 6H 7H", "8H 9H 10H"]
    assert choice(trick_position(guard, "queens", plays))[0] == "AS"  # an ace that could catch Q♠


def test_queens_round_lead_avoids_a_card_above_an_unplayed_queen():
    rnd = trick_position(["AS KD 2S", "3H 4H 5H", "6H 7H 8H", "9H 10H JH"], "queens")
    card, decision = choice(rnd)
    assert card == "2S"
    assert decision.explain("en") == "I lead 2♠, below the queen of spades, so I do not catch it myself."
    # once Q♦ is gone, diamonds are safe to lead
    rnd = trick_position(["5D AS 2H", "QD 3H 4H", "6D 7H 8H", "KD 3D JH"], "queens",
                         [(0, "5D"), (1, "QD"), (2, "6D"), (3, "KD")])
    assert rnd.to_move == 3  # K♦ took the trick (and the queen)
    card, decision = choice(rnd)
    assert card == "3D"
    assert decision.explain("en") == "I lead 3♦: the queen of diamonds has already been played, so the trick is harmless."


def points_after(rnd, code):
    """The points of the seat to move when it plays ``code`` now and FemkampBot plays every move after."""
    rnd = copy.deepcopy(rnd)
    seat = rnd.to_move
    rnd.apply(Play(seat=seat, card=Card.parse(code)))
    while not rnd.is_over:
        rnd.apply(BOT.choose(rnd.view(rnd.to_move)))
    return rnd.scores()[seat]


def test_leads_the_lowest_card_of_the_shortest_suit_to_make_a_void():
    """Seat 0 holds 3♣ 8♣ 9♦.  It used to lead its lowest card, 3♣: seat 1 has no clubs and throws Q♠ on it,
    and 3♣ wins (a trick, and in the queens round the queen).  Leading the lone 9♦ instead, K♦ takes the
    trick and Q♠ with it: 2 tricks instead of 3 in the pass round, 0 points instead of 4 in the queens round."""
    hands = ["3C 8C 9D", "4S JS QS", "2C KD 10H", "2D 3H 10S"]
    rnd = trick_position(hands, "pass")
    card, decision = choice(rnd)
    assert card == "9D"
    assert decision.explain("en") == ("I lead 9♦, the lowest card of my shortest suit: once it has run out, "
                                      "I can throw away my high cards.")
    assert (points_after(rnd, "9D"), points_after(rnd, "3C")) == (2, 3)
    rnd = trick_position(hands, "queens")
    card, decision = choice(rnd)
    assert card == "9D"
    assert decision.explain("en") == "I lead 9♦, below the queen of diamonds, so I do not catch it myself."
    assert (points_after(rnd, "9D"), points_after(rnd, "3C")) == (0, 4)


def test_clubs_round_leads_a_lone_card_of_another_suit_before_a_lone_club():
    """6♣ and 6♦ are both alone in their suits; the club would go to whoever takes the trick, so 6♦."""
    rnd = trick_position(["6C 6D 7S KS", "QD 5H 9H 5S", "5C QC 8H JH", "8D JD 9S AS"], "clubs")
    card, decision = choice(rnd)
    assert card == "6D"
    assert "6♦" in decision.explain("sv")
    assert (points_after(rnd, "6D"), points_after(rnd, "6C")) == (0, 2)


# ----------------------------------------------------------------- grand
def test_grand_takes_tricks():
    rnd = trick_position(["AS 2D", "3S 4S", "5H 6H", "7H 8H"], "grand")
    card, decision = choice(rnd)
    assert card == "AS" and decision.explain("en") == "I lead A♠: no higher card of its suit is left with the others."
    rnd = trick_position(["2S 3D", "4H 5H", "6H 7H", "9S KS"], "grand", [(0, "2S"), (1, "4H"), (2, "6H")])
    assert choice(rnd)[0] == "9S"  # last to play: the cheapest winner
    rnd = trick_position(["2S 3D", "9S KS", "4H 5H", "6H 7H"], "grand", [(0, "2S")])
    assert choice(rnd)[0] == "KS"  # not last: the highest winner


def test_grand_leads_the_low_card_of_its_longest_suit_and_keeps_the_high_one():
    """No master to lead: 4♦ from Q♦ 4♦ (it used to lead Q♦).  4♦ draws out 10♦, Q♦ wins the diamond led
    back, and seat 0, on lead, takes the last trick too: −2 instead of −1 after leading Q♦ at once."""
    rnd = trick_position(["7C 4D QD", "6D 4H QS", "QH 4S 10S", "3D 10D 7S"], "grand")
    card, decision = choice(rnd)
    assert card == "4D"
    assert decision.explain("en") == ("I lead 4♦, the lowest card of my longest suit, so that my higher cards "
                                      "there become winners.")
    assert (points_after(rnd, "4D"), points_after(rnd, "QD")) == (-2, -1)


# ----------------------------------------------------------------- kabal
def rest(cards):
    taken = set(parse_cards(cards))
    return [c for c in full_deck() if c not in taken]


def test_kabal_prefers_an_end_card_or_its_own_run_over_opening_a_seven_for_others():
    # table: clubs up to Q♣, hearts 7♥ only; seat 0 holds K♣ (an end card), 7♠ and 6♥ 5♥
    hands = ["KC 7S 6H 5H", "AH 2H 3H 4H 8H 9H", "10H JH QH KH AS 2S 3S 4S", "5S 6S 8S 9S 10S JS QS KS"]
    rnd = KabalRound.from_hands(hands, table=rest(" ".join(hands)), rules=FemkampRules(), dealer=3)
    card, decision = choice(rnd)
    assert card in ("6H", "KC") and card != "7S"
    assert decision.explain("en").startswith(f"I play {Card.parse(card)}")
    hands = ["7S 6H 5H", "AH 2H 3H 4H 8H 9H KC", "10H JH QH KH AS 2S 3S 4S", "5S 6S 8S 9S 10S JS QS KS"]
    rnd = KabalRound.from_hands(hands, table=rest(" ".join(hands)), rules=FemkampRules(), dealer=3)
    card, decision = choice(rnd)
    assert card == "6H"
    assert decision.explain("en") == "I play 6♥: I hold the next card of that row myself."


def test_kabal_prikk_is_explained():
    hands = ["AH 2H", "3H 4H", "5H 6H 8H 9H 10H JH QH KH"]
    rnd = KabalRound.from_hands(hands, table=rest(" ".join(hands)), rules=FemkampRules(players=3), dealer=2)
    decision = BOT.decide(rnd.view(0))
    assert decision.action == Prikk(seat=0)
    assert decision.explain("nb") == "Ingen av kortene mine passer på bordet, så jeg sier prikk."


# ----------------------------------------------------------------- general properties
def test_bot_plays_only_legal_moves_and_is_deterministic():
    for seed in range(6):
        a = play_out(FemkampGame.start(FemkampRules(players=3 + seed % 3), seed=seed), FemkampBot())
        b = play_out(FemkampGame.start(FemkampRules(players=3 + seed % 3), seed=seed), FemkampBot())
        assert a.totals == b.totals and a.is_over


def test_explanations_in_three_languages():
    game = FemkampGame.start(seed=3)
    bot = RandomBot(rng=3)
    for _ in range(260):
        view = game.view(game.to_move)
        decision = BOT.decide(view)
        assert decision.action in view.legal_actions
        texts = [decision.explain(lang) for lang in ("sv", "nb", "en")]
        assert all(texts) and len(set(texts)) >= 2
        game.apply(bot.choose(view))


def reshuffle_hidden(game, seat, rng):
    """A copy of ``game`` where the cards ``seat`` cannot see are dealt anew among the other hands."""
    other = copy.deepcopy(game)
    hands = other.round.hands
    seats = [s for s in range(len(hands)) if s != seat]
    pool = [c for s in seats for c in hands[s]]
    order = rng.permutation(len(pool))
    pool = [pool[i] for i in order]
    for s in seats:
        size = len(hands[s])
        hands[s][:] = sorted(pool[:size], key=lambda c: c.sort_key)
        pool = pool[size:]
    return other


def test_decision_does_not_depend_on_cards_the_bot_cannot_see():
    rng = np.random.default_rng(0)
    checked = changed = 0
    for seed in range(3):
        game = FemkampGame.start(seed=seed)
        driver = RandomBot(rng=seed)
        while not game.is_over:
            seat = game.to_move
            view = game.view(seat)
            if len(view.legal_actions) > 1 or game.round_name == "kabal":
                mine = BOT.decide(view)
                for _ in range(2):
                    other = reshuffle_hidden(game, seat, rng)
                    other_view = other.view(seat)
                    changed += other.round.hands != game.round.hands
                    assert other_view == view  # nothing hidden leaks into the view
                    assert BOT.decide(other_view) == mine
                    checked += 1
            game.apply(driver.choose(view))
    assert checked > 150 and changed > 100


def test_random_bot_plays_on_femkamp_views():
    game = play_out(FemkampGame.start(FemkampRules(players=5), seed=2), RandomBot(rng=2))
    assert game.is_over


def mean_total(policy: str, games: int) -> tuple[float, float]:
    """Mean total (and 95% half-width) of one seat, rotating, against three random players."""
    totals = []
    for seed in range(games):
        hero = seed % 4
        bots = [RandomBot(rng=seed * 10 + i) for i in range(4)]
        if policy == "heuristic":
            bots[hero] = FemkampBot()
        game = play_out(FemkampGame.start(seed=seed), bots)
        totals.append(game.totals[hero])
    values = np.array(totals, dtype=float)
    return values.mean(), 1.96 * values.std(ddof=1) / np.sqrt(games)


def test_heuristic_seat_scores_clearly_lower_than_a_random_seat():
    heuristic, h_half = mean_total("heuristic", 200)
    random_, r_half = mean_total("random", 200)
    assert heuristic + h_half < random_ - r_half  # the intervals do not overlap
    assert random_ - heuristic > 3
