"""Who may use the classroom server: the class code, the teacher code and the pupil's pass.

The teacher's computer prints a **class code** (three easy words, e.g. ``sol-katt-bok``) and a
**teacher code** (four words) when the server starts.  A pupil opens the join page, types the
class code and a name once, and gets a *pass*: a cookie signed by the server (tornado's signed
cookies, with a secret made afresh at every start), holding a pupil id the server chose and the
name, normalised to NFC.  Without a valid pass the server answers every other URL with the join
page (a redirect) or 403; with it, the pupil is known by the server's id, not by a name typed later.

The codes are compared without regard to case, spaces or dashes:

>>> codes = AccessCodes(class_code="sol-katt-bok", teacher_code="hus-ko-mus-gran")
>>> codes.role_for("  Sol Katt  BOK "), codes.role_for("hus ko mus gran"), codes.role_for("sol katt")
('pupil', 'teacher', None)

Wrong guesses are counted per client and in all (:class:`GuessLimiter`), so a code cannot be
found by trying.

A pass is a small JSON object; :func:`make_pass` checks the name:

>>> p = make_pass("Åsa  Berg", pupil_id="0123456789abcdef")
>>> p.name, p.pupil_id, p.teacher
('Åsa Berg', '0123456789abcdef', False)
>>> Pass.from_json(p.to_json()) == p
True
"""

from __future__ import annotations

import contextlib
import hmac
import json
import re
import secrets
import time
import unicodedata
from collections import deque
from dataclasses import dataclass
from typing import Callable

from ..classroom import clean_name, new_pupil_id

#: The pass cookie's name.
PASS_COOKIE = "cardlab_pass"
#: How long a pass is valid (days); the secret changes at every start of the server anyway.
PASS_MAX_AGE_DAYS = 1

#: Easy words for codes, per language: short, no å/ä/ö/æ/ø, none a rude word, none easily confused.
CODE_WORDS: dict[str, tuple[str, ...]] = {
    "sv": ("sol", "hus", "bok", "katt", "hund", "ko", "mus", "gran", "sten", "berg", "sjo", "moln", "regn", "vind",
           "is", "eld", "lampa", "bord", "stol", "boll", "bil", "buss", "tag", "cykel", "apa", "orm",
           "fisk", "fagel", "haj", "lejon", "tiger", "zebra", "banan", "citron", "melon", "plommon", "pizza", "soppa",
           "kaka", "glass", "saft", "mjolk", "ost", "brod", "penna", "sax", "lim", "rosa", "gul", "bla", "vit", "svart", "brun", "lila", "tre", "fem", "sju", "nio", "tio", "elva", "kung", "dam", "knekt", "ess",
           "hjul", "raket", "planet", "stjarna"),
    "nb": ("sol", "hus", "bok", "katt", "hund", "ku", "mus", "gran", "stein", "fjell", "sjo", "sky", "regn", "vind",
           "is", "ild", "lampe", "bord", "stol", "ball", "bil", "buss", "tog", "sykkel", "ape", "orm", "fisk", "fugl",
           "hai", "love", "tiger", "sebra", "banan", "sitron", "melon", "plomme", "pizza", "suppe", "kake", "saft",
           "melk", "ost", "brod", "penn", "saks", "lim", "rosa", "gul", "bla", "hvit", "svart", "brun", "lilla", "tre",
           "fem", "sju", "ni", "ti", "elleve", "konge", "dame", "knekt", "ess", "hjul", "rakett", "planet", "stjerne",
           "elg"),
    "en": ("sun", "house", "book", "cat", "dog", "cow", "mouse", "tree", "stone", "hill", "lake", "cloud", "rain",
           "wind", "ice", "fire", "lamp", "table", "chair", "ball", "car", "bus", "train", "bike", "monkey", "snake",
           "fish", "bird", "shark", "lion", "tiger", "zebra", "banana", "lemon", "melon", "plum", "pizza", "soup",
           "cake", "juice", "milk", "cheese", "bread", "pen", "glue", "pink", "yellow", "blue", "white", "black",
           "brown", "purple", "three", "five", "seven", "nine", "ten", "king", "queen", "jack", "ace", "wheel",
           "rocket", "planet", "star", "moose", "frog", "apple"),
}

PUPIL = "pupil"
TEACHER = "teacher"


def normalise_code(text: str) -> str:
    """A typed code as it is compared: NFKC, case-folded, words joined by ``-``.

    >>> normalise_code(" Sol,KATT -- bok\\n")
    'sol-katt-bok'
    """
    words = re.split(r"[^\w]+|_", unicodedata.normalize("NFKC", str(text)).casefold())
    return "-".join(w for w in words if w)


def new_code(words: int, lang: str = "sv", *, choose: Callable[[tuple[str, ...]], str] = secrets.choice) -> str:
    """A fresh code of ``words`` different easy words in ``lang`` (chosen with :mod:`secrets`).

    >>> code = new_code(3, "nb")
    >>> len(code.split("-")), all(w in CODE_WORDS["nb"] for w in code.split("-"))
    (3, True)
    """
    pool = CODE_WORDS[lang]
    chosen: list[str] = []
    while len(chosen) < words:
        word = choose(pool)
        if word not in chosen:
            chosen.append(word)
    return "-".join(chosen)


