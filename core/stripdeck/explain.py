"""Why one hand beats another, in words: for tutorials, the compare widget and the command line.

>>> explain("Ah Qh Th 8h 7h", "Ks Kd Kc 8s 8c").reason
'a flush beats a full house in 32-card poker'
>>> explain("Qh Qs Tc 9d 8s", "Qd Qc Th 9s 8d", Rules(suit_ties="combination")).reason
'equal pairs of queens and kickers: the queen of hearts decides'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from .cards import Card, CardError, Rank, parse_cards
from .evaluator import HandValue, evaluate
from .rules import Rules

__all__ = ["Comparison", "explain", "joker_words", "read_hand", "read_hands", "SUIT_WORDS"]

# Category names as the subject of a sentence, and whether the verb is plural.
_NOUNS = {
    "five aces": ("five aces", True), "straight flush": ("a straight flush", False),
    "four of a kind": ("four of a kind", False), "flush": ("a flush", False),
    "full house": ("a full house", False), "straight": ("a straight", False),
    "three of a kind": ("three of a kind", False), "two pairs": ("two pairs", True),
    "one pair": ("a pair", False), "high card": ("a high-card hand", False),
}
_ORDINALS = ("highest", "second", "third", "fourth", "fifth")
SUIT_WORDS = {"h": "hearts", "d": "diamonds", "c": "clubs", "s": "spades"}


@dataclass(frozen=True)
class Comparison:
    """The outcome: ``winner`` is "a", "b" or "" (equal hands), with the reason in words."""

    a: tuple[Card, ...]
    b: tuple[Card, ...]
    value_a: HandValue
    value_b: HandValue
    winner: str
    reason: str
    rule_note: str = ""

    @property
    def headline(self) -> str:
        """One sentence: who wins and why."""
        if not self.winner:
            return f"Equal hands: {self.reason}."
        return f"Hand {self.winner.upper()} wins: {self.reason}."


def read_hand(text: str, label: str, joker: bool = False) -> tuple[Card, ...]:
    """Five cards from text; CardError names the hand ("hand A: ...")."""
    if not text.strip():
        raise CardError(f"hand {label}: enter five cards, like Ah Kd Qc Js 9h")
    try:
        cards = parse_cards(text, joker=joker)
    except CardError as err:
        raise CardError(f"hand {label}: {err}") from None
    if len(cards) != 5:
        raise CardError(f"hand {label}: a hand is exactly 5 cards, got {len(cards)}")
    return cards


def read_hands(a: str, b: str, joker: bool = False) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Both hands, checked: five cards each, no card in both."""
    hand_a, hand_b = read_hand(a, "A", joker), read_hand(b, "B", joker)
    shared = [c for c in hand_a if c in hand_b]
    if shared:
        names = ", ".join(c.name.lower() for c in shared)
        raise CardError(f"duplicate cards: the {names} cannot be in both hands (one deck)")
    return hand_a, hand_b


def _beats(winner: str, loser: str, rules: Rules) -> str:
    noun, plural = _NOUNS[winner]
    text = f"{noun} {'beat' if plural else 'beats'} {_NOUNS[loser][0]}"
    pair = {winner, loser}
    if pair == {"flush", "full house"}:
        if rules.flush_beats_full_house:
            return text + " in 32-card poker"
        return text + " (the ordinary order, as in 52-card poker)"
    return text


def _plural(rank: Rank) -> str:
    return rank.plural


def _straight_words(value: HandValue) -> str:
    top = value.ranks[0]
    return f"{top.noun} high" + (" (A-7-8-9-10: the ace plays low)" if top == Rank.TEN else "")


def _rank_reason(w: HandValue, l: HandValue) -> str:  # noqa: E741 - w(inner), l(oser)
    """Same category, different ranks: which rank decides."""
    cat = w.category
    i = next(k for k, (x, y) in enumerate(zip(w.ranks, l.ranks)) if x != y)
    hi, lo = w.ranks[i], l.ranks[i]
    if cat in ("straight", "straight flush"):
        kind = "straight flush" if cat == "straight flush" else "straight"
        return f"a {kind}, {_straight_words(w)}, beats one {_straight_words(l)}"
    if cat in ("four of a kind", "three of a kind"):
        n = "four" if cat == "four of a kind" else "three"
        return f"{n} {_plural(hi)} beat {n} {_plural(lo)}"
    if cat == "full house":
        if i == 0:
            return f"a full house of {_plural(hi)} beats one of {_plural(lo)} (the three cards decide)"
        return f"equal threes: the pair decides, {_plural(hi)} beat {_plural(lo)}"
    if cat == "one pair":
        if i == 0:
            return f"a pair of {_plural(hi)} beats a pair of {_plural(lo)}"
        kicker = ("highest", "second", "third")[i - 1]
        return (f"equal pairs of {_plural(w.ranks[0])}: the {kicker} side card decides, "
                f"{hi.noun} beats {lo.noun}")
    if cat == "two pairs":
        if i == 0:
            return f"the higher pair decides: {_plural(hi)} beat {_plural(lo)}"
        if i == 1:
            return (f"equal higher pairs of {_plural(w.ranks[0])}: the lower pair decides, "
                    f"{_plural(hi)} beat {_plural(lo)}")
        return (f"equal pairs of {_plural(w.ranks[0])} and {_plural(w.ranks[1])}: "
                f"the side card decides, {hi.noun} beats {lo.noun}")
    kind = "flushes" if cat == "flush" else "high-card hands"
    if i == 0:
        return f"both are {kind}: the highest card decides, {hi.noun} beats {lo.noun}"
    return (f"both are {kind} with the same top cards: the {_ORDINALS[i]} card decides, "
            f"{hi.noun} beats {lo.noun}")


