"""What History exports from a table in the page: the last finished hand or the whole session as
scenario JSON (every seat's cards and the deck), and when a shared device withholds them.

Pure Python (tested on CPython). :class:`controller.Controller` answers for its table through
these functions (``export_withheld``, ``export_json``, ``export_session_json``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import stripdeck
from stripdeck.i18n import _

from . import session_log


def withheld(passing: bool, game_over: str) -> str:
    """Why the exports are not offered now ('' if they are). At a shared device (pass and play)
    nobody may see another person's cards: the exports open only when the session is over, because
    the table is or because everyone agreed to end it."""
    if not passing or game_over:
        return ""
    return _("At a shared device the exports show every person's cards, so they open when the session ends: "
             "when the table is over, or when you all agree to end it between hands.")


def hand_json(last_finished: stripdeck.HandState | None, names: list[str], hand_log: Mapping[str, Any]) -> str:
    """The last finished hand (the one on the table, or else the session log's last) as scenario JSON
    with its results and names ('' if no hand has finished yet)."""
    if last_finished is not None:
        return json.dumps({**stripdeck.export_hand(last_finished), "names": names}, indent=1)
    if hand_log["hands"]:
        record = hand_log["hands"][-1]
        return scenario_json(record["scenario"], record["names"])
    return ""


def scenario_json(scenario: Mapping[str, Any], names: list[str]) -> str:
    """A finished hand's scenario (as the session log or a guest's verified deal keeps it) as the
    exported JSON: the scenario, its replayed results, the players' names."""
    return json.dumps({**scenario, **stripdeck.replay(scenario), "names": names}, indent=1)


def session_json(hand_log: Mapping[str, Any]) -> str:
    """Every finished hand of the table as one JSON file ('' if none yet)."""
    return session_log.export_json(hand_log) if hand_log["hands"] else ""
