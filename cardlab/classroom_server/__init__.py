"""The classroom server: the pupils' notebooks as Voilà pages, a table ready for every pupil.

``python -m cardlab.classroom_server --pupils 30`` (or ``make app PUPILS=30``) does seven things:

1. **Lets only the class in.**  It prints a class code (three easy words for the board), a teacher
   code and the join address.  Nothing but the join page is served without the pass the join page
   gives (a signed cookie with a pupil id the server chose and the name given once); the
   cross-site check is on.  See :mod:`.gate` (the door, teacher-only pages; :mod:`.voila_app` puts it
   in front of Voilà), :mod:`.access` (codes, passes) and :mod:`.identity` (``current_pupil()`` in a
   pupil's kernel).
2. **Holds the limits.**  Pages per computer, page loads per minute, requests per second, pages in
   all ("the class is full"): :mod:`.limits`, each a command-line option.
3. **Serves only what pupils should see.**  It copies the pupil-facing notebooks (play tables,
   lessons, pupil exercises: :func:`pupil_notebooks`) into a folder of their own and serves that
   folder, so a teacher's notebook (with its answer key) is never reachable from a pupil's browser.
   The file list is the server's own page (:mod:`.pages`): titles instead of file names, in the
   pupils' language (``--lang``), nothing loaded from the internet.
4. **A page with its table for every pupil.**  Before the lesson it starts a pool of kernels for
   each lesson notebook (``--lesson``, default the Plump table and the pupils' quizzes), ``pupils +
   spare`` of them, each with the notebook already run, so a pupil's page arrives with its table at
   once.  The pool is refilled only when fewer than ``spare`` ready kernels are left (a reload, a
   late pupil), so refills do not compete with the pupils' moves for the CPU.  A pupil who arrives
   when the pool is empty sees Voilà's "loading" page, which turns into the table when its kernel
   has run the notebook; timeouts are raised so a busy machine never gives a page without its table.
5. **No kernel leaks.**  A closed tab shuts its kernel down at once (Voilà's shutdown request
   carries the cross-site check's value), a page whose connection was reset before it arrived gives
   its kernel back at once, one that never connects after ``--connect-grace`` seconds, and a kernel
   whose pupil vanished without closing the tab (sleeping laptop, lost network) is culled after
   ``--cull-after`` seconds with no connection; ready kernels in the pool are never culled.
6. **Results go to the class folder.**  ``--class-dir`` (default ``$CARDLAB_CLASS_DIR`` or
   ``~/cardlab-class``) is handed to every kernel as ``CARDLAB_CLASS_DIR``, so the quizzes' *Spara
   svaren* writes there and the teacher's notebook reads the same folder (``class_dir()``).
7. **Tables for several players.**  It starts the table service (``cardlab.tables``) beside Voilà in a
   process of its own (:mod:`.shared_tables`: the same class folder, its own port on 127.0.0.1, the
   server's port + 5 unless ``--tables-port``; stopped when the server stops; a restart finds every table
   again in ``tables.sqlite``), hands its address to every kernel as ``CARDLAB_TABLES_URL`` (the teacher's
   token never), and adds the teacher's tables page ``/teacher/tables`` (:mod:`.tables_page`).
   ``--no-tables`` leaves it out.

About 72 MB of RAM per pupil (one kernel each, measured by ``benchmarks/classroom_load.py``);
see ``docs/classroom.md`` for starting a class, the limits, and what a school's IT person should know.
"""

from __future__ import annotations

import argparse
import os
import shutil
import time
from pathlib import Path
from typing import Any, Sequence

import jinja2

from ..classroom import CLASS_DIR_ENV, class_dir
from .limits import Limits, add_limit_options
from .shared_tables import PORT_OFFSET, TEACHER_TOKEN_ENV

