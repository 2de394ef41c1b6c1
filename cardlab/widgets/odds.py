"""``OddsExplorer``: how often does a zero bid (nolla) work in Plump?  Sliders in, a chart out.

Choose the number of players, the hand size, the trump mode, how the players
play (at random or like the friendly :class:`cardlab.bots.plump.PlumpBot`) and
the seat you care about.  The explorer simulates that many seeded rounds with
the compiled kernel of :mod:`cardlab.sim` (about a tenth of a second for
30,000 rounds once the kernel is compiled) and draws, per seat counted from
the leader (0 = the player who leads the first trick):

* the chance to take **no trick** in a round, over every round whatever the bid (a zero bid made
  at random works this often; one made on purpose, like the bot's, more often: the headline says
  how often the seat's actual zero bids worked), with its Wilson 95 % interval;
* the **expected number of tricks**, with a 95 % interval.

For one-card rounds the exact values (:mod:`cardlab.sim.exact`) stand beside
the estimates.  The chart is drawn as inline SVG by ``vl-convert`` (see
:mod:`cardlab.charts`), so it needs no internet.  ``explorer.table`` holds the
numbers shown.

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
from fractions import Fraction
from functools import lru_cache
from typing import Any

import ipywidgets as W
import numpy as np
import pandas as pd

from ..i18n import LANGUAGE_NAMES, LANGUAGES, check_language, tr
from ..rules.plump import PlumpRules
from ..sim.exact import p_win_one_card
from ..sim.plump import PlumpCounts, summarize_plump
from ..sim.stats import mean_interval
from .base import with_classes

TRUMP_MODES = ("turned-up", "none", "fixed")
POLICIES = ("random", "heuristic")
#: Rounds simulated per change: enough for intervals about ±0.6 percentage points, quick enough to feel live.
DEFAULT_ROUNDS = 30_000

_CSS = """
<style>
.cardlab-odds { background: #fffdf5; border: 6px solid #6d4c41; border-radius: 18px; padding: 10px 14px; max-width: 980px; }
.cardlab-odds .widget-label { font-weight: bold; }
</style>
"""


def plump_rules_for(players: int, trump: str) -> PlumpRules:
    """The Plump rules the explorer simulates: classic rules with the chosen players and trump mode.

    >>> plump_rules_for(5, "fixed").trump_suit
    'S'
    """
    if trump not in TRUMP_MODES:
        raise ValueError(f"trump must be one of {', '.join(TRUMP_MODES)}, not {trump!r}")
    return PlumpRules(players=players, trump=trump, trump_suit="S" if trump == "fixed" else None)


def odds_table(players: int, hand_size: int, trump: str, policy: str, *, rounds: int = DEFAULT_ROUNDS,
               rng: Any = 1) -> pd.DataFrame:
    """Per seat from the leader: ``p_zero`` (no trick) with its Wilson interval, expected tricks with
    an interval, the zero-bid success when that seat bid 0, and the exact values for one card.

    >>> t = odds_table(4, 1, "none", "random", rounds=4000, rng=2)
    >>> str(t.loc[0, "p_zero_exact_fraction"])
    '6327/20825'
    >>> bool(abs(t.loc[0, "p_zero"] - t.loc[0, "p_zero_exact"]) < 0.05)
    True
    """
    rules = plump_rules_for(players, trump)
    summary = summarize_plump(rules, policy=policy, rounds=rounds, hand_size=hand_size, dealer=0, rng=rng,
                              progress=False)
    counts = PlumpCounts.from_dict(summary.attrs["counts"])
    ks = np.arange(hand_size + 1)
    n = np.full(players, counts.rounds)
    total = (counts.trick_hist * ks).sum(axis=1)
    total_sq = (counts.trick_hist * ks * ks).sum(axis=1)
    mean, low, high = mean_interval(total, total_sq, n)
    table = pd.DataFrame({
        "seat_from_leader": np.arange(players),
        "p_zero": summary["p_zero"].to_numpy(), "ci_low": summary["ci_low"].to_numpy(),
        "ci_high": summary["ci_high"].to_numpy(),
        "mean_tricks": mean, "tricks_low": low, "tricks_high": high,
        "p_bid0_made": summary["p_bid0_made"].to_numpy(), "bid0_rounds": counts.bid0,
        "rounds": n, "players": players, "cards": hand_size, "trump": trump, "policy": policy,
    })
    if hand_size == 1:
        zero, win = exact_one_card(players, trump)
        table["p_zero_exact"] = [float(x) for x in zero]
        table["p_zero_exact_fraction"] = [str(x) for x in zero]
        table["mean_tricks_exact"] = [float(x) for x in win]
    else:
        table["p_zero_exact"] = np.nan
        table["p_zero_exact_fraction"] = None
        table["mean_tricks_exact"] = np.nan
    table.attrs.update(summary.attrs)
    table.attrs.pop("counts", None)
    return table


@lru_cache(maxsize=32)
def exact_one_card(players: int, trump: str) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """Exact one-card chances per seat from the leader: (no trick, win the trick), computed once per process.

    With one card a seat takes no trick exactly when it does not win the one
    trick, so one enumeration gives both (seven players take about a second).

    >>> zero, win = exact_one_card(3, "none")
    >>> [z + w for z, w in zip(zero, win)] == [1, 1, 1]
    True
    """
    win = tuple(p_win_one_card(players, trump))
    return tuple(1 - w for w in win), win


def _percent(x: float, lang: str) -> str:
    text = f"{100 * x:.1f} %"
    return text if lang == "en" else text.replace(".", ",")


def _number(x: float, lang: str, digits: int = 2) -> str:
    text = f"{x:.{digits}f}"
    return text if lang == "en" else text.replace(".", ",")


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
    """The vega-lite spec of the explorer's chart for an :func:`odds_table`: two panels (zero-trick
    chance, expected tricks) per seat from the leader, simulated with 95 % intervals and exact where
    known; ``seat`` is ringed.  Plain data, no internet: draw it with :func:`chart_svg`.

    >>> spec = odds_chart_spec(odds_table(3, 1, "none", "random", rounds=500), 0, "en")
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

    >>> svg = odds_chart_svg(odds_table(3, 1, "none", "random", rounds=500), 0, "en")
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
        for players in range(7, 1, -1):
            for trump in TRUMP_MODES:
                exact_one_card(players, trump)
    except Exception:  # pragma: no cover - the same calls in update() and redraw() report it
        return


