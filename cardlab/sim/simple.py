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

from ..cards import Rank


class SimpleBot:
    """The deterministic policy ``"simple"`` (same choices as the compiled kernel)."""

    name = "simple"

    def choose(self, view):
        if view.phase == "bid":
            return self._bid(view)
        options = view.legal_actions
        return min(options, key=lambda a: (int(a.card.rank), a.card.suit.index))

    def _bid(self, view):
        hand = view.hand
        bid = sum(1 for c in hand if c.rank == Rank.ACE)
        if view.trump is not None:
            bid += sum(1 for c in hand if c.suit == view.trump and c.rank in (Rank.KING, Rank.QUEEN))
        bid = min(bid, view.hand_size)
        legal = {a.tricks: a for a in view.legal_actions}
        if bid not in legal:
            bid = bid - 1 if bid > 0 else bid + 1
        return legal[bid]
