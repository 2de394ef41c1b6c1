"""Voilà as the classroom server runs it: the door in front of every request, the server's own pages, and
page handlers that give back a kernel whose page never arrived and load nothing from the internet."""

from __future__ import annotations

import re
from typing import Any

_FROM_INTERNET = re.compile(r'<link\b[^>]*\bhref="(?:https?:)?//[^"]*"[^>]*>\s*|<script\b[^>]*\bsrc="(?:https?:)?//[^"]*"[^>]*>\s*</script>\s*')


def without_internet(html: str) -> str:
    """A page's HTML without the style sheets and scripts it would fetch from another site (a school network
    may have no internet; the pages work without them: the icon font is also bundled with the page's code).

    >>> without_internet('<head><link rel="stylesheet" href="https://cdn.example/fa.css" type="text/css" />\\n'
    ...                  '<link rel="stylesheet" href="/voila/static/index.css"><script src="//cdn.example/x.js"></script></head>')
    '<head><link rel="stylesheet" href="/voila/static/index.css"></head>'
    """
    return _FROM_INTERNET.sub("", html)


def classroom_voila_class(state: Any, connect_grace: float):  # pragma: no cover - needs a running server
    """Voilà with the classroom's door (:mod:`cardlab.classroom_server.gate`), its own file list and join pages, and
    page handlers that give back a kernel whose page never arrived."""
    import tempfile

    import voila.app
    from tornado.ioloop import IOLoop, PeriodicCallback
    from tornado.iostream import StreamClosedError
    from voila.request_info_handler import RequestInfoSocketHandler
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.tornado.treehandler import TornadoVoilaTreeHandler

    from .gate import CURRENT_PAGE, ClassroomGate, FileListHandler, GatedApplication, own_handlers

    async def shut(manager, kernel_id):
        try:
            await manager.shutdown_kernel(kernel_id)
        except Exception:  # noqa: BLE001 - already gone
            pass

    class ClassroomRenderHandler(TornadoVoilaHandler):
        """A page: the kernel it was handed is given back at once if the page did not reach the browser, and
        nothing in it is loaded from the internet (Voilà's page template links an icon font on a CDN)."""

        _cardlab_gone = False

        def write(self, chunk):
            if isinstance(chunk, str) and "://" in chunk:
                chunk = without_internet(chunk)
            return super().write(chunk)

        async def get(self, path=None):
            token = CURRENT_PAGE.set(self)
            delivered = False
            try:
                await super().get(path)
                await self.flush()
                delivered = True
            except StreamClosedError:
                pass
            finally:
                CURRENT_PAGE.reset(token)
            if not delivered or self._cardlab_gone:
                self._cardlab_release()

        def on_finish(self):
            client = getattr(self.request, "_cardlab_loading", None)
            if client is not None:
                self.request._cardlab_loading = None
                state.ledger.done_loading(client)

        def on_connection_close(self):
            self._cardlab_gone = True
            self._cardlab_release()
            super().on_connection_close()

        def _cardlab_release(self):
            kernel_id = getattr(self, "_cardlab_kernel_id", None)
            claim = state.ledger.claims.get(kernel_id) if kernel_id else None
            if claim is not None and not claim.connected and state.ledger.closing(kernel_id):
                self.log.info("cardlab: the page for kernel %s never arrived; shutting it down", kernel_id)
                IOLoop.current().spawn_callback(shut, self.kernel_manager, kernel_id)

    class ClassroomVoila(voila.app.Voila):
        def init_handlers(self):
            args = {"state": state}
            handlers = [*own_handlers(state), (r"/", FileListHandler, args), (r"/voila/tree(?:/.*)?", FileListHandler, args)]
            for handler in super().init_handlers():
                if handler[1] is TornadoVoilaTreeHandler:
                    continue                           # the file list above: in the pupils' language, nothing from the internet
                if handler[1] is TornadoVoilaHandler:
                    handler = (handler[0], ClassroomRenderHandler, *handler[2:])
                handlers.append(handler)
            return handlers

        def start(self):
            """Voilà's own start, with the gated application."""
            self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
            settings = self.init_settings()
            self.app = GatedApplication(**settings)
            self.app.gate = ClassroomGate(state)
            self.app.settings.update(self.tornado_settings)
            self.app.settings["cardlab_state"] = state
            self.app.add_handlers(".*$", self.init_handlers())
            PeriodicCallback(self._cardlab_tidy, 5000).start()
            self.listen()

        async def _cardlab_tidy(self):
            """Every few seconds: shut down kernels whose page never connected, forget kernels that are gone."""
            manager = self.kernel_manager
            for kernel_id in state.ledger.unconnected_older_than(connect_grace):
                self.log.info("cardlab: the page for kernel %s did not connect in %s s; shutting it down", kernel_id, connect_grace)
                state.ledger.closing(kernel_id)
                await shut(manager, kernel_id)
            alive = set(manager.list_kernel_ids())
            state.ledger.keep_only(alive)
            for kernel_id in [k for k in RequestInfoSocketHandler._cache if k not in alive]:
                del RequestInfoSocketHandler._cache[kernel_id]     # Voilà keeps every page's request info otherwise

    return ClassroomVoila
