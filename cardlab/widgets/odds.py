"""``OddsExplorer``: how often does a zero bid (nolla) work in Plump?  Sliders in, a chart out.

Choose the number of players, the hand size, the trump mode, how the players
play (at random or like the friendly :class:`cardlab.bots.plump.PlumpBot`) and
the seat you care about.  The explorer draws an :class:`cardlab.session.odds.OddsSession`,
which simulates that many seeded rounds with the compiled kernel (about a tenth
of a second for 30,000 rounds once the kernel is compiled; the numbers are made
by :mod:`cardlab.sim.odds`), per seat counted from the leader (0 = the player
who leads the first trick):

* the chance to take **no trick** in a round, over every round whatever the bid (a zero bid made
  at random works this often; one made on purpose, like the bot's, more often: the headline says
  how often the seat's actual zero bids worked), with its Wilson 95 % interval;
* the **expected number of tricks**, with a 95 % interval.

For one-card rounds the exact values (:mod:`cardlab.sim.exact`) stand beside
the estimates.  The chart is drawn as inline SVG by ``vl-convert`` (see
:mod:`cardlab.charts`), so it needs no internet.  ``explorer.table`` holds the
numbers shown.  This module only draws: each control forwards its change to the
session (:meth:`cardlab.session.odds.OddsSession.choose`) and the view redraws from it.

>>> explorer = OddsExplorer(players=3, hand_size=1, rounds=2000, rng=1, lang="en")
>>> list(explorer.table["seat_from_leader"])
[0, 1, 2]
>>> bool(explorer.table["p_zero_exact"].notna().all())
True
>>> "<svg" in explorer.chart_html.value and "https://" not in explorer.chart_html.value
True
"""

from __future__ import annotations

import html
import json
import threading
from functools import lru_cache
from typing import Any

import ipywidgets as W
import pandas as pd

from ..errors import CardlabError
from ..i18n import LANGUAGE_NAMES, LANGUAGES, check_language, tr
from ..session.odds import DEFAULT_ROUNDS, PLAYERS, POLICIES, TRUMP_MODES, OddsSession, warm_exact_values
from .base import with_classes

_CSS = """
<style>
.cardlab-odds { background: #fffdf5; border: 6px solid #6d4c41; border-radius: 18px; padding: 10px 14px; max-width: 980px; }
.cardlab-odds .widget-label { font-weight: bold; }
</style>
"""


@lru_cache(maxsize=8)
def _chart_template(lang: str) -> str:
    """The chart's vega-lite spec for ``lang`` with named, empty data sets (built once by altair: slow)."""
    import altair as alt

    simulated, exact = tr("odds.kind.simulated", lang), tr("odds.kind.exact", lang)
    x = alt.X("seat:O", title=tr("odds.axis.seat", lang), axis=alt.Axis(labelAngle=0))
    offset = alt.XOffset("kind:N", scale=alt.Scale(domain=[simulated, exact]))
    colour = alt.Color("kind:N", title=tr("odds.kind_title", lang),
                       scale=alt.Scale(domain=[simulated, exact], range=["#1565c0", "#c62828"]))

    def panel(name: str, y_title: str, title: str, zero_one: bool):
        scale = alt.Scale(domain=[0, 1]) if zero_one else alt.Scale(zero=True)
        y = alt.Y("value:Q", title=y_title, scale=scale)
        data = alt.Data(name=name)
        bars = alt.Chart(data).mark_errorbar(ticks=True).encode(x=x, y=alt.Y("low:Q", title=y_title, scale=scale),
                                                                 y2="high:Q", color=colour, xOffset=offset)
        points = alt.Chart(data).mark_point(filled=True, size=70).encode(x=x, y=y, color=colour, xOffset=offset)
        ring = alt.Chart(alt.Data(name=f"{name}_yours")).mark_point(size=420, strokeWidth=3, color="#f9a825").encode(
            x=x, y=y, xOffset=offset, shape=alt.Shape("mark:N", title=""))
        return alt.layer(bars, points, ring).properties(title=title, width=330, height=240)

    chart = alt.hconcat(
        panel("p_zero", tr("odds.axis.p_zero", lang), tr("odds.chart.p_zero", lang), True),
        panel("tricks", tr("odds.axis.tricks", lang), tr("odds.chart.tricks", lang), False),
    ).resolve_scale(y="independent")
    return json.dumps(chart.to_dict(validate=False))


