"""What the browser tests share: Debian's Chromium, a server on a free port, the page, screenshots.

Needs the Debian ``chromium`` (``apt-get install -y chromium``; CI's ``.ci/run`` installs it)
and Playwright for Python (never ``playwright install``: we launch the system Chromium).
A missing piece fails the test when the ``CI`` variable is set and skips it otherwise.
Screenshots go to ``$CARDLAB_SCREENSHOTS`` (default: the system temp folder).

Pages served by the classroom app (``make app``) need the class code first.  Start the app with
:func:`classroom_serving` (it knows the codes) and join in the browser with :func:`join` before
opening a page, or let :func:`chromium_page` do it::

    with classroom_serving(tmp_path, "--lesson", "02_play_plump.ipynb", "--pupils", "1") as base:
        with chromium_page(f"{base}/voila/render/02_play_plump.ipynb", viewport=..., ready=...,
                           setup=lambda pg: join(pg, base, name="Anna")) as pg:
            ...

``join(page, base_url, code=CLASS_CODE, name="Anna")`` fills in the join page (class code, name,
*Gå in*) and waits until the browser is let in; the pass it gets (a cookie) opens every page of
that app for the rest of the browser context.  ``TEACHER_CODE`` opens ``/teacher``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Callable, Iterator

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 60_000


def need(condition: bool, what: str) -> None:
    """Fail on CI, skip elsewhere, when something the browser test needs is missing."""
    if condition:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing; CI must run the browser test.")
    pytest.skip(f"{what} is missing (install it to run the browser test locally).")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def serving(name: str, command: list[str], ready_url: str, *, cwd: Path, seconds: int = 90) -> Iterator[None]:
    """Run a server, wait until ``ready_url`` answers 200 (failing if the process dies), stop it after."""
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=cwd)
    try:
        deadline = time.monotonic() + seconds
        while True:
            if proc.poll() is not None:
                log.seek(0)
                pytest.fail(f"{name} exited with {proc.returncode}:\n{log.read().decode(errors='replace')[-3000:]}")
            try:
                with urllib.request.urlopen(ready_url, timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"{name} did not answer on {ready_url} within {seconds} s.")
            time.sleep(0.3)
        yield
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


# True once JupyterLab has its notebook commands, shows the notebook ``name``, has loaded it and its kernel is idle.
LAB_READY_JS = """(name) => {
    const app = window.jupyterapp;
    if (!app || !app.commands.hasCommand('notebook:run-all-cells')) return false;
    const panel = app.shell.currentWidget;
    if (!panel || !panel.context || !panel.sessionContext || !panel.context.path.endsWith(name)) return false;
    const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    return panel.context.isReady && panel.sessionContext.isReady && !!kernel && kernel.status === 'idle';
}"""


@contextlib.contextmanager
def lab_serving(root: Path, workspaces: Path) -> Iterator[str]:
    """JupyterLab on a free port of 127.0.0.1 on the folder ``root`` (no token; the app reachable as
    ``window.jupyterapp``); yields its base URL.  Lab autosaves: give it copies, never the repository's files."""
    need(Path(CHROMIUM).exists(), CHROMIUM)
    need(shutil.which("jupyter-lab", path=str(Path(sys.executable).parent)) is not None
         or shutil.which("jupyter-lab") is not None, "JupyterLab")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
               f"--ServerApp.root_dir={root}", "--IdentityProvider.token=", "--ServerApp.disable_check_xsrf=True",
               f"--LabApp.workspaces_dir={workspaces}", "--LabApp.expose_app_in_browser=True"]
    with serving("JupyterLab", command, f"{base}/api/status", cwd=root):
        yield base


def wait_for_lab_notebook(pg, name: str) -> None:
    """Wait until JupyterLab shows the notebook ``name`` with its kernel idle (see :data:`LAB_READY_JS`)."""
    pg.wait_for_function(LAB_READY_JS, arg=name, timeout=TIMEOUT_MS, polling=300)


def run_all_cells(pg) -> None:
    """Run every cell of the notebook JupyterLab shows, as *Run ▸ Run All Cells* does."""
    pg.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


