"""Who the pupil of this page is, as the classroom server knows it (``None`` anywhere else).

A pupil joins the class once (class code and name, on the server's join page) and gets a pass the
server issued: a pupil id the server chose and the name given, normalised to NFC.  A notebook that
wants to know whose page it runs in asks :func:`current_pupil`:

>>> current_pupil(environ={}) is None          # JupyterLab, a script, a test: no classroom server
True
>>> current_pupil(environ={"CARDLAB_PUPIL_ID": "0123456789abcdef", "CARDLAB_PUPIL_NAME": "A\u030asa"})
Pupil(pupil_id='0123456789abcdef', name='Åsa')

How it gets there: a kernel the server starts for one page has the pupil in its environment
(``CARDLAB_PUPIL_ID``, ``CARDLAB_PUPIL_NAME``).  A kernel from the pool of ready kernels was started
before any pupil came, so it asks the server which pupil's page it was handed to
(``CARDLAB_IDENTITY_URL``/``<kernel id>``, showing the key ``CARDLAB_KERNEL_KEY`` that only the
server's kernels have).  Voilà's own way (``voila.utils.get_query_string``) passes only the page's
query string and chosen HTTP headers, over a websocket any browser could open; this one passes the
pass's pupil and answers only kernels.
"""

from __future__ import annotations

import json
import os
import unicodedata
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Mapping

PUPIL_ID_ENV = "CARDLAB_PUPIL_ID"
PUPIL_NAME_ENV = "CARDLAB_PUPIL_NAME"
IDENTITY_URL_ENV = "CARDLAB_IDENTITY_URL"
KERNEL_KEY_ENV = "CARDLAB_KERNEL_KEY"
KERNEL_ID_ENV = "VOILA_KERNEL_ID"
KERNEL_KEY_HEADER = "X-Cardlab-Kernel-Key"

_known: "Pupil | None" = None


@dataclass(frozen=True)
class Pupil:
    """A pupil as the classroom server issued them: its id (hex) and the name given when joining."""

    pupil_id: str
    name: str


def current_pupil(*, environ: "Mapping[str, str] | None" = None, timeout: float = 5.0) -> "Pupil | None":
    """The pupil whose page this kernel serves, or ``None`` outside the classroom server (or before a page
    has claimed this ready kernel).  A found pupil is remembered: a kernel serves one page only."""
    global _known
    env = os.environ if environ is None else environ
    if env.get(PUPIL_ID_ENV):
        return Pupil(env[PUPIL_ID_ENV], unicodedata.normalize("NFC", env.get(PUPIL_NAME_ENV, "")))
    if environ is None and _known is not None:
        return _known
    url, key, kernel = env.get(IDENTITY_URL_ENV), env.get(KERNEL_KEY_ENV), env.get(KERNEL_ID_ENV)
    if not (url and key and kernel):
        return None
    request = urllib.request.Request(f"{url.rstrip('/')}/{kernel}", headers={KERNEL_KEY_HEADER: key})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            data = json.loads(response.read().decode("utf-8"))
    except (OSError, ValueError, urllib.error.HTTPError):
        return None
    found = Pupil(str(data["id"]), unicodedata.normalize("NFC", str(data.get("name", ""))))
    if environ is None:
        _known = found
    return found
