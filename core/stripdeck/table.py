"""A session at one table: hands in sequence, stacks carried over, the button moving, seating.

A :class:`Session` is immutable like a hand: every method returns a new session.
Table seats (0-4) are fixed places; each hand numbers its players 0..n-1 in table order,
and ``hand_seats`` maps hand seats back to table seats.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from .actions import Action, Event
from .engine import apply, new_seed, start_hand
from .i18n import _
from .rules import Rules, RulesError
from .state import HandState
from .view import PlayerView, player_view

__all__ = ["Player", "Session", "SessionError", "TABLE_SEATS"]

TABLE_SEATS = 5


class SessionError(ValueError):
    """A seating or session request that cannot be done, or saved session data that is corrupt."""


class Player(NamedTuple):
    """Someone at the table: a name, chips, and who plays them (``'human'`` or a bot level)."""

    name: str
    stack: int
    controller: str = "human"


class Session(NamedTuple):
    """Hands in sequence at one table."""

    rules: Rules
    seats: tuple[Player | None, ...]
    button: int | None = None          # table seat of the button in the current or last hand
    hand: HandState | None = None
    hand_seats: tuple[int, ...] = ()   # table seat of each seat of the current hand
    hand_number: int = 0
    seed: int = 0

    @classmethod
    def new(cls, rules: Rules | None, players: Sequence[Player | tuple[str, int] | tuple[str, int, str]],
            seed: int | None = None) -> Session:
        """A table with ``players`` in seats 0, 1, ... (no hand dealt yet).

        >>> s = Session.new(Rules(), [("Ann", 100), ("Bob", 100)], seed=1).next_hand()
        >>> s.hand_number, s.button, s.hand.phase
        (1, 0, 'first betting round')
        """
        if not 2 <= len(players) <= TABLE_SEATS:
            raise SessionError(_("a table seats 2 to {most} players, got {count}", most=TABLE_SEATS,
                                 count=len(players)))
        seated = [_player(p) for p in players]
        _check_names(seated)
        seats = tuple(seated) + (None,) * (TABLE_SEATS - len(seated))
        return cls(Rules() if rules is None else rules, seats,
                   seed=new_seed() if seed is None else seed)

    # ---------------------------------------------------------------- seating

    @property
    def in_hand(self) -> bool:
        """True while a hand is being played."""
        return self.hand is not None and not self.hand.is_complete

    def _between_hands(self, message: str) -> None:
        """Refuse (with ``message``) what may only be done between hands."""
        if self.in_hand:
            raise SessionError(message)

    def join(self, player: Player | tuple[str, int], seat: int | None = None) -> Session:
        """Seat a new player between hands (at ``seat`` or the first empty seat)."""
        self._between_hands(_("cannot join during a hand"))
        new = _player(player)
        _check_names([p for p in self.seats if p is not None] + [new])
        empty = [i for i, p in enumerate(self.seats) if p is None]
        if seat is None:
            if not empty:
                raise SessionError(_("the table is full"))
            seat = empty[0]
        if seat not in empty:
            raise SessionError(_("seat {seat} is not free", seat=seat))
        seats = list(self.seats)
        seats[seat] = new
        return self._replace(seats=tuple(seats))

    def leave(self, name: str) -> Session:
        """Take a player away between hands."""
        self._between_hands(_("cannot leave during a hand"))
        index = self.table_seat_of(name)
        seats = list(self.seats)
        seats[index] = None
        return self._replace(seats=tuple(seats))

    def rename(self, table_seat: int, name: str) -> Session:
        """The player in ``table_seat`` under a new name (at any time: names are only shown).

        >>> s = Session.new(Rules(), [("Ann", 100), ("Guest", 100)], seed=1).rename(1, "Zoë")
        >>> [p.name for p in s.seats if p]
        ['Ann', 'Zoë']
        """
        player = self.seats[table_seat] if 0 <= table_seat < TABLE_SEATS else None
        if player is None:
            raise SessionError(_("nobody sits in seat {seat}", seat=table_seat))
        renamed = _player((name, player.stack, player.controller))
        _check_names([p for i, p in enumerate(self.seats) if p is not None and i != table_seat] + [renamed])
        seats = list(self.seats)
        seats[table_seat] = renamed
        return self._replace(seats=tuple(seats))

    def table_seat_of(self, name: str) -> int:
        """The table seat of the player called ``name``."""
        for i, p in enumerate(self.seats):
            if p is not None and p.name == name:
                return i
        raise SessionError(_("no player called {name} at this table", name=repr(name)))

    def hand_seat_of(self, table_seat: int) -> int | None:
        """The seat number in the current hand of a table seat (None if not dealt in)."""
        return self.hand_seats.index(table_seat) if table_seat in self.hand_seats else None

    # ---------------------------------------------------------------- hands

    def next_hand(self, show: Iterable[int] = ()) -> Session:
        """Deal the next hand: broke players leave, the button moves one seat to the left.
        ``show``: table seats whose players show their hand at the showdown even when it loses."""
        self._between_hands(_("cannot deal a new hand during a hand"))
        seats = tuple(p if p is not None and p.stack > 0 else None for p in self.seats)
        occupied = [i for i, p in enumerate(seats) if p is not None]
        if len(occupied) < 2:
            raise SessionError(_("fewer than two players with chips: the session is over"))
        if self.button is None:
            button = occupied[0]
        else:
            button = next(i for i in [(self.button + k) % TABLE_SEATS for k in range(1, TABLE_SEATS + 1)]
                          if i in occupied)
        number = self.hand_number + 1
        hand_seed = self.next_hand_seed()
        stacks = [seats[i].stack for i in occupied]  # type: ignore[union-attr]
        shows = sorted(occupied.index(t) for t in set(show) if t in occupied)
        hand = start_hand(self.rules, stacks, occupied.index(button), seed=hand_seed, show=shows)
        return self._replace(seats=seats, button=button, hand=hand, hand_seats=tuple(occupied),
                             hand_number=number)

    def next_hand_seed(self) -> int:
        """The seed the next hand will be dealt from (a host commits to it before dealing).

        >>> s = Session.new(Rules(), [("Ann", 100), ("Bob", 100)], seed=1)
        >>> s.next_hand_seed() == s.next_hand().hand.seed
        True
        """
        return random.Random(f"{self.seed}/hand/{self.hand_number + 1}").getrandbits(63)

    def act(self, action: str | Action) -> tuple[Session, tuple[Event, ...]]:
        """Apply the action of the player to act; stacks are settled when the hand ends."""
        if self.hand is None:
            raise SessionError(_("no hand is being played: deal one first"))
        hand, events = apply(self.hand, action)
        session = self._replace(hand=hand)
        if hand.is_complete:
            seats = list(self.seats)
            for hand_seat, table_seat in enumerate(self.hand_seats):
                player = seats[table_seat]
                assert player is not None
                seats[table_seat] = player._replace(stack=hand.seats[hand_seat].stack)
            session = session._replace(seats=tuple(seats))
        return session, events

    def view(self, table_seat: int | None) -> PlayerView | None:
        """The current hand as ``table_seat`` sees it (None between sessions with no hand)."""
        if self.hand is None:
            return None
        return player_view(self.hand, self.hand_seat_of(table_seat) if table_seat is not None else None)

    @property
    def to_act_table_seat(self) -> int | None:
        """The table seat whose turn it is."""
        if self.hand is None or self.hand.to_act is None:
            return None
        return self.hand_seats[self.hand.to_act]

    # ---------------------------------------------------------------- saving

    def to_dict(self) -> dict[str, Any]:
        """Between-hands data to save and restore (the hand in play is not saved)."""
        return {
            "version": 1,
            "rules": self.rules.to_dict(),
            "seats": [None if p is None else {"name": p.name, "stack": p.stack, "controller": p.controller}
                      for p in self.seats],
            "button": self.button,
            "hand_number": self.hand_number,
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Session:
        """A session from :meth:`to_dict` data; anything corrupt raises SessionError."""
        try:
            if not isinstance(data, Mapping) or data.get("version") != 1:
                raise SessionError(_("saved session: unknown format or version"))
            rules = Rules.from_dict(data["rules"])
            raw = data["seats"]
            if not isinstance(raw, list) or len(raw) != TABLE_SEATS:
                raise SessionError(_("saved session: seats must be a list of {count}", count=TABLE_SEATS))
            seats = tuple(None if p is None else _player((p["name"], p["stack"], p.get("controller", "human")))
                          for p in raw)
            _check_names([p for p in seats if p is not None])
            button = data["button"]
            if button is not None and (isinstance(button, bool) or not isinstance(button, int)
                                       or not 0 <= button < TABLE_SEATS):
                raise SessionError(_("saved session: bad button"))
            number, seed = data["hand_number"], data["seed"]
            if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in (number, seed)):
                raise SessionError(_("saved session: bad hand number or seed"))
        except SessionError:
            raise
        except (KeyError, TypeError, AttributeError, RulesError) as err:
            # TRANSLATORS: {problem} is what was wrong, often a missing key's name.
            raise SessionError(_("saved session is corrupt: {problem}", problem=str(err))) from None
        return cls(rules, seats, button, None, (), number, seed)


def _player(p: Player | tuple[Any, ...]) -> Player:
    if isinstance(p, Player):
        name, stack, controller = p
    elif isinstance(p, (tuple, list)) and len(p) in (2, 3):
        name, stack, controller = (*p, "human") if len(p) == 2 else p
    else:
        raise SessionError(_("a player is (name, stack), got {value}", value=repr(p)))
    if not isinstance(name, str) or not name.strip() or len(name) > 40:
        raise SessionError(_("a player's name must be 1 to 40 characters, got {value}", value=repr(name)))
    # The page seats the person at the device as "You": their own sentences say "Your".
    if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0:
        if name == "You":
            raise SessionError(_("Your stack must be a whole number of chips, got {value}", value=repr(stack)))
        # TRANSLATORS: {player} is a player's name.
        raise SessionError(_("{player}'s stack must be a whole number of chips, got {value}", player=name,
                             value=repr(stack)))
    if not isinstance(controller, str):
        if name == "You":
            raise SessionError(_("Your controller must be text, got {value}", value=repr(controller)))
        raise SessionError(_("{player}'s controller must be text, got {value}", player=name, value=repr(controller)))
    return Player(name.strip(), stack, controller)


def _check_names(players: Sequence[Player]) -> None:
    names = [p.name for p in players]
    for name in names:
        if names.count(name) > 1:
            raise SessionError(_("two players are called {name}", name=repr(name)))