ROOT = Path(__file__).resolve().parent.parent.parent
#: Where the notebooks live in a source checkout.
NOTEBOOKS = ROOT / "notebooks"
#: Where the served copy is made (never inside ``notebooks/``).
APP_FOLDER = ROOT / "build" / "classroom"
#: Notebooks for the teacher only (answer keys, the class's results): they live apart in ``notebooks/teacher/``,
#: which is never copied; should one be put beside the pupils' notebooks, it is still left out by name.
TEACHER_NOTEBOOKS = frozenset({"05_classroom_exercises", "05_klassrumsovningar", "05_klasseromsoppgaver",
                               "06_class_results", "07_tables", "08_puzzle_results"})
#: The notebooks a class opens in a lesson (each gets a pool of ready kernels): the Plump table and the quizzes.
DEFAULT_LESSONS = ("02_play_plump.ipynb", "05_classroom_exercises_pupil.ipynb")
#: … in the class's language: a Swedish or Norwegian class opens its own versions of the same two.
LESSONS_BY_LANGUAGE = {
    "en": DEFAULT_LESSONS,
    "sv": ("02_spela_plump.ipynb", "05_klassrumsovningar_elev.ipynb"),
    "nb": ("02_spille_plump.ipynb", "05_klasseromsoppgaver_elev.ipynb"),
}
DEFAULT_PORT = 8866

#: Voilà settings that every classroom server uses (explained in the module docstring).
VOILA_SETTINGS = {
    "iopub_timeout": 120,      # seconds Voilà waits for a cell's output on a busy machine (default 4)
    "cell_timeout": 300,       # seconds a cell may run
    "startup_timeout": 120,    # seconds a kernel may take to start
    "cull_interval": 10,       # seconds between two looks for vanished pupils' kernels
}


def is_teacher_notebook(path: "str | Path") -> bool:
    """True for a teacher's notebook (never served to pupils).

    >>> is_teacher_notebook("05_classroom_exercises.ipynb"), is_teacher_notebook("05_classroom_exercises_pupil.ipynb")
    (True, False)
    """
    stem = Path(path).stem
    return stem in TEACHER_NOTEBOOKS or "teacher" in stem.lower()


def pupil_notebooks(folder: "str | Path" = NOTEBOOKS) -> list[Path]:
    """The notebooks a pupil may open: every notebook directly in ``folder`` (not in its ``teacher/``
    folder) except a teacher's.

    >>> names = [p.name for p in pupil_notebooks()]
    >>> "05_classroom_exercises_pupil.ipynb" in names, "05_classroom_exercises.ipynb" in names
    (True, False)
    """
    return sorted(p for p in Path(folder).glob("*.ipynb") if not is_teacher_notebook(p))


def prepare_app_folder(dest: "str | Path" = APP_FOLDER, source: "str | Path" = NOTEBOOKS) -> list[Path]:
    """Make ``dest`` hold exactly the pupil notebooks of ``source`` (a fresh copy); returns their paths.

    The copies are served, never read: each is stored without its outputs (see :func:`served_copy`).
    """
    dest = Path(dest)
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    copied = []
    for path in pupil_notebooks(source):
        target = dest / path.name
        target.write_text(served_copy(path.read_text(encoding="utf-8")), encoding="utf-8")
        copied.append(target)
    return copied


