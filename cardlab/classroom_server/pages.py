"""The classroom server's own pages: join, teacher, file list, and the pages that say no.

Each page is one small HTML document in the pupils' language (sv, nb or en) with its style inline:
nothing is loaded from anywhere else, so the pages work on a school network without internet.
Every name and title shown is escaped.

>>> html = refusal_page("server.full.title", "server.full.text", "sv", limit=30)
>>> "Klassen är full" in html and "Alla 30 platser" in html and "http" not in html
True
>>> "&lt;b&gt;" in join_page("en", name="<b>", error="server.join.wrong_code")
True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Iterable, Sequence

from ..i18n import LANGUAGES, tr

_STYLE = """
body { font-family: system-ui, sans-serif; background: #f4f1ea; color: #222; margin: 0; }
main { max-width: 34rem; margin: 3rem auto; background: #fff; padding: 1.5rem 2rem; border-radius: 12px;
       box-shadow: 0 2px 10px rgba(0,0,0,.12); }
h1 { font-size: 1.6rem; margin-top: 0; }
label { display: block; margin: 1rem 0 .3rem; font-weight: 600; }
input[type=text], input[type=password] { font-size: 1.3rem; padding: .4rem .6rem; width: 100%; box-sizing: border-box; }
button { font-size: 1.3rem; margin-top: 1.2rem; padding: .5rem 1.4rem; border-radius: 8px; border: 0;
         background: #1f6f43; color: #fff; cursor: pointer; }
.error { background: #fde8e4; border-left: 5px solid #c0392b; padding: .6rem .8rem; margin: 1rem 0; }
ul.lessons { list-style: none; padding: 0; }
ul.lessons li a { display: block; padding: .7rem .8rem; margin: .3rem 0; border-radius: 8px; background: #e8f2ec;
                  color: #123; text-decoration: none; font-size: 1.15rem; }
ul.lessons li a:hover { background: #cfe6d7; }
table { border-collapse: collapse; width: 100%; } td, th { border-bottom: 1px solid #ddd; padding: .3rem; text-align: left; }
.small { color: #555; font-size: .9rem; }
"""


def page(title: str, body: str, lang: str) -> str:
    """A whole HTML page: ``title`` (plain text) and ``body`` (HTML already escaped)."""
    return (f'<!DOCTYPE html>\n<html lang="{escape(lang)}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{_STYLE}</style></head>"
            f"<body><main><h1>{escape(title)}</h1>{body}</main></body></html>")


def _error(key: "str | None", lang: str, text: "str | None" = None) -> str:
    shown = text if text else (tr(key, lang) if key else "")
    return f'<p class="error" role="alert">{escape(shown)}</p>' if shown else ""


def join_page(lang: str, *, xsrf_form_html: str = "", next_url: str = "/", name: str = "",
              error: "str | None" = None, error_text: "str | None" = None) -> str:
    """The join page: class code and name (``error``: a message key shown above the form, or ``error_text``)."""
    body = (f"<p>{escape(tr('server.join.intro', lang))}</p>{_error(error, lang, error_text)}"
            f'<form method="post" action="/join" autocomplete="off">{xsrf_form_html}'
            f'<input type="hidden" name="next" value="{escape(next_url)}">'
            f'<label for="code">{escape(tr("server.join.code", lang))}</label>'
            f'<input type="text" id="code" name="code" autocapitalize="none" spellcheck="false" required autofocus>'
            f'<label for="name">{escape(tr("server.join.name", lang))}</label>'
            f'<input type="text" id="name" name="name" maxlength="80" value="{escape(name)}" required>'
            f'<button type="submit" id="join">{escape(tr("server.join.button", lang))}</button></form>')
    return page(tr("server.join.title", lang), body, lang)


def teacher_join_page(lang: str, *, xsrf_form_html: str = "", next_url: str = "/teacher",
                      error: "str | None" = None) -> str:
    """The teacher's sign-in page: the teacher code only."""
    body = (f"<p>{escape(tr('server.teacher.intro', lang))}</p>{_error(error, lang)}"
            f'<form method="post" action="/teacher/join" autocomplete="off">{xsrf_form_html}'
            f'<input type="hidden" name="next" value="{escape(next_url)}">'
            f'<label for="code">{escape(tr("server.teacher.code", lang))}</label>'
            f'<input type="password" id="code" name="code" required autofocus>'
            f'<button type="submit" id="join">{escape(tr("server.join.button", lang))}</button></form>')
    return page(tr("server.teacher.title", lang), body, lang)


def refusal_page(title_key: str, text_key: str, lang: str, **fields) -> str:
    """A page that says no, kindly: a title and one sentence."""
    return page(tr(title_key, lang), f'<p class="error" role="alert">{escape(tr(text_key, lang, **fields))}</p>', lang)


# ------------------------------------------------------------------ the file list
@dataclass(frozen=True)
class Lesson:
    """One notebook in the file list: its file name, its human title and its language (``None``: unknown)."""

    path: str
    title: str
    lang: "str | None"


#: Small words that tell the three languages apart in a notebook's first lines.
_LANGUAGE_WORDS = {
    "sv": {"och", "är", "du", "att", "det", "som", "hur", "vad", "spela", "kort", "stick", "med", "på", "inte"},
    "nb": {"og", "er", "du", "å", "det", "som", "hvordan", "hva", "spill", "kort", "stikk", "med", "på", "ikke"},
    "en": {"and", "is", "you", "the", "to", "how", "what", "play", "cards", "tricks", "with", "of", "who", "does"},
}


def guess_language(text: str) -> "str | None":
    """The language most of ``text``'s small words belong to (``None`` when nothing tells).

    >>> guess_language("Kort och stick: hur tar man ett stick?"), guess_language("Hvordan spiller du?")
    ('sv', 'nb')
    >>> guess_language("Play Plump"), guess_language("12345")
    ('en', None)
    """
    words = re.findall(r"\w+", text.casefold())
    scores = {lang: sum(w in vocab for w in words) for lang, vocab in _LANGUAGE_WORDS.items()}
    best = max(scores.values())
    winners = [lang for lang, score in scores.items() if score == best]
    return winners[0] if best and len(winners) == 1 else None


def lesson_of(path: Path) -> Lesson:
    """A notebook's title (a bold first phrase, else its first ``#`` heading, else its file name made readable) and language
    (``metadata.cardlab.lang`` if the notebook names it, else guessed from its first text cells).

    >>> import json, tempfile, pathlib
    >>> nb = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "*A note*\\n\\n# Kort och stick\\nHur tar man ett stick?"}],
    ...       "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "01_kort_och_stick.ipynb"; _ = p.write_text(json.dumps(nb))
    >>> lesson_of(p)
    Lesson(path='01_kort_och_stick.ipynb', title='Kort och stick', lang='sv')
    """
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        notebook = {}
    cells = [c for c in notebook.get("cells", []) if isinstance(c, dict) and c.get("cell_type") == "markdown"][:3]
    texts = ["".join(c.get("source", "")) if isinstance(c.get("source"), list) else str(c.get("source", "")) for c in cells]
    title = None
    lead = re.match(r"\s*\*\*([^*\n]+?)\*\*", texts[0]) if texts else None
    if lead:                     # a play notebook opens with its table: "**Play Plump**: guess how many …"
        title = lead.group(1).strip()
    for text in texts if title is None else ():
        match = re.search(r"^#{1,2}\s+(.+?)\s*#*\s*$", text, re.MULTILINE)
        if match:
            title = match.group(1).strip()
            break
    if not title:
        title = re.sub(r"^\d+[_ ]*", "", path.stem).replace("_", " ").strip().capitalize() or path.stem
    meta = notebook.get("metadata", {}).get("cardlab", {}) if isinstance(notebook.get("metadata"), dict) else {}
    lang = meta.get("lang") if isinstance(meta, dict) and meta.get("lang") in LANGUAGES else None
    if lang is None:
        lang = guess_language(title + " " + " ".join(texts))
    return Lesson(path.name, title, lang)


def file_list_page(lessons: Sequence[Lesson], lang: str, *, pupil_name: str = "") -> str:
    """The list of notebooks a pupil may open: those in ``lang`` (or of unknown language) first, by file name,
    then those in other languages."""
    mine = [x for x in lessons if x.lang in (lang, None)]
    others = [x for x in lessons if x not in mine]

    def items(group: Iterable[Lesson]) -> str:
        return "".join(f'<li><a href="/voila/render/{escape(x.path, quote=True)}" lang="{escape(x.lang or lang)}">'
                       f"{escape(x.title)}</a></li>" for x in group)

    body = ""
    if pupil_name:
        body += f'<p class="small">{escape(tr("server.join.joined", lang, name=pupil_name))}</p>'
    body += f'<ul class="lessons">{items(mine)}</ul>' if mine else f"<p>{escape(tr('server.tree.empty', lang))}</p>"
    if others:
        body += f"<h2>{escape(tr('server.tree.other_languages', lang))}</h2><ul class=\"lessons\">{items(others)}</ul>"
    return page(tr("server.tree.title", lang), body, lang)


def join_qr(url: str, *, svg: bool = True) -> "str | None":
    """A QR code of the join address, as inline SVG (``svg=True``) or as text for a terminal; ``None`` when the
    QR library (segno, in the ``lab`` extra) is not installed.  Made here, offline.

    >>> code = join_qr("http://192.168.1.20:8866/join")
    >>> code is None or (code.startswith("<svg") and "http" not in code.replace('http://www.w3.org', ''))
    True
    """
    try:
        import segno
    except ImportError:
        return None
    qr = segno.make(url, error="m")
    if svg:
        return qr.svg_inline(scale=6, dark="#123", light="#fff")
    import io

    out = io.StringIO()
    qr.terminal(out=out, compact=True)
    return out.getvalue()


def teacher_page(lang: str, *, rows: Sequence[tuple[str, str, bool, str]], limit: int, join_url: str, code: str,
                 tables: bool = False) -> str:
    """The teacher's overview: the join address and class code (with a QR code to show the class), who
    has which page open (pupil, notebook, connected?, computer), and (``tables``) a link to the tables page."""
    head = "".join(f"<th>{escape(h.strip())}</th>" for h in tr("server.teacher.table_head", lang).split("|"))
    body_rows = "".join(f"<tr><td>{escape(name)}</td><td>{escape(nb)}</td><td>{'✓' if connected else '…'}</td>"
                        f"<td>{escape(client)}</td></tr>" for name, nb, connected, client in rows)
    qr = join_qr(join_url) if join_url else None
    body = (f"<p>{escape(tr('server.teacher.join_at', lang, url=join_url, code=code))}</p>"
            f'<p style="font-size:2.4rem;font-weight:700;letter-spacing:.05em">{escape(code)}</p>'
            + (f'<div class="qr">{qr}</div>' if qr else "") +
            f"<p>{escape(tr('server.teacher.pages', lang, count=len(rows), limit=limit))}</p>"
            f"<table><tr>{head}</tr>{body_rows}</table>"
            + (f'<p><a href="/teacher/tables" id="tables-link">{escape(tr("server.tables.link", lang))}</a></p>' if tables else ""))
    return page(tr("server.teacher.title", lang), body, lang)
