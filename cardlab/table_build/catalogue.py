"""Every table ``cardlab data build`` makes, in one list (:data:`TABLES`): name, game, description, recipe.

The order is the manifest's.  A table's recipe lives in :mod:`cardlab.table_build.recipes`, one
module per table; the description here is the one the manifest carries.

>>> [t.name for t in TABLES]  # doctest: +NORMALIZE_WHITESPACE
['plump_zero_bids', 'plump_search_zero_bids', 'plump_hook', 'plump_bid_weights', 'plump_one_card_exact',
 'plump_exact_small', 'femkamp_summary', 'femkamp_games', 'rummy_summary', 'rummy_rounds']
>>> [t.name for t in TABLES if t.explicit]
['plump_bid_weights']
"""

from __future__ import annotations

from .recipes.femkamp_games import femkamp_configs, replay_femkamp_game, run_femkamp
from .recipes.femkamp_summary import femkamp_summary_configs, run_femkamp_summary
from .recipes.plump_bid_weights import bid_weight_configs, run_bid_weights
from .recipes.plump_exact_small import exact_small_configs, run_exact_small
from .recipes.plump_hook import HOOK_OFF, hook_configs, run_hook
from .recipes.plump_one_card_exact import exact_configs, run_exact
from .recipes.plump_search_zero_bids import SEARCH_ROLLOUTS, SEARCH_ROUNDS, run_search_zero_bids, search_zero_bid_configs
from .recipes.plump_zero_bids import run_zero_bids, zero_bid_configs
from .recipes.rummy_rounds import RUMMY_MAX_RESHUFFLES, replay_rummy_round, rummy_configs, run_rummy
from .recipes.rummy_summary import rummy_summary_configs, run_rummy_summary
from .spec import TableSpec

#: the friendly bot's bidding table, compiled into every kernel that bids like it (and into the search's play-outs)
BID_WEIGHTS_FILES = ("data/plump_bid_weights.csv",)

