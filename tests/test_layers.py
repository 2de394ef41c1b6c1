"""Module-level imports point down the layers, so the engine never needs the UI and nothing imports in a circle.

The layers, bottom to top (a module may import its own layer and any layer below):

    i18n, _rng → errors → cards, atomic (the bottom; i18n and atomic import nothing from cardlab)
                                       rules/*_core.py sit here too: integer rule cores that
                                       import nothing from cardlab, so tricks, games, kernels
                                       and sheets can all call them
    tricks
    rules, protocol, events
    games
    match, playthrough
    kernels                            compiled game cores: rounds stepped in numba, the bots' policy twins
    search                             the search bots' minds: play-outs and the ISMCTS tree
    bots
    sim, table_build, data_build, data_files, claims, strength_report, exercises
                                       (table_build: the tables' build framework and recipes, data_build
                                       gathers their names; exercises: its worked examples are played by PlumpBot)
    display, sheets, pdf, charts, session, coach, puzzles, notebook_tools, classroom, tables
    widgets, cli, __main__, classroom_server

The widgets only draw: no widget imports a simulation (``sim``), a kernel or a search, at module level
or in a function; what a view shows is computed below it (the odds explorer's tables in ``sim.odds``,
its state in ``session.odds``).

Imports inside functions (lazy imports) count too: they point down like the others, except the
ones listed by name below, each with its reason: a notebook's rendering hook (``_repr_html_`` or
``_repr_svg_``) may ask :mod:`cardlab.display` for its picture (:data:`LAZY_UP` would name any other,
with its reason; it is empty).  Nothing imports in a circle,
counting lazy imports (:data:`KNOWN_CIRCLES` would name one that is left; it is empty, and must stay exact).
``if TYPE_CHECKING:`` blocks are left out.  The source is parsed with ``ast``: nothing is imported.
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
    ("games",),
    ("match", "playthrough"),
    ("kernels",),
    ("search",),
    ("bots",),
    ("sim", "table_build", "data_build", "data_files", "claims", "strength_report", "exercises"),
    ("display", "sheets", "pdf", "charts", "session", "coach", "puzzles", "notebook_tools", "classroom", "tables"),
    ("widgets", "cli", "__main__", "classroom_server"),
]
#: inside the bottom layer: a module may import only those before it
BOTTOM_ORDER = ("i18n", "_rng", "errors", "cards")

#: what the views (``cardlab.widgets``) never import: the computations they draw live below them
VIEWS_NEVER_IMPORT = ("cardlab.sim", "cardlab.kernels", "cardlab.search")

#: functions that may import from a higher layer: a notebook asking an object for its picture
RENDER_HOOKS = ("_repr_html_", "_repr_svg_")
#: the lazy upward imports that are not rendering, each named: (module, function, target) → why
LAZY_UP: dict = {}
#: circles that remain, exactly (the test fails when one goes and stays listed, or a new one comes): none
KNOWN_CIRCLES: set = set()


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
            if not _is_type_checking(node.test):
                yield from _top_level(node.body)
                yield from _top_level(node.orelse)
        elif isinstance(node, ast.Try):
            yield from _top_level(node.body)
            for handler in node.handlers:
                yield from _top_level(handler.body)
            yield from _top_level(node.orelse)
            yield from _top_level(node.finalbody)


def _target(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    """The cardlab modules an import statement names (absolute dotted names)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.split(".")[0] == "cardlab"]
    if node.level:
        base = package.split(".")
        base = base[: len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    if target.split(".")[0] != "cardlab":
        return []
    if node.module is None:  # from . import layout
        return [f"{target}.{a.name}" for a in node.names]
    return [target]


def _package(path: Path, root: Path) -> str:
    name = module_name(path, root)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def module_imports(path: Path, root: Path = PACKAGE) -> set[str]:
    """The cardlab modules that ``path`` imports at module level (absolute dotted names)."""
    package = _package(path, root)
    found: set[str] = set()
    for node in _top_level(ast.parse(path.read_text(encoding="utf-8")).body):
        found.update(_target(node, package))
    return found


def lazy_imports(path: Path, root: Path = PACKAGE) -> set[tuple[str, str]]:
    """The cardlab modules that ``path`` imports inside functions, as ``(function, module)`` pairs.

    ``function`` is the qualified name (``Class.method``, ``outer.inner``); ``if TYPE_CHECKING:``
    blocks are left out, as at module level.
    """
    package = _package(path, root)
    found: set[tuple[str, str]] = set()

    def walk(nodes, scope: tuple[str, ...], in_function: bool) -> None:
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                walk(node.body, scope + (node.name,), True)
            elif isinstance(node, ast.ClassDef):
                walk(node.body, scope + (node.name,), in_function)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                if in_function:
                    found.update((".".join(scope), t) for t in _target(node, package))
            elif isinstance(node, ast.If) and _is_type_checking(node.test):
                walk(node.orelse, scope, in_function)
            else:
                for field in ("body", "orelse", "finalbody", "handlers"):
                    walk(getattr(node, field, ()) or (), scope, in_function)

    walk(ast.parse(path.read_text(encoding="utf-8")).body, (), False)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else ""
    return name == "TYPE_CHECKING"


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


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    return {module_name(p, root): module_imports(p, root) for p in sorted(root.rglob("*.py"))}


def lazy_graph(root: Path = PACKAGE) -> dict[str, set[tuple[str, str]]]:
    return {module_name(p, root): lazy_imports(p, root) for p in sorted(root.rglob("*.py"))}


def _module_of(target: str, modules) -> str | None:
    """The module an import target is in (``from .display import card_html`` names ``cardlab.display``)."""
    while target and target not in modules:
        target = target.rpartition(".")[0]
    return target or None


def is_render_hook(function: str, target: str) -> bool:
    """A notebook's rendering hook asking :mod:`cardlab.display` for a picture."""
    return function.rpartition(".")[2] in RENDER_HOOKS and target.startswith("cardlab.display")


def lazy_upward(root: Path = PACKAGE, allowed=None) -> list[str]:
    """Every lazy import that points up the layers and is neither a rendering hook nor in ``allowed``."""
    allowed = LAZY_UP if allowed is None else allowed
    out = []
    for module, imports in lazy_graph(root).items():
        mine = layer_of(module)
        for function, target in sorted(imports):
            if mine is None or (layer_of(target) or 0) <= mine or is_render_hook(function, target):
                continue
            if (module, function, target) not in allowed:
                out.append(f"{module}.{function} imports {target} (layer {layer_of(target)} > {mine})")
    return out


def import_circles(root: Path = PACKAGE) -> set[frozenset[str]]:
    """The groups of modules that import each other in a circle, lazy imports counted.

    A rendering hook is left out: it is the one import allowed to point up, a picture asked for
    by a notebook, and it cannot be part of what a module needs to work.
    """
    top, lazy = import_graph(root), lazy_graph(root)
    edges: dict[str, set[str]] = {m: set() for m in top}
    for module in top:
        targets = set(top[module]) | {t for f, t in lazy[module] if not is_render_hook(f, t)}
        for target in targets:
            found = _module_of(target, top)
            if found is not None and found != module:
                edges[module].add(found)
    # Tarjan's strongly connected components, iteratively
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: set[frozenset[str]] = set()
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    circles.add(frozenset(group))
    return circles


GRAPH = import_graph()
LAZY = lazy_graph()


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


def computing_views(graph=None, lazy=None) -> list[str]:
    """Every import, at module level or in a function, of a widget module from :data:`VIEWS_NEVER_IMPORT`."""
    graph, lazy = GRAPH if graph is None else graph, LAZY if lazy is None else lazy
    found = []
    for module in sorted(graph):
        if module.split(".")[:2] != ["cardlab", "widgets"]:
            continue
        targets = set(graph[module]) | {t for _, t in lazy.get(module, set())}
        found += [f"{module} imports {t}" for t in sorted(targets)
                  if any(t == banned or t.startswith(banned + ".") for banned in VIEWS_NEVER_IMPORT)]
    return found


def test_the_widgets_only_draw():
    """A view imports no simulation, kernel or search: the odds explorer draws ``session.odds``, which asks ``sim.odds``."""
    assert not computing_views(), "\n".join(computing_views())
    assert layer_of("cardlab.sim.odds") < layer_of("cardlab.session.odds") < layer_of("cardlab.widgets.odds")
    assert "cardlab.sim.odds" in GRAPH["cardlab.session.odds"] and "cardlab.session.odds" in GRAPH["cardlab.widgets.odds"]


def test_a_computing_view_is_caught(tmp_path):
    root = _package_in(tmp_path, {"widgets/chart.py": "from ..sim import odds\ndef later():\n    from ..kernels import rng\n",
                                  "widgets/fine.py": "from ..session import odds\n",
                                  "sim/odds.py": "", "kernels/rng.py": "", "session/odds.py": ""})
    assert computing_views(import_graph(root), lazy_graph(root)) == [
        "cardlab.widgets.chart imports cardlab.kernels", "cardlab.widgets.chart imports cardlab.sim"]


def test_the_bottom_layer_has_an_order():
    """i18n imports nothing from cardlab; errors only i18n; cards errors, i18n and _rng."""
    for module in BOTTOM_ORDER:
        allowed = {f"cardlab.{m}" for m in BOTTOM_ORDER[: BOTTOM_ORDER.index(module)]}
        assert GRAPH[f"cardlab.{module}"] <= allowed, (module, GRAPH[f"cardlab.{module}"] - allowed)
    assert GRAPH["cardlab.i18n"] == set()


def test_lazy_imports_point_down_the_layers():
    """An import inside a function is a dependency too: only rendering hooks and :data:`LAZY_UP` point up."""
    assert not lazy_upward(), "\n".join(lazy_upward())


def test_every_lazy_allowance_is_still_there():
    """:data:`LAZY_UP` names imports that exist (a stale entry would hide the next one)."""
    stale = [key for key in LAZY_UP if (key[1], key[2]) not in LAZY.get(key[0], set())]
    assert not stale, f"these allowed lazy imports are gone: drop them from LAZY_UP: {stale}"


def test_the_lazy_reader_sees_the_lazy_imports():
    assert ("Card._repr_html_", "cardlab.display") in LAZY["cardlab.cards"]
    assert ("PlumpSearchBot._decide_ismcts", "cardlab.search.plump_ismcts") in LAZY["cardlab.bots.plump_search"]
    assert sum(len(v) for v in LAZY.values()) > 50


def test_no_import_circles():
    """No two modules need each other, lazy imports counted (see :data:`KNOWN_CIRCLES`)."""
    circles = import_circles()
    new = circles - KNOWN_CIRCLES
    assert not new, "import circles: " + "; ".join(" ↔ ".join(sorted(c)) for c in new)
    assert circles == KNOWN_CIRCLES, f"a known circle is gone: drop it from KNOWN_CIRCLES: {KNOWN_CIRCLES - circles}"


def _package_in(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "cardlab"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (root / "__init__.py").touch()
    return root


def test_a_lazy_upward_import_is_caught(tmp_path):
    """The lazy check itself: an upward import in a function fails, a rendering hook does not."""
    root = _package_in(tmp_path, {
        "tricks.py": ("class Trick:\n    def _repr_html_(self):\n        from .display import cards\n"
                      "def later():\n    if True:\n        from .widgets import base\n"
                      "if TYPE_CHECKING:\n    from .sim import stats\n"),
        "display/cards.py": "", "widgets/base.py": "", "sim/stats.py": "",
    })
    assert lazy_imports(root / "tricks.py", root) == {("Trick._repr_html_", "cardlab.display"),
                                                      ("later", "cardlab.widgets")}
    assert lazy_upward(root) == ["cardlab.tricks.later imports cardlab.widgets (layer 10 > 1)"]
    assert lazy_upward(root, allowed={("cardlab.tricks", "later", "cardlab.widgets"): "named"}) == []


def test_a_circle_is_caught(tmp_path):
    """The circle check itself: a lazy import back closes a circle; a rendering hook does not."""
    root = _package_in(tmp_path, {
        "games/a.py": "from . import b\n",
        "games/b.py": "def later():\n    from .c import x\n",
        "games/c.py": "def later():\n    import cardlab.games.a\n",
        "cards.py": "class Card:\n    def _repr_html_(self):\n        from .display import card_html\n",
        "display/__init__.py": "from ..cards import Card\n",
    })
    assert import_circles(root) == {frozenset({"cardlab.games.a", "cardlab.games.b", "cardlab.games.c"})}


def test_a_wrong_import_is_caught(tmp_path):
    """The checker itself: an upward import is seen, a TYPE_CHECKING one and a lazy one are not."""
    bad = tmp_path / "cardlab" / "tricks.py"
    bad.parent.mkdir()
    bad.write_text("from .widgets import base\nif TYPE_CHECKING:\n    from .sim import stats\n"
                   "def later():\n    from .display import cards\n")
    found = module_imports(bad, root=bad.parent)
    assert found == {"cardlab.widgets"}
    assert max(layer_of(t) for t in found) > layer_of("cardlab.tricks")


def test_the_table_recipes_stand_apart_from_the_build_framework():
    """A recipe takes only a configuration from the framework (and shares helpers with other recipes); the
    catalogue lists recipes and specs; no recipe or catalogue module imports the build, fingerprints or checks."""
    framework = "cardlab.table_build."
    recipes = framework + "recipes"
    for module in GRAPH:
        if module != recipes and not module.startswith(recipes + "."):
            continue
        targets = GRAPH[module] | {t for _, t in LAZY[module]}
        inside = {t for t in targets if t.startswith(framework)}
        assert all(t == framework + "config" or t.startswith(recipes) for t in inside), (module, inside)
    catalogue = GRAPH[framework + "catalogue"] | {t for _, t in LAZY[framework + "catalogue"]}
    assert {t for t in catalogue if not t.startswith(recipes)} == {framework + "spec"}, catalogue


def test_rule_cores_import_nothing_from_cardlab():
    """A rule core is plain integer code (numba compiles it): it may not lean on any other module."""
    cores = [m for m in GRAPH if is_rule_core(m)]
    assert {"cardlab.rules.plump_core", "cardlab.rules.femkamp_core", "cardlab.rules.trick_core"} <= set(cores)
    assert all(GRAPH[m] == set() for m in cores), {m: GRAPH[m] for m in cores if GRAPH[m]}
