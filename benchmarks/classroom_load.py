"""A class of pupils on one classroom server: pages, first tables, moves, memory and leaked kernels.

    .venv/bin/python benchmarks/classroom_load.py --pupils 30            # the full class (~4 min)
    .venv/bin/python benchmarks/classroom_load.py --pupils 4 --chromium 1 --linger 60
    .venv/bin/python benchmarks/classroom_load.py --pupils 30 --server plain   # Voilà as it comes, side by side

Starts ``python -m cardlab.classroom_server`` on 127.0.0.1 (a free port, a temporary class folder,
the limits per computer opened wide since every pupil here is 127.0.0.1), waits until its pool of
ready kernels is filled (as a teacher starts it before the lesson), then lets every pupil join the
class with the class code and opens the pupils' sessions in waves.  Each pupil is a small Python client that speaks the Jupyter
kernel and widget protocol over the kernel's websocket, exactly as the page's JavaScript does
(fetch the page, connect, ask for the widgets' state, click by sending the button's click event),
so no browser CPU is counted: the times are the server's.  Each pupil plays until it has played a
card and the trick is over (bids and the bots' moves by *Nästa* included), looking at the table for
``--think`` seconds (default 1, a child's fastest pace) between two clicks, then leaves.

Bad input on the way, as children produce it: every 10th pupil clicks twice at once, one in 10
reloads the page half-way (a new kernel, the old one shut down like a browser does it), one in 10
vanishes without closing the tab (its kernel must be culled), the rest close the tab.

After the pupils, a smaller check with real Chromium (``--chromium K`` pages; skipped with a note
when Chromium or Playwright is missing) opens the page, waits for the table and plays a card.

Measured: ``first_card`` = from asking for the page until the table's state (cards included) has
arrived; ``move`` = from a click until the kernel has sent every update for it and is idle again;
``rss_per_pupil_mb`` = the resident memory of the pupils' kernels (plus the server's growth) per
pupil; ``leaked_kernels`` = pupils' kernels still alive ``--linger`` seconds after the last left.
Everything runs on 127.0.0.1 and every loop is bounded in count and time.  The last line is::

    pupils=N errors=E first_card_p95_s=X move_p95_s=Y rss_per_pupil_mb=Z leaked_kernels=K
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
LESSON = "02_play_plump.ipynb"
PLAYERS = 4                     # the kids' preset
MAX_MOVES = 24                  # per pupil: bids, the bots' moves, the card and the rest of the trick
OP_TIMEOUT = 60.0               # seconds for one page, one state request or one move
WS_PROTOCOL = "v1.kernel.websocket.jupyter.org"
PAGES_KEPT: "Path | None" = None   # where a page without its table is saved for a look (set in main)
THINK = 1.0                     # seconds a pupil looks at the table between two clicks (set by --think)
CLASS_CODE, TEACHER_CODE = "sol-katt-bok", "hus-ko-mus-gran"
#: The whole class comes from 127.0.0.1 here, so the limits per computer are opened wide (the limits
#: themselves are tested in tests/test_classroom_access.py).
WIDE_LIMITS = ["--kernels-per-client", "1000", "--max-kernels", "1000", "--pages-per-minute", "10000",
               "--requests-per-second", "10000", "--request-burst", "10000"]
TEACHER_COOKIE = ""               # the teacher's pass (set in main), to ask which kernels are alive


# ------------------------------------------------------------------ numbers
def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank); nan for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def rss_mb(pid: int) -> float:
    """Resident memory of one process in MB (0 if it is gone)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_seconds(pid: int | None) -> float:
    """User + system CPU time of one process so far (0 if it is gone)."""
    if pid is None:
        return 0.0
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def kernel_pid(kernel_id: str) -> int | None:
    """The process of a kernel, found by its connection file name on the command line."""
    needle = f"kernel-{kernel_id}.json".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as fh:
                if needle in fh.read():
                    return int(entry)
        except OSError:
            continue
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


