"""A slow, plain reference ranking of five-card hands, written from RULES.md s.2, s.3 and s.8.

It shares nothing with ``stripdeck.evaluate`` but the card type: no tables, no bit tricks.
A hand is read as every category it could be (a straight flush is also read as a flush, a
straight and a high card; the joker is tried as every card it may stand for) and the best
reading under the options wins.

A reading is option-free (category, ranks, the cards that may break a tie on suits);
:func:`reading_key` turns it into a comparable tuple for given options:
``(category strength, ranks, suit strength of the deciding card)``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from stripdeck.cards import Card, parse_cards

# RULES.md s.2 (and s.8: five aces is above a straight flush), best first.
CATEGORIES = (
    "five aces", "straight flush", "four of a kind", "flush", "full house",
    "straight", "three of a kind", "two pairs", "one pair", "high card",
)
ACE = 14
NATURAL_CARDS = tuple((rank, suit) for rank in range(7, 15) for suit in "hdcs")


@dataclass(frozen=True)
class Played:
    """A card as it plays in a hand: the joker plays as a rank (and, in a flush, a suit)."""

    rank: int
    suit: str | None  # 'h', 'd', 'c', 's'; None for the joker playing as a suitless ace
    joker: bool = False

    def words(self) -> str:
        """The card as the evaluator names it: 'ten of spades', 'joker'."""
        if self.joker:
            return "joker"
        rank = {7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen",
                13: "king", 14: "ace"}[self.rank]
        suit = {"h": "hearts", "d": "diamonds", "c": "clubs", "s": "spades"}[self.suit or ""]
        return f"{rank} of {suit}"


@dataclass(frozen=True)
class Reading:
    """One way to read a hand: a category, its ranks in comparison order, and tie-break cards.

    ``kicker`` / ``combination``: the cards whose suit decides equal ranks under that
    ``suit_ties`` mode (the best-suited of them counts); empty when suits never decide.
    """

    category: str
    ranks: tuple[int, ...]
    kicker: tuple[Played, ...] = ()
    combination: tuple[Played, ...] = ()


# ---------------------------------------------------------------------------------------
# The categories, each tried on its own (RULES.md s.2, tie-break cards from s.3).

def _rank_counts(hand: Sequence[Played]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for card in hand:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    return counts


def _of_rank(hand: Sequence[Played], rank: int) -> tuple[Played, ...]:
    return tuple(c for c in hand if c.rank == rank)


def _highest(hand: Sequence[Played]) -> Played:
    return max(hand, key=lambda c: c.rank)


def _descending(ranks: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(ranks, reverse=True))


def _straight_top(hand: Sequence[Played]) -> int | None:
    """The top card's rank if the five ranks run in sequence; A-7-8-9-10 is ten high."""
    ranks = sorted({c.rank for c in hand})
    if ranks == [7, 8, 9, 10, ACE]:
        return 10
    if len(ranks) == 5 and ranks[4] - ranks[0] == 4:
        return ranks[4]
    return None


def _is_flush(hand: Sequence[Played]) -> bool:
    suits = {c.suit for c in hand}
    return len(suits) == 1 and None not in suits


def five_aces(hand: Sequence[Played]) -> Reading | None:
    if all(c.rank == ACE for c in hand):
        return Reading("five aces", ())
    return None


def straight_flush(hand: Sequence[Played]) -> Reading | None:
    top = _straight_top(hand)
    if top is None or not _is_flush(hand):
        return None
    deciding = _of_rank(hand, top)
    return Reading("straight flush", (top,), deciding, deciding)


def four_of_a_kind(hand: Sequence[Played]) -> Reading | None:
    counts = _rank_counts(hand)
    quads = [r for r, n in counts.items() if n == 4]
    if not quads:
        return None
    (kicker,) = [r for r, n in counts.items() if n == 1]
    return Reading("four of a kind", (quads[0], kicker))


def flush(hand: Sequence[Played]) -> Reading | None:
    if not _is_flush(hand):
        return None
    deciding = (_highest(hand),)  # the flush's suit; the joker on top is below natural cards
    return Reading("flush", _descending(c.rank for c in hand), deciding, deciding)


def full_house(hand: Sequence[Played]) -> Reading | None:
    counts = _rank_counts(hand)
    if sorted(counts.values()) != [2, 3]:
        return None
    three = next(r for r, n in counts.items() if n == 3)
    two = next(r for r, n in counts.items() if n == 2)
    return Reading("full house", (three, two))


def straight(hand: Sequence[Played]) -> Reading | None:
    top = _straight_top(hand)
    if top is None:
        return None
    deciding = _of_rank(hand, top)
    return Reading("straight", (top,), deciding, deciding)


def three_of_a_kind(hand: Sequence[Played]) -> Reading | None:
    counts = _rank_counts(hand)
    if sorted(counts.values()) != [1, 1, 3]:
        return None
    three = next(r for r, n in counts.items() if n == 3)
    return Reading("three of a kind", (three,) + _descending(r for r, n in counts.items() if n == 1))


def two_pairs(hand: Sequence[Played]) -> Reading | None:
    counts = _rank_counts(hand)
    if sorted(counts.values()) != [1, 2, 2]:
        return None
    high, low = _descending(r for r, n in counts.items() if n == 2)
    side = next(r for r, n in counts.items() if n == 1)
    return Reading("two pairs", (high, low, side),
                   kicker=_of_rank(hand, side), combination=_of_rank(hand, high))


