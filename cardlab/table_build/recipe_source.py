"""The code of a table's recipe: the top-level definitions its ``configs`` and ``run`` functions use.

A recipe is found by name in its module's source (parsed with :mod:`ast`, nothing is run): the two
functions, then every top-level function, class, constant and cardlab import that they name,
followed through each other and, when the name is imported from another module of
:mod:`cardlab.table_build` (a shared recipe helper, :class:`~cardlab.table_build.config.Config`),
into that module.  Modules outside this package are whole files to
:mod:`cardlab.table_build.fingerprints`, which follows the imports kept here.

>>> from cardlab.table_build.catalogue import TABLES_BY_NAME
>>> parts = recipe_parts(TABLES_BY_NAME["plump_search_zero_bids"])
>>> sorted(parts)  # doctest: +NORMALIZE_WHITESPACE
['table_build/config.py', 'table_build/recipes/plump_search_zero_bids.py',
 'table_build/recipes/plump_settings.py', 'table_build/recipes/plump_zero_bids.py']
>>> sorted(parts["table_build/recipes/plump_zero_bids.py"])  # what the search recipe uses (Config: in a signature)
['Config', 'zero_bid_frame']
"""

from __future__ import annotations

import ast
from pathlib import Path

#: the cardlab folder; files are named relative to it ("table_build/config.py")
PACKAGE = Path(__file__).resolve().parents[1]
#: the package whose modules a recipe is followed into name by name
RECIPE_PACKAGE = "cardlab.table_build"


def module_file(module: str) -> str:
    """The file of a dotted cardlab module, relative to the cardlab folder.

    >>> module_file("cardlab.table_build.recipes.rummy_rounds"), module_file("cardlab.table_build.recipes")
    ('table_build/recipes/rummy_rounds.py', 'table_build/recipes/__init__.py')
    """
    relative = "/".join(module.split(".")[1:])
    return relative + ".py" if (PACKAGE / f"{relative}.py").is_file() else relative + "/__init__.py"


def module_of(relative: str) -> str:
    """The dotted module of a file relative to the cardlab folder (the inverse of :func:`module_file`)."""
    parts = ["cardlab"] + relative[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_of(relative: str) -> str:
    """The package a file's relative imports start from."""
    module = module_of(relative)
    return module if relative.endswith("__init__.py") else module.rpartition(".")[0]


def absolute_module(node: ast.ImportFrom, package: str) -> str:
    """The dotted module a ``from … import`` names, relative levels resolved from ``package``."""
    if not node.level:
        return node.module or ""
    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _is_cardlab_import(node: ast.AST) -> bool:
    if isinstance(node, ast.ImportFrom):
        return bool(node.level) or (node.module or "").split(".")[0] == "cardlab"
    return isinstance(node, ast.Import) and any(a.name.split(".")[0] == "cardlab" for a in node.names)


def top_level(relative: str) -> dict[str, ast.AST]:
    """Name → the top-level statement of a module that binds it (functions, classes, constants, cardlab imports)."""
    tree = ast.parse((PACKAGE / relative).read_text(encoding="utf-8"))
    top: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            top[node.name] = node
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                if isinstance(target, ast.Name):
                    top[target.id] = node
        elif _is_cardlab_import(node):
            for alias in node.names:
                top[(alias.asname or alias.name).split(".")[0]] = node
    return top


def recipe_parts(spec) -> dict[str, dict[str, ast.AST]]:
    """File → {name: statement}: the parts of each :mod:`cardlab.table_build` module that ``spec``'s recipe uses."""
    parsed: dict[str, dict[str, ast.AST]] = {}
    parts: dict[str, dict[str, ast.AST]] = {}
    todo = [(spec.configs.__module__, spec.configs.__name__), (spec.run.__module__, spec.run.__name__)]
    while todo:
        module, name = todo.pop()
        relative = module_file(module)
        if relative not in parsed:
            parsed[relative] = top_level(relative)
        part = parts.setdefault(relative, {})
        if name in part or name not in parsed[relative]:
            continue
        node = part[name] = parsed[relative][name]
        if isinstance(node, ast.ImportFrom):
            source = absolute_module(node, package_of(relative))
            if source == RECIPE_PACKAGE or source.startswith(RECIPE_PACKAGE + "."):
                for alias in node.names:
                    if (alias.asname or alias.name) != name:
                        continue
                    if (PACKAGE / module_file(f"{source}.{alias.name}")).is_file():
                        raise ValueError(f"{relative} imports the module {source}.{alias.name}: import the names it "
                                         "needs from it, so that the recipe can be followed into it")
                    todo.append((source, alias.name))
        elif not isinstance(node, ast.Import):
            todo.extend((module, sub.id) for sub in ast.walk(node) if isinstance(sub, ast.Name))
    return {relative: part for relative, part in parts.items() if part}
