"""Only the class gets in, and no client can exhaust the teacher's computer: the classroom server run
for real on 127.0.0.1 (a tiny probe notebook, so kernels start quickly), probed as a mischievous
pupil would.

Every loop is bounded in count and time; every server is stopped.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
import psutil
import pytest

from cardlab.classroom_server.client import ClassroomClient, join

ROOT = Path(__file__).resolve().parent.parent
CODE, TEACHER_CODE = "sol-katt-bok", "hus-ko-mus-gran"
PROBE = "probe.ipynb"
#: The probe notebook: says which class folder and pupil its kernel sees, and (a ready kernel from the pool,
#: which learns its pupil only when a page claims it) writes the pupil into the class folder once it knows.
PROBE_CELLS = [
    "# Probe\nA notebook that tells which pupil its kernel serves.",
    """import json, os, threading, time
from cardlab.classroom import class_dir
from cardlab.classroom_server.identity import current_pupil
seen = current_pupil()
print("CLASS_DIR=" + str(class_dir()))
print("PUPIL_AT_START=" + (f"{seen.pupil_id}:{seen.name}" if seen else "none"))

def watch():
    for _ in range(400):
        found = current_pupil()
        if found is not None:
            name = "seen-" + os.environ.get("VOILA_KERNEL_ID", "x") + ".json"
            (class_dir() / name).write_text(json.dumps([found.pupil_id, found.name]), encoding="utf-8")
            return
        time.sleep(0.5)

threading.Thread(target=watch, daemon=True).start()""",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def write_probe(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(PROBE_CELLS[0]), nbformat.v4.new_code_cell(PROBE_CELLS[1])]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / PROBE)
    return folder


class Server:
    def __init__(self, base: str, proc: subprocess.Popen, log, class_dir: Path) -> None:
        self.base, self.proc, self._log, self.class_dir = base, proc, log, class_dir

    def log(self) -> str:
        self._log.seek(0)
        return self._log.read().decode(errors="replace")

    def kernels(self) -> list[psutil.Process]:
        """The server's kernel processes."""
        try:
            children = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        found = []
        for child in children:
            with contextlib.suppress(psutil.Error):
                if "ipykernel" in " ".join(child.cmdline()):
                    found.append(child)
        return found

    def rss_mb(self) -> float:
        return psutil.Process(self.proc.pid).memory_info().rss / 2**20

    def teacher(self) -> ClassroomClient:
        return join(self.base, TEACHER_CODE, "", teacher=True)

    def status(self) -> dict:
        code, body = self.teacher().get("/teacher/status.json")
        assert code == 200, code
        return json.loads(body)


@contextlib.contextmanager
def classroom(tmp_path: Path, *args: str, ready_kernels: int = 0, seconds: float = 180):
    """The classroom server on a free port of 127.0.0.1 serving the probe notebook; waits for its pool."""
    port = _free_port()
    log = tempfile.TemporaryFile()
    notebooks = write_probe(tmp_path / "notebooks")
    class_dir = tmp_path / "class"
    command = [sys.executable, "-m", "cardlab.classroom_server", "--port", str(port), "--class-dir", str(class_dir),
               "--notebooks", str(notebooks), "--app-folder", str(tmp_path / "app"), "--class-code", CODE,
               "--teacher-code", TEACHER_CODE, *args]
    proc = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    server = Server(f"http://127.0.0.1:{port}", proc, log, class_dir)
    try:
        deadline = time.monotonic() + seconds
        while True:
            if proc.poll() is not None:
                pytest.fail(f"the classroom server stopped:\n{server.log()[-3000:]}")
            with contextlib.suppress(OSError):
                if ClassroomClient(server.base, timeout=2).get("/join")[0] == 200:
                    if ready_kernels == 0 or f"cardlab: {ready_kernels} ready kernel(s)" in server.log():
                        break
            if time.monotonic() > deadline:
                pytest.fail(f"the classroom server did not get ready:\n{server.log()[-3000:]}")
            time.sleep(0.3)
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def _kernel_id(page: str) -> str:
    found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
    assert found, "the page names no kernel"
    return found.group(1)


