"""The game's words in the language in use: cards, ranks, suits, hand categories, hand names
and the phases of a hand (docs/i18n.md).

Every name comes from the catalogue, marked in the tables below and translated when asked
for, so the language may change at any time. A card has two names: bare (``"card"``
context: "queen of spades", for lists and headlines) and with its article (``"card with
article"``: "the queen of spades", for sentences)::

    >>> from stripdeck.cards import parse_card
    >>> card_name(parse_card("Qs")), card_name(parse_card("Qs"), article=True)
    ('queen of spades', 'the queen of spades')
    >>> hand_name("two pairs", (Rank.KING, Rank.NINE, Rank.ACE), parse_card("Ah"))
    'Two pairs, kings and nines, ace of hearts decides'

The hand log keeps a shown hand's name in English (:attr:`HandValue.english`: data, the same
in every language); :func:`hand_from_english` reads such a name back, so that narration can
say it in the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .cards import DECK, JOKER, Card, Rank, Suit
from .i18n import ENGLISH, NP_, pgettext, upper_first, using

__all__ = ["card_name", "card_names", "rank_name", "rank_plural", "rank_high", "suit_name", "category_name",
           "hand_name", "hand_from_english", "phase_name", "CATEGORY_KEYS"]

# ------------------------------------------------------------------ cards

# The 32 cards in deck order (sevens first; hearts, diamonds, clubs, spades), then the joker.
_CARDS = (
    # TRANSLATORS: a card's name without an article, as in a list of cards or "Flush, ace high, ace of
    # hearts decides" (lower case: a sentence capitalises it if it comes first).
    NP_("card", "seven of hearts"), NP_("card", "seven of diamonds"),
    NP_("card", "seven of clubs"), NP_("card", "seven of spades"),
    NP_("card", "eight of hearts"), NP_("card", "eight of diamonds"),
    NP_("card", "eight of clubs"), NP_("card", "eight of spades"),
    NP_("card", "nine of hearts"), NP_("card", "nine of diamonds"),
    NP_("card", "nine of clubs"), NP_("card", "nine of spades"),
    NP_("card", "ten of hearts"), NP_("card", "ten of diamonds"),
    NP_("card", "ten of clubs"), NP_("card", "ten of spades"),
    NP_("card", "jack of hearts"), NP_("card", "jack of diamonds"),
    NP_("card", "jack of clubs"), NP_("card", "jack of spades"),
    NP_("card", "queen of hearts"), NP_("card", "queen of diamonds"),
    NP_("card", "queen of clubs"), NP_("card", "queen of spades"),
    NP_("card", "king of hearts"), NP_("card", "king of diamonds"),
    NP_("card", "king of clubs"), NP_("card", "king of spades"),
    NP_("card", "ace of hearts"), NP_("card", "ace of diamonds"),
    NP_("card", "ace of clubs"), NP_("card", "ace of spades"),
    # TRANSLATORS: the optional 33rd card, without an article.
    NP_("card", "joker"),
)
_CARDS_THE = (
    # TRANSLATORS: a card's name with its definite article, as the subject of a sentence ("the queen of
    # hearts decides", "it beats the queen of diamonds"): "la dama di cuori", "die Herz-Dame".
    NP_("card with article", "the seven of hearts"), NP_("card with article", "the seven of diamonds"),
    NP_("card with article", "the seven of clubs"), NP_("card with article", "the seven of spades"),
    NP_("card with article", "the eight of hearts"), NP_("card with article", "the eight of diamonds"),
    NP_("card with article", "the eight of clubs"), NP_("card with article", "the eight of spades"),
    NP_("card with article", "the nine of hearts"), NP_("card with article", "the nine of diamonds"),
    NP_("card with article", "the nine of clubs"), NP_("card with article", "the nine of spades"),
    NP_("card with article", "the ten of hearts"), NP_("card with article", "the ten of diamonds"),
    NP_("card with article", "the ten of clubs"), NP_("card with article", "the ten of spades"),
    NP_("card with article", "the jack of hearts"), NP_("card with article", "the jack of diamonds"),
    NP_("card with article", "the jack of clubs"), NP_("card with article", "the jack of spades"),
    NP_("card with article", "the queen of hearts"), NP_("card with article", "the queen of diamonds"),
    NP_("card with article", "the queen of clubs"), NP_("card with article", "the queen of spades"),
    NP_("card with article", "the king of hearts"), NP_("card with article", "the king of diamonds"),
    NP_("card with article", "the king of clubs"), NP_("card with article", "the king of spades"),
    NP_("card with article", "the ace of hearts"), NP_("card with article", "the ace of diamonds"),
    NP_("card with article", "the ace of clubs"), NP_("card with article", "the ace of spades"),
    NP_("card with article", "the joker"),
)


def card_name(card: Card, article: bool = False) -> str:
    """A card in words, in the language in use: bare ("queen of spades") or with its article
    ("the queen of spades").

    >>> from stripdeck.cards import parse_card
    >>> card_name(JOKER), card_name(parse_card("7c"), article=True)
    ('joker', 'the seven of clubs')
    """
    return pgettext(*(_CARDS_THE if article else _CARDS)[card.index])


def card_names(cards: Iterable[Card]) -> str:
    """Cards in words, bare names one after another ("seven of clubs, king of hearts").

    >>> card_names(DECK[:2])
    'seven of hearts, seven of diamonds'
    """
    return ", ".join(card_name(c) for c in cards)


# ------------------------------------------------------------------ ranks and suits

_RANKS = {
    # TRANSLATORS: a rank on its own, in the singular: "the second side card decides, ace beats king".
    Rank.SEVEN: NP_("rank", "seven"), Rank.EIGHT: NP_("rank", "eight"), Rank.NINE: NP_("rank", "nine"),
    Rank.TEN: NP_("rank", "ten"), Rank.JACK: NP_("rank", "jack"), Rank.QUEEN: NP_("rank", "queen"),
    Rank.KING: NP_("rank", "king"), Rank.ACE: NP_("rank", "ace"),
}
_RANKS_THE = {
    # TRANSLATORS: a rank with its definite article, as in "the joker completes the straight as the jack".
    Rank.SEVEN: NP_("rank with article", "the seven"), Rank.EIGHT: NP_("rank with article", "the eight"),
    Rank.NINE: NP_("rank with article", "the nine"), Rank.TEN: NP_("rank with article", "the ten"),
    Rank.JACK: NP_("rank with article", "the jack"), Rank.QUEEN: NP_("rank with article", "the queen"),
    Rank.KING: NP_("rank with article", "the king"), Rank.ACE: NP_("rank with article", "the ace"),
}
_PLURALS = {
    # TRANSLATORS: a rank in the plural, inside hand names and reasons: "Pair of kings", "Four kings",
    # "Two pairs, kings and nines", "kings beat queens". Use the form those sentences of yours need.
    Rank.SEVEN: NP_("ranks", "sevens"), Rank.EIGHT: NP_("ranks", "eights"), Rank.NINE: NP_("ranks", "nines"),
    Rank.TEN: NP_("ranks", "tens"), Rank.JACK: NP_("ranks", "jacks"), Rank.QUEEN: NP_("ranks", "queens"),
    Rank.KING: NP_("ranks", "kings"), Rank.ACE: NP_("ranks", "aces"),
}
_HIGHS = {
    # TRANSLATORS: a hand's top card, as in "Flush, ace high" and "a straight, jack high, beats one ten
    # high" (Italian "all'asso", German "bis zum Ass"): a phrase that stands on its own.
    Rank.SEVEN: NP_("top card", "seven high"), Rank.EIGHT: NP_("top card", "eight high"),
    Rank.NINE: NP_("top card", "nine high"), Rank.TEN: NP_("top card", "ten high"),
    Rank.JACK: NP_("top card", "jack high"), Rank.QUEEN: NP_("top card", "queen high"),
    Rank.KING: NP_("top card", "king high"), Rank.ACE: NP_("top card", "ace high"),
}
_SUITS = {
    # TRANSLATORS: a suit's name (plural, as the suits are called): "four to a flush in hearts", "suit order
    # hearts > diamonds > clubs > spades".
    Suit.HEARTS: NP_("suit", "hearts"), Suit.DIAMONDS: NP_("suit", "diamonds"),
    Suit.CLUBS: NP_("suit", "clubs"), Suit.SPADES: NP_("suit", "spades"),
}


def rank_name(rank: Rank, article: bool = False) -> str:
    """A rank in words, singular: bare ("queen") or with its article ("the queen")."""
    return pgettext(*(_RANKS_THE if article else _RANKS)[rank])


def rank_plural(rank: Rank) -> str:
    """A rank in words, plural ("queens")."""
    return pgettext(*_PLURALS[rank])


def rank_high(rank: Rank) -> str:
    """A hand's top card in words ("queen high")."""
    return pgettext(*_HIGHS[rank])


