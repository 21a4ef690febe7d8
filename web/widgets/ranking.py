"""The ranking table widget: 32-card counts (stripdeck.ranking) beside the 52-card figures.

The 52-card figures are computed, not pasted: :func:`deck_counts` counts every category
for a deck of ``ranks`` ranks in four suits with ``straights`` possible straights.

>>> deck_counts(13, 10)["flush"], deck_counts(8, 5)["flush"]
(5108, 204)
"""
# l10n-part: help (this file's sentences load with How to play: docs/i18n.md, "Bytes")

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb, floor, log10

from stripdeck import Rules, category_name, i18n, parse_cards
from stripdeck.i18n import _, npgettext, pgettext
from stripdeck.ranking import ranking_table

from .cardface import esc, hand_html


def hand_name(category: str) -> str:
    """A category's name as a row of the table names it, in the language in use.

    >>> hand_name("full house")
    'Full house'
    """
    return i18n.upper_first(category_name(category))


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
    return list(_rows(rules or Rules()))


@lru_cache(maxsize=16)
def _rows(rules: Rules) -> tuple[Row, ...]:
    """The rows, counted once per rules (they hold figures only, no words: any language reads them)."""
    figures = counts_52()
    total_52 = comb(52, 5)
    rows = []
    for place, row in enumerate(ranking_table(rules), 1):
        c52 = figures.get(row.category)
        rows.append(Row(place, row.category, row.example, row.hands, row.probability,
                        ORDER_52.index(row.category) + 1 if c52 is not None else None,
                        c52, None if c52 is None else c52 / total_52,
                        row.category in ("flush", "full house")))
    return tuple(rows)


def percent(p: float) -> str:
    """A probability as a percentage with enough digits to tell rare hands apart (written the
    language's way: ``i18n.percent``).

    >>> percent(0.0000993), percent(0.5343), percent(0.0025)
    ('0.00993%', '53.43%', '0.25%')
    """
    if p >= 0.01:
        return i18n.percent(p, 2)
    # three significant digits, trailing zeros dropped: 0.25 (not 0.250), 0.00993
    decimals = max(0, 2 - floor(log10(p * 100)))
    digits = f"{p * 100:.{decimals}f}".rstrip("0")
    return i18n.percent(p, len(digits.partition(".")[2]))


def explanation(rules: Rules, rows: list[Row]) -> str:
    """Why a flush beats a full house here, in words with the figures."""
    by = {r.category: r for r in rows}
    flush, full = by["flush"], by["full house"]
    total = sum(r.count for r in rows)
    if rules.joker:
        # TRANSLATORS: the 33-card deck is the 32-card deck with the joker.
        text = _("With only 8 cards in each suit, flushes are rare: {flushes} flushes against {full_houses} full "
                 "houses among the {total} five-card hands of the 33-card deck.", flushes=flush.count,
                 full_houses=full.count, total=total)
    else:
        text = _("With only 8 cards in each suit, flushes are rare: {flushes} flushes against {full_houses} full "
                 "houses among the {total} five-card hands of the 32-card deck.", flushes=flush.count,
                 full_houses=full.count, total=total)
    other = _("In a 52-card deck it is the other way round ({flushes} flushes, {full_houses} full houses), so "
              "there a full house beats a flush.", flushes=flush.count_52, full_houses=full.count_52)
    if rules.flush_beats_full_house:
        first = _("A flush beats a full house in 32-card poker.")
    else:
        first = _("This table uses the ordinary order of 52-card poker: a full house beats a flush, as most "
                  "players expect.")
    return " ".join((first, text, other))


def render(rules: Rules) -> str:
    """The whole ranking widget as HTML."""
    rows = ranking_rows(rules)
    deck = 33 if rules.joker else 32
    # TRANSLATORS: a column heading: the figures for a deck of {n} cards (32, or 33 with the joker).
    deck_cards = npgettext("ranking column", "{n} card", "{n} cards", deck)
    cards_52 = npgettext("ranking column", "{n} card", "{n} cards", 52)
    body = []
    for r in rows:
        cls = ' class="sd-highlight"' if r.highlight else ""
        example = hand_html(parse_cards(r.example, joker=True), _("Example: {cards}", cards=r.example))
        c52 = "–" if r.count_52 is None else i18n.number(r.count_52)
        p52 = "–" if r.probability_52 is None else percent(r.probability_52)
        if r.place_52 is None:
            place52 = "–"
        else:
            # TRANSLATORS: on a phone, the hand's place in the ranking of 52-card poker ("#4 with 52").
            phone = pgettext("ranking, on a phone", "#{place} with 52", place=r.place_52)
            place52 = (f'<span class="sd-wide">{i18n.number(r.place_52)}</span>'
                       f'<span class="sd-narrow">{esc(phone)}</span>')
        # data-label and the sd-* cell classes lay a row out as a block on a phone (widgets.css).
        body.append(
            f"<tr{cls}><td class=\"sd-place\">{i18n.number(r.place)}</td><th scope=\"row\" class=\"sd-name\">"
            f"{esc(hand_name(r.category))}</th><td class=\"sd-example\">{example}</td>"
            f"<td class=\"sd-num sd-count\" data-label=\"{esc(deck_cards)}\">{i18n.number(r.count)}</td>"
            f"<td class=\"sd-num sd-prob\">{percent(r.probability)}</td>"
            f"<td class=\"sd-num sd-52 sd-place52{' sd-none' if r.place_52 is None else ''}\">{place52}</td>"
            f"<td class=\"sd-num sd-52 sd-count52\" data-label=\"{esc(cards_52)}\">{c52}</td>"
            f"<td class=\"sd-num sd-52 sd-prob52\">{p52}</td></tr>")
    total = sum(r.count for r in rows)
    if rules.joker:
        heading = _("Hand ranking: 33-card deck compared with 52 cards")
        counts = _("Best hand first. Counts over all {total} hands of the 33-card deck and all {total_52} hands "
                   "of a 52-card deck.", total=total, total_52=comb(52, 5))
        joker_note = _("The joker counts as an ace or completes a straight, a flush or a full house (K K Q Q + "
                       "joker: kings full of queens). The 52-card columns are without a joker, so five aces has "
                       "no figure there.")
        caption = f"{counts} {joker_note}"
    else:
        heading = _("Hand ranking: 32-card deck compared with 52 cards")
        caption = _("Best hand first. Counts over all {total} hands of the 32-card deck and all {total_52} hands "
                    "of a 52-card deck.", total=total, total_52=comb(52, 5))
    heads = [("", pgettext("ranking column", "#")), ("", pgettext("ranking column", "Hand")),
             ("", pgettext("ranking column", "Example")), ("", deck_cards),
             ("", pgettext("ranking column", "Probability")),
             (' class="sd-52"', pgettext("ranking column", "# with 52")), (' class="sd-52"', cards_52),
             (' class="sd-52"', pgettext("ranking column", "Probability"))]
    head = "".join(f'<th scope="col"{cls}>{esc(text)}</th>' for cls, text in heads)
    label = _("Hand ranking in 32-card poker")
    return (
        f'<section class="sd-widget sd-ranking" aria-label="{esc(label)}">'
        f"<h2>{esc(heading)}</h2>"
        '<div class="sd-scroll"><table>'
        f"<caption>{esc(caption)}</caption>"
        f"<thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>"
        f'<p class="sd-note">{esc(explanation(rules, rows))}</p></section>')
