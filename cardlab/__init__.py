"""cardlab: a card-game lab for Jupyter — Plump, Femkamp and Rummy, with bots and odds.

>>> from cardlab import Card, parse_cards, trick_winner
>>> trick_winner(parse_cards("10S QS AS QH"), trump=None)
2

Names are imported lazily, so ``import cardlab`` stays quick.
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0"

_EXPORTS = {
    # cards and tricks
    "Card": "cards", "Suit": "cards", "Rank": "cards", "parse_cards": "cards", "full_deck": "cards",
    "shuffled_deck": "cards", "sorted_hand": "cards",
    "trick_winner": "tricks", "legal_plays": "tricks", "winning_reason": "tricks",
    # errors and languages
    "CardlabError": "errors", "IllegalMoveError": "errors", "NotYourTurnError": "errors",
    "MustFollowSuitError": "errors", "MustTrumpError": "errors", "HookError": "errors", "BidError": "errors",
    "NotInHandError": "errors", "InvalidCardError": "errors", "RulesError": "errors", "SaveFileError": "errors",
    "GameOverError": "errors",
    "set_language": "i18n", "get_language": "i18n", "LANGUAGES": "i18n",
    # the shared protocol and matches
    "Match": "match", "play_out": "protocol",
    # Plump
    "PlumpRules": "rules.plump", "PlumpGame": "games.plump", "PlumpRound": "games.plump",
    "Bid": "games.plump", "Play": "games.plump", "round_score": "games.plump",
    # Femkamp
    "FemkampRules": "rules.femkamp", "FemkampGame": "games.femkamp",
    # Rummy
    "RummyRules": "rules.rummy", "RummyGame": "games.rummy",
    "is_set": "games.melds", "is_run": "games.melds", "hand_penalty": "games.melds", "best_melds": "games.melds",
    # bots
    "RandomBot": "bots.base", "Decision": "bots.base", "PlumpBot": "bots.plump",
    "PlumpSearchBot": "bots.plump_search",
    "FemkampBot": "bots.femkamp", "RummyBot": "bots.rummy", "RummyRandomBot": "bots.rummy",
    "FemkampSearchBot": "bots.femkamp_search", "RummySearchBot": "bots.rummy_search",
    # simulation and the shipped data tables
    "simulate": "sim", "load_table": "data_files",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cardlab' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"cardlab.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
