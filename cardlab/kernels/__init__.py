"""Compiled game cores: each game's rounds stepped in numba, and the bots' policy twins that play in them.

Below the bots and above :mod:`cardlab.match`.  Everything here works on integers and bit masks
(a hand is a 52-bit mask, a card its index), calls the rule cores of :mod:`cardlab.rules`
(registered with numba by :mod:`cardlab.kernels.cores`) and imports nothing above it:

* :mod:`~cardlab.kernels.plump_kernel`, :mod:`~cardlab.kernels.femkamp_kernel`,
  :mod:`~cardlab.kernels.rummy_kernel`: deal and play whole rounds, one loop per round, run by
  the simulations of :mod:`cardlab.sim` and by the search's play-outs of :mod:`cardlab.search`;
* the policy twins: :mod:`~cardlab.kernels.plump_heuristic` (PlumpBot),
  :mod:`~cardlab.kernels.femkamp_heuristic` (FemkampBot), :mod:`~cardlab.kernels.rummy_melds`
  (RummyBot's melds and plans), :mod:`~cardlab.kernels.simple_core` (the lowest-card SimpleBot);
* the tools they share: :mod:`~cardlab.kernels.bits` (masks), :mod:`~cardlab.kernels.rng` (the
  counter-based random stream and its Python twin), :mod:`~cardlab.kernels._numba` (``njit`` with a
  cache that is never stale), :mod:`~cardlab.kernels.kernel_rules` (which rules a kernel models).

>>> from cardlab.kernels.bits import popcount
>>> popcount(0b1011)
3
"""
