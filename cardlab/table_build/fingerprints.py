"""The code behind a table (:func:`table_code`), and which tables are older than their code (:func:`stale_code`).

A table's code is its recipe (:func:`cardlab.table_build.recipe_source.recipe_parts`: the parts of the
:mod:`cardlab.table_build` modules it uses), the cardlab modules the recipe imports, followed through
their own imports inside :data:`CODE_ROOTS`, and the data files it reads.  Each gets a digest of its
code without comments or docstrings (:func:`normalized_source`); the manifest records them when a
table is built (or by :func:`record_code`), so a table is stale exactly when a digest differs.

>>> from cardlab.table_build.catalogue import TABLES_BY_NAME
>>> files = table_code(TABLES_BY_NAME["plump_one_card_exact"])["files"]
>>> "table_build/recipes/plump_one_card_exact.py:plump_one_card_exact" in files, "sim/exact.py" in files
(True, True)
"""

from __future__ import annotations

import ast
import copy
import hashlib
import json
from pathlib import Path

from ..atomic import write_atomically
from ..data_files import load_manifest, shipped_dir
from .catalogue import TABLES_BY_NAME
from .recipe_source import PACKAGE, absolute_module, package_of, recipe_parts
from .spec import TableSpec

#: the parts of cardlab whose code can change what a table holds; imports are followed inside them only
CODE_ROOTS = ("kernels", "search", "sim", "bots", "rules", "games", "cards", "tricks", "_rng")
#: modules that change how a build runs (compile cache, warm-up, scheduling, threads), never what it computes
CODE_IGNORED = ("kernels/_numba.py", "sim/warmup.py", "sim/sweep.py", "sim/threads.py")


def normalized_source(path: "str | Path") -> str:
    r"""A module's code without comments, docstrings or layout: what decides what it computes.

    The source is parsed and written back by :func:`ast.unparse` with every docstring taken out,
    so editing a comment or a docstring (or re-wrapping a line) leaves it as it was.

    >>> import tempfile, pathlib
    >>> a, b = (pathlib.Path(tempfile.mkdtemp()) / n for n in ("a.py", "b.py"))
    >>> _ = a.write_text("def f(x):\n    '''Twice x.'''\n    return 2 * x  # double\n")
    >>> _ = b.write_text("def f(x):\n    return 2*x\n")
    >>> normalized_source(a) == normalized_source(b)
    True
    >>> _ = b.write_text("def f(x):\n    return 3 * x\n")
    >>> normalized_source(a) == normalized_source(b)
    False
    """
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    return ast.unparse(tree)


def _imported_files(node, package: str) -> set[str]:
    """The package-relative ``.py`` files that the imports inside ``node`` (at any depth) name, within cardlab."""
    found = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Import):
            targets = [(a.name, None) for a in sub.names]
        elif isinstance(sub, ast.ImportFrom):
            targets = [(absolute_module(sub, package), a.name) for a in sub.names]
        else:
            continue
        for module, name in targets:
            parts = module.split(".")
            if parts[0] != "cardlab" or len(parts) < 2 or parts[1] not in CODE_ROOTS:
                continue
            folder = PACKAGE.joinpath(*parts[1:])
            if name and (folder / f"{name}.py").is_file():  # from cardlab.rules import plump_core
                found.add("/".join(parts[1:] + [name]) + ".py")
            elif folder.with_suffix(".py").is_file():
                found.add("/".join(parts[1:]) + ".py")
            elif (folder / "__init__.py").is_file():
                found.add("/".join(parts[1:]) + "/__init__.py")
    return {f for f in found if f not in CODE_IGNORED}


def _without_docstring(node):
    node = copy.deepcopy(node)
    body = getattr(node, "body", None)
    if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        node.body = body[1:] or [ast.Pass()]
    return node


def _digest(text: "str | bytes") -> str:
    return hashlib.sha256(text if isinstance(text, bytes) else text.encode("utf-8")).hexdigest()[:12]


def table_code(spec: TableSpec) -> dict:
    """What table ``spec`` is computed by: its recipe, the cardlab modules it reaches, its data files.

    The recipe is the table's ``configs`` and ``run`` functions with the functions, classes and
    constants of :mod:`cardlab.table_build` that they use, one entry per module
    (``"table_build/recipes/<module>.py:<table>"``); the modules are those its recipe imports,
    followed through their own imports (any depth, lazy imports included) inside :data:`CODE_ROOTS`;
    the data files are the spec's ``data`` (e.g. the bidding table the friendly bot's kernels are
    compiled with).  Returns ``{"fingerprint": 16 hex digits, "files": {file: 12 hex digits}}``: a
    file changes its digest only when its code does (:func:`normalized_source`), so a table is stale
    exactly when one of these digests differs from the manifest's.
    """
    files: dict[str, str] = {}
    todo: list[str] = []
    for relative, part in recipe_parts(spec).items():
        nodes = {id(node): node for _, node in sorted(part.items())}.values()  # one statement may bind several names
        files[f"{relative}:{spec.name}"] = _digest("\n".join(ast.unparse(_without_docstring(n)) for n in nodes))
        todo.extend(sorted(set().union(*(_imported_files(n, package_of(relative)) for n in nodes))))
    seen: set[str] = set()
    while todo:
        relative = todo.pop()
        if relative in seen:
            continue
        seen.add(relative)
        path = PACKAGE / relative
        files[relative] = _digest(normalized_source(path))
        todo.extend(sorted(_imported_files(ast.parse(path.read_text(encoding="utf-8")), package_of(relative)) - seen))
    for name in spec.data:
        files[name] = _digest((PACKAGE / name).read_bytes())
    files = dict(sorted(files.items()))
    whole = hashlib.sha256("".join(f"{k}\0{v}\n" for k, v in files.items()).encode()).hexdigest()[:16]
    return {"fingerprint": whole, "files": files}


def stale_code(name: str, manifest: "dict | None" = None) -> list[str]:
    """The files (or recipe parts) whose code changed since table ``name`` was built, by the manifest's ``code``.

    ``["(no code fingerprint)"]`` when the manifest records none; ``[]`` when the table is fresh.
    """
    entry = (manifest or load_manifest())["tables"][name]
    recorded = entry.get("code")
    if not recorded:
        return ["(no code fingerprint)"]
    now = table_code(TABLES_BY_NAME[name])
    if now["fingerprint"] == recorded["fingerprint"]:
        return []
    keys = sorted(set(now["files"]) | set(recorded["files"]))
    return [k for k in keys if now["files"].get(k) != recorded["files"].get(k)]


def record_code(names: "list[str]", out: "str | Path | None" = None) -> dict:
    """Write today's :func:`table_code` into the manifest entries of tables ``names``, leaving the tables as they are.

    Only for tables shown to come out the same from today's code (rebuilt byte for byte, or their
    rows made again by :func:`cardlab.table_build.recompute.recompute_rows`); :func:`cardlab.table_build.build.build`
    records the code of every table it builds.
    """
    folder = Path(out) if out is not None else shipped_dir()
    path = folder / "manifest.json"
    manifest = json.loads(path.read_text())
    for name in names:
        manifest["tables"][name]["code"] = table_code(TABLES_BY_NAME[name])
    write_atomically(path, json.dumps(manifest, indent=1, sort_keys=False) + "\n")
    return manifest
