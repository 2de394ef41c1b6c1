"""What one client, and the whole class, may take from the teacher's computer.

A *client* is one computer on the network (its IP address).  The limits, each a command-line option
of ``python -m cardlab.classroom_server`` (defaults in :class:`Limits`):

* ``--kernels-per-client``: pages with a kernel (a table, a quiz) one client holds at once;
* ``--max-kernels``: pages with a kernel in all (beyond it a pupil gets "the class is full");
* ``--pages-per-minute``: page loads (``/voila/render/...``) one client may start per minute;
* ``--requests-per-second`` and ``--request-burst``: HTTP requests one client may send (a token
  bucket: a page's first load fetches a few dozen files at once, then little);
* ``--connect-grace``: seconds a page's kernel is kept for a page that has not connected yet.

A kernel handed to a page whose connection was reset before the page arrived is shut down at
once; one whose page never connects is shut down after ``--connect-grace`` seconds.  A kernel being
shut down still counts against its client until its process has ended, so a client that resets
its page loads in a loop never has more kernel processes than its pages.

>>> ledger = KernelLedger()
>>> ledger.claim("k1", client="10.0.0.5", pupil_id="ab12cd34", name="Anna", notebook="02.ipynb")
>>> ledger.claim("k2", client="10.0.0.5", pupil_id="ab12cd34", name="Anna", notebook="05.ipynb")
>>> ledger.for_client("10.0.0.5"), ledger.total(), ledger.owner("k2")
(2, 2, 'ab12cd34')
>>> ledger.release("k1"); ledger.for_client("10.0.0.5")
1
>>> ledger.start_loading("10.0.0.5"); ledger.for_client("10.0.0.5"), ledger.total()
(2, 2)
"""

from __future__ import annotations

import argparse
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Iterable


@dataclass(frozen=True)
class Limits:
    """The server's limits (see the module docstring); ``for_class(pupils)`` gives the defaults for a class."""

    kernels_per_client: int = 3
    max_kernels: int = 12
    pages_per_minute: int = 12
    requests_per_second: float = 20.0
    request_burst: int = 120
    connect_grace: float = 120.0

    @classmethod
    def for_class(cls, pupils: int, **changes) -> "Limits":
        """Defaults for ``pupils`` pupils: two pages each (a table and a quiz) plus 10 for the teacher and late arrivals.

        >>> Limits.for_class(30).max_kernels, Limits.for_class(1).max_kernels
        (70, 12)
        """
        return cls(max_kernels=2 * max(pupils, 1) + 10, **changes)

    def __post_init__(self) -> None:
        for name in ("kernels_per_client", "max_kernels", "pages_per_minute", "request_burst"):
            if int(getattr(self, name)) < 1:
                raise ValueError(f"The limit {name.replace('_', '-')} must be 1 or more.")
        if self.requests_per_second <= 0 or self.connect_grace <= 0:
            raise ValueError("The limits requests-per-second and connect-grace must be above 0.")


class TokenBucket:
    """Requests per client: ``burst`` at once, refilled at ``rate`` per second.

    >>> clock = [0.0]
    >>> bucket = TokenBucket(rate=1, burst=2, clock=lambda: clock[0])
    >>> [bucket.take("a") for _ in range(3)], bucket.take("b")
    ([True, True, False], True)
    >>> clock[0] = 1.0; bucket.take("a")
    True
    """

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic, max_clients: int = 10_000) -> None:
        self.rate, self.burst, self.clock, self.max_clients = float(rate), float(burst), clock, max_clients
        self._state: dict[str, tuple[float, float]] = {}

    def take(self, client: str) -> bool:
        now = self.clock()
        tokens, then = self._state.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        allowed = tokens >= 1.0
        if allowed:
            tokens -= 1.0
        if len(self._state) >= self.max_clients and client not in self._state:
            self._forget_full(now)
        self._state[client] = (tokens, now)
        return allowed

    def _forget_full(self, now: float) -> None:
        """Drop clients whose bucket has filled up again (they are as if new), so the table stays small."""
        for who, (tokens, then) in list(self._state.items()):
            if tokens + (now - then) * self.rate >= self.burst:
                del self._state[who]


