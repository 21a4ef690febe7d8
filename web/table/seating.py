"""Who plays where, and who sees what: the seats of a table in the page.

A seat is played by a person at this page, a bot, or a guest's page (``remote``). Pass and
play: several people share the page, the device is handed over between their turns, and the
page shows the cards of the person holding it (and nobody's during a hand-over).

:class:`controller.Controller` holds one :class:`Seating` and delegates to it; the seating reads
the controller's current session (a new table replaces it) and keeps who holds the device.
"""

from __future__ import annotations

from collections.abc import Callable

from stripdeck import Session

PERSON, BOT, REMOTE = "human", "bot", "remote"  # who plays a seat (Player.controller)


class Seating:
    """Who plays each seat of the current session, and whose cards the page shows.

    >>> from stripdeck import Player, Rules, Session
    >>> players = [Player("Ann", 100, PERSON), Player("Bo", 100, BOT), Player("Cy", 100, PERSON)]
    >>> seating = Seating(lambda: Session.new(Rules(), players, seed=1))
    >>> seating.people, seating.passing, seating.kind_of(1)
    ((0, 2), True, 'bot')
    """

    def __init__(self, session: Callable[[], Session]) -> None:
        self._session = session
        self.holder: int | None = None  # pass and play: the person holding the device

    @property
    def session(self) -> Session:
        return self._session()

    def kind_of(self, table_seat: int | None) -> str:
        """Who plays a table seat: a person at this page, a bot, or a guest's page (remote)."""
        player = self.session.seats[table_seat] if table_seat is not None else None
        return "" if player is None else player.controller

    @property
    def people(self) -> tuple[int, ...]:
        """Table seats played by people at this page (one in the solo game; pass and play: more)."""
        return tuple(i for i, p in enumerate(self.session.seats) if p is not None and p.controller == PERSON)

    @property
    def passing(self) -> bool:
        """Pass and play: several people share this page, each sees only their own cards."""
        return len(self.people) > 1

    @property
    def viewer(self) -> int | None:
        """The table seat whose cards this page shows (None: nobody's, as during a hand-over).

        One person: always theirs. Pass and play: the person holding the device, except when
        another person is to act and has not taken the device yet (then nobody's)."""
        people = self.people
        if not self.passing:
            return people[0] if people else None
        to_act = self.session.to_act_table_seat if self.session.in_hand else None
        if to_act in people and to_act != self.holder:
            return None
        return self.holder

    @property
    def handing_over(self) -> int | None:
        """The person the device must be passed to before they act (None if nobody)."""
        to_act = self.session.to_act_table_seat if self.session.in_hand else None
        if self.passing and to_act in self.people and to_act != self.holder:
            return to_act
        return None

    def take_over(self, table_seat: int) -> bool:
        """The person in ``table_seat`` takes the device ("Show Bruno's cards"); True if it changed."""
        if table_seat != self.handing_over:
            return False
        self.holder = table_seat
        return True

    @property
    def names(self) -> list[str]:
        """Names per hand seat as this page shows them ("You" for the page's one person)."""
        return self.names_for(None if self.passing else self.viewer)

    def names_for(self, you: int | None) -> list[str]:
        """Names per hand seat, with table seat ``you`` called "You" (the narration then speaks to them)."""
        return ["You" if t == you else self.session.seats[t].name  # type: ignore[union-attr]
                for t in self.session.hand_seats]
