"""The hand evaluator against RULES.md s.2 (ranking), s.3 (suits) and s.8 (the joker).

Besides the rules' own examples, every hand of the deck is ranked by the brute-force
reference in ``brute_force.py`` (written from RULES.md alone) and the evaluator must
put all of them in exactly the same order, with exactly the same ties.
"""

from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import chain, combinations, combinations_with_replacement, permutations, product
from typing import Any

import brute_force as bf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stripdeck import (
    DECK,
    JOKER,
    Card,
    CardError,
    HandValue,
    Rules,
    compare,
    evaluate,
    evaluator,
    hand_index,
    parse_cards,
)

SUIT_ORDERS = ["".join(p) for p in permutations("hdcs")]
# Random options draw the suit order from a few: the evaluator builds a table per set of
# evaluation options (about 0.25 s and 2 MB with the joker), so all 288 would cost minutes.
# Every one of the 24 orders is still checked against the reference below.
SOME_SUIT_ORDERS = ["hdcs", "sdch", "cshd"]
ALL_HANDS = list(combinations(DECK, 5))  # 201,376
JOKER_DECK = DECK + (JOKER,)


def value(cards: str, **options: Any) -> HandValue:
    """The evaluator's value of a hand written as text, under rules with these options."""
    return evaluate(cards, Rules(**options))


def wins(a: str, b: str, **options: Any) -> int:
    return compare(a, b, Rules(**options))


# ---------------------------------------------------------------------------------------
# s.2: categories and their counts

RULES_COUNTS = {  # RULES.md s.2, over all 201,376 hands
    "straight flush": 20, "four of a kind": 224, "flush": 204, "full house": 1344,
    "straight": 5100, "three of a kind": 10752, "two pairs": 24192, "one pair": 107520,
    "high card": 52020,
}

# The 35,960 hands holding the joker (RULES.md s.8: an ace, or the card completing a
# straight, flush or full house), counted by hand:
# five aces 1; straight flush: 21 four-card parts of a straight flush per suit; four of a
# kind: Jk+three aces (4*28) + Jk+four of another rank (7); flush: 4 * (C(8,4) - 21);
# full house: Jk+AA+pair (6*7*6) + Jk+trips+ace (7*4*4) + Jk+two pairs without aces
# (C(7,2)*6*6) + Jk+trips+another card, neither an ace (7*4*6*4); straight: 21 rank sets *
# (4^4 - 4); three of a kind: only Jk+AA+two other ranks (6*C(7,2)*4*4), never a pair and
# the joker; two pairs: only Jk+an ace+a pair+another card (4*7*6*6*4); and so on.
JOKER_HAND_COUNTS = {
    "five aces": 1, "straight flush": 84, "four of a kind": 119, "flush": 196,
    "full house": 1792, "straight": 5292, "three of a kind": 2016, "two pairs": 4032,
    "one pair": 16884, "high card": 5544,
}


def test_the_deck_has_the_counts_of_rules_section_2() -> None:
    assert len(ALL_HANDS) == 201_376
    counts = Counter(evaluate(hand).category for hand in ALL_HANDS)
    assert counts == RULES_COUNTS


def test_the_brute_force_reference_has_the_same_counts() -> None:
    counts = Counter(max(rs, key=bf.reading_key).category for rs in natural_readings())
    assert counts == RULES_COUNTS


def test_flush_below_full_house_changes_the_order_not_the_counts() -> None:
    rules = Rules(flush_beats_full_house=False)
    assert Counter(evaluate(hand, rules).category for hand in ALL_HANDS) == RULES_COUNTS


def test_the_joker_deck_counts() -> None:
    rules = Rules(joker=True)
    with_joker = [hand for hand in combinations(JOKER_DECK, 5) if JOKER in hand]
    assert len(with_joker) == 35_960
    assert Counter(evaluate(hand, rules).category for hand in with_joker) == JOKER_HAND_COUNTS
    reference = Counter(max(rs, key=bf.reading_key).category
                        for hand, rs in zip(joker_deck_hands(), joker_deck_readings()) if JOKER in hand)
    assert reference == JOKER_HAND_COUNTS


def test_categories_rank_as_listed() -> None:
    ladder = ["Ah Ad Ac As Jk", "7h 8h 9h Th Ah", "Ad Ac As Ah 7s", "Kc Jc 9c 8c 7c",
              "Kh Kd Ks Ah Ad", "Ah Kd Qc Js Ts", "Ah Ac Ad Ks Qs", "Ah Ac Kd Ks Qs",
              "Ah Ac Kd Qs Js", "Ah Kc Qd Js 9s"]
    values = [value(hand, joker=True) for hand in ladder]
    assert [v.category for v in values] == list(bf.CATEGORIES)
    assert all(better > worse for better, worse in zip(values, values[1:]))
    assert all(better.strength > worse.strength for better, worse in zip(values, values[1:]))


