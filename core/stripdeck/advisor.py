"""The draw advisor: every discard choice, its exact odds, and the chance to beat a typical opponent.

The *typical opponent* is the opponent model of :mod:`stripdeck.odds`: a player dealt
five random cards who draws by the simple strategy (:func:`~stripdeck.odds.draw_choice`:
keep made hands, trips, pairs, four to a flush or straight, else the two highest cards),
estimated once from a fixed-seed sample of deals. Hands of equal ranks count as half a
win (suits are ignored here), and against several opponents the chances multiply (each
opponent is a separate typical opponent).
"""
# l10n-part: hint (this file's sentences load with the Hint: docs/i18n.md, "Bytes")

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple

from .cards import Card, CardError, CardsLike, Suit, format_cards, full_deck, parse_cards
from .evaluator import category_of_strength, strength_table
from .i18n import NP_, _, ngettext, percent, pgettext
from .odds import Outcome, choice_odds, draw_outcomes, opponent_model
from .rules import Rules
from .words import rank_name, rank_plural, suit_name

__all__ = ["Advice", "AdviceRow", "advise", "format_advice", "ChoiceAdvice", "ChoiceRow", "advise_choice",
           "format_choice_advice"]


class AdviceRow(NamedTuple):
    """One discard choice: the cards kept and thrown, the exact category odds after the draw, the
    chance to win, and the category the draw aims for (``aim``: at least this, for ``improve``)."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    categories: tuple[tuple[str, float], ...]
    win: float
    improve: float
    aim: str = ""
    opponents: int = 1

    @property
    def draw(self) -> int:
        """How many cards this choice draws."""
        return len(self.discard)

    @property
    def reason(self) -> str:
        """The choice in one sentence, in the language in use.

        >>> advise("Ah Kh Qh Jh 7c").best.reason[:64]
        'Keep four to a straight flush in hearts, draw 1: 25.9% to make a'
        """
        return _reason(self)

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
        raise CardError(_("the advisor needs exactly 5 cards, got {count}", count=len(hand)))
    out = parse_cards(dead, joker=rules.joker)
    clash = [str(c) for c in out if c in hand]
    if clash:
        # TRANSLATORS: {cards} is card text ("Ah Kd"); dead cards are known to be out of play.
        raise CardError(_("{cards} cannot be both in the hand and dead", cards=" ".join(clash)))
    if isinstance(opponents, bool) or not isinstance(opponents, int) or not 1 <= opponents <= 4:
        raise ValueError(_("opponents must be 1 to 4, got {value}", value=repr(opponents)))
    gone = set(hand) | set(out)
    unseen = [c for c in full_deck(rules.joker) if c not in gone]
    model = opponent_model(rules)
    below = model.below
    # With the choice of the fourth card, a four-card draw takes whichever card is worth more to win.
    value = (lambda level: below(level) ** opponents) if rules.fourth_card_choice else None
    rows = [_row(o, rules, opponents, below) for o in draw_outcomes(hand, unseen, rules.draw_limit, rules,
                                                                     value=value)]
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
    return AdviceRow(outcome.discard, outcome.keep, categories, win, improve, names.get(target, ""), opponents)


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
    """The kept cards in words, after "Keep": 'a pair of kings', 'four to a flush in hearts', 'the ace'."""
    if not keep:
        # TRANSLATORS: the cards a player keeps, after "Keep" ("Keep {kept}, draw 5: ...").
        return pgettext("kept cards", "nothing")
    if any(c.is_joker for c in keep):
        naturals = [c for c in keep if not c.is_joker]
        if not naturals:
            return pgettext("kept cards", "the joker")
        # TRANSLATORS: {kept} are the natural cards kept ("three kings").
        return pgettext("kept cards", "{kept} plus the joker", kept=_describe_keep(naturals))
    ranks = Counter(c.rank for c in keep)
    groups = sorted(ranks.items(), key=lambda rn: (rn[1], rn[0]), reverse=True)
    top, count = groups[0]
    if count == 4:
        # TRANSLATORS: in the kept cards, {ranks}, {pair}, {first} and {second} are ranks in the plural ("kings").
        return pgettext("kept cards", "four {ranks}", ranks=rank_plural(top))
    if count == 3:
        if len(groups) > 1 and groups[1][1] == 2:
            return pgettext("kept cards", "three {ranks} and a pair of {pair}", ranks=rank_plural(top),
                            pair=rank_plural(groups[1][0]))
        return pgettext("kept cards", "three {ranks}", ranks=rank_plural(top))
    if count == 2:
        if len(groups) > 1 and groups[1][1] == 2:
            return pgettext("kept cards", "two pairs, {first} and {second}", first=rank_plural(top),
                            second=rank_plural(groups[1][0]))
        return pgettext("kept cards", "a pair of {ranks}", ranks=rank_plural(top))
    suits = {c.suit for c in keep}
    values = sorted(int(r) for r in ranks)
    straightish = len(keep) >= 3 and (values[-1] - values[0] <= 4 or set(values) <= {14, 7, 8, 9, 10})
    if len(keep) >= 3 and len(suits) == 1 and None not in suits:
        suit = next(iter(suits))
        assert suit is not None
        return _draw_to(len(keep), "straight flush" if straightish else "flush", suit)
    if straightish:
        return _draw_to(len(keep), "straight", None)
    names = [rank_name(r) for r, _n in sorted(ranks.items(), key=lambda rn: -rn[0])]
    first, second, third, *rest = names + [""] * 3
    return pgettext(*_HIGH_CARDS[min(len(names), 4) - 1], first=first, second=second, third=third,
                    fourth=", ".join(rest[:len(names) - 3]))


_HIGH_CARDS = (
    # TRANSLATORS: high cards kept, after "Keep", by their ranks ("the ace and king"): write an article
    # for each rank if your language needs one.
    NP_("kept cards", "the {first}"), NP_("kept cards", "the {first} and {second}"),
    NP_("kept cards", "the {first}, {second} and {third}"),
    NP_("kept cards", "the {first}, {second}, {third} and {fourth}"),
)
# Cards kept towards a straight or a flush, by how many and what they aim at.
_DRAWS = {
    # TRANSLATORS: cards kept towards a flush, after "Keep"; {suit} is a suit ("hearts").
    (3, "flush"): NP_("kept cards", "three to a flush in {suit}"),
    (4, "flush"): NP_("kept cards", "four to a flush in {suit}"),
    (5, "flush"): NP_("kept cards", "five to a flush in {suit}"),
    (3, "straight flush"): NP_("kept cards", "three to a straight flush in {suit}"),
    (4, "straight flush"): NP_("kept cards", "four to a straight flush in {suit}"),
    (5, "straight flush"): NP_("kept cards", "five to a straight flush in {suit}"),
    (3, "straight"): NP_("kept cards", "three to a straight"),
    (4, "straight"): NP_("kept cards", "four to a straight"),
    (5, "straight"): NP_("kept cards", "five to a straight"),
}


def _draw_to(count: int, aim: str, suit: Suit | None) -> str:
    marked = _DRAWS[(min(max(count, 3), 5), aim)]
    return pgettext(*marked, suit=suit_name(suit)) if suit is not None else pgettext(*marked)


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


def _reason(row: AdviceRow) -> str:
    """A row's choice in one sentence: what to keep and draw, the chance to improve, the chance to win."""
    win, n = percent(row.win), row.opponents
    if not row.discard:
        return _stand_pat(row.categories[0][0], win, n)
    kept = _describe_keep(row.keep)
    if not row.improve:
        # TRANSLATORS: {kept} are the cards kept ("a pair of kings"), {draw} how many cards to draw, {win} the
        # chance to win ("62%"); the plural is on the number of opponents.
        return ngettext("Keep {kept}, draw {draw}: no chance to improve; wins {win} against a typical opponent.",
                        "Keep {kept}, draw {draw}: no chance to improve; wins {win} against {n} typical opponents.",
                        n, kept=kept, draw=row.draw, win=win)
    chance = percent(row.improve, 1)
    aim = pgettext(*_AIMS[row.aim]) if row.aim in _AIMS else pgettext("hand to make", "a better hand")
    # TRANSLATORS: {chance} is the chance to make {aim} ("a flush", "two pairs") or better, "34.3%".
    return ngettext("Keep {kept}, draw {draw}: {chance} to make {aim} or better; wins {win} against a typical "
                    "opponent.",
                    "Keep {kept}, draw {draw}: {chance} to make {aim} or better; wins {win} against {n} typical "
                    "opponents.", n, kept=kept, draw=row.draw, chance=chance, aim=aim, win=win)


