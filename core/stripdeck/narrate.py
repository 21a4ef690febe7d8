"""Events in plain words, for hand histories, captions and screen-reader announcements."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .actions import Event
from .cards import Card, format_cards

__all__ = ["describe_event", "describe_log", "second_person", "card_words"]


def card_words(cards: Sequence[Card]) -> str:
    """Cards in words, for reading aloud and for people new to card text.

    >>> from stripdeck.cards import parse_cards
    >>> card_words(parse_cards("7c Kh Jk", joker=True))
    'seven of clubs, king of hearts, joker'
    """
    return ", ".join(c.name.lower() for c in cards)


def describe_event(event: Event, names: Sequence[str] | None = None,
                   card_names: bool = False) -> str | None:
    """One event as a sentence (None for bookkeeping events nobody needs to read).
    ``card_names`` writes cards in words ("seven of clubs") instead of text ("7c").

    >>> describe_event(Event("raise", 1, 12), ["Ann", "Bob"])
    'Bob raises to 12.'
    >>> from stripdeck.cards import parse_cards
    >>> describe_event(Event("discard", 0, 1, cards=parse_cards("7c")), ["Ann"], card_names=True)
    'Ann draws 1 card (discards seven of clubs).'
    """
    def who(seat: int | None) -> str:
        if seat is None:
            return "Someone"
        return names[seat] if names is not None and seat < len(names) else f"Seat {seat + 1}"

    kind, seat, amount = event.kind, event.seat, event.amount
    cards = "" if not event.cards else card_words(event.cards) if card_names else format_cards(event.cards)
    pot = "the main pot" if not event.pot else f"side pot {event.pot}"
    sentences: dict[str, Callable[[], str | None]] = {  # built lazily: only the one needed runs
        "start": lambda: f"New hand: {who(seat)} has the button.",
        "ante": lambda: f"{who(seat)} antes {amount}.",
        "small_blind": lambda: _blind(who(seat), "small", amount),
        "big_blind": lambda: _blind(who(seat), "big", amount),
        "deal": lambda: f"{who(seat)} is dealt {cards}." if cards else None,
        "round": lambda: f"{(event.info or '').capitalize()}.",
        "fold": lambda: f"{who(seat)} folds.",
        "check": lambda: f"{who(seat)} checks.",
        "call": lambda: f"{who(seat)} calls ({amount}).",
        "bet": lambda: f"{who(seat)} bets {amount}.",
        "raise": lambda: f"{who(seat)} raises to {amount}.",
        "allin": lambda: f"{who(seat)} is all in ({amount}).",
        "timeout": lambda: f"{who(seat)} ran out of time.",
        "split": lambda: f"{who(seat)} offers to split.",
        "decline": lambda: f"{who(seat)} declines the split.",
        "discard": lambda: (f"{who(seat)} stands pat." if not amount else
                    f"{who(seat)} draws {amount} card{'s' if amount != 1 else ''}"
                    + (f" (discards {cards})." if cards else ".")),
        "receive": lambda: f"{who(seat)} receives {cards}." if cards else None,
        "reshuffle": lambda: f"The stub ran out: {amount} discards are shuffled into a new stub.",
        "return": lambda: f"{amount} uncalled chips go back to {who(seat)}.",
        "show": lambda: f"{who(seat)} shows {cards}: {event.info}.",
        "muck": lambda: f"{who(seat)} mucks.",
        "divide": lambda: f"{pot.capitalize()} ({amount}) is split between {_together(event.info, who)}.",
        "win": lambda: (f"{who(seat)} wins {amount} from {pot}" +
                ("." if event.info in ("uncontested", "split") else f" with {_lower_first(event.info)}.")),
        "end": lambda: None,
    }
    make = sentences.get(kind)
    return make() if make is not None else f"{kind} {seat} {amount}"


def _blind(player: str, which: str, amount: int | None) -> str:
    """A posted blind; a player whose ante took every chip posts nothing (the event says 0).

    >>> _blind("Seat 3", "big", 0)
    'Seat 3 has no chips left for the big blind (all in from the ante).'
    """
    if not amount:
        return f"{player} has no chips left for the {which} blind (all in from the ante)."
    return f"{player} posts the {which} blind ({amount})."


def _together(seats: str | None, who: Callable[[int | None], str]) -> str:
    """Seat numbers ("0 2") as names: "Ann and Cy"."""
    names = [who(int(n)) for n in (seats or "").split()]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def _lower_first(text: str | None) -> str:
    """A hand's name inside a sentence: "two pairs, ..."."""
    return (text or "")[:1].lower() + (text or "")[1:]


def describe_log(log: Sequence[Event], names: Sequence[str] | None = None,
                 card_names: bool = False) -> list[str]:
    """All readable sentences of a log."""
    out = []
    for event in log:
        line = describe_event(event, names, card_names)
        if line:
            out.append(line)
    return out


# Every verb the narration above puts after a player's name.
_YOU_VERBS = {"is": "are", "has": "have", "antes": "ante", "posts": "post", "folds": "fold",
              "checks": "check", "calls": "call", "bets": "bet", "raises": "raise",
              "offers": "offer", "declines": "decline", "stands": "stand", "draws": "draw",
              "receives": "receive", "shows": "show", "mucks": "muck", "wins": "win"}


def possessive(name: str, you: str = "You") -> str:
    """Whose: "Ada's", and "Your" for the person at the device (never "You's").

    >>> possessive("Ada"), possessive("You")
    ("Ada's", 'Your')
    """
    return "Your" if name == you else f"{name}'s"


def second_person(line: str, you: str = "You") -> str:
    """Narration about the human reads "You fold." rather than "You folds."; "You" inside a
    sentence becomes "you", and "You's" "your".

    >>> second_person("You raises to 12."), second_person("Ada folds.")
    ('You raise to 12.', 'Ada folds.')
    >>> second_person("New hand: You has the button."), second_person("4 uncalled chips go back to You.")
    ('New hand: you have the button.', '4 uncalled chips go back to you.')
    >>> second_person("You's stack must be a whole number; so must You's.")
    'Your stack must be a whole number; so must yours.'
    """
    words = line.split(" ")
    for i, word in enumerate(words):
        if word.startswith(you + "'s"):
            rest = word[len(you) + 2:]
            whose = "yours" if rest[:1] in (".", ",", ";", ":", ")") or rest == "" and i + 1 == len(words) else "your"
            words[i] = (whose.capitalize() if i == 0 else whose) + rest
            continue
        if word.rstrip(".,:;") != you:
            continue
        if i > 0:
            words[i] = you.lower() + word[len(you):]
        if word == you and i + 1 < len(words):
            verb = words[i + 1]
            bare = verb.rstrip(".,:;")
            words[i + 1] = _YOU_VERBS.get(bare, bare) + verb[len(bare):]
    return " ".join(words)
