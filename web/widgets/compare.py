"""The compare widget: two hands, the winner, and the reason in words.

>>> explain("Ah Qh Th 8h 7h", "Ks Kd Kc 8s 8c").reason
'a flush beats a full house in 32-card poker'
>>> explain("Qh Qs Tc 9d 8s", "Qd Qc Th 9s 8d", Rules(suit_ties="combination")).reason
'equal pairs of queens and kickers: the queen of hearts decides'
"""
# l10n-part: widgets (this file's sentences load with the widgets: docs/i18n.md, "Bytes")

from __future__ import annotations

from stripdeck import Card, CardError, Rules, i18n, parse_cards, suit_name
from stripdeck.explain import Comparison, explain, read_hand, read_hands
from stripdeck.i18n import N_, NP_, _, pgettext

from .cardface import esc, grid_html, hand_html

EQUAL_HANDS = {"kicker": N_("the deciding card's suit"), "combination": N_("the combination's best suit"),
               "split": N_("share the pot")}
"""How equal hands are settled (``Rules.suit_ties``), in the game's words (its Settings;
translated when shown: ``_(EQUAL_HANDS[value])``)."""

PRESET_NAMES = {"online": NP_("preset", "online"), "official": NP_("preset", "official"),
                "cardroom": NP_("preset", "cardroom"), "bosnian": NP_("preset", "bosnian")}
"""The presets' names in the preset selector (``pgettext(*PRESET_NAMES[name])``)."""

_HANDS = {"a": (N_("Hand A"), N_("Pick cards for hand A")), "b": (N_("Hand B"), N_("Pick cards for hand B"))}

__all__ = ["EQUAL_HANDS", "Comparison", "explain", "read_hand", "read_hands", "result_html", "error_html", "result",
           "toggle_card", "render"]


def result_html(comparison: Comparison) -> str:
    """The outcome panel: both hands with their values, the verdict and the reason."""
    rows = []
    for key, cards, value in (("a", comparison.a, comparison.value_a), ("b", comparison.b, comparison.value_b)):
        mark = " sd-winner" if comparison.winner == key else ""
        wins = pgettext("compare", "wins")
        badge = f'<span class="sd-badge">{esc(wins)}</span>' if mark else ""
        name = _(_HANDS[key][0])
        rows.append(f'<div class="sd-side{mark}"><span class="sd-label">{esc(name)}</span>'
                    f"{hand_html(cards, name)}<span class=\"sd-value\">{esc(value)}</span>{badge}</div>")
    text = comparison.rule_note
    # TRANSLATORS: {note} is the rule that decided (from the engine's explanations), as a sentence.
    sentence = _("{note}.", note=i18n.upper_first(text)) if text else ""
    note = f'<p class="sd-note">{esc(sentence)}</p>' if text else ""
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
        return error_html(i18n.upper_first(str(err))), picked_a, picked_b


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
        f'{" checked" if k == "a" else ""} aria-label="{esc(_(_HANDS[k][1]))}">'
        f'<label>{esc(_(_HANDS[k][0]))} <input type="text" name="{k}" value="{esc(v)}" '
        f'aria-label="{esc(_(_HANDS[k][0]))}" '
        f'spellcheck="false" autocomplete="off" placeholder="Ah Kd Qc Js 9h"></label></div>'
        for k, v in (("a", a), ("b", b)))
    rule_controls = ""
    if controls:
        rule_controls = '<div class="sd-controls">' + "".join([
            _select("preset", pgettext("setting", "Preset"),
                    [(p, pgettext(*PRESET_NAMES[p])) for p in PRESET_NAMES], preset),
            _select("suit_ties", _("Equal hands"), [(k, _(v)) for k, v in EQUAL_HANDS.items()], rules.suit_ties),
            _select("suit_order", _("Suit order (highest first)"),
                    [(o, suit_order_words(o)) for o in _suit_orders(rules.suit_order)], rules.suit_order),
            _select("flush_beats_full_house", _("Flush or full house"),
                    [("1", _("a flush beats a full house")), ("0", _("a full house beats a flush"))],
                    "1" if rules.flush_beats_full_house else "0"),
        ]) + "</div>"
    joker = '<input type="hidden" name="joker" value="1">' if rules.joker else ""
    picked = {**{str(c): "a" for c in picked_a}, **{str(c): "b" for c in picked_b}}
    picker = grid_html(rules.joker, picked) if grid else ""
    title = _("Compare two hands")
    return (f'<section class="sd-widget sd-compare" aria-label="{esc(title)}">'
            f"<h2>{esc(title)}</h2>"
            f'<form class="sd-form">{inputs}{rule_controls}{joker}</form>'
            f'{picker}<div class="sd-result" data-part="result" aria-live="polite">{panel}</div></section>')


def suit_order_words(order: str) -> str:
    """A suit order by name, highest first.

    >>> suit_order_words("hdcs")
    'hearts > diamonds > clubs > spades'
    """
    return " > ".join(suit_name(s) for s in order)


def _suit_orders(current: str) -> list[str]:
    orders = ["hdcs", "shdc", "sdch", "cdhs"]
    return orders if current in orders else [current] + orders