def served_copy(notebook_json: str) -> str:
    """A notebook as the server keeps it: the cells' code and text, without stored outputs or saved widget state.

    Voilà runs every page's notebook afresh, so what a notebook stored when it was last run is never
    shown; but the server copies the whole notebook for each page it renders, and the play
    notebooks carry a few hundred kB of saved widget state.  Left out, a page renders several times
    faster, and the server, which also passes on every pupil's moves, is busy for less of the time.

    >>> import json
    >>> nb = {"cells": [{"id": "a1", "cell_type": "code", "source": "1 + 1", "metadata": {}, "execution_count": 3,
    ...                  "outputs": [{"output_type": "execute_result", "data": {"text/plain": "2"},
    ...                               "metadata": {}, "execution_count": 3}]}],
    ...       "metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {}}},
    ...       "nbformat": 4, "nbformat_minor": 5}
    >>> kept = json.loads(served_copy(json.dumps(nb)))
    >>> kept["cells"][0]["outputs"], kept["cells"][0]["execution_count"], "".join(kept["cells"][0]["source"]), kept["metadata"]
    ([], None, '1 + 1', {})
    """
    import nbformat
    from nbconvert.preprocessors import ClearOutputPreprocessor

    notebook = nbformat.reads(notebook_json, as_version=nbformat.NO_CONVERT)
    ClearOutputPreprocessor().preprocess(notebook, {})
    notebook.metadata.pop("widgets", None)
    return nbformat.writes(notebook)


def voila_config(*, port: int = DEFAULT_PORT, ip: str = "127.0.0.1", pools: "dict[str, int] | None" = None,
                 cull_after: int = 40) -> dict[str, dict[str, Any]]:
    """The classroom server's Voilà settings as a traitlets config (``{class: {trait: value}}``).

    ``pools``: lesson notebook → ready kernels; every other notebook starts its kernel when opened.

    >>> cfg = voila_config(pools={"02_play_plump.ipynb": 33})
    >>> cfg["VoilaKernelManager"]["kernel_pools_config"]["02_play_plump.ipynb"], cfg["Voila"]["ip"]
    ({'pool_size': 33}, '127.0.0.1')
    """
    pools = pools if pools is not None else {}
    pool_config: dict[str, Any] = {"default": {"pool_size": 0}}
    for name, size in pools.items():
        pool_config[name] = {"pool_size": int(size)}
    s = VOILA_SETTINGS
    return {
        "Voila": {"port": int(port), "ip": ip, "port_retries": 0, "open_browser": False,
                  # the cross-site check stays on: a closed tab's shutdown request carries the _xsrf cookie's value
                  "tornado_settings": {"login_url": "/join", "xsrf_cookie_kwargs": {"samesite": "Lax"}}},
        "VoilaConfiguration": {"preheat_kernel": bool(pools)},
        "VoilaKernelManager": {"kernel_pools_config": pool_config, "fill_delay": 0},
        "VoilaExecutor": {"iopub_timeout": s["iopub_timeout"], "timeout": s["cell_timeout"],
                          "startup_timeout": s["startup_timeout"]},
        # kernels talk over local sockets, not TCP ports: thirty kernels starting at once raced for random ports
        # ("Address already in use"), and a kernel that lost the race died and left its pool place empty
        "KernelManager": {"transport": "ipc"},
        "MappingKernelManager": {"cull_idle_timeout": int(cull_after), "cull_interval": s["cull_interval"],
                                 "cull_connected": False, "cull_busy": False},
    }


#: How much lower a kernel started during the lesson runs (the ``nice`` increment: 0 normal … 19 lowest).
REFILL_NICENESS = 15


def start_in_background() -> None:  # pragma: no cover - runs in the new kernel's process before it starts
    """Lower the priority of a kernel started during the lesson (a refill of the pool).

    Starting a kernel and running the lesson notebook in it takes a few seconds of CPU; at normal
    priority, a refill started when ten pupils arrived at once made every table in the class wait
    up to three seconds for its move.  At low priority it uses only the CPU the class leaves over.
    """
    os.nice(REFILL_NICENESS)