def suit_name(suit: Suit | str) -> str:
    """A suit in words ("hearts"), from the suit or its letter.

    >>> suit_name("d")
    'diamonds'
    """
    return pgettext(*_SUITS[suit if isinstance(suit, Suit) else Suit(suit)])


# ------------------------------------------------------------------ hand categories

CATEGORY_KEYS = ("five aces", "straight flush", "four of a kind", "flush", "full house", "straight",
                 "three of a kind", "two pairs", "one pair", "high card")
"""The categories' keys (``HandValue.category``: English identifiers, not shown as they are)."""

_CATEGORIES = {
    # TRANSLATORS: a hand category's name, in lower case (the ranking table capitalises it): "flush".
    "five aces": NP_("hand category", "five aces"), "straight flush": NP_("hand category", "straight flush"),
    "four of a kind": NP_("hand category", "four of a kind"), "flush": NP_("hand category", "flush"),
    "full house": NP_("hand category", "full house"), "straight": NP_("hand category", "straight"),
    "three of a kind": NP_("hand category", "three of a kind"), "two pairs": NP_("hand category", "two pairs"),
    "one pair": NP_("hand category", "one pair"), "high card": NP_("hand category", "high card"),
}


def category_name(category: str) -> str:
    """A hand category's name ("full house"), from its key (``HandValue.category``).

    >>> category_name("two pairs")
    'two pairs'
    """
    return pgettext(*_CATEGORIES[category])


