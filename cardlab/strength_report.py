"""The strength page's figures, written from the strength table: ``docs/strength.md`` holds no typed strength figure.

Every figure about how strong the Plump bots are comes from one source, ``cardlab/data/strength_arena.csv``,
which only ``benchmarks/arena_openspiel.py --table`` (a run) and ``benchmarks/arena_pool.py --table`` (the
pooled rows) write.  The page marks each place a figure goes with a pair of comments, and this module
writes what lies between them:

    <!-- strength_arena: pooled-table -->
    ...the table, written here...
    <!-- /strength_arena -->

``python -m cardlab.strength_report docs/strength.md`` rewrites the blocks after a new run;
``--check`` only says whether the page is what the table gives (a test runs it).  Outside the blocks
the page may explain, but not quote: :func:`typed_strength_figures` finds a difference with a sign
or a figure with "±" written anywhere else.

>>> text = "Before.\\n<!-- strength_arena: summary -->\\nold words\\n<!-- /strength_arena -->\\nAfter."
>>> render(text, {"summary": lambda table: "new words"}).splitlines()[2]
'new words'
>>> typed_strength_figures("The search leads by +0.37 ± 0.15 points per round.")
['+0.37', '± 0.15']
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Callable

import pandas as pd

from .claims import count, signed, strength, strength_text, z_family

#: the table sizes the page reports, in its order
SIZES = ((4, 5), (4, 10), (3, 7))
#: the tiers of a run, in the page's order
TIER_ORDER = ("search", "plumpbot", "ismcts-300", "random", "search-in-play")
#: the field every tier plays against
FIELD = "ismcts-1000"
#: PlumpBot's target: within this many points per round of ISMCTS-300
FRIENDLY_TARGET = 1.0
#: the two-sided 95 % z (one interval: no family to correct for)
Z95 = z_family(1)

BEGIN = re.compile(r"<!-- strength_arena: (?P<name>[a-z-]+) -->\n")
END = "<!-- /strength_arena -->"


def _table(table: pd.DataFrame | None) -> pd.DataFrame:
    from .data_files import load_table

    t = load_table("strength_arena") if table is None else table.copy()
    t["seed"] = t["seed"].astype(str)
    return t


def _size(players, cards, sep: str = " × ") -> str:
    return f"{int(players)}{sep}{int(cards)}"


def _runs(t: pd.DataFrame) -> pd.DataFrame:
    """The rows of single runs (not pooled), in the page's order: size, seed, tier."""
    runs = t[t.seed != "pooled"].copy()
    runs["_size"] = [SIZES.index((p, c)) if (p, c) in SIZES else len(SIZES) for p, c in zip(runs.players, runs.cards)]
    runs["_tier"] = [TIER_ORDER.index(x) if x in TIER_ORDER else len(TIER_ORDER) for x in runs.tier]
    return runs.sort_values(["_size", "players", "cards", "seed", "_tier"], kind="stable")


def _release(rows: pd.DataFrame) -> str:
    return "/".join(sorted({str(r) for r in rows.openspiel}))


def _range(values, digits: int = 1) -> str:
    low, high = min(values), max(values)
    return f"{low:.{digits}f}" if round(low, digits) == round(high, digits) else f"{low:.{digits}f}–{high:.{digits}f}"


# ------------------------------------------------------------------ the blocks
def summary(table: pd.DataFrame | None = None) -> str:
    """The page's first sentence: each bot's pooled figure at every size, with the release and date.

    >>> summary().startswith("In short (")
    True
    """
    t = _table(table)
    search = [strength("search", p, c, FIELD, t) for p, c in SIZES]
    friendly = [strength("plumpbot", p, c, "ismcts-300", t) for p, c in SIZES]
    release = "/".join(sorted({str(r["openspiel"]) for r in search + friendly}))
    dates = "/".join(sorted({str(r["date"]) for r in search + friendly}))
    each = lambda rows: ", ".join(f"{strength_text(r)} at {_size(r['players'], r['cards'])}" for r in rows)  # noqa: E731
    return (f"In short ({dates}, from `cardlab/data/strength_arena.csv`, pooled over the seeds; details below): "
            f"against OpenSpiel {release}'s ISMCTS-1000, whose imagined deals are fair, `PlumpSearchBot` with its "
            f"defaults scores {each(search)}; against ISMCTS-300, `PlumpBot` scores {each(friendly)}.")


