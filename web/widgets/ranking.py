"""The ranking table widget: 32-card counts (stripdeck.ranking) beside the 52-card figures.

The 52-card figures are computed, not pasted: :func:`deck_counts` counts every category
for a deck of ``ranks`` ranks in four suits with ``straights`` possible straights.

>>> deck_counts(13, 10)["flush"], deck_counts(8, 5)["flush"]
(5108, 204)
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from stripdeck import Rules, parse_cards
from stripdeck.ranking import ranking_table

from .cardface import esc, hand_html


def deck_counts(ranks: int, straights: int, suits: int = 4) -> dict[str, int]:
    """Five-card hands per category in a deck of ``ranks`` x ``suits`` cards (no jokers)."""
    sf = straights * suits
    rank_sets = comb(ranks, 5)
    return {
        "straight flush": sf,
        "four of a kind": ranks * (ranks - 1) * suits,
        "full house": ranks * comb(suits, 3) * (ranks - 1) * comb(suits, 2),
        "flush": rank_sets * suits - sf,
        "straight": straights * suits ** 5 - sf,
        "three of a kind": ranks * comb(suits, 3) * comb(ranks - 1, 2) * suits ** 2,
        "two pairs": comb(ranks, 2) * comb(suits, 2) ** 2 * (ranks - 2) * suits,
        "one pair": ranks * comb(suits, 2) * comb(ranks - 1, 3) * suits ** 3,
        "high card": (rank_sets - straights) * (suits ** 5 - suits),
    }


def counts_52() -> dict[str, int]:
    """The ordinary 52-card deck: 13 ranks, 10 straights (A-2-3-4-5 up to 10-J-Q-K-A)."""
    return deck_counts(13, 10)


# Ordinary poker's order, best first (a full house beats a flush there).
ORDER_52 = ("straight flush", "four of a kind", "full house", "flush", "straight",
            "three of a kind", "two pairs", "one pair", "high card")


@dataclass(frozen=True)
class Row:
    """One category: its place and figures in both decks (52-card ones None for five aces)."""

    place: int
    category: str
    example: str
    count: int
    probability: float
    place_52: int | None
    count_52: int | None
    probability_52: float | None
    highlight: bool


def ranking_rows(rules: Rules | None = None) -> list[Row]:
    """The rows of the widget, best first under ``rules``."""
    rules = rules or Rules()
    figures = counts_52()
    total_52 = comb(52, 5)
    rows = []
    for place, row in enumerate(ranking_table(rules), 1):
        c52 = figures.get(row.category)
        rows.append(Row(place, row.category, row.example, row.hands, row.probability,
                        ORDER_52.index(row.category) + 1 if c52 is not None else None,
                        c52, None if c52 is None else c52 / total_52,
                        row.category in ("flush", "full house")))
    return rows


def percent(p: float) -> str:
    """A probability as a percentage with enough digits to tell rare hands apart.

    >>> percent(0.0000993), percent(0.5343), percent(0.0025)
    ('0.00993%', '53.43%', '0.25%')
    """
    if p >= 0.01:
        return f"{p:.2%}"
    return f"{p * 100:.3g}%"


def explanation(rules: Rules, rows: list[Row]) -> str:
    """Why a flush beats a full house here, in words with the figures."""
    by = {r.category: r for r in rows}
    flush, full = by["flush"], by["full house"]
    total = sum(r.count for r in rows)
    deck = 33 if rules.joker else 32
    text = (f"With only 8 cards in each suit, flushes are rare: {flush.count:,} flushes against "
            f"{full.count:,} full houses among the {total:,} five-card hands of the {deck}-card deck. "
            f"In a 52-card deck it is the other way round ({flush.count_52:,} flushes, "
            f"{full.count_52:,} full houses), so there a full house beats a flush.")
    if rules.flush_beats_full_house:
        return "A flush beats a full house in 32-card poker. " + text
    return ("This table uses the ordinary order of 52-card poker: a full house beats a flush, as most "
            "players expect. " + text)


def render(rules: Rules) -> str:
    """The whole ranking widget as HTML."""
    rows = ranking_rows(rules)
    deck = 33 if rules.joker else 32
    body = []
    for r in rows:
        cls = ' class="sd-highlight"' if r.highlight else ""
        example = hand_html(parse_cards(r.example, joker=True), f"Example: {r.example}")
        c52 = "–" if r.count_52 is None else f"{r.count_52:,}"
        p52 = "–" if r.probability_52 is None else percent(r.probability_52)
        place52 = "–" if r.place_52 is None else str(r.place_52)
        # data-label and the sd-* cell classes lay a row out as a block on a phone (widgets.css).
        body.append(
            f"<tr{cls}><td class=\"sd-place\">{r.place}</td><th scope=\"row\" class=\"sd-name\">"
            f"{esc(r.category.capitalize())}</th><td class=\"sd-example\">{example}</td>"
            f"<td class=\"sd-num sd-count\" data-label=\"{deck} cards\">{r.count:,}</td>"
            f"<td class=\"sd-num sd-prob\">{percent(r.probability)}</td>"
            f"<td class=\"sd-num sd-52 sd-place52{' sd-none' if r.place_52 is None else ''}\">{place52}</td>"
            f"<td class=\"sd-num sd-52 sd-count52\" data-label=\"52 cards\">{c52}</td>"
            f"<td class=\"sd-num sd-52 sd-prob52\">{p52}</td></tr>")
    total = sum(r.count for r in rows)
    joker_note = (" The joker counts as an ace or completes a straight, a flush or a full house"
                  " (K K Q Q + joker: kings full of queens). The 52-card columns are without a joker,"
                  " so five aces has no figure there." if rules.joker else "")
    return (
        '<section class="sd-widget sd-ranking" aria-label="Hand ranking in 32-card poker">'
        f"<h2>Hand ranking: {deck}-card deck compared with 52 cards</h2>"
        '<div class="sd-scroll"><table>'
        f"<caption>Best hand first. Counts over all {total:,} hands of the {deck}-card deck "
        f"and all {comb(52, 5):,} hands of a 52-card deck.{joker_note}</caption>"
        "<thead><tr><th scope=\"col\">#</th><th scope=\"col\">Hand</th><th scope=\"col\">Example</th>"
        f"<th scope=\"col\">{deck} cards</th><th scope=\"col\">Probability</th>"
        "<th scope=\"col\" class=\"sd-52\"># with 52</th><th scope=\"col\" class=\"sd-52\">52 cards</th>"
        "<th scope=\"col\" class=\"sd-52\">Probability</th></tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>"
        f'<p class="sd-note">{esc(explanation(rules, rows))}</p></section>')
