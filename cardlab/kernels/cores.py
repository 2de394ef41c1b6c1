"""The rule cores of :mod:`cardlab.rules` made callable from compiled kernels.

Each rule that both the engine and a kernel need is written once, as a plain Python
function in ``cardlab/rules/*_core.py``.  This module registers those very functions with
numba (``register_jitable``, inlined), so a kernel calls the same function object the
engine calls: a kernel imports its rules from here, and this import is what makes numba
able to compile them.  SimpleBot's policy (:mod:`cardlab.kernels.simple_core`), shared the same way
by the bot, the kernel and the exact counts, is registered here too.  Nothing is copied::

    >>> from cardlab.rules import plump_core
    >>> round_score is plump_core.round_score
    True
"""

from __future__ import annotations

from numba.extending import register_jitable

from ..rules import femkamp_core, plump_core, rummy_core, trick_core
from . import simple_core

_CORES = {
    trick_core: ("legal_follow", "beats", "empty_trick", "add_to_trick", "next_seat", "finish_trick", "trick_so_far"),
    simple_core: ("simple_honours", "simple_bid", "simple_card", "dodge_hook"),
    plump_core: ("hook_applies", "forbidden_bid", "round_score", "winners_mask", "needs_extra_round"),
    femkamp_core: ("points_per_unit", "clubs_all_taken_zero", "trick_round_score", "kabal_score", "winners_mask"),
    rummy_core: ("may_reshuffle", "round_penalty"),
}
for _module, _names in _CORES.items():
    for _name in _names:
        register_jitable(inline="always")(getattr(_module, _name))
# Called once per round, so a plain call costs nothing; inlining its loop into kernels that are
# themselves inlined several levels deep trips numba's internal IR check (NumbaIRAssumptionWarning
# at the first compile), so it is registered as an ordinary call.
register_jitable(plump_core.first_leader)
# The kabal layout's cores, inlined into the kabal loops (the two position maps are written without a
# branch: a conditional inlined there trips the same check; the loops index tables made from them).
for _name in ("ace_low_position", "rank_at_position", "kabal_ends", "kabal_fits", "kabal_place"):
    register_jitable(inline="always")(getattr(femkamp_core, _name))
# The voids a card shows (the Femkamp kernel's trick, several levels down).
register_jitable(trick_core.voids_shown)
# Rummy's lay-off and discard cores too (called in the meld phase, several levels down).
for _name in ("layoff_end", "run_after_layoff", "may_discard", "leaves_no_discard"):
    register_jitable(getattr(rummy_core, _name))
# (plump_ismcts.apply_move writes trick_core.next_seat out for the same reason: inlined there, its
# conditional trips that check; everywhere else it is inlined, in the random kernel's hot loop too.)
# The winner's position of a whole trick (the coach and PlumpBot call it from Python).
register_jitable(trick_core.winner_position)

legal_follow = trick_core.legal_follow
voids_shown = trick_core.voids_shown
beats = trick_core.beats
Trick = trick_core.Trick
empty_trick = trick_core.empty_trick
add_to_trick = trick_core.add_to_trick
next_seat = trick_core.next_seat
finish_trick = trick_core.finish_trick
trick_so_far = trick_core.trick_so_far
winner_position = trick_core.winner_position
simple_bid = simple_core.simple_bid
simple_card = simple_core.simple_card
dodge_hook = simple_core.dodge_hook
hook_applies = plump_core.hook_applies
forbidden_bid = plump_core.forbidden_bid
first_leader = plump_core.first_leader
round_score = plump_core.round_score
plump_winners_mask = plump_core.winners_mask
points_per_unit = femkamp_core.points_per_unit
trick_round_score = femkamp_core.trick_round_score
kabal_score = femkamp_core.kabal_score
ace_low_position = femkamp_core.ace_low_position
rank_at_position = femkamp_core.rank_at_position
kabal_ends = femkamp_core.kabal_ends
kabal_fits = femkamp_core.kabal_fits
kabal_place = femkamp_core.kabal_place
femkamp_winners_mask = femkamp_core.winners_mask
may_reshuffle = rummy_core.may_reshuffle
round_penalty = rummy_core.round_penalty
LAYOFF_NONE = rummy_core.LAYOFF_NONE
layoff_end = rummy_core.layoff_end
run_after_layoff = rummy_core.run_after_layoff
may_discard = rummy_core.may_discard
leaves_no_discard = rummy_core.leaves_no_discard

__all__ = ["legal_follow", "voids_shown", "beats", "Trick", "empty_trick", "add_to_trick", "next_seat", "finish_trick", "trick_so_far",
           "winner_position", "simple_bid", "simple_card", "dodge_hook", "hook_applies", "forbidden_bid", "round_score", "plump_winners_mask",
           "points_per_unit", "trick_round_score", "kabal_score", "femkamp_winners_mask", "ace_low_position",
           "rank_at_position", "kabal_ends", "kabal_fits", "kabal_place", "may_reshuffle", "round_penalty", "LAYOFF_NONE",
           "layoff_end", "run_after_layoff", "may_discard", "leaves_no_discard"]
