"""Bots: each sees only one seat's view and can say why it chose its move."""

from .base import Bot, Decision, RandomBot

__all__ = ["Bot", "Decision", "RandomBot", "PlumpBot"]


def __getattr__(name: str):
    if name == "PlumpBot":
        from .plump import PlumpBot

        return PlumpBot
    raise AttributeError(name)
