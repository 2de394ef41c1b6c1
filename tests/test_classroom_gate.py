"""The classroom server's door, decided from a request's headers alone (no server started): what a
request without a pass, with a forged pass, with another pupil's kernel, or over a limit gets.
The same door on a running server: ``tests/test_classroom_access.py``."""

from __future__ import annotations

import pytest
from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine
from tornado.web import create_signed_value

from cardlab.classroom_server import main
from cardlab.classroom_server.access import PASS_COOKIE, AccessCodes, make_pass
from cardlab.classroom_server.gate import KERNEL_KEY_HEADER, ClassroomGate, ClassroomState, RefusalHandler, safe_next
from cardlab.classroom_server.limits import Limits

SECRET = b"k" * 32
KERNEL = "0b7a2d9e-1111-4222-8333-944445555666"


def _state(**limits) -> ClassroomState:
    return ClassroomState(AccessCodes("sol-katt-bok", "hus-ko-mus-gran"), Limits(**limits), lang="sv", kernel_key="key-1")


def _request(path: str, *, method: str = "GET", cookie: "str | None" = None, ip: str = "10.0.0.7", **headers: str):
    h = HTTPHeaders({"Host": "class:8866", **headers})
    if cookie is not None:
        h["Cookie"] = f"{PASS_COOKIE}={cookie}"
    request = HTTPServerRequest(start_line=RequestStartLine(method, path, "HTTP/1.1"), headers=h)
    request.remote_ip = ip
    return request


def _cookie(name: str = "Anna", pupil_id: str = "00000000000000aa", teacher: bool = False, secret: bytes = SECRET) -> str:
    return create_signed_value(secret, PASS_COOKIE, make_pass(name, pupil_id=pupil_id, teacher=teacher).to_json()).decode()


def _status(refusal) -> "int | None":
    return None if refusal is None else refusal[1]["status"]


def test_without_a_pass_everything_but_the_join_pages_sends_to_the_join_page():
    gate = ClassroomGate(_state())
    for path in ("/join", "/teacher/join"):
        assert gate.refusal(_request(path), SECRET) is None
    for path in ("/", "/voila/render/02_play_plump.ipynb", "/voila/static/voila.js", f"/api/kernels/{KERNEL}", "/teacher"):
        handler, kwargs = gate.refusal(_request(path), SECRET)
        assert handler is RefusalHandler and kwargs["redirect"].startswith("/join?next=%2F"), path
    # a websocket cannot follow a redirect: it is refused
    refused = gate.refusal(_request(f"/api/kernels/{KERNEL}/channels", Upgrade="websocket"), SECRET)
    assert refused[1]["redirect"] is None and _status(refused) == 403
    # a pass signed with another secret (yesterday's server, a forger) is no pass
    assert gate.refusal(_request("/", cookie=_cookie(secret=b"x" * 32)), SECRET)[1]["redirect"]
    assert gate.refusal(_request("/", cookie=_cookie()), SECRET) is None


def test_a_pupil_reaches_only_the_kernel_their_page_holds():
    state = _state()
    gate = ClassroomGate(state)
    state.ledger.claim(KERNEL, client="10.0.0.7", pupil_id="00000000000000aa", name="Anna", notebook="02.ipynb")
    anna, bo = _cookie("Anna", "00000000000000aa"), _cookie("Bo", "00000000000000bb")
    teacher = _cookie("", "00000000000000cc", teacher=True)
    for path in (f"/api/kernels/{KERNEL}/channels", f"/voila/api/shutdown/{KERNEL}", f"/api/kernels/{KERNEL}"):
        assert gate.refusal(_request(path, cookie=anna), SECRET) is None, path
        assert _status(gate.refusal(_request(path, cookie=bo, ip="10.0.0.8"), SECRET)) == 403, path
        assert gate.refusal(_request(path, cookie=teacher, ip="10.0.0.1"), SECRET) is None, path
    # a kernel still in the pool (no page holds it) and Voilà's unguarded request-info socket: nobody's
    assert _status(gate.refusal(_request("/api/kernels/0b7a2d9e-0000-4000-8000-000000000000/channels", cookie=anna),
                                SECRET)) == 403
    assert _status(gate.refusal(_request(f"/voila/query/{KERNEL}", cookie=anna), SECRET)) == 403
    # only a kernel showing the key learns its pupil
    assert gate.refusal(_request(f"/cardlab/identity/{KERNEL}", **{KERNEL_KEY_HEADER: "key-1"}), SECRET) is None
    assert _status(gate.refusal(_request(f"/cardlab/identity/{KERNEL}", cookie=anna), SECRET)) == 403
    assert _status(gate.refusal(_request(f"/cardlab/identity/{KERNEL}", **{KERNEL_KEY_HEADER: "key-2"}), SECRET)) == 403


def test_new_pages_are_counted_against_the_computer_and_the_class():
    state = _state(kernels_per_client=2, max_kernels=3, pages_per_minute=100)
    gate = ClassroomGate(state)
    anna = _cookie("Anna", "00000000000000aa")
    page = "/voila/render/02_play_plump.ipynb"
    assert [_status(gate.refusal(_request(page, cookie=anna), SECRET)) for _ in range(3)] == [None, None, 429]
    refused = gate.refusal(_request(page, cookie=anna), SECRET)
    assert refused[1]["text"] == "server.busy.pages" and refused[1]["fields"] == {"count": 2}
    assert state.ledger.for_client("10.0.0.7") == 2              # two pages being made are counted at once
    assert _status(gate.refusal(_request(page, cookie=_cookie("Bo", "00000000000000bb"), ip="10.0.0.8"), SECRET)) is None
    refused = gate.refusal(_request(page, cookie=_cookie("Cy", "00000000000000dd"), ip="10.0.0.9"), SECRET)
    assert _status(refused) == 503 and refused[1]["title"] == "server.full.title"
    state.ledger.done_loading("10.0.0.7")
    assert state.ledger.for_client("10.0.0.7") == 1 and state.ledger.total() == 2


def test_too_many_requests_from_one_computer_are_refused_before_anything_else():
    gate = ClassroomGate(_state(request_burst=5, requests_per_second=0.001))
    answers = [_status(gate.refusal(_request("/join"), SECRET)) for _ in range(7)]
    assert answers == [None] * 5 + [429, 429]
    assert _status(gate.refusal(_request("/join", ip="10.0.0.99"), SECRET)) is None       # another computer


def test_after_joining_only_this_site():
    assert safe_next("/voila/render/x.ipynb") == "/voila/render/x.ipynb"
    assert {safe_next(u) for u in ("//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:x")} == {"/"}


@pytest.mark.parametrize("args, message", [
    (["--max-kernels", "0"], "max-kernels must be 1 or more"),
    (["--class-code", "ab"], "at least 6 letters"),
    (["--class-code", "sol katt bok", "--teacher-code", "Sol-Katt-Bok"], "must differ"),
])
def test_bad_options_are_named_before_anything_starts(args, message, capsys, tmp_path):
    with pytest.raises(SystemExit) as stopped:
        main([*args, "--app-folder", str(tmp_path / "app")])
    assert stopped.value.code == 2 and message in capsys.readouterr().err
    assert not (tmp_path / "app").exists()