def _equal_words(v: HandValue) -> str:
    """'equal pairs of queens and kickers' and the like: hands equal by ranks."""
    cat, r = v.category, v.ranks
    if cat == "one pair":
        return f"equal pairs of {_plural(r[0])} and kickers"
    if cat == "two pairs":
        return f"equal pairs of {_plural(r[0])} and {_plural(r[1])} and kickers"
    if cat in ("straight", "straight flush"):
        return f"equal {'straights' if cat == 'straight' else 'straight flushes'}, {_straight_words(v)}"
    if cat == "flush":
        return f"equal flushes, {r[0].noun} high, all five ranks the same"
    if cat == "high card":
        return f"equal ranks, {r[0].noun} high"
    return f"equal {cat}"


def _suit_rule(v: HandValue, rules: Rules) -> str:
    """Which card's suit counts for equal hands (the rules' suit_ties), in words."""
    cat = v.category
    if cat == "flush":
        return "the flush's suit counts"
    if cat in ("straight", "straight flush"):
        return "the suit of the top card counts"
    if cat == "high card":
        return "the suit of the highest card counts"
    if rules.suit_ties == "combination":
        return "equal hands: the combination's best suit decides (its best card counts, never a side card)"
    return "equal hands: the deciding card's suit decides (here the " + (
        "side card)" if cat == "two pairs" else "highest side card)")


def _order_words(rules: Rules) -> str:
    return "suit order " + " > ".join(SUIT_WORDS[s] for s in rules.suit_order)


def joker_words(cards: tuple[Card, ...], value: HandValue) -> str:
    """What the joker plays as in a hand's value, in words ('' for a hand without it).

    >>> r = Rules(joker=True)
    >>> cards = parse_cards("Kh Kd Qc Qs Jk", joker=True)
    >>> joker_words(cards, evaluate(cards, r))
    'the joker completes the full house as a king'
    >>> cards = parse_cards("Kh Kd 9c 8s Jk", joker=True)
    >>> joker_words(cards, evaluate(cards, r))
    'the joker counts as an ace'
    """
    naturals = [c for c in cards if not c.is_joker]
    if len(naturals) == len(cards):
        return ""
    held = Counter(int(c.rank) for c in naturals)
    category = value.category
    if category in ("straight", "straight flush"):
        top = int(value.ranks[0])
        needed = Counter([14, 7, 8, 9, 10] if top == 10 else range(top - 4, top + 1))
    elif category in ("flush", "full house"):
        full = [int(r) for r in value.ranks]
        needed = Counter(full if category == "flush" else [full[0]] * 3 + [full[1]] * 2)
    else:
        needed = Counter()
    missing = list((needed - held).elements())
    if len(missing) != 1 or missing[0] == 14 and category not in ("straight", "straight flush", "flush"):
        return "the joker counts as an ace"
    rank = Rank(missing[0])
    if category == "full house":
        return f"the joker completes the full house as {'an' if rank.noun[0] in 'ae' else 'a'} {rank.noun}"
    suit = naturals[0].suit
    card = rank.noun if category == "straight" or suit is None else f"{rank.noun} of {suit.noun}"
    return f"the joker completes the {category} as the {card}"


def explain(a: str | tuple[Card, ...], b: str | tuple[Card, ...], rules: Rules | None = None) -> Comparison:
    """Compare two hands under ``rules``: the winner and the reason in words (with what a joker plays as)."""
    comparison = _explain(a, b, rules)
    jokers = [f"in hand {label} {joker_words(cards, v)}" for label, cards, v in
              (("A", comparison.a, comparison.value_a), ("B", comparison.b, comparison.value_b))
              if any(c.is_joker for c in cards)]
    if not jokers:
        return comparison
    return replace(comparison, rule_note="; ".join(([comparison.rule_note] if comparison.rule_note else []) + jokers))


def _explain(a: str | tuple[Card, ...], b: str | tuple[Card, ...], rules: Rules | None = None) -> Comparison:
    rules = rules or Rules()
    if isinstance(a, str) or isinstance(b, str):
        hand_a, hand_b = read_hands(a if isinstance(a, str) else " ".join(map(str, a)),
                                    b if isinstance(b, str) else " ".join(map(str, b)), rules.joker)
    else:
        hand_a, hand_b = a, b
    va, vb = evaluate(hand_a, rules), evaluate(hand_b, rules)
    if va == vb:
        note = ("equal hands share the pot: suits never decide"
                if rules.suit_ties == "split" else "")
        reason = _equal_words(va) + ": suits do not decide"
        return Comparison(hand_a, hand_b, va, vb, "", reason + ", so the pot is split", note)
    winner = "a" if va > vb else "b"
    w, lose = (va, vb) if winner == "a" else (vb, va)
    note = ""
    if w.category != lose.category:
        reason = _beats(w.category, lose.category, rules)
    elif w.ranks != lose.ranks:
        reason = _rank_reason(w, lose)
    else:
        card = w.deciding_card
        other = lose.deciding_card
        name = card.name.lower() if card is not None else "suit"
        reason = f"{_equal_words(w)}: the {name} decides"
        versus = f"; it beats the {other.name.lower()}" if other is not None else ""
        note = f"{_suit_rule(w, rules)}; {_order_words(rules)}{versus}"
    return Comparison(hand_a, hand_b, va, vb, winner, reason, note)
