"""Hand evaluation: HandValue, evaluate(), compare(), and the bulk strength table.

Every five-card hand of a rules variant is looked up in a list built on first use,
category by rank pattern (see :func:`_build_steps`). The hand's place in the list
comes from its card mask (``sum(cards)``) by a minimal perfect hash of the mask's two
16-bit halves (:mod:`stripdeck.hand_index`), so an evaluation is one sum and three list
lookups, in a table of about 2 MB that stays in the processor's caches better than a dict
of every mask.

What a hand's value holds and how it is worked out from its cards is in
:mod:`stripdeck.hand_value`.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Mapping
from itertools import combinations
from typing import Any

from .cards import DECK, JOKER, Card, CardError, Rank, parse_cards
from .hand_index import (
    ALL_HANDS,
    HALF_BITS,
    HIGH_TERMS,
    LOW_TERMS,
    NATURAL_HANDS,
    ensure_index,
    masks_in_place_order,
    place_of,
)
from .hand_value import (
    CATEGORIES,
    CATEGORY_NAMES,
    FLUSH,
    STRAIGHT_FLUSH,
    HandValue,
    category_of_strength,
    category_order,
    deciding_rank_of,
    joker_value,
    rank_pattern,
    straight_top,
    strength_of,
    suit_codes,
)
from .i18n import _
from .rules import Rules

__all__ = [
    "HandValue",
    "evaluate",
    "compare",
    "strength_table",
    "CATEGORIES",
    "category_of_strength",
    "table_steps",
]

# --------------------------------------------------------------------------- tables

_TABLES: dict[tuple[str, str, bool, bool], list[HandValue]] = {}
_MAX_TABLES = 12
_DEFAULT_KEY = ("kicker", "hdcs", True, False)
_STRENGTHS: dict[tuple[str, str, bool, bool], dict[int, int]] = {}


def _bit(rank: int, suit_index: int) -> int:
    return 1 << ((rank - 7) * 4 + suit_index)


def _rank_multisets() -> list[tuple[tuple[int, int], ...]]:
    """Every multiset of five ranks (at most four of each), as (rank, count) pairs."""
    found: list[tuple[tuple[int, int], ...]] = []

    def extend(rank: int, left: int, chosen: tuple[tuple[int, int], ...]) -> None:
        if left == 0:
            found.append(chosen)
            return
        for r in range(rank, 15):
            for count in range(min(left, 4), 0, -1):
                extend(r + 1, left - count, chosen + ((r, count),))

    extend(7, 5, ())
    return found


def _build_table(key: tuple[str, str, bool, bool]) -> list[HandValue]:
    """Place -> HandValue for every five-card hand of the variant (see :func:`_build_steps`)."""
    steps = _build_steps(key)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            table: list[HandValue] = done.value
            return table


def _build_steps(key: tuple[str, str, bool, bool]) -> Generator[None, None, list[HandValue]]:
    """Build a table in steps of a few milliseconds, returning it at the end.

    For each rank multiset the category and ranks are fixed; only the deciding
    card's suit varies, so the hands are enumerated per choice of the deciding card.
    Ranks 7-10 are in the low half of a mask and jack to ace in the high half, so a
    multiset's places are the sums of its high halves' and its low halves' terms.
    """
    ensure_index()
    high_term, low_term = HIGH_TERMS, LOW_TERMS
    ties, suit_order, flush_beats_full_house, joker = key
    cat_order = category_order(flush_beats_full_house)
    codes = suit_codes(suit_order)
    letters = "hdcs"
    # For each rank and count: (its half's submask, the best suit code among the chosen cards, that card).
    subsets: dict[tuple[int, int], list[tuple[int, int, Card]]] = {}
    for rank in range(7, 15):
        shift = HALF_BITS if rank > 10 else 0
        for count in range(1, 5):
            options = []
            for chosen in combinations(range(4), count):
                mask = sum(_bit(rank, s) for s in chosen) >> shift
                top = max(chosen, key=lambda s: codes[letters[s]])
                options.append((mask, codes[letters[top]], DECK[(rank - 7) * 4 + top]))
            subsets[(rank, count)] = options
    ranks_of = {r: Rank(r) for r in range(7, 15)}
    table: list[Any] = [None] * (ALL_HANDS if joker else NATURAL_HANDS)
    for number, groups in enumerate(_rank_multisets()):
        if number % 50 == 49:
            yield  # in slices: a page gets its turn in between
        category, order = rank_pattern([r for r, c in groups for _ in range(c)])
        deciding_rank, _ = deciding_rank_of(category, order, ties)
        highs, lows = [0], [0]
        deciding: list[tuple[int, int, Card]] = [(0, 0, DECK[0])]
        deciding_high = False
        for rank, count in groups:
            if rank == deciding_rank:
                deciding = subsets[(rank, count)]
                deciding_high = rank > 10
            elif rank > 10:
                highs = [m | sub for sub, _, _ in subsets[(rank, count)] for m in highs]
            else:
                lows = [m | sub for sub, _, _ in subsets[(rank, count)] for m in lows]
        ranks = tuple(ranks_of[r] for r in order)
        name = CATEGORY_NAMES[category]
        high_terms = [high_term[m] for m in highs]
        low_terms = [low_term[m] for m in lows]
        for sub, code, card in deciding:
            if deciding_high:
                places = [h + low for h in [high_term[m | sub] for m in highs] for low in low_terms]
            elif deciding_rank:
                places = [h + low for h in high_terms for low in [low_term[m | sub] for m in lows]]
            else:
                places = [h + low for h in high_terms for low in low_terms]
            value = HandValue(strength_of(cat_order, category, order, code), name, ranks,
                              card if deciding_rank else None, key)
            for place in places:
                table[place] = value
    yield
    # Five distinct ranks in one suit: flushes and straight flushes replace their entries.
    for ranks5 in combinations(range(14, 6, -1), 5):
        top = straight_top(ranks5)
        category, order = (STRAIGHT_FLUSH, (top,)) if top else (FLUSH, ranks5)
        ranks = tuple(ranks_of[r] for r in order)
        deciding_top = order[0]
        for s, letter in enumerate(letters):
            code = 0 if ties == "split" else codes[letter]
            decides: Card | None = None if ties == "split" else DECK[(deciding_top - 7) * 4 + s]
            table[place_of(sum(_bit(r, s) for r in ranks5))] = HandValue(
                strength_of(cat_order, category, order, code), CATEGORY_NAMES[category], ranks, decides, key)
    if joker:
        for number, four in enumerate(combinations(DECK, 4)):
            if number % 1000 == 999:
                yield
            table[place_of(sum(four) + JOKER)] = joker_value(four, key, cat_order, codes)
    return table


def _table(rules: Rules | None) -> list[HandValue]:
    key = _DEFAULT_KEY if rules is None else rules.evaluation_key
    table = _TABLES.get(key)
    if table is None:
        table = _store(key, _build_table(key))
    return table


def _store(key: tuple[str, str, bool, bool], table: list[HandValue]) -> list[HandValue]:
    if len(_TABLES) >= _MAX_TABLES:  # about 2 MB each: keep the default and the newest dozen
        oldest = next(k for k in _TABLES if k != _DEFAULT_KEY)
        del _TABLES[oldest]
        _STRENGTHS.pop(oldest, None)
    _TABLES[key] = table
    if key == _DEFAULT_KEY and not _DEFAULT_TABLE:
        _DEFAULT_TABLE[:] = table
    return table


def table_steps(rules: Rules | None = None) -> Iterator[None]:
    """Build the ranking table and the strength table of ``rules`` in steps of a few milliseconds.

    Iterating it to the end has the same effect as the first :func:`evaluate` and
    :func:`strength_table` calls, but a page can yield to its event loop between steps.
    """
    key = _DEFAULT_KEY if rules is None else rules.evaluation_key
    if key not in _TABLES:
        _store(key, (yield from _build_steps(key)))
    if key not in _STRENGTHS:
        table = _TABLES[key]
        masks = masks_in_place_order()
        strengths: dict[int, int] = {}
        for start in range(0, len(table), 20_000):
            yield
            strengths.update(zip(masks[start:start + 20_000], [v.strength for v in table[start:start + 20_000]]))
        _STRENGTHS[key] = strengths


def strength_table(rules: Rules | None = None) -> Mapping[int, int]:
    """The bulk path: card mask (``sum(cards)``) -> strength int, for every hand of the variant.

    >>> t = strength_table(); t[sum(parse_cards("Ah Kh Qh Jh Th"))] > t[sum(parse_cards("As Ks Qs Js Ts"))]
    True
    """
    key = _DEFAULT_KEY if rules is None else rules.evaluation_key
    strengths = _STRENGTHS.get(key)
    if strengths is None:
        strengths = _STRENGTHS[key] = dict(zip(masks_in_place_order(), [v.strength for v in _table(rules)]))
    return strengths


_DEFAULT_TABLE: list[HandValue] = []
"""The default rules' table: empty until first use, then filled in place."""


