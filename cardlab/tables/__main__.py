"""``python -m cardlab.tables``: run the table server beside the classroom app, or open a table.

    python -m cardlab.tables serve --class-dir DIR --port 8871
    python -m cardlab.tables create --url http://127.0.0.1:8871 --class-dir DIR --game plump --seats human,human,medium
    python -m cardlab.tables create --class-dir DIR --game plump --rules kids --seats human,human,medium --group 4b

``serve`` keeps every table in ``DIR/tables.sqlite`` (and rebuilds them all when started
again); ``DIR`` defaults to the classroom app's class folder (``$CARDLAB_CLASS_DIR`` or
``~/cardlab-class``).  The teacher's token is read from ``CARDLAB_TEACHER_TOKEN`` or from
``DIR/tables-teacher.token`` (made, readable only by its owner, on the first start).
Pupils' kernels find the server through ``CARDLAB_TABLES_URL`` (default
``http://127.0.0.1:8871``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path

from .codes import new_token

TOKEN_FILE = "tables-teacher.token"


def teacher_token(class_dir: Path) -> str:
    """The teacher's token: ``$CARDLAB_TEACHER_TOKEN``, else the class folder's token file (made if missing)."""
    given = os.environ.get("CARDLAB_TEACHER_TOKEN")
    if given:
        return given
    path = class_dir / TOKEN_FILE
    if path.exists():
        return path.read_text(encoding="utf-8").strip()
    class_dir.mkdir(parents=True, exist_ok=True)
    token = new_token()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(token + "\n")
    return token


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardlab.tables", description="Shared card tables on 127.0.0.1.")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("serve", help="run the table server")
    run.add_argument("--class-dir", default=None,
                     help="the class folder, where tables.sqlite is kept (default $CARDLAB_CLASS_DIR or ~/cardlab-class)")
    run.add_argument("--port", type=int, default=8871, help="the port on 127.0.0.1 (0: any free port)")
    run.add_argument("--away-after", type=float, default=30.0, help="seconds before a bot plays for a player who is gone")
    run.add_argument("--poll-seconds", type=float, default=10.0, help="the longest a waiting page is held")
    make = sub.add_parser("create", help="open a table on a running server and print its code")
    make.add_argument("--url", default="http://127.0.0.1:8871")
    make.add_argument("--class-dir", default=None, help="the class folder (for the teacher's token)")
    make.add_argument("--game", choices=("plump", "femkamp", "rummy"), required=True)
    make.add_argument("--rules", default=None, help="a preset name (kids, classic …)")
    make.add_argument("--seats", default=None, help="one per player: human or a bot level (easy, medium, hard)")
    make.add_argument("--level", default="medium", help="the level of bots that play for empty or left seats")
    make.add_argument("--seed", type=int, default=None)
    make.add_argument("--group", default=None,
                      help="tables opened with the same group name play the same deals (letters, digits, dashes)")
    args = parser.parse_args(argv)
    from ..classroom import class_dir

    args.class_dir = class_dir(args.class_dir)
    token = teacher_token(args.class_dir)
    if args.command == "create":
        from .client import TableClient

        seats = args.seats.split(",") if args.seats else None
        made = TableClient(args.url).teacher("create", token, game=args.game, rules=args.rules, seats=seats,
                                             level=args.level, seed=args.seed, group=args.group)
        print(made["code"])
        return 0
    if args.away_after <= args.poll_seconds:
        parser.error("--away-after must be longer than --poll-seconds (a waiting page would look gone)")
    from .server import serve
    from .service import TableService
    from .store import TableStore

    service = TableService(TableStore.in_folder(args.class_dir), teacher_token=token, away_after=args.away_after)

    def ready(port: int) -> None:
        print(json.dumps({"listening": f"http://127.0.0.1:{port}", "tables": len(service.codes()),
                          "store": str(service.store.path if service.store else "")}), flush=True)

    try:
        asyncio.run(serve(service, port=args.port, poll_seconds=args.poll_seconds, ready=ready))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