def _websocket_status(base: str, kernel_id: str, cookie: str = "", origin: "str | None" = None) -> int:
    """The HTTP status a websocket upgrade to a kernel's channels gets (101 = connected)."""
    import websocket

    headers = [f"Cookie: {cookie}"] if cookie else []
    try:
        ws = websocket.create_connection(f"{base.replace('http', 'ws')}/api/kernels/{kernel_id}/channels",
                                         header=headers, origin=origin or base, timeout=20)
    except websocket.WebSocketBadStatusException as exc:
        return exc.status_code
    ws.close()
    return 101


# ------------------------------------------------------------------ only the class gets in
def test_nothing_but_the_join_page_without_a_pass(tmp_path):
    with classroom(tmp_path, "--pupils", "0", "--spare", "0", "--lang", "sv") as server:
        pupil = join(server.base, CODE, "Anna")
        status, page = pupil.get(f"/voila/render/{PROBE}")
        assert status == 200
        kernel = _kernel_id(page)
        stranger = ClassroomClient(server.base)
        for path in ("/", "/voila/tree", f"/voila/render/{PROBE}", "/voila/static/voila.js", "/voila/api/contents",
                     f"/voila/api/contents/{PROBE}", f"/voila/files/{PROBE}", f"/api/kernels/{kernel}",
                     f"/voila/query/{kernel}", "/voila/labextensions/@voila-dashboards/widgets-manager8/package.json",
                     "/voila/templates/lab/static/voila.js", "/voila/api/themes/theme-light.css", "/teacher",
                     "/teacher/status.json", f"/cardlab/identity/{kernel}", "/api/kernels", "/login", "/nothing/here"):
            status, body, headers = stranger.request("GET", path)
            assert status in (302, 403), (path, status)
            if status == 302 and not path.startswith("/teacher"):
                assert headers["Location"].startswith("/join?next="), (path, headers)
            assert "kernelId" not in body and "Probe" not in body, path
        for path in (f"/voila/api/shutdown/{kernel}", f"/api/kernels/{kernel}/restart", "/join/../voila/render/x"):
            assert stranger.request("POST", path, {"_xsrf": "x"})[0] in (403, 404), path
        assert _websocket_status(server.base, kernel) == 403                      # no pass: no websocket
        forged = f"cardlab_pass={pupil.cookie_header.split('cardlab_pass=')[1].split(';')[0][:-4]}abcd"
        assert _websocket_status(server.base, kernel, forged) == 403              # a forged signature
        assert _websocket_status(server.base, kernel, pupil.cookie_header) == 101  # the page's own pupil


def test_wrong_codes_get_a_clear_page_and_guessing_is_stopped(tmp_path):
    with classroom(tmp_path, "--pupils", "0", "--spare", "0", "--lang", "sv") as server:
        status, page = ClassroomClient(server.base).join("  Sol KATT bok ", "  ")    # right code, no name
        assert status == 400 and "Skriv ditt namn först" in page
        guesser = ClassroomClient(server.base)
        status, page = guesser.join("sol-katt-hund", "Anna")
        assert status == 403 and "Den koden stämmer inte" in page and 'lang="sv"' in page
        assert not guesser.has_pass
        for _ in range(4):
            assert guesser.join("fel-fel-fel", "Anna")[0] == 403
        status, page = guesser.join(CODE, "Anna")                                    # the right code, too late
        assert status == 429 and "För många fel försök" in page and not guesser.has_pass
    with classroom(tmp_path / "nb", "--pupils", "0", "--spare", "0", "--lang", "nb") as server:
        status, page = ClassroomClient(server.base).join("ku-ku-ku", "Kari")
        assert status == 403 and "Den koden stemmer ikke" in page


