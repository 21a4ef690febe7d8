"""Card faces as HTML: CSS-drawn (rank and suit symbol), with an accessible name.

>>> card_html(parse_card("Ah"))
'<span class="sd-card sd-red" role="img" aria-label="Ace of hearts"><b>A</b><i>♥</i></span>'
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from stripdeck import DECK, Card, Suit, parse_card  # noqa: F401 - parse_card is for the doctest

RED = (Suit.HEARTS, Suit.DIAMONDS)


def esc(text: object) -> str:
    """Text escaped for HTML content and attribute values."""
    return escape(str(text), quote=True)


def rank_text(card: Card) -> str:
    """The rank as printed on a face: 10 rather than T."""
    return "10" if card.rank.letter == "T" else card.rank.letter


def card_html(card: Card, extra: str = "") -> str:
    """One face-up card."""
    if card.is_joker:
        return (f'<span class="sd-card sd-joker{extra}" role="img" aria-label="Joker">'
                '<b>JK</b><i>★</i></span>')
    colour = "sd-red" if card.suit in RED else "sd-black"
    assert card.suit is not None
    return (f'<span class="sd-card {colour}{extra}" role="img" aria-label="{esc(card.name)}">'
            f"<b>{rank_text(card)}</b><i>{card.suit.symbol}</i></span>")


def back_html() -> str:
    """One face-down card."""
    return '<span class="sd-card sd-back" role="img" aria-label="Face-down card"></span>'


def hand_html(cards: Iterable[Card], label: str = "") -> str:
    """A row of face-up cards (a list with an accessible label)."""
    faces = "".join(card_html(c) for c in cards)
    named = f' aria-label="{esc(label)}"' if label else ""
    return f'<span class="sd-hand" role="group"{named}>{faces}</span>'


def grid_html(joker: bool = False) -> str:
    """The card picker: every card as a toggle button, a row per suit, aces first."""
    rows = []
    for suit in Suit:
        buttons = []
        for card in sorted((c for c in DECK if c.suit is suit), key=lambda c: -c.rank):
            colour = "sd-red" if suit in RED else "sd-black"
            buttons.append(
                f'<button type="button" class="sd-card sd-pick {colour}" data-card="{card}" '
                f'aria-label="{esc(card.name)}" aria-pressed="false">'
                f"<b>{rank_text(card)}</b><i>{suit.symbol}</i></button>")
        rows.append(f'<div class="sd-grid-row">{"".join(buttons)}</div>')
    if joker:
        rows.append('<div class="sd-grid-row"><button type="button" class="sd-card sd-pick sd-joker" '
                    'data-card="Jk" aria-label="Joker" aria-pressed="false"><b>JK</b><i>★</i></button></div>')
    return f'<div class="sd-grid" role="group" aria-label="Pick cards">{"".join(rows)}</div>'
