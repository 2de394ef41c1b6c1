"""Printed score sheets (protokoll): blank and filled A4 PDFs for Plump, Femkamp and Rummy.

The PDFs are read back with pypdf: their text must hold the rows of the
schedule, the names, the dealer of every round and the rules in short; a
filled sheet must say exactly what the on-screen DataFrame says.  A page is
A4 and drawn on (grid lines and text in its content stream; rendered to
pixels too where poppler's pdftoppm is installed).
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from collections import Counter
from importlib import resources

import pypdf
import pytest
from pypdf.generic import ContentStream

from cardlab import Match, PlumpGame, PlumpRules, RandomBot, play_out
from cardlab.cli import main
from cardlab.i18n import tr
from cardlab.pdf import filled_sheet, femkamp_sheet, plump_filled_sheet, plump_sheet, rummy_sheet
from cardlab.pdf import femkamp as pdf_femkamp
from cardlab.pdf import layout
from cardlab.pdf import plump as pdf_plump
from cardlab.pdf import rummy as pdf_rummy
from cardlab.rules.femkamp import FemkampRules, round_goal, round_title
from cardlab.rules.rummy import RummyRules

NAMES = ["Anna", "Björn", "Cissi", "Dag", "Eva", "Frøydis", "Göran", "Hanne", "Ivar", "Jonatan", "Kåre", "Lise"]


# ------------------------------------------------------------------ helpers
def reader(data: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(data))


def text_of(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in reader(data).pages)


def flat(text: str) -> str:
    """Whitespace collapsed, so a sentence wrapped over two lines still matches."""
    return re.sub(r"\s+", " ", text).strip()


def table_lines(data: bytes, first_cell: str, stop: str) -> list[str]:
    """The non-empty text lines of the table: from the line ``first_cell`` up to the line ``stop``."""
    lines = [line.strip() for line in text_of(data).splitlines()]
    start = lines.index(first_cell)
    end = lines.index(stop, start)
    return [line for line in lines[start:end] if line]


def round_rows(data: bytes) -> list[tuple[int, int, str]]:
    """(round number, hand size, dealer) for every round row of a blank Plump sheet, in print order."""
    lines = [line.strip() for line in text_of(data).splitlines()]
    rows = []
    for i, line in enumerate(lines):
        match = re.fullmatch(r"(\d+)\.", line)
        if match and i + 2 < len(lines) and lines[i + 1].isdigit():
            rows.append((int(match.group(1)), int(lines[i + 1]), lines[i + 2]))
    return rows


def drawing_ops(data: bytes) -> Counter:
    pdf = reader(data)
    ops: Counter = Counter()
    for page in pdf.pages:
        ops.update(op for _, op in ContentStream(page.get_contents(), pdf).operations)
    return ops


def play_plump(rules: PlumpRules, seed: int) -> PlumpGame:
    return play_out(PlumpGame.start(rules, seed=seed), RandomBot(rng=seed))


# ------------------------------------------------------------ blank Plump
@pytest.mark.parametrize("players, lang", [(2, "sv"), (3, "en"), (4, "nb"), (5, "sv"), (6, "nb"), (7, "en")])
def test_blank_plump_sheet_has_every_round_the_dealers_and_the_rules(players, lang):
    rules = PlumpRules(players=players)
    names = NAMES[:players]
    data = plump_sheet(rules, names=names, lang=lang)
    text = text_of(data)
    rows = round_rows(data)
    # one row per round, numbered, with the hand size of the schedule at the left
    assert [number for number, _, _ in rows] == list(range(1, len(rules.hand_sizes()) + 1))
    assert [size for _, size, _ in rows] == rules.hand_sizes()
    # the dealer moves one seat clockwise every round, starting with seat 0
    assert [dealer for _, _, dealer in rows] == [names[i % players] for i in range(len(rows))]
    for name in names:
        assert name in text
    # the subtotal row sits right after the 1-card round, the sum row at the end
    lines = [line.strip() for line in text.splitlines()]
    one_card = next(i for i, line in enumerate(lines) if line == f"{rules.hand_sizes().index(1) + 1}.")
    subtotal = lines.index(tr("pdf.row.subtotal", lang))
    assert one_card < subtotal < lines.index(f"{rules.hand_sizes().index(1) + 2}.")
    assert lines.index(tr("pdf.row.sum", lang), subtotal + 1) > subtotal
    # the rules in short, in the chosen language, as the rules object says
    for line in pdf_plump.rule_lines(rules, lang):
        assert flat(line) in flat(text)
    assert tr("pdf.plump.title", lang) in text
    assert "10 → 1 → 10" in text or f"{rules.largest_hand} → 1 → {rules.largest_hand}" in text


def test_blank_sheet_without_names_numbers_the_players():
    text = text_of(plump_sheet(PlumpRules(players=3), lang="en"))
    assert all(f"Player {n}" in text for n in (1, 2, 3))
    assert "Player 4" not in text


def test_the_seed_example_sentences_appear_for_the_classic_rules():
    # seed 000: "Rätt bud 10 + antalet stick … Fel bud: plump = 0 poäng", bid 3 → 13, bid 0 → 10
    text = flat(text_of(plump_sheet(PlumpRules(), lang="sv")))
    assert "bud 3 → 13, bud 0 → 10" in text
    assert "plump ● = 0 poäng" in text
    assert "Spärren" in text


def test_kids_preset_gives_5_to_1_to_5_no_hook_no_trump_and_ink_blots():
    rules = PlumpRules.preset("kids")
    data = plump_sheet(rules, lang="sv")
    assert [size for _, size, _ in round_rows(data)] == [5, 4, 3, 2, 1, 2, 3, 4, 5]
    text = flat(text_of(data))
    assert "Ingen spärr" in text and "Ingen trumf" in text and "bläckplump" in text
    assert "Trumf Giv" not in text  # no trump column when there is no trump


@pytest.mark.parametrize("scoring, expected", [
    ("standard", "bid 3 → 13, bid 0 → 10"),
    ("trick-points", "bid 3, 5 tricks → 5"),
    ("penalty", "bid 3, 5 tricks → −2"),
    ("tricks-only", "bid 3 → 3, bid 0 → 0"),
])
def test_the_scoring_line_is_computed_from_the_scoring_variant(scoring, expected):
    text = flat(text_of(plump_sheet(PlumpRules(scoring=scoring), lang="en")))
    assert expected in text


def test_rotating_trump_prints_the_suit_of_every_round():
    rules = PlumpRules(players=4, trump="rotating")
    lines = [line.strip() for line in text_of(plump_sheet(rules, lang="en")).splitlines()]
    marks = []
    for i, line in enumerate(lines):
        if re.fullmatch(r"\d+\.", line) and i + 2 < len(lines) and lines[i + 1].isdigit():
            marks.append(lines[i + 2])
    expected = ["♣", "♦", "♥", "♠", "–"] * 4
    assert marks == expected[: len(rules.hand_sizes())]
    assert "Trump rotates: ♣, ♦, ♥, ♠, –" in flat(" ".join(lines))


def test_options_change_the_rules_at_the_foot():
    text = flat(text_of(plump_sheet(PlumpRules(must_trump=True, hook_last_round=False, first_lead="highest-bidder",
                                               trump="fixed", trump_suit="S", tie="extra-round"), lang="nb")))
    assert "Trumftvang" in text
    assert "Kroken gjelder ikke i siste runde." in text
    assert "Den som meldte høyest" in text
    assert "Trumf: alltid ♠ spar." in text
    assert "ekstra runde med 10 kort" in text


def test_two_decks_and_many_players_go_landscape_and_fit_every_name():
    rules = PlumpRules(players=12, decks=2)
    data = plump_sheet(rules, names=NAMES, lang="sv")
    pdf = reader(data)
    assert len(pdf.pages) == 1
    box = pdf.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (842, 595)
    text = text_of(data)
    assert all(name in text for name in NAMES)
    assert [size for _, size, _ in round_rows(data)] == rules.hand_sizes()
    assert "två kortlekar" in text


def test_a_long_schedule_still_fits_one_page():
    rules = PlumpRules(players=7, schedule="full-each-deals-one")
    data = plump_sheet(rules, lang="en")
    assert len(reader(data).pages) == 1
    assert [size for _, size, _ in round_rows(data)] == rules.hand_sizes()


@pytest.mark.parametrize("make", [
    lambda: plump_sheet(PlumpRules(players=5), lang="sv"),
    lambda: femkamp_sheet(FemkampRules(players=4), lang="nb"),
    lambda: rummy_sheet(RummyRules(players=3), lang="en"),
])
def test_pages_are_a4_and_drawn_on(make):
    data = make()
    pdf = reader(data)
    box = pdf.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    ops = drawing_ops(data)
    # the grid is drawn as stroked lines and the words as text; a blank page has neither
    assert ops[b"l"] >= 20 and ops[b"S"] >= 10
    assert ops[b"Tj"] + ops[b"TJ"] >= 30


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils (pdftoppm) is not installed")
def test_a_rendered_page_has_ink(tmp_path):
    from PIL import Image

    path = plump_sheet(PlumpRules(players=5), names=NAMES[:5], lang="sv", path=tmp_path / "p.pdf")
    subprocess.run(["pdftoppm", "-r", "30", "-png", "-singlefile", str(path), str(tmp_path / "page")], check=True)
    image = Image.open(tmp_path / "page.png").convert("L")
    width, height = image.size
    assert abs(height / width - 842 / 595) < 0.02
    dark = sum(image.histogram()[:128])
    assert dark / (width * height) > 0.02


def test_the_shipped_font_is_embedded_and_shows_suits_and_nordic_letters():
    text = text_of(plump_sheet(PlumpRules(trump="rotating"), names=["Åsa", "Øystein", "Æsa", "Örjan"], lang="nb"))
    for char in "♣♦♥♠●åØÆÖ":
        assert char in text or char.lower() in text.lower()
    pdf = reader(plump_sheet(PlumpRules(), lang="sv"))
    fonts = {str(f.get_object()["/BaseFont"]) for f in pdf.pages[0]["/Resources"]["/Font"].values()}
    assert any("DejaVuSansCondensed" in f for f in fonts)
    folder = resources.files("cardlab") / "fonts"
    assert (folder / "DejaVuSansCondensed.ttf").is_file() and (folder / "LICENSE-DejaVu.txt").is_file()


def test_the_same_rules_give_the_same_bytes():
    assert plump_sheet(PlumpRules(), lang="sv") == plump_sheet(PlumpRules(), lang="sv")


# ----------------------------------------------------------- filled Plump
@pytest.mark.parametrize("players, lang, seed", [(3, "sv", 1), (5, "nb", 2), (7, "en", 3)])
def test_filled_plump_sheet_prints_the_on_screen_protokoll_cell_for_cell(players, lang, seed):
    rules = PlumpRules(players=players)
    game = play_plump(rules, seed)
    names = NAMES[:players]
    frame = game.score_sheet(names=names, lang=lang)
    data = plump_filled_sheet(game, names=names, lang=lang)
    cells = layout.frame_cells(frame)
    printed = table_lines(data, cells[0][1], tr("pdf.rules_heading", lang))
    assert printed == [c for row in cells for c in row if c]
    assert any(" → ●" in line for line in printed)  # random bids plump often: the ● is printed


def test_filled_sheet_of_a_half_played_game_leaves_later_rounds_empty():
    match = Match.new("plump", PlumpRules(players=4), rng=5)
    bot = RandomBot(rng=5)
    while len(match.game.results) < 3:
        match.apply(bot.choose(match.game.view(match.game.to_move)))
    frame = match.game.score_sheet(lang="sv")
    data = plump_filled_sheet(match, lang="sv")
    cells = layout.frame_cells(frame)
    assert table_lines(data, cells[0][1], tr("pdf.rules_heading", "sv")) == [c for row in cells for c in row if c]


# ------------------------------------------------------------------ Femkamp
@pytest.mark.parametrize("players, lang", [(3, "en"), (4, "nb"), (5, "sv")])
def test_blank_femkamp_sheet_lists_the_rounds_goals_and_tally_space(players, lang):
    rules = FemkampRules(players=players)
    names = NAMES[:players]
    text = text_of(femkamp_sheet(rules, names=names, lang=lang))
    flat_text = flat(text)
    positions = [flat_text.index(f"{n}. {round_title(r, lang)}") for n, r in enumerate(rules.round_order, start=1)]
    assert positions == sorted(positions)
    for name in rules.round_order:
        assert flat(round_goal(name, lang)) in flat_text
    assert text.count(tr("pdf.femkamp.prikk", lang)) >= players  # a tally box per player
    assert text.count(tr("pdf.femkamp.cards_left", lang)) >= players
    assert all(name in text for name in names)
    for line in pdf_femkamp.rule_lines(rules, lang):
        assert flat(line) in flat_text


def test_femkamp_sheet_follows_the_round_order_and_queen_points():
    rules = FemkampRules(round_order=("pass", "clubs", "kabal", "queens", "grand"), queen_points=5)
    text = flat(text_of(femkamp_sheet(rules, lang="nb")))
    assert text.index("3. Kabalrunden") < text.index("4. Damerunden")
    assert "+5 per dame" in text


def test_filled_femkamp_sheet_matches_the_on_screen_sheet():
    from cardlab.games.femkamp import FemkampGame
    from cardlab.sheets.femkamp import score_sheet

    game = play_out(FemkampGame.start(FemkampRules(players=4), seed=7), RandomBot(rng=7))
    names = NAMES[:4]
    data = filled_sheet(game, names=names, lang="nb")
    cells = layout.frame_cells(score_sheet(game, names=names, lang="nb", reasons=True))
    printed = flat(" ".join(table_lines(data, cells[0][1], tr("pdf.rules_heading", "nb"))))
    assert printed == flat(" ".join(c for row in cells for c in row if c))


# -------------------------------------------------------------------- Rummy
def test_blank_rummy_sheet_has_rows_running_totals_and_the_target():
    data = rummy_sheet(RummyRules(players=4, target=150), names=NAMES[:4], lang="sv")
    text = text_of(data)
    lines = [line.strip() for line in text.splitlines()]
    assert [n for n in range(1, 30) if f"{n}." in lines] == list(range(1, pdf_rummy.TARGET_ROWS + 1))
    assert "150 poäng" in text
    assert text.count("Summa") >= 4  # a running-total box per player, and the sum row
    assert all(name in text for name in NAMES[:4])


def test_rummy_with_fixed_rounds_has_that_many_rows():
    text = text_of(rummy_sheet(RummyRules(players=6, rounds=8), lang="en"))
    lines = [line.strip() for line in text.splitlines()]
    assert [n for n in range(1, 30) if f"{n}." in lines] == list(range(1, 9))
    assert "The game ends after 8 rounds" in flat(text)


def test_filled_rummy_sheet_matches_the_on_screen_sheet():
    from cardlab.bots.rummy import RummyBot
    from cardlab.games.rummy import RummyGame
    from cardlab.sheets.rummy import score_sheet

    game = play_out(RummyGame.start(RummyRules(players=3, rounds=3), seed=2), RummyBot())
    data = filled_sheet(game, names=NAMES[:3], lang="en")
    cells = layout.frame_cells(score_sheet(game, names=NAMES[:3], lang="en"))
    printed = flat(" ".join(table_lines(data, cells[0][1], tr("pdf.rules_heading", "en"))))
    assert printed == flat(" ".join(c for row in cells for c in row if c))


# ---------------------------------------------------------------------- CLI
def test_cli_writes_the_sheet_the_brief_asks_for(tmp_path, capsys):
    out = tmp_path / "protokoll.pdf"
    code = main(["scoresheet", "plump", "--players", "5", "--schedule", "full", "--lang", "sv", "--out", str(out)])
    assert code == 0
    data = out.read_bytes()
    assert [size for _, size, _ in round_rows(data)] == PlumpRules(players=5).hand_sizes()
    assert "Skrev" in capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["protokoll.pdf"]


def test_cli_options_map_to_the_rules(tmp_path):
    out = tmp_path / "p.pdf"
    code = main(["scoresheet", "plump", "--preset", "kids", "--names", "Anna,Björn,Cissi", "--scoring", "penalty",
                 "--trump", "rotating", "--max-cards", "4", "--lang", "en", "--out", str(out)])
    assert code == 0
    data = out.read_bytes()
    text = flat(text_of(data))
    assert [size for _, size, _ in round_rows(data)] == [4, 3, 2, 1, 2, 3, 4]
    assert "Anna" in text and "Cissi" in text and "3 players" in text
    assert "Trump rotates" in text and "bid 3, 5 tricks → −2" in text and "No hook" in text
    code = main(["scoresheet", "plump", "--no-hook", "--schedule", "3,2,1", "--out", str(out)])
    assert code == 0 and [s for _, s, _ in round_rows(out.read_bytes())] == [3, 2, 1]


def test_cli_femkamp_and_rummy(tmp_path):
    assert main(["scoresheet", "femkamp", "--players", "3", "--queen-points", "5", "--out", str(tmp_path / "f.pdf")]) == 0
    assert "+5 per dame" in flat(text_of((tmp_path / "f.pdf").read_bytes()))  # Norwegian by default
    assert main(["scoresheet", "rummy", "--target", "200", "--lang", "en", "--out", str(tmp_path / "r.pdf")]) == 0
    assert "reaches 200 points" in flat(text_of((tmp_path / "r.pdf").read_bytes()))


def test_cli_fills_a_sheet_from_a_saved_game(tmp_path):
    match = Match.new("plump", PlumpRules.preset("kids"), rng=11)
    bot = RandomBot(rng=11)
    while not match.game.is_over:
        match.apply(bot.choose(match.game.view(match.game.to_move)))
    saved = match.save(tmp_path / "game.json")
    out = tmp_path / "filled.pdf"
    names = ["Anna", "Björn", "Cissi", "Dag"]
    assert main(["scoresheet", "--from", str(saved), "--names", ",".join(names), "--out", str(out)]) == 0
    cells = layout.frame_cells(match.game.score_sheet(names=names, lang="sv"))
    printed = table_lines(out.read_bytes(), cells[0][1], tr("pdf.rules_heading", "sv"))
    assert printed == [c for row in cells for c in row if c]


@pytest.mark.parametrize("argv, words", [
    (["plump", "--players", "9"], "decks = 2"),
    (["plump", "--preset", "nope"], "nope"),
    (["plump", "--players", "9", "--lang", "nb"], "Plump krever 2 til 7 spillere"),
    (["plump", "--names", "A,B", "--players", "3"], "2 namn"),
    (["plump", "--schedule", "5,x"], "--schedule"),
    (["plump", "--max-cards", "11"], "max_cards"),
    (["plump", "--scoring", "double", "--lang", "en"], "scoring cannot be 'double'"),
    (["rummy", "--scoring", "penalty", "--lang", "en"], "--scoring does not apply to rummy"),
    (["femkamp", "--players", "6"], "Femkamp krever 3 til 5"),
    (["rummy", "--players", "7"], "Rummy kräver 2 till 6"),
    (["plump", "--from", "missing.json"], "missing.json"),
    (["--from", "missing.json", "--lang", "en"], "does not exist"),
    ([], "Choose a game"),
])
def test_cli_bad_arguments_give_one_line_exit_2_and_no_file(tmp_path, capsys, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    code = main(["scoresheet", *argv, "--out", str(tmp_path / "out.pdf")]) if argv != [] else \
        main(["scoresheet", "--lang", "en", "--out", str(tmp_path / "out.pdf")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("cardlab scoresheet: error: ")
    assert words in err
    assert list(tmp_path.iterdir()) == []


def test_cli_refuses_a_saved_game_of_another_kind_or_with_rule_options(tmp_path, capsys):
    match = Match.new("plump", PlumpRules.preset("kids"), rng=1)
    saved = match.save(tmp_path / "game.json")
    out = tmp_path / "out.pdf"
    assert main(["scoresheet", "femkamp", "--from", str(saved), "--lang", "en", "--out", str(out)]) == 2
    assert "holds a game of plump, not femkamp" in capsys.readouterr().err
    assert main(["scoresheet", "--from", str(saved), "--players", "5", "--lang", "en", "--out", str(out)]) == 2
    assert "--players cannot be used with --from" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_cli_refuses_a_damaged_saved_file_without_writing(tmp_path, capsys):
    bad = tmp_path / "game.json"
    bad.write_text(json.dumps({"format": "cardlab-game", "version": 1, "game": "plump"}), encoding="utf-8")
    code = main(["scoresheet", "--from", str(bad), "--lang", "en", "--out", str(tmp_path / "out.pdf")])
    assert code == 2 and "missing" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_cli_unknown_language_is_refused_by_the_parser(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["scoresheet", "plump", "--lang", "de", "--out", str(tmp_path / "out.pdf")])
    assert exit_info.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_a_failed_sheet_leaves_an_existing_file_untouched(tmp_path):
    out = tmp_path / "protokoll.pdf"
    out.write_bytes(b"yesterday's sheet")
    with pytest.raises(ValueError):
        plump_sheet(PlumpRules(players=4), names=["Anna"], path=out)
    assert out.read_bytes() == b"yesterday's sheet"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["protokoll.pdf"]
    path = plump_sheet(PlumpRules(players=4), path=out)
    assert path == out and out.read_bytes().startswith(b"%PDF-")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["protokoll.pdf"]


@pytest.mark.parametrize("lang, wrong", [("sv", "Du gav 1 namn"), ("nb", "Du ga 1 navn"), ("en", "You gave 1 names")])
def test_wrong_number_of_names_is_refused_in_the_players_language(lang, wrong):
    with pytest.raises(ValueError, match=wrong):
        plump_sheet(PlumpRules(players=3), names=["Anna"], lang=lang)


def test_a_very_long_schedule_keeps_the_whole_table_on_page_one_and_moves_the_rules():
    rules = PlumpRules(players=12, decks=2, schedule="full-each-deals-one")
    pdf = reader(plump_sheet(rules, lang="en"))
    first = pdf.pages[0].extract_text()
    assert [int(n) for n in re.findall(r"^(\d+)\.$", first, flags=re.M)] == list(range(1, len(rules.hand_sizes()) + 1))
    assert "Total" in first and "The rules in short" not in first
    assert "The rules in short" in pdf.pages[-1].extract_text()
