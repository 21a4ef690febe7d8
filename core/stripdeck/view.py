"""What one seat may see of a hand: the only door from engine state to players, bots and UI."""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import Event
from .cards import Card, format_cards
from .legal import LegalActions, legal_actions, split_offer_open
from .pots import Pot, build_pots
from .rules import Rules
from .state import HandState

__all__ = ["PlayerView", "SeatView", "player_view"]

_PRIVATE = {"deal", "receive", "discard"}


class SeatView(NamedTuple):
    """One seat as the viewer sees it. ``hand`` is None where the cards are hidden."""

    seat: int
    stack: int
    bet: int
    total: int
    folded: bool
    all_in: bool
    card_count: int
    drawn: int | None
    hand: tuple[Card, ...] | None
    may_not_raise: bool
    split: bool | None


class PlayerView(NamedTuple):
    """A hand seen from one seat (``viewer`` None: a spectator who sees no hidden card)."""

    viewer: int | None
    rules: Rules
    button: int
    phase: str
    to_act: int | None
    seats: tuple[SeatView, ...]
    pots: tuple[Pot, ...]
    to_match: int
    stub_size: int
    legal: LegalActions | None
    split_on_offer: bool
    log: tuple[Event, ...]

    @property
    def my_hand(self) -> tuple[Card, ...]:
        """The viewer's own cards (empty for a spectator or after folding)."""
        if self.viewer is None:
            return ()
        return self.seats[self.viewer].hand or ()

    @property
    def is_my_turn(self) -> bool:
        """True when the viewer is the seat to act."""
        return self.viewer is not None and self.viewer == self.to_act

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form of the view."""
        return {
            "viewer": self.viewer, "button": self.button, "phase": self.phase, "to_act": self.to_act,
            "to_match": self.to_match, "stub_size": self.stub_size, "split_on_offer": self.split_on_offer,
            "seats": [{**s._asdict(), "hand": None if s.hand is None else format_cards(s.hand)}
                      for s in self.seats],
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots],
            "legal": None if self.legal is None else self.legal.as_text(),
            "log": [e.to_dict() for e in self.log],
        }


def _visible_event(event: Event, viewer: int | None) -> Event:
    if event.kind in _PRIVATE and event.seat != viewer and event.cards:
        return event._replace(cards=())
    return event


def _middle(state: HandState) -> list[Pot]:
    """The pots in the middle: chips from finished rounds (bets in front of players excluded
    while a round is on; at the end, everything put in)."""
    done = state.is_complete
    totals = [s.total - (0 if done else s.bet) for s in state.seats]
    pots, returns = build_pots(totals, [s.folded for s in state.seats])
    if not done:
        pots += [Pot(amount, (seat,)) for seat, amount in returns]
    return pots


def player_view(state: HandState, seat: int | None) -> PlayerView:
    """What ``seat`` may see: its own cards, cards shown at showdown, and public facts only.

    Other players' cards, the stub, the discards, the muck and the seed stay hidden.
    """
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(state.seats)):
        raise ValueError(f"no seat {seat!r} at this table of {len(state.seats)}")
    shown: dict[int, tuple[Card, ...]] = {}
    for event in state.log:
        if event.kind == "show" and event.seat is not None:
            shown[event.seat] = event.cards
    seats = []
    for i, s in enumerate(state.seats):
        hand = s.hand if i == seat else shown.get(i)
        seats.append(SeatView(i, s.stack, s.bet, s.total, s.folded, s.all_in, len(s.hand), s.drawn,
                              hand, s.no_raise, s.split))
    pots = _middle(state)
    legal = legal_actions(state) if seat is not None and seat == state.to_act else None
    offer = state.to_act is not None and split_offer_open(state, state.to_act)
    log = tuple(_visible_event(e, seat) for e in state.log)
    return PlayerView(seat, state.rules, state.button, state.phase, state.to_act, tuple(seats),
                      tuple(pots), state.to_match, len(state.stub), legal, offer, log)
