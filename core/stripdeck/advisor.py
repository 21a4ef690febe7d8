"""The draw advisor: every discard choice, its exact odds, and the chance to beat a typical opponent.

The *typical opponent* is the opponent model of :mod:`stripdeck.odds`: a player dealt
five random cards who draws by the simple strategy (:func:`~stripdeck.odds.draw_choice`:
keep made hands, trips, pairs, four to a flush or straight, else the two highest cards),
estimated once from a fixed-seed sample of deals. Hands of equal ranks count as half a
win (suits are ignored here), and against several opponents the chances multiply (each
opponent is a separate typical opponent).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple

from .cards import Card, CardError, CardsLike, format_cards, full_deck, parse_cards
from .evaluator import category_of_strength, strength_table
from .odds import Outcome, draw_outcomes, opponent_model
from .rules import Rules

__all__ = ["Advice", "AdviceRow", "advise", "format_advice"]


class AdviceRow(NamedTuple):
    """One discard choice: the cards kept and thrown, the exact category odds after the draw, the chance to win."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    categories: tuple[tuple[str, float], ...]
    win: float
    improve: float
    reason: str

    @property
    def draw(self) -> int:
        """How many cards this choice draws."""
        return len(self.discard)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: cards as text, probabilities as floats from 0 to 1."""
        return {"discard": format_cards(self.discard), "keep": format_cards(self.keep), "draw": self.draw,
                "categories": dict(self.categories), "win": self.win, "improve": self.improve,
                "reason": self.reason}


class Advice(NamedTuple):
    """The advisor's table for one hand: rows sorted best first."""

    cards: tuple[Card, ...]
    dead: tuple[Card, ...]
    opponents: int
    draw_limit: int
    rows: tuple[AdviceRow, ...]
    rules_flush_first: bool = True

    @property
    def best(self) -> AdviceRow:
        """The recommended choice (the first row)."""
        return self.rows[0]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form of the whole table."""
        return {"cards": format_cards(self.cards), "dead": format_cards(self.dead), "opponents": self.opponents,
                "draw_limit": self.draw_limit, "rows": [row.to_dict() for row in self.rows]}


def advise(cards: CardsLike, rules: Rules | None = None, dead: CardsLike = (), opponents: int = 1) -> Advice:
    """Every discard choice the draw limit allows, best first, with exact category odds and the chance to win.

    ``dead`` are cards known to be out of play (not drawable); ``opponents`` is how many
    typical opponents (see the module docstring) the hand must beat.

    >>> a = advise("Ah Kh Qh Jh 7c"); format_cards(a.best.discard), a.best.draw
    ('7c', 1)
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, got {type(rules).__name__}")
    hand = parse_cards(cards, joker=rules.joker)
    if len(hand) != 5:
        raise CardError(f"the advisor needs exactly 5 cards, got {len(hand)}")
    out = parse_cards(dead, joker=rules.joker)
    clash = [str(c) for c in out if c in hand]
    if clash:
        raise CardError(f"{' '.join(clash)} cannot be both in the hand and dead")
    if isinstance(opponents, bool) or not isinstance(opponents, int) or not 1 <= opponents <= 4:
        raise ValueError(f"opponents must be 1 to 4, got {opponents!r}")
    gone = set(hand) | set(out)
    unseen = [c for c in full_deck(rules.joker) if c not in gone]
    model = opponent_model(rules)
    rows = [_row(o, rules, opponents, model.below) for o in draw_outcomes(hand, unseen, rules.draw_limit, rules)]
    rows.sort(key=lambda r: (-round(r.win, 9), r.draw))
    return Advice(hand, out, opponents, rules.draw_limit, tuple(rows), rules.flush_beats_full_house)


def _order(level: int) -> int:
    return level >> 20


def _row(outcome: Outcome, rules: Rules, opponents: int, below: Any) -> AdviceRow:
    by_category: Counter[str] = Counter()
    order_of: dict[str, int] = {}
    win = 0.0
    for level, n in outcome.counts.items():
        name = category_of_strength(level << 4, rules)
        by_category[name] += n
        order_of[name] = _order(level)
        win += below(level) ** opponents * n
    total = outcome.total
    categories = tuple((name, by_category[name] / total)
                       for name in sorted(by_category, key=lambda k: -order_of[k]))
    win /= total
    # What the kept cards make for sure: with the joker kept that can be more than their
    # shape says (three kings and the joker are a full house whatever comes).
    now = max(_made_now(outcome.keep, rules), min(order_of.values()))
    target = _target(outcome.keep, now, rules)
    names = {order: name for name, order in _category_orders(rules).items()}
    improve = sum(p for name, p in categories if order_of[name] >= target) if outcome.discard else 0.0
    return AdviceRow(outcome.discard, outcome.keep, categories, win, improve,
                     _reason(outcome, categories, names.get(target, "a better hand"), improve, win, opponents))


_PARTIAL = {(1,): "high card", (2,): "one pair", (2, 2): "two pairs", (3,): "three of a kind",
            (3, 2): "full house", (4,): "four of a kind"}


def _made_now(keep: Sequence[Card], rules: Rules) -> int:
    """Category order (as in levels) of what the kept cards already make."""
    shape = tuple(sorted((n for n in Counter(c.rank for c in keep).values() if n > 1), reverse=True)) or (1,)
    name = _PARTIAL.get(shape, "high card")
    if len(keep) == 5:
        level = strength_table(rules)[sum(keep)] >> 4
        return _order(level)
    return _category_orders(rules)[name]


