"""The message catalogue is data, complete in Swedish, Norwegian (bokmål) and English.

Every sentence lives in ``cardlab/messages/**/*.toml``; these tests read the
files themselves, raise every error class in a fresh interpreter, and check
that a sentence stays in one language from start to end.
"""

from __future__ import annotations

import ast
import fnmatch
import importlib
import json
import pkgutil
import re
import string
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import cardlab
from cardlab import i18n

ROOT = Path(__file__).resolve().parents[1]
MESSAGES = ROOT / "cardlab" / "messages"
LANGS = ("sv", "nb", "en")


def _flat(table: dict, prefix: str = ""):
    for name, value in table.items():
        key = f"{prefix}.{name}" if prefix else name
        if isinstance(value, dict):
            yield from _flat(value, key)
        else:
            yield prefix, name, value


def data_files() -> list[Path]:
    return sorted(MESSAGES.rglob("*.toml"))


def data_catalogue() -> dict[str, dict[str, str]]:
    """Every key of every data file, read with tomllib alone (independent of cardlab.i18n)."""
    found: dict[str, dict[str, str]] = {}
    where: dict[str, Path] = {}
    for path in data_files():
        entries: dict[str, dict[str, str]] = {}
        for key, lang, text in _flat(tomllib.loads(path.read_text(encoding="utf-8"))):
            entries.setdefault(key, {})[lang] = text
        for key, texts in entries.items():
            assert key not in found, f"{key!r} is in both {where[key].name} and {path.name}"
            found[key], where[key] = texts, path
    return found


def fields(text: str) -> list[tuple[str, str | None, str]]:
    """The placeholders of a template with their conversion and format (``{value!r}`` ≠ ``{value}``)."""
    return sorted((name, conv, spec) for _, name, spec, conv in string.Formatter().parse(text) if name is not None)


def _load_everything():
    """Import every module, so sentences still registered from code are in the catalogue too."""
    for info in pkgutil.walk_packages(cardlab.__path__, "cardlab."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)


# ------------------------------------------------------------------ (c) the data files
def test_the_catalogue_is_data():
    """Hundreds of sentences, in files under cardlab/messages/, and the loader reads exactly those."""
    data = data_catalogue()
    assert len(data) > 400
    assert len(data_files()) > 20
    i18n.load_catalogue()
    for key, texts in data.items():
        if i18n.source(key) is not None:  # not overridden from code
            assert i18n.texts(key) == texts, key


def test_every_key_has_three_languages_and_the_same_placeholders():
    for key, texts in data_catalogue().items():
        assert sorted(texts) == sorted(LANGS), f"{key}: languages {sorted(texts)}"
        assert all(isinstance(t, str) for t in texts.values()), key
        assert len({bool(t.strip()) for t in texts.values()}) == 1, f"{key} is empty in some language only"
        shapes = {lang: fields(texts[lang]) for lang in LANGS}
        assert shapes["sv"] == shapes["nb"] == shapes["en"], f"{key}: {shapes}"


def test_sentences_registered_from_code_are_complete_too():
    _load_everything()
    for key in i18n.keys():
        texts = i18n.texts(key)
        shapes = {lang: fields(texts[lang]) for lang in LANGS}
        assert shapes["sv"] == shapes["nb"] == shapes["en"], f"{key}: {shapes}"


def test_every_key_named_in_the_code_exists():
    """A key written in the code (``tr("x")``, ``Message("x")``, ``SomeError("x")``, ``rule = "x"``) is in the catalogue."""
    _load_everything()
    known = set(i18n.keys())
    used: dict[str, str] = {}
    for path in sorted((ROOT / "cardlab").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                func = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                if func in ("tr", "tr_partial", "Message", "has_message") or func.endswith("Error"):
                    if re.fullmatch(r"[a-z_]+(\.[A-Za-z0-9_]+)+", node.args[0].value):
                        used.setdefault(node.args[0].value, path.name)
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.Assign) and [getattr(t, "id", "") for t in item.targets] == ["rule"] \
                            and isinstance(item.value, ast.Constant):
                        used.setdefault(item.value.value, path.name)
    assert len(used) > 150
    missing = {key: where for key, where in used.items() if key not in known and not key.startswith("demo.")}
    assert not missing, missing


