"""Replaying a finished hand from History, step by step, in the scripted-hand widget's viewer
(``widgets.scripted``: frame 0 is the deal, frame k the table after the k-th action).

Pure Python (tested on CPython). What a replay shows is what the person at this page could
see of that hand: the cards shown at the showdown, and your own cards, where "you" is the
page's one person (the seat the record names "You": the solo game, a host's own seat, a
guest's seat). At a pass-and-play device the record names nobody "You" (it goes round), so a
replay there shows only the cards shown at the showdown, never anyone's dealt or drawn cards.
The full scenario (deck and seed) is read here only to play the hand; no frame holds more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stripdeck.i18n import _
from widgets import WidgetError, build_frames, frame_html

from .presenter import YOU, shown_name


@dataclass(frozen=True)
class Replay:
    """A hand ready to replay: its number, title, and every frame's HTML."""

    number: int
    title: str
    pages: tuple[str, ...]

    def clamp(self, index: int) -> int:
        """A frame index within the replay."""
        return max(0, min(len(self.pages) - 1, index))


def viewer_of(record: Mapping[str, Any]) -> int | None:
    """The seat whose own cards the replay may show: the one named "You" (None at a shared device)."""
    names = record.get("names")
    return names.index(YOU) if isinstance(names, list) and names.count(YOU) == 1 else None


def build(record: Mapping[str, Any]) -> Replay:
    """The replay of a history record (``session_log.hand_record``); ValueError if it cannot play."""
    scenario = record.get("scenario")
    if not isinstance(scenario, Mapping):
        raise ValueError(_("this hand was not kept with its actions"))
    names = [shown_name(n) if isinstance(n, str) else n for n in record.get("names") or []]
    viewer = viewer_of(record)
    try:  # the page's one person is "You" in the page's language, and the captions speak to them
        _title, _description, frames = build_frames({**scenario, "names": names}, faceup=False, viewer=viewer,
                                                    you=viewer)
    except WidgetError as err:
        raise ValueError(str(err)) from None
    number = record.get("number", 0)
    title = _("Hand {number}", number=number) if type(number) is int else str(record.get("title", ""))
    return Replay(number if type(number) is int else 0, title, tuple(frame_html(f, len(frames)) for f in frames))


def find(log: Mapping[str, Any], number: int) -> Mapping[str, Any] | None:
    """The history's record of hand ``number`` (None if it is not kept)."""
    return next((h for h in log.get("hands", []) if h.get("number") == number), None)
