"""Events in plain words, for hand histories, captions and screen-reader announcements."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Event
from .cards import format_cards

__all__ = ["describe_event", "describe_log"]


def describe_event(event: Event, names: Sequence[str] | None = None) -> str | None:
    """One event as a sentence (None for bookkeeping events nobody needs to read).

    >>> describe_event(Event("raise", 1, 12), ["Ann", "Bob"])
    'Bob raises to 12.'
    """
    def who(seat: int | None) -> str:
        if seat is None:
            return "Someone"
        return names[seat] if names is not None and seat < len(names) else f"Seat {seat + 1}"

    kind, seat, amount = event.kind, event.seat, event.amount
    cards = format_cards(event.cards) if event.cards else ""
    pot = "the main pot" if not event.pot else f"side pot {event.pot}"
    sentences = {
        "start": f"New hand: {who(seat)} has the button.",
        "ante": f"{who(seat)} antes {amount}.",
        "small_blind": f"{who(seat)} posts the small blind ({amount}).",
        "big_blind": f"{who(seat)} posts the big blind ({amount}).",
        "deal": f"{who(seat)} is dealt {cards}." if cards else None,
        "round": f"{(event.info or '').capitalize()}.",
        "fold": f"{who(seat)} folds.",
        "check": f"{who(seat)} checks.",
        "call": f"{who(seat)} calls ({amount}).",
        "bet": f"{who(seat)} bets {amount}.",
        "raise": f"{who(seat)} raises to {amount}.",
        "allin": f"{who(seat)} is all in ({amount}).",
        "timeout": f"{who(seat)} ran out of time.",
        "split": f"{who(seat)} offers to split.",
        "decline": f"{who(seat)} declines the split.",
        "discard": (f"{who(seat)} stands pat." if not amount else
                    f"{who(seat)} draws {amount} card{'s' if amount != 1 else ''}"
                    + (f" (discards {cards})." if cards else ".")),
        "receive": f"{who(seat)} receives {cards}." if cards else None,
        "reshuffle": f"The stub ran out: {amount} discards are shuffled into a new stub.",
        "return": f"{amount} uncalled chips go back to {who(seat)}.",
        "show": f"{who(seat)} shows {cards}: {event.info}.",
        "muck": f"{who(seat)} mucks.",
        "divide": f"{pot.capitalize()} ({amount}) is split between {event.info}.",
        "win": (f"{who(seat)} wins {amount} from {pot}" +
                ("." if event.info in ("uncontested", "split") else f" with {event.info}.")),
        "end": None,
    }
    return sentences.get(kind, f"{kind} {seat} {amount}")


def describe_log(log: Sequence[Event], names: Sequence[str] | None = None) -> list[str]:
    """All readable sentences of a log."""
    out = []
    for event in log:
        line = describe_event(event, names)
        if line:
            out.append(line)
    return out
