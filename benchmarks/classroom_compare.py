"""Voilà with a pool of ready kernels, or Solara with one process for everyone: the same table, side by side.

    .venv/bin/pip install -e ".[solara]"      # Solara and its offline assets (not needed for anything else)
    .venv/bin/python benchmarks/classroom_compare.py --pupils 10

Both servers serve the *same* page: the children's Plump table of ``benchmarks/solara_plump.py`` (for
Voilà, a one-cell notebook holding that code, served by ``python -m cardlab.classroom_server`` exactly as
a teacher starts it, with its pool filled before the pupils come).  Then ``--pupils`` real Chromium pages
(one browser, a context each, 1366×768) open at the same moment and play: *Nästa* while the bots are to
move, a bid or a legal card when it is the pupil's turn, ``--moves`` clicks each with ``--think`` seconds
between two clicks.  Measured per server:

* ``first_table`` — from asking for the page until the table's cards and *Nästa* are drawn;
* ``move`` — from a click until the table's message or status line has changed;
* ``rss`` — resident memory of the server and every kernel it started, once all pages are open, per pupil;
* ``cpu_per_move`` — CPU of the server and its kernels from the moment every page is open (the pupils then
  start clicking together) until the last click, per click;
* ``errors`` — pages without a table, clicks that changed nothing within 60 s.

Chromium runs on the same machine as the server, so its CPU is counted on both sides: the times are
pessimistic, but the two servers are measured under the same conditions, one after the other.  The last
lines are one per server::

    server=voila-pool pupils=N errors=E first_table_p95_s=X move_p95_s=Y rss_per_pupil_mb=Z cpu_per_move_ms=C
    server=solara pupils=N errors=E first_table_p95_s=X move_p95_s=Y rss_per_pupil_mb=Z cpu_per_move_ms=C
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
CLASS_CODE = "sol-katt-bok"          # the classroom server's class code in this benchmark
HOST = "127.0.0.1"
APP = Path(__file__).resolve().parent / "solara_plump.py"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
TIMEOUT_MS = 60_000
NEXT, BID, CARD = ".cardlab-next", ".cardlab-bid-btn:visible:not([disabled])", ".cardlab-card-btn:visible:not(.cardlab-illegal)"


def p95(values: list[float]) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def family(pid: int) -> list[int]:
    """``pid`` and all its descendants (read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii") as fh:
                    parent = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(parent, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def rss_mb(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status", encoding="ascii") as fh:
                total += next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:")) / 1024
        except (OSError, StopIteration):
            pass
    return total


def cpu_s(pids: list[int]) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        except (OSError, ValueError, IndexError):
            pass
    return total


# ------------------------------------------------------------------ the two servers
class Server:
    def __init__(self, kind: str, pupils: int, workdir: Path) -> None:
        self.kind, self.port = kind, free_port()
        self.log_path = workdir / f"{kind}.log"
        self._log = open(self.log_path, "wb")
        env = dict(os.environ, CARDLAB_LANG="sv")
        if kind == "voila-pool":
            folder = workdir / "notebooks"
            folder.mkdir()
            nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(APP.read_text(encoding="utf-8") + "\npage")])
            nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
            nbformat.write(nb, folder / "table.ipynb")
            self.size = pupils + 3
            cmd = [sys.executable, "-m", "cardlab.classroom_server", "--pupils", str(pupils), "--notebooks", str(folder),
                   "--app-folder", str(workdir / "app"), "--lesson", "table.ipynb", "--port", str(self.port),
                   "--ip", HOST, "--class-dir", str(workdir / "class"), "--class-code", CLASS_CODE,
                   # every pupil here is 127.0.0.1: the limits per computer opened wide
                   "--kernels-per-client", "1000", "--pages-per-minute", "10000", "--request-burst", "10000"]
            self.url = f"http://{HOST}:{self.port}/voila/render/table.ipynb"
        else:
            solara = shutil.which("solara", path=str(Path(sys.executable).parent)) or shutil.which("solara")
            if solara is None:
                raise SystemExit('Solara is not installed: pip install -e ".[solara]"')
            cmd = [solara, "run", f"{APP}:page", "--host", HOST, "--port", str(self.port), "--no-open", "--production"]
            self.url = f"http://{HOST}:{self.port}/"
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=self._log, stderr=subprocess.STDOUT, env=env)

    def wait_ready(self, seconds: float = 900.0) -> float:
        start = time.monotonic()
        while time.monotonic() - start < seconds:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.kind} stopped:\n{self.log_path.read_text(errors='replace')[-2000:]}")
            log = self.log_path.read_text(errors="replace")
            if self.kind == "voila-pool":
                ready = [int(n) for n in re.findall(r"cardlab: (\d+) ready kernel", log)]
                if ready and max(ready) >= self.size:
                    return time.monotonic() - start
            else:
                try:
                    with socket.create_connection((HOST, self.port), timeout=1):
                        return time.monotonic() - start
                except OSError:
                    pass
            time.sleep(0.5)
        raise RuntimeError(f"{self.kind} was not ready within {seconds:.0f} s")

    def pids(self) -> list[int]:
        return family(self.proc.pid)

    def stop(self) -> None:
        for pid in reversed(self.pids()):
            try:
                os.kill(pid, 15)
            except OSError:
                pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self._log.close()


# ------------------------------------------------------------------ the pupils
@dataclass
class Pupil:
    number: int
    first_table: float = float("nan")
    moves: list[float] = field(default_factory=list)
    error: str = ""


