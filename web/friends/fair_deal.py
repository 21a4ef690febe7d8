"""A shuffle the guests can check: the host commits to each hand's seed before the deal and
reveals it after, and each guest's page deals the hand again with the engine.

Pure Python. Before a hand the host sends ``SHA-256("stripdeck-deal/1/<seed>/<salt>")`` (the
salt is 16 random bytes, so the seed cannot be guessed from the hash). After the hand it sends
the seed, the salt and the hand's actions. A guest checks that the hash matches the commitment
it received *before the deal*, replays the hand from the seed with the engine
(``stripdeck.play_scenario``), and checks that what the replay shows its seat is exactly what
the host showed it, event by event: its own cards, its draws, every bet, the showdown.
"""
# l10n-part: friends (this file's sentences load with play with friends: docs/i18n.md, "Bytes")

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import stripdeck
from stripdeck.i18n import N_, _

SCENARIO_KEYS = ("rules", "stacks", "button", "actions")
SHOW_KEY = "show"  # ... and the seats that chose to show a losing hand, when any did (they replay so)


# What the check found (Verdict.code -> its words, worded when shown: the page's language may change).
WORDS: dict[str, str] = {
    "verified": N_("Deal verified: the host committed to this seed before your page saw the deal, and it deals "
                   "exactly what you were shown."),
    "joined-later": N_("This hand was dealt before you joined the table, so its deal cannot be checked."),
    "no-commitment": N_("No commitment arrived before this hand was dealt, so the deal cannot be checked."),
    "seed": N_("The revealed seed does not match the commitment sent before the deal."),
    "shape": N_("The revealed hand is not a scenario of rules, stacks, button and actions."),
    # TRANSLATORS: {problem} says why the engine could not play the revealed hand again.
    "replay": N_("The revealed hand does not replay: {problem}"),
    "seat": N_("Your seat is not in the revealed hand."),
    # TRANSLATORS: {event} counts the hand's events from 1 (the first that differs).
    "cards": N_("The cards dealt from the revealed seed differ from what you were shown (event {event})."),
}


class Verdict(NamedTuple):
    """The outcome of checking a hand's deal: ``ok`` (verified), a code (a key of WORDS) and the
    values its words take.

    >>> Verdict(False, "cards", {"event": 3}).words()
    'The cards dealt from the revealed seed differ from what you were shown (event 3).'
    """

    ok: bool
    code: str
    values: Mapping[str, Any] = {}

    def words(self) -> str:
        """What the check found, in the language in use."""
        return _(WORDS[self.code], **self.values)

    @property
    def loud(self) -> bool:
        """True when the deal was checked and did not match: the page warns."""
        return not self.ok and self.code != "joined-later"

    def warning(self) -> str:
        """The loud form of a failed check."""
        # TRANSLATORS: {problem} says what did not match when the guest's page checked the deal.
        return _("WARNING: {problem}", problem=self.words())


def new_salt() -> str:
    """16 random bytes from the system, as 32 hex digits."""
    return os.urandom(16).hex()


def commitment(seed: int, salt: str) -> str:
    """The hash a host sends before dealing a hand from ``seed``.

    >>> commitment(7, "00" * 16)[:16]
    '511d88986247a2dc'
    """
    return hashlib.sha256(f"stripdeck-deal/1/{seed}/{salt}".encode()).hexdigest()


def reveal_scenario(hand: stripdeck.HandState) -> dict[str, Any]:
    """What a host reveals of a finished hand besides the seed: its rules, stacks, button, actions."""
    scenario = stripdeck.export_hand(hand)
    return {k: scenario[k] for k in (*SCENARIO_KEYS, SHOW_KEY) if k in scenario}


def verify(committed: str | None, seed: int, salt: str, scenario: Mapping[str, Any], seat: int | None,
           seen_log: Sequence[Mapping[str, Any]]) -> tuple[bool, str]:
    """Check a revealed hand against its commitment and against what this seat was shown.

    Returns (True, "Deal verified: …") or (False, what did not match), in the language in use
    (:func:`check` keeps the outcome as a code, to word it later).
    """
    verdict = check(committed, seed, salt, scenario, seat, seen_log)
    return verdict.ok, verdict.words()


def check(committed: str | None, seed: int, salt: str, scenario: Mapping[str, Any], seat: int | None,
          seen_log: Sequence[Mapping[str, Any]]) -> Verdict:
    """Check a revealed hand (as :func:`verify`): a Verdict, verified or saying what did not match."""
    if committed is None:
        return Verdict(False, "no-commitment")
    if commitment(seed, salt) != committed:
        return Verdict(False, "seed")
    if set(scenario) - {SHOW_KEY} != set(SCENARIO_KEYS):
        return Verdict(False, "shape")
    try:
        replayed = stripdeck.play_scenario({**scenario, "seed": seed})
    except (stripdeck.ScenarioError, ValueError, TypeError) as err:
        return Verdict(False, "replay", {"problem": str(err)})
    if seat is not None and not 0 <= seat < len(replayed.seats):
        return Verdict(False, "seat")
    expected = [e.to_dict() for e in stripdeck.player_view(replayed, seat).log]
    if expected != list(seen_log):
        first = next((i for i, (a, b) in enumerate(zip(expected, seen_log)) if a != b),
                     min(len(expected), len(seen_log)))
        return Verdict(False, "cards", {"event": first + 1})
    return Verdict(True, "verified")
