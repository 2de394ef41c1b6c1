"""The compiled twin of :class:`cardlab.bots.plump.PlumpBot` (policy ``"heuristic"``)."""

from __future__ import annotations


def ensure_heuristic() -> None:
    """Raise a clear error while the heuristic kernel is not available."""
    raise NotImplementedError("the heuristic Plump kernel is not available yet; use engine=\"reference\".")