async def changed(page, before: str) -> None:
    await page.wait_for_function(
        """before => {
            const m = document.querySelector('.cardlab-message'), s = document.querySelector('.cardlab-status');
            return ((m ? m.innerText : '') + '|' + (s ? s.innerText : '')) !== before;
        }""", arg=before, timeout=TIMEOUT_MS)


async def snapshot(page) -> str:
    return await page.evaluate("""() => {
        const m = document.querySelector('.cardlab-message'), s = document.querySelector('.cardlab-status');
        return (m ? m.innerText : '') + '|' + (s ? s.innerText : '');
    }""")


async def play(browser, url: str, pupil: Pupil, moves: int, think: float, opened: asyncio.Event,
               everyone: asyncio.Event) -> None:
    context = await browser.new_context(viewport={"width": 1366, "height": 768})
    page = await context.new_page()
    try:
        if "/voila/" in url:                    # the classroom server: join the class first, as a pupil does
            await page.goto(url.split("/voila/")[0] + "/join", timeout=2 * TIMEOUT_MS)
            await page.fill("#code", CLASS_CODE)
            await page.fill("#name", f"Pupil {pupil.number}")
            await page.click("#join")
            await page.wait_for_url(lambda address: "/join" not in address, timeout=2 * TIMEOUT_MS)
        start = time.perf_counter()
        await page.goto(url, timeout=2 * TIMEOUT_MS, wait_until="commit")   # the table is what counts, not "load"
        await page.locator(".cardlab-card-btn:visible").first.wait_for(timeout=2 * TIMEOUT_MS)
        await page.locator(NEXT).first.wait_for(timeout=TIMEOUT_MS)
        pupil.first_table = time.perf_counter() - start
        opened.set()
        await everyone.wait()                   # the class starts playing together
        for _ in range(moves):
            await asyncio.sleep(think)
            if await page.locator(f"{NEXT}:not([disabled])").count():
                target = page.locator(f"{NEXT}:not([disabled])").first
            elif await page.locator(BID).count():
                target = page.locator(BID).first
            elif await page.locator(CARD).count():
                target = page.locator(CARD).first
            else:
                raise RuntimeError("nothing to click on the table")
            before = await snapshot(page)
            clicked = time.perf_counter()
            await target.click(timeout=TIMEOUT_MS)
            await changed(page, before)
            pupil.moves.append(time.perf_counter() - clicked)
    except Exception as exc:  # noqa: BLE001 - every failure is counted and named
        pupil.error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:160]}"
        opened.set()
    finally:
        await context.close()


async def run_class(server: Server, pupils: int, moves: int, think: float) -> tuple[list[Pupil], float, float]:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists() else None,
                                           args=CHROMIUM_ARGS, headless=True)
        try:
            class_ = [Pupil(i) for i in range(pupils)]
            events, everyone = [asyncio.Event() for _ in class_], asyncio.Event()
            tasks = [asyncio.create_task(play(browser, server.url, p, moves, think, e, everyone))
                     for p, e in zip(class_, events)]
            await asyncio.wait([asyncio.create_task(e.wait()) for e in events], timeout=2 * TIMEOUT_MS / 1000)
            rss_open = rss_mb(server.pids())
            cpu_before = cpu_s(server.pids())
            everyone.set()
            await asyncio.gather(*tasks)
            cpu = cpu_s(server.pids()) - cpu_before
        finally:
            await browser.close()
    return class_, rss_open, cpu


def measure(kind: str, args: argparse.Namespace, workdir: Path) -> str:
    server = Server(kind, args.pupils, workdir)
    try:
        ready = server.wait_ready()
        print(f"{kind}: ready in {ready:.0f} s; load average {os.getloadavg()[0]:.1f}", flush=True)
        pupils, rss_open, cpu = asyncio.run(run_class(server, args.pupils, args.moves, args.think))
    finally:
        server.stop()
    errors = [f"pupil {p.number}: {p.error}" for p in pupils if p.error]
    for line in errors:
        print(f"{kind} error: {line}", flush=True)
    first = [p.first_table for p in pupils if p.first_table == p.first_table]
    moves = [m for p in pupils for m in p.moves]
    # the whole server (Voilà: with every kernel it started) while the class is on it, shared by the pupils
    rss = rss_open
    return (f"server={kind} pupils={args.pupils} errors={len(errors)} first_table_p95_s={p95(first):.2f} "
            f"move_p95_s={p95(moves):.2f} rss_per_pupil_mb={rss / args.pupils:.0f} "
            f"cpu_per_move_ms={1000 * cpu / max(1, len(moves)):.0f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=10)
    parser.add_argument("--moves", type=int, default=8, help="clicks per pupil")
    parser.add_argument("--think", type=float, default=1.0, help="seconds between two clicks of a pupil")
    parser.add_argument("--servers", nargs="+", default=["voila-pool", "solara"], choices=["voila-pool", "solara"])
    args = parser.parse_args(argv)
    if args.pupils < 1 or args.moves < 1:
        parser.error("--pupils and --moves must be at least 1")
    workdir = Path(tempfile.mkdtemp(prefix="cardlab-compare-"))
    lines = [measure(kind, args, workdir) for kind in args.servers]
    print("\n".join(lines), flush=True)
    return 0 if all(" errors=0 " in line for line in lines) else 1


if __name__ == "__main__":
    sys.exit(main())
