"""The value of a five-card hand: HandValue, the categories, and the analysis tables are built from.

A hand's *strength* is one int, larger is better, laid out as::

    category order << 24 | five 4-bit rank fields << 4 | deciding suit (0-4)

The deciding suit is 0 where suits do not decide (``suit_ties="split"``, or a
category that ranks alone decide), 0 for the joker (below every natural card of
its rank), else 1-4 by ``suit_order`` (the highest suit is 4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache

from .cards import DECK, JOKER, Card, Rank, Suit
from .i18n import ENGLISH, Language, current, using
from .rules import Rules
from .words import hand_name

__all__ = ["HandValue", "CATEGORIES", "CATEGORY_NAMES", "category_of_strength", "category_order", "deciding_rank_of",
           "joker_value", "rank_pattern", "straight_top", "strength_of", "suit_codes"]

# Category ids are fixed; their order in a rules variant comes from category_order().
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


def category_order(flush_beats_full_house: bool) -> tuple[int, ...]:
    """Order value (0 = lowest) for each category id."""
    if flush_beats_full_house:
        return tuple(range(10))
    order = list(range(10))
    order[FLUSH], order[FULL_HOUSE] = FULL_HOUSE, FLUSH
    return tuple(order)


def category_of_strength(strength: int, rules: Rules | None = None) -> str:
    """The category name of a strength from :func:`strength_table` under ``rules``."""
    order = category_order(True if rules is None else rules.flush_beats_full_house)
    return CATEGORY_NAMES[order.index(strength >> _CATEGORY_SHIFT)]


class HandValue:
    """The value of a five-card hand under a rules variant; compares as the rules rank hands.

    >>> from stripdeck import evaluate
    >>> v = evaluate("Ah Jh 9h 8h 7h"); v.category, str(v)
    ('flush', 'Flush, ace high, ace of hearts decides')
    >>> v > evaluate("Ks Kd Kc 8s 8c")
    True
    """

    __slots__ = ("strength", "category", "ranks", "deciding_card", "_key", "_text", "_said")

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
        self._said: tuple[Language, str] | None = None

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
        return f"<HandValue {self.english}>"

    def __str__(self) -> str:
        """The hand's name in the language in use (:func:`stripdeck.words.hand_name`)."""
        language = current()
        if language is ENGLISH:
            return self.english
        said = self._said
        if said is None or said[0] is not language:
            said = self._said = (language, hand_name(self.category, self.ranks, self.deciding_card))
        return said[1]

    @property
    def english(self) -> str:
        """The hand's name in English, whatever the language in use: what the hand log records
        (a shown hand's ``info``), the same in every language.

        >>> from stripdeck import evaluate
        >>> evaluate("Kh Kd 9c 9s Ah").english
        'Two pairs, kings and nines, ace of hearts decides'
        """
        if self._text is None:
            with using(ENGLISH):
                self._text = hand_name(self.category, self.ranks, self.deciding_card)
        return self._text


# --------------------------------------------------------------------------- analysis

# One card as the analysis sees it: (rank 7-14, suit letter or None, the Card it stands for).
_Entry = tuple[int, str | None, Card]


def straight_top(distinct_ranks: Iterable[int]) -> int:
    """Top rank of a straight made by five distinct ranks, or 0. A-7-8-9-10 is ten high."""
    ranks = set(distinct_ranks)
    if len(ranks) != 5:
        return 0
    if ranks == {14, 7, 8, 9, 10}:
        return 10
    high = max(ranks)
    return high if high - min(ranks) == 4 else 0


