"""Charts that work with no internet: altair rendered to inline SVG, plus a generic interval chart.

Altair's default renderer loads its JavaScript from a CDN, so in a classroom
without internet a chart shows only "Error loading script".  :func:`use_offline_charts`
switches altair to the ``"svg"`` renderer (drawn in Python by
``vl-convert-python``: static, byte-stable, about 6 KB per chart), or with
``"html"`` to interactive charts with vega inlined in the page (~0.9 MB each).

There is no import hook and nothing happens behind your back: importing
``cardlab.charts`` (what every analysis notebook does before its first chart)
calls ``use_offline_charts()`` once, explicitly, here at the bottom of the
module; call it again to choose ``"html"``.  ``cardlab.widgets`` does not load
altair at all.  This module never imports ipywidgets.

>>> import pandas as pd
>>> df = pd.DataFrame({"bid": [0, 1], "rate": [0.5, 0.3], "low": [0.4, 0.2], "high": [0.6, 0.4]})
>>> chart = chart_with_intervals(df, "bid", "rate", "low", "high", title="Zero bids")
>>> bundle = chart._repr_mimebundle_()
>>> "image/svg+xml" in bundle and "cdn.jsdelivr" not in str(bundle)
True
"""

from __future__ import annotations

from typing import Any

RENDERERS = ("svg", "html")


def use_offline_renderer(kind: str = "svg") -> str:
    """Make altair draw charts with no internet: ``"svg"`` (static, default) or ``"html"`` (vega inlined).

    Returns the name of the renderer now active.  Safe to call many times.  Also known as
    :func:`use_offline_charts`.
    """
    if kind not in RENDERERS:
        raise ValueError(f"kind must be one of {', '.join(RENDERERS)}, not {kind!r}")
    import altair as alt

    if kind == "svg":
        alt.renderers.enable("svg")
    else:
        alt.renderers.enable("html", template="inline")
    return alt.renderers.active


def chart_with_intervals(df: Any, x: str, y: str, low: str, high: str, *, color: str | None = None,
                         title: str = "", y_title: str | None = None, x_title: str | None = None):
    """Points for ``y`` over ``x`` with error bars from ``low`` to ``high`` (e.g. Wilson 95 % intervals).

    ``color`` names a column that splits the data into coloured series.  Returns an altair chart
    that you can ``.properties(...)`` further.
    """
    import altair as alt

    missing = [c for c in (x, y, low, high, color) if c is not None and c not in df.columns]
    if missing:
        raise ValueError(f"the data has no column(s) {', '.join(map(repr, missing))}; it has {', '.join(map(str, df.columns))}")
    enc: dict[str, Any] = {"x": alt.X(x, title=x_title if x_title is not None else x)}
    if color is not None:
        enc["color"] = alt.Color(color)
    base = alt.Chart(df).encode(**enc)
    points = base.mark_point(filled=True, size=60).encode(y=alt.Y(y, title=y_title if y_title is not None else y),
                                                           tooltip=[x, y, low, high] + ([color] if color else []))
    bars = base.mark_errorbar(ticks=True).encode(y=alt.Y(low, title=y_title if y_title is not None else y), y2=alt.Y2(high))
    chart = alt.layer(bars, points)
    if title:
        chart = chart.properties(title=title)
    return chart


def share_bars(df: Any, share: str, label: str, *, title: str = "", x_title: str | None = None,
               y_title: str | None = None, tooltip: list[str] | None = None, color: str = "#1e88e5",
               sort: Any = None, width: int = 260):
    """Horizontal bars of a share (0 to 1, shown as %) per ``label``, e.g. the share of right answers per question.

    >>> import pandas as pd
    >>> chart = share_bars(pd.DataFrame({"q": ["#1", "#2"], "right": [0.5, 0.9]}), "right", "q", title="Right")
    >>> "image/svg+xml" in chart._repr_mimebundle_()
    True
    """
    import altair as alt

    missing = [c for c in (share, label, *(tooltip or [])) if c not in df.columns]
    if missing:
        raise ValueError(f"the data has no column(s) {', '.join(map(repr, missing))}; it has {', '.join(map(str, df.columns))}")
    chart = alt.Chart(df).mark_bar(color=color).encode(
        x=alt.X(f"{share}:Q", title=x_title if x_title is not None else share, scale=alt.Scale(domain=[0, 1]),
                axis=alt.Axis(format="%")),
        y=alt.Y(f"{label}:N", title=y_title if y_title is not None else label, sort=sort),
        tooltip=tooltip or [label, share])
    return chart.properties(title=title, width=width) if title else chart.properties(width=width)


def side_by_side(*charts: Any):
    """Charts next to each other (altair ``hconcat``), drawn offline like every cardlab chart."""
    import altair as alt

    return alt.hconcat(*charts)


use_offline_charts = use_offline_renderer

use_offline_charts()