# ------------------------------------------------------------------ server
class Server:
    """The classroom server as a teacher starts it, on a free port of 127.0.0.1."""

    def __init__(self, pupils: int, spare: int, cull_after: int, workdir: Path, kind: str = "classroom") -> None:
        self.kind = kind
        self.size = pupils + spare if kind == "classroom" else 0
        self.port = free_port()
        self.base = f"http://{HOST}:{self.port}"
        self.log_path = workdir / "server.log"
        self.class_dir = workdir / "class"
        self._log = open(self.log_path, "wb")
        if kind == "classroom":
            cmd = [sys.executable, "-m", "cardlab.classroom_server", "--pupils", str(pupils), "--spare", str(spare),
                   "--port", str(self.port), "--ip", HOST, "--class-dir", str(self.class_dir),
                   "--app-folder", str(workdir / "app"), "--cull-after", str(cull_after), "--lesson", LESSON,
                   "--class-code", CLASS_CODE, "--teacher-code", TEACHER_CODE, *WIDE_LIMITS]
        else:   # Voilà as it comes, on the same pupil notebooks: the baseline the classroom server is measured against
            from cardlab.classroom_server import prepare_app_folder

            prepare_app_folder(workdir / "app")
            cmd = [sys.executable, "-m", "voila", str(workdir / "app"), "--no-browser", f"--port={self.port}",
                   f"--Voila.ip={HOST}"]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=self._log, stderr=subprocess.STDOUT)

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def wait_for_pool(self, seconds: float) -> float:
        """Wait until every pool kernel has run the notebook (the server logs "N ready kernel(s)");
        returns the seconds it took."""
        start = time.monotonic()
        if self.kind != "classroom":            # no pool: wait until the server answers
            while time.monotonic() - start < seconds:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"the server stopped:\n{self.log()[-3000:]}")
                try:
                    with socket.create_connection((HOST, self.port), timeout=1):
                        return time.monotonic() - start
                except OSError:
                    time.sleep(0.5)
            raise RuntimeError(f"the server did not answer within {seconds:.0f} s")
        pattern = re.compile(r"cardlab: (\d+) ready kernel\(s\) for " + re.escape(LESSON))
        while time.monotonic() - start < seconds:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped:\n{self.log()[-3000:]}")
            if max((int(n) for n in pattern.findall(self.log())), default=0) >= self.size:
                return time.monotonic() - start
            time.sleep(0.5)
        raise RuntimeError(f"the pool was not filled within {seconds:.0f} s:\n{self.log()[-3000:]}")

    def rss(self) -> float:
        return rss_mb(self.proc.pid)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._log.close()


# ------------------------------------------------------------------ one pupil
@dataclass
class Pupil:
    number: int
    behaviour: str                    # "close", "double-click", "reload", "vanish"
    first_card: list[float] = field(default_factory=list)
    pages: list[float] = field(default_factory=list)
    moves: list[float] = field(default_factory=list)
    kernels: list[str] = field(default_factory=list)
    rss: float = 0.0
    kernel_cpu: float = 0.0           # CPU seconds its kernel(s) spent while the pupil played
    error: str = ""
    cookie: str = ""                  # the pass the join page gave (classroom server)
    xsrf: str = ""                    # the cross-site check's value the page sends with its requests


