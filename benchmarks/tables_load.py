"""A class at shared tables on one machine: simulated pupils against the table server on 127.0.0.1.

    python benchmarks/tables_load.py --tables 8 --pupils 30

Starts ``python -m cardlab.tables serve`` in a child process (a fresh class folder), opens
``--tables`` tables (Plump, Femkamp and Rummy in turn, four seats each; seats no pupil takes
are bots), and seats ``--pupils`` simulated pupils.  Each pupil joins with the table code and
a name, waits for its turn with long polls, thinks a moment and makes a random legal move,
until every table has played ``--rounds`` whole rounds.  Some pupils misbehave, as children do:

* ``--drop`` of them close the tab in the middle of a trick, stay away longer than the server's
  ``--away-after`` (a bot takes their seat) and come back with their ticket (a reload);
* ``--double`` of them click twice at once on every move (both requests are sent together:
  one is made, the other is refused with a sentence, and nothing breaks).

At the end the server is killed (SIGKILL) and the class folder's log is read back:

* ``errors``: failed requests, unexpected refusals, pupils that never finished;
* ``join_p95_s``: 95th percentile of the time from a pupil's join request to its first update;
* ``move_seen_p95_s``: for every move, the time until every other connected pupil at that table
  has an update that includes it (measured by the pupils' own clocks on this machine);
* ``lost_actions``: moves the server acknowledged that are not in the log after the kill;
* ``leaked``: messages, of all that every pupil received, that showed a card the pupil may not
  see (:func:`cardlab.tables.leaks.audit` against the tables rebuilt from the log).

The last line is ``tables=T pupils=P errors=E join_p95_s=X move_seen_p95_s=Y lost_actions=L leaked=K``;
the line before it gives the server's memory (RSS) at the start and with every pupil seated.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardlab.tables import TableService, TableStore  # noqa: E402
from cardlab.tables.client import AsyncTableClient  # noqa: E402
from cardlab.tables.leaks import audit  # noqa: E402

TEACHER = "load-benchmark-teacher"
GAMES = [("plump", "kids"), ("femkamp", "classic"), ("rummy", {"players": 4, "max_reshuffles": 3})]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def p95(values: list[float]) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def round_of(view: dict) -> int:
    return int(view.get("round_index", view.get("round_number", 0)))


class Bench:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.errors: list[str] = []
        self.join_times: list[float] = []
        self.acked: Counter = Counter()          # (code, seat, action json) of every move the server made
        self.pending: dict[str, list[dict]] = {}  # per table: moves waiting to be seen by the other pupils
        self.seen_times: list[float] = []
        self.online: dict[tuple[str, int], bool] = {}
        self.done: set[str] = set()
        self.records: list[tuple[str, int, list]] = []   # (code, seat, every message that pupil received)
        self.unseen = 0
        self.events: Counter = Counter()          # drops, reloads, double clicks and their refused halves

    def note_update(self, code: str, seat: int, update: dict) -> None:
        moves = update["table"]["moves"]
        now = time.perf_counter()
        for entry in self.pending.get(code, []):
            if seat != entry["seat"] and seat not in entry["seen"] and moves >= entry["target"]:
                entry["seen"][seat] = now

    def settle(self) -> None:
        """Every move's time until all other pupils at its table that stayed connected had it."""
        for code, entries in self.pending.items():
            for entry in entries:
                waits = [entry["seen"][s] - entry["sent"] for s in entry["others"] if s in entry["seen"]]
                self.unseen += sum(1 for s in entry["others"] if s not in entry["seen"])
                if waits:
                    self.seen_times.append(max(waits))

    async def pupil(self, number: int, code: str, humans: int) -> None:
        args = self.args
        rng = random.Random(args.seed * 1000 + number)
        client = AsyncTableClient(self.url, lang=("sv", "nb", "en")[number % 3], record=True)
        client.timeout = 60.0
        drops = number % max(1, round(1 / args.drop)) == 1 if args.drop > 0 else False
        double = number % max(1, round(1 / args.double)) == 2 if args.double > 0 else False
        dropped = False
        started = time.perf_counter()
        try:
            update = await client.join(code, f"Elev {number}")
        except Exception as exc:  # a failed join is an error of the run
            self.errors.append(f"join {number}: {exc}")
            return
        self.join_times.append(time.perf_counter() - started)
        seat = client.seat
        self.records.append((code, seat, client.received))
        self.online[(code, seat)] = True
        self.note_update(code, seat, update)
        deadline = started + args.max_seconds
        while time.perf_counter() < deadline:
            update = client.last
            view, table = update["view"], update["table"]
            if table["over"] or round_of(view) >= args.rounds:
                self.done.add(code)
            if code in self.done:
                break
            legal = view["legal_actions"]
            trick = view.get("current_trick") or []
            if drops and not dropped and trick and not legal:
                dropped = True                     # the tab is closed in the middle of a trick
                self.events["drops_mid_trick"] += 1
                self.online[(code, seat)] = False
                await asyncio.sleep(args.away_after + 2.0)
                ticket = (client.code, client.seat, client.token)
                received = client.received
                client = AsyncTableClient(self.url, lang=client.lang, record=True)   # a reload
                client.timeout = 60.0
                client.received = received
                client.use_ticket(*ticket)
                try:
                    self.note_update(code, seat, await client.update())
                except Exception as exc:
                    self.errors.append(f"reload {number}: {exc}")
                    return
                self.online[(code, seat)] = True
                self.events["reloads"] += 1
                continue
            if legal:
                await asyncio.sleep(rng.uniform(args.think_min, args.think_max))
                action = rng.choice(legal)
                before = table["moves"]
                sent = time.perf_counter()
                try:
                    if double:
                        answers = await asyncio.gather(client.move(action), client.move(action))
                    else:
                        answers = [await client.move(action)]
                except Exception as exc:
                    self.errors.append(f"move {number}: {exc}")
                    return
                made = [a for a in answers if a["notice"] is None]
                if double:
                    self.events["double_clicks"] += 1
                    self.events["second_click_refused"] += len(answers) - len(made)
                if len(made) >= 1:
                    key = (code, seat, json.dumps(action, sort_keys=True))
                    self.acked[key] += len(made)
                    others = [s["seat"] for s in answers[0]["table"]["seats"] if s["kind"] == "human" and s["seat"] != seat
                              and self.online.get((code, s["seat"]), False)]
                    self.pending.setdefault(code, []).append({"seat": seat, "target": before + 1, "sent": sent,
                                                               "others": others, "seen": {}})
                elif not double:
                    self.errors.append(f"refused {number}: {answers[0]['notice']['text']}")
                for answer in answers:
                    self.note_update(code, seat, answer)
                continue
            try:
                update = await client.wait(args.poll_seconds)
            except Exception as exc:
                self.errors.append(f"wait {number}: {exc}")
                return
            self.note_update(code, seat, update)
        else:
            self.errors.append(f"pupil {number} did not finish in {args.max_seconds} s")

    async def run(self) -> dict:
        from tornado.httpclient import AsyncHTTPClient

        AsyncHTTPClient.configure(None, max_clients=4 * self.args.pupils + 20)
        boss = AsyncTableClient(self.url)
        codes = []
        for number in range(self.args.tables):
            game, rules = GAMES[number % len(GAMES)]
            humans = self.args.pupils // self.args.tables + (1 if number < self.args.pupils % self.args.tables else 0)
            seats = ["human"] * humans + ["medium"] * (4 - humans)
            made = await boss.teacher("create", TEACHER, game=game, rules=rules, seats=seats, seed=self.args.seed + number)
            codes.append((made["code"], humans))
        self.rss_start = rss_mb(self.proc.pid)         # the tables are open; now the pupils come
        tasks = []
        number = 0
        for code, humans in codes:
            for _ in range(humans):
                tasks.append(self.pupil(number, code, humans))
                number += 1
        self.rss_seated = None

        async def measure() -> None:
            while len(self.join_times) < self.args.pupils and time.perf_counter() - self.t0 < self.args.max_seconds:
                await asyncio.sleep(0.2)
            self.rss_seated = rss_mb(self.proc.pid)

        self.t0 = time.perf_counter()
        await asyncio.gather(measure(), *tasks)
        return {"codes": [c for c, _ in codes]}

    def start_server(self, folder: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDLAB_TEACHER_TOKEN": TEACHER}
        self.proc = subprocess.Popen([sys.executable, "-m", "cardlab.tables", "serve", "--class-dir", str(folder),
                                      "--port", "0", "--away-after", str(self.args.away_after),
                                      "--poll-seconds", str(self.args.poll_seconds)], stdout=subprocess.PIPE, text=True,
                                     env=env)
        self.url = json.loads(self.proc.stdout.readline())["listening"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=2, help="whole rounds every table plays")
    parser.add_argument("--drop", type=float, default=0.15, help="share of pupils who close the tab mid-trick and come back")
    parser.add_argument("--double", type=float, default=0.15, help="share of pupils who click twice at once")
    parser.add_argument("--away-after", type=float, default=4.0, help="the server's seconds before a bot takes a seat")
    parser.add_argument("--poll-seconds", type=float, default=2.0)
    parser.add_argument("--think-min", type=float, default=0.05)
    parser.add_argument("--think-max", type=float, default=0.4)
    parser.add_argument("--max-seconds", type=float, default=420.0, help="give up after this long")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", action="store_true", help="keep the class folder (its tables.sqlite) and print where")
    args = parser.parse_args(argv)
    if args.pupils > 4 * args.tables:
        parser.error("at most four pupils per table")
    folder = Path(tempfile.mkdtemp(prefix="cardlab-tables-load-"))
    bench = Bench(args)
    bench.start_server(folder)
    try:
        result = asyncio.run(bench.run())
    finally:
        os.kill(bench.proc.pid, signal.SIGKILL)          # no clean shutdown: the log must already hold everything
        bench.proc.wait()
    bench.done.update(result["codes"])
    bench.settle()
    service = TableService(TableStore.in_folder(folder))
    logged: Counter = Counter()
    for _, code, kind, data in service.store.entries():
        if kind == "move" and data["by"] == "human":
            logged[(code, data["action"]["seat"], json.dumps(data["action"], sort_keys=True))] += 1
    lost = sum((bench.acked - logged).values())
    leaked = 0
    by_table: dict[str, dict[int, list]] = {}
    for code, seat, received in bench.records:
        by_table.setdefault(code, {}).setdefault(seat, []).extend(received)
    messages = 0
    for code, received in by_table.items():
        messages += sum(len(m) for m in received.values())
        leaked += len(audit(service.table(code).match, received))
    errors = len(bench.errors)
    for line in bench.errors[:10]:
        print("error:", line, file=sys.stderr)
    seated = bench.rss_seated if bench.rss_seated is not None else float("nan")
    print(f"server_rss_start_mb={bench.rss_start:.1f} server_rss_seated_mb={seated:.1f} "
          f"per_pupil_kb={(seated - bench.rss_start) * 1024 / max(1, args.pupils):.0f} "
          f"messages_checked={messages} moves_acknowledged={sum(bench.acked.values())} "
          f"moves_timed={len(bench.seen_times)} pairs_unseen_at_the_end={bench.unseen} seconds={time.perf_counter() - bench.t0:.1f} "
          + " ".join(f"{k}={v}" for k, v in sorted(bench.events.items())))
    service.store.close()
    if args.keep:
        print(f"class folder: {folder}", file=sys.stderr)
    else:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"tables={args.tables} pupils={args.pupils} errors={errors} join_p95_s={p95(bench.join_times):.3f} "
          f"move_seen_p95_s={p95(bench.seen_times):.3f} lost_actions={lost} leaked={leaked}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