def test_a_pass_names_the_pupil_and_the_kernel_knows_it(tmp_path):
    """A kernel started for a page has its pupil in its environment; a ready kernel from the pool asks the
    server once a page holds it; both see the one class folder."""
    with classroom(tmp_path, "--pupils", "1", "--spare", "0", "--lesson", PROBE, ready_kernels=1) as server:
        anna = join(server.base, CODE, "A\u030asa  Berg")                          # NFD, two spaces
        pool_page = anna.get(f"/voila/render/{PROBE}")[1]                          # the ready kernel
        own_page = anna.get(f"/voila/render/{PROBE}")[1]                           # the pool is empty: its own kernel
        status = server.status()
        pupils = {p["pupil"] for p in status["pages"]}
        names = {p["name"] for p in status["pages"]}
        assert len(pupils) == 1 and names == {"Åsa Berg"} and status["kernels"] == 2
        pupil_id = pupils.pop()
        assert f"CLASS_DIR={server.class_dir.resolve()}" in own_page and f"CLASS_DIR={server.class_dir.resolve()}" in pool_page
        assert "PUPIL_AT_START=none" in pool_page                                  # it ran before anyone came …
        assert f"PUPIL_AT_START={pupil_id}:Åsa Berg" in own_page
        seen = server.class_dir / f"seen-{_kernel_id(pool_page)}.json"
        deadline = time.monotonic() + 60
        while not seen.exists() and time.monotonic() < deadline:
            time.sleep(0.3)
        assert json.loads(seen.read_text(encoding="utf-8")) == [pupil_id, "Åsa Berg"]  # … and learnt its pupil after
        # another pupil can neither connect to Åsa's kernel nor shut it down
        bo = join(server.base, CODE, "Bo")
        kernel = _kernel_id(own_page)
        assert _websocket_status(server.base, kernel, bo.cookie_header) == 403
        assert bo.post(f"/voila/api/shutdown/{kernel}", {})[0] == 403
        assert server.status()["kernels"] == 2


def test_the_cross_site_check_is_on_and_a_closed_tab_still_shuts_its_kernel(tmp_path):
    with classroom(tmp_path, "--pupils", "0", "--spare", "0") as server:
        anna = join(server.base, CODE, "Anna")
        kernel = _kernel_id(anna.get(f"/voila/render/{PROBE}")[1])
        assert server.status()["kernels"] == 1
        # what another web site could make the pupil's browser send: the pass, but not the _xsrf value
        status, _, _ = anna.request("POST", f"/voila/api/shutdown/{kernel}", {})
        assert status == 403
        status, _, _ = anna.request("POST", f"/voila/api/shutdown/{kernel}", {"_xsrf": anna.xsrf},
                                    headers={"Origin": "http://evil.example"})
        assert status in (403, 404)
        assert _websocket_status(server.base, kernel, anna.cookie_header, origin="http://evil.example") == 403
        assert server.status()["kernels"] == 1
        # what the page sends when its tab closes (Voilà's beacon: a form with the _xsrf cookie's value)
        status, _ = anna.post(f"/voila/api/shutdown/{kernel}", {})
        assert status == 204
        deadline = time.monotonic() + 30
        while server.kernels() and time.monotonic() < deadline:
            time.sleep(0.3)
        assert server.status()["kernels"] == 0 and server.kernels() == []


def test_teacher_pages_need_the_teacher_code(tmp_path):
    with classroom(tmp_path, "--pupils", "0", "--spare", "0", "--lang", "en") as server:
        anna = join(server.base, CODE, "Anna <b>")
        anna.get(f"/voila/render/{PROBE}")
        status, _, headers = anna.request("GET", "/teacher")
        assert status == 302 and headers["Location"].startswith("/teacher/join")
        assert anna.request("GET", "/teacher/status.json")[0] == 302
        status, page = ClassroomClient(server.base).join(CODE, teacher=True)       # the class code is not the teacher's
        assert status == 403 and "That code is not right" in page
        teacher = server.teacher()
        status, page = teacher.get("/teacher")
        assert status == 200 and "Anna &lt;b&gt;" in page and "Open pages: 1 of at most 12" in page
        assert CODE in page and TEACHER_CODE not in page                # the page can be shown to the class …
        assert '<div class="qr"><svg' in page                          # … with the join address as a QR code


# ------------------------------------------------------------------ no client can exhaust the laptop
def test_the_class_is_full_page(tmp_path):
    with classroom(tmp_path, "--pupils", "0", "--spare", "0", "--max-kernels", "1", "--lang", "sv") as server:
        assert join(server.base, CODE, "Anna").get(f"/voila/render/{PROBE}")[0] == 200
        status, page = join(server.base, CODE, "Bo").get(f"/voila/render/{PROBE}")
        assert status == 503 and "Klassen är full" in page and "Alla 1 platser" in page
        assert len(server.kernels()) == 1


def test_one_client_cannot_hold_more_than_its_pages(tmp_path):
    with classroom(tmp_path, "--pupils", "0", "--spare", "0", "--kernels-per-client", "2", "--lang", "nb") as server:
        anna = join(server.base, CODE, "Anna")
        assert [anna.get(f"/voila/render/{PROBE}")[0] for _ in range(2)] == [200, 200]
        status, page = anna.get(f"/voila/render/{PROBE}")
        assert status == 429 and "allerede 2 sider åpne" in page
        assert server.status()["kernels"] == 2


