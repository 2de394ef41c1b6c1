"""The Femkamp score sheet: each round's score per player and what it is made of.

Rows are the five rounds in the order played (their titles from
:func:`cardlab.rules.femkamp.round_title`), columns the dealer and the players,
then a total row; when the game is over a last row marks the winner(s) with ★.
Every score has its reason in words: "2 clubs × 1", "1 queen × 4",
"−5 tricks", "2 prikk + 4 cards".

>>> from cardlab.games.femkamp import RoundResult
>>> res = RoundResult(number=5, name="kabal", dealer=0, scores=(6, 0, 3, 1), prikks=(2, 0, 1, 0),
...                   cards_left=(4, 0, 2, 1), out_seat=1)
>>> round_reason(res, 0).text("en"), round_reason(res, 0).text("nb"), round_reason(res, 1).text("sv")
('2 prikk + 4 cards', '2 prikker + 4 kort', 'inga prickar, gick ut')
>>> grand = RoundResult(number=4, name="grand", dealer=3, scores=(-5, -8, 0, 0), tricks=(5, 8, 0, 0))
>>> round_reason(grand, 0).text("en"), round_reason(grand, 2).text("nb")
('−5 tricks', 'ingen stikk')
"""

from __future__ import annotations

import html
from typing import Any, Sequence

from ..i18n import Message, check_language, tr
from ..rules import femkamp_core
from ..rules.femkamp import FemkampRules, round_goal, round_title
from .common import player_names


def count_message(what: str, n: int) -> Message:
    """'no tricks', '1 trick', '5 tricks' … as a message (``what``: tricks, clubs, queens, prikks, cards).

    >>> count_message("queens", 2).text("sv"), count_message("cards", 1).text("en")
    ('2 damer', '1 card')
    """
    form = "zero" if n == 0 else "one" if n == 1 else "many"
    return Message(f"femkamp.count.{what}.{form}", {"n": n})


def round_reason(result: Any, seat: int, rules: FemkampRules | None = None) -> Message:
    """What ``seat``'s score in a finished round is made of, as a message for any language.

    The points per trick, club or queen are :func:`cardlab.rules.femkamp_core.points_per_unit`
    under ``rules`` (the game's rules; default rules if None), the rule the score was made by.

    >>> from cardlab.games.femkamp import RoundResult
    >>> queens = RoundResult(number=3, name="queens", dealer=2, scores=(0, 10, 0, 0), queens=(0, 2, 0, 0))
    >>> round_reason(queens, 1, FemkampRules(queen_points=5)).text("en")
    '2 queens × 5'
    """
    rules = rules or FemkampRules()
    name = result.name
    if name == "kabal":
        prikks = count_message("prikks", result.prikks[seat])
        if seat == result.out_seat:
            return Message("femkamp.reason.kabal_out", {"prikks": prikks})
        return Message("femkamp.reason.kabal", {"prikks": prikks, "cards": count_message("cards", result.cards_left[seat])})
    # the points per trick, club or queen come from the rule itself, never from the score
    points = femkamp_core.points_per_unit(femkamp_core.ROUND_CODES[name], rules.queen_points)
    if name == "clubs" and femkamp_core.clubs_all_taken_zero(result.clubs[seat], rules.clubs_all_zero):
        return Message("femkamp.reason.all_clubs")
    what = {"pass": "tricks", "clubs": "clubs", "queens": "queens", "grand": "tricks"}[name]
    n = {"pass": result.tricks, "clubs": result.clubs, "queens": result.queens, "grand": result.tricks}[name][seat]
    if n == 0:
        return count_message(what, 0)
    if points < 0:
        return Message("femkamp.reason.minus", {"count": count_message(what, n)})
    return Message("femkamp.reason.times", {"count": count_message(what, n), "points": points})


def _minus(value: int) -> str:
    return str(value).replace("-", "−")


def score_rows(game: Any, names: Sequence[str] | None = None, lang: str | None = None) -> list[dict[str, Any]]:
    """The sheet as row dicts (kind 'round' or 'total') for any renderer; unplayed rounds stay empty."""
    lang = check_language(lang)
    rules = game.rules
    who = player_names(rules.players, names, lang)
    rows: list[dict[str, Any]] = []
    for i, name in enumerate(rules.round_order):
        dealer = rules.dealer_for_round(i)
        result = game.results[i] if i < len(game.results) else None
        rows.append({
            "kind": "round", "label": f"{i + 1}. {round_title(name, lang)}", "name": name, "goal": round_goal(name, lang),
            "dealer": who[dealer], "dealer_seat": dealer,
            "scores": list(result.scores) if result else [None] * rules.players,
            "reasons": [round_reason(result, s, rules).text(lang) for s in range(rules.players)] if result
            else [""] * rules.players,
        })
    rows.append({"kind": "total", "label": tr("sheet.total", lang), "dealer": "", "dealer_seat": None,
                 "scores": list(game.totals), "reasons": [""] * rules.players})
    return rows


