"""A page added to the classroom server (``add_page``) behind ``teacher_only``, served in-process by the
server's own gated application: a stranger is sent to the join page, a pupil to the teacher's sign-in,
the teacher gets the page.  This is the hook other teacher-only pages (a table overview) use."""

from __future__ import annotations

import re

import tornado.testing

from cardlab.classroom_server.access import AccessCodes
from cardlab.classroom_server.gate import (_EXTRA_PAGES, ClassroomGate, ClassroomHandler, ClassroomState, GatedApplication,
                                           add_page, own_handlers, teacher_only)
from cardlab.classroom_server.limits import Limits


class TablesOverview(ClassroomHandler):
    @teacher_only
    def get(self):
        self.write(f"tables, seen by {self.pass_.pupil_id}")

    @teacher_only
    def post(self):
        self.write("closed a table")


class TestTeacherOnlyPage(tornado.testing.AsyncHTTPTestCase):
    def get_app(self):
        state = ClassroomState(AccessCodes("sol-katt-bok", "hus-ko-mus-gran"), Limits(), lang="en", kernel_key="k")
        add_page(r"/teacher/tables", TablesOverview)
        try:
            app = GatedApplication(own_handlers(state), cookie_secret="s" * 32, cardlab_state=state)
        finally:
            _EXTRA_PAGES.clear()
        app.gate = ClassroomGate(state)
        return app

    def _join(self, path: str, fields: dict) -> str:
        form = self.fetch(path)
        cookie = form.headers["Set-Cookie"].split(";")[0]
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form.body.decode()).group(1)
        body = "&".join(f"{k}={v}" for k, v in {**fields, "_xsrf": xsrf, "next": "/teacher/tables"}.items())
        answer = self.fetch(path, method="POST", body=body, headers={"Cookie": cookie}, follow_redirects=False)
        assert answer.code == 302, answer.code
        return "; ".join([cookie] + [c.split(";")[0] for c in answer.headers.get_list("Set-Cookie")])

    def test_only_the_teacher_gets_the_page(self):
        stranger = self.fetch("/teacher/tables", follow_redirects=False)
        assert stranger.code == 302 and stranger.headers["Location"].startswith("/join?next=")
        pupil = self._join("/join", {"code": "sol-katt-bok", "name": "Anna"})
        answer = self.fetch("/teacher/tables", headers={"Cookie": pupil}, follow_redirects=False)
        assert answer.code == 302 and answer.headers["Location"].startswith("/teacher/join?next=")
        teacher = self._join("/teacher/join", {"code": "hus-ko-mus-gran"})
        answer = self.fetch("/teacher/tables", headers={"Cookie": teacher})
        assert answer.code == 200 and answer.body.decode().startswith("tables, seen by ")
        assert self.fetch("/teacher/tables", method="POST", body="", headers={"Cookie": pupil}).code == 403

    def test_a_join_form_from_elsewhere_is_refused_kindly(self):
        answer = self.fetch("/join", method="POST", body="code=sol-katt-bok&name=Anna&next=/")     # no _xsrf, no cookie
        assert answer.code == 403 and "must allow cookies" in answer.body.decode()
        assert "Set-Cookie" not in answer.headers or "cardlab_pass" not in answer.headers["Set-Cookie"]