def run_commands(table: pd.DataFrame | None = None) -> str:
    """The commands that wrote the runs' rows, each once, as an indented block."""
    runs = _table(table)
    runs = runs[runs.seed != "pooled"]
    return "\n".join(f"    {c}" for c in dict.fromkeys(runs.command))


def pooled_commands(table: pd.DataFrame | None = None) -> str:
    """The commands that wrote the pooled rows, each once, as an indented block."""
    t = _table(table)
    return "\n".join(f"    {c}" for c in dict.fromkeys(t[t.seed == "pooled"].command))


def runs_table(table: pd.DataFrame | None = None) -> str:
    """Every run's row: size, seed, tier, rounds, mean score, difference to the field with its SE, and the rest."""
    runs = _runs(_table(table))
    lines = ["| size | seed | tier | rounds | mean score | vs ISMCTS-1000 (± SE) | z | exact bids | zero bids failed "
             "| ms per decision | field's ms |",
             "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for _, r in runs.iterrows():
        zero = "–" if pd.isna(r.zero_bids_failed) else f"{100 * r.zero_bids_failed:.0f}%"
        lines.append(f"| {_size(r.players, r.cards, '×')} | {r.seed} | {r.tier} | {int(r.rounds)} | {r.mean_score:.2f} | "
                     f"{signed(r['diff'])} ± {r.se:.2f} | {signed(r.z, 1)} | {100 * r.exact_bids:.0f}% | {zero} | "
                     f"{r.ms_per_decision:.2f} | {r.field_ms:.2f} |")
    return "\n".join(lines)


def pooled_table(table: pd.DataFrame | None = None) -> str:
    """The pooled rows: the search against ISMCTS-1000 and PlumpBot against ISMCTS-300, per size."""
    t = _table(table)
    lines = ["| size | rounds | PlumpSearchBot − ISMCTS-1000 (± SE) | z | PlumpBot − ISMCTS-300 (± SE) |",
             "| --- | ---: | ---: | ---: | ---: |"]
    for p, c in SIZES:
        s, f = strength("search", p, c, FIELD, t), strength("plumpbot", p, c, "ismcts-300", t)
        lines.append(f"| {_size(p, c)} | {int(s.rounds)} | **{signed(s['diff'])} ± {s.se:.2f}** | {signed(s.z, 1)} | "
                     f"{signed(f['diff'])} ± {f.se:.2f} |")
    return "\n".join(lines)


def _lead_words(z: float) -> str:
    """What a difference of ``z`` standard errors shows, in words (two standard errors: a 95 % two-sided test)."""
    if z >= 2:
        return "ahead"
    if z <= -2:
        return "behind"
    return "level within the noise"


def _friendly_words(row) -> str:
    """Whether PlumpBot's pooled gap to ISMCTS-300 is shown inside :data:`FRIENDLY_TARGET`, outside it, or neither."""
    low, high = row["diff"] - Z95 * row.se, row["diff"] + Z95 * row.se
    interval = f"95 % interval {signed(low)} to {signed(high)}"
    if low > -FRIENDLY_TARGET:
        return f"within {FRIENDLY_TARGET:.1f} point per round of ISMCTS-300 ({interval}, above −{FRIENDLY_TARGET:.1f})"
    if high < -FRIENDLY_TARGET:
        return f"more than {FRIENDLY_TARGET:.1f} point per round behind ISMCTS-300 ({interval}, below −{FRIENDLY_TARGET:.1f})"
    return (f"not shown to be within {FRIENDLY_TARGET:.1f} point per round of ISMCTS-300, nor outside it "
            f"(−{FRIENDLY_TARGET:.1f} lies inside its {interval})")


def findings(table: pd.DataFrame | None = None) -> str:
    """What the pooled and per-seed rows show, size by size, in sentences written from the rows."""
    t = _table(table)
    runs = _runs(t)
    out = []
    for p, c in SIZES:
        s = strength("search", p, c, FIELD, t)
        seeds = runs[(runs.players == p) & (runs.cards == c) & (runs.tier == "search") & (runs.against == FIELD)]
        each = "; ".join(f"seed {r.seed} {signed(r['diff'])} ± {r.se:.2f} (z = {signed(r.z, 1)}, {_lead_words(r.z)})"
                         for _, r in seeds.iterrows())
        out.append(f"* **{_size(p, c)}**: `PlumpSearchBot` − ISMCTS-1000 is {strength_text(s)} "
                   f"(z = {signed(s.z, 1)}, {count(s.rounds)} rounds): {_lead_words(s.z)}; run by run: {each}.")
    for p, c in SIZES:
        f = strength("plumpbot", p, c, "ismcts-300", t)
        out.append(f"* **{_size(p, c)}**: `PlumpBot` − ISMCTS-300 is {strength_text(f)}, deal by deal on the same "
                   f"deals and field: {_friendly_words(f)}.")
    search_runs = runs[(runs.tier == "search") & (runs.against == FIELD)]
    friendly_runs = runs[(runs.tier == "plumpbot") & (runs.against == FIELD)]
    out.append(f"\nCPU time per decision in the same games: `PlumpSearchBot` {_range(search_runs.ms_per_decision)} ms, "
               f"its ISMCTS-1000 opponents {_range(search_runs.field_ms)} ms; `PlumpBot` "
               f"{_range(friendly_runs.ms_per_decision, 2)} ms in the arena, most of it rebuilding the round from "
               f"OpenSpiel's history (OpenSpiel {_release(runs)}, {_range_dates(runs)}).")
    return "\n".join(out)


def _range_dates(rows: pd.DataFrame) -> str:
    dates = sorted({str(d) for d in rows.date})
    return dates[0] if len(dates) == 1 else f"{dates[0]} to {dates[-1]}"


#: the blocks the page may hold, by name
BLOCKS: dict[str, Callable[[pd.DataFrame | None], str]] = {
    "summary": summary, "run-commands": run_commands, "runs-table": runs_table,
    "pooled-commands": pooled_commands, "pooled-table": pooled_table, "findings": findings}


# ------------------------------------------------------------------ the page
def blocks(text: str) -> list[tuple[str, int, int]]:
    """Each block of ``text``: (name, start of its content, end of its content); an unclosed block is an error."""
    out = []
    for m in BEGIN.finditer(text):
        end = text.find(END, m.end())
        if end < 0:
            raise ValueError(f"the block '{m.group('name')}' has no closing {END}")
        out.append((m.group("name"), m.end(), end))
    return out


def render(text: str, writers: dict | None = None, table: pd.DataFrame | None = None) -> str:
    """``text`` with every block's content written afresh from the table (an unknown block name is an error)."""
    writers = BLOCKS if writers is None else writers
    pieces, at = [], 0
    for name, start, end in blocks(text):
        if name not in writers:
            raise ValueError(f"the page names a block '{name}'; known blocks: {', '.join(writers)}")
        pieces += [text[at:start], writers[name](table).rstrip("\n") + "\n"]
        at = end
    return "".join(pieces) + text[at:]


def outside_blocks(text: str) -> str:
    """``text`` with every block's content left out (what was typed by hand)."""
    pieces, at = [], 0
    for _, start, end in blocks(text):
        pieces.append(text[at:start])
        at = end
    return "".join(pieces) + text[at:]


#: a strength figure: a difference with its sign (+0.37, −1.08) or a standard error (± 0.15)
STRENGTH_FIGURE = re.compile(r"(?<![\w.])[+−-]\d+\.\d+|±\s*\d+(?:\.\d+)?")


def typed_strength_figures(text: str) -> list[str]:
    """The strength figures in ``text`` (signed differences and ``±`` figures), in order."""
    return STRENGTH_FIGURE.findall(text)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Write the strength page's figures from the strength table.")
    parser.add_argument("page", type=Path, help="e.g. docs/strength.md")
    parser.add_argument("--check", action="store_true", help="only say whether the page is what the table gives")
    args = parser.parse_args(argv)
    text = args.page.read_text(encoding="utf-8")
    fresh = render(text)
    if args.check:
        if fresh != text:
            print(f"{args.page} differs from the strength table: run python -m cardlab.strength_report {args.page}")
            return 1
        print(f"{args.page} is what the strength table gives")
        return 0
    from .atomic import write_atomically

    write_atomically(args.page, fresh)
    print(f"wrote {len(blocks(fresh))} blocks of {args.page} from the strength table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
