"""The teacher's tables page of the classroom app (``/teacher/tables``), served in-process by the server's own
gated application, talking to a real table server (``cardlab.tables.server``) on the same event loop: only the
teacher code opens it (a pupil's pass is refused), it creates, starts, ends and restarts tables through the
table service's teacher API, every form needs the cross-site check's value, names are escaped, and it speaks
the class's language."""

from __future__ import annotations

import re
import urllib.parse

import tornado.httpserver
import tornado.testing

from cardlab.classroom_server.access import AccessCodes
from cardlab.classroom_server.gate import _EXTRA_PAGES, ClassroomGate, ClassroomState, GatedApplication, own_handlers
from cardlab.classroom_server.limits import Limits
from cardlab.classroom_server.tables_page import TablesLink, add_tables_pages
from cardlab.tables import TableService
from cardlab.tables.server import make_app

CLASS_CODE, TEACHER_CODE = "sol-katt-bok", "hus-ko-mus-gran"


class TablesPageCase(tornado.testing.AsyncHTTPTestCase):
    lang = "en"

    def get_app(self):
        self.service = TableService(teacher_token="the-teachers-token")
        sock, port = tornado.testing.bind_unused_port()
        self.tables_server = tornado.httpserver.HTTPServer(make_app(self.service, poll_seconds=1.0))
        self.tables_server.add_sockets([sock])
        state = ClassroomState(AccessCodes(CLASS_CODE, TEACHER_CODE), Limits(), lang=self.lang, kernel_key="k")
        state.tables_url = f"http://127.0.0.1:{port}"
        add_tables_pages(TablesLink(state.tables_url, "the-teachers-token"))
        try:
            app = GatedApplication(own_handlers(state), cookie_secret="s" * 32, cardlab_state=state, xsrf_cookies=True)
        finally:
            _EXTRA_PAGES.clear()
        app.gate = ClassroomGate(state)
        return app

    def tearDown(self):
        self.tables_server.stop()
        super().tearDown()

    # -------------------------------------------------------------- helpers
    def join(self, path: str, fields: dict) -> str:
        form = self.fetch(path)
        cookie = form.headers["Set-Cookie"].split(";")[0]
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form.body.decode()).group(1)
        body = urllib.parse.urlencode({**fields, "_xsrf": xsrf, "next": "/teacher/tables"})
        answer = self.fetch(path, method="POST", body=body, headers={"Cookie": cookie}, follow_redirects=False)
        assert answer.code == 302, answer.code
        return "; ".join([cookie] + [c.split(";")[0] for c in answer.headers.get_list("Set-Cookie")])

    def teacher(self) -> str:
        return self.join("/teacher/join", {"code": TEACHER_CODE})

    def xsrf_of(self, cookies: str) -> str:
        return re.search(r"_xsrf=([^;]+)", cookies).group(1)

    def post(self, cookies: str, fields: dict, *, xsrf: bool = True):
        data = {**fields, **({"_xsrf": self.xsrf_of(cookies)} if xsrf else {})}
        return self.fetch("/teacher/tables", method="POST", body=urllib.parse.urlencode(data),
                          headers={"Cookie": cookies}, follow_redirects=False)

    def page(self, cookies: str, path: str = "/teacher/tables") -> str:
        answer = self.fetch(path, headers={"Cookie": cookies}, follow_redirects=False)
        assert answer.code == 200, (answer.code, answer.body[:300])
        return answer.body.decode()


