"""What the Plump recipes share: the trump modes of the grid, a setting's rules, the rounds per setting.

>>> rules = plump_rules_dict(4, "fixed-S")
>>> rules["players"], rules["trump"], rules["trump_suit"]
(4, 'fixed', 'S')
"""

from __future__ import annotations

#: the trump modes of the Plump grids, as rules options
TRUMP_MODES = {"turned-up": {"trump": "turned-up"}, "none": {"trump": "none"},
               "fixed-S": {"trump": "fixed", "trump_suit": "S"}}

#: rounds per setting of the simulated Plump tables (zero bids, the hook), at scale 1
PLUMP_ROUNDS = 200_000


def plump_rules_dict(players: int, trump: str, **extra) -> dict:
    """The rules of one Plump setting, as the options dict a configuration (and the manifest) keeps."""
    from ...rules.plump import PlumpRules

    return PlumpRules(players=players, **TRUMP_MODES[trump], **extra).to_dict()