class KernelSession:
    """One page's kernel as the page's JavaScript sees it: messages over the kernel's websocket."""

    def __init__(self, base: str, kernel_id: str, cookie: str = "") -> None:
        self.base, self.kernel_id, self.cookie = base, kernel_id, cookie
        self.session = uuid.uuid4().hex
        self.models: dict[str, dict[str, Any]] = {}
        self.ws = None
        self._idle: dict[str, asyncio.Event] = {}
        self._states = asyncio.Event()
        self._reader: asyncio.Task | None = None

    async def connect(self) -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        url = f"{self.base.replace('http', 'ws', 1)}/api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        request = HTTPRequest(url, headers={"Cookie": self.cookie, "Origin": self.base} if self.cookie else None)
        # the binary v1 protocol, as the page's JavaScript (JupyterLab services) speaks it
        self.ws = await asyncio.wait_for(websocket_connect(request, subprotocols=[WS_PROTOCOL]), OP_TIMEOUT)
        if self.ws.selected_subprotocol != WS_PROTOCOL:
            raise RuntimeError(f"the server did not accept the {WS_PROTOCOL} protocol")
        self._reader = asyncio.get_running_loop().create_task(self._read())

    def _message(self, msg_type: str, content: dict, metadata: dict | None = None) -> dict:
        return {"header": {"msg_id": uuid.uuid4().hex, "username": "pupil", "session": self.session,
                           "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "msg_type": msg_type,
                           "version": "5.3"},
                "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell", "buffers": []}

    async def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> str:
        msg = self._message(msg_type, content, metadata)
        msg_id = msg["header"]["msg_id"]
        self._idle[msg_id] = asyncio.Event()
        from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

        await self.ws.write_message(serialize_msg_to_ws_v1(msg, "shell", pack=lambda part: json.dumps(part).encode()),
                                    binary=True)
        return msg_id

    async def _read(self) -> None:
        from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

        while True:
            raw = await self.ws.read_message()
            if raw is None:
                return
            _channel, parts = deserialize_msg_from_ws_v1(raw if isinstance(raw, bytes) else raw.encode())
            header, parent_header, _metadata, content = (json.loads(part) for part in parts[:4])
            msg = {"header": header, "parent_header": parent_header, "content": content}
            kind = msg.get("header", {}).get("msg_type")
            content = msg.get("content", {})
            parent = msg.get("parent_header", {}).get("msg_id")
            if kind == "status" and content.get("execution_state") == "idle" and parent in self._idle:
                self._idle[parent].set()
            elif kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                self.models[content["comm_id"]] = {"state": dict(content.get("data", {}).get("state", {}))}
            elif kind == "comm_msg":
                data = content.get("data", {})
                if data.get("method") == "update_states":
                    for model_id, model in data.get("states", {}).items():
                        self.models[model_id] = {"state": dict(model.get("state", {}))}
                    self._states.set()
                elif data.get("method") in ("update", "echo_update"):
                    self.models.setdefault(content.get("comm_id"), {"state": {}})["state"].update(data.get("state", {}))

    async def request_states(self) -> None:
        """What the page's widget manager does first: open the control comm and ask for every widget's state."""
        comm_id = uuid.uuid4().hex
        await self.send("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
                        {"version": "1.0.0"})
        await self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
        await asyncio.wait_for(self._states.wait(), OP_TIMEOUT)

    async def click(self, model_id: str) -> float:
        """Click a button; the seconds until the kernel has answered (idle after the click)."""
        start = time.perf_counter()
        msg_id = await self.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}})
        await asyncio.wait_for(self._idle[msg_id].wait(), OP_TIMEOUT)
        return time.perf_counter() - start

    # ---------------------------------------------------------- what is on the table
    def _displayed(self, state: dict) -> bool:
        layout = state.get("layout", "")
        model = self.models.get(layout.replace("IPY_MODEL_", ""), {}) if isinstance(layout, str) else {}
        return model.get("state", {}).get("display") != "none"

    def _hidden(self) -> set[str]:
        """Widgets not on screen: hidden themselves or inside a hidden box (as the browser shows them)."""
        hidden = {mid for mid, m in self.models.items() if not self._displayed(m["state"])}
        frontier = list(hidden)
        while frontier:
            state = self.models.get(frontier.pop(), {}).get("state", {})
            for child in state.get("children", []) or []:
                cid = child.replace("IPY_MODEL_", "") if isinstance(child, str) else ""
                if cid and cid not in hidden:
                    hidden.add(cid)
                    frontier.append(cid)
        return hidden

    def buttons(self, css_class: str) -> list[str]:
        """Buttons on screen, enabled, carrying ``css_class`` (and not marked illegal), in model order."""
        hidden = self._hidden()
        out = []
        for model_id, model in self.models.items():
            state = model["state"]
            classes = state.get("_dom_classes", [])
            if (css_class in classes and "cardlab-illegal" not in classes and not state.get("disabled", False)
                    and model_id not in hidden):
                out.append(model_id)
        return out

    def has_table(self) -> bool:
        return bool([m for m in self.models.values() if "cardlab-card-btn" in m["state"].get("_dom_classes", [])])

    async def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
        if self._reader is not None:
            self._reader.cancel()