def odds_chart_spec(table: pd.DataFrame, seat: int, lang: str) -> dict:
    """The vega-lite spec of the explorer's chart for a table of :func:`cardlab.sim.odds.odds_table`: two panels (zero-trick
    chance, expected tricks) per seat from the leader, simulated with 95 % intervals and exact where
    known; ``seat`` is ringed.  Plain data, no internet: draw it with :func:`chart_svg`.

    >>> spec = odds_chart_spec(OddsSession(players=3, hand_size=1, trump="none", rounds=500).table, 0, "en")
    >>> sorted(spec["datasets"]), len(spec["datasets"]["p_zero"])
    (['p_zero', 'p_zero_yours', 'tricks', 'tricks_yours'], 6)
    """
    lang = check_language(lang)
    spec = json.loads(_chart_template(lang))
    simulated, exact, yours = tr("odds.kind.simulated", lang), tr("odds.kind.exact", lang), tr("odds.kind.yours", lang)
    datasets: dict[str, list[dict]] = {}
    for name, value, low, high, exact_col in (("p_zero", "p_zero", "ci_low", "ci_high", "p_zero_exact"),
                                              ("tricks", "mean_tricks", "tricks_low", "tricks_high", "mean_tricks_exact")):
        rows = [{"seat": int(r["seat_from_leader"]), "value": float(r[value]), "low": float(r[low]),
                 "high": float(r[high]), "kind": simulated} for _, r in table.iterrows()]
        rows += [{"seat": int(r["seat_from_leader"]), "value": float(r[exact_col]), "low": float(r[exact_col]),
                  "high": float(r[exact_col]), "kind": exact} for _, r in table.iterrows() if not pd.isna(r[exact_col])]
        datasets[name] = rows
        datasets[f"{name}_yours"] = [dict(row, mark=yours) for row in rows if row["seat"] == seat and row["kind"] == simulated]
    spec["datasets"] = datasets
    return spec


def chart_svg(chart: Any) -> str:
    """An altair chart or a vega-lite spec as an inline SVG string, drawn offline by vl-convert."""
    import vl_convert as vlc

    spec = chart if isinstance(chart, dict) else chart.to_dict(validate=False)
    return vlc.vegalite_to_svg(spec)


@lru_cache(maxsize=8)
def _vega_template(lang: str) -> str:
    """The chart for ``lang`` compiled once from vega-lite to vega, with empty named data sets."""
    import vl_convert as vlc

    spec = json.loads(_chart_template(lang))
    spec["datasets"] = {name: [] for name in ("p_zero", "p_zero_yours", "tricks", "tricks_yours")}
    return json.dumps(vlc.vegalite_to_vega(spec))


def odds_chart_svg(table: pd.DataFrame, seat: int, lang: str) -> str:
    """The explorer's chart as inline SVG: the same picture as ``chart_svg(odds_chart_spec(...))``, drawn
    about twice as fast, because the vega-lite → vega step is done once per language, not per redraw.

    >>> svg = odds_chart_svg(OddsSession(players=3, hand_size=1, trump="none", rounds=500).table, 0, "en")
    >>> svg.startswith("<svg") and "exact" in svg
    True
    """
    import vl_convert as vlc

    lang = check_language(lang)
    datasets = odds_chart_spec(table, seat, lang)["datasets"]
    vega = json.loads(_vega_template(lang))
    for entry in vega["data"]:
        if entry.get("name") in datasets:
            entry["values"] = datasets[entry["name"]]
    return vlc.vega_to_svg(vega)