def _classroom_kernel_manager_factory(original, spare: int, connect_grace: float = 120.0, state: Any = None):
    """Wrap Voilà's kernel manager factory.

    Every kernel handed to a page is written in ``state``'s ledger (which client, which pupil), and a
    kernel started for one page gets the pupil in its environment; the ledger forgets a kernel when it
    is shut down.  A kernel handed to a page is not culled in its first ``connect_grace`` seconds or
    until its page connects.  With a pool: fill the whole pool before the lesson, then refill only when
    fewer than ``spare`` ready kernels are left (and only up to ``spare``)."""
    from jupyter_core.utils import ensure_async
    from jupyter_server._tz import utcnow

    from .gate import CURRENT_PAGE, current_pass
    from .identity import PUPIL_ID_ENV, PUPIL_NAME_ENV

    def page_and_pass():
        page = CURRENT_PAGE.get()
        found = current_pass(page) if page is not None and state is not None else None
        return (page, found) if found is not None else (None, None)

    def factory(base_class, preheat_kernel, default_pool_size, page_config_hook=None):
        cls = original(base_class, preheat_kernel, default_pool_size, page_config_hook=page_config_hook)

        class PageKernelManager(cls):  # type: ignore[misc, valid-type]
            def _cardlab_claim(self, kernel_id, page, found):
                notebook = page.request.path.split("/voila/render/", 1)[-1]
                state.ledger.claim(kernel_id, client=page.request.remote_ip or "?", pupil_id=found.pupil_id,
                                   name=found.name, notebook=notebook)
                page._cardlab_kernel_id = kernel_id

            async def start_kernel(self, *args, **kwargs):
                """A kernel for one page (no ready kernel in a pool): the pupil goes into its environment."""
                page, found = page_and_pass()
                if found is not None:
                    kwargs["env"] = {**(kwargs.get("env") or os.environ), PUPIL_ID_ENV: found.pupil_id,
                                     PUPIL_NAME_ENV: found.name}
                kernel_id = await ensure_async(super().start_kernel(*args, **kwargs))
                if found is not None:
                    self._cardlab_claim(kernel_id, page, found)
                return kernel_id

            async def shutdown_kernel(self, kernel_id, *args, **kwargs):
                """Shut a kernel down; its page's place is free once its process has ended."""
                if state is not None:
                    state.ledger.closing(kernel_id)
                try:
                    return await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))
                finally:
                    if state is not None:
                        state.ledger.release(kernel_id)

            def notify_connect(self, kernel_id):
                """The page has connected: its loading grace ends, and from now on the culler stops the kernel
                ``cull_idle_timeout`` seconds after its last connection is gone (a vanished pupil)."""
                if state is not None:
                    state.ledger.connected(kernel_id)
                return super().notify_connect(kernel_id)

            async def cull_kernel_if_idle(self, kernel_id):
                """Never cull a page's kernel in its first ``connect_grace`` seconds unless its page has connected
                (a slow browser is still loading)."""
                claim = state.ledger.claims.get(kernel_id) if state is not None else None
                if claim is not None and not claim.connected and time.monotonic() - claim.since < connect_grace:
                    return None
                return await ensure_async(super().cull_kernel_if_idle(kernel_id))

        if not preheat_kernel:
            PageKernelManager.__name__ = cls.__name__
            return PageKernelManager

        class ClassroomKernelManager(PageKernelManager):
            def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables={}, **kwargs):  # noqa: B006
                token = CURRENT_PAGE.set(None)      # a refill's kernels belong to no page yet
                try:
                    return self._cardlab_fill(delay, notebook_name, extra_kernel_env_variables, **kwargs)
                finally:
                    CURRENT_PAGE.reset(token)

            def _cardlab_fill(self, delay, notebook_name, extra_kernel_env_variables, **kwargs):
                filled = self.__dict__.setdefault("_cardlab_filled", set())
                if notebook_name not in filled:           # before the lesson: the whole pool
                    filled.add(notebook_name)
                    return super().fill_if_needed(delay, notebook_name, extra_kernel_env_variables, **kwargs)
                left = len(self._pools.get(notebook_name, ()))
                if left >= spare:
                    return None
                saved = self.kernel_pools_config
                own = dict(saved.get(notebook_name, saved.get("default", {})))
                own["pool_size"] = min(int(own.get("pool_size", 0)), spare)
                self.kernel_pools_config = {**saved, notebook_name: own}
                kwargs.setdefault("preexec_fn", start_in_background)   # during the lesson: only spare CPU
                try:
                    return super().fill_if_needed(delay, notebook_name, extra_kernel_env_variables, **kwargs)
                finally:
                    self.kernel_pools_config = saved

            async def get_rendered_notebook(self, notebook_name, extra_kernel_env_variables={}, **kwargs):  # noqa: B006
                """Hand a ready kernel to a pupil's page (written in the ledger); its idle clock starts now (it sat
                in the pool a while), so the culler gives the page time to load and connect."""
                result = await super().get_rendered_notebook(notebook_name, extra_kernel_env_variables, **kwargs)
                kernel_id = result[2]
                page, found = page_and_pass()
                if found is not None:
                    self._cardlab_claim(kernel_id, page, found)
                if kernel_id in self:
                    self.get_kernel(kernel_id).last_activity = utcnow()
                return result

            async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
                """Start a pool kernel; log when it has run the notebook (the teacher waits for "ready N of N")."""
                content = await super()._initialize(notebook_path, kernel_id, **kwargs)
                ready = self.__dict__.setdefault("_cardlab_ready", {})

                def done(_task, name=notebook_path):
                    ready[name] = ready.get(name, 0) + 1
                    size = self.kernel_pools_config.get(name, {}).get("pool_size", 0)
                    self.log.info("cardlab: %s ready kernel(s) for %s have run the notebook (pool %s)", ready[name], name, size)

                content["task"].add_done_callback(done)
                return content

        ClassroomKernelManager.__name__ = cls.__name__
        return ClassroomKernelManager

    return factory


