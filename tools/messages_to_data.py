"""Move sentences registered in code (``register({...})`` at module level) into the catalogue's data files.

cardlab's sentences live in ``cardlab/messages/<package>/<module>.toml``.  A module
that still calls ``cardlab.i18n.register`` with a literal dict works (the loader
puts registered sentences on top of the data), but the shipped catalogue should
be data.  This tool moves such blocks:

    python tools/messages_to_data.py --check              # list modules that still register sentences
    python tools/messages_to_data.py cardlab/games/base.py cardlab/match.py
    python tools/messages_to_data.py --all

For each module it appends the keys to the module's TOML file (creating it),
deletes the ``register(...)`` statement, and drops ``register`` from the
module's ``i18n`` import when nothing else uses it.  A key that the data
already has with a different text is refused (nothing is written for that
module).  Blocks that are not a literal dict are reported and left alone.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardlab"
MESSAGES = PACKAGE / "messages"
LANGS = ("sv", "nb", "en")


def data_file_for(module: Path) -> Path:
    """``cardlab/games/base.py`` → ``cardlab/messages/games/base.toml``."""
    rel = module.resolve().relative_to(PACKAGE).with_suffix(".toml")
    return MESSAGES / rel


def existing_data() -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}

    def walk(table: dict, prefix: str) -> None:
        texts = {k: v for k, v in table.items() if not isinstance(v, dict)}
        if texts:
            found[prefix] = texts
        for k, v in table.items():
            if isinstance(v, dict):
                walk(v, f"{prefix}.{k}" if prefix else k)

    for path in sorted(MESSAGES.rglob("*.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")), "")
    return found


def register_calls(tree: ast.Module) -> list[ast.Expr]:
    return [node for node in tree.body
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
            and getattr(node.value.func, "id", getattr(node.value.func, "attr", None)) == "register"]


def toml_entry(key: str, texts: dict[str, str]) -> str:
    return "\n".join([f"[{key}]"] + [f"{lang} = {json.dumps(texts[lang], ensure_ascii=False)}" for lang in LANGS]) + "\n"


def move(module: Path, data: dict[str, dict[str, str]], *, write: bool = True) -> list[str]:
    """Move ``module``'s literal register blocks into its data file; returns the keys moved."""
    source = module.read_text(encoding="utf-8")
    tree = ast.parse(source)
    calls = register_calls(tree)
    entries: dict[str, dict[str, str]] = {}
    spans = []
    for call in calls:
        try:
            messages = ast.literal_eval(call.value.args[0])
        except (ValueError, IndexError, SyntaxError):
            print(f"{module.relative_to(ROOT)}:{call.lineno}: not a literal dict, left alone", file=sys.stderr)
            continue
        for key, texts in messages.items():
            if not re.fullmatch(r"[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*", key) or sorted(texts) != sorted(LANGS):
                raise SystemExit(f"{module.relative_to(ROOT)}: {key!r} needs a dotted name and exactly {LANGS}")
            if key in data and data[key] != dict(texts):
                raise SystemExit(f"{module.relative_to(ROOT)}: {key!r} is already in the data with another text")
            entries[key] = dict(texts)
        spans.append((call.lineno, call.end_lineno))
    if not write or not entries:
        return list(entries)
    target = data_file_for(module)
    target.parent.mkdir(parents=True, exist_ok=True)
    dotted = ".".join(module.resolve().relative_to(PACKAGE.parent).with_suffix("").parts)
    text = target.read_text(encoding="utf-8") if target.exists() else (
        f"# Sentences shown by {dotted}.\n"
        "# One table per key, each in Swedish (sv), Norwegian bokmål (nb) and English (en);\n"
        "# the {fields} in braces must be the same in all three languages.\n")
    new = [toml_entry(k, v) for k, v in entries.items() if k not in data]
    target.write_text(text.rstrip("\n") + "\n\n" + "\n".join(new), encoding="utf-8")
    lines = source.split("\n")
    for start, end in reversed(spans):
        del lines[start - 1:end]
    source = re.sub(r"\n{4,}", "\n\n\n", "\n".join(lines))  # at most two blank lines where a block was
    if not re.search(r"\bregister\(", source):
        def drop_register(match: re.Match) -> str:
            names = [n.strip() for n in match.group(2).split(",") if n.strip() != "register"]
            return f"{match.group(1)}{', '.join(names)}\n" if names else ""

        source = re.sub(r"^(from \.+i18n import )([^\n(]+)\n", drop_register, source, count=1, flags=re.M)
    module.write_text(source, encoding="utf-8")
    return list(entries)


def modules_that_register() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py"))
            if p.name != "i18n.py" and register_calls(ast.parse(p.read_text(encoding="utf-8")))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", type=Path, help="modules whose register() blocks to move")
    parser.add_argument("--all", action="store_true", help="every module of cardlab that registers sentences")
    parser.add_argument("--check", action="store_true", help="only list modules that still register sentences")
    args = parser.parse_args(argv)
    if args.check:
        found = modules_that_register()
        for path in found:
            print(path.relative_to(ROOT))
        return 1 if found else 0
    modules = modules_that_register() if args.all else args.modules
    data = existing_data()
    for module in modules:
        moved = move(module, data)
        data.update(existing_data())
        print(f"{module}: {len(moved)} sentence(s) → {data_file_for(module).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
