"""What OpenSpiel's ISMCTS bids in ``oh_hell``: compared with itself, with the likeliest trick count
under random play, and with ``PlumpSearchBot``.

    python benchmarks/bid_agreement.py --size 4x5 --deals 60 --seed 2031 --pyspiel-check 40

Needs the "bench" extra (open-spiel).  The deals are the arena's (``arena_openspiel.deal_actions``
with the same seed: the dealer rotates), and every seat bids in turn, the bids made by ISMCTS-1000
(seed A), so the positions are the ones ISMCTS-1000 meets as first, second, … bidder.  At each
bidding position it records:

* the bid of ISMCTS-1000 with three seeds (A, B, C: its agreement with itself);
* the *likeliest* trick count: the legal bid ``b`` with the highest chance that the bidder takes
  exactly ``b`` tricks when every seat (the bidder too) plays uniformly random legal cards from the
  first lead, in ``--worlds`` deals of the unseen cards (``cardlab.search.plump_rollout.random_trick_counts``);
* a *model* of ISMCTS's root: OpenSpiel's selection rule (one wasted first simulation, every bid
  tried once in random order, then UCB with c = 2 on the raw return, the most visited bid) fed with
  returns drawn from that random-play distribution (tricks + 10 for an exact bid) — what ISMCTS
  would bid if every simulation below the bid were one random play-out;
* the bid of ``PlumpSearchBot`` (defaults, ``scoring="trick-points"``) and of
  ``PlumpSearchBot(bid_method="likeliest")``;
* the same likeliest count when the other hands are dealt only from the cards they really hold
  (``in play``): what OpenSpiel 2.0.2's ``oh_hell`` ``ResampleFromInfostate`` deals, and so what
  ISMCTS's simulations see (the model of its root is computed for this too);
* on the first ``--pyspiel-check`` positions, the same chances counted with OpenSpiel's own game
  (uniform deals of the unseen cards, or OpenSpiel's resampler, then uniformly random legal actions
  to the end), so that no modelling difference of the kernels can hide in the comparison, and the
  share of the cards the resampler deals the other hands that they really hold.

Agreement rates are given with their binomial standard errors.  OpenSpiel's ISMCTS is not exactly
repeatable between processes (the same seed can give another bid now and then), so its rows move
by a few points from run to run.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena_openspiel import deal_actions, ismcts, parse_size  # noqa: E402
from openspiel_seat import bot_action, oh_hell_game, oh_hell_rules, round_from_state  # noqa: E402

UCT_C = 2.0


def random_play_chances(view, worlds: int, seed: int, in_play: int | None = None) -> np.ndarray:
    """P(the bidder takes t tricks), t = 0..hand size, under random play by every seat (the kernels).

    ``in_play`` (a card mask): deal the other hands from these cards only (the cards they really
    hold, as OpenSpiel 2.0.2's ``oh_hell`` resampler does) instead of from every unseen card."""
    from cardlab.bots.plump_search import PlumpSearchBot
    from cardlab.search.plump_rollout import random_trick_counts

    root = PlumpSearchBot(rng=seed)._root(view)
    root.highest_bidder_leads = False   # one play-out per deal: the leader is the dealer's left
    if in_play is not None:
        root.unseen = np.uint64(in_play)
    candidates = np.zeros(1, np.int64)
    hist = np.zeros((1, view.hand_size + 1), np.int64)
    random_trick_counts(seed, worlds, root.record(), False, candidates, hist)
    return hist[0] / worlds


def pyspiel_chances(game, state, worlds: int, rng: np.random.Generator, resample: bool = False) -> np.ndarray:
    """The same chances counted with OpenSpiel's game: uniform deals of the unseen cards (or, with
    ``resample``, the deals of OpenSpiel's own ``ResampleFromInfostate``, which ISMCTS uses), random play."""
    players = game.num_players()
    player = state.current_player()
    history = list(state.history())
    n, dealer = history[0], history[1]
    dealt = history[2:2 + players * n]
    trump = history[2 + players * n]
    after = history[3 + players * n:]
    mine = {dealt[i] for i in range(len(dealt)) if i % players == player}
    unseen = [c for c in range(52) if c not in mine and c != trump]
    order = (player - dealer - 1) % players
    hist = np.zeros(n + 1)
    for _ in range(worlds):
        if resample:
            s = state.resample_from_infostate(player, lambda: float(rng.random()))
        else:
            rest = iter(rng.permutation(unseen))
            deal = [dealt[i] if i % players == player else int(next(rest)) for i in range(len(dealt))]
            s = game.new_initial_state()
            for a in [n, dealer, *deal, trump, *after]:
                s.apply_action(int(a))
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.integers(len(legal)))])
        bid = s.history()[3 + players * n + order] - 52
        r = int(round(s.returns()[player]))
        hist[bid if r - 10 == bid else r] += 1
    return hist / worlds


