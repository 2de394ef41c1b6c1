"""Table codes, seat tokens and player names: what a child types, what a browser keeps secret.

A **table code** is five characters from an alphabet without look-alikes (no 0/O, 1/I/L,
2/Z, 5/S, 8/B, 6/G), easy to read aloud and to type; case and spaces do not matter.
A **seat token** (``secrets.token_urlsafe``) is the private key to one seat; the store keeps
only its hash, so a copied class folder does not let anyone act for a child.

>>> import random
>>> code = new_table_code(random.Random(1))
>>> len(code), all(ch in CODE_ALPHABET for ch in code)
(5, True)
>>> normal_code(" kmx4 7 ".upper()) == normal_code("kmx47")
True
>>> clean_name("  Anna  ")
'Anna'
>>> token_hash("abc") == token_hash("abc") != token_hash("abd")
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from typing import Any

from ..errors import TableError

#: Letters and digits that cannot be mistaken for each other when read from a board.
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
CODE_LENGTH = 5
NAME_LIMIT = 20


def new_table_code(rng: Any = None) -> str:
    """A fresh table code (``rng``: a ``random.Random`` for tests; default the ``secrets`` module)."""
    pick = rng.choice if rng is not None else secrets.choice
    return "".join(pick(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: Any) -> str:
    """A typed table code in its stored form (upper case, spaces and dashes removed); '' if not text."""
    if not isinstance(text, str):
        return ""
    return "".join(ch for ch in text.upper() if ch not in " -\t")


def new_token() -> str:
    """A private seat (or teacher) token: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """The SHA-256 of a token, which is what the store keeps."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_token(token: Any, digest: str | None) -> bool:
    """Whether ``token`` hashes to ``digest`` (compared in constant time)."""
    if not isinstance(token, str) or not token or digest is None:
        return False
    return hmac.compare_digest(token_hash(token), digest)


def clean_name(name: Any, lang: str | None = None) -> str:
    """A player's name as typed: trimmed, one line, 1 to 20 characters, no control characters.

    The name is kept as plain text; every page that shows it escapes it.

    >>> clean_name("<b>Bo</b>")
    '<b>Bo</b>'
    >>> clean_name("")
    Traceback (most recent call last):
    ...
    cardlab.errors.TableError: Write your name (1 to 20 letters).
    """
    if not isinstance(name, str):
        raise TableError("tables.name", lang=lang, limit=NAME_LIMIT)
    text = " ".join(name.split())
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    if not 1 <= len(text) <= NAME_LIMIT:
        raise TableError("tables.name", lang=lang, limit=NAME_LIMIT)
    return text