TABLES = [
    TableSpec("plump_zero_bids", "plump",
              "Single Plump rounds (hook on, standard scoring) for players 2-7 x every hand size x trump "
              "(turned-up, none, fixed spades) x policy (random, heuristic = the friendly bot); one row per seat "
              "counted from the leader (0 = left of the dealer, players-1 = the dealer). p_zero: no trick taken; "
              "p_bid0_made: a zero bid made (of bid0_rounds zero bids); p_made: any bid made; *_low/*_high: Wilson "
              "95% intervals.", "round", zero_bid_configs, run_zero_bids, ("players", "cards", "trump", "policy"),
              data=BID_WEIGHTS_FILES),
    TableSpec("plump_search_zero_bids", "plump",
              "Zero bids when every seat is PlumpSearchBot at its default strength (a strong player: information-set "
              f"MCTS with {SEARCH_ROLLOUTS} iterations per decision, each seat its own seed), played by the engine: 4 "
              f"players x 1-7 cards, trump turned up, hook on, {SEARCH_ROUNDS:,} rounds per setting; the columns of "
              "plump_zero_bids (Wilson 95% intervals) plus rollouts. The search bot changes as it is improved: "
              "rebuild with the command below.", "round", search_zero_bid_configs, run_search_zero_bids,
              ("players", "cards", "trump", "policy"), data=BID_WEIGHTS_FILES),
    TableSpec("plump_hook", "plump",
              "The same deals played by heuristic bots with the hook (kroken) on and off, players 3-7 x every hand "
              "size x trump (turned-up, none). p_forced: share of rounds in which the hook moved the dealer off the "
              "bid they would have made (Wilson 95%); plumps_per_round: players who missed their bid per round; "
              "score_<variant>: mean round score by seat for standard, trick-points and penalty scoring; "
              "diff_<variant>: the paired difference hook on - hook off of a seat's round score on the same deals "
              "(95% normal intervals); diff_plumps: the paired difference in plumps per round; p_seat_changed: the "
              "seat's bid or tricks changed.",
              "round", hook_configs, run_hook, ("players", "cards", "trump", "policy"), data=BID_WEIGHTS_FILES,
              rule_variants=(HOOK_OFF,)),
    TableSpec("plump_bid_weights", "plump",
              "The friendly bot's (PlumpBot, policy heuristic) bidding table: for players 2-7 x every hand size x "
              "trump (turned-up, none) x seat from the dealer's left (and seat 'any', all seats pooled), the "
              "expected tricks each kind of card brings, in hundredths of a trick (w_<feature>; see "
              "cardlab.kernels.plump_bid_table), fitted by least squares on rounds the bot played at every seat, in "
              "passes that bid with the previous pass's fit. hands: hands behind the row; mean_tricks: their mean "
              "tricks. Built only when named (--only plump_bid_weights): the other heuristic tables are measured "
              "with it.", "round", bid_weight_configs, run_bid_weights, ("players", "cards", "trump"), explicit=True),
    TableSpec("plump_one_card_exact", "plump",
              "Exact chance (a fraction) that each seat takes no trick in a one-card Plump round, players 2-7 x "
              "trump (turned-up, none, fixed spades); from cardlab.sim.exact, no simulation.",
              "exact", exact_configs, run_exact, ("players", "trump")),
    TableSpec("plump_exact_small", "plump",
              "Exact odds of two- and three-card Plump rounds, hook on, trump (turned-up, none), one row per seat "
              "from the leader. policy random (every bid and card uniform among the legal ones), 3 and 4 players x 2 "
              "and 3 cards: p_zero (no trick = a random zero bid made), p_made (the random bid made); from "
              "cardlab.sim.exact_tricks. policy simple (SimpleBot at every seat: the lowest legal card, bid = aces + "
              "trump K and Q): p_zero, p_made (its bid made); from cardlab.sim.exact_simple, the settings it reaches. "
              "Both: mean_tricks, p_tricks_<t>, and the fractions as text; no simulation.",
              "exact", exact_small_configs, run_exact_small, ("players", "cards", "trump", "policy"),
              data=("data/plump_exact_simple_counts.json",)),
    TableSpec("femkamp_summary", "femkamp",
              "Whole Femkamp games (compiled kernel), 3, 4 and 5 players x policy (random, heuristic), 20,000 games "
              "each; one row per round (pass, clubs, queens, grand, kabal, total) x seat from the first leader: "
              "mean_score with a 95% interval clipped to the possible scores; p_win (lowest total; ties count for "
              "every tied seat) on the total rows; sd_score: standard deviation of a player's score; p_decides: share of games whose winners change when that round "
              "is left out (Wilson 95%).", "game", femkamp_summary_configs, run_femkamp_summary, ("players", "policy")),
    TableSpec("femkamp_games", "femkamp",
              "A replay sample: the first 200 games of every femkamp_summary setting, one row per game x seat: the "
              "score of each round (pass, clubs, queens, grand, kabal = prikks + cards_left), total, won. seed "
              "replays the game with the kernel: cardlab.data_build.femkamp_kernel_games(rules, [seed], policy).",
              "game", femkamp_configs, run_femkamp, ("players", "policy"), replay=replay_femkamp_game),
    TableSpec("rummy_summary", "rummy",
              f"Single Rummy rounds (compiled kernel; at most {RUMMY_MAX_RESHUFFLES} reshuffles, then an empty "
              "stock ends the round with no winner), 2-6 players x policy (random, heuristic), 20,000 rounds each; "
              "one row per seat from the leader (0 starts): p_out (Wilson 95%), mean_penalty and loser_penalty "
              "(95%, clipped at 0); per setting p_no_winner (Wilson 95%) and mean_turns (95%).",
              "round", rummy_summary_configs, run_rummy_summary, ("players", "policy")),
    TableSpec("rummy_rounds", "rummy",
              "A replay sample: the first 200 rounds of every rummy_summary setting, one row per round x seat: "
              "went_out, penalty, cards_left, turns, reshuffles; seat_from_leader 0 starts. seed replays the round "
              "move by move: cardlab.sim.rummy.replay_rummy_round(rules, seed, policy, dealer=dealer, engine='kernel').",
              "round", rummy_configs, run_rummy, ("players", "policy"), replay=replay_rummy_round),
]
TABLES_BY_NAME = {t.name: t for t in TABLES}
