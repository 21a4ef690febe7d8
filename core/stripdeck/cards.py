"""Cards of the 32-card deck (plus the optional joker), parsing and canonical text.

A :class:`Card` is an ``int`` whose value is a single bit, so the set of cards in a
hand is simply ``sum(cards)``: the evaluator looks hands up by that mask.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import Enum, IntEnum

from .i18n import _, ngettext

__all__ = [
    "Rank",
    "Suit",
    "Card",
    "CardError",
    "JOKER",
    "DECK",
    "parse_card",
    "parse_cards",
    "format_cards",
    "full_deck",
    "cards_of",
]


class CardError(ValueError):
    """Card text or a card collection that is not valid."""


class Rank(IntEnum):
    """Card ranks of the 32-card deck, by their pip value."""

    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The rank's letter in card text: ``Rank.TEN.letter == 'T'``."""
        return _RANK_LETTERS[self]

    @property
    def noun(self) -> str:
        """The rank in English words: ``Rank.QUEEN.noun == 'queen'`` (for people:
        :func:`stripdeck.words.rank_name`)."""
        return _RANK_NOUNS[self]

    @property
    def plural(self) -> str:
        """The rank in English words, plural: ``'queens'`` (for people: :func:`stripdeck.words.rank_plural`)."""
        return _RANK_PLURALS[self]


