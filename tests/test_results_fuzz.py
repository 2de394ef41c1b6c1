"""No file can hide the class: a class folder full of damaged and forged files still gives the
teacher every honest pupil's answers, and one warning per bad file naming it and the reason.

The big test writes a real class (every pupil saved by ``save_results``) and, from seeded
generators, 1,200 damaged and forged files beside it: deep brackets, ``10**400``, files just over
the size limit (sparse, so cheap) and a 91 MB one, NaN and infinite values, negative and huge
question numbers, other pupils' ids, 1,000 copies of one answer, invalid UTF-8, lone surrogates,
type swaps, truncations, folders and a FIFO named like results files, links to /etc/passwd.
Each bad file must be refused for the reason its damage calls for.
"""

from __future__ import annotations

import json
import os
import random
import warnings
from pathlib import Path

import pandas as pd
import pytest

from cardlab.classroom import (
    MAX_ANSWERS,
    MAX_FILE_BYTES,
    RESULTS_FORMAT,
    CollectedResults,
    ResultsFileWarning,
    collect_results,
    expected_file_name,
    name_key,
    pupil_labels,
    save_results,
    success_by_pupil,
)

GOOD = [("Anna", "a1a1a1a1a1a1a1a1"), ("Bo", "b2b2b2b2b2b2b2b2"), ("Anna", "c3c3c3c3c3c3c3c3"),
        ("Åsa", "d4d4d4d4d4d4d4d4"), ("Kari", "e5e5e5e5e5e5e5e5")]
EXERCISES = ("05 tricks", "05 follow suit")


def _rows(rng: random.Random, n: int = 5):
    return [{"question": q, "position": f"pos {q}", "answer": rng.choice(["K♣", "A♠", "2♥"]),
             "correct": rng.random() < 0.6} for q in range(1, n + 1)]


def _record(pupil: str, pid: str, exercise: str, answers, saved_at: str = "2030-01-01T10:00:00+00:00"):
    return {"format": RESULTS_FORMAT, "pupil": pupil, "pupil_id": pid, "exercise": exercise,
            "saved_at": saved_at, "answers": answers}


def _honest_class(folder: Path, rng: random.Random) -> pd.DataFrame:
    """Save the honest class and return the rows the teacher must see."""
    expected = []
    for name, pid in GOOD:
        for exercise in EXERCISES:
            rows = _rows(rng)
            save_results(rows, folder, pupil=name, exercise=exercise, pupil_id=pid)
            expected += [(name, pid, exercise, r["question"], r["answer"], r["correct"]) for r in rows]
    return expected


