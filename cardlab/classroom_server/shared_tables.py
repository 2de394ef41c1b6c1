"""The table service beside the classroom app: one process of its own, started and stopped with the server.

:class:`TablesProcess` runs ``python -m cardlab.tables serve`` for the class folder on 127.0.0.1 (a port of
its own), hands it the teacher's token in its environment only, and waits until it listens.  The table
service keeps every table in ``CLASS_DIR/tables.sqlite``, so a restarted classroom app finds every table as it
was.  The child watches its standard input: when the classroom server ends, however it ends (Ctrl-C,
``kill``, a crash), the pipe closes and the table service stops too.

Pupils' kernels get only the address (``CARDLAB_TABLES_URL``, see :func:`kernel_environment`), never the
teacher's token:

>>> env = kernel_environment({"CARDLAB_TEACHER_TOKEN": "secret", "HOME": "/home/t"}, "http://127.0.0.1:8871")
>>> env == {"HOME": "/home/t", "CARDLAB_TABLES_URL": "http://127.0.0.1:8871"}
True
"""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Mapping

TABLES_URL_ENV = "CARDLAB_TABLES_URL"
TEACHER_TOKEN_ENV = "CARDLAB_TEACHER_TOKEN"
#: The table service's port when the classroom app is on its default port (8866 + 5, the tables' own default).
PORT_OFFSET = 5


def kernel_environment(environ: Mapping[str, str], url: str) -> dict[str, str]:
    """What a pupil's kernel may inherit: ``environ`` with the table service's address and without the teacher's token."""
    env = {k: v for k, v in environ.items() if k != TEACHER_TOKEN_ENV}
    env[TABLES_URL_ENV] = url
    return env


def port_is_free(port: int) -> bool:
    """Can a server listen on ``port`` of 127.0.0.1 now?"""
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


class TablesProcess:
    """The table service as a child process (see the module docstring)."""

    def __init__(self, class_dir: "str | Path", *, port: int = 0, token: str, away_after: "float | None" = None) -> None:
        self.class_dir, self.port, self.token, self.away_after = Path(class_dir), int(port), token, away_after
        self.proc: "subprocess.Popen | None" = None
        self.url: "str | None" = None
        self.tables = 0       #: tables brought back from the class folder's log when it started

    def start(self, timeout: float = 60.0) -> str:
        """Start the service and wait until it listens; returns its address (``http://127.0.0.1:PORT``)."""
        env = {**os.environ, TEACHER_TOKEN_ENV: self.token}
        env.pop(TABLES_URL_ENV, None)
        command = [sys.executable, "-m", "cardlab.classroom_server.shared_tables", "--class-dir", str(self.class_dir),
                   "--port", str(self.port)]
        if self.away_after is not None:
            command += ["--away-after", str(self.away_after)]
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        lines: "queue.Queue[bytes]" = queue.Queue()

        def pass_on(stream=self.proc.stdout) -> None:
            for line in stream:
                lines.put(line)
            lines.put(b"")

        threading.Thread(target=pass_on, name="cardlab-tables-output", daemon=True).start()
        try:
            while True:
                line = lines.get(timeout=timeout)
                if not line:
                    raise RuntimeError(f"the table service stopped at once (exit status {self.proc.wait()})")
                try:
                    ready = json.loads(line)
                except ValueError:
                    continue
                if isinstance(ready, dict) and "listening" in ready:
                    self.url, self.tables = str(ready["listening"]), int(ready.get("tables", 0))
                    return self.url
        except queue.Empty:
            self.stop()
            raise RuntimeError(f"the table service did not start in {timeout:.0f} s") from None
        except BaseException:
            self.stop()
            raise

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the service (its log is already on disk); waits until it has ended."""
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        try:
            proc.stdin.close()          # the child's signal to stop
        except OSError:
            pass
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None


def _stop_when_parent_ends() -> None:  # pragma: no cover - runs in the child
    try:
        sys.stdin.buffer.read()
    finally:
        os.kill(os.getpid(), signal.SIGINT)


def child_main(argv: "list[str] | None" = None) -> int:  # pragma: no cover - runs in the child
    """The child: the table service (``cardlab.tables serve``), ended when its standard input closes."""
    threading.Thread(target=_stop_when_parent_ends, name="cardlab-parent-watch", daemon=True).start()
    from ..tables.__main__ import main

    try:
        return main(["serve", *(sys.argv[1:] if argv is None else argv)])
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(child_main())