def test_the_files_ship_in_the_wheel():
    """Every message file matches a package-data pattern of pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["cardlab"]
    for path in data_files():
        rel = path.relative_to(ROOT / "cardlab").as_posix()
        assert any(fnmatch.fnmatch(rel, p) and rel.count("/") == p.count("/") for p in patterns), rel


def test_a_broken_file_is_named(tmp_path, monkeypatch):
    """The loader refuses a key in two files, or a missing language, naming the file."""
    (tmp_path / "messages").mkdir()
    (tmp_path / "messages" / "a.toml").write_text('[x.one]\nsv = "a"\nnb = "b"\nen = "c"\n', encoding="utf-8")
    (tmp_path / "messages" / "b.toml").write_text('[x.one]\nsv = "a"\nnb = "b"\nen = "c"\n', encoding="utf-8")
    monkeypatch.setattr(i18n.resources, "files", lambda package: tmp_path)
    try:
        with pytest.raises(ValueError, match="defined twice: in a.toml and in b.toml"):
            i18n.load_catalogue()
        (tmp_path / "messages" / "b.toml").write_text('[x.two]\nsv = "{n}"\nen = "{n}"\n', encoding="utf-8")
        with pytest.raises(ValueError, match="'x.two' in b.toml lacks the language"):
            i18n.load_catalogue()
    finally:
        monkeypatch.undo()
        i18n.load_catalogue()
    assert i18n.has_message("plump.hook")


def test_register_still_adds_sentences_from_code():
    i18n.register({"demo.extra": {"sv": "Hej {n}", "nb": "Hei {n}", "en": "Hi {n}"}})
    assert i18n.tr("demo.extra", "nb", n=3) == "Hei 3"
    assert i18n.source("demo.extra") is None and i18n.source("plump.hook") == "games/plump.toml"
    i18n.load_catalogue()  # a reload keeps what code registered
    assert i18n.tr("demo.extra", "en", n=1) == "Hi 1"


# ------------------------------------------------------------------ (b) every error on its own
def _error_classes() -> list[str]:
    from cardlab import errors

    return sorted(name for name, value in vars(errors).items()
                  if isinstance(value, type) and issubclass(value, errors.CardlabError))


RAISE_ALONE = r'''
import json, string, sys
from cardlab import errors
cls = getattr(errors, sys.argv[1])
from cardlab import i18n
before = sorted(m for m in sys.modules if m.startswith("cardlab"))
rule = cls.rule
keys = [n for _, n, _, _ in string.Formatter().parse(i18n.texts(rule)["en"]) if n]
params = {k: f"<{k}>" for k in keys}
if cls is errors.InvalidCardError:
    bare, full = cls("1H"), cls("1H", lang="nb")
else:
    bare, full = cls(), cls(lang="nb", **params)
try:
    raise full
except errors.CardlabError as caught:
    out = {"str": str(caught), "bare": str(bare), "rule": caught.rule,
           "texts": {lang: caught.message(lang) for lang in ("sv", "nb", "en")},
           "modules": before, "after": sorted(m for m in sys.modules if m.startswith("cardlab"))}
print(json.dumps(out))
'''


@pytest.mark.parametrize("name", _error_classes())
def test_every_error_can_be_raised_on_its_own(name):
    """In a fresh interpreter that imported nothing but cardlab.errors, the error renders in sv, nb and en."""
    done = subprocess.run([sys.executable, "-c", RAISE_ALONE, name], capture_output=True, text=True, timeout=120,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout)
    assert out["after"] == ["cardlab", "cardlab.errors", "cardlab.i18n"], out["after"]
    texts = out["texts"]
    assert out["str"] == texts["nb"]
    assert len(set(texts.values())) == 3 or out["rule"] in ("card.invalid",), texts  # three languages
    assert all("…" not in t for t in texts.values()), texts  # every field was given
    assert out["bare"].strip(), out  # made with no fields at all, it still reads


def test_errors_live_in_errors_py():
    """No module defines its own CardlabError subclass (the old names are re-exported where they were)."""
    names = set(_error_classes())
    for path in sorted((ROOT / "cardlab").rglob("*.py")):
        if path.name == "errors.py" and path.parent.name == "cardlab":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = {getattr(b, "id", getattr(b, "attr", "")) for b in node.bases}
                assert not bases & names, f"{path.relative_to(ROOT)} defines {node.name}: move it to cardlab/errors.py"
    from cardlab.games.kabal import KabalError
    from cardlab.games.rummy import DiscardError, MeldError
    from cardlab import errors

    assert KabalError is errors.KabalError and MeldError is errors.MeldError and DiscardError is errors.DiscardError


def test_hook_error_without_the_game_imported():
    """The bug that started it: HookError() failed unless games/plump.py had been imported."""
    code = "from cardlab.errors import HookError; print(HookError(lang='sv', tricks=2, hand_size=3))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Spärren (kroken): som giv får du inte bjuda 2")


# ------------------------------------------------------------------ (d) one language per sentence
def _words(text: str) -> set[str]:
    """Words of four letters or more; identifiers such as trump_order are not words."""
    return {w.lower() for w in re.findall(r"\w+", text) if w.isalpha() and len(w) >= 4}


def _mixes(error_in, lang: str, allowed: set[str] = frozenset()) -> set[str]:
    """English words of the English sentence that also turn up in the ``lang`` sentence."""
    return (_words(error_in(lang)) & _words(error_in("en"))) - allowed


def _plump_deal(lang):
    from cardlab import PlumpRules
    from cardlab.games.plump import PlumpRound

    old = i18n.get_language()
    i18n.set_language(lang)
    try:
        with pytest.raises(cardlab.CardlabError) as info:
            PlumpRound.from_hands(["AS 2S", "KH 3C"], rules=PlumpRules(players=3))
    finally:
        i18n.set_language(old)
    return str(info.value)


def _kabal_layout(lang):
    from cardlab.games.kabal import KabalLayout

    old = i18n.get_language()
    i18n.set_language(lang)
    try:
        with pytest.raises(cardlab.CardlabError) as info:
            KabalLayout.from_cards("6H 8H")
    finally:
        i18n.set_language(old)
    return str(info.value)


def _error_text(make):
    def text(lang):
        with pytest.raises(cardlab.CardlabError) as info:
            make()
        return info.value.message(lang)

    return text


def _rules_trump_order():
    from cardlab import PlumpRules

    PlumpRules(trump_order=[])


def _rummy_piles():
    from cardlab import RummyRules
    from cardlab.games.rummy import RummyRound

    RummyRound.from_cards(["AS 2S", "KH 3C"], stock="", discard="", rules=RummyRules(players=2))


def _simulate_engine():
    from cardlab.sim.femkamp import simulate_femkamp

    simulate_femkamp(games=1, engine="turbo")


@pytest.mark.parametrize("lang", ["sv", "nb"])
def test_setup_errors_are_in_one_language(lang):
    """'Ogiltig regel för hands: give 3 hands, one per seat' was half Swedish, half English."""
    text = _plump_deal(lang)
    assert not _mixes(_plump_deal, lang, {"hands"}), text
    assert text == {"sv": "Utdelningen går inte att använda: ge 3 händer, en per plats; du gav 2.",
                    "nb": "Utdelingen kan ikke brukes: gi 3 hender, én per plass; du ga 2."}[lang]
    assert _plump_deal("en") == "The deal cannot be used: give 3 hands, one per seat; you gave 2."
    assert not _mixes(_kabal_layout, lang), _kabal_layout(lang)
    assert "hjärter" in _kabal_layout("sv") and "hjerter" in _kabal_layout("nb")


@pytest.mark.parametrize("make, allowed", [
    (_rules_trump_order, {"none"}),
    (_rummy_piles, set()),
    (_simulate_engine, {"engine", "auto", "kernel", "reference", "turbo"}),
])
@pytest.mark.parametrize("lang", ["sv", "nb"])
def test_rules_and_simulation_errors_are_in_one_language(make, allowed, lang):
    text = _error_text(make)
    assert not _mixes(text, lang, allowed), (text(lang), text("en"))


def test_the_mix_detector_sees_a_mix():
    """The check above is not empty: the old mixed sentence is caught."""
    old = {"sv": "Ogiltig regel för hands: give 3 hands, one per seat; you gave 2.",
           "en": "Invalid rule for hands: give 3 hands, one per seat; you gave 2."}
    assert _mixes(old.get, "sv", {"hands"}) == {"give", "seat", "gave"}


# ------------------------------------------------------------------ moving sentences from code to data
def test_sentences_registered_in_code_move_into_the_data(tmp_path, monkeypatch):
    """tools/messages_to_data.py moves a module's register() block into its TOML file, unchanged."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("messages_to_data", ROOT / "tools" / "messages_to_data.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    package = tmp_path / "cardlab"
    (package / "games").mkdir(parents=True)
    (package / "messages").mkdir()
    module = package / "games" / "demo.py"
    module.write_text(
        '"""A demo."""\n\nfrom ..i18n import Message, register\n\nregister({\n'
        '    "demo.moved": {"sv": "Flyttad {n}", "nb": "Flyttet {n}", "en": "Moved {n}"},\n'
        '})\n\n\ndef hello():\n    return Message("demo.moved", {"n": 1})\n', encoding="utf-8")
    monkeypatch.setattr(tool, "PACKAGE", package)
    monkeypatch.setattr(tool, "MESSAGES", package / "messages")
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    assert tool.main(["--check"]) == 1
    assert tool.main(["--all"]) == 0
    assert tool.main(["--check"]) == 0
    source = module.read_text(encoding="utf-8")
    assert "register" not in source and "from ..i18n import Message\n" in source
    ast.parse(source)
    data = tomllib.loads((package / "messages" / "games" / "demo.toml").read_text(encoding="utf-8"))
    assert data == {"demo": {"moved": {"sv": "Flyttad {n}", "nb": "Flyttet {n}", "en": "Moved {n}"}}}


def test_no_shipped_module_registers_sentences_in_code():
    """Every sentence cardlab ships is data: no module under cardlab/ calls register({...}) at import."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("messages_to_data", ROOT / "tools" / "messages_to_data.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    offenders = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "cardlab").rglob("*.py"))
                 if tool.register_calls(ast.parse(p.read_text(encoding="utf-8")))]
    assert offenders == [], f"move these with `python tools/messages_to_data.py --all`: {offenders}"
