"""The session's history: every finished hand, its result in words, and the summary.

Pure Python. A log is plain JSON-ready data (it is saved in localStorage as it is):

    {"version": 1, "start_stack": 200, "played": 3, "won": 1, "biggest_pot": 46,
     "hands": [{"number": 1, "title": "Hand 1", "description": "...", "names": [...],
                "human": 0, "delta": -2, "pot": 6, "scenario": {rules, stacks, ...}}, ...]}

Counters cover every hand played; ``hands`` keeps the last :data:`KEEP` of them. The export
is one JSON file whose ``hands`` are scenarios that ``python -m stripdeck replay`` plays
back one by one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import stripdeck
from stripdeck.narrate import second_person

VERSION = 1
KEEP = 300                    # hands kept for the history panel and the export
SCENARIO_KEYS = ("rules", "stacks", "button", "deck", "seed", "actions")
EXPORT_FORMAT = "stripdeck-session"


def new_log(start_stack: int) -> dict[str, Any]:
    """An empty history for a table whose players start with ``start_stack`` chips."""
    return {"version": VERSION, "start_stack": start_stack, "played": 0, "won": 0,
            "biggest_pot": 0, "hands": []}


def result_words(hand: stripdeck.HandState, names: Sequence[str]) -> str:
    """Who won what, in words and card names: the narration's closing sentences.

    >>> s = stripdeck.start_hand(stripdeck.Rules(), [50, 50], 0, seed=3)
    >>> s, _ = stripdeck.apply(s, "fold")
    >>> result_words(s, ["You", "Ada"])
    'Ada wins 2 from the main pot.'
    """
    lines = stripdeck.describe_log([e for e in hand.log if e.kind in ("win", "divide", "show")],
                                   list(names), card_names=True)
    return " ".join(second_person(line) for line in lines)


def add_hand(log: Mapping[str, Any], session: stripdeck.Session, human_table_seat: int) -> dict[str, Any]:
    """The log with the session's just-finished hand added (a new dict; ``log`` is unchanged)."""
    hand = session.hand
    assert hand is not None and hand.is_complete
    names = [session.seats[t].name for t in session.hand_seats]  # type: ignore[union-attr]
    human = session.hand_seat_of(human_table_seat)
    deltas = [s.stack - start for s, start in zip(hand.seats, hand.start_stacks)]
    won = sum(e.amount or 0 for e in hand.log if e.kind == "win" and e.seat == human)
    scenario = stripdeck.export_hand(hand)
    record = {
        "number": session.hand_number,
        "title": f"Hand {session.hand_number}",
        "description": result_words(hand, names),
        "names": names,
        "human": human,
        "delta": deltas[human] if human is not None else 0,
        "pot": sum(e.amount or 0 for e in hand.log if e.kind == "win"),
        "scenario": {k: scenario[k] for k in SCENARIO_KEYS},
    }
    out = dict(log)
    out["hands"] = [*list(log.get("hands", []))[-(KEEP - 1):], record]
    out["played"] = int(log.get("played", 0)) + 1
    out["won"] = int(log.get("won", 0)) + (1 if record["delta"] > 0 else 0)
    out["biggest_pot"] = max(int(log.get("biggest_pot", 0)), won)
    return out


def summary(log: Mapping[str, Any], stack_now: int) -> dict[str, int]:
    """Hands played, hands won, the biggest pot the human won, and the net result."""
    return {"played": int(log.get("played", 0)), "won": int(log.get("won", 0)),
            "biggest_pot": int(log.get("biggest_pot", 0)),
            "net": stack_now - int(log.get("start_stack", stack_now))}


def summary_text(log: Mapping[str, Any], stack_now: int) -> str:
    """The game-over screen's summary in words.

    >>> summary_text({"played": 12, "won": 4, "biggest_pot": 96, "start_stack": 200}, 0)
    '12 hands played, 4 won. Your biggest pot: 96. Net result: -200.'
    """
    s = summary(log, stack_now)
    plural = "s" if s["played"] != 1 else ""
    net = f"+{s['net']}" if s["net"] > 0 else str(s["net"])
    return (f"{s['played']} hand{plural} played, {s['won']} won. Your biggest pot: {s['biggest_pot']}. "
            f"Net result: {net}.")


def export_data(log: Mapping[str, Any]) -> dict[str, Any]:
    """The session as one JSON object: each hand a scenario with its names and result."""
    hands = []
    for record in log.get("hands", []):
        hands.append({**record["scenario"], "title": record["title"],
                      "description": record["description"], "names": record["names"]})
    return {"format": EXPORT_FORMAT, "version": VERSION, "hands": hands}


def export_json(log: Mapping[str, Any]) -> str:
    """:func:`export_data` as text."""
    return json.dumps(export_data(log), indent=1)


def validate(data: Any) -> dict[str, Any]:
    """A saved log checked for shape (ValueError naming what is wrong); the records themselves
    are only displayed and exported, never replayed into the table."""
    if not isinstance(data, Mapping) or data.get("version") != VERSION:
        raise ValueError("unknown format or version")
    for key in ("start_stack", "played", "won", "biggest_pot"):
        value = data.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{key} must be a whole number, got {value!r}")
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) > KEEP:
        raise ValueError(f"hands must be a list of at most {KEEP}")
    for record in hands:
        if not (isinstance(record, Mapping) and isinstance(record.get("title"), str)
                and isinstance(record.get("description"), str) and isinstance(record.get("scenario"), Mapping)
                and isinstance(record.get("names"), list) and isinstance(record.get("delta"), int)):
            raise ValueError("a hand record is malformed")
    return dict(data)
