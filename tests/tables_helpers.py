"""Starting a table server for the tests (a real process on 127.0.0.1, any free port)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEACHER = "teacher-token-for-tests"


class Server:
    """``python -m cardlab.tables serve`` in a child process; ``url`` once it listens."""

    def __init__(self, class_dir: Path, *, away_after: float = 30.0, poll_seconds: float = 5.0) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDLAB_TEACHER_TOKEN": TEACHER}
        self.proc = subprocess.Popen([sys.executable, "-m", "cardlab.tables", "serve", "--class-dir", str(class_dir),
                                      "--port", "0", "--away-after", str(away_after), "--poll-seconds", str(poll_seconds)],
                                     stdout=subprocess.PIPE, env=env, text=True)
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait(timeout=10)
            raise RuntimeError(f"the table server did not start (exit {self.proc.returncode})")
        self.url = json.loads(line)["listening"]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