_AIMS = {
    # TRANSLATORS: the hand a draw aims to make, after "to make" ("34.3% to make a flush or better").
    "five aces": NP_("hand to make", "five aces"), "straight flush": NP_("hand to make", "a straight flush"),
    "four of a kind": NP_("hand to make", "four of a kind"), "flush": NP_("hand to make", "a flush"),
    "full house": NP_("hand to make", "a full house"), "straight": NP_("hand to make", "a straight"),
    "three of a kind": NP_("hand to make", "three of a kind"), "two pairs": NP_("hand to make", "two pairs"),
    "one pair": NP_("hand to make", "a pair"), "high card": NP_("hand to make", "a high card"),
}


def _stand_pat(category: str, win: str, n: int) -> str:
    """Stand pat with a made hand: one sentence per category (its name agrees with "your")."""
    if category == "five aces":
        # TRANSLATORS: {win} is the chance to win ("83%"); the plural is on the number of opponents.
        return ngettext("Stand pat with your five aces: wins {win} against a typical opponent.",
                        "Stand pat with your five aces: wins {win} against {n} typical opponents.", n, win=win)
    if category == "straight flush":
        return ngettext("Stand pat with your straight flush: wins {win} against a typical opponent.",
                        "Stand pat with your straight flush: wins {win} against {n} typical opponents.", n, win=win)
    if category == "four of a kind":
        return ngettext("Stand pat with your four of a kind: wins {win} against a typical opponent.",
                        "Stand pat with your four of a kind: wins {win} against {n} typical opponents.", n, win=win)
    if category == "flush":
        return ngettext("Stand pat with your flush: wins {win} against a typical opponent.",
                        "Stand pat with your flush: wins {win} against {n} typical opponents.", n, win=win)
    if category == "full house":
        return ngettext("Stand pat with your full house: wins {win} against a typical opponent.",
                        "Stand pat with your full house: wins {win} against {n} typical opponents.", n, win=win)
    if category == "straight":
        return ngettext("Stand pat with your straight: wins {win} against a typical opponent.",
                        "Stand pat with your straight: wins {win} against {n} typical opponents.", n, win=win)
    if category == "three of a kind":
        return ngettext("Stand pat with your three of a kind: wins {win} against a typical opponent.",
                        "Stand pat with your three of a kind: wins {win} against {n} typical opponents.", n, win=win)
    if category == "two pairs":
        return ngettext("Stand pat with your two pairs: wins {win} against a typical opponent.",
                        "Stand pat with your two pairs: wins {win} against {n} typical opponents.", n, win=win)
    if category == "one pair":
        return ngettext("Stand pat with your one pair: wins {win} against a typical opponent.",
                        "Stand pat with your one pair: wins {win} against {n} typical opponents.", n, win=win)
    return ngettext("Stand pat with your high card: wins {win} against a typical opponent.",
                    "Stand pat with your high card: wins {win} against {n} typical opponents.", n, win=win)