_ORDERS: dict[bool, dict[str, int]] = {}


def _category_orders(rules: Rules) -> dict[str, int]:
    key = rules.flush_beats_full_house
    orders = _ORDERS.get(key)
    if orders is None:
        orders = {category_of_strength(order << 24, rules): order for order in range(10)}
        _ORDERS[key] = orders
    return orders


def _describe_keep(keep: Sequence[Card]) -> str:
    """The kept cards in words: 'a pair of kings', 'four to a flush in hearts', 'the ace'."""
    if not keep:
        return "nothing"
    if any(c.is_joker for c in keep):
        naturals = [c for c in keep if not c.is_joker]
        return f"{_describe_keep(naturals)} plus the joker" if naturals else "the joker"
    ranks = Counter(c.rank for c in keep)
    groups = sorted(ranks.items(), key=lambda rn: (rn[1], rn[0]), reverse=True)
    top, count = groups[0]
    if count == 4:
        return f"four {top.plural}"
    if count == 3:
        return f"three {top.plural}" + (f" and a pair of {groups[1][0].plural}" if len(groups) > 1 and
                                        groups[1][1] == 2 else "")
    if count == 2:
        if len(groups) > 1 and groups[1][1] == 2:
            return f"two pairs, {top.plural} and {groups[1][0].plural}"
        return f"a pair of {top.plural}"
    suits = {c.suit for c in keep}
    values = sorted(int(r) for r in ranks)
    straightish = len(keep) >= 3 and (values[-1] - values[0] <= 4 or set(values) <= {14, 7, 8, 9, 10})
    if len(keep) >= 3 and len(suits) == 1 and None not in suits:
        suit = next(iter(suits))
        assert suit is not None
        kind = "a straight flush" if straightish else "a flush"
        return f"{_count_word(len(keep))} to {kind} in {suit.noun}"
    if straightish:
        return f"{_count_word(len(keep))} to a straight"
    names = [r.noun for r, _ in sorted(ranks.items(), key=lambda rn: -rn[0])]
    return "the " + (" and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1])


def _count_word(n: int) -> str:
    return {3: "three", 4: "four", 5: "five"}.get(n, str(n))


def _target(keep: Sequence[Card], now: int, rules: Rules) -> int:
    """Category order a draw aims for: a straight or flush for four to one, else one step up."""
    orders = _category_orders(rules)
    if len(keep) == 4 and now == orders["high card"]:
        naturals = [c for c in keep if not c.is_joker]  # the joker fits any flush or straight
        suits = {c.suit for c in naturals}
        values = sorted(int(c.rank) for c in naturals)
        aims = []
        if len(suits) == 1:
            aims.append(orders["flush"])
        if values[-1] - values[0] <= 4 or set(values) <= {14, 7, 8, 9, 10}:
            aims.append(orders["straight"])
        if aims:
            return min(aims)
    above = [o for o in orders.values() if o > now and o != orders["five aces"]]
    return min(above) if above else now + 1


def _reason(outcome: Outcome, categories: tuple[tuple[str, float], ...], aim: str, improve: float,
            win: float, opponents: int = 1) -> str:
    against = "a typical opponent" if opponents == 1 else f"{opponents} typical opponents"
    if not outcome.discard:
        name = categories[0][0]
        return f"Stand pat with your {name}: wins {win:.0%} against {against}."
    k = len(outcome.discard)
    kept = _describe_keep(outcome.keep)
    odds = f"{improve:.1%} to make {_a(aim)} or better" if improve else "no chance to improve"
    return f"Keep {kept}, draw {k}: {odds}; wins {win:.0%} against {against}."


def _a(category: str) -> str:
    if category in ("two pairs", "four of a kind", "three of a kind", "five aces"):
        return category
    if category == "one pair":
        return "a pair"
    return ("an " if category[0] in "aeiou" else "a ") + category


def format_advice(advice: Advice, limit: int | None = None) -> str:
    """The advice as a text table (one line per choice, best first)."""
    short = {"five aces": "5A", "straight flush": "SF", "four of a kind": "Quads", "flush": "Flush",
             "full house": "Full", "straight": "Str", "three of a kind": "Trips", "two pairs": "2Pair",
             "one pair": "Pair", "high card": "High"}
    if not advice.rules_flush_first:
        short = {k: short[k] for k in ("five aces", "straight flush", "four of a kind", "full house", "flush",
                                       "straight", "three of a kind", "two pairs", "one pair", "high card")}
    shown = [name for name in short if any(dict(r.categories).get(name) for r in advice.rows)]
    head = f"{'#':>2}  {'discard':<15} {'win':>6} " + " ".join(f"{short[n]:>6}" for n in shown) + "  reason"
    lines = [f"Hand {format_cards(advice.cards)}"
             + (f", dead {format_cards(advice.dead)}" if advice.dead else "")
             + f"; win = chance to beat {advice.opponents} typical opponent"
             + ("s" if advice.opponents > 1 else ""), head]
    for i, row in enumerate(advice.rows[:limit] if limit else advice.rows, 1):
        cats = dict(row.categories)
        cells = " ".join(f"{cats.get(n, 0.0):>6.1%}" if cats.get(n) else f"{'-':>6}" for n in shown)
        discard = format_cards(row.discard) or "(stand pat)"
        lines.append(f"{i:>2}  {discard:<15} {row.win:>6.1%} {cells}  {row.reason}")
    return "\n".join(lines)
