"""The compare widget: two hands, the winner, and the reason in words.

>>> explain("Ah Qh Th 8h 7h", "Ks Kd Kc 8s 8c").reason
'a flush beats a full house in 32-card poker'
>>> explain("Qh Qs Tc 9d 8s", "Qd Qc Th 9s 8d", Rules(suit_ties="combination")).reason
'equal pairs of queens and kickers: the queen of hearts decides'
"""

from __future__ import annotations

from stripdeck import Card, CardError, Rules, parse_cards
from stripdeck.explain import SUIT_WORDS as _SUIT_WORDS
from stripdeck.explain import Comparison, explain, read_hand, read_hands

from .cardface import esc, grid_html, hand_html

EQUAL_HANDS = {"kicker": "the deciding card's suit", "combination": "the combination's best suit",
               "split": "share the pot"}
"""How equal hands are settled (``Rules.suit_ties``), in the game's words (its Settings)."""

__all__ = ["EQUAL_HANDS", "Comparison", "explain", "read_hand", "read_hands", "result_html", "error_html", "result",
           "toggle_card", "render"]


def result_html(comparison: Comparison) -> str:
    """The outcome panel: both hands with their values, the verdict and the reason."""
    rows = []
    for label, cards, value in (("A", comparison.a, comparison.value_a), ("B", comparison.b, comparison.value_b)):
        mark = " sd-winner" if comparison.winner == label.lower() else ""
        badge = '<span class="sd-badge">wins</span>' if mark else ""
        rows.append(f'<div class="sd-side{mark}"><span class="sd-label">Hand {label}</span>'
                    f"{hand_html(cards, f'Hand {label}')}<span class=\"sd-value\">{esc(value)}</span>{badge}</div>")
    text = comparison.rule_note
    note = f'<p class="sd-note">{esc(text[:1].upper() + text[1:])}.</p>' if text else ""
    return (f'{"".join(rows)}<p class="sd-verdict" role="status">{esc(comparison.headline)}</p>{note}')


def error_html(message: str) -> str:
    """A problem with the hands, shown in the result panel."""
    return f'<p class="sd-error" role="alert">{esc(message)}</p>'


def result(a: str, b: str, rules: Rules) -> tuple[str, tuple[Card, ...], tuple[Card, ...]]:
    """The result panel for typed hands (an error message if they are not valid)."""
    picked_a = _lenient(a, rules.joker)
    picked_b = _lenient(b, rules.joker)
    try:
        return result_html(explain(a, b, rules)), picked_a, picked_b
    except CardError as err:
        return error_html(str(err)[:1].upper() + str(err)[1:]), picked_a, picked_b


def _lenient(text: str, joker: bool) -> tuple[Card, ...]:
    try:
        return parse_cards(text, joker=joker)
    except CardError:
        return ()


def toggle_card(text: str, card: str, joker: bool = False) -> str:
    """Hand text with ``card`` added (or removed if it is there); bad text starts afresh.

    >>> toggle_card("Ah Kd", "Qc"), toggle_card("Ah Kd", "Ah")
    ('Ah Kd Qc', 'Kd')
    """
    pick = parse_cards(card, joker=joker)
    cards = list(_lenient(text, joker))
    for c in pick:
        if c in cards:
            cards.remove(c)
        elif len(cards) < 5:
            cards.append(c)
    return " ".join(str(c) for c in cards)


def _select(name: str, label: str, choices: list[tuple[str, str]], current: str) -> str:
    options = "".join(f'<option value="{esc(v)}"{" selected" if v == current else ""}>{esc(t)}</option>'
                      for v, t in choices)
    return f'<label>{esc(label)} <select name="{name}">{options}</select></label>'


def render(a: str, b: str, rules: Rules, preset: str, grid: bool = True, controls: bool = True) -> str:
    """The whole compare widget: inputs, optional card grid and rule controls, the result."""
    panel, picked_a, picked_b = result(a, b, rules)
    inputs = "".join(
        f'<div class="sd-input"><input type="radio" name="target" value="{k}"'
        f'{" checked" if k == "a" else ""} aria-label="Pick cards for hand {k.upper()}">'
        f'<label>Hand {k.upper()} <input type="text" name="{k}" value="{esc(v)}" aria-label="Hand {k.upper()}" '
        f'spellcheck="false" autocomplete="off" placeholder="Ah Kd Qc Js 9h"></label></div>'
        for k, v in (("a", a), ("b", b)))
    rule_controls = ""
    if controls:
        rule_controls = '<div class="sd-controls">' + "".join([
            _select("preset", "Preset", [(p, p) for p in ("online", "official", "cardroom")], preset),
            _select("suit_ties", "Equal hands", list(EQUAL_HANDS.items()), rules.suit_ties),
            _select("suit_order", "Suit order (highest first)", [(o, " > ".join(_SUIT_WORDS[s] for s in o))
                                                                for o in _suit_orders(rules.suit_order)],
                    rules.suit_order),
            _select("flush_beats_full_house", "Flush or full house",
                    [("1", "a flush beats a full house"), ("0", "a full house beats a flush")],
                    "1" if rules.flush_beats_full_house else "0"),
        ]) + "</div>"
    joker = '<input type="hidden" name="joker" value="1">' if rules.joker else ""
    picked = {**{str(c): "a" for c in picked_a}, **{str(c): "b" for c in picked_b}}
    picker = grid_html(rules.joker, picked) if grid else ""
    return ('<section class="sd-widget sd-compare" aria-label="Compare two hands">'
            "<h2>Compare two hands</h2>"
            f'<form class="sd-form">{inputs}{rule_controls}{joker}</form>'
            f'{picker}<div class="sd-result" data-part="result" aria-live="polite">{panel}</div></section>')


def _suit_orders(current: str) -> list[str]:
    orders = ["hdcs", "shdc", "sdch", "cdhs"]
    return orders if current in orders else [current] + orders