class TemplateCodeCache(jinja2.BytecodeCache):
    """Compiled page templates kept in memory and shared by every page this server renders.

    Voilà makes a new template environment for each page, so by itself it compiles its page
    templates again for every pupil: about a third of a second of the server's only thread, during
    which no pupil's move is passed on (with ten pupils arriving at once, every table froze for three
    seconds).  Kept here, a template is compiled once; jinja2 checks each template's source against
    the stored code's checksum, so an edited template is compiled afresh.

    >>> cache = TemplateCodeCache()
    >>> pages = [jinja2.Environment(loader=jinja2.DictLoader({"t": "{{ 6 * 7 }}"}), bytecode_cache=cache) for _ in range(2)]
    >>> [env.get_template("t").render() for env in pages], cache.compiled, cache.reused
    (['42', '42'], 1, 1)
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}
        self.compiled = 0      #: templates compiled (each once)
        self.reused = 0        #: template loads served from the cache

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        stored = self._code.get(bucket.key)
        if stored is not None:
            bucket.bytecode_from_string(stored)      # left empty if the template's source has changed
            self.reused += bucket.code is not None

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()
        self.compiled += 1


def _share_compiled_templates(exporter_class: Any, cache: "TemplateCodeCache") -> None:
    """Make every page environment ``exporter_class`` creates use ``cache`` for its compiled templates."""
    create = exporter_class._create_environment

    def _create_environment(self):
        environment = create(self)
        environment.bytecode_cache = cache
        return environment

    exporter_class._create_environment = _create_environment


def serve(folder: "str | Path", config: dict[str, dict[str, Any]], *, spare: int = 3, state: Any = None,
          connect_grace: float = 120.0) -> None:  # pragma: no cover
    """Run Voilà on ``folder`` with ``config`` (see :func:`voila_config`), the classroom's pool policy and,
    with ``state`` (a :class:`cardlab.classroom_server.gate.ClassroomState`), its door and limits."""
    import voila.app
    import voila.exporter
    from traitlets.config import Config

    from .gate import identity_provider_class
    from .voila_app import classroom_voila_class

    _share_compiled_templates(voila.exporter.VoilaExporter, TemplateCodeCache())

    voila.app.voila_kernel_manager_factory = _classroom_kernel_manager_factory(
        voila.app.voila_kernel_manager_factory, spare, connect_grace=connect_grace, state=state)
    config = {name: dict(values) for name, values in config.items()}
    config["Voila"]["identity_provider_class"] = identity_provider_class()
    app = classroom_voila_class(state, connect_grace)
    app.launch_instance(argv=[str(folder)], config=Config(config))


def parse_lessons(values: Sequence[str], folder: Path, lang: str = "en") -> list[str]:
    """The notebooks to warm a pool of kernels for: ``values`` (names, ``.ipynb`` optional), or when none
    are given the Plump table and the quizzes in the class's language ``lang``."""
    names = []
    for value in values or LESSONS_BY_LANGUAGE.get(lang, DEFAULT_LESSONS):
        name = value if value.endswith(".ipynb") else f"{value}.ipynb"
        if not (folder / name).exists():
            raise SystemExit(f"no pupil notebook {name!r} in {folder}; choose from "
                             f"{', '.join(p.name for p in pupil_notebooks(folder))}")
        if name not in names:
            names.append(name)
    return names


