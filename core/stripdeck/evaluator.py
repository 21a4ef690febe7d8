"""Hand evaluation: HandValue, evaluate(), compare(), and the bulk strength table.

Every five-card hand of a rules variant is looked up in a list built on first use,
category by rank pattern (see :func:`_build_steps`). The hand's place in the list
comes from its card mask (``sum(cards)``) by a minimal perfect hash of the mask's two
16-bit halves, so an evaluation is one sum and three list lookups, in a table of
about 2 MB that stays in the processor's caches better than a dict of every mask.

A hand's *strength* is one int, larger is better, laid out as::

    category order << 24 | five 4-bit rank fields << 4 | deciding suit (0-4)

The deciding suit is 0 where suits do not decide (``suit_ties="split"``, or a
category that ranks alone decide), 0 for the joker (below every natural card of
its rank), else 1-4 by ``suit_order`` (the highest suit is 4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Iterable, Iterator, Mapping, Sequence
from functools import cache
from itertools import combinations
from math import comb
from typing import Any

from .cards import DECK, JOKER, Card, CardError, Rank, Suit, parse_cards
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

# Category ids are fixed; their order in a rules variant comes from _category_order().
HIGH_CARD, ONE_PAIR, TWO_PAIRS, THREE, STRAIGHT, FULL_HOUSE, FLUSH, FOUR, STRAIGHT_FLUSH, FIVE_ACES = range(10)
CATEGORY_NAMES = (
    "high card", "one pair", "two pairs", "three of a kind", "straight", "full house",
    "flush", "four of a kind", "straight flush", "five aces",
)
CATEGORIES: tuple[str, ...] = tuple(reversed(CATEGORY_NAMES))
"""Category names, best first, as ranked with the default rules (with the joker's five aces)."""

_NO_SUIT_DECIDES = {FOUR, FULL_HOUSE, THREE, FIVE_ACES}
_CATEGORY_SHIFT = 24
_RANK_SHIFT = 4


def _category_order(flush_beats_full_house: bool) -> tuple[int, ...]:
    """Order value (0 = lowest) for each category id."""
    if flush_beats_full_house:
        return tuple(range(10))
    order = list(range(10))
    order[FLUSH], order[FULL_HOUSE] = FULL_HOUSE, FLUSH
    return tuple(order)


def category_of_strength(strength: int, rules: Rules | None = None) -> str:
    """The category name of a strength from :func:`strength_table` under ``rules``."""
    order = _category_order(True if rules is None else rules.flush_beats_full_house)
    return CATEGORY_NAMES[order.index(strength >> _CATEGORY_SHIFT)]


class HandValue:
    """The value of a five-card hand under a rules variant; compares as the rules rank hands.

    >>> v = evaluate("Ah Jh 9h 8h 7h"); v.category, str(v)
    ('flush', 'Flush, ace high, ace of hearts decides')
    >>> v > evaluate("Ks Kd Kc 8s 8c")
    True
    """

    __slots__ = ("strength", "category", "ranks", "deciding_card", "_key", "_text")

    strength: int
    category: str
    ranks: tuple[Rank, ...]
    deciding_card: Card | None
    _key: tuple[str, str, bool, bool]

    def __init__(self, strength: int, category: str, ranks: tuple[Rank, ...],
                 deciding_card: Card | None, key: tuple[str, str, bool, bool]) -> None:
        self.strength = strength
        self.category = category
        self.ranks = ranks
        self.deciding_card = deciding_card
        self._key = key
        self._text: str | None = None

    def _other(self, other: object) -> int:
        if not isinstance(other, HandValue):
            raise TypeError(f"cannot compare a HandValue with {type(other).__name__}")
        if other._key != self._key:
            raise TypeError("cannot compare hand values evaluated under different ranking rules")
        return other.strength

    def __lt__(self, other: object) -> bool:
        return self.strength < self._other(other)

    def __le__(self, other: object) -> bool:
        return self.strength <= self._other(other)

    def __gt__(self, other: object) -> bool:
        return self.strength > self._other(other)

    def __ge__(self, other: object) -> bool:
        return self.strength >= self._other(other)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.strength == other.strength and self._key == other._key

    def __hash__(self) -> int:
        return hash((self.strength, self._key))

    def __repr__(self) -> str:
        return f"<HandValue {self}>"

    def __str__(self) -> str:
        if self._text is None:
            text = _describe(self.category, self.ranks)
            if self.deciding_card is not None:
                text += f", {_card_words(self.deciding_card)} decides"
            self._text = text
        return self._text


def _card_words(card: Card) -> str:
    return "joker" if card.is_joker else card.name.lower()


def _describe(category: str, ranks: tuple[Rank, ...]) -> str:
    top = ranks[0] if ranks else Rank.ACE
    if category == "five aces":
        return "Five aces"
    if category == "straight flush":
        return "Royal flush" if top == Rank.ACE else f"Straight flush, {top.noun} high"
    if category == "four of a kind":
        return f"Four {top.plural}"
    if category == "flush":
        return f"Flush, {top.noun} high"
    if category == "full house":
        return f"Full house, {top.plural} full of {ranks[1].plural}"
    if category == "straight":
        return f"Straight, {top.noun} high"
    if category == "three of a kind":
        return f"Three {top.plural}"
    if category == "two pairs":
        return f"Two pairs, {top.plural} and {ranks[1].plural}"
    if category == "one pair":
        return f"Pair of {top.plural}"
    return f"{top.noun.capitalize()} high"


# --------------------------------------------------------------------------- analysis

# One card as the analysis sees it: (rank 7-14, suit letter or None, the Card it stands for).
_Entry = tuple[int, str | None, Card]


def _straight_top(distinct_ranks: Iterable[int]) -> int:
    """Top rank of a straight made by five distinct ranks, or 0. A-7-8-9-10 is ten high."""
    ranks = set(distinct_ranks)
    if len(ranks) != 5:
        return 0
    if ranks == {14, 7, 8, 9, 10}:
        return 10
    high = max(ranks)
    return high if high - min(ranks) == 4 else 0


def _rank_pattern(ranks: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Category id (ignoring flushes) and the ranks in comparison order."""
    return _pattern_of_sorted(tuple(sorted(ranks)))


@cache
def _pattern_of_sorted(ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """:func:`_rank_pattern` of ranks in ascending order (one of 784 multisets, or fewer cards)."""
    counts = Counter(ranks)
    ordered = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in ordered)
    order = tuple(r for r, _ in ordered)
    if shape == (5,):
        return FIVE_ACES, ()
    if shape == (1, 1, 1, 1, 1):
        top = _straight_top(order)
        return (STRAIGHT, (top,)) if top else (HIGH_CARD, order)
    category = {(4, 1): FOUR, (3, 2): FULL_HOUSE, (3, 1, 1): THREE,
                (2, 2, 1): TWO_PAIRS, (2, 1, 1, 1): ONE_PAIR}[shape]
    return category, order


def _deciding_rank(category: int, order: tuple[int, ...], ties: str) -> tuple[int, bool]:
    """The rank whose card's suit breaks ties (0 for none), and whether it is a pair's rank."""
    if ties == "split" or category in _NO_SUIT_DECIDES:
        return 0, False
    if category == TWO_PAIRS:
        return (order[0], True) if ties == "combination" else (order[2], False)
    if category == ONE_PAIR:
        return (order[0], True) if ties == "combination" else (order[1], False)
    return order[0], False  # high card, straight, flush, straight flush: the top card


def _strength(cat_order: tuple[int, ...], category: int, order: tuple[int, ...], suit_code: int) -> int:
    code = 0
    for r in order:
        code = (code << 4) | (r - 6)
    code <<= 4 * (5 - len(order))
    return (cat_order[category] << _CATEGORY_SHIFT) | (code << _RANK_SHIFT) | suit_code


def _analyse(entries: Sequence[_Entry], key: tuple[str, str, bool, bool],
             cat_order: tuple[int, ...], codes: Mapping[Suit | str | None, int]) -> HandValue:
    """Value of five entries (a joker already stands as a rank and suit)."""
    ties = key[0]
    category, order = _rank_pattern([e[0] for e in entries])
    suits = {e[1] for e in entries}
    flush_suit = next(iter(suits)) if len(suits) == 1 and None not in suits else None
    if flush_suit is not None:
        category = STRAIGHT_FLUSH if category == STRAIGHT else FLUSH
        if category == FLUSH:
            order = tuple(sorted((e[0] for e in entries), reverse=True))
    deciding: Card | None = None
    suit_code = 0
    rank, in_pair = _deciding_rank(category, order, ties)
    if rank:
        candidates = [e for e in entries if e[0] == rank]
        if category == FLUSH:
            # The top card's suit decides: the flush's suit, unless the joker stands on top
            # (the joker is below every natural card of its rank).
            top = max(entries, key=lambda e: e[0])
            deciding, suit_code = top[2], codes[_suit_key(top)]
        else:
            best = max(candidates, key=lambda e: codes[_suit_key(e)]) if in_pair else candidates[0]
            deciding, suit_code = best[2], codes[_suit_key(best)]
    value = _strength(cat_order, category, order, suit_code)
    return HandValue(value, CATEGORY_NAMES[category], tuple(_RANK_OF[r] for r in order), deciding, key)


def _suit_key(entry: _Entry) -> str | None:
    """The suit used for tie-breaks: the joker's is None (lowest), wherever it stands."""
    return None if entry[2] == JOKER else entry[1]


def _suit_codes(suit_order: str) -> dict[Suit | str | None, int]:
    codes: dict[Suit | str | None, int] = {None: 0}
    for position, letter in enumerate(suit_order):
        codes[letter] = 4 - position
        codes[Suit(letter)] = 4 - position
    return codes


def _natural_entry(card: Card) -> _Entry:
    return _ENTRY_OF[card]


_ENTRY_OF: dict[Card, _Entry] = {c: (int(c.rank), c.suit.value if c.suit else None, c) for c in DECK}
_RANK_OF = {int(r): r for r in Rank}


def _joker_value(naturals: Sequence[Card], key: tuple[str, str, bool, bool],
                 cat_order: tuple[int, ...], codes: Mapping[Suit | str | None, int]) -> HandValue:
    """Best value of four natural cards and the joker (RULES.md s.8)."""
    base = [_natural_entry(c) for c in naturals]
    # As an ace (of no suit: below every natural ace).
    best = _analyse(base + [(14, None, JOKER)], key, cat_order, codes)
    ranks = [e[0] for e in base]
    suits = {e[1] for e in base}
    # To complete a straight or straight flush: any rank that makes five in sequence.
    if len(set(ranks)) == 4:
        for r in _straight_completions(tuple(sorted(ranks))):
            for suit in (suits if len(suits) == 1 else {None}):
                value = _analyse(base + [(r, suit, JOKER)], key, cat_order, codes)
                if value.strength > best.strength:
                    best = value
    # To complete a flush: the highest card of that suit missing from the hand.
    if len(suits) == 1:
        suit = next(iter(suits))
        missing = max(r for r in range(7, 15) if r not in ranks)
        value = _analyse(base + [(missing, suit, JOKER)], key, cat_order, codes)
        if value.strength > best.strength:
            best = value
    return best


@cache
def _straight_completions(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The ranks that make a straight with four distinct ``ranks``."""
    return tuple(r for r in range(7, 15) if r not in ranks and _straight_top(ranks + (r,)))


# --------------------------------------------------------------------------- the index of a hand

# A hand's mask (``sum(cards)``) splits into a low half, the 16 cards from 7 to 10, and a
# high half, the 16 cards from jack to ace with the joker as bit 16. ``_HIGH[high] +
# _LOW[low]`` is the hand's place in one list of every hand: a minimal perfect hash, so a
# ranking table is a list of 201,376 values (237,336 with the joker) that fits the
# processor's caches far better than a dict keyed by mask. The places run through blocks,
# one per count of cards in the high half; the 201,376 natural hands come first, then the
# hands with the joker. In a block, place = offset + rank of the high half * size of the
# low half's choices + rank of the low half, ranks counted in ``combinations`` order.
#
# A wrong card count must not land on a hand: duplicate Cards add up with a carry and
# lose a bit. ``_HIGH`` adds ``(5 - high cards) * _COUNT_STEP`` and ``_LOW`` subtracts
# ``low cards * _COUNT_STEP``, so halves that do not add up to five cards are at least a
# step (more than twice the number of hands) out of range on either side, and a half that
# could not be part of a hand at all is ``_OUT_OF_RANGE``.
_HALF_BITS = 16
_LOW_HALF = (1 << _HALF_BITS) - 1
_JOKER_IN_HIGH_HALF = int(JOKER) >> _HALF_BITS
_COUNT_STEP = 1 << 20
_OUT_OF_RANGE = 1 << 40
NATURAL_HANDS = comb(32, 5)
ALL_HANDS = comb(33, 5)
_HIGH: list[int] = []
_LOW: list[int] = []
_MASKS: list[int] = []
"""Place -> mask, the inverse of the index (filled for the bulk path's dicts)."""


def _half_subsets() -> list[list[int]]:
    """Masks of every choice of 0-5 of the 16 bits of a half, by count, in ``combinations`` order."""
    bits = [1 << b for b in range(_HALF_BITS)]
    return [[sum(chosen) for chosen in combinations(bits, count)] for count in range(6)]


def _blocks() -> Iterator[tuple[int, int, list[int], list[int]]]:
    """(first place, cards in the high half, high halves, low halves) of each block, in order."""
    subsets = _half_subsets()
    offset = 0
    for joker in (0, _JOKER_IN_HIGH_HALF):
        for high_count in range(1 if joker else 0, 6):
            highs = [h | joker for h in subsets[high_count - (1 if joker else 0)]]
            lows = subsets[5 - high_count]
            yield offset, high_count, highs, lows
            offset += len(highs) * len(lows)


def _ensure_index() -> None:
    """Fill ``_HIGH`` and ``_LOW`` in place (a few milliseconds, once per process)."""
    if _HIGH:
        return
    low = [_OUT_OF_RANGE] * (1 << _HALF_BITS)
    for count, masks in enumerate(_half_subsets()):
        for rank, mask in enumerate(masks):
            low[mask] = rank - count * _COUNT_STEP
    high = [_OUT_OF_RANGE] * (1 << (_HALF_BITS + 1))
    for offset, high_count, highs, lows in _blocks():
        for rank, mask in enumerate(highs):
            high[mask] = offset + rank * len(lows) + (5 - high_count) * _COUNT_STEP
    _LOW[:] = low
    _HIGH[:] = high


def _place(mask: int) -> int:
    """The place of a five-card mask in a ranking table (raises IndexError for a non-hand)."""
    _ensure_index()
    if mask < 0:
        raise IndexError(mask)
    place = _HIGH[mask >> _HALF_BITS] + _LOW[mask & _LOW_HALF]
    if not 0 <= place < ALL_HANDS:
        raise IndexError(mask)
    return place


def _masks() -> list[int]:
    """Place -> mask for every hand (built on first need, for the bulk path's dicts)."""
    if not _MASKS:
        masks: list[int] = []
        for _, _, highs, lows in _blocks():
            masks.extend([(h << _HALF_BITS) | low for h in highs for low in lows])
        _MASKS[:] = masks
    return _MASKS


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
    _ensure_index()
    high_term, low_term = _HIGH, _LOW
    ties, suit_order, flush_beats_full_house, joker = key
    cat_order = _category_order(flush_beats_full_house)
    codes = _suit_codes(suit_order)
    letters = "hdcs"
    # For each rank and count: (its half's submask, the best suit code among the chosen cards, that card).
    subsets: dict[tuple[int, int], list[tuple[int, int, Card]]] = {}
    for rank in range(7, 15):
        shift = _HALF_BITS if rank > 10 else 0
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
        category, order = _rank_pattern([r for r, c in groups for _ in range(c)])
        deciding_rank, _ = _deciding_rank(category, order, ties)
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
            value = HandValue(_strength(cat_order, category, order, code), name, ranks,
                              card if deciding_rank else None, key)
            for place in places:
                table[place] = value
    yield
    # Five distinct ranks in one suit: flushes and straight flushes replace their entries.
    for ranks5 in combinations(range(14, 6, -1), 5):
        top = _straight_top(ranks5)
        category, order = (STRAIGHT_FLUSH, (top,)) if top else (FLUSH, ranks5)
        ranks = tuple(ranks_of[r] for r in order)
        deciding_top = order[0]
        for s, letter in enumerate(letters):
            code = 0 if ties == "split" else codes[letter]
            decides: Card | None = None if ties == "split" else DECK[(deciding_top - 7) * 4 + s]
            table[_place(sum(_bit(r, s) for r in ranks5))] = HandValue(
                _strength(cat_order, category, order, code), CATEGORY_NAMES[category], ranks, decides, key)
    if joker:
        for number, four in enumerate(combinations(DECK, 4)):
            if number % 1000 == 999:
                yield
            table[_place(sum(four) + JOKER)] = _joker_value(four, key, cat_order, codes)
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
        masks = _masks()
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
        strengths = _STRENGTHS[key] = dict(zip(_masks(), [v.strength for v in _table(rules)]))
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
            return _DEFAULT_TABLE[_HIGH[mask >> 16] + _LOW[mask & 0xFFFF]]
        return _TABLES[rules.evaluation_key][_HIGH[mask >> 16] + _LOW[mask & 0xFFFF]]
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        return _evaluate_checked(cards, rules)


def _evaluate_checked(cards: Any, rules: Rules | None) -> HandValue:
    """The slow path: build the table on first use, parse text, and explain bad input."""
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, got {type(rules).__name__}")
    table = _table(rules)
    parsed = parse_cards(cards, joker=rules is not None and rules.joker)
    if len(parsed) != 5:
        raise CardError(f"a hand is exactly 5 cards, got {len(parsed)}: '{' '.join(map(str, parsed))}'")
    return table[_place(sum(parsed))]


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
            raise CardError(f"{' '.join(str(c) for c in shared)} cannot be in both hands")
        a, b = cards_a, cards_b
    value_a = a if isinstance(a, HandValue) else evaluate(a, rules)
    value_b = b if isinstance(b, HandValue) else evaluate(b, rules)
    return (value_a > value_b) - (value_a < value_b)
