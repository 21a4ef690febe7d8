"""The time banks of a table in the page: the seconds each person or guest may use past their
turn's clock, once over a session (the setting ``time_bank``; bots have none).

Pure Python (tested on CPython). :class:`controller.Controller` holds one :class:`TimeBanks`: it
asks it what a seat has left, takes from it what a turn used past its clock, and saves it in the
step record so that a reload keeps what was used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


class TimeBanks:
    """Seconds of time bank left per table seat; a seat that has used none has the setting's.

    >>> banks = TimeBanks(lambda: 30.0)
    >>> banks.spend(2, 12.5)
    >>> banks.left(2), banks.left(0), banks.record()
    (17.5, 30.0, {'2': 17.5})
    >>> banks.restore({"2": 99, "1": 4, "x": 1, "7": 3}, seats=5)  # bounded; unknown seats ignored
    >>> banks.record()
    {'1': 4.0, '2': 30.0}
    """

    def __init__(self, full: Callable[[], float]) -> None:
        self.full = full  # the setting's seconds (read each time: a new table may change it)
        self.used: dict[int, float] = {}  # table seat -> seconds left, for the seats that used some

    def left(self, table_seat: int) -> float:
        return self.used.get(table_seat, self.full())

    def spend(self, table_seat: int, overrun: float) -> None:
        """Take the seconds a turn ran past its clock (nothing when it did not, or the bank is empty)."""
        if overrun > 0 and self.left(table_seat) > 0:
            self.used[table_seat] = max(0.0, round(self.left(table_seat) - overrun, 2))

    def record(self) -> dict[str, float]:
        """JSON-ready, for the step record (table seat as text -> seconds left)."""
        return {str(seat): round(left, 2) for seat, left in sorted(self.used.items())}

    def restore(self, saved: Any, seats: int) -> None:
        """The banks from :meth:`record` saved before a reload: a one-digit seat of the table and a
        number of seconds, bounded by the setting; anything else is ignored."""
        if not isinstance(saved, Mapping):
            return
        full = self.full()
        for key, left in saved.items():
            if (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) == 1
                    and not isinstance(left, bool) and isinstance(left, (int, float)) and int(key) < seats):
                self.used[int(key)] = min(full, max(0.0, float(left)))

    def snapshot(self) -> dict[int, float]:
        return dict(self.used)

    def put_back(self, snapshot: Mapping[int, float]) -> None:
        """Undo a spend (an action the engine refused changes nothing)."""
        self.used = dict(snapshot)

    def reset(self) -> None:
        """A new table: everyone's bank is full again."""
        self.used = {}