def resampled_in_play(state, times: int, rng: np.random.Generator) -> float:
    """The share of the other hands' cards, in OpenSpiel's resampled deals, that they really hold.

    Deals of every unseen card give about (cards the others hold) / (unseen cards): 15 / 47 = 0.32
    at 4 × 5.  1.0 means the resampler deals the other hands only from the cards they hold.
    """
    players = state.num_players()
    player = state.current_player()
    history = list(state.history())
    n = history[0]
    dealt = history[2:2 + players * n]
    held = {dealt[i] for i in range(len(dealt)) if i % players != player}
    hits = 0
    for _ in range(times):
        s = state.resample_from_infostate(player, lambda: float(rng.random()))
        other = [c for i, c in enumerate(s.history()[2:2 + players * n]) if i % players != player]
        hits += sum(c in held for c in other)
    return hits / (times * len(held))


def model_ismcts(chances: np.ndarray, legal: list[int], sims: int, rng: np.random.Generator) -> int:
    """OpenSpiel's ISMCTS root rule with every simulation below the bid one random play-out."""
    tricks = np.arange(len(chances))
    visits = {}
    value = {}
    total = -1
    for _ in range(sims):
        if total < 0:
            total = 0   # the first simulation only expands the root
            continue
        untried = [b for b in legal if b not in visits]
        if untried:
            b = untried[int(rng.integers(len(untried)))]
            visits[b], value[b] = 0, 0.0
        else:
            ucb = {a: value[a] / visits[a] + UCT_C * math.sqrt(math.log(total) / visits[a]) for a in legal}
            top = max(ucb.values())
            ties = [a for a in legal if ucb[a] > top - 1e-5]
            b = ties[int(rng.integers(len(ties)))]
        total += 1
        visits[b] += 1
        t = int(rng.choice(tricks, p=chances))
        value[b] += t + (10 if t == b else 0)
    return max(legal, key=lambda a: (visits.get(a, 0), -a))


