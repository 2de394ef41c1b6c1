"""A fair ISMCTS for OpenSpiel's ``oh_hell``: it imagines the hidden cards from all the cards it has not seen.

OpenSpiel's ``ISMCTSBot`` imagines the cards it cannot see with the game's
``ResampleFromInfostate``.  In OpenSpiel 2.0.2 ``oh_hell``'s resampler shuffles the cards the other
hands *really hold* among them and never deals from the undealt stock, so the bot knows which cards
are out (at 4 players × 5 cards: 15 of the 47 cards it cannot see; at 4 × 10, 30 of 41), though not
who holds which.  A person at the table does not know that, and neither do cardlab's bots.

:class:`FairISMCTS` removes that knowledge without touching OpenSpiel: before each decision it
re-deals the other hands at random from every card the player has not seen (its own hand, the
turned-up card and the cards played are seen), keeping each player's played cards in that player's
hand and giving nobody a card of a suit they have shown void in (rejection sampling, so every
consistent deal is equally likely), replays the bids and cards on that deal, and lets ISMCTS decide
in the re-dealt state.  ISMCTS then shuffles *that* deal's cards among the other hands, so each of
its imagined deals is, on its own, a fair one; but the imagined deals of one decision share one random
set of cards in play, so it plays as if sure of a guess that is mostly wrong.  That makes it clearly
weaker than a fair ISMCTS, never better informed: on the same 120 deals at 4 × 5 the search's lead
over it was 0.85 ± 0.34 points per round larger than over OpenSpiel 1.6.15's unmodified ISMCTS, whose
resampler deals every simulation fairly from all unseen cards (docs/strength.md).  The `bench` extra
installs that release; this re-deal is for OpenSpiel 2.0 and later, whose resampler leaks.

    python benchmarks/fair_field.py --check     # how often the stock's cards show up in ISMCTS's deals

In the arena: ``python benchmarks/arena_openspiel.py --field fair`` (the field and the ismcts tiers
become fair).
"""

from __future__ import annotations

import argparse

import numpy as np

from openspiel_seat import DECK, OS_SUITS  # OpenSpiel's card id is rank × 4 + suit


def _suit(card: int) -> int:
    return card % len(OS_SUITS)


def public_record(game, history: list[int]) -> tuple[list[int], list[int], int, int, list[tuple[int, int]]]:
    """(tricks, dealer, dealt cards, trump card, [(seat, action) of every bid and card since]) of a history.

    The seat of each later move is read by replaying the history in OpenSpiel itself.
    """
    state = game.new_initial_state()
    players = game.num_players()
    tricks, dealer = history[0], history[1]
    n_deal = 3 + players * tricks
    for a in history[:n_deal]:
        state.apply_action(a)
    moves = []
    for a in history[n_deal:]:
        moves.append((state.current_player(), a))
        state.apply_action(a)
    return tricks, dealer, history[2:2 + players * tricks], history[2 + players * tricks], moves


def fair_deal(game, state, rng: np.random.Generator, tries: int = 10_000) -> list[int]:
    """A history like ``state``'s whose other hands are dealt at random from every card the player to
    move has not seen, consistent with all the moves made (played cards stay with their players,
    no card of a suit a player has shown void in).

    Card ``i`` of the deal goes to seat ``i % players`` (as in OpenSpiel's ``oh_hell``).
    """
    players = game.num_players()
    me = state.current_player()
    history = list(state.history())
    tricks, dealer, dealt, trump_card, moves = public_record(game, history)
    played = [[] for _ in range(players)]
    voids = [set() for _ in range(players)]
    trick: list[tuple[int, int]] = []
    for seat, a in moves:
        if a >= DECK:
            continue
        if trick and _suit(a) != _suit(trick[0][1]):
            voids[seat].add(_suit(trick[0][1]))
        played[seat].append(a)
        trick.append((seat, a))
        if len(trick) == players:
            trick = []
    mine = [c for i, c in enumerate(dealt) if i % players == me]
    seen = set(mine) | {trump_card} | {c for s in range(players) for c in played[s]}
    pool = np.array([c for c in range(DECK) if c not in seen])
    need = [tricks - len(played[s]) if s != me else 0 for s in range(players)]
    for _ in range(tries):
        drawn = rng.permutation(pool)
        hands, k, ok = [], 0, True
        for s in range(players):
            new = [int(c) for c in drawn[k:k + need[s]]]
            k += need[s]
            if any(_suit(c) in voids[s] for c in new):
                ok = False
                break
            hands.append(played[s] + new if s != me else mine)
        if ok:
            break
    else:
        raise RuntimeError("no deal consistent with the voids shown was found")
    deal = [0] * (players * tricks)
    for s in range(players):
        for j, c in enumerate(hands[s]):
            deal[j * players + s] = c
    return [tricks, dealer, *deal, trump_card, *(a for _, a in moves)]


class FairISMCTS:
    """``pyspiel.ISMCTSBot`` asked in a fairly re-dealt copy of the state (see the module docstring)."""

    def __init__(self, bot, seed: int) -> None:
        self.bot = bot
        self.rng = np.random.default_rng(seed)

    def step(self, state) -> int:
        game = state.get_game()
        history = fair_deal(game, state, self.rng)
        fair = game.new_initial_state()
        for a in history:
            fair.apply_action(a)
        action = self.bot.step(fair)
        if action not in state.legal_actions():  # the player's own hand and the trick are unchanged
            raise RuntimeError(f"action {action} is legal in the re-dealt state but not in the real one")
        return action


def check(players: int = 4, tricks: int = 5, positions: int = 20, samples: int = 300, seed: int = 7) -> None:
    """Print how often ISMCTS's imagined other hands hold cards from the undealt stock, plainly and fairly.

    Uniformly fair dealing gives the stock's share of the unseen cards; OpenSpiel 2.0.2's resampler gives 0.
    """
    from openspiel_seat import oh_hell_game

    game = oh_hell_game(players, tricks)
    rng = np.random.default_rng(seed)
    plain = fair = expected = 0.0
    for p in range(positions):
        cards = rng.permutation(DECK)[: players * tricks + 1]
        state = game.new_initial_state()
        for a in [tricks, p % players, *map(int, cards)]:
            state.apply_action(a)
        me = state.current_player()
        history = list(state.history())
        in_play = {c for i, c in enumerate(history[2:2 + players * tricks]) if i % players != me}
        unseen = DECK - tricks - 1
        expected += len(in_play) and (unseen - len(in_play)) / unseen
        for _ in range(samples):
            r = state.resample_from_infostate(me, lambda: float(rng.random()))
            others = {c for i, c in enumerate(r.history()[2:2 + players * tricks]) if i % players != me}
            plain += len(others - in_play) / len(others)
            fh = fair_deal(game, state, rng)
            fs = game.new_initial_state()
            for a in fh:
                fs.apply_action(a)
            r2 = fs.resample_from_infostate(me, lambda: float(rng.random()))
            others2 = {c for i, c in enumerate(r2.history()[2:2 + players * tricks]) if i % players != me}
            fair += len(others2 - in_play) / len(others2)
    n = positions * samples
    print(f"{players}×{tricks}: share of the other hands' imagined cards that are really in the stock")
    print(f"  fair dealing would give      {expected / positions:.3f}")
    print(f"  OpenSpiel's resampler        {plain / n:.3f}")
    print(f"  after FairISMCTS's re-deal   {fair / n:.3f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="measure what the imagined deals hold")
    parser.add_argument("--size", default="4x5")
    args = parser.parse_args()
    p, t = map(int, args.size.split("x"))
    check(p, t)