def rank_pattern(ranks: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Category id (ignoring flushes) and the ranks in comparison order."""
    return _pattern_of_sorted(tuple(sorted(ranks)))


@cache
def _pattern_of_sorted(ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """:func:`rank_pattern` of ranks in ascending order (one of 784 multisets, or fewer cards)."""
    counts = Counter(ranks)
    ordered = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in ordered)
    order = tuple(r for r, _ in ordered)
    if shape == (5,):
        return FIVE_ACES, ()
    if shape == (1, 1, 1, 1, 1):
        top = straight_top(order)
        return (STRAIGHT, (top,)) if top else (HIGH_CARD, order)
    category = {(4, 1): FOUR, (3, 2): FULL_HOUSE, (3, 1, 1): THREE,
                (2, 2, 1): TWO_PAIRS, (2, 1, 1, 1): ONE_PAIR}[shape]
    return category, order


def deciding_rank_of(category: int, order: tuple[int, ...], ties: str) -> tuple[int, bool]:
    """The rank whose card's suit breaks ties (0 for none), and whether it is a pair's rank."""
    if ties == "split" or category in _NO_SUIT_DECIDES:
        return 0, False
    if category == TWO_PAIRS:
        return (order[0], True) if ties == "combination" else (order[2], False)
    if category == ONE_PAIR:
        return (order[0], True) if ties == "combination" else (order[1], False)
    return order[0], False  # high card, straight, flush, straight flush: the top card


def strength_of(cat_order: tuple[int, ...], category: int, order: tuple[int, ...], suit_code: int) -> int:
    code = 0
    for r in order:
        code = (code << 4) | (r - 6)
    code <<= 4 * (5 - len(order))
    return (cat_order[category] << _CATEGORY_SHIFT) | (code << _RANK_SHIFT) | suit_code


def _analyse(entries: Sequence[_Entry], key: tuple[str, str, bool, bool],
             cat_order: tuple[int, ...], codes: Mapping[Suit | str | None, int]) -> HandValue:
    """Value of five entries (a joker already stands as a rank and suit)."""
    ties = key[0]
    category, order = rank_pattern([e[0] for e in entries])
    suits = {e[1] for e in entries}
    flush_suit = next(iter(suits)) if len(suits) == 1 and None not in suits else None
    if flush_suit is not None:
        category = STRAIGHT_FLUSH if category == STRAIGHT else FLUSH
        if category == FLUSH:
            order = tuple(sorted((e[0] for e in entries), reverse=True))
    deciding: Card | None = None
    suit_code = 0
    rank, in_pair = deciding_rank_of(category, order, ties)
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
    value = strength_of(cat_order, category, order, suit_code)
    return HandValue(value, CATEGORY_NAMES[category], tuple(_RANK_OF[r] for r in order), deciding, key)


def _suit_key(entry: _Entry) -> str | None:
    """The suit used for tie-breaks: the joker's is None (lowest), wherever it stands."""
    return None if entry[2] == JOKER else entry[1]


def suit_codes(suit_order: str) -> dict[Suit | str | None, int]:
    codes: dict[Suit | str | None, int] = {None: 0}
    for position, letter in enumerate(suit_order):
        codes[letter] = 4 - position
        codes[Suit(letter)] = 4 - position
    return codes


def _natural_entry(card: Card) -> _Entry:
    return _ENTRY_OF[card]


_ENTRY_OF: dict[Card, _Entry] = {c: (int(c.rank), c.suit.value if c.suit else None, c) for c in DECK}
_RANK_OF = {int(r): r for r in Rank}


def joker_value(naturals: Sequence[Card], key: tuple[str, str, bool, bool],
                 cat_order: tuple[int, ...], codes: Mapping[Suit | str | None, int]) -> HandValue:
    """Best value of four natural cards and the joker (RULES.md s.8): an ace, or the card that
    completes a straight, a flush (the highest card of the suit missing), a straight flush or
    a full house, and nothing else (a pair and the joker is never three of a kind)."""
    base = [_natural_entry(c) for c in naturals]
    # As an ace (of no suit: below every natural ace).
    best = _analyse(base + [(14, None, JOKER)], key, cat_order, codes)
    ranks = [e[0] for e in base]
    suits = {e[1] for e in base}
    # To complete a full house: two pairs (as the higher pair's rank) or three of a kind and
    # a single card (as the single's rank). Never a third or fourth card of a rank otherwise.
    filler = _full_house_filler(tuple(sorted(ranks)))
    if filler:
        value = _analyse(base + [(filler, None, JOKER)], key, cat_order, codes)
        if value.strength > best.strength:
            best = value
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
def _full_house_filler(ranks: tuple[int, ...]) -> int:
    """The rank the joker takes to make four ``ranks`` a full house (0 if it cannot).

    >>> _full_house_filler((12, 12, 13, 13)), _full_house_filler((8, 13, 13, 13)), _full_house_filler((8, 9, 13, 13))
    (13, 8, 0)
    """
    counts = Counter(ranks)
    shape = sorted(counts.values())
    if shape == [2, 2]:
        return max(counts)
    if shape == [1, 3]:
        return min(counts, key=counts.__getitem__)
    return 0


@cache
def _straight_completions(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The ranks that make a straight with four distinct ``ranks``."""
    return tuple(r for r in range(7, 15) if r not in ranks and straight_top(ranks + (r,)))
