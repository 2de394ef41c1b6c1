"""Something to try in a lesson: controls and what they show, like ``ipywidgets.interact``.

The one difference is what a page shows before the notebook has run (JupyterLab on a
fresh clone, a notebook viewer): a sentence in the lesson's language that says what to
press, instead of ``interactive(children=(IntSlider(…``.

>>> import ipywidgets as W
>>> bundle = TryIt(W.VBox([W.IntSlider(min=1, max=13, value=5)]), lang="en")._repr_mimebundle_()
>>> bundle["text/plain"]
'You can try this when the cells above have run: click the first cell of the notebook and press Shift + Enter until you get here.'

In a notebook, as a decorator (``@try_it(lang=LANG, cards=W.IntSlider(…))`` above ``def draw(cards): …``).
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

from ..i18n import check_language, tr


class TryIt:
    """A widget (an ``ipywidgets.interactive`` box) shown with a sentence as its plain-text stand-in."""

    def __init__(self, box: W.Widget, *, lang: str = "sv") -> None:
        self.box = box
        self.lang = check_language(lang)

    @property
    def widget(self) -> W.Widget:
        return self.box

    def _repr_mimebundle_(self, **kwargs):
        bundle = self.box._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/plain"] = tr("try_it.before_run", self.lang)
        return bundle


def try_it(*, lang: str = "sv", **controls: Any) -> Callable[[Callable], Callable]:
    """A decorator like ``@ipywidgets.interact(**controls)``: shows the controls and the function's
    output under them at once, with a stand-in sentence in ``lang`` (see the module docstring)."""
    from IPython.display import display

    def decorate(function: Callable) -> Callable:
        display(TryIt(W.interactive(function, **controls), lang=lang))
        return function

    return decorate