# ------------------------------------------------------------------ hand names

# A hand's name by its case and whether a card's suit decides: (on its own, inside a sentence).
# On its own it starts with a capital ("Flush, ace high"); inside a sentence it follows the
# sentence's grammar ("Ann wins 12 from the main pot with a flush, ace high" in English, which
# writes it in lower case there).
_HAND_NAMES: dict[tuple[str, bool], tuple[tuple[str, str], tuple[str, str]]] = {
    ("five aces", False): (
        # TRANSLATORS: a hand's name, shown on its own (capitalised, like a heading).
        NP_("hand name", "Five aces"),
        # TRANSLATORS: a hand's name inside a sentence: "Ann wins 12 from the main pot with five aces."
        NP_("hand name in a sentence", "five aces")),
    ("royal flush", False): (NP_("hand name", "Royal flush"), NP_("hand name in a sentence", "a royal flush")),
    ("royal flush", True): (
        # TRANSLATORS: {card} is the card whose suit decides between equal hands, a card's name without
        # article ("ace of hearts"); a short, headline-like form is fine ("asso di cuori decisivo").
        NP_("hand name", "Royal flush, {card} decides"),
        NP_("hand name in a sentence", "a royal flush, {card} decides")),
    ("straight flush", False): (
        # TRANSLATORS: {high} is the top card ("jack high").
        NP_("hand name", "Straight flush, {high}"),
        NP_("hand name in a sentence", "a straight flush, {high}")),
    ("straight flush", True): (NP_("hand name", "Straight flush, {high}, {card} decides"),
                               NP_("hand name in a sentence", "a straight flush, {high}, {card} decides")),
    ("four of a kind", False): (
        # TRANSLATORS: four of a kind; {ranks} is a rank in the plural ("kings").
        NP_("hand name", "Four {ranks}"),
        NP_("hand name in a sentence", "four {ranks}")),
    ("flush", False): (NP_("hand name", "Flush, {high}"), NP_("hand name in a sentence", "a flush, {high}")),
    ("flush", True): (NP_("hand name", "Flush, {high}, {card} decides"),
                      NP_("hand name in a sentence", "a flush, {high}, {card} decides")),
    ("full house", False): (
        # TRANSLATORS: {three} and {pair} are ranks in the plural: "Full house, kings full of eights".
        NP_("hand name", "Full house, {three} full of {pair}"),
        NP_("hand name in a sentence", "a full house, {three} full of {pair}")),
    ("straight", False): (NP_("hand name", "Straight, {high}"), NP_("hand name in a sentence", "a straight, {high}")),
    ("straight", True): (NP_("hand name", "Straight, {high}, {card} decides"),
                         NP_("hand name in a sentence", "a straight, {high}, {card} decides")),
    ("three of a kind", False): (
        # TRANSLATORS: three of a kind; {ranks} is a rank in the plural ("kings").
        NP_("hand name", "Three {ranks}"),
        NP_("hand name in a sentence", "three {ranks}")),
    ("two pairs", False): (
        # TRANSLATORS: {first} and {second} are the pairs' ranks in the plural: "Two pairs, kings and nines".
        NP_("hand name", "Two pairs, {first} and {second}"),
        NP_("hand name in a sentence", "two pairs, {first} and {second}")),
    ("two pairs", True): (NP_("hand name", "Two pairs, {first} and {second}, {card} decides"),
                          NP_("hand name in a sentence", "two pairs, {first} and {second}, {card} decides")),
    ("one pair", False): (
        # TRANSLATORS: {ranks} is a rank in the plural: "Pair of kings".
        NP_("hand name", "Pair of {ranks}"),
        NP_("hand name in a sentence", "a pair of {ranks}")),
    ("one pair", True): (NP_("hand name", "Pair of {ranks}, {card} decides"),
                         NP_("hand name in a sentence", "a pair of {ranks}, {card} decides")),
    ("high card", False): (
        # TRANSLATORS: a high-card hand: {high} is its top card ("Ace high" on its own, capitalised;
        # "ace high" in a sentence: "Ann wins 4 with ace high"). Add the category's words where your
        # language needs them ("Carta alta, {high}").
        NP_("hand name", "{high}"),
        NP_("hand name in a sentence", "{high}")),
    ("high card", True): (
        # TRANSLATORS: a high-card hand: {high} is its top card ("Ace high" on its own, capitalised).
        NP_("hand name", "{high}, {card} decides"),
        NP_("hand name in a sentence", "{high}, {card} decides")),
}


