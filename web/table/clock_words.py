"""What the page says about the clock of the player to act: the warning before it runs out, and
what was done for whoever's time ran out (or, for a guest who left, what was done while away).

The person at this page is told what happened to their hand (:func:`timeout_note`, kept as the
controller's ``note`` until they act again); everyone else hears one line (:func:`timeout_said`).
"""

from __future__ import annotations

from stripdeck.i18n import _, ngettext


def warning(phase: str, choosing: bool) -> str:
    """The warning a few seconds before the clock runs out: what the timeout would do.

    >>> warning("draw", False)
    '5 seconds left: then you stand pat.'
    """
    if choosing:
        return _("5 seconds left: then you take the face-down card.")
    if phase == "draw":
        return _("5 seconds left: then you stand pat.")
    return _("5 seconds left: then you check, or fold if you cannot check.")


def timeout_note(phase: str, dropped: int, folded: bool, choosing: bool = False) -> str:
    """What to tell the person at this page whose clock ran out: ``dropped`` cards they had
    selected were not discarded; ``choosing``: they were choosing between two cards.

    >>> print(timeout_note("draw", 2, False))  # doctest: +NORMALIZE_WHITESPACE
    Time ran out: you stood pat. The 2 cards you selected were not discarded.
    This hand you may no longer bet or raise.
    >>> timeout_note("first betting round", 0, True)
    'Time ran out: you folded.'
    """
    if choosing:
        return _("Time ran out: you took the face-down card. This hand you may no longer bet or raise.")
    if phase == "draw":
        # What is still offered (check, call, fold, a split) is for the action bar to say: it
        # depends on the state when the turn comes (docs/rules-decisions.md).
        if dropped:
            return ngettext("Time ran out: you stood pat. The {n} card you selected was not discarded. "
                            "This hand you may no longer bet or raise.",
                            "Time ran out: you stood pat. The {n} cards you selected were not discarded. "
                            "This hand you may no longer bet or raise.", dropped)
        return _("Time ran out: you stood pat. This hand you may no longer bet or raise.")
    return _("Time ran out: you folded.") if folded else _("Time ran out: you checked.")


def timeout_said(action: str, player: str | None) -> str:
    """What everyone else is told: ``player`` (None: a seat that has no name) ran out of time
    (``action`` "timeout"), or is away and ``action`` was done for them (a guest who left a table
    without clocks).

    >>> timeout_said("timeout", "Ada"), timeout_said("check", "Zoë")
    ('Ada ran out of time.', 'Zoë is away: they check.')
    """
    if player is None:
        return _("A player ran out of time.") if action == "timeout" else _("A player is away.")
    if action == "timeout":
        return _("{player} ran out of time.", player=player)
    # TRANSLATORS: a guest who left the table: what was done for them.
    return {"draw": _("{player} is away: they stand pat.", player=player),
            "check": _("{player} is away: they check.", player=player)}.get(
                action, _("{player} is away: they fold.", player=player))
