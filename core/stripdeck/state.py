"""Hand state: frozen data, no behaviour. The engine makes new states; nothing mutates one."""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import Event
from .cards import Card
from .rules import Rules

MAX_SEATS = 5  # players at a table (and in a hand)

__all__ = ["Seat", "HandState", "PHASES"]

PHASES = ("first betting round", "draw", "second betting round", "complete")
BET1, DRAW, BET2, COMPLETE = PHASES


class Seat(NamedTuple):
    """One player in a hand."""

    stack: int                      # chips behind (not yet put in)
    hand: tuple[Card, ...]          # the cards held
    bet: int = 0                    # chips put in during this betting round
    total: int = 0                  # chips put in during this hand (antes and blinds included)
    folded: bool = False
    acted: bool = False             # has acted in this betting round
    faced: int = 0                  # the bet level to match when this seat last acted
    drawn: int | None = None        # cards drawn (public), None until this seat has drawn
    no_raise: bool = False          # timed out in the draw: may only check, call, fold or split after it
    split: bool | None = None       # answer to the split offer: True split, False declined
    fifth_due: bool = False         # drew five: owed the fifth card after everyone else drew
    discarded: tuple[Card, ...] = ()  # own discards: never dealt back to this seat

    def evolve(self, **changes: Any) -> Seat:
        """A copy with some fields changed (a faster ``_replace``)."""
        row: list[Any] = list(self)
        for name, value in changes.items():
            row[_SEAT_FIELDS[name]] = value
        return tuple.__new__(Seat, row)

    def paying(self, amount: int, as_bet: bool) -> Seat:
        """A copy with ``amount`` chips moved from the stack into the pot (and into the bet)."""
        stack, hand, bet, total, folded, acted, faced, drawn, no_raise, split, fifth_due, discarded = self
        return tuple.__new__(Seat, (stack - amount, hand, bet + amount if as_bet else bet, total + amount,
                                    folded, acted, faced, drawn, no_raise, split, fifth_due, discarded))

    def having_acted(self, faced: int, split: bool | None) -> Seat:
        """A copy marked as having acted facing ``faced``, with its split answer."""
        stack, hand, bet, total, folded, _, _, drawn, no_raise, _, fifth_due, discarded = self
        return tuple.__new__(Seat, (stack, hand, bet, total, folded, True, faced, drawn, no_raise, split,
                                    fifth_due, discarded))

    def having_drawn(self, kept: tuple[Card, ...], discards: tuple[Card, ...]) -> Seat:
        """A copy that has discarded ``discards`` (none: stood pat) and kept ``kept``, before receiving."""
        stack, hand, bet, total, folded, acted, faced, _, no_raise, split, _, _ = self
        return tuple.__new__(Seat, (stack, kept, bet, total, folded, acted, faced, len(discards), no_raise, split,
                                    len(discards) == 5, discards))

    def receiving(self, chips: int) -> Seat:
        """A copy with ``chips`` more in the stack (a pot won)."""
        return tuple.__new__(Seat, (self[0] + chips,) + self[1:])

    def holding(self, hand: tuple[Card, ...]) -> Seat:
        """A copy holding ``hand``."""
        return tuple.__new__(Seat, (self[0], hand) + self[2:])

    def for_new_round(self) -> Seat:
        """A copy with no bet and no action yet in the new betting round."""
        stack, hand, _, total, folded, _, _, drawn, no_raise, split, fifth_due, discarded = self
        return tuple.__new__(Seat, (stack, hand, 0, total, folded, False, 0, drawn, no_raise, split, fifth_due,
                                    discarded))

    @property
    def all_in(self) -> bool:
        """In the hand with no chips behind."""
        return self.stack == 0 and not self.folded


_SEAT_FIELDS = {name: i for i, name in enumerate(Seat._fields)}


class HandState(NamedTuple):
    """Everything about one hand. ``seed`` and ``stub`` are secret: see ``player_view``."""

    rules: Rules
    seed: int
    button: int
    seats: tuple[Seat, ...]
    phase: str
    to_act: int | None              # the seat whose turn it is (None when no one can act)
    stub: tuple[Card, ...]          # undealt cards, top first
    discards: tuple[Card, ...]      # discards of players who have finished drawing
    muck: tuple[Card, ...]          # folded hands
    to_match: int                   # the bet a player must reach to stay in this round
    min_raise: int                  # size of the last full bet or raise this round
    raises: int                     # full raises this round (the opening bet not counted)
    opener: int | None              # the first player to bet in the first round
    aggressor: int | None           # the last player to bet or raise this round
    reshuffles: int                 # stubs rebuilt from discards during the draw
    log: tuple[Event, ...]
    actions: tuple[str, ...] = ()   # the actions applied, as canonical text
    start_stacks: tuple[int, ...] = ()  # chips per seat before the forced bets
    deal_order: tuple[Card, ...] = ()   # the whole deck as it was before the deal (secret)
    capped: bool = False            # this round reached the raise cap with three or more able to bet:
                                    # no more raises in it, even if folds leave two
    show: tuple[int, ...] = ()      # seats that chose to show their hand at the showdown even when
                                    # it cannot win (the others who cannot win muck, unless show_all)
    pending: tuple[Card, ...] = ()  # the choice of the fourth card (rules.fourth_card_choice) waiting for
                                    # the seat to act: (face-up card, face-down card); the face-down one
                                    # is secret from everyone until taken

    @property
    def choosing(self) -> bool:
        """True while the seat to act chooses its fourth card (``take up`` or ``take down``)."""
        return bool(self.pending)

    @property
    def is_complete(self) -> bool:
        """True when the hand is over and every pot is awarded."""
        return self.phase == COMPLETE

    @property
    def pot_total(self) -> int:
        """All chips put in this hand."""
        return sum(s.total for s in self.seats)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind, per seat."""
        return tuple(s.stack for s in self.seats)


def blind_seats(button: int, count: int) -> tuple[int, int]:
    """(small blind, big blind) seats: heads-up the button posts the small blind.

    >>> blind_seats(0, 2), blind_seats(4, 5)
    ((0, 1), (0, 1))
    """
    if count == 2:
        return button, (button + 1) % 2
    return (button + 1) % count, (button + 2) % count
