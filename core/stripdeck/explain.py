"""Why one hand beats another, in words: for tutorials, the compare widget and the command line.

>>> explain("Ah Qh Th 8h 7h", "Ks Kd Kc 8s 8c").reason
'a flush beats a full house in 32-card poker'
>>> explain("Qh Qs Tc 9d 8s", "Qd Qc Th 9s 8d", Rules(suit_ties="combination")).reason
'equal pairs of queens and kickers: the queen of hearts decides'
"""
# l10n-part: widgets (this file's sentences load with the widgets: docs/i18n.md, "Bytes")

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from .cards import DECK, Card, CardError, Rank, parse_cards, suit_index
from .evaluator import HandValue, evaluate
from .i18n import N_, _, join, ngettext, pgettext
from .rules import Rules
from .words import card_name, category_name, rank_high, rank_name, rank_plural, suit_name

__all__ = ["Comparison", "explain", "joker_words", "read_hand", "read_hands", "SUIT_WORDS"]

SUIT_WORDS = {"h": "hearts", "d": "diamonds", "c": "clubs", "s": "spades"}
"""The suits' names in English by letter (for people, :func:`stripdeck.words.suit_name`)."""

# Why a hand of one category beats one of another: one sentence per pair of categories (the
# winner's first), so each language can decline and agree the names as it needs.
_BEATS = {
    # TRANSLATORS: why one hand beats another, after "Hand A wins: " (lower case, no full stop).
    ("five aces", "straight flush"): N_("five aces beat a straight flush"),
    ("five aces", "four of a kind"): N_("five aces beat four of a kind"),
    ("five aces", "flush"): N_("five aces beat a flush"),
    ("five aces", "full house"): N_("five aces beat a full house"),
    ("five aces", "straight"): N_("five aces beat a straight"),
    ("five aces", "three of a kind"): N_("five aces beat three of a kind"),
    ("five aces", "two pairs"): N_("five aces beat two pairs"),
    ("five aces", "one pair"): N_("five aces beat a pair"),
    ("five aces", "high card"): N_("five aces beat a high-card hand"),
    ("straight flush", "four of a kind"): N_("a straight flush beats four of a kind"),
    ("straight flush", "flush"): N_("a straight flush beats a flush"),
    ("straight flush", "full house"): N_("a straight flush beats a full house"),
    ("straight flush", "straight"): N_("a straight flush beats a straight"),
    ("straight flush", "three of a kind"): N_("a straight flush beats three of a kind"),
    ("straight flush", "two pairs"): N_("a straight flush beats two pairs"),
    ("straight flush", "one pair"): N_("a straight flush beats a pair"),
    ("straight flush", "high card"): N_("a straight flush beats a high-card hand"),
    ("four of a kind", "flush"): N_("four of a kind beats a flush"),
    ("four of a kind", "full house"): N_("four of a kind beats a full house"),
    ("four of a kind", "straight"): N_("four of a kind beats a straight"),
    ("four of a kind", "three of a kind"): N_("four of a kind beats three of a kind"),
    ("four of a kind", "two pairs"): N_("four of a kind beats two pairs"),
    ("four of a kind", "one pair"): N_("four of a kind beats a pair"),
    ("four of a kind", "high card"): N_("four of a kind beats a high-card hand"),
    # TRANSLATORS: with 8 cards a suit, a flush is rarer than a full house, so it ranks above it.
    ("flush", "full house"): N_("a flush beats a full house in 32-card poker"),
    ("flush", "straight"): N_("a flush beats a straight"),
    ("flush", "three of a kind"): N_("a flush beats three of a kind"),
    ("flush", "two pairs"): N_("a flush beats two pairs"),
    ("flush", "one pair"): N_("a flush beats a pair"),
    ("flush", "high card"): N_("a flush beats a high-card hand"),
    # TRANSLATORS: only with the rules option that ranks hands in the ordinary order.
    ("full house", "flush"): N_("a full house beats a flush (the ordinary order, as in 52-card poker)"),
    ("full house", "straight"): N_("a full house beats a straight"),
    ("full house", "three of a kind"): N_("a full house beats three of a kind"),
    ("full house", "two pairs"): N_("a full house beats two pairs"),
    ("full house", "one pair"): N_("a full house beats a pair"),
    ("full house", "high card"): N_("a full house beats a high-card hand"),
    ("straight", "three of a kind"): N_("a straight beats three of a kind"),
    ("straight", "two pairs"): N_("a straight beats two pairs"),
    ("straight", "one pair"): N_("a straight beats a pair"),
    ("straight", "high card"): N_("a straight beats a high-card hand"),
    ("three of a kind", "two pairs"): N_("three of a kind beats two pairs"),
    ("three of a kind", "one pair"): N_("three of a kind beats a pair"),
    ("three of a kind", "high card"): N_("three of a kind beats a high-card hand"),
    ("two pairs", "one pair"): N_("two pairs beat a pair"),
    ("two pairs", "high card"): N_("two pairs beat a high-card hand"),
    ("one pair", "high card"): N_("a pair beats a high-card hand"),
}


