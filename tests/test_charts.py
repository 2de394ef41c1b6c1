"""Charts draw with no internet: the mimebundle holds an inline SVG (or inlined vega), never a CDN address."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd
import pytest

alt = pytest.importorskip("altair")
pytest.importorskip("vl_convert")

from cardlab import charts


def small_frame() -> pd.DataFrame:
    return pd.DataFrame({"bid": [0, 1, 2, 0, 1, 2], "rate": [0.5, 0.3, 0.2, 0.6, 0.35, 0.1],
                         "low": [0.4, 0.2, 0.1, 0.5, 0.25, 0.05], "high": [0.6, 0.4, 0.3, 0.7, 0.45, 0.2],
                         "players": ["3", "3", "3", "4", "4", "4"]})


def bundle_text(chart) -> str:
    bundle = chart._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    return data, " ".join(str(v) for v in data.values())


def test_svg_renderer_is_inline_and_offline():
    assert charts.use_offline_renderer() == "svg"
    data, text = bundle_text(charts.chart_with_intervals(small_frame(), "bid", "rate", "low", "high", color="players",
                                                         title="Nollbud"))
    assert "image/svg+xml" in data and "<svg" in data["image/svg+xml"]
    assert "cdn.jsdelivr" not in text and "https://" not in text and "<script" not in text
    # byte-stable: the same chart gives the same SVG
    assert bundle_text(charts.chart_with_intervals(small_frame(), "bid", "rate", "low", "high", color="players",
                                                   title="Nollbud"))[0] == data


def test_html_inline_renderer_has_no_cdn():
    try:
        assert charts.use_offline_renderer("html") == "html"
        data, text = bundle_text(charts.chart_with_intervals(small_frame(), "bid", "rate", "low", "high"))
        assert "text/html" in data
        assert "cdn.jsdelivr" not in text and "https://cdn" not in text
        assert "vegaEmbed" in text or "vega-embed" in text
    finally:
        charts.use_offline_renderer("svg")


def test_importing_cardlab_charts_sets_altair_offline_without_an_import_hook():
    # a fresh interpreter, as a notebook starts: import altair, then cardlab.charts
    code = ("import sys, altair as alt; hooks = list(sys.meta_path); import cardlab.charts; "
            "assert sys.meta_path == hooks; print(alt.renderers.active)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "svg"


def test_tables_do_not_load_altair():
    code = "import sys, cardlab.widgets; cardlab.widgets.PlumpTable; assert 'altair' not in sys.modules; print('ok')"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok"


def test_chart_helper_names_missing_columns():
    with pytest.raises(ValueError, match="'lo'"):
        charts.chart_with_intervals(small_frame(), "bid", "rate", "lo", "high")
    with pytest.raises(ValueError, match="kind"):
        charts.use_offline_renderer("png")
