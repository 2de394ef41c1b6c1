"""Module-level imports point down the layers, so the engine never needs the UI and nothing imports in a circle.

The layers, bottom to top (a module may import its own layer and any layer below):

    i18n, _rng → errors → cards, atomic (the bottom; i18n and atomic import nothing from cardlab)
                                       rules/*_core.py sit here too: integer rule cores that
                                       import nothing from cardlab, so tricks, games, kernels
                                       and sheets can all call them
    tricks
    rules, protocol, events
    games, exercises
    match
    bots
    sim, data_build, data_files, claims
    display, sheets, pdf, charts, session, coach, puzzles, notebook_tools, classroom, tables
    widgets, cli, __main__, classroom_server

Only imports that run when the module is imported count (a function may import
upwards lazily, e.g. ``Card._repr_html_`` → ``display``); ``if TYPE_CHECKING:``
blocks are left out.  The source is parsed with ``ast``: nothing is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cardlab"

LAYERS: list[tuple[str, ...]] = [
    ("i18n", "_rng", "errors", "cards", "atomic"),
    ("tricks",),
    ("rules", "protocol", "events"),
    ("games", "exercises"),
    ("match", "playthrough"),
    ("bots",),
    ("sim", "data_build", "data_files", "claims"),
    ("display", "sheets", "pdf", "charts", "session", "coach", "puzzles", "notebook_tools", "classroom", "tables"),
    ("widgets", "cli", "__main__", "classroom_server"),
]
#: inside the bottom layer: a module may import only those before it
BOTTOM_ORDER = ("i18n", "_rng", "errors", "cards")


def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _top_level(body):
    """The import statements that run at import time (module body, also inside if/try, not TYPE_CHECKING)."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else ""
            if name != "TYPE_CHECKING":
                yield from _top_level(node.body)
                yield from _top_level(node.orelse)
        elif isinstance(node, ast.Try):
            yield from _top_level(node.body)
            for handler in node.handlers:
                yield from _top_level(handler.body)
            yield from _top_level(node.orelse)
            yield from _top_level(node.finalbody)


def module_imports(path: Path, root: Path = PACKAGE) -> set[str]:
    """The cardlab modules that ``path`` imports at module level (absolute dotted names)."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _top_level(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "cardlab")
            continue
        if node.level:
            base = package.split(".")
            base = base[: len(base) - (node.level - 1)]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module or ""
        if target.split(".")[0] != "cardlab":
            continue
        if node.module is None:  # from . import layout
            found.update(f"{target}.{a.name}" for a in node.names)
        else:
            found.add(target)
    return found


def is_rule_core(module: str) -> bool:
    """``cardlab.rules.plump_core`` and its kind: one source per rule, below everything that uses it."""
    parts = module.split(".")
    return len(parts) == 3 and parts[1] == "rules" and parts[2].endswith("_core")


def layer_of(module: str) -> int | None:
    """The layer of a dotted module name (``cardlab`` itself sits on top: it only re-exports lazily)."""
    parts = module.split(".")
    if len(parts) == 1:
        return len(LAYERS)
    if is_rule_core(module):
        return 0
    for index, names in enumerate(LAYERS):
        if parts[1] in names:
            return index
    return None


def import_graph() -> dict[str, set[str]]:
    return {module_name(p): module_imports(p) for p in sorted(PACKAGE.rglob("*.py"))}


GRAPH = import_graph()


def test_the_graph_is_read_from_source():
    """The parser sees the imports we know are there (so the layer test cannot pass by seeing nothing)."""
    assert "cardlab.errors" in GRAPH["cardlab.cards"]
    assert "cardlab.cards" in GRAPH["cardlab.tricks"]
    assert "cardlab.pdf.layout" in GRAPH["cardlab.pdf.plump"]
    assert sum(len(v) for v in GRAPH.values()) > 100


def test_every_module_has_a_layer():
    missing = sorted(m for m in GRAPH if layer_of(m) is None)
    assert not missing, f"give these modules a layer in LAYERS (tests/test_layers.py and docs/architecture.md): {missing}"


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_imports_point_down_the_layers(module):
    mine = layer_of(module)
    if mine is None:
        pytest.skip("no layer (reported by test_every_module_has_a_layer)")
    upward = sorted(t for t in GRAPH[module] if (layer_of(t) or 0) > mine)
    assert not upward, f"{module} (layer {mine}) imports {upward} from a higher layer at module level"


def test_the_bottom_layer_has_an_order():
    """i18n imports nothing from cardlab; errors only i18n; cards errors, i18n and _rng."""
    for module in BOTTOM_ORDER:
        allowed = {f"cardlab.{m}" for m in BOTTOM_ORDER[: BOTTOM_ORDER.index(module)]}
        assert GRAPH[f"cardlab.{module}"] <= allowed, (module, GRAPH[f"cardlab.{module}"] - allowed)
    assert GRAPH["cardlab.i18n"] == set()


def test_no_import_cycles_at_module_level():
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        stack.append(module)
        for target in sorted(GRAPH.get(module, ())):
            if target not in GRAPH:
                continue
            if state.get(target) == 1:
                cycle = stack[stack.index(target):] + [target]
                raise AssertionError("import cycle: " + " → ".join(cycle))
            if target not in state:
                visit(target)
        stack.pop()
        state[module] = 2

    for module in sorted(GRAPH):
        if module not in state:
            visit(module)


def test_a_wrong_import_is_caught(tmp_path):
    """The checker itself: an upward import is seen, a TYPE_CHECKING one and a lazy one are not."""
    bad = tmp_path / "cardlab" / "tricks.py"
    bad.parent.mkdir()
    bad.write_text("from .widgets import base\nif TYPE_CHECKING:\n    from .sim import stats\n"
                   "def later():\n    from .display import cards\n")
    found = module_imports(bad, root=bad.parent)
    assert found == {"cardlab.widgets"}
    assert max(layer_of(t) for t in found) > layer_of("cardlab.tricks")


def test_rule_cores_import_nothing_from_cardlab():
    """A rule core is plain integer code (numba compiles it): it may not lean on any other module."""
    cores = [m for m in GRAPH if is_rule_core(m)]
    assert {"cardlab.rules.plump_core", "cardlab.rules.femkamp_core", "cardlab.rules.trick_core"} <= set(cores)
    assert all(GRAPH[m] == set() for m in cores), {m: GRAPH[m] for m in cores if GRAPH[m]}
