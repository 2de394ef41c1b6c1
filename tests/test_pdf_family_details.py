"""What a family sees on a printed sheet: readable rules, no stray trump talk, the winner marked,
and the rules' fingerprint kept out of sight (in the PDF's metadata, for the analyst)."""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from cardlab import PlumpGame, PlumpRules, RandomBot, play_out
from cardlab.pdf import filled_sheet, femkamp_sheet, plump_sheet, rummy_sheet
from cardlab.pdf import layout
from cardlab.pdf.plump import rule_lines
from cardlab.rules.femkamp import FemkampRules
from cardlab.rules.rummy import RummyRules


def _reader(data: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(data))


def _text(data: bytes) -> str:
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in _reader(data).pages))


def _sized_text(data: bytes) -> list[tuple[float, str]]:
    """(font size in points, text) of every piece of text drawn."""
    out: list[tuple[float, str]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            out.append((round(size * tm[0] * cm[0], 2), text.strip()))

    for page in _reader(data).pages:
        page.extract_text(visitor_text=visit)
    return out


@pytest.mark.parametrize("lang", ["sv", "nb", "en"])
def test_the_kids_sheet_without_trump_never_mentions_the_highest_trump(lang):
    lines = rule_lines(PlumpRules.preset("kids"), lang)
    trump_words = {"sv": "trumf", "nb": "trumf", "en": "trump"}[lang]
    assert sum(trump_words in line.lower() for line in lines) == 1  # the one line saying there is none
    assert any(line.startswith(("Ingen trumf", "No trump")) for line in lines)
    text = _text(plump_sheet(PlumpRules.preset("kids"), lang=lang)).lower()
    assert "högsta trumf" not in text and "høyeste trumf" not in text and "highest trump" not in text


def test_a_sheet_with_trump_still_explains_the_highest_trump():
    assert "Högsta trumf tar sticket" in " ".join(rule_lines(PlumpRules(), "sv"))


@pytest.mark.parametrize("make", [
    lambda: plump_sheet(PlumpRules.preset("kids"), lang="sv"),
    lambda: plump_sheet(PlumpRules(players=7), lang="en"),
    lambda: femkamp_sheet(FemkampRules(), lang="nb"),
    lambda: rummy_sheet(RummyRules(), lang="sv"),
])
def test_the_rules_at_the_foot_are_at_least_9_points(make):
    data = make()
    sized = _sized_text(data)
    heading = next(i for i, (_, text) in enumerate(sized) if text.startswith(("Reglerna", "Reglene", "The rules")))
    foot = [(size, text) for size, text in sized[heading:] if not text.startswith(("Utskriven", "Skrevet", "Printed",
                                                                                   "Sida", "Side", "Page"))]
    assert foot and min(size for size, _ in foot) >= 9.0, foot[:5]
    assert layout.RULES_PT >= 9


@pytest.mark.parametrize("make, rules", [
    (lambda r: plump_sheet(r, lang="sv"), PlumpRules.preset("kids")),
    (lambda r: femkamp_sheet(r, lang="nb"), FemkampRules()),
    (lambda r: rummy_sheet(r, lang="en"), RummyRules()),
])
def test_the_fingerprint_is_in_the_metadata_not_on_the_page(make, rules):
    data = make(rules)
    fingerprint = rules.fingerprint()
    assert fingerprint not in _text(data)
    metadata = _reader(data).metadata
    assert fingerprint in metadata.subject and f"rules-fingerprint={fingerprint}" in metadata["/Keywords"]


def _winner_columns(frame) -> list[str]:
    last = frame.iloc[-1]
    return [str(column) for column, value in last.items() if value == "★"]


def test_a_finished_plump_game_marks_its_winner_with_a_star():
    game = play_out(PlumpGame.start(PlumpRules(players=4), seed=3), RandomBot(rng=3))
    names = ["Anna", "Björn", "Cissi", "Dag"]
    frame = layout.with_winner_row(game.score_sheet(names=names, lang="sv"), game, 2, "sv")
    assert frame.index[-1] == "Vinnare"
    assert _winner_columns(frame) == [names[s] for s in game.winners()]
    text = _text(filled_sheet(game, names=names, lang="sv"))
    assert "Vinnare" in text and text.count("★") == len(game.winners())


def test_a_finished_rummy_game_marks_its_winner_with_a_star():
    from cardlab.bots.rummy import RummyBot
    from cardlab.games.rummy import RummyGame

    game = play_out(RummyGame.start(RummyRules(players=3, rounds=3), seed=5), RummyBot())
    names = ["Kari", "Ola", "Per"]
    frame = layout.with_winner_row(game.score_sheet(names=names, lang="nb"), game, 2, "nb")
    assert _winner_columns(frame) == [names[s] for s in game.winners()]
    text = _text(filled_sheet(game, names=names, lang="nb"))
    assert "Vinner" in text and text.count("★") == len(game.winners())


def test_an_unfinished_game_has_no_winner_row():
    from cardlab import Match

    match = Match.new("plump", PlumpRules(players=3), rng=2)
    frame = match.game.score_sheet(lang="en")
    assert layout.with_winner_row(frame, match.game, 2, "en") is frame
    assert "★" not in _text(filled_sheet(match, lang="en"))