def score_sheet(game: Any, names: Sequence[str] | None = None, lang: str | None = None, *, reasons: bool = False):
    """The sheet as a DataFrame: rows = rounds, then the total (and ★ under the winners once the game is over).

    With ``reasons=True`` every cell says what the score is made of: ``"4 (1 queen × 4)"``.

    >>> from cardlab.games.femkamp import FemkampGame
    >>> from cardlab import RandomBot, play_out
    >>> game = play_out(FemkampGame.start(seed=3), RandomBot(rng=3))
    >>> sheet = score_sheet(game, names=["Kari", "Ola", "Per", "Siri"], lang="nb")
    >>> list(sheet.index)
    ['1. Passrunden', '2. Kløverrunden', '3. Damerunden', '4. Grandrunden', '5. Kabalrunden', 'Sum', 'Vinner']
    >>> list(sheet.loc["Sum", ["Kari", "Ola", "Per", "Siri"]]) == game.totals
    True
    """
    import pandas as pd

    lang = check_language(lang)
    who = player_names(game.rules.players, names, lang)
    data, index = [], []
    for row in score_rows(game, names, lang):
        cells: list[Any] = []
        for score, reason in zip(row["scores"], row["reasons"]):
            if score is None:
                cells.append("" if reasons else None)
            elif reasons and reason:
                cells.append(f"{_minus(score)} ({reason})")
            else:
                cells.append(_minus(score) if reasons else score)
        data.append([row["dealer"], *cells])
        index.append(row["label"])
    winners = game.winners()
    if game.is_over:
        data.append(["", *("★" if s in winners else "" for s in range(game.rules.players))])
        index.append(tr("femkamp.sheet.winner_row", lang))
    frame = pd.DataFrame(data, columns=[tr("sheet.dealer", lang), *who], index=index)
    frame.attrs["fingerprint"] = game.rules.fingerprint()
    frame.attrs["winners"] = [who[s] for s in winners]
    return frame


def score_sheet_html(game: Any, names: Sequence[str] | None = None, lang: str | None = None) -> str:
    """The sheet as an HTML table: each score with its reason underneath, the dealer shaded, winners ★."""
    lang = check_language(lang)
    who = player_names(game.rules.players, names, lang)
    winners = set(game.winners())
    head = "".join(f"<th>{html.escape(n)}{' ★' if s in winners else ''}</th>" for s, n in enumerate(who))
    body = []
    for row in score_rows(game, names, lang):
        bold = ' style="font-weight:bold;border-top:2px solid #555"' if row["kind"] == "total" else ""
        cells = []
        for s, (score, reason) in enumerate(zip(row["scores"], row["reasons"])):
            shade = "background:#fff8e1;" if row["dealer_seat"] == s else ""
            if s in winners and row["kind"] == "total":
                shade = "background:#e8f5e9;"
            text = "" if score is None else _minus(score)
            small = f'<div style="font-size:11px;color:#666">{html.escape(reason)}</div>' if reason else ""
            cells.append(f'<td style="{shade}text-align:center;padding:2px 8px">{text}{small}</td>')
        title = f' title="{html.escape(row["goal"])}"' if row["kind"] == "round" else ""
        body.append(f'<tr{bold}><th style="text-align:left"{title}>{html.escape(row["label"])}</th>'
                    f'<td>{html.escape(row["dealer"])}</td>{"".join(cells)}</tr>')
    caption = ""
    if winners:
        caption = tr("femkamp.sheet.winner", lang, names=", ".join(who[s] for s in sorted(winners)))
    elif getattr(game, "needs_rematch", False):
        caption = tr("femkamp.sheet.rematch", lang, names=", ".join(who[s] for s in game.rematch_seats()))
    caption_html = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return ('<table class="cardlab-femkamp-sheet" style="border-collapse:collapse;font:14px sans-serif">'
            f'{caption_html}<thead><tr><th>{tr("femkamp.sheet.round", lang)}</th>'
            f'<th>{tr("sheet.dealer", lang)}</th>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>')
