"""The place of a five-card hand in a ranking table: a minimal perfect hash of its card mask.

A hand's mask (``sum(cards)``) splits into a low half, the 16 cards from 7 to 10, and a
high half, the 16 cards from jack to ace with the joker as bit 16.
``HIGH_TERMS[high] + LOW_TERMS[low]`` is the hand's place in one list of every hand, so a
ranking table is a list of 201,376 values (237,336 with the joker) that stays in the
processor's caches far better than a dict keyed by mask.

The places run through blocks, one per count of cards in the high half; the 201,376
natural hands come first, then the hands with the joker. In a block, place = offset + rank
of the high half * number of low halves + rank of the low half, ranks counted in
``combinations`` order.

A wrong card count must not land on a hand: duplicate Cards add up with a carry and lose
a bit. ``HIGH_TERMS`` adds ``(5 - high cards) * _COUNT_STEP`` and ``LOW_TERMS`` subtracts
``low cards * _COUNT_STEP``, so halves that do not add up to five cards are at least a step
(more than twice the number of hands) out of range on either side, and a half that could
not be part of a hand at all is ``_OUT_OF_RANGE``. A negative mask would index from the
end of the lists: callers refuse those first.

>>> ensure_index()
>>> from stripdeck import parse_cards
>>> place_of(sum(parse_cards("7h 7d 7c 7s 8h"))), place_of(sum(parse_cards("Ks Ah Ad Ac As")))
(0, 201375)
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from math import comb

from .cards import JOKER

__all__ = ["HIGH_TERMS", "LOW_TERMS", "HALF_BITS", "NATURAL_HANDS", "ALL_HANDS",
           "ensure_index", "place_of", "masks_in_place_order"]

HALF_BITS = 16
_LOW_HALF = (1 << HALF_BITS) - 1
_JOKER_IN_HIGH_HALF = int(JOKER) >> HALF_BITS
_COUNT_STEP = 1 << 20
_OUT_OF_RANGE = 1 << 40
NATURAL_HANDS = comb(32, 5)
ALL_HANDS = comb(33, 5)

HIGH_TERMS: list[int] = []
"""High half -> its term of the place (filled in place by :func:`ensure_index`)."""
LOW_TERMS: list[int] = []
"""Low half -> its term of the place (filled in place by :func:`ensure_index`)."""
_MASKS: list[int] = []
"""Place -> mask, the inverse (filled on first need by :func:`masks_in_place_order`)."""


def _half_subsets() -> list[list[int]]:
    """Masks of every choice of 0-5 of the 16 bits of a half, by count, in ``combinations`` order."""
    bits = [1 << b for b in range(HALF_BITS)]
    return [[sum(chosen) for chosen in combinations(bits, count)] for count in range(6)]


def _blocks() -> Iterator[tuple[int, int, list[int], list[int]]]:
    """(first place, cards in the high half, high halves, low halves) of each block, in order."""
    subsets = _half_subsets()
    offset = 0
    for joker in (0, _JOKER_IN_HIGH_HALF):
        naturals_off = 1 if joker else 0  # the joker is one of the high half's cards
        for high_count in range(naturals_off, 6):
            highs = [h | joker for h in subsets[high_count - naturals_off]]
            lows = subsets[5 - high_count]
            yield offset, high_count, highs, lows
            offset += len(highs) * len(lows)


def ensure_index() -> None:
    """Fill ``HIGH_TERMS`` and ``LOW_TERMS`` (a few milliseconds, once per process)."""
    if HIGH_TERMS:
        return
    low = [_OUT_OF_RANGE] * (1 << HALF_BITS)
    for count, masks in enumerate(_half_subsets()):
        for rank, mask in enumerate(masks):
            low[mask] = rank - count * _COUNT_STEP
    high = [_OUT_OF_RANGE] * (1 << (HALF_BITS + 1))
    for offset, high_count, highs, lows in _blocks():
        for rank, mask in enumerate(highs):
            high[mask] = offset + rank * len(lows) + (5 - high_count) * _COUNT_STEP
    LOW_TERMS[:] = low
    HIGH_TERMS[:] = high


def place_of(mask: int) -> int:
    """The place of a five-card mask in a ranking table; IndexError for a mask that is no hand."""
    ensure_index()
    if mask < 0:
        raise IndexError(mask)
    place = HIGH_TERMS[mask >> HALF_BITS] + LOW_TERMS[mask & _LOW_HALF]
    if not 0 <= place < ALL_HANDS:
        raise IndexError(mask)
    return place


def masks_in_place_order() -> list[int]:
    """The mask of every hand at its place (built on first need, for the bulk path's dicts)."""
    if not _MASKS:
        masks: list[int] = []
        for _, _, highs, lows in _blocks():
            masks.extend([(h << HALF_BITS) | low for h in highs for low in lows])
        _MASKS[:] = masks
    return _MASKS
