"""Bots: each sees only one seat's view and can say why it chose its move."""

from .base import Bot, Decision, RandomBot

__all__ = ["Bot", "Decision", "RandomBot", "PlumpBot", "PlumpSearchBot", "FemkampSearchBot", "RummySearchBot"]


def __getattr__(name: str):
    if name == "PlumpBot":
        from .plump import PlumpBot

        return PlumpBot
    if name == "PlumpSearchBot":
        from .plump_search import PlumpSearchBot

        return PlumpSearchBot
    if name == "FemkampSearchBot":
        from .femkamp_search import FemkampSearchBot

        return FemkampSearchBot
    if name == "RummySearchBot":
        from .rummy_search import RummySearchBot

        return RummySearchBot
    raise AttributeError(name)