class Suit(Enum):
    """The four suits, by their letter in card text."""

    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"
    SPADES = "s"

    @property
    def noun(self) -> str:
        """The suit in English words, plural: ``'hearts'`` (for people: :func:`stripdeck.words.suit_name`)."""
        return self.name.lower()

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``'♥'``."""
        return _SUIT_SYMBOLS[self]


_RANK_LETTERS = {
    Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "T",
    Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A",
}
_RANK_NOUNS = {
    Rank.SEVEN: "seven", Rank.EIGHT: "eight", Rank.NINE: "nine", Rank.TEN: "ten",
    Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "ace",
}
_RANK_PLURALS = {r: n + ("es" if n.endswith("x") else "s") for r, n in _RANK_NOUNS.items()}
_SUIT_SYMBOLS = {Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣", Suit.SPADES: "♠"}
_SUIT_INDEX = {Suit.HEARTS: 0, Suit.DIAMONDS: 1, Suit.CLUBS: 2, Suit.SPADES: 3}
_SUITS_BY_INDEX = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
_RANKS = tuple(Rank)  # index 0 is the seven

JOKER_INDEX = 32


class Card(int):
    """One card: an ``int`` with a single bit set (bit ``rank_index * 4 + suit_index``).

    Cards are the 32 (33 with the joker) singletons in :data:`DECK` and :data:`JOKER`;
    make them with :func:`parse_card`. ``str(card)`` is the canonical text.

    >>> c = parse_card("10h"); (str(c), c.rank, c.suit)
    ('Th', <Rank.TEN: 10>, <Suit.HEARTS: 'h'>)
    """

    __slots__ = ()

    @property
    def index(self) -> int:
        """Position 0-31 in the deck (32 for the joker)."""
        return int(self).bit_length() - 1

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.index == JOKER_INDEX

    @property
    def rank(self) -> Rank:
        """The rank; the joker reports the ace (the rank it plays by default)."""
        i = self.index
        return Rank.ACE if i == JOKER_INDEX else _RANKS[i >> 2]

    @property
    def suit(self) -> Suit | None:
        """The suit, or None for the joker."""
        i = self.index
        return None if i == JOKER_INDEX else _SUITS_BY_INDEX[i & 3]

    @property
    def name(self) -> str:
        """The card in English words: ``'Ace of hearts'``; ``'Joker'``. For people, in their language:
        :func:`stripdeck.card_name` ("ace of hearts", or "the ace of hearts")."""
        suit = self.suit
        if suit is None:
            return "Joker"
        return f"{self.rank.noun.capitalize()} of {suit.noun}"

    def __str__(self) -> str:
        suit = self.suit
        return "Jk" if suit is None else self.rank.letter + suit.value

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (parse_card, (str(self),))


def _make(index: int) -> Card:
    return int.__new__(Card, 1 << index)


DECK: tuple[Card, ...] = tuple(_make(i) for i in range(32))
"""The 32 cards, sevens first (7h 7d 7c 7s 8h ... As)."""

JOKER: Card = _make(JOKER_INDEX)
"""The optional joker (``Jk``)."""

_BY_MASK: dict[int, Card] = {int(c): c for c in DECK + (JOKER,)}


def full_deck(joker: bool = False) -> tuple[Card, ...]:
    """The deck in canonical order, with the joker last when asked for.

    >>> len(full_deck()), len(full_deck(joker=True))
    (32, 33)
    """
    return DECK + (JOKER,) if joker else DECK


_RANK_TEXT = {"7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "T": Rank.TEN, "10": Rank.TEN,
              "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}
_SUIT_TEXT = {
    "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS, "s": Suit.SPADES,
    "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS, "♠": Suit.SPADES,
    "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS, "♤": Suit.SPADES,
}
_TOKEN = re.compile(r"(jk|🃏)|(10|[2-9tjqka])([hdcs♥♦♣♠♡♢♧♤])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;]+")
_BY_TEXT: dict[str, Card] = {}
for _c in DECK:
    _BY_TEXT[str(_c)] = _c


def _card_from_match(m: re.Match[str], token: str, joker: bool) -> Card:
    if m.group(1):
        if not joker:
            raise CardError(_("'{card}': the joker is only in play with the joker option on", card=token))
        return JOKER
    rank_text = m.group(2).upper()
    rank = _RANK_TEXT.get(rank_text)
    if rank is None:
        raise CardError(_("'{card}': rank {rank} is not in the 32-card deck (7 to ace)", card=token, rank=rank_text))
    suit = _SUIT_TEXT[m.group(3).lower()]
    return DECK[(rank - 7) * 4 + _SUIT_INDEX[suit]]


def _tokens(chunk: str, joker: bool) -> list[Card]:
    cards: list[Card] = []
    pos = 0
    while pos < len(chunk):
        m = _TOKEN.match(chunk, pos)
        if m is None:
            raise CardError(_("'{text}' is not a card (write cards like Ah Kd Th or 10h)", text=chunk[pos:pos + 3]))
        cards.append(_card_from_match(m, m.group(0), joker))
        pos = m.end()
    return cards


def parse_card(text: str, *, joker: bool = False) -> Card:
    """One card from text such as ``Ah``, ``10h``, ``A♥`` or ``Jk`` (with ``joker=True``).

    >>> parse_card("Q♠")
    Card('Qs')
    """
    cards = parse_cards(text, joker=joker)
    if len(cards) != 1:
        raise CardError(ngettext("'{text}' is {n} card, expected one", "'{text}' is {n} cards, expected one",
                                 len(cards), text=text))
    return cards[0]


CardsLike = str | Iterable[Card | str]


def parse_cards(text: CardsLike, *, joker: bool = False) -> tuple[Card, ...]:
    """Cards from text (``'Ah Kd Th'``, ``'AhKdTh'``, ``'10h A♥'``) or an iterable of cards/text.

    Raises :class:`CardError` naming the offending token; duplicates are an error.

    >>> parse_cards("AhKd 10c")
    (Card('Ah'), Card('Kd'), Card('Tc'))
    """
    if isinstance(text, Card):
        text = (text,)
    if isinstance(text, str):
        if "\ufe0f" in text:
            text = text.replace("\ufe0f", "")
        found = _BY_TEXT.get(text)
        if found is not None:
            return (found,)
        cards: list[Card] = []
        for chunk in _SEPARATORS.split(text.strip()):
            if chunk:
                cards.extend(_tokens(chunk, joker))
    else:
        cards = []
        try:
            items = list(text)
        except TypeError:
            raise CardError(_("expected card text or a sequence of cards, got {kind}", kind=type(text).__name__)) \
                from None
        for item in items:
            if isinstance(item, Card):
                if item.is_joker and not joker:
                    raise CardError(_("'{card}': the joker is only in play with the joker option on", card="Jk"))
                cards.append(item)
            elif isinstance(item, str):
                cards.extend(parse_cards(item, joker=joker))
            else:
                raise CardError(_("{value} is not a card", value=repr(item)))
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise CardError(_("duplicate card {card}", card=str(card)))
        seen.add(card)
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical text of cards: ``'Ah Kd Th'``."""
    return " ".join(str(c) for c in cards)


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards in a bit mask, in deck order (the inverse of ``sum(cards)``, for the bulk path).

    >>> format_cards(cards_of(sum(parse_cards("Ah 7c Kd"))))
    '7c Kd Ah'
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(_BY_MASK[low])
        mask ^= low
    return tuple(out)


def suit_index(suit: Suit) -> int:
    """Fixed index of a suit (hearts 0, diamonds 1, clubs 2, spades 3), not its ranking."""
    return _SUIT_INDEX[suit]
