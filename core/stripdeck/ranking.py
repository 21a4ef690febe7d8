"""The ranking table: every category with its example, count and probability."""

from __future__ import annotations

from collections import Counter
from math import comb
from typing import NamedTuple

from .evaluator import CATEGORIES, category_of_strength, strength_table
from .rules import Rules

__all__ = ["RankingRow", "ranking_table", "EXAMPLES"]

EXAMPLES = {
    "five aces": "Jk Ah Ad Ac As",
    "straight flush": "As Ks Qs Js Ts",
    "four of a kind": "9h 9d 9c 9s Kh",
    "flush": "Ah Qh Th 8h 7h",
    "full house": "Ks Kd Kc 8s 8c",
    "straight": "As 7d 8h 9c Ts",
    "three of a kind": "Jh Jd Jc As 8d",
    "two pairs": "Qh Qs 9d 9c Ah",
    "one pair": "Th Ts Ad Qc 8h",
    "high card": "Ah Kd Jc 9s 8h",
}
"""One example hand per category (from the official rules page's table)."""


class RankingRow(NamedTuple):
    """One category of the ranking table."""

    category: str
    example: str
    hands: int
    probability: float


def ranking_table(rules: Rules | None = None) -> list[RankingRow]:
    """Categories best first under ``rules``, with counts over every five-card hand.

    >>> [(r.category, r.hands) for r in ranking_table()][:3]
    [('straight flush', 20), ('four of a kind', 224), ('flush', 204)]
    """
    rules = rules or Rules()
    counts = Counter(category_of_strength(s, rules) for s in strength_table(rules).values())
    total = comb(33 if rules.joker else 32, 5)
    order = sorted(counts, key=lambda c: -_order(c, rules))
    return [RankingRow(c, EXAMPLES[c], counts[c], counts[c] / total) for c in order]


def _order(category: str, rules: Rules) -> int:
    position = len(CATEGORIES) - CATEGORIES.index(category)
    if not rules.flush_beats_full_house and category in ("flush", "full house"):
        position += 1 if category == "full house" else -1
    return position
