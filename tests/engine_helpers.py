"""Helpers for the engine tests: decks that deal known hands, and playing a hand action by action."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from stripdeck import Card, Event, HandState, Rules, apply, full_deck, legal_actions, parse_cards, start_hand

ONLINE = Rules.preset("online")
OFFICIAL = Rules.preset("official")
CARDROOM = Rules.preset("cardroom")


def deck_for(hands: Sequence[str], button: int, stub: str = "") -> list[Card]:
    """The deck order that deals ``hands`` (one text per seat, in seat order), one card at a time
    from the button's left; ``stub`` lies on top of the rest of the deck (the draw takes it first)."""
    parsed = [parse_cards(h) for h in hands]
    assert all(len(h) == 5 for h in parsed), "each hand is five cards"
    count = len(parsed)
    order = [parsed[(button + k) % count][r] for r in range(5) for k in range(1, count + 1)]
    return order + list(parse_cards(stub))


def start(rules: Rules, stacks: Sequence[int], button: int = 0, hands: Sequence[str] | None = None,
          stub: str = "", seed: int = 1) -> HandState:
    """A new hand; with ``hands``, each seat is dealt the given cards."""
    deck = deck_for(hands, button, stub) if hands is not None else None
    return start_hand(rules, list(stacks), button, deck=deck, seed=seed)


def play(state: HandState, *actions: str) -> tuple[HandState, list[Event]]:
    """Apply actions in turn. ``"2: call"`` also checks that seat 2 is the one to act."""
    events: list[Event] = []
    for text in actions:
        seat = None
        if ":" in text:
            who, text = text.split(":", 1)
            seat = int(who)
            assert state.to_act == seat, f"expected seat {seat} to act, it is seat {state.to_act}"
        state, new = apply(state, text.strip(), seat)
        events.extend(new)
    return state, events


def of_kind(events: Iterable[Event], *kinds: str) -> list[Event]:
    """The events of the given kinds, in order."""
    return [e for e in events if e.kind in kinds]


def summary(events: Iterable[Event], *kinds: str) -> list[tuple[Any, ...]]:
    """(kind, seat, amount) of the events of the given kinds, for compact assertions."""
    return [(e.kind, e.seat, e.amount) for e in of_kind(events, *kinds)]


def wins(state: HandState) -> dict[int, int]:
    """Chips won per seat (all pots together), from the log."""
    out: dict[int, int] = {}
    for e in of_kind(state.log, "win"):
        assert e.seat is not None and e.amount is not None
        out[e.seat] = out.get(e.seat, 0) + e.amount
    return out


def deltas(state: HandState) -> list[int]:
    """Chips won or lost per seat so far."""
    return [s.stack - start for s, start in zip(state.seats, state.start_stacks)]


def kinds(state: HandState) -> tuple[str, ...]:
    """The legal action words of the seat to act."""
    return legal_actions(state).kinds


def all_cards(state: HandState) -> list[Card]:
    """Every card in the hand's places: hands, stub, discards and muck."""
    cards: list[Card] = []
    for seat in state.seats:
        cards.extend(seat.hand)
    return cards + list(state.stub) + list(state.discards) + list(state.muck) + list(state.pending)


def check_invariants(state: HandState) -> None:
    """Chips are conserved and every card of the deck is in exactly one place."""
    start_sum = sum(state.start_stacks)
    if state.is_complete:
        assert sum(state.stacks) == start_sum
    else:
        assert sum(state.stacks) + state.pot_total == start_sum
    assert all(s.stack >= 0 for s in state.seats)
    cards = all_cards(state)
    assert len(cards) == len(set(cards)), "a card is in two places"
    assert sorted(cards) == sorted(full_deck(state.rules.joker)), "a card is missing"