def test_a_computer_reloading_in_a_loop_is_told_to_wait(tmp_path):
    with classroom(tmp_path, "--pupils", "0", "--spare", "0", "--pages-per-minute", "2", "--lang", "en") as server:
        anna = join(server.base, CODE, "Anna")
        for _ in range(2):
            kernel = _kernel_id(anna.get(f"/voila/render/{PROBE}")[1])
            assert anna.post(f"/voila/api/shutdown/{kernel}", {})[0] == 204       # a reload closes the old page
        status, page = anna.get(f"/voila/render/{PROBE}")
        assert status == 429 and "many pages in a short time" in page


def _abrupt_get(base: str, path: str, cookie: str) -> None:
    """Send a page request and reset the connection at once (SO_LINGER 0: the server sees a reset)."""
    host, port = base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=5)
    try:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nCookie: {cookie}\r\n\r\n".encode())
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    finally:
        sock.close()


def test_a_burst_of_200_abrupt_page_requests_holds_the_limits_and_memory_returns(tmp_path):
    per_client, pool = 3, 2
    with classroom(tmp_path, "--pupils", str(pool), "--spare", "0", "--lesson", PROBE, "--kernels-per-client",
                   str(per_client), "--lang", "en", ready_kernels=pool) as server:
        pupil = join(server.base, CODE, "Mischief")
        time.sleep(2)
        baseline_kernels = len(server.kernels())
        baseline_rss = server.rss_mb()
        assert baseline_kernels == pool
        most_kernels = baseline_kernels
        started = time.monotonic()
        for i in range(200):
            _abrupt_get(server.base, f"/voila/render/{PROBE}", pupil.cookie_header)
            if i % 5 == 0:
                most_kernels = max(most_kernels, len(server.kernels()))
        burst_seconds = time.monotonic() - started
        # during the burst: never more kernel processes than the pool and this client's pages
        assert most_kernels <= pool + per_client, most_kernels
        # afterwards: no page holds a kernel, the kernels are the pool's again, the server's memory is back
        time.sleep(8)                                    # the client's request budget fills up again
        teacher = server.teacher()
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            claimed = json.loads(teacher.get("/teacher/status.json")[1])["kernels"]
            if claimed == 0 and len(server.kernels()) <= baseline_kernels:
                break
            time.sleep(2)
        after_kernels = len(server.kernels())
        after_rss = server.rss_mb()
        print(f"burst: 200 requests in {burst_seconds:.1f} s; kernels {baseline_kernels} → at most {most_kernels} → "
              f"{after_kernels}; server RSS {baseline_rss:.0f} → {after_rss:.0f} MB")
        assert claimed == 0
        assert after_kernels <= baseline_kernels
        assert after_rss < baseline_rss + 40, (baseline_rss, after_rss)
        assert "never arrived; shutting it down" in server.log()          # reset pages gave their kernel back at once
        # and the class still works: a page load gets its table
        status, page = join(server.base, CODE, "Anna").get(f"/voila/render/{PROBE}")
        assert status == 200 and "CLASS_DIR=" in page


def test_a_page_that_never_connects_gives_its_kernel_back(tmp_path):
    """A page fetched whole but never opened (a script, a browser that crashed while loading) holds its kernel
    only for ``--connect-grace`` seconds; a page that connected is kept."""
    with classroom(tmp_path, "--pupils", "0", "--spare", "0", "--connect-grace", "3") as server:
        anna = join(server.base, CODE, "Anna")
        idle = _kernel_id(anna.get(f"/voila/render/{PROBE}")[1])
        used = _kernel_id(anna.get(f"/voila/render/{PROBE}")[1])
        import websocket

        ws = websocket.create_connection(f"{server.base.replace('http', 'ws')}/api/kernels/{used}/channels",
                                         header=[f"Cookie: {anna.cookie_header}"], origin=server.base, timeout=20)
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and len(server.status()["pages"]) > 1:
                time.sleep(0.5)
            pages = server.status()["pages"]
            assert [p["kernel"] for p in pages] == [used] and pages[0]["connected"] is True
            assert f"the page for kernel {idle} did not connect in 3.0 s" in server.log()
            assert len(server.kernels()) == 1
        finally:
            ws.close()