class TestTablesPage(TablesPageCase):
    def test_only_the_teacher_code_opens_it(self):
        stranger = self.fetch("/teacher/tables", follow_redirects=False)
        assert stranger.code == 302 and stranger.headers["Location"].startswith("/join?next=")
        pupil = self.join("/join", {"code": CLASS_CODE, "name": "Anna"})
        for path in ("/teacher/tables", "/teacher/tables/list"):
            answer = self.fetch(path, headers={"Cookie": pupil}, follow_redirects=False)
            assert answer.code == 302 and answer.headers["Location"].startswith("/teacher/join?next="), path
        refused = self.post(pupil, {"action": "create", "game": "plump"})
        assert refused.code == 403 and self.service.codes() == []
        html = self.page(self.teacher())
        assert "The tables" in html and "No tables yet" in html and "the-teachers-token" not in html
        assert 'href="/teacher/tables"' in self.page(self.teacher(), "/teacher")     # the teacher's page links to it

    def test_create_start_end_restart_through_the_page(self):
        teacher = self.teacher()
        made = self.post(teacher, {"action": "create", "game": "plump", "players": "3", "rules": "kids", "humans": "2",
                                   "level": "easy", "tables": "2"})
        assert made.code == 303, made.body[:300]
        location = made.headers["Location"]
        assert location.startswith("/teacher/tables?done=create&code=")
        codes = location.rsplit("=", 1)[1].split(",")
        assert len(codes) == 2 and sorted(codes) == self.service.codes()
        table = self.service.table(codes[0])
        assert table.game == "plump" and table.players == 3 and [s.kind for s in table.seats] == ["human", "human", "bot"]
        assert table.seats[2].level == "easy" and not table.started
        html = self.page(teacher, location)
        assert f"New tables: {codes[0]}, {codes[1]}" in html
        for code in codes:
            assert f'<td class="code">{code}</td>' in html
        assert "Waiting for 2 children to sit down" in html and "Seat 2: bot (Easy)" in html

        assert self.post(teacher, {"action": "start", "code": codes[0]}).code == 303
        assert self.service.table(codes[0]).started
        assert self.post(teacher, {"action": "end", "code": codes[0]}).code == 303
        assert self.service.table(codes[0]).ended
        assert "Ended by the teacher" in self.page(teacher, "/teacher/tables/list")
        assert self.post(teacher, {"action": "restart", "code": codes[0]}).code == 303
        assert not self.service.table(codes[0]).ended and self.service.table(codes[0]).games_started == 2

    def test_every_form_needs_the_cross_site_check(self):
        teacher = self.teacher()
        html = self.page(teacher)
        forms = re.findall(r"<form\b.*?</form>", html, re.S)
        assert forms and all('name="_xsrf"' in f for f in forms)
        assert self.post(teacher, {"action": "create", "game": "plump"}, xsrf=False).code == 403
        assert self.service.codes() == []

    def test_names_are_escaped(self):
        teacher = self.teacher()
        self.post(teacher, {"action": "create", "game": "rummy", "players": "2", "humans": "2"})
        code = self.service.codes()[0]
        self.service.join(code, '<script>"x</script>', lang="en")
        self.service.join(code, "Bo & <b>Co</b>", lang="en")
        for path in ("/teacher/tables", "/teacher/tables/list"):
            html = self.page(teacher, path)
            assert '<script>"x' not in html and "<b>Co</b>" not in html, path
            assert "&lt;script&gt;&quot;x&lt;/script&gt;" in html and "Bo &amp; &lt;b&gt;Co&lt;/b&gt;" in html
            assert "(here)" in html

    def test_bad_input_gets_a_sentence_and_changes_nothing(self):
        teacher = self.teacher()
        for fields, words in [({"game": "chess"}, "chess"), ({"game": "plump", "rules": "nonsense"}, "nonsense"),
                              ({"game": "plump", "players": "3", "humans": "9"}, "9"),
                              ({"game": "plump", "tables": "500"}, "500"),
                              ({"game": "plump", "players": "-1"}, "-1")]:
            answer = self.post(teacher, {"action": "create", **fields})
            html = answer.body.decode()
            assert answer.code == 400 and 'class="error"' in html and words in html, (fields, html[-600:])
        assert self.post(teacher, {"action": "end", "code": "XXXXX"}).code == 400
        assert self.post(teacher, {"action": "explode"}).code == 400
        assert self.service.codes() == []


class TestTablesPageSwedish(TablesPageCase):
    lang = "sv"

    def test_the_page_speaks_the_class_language(self):
        teacher = self.teacher()
        self.post(teacher, {"action": "create", "game": "femkamp", "humans": "1", "level": "hard"})
        html = self.page(teacher)
        assert '<html lang="sv">' in html and "Borden" in html and "Öppna borden" in html and "Avsluta" in html
        assert "Plats 0: ledig" in html and "Plats 1: bot (Svår)" in html
        assert "The tables" not in html and "Seat 0" not in html
