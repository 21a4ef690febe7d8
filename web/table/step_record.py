"""The step record: the clock of the state on the table and the unconfirmed choices of the person
at the page (cards selected, an amount typed, a pre-action, the fold question, the time banks),
saved with every change (storage.TURN_KEY) so that a reload carries on where the page was.

:class:`StepRecord` is the record and its JSON (:meth:`StepRecord.to_json`); :func:`parse` is the one
reader of a saved one (the browser's storage is not trusted: an older version, another tab, a
person's edits). ``Controller.step_record`` writes it and ``Controller.resume_step`` decides
whether it belongs to the state restored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import action_bar

FIELDS = frozenset({"hand", "events", "started_at", "selected", "note", "holder", "amount", "asked",
                    "announced", "bank", "preaction", "ended"})
MAX_NOTE = 300  # characters of the note about the person's last turn
MAX_TEXT = 40   # characters of the typed amount and of the pre-actions' text
MAX_SEATS = 5


@dataclass(frozen=True)
class StepRecord:
    """A saved state's clock and choices. ``hand`` and ``events`` name the state (its hand and how
    many events it had), ``started_at`` its start by the wall clock; ``bank`` and ``preaction`` are
    kept as saved, for their own readers (time_bank.TimeBanks.restore, preactions.from_record)."""

    hand: float
    events: float
    started_at: float
    selected: tuple[int, ...] = ()
    note: str = ""
    holder: int | None = None
    amount: str | None = None  # whole-number text only (clamped when shown)
    asked: bool = False  # the fold question ("when you can check?") was up
    announced: bool = False  # the finished hand's result was named
    bank: Mapping[str, Any] = field(default_factory=dict)
    preaction: str | None = None
    ended: bool = False  # pass and play: everyone agreed to end the session

    def to_json(self) -> dict[str, Any]:
        """JSON-ready (``ended`` only when true).

        >>> StepRecord(1, 4, 2.5, selected=(0, 3)).to_json()["selected"]
        [0, 3]
        """
        return {"hand": self.hand, "events": self.events, "started_at": self.started_at,
                "selected": list(self.selected), "note": self.note, "holder": self.holder,
                "amount": self.amount, "asked": self.asked, "announced": self.announced,
                "bank": dict(self.bank), "preaction": self.preaction, **({"ended": True} if self.ended else {})}


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _text(value: object, longest: int) -> bool:
    return value is None or isinstance(value, str) and len(value) <= longest


def parse(raw: object) -> StepRecord | None:
    """A saved record read back, or None if it is not one (its shape: the three numbers that name
    the state, known fields only, each of its type and size). Within a good shape, what cannot be
    used is dropped: a selected index that is not a whole number, an amount that is not one, a
    holder that is not a seat number.

    >>> parse({"hand": 2, "events": 7, "started_at": 99.5, "selected": [1, True, "x"], "amount": "1e3"})
    StepRecord(hand=2, events=7, started_at=99.5, selected=(1,), note='', holder=None, amount=None, \
asked=False, announced=False, bank={}, preaction=None, ended=False)
    >>> parse({"hand": 2, "events": 7}), parse({"hand": 2, "events": 7, "started_at": True}), parse([1])
    (None, None, None)
    """
    if not isinstance(raw, Mapping) or not {"hand", "events", "started_at"} <= set(raw) <= FIELDS:
        return None
    selected, note, bank = raw.get("selected", []), raw.get("note", ""), raw.get("bank", {})
    amount, preaction, holder = raw.get("amount"), raw.get("preaction"), raw.get("holder")
    flags = (raw.get("asked", False), raw.get("announced", False), raw.get("ended", False))
    if not (all(_number(raw[f]) for f in ("hand", "events", "started_at"))
            and all(isinstance(flag, bool) for flag in flags)
            and isinstance(selected, list) and len(selected) <= MAX_SEATS
            and isinstance(note, str) and len(note) <= MAX_NOTE
            and _text(amount, MAX_TEXT) and _text(preaction, MAX_TEXT)
            and isinstance(bank, Mapping) and len(bank) <= MAX_SEATS):
        return None
    return StepRecord(
        raw["hand"], raw["events"], raw["started_at"],
        selected=tuple(i for i in selected if isinstance(i, int) and not isinstance(i, bool)),
        note=note, holder=holder if type(holder) is int else None,
        amount=action_bar.amount_digits(amount) if amount is not None else None,
        asked=flags[0], announced=flags[1], bank=dict(bank), preaction=preaction, ended=flags[2])