def evaluate(cards: Any, rules: Rules | None = None) -> HandValue:
    """The value of five cards (text like ``'Ah Kd Qc Js Ts'`` or Cards) under ``rules``.

    >>> str(evaluate("Ah 7d 8c 9s Th"))
    'Straight, ten high, ten of hearts decides'
    """
    try:
        a, b, c, d, e = cards  # five Cards: their sum is the hand's mask (faster than sum())
        mask: int = a + b + c + d + e
        if mask < 0:  # Cards never are; a negative index would count from the end
            raise ValueError
        if rules is None:
            return _DEFAULT_TABLE[HIGH_TERMS[mask >> 16] + LOW_TERMS[mask & 0xFFFF]]  # place_of(mask), inlined
        return _TABLES[rules.evaluation_key][HIGH_TERMS[mask >> 16] + LOW_TERMS[mask & 0xFFFF]]
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        return _evaluate_checked(cards, rules)


def _evaluate_checked(cards: Any, rules: Rules | None) -> HandValue:
    """The slow path: build the table on first use, parse text, and explain bad input."""
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, got {type(rules).__name__}")
    table = _table(rules)
    parsed = parse_cards(cards, joker=rules is not None and rules.joker)
    if len(parsed) != 5:
        raise CardError(_("a hand is exactly 5 cards, got {count}: '{cards}'", count=len(parsed),
                          cards=" ".join(map(str, parsed))))
    return table[place_of(sum(parsed))]


def compare(a: Any, b: Any, rules: Rules | None = None) -> int:
    """1 if hand ``a`` beats ``b``, -1 if ``b`` wins, 0 if they are equal.

    >>> compare("Qh Qs Tc 9d 8s", "Qd Qc Th 9s 8d", Rules(suit_ties="combination"))
    1
    """
    if not isinstance(a, HandValue) and not isinstance(b, HandValue):
        joker = rules is not None and rules.joker
        cards_a, cards_b = parse_cards(a, joker=joker), parse_cards(b, joker=joker)
        shared = sorted(set(cards_a) & set(cards_b))
        if shared:
            # TRANSLATORS: {cards} is card text ("Ah Kd").
            raise CardError(_("{cards} cannot be in both hands", cards=" ".join(str(c) for c in shared)))
        a, b = cards_a, cards_b
    value_a = a if isinstance(a, HandValue) else evaluate(a, rules)
    value_b = b if isinstance(b, HandValue) else evaluate(b, rules)
    return (value_a > value_b) - (value_a < value_b)
