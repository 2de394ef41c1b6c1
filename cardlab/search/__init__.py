"""The search bots' minds: compiled play-outs from a position and the ISMCTS tree.

Below :mod:`cardlab.bots` (whose search bots turn a view into a position and call these) and above
:mod:`cardlab.kernels`, whose round loops and policy twins the play-outs run:

* :mod:`~cardlab.search.plump_rollout` (imagined deals, bids and play-outs for Plump) and
  :mod:`~cardlab.search.plump_ismcts` (single-observer ISMCTS on top of them);
* :mod:`~cardlab.search.femkamp_rollout` (the trick rounds and the kabal played out);
* :mod:`~cardlab.search.rummy_rollout` (a Rummy round played out from a turn).

Nothing here knows cards as objects or imports the bots; imports go one way, bots → search → kernels.

>>> from cardlab.search.plump_rollout import sample_world
>>> callable(sample_world)
True
"""