def hand_name(category: str, ranks: Sequence[Rank], deciding: Card | None = None, in_sentence: bool = False) -> str:
    """A hand's name: its category and ranks, and the card whose suit decides between equal
    hands when there is one. On its own ("Flush, ace high, ace of hearts decides"), or as it
    stands inside a sentence (``in_sentence``: "a flush, ace high, ace of hearts decides").

    >>> hand_name("full house", (Rank.KING, Rank.EIGHT)), hand_name("one pair", (Rank.KING,), in_sentence=True)
    ('Full house, kings full of eights', 'a pair of kings')
    """
    top = ranks[0] if ranks else Rank.ACE
    case = "royal flush" if category == "straight flush" and top == Rank.ACE else category
    marked = _HAND_NAMES.get((case, deciding is not None)) or _HAND_NAMES[(case, False)]
    values: dict[str, object] = {}
    if deciding is not None:
        values["card"] = card_name(deciding)
    if case in ("straight flush", "flush", "straight"):
        values["high"] = rank_high(top)
    elif case == "high card":
        values["high"] = rank_high(top)
    elif case in ("four of a kind", "three of a kind", "one pair"):
        values["ranks"] = rank_plural(top)
    elif case == "full house":
        values["three"], values["pair"] = rank_plural(top), rank_plural(ranks[1])
    elif case == "two pairs":
        values["first"], values["second"] = rank_plural(top), rank_plural(ranks[1])
    name = pgettext(*marked[in_sentence], **values)
    # A high-card hand's name on its own starts with a capital like the others: the finished name's
    # ("Ace high", "Carta alta all'asso"), not the top card's inside it.
    return upper_first(name) if case == "high card" and not in_sentence else name


_DECIDES = re.compile(r"(.+), ([a-z ]+) decides")
_HEADS: dict[str, tuple[str, tuple[Rank, ...]]] = {}
_ENGLISH_CARDS: dict[str, Card] = {}


def hand_from_english(text: str) -> tuple[str, tuple[Rank, ...], Card | None] | None:
    """A hand's name in English (as the hand log records it) read back: its category, the ranks
    its name gives, and the deciding card; None for text that is not a hand's name.

    >>> hand_from_english("Two pairs, kings and nines, ace of hearts decides")
    ('two pairs', (<Rank.KING: 13>, <Rank.NINE: 9>), Card('Ah'))
    """
    if not _HEADS:
        _learn_english()
    card = None
    head = text
    match = _DECIDES.fullmatch(text)
    if match is not None and match.group(2) in _ENGLISH_CARDS:
        head, card = match.group(1), _ENGLISH_CARDS[match.group(2)]
    found = _HEADS.get(head)
    return None if found is None else (found[0], found[1], card)


def _learn_english() -> None:
    """The English name of every category and ranks a hand's name can give (about 170)."""
    ranks = tuple(Rank)
    with using(ENGLISH):
        for card in DECK + (JOKER,):
            _ENGLISH_CARDS[card_name(card)] = card
        for category in CATEGORY_KEYS:
            if category == "five aces":
                shapes: list[tuple[Rank, ...]] = [()]
            elif category in ("full house", "two pairs"):
                shapes = [(a, b) for a in ranks for b in ranks if a != b]
            else:
                shapes = [(a,) for a in ranks]
            for shape in shapes:
                _HEADS.setdefault(hand_name(category, shape), (category, shape))


# ------------------------------------------------------------------ phases

_PHASES = {
    # TRANSLATORS: the phases of a hand.
    "first betting round": NP_("phase", "first betting round"), "draw": NP_("phase", "draw"),
    "second betting round": NP_("phase", "second betting round"),
    # TRANSLATORS: the phase of a hand that is over.
    "complete": NP_("phase", "complete"),
}


def phase_name(phase: str) -> str:
    """A phase of a hand in words ("first betting round"); an unknown phase as it is."""
    marked = _PHASES.get(phase)
    return pgettext(*marked) if marked is not None else phase