def main(argv: Sequence[str] | None = None) -> int:  # pragma: no cover - starts the server
    import secrets

    from .access import AccessCodes, join_urls
    from .gate import ClassroomState
    from .identity import IDENTITY_URL_ENV, KERNEL_KEY_ENV
    from .pages import join_qr, lesson_of
    from ..i18n import LANGUAGES, resolve_language

    parser = argparse.ArgumentParser(prog="python -m cardlab.classroom_server",
                                     description="Serve the pupils' notebooks to a class (Voilà, a ready table per pupil).")
    parser.add_argument("--pupils", type=int, default=1, help="how many pupils (ready kernels per lesson notebook)")
    parser.add_argument("--spare", type=int, default=3, help="extra ready kernels for reloads and late pupils")
    parser.add_argument("--lesson", action="append", default=[],
                        help="a notebook the class opens (repeatable; default: the Plump table and the quizzes in the "
                             f"class's language, e.g. {' and '.join(DEFAULT_LESSONS)})")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--ip", default="127.0.0.1", help="0.0.0.0 to let the pupils' computers in")
    parser.add_argument("--class-dir", default=None, help=f"where quiz results go (default ${CLASS_DIR_ENV} or ~/cardlab-class)")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="the pupils' language for the server's pages (default: from the locale)")
    parser.add_argument("--class-code", default=None, help="the class code (default: three new words at every start)")
    parser.add_argument("--teacher-code", default=None, help="the teacher code (default: four new words at every start)")
    parser.add_argument("--cull-after", type=int, default=40, help="seconds before a vanished pupil's kernel is stopped")
    parser.add_argument("--notebooks", default=str(NOTEBOOKS), help="where the notebooks are")
    parser.add_argument("--app-folder", default=str(APP_FOLDER), help="where the served copy is made")
    parser.add_argument("--no-tables", action="store_true",
                        help="do not start the table service for several players beside the server")
    parser.add_argument("--tables-port", type=int, default=None,
                        help="the table service's port on 127.0.0.1 (default: the server's port + 5, "
                             "any free port if that one is taken; 0: any free port)")
    add_limit_options(parser)
    args = parser.parse_args(argv)
    if args.pupils < 0 or args.spare < 0:
        parser.error("--pupils and --spare must be 0 or more")
    lang = resolve_language(args.lang)
    try:
        fresh = AccessCodes.fresh(lang)
        codes = AccessCodes(args.class_code or fresh.class_code, args.teacher_code or fresh.teacher_code)
        limits = Limits.for_class(args.pupils, kernels_per_client=args.kernels_per_client,
                                  pages_per_minute=args.pages_per_minute, requests_per_second=args.requests_per_second,
                                  request_burst=args.request_burst, connect_grace=args.connect_grace)
        if args.max_kernels is not None:
            limits = Limits(**{**limits.__dict__, "max_kernels": args.max_kernels})
    except ValueError as exc:
        parser.error(str(exc))
    folder = Path(args.app_folder)
    prepare_app_folder(folder, args.notebooks)
    size = args.pupils + args.spare
    lessons = parse_lessons(args.lesson, folder, lang) if size else []
    results = class_dir(args.class_dir)
    results.mkdir(parents=True, exist_ok=True)
    os.environ[CLASS_DIR_ENV] = str(results.resolve())
    local = "127.0.0.1" if args.ip in ("0.0.0.0", "", "::") else args.ip
    os.environ[IDENTITY_URL_ENV] = f"http://{local}:{args.port}/cardlab/identity"
    os.environ[KERNEL_KEY_ENV] = secrets.token_urlsafe(32)
    urls = join_urls(args.ip, args.port)
    state = ClassroomState(codes, limits, lang=lang, kernel_key=os.environ[KERNEL_KEY_ENV], join_url=urls[0])
    state.lessons = [lesson_of(p) for p in pupil_notebooks(folder)]
    print(f"cardlab classroom: results in {results}", flush=True)
    for name in lessons:
        print(f"cardlab classroom: warming {size} ready kernels for {name} ({lesson_of(folder / name).title})", flush=True)
    if not lessons:
        print("cardlab classroom: no ready kernels (every page starts its own)", flush=True)
    print(f"cardlab classroom: limits: {limits.kernels_per_client} pages per computer, {limits.max_kernels} in all, "
          f"{limits.pages_per_minute} page loads per computer and minute", flush=True)
    print(f"cardlab classroom: pupils join at {' or '.join(urls)}", flush=True)
    qr = join_qr(urls[0], svg=False) if args.ip in ("0.0.0.0", "", "::") else None
    if qr:
        print(qr, end="", flush=True)
    print(f"cardlab classroom: class code: {codes.class_code}", flush=True)
    print(f"cardlab classroom: teacher code: {codes.teacher_code} (teacher's page: {urls[0].rsplit('/', 1)[0]}/teacher)",
          flush=True)
    tables = None if args.no_tables else start_tables(results, args.port, args.tables_port)
    if tables is not None:
        state.tables_url = tables.url
        print(f"cardlab classroom: tables for several players are available ({tables.tables} kept in "
              f"{results / 'tables.sqlite'}; the service at {tables.url}); the teacher opens them at "
              f"{urls[0].rsplit('/', 1)[0]}/teacher/tables", flush=True)
    else:
        os.environ.pop(TEACHER_TOKEN_ENV, None)
        print("cardlab classroom: no tables for several players (--no-tables)", flush=True)
    try:
        serve(folder, voila_config(port=args.port, ip=args.ip, pools={name: size for name in lessons},
                                   cull_after=args.cull_after), spare=args.spare, state=state,
              connect_grace=limits.connect_grace)
    finally:
        if tables is not None:
            tables.stop()
    return 0


def start_tables(results: Path, port: int, tables_port: "int | None") -> Any:  # pragma: no cover - starts a process
    """Start the table service beside the server (see :mod:`.shared_tables`), give every kernel its address and
    the server the teacher's pages of tables; the teacher's token stays out of the kernels' environment."""
    from ..tables.__main__ import teacher_token
    from .shared_tables import TablesProcess, kernel_environment, port_is_free
    from .tables_page import TablesLink, add_tables_pages

    if tables_port is None:
        tables_port = port + PORT_OFFSET if port else 0
        if tables_port and not port_is_free(tables_port):
            tables_port = 0
    token = teacher_token(results)
    tables = TablesProcess(results, port=tables_port, token=token)
    url = tables.start()
    clean = kernel_environment(os.environ, url)       # what every kernel started from now on inherits
    os.environ.clear()
    os.environ.update(clean)
    add_tables_pages(TablesLink(url, token))
    return tables