_SHORT = {
    # TRANSLATORS: a hand category in a column heading of the advisor's table: at most 6 characters.
    "five aces": NP_("short category", "5A"), "straight flush": NP_("short category", "SF"),
    "four of a kind": NP_("short category", "Quads"), "flush": NP_("short category", "Flush"),
    "full house": NP_("short category", "Full"), "straight": NP_("short category", "Str"),
    "three of a kind": NP_("short category", "Trips"), "two pairs": NP_("short category", "2Pair"),
    "one pair": NP_("short category", "Pair"), "high card": NP_("short category", "High"),
}


def format_advice(advice: Advice, limit: int | None = None) -> str:
    """The advice as a text table (one line per choice, best first), in the language in use."""
    order = list(_SHORT)
    if not advice.rules_flush_first:
        order = ["five aces", "straight flush", "four of a kind", "full house", "flush", "straight",
                 "three of a kind", "two pairs", "one pair", "high card"]
    shown = [name for name in order if any(dict(r.categories).get(name) for r in advice.rows)]
    short = {name: pgettext(*_SHORT[name]) for name in shown}
    # TRANSLATORS: the advisor table's column headings: the cards to throw away, the chance to win, why.
    discard_head, win_head, reason_head = (pgettext("advice table", "discard"), pgettext("advice table", "win"),
                                           pgettext("advice table", "reason"))
    head = f"{'#':>2}  {discard_head:<15} {win_head:>6} " + " ".join(f"{short[n]:>6}" for n in shown) \
        + f"  {reason_head}"
    cards, n = format_cards(advice.cards), advice.opponents
    if advice.dead:
        # TRANSLATORS: the advisor table's title: {cards} and {dead} are card text ("Ah Kh Qh Jh 7c"); "win" is
        # the column heading above.
        title = ngettext("Hand {cards}, dead {dead}; win = chance to beat {n} typical opponent",
                         "Hand {cards}, dead {dead}; win = chance to beat {n} typical opponents", n, cards=cards,
                         dead=format_cards(advice.dead))
    else:
        title = ngettext("Hand {cards}; win = chance to beat {n} typical opponent",
                         "Hand {cards}; win = chance to beat {n} typical opponents", n, cards=cards)
    lines = [title, head]
    for i, row in enumerate(advice.rows[:limit] if limit else advice.rows, 1):
        cats = dict(row.categories)
        cells = " ".join(f"{percent(cats[n], 1):>6}" if cats.get(n) else f"{'-':>6}" for n in shown)
        # TRANSLATORS: in the advisor's table, the choice that throws no card away.
        discard = format_cards(row.discard) or pgettext("advice table", "(stand pat)")
        lines.append(f"{i:>2}  {discard:<15} {percent(row.win, 1):>6} {cells}  {row.reason}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- the choice of the fourth card


class ChoiceRow(NamedTuple):
    """One side of the choice of the fourth card: ``take`` is ``"up"`` or ``"down"`` (the action
    ``take up`` / ``take down``), ``card`` the face-up card (None for the face-down one), the category
    odds of the final hand, the chance to win, and (face-down) the chance of a better final hand than
    the face-up card gives (``better``); ``aim`` is the category the face-up card makes."""

    take: str
    card: Card | None
    categories: tuple[tuple[str, float], ...]
    win: float
    better: float
    aim: str
    opponents: int = 1

    @property
    def action(self) -> str:
        """The action text: ``take up`` or ``take down``."""
        return f"take {self.take}"

    @property
    def reason(self) -> str:
        """This side of the choice in one sentence, in the language in use."""
        win, n = percent(self.win), self.opponents
        aim = pgettext(*_AIMS[self.aim]) if self.aim in _AIMS else pgettext("hand to make", "a better hand")
        if self.take == "up":
            # TRANSLATORS: the choice of the fourth card: {aim} is the hand the face-up card makes ("a pair"), {win}
            # the chance to win ("45%"); the plural is on the number of opponents.
            return ngettext("Take the face-up card: it makes {aim}; wins {win} against a typical opponent.",
                            "Take the face-up card: it makes {aim}; wins {win} against {n} typical opponents.", n,
                            aim=aim, win=win)
        # TRANSLATORS: {chance} is the chance that the face-down card gives a better hand than the face-up card
        # would ("52.1%").
        return ngettext("Take the face-down card: {chance} to end with a better hand than the face-up card gives; "
                        "wins {win} against a typical opponent.",
                        "Take the face-down card: {chance} to end with a better hand than the face-up card gives; "
                        "wins {win} against {n} typical opponents.", n, chance=percent(self.better, 1), win=win)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: the action, the face-up card as text (or None), probabilities from 0 to 1."""
        return {"action": self.action, "card": None if self.card is None else str(self.card),
                "categories": dict(self.categories), "win": self.win, "better": self.better,
                "reason": self.reason}


class ChoiceAdvice(NamedTuple):
    """The advisor at the choice of the fourth card: both sides, the better first."""

    cards: tuple[Card, ...]
    up: Card
    dead: tuple[Card, ...]
    opponents: int
    rows: tuple[ChoiceRow, ChoiceRow]

    @property
    def best(self) -> ChoiceRow:
        """The recommended side (the first row)."""
        return self.rows[0]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form of both sides."""
        return {"cards": format_cards(self.cards), "up": str(self.up), "dead": format_cards(self.dead),
                "opponents": self.opponents, "rows": [row.to_dict() for row in self.rows]}


def advise_choice(cards: CardsLike, up: CardsLike, rules: Rules | None = None, dead: CardsLike = (),
                  opponents: int = 1) -> ChoiceAdvice:
    """Which card to take at the choice of the fourth card (RULES.md s.5): the four ``cards`` held, the
    face-up card ``up``, the face-down card one of the cards not seen (``dead``: cards known to be
    out of play, such as the player's own discards, which are never dealt back to them).

    >>> a = advise_choice("Ah Kd 9c 8s", "Kc", Rules.preset("bosnian"))
    >>> a.best.action, a.rows[1].action
    ('take up', 'take down')
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, got {type(rules).__name__}")
    hand = parse_cards(cards, joker=rules.joker)
    if len(hand) != 4:
        raise CardError(_("the choice of the fourth card needs the 4 cards held, got {count}", count=len(hand)))
    face_up = parse_cards(up, joker=rules.joker)
    if len(face_up) != 1:
        raise CardError(_("the choice of the fourth card needs one face-up card, got {count}", count=len(face_up)))
    out = parse_cards(dead, joker=rules.joker)
    clash = [str(c) for c in out + face_up if c in hand] + [str(c) for c in out if c in face_up]
    if clash:
        raise CardError(_("{cards} cannot be both in the hand and dead", cards=" ".join(clash)))
    if isinstance(opponents, bool) or not isinstance(opponents, int) or not 1 <= opponents <= 4:
        raise ValueError(_("opponents must be 1 to 4, got {value}", value=repr(opponents)))
    gone = set(hand) | set(out) | set(face_up)
    unseen = [c for c in full_deck(rules.joker) if c not in gone]
    below = opponent_model(rules).below
    odds = choice_odds(hand, face_up[0], unseen, rules, lambda level: below(level) ** opponents)
    names = {order: name for name, order in _category_orders(rules).items()}
    aim = names[_order(odds.up_level)]
    up_row = ChoiceRow("up", face_up[0], ((aim, 1.0),), odds.up_value, 0.0, aim, opponents)
    total = sum(odds.down_levels.values())
    by_category: Counter[str] = Counter()
    better = 0
    for level, n in odds.down_levels.items():
        by_category[names[_order(level)]] += n
        better += n if level > odds.up_level else 0
    orders = _category_orders(rules)
    categories = tuple((name, by_category[name] / total) for name in sorted(by_category, key=lambda k: -orders[k]))
    down_row = ChoiceRow("down", None, categories, odds.down_value, better / total, aim, opponents)
    rows = (up_row, down_row) if odds.take_up else (down_row, up_row)
    return ChoiceAdvice(hand, face_up[0], out, opponents, rows)


def format_choice_advice(advice: ChoiceAdvice) -> str:
    """The choice of the fourth card as text: a title and one line per side, the better first."""
    n = advice.opponents
    # TRANSLATORS: the advisor's title at the choice of the fourth card: {cards} are the four cards held and
    # {up} the face-up card, as card text ("Ah Kd 9c 8s", "Kc").
    lines = [ngettext("Hand {cards}, face-up card {up}; win = chance to beat {n} typical opponent",
                      "Hand {cards}, face-up card {up}; win = chance to beat {n} typical opponents", n,
                      cards=format_cards(advice.cards), up=str(advice.up))]
    for i, row in enumerate(advice.rows, 1):
        lines.append(f"{i:>2}  {row.action:<10} {percent(row.win, 1):>6}  {row.reason}")
    return "\n".join(lines)
