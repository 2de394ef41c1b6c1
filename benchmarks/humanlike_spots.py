"""Where do the Plump bots not play like a careful person?  Their choices against the exact search, by pattern.

    python benchmarks/humanlike_spots.py                              # PlumpBot, 4×5, 4×10, 3×7
    python benchmarks/humanlike_spots.py --rounds 300 --bots plump search --rollouts 300
    python benchmarks/humanlike_spots.py --sizes 4x5 --rounds 100 --show 5   # a few examples per pattern

Run it with the checkout to look at first on ``PYTHONPATH`` (``PYTHONPATH=. python benchmarks/...``).
Seeded rounds (hook on, turned-up trump, standard scoring) are played out by ``PlumpBot`` at every
seat.  At each card decision near the end of a round (at most ``--max-cards`` cards left in all, so
the exact double-dummy search is quick), every bot asked (``plump``: ``PlumpBot``; ``search``:
``PlumpSearchBot``, ISMCTS with ``--rollouts`` play-outs, seeded) chooses a card for the seat to
play, and every legal card is judged over the deals that seat cannot tell apart (every one when
few, else a seeded sample; see :mod:`cardlab.puzzles.plump_hidden`): in what share of them can the
seat still make its bid exactly, whatever the others do?  A decision is a *spot* when another card
keeps the bid clearly more often than the bot's card (by ``--margin`` or more); an *always* spot is
one where the other card keeps it in every deal and the bot's card in none.

At each bid the finder checks one cheap exact fact: a bid below the hand's *sure tricks* (trumps
from the top down, the turned-up card counting as seen: :meth:`cardlab.bots.plump.PlumpBot.sure_trumps`)
is lost in every deal.

The spots are grouped into patterns (see :func:`pattern`) and counted per bot and size; the whole
run takes a few minutes on one core.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict

from cardlab import PlumpBot, PlumpRound, PlumpRules, PlumpSearchBot
from cardlab._rng import child_rng
from cardlab.cards import Card
from cardlab.puzzles.plump_hidden import all_deals, judge, sample_deals, seen_of
from cardlab.puzzles.position import Position, position_of_round

SIZES = {"4x5": (4, 5), "4x10": (4, 10), "3x7": (3, 7), "3x5": (3, 5), "5x6": (5, 6)}


def chances(pos: Position, rnd: PlumpRound, seat: int, cards: list[Card], rng, samples: int) -> tuple[dict, int, bool]:
    """For each card: the share of the deals ``seat`` cannot tell apart in which it keeps the bid."""
    seen = seen_of(rnd, seat)
    deals = all_deals(seen, limit=samples)
    exact = deals is not None
    if not exact:
        deals = list(sample_deals(seen, rng, samples))
    wins = Counter()
    for hands in deals:
        for card, ok in zip(cards, judge(pos, hands, cards)):
            wins[card] += ok
    n = max(1, len(deals))
    return {c: wins[c] / n for c in cards}, len(deals), exact


def pattern(pos: Position, bot: Card, best: Card) -> str:
    """A recognisable name for a spot: what the bot did instead of what keeps the bid."""
    trump = pos.trump
    is_trump = lambda c: trump is not None and c.suit == trump  # noqa: E731
    need, left = pos.need, pos.tricks_left
    if not pos.trick:
        if need >= left and need > 0:
            return "does not lead the top trump when every trick is needed" if is_trump(best) \
                else "does not lead its winners when every trick is needed"
        if need <= 0:
            return "leads a card that wins after the bid is made" if best.rank < bot.rank \
                else "leads too low after the bid is made (keeps a card that must win later)"
        if best.rank > bot.rank or (is_trump(best) and not is_trump(bot)):
            return "leads low when cashing a winner keeps the bid"
        return "leads a winner when a low lead keeps the bid"
    last = len(pos.trick) == pos.players - 1
    led = pos.trick[0][1].suit
    wins_bot, wins_best = pos.would_win_now(bot), pos.would_win_now(best)
    if wins_bot and not wins_best:
        if is_trump(bot) and led != trump:
            return "ruffs when discarding keeps the bid"
        if need <= 0:
            return "takes a trick after the bid is made (does not duck)"
        return "overtakes as last player when ducking keeps the bid" if last \
            else "plays to win this trick when ducking keeps the bid"
    if wins_best and not wins_bot:
        if is_trump(best) and led != trump:
            return "does not ruff when a ruff keeps the bid"
        return "does not take a trick it needs" + (" as last player" if last else "")
    if wins_bot and wins_best:
        return "wins with too high a card" if bot.rank > best.rank or is_trump(bot) \
            else "wins with too low a card (a later trick is lost)"
    return "discards the wrong card: keeps a dangerous high card" if bot.rank < best.rank \
        else "discards the wrong card: throws a card it needed"


def describe(pos: Position) -> str:
    """The decision in one line: trump, the seat's bid and tricks, its hand, the trick on the table."""
    hand = " ".join(str(c) for c in sorted(pos.hands[pos.seat], key=lambda c: c.sort_key))
    table = " ".join(f"{s}:{c}" for s, c in pos.trick) or "-"
    return (f"trump {pos.trump.letter if pos.trump else '-'}, seat {pos.seat} bid {pos.bid} took "
            f"{pos.taken[pos.seat]}, {pos.tricks_left} left, hand {hand}, table {table}")