# ---------------------------------------------------------------------------------------
# The whole order, against the brute-force reference

@cache
def joker_deck_hands() -> list[tuple[Card, ...]]:
    return list(combinations(JOKER_DECK, 5))  # 237,336


@cache
def joker_deck_readings() -> list[list[bf.Reading]]:
    """Every reading of every hand of the 33-card deck (the slow part, done once)."""
    found = [bf.readings(hand, joker=True) for hand in joker_deck_hands()]
    # Millions of objects that live as long as the session: keep the garbage collector
    # from rescanning them (pytest's teardown alone would spend seconds on them).
    gc.freeze()
    return found


@cache
def natural_readings() -> list[list[bf.Reading]]:
    """Readings of the 201,376 hands without the joker, in the order of ALL_HANDS."""
    found = [rs for hand, rs in zip(joker_deck_hands(), joker_deck_readings()) if JOKER not in hand]
    assert len(found) == len(ALL_HANDS)
    return found


def reference_keys(all_readings: Sequence[list[bf.Reading]], rules: Rules) -> list[tuple[Any, ...]]:
    options = (rules.suit_ties, rules.suit_order, rules.flush_beats_full_house)
    return [max(bf.reading_key(r, *options) for r in rs) for rs in all_readings]


def assert_same_order(hands: Sequence[Sequence[Card]], reference: Sequence[tuple[Any, ...]],
                      rules: Rules) -> None:
    """Sort by the reference; along that order the evaluator must rise exactly where it rises.

    Checked on both ``strength`` and the HandValue operators. Since the reference order is
    total, this makes the two orders identical, ties included.
    """
    values = [evaluate(hand, rules) for hand in hands]
    order = sorted(range(len(hands)), key=reference.__getitem__)
    problems = []
    for i, j in zip(order, order[1:]):
        a, b = values[i], values[j]
        if reference[i] == reference[j]:
            ok = a.strength == b.strength and a == b and a <= b and a >= b and not a < b
        else:
            ok = a.strength < b.strength and a < b and b > a and a <= b and a != b
        if not ok and len(problems) < 5:
            problems.append(f"{' '.join(map(str, hands[i]))} ({a}) vs {' '.join(map(str, hands[j]))} ({b}):"
                            f" reference {reference[i]} vs {reference[j]},"
                            f" strength {a.strength} vs {b.strength}")
    assert not problems, f"rules {rules.evaluation_key}:\n" + "\n".join(problems)
    # The evaluator's categories are the reference's.
    wrong = [(hand, v.category) for hand, v, k in zip(hands, values, reference)
             if v.category != bf.category_order(rules.flush_beats_full_house)[-k[0]]][:5]
    assert not wrong


NATURAL_VARIANTS = [
    Rules(),
    Rules(suit_ties="combination"),
    Rules(suit_ties="split"),
    Rules(flush_beats_full_house=False),
    Rules(suit_order="sdch"),
    Rules(suit_ties="combination", suit_order="cshd", flush_beats_full_house=False),
]
JOKER_VARIANTS = [
    Rules(joker=True),
    Rules(joker=True, suit_ties="combination", suit_order="sdch", flush_beats_full_house=False),
    Rules(joker=True, suit_ties="split"),
]


@pytest.mark.parametrize("rules", NATURAL_VARIANTS, ids=lambda r: "-".join(map(str, r.evaluation_key)))
def test_all_hands_rank_as_the_reference(rules: Rules) -> None:
    assert_same_order(ALL_HANDS, reference_keys(natural_readings(), rules), rules)


@pytest.mark.parametrize("rules", JOKER_VARIANTS, ids=lambda r: "-".join(map(str, r.evaluation_key)))
def test_all_joker_deck_hands_rank_as_the_reference(rules: Rules) -> None:
    hands = joker_deck_hands()
    assert len(hands) == 237_336
    assert_same_order(hands, reference_keys(joker_deck_readings(), rules), rules)


@pytest.mark.parametrize("suit_ties", ["kicker", "combination"])
def test_every_suit_order_ranks_a_sample_as_the_reference(suit_ties: str) -> None:
    rng = random.Random(24)
    picks = rng.sample(range(len(ALL_HANDS)), 5000)
    hands = [ALL_HANDS[i] for i in picks]
    sample = [natural_readings()[i] for i in picks]
    for order in SUIT_ORDERS:
        rules = Rules(suit_ties=suit_ties, suit_order=order)
        assert_same_order(hands, reference_keys(sample, rules), rules)


