"""Card faces as HTML: CSS-drawn (rank and suit symbol), with an accessible name (the card's
name in the language in use, ``stripdeck.card_name``; the indices on the face are not translated).

>>> card_html(parse_card("Ah"))
'<span class="sd-card sd-red" role="img" aria-label="Ace of hearts"><b>A</b><i>♥</i></span>'
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from stripdeck import DECK, JOKER, Card, Suit, card_name, i18n, parse_card  # noqa: F401 - parse_card: doctest
from stripdeck.i18n import _

RED = (Suit.HEARTS, Suit.DIAMONDS)


def esc(text: object) -> str:
    """Text escaped for HTML content and attribute values."""
    return escape(str(text), quote=True)


def rank_text(card: Card) -> str:
    """The rank as printed on a face: 10 rather than T."""
    return "10" if card.rank.letter == "T" else card.rank.letter


def card_label(card: Card) -> str:
    """A card's accessible name in the language in use (the engine's words for it, capitalised
    as a name on its own: "Ace of hearts").

    >>> card_label(parse_card("Ah")), card_label(JOKER)
    ('Ace of hearts', 'Joker')
    """
    return i18n.upper_first(card_name(card))


def card_html(card: Card, extra: str = "") -> str:
    """One face-up card."""
    if card.is_joker:
        return (f'<span class="sd-card sd-joker{extra}" role="img" aria-label="{esc(card_label(card))}">'
                '<b>JK</b><i>★</i></span>')
    colour = "sd-red" if card.suit in RED else "sd-black"
    assert card.suit is not None
    return (f'<span class="sd-card {colour}{extra}" role="img" aria-label="{esc(card_label(card))}">'
            f"<b>{rank_text(card)}</b><i>{card.suit.symbol}</i></span>")


def back_html() -> str:
    """One face-down card."""
    name = _("Face-down card")
    return f'<span class="sd-card sd-back" role="img" aria-label="{esc(name)}"></span>'


def hand_html(cards: Iterable[Card], label: str = "") -> str:
    """A row of face-up cards (a list with an accessible label)."""
    faces = "".join(card_html(c) for c in cards)
    named = f' aria-label="{esc(label)}"' if label else ""
    return f'<span class="sd-hand" role="group"{named}>{faces}</span>'


def grid_html(joker: bool = False, picked: dict[str, str] | None = None) -> str:
    """The card picker: every card as a toggle button, a row per suit, aces first.

    ``picked`` maps a card's text to the hand holding it ("a" or "b"): such a card is shown
    pressed and marked with its hand, so the grid is right before any script runs.
    """
    picked = picked or {}

    def button(card: str, classes: str, name: str, face: str) -> str:
        hand = picked.get(card, "")
        mark = f' aria-pressed="true" data-hand="{hand}"' if hand else ' aria-pressed="false"'
        return (f'<button type="button" class="sd-card sd-pick {classes}" data-card="{card}" '
                f'aria-label="{esc(name)}"{mark}>{face}</button>')

    rows = []
    for suit in Suit:
        colour = "sd-red" if suit in RED else "sd-black"
        buttons = [button(str(card), colour, card_label(card), f"<b>{rank_text(card)}</b><i>{suit.symbol}</i>")
                   for card in sorted((c for c in DECK if c.suit is suit), key=lambda c: -c.rank)]
        rows.append(f'<div class="sd-grid-row">{"".join(buttons)}</div>')
    if joker:
        joker_button = button("Jk", "sd-joker", card_label(JOKER), "<b>JK</b><i>★</i>")
        rows.append(f'<div class="sd-grid-row">{joker_button}</div>')
    label = _("Pick cards")
    return f'<div class="sd-grid" role="group" aria-label="{esc(label)}">{"".join(rows)}</div>'
