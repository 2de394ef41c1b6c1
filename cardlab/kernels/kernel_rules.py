"""Which rule options a compiled kernel models, and the check that refuses every other rule.

Each kernel module declares ``RULE_OPTIONS``: a mapping from each option of its game's rules
object to the values it accepts, either a tuple of values or :data:`EVERY` (every value the
rules object itself allows, e.g. because the option does not change a single simulated round,
or because the kernel takes it as a number).  An option a kernel does not declare is accepted
only at its default, so a new rule option is refused by every kernel until someone models it.

>>> from cardlab import PlumpRules
>>> OPTIONS = {"decks": (1,), "scoring": ("standard", "penalty")}
>>> kernel_refusal(PlumpRules(), OPTIONS, "plump") is None
True
>>> print(kernel_refusal(PlumpRules(scoring="tricks-only"), OPTIONS, "plump").message("en"))
The fast Plump simulator cannot play scoring = tricks-only: it accepts standard, penalty.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from ..errors import RulesError


class _Every:
    """Every value the rules object allows."""

    def __repr__(self) -> str:
        return "EVERY"


EVERY = _Every()


def _accepts(accepted: Any, value: Any) -> bool:
    if accepted is EVERY:
        return True
    return any(value == a and type(value) is type(a) for a in accepted)


def _words(accepted: Any) -> str:
    if isinstance(accepted, range):
        return f"{accepted.start}–{accepted.stop - 1}"
    return ", ".join(str(a) for a in accepted)


def declared(rules: Any, options: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of ``rules`` with what the kernel accepts (undeclared options: their default only)."""
    out = {}
    for f in dataclasses.fields(rules):
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[misc]
        out[f.name] = options.get(f.name, (default,))
    return out


def kernel_refusal(rules: Any, options: Mapping[str, Any], game: str) -> RulesError | None:
    """The :class:`cardlab.errors.RulesError` a kernel raises for ``rules``, or None when it models them all.

    The error names the first option the kernel cannot play, its value and the accepted values.
    """
    for name, accepted in declared(rules, options).items():
        value = getattr(rules, name)
        if not _accepts(accepted, value):
            allowed = accepted if isinstance(accepted, range) else tuple(accepted)
            shown = "None" if value is None else value
            return RulesError("sim.kernel_option", field=name, value=shown, game=game.capitalize(),
                              allowed=_words(allowed))
    return None


def check_kernel_rules(rules: Any, options: Mapping[str, Any], game: str) -> None:
    """Raise :func:`kernel_refusal`'s error, if any."""
    error = kernel_refusal(rules, options, game)
    if error is not None:
        raise error