def test_hand_value_operators_agree_with_strength() -> None:
    rng = random.Random(7)
    rules = Rules(suit_ties="combination")
    for _ in range(5000):
        a, b = (evaluate(rng.sample(DECK, 5), rules) for _ in range(2))
        assert (a < b, a <= b, a == b, a != b, a > b, a >= b) == (
            a.strength < b.strength, a.strength <= b.strength, a.strength == b.strength,
            a.strength != b.strength, a.strength > b.strength, a.strength >= b.strength)


def test_values_under_different_evaluation_rules_do_not_compare() -> None:
    hand = "Qh Qs Tc 9d 8s"
    with pytest.raises(TypeError):
        value(hand) < value(hand, suit_ties="combination")  # noqa: B015
    with pytest.raises(TypeError):
        value(hand) >= value(hand, flush_beats_full_house=False)  # noqa: B015
    with pytest.raises(TypeError):
        value(hand) > value(hand, suit_order="sdch")  # noqa: B015
    # Options that do not rank hands (forced bets, structure) do not matter.
    assert evaluate(hand, Rules.preset("cardroom")) == value(hand)


# ---------------------------------------------------------------------------------------
# s.3: with kicker or combination, two hands dealt from one deck never tie

def same_ranks_from_the_rest(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every hand of the 32-card deck disjoint from ``hand`` with exactly its ranks."""
    need = Counter(c.rank for c in hand)
    free = {rank: [c for c in DECK if c.rank == rank and c not in hand] for rank in need}
    if any(len(free[rank]) < n for rank, n in need.items()):
        return []
    parts = [list(combinations(free[rank], n)) for rank, n in need.items()]
    return [tuple(chain.from_iterable(p)) for p in product(*parts)]


@pytest.mark.parametrize("suit_ties", ["kicker", "combination"])
def test_disjoint_hands_never_tie(suit_ties: str) -> None:
    rng = random.Random(3)
    for joker in (False, True):
        deck = JOKER_DECK if joker else DECK
        for _ in range(10_000):
            cards = rng.sample(deck, 10)
            order = rng.choice(SOME_SUIT_ORDERS)
            rules = Rules(suit_ties=suit_ties, suit_order=order, joker=joker)
            assert compare(cards[:5], cards[5:], rules) != 0, (cards, order)


@pytest.mark.parametrize("suit_ties", ["kicker", "combination", "split"])
def test_disjoint_hands_with_equal_ranks_tie_only_when_split(suit_ties: str) -> None:
    """Disjoint hands with the same ranks: suits decide unless split (a flush may differ)."""
    rng = random.Random(5)
    ties = decided = 0
    for _ in range(1500):
        hand = tuple(rng.sample(DECK, 5))
        order = rng.choice(SOME_SUIT_ORDERS)
        rules = Rules(suit_ties=suit_ties, suit_order=order)
        partners = same_ranks_from_the_rest(hand)
        for other in rng.sample(partners, min(5, len(partners))):
            result = compare(hand, other, rules)
            expected = bf.hand_key(hand, suit_ties, order)
            against = bf.hand_key(other, suit_ties, order)
            assert result == (expected > against) - (expected < against), (hand, other, order)
            same_category = bf.best_reading(hand).category == bf.best_reading(other).category
            if same_category:
                assert (result == 0) == (suit_ties == "split"), (hand, other, order)
                ties += result == 0
                decided += result != 0
    assert ties + decided > 1000


# ---------------------------------------------------------------------------------------
# s.3: the worked examples

def test_worked_example_pair_of_queens() -> None:
    first, second = "Q♥ Q♠ 10♣ 9♦ 8♠", "Q♦ Q♣ 10♥ 9♠ 8♦"
    assert wins(first, second, suit_ties="combination") == 1  # Q♥ is the best queen
    assert wins(first, second, suit_ties="kicker") == -1  # 10♥ beats 10♣
    assert wins(first, second, suit_ties="split") == 0
    assert wins(second, first, suit_ties="kicker") == 1
    assert compare(first, second) == -1  # kicker is the default


def test_official_flush_beats_full_house() -> None:
    flush, full_house = "A♥ J♥ 9♥ 8♥ 7♥", "K♠ K♦ K♣ 8♠ 8♣"
    assert wins(flush, full_house) == 1
    assert evaluate(flush, Rules.preset("official")) > evaluate(full_house, Rules.preset("official"))
    assert wins(flush, full_house, flush_beats_full_house=False) == -1


# ---------------------------------------------------------------------------------------
# s.2: straights

def test_ace_seven_straight_is_ten_high_and_the_lowest() -> None:
    low = value("Ah 7d 8c 9s Th")
    assert low.category == "straight"
    assert str(low) == "Straight, ten high, ten of hearts decides"
    assert wins("Ah 7d 8c 9s Th", "7s 8s 9h Tc Js") == -1  # hearts on top does not help
    straights = [v for v in (evaluate(h) for h in ALL_HANDS) if v.category == "straight"]
    ace_seven = [v for v in straights if str(v).startswith("Straight, ten high")]
    others = [v for v in straights if not str(v).startswith("Straight, ten high")]
    assert len(ace_seven) == 4 ** 5 - 4 and len(others) == 4 * (4 ** 5 - 4)
    assert max(ace_seven) < min(others)


def test_ace_seven_straight_flush_is_the_lowest_straight_flush() -> None:
    assert str(value("Ah 7h 8h 9h Th")) == "Straight flush, ten high, ten of hearts decides"
    assert value("Ah 7h 8h 9h Th") < value("7s 8s 9s Ts Js")
    assert value("Ah 7h 8h 9h Th") > value("Ad Ac As Ah Ks")


@pytest.mark.parametrize("hand", ["Kh As 7d 8c 9s", "Qh Ks As 7c 8d", "Jh Qs Kc Ad 7h"])
def test_no_wrap_around(hand: str) -> None:
    assert value(hand).category == "high card"
    suited = " ".join(card[:-1] + "h" for card in hand.split())
    assert value(suited).category == "flush"


# ---------------------------------------------------------------------------------------
# s.3: which card's suit decides, per mode and category (suit order h > d > c > s)

SUIT_PAIRS = {  # category: (first, second, winner with kicker, winner with combination)
    "straight flush": ("Jd Td 9d 8d 7d", "Jc Tc 9c 8c 7c", 1, 1),
    "flush": ("Ac Kc Qc 9c 8c", "Ad Kd Qd 9d 8d", -1, -1),
    "straight": ("Jh Td 9c 8s 7s", "Jd Th 9h 8h 7h", 1, 1),  # only the top card counts
    "two pairs": ("Kh Kc 8s 8c As", "Kd Ks 8h 8d Ah", -1, 1),  # side card / best of the high pair
    "one pair": ("Qs Qd Tc 9c 8c", "Qh Qc Ts 9s 8s", 1, -1),  # highest side card / best of the pair
    "high card": ("Ac Kh Qh 9h 7h", "Ad Ks Qs 9s 7s", -1, -1),  # the highest card
}


@pytest.mark.parametrize("category", SUIT_PAIRS)
def test_suit_ties_per_category(category: str) -> None:
    first, second, with_kicker, with_combination = SUIT_PAIRS[category]
    assert value(first).category == value(second).category == category
    assert wins(first, second, suit_ties="kicker") == with_kicker
    assert wins(first, second, suit_ties="combination") == with_combination
    assert wins(second, first, suit_ties="combination") == -with_combination
    assert wins(first, second, suit_ties="split") == 0


@pytest.mark.parametrize("suit_ties", ["kicker", "combination", "split"])
@pytest.mark.parametrize("one, other", [
    ("Kh Kd Kc Ah Qh", "Kh Kd Ks Ad Qs"),  # three of a kind
    ("Kh Kd Kc 8h 8d", "Kh Kd Ks 8c 8s"),  # full house
    ("9h 9d 9c 9s Ah", "9h 9d 9c 9s As"),  # four of a kind
])
def test_suits_never_decide_sets(suit_ties: str, one: str, other: str) -> None:
    assert value(one, suit_ties=suit_ties) == value(other, suit_ties=suit_ties)
    assert "decides" not in str(value(one, suit_ties=suit_ties))


@pytest.mark.parametrize("order", SUIT_ORDERS)
def test_any_suit_order_decides(order: str) -> None:
    rank = {suit: 4 - order.index(suit) for suit in "hdcs"}
    for high, low in permutations("hdcs", 2):
        expected = 1 if rank[high] > rank[low] else -1
        others = [s for s in "hdcs" if s not in (high, low)]
        # straight: the top card's suit, whatever the rest
        a = f"J{high} T{others[0]} 9{low} 8{low} 7{low}"
        b = f"J{low} T{others[1]} 9{high} 8{high} 7{high}"
        assert wins(a, b, suit_order=order) == expected, (order, a, b)
        assert wins(a, b, suit_order=order, suit_ties="combination") == expected
        # flush: the flush's suit
        assert wins(f"A{high} K{high} Q{high} 9{high} 8{high}", f"A{low} K{low} Q{low} 9{low} 8{low}",
                    suit_order=order) == expected
        # pair: the pair's best card (combination) / the highest side card (kicker)
        a = f"Q{high} Q{others[0]} T{low} 9{low} 8{low}"
        b = f"Q{low} Q{others[1]} T{high} 9{high} 8{high}"
        best_queen = 1 if max(rank[high], rank[others[0]]) > max(rank[low], rank[others[1]]) else -1
        assert wins(a, b, suit_order=order, suit_ties="combination") == best_queen, (order, a, b)
        assert wins(a, b, suit_order=order, suit_ties="kicker") == -expected, (order, a, b)


# ---------------------------------------------------------------------------------------
# s.8: the joker

def test_five_aces_beat_a_royal_flush() -> None:
    five = value("Ah Ad Ac As Jk", joker=True)
    assert five.category == "five aces" and str(five) == "Five aces"
    assert wins("Ah Ad Ac As Jk", "Kh Qh Jh Th 9h", joker=True) == 1
    assert five > value("Ah Kh Qh Jh Th", joker=True)


@pytest.mark.parametrize("hand, text", [
    ("Jk 7h 8d 9c Ts", "Straight, jack high, joker decides"),  # as the jack, not the ace
    ("Jk 8h 9d Tc Js", "Straight, queen high, joker decides"),
    ("Jk Ah 7d 8c 9s", "Straight, ten high, joker decides"),  # as the ten of A-7-8-9-10
    ("Jk Ah 7d 8c Ts", "Straight, ten high, ten of spades decides"),  # as the nine
])
def test_the_joker_completes_a_straight(hand: str, text: str) -> None:
    assert str(value(hand, joker=True)) == text


def test_the_joker_at_the_top_of_a_straight_is_below_the_natural_card() -> None:
    assert wins("Jk 7h 8d 9c Ts", "7s 8s 9h Tc Js", joker=True) == -1  # even the jack of spades wins
    assert wins("Jk 7h 8d 9c Ts", "7s 8s 9h Tc Js", joker=True, suit_ties="combination") == -1
    assert wins("Jk 7h 8d 9c Ts", "7s 8s 9h Tc Js", joker=True, suit_ties="split") == 0


def test_the_joker_in_a_flush_is_the_highest_missing_card_of_the_suit() -> None:
    # Jk stands for the jack of hearts: A K Q J 7
    assert value("Jk Ah Kh Qh 7h", joker=True).category == "flush"
    assert wins("Jk Ah Kh Qh 7h", "Ad Kd Qd Td 9d", joker=True) == 1
    assert wins("Jk Ah Kh Qh 7h", "Ad Kd Qd Jd 8d", joker=True) == -1
    # Jk stands for the king of hearts: A K Q 9 8 ties on ranks, hearts decide
    assert str(value("Jk Ah Qh 9h 8h", joker=True)) == "Flush, ace high, ace of hearts decides"
    assert wins("Jk Ah Qh 9h 8h", "Ad Kd Qd 9d 8d", joker=True) == 1
    # Jk stands for the ace of hearts, the top card: below the natural ace of diamonds
    assert str(value("Jk Kh Qh 9h 8h", joker=True)) == "Flush, ace high, joker decides"
    assert wins("Jk Kh Qh 9h 8h", "Ad Kd Qd 9d 8d", joker=True) == -1
    assert wins("Jk Kh Qh 9h 8h", "Ad Kd Qd 9d 8d", joker=True, suit_ties="split") == 0


def test_the_joker_completes_a_straight_flush() -> None:
    royal = value("Jk Kh Qh Jh Th", joker=True)
    assert royal.category == "straight flush"
    assert str(royal) == "Royal flush, joker decides"
    assert wins("Jk Kh Qh Jh Th", "As Ks Qs Js Ts", joker=True) == -1
    assert str(value("Jk 9h Th Jh Qh", joker=True)) == "Straight flush, king high, joker decides"
    assert str(value("Jk 7h 8h 9h Ah", joker=True)) == "Straight flush, ten high, joker decides"
    assert value("Jk 7h 8h 9h Ah", joker=True) > value("Ad Ac As Ah Ks", joker=True)


@pytest.mark.parametrize("hand, category, text", [
    ("Jk Ah Kd 9c 8s", "one pair", "Pair of aces, king of diamonds decides"),
    ("Jk Ah Ad Kc 8s", "three of a kind", "Three aces"),
    ("Jk Ah Ad Ac 8s", "four of a kind", "Four aces"),
    ("Jk Ah Ad Kc Ks", "full house", "Full house, aces full of kings"),
    ("Jk Kh Kd Kc Ah", "full house", "Full house, kings full of aces"),
    ("Jk Kh Kd Kc Ks", "four of a kind", "Four kings"),  # four kings with an ace, not five kings
    ("Jk Kh Kd 8c 7s", "one pair", "Pair of kings, joker decides"),  # ace kicker, not three kings
    ("Jk Kh Kd Ac 7s", "two pairs", "Two pairs, aces and kings, seven of spades decides"),
    ("Jk Kh Qd 9c 8s", "high card", "Ace high, joker decides"),
])
def test_the_joker_counts_as_an_ace(hand: str, category: str, text: str) -> None:
    assert value(hand, joker=True).category == category
    assert str(value(hand, joker=True)) == text


@pytest.mark.parametrize("hand, text", [
    ("Jk Kh Kd Qc Qs", "Full house, kings full of queens"),  # two pairs: it joins the higher pair
    ("Jk Kh Kd Kc 8s", "Full house, kings full of eights"),  # three of a kind: it pairs the side card
    ("Jk 8h 8d 7c 7s", "Full house, eights full of sevens"),
    ("Jk 7h 7d 7c As", "Full house, sevens full of aces"),   # as an ace or completing: the same hand
    ("Jk Ah Ad Kc Ks", "Full house, aces full of kings"),
])
def test_the_joker_completes_a_full_house(hand: str, text: str) -> None:
    full = value(hand, joker=True)
    assert (full.category, str(full)) == ("full house", text)
    assert full.deciding_card is None  # suits never decide a full house


def test_a_full_house_with_the_joker_ranks_among_full_houses() -> None:
    kings_full = "Jk Kh Kd Qc Qs"
    assert wins(kings_full, "Ah Ad Ac 7s 7h", joker=True) == -1    # aces full of sevens is higher
    assert wins(kings_full, "Qh Qd Jc Js Jh", joker=True) == 1     # jacks full of queens is lower
    assert wins(kings_full, "Ah Ad Ac Js 9h", joker=True) == 1     # it beats three of a kind
    assert wins(kings_full, "Ah Ad Jc Js 9h", joker=True) == 1     # and two pairs
    assert wins(kings_full, "Ad Jd 9d 8d 7d", joker=True) == -1    # a flush beats it (s.2)
    assert wins(kings_full, "Ad Jd 9d 8d 7d", joker=True, flush_beats_full_house=False) == 1


def test_the_joker_makes_three_or_four_of_a_kind_only_as_an_ace() -> None:
    # "but for no other purpose": a pair and the joker is a pair with an ace, four of a kind
    # and the joker is four of a kind with an ace.
    assert str(value("Jk Kh Kd 8c 7s", joker=True)) == "Pair of kings, joker decides"
    assert value("Jk Kh Kd 8c 7s", joker=True).ranks == parse_ranks("K A 8 7")
    assert value("Jk Kh Kd Kc Ks", joker=True).ranks == parse_ranks("K A")
    assert wins("Jk Kh Kd Kc Ks", "Ah Ad Ac As 7h", joker=True) == -1
    assert wins("Jk Kh Kd 9c 8s", "Kc Ks Qh Qd 7h", joker=True) == -1  # no three kings: two pairs win
    assert str(value("Jk Ah Ad 8c 7s", joker=True)) == "Three aces"    # as an ace it may
    assert str(value("Jk Ah Ad Ac 7s", joker=True)) == "Four aces"


def parse_ranks(text: str) -> tuple[Any, ...]:
    return tuple(parse_cards(f"{r}h")[0].rank for r in text.split())


def test_for_suits_the_joker_is_below_a_natural_card_of_its_rank() -> None:
    assert wins("Jk Kh Qd 9c 8s", "As Kd Qc 9h 8h", joker=True) == -1  # the ace of spades wins
    assert wins("Jk Kh Kd 8c 7s", "Kc Ks 8h 7d As", joker=True) == -1  # the ace kicker
    assert wins("Jk As Kh Qh 9h", "Ad Ac Ks Qs 9s", joker=True, suit_ties="combination") == -1
    assert wins("Jk Ah Ks Qs 9s", "Ad Ac Kh Qh 9h", joker=True, suit_ties="combination") == 1
    assert value("Ah Ad Ac As Kh", joker=True) == value("Ah Ad Ac Jk Kh", joker=True)  # no suits


def test_the_joker_is_refused_without_the_option() -> None:
    for rules in (None, Rules(), Rules.preset("official")):
        with pytest.raises(CardError, match="Jk"):
            evaluate("Jk Ah Kd 9c 8s", rules)
        with pytest.raises(CardError, match="Jk"):
            evaluate((JOKER,) + parse_cards("Ah Kd 9c 8s"), rules)
    with pytest.raises(CardError, match="Jk"):
        compare("Jk Ah Kd 9c 8s", "Ac Kc 9d 8d 7d")


# ---------------------------------------------------------------------------------------
# Text, compare() and input errors

@pytest.mark.parametrize("hand, options, text", [
    ("Ah Ad Ac As Jk", {"joker": True}, "Five aces"),
    ("Ah Kh Qh Jh Th", {}, "Royal flush, ace of hearts decides"),
    ("Kh Qh Jh Th 9h", {}, "Straight flush, king high, king of hearts decides"),
    ("9h 9d 9c 9s Ah", {}, "Four nines"),
    ("Ah Jh 9h 8h 7h", {}, "Flush, ace high, ace of hearts decides"),
    ("Kh Kd Kc 8s 8h", {}, "Full house, kings full of eights"),
    ("Ah 7d 8c 9h Ts", {}, "Straight, ten high, ten of spades decides"),
    ("Jh Jd Jc Ah 8s", {}, "Three jacks"),
    ("Qs Qc 9d 9s Ah", {}, "Two pairs, queens and nines, ace of hearts decides"),
    ("Qs Qc 9d 9s Ah", {"suit_ties": "combination"}, "Two pairs, queens and nines, queen of clubs decides"),
    ("Qh Qs Tc 9d 8s", {"suit_ties": "combination"}, "Pair of queens, queen of hearts decides"),
    ("Qh Qs Tc 9d 8s", {}, "Pair of queens, ten of clubs decides"),
    ("Ah Kd Qc 9s 8h", {}, "Ace high, ace of hearts decides"),
    ("Ah Kd Qc 9s 8h", {"suit_order": "sdch"}, "Ace high, ace of hearts decides"),
    ("Ah Kh Qh Jh Th", {"suit_ties": "split"}, "Royal flush"),
    ("Ah 7d 8c 9h Ts", {"suit_ties": "split"}, "Straight, ten high"),
    ("Qh Qs Tc 9d 8s", {"suit_ties": "split"}, "Pair of queens"),
    ("Qs Qc 9d 9s Ah", {"suit_ties": "split"}, "Two pairs, queens and nines"),
    ("Ah Kd Qc 9s 8h", {"suit_ties": "split"}, "Ace high"),
    ("Ah Jh 9h 8h 7h", {"suit_ties": "split"}, "Flush, ace high"),
])
def test_text(hand: str, options: dict[str, Any], text: str) -> None:
    assert str(value(hand, **options)) == text


def test_text_names_the_deciding_card_of_the_reference() -> None:
    rng = random.Random(11)
    cases = []
    for _ in range(10_000):
        options = {"suit_ties": rng.choice(["kicker", "combination", "split"]),
                   "suit_order": rng.choice(SOME_SUIT_ORDERS), "joker": rng.random() < 0.5}
        cases.append((options, rng.sample(JOKER_DECK if options["joker"] else DECK, 5)))
    # Grouped by options: the evaluator keeps only a few ranking tables at a time.
    cases.sort(key=lambda case: sorted(case[0].items()))
    for options, hand in cases:
        assert_text_names_deciding_card(hand, options)


def assert_text_names_deciding_card(hand: Sequence[Card], options: dict[str, Any]) -> None:
    text = str(evaluate(hand, Rules(**options)))
    reading = bf.best_reading(hand, options["suit_ties"], options["suit_order"],
                              options.get("flush_beats_full_house", True), options["joker"])
    card = bf.deciding_card(reading, options["suit_ties"], options["suit_order"])
    if card is None:
        assert "decides" not in text, (hand, options, text)
    else:
        assert text.endswith(f", {card.words()} decides"), (hand, options, text)


def test_compare() -> None:
    assert compare("Ah Kh Qh Jh Th", "As Ks Qs Js Ts") == 1
    assert compare("As Ks Qs Js Ts", "Ah Kh Qh Jh Th") == -1
    assert compare("As Ks Qs Js Ts", "Ah Kh Qh Jh Th", Rules(suit_ties="split")) == 0
    assert compare(parse_cards("7h 8h 9h Th Jh"), "Ad Ac As Ah Ks") == 1
    assert compare(value("Ah Kd Qc 9s 8h"), value("Ah Kd Qc 9s 8h")) == 0  # values may share cards
    assert compare(value("Ah Kd Qc 9s 8h"), value("Ad Kd Qc 9s 8h")) == 1


def test_compare_refuses_hands_sharing_a_card() -> None:
    with pytest.raises(CardError, match="Ah"):
        compare("Ah Kh Qh Jh Th", "Ah Kd Qc Js 9s")


@pytest.mark.parametrize("cards, named", [
    ("Ah Kh Qh Jh", "4"),
    ("Ah Kh Qh Jh Th 9h", "6"),
    ("Ah Kh Qh Jh Xx", "Xx"),
    ("Ah Kh Qh Jh 6h", "6h"),
    ("Ah Kh Qh Jh Ah", "Ah"),
])
def test_bad_input_is_named(cards: str, named: str) -> None:
    with pytest.raises(CardError, match=named) as error:
        evaluate(cards)
    assert isinstance(error.value, ValueError)
    with pytest.raises(CardError, match=named):
        compare(cards, "7c 7d 8c 8d 9c")


@pytest.mark.parametrize("cards", ["Ah Ah Kd Qc Js", "7h 7h 7h 7h 7h", "Jk Jk Ah Kd Qc", "7h 7h 7d 8c 9s"])
@pytest.mark.parametrize("options", [{}, {"joker": True}])
def test_a_card_given_twice_as_card_objects_is_refused(cards: str, options: dict[str, Any]) -> None:
    # Card objects skip the text parser; a repeated card's bit carries into another card's,
    # so the sum must never land on some other hand's value.
    five = tuple(JOKER if token == "Jk" else parse_cards(token)[0] for token in cards.split())
    if JOKER in five and not options:
        match = "joker"
    else:
        match = "duplicate"
    with pytest.raises(CardError, match=match):
        evaluate(five, Rules(**options) if options else None)


def test_no_five_cards_with_a_repeat_reach_a_hand_of_the_table() -> None:
    # Exhaustively, over the 33-card deck: each of the 198,561 multisets of five cards with a
    # repeat falls outside the ranking tables, so evaluate() takes its checking path.
    table_size = len(_joker_table())
    for five in combinations_with_replacement(JOKER_DECK, 5):
        if len(set(five)) < 5:
            with pytest.raises(IndexError):
                hand_index.place_of(sum(five))
    assert table_size == hand_index.ALL_HANDS == 237_336


@cache
def _joker_table() -> list[HandValue]:
    return evaluator._table(Rules(joker=True))


def test_plain_ints_that_are_no_hand_are_refused() -> None:
    for five in [(1, 2, 4, 8, 3), (-1, 0, 0, 0, 0), (-(1 << 33), 1, 2, 4, 24), (1 << 40, 0, 0, 0, 0)]:
        with pytest.raises(CardError, match="not a card"):
            evaluate(five)


def test_cards_as_text_or_sequences_give_one_value() -> None:
    cards = parse_cards("Ah 7d 8c 9s Th")
    assert evaluate(cards) == evaluate(list(cards)) == evaluate("Ah 7d 8c 9s 10h") == evaluate("A♥ 7♦ 8♣ 9♠ 10♥")
    assert evaluate(["Ah", "7d", "8c", "9s", "Th"]) == evaluate(cards)


# ---------------------------------------------------------------------------------------
# Property: random hands, random options, against the reference

options_strategy = st.fixed_dictionaries({
    "suit_ties": st.sampled_from(["kicker", "combination", "split"]),
    "suit_order": st.sampled_from(SOME_SUIT_ORDERS),
    "flush_beats_full_house": st.booleans(),
    "joker": st.booleans(),
})


@settings(max_examples=300, deadline=None)
@given(options=options_strategy, data=st.data())
def test_random_hands_agree_with_the_reference(options: dict[str, Any], data: st.DataObject) -> None:
    deck = JOKER_DECK if options["joker"] else DECK
    cards = data.draw(st.lists(st.sampled_from(deck), min_size=10, max_size=10, unique=True))
    rules = Rules(**options)
    a, b = cards[:5], cards[5:]
    key_a = bf.hand_key(a, **options)
    key_b = bf.hand_key(b, **options)
    expected = (key_a > key_b) - (key_a < key_b)
    assert compare(a, b, rules) == expected
    assert (evaluate(a, rules) > evaluate(b, rules)) == (expected == 1)
    reading = bf.best_reading(a, **options)
    assert evaluate(a, rules).category == reading.category
    assert_text_names_deciding_card(a, options)
    if options["suit_ties"] != "split":
        assert expected != 0  # s.3: hands from one deck never tie
