"""The coach: after each round, one to three short sentences that tell a child what happened.

>>> from cardlab.coach import review_round
>>> from cardlab.cards import Card
>>> from cardlab.games.plump import Bid, Play, PlumpRound
>>> rnd = PlumpRound.from_hands(["AS 2H", "KS 3H"], dealer=1)
>>> _ = rnd.apply(Bid(0, 1)); _ = rnd.apply(Bid(1, 0))
>>> for card in ("AS", "KS", "2H", "3H"):
...     _ = rnd.apply(Play(rnd.to_move, Card.parse(card)))
>>> review_round(rnd, 0, "en")
'You bid 1 and took 1 trick: you made it!'

Plump (:mod:`cardlab.coach.plump`): made it, or where the extra or missing
trick came from and which legal card would have avoided it — checked by an
exact search on the now-known hands for the last tricks, else by replaying a
single trick.  Femkamp and Rummy get an end-of-round sentence too: your points
and what they came from.  ``names`` (one per seat) are used where others are
named; by default "Bot 1", "Bot 2" ….
"""

from __future__ import annotations

from typing import Any, Sequence

from ..i18n import Message, check_language, tr


__all__ = ["review_round"]


def _count(n: int) -> Message:
    return Message("coach.trick") if n == 1 else Message("coach.tricks", {"n": n})


def _name(names: Sequence[Any] | None, seat: int, lang: str) -> str:
    if names is not None:
        name = names[seat]
        return name.text(lang) if isinstance(name, Message) else str(name)
    return tr("widget.bot_name", lang, n=seat) if _has_bot_name() else f"Bot {seat}"


def _has_bot_name() -> bool:
    from ..i18n import has_message

    return has_message("widget.bot_name")


def review_round(finished_round: Any, seat: int, lang: str | None = None, *, names: Sequence[Any] | None = None) -> str:
    """What happened to ``seat`` in ``finished_round`` (a finished Plump, Femkamp or Rummy round), in ``lang``."""
    lang = check_language(lang)
    name = getattr(finished_round, "game_name", "")
    if not getattr(finished_round, "is_over", False):
        raise ValueError("review_round needs a finished round: this one is still being played.")
    if name.startswith("plump"):
        return _plump(finished_round, seat, lang)
    if hasattr(finished_round, "round_name"):
        return _femkamp(finished_round, seat, lang, names)
    if hasattr(finished_round, "discard_pile"):
        return _rummy(finished_round, seat, lang, names)
    raise ValueError(f"review_round does not know rounds of type {type(finished_round).__name__}.")


def _plump(rnd: Any, seat: int, lang: str) -> str:
    from .plump import analyse

    review = analyse(rnd, seat)
    bid, taken = review.bid, review.taken
    if review.kind == "made":
        return Message("coach.made", {"bid": bid, "taken": _count(taken)}).text(lang)
    key = "coach.over" if taken > bid else "coach.under"
    first = Message(key, {"bid": bid, "taken": _count(taken), "diff": _count(abs(taken - bid))}).text(lang)
    if review.kind == "exact":
        second = Message("coach.exact", {"trick": review.trick, "better": review.better, "played": review.played})
    elif review.kind == "swap":
        second = Message("coach.swap_takes" if review.saved_takes else "coach.swap",
                         {"trick": review.trick, "later": review.later, "better": review.better, "played": review.played})
    elif review.kind == "trick":
        second = Message("coach.extra_trick" if taken > bid else "coach.missing_trick",
                         {"trick": review.trick, "better": review.better, "played": review.played})
    else:
        second = Message("coach.forced_over" if taken > bid else "coach.forced_under")
    return f"{first} {second.text(lang)}"


def _femkamp(rnd: Any, seat: int, lang: str, names: Sequence[Any] | None) -> str:
    from ..games.femkamp import trick_round_score

    scores = rnd.scores()
    title = Message(f"femkamp.title.{rnd.round_name}")
    said = [Message("coach.femkamp_points", {"round": title, "points": scores[seat]}).text(lang)]
    if rnd.round_name == "kabal":
        if rnd.out_seat == seat:
            said.append(Message("coach.femkamp_out").text(lang))
        else:
            said.append(Message("coach.femkamp_kabal", {"prikks": rnd.prikks[seat], "left": len(rnd.hands[seat])}).text(lang))
    else:
        costs = []
        for k, t in enumerate(rnd.completed_tricks):
            if t.winner != seat:
                continue
            clubs = sum(1 for c in t.cards if c.suit.letter == "C")
            queens = sum(1 for c in t.cards if c.rank.letter == "Q")
            cost = trick_round_score(rnd.round_name, 1, clubs, queens, rnd.rules) - trick_round_score(rnd.round_name, 0, 0, 0, rnd.rules)
            costs.append((cost, -k, k + 1, t.cards))
        worst = max(costs, default=None)
        if worst is not None and worst[0] > 1:
            said.append(Message("coach.femkamp_costly", {"trick": worst[2], "cards": " ".join(map(str, worst[3])),
                                                         "points": worst[0]}).text(lang))
    best = min(scores)
    if scores[seat] == best:
        said.append(Message("coach.femkamp_you_best").text(lang))
    else:
        other = next(s for s, p in enumerate(scores) if p == best)
        said.append(Message("coach.femkamp_best", {"name": _name(names, other, lang), "points": best}).text(lang))
    return " ".join(said)


def _rummy(rnd: Any, seat: int, lang: str, names: Sequence[Any] | None) -> str:
    from ..games.melds import hand_penalty

    def card_points(card: Any) -> int:
        return hand_penalty([card])

    if rnd.winner == seat:
        return Message("coach.rummy_out").text(lang)
    scores = rnd.scores()
    first = (Message("coach.rummy_winner", {"name": _name(names, rnd.winner, lang)}) if rnd.winner is not None
             else Message("coach.rummy_nobody")).text(lang)
    said = [first, Message("coach.rummy_left", {"points": scores[seat]}).text(lang)]
    hand = sorted(rnd.hands[seat], key=lambda c: (-card_points(c), c.suit.index))
    costly = [c for c in hand if card_points(c) >= 10][:3]
    if costly:
        said.append(Message("coach.rummy_costly", {"cards": " ".join(map(str, costly))}).text(lang))
    return " ".join(said)