async def http(method: str, url: str, body: bytes | None = None, cookie: str = "") -> tuple[int, str]:
    from tornado.httpclient import AsyncHTTPClient, HTTPClientError

    client = AsyncHTTPClient()
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if body is not None else {}
    if cookie:
        headers["Cookie"] = cookie
    try:
        response = await client.fetch(url, method=method, body=body, request_timeout=OP_TIMEOUT, connect_timeout=OP_TIMEOUT,
                                      headers=headers, follow_redirects=False)
        return response.code, response.body.decode("utf-8", errors="replace")
    except HTTPClientError as exc:
        return exc.code, ""


async def open_page(base: str, pupil: Pupil) -> KernelSession:
    """Ask for the page and the table's state, as a browser's tab does; records both times."""
    start = time.perf_counter()
    code, page = await http("GET", f"{base}/voila/render/{LESSON}", cookie=pupil.cookie)
    pupil.pages.append(time.perf_counter() - start)
    found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
    if code != 200 or not found or "application/vnd.jupyter.widget-view+json" not in page:
        kept = PAGES_KEPT / f"page_without_table_{pupil.number}_{len(pupil.pages)}.html" if PAGES_KEPT else None
        if kept is not None:
            kept.write_text(page, encoding="utf-8")
        raise RuntimeError(f"page without a table (HTTP {code}, {len(page)} characters{f', kept in {kept}' if kept else ''})")
    session = KernelSession(base, found.group(1), pupil.cookie)
    pupil.kernels.append(session.kernel_id)
    await session.connect()
    await session.request_states()
    if not session.has_table():
        raise RuntimeError("the widgets arrived without the table's cards")
    pupil.first_card.append(time.perf_counter() - start)
    return session


async def leave(base: str, session: KernelSession, pupil: Pupil, *, beacon: bool) -> None:
    """Close the tab: the page's beforeunload beacon asks Voilà to shut the kernel down (with the
    page's ``_xsrf`` cookie value, as a browser sends it), then the websocket closes."""
    if beacon:
        code, _ = await http("POST", f"{base}/voila/api/shutdown/{session.kernel_id}", body=f"_xsrf={pupil.xsrf}".encode(),
                             cookie=pupil.cookie)
        if code not in (200, 204):
            raise RuntimeError(f"the shutdown of a closed tab was refused (HTTP {code})")
    await session.close()


async def play_a_trick(session: KernelSession, pupil: Pupil, *, double_click: bool = False, stop_after: int | None = None) -> None:
    """Bid and play until our card is on the table and the trick is over (bounded moves)."""
    played_at = None
    for move in range(MAX_MOVES):
        if stop_after is not None and move >= stop_after:
            return
        if played_at is not None and move - played_at >= PLAYERS - 1:
            return
        nxt = session.buttons("cardlab-next")
        bids = session.buttons("cardlab-bid-btn")
        cards = session.buttons("cardlab-card-btn")
        if nxt:
            target = nxt[0]
        elif bids:
            target = bids[0]
        elif cards:
            target, played_at = cards[0], move
        else:
            if played_at is not None:
                return               # the round is over: nothing left to click
            raise RuntimeError("nothing to click on the table")
        if move:
            await asyncio.sleep(THINK)      # a child looks before the next click
        if double_click:
            double_click = False
            first, second = await asyncio.gather(session.click(target), session.click(target))
            pupil.moves.extend([first, second])
        else:
            pupil.moves.append(await session.click(target))
    if played_at is None:
        raise RuntimeError(f"no card played within {MAX_MOVES} moves")


async def run_pupil(base: str, pupil: Pupil) -> None:
    session = None
    try:
        session = await open_page(base, pupil)
        if pupil.behaviour == "reload":
            await play_a_trick(session, pupil, stop_after=2)
            await leave(base, session, pupil, beacon=True)   # a reload: the old page unloads …
            session = await open_page(base, pupil)         # … and a new one (a new kernel) arrives
        pid = kernel_pid(session.kernel_id)
        cpu_before = cpu_seconds(pid)
        await play_a_trick(session, pupil, double_click=pupil.behaviour == "double-click")
        pupil.kernel_cpu += cpu_seconds(pid) - cpu_before
        pupil.rss = rss_mb(pid) if pid else 0.0
        await leave(base, session, pupil, beacon=pupil.behaviour != "vanish")
    except Exception as exc:  # noqa: BLE001 - every failure is counted and named
        pupil.error = f"{type(exc).__name__}: {exc}"
        if session is not None:
            await session.close()


