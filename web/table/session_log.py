"""The session's history: every finished hand, its result in words, and the summary.

Pure Python. A log is plain JSON-ready data (it is saved in localStorage as it is):

    {"version": 1, "start_stack": 200, "played": 3,
     "people": {"You": {"won": 1, "biggest_pot": 46}},
     "hands": [{"number": 1, "title": "Hand 1", "description": "...", "names": [...],
                "mine": {"You": -2}, "won": {}, "pot": 6, "scenario": {rules, stacks, ...}}, ...]}

``people`` are the names played at this page (one in the solo game, several in pass and
play). Counters cover every hand played; ``hands`` keeps the last :data:`KEEP` of them. The export
is one JSON file whose ``hands`` are scenarios that ``python -m stripdeck replay`` plays
back one by one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import stripdeck
from stripdeck.i18n import _, ngettext, number

VERSION = 1
KEEP = 300                    # hands kept for the history panel and the export
SCENARIO_KEYS = ("rules", "stacks", "button", "deck", "seed", "actions", "show")  # "show": when anyone chose to
EXPORT_FORMAT = "stripdeck-session"
YOU = "You"                   # the name records give the page's one person (presenter.YOU)


def new_log(start_stack: int) -> dict[str, Any]:
    """An empty history for a table whose players start with ``start_stack`` chips."""
    return {"version": VERSION, "start_stack": start_stack, "played": 0, "people": {}, "hands": []}


def result_words(log: Sequence[stripdeck.Event], names: Sequence[str]) -> str:
    """Who won what, in words and card names: the narration's closing sentences (public events only).

    >>> s = stripdeck.start_hand(stripdeck.Rules(), [50, 50], 0, seed=3)
    >>> s, _ = stripdeck.apply(s, "fold")
    >>> result_words(s.log, ["You", "Ada"])
    'Ada wins 2 from the main pot.'
    """
    you = names.index(YOU) if list(names).count(YOU) == 1 else None  # the page's one person ("you")
    lines = stripdeck.describe_log([e for e in log if e.kind in ("win", "divide", "show")],
                                   list(names), card_names=True, you=you)
    return " ".join(lines)


def hand_record(number: int, log: Sequence[stripdeck.Event], names: Sequence[str], deltas: Sequence[int],
                people: Sequence[str], scenario: Mapping[str, Any] | None) -> dict[str, Any]:
    """One finished hand for the history: ``people`` are the names played at this page."""
    return {
        "number": number,
        "title": _("Hand {number}", number=number),
        "description": result_words(log, names),
        "names": list(names),
        "mine": {name: delta for name, delta in zip(names, deltas) if name in people},
        "won": {names[e.seat]: e.amount or 0 for e in log if e.kind == "win" and e.seat is not None
                and names[e.seat] in people},
        "pot": sum(e.amount or 0 for e in log if e.kind == "win"),
        "scenario": None if scenario is None else {k: scenario[k] for k in SCENARIO_KEYS if k in scenario},
    }


def said_again(log: Mapping[str, Any]) -> dict[str, Any]:
    """The log with each kept hand's result said again in the language in use (a new dict; ``log``
    is unchanged): the page changed language. A hand is played again from its scenario for it; a
    record kept without one, or whose scenario does not play (saved data is untrusted), keeps the
    words it was written with.

    >>> s = stripdeck.start_hand(stripdeck.Rules(), [50, 50], 0, seed=3)
    >>> s, _ = stripdeck.apply(s, "fold")
    >>> record = hand_record(1, s.log, ["You", "Ada"], [-1, 1], ["You"], stripdeck.export_hand(s))
    >>> said_again(add_record(new_log(50), {**record, "description": "Ada vince 2."}))["hands"][0]["description"]
    'Ada wins 2 from the main pot.'
    """
    hands = []
    for record in log.get("hands", []):
        scenario, names = record.get("scenario"), record.get("names")
        if isinstance(scenario, Mapping) and isinstance(names, list) and all(isinstance(n, str) for n in names):
            try:
                state = stripdeck.play_scenario(scenario)
                record = {**record, "description": result_words(state.log, names)}
            except Exception:  # noqa: BLE001, S112 - a stored record that does not play keeps its words
                pass
        hands.append(record)
    return {**log, "hands": hands}


def record_of(session: stripdeck.Session, names: Sequence[str], people: Sequence[str]) -> dict[str, Any]:
    """The record of the session's just-finished hand: ``names`` per hand seat as the page shows
    them, ``people`` the names among them played at this page."""
    hand = session.hand
    assert hand is not None and hand.is_complete
    deltas = [s.stack - start for s, start in zip(hand.seats, hand.start_stacks)]
    return hand_record(session.hand_number, hand.log, names, deltas, people, stripdeck.export_hand(hand))


def add_record(log: Mapping[str, Any], record: Mapping[str, Any]) -> dict[str, Any]:
    """The log with a finished hand's record added (a new dict; ``log`` is unchanged)."""
    out = dict(log)
    out["hands"] = [*list(log.get("hands", []))[-(KEEP - 1):], dict(record)]
    out["played"] = int(log.get("played", 0)) + 1
    people = {name: dict(counts) for name, counts in dict(log.get("people", {})).items()}
    for name, delta in record["mine"].items():
        counts = people.setdefault(name, {"won": 0, "biggest_pot": 0})
        counts["won"] += 1 if delta > 0 else 0
        counts["biggest_pot"] = max(counts["biggest_pot"], record["won"].get(name, 0))
    out["people"] = people
    return out