@lru_cache(maxsize=256)
def _shared_table(players: int, hand_size: int, trump: str, policy: str, rounds: int, rng: int) -> pd.DataFrame:
    """:func:`odds_table` for a whole-number seed, kept for every explorer in this process (read-only)."""
    return odds_table(players, hand_size, trump, policy, rounds=rounds, rng=rng)


class OddsExplorer:
    """Sliders for players, hand size, trump mode, policy and seat; a live chart and its ``table``.

    Every change re-simulates ``rounds`` seeded rounds (the same ``rng`` every
    time, so moving a slider back shows the same numbers) and redraws.  Tables
    are cached per setting (shared by every explorer in the process when ``rng``
    is a whole number) and charts per setting, seat and language, so going back
    to a view is instant; a new view costs one simulation and one chart
    (``benchmarks/odds_explorer.py`` measures it: the goal is ≤ 0.5 s at the
    95th percentile).  The first view compiles or loads the kernels.
    """

    def __init__(self, *, players: int = 4, hand_size: int = 5, trump: str = "turned-up", policy: str = "random",
                 seat: int = 0, rounds: int = DEFAULT_ROUNDS, rng: Any = 1, lang: str = "sv") -> None:
        self.lang = check_language(lang)
        if trump not in TRUMP_MODES:
            raise ValueError(f"trump must be one of {', '.join(TRUMP_MODES)}, not {trump!r}")
        if policy not in POLICIES:
            raise ValueError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}")
        self.rounds = int(rounds)
        self.rng = rng
        self._cache: dict[tuple, pd.DataFrame] = {}
        self._svgs: dict[tuple, str] = {}
        self._busy = False
        self.table: pd.DataFrame = pd.DataFrame()
        first = plump_rules_for(players, trump)
        self.players_slider = with_classes(W.IntSlider(value=players, min=2, max=7, continuous_update=False),
                                           "cardlab-odds-players")
        self.hand_slider = with_classes(W.IntSlider(value=hand_size, min=1, max=first.deck_limit, continuous_update=False),
                                        "cardlab-odds-hand")
        self.trump_toggle = with_classes(W.ToggleButtons(options=[(m, m) for m in TRUMP_MODES], value=trump), "cardlab-odds-trump")
        self.policy_toggle = with_classes(W.ToggleButtons(options=[(p, p) for p in POLICIES], value=policy), "cardlab-odds-policy")
        self.seat_slider = with_classes(W.IntSlider(value=seat, min=0, max=players - 1, continuous_update=False),
                                        "cardlab-odds-seat")
        self.language_dropdown = with_classes(W.Dropdown(options=[(LANGUAGE_NAMES[c], c) for c in LANGUAGES], value=self.lang,
                                                         layout=W.Layout(width="210px")), "cardlab-language")
        self.title_html = with_classes(W.HTML(), "cardlab-odds-title")
        self.headline_html = with_classes(W.HTML(), "cardlab-odds-headline")
        self.chart_html = with_classes(W.HTML(), "cardlab-odds-chart")
        for control in (self.players_slider, self.hand_slider, self.trump_toggle, self.policy_toggle):
            control.observe(lambda _: self.update(), names="value")
        self.seat_slider.observe(lambda _: self.redraw(), names="value")
        self.language_dropdown.observe(self._on_language, names="value")
        controls = W.VBox([self.players_slider, self.hand_slider, self.trump_toggle, self.policy_toggle, self.seat_slider])
        self._root = with_classes(W.VBox([W.HTML(_CSS, layout=W.Layout(height="0px", overflow="hidden")),
                                          W.HBox([self.title_html, self.language_dropdown],
                                                 layout=W.Layout(justify_content="space-between", align_items="center")),
                                          controls, self.headline_html, self.chart_html]), "cardlab-odds")
        self.update()
        # prepare the other languages' charts and the exact values while the first chart is looked at
        #: the background thread doing that (``explorer.preparing.join()`` waits for it)
        self.preparing = threading.Thread(target=_prepare, args=([c for c in LANGUAGES if c != self.lang],),
                                          daemon=True)
        self.preparing.start()

    @property
    def widget(self) -> W.VBox:
        return self._root

    def _repr_mimebundle_(self, **kwargs):
        """The explorer widget; its plain-text stand-in (what a page shows before the widget is drawn)
        is a "wait a moment" sentence, not ``VBox(children=…)``."""
        bundle = self._root._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/plain"] = tr("odds.before_run", self.lang)
        return bundle

    def _on_language(self, change: dict) -> None:
        self.lang = check_language(change["new"])
        self.redraw()

    def set_language(self, lang: str) -> None:
        """Switch every word of the explorer (labels, chart titles) to ``lang``."""
        self.language_dropdown.value = check_language(lang)

    def _settings(self) -> tuple:
        return (self.players_slider.value, self.hand_slider.value, self.trump_toggle.value, self.policy_toggle.value)

    def update(self) -> None:
        """Fit the sliders to the players and trump mode, simulate (or reuse) the table, redraw."""
        if self._busy:
            return
        self._busy = True
        try:
            players, _, trump, _ = self._settings()
            limit = plump_rules_for(players, trump).deck_limit
            if self.hand_slider.value > limit:
                self.hand_slider.value = limit
            self.hand_slider.max = limit
            if self.seat_slider.value > players - 1:
                self.seat_slider.value = players - 1
            self.seat_slider.max = players - 1
            key = self._settings()
            if key not in self._cache:
                if isinstance(self.rng, (int, np.integer)) and not isinstance(self.rng, bool):
                    self._cache[key] = _shared_table(*key, self.rounds, int(self.rng))
                else:
                    self._cache[key] = odds_table(*key, rounds=self.rounds, rng=self.rng)
            self.table = self._cache[key]
        finally:
            self._busy = False
        self.redraw()

    def redraw(self) -> None:
        """Relabel the controls and redraw the headline and chart from ``table`` (no new simulation)."""
        lang = self.lang
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
        table = self.table
        seat = min(self.seat_slider.value, len(table) - 1)
        row = table.iloc[seat]
        lines = [tr("odds.headline", lang, seat=seat, p=_percent(row.p_zero, lang), low=_percent(row.ci_low, lang),
                    high=_percent(row.ci_high, lang), tricks=_number(row.mean_tricks, lang),
                    rounds=f"{int(row.rounds):,}".replace(",", " "), policy=tr(f"odds.policy.{row.policy}", lang))]
        if not pd.isna(row.p_zero_exact):
            lines.append(tr("odds.exact_line", lang, p=f"{_percent(row.p_zero_exact, lang)} ({row.p_zero_exact_fraction})",
                            tricks=_number(row.mean_tricks_exact, lang, 3)))
        if row.bid0_rounds > 0 and row.policy == "heuristic":
            lines.append(tr("odds.bid0_line", lang, p=_percent(row.p_bid0_made, lang),
                            n=f"{int(row.bid0_rounds):,}".replace(",", " ")))
        self.headline_html.value = "".join(f'<div style="font:15px sans-serif;margin:2px 0">{html.escape(line)}</div>'
                                           for line in lines)
        first = table.iloc[0]
        view = (int(first.players), int(first.cards), first.trump, first.policy, int(first.rounds), seat, lang)
        svg = self._svgs.get(view)
        if svg is None:
            svg = self._svgs[view] = odds_chart_svg(table, seat, lang)
        self.chart_html.value = f'<div class="cardlab-odds-svg" style="overflow-x:auto">{svg}</div>'