@dataclass(frozen=True)
class Comparison:
    """The outcome: ``winner`` is "a", "b" or "" (equal hands), with the reason in words (in the
    language in use when :func:`explain` was asked)."""

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
            # TRANSLATORS: {reason} says why, in lower case ("equal pairs of queens and kickers: ...").
            return _("Equal hands: {reason}.", reason=self.reason)
        # TRANSLATORS: {hand} is the hand's letter, A or B (kept as it is); {reason} says why, in lower case.
        return _("Hand {hand} wins: {reason}.", hand=self.winner.upper(), reason=self.reason)


def read_hand(text: str, label: str, joker: bool = False) -> tuple[Card, ...]:
    """Five cards from text; CardError names the hand ("hand A: ...")."""
    if not text.strip():
        # TRANSLATORS: {hand} is the hand's letter, A or B.
        raise CardError(_("hand {hand}: enter five cards, like Ah Kd Qc Js 9h", hand=label))
    try:
        cards = parse_cards(text, joker=joker)
    except CardError as err:
        raise CardError(_("hand {hand}: {problem}", hand=label, problem=str(err))) from None
    if len(cards) != 5:
        raise CardError(_("hand {hand}: a hand is exactly 5 cards, got {count}", hand=label, count=len(cards)))
    return cards