def _bots(names: list[str], rollouts: int):
    out = {}
    if "plump" in names:
        out["plump"] = lambda seed: PlumpBot()
    if "search" in names:
        out["search"] = lambda seed: PlumpSearchBot(rng=seed, rollouts=rollouts)
    return out


def find(sizes: list[str], rounds: int, seed: int, names: list[str], rollouts: int, max_cards: int,
         samples: int, margin: float):
    """Yield one record per spot and per checked decision: (bot, size, kind, pattern or None, detail)."""
    bots = _bots(names, rollouts)
    player = PlumpBot()
    for size in sizes:
        players, hand_size = SIZES[size]
        rules = PlumpRules(players=players)
        for i in range(rounds):
            rnd = PlumpRound.deal(rules, hand_size=hand_size, dealer=i % players, rng=child_rng(seed, 100 * players + hand_size, i))
            step = 0
            while not rnd.is_over:
                seat = rnd.to_move
                view = rnd.view(seat)
                step += 1
                if rnd.phase == "bid":
                    sure = PlumpBot.sure_trumps(view.hand, view.trump, view.trump_card, view.rules.decks)
                    for name, make in bots.items():
                        bid = make((seed * 7919 + i * 131 + step) & 0xFFFFFFF).choose(view)
                        if bid.tricks < sure:
                            yield name, size, "bid", "bids below its sure trump tricks", (i, step, str(bid), sure)
                        yield name, size, "bid", None, None
                else:
                    cards_left = sum(len(h) for h in rnd.hands)
                    legal = [a.card for a in view.legal_actions]
                    if cards_left <= max_cards and len(legal) > 1:
                        pos = position_of_round(rnd)
                        value, n, exact = chances(pos, rnd, seat, legal, child_rng(seed, 100 * players + hand_size, i, step), samples)
                        best = max(legal, key=lambda c: (value[c], -legal.index(c)))
                        for name, make in bots.items():
                            card = make((seed * 7919 + i * 131 + step) & 0xFFFFFFF).choose(view).card
                            yield name, size, "card", None, None
                            if value[best] - value[card] >= margin - 1e-9:
                                kind = "always" if value[best] == 1.0 and value[card] == 0.0 else "clear"
                                yield name, size, kind, pattern(pos, card, best), \
                                    (i, step, f"{card}->{best}", round(value[card], 2), round(value[best], 2), n, exact,
                                     describe(pos))
                rnd.apply(player.choose(view))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", nargs="+", default=["4x5", "4x10", "3x7"], choices=sorted(SIZES))
    parser.add_argument("--rounds", type=int, default=150, help="rounds per size (default 150)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", nargs="+", default=["plump"], choices=["plump", "search"])
    parser.add_argument("--rollouts", type=int, default=300, help="PlumpSearchBot play-outs per decision")
    parser.add_argument("--max-cards", type=int, default=12, help="judge decisions with at most this many cards left")
    parser.add_argument("--samples", type=int, default=40, help="deals judged per decision (all of them when fewer)")
    parser.add_argument("--margin", type=float, default=0.25, help="how much more often the other card must keep the bid")
    parser.add_argument("--show", type=int, default=0, help="print this many examples per pattern")
    args = parser.parse_args(argv)
    checked: Counter = Counter()
    spots: Counter = Counter()
    always: Counter = Counter()
    examples: dict = defaultdict(list)
    for name, size, kind, pat, detail in find(args.sizes, args.rounds, args.seed, args.bots, args.rollouts,
                                              args.max_cards, args.samples, args.margin):
        if pat is None:
            checked[name, kind] += 1
            continue
        spots[name, pat] += 1
        always[name, pat] += kind in ("always", "bid")
        examples[name, pat].append((size, *detail))
    print(f"sizes {' '.join(args.sizes)}, {args.rounds} rounds each, seed {args.seed}; "
          f"cards judged with at most {args.max_cards} cards left, margin {args.margin}")
    for name in args.bots:
        print(f"\n{name}: {checked[name, 'card']} card decisions judged, {checked[name, 'bid']} bids checked")
        rows = sorted(((n, p) for (b, p), n in spots.items() if b == name), reverse=True)
        for n, pat in rows:
            print(f"  {n:>5}  ({always[name, pat]:>4} always)  {pat}")
            for ex in examples[name, pat][:args.show]:
                print(f"           {ex}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
