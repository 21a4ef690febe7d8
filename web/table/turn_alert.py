"""The turn alert: a short sound when a turn comes to someone at this page, and the tab's title
while the page is in the background. Pure Python (tested on CPython); web/app/turn_sound.py sets
``document.title`` and web/page/sound.js plays the sound (two short notes).

The decision comes from the state the page draws, like everything else: no timer of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from stripdeck.i18n import N_, _

TITLE = N_("Stripdeck · 32-card draw poker")  # index.html's <title> (data-l10n), in English


def title() -> str:
    """The page's title in the language in use (index.html's <title>, translated).

    >>> title()
    'Stripdeck · 32-card draw poker'
    """
    return _(TITLE)


@dataclass(frozen=True)
class Alert:
    """What the page does for the state it has just drawn."""

    title: str     # the tab's title
    sound: bool    # play the turn sound now


def whose_turn(my_turn: bool, hand_over_to: str) -> str:
    """Who at this page must act now: "you", the name the device must go to (pass and play), or ""."""
    return "you" if my_turn else hand_over_to


def decide(whose: str, before: str, hidden: bool, sound_on: bool) -> Alert:
    """The title and whether to sound, given whose turn it is at this page now (``whose_turn``),
    whose it was in the state drawn before (``before``), and whether the page is in the background.

    It sounds when a turn comes to this page from elsewhere (bots, friends, the deal): not again
    for the same turn drawn twice, and not when you act and your next decision follows at once
    (your call closes the round and your draw begins), nor when pass and play's next person
    takes the device (the hand-over sounded).

    >>> decide("you", "", hidden=True, sound_on=True)
    Alert(title='Your turn · Stripdeck', sound=True)
    >>> decide("you", "you", hidden=True, sound_on=True).sound
    False
    >>> decide("Bo", "", hidden=True, sound_on=False)
    Alert(title="Bo's turn · Stripdeck", sound=False)
    >>> decide("you", "Bo", hidden=False, sound_on=True) == Alert(TITLE, False)  # back on the page, Bo took it
    True
    """
    if not whose:
        return Alert(title(), False)
    shown = title()
    if hidden:
        # TRANSLATORS: the tab's title while the page is in the background and a turn waits; {player} is
        # the person the device must go to (pass and play).
        shown = _("Your turn · Stripdeck") if whose == "you" else _("{player}'s turn · Stripdeck", player=whose)
    return Alert(shown, sound_on and not before)