class SlidingCount:
    """Events per client in the last ``window`` seconds, at most ``limit``.

    >>> clock = [0.0]
    >>> pages = SlidingCount(limit=2, window=60, clock=lambda: clock[0])
    >>> [pages.take("a") for _ in range(3)]
    [True, True, False]
    >>> clock[0] = 60.0; pages.take("a")
    True
    """

    def __init__(self, limit: int, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.window, self.clock = int(limit), float(window), clock
        self._events: dict[str, deque[float]] = {}

    def take(self, client: str) -> bool:
        now = self.clock()
        events = self._events.setdefault(client, deque())
        while events and now - events[0] >= self.window:
            events.popleft()
        if len(events) >= self.limit:
            return False
        events.append(now)
        return True


@dataclass
class Claim:
    """One kernel handed to one page."""

    client: str
    pupil_id: str
    name: str
    notebook: str
    since: float = field(default_factory=time.monotonic)
    connected: bool = False
    closing: bool = False      #: being shut down (still counted until its process is gone)


class KernelLedger:
    """Which page (client, pupil) holds which kernel; kernels still in the pool are not in it."""

    def __init__(self) -> None:
        self.claims: dict[str, Claim] = {}
        self.loading: dict[str, int] = {}    #: pages still being made, per client (their kernel not yet known)

    def start_loading(self, client: str) -> None:
        self.loading[client] = self.loading.get(client, 0) + 1

    def done_loading(self, client: str) -> None:
        left = self.loading.get(client, 0) - 1
        if left > 0:
            self.loading[client] = left
        else:
            self.loading.pop(client, None)

    def claim(self, kernel_id: str, *, client: str, pupil_id: str, name: str, notebook: str) -> None:
        self.claims[kernel_id] = Claim(client, pupil_id, name, notebook)

    def release(self, kernel_id: str) -> None:
        self.claims.pop(kernel_id, None)

    def connected(self, kernel_id: str) -> None:
        claim = self.claims.get(kernel_id)
        if claim is not None:
            claim.connected = True

    def keep_only(self, alive: Iterable[str]) -> None:
        """Forget claims of kernels that are gone (died, culled, shut down)."""
        alive = set(alive)
        for kernel_id in [k for k in self.claims if k not in alive]:
            del self.claims[kernel_id]

    def owner(self, kernel_id: str) -> "str | None":
        claim = self.claims.get(kernel_id)
        return claim.pupil_id if claim is not None else None

    def for_client(self, client: str) -> int:
        """Kernels held by ``client``'s pages, pages being made included."""
        return sum(1 for c in self.claims.values() if c.client == client) + self.loading.get(client, 0)

    def total(self) -> int:
        """Kernels held by pages, pages being made included."""
        return len(self.claims) + sum(self.loading.values())

    def unconnected_older_than(self, seconds: float, now: "float | None" = None) -> list[str]:
        now = time.monotonic() if now is None else now
        return [k for k, c in self.claims.items() if not c.connected and not c.closing and now - c.since >= seconds]

    def closing(self, kernel_id: str) -> bool:
        """Mark a kernel as being shut down; ``False`` if it was already (or is not a page's kernel)."""
        claim = self.claims.get(kernel_id)
        if claim is None or claim.closing:
            return False
        claim.closing = True
        return True


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    """The limits as command-line options (``--kernels-per-client`` …), with their defaults in the help."""
    d = Limits()
    group = parser.add_argument_group("limits (see docs/classroom.md)")
    group.add_argument("--kernels-per-client", type=int, default=d.kernels_per_client,
                       help=f"pages with a kernel one computer may hold at once (default {d.kernels_per_client})")
    group.add_argument("--max-kernels", type=int, default=None,
                       help="pages with a kernel in all; beyond it pupils see 'the class is full' (default 2 × pupils + 10)")
    group.add_argument("--pages-per-minute", type=int, default=d.pages_per_minute,
                       help=f"page loads one computer may start per minute (default {d.pages_per_minute})")
    group.add_argument("--requests-per-second", type=float, default=d.requests_per_second,
                       help=f"HTTP requests one computer may send per second, on average (default {d.requests_per_second:g})")
    group.add_argument("--request-burst", type=int, default=d.request_burst,
                       help=f"HTTP requests one computer may send at once (default {d.request_burst})")
    group.add_argument("--connect-grace", type=float, default=d.connect_grace,
                       help=f"seconds a page's kernel waits for its page to connect (default {d.connect_grace:g})")
