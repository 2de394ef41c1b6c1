"""``SimpleBot``: a tiny deterministic Plump policy, used to check the kernels against the engine.

Bid: the aces in hand plus the trump king and trump queen, at most the hand
size; a dealer whom the hook (kroken) forbids that bid takes one less (or one
more when the bid was 0).  Play: the legal card of lowest rank, clubs before
diamonds before hearts before spades on equal rank.

>>> from cardlab import PlumpRound, PlumpRules
>>> rnd = PlumpRound.from_hands(["AS KH 2C", "QC 3C 4D", "9S 8S AD"], dealer=2,
...                             rules=PlumpRules(players=3), trump_card="5H")
>>> bot = SimpleBot()
>>> bot.choose(rnd.view(0))
Bid(seat=0, tricks=2)
>>> _ = rnd.apply(bot.choose(rnd.view(0))), rnd.apply(bot.choose(rnd.view(1)))
>>> bot.choose(rnd.view(2))   # 1 would make the bids add up to 3: the hook
Bid(seat=2, tricks=0)
"""

from __future__ import annotations

from collections import Counter

from ..rules.trick_core import hand_mask
from ..kernels.simple_core import dodge_hook, simple_card, simple_honours


class SimpleBot:
    """The deterministic policy ``"simple"`` (same choices as the compiled kernel: the same functions,
    :mod:`cardlab.kernels.simple_core`)."""

    name = "simple"

    def choose(self, view):
        if view.phase == "bid":
            return self._bid(view)
        options = view.legal_actions
        card = simple_card(hand_mask(a.card.index for a in options))
        return next(a for a in options if a.card.index == card)

    def _bid(self, view):
        trump = -1 if view.trump is None else view.trump.index
        copies = Counter(c.index for c in view.hand)   # two packs: a twin ace counts twice
        honours = sum(simple_honours(hand_mask(i for i, n in copies.items() if n > k), trump) for k in range(2))
        bid = min(honours, view.hand_size)
        legal = {a.tricks: a for a in view.legal_actions}
        forbidden = next((b for b in range(view.hand_size + 1) if b not in legal), -1)
        return legal[dodge_hook(bid, forbidden)]