def one_pair(hand: Sequence[Played]) -> Reading | None:
    counts = _rank_counts(hand)
    if sorted(counts.values()) != [1, 1, 1, 2]:
        return None
    pair = next(r for r, n in counts.items() if n == 2)
    sides = _descending(r for r, n in counts.items() if n == 1)
    return Reading("one pair", (pair,) + sides,
                   kicker=_of_rank(hand, sides[0]), combination=_of_rank(hand, pair))


def high_card(hand: Sequence[Played]) -> Reading | None:
    if len(_rank_counts(hand)) != 5:
        return None
    deciding = (_highest(hand),)
    return Reading("high card", _descending(c.rank for c in hand), deciding, deciding)


CATEGORY_TESTS = (five_aces, straight_flush, four_of_a_kind, flush, full_house, straight,
                  three_of_a_kind, two_pairs, one_pair, high_card)


def _all_readings(hand: Sequence[Played]) -> list[Reading]:
    return [r for test in CATEGORY_TESTS if (r := test(hand)) is not None]


# ---------------------------------------------------------------------------------------
# The joker (RULES.md s.8).

def _joker_allowed(reading: Reading, stands_for: tuple[int, str], naturals: Sequence[Played]) -> bool:
    """May the joker stand for this natural card in this reading?

    "Used as an ace or to complete a straight, flush or full house, but for no other
    purpose": it completes a straight, a straight flush, a full house (any card the hand
    lacks that makes one), or a flush -- a flush only as the highest card of the suit
    missing from the hand. (Counting as an ace is tried separately.)
    """
    if reading.category in ("straight", "straight flush", "full house"):
        return True
    if reading.category == "flush":
        rank, suit = stands_for
        held = {c.rank for c in naturals if c.suit == suit}
        return rank == max(r for r in range(7, 15) if r not in held)
    return False


def readings(cards: Sequence[Card], joker: bool = False) -> list[Reading]:
    """Every legal reading of five distinct cards (with the joker tried as all it may be)."""
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError(f"need five distinct cards, got {cards!r}")
    naturals = [Played(int(c.rank), c.suit.value) for c in cards if c.suit is not None]
    if len(naturals) == 5:
        return _all_readings(naturals)
    if not joker:
        raise ValueError("the joker is not in play")
    # As an ace: any category (it has no suit, so it makes no flush this way).
    found = _all_readings(naturals + [Played(ACE, None, joker=True)])
    # As any natural card missing from the hand, to complete a straight, flush, straight flush
    # or full house.
    held = {(c.rank, c.suit) for c in naturals}
    for rank, suit in NATURAL_CARDS:
        if (rank, suit) in held:
            continue
        hand = naturals + [Played(rank, suit, joker=True)]
        for test in (straight_flush, flush, full_house, straight):
            reading = test(hand)
            if reading is not None and _joker_allowed(reading, (rank, suit), naturals):
                found.append(reading)
    return found


# ---------------------------------------------------------------------------------------
# Options: category order, suit order, suit tie mode.

def category_order(flush_beats_full_house: bool = True) -> tuple[str, ...]:
    """Categories best first under the option (false: full house above flush)."""
    if flush_beats_full_house:
        return CATEGORIES
    order = list(CATEGORIES)
    f, h = order.index("flush"), order.index("full house")
    order[f], order[h] = order[h], order[f]
    return tuple(order)


def suit_strength(card: Played, suit_order: str = "hdcs") -> int:
    """Higher is better; the joker is below every natural card of its rank."""
    if card.joker:
        return -1
    return len(suit_order) - suit_order.index(card.suit or "")


def deciding_card(reading: Reading, suit_ties: str = "kicker", suit_order: str = "hdcs") -> Played | None:
    """The card whose suit breaks a tie on equal ranks, or None when suits never decide."""
    if suit_ties not in ("kicker", "combination", "split"):
        raise ValueError(f"unknown suit_ties {suit_ties!r}")
    if suit_ties == "split":
        return None
    candidates = reading.kicker if suit_ties == "kicker" else reading.combination
    if not candidates:
        return None
    return max(candidates, key=lambda c: suit_strength(c, suit_order))


def reading_key(reading: Reading, suit_ties: str = "kicker", suit_order: str = "hdcs",
                flush_beats_full_house: bool = True) -> tuple[int, tuple[int, ...], int]:
    """A comparable key: category, then ranks, then the deciding card's suit."""
    order = category_order(flush_beats_full_house)
    card = deciding_card(reading, suit_ties, suit_order)
    return (len(order) - order.index(reading.category), reading.ranks,
            0 if card is None else suit_strength(card, suit_order))


def best_reading(cards: Sequence[Card] | str, suit_ties: str = "kicker", suit_order: str = "hdcs",
                 flush_beats_full_house: bool = True, joker: bool = False) -> Reading:
    """The reading that ranks highest under the options."""
    if isinstance(cards, str):
        cards = parse_cards(cards, joker=True)
    return max(readings(cards, joker),
               key=lambda r: reading_key(r, suit_ties, suit_order, flush_beats_full_house))


def hand_key(cards: Sequence[Card] | str, suit_ties: str = "kicker", suit_order: str = "hdcs",
             flush_beats_full_house: bool = True, joker: bool = False) -> tuple[int, tuple[int, ...], int]:
    """Comparable key of a hand: a bigger key is a better hand, equal keys tie."""
    reading = best_reading(cards, suit_ties, suit_order, flush_beats_full_house, joker)
    return reading_key(reading, suit_ties, suit_order, flush_beats_full_house)


if __name__ == "__main__":  # self-check: the counts of RULES.md s.2
    from itertools import combinations

    from stripdeck.cards import DECK

    tally = Counter(best_reading(h).category for h in combinations(DECK, 5))
    print(sum(tally.values()), dict(tally))
