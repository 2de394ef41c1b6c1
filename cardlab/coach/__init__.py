"""The coach: after each round, one to three short sentences that tell a child what happened.

>>> from cardlab.coach import review_round
>>> from cardlab.cards import Card
>>> from cardlab.games.plump import Bid, Play, PlumpRound
>>> rnd = PlumpRound.from_hands(["AS 2H", "KS 3H"], dealer=1)
>>> rnd.apply(Bid(0, 1)); rnd.apply(Bid(1, 0))
>>> for card in ("AS", "KS", "2H", "3H"):
...     rnd.apply(Play(rnd.to_move, Card.parse(card)))
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

from ..i18n import Message, check_language, register, tr

register({
    "coach.made": {"sv": "Du bjöd {bid} och tog {taken}: budet gick hem!",
                   "nb": "Du meldte {bid} og tok {taken}: du klarte det!",
                   "en": "You bid {bid} and took {taken}: you made it!"},
    "coach.over": {"sv": "Du bjöd {bid} men tog {taken}: {diff} för mycket.",
                   "nb": "Du meldte {bid}, men tok {taken}: {diff} for mye.",
                   "en": "You bid {bid} but took {taken}: {diff} too many."},
    "coach.under": {"sv": "Du bjöd {bid} men tog bara {taken}: {diff} för lite.",
                    "nb": "Du meldte {bid}, men tok bare {taken}: {diff} for lite.",
                    "en": "You bid {bid} but took only {taken}: {diff} too few."},
    "coach.exact": {"sv": "Det avgjordes i stick {trick}: med {better} i stället för {played} hade du klarat budet, hur de andra än spelade.",
                    "nb": "Det ble avgjort i stikk {trick}: med {better} i stedet for {played} hadde du klart det, uansett hvordan de andre spilte.",
                    "en": "It was decided in trick {trick}: with {better} instead of {played} you would have made it, whatever the others played."},
    "coach.extra_trick": {"sv": "Det extra sticket kom i stick {trick}, där din {played} vann. Med {better} hade du inte tagit det.",
                          "nb": "Det ekstra stikket kom i stikk {trick}, der {played} vant. Med {better} hadde du ikke tatt det.",
                          "en": "The extra trick came in trick {trick}, where your {played} won. With {better} you would not have taken it."},
    "coach.missing_trick": {"sv": "I stick {trick} hade {better} vunnit, men du lade {played}.",
                            "nb": "I stikk {trick} hadde {better} vunnet, men du la {played}.",
                            "en": "In trick {trick}, {better} would have won, but you played {played}."},
    "coach.forced_over": {"sv": "Dina kort var för starka för att slippa sticken. Med sådana kort kan du bjuda högre.",
                          "nb": "Kortene dine var for sterke til å slippe stikkene. Med slike kort kan du melde høyere.",
                          "en": "Your cards were too strong to lose those tricks. With cards like these you can bid higher."},
    "coach.forced_under": {"sv": "Dina kort räckte inte till fler stick. Med sådana kort kan du bjuda lägre.",
                           "nb": "Kortene dine holdt ikke til flere stikk. Med slike kort kan du melde lavere.",
                           "en": "Your cards were not strong enough for more tricks. With cards like these you can bid lower."},
    "coach.tricks": {"sv": "{n} stick", "nb": "{n} stikk", "en": "{n} tricks"},
    "coach.trick": {"sv": "1 stick", "nb": "1 stikk", "en": "1 trick"},
    "coach.femkamp_points": {"sv": "{round}: du fick {points} poäng.", "nb": "{round}: du fikk {points} poeng.",
                             "en": "{round}: you got {points} points."},
    "coach.femkamp_best": {"sv": "Lägst fick {name} ({points}).", "nb": "Lavest fikk {name} ({points}).",
                           "en": "Lowest was {name} ({points})."},
    "coach.femkamp_you_best": {"sv": "Ingen fick lägre än du!", "nb": "Ingen fikk lavere enn deg!",
                               "en": "Nobody got fewer than you!"},
    "coach.femkamp_costly": {"sv": "Mest kostade stick {trick} ({cards}): {points} poäng.",
                             "nb": "Mest kostet stikk {trick} ({cards}): {points} poeng.",
                             "en": "Trick {trick} ({cards}) cost you most: {points} points."},
    "coach.femkamp_kabal": {"sv": "Du hade {prikks} prickar och {left} kort kvar.",
                            "nb": "Du hadde {prikks} prikker og {left} kort igjen.",
                            "en": "You had {prikks} prikks and {left} cards left."},
    "coach.femkamp_out": {"sv": "Du blev av med alla kort först!", "nb": "Du ble kvitt alle kortene først!",
                          "en": "You got rid of all your cards first!"},
    "coach.rummy_out": {"sv": "Du gick ut: 0 straffpoäng!", "nb": "Du gikk ut: 0 straffepoeng!",
                        "en": "You went out: 0 penalty points!"},
    "coach.rummy_left": {"sv": "Du fick {points} straffpoäng för korten kvar på handen.",
                         "nb": "Du fikk {points} straffepoeng for kortene igjen på hånden.",
                         "en": "You got {points} penalty points for the cards left in your hand."},
    "coach.rummy_costly": {"sv": "Mest kostade {cards}: släng höga kort som inte passar i tid.",
                           "nb": "Mest kostet {cards}: kast høye kort som ikke passer i tide.",
                           "en": "{cards} cost most: throw away high cards that do not fit in time."},
    "coach.rummy_winner": {"sv": "{name} gick ut.", "nb": "{name} gikk ut.", "en": "{name} went out."},
    "coach.rummy_nobody": {"sv": "Ingen gick ut.", "nb": "Ingen gikk ut.", "en": "Nobody went out."},
})

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