#: The codes :func:`classroom_serving` starts the classroom app with.
CLASS_CODE = "sol-katt-bok"
TEACHER_CODE = "hus-ko-mus-gran"
ROOT = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def classroom_serving(work: Path, *options: str, seconds: int = 180) -> Iterator[str]:
    """The classroom app (``python -m cardlab.classroom_server``) on a free port of 127.0.0.1 with
    :data:`CLASS_CODE` and :data:`TEACHER_CODE`, its class folder ``work/class``; yields its base URL.

    ``options`` go to the server as they are (``--pupils``, ``--lesson``, ``--notebooks``, ``--lang`` ...;
    default: no ready kernels, every page starts its own)."""
    need(Path(CHROMIUM).exists(), CHROMIUM)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    defaults = [] if "--pupils" in options else ["--pupils", "0", "--spare", "0"]
    command = [sys.executable, "-m", "cardlab.classroom_server", *defaults, "--port", str(port),
               "--class-dir", str(work / "class"), "--app-folder", str(work / "app"), "--class-code", CLASS_CODE,
               "--teacher-code", TEACHER_CODE, *options]
    with serving("the classroom app", command, f"{base}/join", cwd=ROOT, seconds=seconds):
        yield base


def join(pg, base_url: str, code: str = CLASS_CODE, name: str = "Anna") -> None:
    """Join the class in the browser: the join page, the class code and the name, *Gå in*; waits until let in."""
    pg.goto(f"{base_url}/join", timeout=TIMEOUT_MS)
    pg.fill("#code", code)
    pg.fill("#name", name)
    pg.click("#join")
    pg.wait_for_url(lambda url: "/join" not in url, timeout=TIMEOUT_MS)


@contextlib.contextmanager
def chromium_page(url: str, *, viewport: dict, ready: Callable, setup: "Callable | None" = None) -> Iterator:
    """A Playwright page in Debian's Chromium at ``url``; ``setup(page)`` runs first (e.g. :func:`join`),
    ``ready(page)`` waits until the page can be used."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    need(sync_playwright is not None, "Playwright for Python")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            pg = browser.new_context(viewport=viewport).new_page()
            pg.set_default_timeout(TIMEOUT_MS)
            if setup is not None:
                setup(pg)
            pg.goto(url, timeout=TIMEOUT_MS)
            try:
                ready(pg)
            except Exception as error:                   # say what the page showed instead (a refusal, an error)
                raise AssertionError(f"{url} was not ready: {error}\nThe page showed: {page_text(pg)}") from error
            yield pg
            pg.close(run_before_unload=True)              # as a pupil closes the tab: Voilà asks the server to
            time.sleep(1.0)                               # stop the page's kernel (its beacon), so none is left over
        finally:
            browser.close()


def page_text(pg, limit: int = 600) -> str:
    """The visible words of a page (at most ``limit`` characters), for a failing test's message."""
    try:
        words = " ".join(pg.locator("body").inner_text(timeout=5_000).split())
    except Exception as error:  # noqa: BLE001 - the page itself may be gone
        return f"(could not be read: {error})"
    return words[:limit] + ("…" if len(words) > limit else "")


def shot(pg, name: str) -> Path:
    """A full-page screenshot, ``cardlab_<name>.png``."""
    folder = Path(os.environ.get("CARDLAB_SCREENSHOTS", tempfile.gettempdir()))
    path = folder / f"cardlab_{name}.png"
    pg.screenshot(path=str(path), full_page=True)
    return path


def message(pg) -> str:
    """The table's message line."""
    return pg.locator(".cardlab-message").inner_text()


def status(pg) -> str:
    """The table's status line ("Din tur: …")."""
    return pg.locator(".cardlab-status").inner_text()


def click_and_wait_for_new_message(pg, locator) -> None:
    """Click, then wait until the kernel has answered and the message line has been redrawn."""
    before = message(pg)
    locator.click()
    pg.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old",
                         arg=[".cardlab-message", before], timeout=TIMEOUT_MS)


def click_next_until(pg, done: Callable[[], bool], limit: int = 40) -> None:
    """Press Nästa (one bot move per press) until ``done()``."""
    for _ in range(limit):
        if done():
            return
        click_and_wait_for_new_message(pg, pg.locator(".cardlab-next"))
    assert done(), "the expected state never came"


@contextlib.contextmanager
def voila_serving(folder: Path) -> Iterator[str]:
    """Voilà on a free port of 127.0.0.1 serving ``folder``; yields its base URL (skips when Voilà or Chromium is missing)."""
    need(Path(CHROMIUM).exists(), CHROMIUM)
    voila = Path(sys.executable).with_name("voila")
    need(voila.exists() or shutil.which("voila") is not None, "voila")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [str(voila) if voila.exists() else "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
               "--Voila.port_retries=0", str(folder)]
    with serving("Voilà", command, f"{base}/voila/tree", cwd=folder):
        yield base