def _damaged(folder: Path, rng: random.Random, count: int) -> dict[str, str]:
    """Write ``count`` bad files into ``folder``; return file name → the rule it must be refused by."""
    made: dict[str, str] = {}
    good_text = json.dumps(_record("Ola", "f6f6f6f6f6f6f6f6", "trick", _rows(rng)), ensure_ascii=False)

    def put(name: str, data: "bytes | str", rule: str) -> None:
        path = folder / name
        path.write_bytes(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
        made[name] = rule

    def answers_with(**change):
        rows = _rows(rng)
        rows[rng.randrange(len(rows))].update(change)
        return rows

    def own(kind: str, i: int, answers, **head) -> tuple[str, str]:
        """A file named consistently with its content (so only the damage inside can refuse it)."""
        pid = f"{i:016x}"
        name = head.pop("pupil", f"Fuzz{kind}{i}")
        record = _record(name, pid, "trick", answers, **head)
        return expected_file_name(pupil=name, exercise="trick", pupil_id=pid), json.dumps(record, ensure_ascii=False)

    kinds = ["deep", "huge_int", "huge_int_elsewhere", "too_big", "nan", "inf", "float_inf", "negative", "too_high",
             "other_id", "renamed", "copies", "utf8", "surrogate", "question_type", "correct_type", "answer_type",
             "truncated", "folder", "link", "format", "top_list", "empty", "conflict", "no_answers", "long_text",
             "bad_id", "fifo"]
    for i in range(count):
        kind = kinds[i % len(kinds)]
        n = 1000 + i
        if kind == "deep":
            depth = rng.randint(2_000, 40_000)   # within the size limit
            put(f"deep{n}.json", "[" * depth + "]" * depth if rng.random() < 0.5 else '{"a":' * depth + "1" + "}" * depth,
                "classroom.bad.too_deep")
        elif kind == "huge_int":
            name, text = own(kind, n, answers_with(question="@@"))   # written as digits: 10**16 … 10**6000
            put(name, text.replace('"@@"', "1" + "0" * rng.randint(16, 6000)), "classroom.bad.huge_number")
        elif kind == "huge_int_elsewhere":
            text = own(kind, n, _rows(rng))[1].replace('"correct": ', f'"correct": {10 ** 400}, "x": ', 1)
            put(own(kind, n, [])[0], text, "classroom.bad.huge_number")
        elif kind == "too_big":
            name = f"big{n}.json"
            with open(folder / name, "wb") as fh:   # sparse: costs no disk and is never read
                fh.truncate(91_000_000 if i == 3 else MAX_FILE_BYTES + 1 + rng.randrange(1000))
            made[name] = "classroom.bad.too_big"
        elif kind == "nan":
            name, text = own(kind, n, answers_with(position="@@"))
            put(name, text.replace('"@@"', "NaN"), "classroom.bad.constant")
        elif kind == "inf":
            name, text = own(kind, n, answers_with(position="@@"))
            put(name, text.replace('"@@"', rng.choice(["Infinity", "-Infinity"])), "classroom.bad.constant")
        elif kind == "float_inf":
            name, text = own(kind, n, answers_with(position="@@"))
            put(name, text.replace('"@@"', rng.choice(["1e999", "-1e400"])), "classroom.bad.constant")
        elif kind == "negative":
            put(*own(kind, n, answers_with(question=-rng.randint(1, 10 ** 9))), "classroom.bad.question_range")
        elif kind == "too_high":
            put(*own(kind, n, answers_with(question=rng.randint(1000, 10 ** 12))), "classroom.bad.question_range")
        elif kind == "other_id":   # a file consistent in itself that takes an honest pupil's id
            owner, pid = rng.choice(GOOD)
            forger = f"Fuzzer{n}"
            exercise = rng.choice(EXERCISES + ("trick",))
            record = _record(forger, pid, exercise, _rows(rng, 10), saved_at="2031-01-01T00:00:00+00:00")
            put(expected_file_name(pupil=forger, exercise=exercise, pupil_id=pid), json.dumps(record),
                "classroom.bad.id_taken")
        elif kind == "renamed":    # an honest pupil's name and id inside, under another file name
            owner, pid = rng.choice(GOOD)
            record = _record(owner, pid, rng.choice(EXERCISES), _rows(rng, 10), saved_at="2031-01-01T00:00:00+00:00")
            put(f"trick--Fuzz{n}--{pid}.json", json.dumps(record, ensure_ascii=False), "classroom.bad.name_mismatch")
        elif kind == "copies":
            row = _rows(rng, 1)[0]
            put(*own(kind, n, [row] * rng.choice([MAX_ANSWERS + 1, 1000])), "classroom.bad.too_many")
        elif kind == "utf8":
            data = bytearray(good_text.encode("utf-8"))
            data[rng.randrange(len(data))] = rng.choice([0xff, 0xfe, 0xc0, 0x80])
            put(f"utf8{n}.json", bytes(data), "classroom.bad.not_utf8")
        elif kind == "surrogate":
            name, text = own(kind, n, answers_with(answer="@@"))
            put(name, text.replace('"@@"', '"\\ud800"'), "classroom.bad.field")
        elif kind == "question_type":
            put(*own(kind, n, answers_with(question=rng.choice(["1", 1.0, True, None, [1], {"n": 1}]))),
                "classroom.bad.answer")
        elif kind == "correct_type":
            put(*own(kind, n, answers_with(correct=rng.choice(["yes", 1, 0.5, [True], {}]))), "classroom.bad.answer")
        elif kind == "answer_type":
            put(*own(kind, n, answers_with(answer=rng.choice([5, 1.5, True, ["K♣"], {"a": 1}]))), "classroom.bad.field")
        elif kind == "truncated":
            put(f"cut{n}.json", good_text[: rng.randrange(len(good_text))], "classroom.bad.not_json")
        elif kind == "folder":
            (folder / f"trick--Dir{n}--{n:016x}.json").mkdir()
            made[f"trick--Dir{n}--{n:016x}.json"] = "classroom.bad.folder"
        elif kind == "link":
            name = f"trick--Link{n}--{n:016x}.json"
            os.symlink(rng.choice(["/etc/passwd", "/etc", "/nonexistent", str(folder / "cut1017.json")]), folder / name)
            made[name] = "classroom.bad.link"
        elif kind == "format":
            put(f"fmt{n}.json", json.dumps({**json.loads(good_text), "format": rng.choice(["cardlab-quiz-results/9", None, 1])}),
                "classroom.bad.format")
        elif kind == "top_list":
            put(f"list{n}.json", rng.choice(["[1, 2]", "17", '"text"', "null", "true"]), "classroom.bad.format")
        elif kind == "empty":
            put(f"empty{n}.json", rng.choice(["", " ", "\n\n"]), "classroom.bad.not_json")
        elif kind == "conflict":
            rows = _rows(rng)
            rows.append({**rows[0], "answer": "Q♥" if rows[0]["answer"] != "Q♥" else "J♥"})
            put(*own(kind, n, rows), "classroom.bad.conflict")
        elif kind == "no_answers":
            name, text = own(kind, n, _rows(rng))
            data = json.loads(text)
            data["answers"] = rng.choice([None, "all", 5, {"1": "K♣"}])
            put(name, json.dumps(data), "classroom.bad.answers")
        elif kind == "long_text":
            put(*own(kind, n, answers_with(position="x" * rng.randint(401, 50_000))), "classroom.bad.field")
        elif kind == "bad_id":
            pid = rng.choice(["../../etc", "XYZ", "12", "g" * 16])
            record = _record(f"Fuzz{n}", pid, "trick", _rows(rng))
            put(f"trick--Fuzz{n}--{n:016x}.json", json.dumps(record), "classroom.bad.field")
        elif kind == "fifo":
            name = f"trick--Pipe{n}--{n:016x}.json"
            os.mkfifo(folder / name)
            made[name] = "classroom.bad.not_file"
    return made


def test_1200_damaged_and_forged_files_never_hide_the_class(tmp_path):
    rng = random.Random(2024)
    folder = tmp_path / "class"
    expected = _honest_class(folder, rng)
    bad = _damaged(folder, rng, 1200)
    assert len(bad) == 1200 and len(list(folder.iterdir())) == 1200 + len(GOOD) * len(EXERCISES)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = collect_results(folder, report=True, lang="en")
    assert isinstance(got, CollectedResults)
    # every honest answer is there, and nothing else
    frame = got.frame
    seen = sorted(frame[["pupil", "pupil_id", "exercise", "question", "answer", "correct"]].itertuples(index=False, name=None))
    assert seen == sorted(expected)
    assert frame["question"].dtype == "int64" and frame["name_flag"].eq("").all()
    # every bad file refused once, for the reason its damage calls for, with a warning naming it
    reasons = {s.file: s.rule for s in got.skipped}
    assert len(got.skipped) == len(reasons) == 1200
    wrong = {name: (rule, reasons.get(name)) for name, rule in bad.items() if reasons.get(name) != rule}
    assert not wrong, list(wrong.items())[:10]
    messages = [str(w.message) for w in caught if issubclass(w.category, ResultsFileWarning)]
    assert len(messages) == 1200
    assert sorted(m.split(":")[0] for m in messages) == sorted(f"skipped {name}" for name in bad)
    assert frame.attrs["skipped"] == got.skipped
    # the teacher's tables work on what is left: one row per honest pupil, every label different
    by_pupil = success_by_pupil(frame)
    assert len(by_pupil) == len(GOOD) and by_pupil["label"].is_unique


@pytest.mark.parametrize("lang, word", [("sv", "hoppade över"), ("nb", "hoppet over"), ("en", "skipped")])
def test_the_warning_is_in_the_teachers_language(tmp_path, lang, word):
    (tmp_path / "x.json").write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    with pytest.warns(ResultsFileWarning) as caught:
        got = collect_results(tmp_path, report=True, lang=lang)
    assert len(caught) == 1 and str(caught[0].message).startswith(f"{word} x.json: ")
    assert got.skipped[0].reason == {"sv": "för djupt nästlad", "nb": "for dypt nøstet", "en": "nested too deeply"}[lang]
    assert got.skipped_table().values.tolist() == [["x.json", got.skipped[0].reason, True]]


def test_the_same_answer_twice_counts_once_and_is_noted(tmp_path):
    row = {"question": 2, "position": "p", "answer": "K♣", "correct": True}
    record = _record("Bo", "0123456789abcdef", "trick", [row, row, row, {**row, "question": 3}])
    name = expected_file_name(pupil="Bo", exercise="trick", pupil_id="0123456789abcdef")
    (tmp_path / name).write_text(json.dumps(record), encoding="utf-8")
    with pytest.warns(ResultsFileWarning, match=r"read trick--Bo--0123456789abcdef.json in part: .*counts once \(question 2\)"):
        got = collect_results(tmp_path, report=True, lang="en")
    assert got.frame["question"].tolist() == [2, 3]
    assert [(s.file, s.whole_file) for s in got.skipped] == [(name, False)]


def test_a_forged_id_loses_to_its_first_owner_and_an_older_save_to_the_newer(tmp_path):
    pid = "0123456789abcdef"
    rows = [{"question": q, "position": "", "answer": "K♣", "correct": True} for q in (1, 2, 3, 4, 5)]
    write = lambda pupil, saved, answers=rows, exercise="trick": (tmp_path / expected_file_name(  # noqa: E731
        pupil=pupil, exercise=exercise, pupil_id=pid)).write_text(json.dumps(_record(pupil, pid, exercise, answers, saved)))
    write("Anna", "2030-01-01T09:00:00+00:00")
    write("Eve", "2030-01-01T10:00:00+00:00")                       # claims Anna's id, later
    write("ANNA", "2030-01-01T11:00:00+00:00", rows[:2])            # Anna again (case differs): newer save
    write("anna", "2030-01-01T08:59:00+00:00", rows[:1], exercise="follow")   # another exercise, same pupil
    with pytest.warns(ResultsFileWarning):
        got = collect_results(tmp_path, report=True, lang="en")
    skipped = {s.file: s.reason for s in got.skipped}
    assert skipped == {
        f"trick--Eve--{pid}.json": f"it uses the pupil id {pid}, which belongs to anna",
        f"trick--Anna--{pid}.json": f"an older save of the same pupil's answers (trick--ANNA--{pid}.json is newer)"}
    # five answers for five questions at most, never ten: the newest trick save and the follow save
    assert sorted(got.frame[["exercise", "question"]].itertuples(index=False, name=None)) == [
        ("follow", 1), ("trick", 1), ("trick", 2)]
    assert pupil_labels(got.frame).unique().tolist() == ["ANNA"]   # one child, one row, newest spelling


def test_a_missing_folder_can_be_an_empty_class(tmp_path):
    got = collect_results(tmp_path / "nowhere", report=True, missing_ok=True)
    assert got.frame.empty and got.skipped == () and list(got.frame.columns)[-1] == "name_flag"


def test_name_keys_nfc_and_case(tmp_path):
    assert name_key("A\u030asa") == name_key("ÅSA") == "åsa"