def behaviour(number: int) -> str:
    return {3: "double-click", 5: "vanish", 7: "reload"}.get(number % 10, "close")


async def run_class(base: str, n: int, wave: int, gap: float) -> list[Pupil]:
    pupils = [Pupil(i, behaviour(i)) for i in range(n)]
    if TEACHER_COOKIE:                  # the classroom server: every pupil joins the class first
        from cardlab.classroom_server.client import join

        for pupil in pupils:
            client = join(base, CLASS_CODE, f"Pupil {pupil.number}")
            pupil.cookie, pupil.xsrf = client.cookie_header, client.xsrf
    tasks = []
    for start in range(0, n, wave):
        for pupil in pupils[start:start + wave]:
            tasks.append(asyncio.create_task(run_pupil(base, pupil)))
        if start + wave < n:
            await asyncio.sleep(gap)
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=OP_TIMEOUT * (MAX_MOVES + 4))
    return pupils


async def alive(base: str, kernel_ids: list[str]) -> list[str]:
    out = []
    for kernel_id in kernel_ids:
        code, _ = await http("GET", f"{base}/api/kernels/{kernel_id}", cookie=TEACHER_COOKIE)
        if code == 200:
            out.append(kernel_id)
    return out


async def wait_for_leaks(base: str, kernel_ids: list[str], linger: float) -> tuple[list[str], float]:
    """Poll until no pupil kernel is left or ``linger`` seconds have passed; (still alive, seconds)."""
    start = time.monotonic()
    left = await alive(base, kernel_ids)
    while left and time.monotonic() - start < linger:
        await asyncio.sleep(5)
        left = await alive(base, left)
    return left, time.monotonic() - start


# ------------------------------------------------------------------ Chromium
def chromium_check(base: str, pages: int, shots: Path) -> tuple[list[float], list[str], str]:  # noqa: C901
    """Open ``pages`` real Chromium tabs one after another: wait for the table, play one click, close.

    Returns (seconds to the table, kernel ids, a note).  Skips (with a note) without Chromium/Playwright."""
    chromium = "/usr/bin/chromium"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return [], [], "chromium check skipped: Playwright for Python is not installed"
    if not os.path.exists(chromium):
        return [], [], "chromium check skipped: /usr/bin/chromium is missing"
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"]
    times, kernels = [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=args, headless=True)
        try:
            for number in range(pages):
                page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
                page.set_default_timeout(OP_TIMEOUT * 1000)
                if TEACHER_COOKIE:          # the classroom server: join the class first, as a pupil does
                    page.goto(f"{base}/join", timeout=OP_TIMEOUT * 1000)
                    page.fill("#code", CLASS_CODE)
                    page.fill("#name", f"Chromium {number}")
                    page.click("#join")
                    page.wait_for_url(lambda url: "/join" not in url)
                start = time.perf_counter()
                page.goto(f"{base}/voila/render/{LESSON}", timeout=OP_TIMEOUT * 1000)
                try:
                    page.locator(".cardlab-felt-table .cardlab-card-btn").first.wait_for(state="visible")
                finally:
                    page.screenshot(path=str(shots / f"chromium_{number}.png"))
                times.append(time.perf_counter() - start)
                found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page.content())
                if found:
                    kernels.append(found.group(1))
                before = page.locator(".cardlab-message").first.inner_text()
                page.locator(".cardlab-next").first.click()
                page.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old",
                                       arg=[".cardlab-message", before])
                page.close(run_before_unload=True)     # like closing the tab: Voilà's beacon shuts the kernel
                page.context.close()
        finally:
            browser.close()
    return times, kernels, f"chromium pages={len(times)} table_p95_s={p95(times):.2f}"


