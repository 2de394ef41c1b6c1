"""HTML and SVG renderings of cards, tables and score sheets (no ipywidgets here).

``display.cards`` draws cards, hands and tricks; each game adds its own
module (``display.plump`` …) for its table.
"""

from .cards import FOUR_COLOURS, TWO_COLOURS, card_html, card_svg, cards_html, hand_html, pile_html, set_four_colour, suit_colour, trick_html

__all__ = ["FOUR_COLOURS", "TWO_COLOURS", "card_html", "card_svg", "cards_html", "hand_html", "pile_html", "set_four_colour",
           "suit_colour", "trick_html", "plump_round_html"]


def __getattr__(name: str):
    if name == "plump_round_html":
        from .plump import plump_round_html

        return plump_round_html
    raise AttributeError(name)