def rate(hits: list[bool]) -> str:
    n = len(hits)
    p = sum(hits) / n if n else float("nan")
    return f"{100 * p:.0f}% ± {100 * math.sqrt(p * (1 - p) / n):.0f} ({sum(hits)}/{n})" if n else "–"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="4x5")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=2031)
    parser.add_argument("--sims", type=int, default=1000, help="ISMCTS simulations")
    parser.add_argument("--worlds", type=int, default=20000, help="deals for the random-play chances (kernels)")
    parser.add_argument("--pyspiel-check", type=int, default=0, help="positions also counted with OpenSpiel's game")
    parser.add_argument("--pyspiel-worlds", type=int, default=3000)
    parser.add_argument("--no-search", action="store_true", help="skip PlumpSearchBot's tree bid")
    args = parser.parse_args(argv)
    players, tricks = parse_size(args.size)
    game = oh_hell_game(players, tricks)
    rules = oh_hell_rules(players)
    rng = np.random.default_rng([args.seed, players, tricks])
    check_rng = np.random.default_rng([args.seed, 7])
    model_rng = np.random.default_rng([args.seed, 8])
    from cardlab.bots.plump_search import PlumpSearchBot

    rows = []
    shares = []
    started = time.perf_counter()
    for d in range(args.deals):
        chance = deal_actions(rng, players, tricks, d % players)
        base = int(rng.integers(2**40))
        state = game.new_initial_state()
        for a in chance:
            state.apply_action(a)
        for order in range(players):
            seat = state.current_player()
            seeds = [(base + 1000 * k + seat) % (2**31) for k in range(3)]
            bids = [ismcts(s, args.sims).step(state) - 52 for s in seeds]
            rnd = round_from_state(state, rules)
            view = rnd.view(seat)
            legal = [a.tricks for a in view.legal_actions]
            chances = random_play_chances(view, args.worlds, base + seat)
            likeliest = max(legal, key=lambda b: (chances[b], -b))
            in_play = sum(1 << c.index for s in range(players) if s != seat for c in rnd.hands[s])
            chances_in = random_play_chances(view, args.worlds, base + seat, in_play)
            likeliest_in = max(legal, key=lambda b: (chances_in[b], -b))
            row = dict(deal=d + 1, order=order, likeliest_in=likeliest_in,
                       model_in=model_ismcts(chances_in, legal, args.sims, model_rng), seat=seat, hand=" ".join(str(c) for c in view.hand),
                       trump=str(view.trump_card), a=bids[0], b=bids[1], c=bids[2], likeliest=likeliest,
                       model=model_ismcts(chances, legal, args.sims, model_rng),
                       chances=np.round(chances, 3).tolist(),
                       p_a=float(chances[bids[0]]), p_top=float(chances[likeliest]))
            row["bot_likeliest"] = bot_action(PlumpSearchBot(rng=base + seat, scoring="trick-points",
                                                             bid_method="likeliest"), state, rules) - 52
            if not args.no_search:
                row["search"] = bot_action(PlumpSearchBot(rng=base + seat, scoring="trick-points"), state, rules) - 52
            if len(rows) < args.pyspiel_check:
                shares.append(resampled_in_play(state, 200, check_rng))
                ps = pyspiel_chances(game, state, args.pyspiel_worlds, check_rng)
                row["pyspiel_likeliest"] = max(legal, key=lambda b: (ps[b], -b))
                row["pyspiel_gap"] = float(np.abs(ps - chances).max())
                pr = pyspiel_chances(game, state, args.pyspiel_worlds, check_rng, resample=True)
                row["resample_likeliest"] = max(legal, key=lambda b: (pr[b], -b))
                row["resample_gap"] = float(np.abs(pr - chances_in).max())
            rows.append(row)
            state.apply_action(52 + bids[0])
        print(f"  deal {d + 1}/{args.deals} ({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)

    def agree(x, y, subset=rows):
        return rate([r[x] == r[y] for r in subset if x in r and y in r])

    print(f"{len(rows)} bidding positions at {players}×{tricks}, seed {args.seed}, ISMCTS-{args.sims}, "
          f"{args.worlds} random-play deals per position\n")
    print("| pair | agreement (± SE) |\n| --- | ---: |")
    pairs = [("a", "b", "ISMCTS seed A vs seed B"), ("a", "c", "ISMCTS seed A vs seed C"),
             ("b", "c", "ISMCTS seed B vs seed C"),
             ("a", "likeliest", "ISMCTS A vs likeliest under random play"),
             ("b", "likeliest", "ISMCTS B vs likeliest under random play"),
             ("c", "likeliest", "ISMCTS C vs likeliest under random play"),
             ("a", "model", "ISMCTS A vs the model of its root (random-play returns)"),
             ("likeliest", "model", "likeliest vs the model of ISMCTS's root"),
             ("likeliest", "bot_likeliest", "likeliest vs PlumpSearchBot(bid_method='likeliest')"),
             ("a", "search", "ISMCTS A vs PlumpSearchBot (tree)"),
             ("likeliest", "search", "likeliest vs PlumpSearchBot (tree)"),
             ("likeliest", "pyspiel_likeliest", "likeliest: kernels vs OpenSpiel's game"),
             ("a", "likeliest_in", "ISMCTS A vs likeliest with the cards in play known"),
             ("b", "likeliest_in", "ISMCTS B vs likeliest with the cards in play known"),
             ("c", "likeliest_in", "ISMCTS C vs likeliest with the cards in play known"),
             ("a", "model_in", "ISMCTS A vs the model of its root, cards in play known"),
             ("likeliest_in", "resample_likeliest", "likeliest in play: kernels vs OpenSpiel's resampler")]
    for x, y, name in pairs:
        print(f"| {name} | {agree(x, y)} |")
    majority = [r for r in rows if r["a"] == r["b"] == r["c"]]
    print(f"| likeliest vs ISMCTS where its three seeds agree ({len(majority)}) | {agree('a', 'likeliest', majority)} |")
    print(f"| likeliest in play vs ISMCTS where its three seeds agree ({len(majority)}) | "
          f"{agree('a', 'likeliest_in', majority)} |")
    if shares:
        print(f"\nOpenSpiel's resampler: {np.mean(shares):.3f} of the cards it deals the other hands are cards they "
              f"really hold (min {np.min(shares):.3f}, {len(shares)} positions × 200 deals; dealing every unseen card "
              f"would give {(players - 1) * tricks / (52 - tricks - 1):.3f})")
    gaps = [r["pyspiel_gap"] for r in rows if "pyspiel_gap" in r]
    if gaps:
        print(f"\nlargest |kernel − OpenSpiel| chance per position: mean {np.mean(gaps):.3f}, max {np.max(gaps):.3f} "
              f"(sampling SE of one chance with {args.pyspiel_worlds} deals ≤ {0.5 / math.sqrt(args.pyspiel_worlds):.3f})")
        gaps = [r["resample_gap"] for r in rows if "resample_gap" in r]
        print(f"largest |kernel in play − OpenSpiel's resampler| chance per position: mean {np.mean(gaps):.3f}, "
              f"max {np.max(gaps):.3f}")
    off = [r for r in rows if r["a"] != r["likeliest"]]
    if off:
        shortfall = np.array([r["p_top"] - r["p_a"] for r in off])
        print(f"\nwhere ISMCTS A is not the likeliest ({len(off)}): the likeliest count's chance minus that of "
              f"ISMCTS's bid, mean {shortfall.mean():.3f}, median {np.median(shortfall):.3f}; "
              f"ISMCTS bid higher in {sum(r['a'] > r['likeliest'] for r in off)}, lower in "
              f"{sum(r['a'] < r['likeliest'] for r in off)}")
        for r in off[:12]:
            print(f"  deal {r['deal']} bidder {r['order'] + 1} ({r['hand']}, trump card {r['trump']}): ISMCTS "
                  f"{r['a']}/{r['b']}/{r['c']}, likeliest {r['likeliest']} (cards in play known: {r['likeliest_in']}), "
                  f"model {r['model']}, chances {r['chances']}")
    print(f"\n{' '.join(['python', 'benchmarks/bid_agreement.py', *(argv if argv is not None else sys.argv[1:])])}"
          f"  — {time.perf_counter() - started:.0f} s wall")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