# ------------------------------------------------------------------ main
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--wave", type=int, default=10, help="pupils who open the page at the same moment")
    parser.add_argument("--gap", type=float, default=5.0, help="seconds between two waves")
    parser.add_argument("--spare", type=int, default=3)
    parser.add_argument("--chromium", type=int, default=2, help="real Chromium pages after the class (0: none)")
    parser.add_argument("--linger", type=float, default=60.0, help="seconds after the pupils leave before counting leaks")
    parser.add_argument("--cull-after", type=int, default=30)
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a pupil waits between two clicks (a child's fastest pace; 0: as fast as possible)")
    parser.add_argument("--server", choices=("classroom", "plain"), default="classroom",
                        help="classroom: python -m cardlab.classroom_server (default); plain: Voilà with its own "
                             "settings on the same notebooks, the baseline to compare with")
    parser.add_argument("--pool-timeout", type=float, default=900.0, help="seconds the pool may take to fill")
    args = parser.parse_args(argv)
    if args.pupils < 1 or args.wave < 1:
        parser.error("--pupils and --wave must be at least 1")
    global THINK, PAGES_KEPT, TEACHER_COOKIE
    THINK = max(0.0, args.think)

    workdir = Path(tempfile.mkdtemp(prefix="cardlab-classroom-"))
    PAGES_KEPT = workdir
    server = Server(args.pupils, args.spare, args.cull_after, workdir, args.server)
    errors: list[str] = []
    try:
        filled = server.wait_for_pool(args.pool_timeout)
        if args.server == "classroom":
            from cardlab.classroom_server.client import join

            TEACHER_COOKIE = join(server.base, TEACHER_CODE, "", teacher=True).cookie_header
        server_before = server.rss()
        print(f"{args.server} server: pool of {server.size} ready kernels filled in {filled:.0f} s; server {server_before:.0f} MB; "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; log and screenshots in {workdir}", flush=True)
        started = time.monotonic()
        server_cpu = cpu_seconds(server.proc.pid)
        pupils = asyncio.run(run_class(server.base, args.pupils, args.wave, args.gap))
        server_cpu = cpu_seconds(server.proc.pid) - server_cpu
        server_growth = max(0.0, server.rss() - server_before)
        print(f"class played in {time.monotonic() - started:.0f} s; load average {os.getloadavg()[0]:.1f}", flush=True)
        for p in pupils:
            if p.error:
                errors.append(f"pupil {p.number} ({p.behaviour}): {p.error}")
        chrome_kernels: list[str] = []
        if args.chromium > 0:
            try:
                times, chrome_kernels, note = chromium_check(server.base, args.chromium, workdir)
            except Exception as exc:  # noqa: BLE001
                errors.append(f"chromium: {type(exc).__name__}: {exc}")
                note = "chromium check failed"
            print(note, flush=True)
        kernel_ids = [k for p in pupils for k in p.kernels] + chrome_kernels
        left, waited = asyncio.run(wait_for_leaks(server.base, kernel_ids, args.linger))
        first = [t for p in pupils for t in p.first_card]
        moves = [t for p in pupils for t in p.moves]
        pages = [t for p in pupils for t in p.pages]
        measured = [p.rss for p in pupils if p.rss > 0]
        per_pupil = (sum(measured) / len(measured) if measured else float("nan")) + server_growth / args.pupils
        played = [p for p in pupils if p.kernel_cpu > 0]
        play_moves = sum(len(p.moves) for p in played) or 1
        print(f"cpu per move: server {1000 * server_cpu / max(1, len([t for p in pupils for t in p.moves])):.0f} ms, "
              f"kernel {1000 * sum(p.kernel_cpu for p in played) / play_moves:.0f} ms", flush=True)
        print(f"page_p95_s={p95(pages):.2f} first_card_max_s={max(first, default=float('nan')):.2f} "
              f"moves={len(moves)} move_max_s={max(moves, default=float('nan')):.2f} "
              f"kernels_seen={len(kernel_ids)} leaks_gone_after_s={waited:.0f} server_growth_mb={server_growth:.0f}",
              flush=True)
        for line in errors:
            print("error:", line, flush=True)
        print(f"server={args.server}", flush=True)
        print(f"pupils={args.pupils} errors={len(errors)} first_card_p95_s={p95(first):.2f} move_p95_s={p95(moves):.2f} "
              f"rss_per_pupil_mb={per_pupil:.0f} leaked_kernels={len(left)}", flush=True)
    finally:
        server.stop()
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
