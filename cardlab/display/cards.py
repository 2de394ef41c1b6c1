"""Cards, hands and tricks as small self-contained SVG/HTML strings (no ipywidgets here).

Every function returns a string that Jupyter, Voilà or a browser shows as is.
``four_colour=True`` gives each suit its own colour (♣ green, ♦ blue,
♥ red, ♠ black) for players who find red and black hard to tell apart.

>>> from cardlab.cards import Card
>>> "10♥" in card_svg(Card.parse("10H"))
True
>>> 'fill="#1565c0"' in card_svg(Card.parse("3D"), four_colour=True)
True
"""

from __future__ import annotations

import html
from typing import Iterable, Sequence

from ..cards import Card, Suit, parse_cards

TWO_COLOURS = {Suit.CLUBS: "#111111", Suit.SPADES: "#111111", Suit.HEARTS: "#c62828", Suit.DIAMONDS: "#c62828"}
FOUR_COLOURS = {Suit.CLUBS: "#2e7d32", Suit.SPADES: "#111111", Suit.HEARTS: "#c62828", Suit.DIAMONDS: "#1565c0"}

_settings = {"four_colour": False}


def set_four_colour(on: bool = True) -> None:
    """Draw every card from now on in four colours (♣ green, ♦ blue, ♥ red, ♠ black)."""
    _settings["four_colour"] = bool(on)


def _four(four_colour: bool | None) -> bool:
    return _settings["four_colour"] if four_colour is None else four_colour


CARD_WIDTH = 56
CARD_HEIGHT = 80


def suit_colour(suit: Suit, four_colour: bool | None = None) -> str:
    return (FOUR_COLOURS if _four(four_colour) else TWO_COLOURS)[suit]


def card_svg(card: "Card | str", *, four_colour: bool | None = None, width: int = CARD_WIDTH,
             dimmed: bool = False, highlight: bool = False, face_down: bool = False) -> str:
    """One card as an inline SVG (face up, or its back with ``face_down=True``)."""
    height = round(width * CARD_HEIGHT / CARD_WIDTH)
    border = "#f9a825" if highlight else "#555555"
    stroke = 3 if highlight else 1
    if face_down:
        body = (f'<rect x="1" y="1" width="54" height="78" rx="5" fill="#3f51b5" stroke="{border}" stroke-width="{stroke}"/>'
                '<rect x="6" y="6" width="44" height="68" rx="3" fill="none" stroke="#c5cae9" stroke-width="1.5"/>')
        label = "card face down"
    else:
        card = Card.parse(card)
        colour = suit_colour(card.suit, _four(four_colour))
        rank = html.escape(card.rank.letter)
        symbol = card.suit.symbol
        body = (f'<rect x="1" y="1" width="54" height="78" rx="5" fill="#ffffff" stroke="{border}" stroke-width="{stroke}"/>'
                f'<text x="6" y="19" font-family="sans-serif" font-size="16" font-weight="bold" fill="{colour}">{rank}</text>'
                f'<text x="6" y="35" font-family="sans-serif" font-size="15" fill="{colour}">{symbol}</text>'
                f'<text x="28" y="62" font-family="sans-serif" font-size="30" text-anchor="middle" fill="{colour}">{symbol}</text>')
        label = str(card)
    opacity = ' opacity="0.35"' if dimmed else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 56 80" '
            f'role="img" aria-label="{html.escape(label)}"{opacity} style="margin:2px;vertical-align:middle">'
            f'<title>{html.escape(label)}</title>{body}</svg>')


def card_html(card: "Card | str", *, four_colour: bool | None = None) -> str:
    """One card for a notebook (``Card._repr_html_`` uses this)."""
    return f'<span class="cardlab-card">{card_svg(card, four_colour=four_colour)}</span>'


def cards_html(cards: "Iterable[Card | str] | str", *, four_colour: bool | None = None, width: int = CARD_WIDTH,
               dimmed: Iterable[Card] = (), highlight: Iterable[Card] = (), label: str = "") -> str:
    """A row of cards (a hand), with some cards dimmed (not playable) or highlighted."""
    dim = set(dimmed)
    high = set(highlight)
    items = "".join(card_svg(c, four_colour=four_colour, width=width, dimmed=c in dim, highlight=c in high)
                    for c in parse_cards(cards))
    caption = f'<div style="font:13px sans-serif;color:#444">{html.escape(label)}</div>' if label else ""
    return f'<div class="cardlab-hand" style="display:inline-block">{caption}<div>{items}</div></div>'


def hand_html(cards: "Iterable[Card | str] | str", **kwargs) -> str:
    """A hand in display order."""
    from ..cards import sorted_hand

    return cards_html(sorted_hand(parse_cards(cards)), **kwargs)


def trick_html(cards: "Sequence[Card | str] | str", *, seats: Sequence[int] | None = None,
               winner_index: int | None = None, names: Sequence[str] | None = None,
               four_colour: bool | None = None, caption: str = "") -> str:
    """A trick: the cards in play order, each with its seat, the winner framed in gold."""
    played = parse_cards(cards)
    cells = []
    for i, card in enumerate(played):
        who = ""
        if seats is not None:
            seat = seats[i]
            who = names[seat] if names else f"{seat}"
        svg = card_svg(card, four_colour=four_colour, highlight=(i == winner_index))
        cells.append(f'<div style="display:inline-block;text-align:center;margin:0 3px">{svg}'
                     f'<div style="font:12px sans-serif;color:#333">{html.escape(str(who))}</div></div>')
    cap = f'<div style="font:13px sans-serif;margin-top:2px">{html.escape(caption)}</div>' if caption else ""
    return f'<div class="cardlab-trick" style="display:inline-block">{"".join(cells)}{cap}</div>'


def pile_html(count: int, *, label: str = "") -> str:
    """A face-down pile (the stock) with its size."""
    back = card_svg("AS", face_down=True)
    text = f"{label} {count}".strip()
    return (f'<div class="cardlab-pile" style="display:inline-block;text-align:center">{back}'
            f'<div style="font:12px sans-serif">{html.escape(text)}</div></div>')
