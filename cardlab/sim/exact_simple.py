"""Exact odds of small Plump rounds when everyone plays the lowest card (policy ``"simple"``), as fractions.

The lowest-card policy (:class:`cardlab.sim.simple.SimpleBot`) plays the legal
card of lowest rank, clubs before diamonds before hearts before spades on equal
rank, and bids its aces plus the trump king and queen.  Enumerating deals is
out of the question beyond tiny sizes (about 3·10¹⁸ deals at four players and
three cards), so the deals are counted by a **scan of the deck from its lowest
card to its highest**: 2♣ 2♦ 2♥ 2♠ 3♣ … A♠, i.e. exactly the order in which the
policy prefers cards.  At each card the scan decides who gets it: one of the
players, the turned-up card (when its suit is trump) or nobody.  Every deal is
one path of decisions, so summing path counts counts deals exactly.

While the scan goes on, the **play is carried out as far as the cards seen so
far decide it**.  Three facts make that possible:

1. *A player's cards seen so far are lower than all his cards still to come*
   (the scan is in the policy's own order).  So his lowest card, or his lowest
   card of a suit, is known as soon as he has been given one.
2. *The play only ever compares cards of the same suit* (who wins a trick)
   *or cards of the same player* (which card he plays).  So of the cards seen
   and not yet played, only that partial order is kept (in one canonical
   linear order, so that equal positions merge); played cards are dropped,
   except the card winning the trick in progress.
3. *Whether a player still holds a suit* is the one question the scan cannot
   answer from the cards seen.  It is asked only when the play needs it (he
   must follow a suit he has not been seen to hold), and the scan splits:
   either he gets no more cards of that suit (the suit is then barred for him)
   or he gets at least one (the play waits for it, and the scan only keeps
   paths that deliver it).  The two branches split the deals, so nothing is
   counted twice or lost.

Bids are known from the aces, trump kings and queens a player is given, so
they are counted along the way; the dealer's hook is applied at the end.  The
state of the scan (hands still to fill, barred and awaited suits, the unplayed
seen cards, the trick in progress, tricks and bid counts so far) is a small
tuple, and equal states are merged with their counts added; each step of the
scan is a sum over index arrays, and Python looks at each state only when it
first meets a card of a suit.  Because nothing here depends on the deck
having 13 ranks, the same function runs on a smaller deck (``ranks=``), where
the tests check it against playing out every deal.

**Cost.**  What grows is the number of states, mostly the seen cards that
wait while the play waits for another player's card.  Three players with two
cards reach about 25,000 states per trump suit (55,000 with the bid counts
near the aces): seconds.  Four players with two cards pass 160,000 states
by the fours and keep growing: without trump they took 2,135 s (about 18
minutes of CPU, 3.5 GB) on a shared machine, so :func:`write_counts` computes
such settings once and the data build reads the stored counts.  Four players with three
cards hold up to nine seen cards of three players while the leader waits for
his first card; their orders alone are far too many states for this method.

Seats are counted from the leader (left of the dealer, who is seat
``players − 1`` and bids last); the hook is on, as in
:func:`cardlab.sim.exact_tricks.exact_table`.

>>> d = simple_distribution(3, 2, "none")
>>> [str(p) for p in d.tricks[0]]                    # the leader's chances of 0, 1, 2 tricks
['4773731/11745300', '5509999/35235900', '3851177/8808975']
>>> sum(t * p for seat in d.tricks for t, p in enumerate(seat)) == 2
True
>>> str(d.made[2])                                    # the dealer makes his bid
'579493217/916133400'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
import json
import time
from math import factorial
from pathlib import Path

import numpy as np

__all__ = ["SimpleOdds", "simple_distribution", "joint_counts", "simple_table", "play_lowest", "hook_bids",
           "read_counts", "write_counts", "COUNTS_FILE"]

TRUMPS = ("turned-up", "none")
ACE, KING, QUEEN = 14, 13, 12
FULL_RANKS = tuple(range(2, 15))
#: set to True to print, after each card of the scan, the states known and the states holding deals
TRACE = False


@dataclass(frozen=True)
class SimpleOdds:
    """Exact odds of one setting; every list is indexed by seat from the leader.

    ``tricks[k][t]``: chance seat ``k`` takes ``t`` tricks; ``made[k]``: chance
    seat ``k`` makes SimpleBot's bid; ``bids[k][b]``: chance seat ``k`` bids
    ``b``; ``deals``: the number of deals (with the turned-up card) counted.
    """

    players: int
    cards: int
    trump: str
    tricks: list
    made: list
    bids: list
    deals: int

    @property
    def p_zero(self) -> list:
        return [seat[0] for seat in self.tricks]

    @property
    def mean_tricks(self) -> list:
        return [sum(t * p for t, p in enumerate(seat)) for seat in self.tricks]


def hook_bids(base: "tuple[int, ...] | list[int]", cards: int, hook: bool = True) -> tuple[int, ...]:
    """SimpleBot's bids from its wanted bids (seats from the leader; the dealer, last, moves off the hook's bid).

    >>> hook_bids((1, 0, 1), 2), hook_bids((1, 1, 0), 3)    # 1 would make the bids add up to 2 cards: 0
    ((1, 0, 0), (1, 1, 0))
    >>> hook_bids((0, 1, 0), 1)                            # a forbidden zero bid becomes one
    (0, 1, 1)
    """
    others = sum(base[:-1])
    dealer = base[-1]
    forbidden = cards - others if hook else -1
    if dealer == forbidden:
        dealer = dealer - 1 if dealer > 0 else dealer + 1
    return tuple(base[:-1]) + (dealer,)


def _multinomial(total: int, parts) -> int:
    out = factorial(total)
    rest = total
    for k in parts:
        out //= factorial(k)
        rest -= k
    return out // factorial(rest)


@lru_cache(maxsize=1 << 20)
def _canon(pend: tuple, players: int) -> tuple:
    """The canonical linear order of seen, unplayed cards (labels ``4·holder + suit``).

    Only two kinds of order are kept: cards of one suit, and cards of one
    player (holder ``players`` is the card winning the trick in progress,
    which is compared by suit only).  Of all orders consistent with those,
    the greedy one (always the smallest label that may come next) is used.
    """
    items = list(pend)
    out = []
    while items:
        pick = -1
        for i, x in enumerate(items):
            h, s = x >> 2, x & 3
            free = True
            for y in items[:i]:
                if (y & 3) == s or (h < players and (y >> 2) == h):
                    free = False
                    break
            if free and (pick < 0 or x < items[pick]):
                pick = i
        out.append(items.pop(pick))
    return tuple(out)


def _advance_factory(players: int, cards: int, trump: int):
    """The play, carried out as far as the seen cards decide it (memoised)."""
    best_label = 4 * players

    @lru_cache(maxsize=1 << 21)
    def advance(play: tuple) -> tuple:
        # play = (cap, barred, awaited, pend, leader, j, led, best, tricks)
        out = []
        stack = [play]
        while stack:
            cap, barred, awaited, pend, leader, j, led, best, tricks = stack.pop()
            while True:
                if sum(tricks) == cards:
                    out.append((cap, barred, awaited, (), 0, 0, 0, 0, tricks))
                    break
                p = (leader + j) % players
                index = -1
                if j > 0:
                    want = 4 * p + led
                    index = pend.index(want) if want in pend else -1
                    if index < 0 and not (barred[p] >> led & 1) and cap[p] > 0:
                        if awaited[p] >> led & 1:
                            out.append((cap, barred, awaited, pend, leader, j, led, best, tricks))
                            break
                        # the scan cannot tell yet whether p holds the led suit: split the deals
                        a = awaited[:p] + (awaited[p] | 1 << led,) + awaited[p + 1:]
                        out.append((cap, barred, a, pend, leader, j, led, best, tricks))
                        barred = barred[:p] + (barred[p] | 1 << led,) + barred[p + 1:]
                if index < 0:  # the lowest card overall: p's first seen card
                    for i, x in enumerate(pend):
                        if x >> 2 == p:
                            index = i
                            break
                    if index < 0:
                        out.append((cap, barred, awaited, pend, leader, j, led, best, tricks))
                        break
                suit = pend[index] & 3
                items = list(pend)
                if j == 0:
                    items[index] = best_label + suit
                    led, best = suit, p
                else:
                    b = items.index(next(x for x in items if x >> 2 == players))
                    best_suit = items[b] & 3
                    if (suit == trump and best_suit != trump) or (suit == best_suit and index > b):
                        items[index] = best_label + suit
                        del items[b]
                        best = p
                    else:
                        del items[index]
                j += 1
                if j == players:
                    items = [x for x in items if x >> 2 != players]
                    tricks = tricks[:best] + (tricks[best] + 1,) + tricks[best + 1:]
                    leader, j, led, best = best, 0, 0, 0
                pend = _canon(tuple(items), players)
        return tuple(out)

    return advance


def _scan(players: int, cards: int, trump: int, ranks: tuple, turned: bool) -> dict:
    """Counts ``{(tricks, wanted bids): deals}`` for one trump suit (or none: ``trump = -1``)."""
    advance = _advance_factory(players, cards, trump)
    zero = (0,) * players

    @lru_cache(maxsize=1 << 21)
    def needs(play: tuple):
        """(cards still to give, awaited players per suit), or None when a player awaits more suits than cards."""
        cap, awaited = play[0], play[2]
        need = [0, 0, 0, 0]
        for h in range(players):
            a = awaited[h]
            if a:
                if bin(a).count("1") > cap[h]:
                    return None
                for s in range(4):
                    need[s] += a >> s & 1
        return sum(cap), tuple(need)

    @lru_cache(maxsize=1 << 21)
    def moves(play: tuple, suit: int) -> tuple:
        """Every way to give a card of ``suit`` to a player: (player, the play after it, its needs)."""
        cap, barred, awaited = play[0], play[1], play[2]
        out = []
        for h in range(players):
            if cap[h] and not barred[h] >> suit & 1:
                c2 = cap[:h] + (cap[h] - 1,) + cap[h + 1:]
                a2 = awaited[:h] + (awaited[h] & ~(1 << suit),) + awaited[h + 1:]
                pend = _canon(play[3] + (4 * h + suit,), players)
                for nxt in advance((c2, barred, a2, pend) + play[4:]):
                    if 0 in nxt[0] and any(b for k, b in zip(nxt[0], nxt[1]) if k == 0):
                        # a player given all his cards: the suits barred for him no longer matter
                        nxt = (nxt[0], tuple(b if k else 0 for k, b in zip(nxt[0], nxt[1]))) + nxt[2:]
                    need = needs(nxt)
                    if need is not None:
                        out.append((h, nxt, need))
        return tuple(out)

    # Every state of the scan gets a number; the counts of partial deals live in one integer vector, and
    # each step (a card: its suit, and whether it counts towards bids) is a sparse 0/1 matrix whose rows are
    # filled in once per state, the first time the state meets such a card.  Python looks at each state a
    # few times, not once per card, and the 52 steps are sums over index arrays (int64 is enough: at most about
    # 3·10¹⁸ deals, and the total is checked).
    keys: list = []
    index: dict = {}
    need_sum: list = []
    need_suit: list = []

    def ident(key) -> int:
        i = index.get(key)
        if i is None:
            i = index[key] = len(keys)
            keys.append(key)
            need = needs(key[0])
            need_sum.append(1 << 30 if need is None else need[0] + key[1])
            need_suit.append((0, 0, 0, 0) if need is None else need[1])
        return i

    start = ((cards,) * players, zero, zero, (), 0, 0, 0, 0, zero)
    ident((start, 1 if turned else 0, zero))
    vec = np.ones(1, np.int64)
    edges: dict = {}  # (suit, counts towards bids) -> (rows, columns, states done)
    done_arrays: dict = {}
    n = len(ranks)
    for ri, rank in enumerate(ranks):
        for suit in range(4):
            left_after = 4 * (n - ri) - suit - 1
            suit_left = np.array([(n - ri - 1) + (1 if s > suit else 0) for s in range(4)])
            counts_bid = rank == ACE or (suit == trump and rank in (KING, QUEEN))
            rows, cols, done = edges.setdefault((suit, counts_bid), ([], [], set()))
            for i in np.flatnonzero(vec).tolist():
                if i in done:
                    continue
                done.add(i)
                play, tcard, bids = keys[i]
                targets = [i]  # nobody gets the card
                if tcard and suit == trump:
                    targets.append(ident((play, 0, bids)))
                for h, nxt, _ in moves(play, suit):
                    b2 = bids[:h] + (bids[h] + 1,) + bids[h + 1:] if counts_bid else bids
                    targets.append(ident((nxt, tcard, b2)))
                rows.extend([i] * len(targets))
                cols.extend(targets)
            size = len(keys)
            if len(rows) != len(done_arrays.get((suit, counts_bid), ((),))[0]):
                done_arrays[(suit, counts_bid)] = (np.array(rows, np.int64), np.array(cols, np.int64))
            r, c = done_arrays[(suit, counts_bid)]
            old = vec
            vec = np.zeros(size, np.int64)
            np.add.at(vec, c, np.concatenate([old, np.zeros(size - len(old), np.int64)])[r])
            feasible = (np.array(need_sum) <= left_after) & (np.array(need_suit).reshape(-1, 4) <= suit_left).all(axis=1)
            vec[~feasible] = 0
            if TRACE:
                print(rank, suit, size, int(np.count_nonzero(vec)), round(time.perf_counter(), 1), flush=True)
    states = {keys[i]: int(vec[i]) for i in np.flatnonzero(vec).tolist()}
    out: dict = {}
    for (play, tcard, bids), ways in states.items():
        cap, barred, awaited, pend, *_rest, tricks = play
        if tcard or any(cap) or any(awaited):
            continue
        if sum(tricks) != cards:
            raise AssertionError("the scan ended with a round not played out")
        key = (tricks, tuple(min(b, cards) for b in bids))
        out[key] = out.get(key, 0) + ways
    return out


def _check(players: int, cards: int, trump: str, ranks) -> tuple:
    if trump not in TRUMPS:
        raise ValueError(f"trump must be turned-up or none, not {trump!r}")
    ranks = tuple(sorted(ranks))
    if len(set(ranks)) != len(ranks) or not all(2 <= r <= 14 for r in ranks):
        raise ValueError(f"ranks must be distinct numbers from 2 to 14 (14 = ace), not {ranks!r}")
    if players < 2 or cards < 1 or players * cards + (trump == "turned-up") > 4 * len(ranks):
        raise ValueError("choose 2 or more players, 1 or more cards, and at most the cards the deck allows")
    return ranks


@lru_cache(maxsize=None)
def joint_counts(players: int, cards: int, trump: str = "turned-up", *, ranks: tuple = FULL_RANKS,
                 stored: bool = False) -> dict:
    """``{(tricks by seat, wanted bids by seat): number of deals}``, computed by the scan (exact integers).

    The wanted bid is SimpleBot's before the hook (aces, trump king and
    queen, capped at ``cards``).  With ``stored=True`` the full deck's counts
    come from :data:`COUNTS_FILE` when it holds them (see :func:`write_counts`).
    """
    ranks = _check(players, cards, trump, ranks)
    if stored and ranks == FULL_RANKS:
        saved = read_counts().get(_key(players, cards, trump))
        if saved is not None:
            return saved
    turned = trump == "turned-up"
    joint: dict = {}
    for t in (range(4) if turned else (-1,)):
        for key, ways in _scan(players, cards, t, ranks, turned).items():
            joint[key] = joint.get(key, 0) + ways
    expected = _multinomial(4 * len(ranks), [cards] * players + ([1] if turned else []))
    if sum(joint.values()) != expected:
        raise AssertionError(f"counted {sum(joint.values())} deals, expected {expected}")
    return joint


@lru_cache(maxsize=None)
def simple_distribution(players: int, cards: int, trump: str = "turned-up", *, ranks: tuple = FULL_RANKS,
                        hook: bool = True, stored: bool = False) -> SimpleOdds:
    """Exact odds of one Plump round in which every seat plays :class:`~cardlab.sim.simple.SimpleBot`.

    ``trump``: ``"turned-up"`` (a card turned after the deal names trump) or
    ``"none"``.  ``ranks``: the ranks in the deck (2 … 14 = ace), four suits
    each; a smaller deck such as ``(12, 13, 14)`` is for checking against
    every deal.  Single rounds, leader left of the dealer, hook on unless
    ``hook=False``, no obligation to trump.  ``stored``: see :func:`joint_counts`.
    """
    joint = joint_counts(players, cards, trump, ranks=tuple(ranks), stored=stored)
    deals = sum(joint.values())
    tricks = [[Fraction(0)] * (cards + 1) for _ in range(players)]
    bids = [[Fraction(0)] * (cards + 1) for _ in range(players)]
    made = [Fraction(0)] * players
    for (trick_vec, base), ways in joint.items():
        final = hook_bids(base, cards, hook)
        p = Fraction(ways, deals)
        for k in range(players):
            tricks[k][trick_vec[k]] += p
            bids[k][final[k]] += p
            if final[k] == trick_vec[k]:
                made[k] += p
    return SimpleOdds(players, cards, trump, tricks, made, bids, deals)


# ------------------------------------------------------------ stored counts
#: exact counts of the full deck, computed once (``python -m cardlab.sim.exact_simple``) and shipped
COUNTS_FILE = Path(__file__).resolve().parent.parent / "data" / "plump_exact_simple_counts.json"


def _key(players: int, cards: int, trump: str) -> str:
    return f"p{players}/c{cards}/{trump}"


def read_counts(path: "str | Path | None" = None) -> dict:
    """The stored counts: ``{"p3/c2/none": {(tricks, wanted bids): deals, ...}, ...}`` ({} when there is no file)."""
    path = Path(path) if path is not None else COUNTS_FILE
    if not path.exists():
        return {}
    raw = json.loads(path.read_text())
    return {key: {(tuple(r[0]), tuple(r[1])): int(r[2]) for r in entry["counts"]}
            for key, entry in raw["settings"].items()}


def write_counts(path: "str | Path | None" = None, sizes=((3, 2), (4, 2), (3, 3)), trumps=TRUMPS) -> Path:
    """Compute the full deck's counts for ``sizes`` × ``trumps`` with the scan and store them as JSON.

    Each setting is written as soon as it is done (settings already in the
    file and not asked for are kept), so a long run can be resumed.
    """
    path = Path(path) if path is not None else COUNTS_FILE
    for players, cards in sizes:
        for trump in trumps:
            started = time.perf_counter()
            joint = joint_counts(players, cards, trump)
            body = json.loads(path.read_text()) if path.exists() else {"settings": {}}
            body["what"] = ("Plump rounds played by the lowest-card policy (SimpleBot) at every seat, full 52-card deck: "
                            "for each setting, [tricks by seat from the leader, wanted bids before the hook, number of "
                            "deals]; written by python -m cardlab.sim.exact_simple (cardlab.sim.exact_simple.write_counts)")
            body["settings"][_key(players, cards, trump)] = {
                "deals": str(sum(joint.values())), "seconds": round(time.perf_counter() - started, 1),
                "counts": [[list(t), list(b), str(w)] for (t, b), w in sorted(joint.items())]}
            body["settings"] = dict(sorted(body["settings"].items()))
            path.write_text(json.dumps(body, indent=None, separators=(",", ":")).replace('"],[[', '"],\n[[') + "\n")
    return path


def play_lowest(hands, trump=None) -> tuple[list[int], list[int]]:
    """Play one round by the lowest-card policy from explicit hands; ``(bids, tricks)`` by seat from the leader.

    ``hands``: one list of ``(rank, suit)`` per seat from the leader (rank
    2 … 14, suit 0 … 3 = clubs, diamonds, hearts, spades); ``trump``: a suit
    or ``None``.  A plain reference for the tests (every deal of a small deck).

    >>> play_lowest([[(14, 3), (2, 0)], [(13, 3), (3, 0)], [(5, 1), (4, 0)]], trump=1)
    ([1, 0, 0], [0, 0, 2])
    """
    players = len(hands)
    cards = len(hands[0])
    base = []
    for hand in hands:
        b = sum(1 for r, s in hand if r == ACE) + sum(1 for r, s in hand if s == trump and r in (KING, QUEEN))
        base.append(min(b, cards))
    bids = list(hook_bids(base, cards))
    hands = [list(h) for h in hands]
    tricks = [0] * players
    leader = 0
    for _ in range(cards):
        trick = []
        for j in range(players):
            p = (leader + j) % players
            hand = hands[p]
            legal = [c for c in hand if c[1] == trick[0][1][1]] if trick else hand
            card = min(legal or hand, key=lambda c: (c[0], c[1]))
            hand.remove(card)
            trick.append((p, card))
        led = trick[0][1][1]
        trumps = [x for x in trick if x[1][1] == trump]
        group = trumps or [x for x in trick if x[1][1] == led]
        winner = max(group, key=lambda x: x[1][0])[0]
        tricks[winner] += 1
        leader = winner
    return bids, tricks


def simple_table(players_range=(3, 4), cards_range=(2, 3), trumps=TRUMPS, *, stored: bool = True):
    """A pandas table of exact lowest-card odds, with the columns of :func:`cardlab.sim.exact_tricks.exact_table`.

    One row per players × cards × trump × seat from the leader, ``policy``
    ``"simple"``: ``p_zero``, ``p_made`` (SimpleBot's bid made, hook on),
    ``mean_tricks``, ``p_tricks_<t>`` and the fractions as text.
    ``stored``: read the full deck's counts from :data:`COUNTS_FILE` when it
    has them (see :func:`joint_counts`).
    """
    import pandas as pd

    rows = []
    for players in players_range:
        for cards in cards_range:
            for trump in trumps:
                odds = simple_distribution(players, cards, trump, stored=stored)
                for k in range(players):
                    row = {"players": players, "cards": cards, "trump": trump, "policy": "simple",
                           "seat_from_leader": k, "p_zero": float(odds.tricks[k][0]), "p_made": float(odds.made[k]),
                           "mean_tricks": float(odds.mean_tricks[k])}
                    for t in range(max(cards_range) + 1):
                        row[f"p_tricks_{t}"] = float(odds.tricks[k][t]) if t <= cards else 0.0
                    row["p_zero_exact"], row["p_made_exact"] = str(odds.tricks[k][0]), str(odds.made[k])
                    rows.append(row)
    return pd.DataFrame(rows)


if __name__ == "__main__":  # python -m cardlab.sim.exact_simple [PATH|-] [3x2 4x2/none ...]: recompute stored counts
    import sys

    path = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] != "-" else None
    for arg in sys.argv[2:] or ["3x2", "4x2", "3x3"]:
        size, _, trump = arg.partition("/")
        players, cards = (int(x) for x in size.split("x"))
        print(write_counts(path, [(players, cards)], (trump,) if trump else TRUMPS), arg, flush=True)
