"""Seat a cardlab bot at OpenSpiel's ``oh_hell`` (needs the "bench" extra: open-spiel).

OpenSpiel's ``oh_hell`` is one round of Oh Hell: the trump card is always turned up, the dealer's
hook is always on, the player left of the dealer bids and leads first, and the return is 1 per
trick + 10 for an exact bid (cardlab's ``scoring="trick-points"``).  Its action ids:

* a card is ``rank × 4 + suit`` with ranks 0..12 = 2..A and suits in the order C, D, S, H;
* a bid of ``b`` tricks is ``52 + b``.

The chance moves come first: the number of tricks, the dealer, the cards dealt (card ``i`` of the
deal goes to player ``i mod players``), then the turned-up trump card.

:func:`round_from_state` rebuilds a :class:`cardlab.PlumpRound` with the same seats, dealer, hands,
trump card, bids and tricks; a bot is then asked with ``view(seat)`` only, so it never sees the
other hands.  :func:`bot_action` turns its decision back into an OpenSpiel action id.

    import pyspiel
    from cardlab import PlumpBot
    from openspiel_seat import bot_action, oh_hell_game

    game = oh_hell_game(players=4, tricks=5)
    state = game.new_initial_state()
    ...                                   # chance moves, other seats
    state.apply_action(bot_action(PlumpBot(), state))
"""

from __future__ import annotations

from typing import Any

from cardlab import Bid, Card, Play, PlumpRound, PlumpRules

#: OpenSpiel's suit order inside a card id (cardlab's Suit letters)
OS_SUITS = "CDSH"
DECK = 52


def oh_hell_game(players: int, tricks: int):
    """OpenSpiel's ``oh_hell`` with a fixed hand size (its default scoring: tricks + 10 for an exact bid)."""
    import pyspiel

    return pyspiel.load_game("oh_hell", {"players": players, "num_suits": 4, "num_cards_per_suit": 13,
                                         "num_tricks_fixed": tricks})


def oh_hell_rules(players: int) -> PlumpRules:
    """cardlab rules that match OpenSpiel's ``oh_hell`` for one round."""
    return PlumpRules(players=players, trump="turned-up", hook=True, hook_last_round=True,
                      first_lead="left-of-dealer", must_trump=False, scoring="trick-points")


def card_of(action: int) -> Card:
    """The cardlab card for an OpenSpiel card id (``rank × 4 + suit``, suits C, D, S, H).

    >>> str(card_of(0)), str(card_of(35)), str(card_of(51))
    ('2♣', '10♥', 'A♥')
    """
    return Card.from_index("CDHS".index(OS_SUITS[action % 4]) * 13 + action // 4)


def action_of(card: Card) -> int:
    """The OpenSpiel card id of a cardlab card (the inverse of :func:`card_of`).

    >>> all(action_of(card_of(a)) == a for a in range(52))
    True
    """
    return (int(card.rank) - 2) * 4 + OS_SUITS.index(card.suit.letter)


def round_from_state(state, rules: PlumpRules | None = None) -> PlumpRound:
    """The cardlab round that mirrors an OpenSpiel ``oh_hell`` state after its deal.

    The history is read move by move: number of tricks, dealer, the deal, the trump card, the bids
    (from the dealer's left) and the cards played; cardlab's engine checks every move again.
    """
    players = state.num_players()
    rules = rules or oh_hell_rules(players)
    history = list(state.history())
    tricks, dealer = history[0], history[1]
    dealt = history[2:2 + players * tricks]
    if len(history) < 3 + players * tricks:
        raise ValueError("The OpenSpiel state is still being dealt; a cardlab round starts after the trump card.")
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i, a in enumerate(dealt):
        hands[i % players].append(card_of(a))
    trump_card = card_of(history[2 + players * tricks])
    rnd = PlumpRound.from_hands(hands, dealer=dealer, rules=rules, trump_card=trump_card)
    for a in history[3 + players * tricks:]:
        seat = rnd.to_move
        rnd.apply(Bid(seat, a - DECK) if a >= DECK else Play(seat, card_of(a)))
    return rnd


def to_action(act: Any) -> int:
    """The OpenSpiel action id of a cardlab ``Bid`` or ``Play``."""
    if isinstance(act, Bid):
        return DECK + act.tricks
    return action_of(act.card)


def bot_action(bot, state, rules: PlumpRules | None = None) -> int:
    """Ask a cardlab bot (``decide(view)``/``choose(view)``) for its move in an OpenSpiel state."""
    rnd = round_from_state(state, rules)
    seat = state.current_player()
    if rnd.to_move != seat:
        raise RuntimeError(f"cardlab says seat {rnd.to_move} is to move, OpenSpiel says {seat}.")
    act = bot.choose(rnd.view(seat))
    action = to_action(act)
    if action not in state.legal_actions():
        raise RuntimeError(f"{act!r} (action {action}) is not legal in OpenSpiel's state.")
    return action
