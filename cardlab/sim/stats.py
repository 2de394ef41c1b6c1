"""Confidence intervals and the summary tables of simulations.

>>> low, high = wilson_interval(0, 10)
>>> float(low), round(float(high), 4)
(0.0, 0.2775)
>>> import numpy as np
>>> wilson_interval(np.array([5, 50]), np.array([10, 100]))[0].round(4).tolist()
[0.2366, 0.4038]
"""

from __future__ import annotations

import numpy as np
import pandas as pd

Z95 = 1.959963984540054


def wilson_interval(k, n, z: float = Z95):
    """Wilson score interval for ``k`` successes in ``n`` trials (vectorised; 95 % by default).

    Returns ``(low, high)`` arrays (NaN where ``n`` is 0).
    """
    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
        low = np.where(n > 0, np.clip(centre - half, 0.0, 1.0), np.nan)
        high = np.where(n > 0, np.clip(centre + half, 0.0, 1.0), np.nan)
    return low, high


def mean_interval(total, total_sq, n, z: float = Z95, bounds: "tuple[float, float] | None" = None):
    """Mean and normal-approximation 95 % interval from sums (vectorised).

    ``bounds=(low, high)`` clips the interval to the values the quantity can
    take (a penalty is never below 0, a share of seats never above 1).

    >>> mean, low, high = mean_interval(1.0, 1.0, 10, bounds=(0, None))   # one penalty point in ten rounds
    >>> round(float(mean), 2), float(low), round(float(high), 3)
    (0.1, 0.0, 0.296)
    """
    total = np.asarray(total, dtype=float)
    total_sq = np.asarray(total_sq, dtype=float)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = total / n
        var = np.maximum(total_sq / n - mean * mean, 0.0) * n / np.maximum(n - 1, 1)
        half = z * np.sqrt(var / n)
    low, high = mean - half, mean + half
    if bounds is not None:
        lo, hi = bounds
        if lo is not None:
            low = np.maximum(low, lo)
        if hi is not None:
            high = np.minimum(high, hi)
    return mean, low, high