@dataclass(frozen=True)
class AccessCodes:
    """The class code and the teacher code of one running server (kept normalised)."""

    class_code: str
    teacher_code: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "class_code", normalise_code(self.class_code))
        object.__setattr__(self, "teacher_code", normalise_code(self.teacher_code))
        if len(self.class_code) < 6 or len(self.teacher_code) < 6:
            raise ValueError("A class or teacher code needs at least 6 letters.")
        if self.class_code == self.teacher_code:
            raise ValueError("The class code and the teacher code must differ.")

    @classmethod
    def fresh(cls, lang: str = "sv") -> "AccessCodes":
        """A new class code (3 words) and teacher code (4 words)."""
        return cls(new_code(3, lang), new_code(4, lang))

    def role_for(self, typed: str) -> "str | None":
        """``"pupil"`` for the class code, ``"teacher"`` for the teacher code, else ``None`` (compared in constant time)."""
        given = normalise_code(typed).encode()
        if hmac.compare_digest(given, self.teacher_code.encode()):
            return TEACHER
        if hmac.compare_digest(given, self.class_code.encode()):
            return PUPIL
        return None


@dataclass(frozen=True)
class Pass:
    """What a pupil's (or the teacher's) signed cookie holds."""

    pupil_id: str
    name: str
    teacher: bool = False

    def to_json(self) -> str:
        return json.dumps({"id": self.pupil_id, "name": self.name, "teacher": self.teacher}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: "str | bytes") -> "Pass | None":
        """The pass in a cookie's (already verified) value, or ``None`` if it is not one."""
        try:
            data = json.loads(text)
            return cls(str(data["id"]), str(data["name"]), bool(data.get("teacher", False)))
        except (ValueError, KeyError, TypeError):
            return None


def make_pass(name: str, *, teacher: bool = False, pupil_id: "str | None" = None, lang: "str | None" = None) -> Pass:
    """A pass for a pupil called ``name`` (cleaned and normalised to NFC; raises a clear error for an empty
    or too long name), with a fresh id unless one is given."""
    cleaned = unicodedata.normalize("NFC", clean_name(name, lang=lang)) if not teacher or name else ""
    return Pass(pupil_id or new_pupil_id(), cleaned, teacher)


def read_pass(secret: bytes, cookie_value: "str | None") -> "Pass | None":
    """The pass in a cookie value if the server signed it (with ``secret``) in the last day, else ``None``.

    >>> from tornado.web import create_signed_value
    >>> good = create_signed_value(b"s" * 32, PASS_COOKIE, make_pass("Anna", pupil_id="00000000").to_json())
    >>> read_pass(b"s" * 32, good.decode()).name, read_pass(b"x" * 32, good.decode()), read_pass(b"s" * 32, "forged")
    ('Anna', None, None)
    """
    from tornado.web import decode_signed_value

    if not cookie_value:
        return None
    value = decode_signed_value(secret, PASS_COOKIE, cookie_value, max_age_days=PASS_MAX_AGE_DAYS)
    return Pass.from_json(value) if value is not None else None


class GuessLimiter:
    """Counts wrong code guesses in a sliding window: at most ``per_client`` per client and ``in_all`` in all.

    >>> clock = [0.0]
    >>> limit = GuessLimiter(per_client=2, in_all=3, window=60, clock=lambda: clock[0])
    >>> limit.wrong("a"); limit.wrong("a"); limit.allowed("a"), limit.allowed("b")
    (False, True)
    >>> limit.wrong("b"); limit.allowed("b"), limit.allowed("c")      # three in all: nobody may try now
    (False, False)
    >>> clock[0] = 61; limit.allowed("a"), limit.allowed("c")
    (True, True)
    """

    def __init__(self, per_client: int = 5, in_all: int = 60, window: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_client, self.in_all, self.window, self.clock = per_client, in_all, window, clock
        self._all: deque[tuple[float, str]] = deque()

    def _forget_old(self) -> None:
        now = self.clock()
        while self._all and now - self._all[0][0] >= self.window:
            self._all.popleft()

    def allowed(self, client: str) -> bool:
        """May ``client`` try a code now?"""
        self._forget_old()
        if len(self._all) >= self.in_all:
            return False
        return sum(1 for _, who in self._all if who == client) < self.per_client

    def wrong(self, client: str) -> None:
        """Record a wrong guess by ``client``."""
        self._forget_old()
        self._all.append((self.clock(), client))


def join_urls(ip: str, port: int) -> list[str]:
    """The addresses pupils type: this computer's address on the school network when serving on every
    interface (``0.0.0.0``), else the one given.

    >>> join_urls("127.0.0.1", 8866)
    ['http://127.0.0.1:8866/join']
    """
    import socket

    if ip not in ("0.0.0.0", "", "::"):
        return [f"http://{ip}:{port}/join"]
    found = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 1))       # chooses the outgoing interface; sends nothing
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        found += [a for a in socket.gethostbyname_ex(socket.gethostname())[2] if not a.startswith("127.")]
    unique = list(dict.fromkeys(a for a in found if a and not a.startswith("127.")))
    return [f"http://{a}:{port}/join" for a in unique] or [f"http://127.0.0.1:{port}/join"]