def read_hands(a: str, b: str, joker: bool = False) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Both hands, checked: five cards each, no card in both."""
    hand_a, hand_b = read_hand(a, "A", joker), read_hand(b, "B", joker)
    shared = [c for c in hand_a if c in hand_b]
    if shared:
        # TRANSLATORS: {cards} are the cards with their article ("the ace of hearts").
        raise CardError(ngettext("duplicate card: {cards} cannot be in both hands (one deck)",
                                 "duplicate cards: {cards} cannot be in both hands (one deck)", len(shared),
                                 cards=join([card_name(c, article=True) for c in shared])))
    return hand_a, hand_b


def _beats(winner: str, loser: str) -> str:
    return _(_BEATS[(winner, loser)])


def _straight_reason(straight_flush: bool, w: HandValue, lose: HandValue) -> str:
    """Two straights (or straight flushes) of different heights. The lowest, A-7-8-9-10, is ten high."""
    high, low = rank_high(w.ranks[0]), rank_high(lose.ranks[0])
    if straight_flush:
        if lose.ranks[0] == Rank.TEN:
            return _("a straight flush, {high}, beats one {low} (A-7-8-9-10: the ace plays low)", high=high,
                     low=low)
        return _("a straight flush, {high}, beats one {low}", high=high, low=low)
    if lose.ranks[0] == Rank.TEN:
        # TRANSLATORS: {high} and {low} are the straights' top cards ("jack high", "ten high").
        return _("a straight, {high}, beats one {low} (A-7-8-9-10: the ace plays low)", high=high, low=low)
    return _("a straight, {high}, beats one {low}", high=high, low=low)


def _rank_reason(w: HandValue, l: HandValue) -> str:  # noqa: E741 - w(inner), l(oser)
    """Same category, different ranks: which rank decides."""
    cat = w.category
    i = next(k for k, (x, y) in enumerate(zip(w.ranks, l.ranks)) if x != y)
    hi, lo = w.ranks[i], l.ranks[i]
    if cat in ("straight", "straight flush"):
        return _straight_reason(cat == "straight flush", w, l)
    if cat == "four of a kind":
        # TRANSLATORS: in reasons, {higher} and {lower} are ranks, in the plural when the English has
        # "beat" ("nines beat eights"), in the singular with "beats" ("ace beats king").
        return _("four {higher} beat four {lower}", higher=rank_plural(hi), lower=rank_plural(lo))
    if cat == "three of a kind":
        return _("three {higher} beat three {lower}", higher=rank_plural(hi), lower=rank_plural(lo))
    if cat == "full house":
        if i == 0:
            return _("a full house of {higher} beats one of {lower} (the three cards decide)",
                     higher=rank_plural(hi), lower=rank_plural(lo))
        return _("equal threes: the pair decides, {higher} beat {lower}", higher=rank_plural(hi),
                 lower=rank_plural(lo))
    if cat == "one pair":
        pair = rank_plural(w.ranks[0])
        higher, lower = (rank_plural(hi), rank_plural(lo)) if i == 0 else (rank_name(hi), rank_name(lo))
        if i == 0:
            return _("a pair of {higher} beats a pair of {lower}", higher=higher, lower=lower)
        if i == 1:
            # TRANSLATORS: {pair} is the pair's rank in the plural ("queens").
            return _("equal pairs of {pair}: the highest side card decides, {higher} beats {lower}", pair=pair,
                     higher=higher, lower=lower)
        if i == 2:
            return _("equal pairs of {pair}: the second side card decides, {higher} beats {lower}", pair=pair,
                     higher=higher, lower=lower)
        return _("equal pairs of {pair}: the third side card decides, {higher} beats {lower}", pair=pair,
                 higher=higher, lower=lower)
    if cat == "two pairs":
        if i == 0:
            return _("the higher pair decides: {higher} beat {lower}", higher=rank_plural(hi), lower=rank_plural(lo))
        if i == 1:
            return _("equal higher pairs of {pair}: the lower pair decides, {higher} beat {lower}",
                     pair=rank_plural(w.ranks[0]), higher=rank_plural(hi), lower=rank_plural(lo))
        # TRANSLATORS: {first} and {second} are the pairs' ranks in the plural ("queens", "nines").
        return _("equal pairs of {first} and {second}: the side card decides, {higher} beats {lower}",
                 first=rank_plural(w.ranks[0]), second=rank_plural(w.ranks[1]), higher=rank_name(hi),
                 lower=rank_name(lo))
    higher, lower = rank_name(hi), rank_name(lo)
    if cat == "flush":
        if i == 0:
            return _("both are flushes: the highest card decides, {higher} beats {lower}", higher=higher,
                     lower=lower)
        return _(_KICKERS["flush"][i - 1], higher=higher, lower=lower)
    if i == 0:
        return _("both are high-card hands: the highest card decides, {higher} beats {lower}", higher=higher,
                 lower=lower)
    return _(_KICKERS["high card"][i - 1], higher=higher, lower=lower)


# Flushes and high-card hands with the same top cards: the second, third... card decides.
_KICKERS = {
    "flush": (
        N_("both are flushes with the same top cards: the second card decides, {higher} beats {lower}"),
        N_("both are flushes with the same top cards: the third card decides, {higher} beats {lower}"),
        N_("both are flushes with the same top cards: the fourth card decides, {higher} beats {lower}"),
        N_("both are flushes with the same top cards: the fifth card decides, {higher} beats {lower}"),
    ),
    "high card": (
        N_("both are high-card hands with the same top cards: the second card decides, {higher} beats {lower}"),
        N_("both are high-card hands with the same top cards: the third card decides, {higher} beats {lower}"),
        N_("both are high-card hands with the same top cards: the fourth card decides, {higher} beats {lower}"),
        N_("both are high-card hands with the same top cards: the fifth card decides, {higher} beats {lower}"),
    ),
}


def _equal_reason(v: HandValue, card: Card | None) -> str:
    """Hands equal by ranks: what is equal, and the card whose suit decides (``card``), or that
    suits do not decide and the pot is split (None)."""
    cat, r = v.category, v.ranks
    the = card_name(card, article=True) if card is not None else ""
    if cat == "one pair":
        if card is None:
            return _("equal pairs of {ranks} and kickers: suits do not decide, so the pot is split",
                     ranks=rank_plural(r[0]))
        # TRANSLATORS: {card} is a card with its article ("the queen of hearts"); {ranks} a rank in the plural.
        return _("equal pairs of {ranks} and kickers: {card} decides", ranks=rank_plural(r[0]), card=the)
    if cat == "two pairs":
        if card is None:
            return _("equal pairs of {first} and {second} and kickers: suits do not decide, so the pot is split",
                     first=rank_plural(r[0]), second=rank_plural(r[1]))
        return _("equal pairs of {first} and {second} and kickers: {card} decides", first=rank_plural(r[0]),
                 second=rank_plural(r[1]), card=the)
    if cat in ("straight", "straight flush"):
        return _equal_straights(cat == "straight flush", r[0], the)
    if cat == "flush":
        if card is None:
            return _("equal flushes, {high}, all five ranks the same: suits do not decide, so the pot is split",
                     high=rank_high(r[0]))
        return _("equal flushes, {high}, all five ranks the same: {card} decides", high=rank_high(r[0]), card=the)
    if cat == "high card":
        if card is None:
            return _("equal ranks, {high}: suits do not decide, so the pot is split", high=rank_high(r[0]))
        return _("equal ranks, {high}: {card} decides", high=rank_high(r[0]), card=the)
    # Four of a kind, three of a kind, full houses and five aces are never equal in one deck.
    if card is None:
        # TRANSLATORS: {category} is a hand category's name ("full house").
        return _("equal hands of {category}: suits do not decide, so the pot is split",
                 category=category_name(cat))
    return _("equal hands of {category}: {card} decides", category=category_name(cat), card=the)


def _equal_straights(straight_flush: bool, top: Rank, the: str) -> str:
    high = rank_high(top)
    low = top == Rank.TEN
    if straight_flush:
        if not the:
            if low:
                return _("equal straight flushes, {high} (A-7-8-9-10: the ace plays low): suits do not decide, so "
                         "the pot is split", high=high)
            return _("equal straight flushes, {high}: suits do not decide, so the pot is split", high=high)
        if low:
            return _("equal straight flushes, {high} (A-7-8-9-10: the ace plays low): {card} decides", high=high,
                     card=the)
        return _("equal straight flushes, {high}: {card} decides", high=high, card=the)
    if not the:
        if low:
            return _("equal straights, {high} (A-7-8-9-10: the ace plays low): suits do not decide, so the pot is "
                     "split", high=high)
        return _("equal straights, {high}: suits do not decide, so the pot is split", high=high)
    if low:
        return _("equal straights, {high} (A-7-8-9-10: the ace plays low): {card} decides", high=high, card=the)
    return _("equal straights, {high}: {card} decides", high=high, card=the)


def _suit_rule(v: HandValue, rules: Rules) -> str:
    """Which card's suit counts for equal hands (the rules' suit_ties), in words."""
    cat = v.category
    if cat == "flush":
        return _("the flush's suit counts")
    if cat in ("straight", "straight flush"):
        return _("the suit of the top card counts")
    if cat == "high card":
        return _("the suit of the highest card counts")
    if rules.suit_ties == "combination":
        return _("equal hands: the combination's best suit decides (its best card counts, never a side card)")
    if cat == "two pairs":
        return _("equal hands: the deciding card's suit decides (here the side card)")
    return _("equal hands: the deciding card's suit decides (here the highest side card)")


def _order_words(rules: Rules) -> str:
    # TRANSLATORS: {suits} lists the suits highest first: "hearts > diamonds > clubs > spades".
    return _("suit order {suits}", suits=" > ".join(suit_name(s) for s in rules.suit_order))


def _clauses(parts: list[str]) -> str:
    """Notes one after another, as clauses of one sentence ("a; b; c")."""
    out = parts[0]
    for part in parts[1:]:
        # TRANSLATORS: two notes of one sentence joined (English with a semicolon; Greek "{first}· {second}").
        out = pgettext("notes", "{first}; {second}", first=out, second=part)
    return out


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
        return _("the joker counts as an ace")
    rank = Rank(missing[0])
    if category == "full house":
        return _(_JOKER_FULL_HOUSE[rank])
    suit = naturals[0].suit
    if category == "straight" or suit is None:
        # TRANSLATORS: {rank} is a rank with its article ("the jack").
        return _("the joker completes the straight as {rank}", rank=rank_name(rank, article=True))
    card = card_name(DECK[(rank - 7) * 4 + suit_index(suit)], article=True)
    if category == "straight flush":
        # TRANSLATORS: {card} is a card with its article ("the jack of hearts").
        return _("the joker completes the straight flush as {card}", card=card)
    return _("the joker completes the flush as {card}", card=card)


_JOKER_FULL_HOUSE = {
    # TRANSLATORS: what the joker stands for in a full house (K K Q Q and the joker: "as a king").
    Rank.SEVEN: N_("the joker completes the full house as a seven"),
    Rank.EIGHT: N_("the joker completes the full house as an eight"),
    Rank.NINE: N_("the joker completes the full house as a nine"),
    Rank.TEN: N_("the joker completes the full house as a ten"),
    Rank.JACK: N_("the joker completes the full house as a jack"),
    Rank.QUEEN: N_("the joker completes the full house as a queen"),
    Rank.KING: N_("the joker completes the full house as a king"),
}  # as an ace, it "counts as an ace" (above)


def explain(a: str | tuple[Card, ...], b: str | tuple[Card, ...], rules: Rules | None = None) -> Comparison:
    """Compare two hands under ``rules``: the winner and the reason in words, in the language in
    use (with what a joker plays as)."""
    comparison = _explain(a, b, rules)
    jokers = [
        # TRANSLATORS: {hand} is the hand's letter, A or B; {joker} says what the joker plays as ("the joker
        # counts as an ace").
        _("in hand {hand} {joker}", hand=label, joker=joker_words(cards, v))
        for label, cards, v in (("A", comparison.a, comparison.value_a), ("B", comparison.b, comparison.value_b))
        if any(c.is_joker for c in cards)]
    if not jokers:
        return comparison
    return replace(comparison, rule_note=_clauses(([comparison.rule_note] if comparison.rule_note else []) + jokers))


def _explain(a: str | tuple[Card, ...], b: str | tuple[Card, ...], rules: Rules | None = None) -> Comparison:
    rules = rules or Rules()
    if isinstance(a, str) or isinstance(b, str):
        hand_a, hand_b = read_hands(a if isinstance(a, str) else " ".join(map(str, a)),
                                    b if isinstance(b, str) else " ".join(map(str, b)), rules.joker)
    else:
        hand_a, hand_b = a, b
    va, vb = evaluate(hand_a, rules), evaluate(hand_b, rules)
    if va == vb:
        note = _("equal hands share the pot: suits never decide") if rules.suit_ties == "split" else ""
        return Comparison(hand_a, hand_b, va, vb, "", _equal_reason(va, None), note)
    winner = "a" if va > vb else "b"
    w, lose = (va, vb) if winner == "a" else (vb, va)
    note = ""
    if w.category != lose.category:
        reason = _beats(w.category, lose.category)
    elif w.ranks != lose.ranks:
        reason = _rank_reason(w, lose)
    else:
        card = w.deciding_card
        other = lose.deciding_card
        # Equal ranks, different strengths: a suit decided, so the winner has a deciding card.
        assert card is not None
        reason = _equal_reason(w, card)
        parts = [_suit_rule(w, rules), _order_words(rules)]
        if other is not None:
            # TRANSLATORS: {card} is the losing hand's deciding card, with its article ("the queen of diamonds").
            parts.append(_("it beats {card}", card=card_name(other, article=True)))
        note = _clauses(parts)
    return Comparison(hand_a, hand_b, va, vb, winner, reason, note)
