"""Exact draw odds and the opponent model that bots and the advisor weigh them against.

A discard choice's outcomes are enumerated exactly: every set of replacement cards
from the unseen cards, each looked up in :func:`strength_table` by its card mask.

The *opponent model* of a rules variant is the distribution of final hands of a
player dealt five random cards who draws by :func:`draw_choice` (the simple
strategy), split by how many cards that player drew. It is estimated once, on
first use, from a fixed-seed sample of :data:`MODEL_SAMPLES` deals, so every
figure that uses it is deterministic.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import NamedTuple

from .cards import JOKER, Card, full_deck
from .evaluator import strength_table
from .hand_value import CATEGORY_NAMES, category_order
from .rules import Rules

__all__ = ["draw_choice", "OpponentModel", "opponent_model", "Outcome", "draw_outcomes", "MODEL_SAMPLES", "model_steps",
           "take_face_up", "ChoiceOdds", "choice_odds"]

MODEL_SAMPLES = 12000
"""Deals simulated (seeded, so the same every time) to estimate the opponent model."""

_MODEL_SEED = 20260401
_MIN_SAMPLES = 150


def draw_choice(hand: Sequence[Card], draw_max: int) -> tuple[Card, ...]:
    """The simple strategy's discards: keep made hands, trips, pairs, four to a flush or straight, else high cards.

    The joker is never thrown: it is an ace, or the card that completes a made hand.
    """
    if len(hand) != 5 or draw_max == 0:
        return ()
    if JOKER in hand:
        return _joker_draw_choice(hand, draw_max)
    by_rank = Counter(c.rank for c in hand)
    if max(by_rank.values()) == 1:
        suits = Counter(c.suit for c in hand)
        suit, count = suits.most_common(1)[0]
        if count == 5:
            return ()
        if count == 4:
            return tuple(c for c in hand if c.suit != suit)[:draw_max]
        ranks = sorted(int(c.rank) for c in hand)
        if ranks[-1] - ranks[0] == 4 or set(ranks) == {14, 7, 8, 9, 10}:
            return ()  # a straight
        for drop in sorted(hand, key=lambda c: c.rank):
            rest = sorted(int(c.rank) for c in hand if c != drop)
            if rest[-1] - rest[0] <= 4 or set(rest) <= {14, 7, 8, 9, 10}:
                return (drop,)
        keep = sorted(hand, key=lambda c: c.rank, reverse=True)[:max(5 - draw_max, 2)]
        return tuple(c for c in hand if c not in keep)
    if max(by_rank.values()) >= 2 and len(by_rank) == 2:
        return ()  # full house or four of a kind
    grouped = {r for r, n in by_rank.items() if n >= 2}
    return tuple(c for c in hand if c.rank not in grouped)[:draw_max]


def _joker_draw_choice(hand: Sequence[Card], draw_max: int) -> tuple[Card, ...]:
    """:func:`draw_choice` for a hand holding the joker (RULES.md s.8)."""
    naturals = [c for c in hand if not c.is_joker]
    by_rank = Counter(int(c.rank) for c in naturals)
    ranks = sorted(by_rank)
    if sorted(by_rank.values()) in ([4], [1, 3], [2, 2]):
        return ()  # four of a kind, or a full house the joker completes
    if len(ranks) == 4 and (len({c.suit for c in naturals}) == 1 or _fills_a_straight(ranks)):
        return ()  # a flush or a straight the joker completes
    if max(by_rank.values()) >= 2 or 14 in by_rank:  # pairs (the joker pairs an ace): keep them
        return tuple(c for c in naturals if by_rank[int(c.rank)] == 1 and int(c.rank) != 14)[:draw_max]
    for suit, count in Counter(c.suit for c in naturals).items():
        if count == 3:  # with the joker, four to a flush
            return tuple(c for c in naturals if c.suit != suit)[:draw_max]
    for drop in sorted(naturals, key=lambda c: c.rank):
        rest = sorted(int(c.rank) for c in naturals if c != drop)
        if rest[-1] - rest[0] <= 4 or set(rest) <= {14, 7, 8, 9, 10}:
            return (drop,)  # with the joker, four to a straight
    keep = sorted(naturals, key=lambda c: c.rank, reverse=True)[:max(4 - draw_max, 1)]
    return tuple(c for c in naturals if c not in keep)


def _fills_a_straight(ranks: list[int]) -> bool:
    """True if some fifth rank makes a straight with four distinct ``ranks``."""
    return ranks[-1] - ranks[0] <= 4 or set(ranks) <= {14, 7, 8, 9, 10}


_SHAPES = {(1,): "high card", (2,): "one pair", (2, 2): "two pairs", (3,): "three of a kind", (4,): "four of a kind"}


def take_face_up(four: Sequence[Card], up: Card, rules: Rules | None = None) -> bool:
    """The simple strategy at the choice of the fourth card (RULES.md s.5): take the face-up card when it
    makes a better category than the four cards make by themselves (a pair where there was none, two
    pairs, trips, a straight, a flush...), else the face-down card, which may do better.

    >>> from stripdeck.cards import parse_cards, parse_card
    >>> four = parse_cards("Ah Kd 9c 8s")
    >>> take_face_up(four, parse_card("Kc")), take_face_up(four, parse_card("Qc"))
    (True, False)
    """
    rules = Rules() if rules is None else rules
    shape = tuple(sorted((n for n in Counter(c.rank for c in four).values() if n > 1), reverse=True)) or (1,)
    codes = category_order(rules.flush_beats_full_house)
    made = codes[CATEGORY_NAMES.index(_SHAPES.get(shape, "high card"))]
    return strength_table(rules)[sum(four) + up] >> 24 > made


class OpponentModel:
    """Final-hand levels (strength >> 4) of simulated opponents, overall and by cards drawn."""

    def __init__(self, by_draw: dict[int, list[int]], everyone: list[int]) -> None:
        self.by_draw = {d: sorted(v) for d, v in by_draw.items()}
        self.everyone = sorted(everyone)
        self._memo: dict[int | None, dict[int, float]] = {}

    def strengths(self, drawn: int | None) -> list[int]:
        """Sorted sample for an opponent who drew ``drawn`` cards (None: not known yet)."""
        if drawn is None:
            return self.everyone
        for d in (drawn, *range(drawn - 1, -1, -1)):
            sample = self.by_draw.get(d)
            if sample is not None and len(sample) >= _MIN_SAMPLES:
                return sample
        return self.everyone

    def below(self, level: int, drawn: int | None = None) -> float:
        """P(the opponent's final hand is below ``level`` (a strength >> 4)), equal ranks counting half."""
        memo = self._memo.get(drawn)
        if memo is None:
            memo = self._memo[drawn] = {}
        value = memo.get(level)
        if value is None:
            sample = self.strengths(drawn)
            low, high = bisect_left(sample, level), bisect_right(sample, level)
            value = memo[level] = (low + (high - low) / 2) / len(sample)
        return value


_MODELS: dict[tuple[object, ...], OpponentModel] = {}


def _model_key(rules: Rules) -> tuple[object, ...]:
    return (*rules.evaluation_key, rules.draw_limit)  # the same with the choice of the fourth card (_simulate)


def opponent_model(rules: Rules | None = None) -> OpponentModel:
    """The opponent model for ``rules`` (built on first use from a fixed-seed sample)."""
    rules = Rules() if rules is None else rules
    key = _model_key(rules)
    model = _MODELS.get(key)
    if model is None:
        steps = _simulate(rules, MODEL_SAMPLES)
        while model is None:
            try:
                next(steps)
            except StopIteration as done:
                model = _MODELS[key] = done.value
    return model


def model_steps(rules: Rules | None = None) -> Iterator[None]:
    """Build the opponent model of ``rules`` in steps of a few milliseconds (see ``prepare``)."""
    rules = Rules() if rules is None else rules
    key = _model_key(rules)
    if key not in _MODELS:
        _MODELS[key] = yield from _simulate(rules, MODEL_SAMPLES)


def _simulate(rules: Rules, samples: int) -> Generator[None, None, OpponentModel]:
    table = strength_table(rules)
    deck = list(full_deck(rules.joker))
    rng = random.Random(_MODEL_SEED)
    by_draw: dict[int, list[int]] = {}
    everyone: list[int] = []
    limit = rules.draw_limit
    for number in range(samples):
        if number % 250 == 249:
            yield
        cards = rng.sample(deck, 10)
        hand = cards[:5]
        discards = draw_choice(hand, limit)
        if discards:  # never four (the simple strategy keeps its two highest cards at least), so the
            # choice of the fourth card leaves this model as it is
            kept = [c for c in hand if c not in discards]
            final = sum(kept) + sum(cards[5:5 + len(discards)])
        else:
            final = sum(hand)
        strength = table[final] >> 4
        by_draw.setdefault(len(discards), []).append(strength)
        everyone.append(strength)
    return OpponentModel(by_draw, everyone)


class Outcome:
    """One discard choice and the exact number of draws that end in each final hand level.

    A *level* is a strength from :func:`strength_table` without its suit field
    (``strength >> 4``): hands of equal ranks share a level.
    """

    __slots__ = ("discard", "keep", "counts", "total")

    def __init__(self, discard: tuple[Card, ...], keep: tuple[Card, ...], counts: dict[int, int], total: int) -> None:
        self.discard = discard
        self.keep = keep
        self.counts = counts
        self.total = total

    def score(self, beat: Callable[[int], float]) -> float:
        """Mean of ``beat(level)`` over the outcomes (the chance to win, given per level)."""
        return sum(beat(s) * n for s, n in self.counts.items()) / self.total


def _rank_key(cards: Iterable[Card]) -> int:
    """A rank multiset as an int (3 bits a rank): keys of disjoint card sets add up."""
    return sum(1 << 3 * (int(c).bit_length() - 1 >> 2) for c in cards)


_RANK_LEVELS: dict[tuple[str, str, bool, bool], dict[int, int]] = {}


def _rank_levels(rules: Rules | None) -> dict[int, int]:
    """Rank key of five cards -> the level of such a hand when it is not a flush."""
    rules = Rules() if rules is None else rules
    levels = _RANK_LEVELS.get(rules.evaluation_key)
    if levels is None:
        table = strength_table(rules)
        levels = {}
        for ranks in combinations_with_replacement(range(8), 5):
            if max(ranks.count(r) for r in ranks) > 4:
                continue
            bits, seen = 0, Counter[int]()
            for i, r in enumerate(ranks):
                suit = seen[r] if len(set(ranks)) < 5 or i < 4 else 1
                seen[r] += 1
                bits |= 1 << (r * 4 + suit)
            levels[sum(1 << 3 * r for r in ranks)] = table[bits] >> 4
        _RANK_LEVELS[rules.evaluation_key] = levels
    return levels


def _draws_by_rank(available: list[int], k: int) -> list[tuple[int, int]]:
    """Every multiset of ``k`` ranks drawable from ``available[r]`` cards a rank: (rank key, ways)."""
    out: list[tuple[int, int]] = []

    def walk(rank: int, left: int, key: int, ways: int) -> None:
        if left == 0:
            out.append((key, ways))
            return
        if rank == 8:
            return
        for n in range(min(left, available[rank]), -1, -1):
            walk(rank + 1, left - n, key + n * (1 << 3 * rank), ways * comb(available[rank], n))

    walk(0, k, 0, 1)
    return out


def draw_outcomes(hand: Sequence[Card], unseen: Sequence[Card], draw_max: int,
                  rules: Rules | None = None, choices: Sequence[tuple[Card, ...]] | None = None,
                  value: Callable[[int], float] | None = None) -> list[Outcome]:
    """Every discard choice of up to ``draw_max`` cards (or just ``choices``), each with its exact outcomes.

    Draws are counted by rank multiset (with the number of ways to pick their suits),
    and the suited draws that make a flush are moved to their flush level: exact, and
    a few thousand steps instead of a hundred thousand lookups.

    With the choice of the fourth card (``rules.fourth_card_choice``), a four-card draw's outcomes
    are those of a player who takes the face-up card when its ``value`` (a final level's worth:
    by default the chance to beat one typical opponent) is at least the face-down card's mean
    value, else the face-down card (:func:`choice_odds`).
    """
    if (rules is not None and rules.fourth_card_choice) and value is None:
        value = opponent_model(rules).below
    if (rules is not None and rules.joker) or any(c.is_joker for c in (*hand, *unseen)):
        return _enumerate_all(hand, unseen, draw_max, rules, choices, value)
    table = strength_table(rules)
    levels = _rank_levels(rules)
    draw_max = min(draw_max, 5, len(unseen))
    if choices is None:
        choices = [d for k in range(draw_max + 1) for d in combinations(hand, k)]
    available = [0] * 8
    by_suit: list[list[int]] = [[], [], [], []]
    for c in unseen:
        i = int(c).bit_length() - 1
        available[i >> 2] += 1
        by_suit[i & 3].append(int(c))
    by_k: dict[int, list[tuple[int, int]]] = {}
    out: list[Outcome] = []
    for discard in choices:
        k = len(discard)
        keep = tuple(c for c in hand if c not in discard)
        kept_mask = sum(keep)
        if k == 0:
            out.append(Outcome((), keep, {table[kept_mask] >> 4: 1}, 1))
            continue
        if k == 4 and value is not None and len(unseen) >= 5:
            out.append(_choice_outcome(tuple(discard), keep, unseen, table, levels, value))
            continue
        draws = by_k.get(k)
        if draws is None:
            draws = by_k[k] = _draws_by_rank(available, k)
        kept_key = _rank_key(keep)
        counts: dict[int, int] = {}
        for key, ways in draws:
            level = levels[kept_key + key]
            counts[level] = counts.get(level, 0) + ways
        suits = {int(c).bit_length() - 1 & 3 for c in keep}
        for suit in (suits if len(suits) == 1 else range(4) if not suits else ()):
            for drawn in combinations(by_suit[suit], k):
                final = kept_mask + sum(drawn)
                plain = levels[kept_key + _rank_key_of_mask(sum(drawn))]
                counts[plain] -= 1
                flush = table[final] >> 4
                counts[flush] = counts.get(flush, 0) + 1
        out.append(Outcome(tuple(discard), keep, {s: n for s, n in counts.items() if n}, comb(len(unseen), k)))
    return out


def _rank_key_of_mask(mask: int) -> int:
    key = 0
    while mask:
        low = mask & -mask
        key += 1 << 3 * (low.bit_length() - 1 >> 2)
        mask ^= low
    return key


def _enumerate_all(hand: Sequence[Card], unseen: Sequence[Card], draw_max: int,
                   rules: Rules | None = None, choices: Sequence[tuple[Card, ...]] | None = None,
                   value: Callable[[int], float] | None = None) -> list[Outcome]:
    """The plain path (used with the joker, and by the tests as the reference): look up every draw."""
    table = strength_table(rules)
    whole = sum(hand)
    draw_max = min(draw_max, 5, len(unseen))
    if choices is None:
        choices = [d for k in range(draw_max + 1) for d in combinations(hand, k)]
    combos: dict[int, list[int]] = {}
    out: list[Outcome] = []
    for discard in choices:
        k = len(discard)
        keep = tuple(c for c in hand if c not in discard)
        if k == 0:
            out.append(Outcome((), keep, {table[whole] >> 4: 1}, 1))
            continue
        if k == 4 and value is not None and len(unseen) >= 5:
            out.append(_choice_outcome_plain(tuple(discard), keep, unseen, table, value))
            continue
        masks = combos.get(k)
        if masks is None:
            masks = combos[k] = [sum(c) for c in combinations(unseen, k)]
        kept = whole - sum(discard)
        counts = Counter([table[kept | m] >> 4 for m in masks])
        out.append(Outcome(tuple(discard), keep, dict(counts), len(masks)))
    return out


# --------------------------------------------------------------------------- the choice of the fourth card


def _add_choice(counts: dict[int, int], classes: list[tuple[int, int]], weight: int,
                value: Callable[[int], float]) -> None:
    """Four cards in hand and ``classes`` of equally likely last cards (level of the final hand, how
    many such cards): every (face-up, face-down) pair of them, the face-up card taken when it is
    worth at least the face-down card's mean, each outcome counted ``weight`` times."""
    m = sum(w for _, w in classes)
    values = [value(level) for level, _ in classes]
    total = sum(v * w for v, (_, w) in zip(values, classes))
    for c, ((level, w), v) in enumerate(zip(classes, values)):
        if v * (m - 1) >= total - v - 1e-12:  # the face-up card is worth the face-down one's mean or more
            counts[level] = counts.get(level, 0) + weight * w * (m - 1)
            continue
        for d, (other, n) in enumerate(classes):
            ways = n - (c == d)
            if ways:
                counts[other] = counts.get(other, 0) + weight * w * ways


def _choice_outcome(discard: tuple[Card, ...], keep: tuple[Card, ...], unseen: Sequence[Card], table: Mapping[int, int],
                    levels: dict[int, int], value: Callable[[int], float]) -> Outcome:
    """A four-card draw with the choice of the fourth card, exactly: three face-down cards by rank
    multiset (and whether they make a flush with the kept card), then every face-up and face-down
    card by rank (and suit where a flush depends on it)."""
    available = [0] * 8
    present = 0
    for c in unseen:
        i = int(c).bit_length() - 1
        available[i >> 2] += 1
        present |= 1 << i
    kept_key, kept_mask = _rank_key(keep), sum(keep)
    suits = {int(c).bit_length() - 1 & 3 for c in keep}
    flush_suit = next(iter(suits)) if len(suits) == 1 else None
    counts: dict[int, int] = {}
    for key, ways in _draws_by_rank(available, 3):
        taken = [key >> 3 * r & 7 for r in range(8)]
        suited_mask = 0
        if flush_suit is not None and max(taken) == 1:
            bits = [1 << (r * 4 + flush_suit) for r in range(8) if taken[r]]
            if all(present & b for b in bits):
                suited_mask = sum(bits)  # the three face-down cards in the kept card's suit: one way
        base = kept_key + key
        left = [available[r] - taken[r] for r in range(8)]
        if ways - (1 if suited_mask else 0):
            plain = [(levels[base + (1 << 3 * r)], left[r]) for r in range(8) if left[r] > 0]
            _add_choice(counts, plain, ways - (1 if suited_mask else 0), value)
        if suited_mask:
            assert flush_suit is not None
            classes = []
            for r in range(8):
                if left[r] <= 0:
                    continue
                bit = 1 << (r * 4 + flush_suit)
                n = left[r]
                if present & bit and not suited_mask & bit:
                    classes.append((table[kept_mask + suited_mask + bit] >> 4, 1))  # a flush
                    n -= 1
                if n:
                    classes.append((levels[base + (1 << 3 * r)], n))
            _add_choice(counts, classes, 1, value)
    m = len(unseen) - 3
    return Outcome(discard, keep, {s: n for s, n in counts.items() if n}, comb(len(unseen), 3) * m * (m - 1))


def _choice_outcome_plain(discard: tuple[Card, ...], keep: tuple[Card, ...], unseen: Sequence[Card],
                          table: Mapping[int, int], value: Callable[[int], float]) -> Outcome:
    """:func:`_choice_outcome` by looking up every card (with the joker, and the tests' reference)."""
    kept = sum(keep)
    counts: dict[int, int] = {}
    for three in combinations(unseen, 3):
        base = kept + sum(three)
        rest = [c for c in unseen if c not in three]
        _add_choice(counts, [(table[base + c] >> 4, 1) for c in rest], 1, value)
    m = len(unseen) - 3
    return Outcome(discard, keep, {s: n for s, n in counts.items() if n}, comb(len(unseen), 3) * m * (m - 1))


class ChoiceOdds(NamedTuple):
    """The two cards of a choice of the fourth card, weighed: the final level with the face-up card and
    its value, and the face-down card's final levels (level -> how many unseen cards give it) and
    mean value."""

    up_level: int
    up_value: float
    down_levels: dict[int, int]
    down_value: float

    @property
    def take_up(self) -> bool:
        """True when the face-up card is worth at least the face-down card's mean."""
        return self.up_value >= self.down_value - 1e-12


def choice_odds(four: Sequence[Card], up: Card, unseen: Sequence[Card], rules: Rules | None = None,
                value: Callable[[int], float] | None = None) -> ChoiceOdds:
    """The choice of the fourth card in numbers: ``four`` held, ``up`` face up, the face-down card one
    of ``unseen`` (every card the player has not seen: not the four, the face-up card or their own
    discards). ``value`` is a final level's worth (default: the chance to beat one typical opponent).
    """
    rules = Rules() if rules is None else rules
    if value is None:
        value = opponent_model(rules).below
    table = strength_table(rules)
    base = sum(four)
    up_level = table[base + up] >> 4
    down = Counter(table[base + c] >> 4 for c in unseen if c != up and c not in four)
    n = sum(down.values())
    down_value = sum(value(level) * k for level, k in down.items()) / n if n else 0.0
    return ChoiceOdds(up_level, value(up_level), dict(down), down_value)
