"""What every game's rules object shares: dicts, TOML, presets and a fingerprint.

A rules object is a frozen, keyword-only dataclass.  Presets are TOML files
shipped inside the package (``cardlab/presets/<game>/<name>.toml``) so a
family can copy one and write down its own house rules.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from ..errors import RulesError
from ..i18n import Message

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


class RulesBase:
    """Mixin for the per-game rules dataclasses (``PlumpRules``, ``FemkampRules``, ``RummyRules``)."""

    game: ClassVar[str] = ""

    # ------------------------------------------------------------------ dicts
    def to_dict(self) -> dict[str, Any]:
        """Every option with its value (tuples as lists), ready for JSON or TOML."""
        return {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls, data: dict[str, Any]):
        """Build rules from a dict; unknown option names are refused by name."""
        if not isinstance(data, dict):
            raise RulesError("rules.invalid", field="rules", problem=Message("rules.not_a_table", {"value": repr(data)}))
        names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
        for key in data:
            if key not in names:
                raise RulesError("rules.unknown_field", field=key, game=cls.game.capitalize(), allowed=", ".join(names))
        values = {}
        for key, value in data.items():
            values[key] = tuple(value) if isinstance(value, list) else value
        return cls(**values)

    def replace(self, **changes: Any):
        """A copy with some options changed (validated again).

        >>> from cardlab import PlumpRules
        >>> PlumpRules().replace(players=5).players
        5
        """
        return self.from_dict({**self.to_dict(), **changes})

    def changed_options(self) -> dict[str, Any]:
        """Only the options that differ from the defaults."""
        default = type(self)().to_dict()
        return {k: v for k, v in self.to_dict().items() if default.get(k) != v}

    # ------------------------------------------------------------ fingerprint
    def fingerprint(self) -> str:
        """A short stable hash of the game and every option (12 hex digits)."""
        canonical = json.dumps({"game": self.game, "rules": self.to_dict()}, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:12]

    # ------------------------------------------------------------------- TOML
    def to_toml(self) -> str:
        """The rules as TOML text (options that are unset are left out)."""
        import tomli_w

        return tomli_w.dumps({k: v for k, v in self.to_dict().items() if v is not None})

    @classmethod
    def from_toml(cls, source: "str | Path"):
        """Rules from TOML text or a ``.toml`` file."""
        text = Path(source).read_text(encoding="utf-8") if isinstance(source, Path) or str(source).endswith(".toml") else source
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise RulesError("rules.invalid", field="toml", problem=Message("rules.bad_toml", {"detail": str(exc)})) from None
        data.pop("description", None)
        return cls.from_dict(data)

    # ---------------------------------------------------------------- presets
    @classmethod
    def presets(cls) -> list[str]:
        """Names of the presets shipped for this game."""
        folder = resources.files("cardlab") / "presets" / cls.game
        return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))

    @classmethod
    def preset(cls, name: str):
        """The rules of a shipped preset, e.g. ``PlumpRules.preset("kids")``."""
        names = cls.presets()
        if name not in names:
            raise RulesError("rules.unknown_preset", field="preset", name=name, game=cls.game.capitalize(), allowed=", ".join(names))
        text = (resources.files("cardlab") / "presets" / cls.game / f"{name}.toml").read_text(encoding="utf-8")
        return cls.from_toml(text)

    @classmethod
    def preset_description(cls, name: str) -> str:
        cls.preset(name)
        text = (resources.files("cardlab") / "presets" / cls.game / f"{name}.toml").read_text(encoding="utf-8")
        return tomllib.loads(text).get("description", "")


def check_choice(field: str, value: Any, allowed: tuple) -> None:
    """Refuse ``value`` unless it is one of ``allowed``, naming the field."""
    if value not in allowed:
        raise RulesError("rules.choice", field=field, value=value, allowed=", ".join(map(str, allowed)))


def check_int(field: str, value: Any, low: int, high: int) -> None:
    """Refuse anything but a whole number in ``low..high``, naming the field."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RulesError("rules.range", field=field, value=value, low=low, high=high)


def check_bool(field: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise RulesError("rules.choice", field=field, value=value, allowed="true, false")