def _prepare(languages) -> None:
    """Work done ahead in a background thread while the first chart is looked at: the chart of each
    other language, and the exact one-card values (the slow ones, for many players, first)."""
    try:
        for lang in languages:
            _vega_template(lang)
        warm_exact_values()
    except Exception:  # pragma: no cover - the same calls in update() and redraw() report it
        return


class OddsExplorer:
    """Sliders for players, hand size, trump mode, policy and seat; a live chart and its ``table``.

    Every change re-simulates ``rounds`` seeded rounds (the same ``rng`` every
    time, so moving a slider back shows the same numbers) and redraws.  Tables
    are kept per setting by the session (shared by every explorer in the process
    when ``rng`` is a whole number) and charts per setting, seat and language, so
    going back to a view is instant; a new view costs one simulation and one chart
    (``benchmarks/odds_explorer.py`` measures it: the goal is ≤ 0.5 s at the
    95th percentile).  The first view compiles or loads the kernels.  A bad
    option raises a :class:`cardlab.errors.RulesError` naming it.
    """

    def __init__(self, *, players: int = 4, hand_size: int = 5, trump: str = "turned-up", policy: str = "random",
                 seat: int = 0, rounds: int = DEFAULT_ROUNDS, rng: Any = 1, lang: str = "sv") -> None:
        #: what the explorer shows, with no user interface (the view only draws it)
        self.session = OddsSession(players=players, hand_size=hand_size, trump=trump, policy=policy, seat=seat,
                                   rounds=rounds, rng=rng, lang=lang)
        odds = self.session
        self._svgs: dict[tuple, str] = {}
        self._busy = False
        self.players_slider = with_classes(W.IntSlider(value=odds.players, min=PLAYERS[0], max=PLAYERS[1],
                                                       continuous_update=False), "cardlab-odds-players")
        self.hand_slider = with_classes(W.IntSlider(value=odds.hand_size, min=1, max=odds.hand_limit,
                                                    continuous_update=False), "cardlab-odds-hand")
        self.trump_toggle = with_classes(W.ToggleButtons(options=[(m, m) for m in TRUMP_MODES], value=odds.trump),
                                         "cardlab-odds-trump")
        self.policy_toggle = with_classes(W.ToggleButtons(options=[(p, p) for p in POLICIES], value=odds.policy),
                                          "cardlab-odds-policy")
        self.seat_slider = with_classes(W.IntSlider(value=odds.seat, min=0, max=odds.last_seat, continuous_update=False),
                                        "cardlab-odds-seat")
        self.language_dropdown = with_classes(W.Dropdown(options=[(LANGUAGE_NAMES[c], c) for c in LANGUAGES], value=odds.lang,
                                                         layout=W.Layout(width="210px")), "cardlab-language")
        self.title_html = with_classes(W.HTML(), "cardlab-odds-title")
        self.headline_html = with_classes(W.HTML(), "cardlab-odds-headline")
        self.chart_html = with_classes(W.HTML(), "cardlab-odds-chart")
        for field, control in (("players", self.players_slider), ("hand_size", self.hand_slider),
                               ("trump", self.trump_toggle), ("policy", self.policy_toggle), ("seat", self.seat_slider)):
            control.observe(lambda change, field=field: self._choose(field, change["new"]), names="value")
        self.language_dropdown.observe(self._on_language, names="value")
        controls = W.VBox([self.players_slider, self.hand_slider, self.trump_toggle, self.policy_toggle, self.seat_slider])
        self._root = with_classes(W.VBox([W.HTML(_CSS, layout=W.Layout(height="0px", overflow="hidden")),
                                          W.HBox([self.title_html, self.language_dropdown],
                                                 layout=W.Layout(justify_content="space-between", align_items="center")),
                                          controls, self.headline_html, self.chart_html]), "cardlab-odds")
        self.update()
        # prepare the other languages' charts and the exact values while the first chart is looked at
        #: the background thread doing that (``explorer.preparing.join()`` waits for it)
        self.preparing = threading.Thread(target=_prepare, args=([c for c in LANGUAGES if c != odds.lang],),
                                          daemon=True)
        self.preparing.start()

    @property
    def widget(self) -> W.VBox:
        return self._root

    @property
    def table(self) -> pd.DataFrame:
        """The numbers shown (the session's table for the chosen setting)."""
        return self.session.table

    @property
    def lang(self) -> str:
        return self.session.lang

    def _repr_mimebundle_(self, **kwargs):
        """The explorer widget; its plain-text stand-in (what a page shows before the widget is drawn)
        is a "wait a moment" sentence, not ``VBox(children=…)``."""
        bundle = self._root._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/plain"] = tr("odds.before_run", self.lang)
        return bundle

    def _choose(self, field: str, value: Any) -> None:
        """A control moved: tell the session, then show what it holds now (a refusal: the reason, and the
        control back where it was)."""
        if self._busy:
            return
        try:
            self.session.choose(**{field: value})
        except CardlabError as error:  # the session changed nothing: put the control back and say why
            self.update()
            refusal = f'<div style="font:15px sans-serif;margin:2px 0;color:#b71c1c">{html.escape(error.message(self.lang))}</div>'
            self.headline_html.value = refusal + self.headline_html.value
            return
        self.update()

    def _on_language(self, change: dict) -> None:
        self.session.set_language(change["new"])
        self.redraw()

    def set_language(self, lang: str) -> None:
        """Switch every word of the explorer (labels, chart titles) to ``lang``."""
        self.language_dropdown.value = check_language(lang)

    def update(self) -> None:
        """Fit the controls to the session (the cards each and the seat it lowered), then redraw."""
        odds = self.session
        self._busy = True
        try:
            for control, value in ((self.players_slider, odds.players), (self.trump_toggle, odds.trump),
                                   (self.policy_toggle, odds.policy)):
                control.value = value
            for slider, value, top in ((self.hand_slider, odds.hand_size, odds.hand_limit),
                                       (self.seat_slider, odds.seat, odds.last_seat)):
                slider.max = max(top, slider.value)
                slider.value = value
                slider.max = top
        finally:
            self._busy = False
        self.redraw()

    def redraw(self) -> None:
        """Relabel the controls and redraw the headline and chart from the session (no new simulation)."""
        odds = self.session
        lang = odds.lang
        self.language_dropdown.description = tr("widget.language", lang)
        self.players_slider.description = tr("odds.players", lang)
        self.hand_slider.description = tr("odds.hand_size", lang)
        self.trump_toggle.description = tr("odds.trump", lang)
        self.policy_toggle.description = tr("odds.policy", lang)
        self.seat_slider.description = tr("odds.seat", lang)
        self.seat_slider.description_allow_html = False
        self.seat_slider.tooltip = tr("odds.seat_tip", lang)
        for toggle, prefix in ((self.trump_toggle, "odds.trump"), (self.policy_toggle, "odds.policy")):
            value = toggle.value
            options = [(tr(f"{prefix}.{v}", lang), v) for _, v in toggle.options]
            if list(toggle.options) != options:
                self._busy = True
                try:
                    toggle.options = options
                    toggle.value = value
                finally:
                    self._busy = False
        for control in (self.players_slider, self.hand_slider, self.seat_slider):
            control.style.description_width = "120px"
        self.title_html.value = f'<h3 style="margin:4px 0;font-family:sans-serif">{html.escape(tr("odds.title", lang))}</h3>'
        self.headline_html.value = "".join(f'<div style="font:15px sans-serif;margin:2px 0">{html.escape(line)}</div>'
                                           for line in odds.headline(lang))
        view = (odds.setting, odds.rounds, odds.seat, lang)
        svg = self._svgs.get(view)
        if svg is None:
            svg = self._svgs[view] = odds_chart_svg(odds.table, odds.seat, lang)
        self.chart_html.value = f'<div class="cardlab-odds-svg" style="overflow-x:auto">{svg}</div>'