def summary_text(log: Mapping[str, Any], stacks: Mapping[str, int]) -> str:
    """The summary in words: hands played, and for each person at this page hands won, the
    biggest pot won and the net result (``stacks``: each person's chips now).

    >>> log = {"played": 12, "start_stack": 200, "people": {"You": {"won": 4, "biggest_pot": 96}}}
    >>> summary_text(log, {"You": 0})
    '12 hands played, 4 won. Your biggest pot: 96. Net result: -200.'
    >>> log["people"]["Bo"] = {"won": 1, "biggest_pot": 8}
    >>> summary_text(log, {"You": 150, "Bo": 250})
    '12 hands played. You: 4 won, biggest pot 96, net -50. Bo: 1 won, biggest pot 8, net +50.'
    """
    played = int(log.get("played", 0))
    start = int(log.get("start_stack", 0))
    counts = dict(log.get("people", {}))

    def net(name: str) -> str:
        value = stacks[name] - start
        return f"+{number(value)}" if value > 0 else number(value)

    def of(name: str) -> dict[str, int]:
        return dict(counts.get(name, {"won": 0, "biggest_pot": 0}))

    if len(stacks) == 1:
        (name,) = stacks
        mine = of(name)
        # TRANSLATORS: the session's summary for one person: {n} hands played, {won} of them won, the
        # biggest pot won, and the chips won (+) or lost (-) since the start.
        if name == YOU:
            return ngettext("{n} hand played, {won} won. Your biggest pot: {biggest}. Net result: {net}.",
                            "{n} hands played, {won} won. Your biggest pot: {biggest}. Net result: {net}.",
                            played, won=mine["won"], biggest=mine["biggest_pot"], net=net(name))
        return ngettext("{n} hand played, {won} won. {player}'s biggest pot: {biggest}. Net result: {net}.",
                        "{n} hands played, {won} won. {player}'s biggest pot: {biggest}. Net result: {net}.",
                        played, player=name, won=mine["won"], biggest=mine["biggest_pot"], net=net(name))
    # TRANSLATORS: one person's part of the summary at a shared device.
    parts = [_("{player}: {won} won, biggest pot {biggest}, net {net}.", player=name, won=of(name)["won"],
               biggest=of(name)["biggest_pot"], net=net(name)) for name in stacks]
    return " ".join([ngettext("{n} hand played.", "{n} hands played.", played)] + parts)


def export_data(log: Mapping[str, Any]) -> dict[str, Any]:
    """The session as one JSON object: each hand a scenario with its names and result (hands
    without a scenario, a guest's before the host revealed them, are left out)."""
    hands = []
    for record in log.get("hands", []):
        if record.get("scenario"):
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
        raise ValueError(_("unknown format or version"))
    for key in ("start_stack", "played"):
        value = data.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(_("{key} must be a whole number, got {value}", key=key, value=repr(str(value)[:20])))
    people = data.get("people")
    if not isinstance(people, Mapping) or len(people) > 5 or not all(
            isinstance(name, str) and isinstance(c, Mapping) and set(c) == {"won", "biggest_pot"}
            and all(type(v) is int and v >= 0 for v in c.values()) for name, c in people.items()):
        raise ValueError(_("people must map up to 5 names to their counts"))
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) > KEEP:
        raise ValueError(_("hands must be a list of at most {n}", n=KEEP))
    for record in hands:
        if not (isinstance(record, Mapping) and isinstance(record.get("title"), str)
                and isinstance(record.get("description"), str) and isinstance(record.get("names"), list)
                and isinstance(record.get("mine"), Mapping) and isinstance(record.get("won"), Mapping)
                and all(type(v) is int for v in record["mine"].values())
                and (record.get("scenario") is None or isinstance(record.get("scenario"), Mapping))):
            raise ValueError(_("a hand record is malformed"))
    return dict(data)
