"""Scenarios: a hand as JSON (rules, stacks, button, deck, seed, actions), replayed to results.

The same JSON is the hand-history export format: :func:`export_hand` writes the input
keys of a finished hand plus the results, and :func:`replay` ignores the result keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import format_cards
from .engine import HandSetupError, IllegalAction, apply, legal_actions, start_hand
from .i18n import _
from .inputs import InputError, load_json, shown
from .rules import Rules, RulesError
from .state import HandState

__all__ = ["ScenarioError", "read_scenario", "replay", "play_scenario", "export_hand", "hand_result"]

INPUT_KEYS = ("rules", "stacks", "button", "deck", "seed", "actions", "show")
RESULT_KEYS = ("deltas", "final_hands", "log", "to_act", "legal", "complete", "phase", "stacks_after")
NOTE_KEYS = ("title", "description", "names", "captions")


class ScenarioError(ValueError):
    """A malformed scenario, or an action in it that the engine refused; the message names the key and why.

    For a problem with an action, ``index`` is its position in ``actions`` and ``action`` its
    text (else both None); ``code`` is the :class:`IllegalAction` code when the engine
    refused it (``"amount"``, ``"out-of-turn"``, ...), None for a malformed key. The
    original error is the ``__cause__``.
    """

    def __init__(self, message: str, *, index: int | None = None, action: str | None = None,
                 code: str | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.action = action
        self.code = code


def read_scenario(text: str | bytes, name: str | None = None) -> dict[str, Any]:
    """Scenario JSON text as an object: its size, nesting depth and numbers are bounded before it
    is parsed (:func:`stripdeck.inputs.load_json`), so no file can exhaust the stack. ``name``
    is what messages call it (a file's name; "the scenario" by default).

    >>> read_scenario('{"stacks": [50, 50], "button": 0}')
    {'stacks': [50, 50], 'button': 0}
    >>> read_scenario("[" * 20000 + "]" * 20000)
    Traceback (most recent call last):
    ...
    stripdeck.scenario.ScenarioError: the scenario is nested 20000 deep; at most 20 levels ...
    """
    if name is None:
        # TRANSLATORS: what messages about a scenario's text call it: "the scenario is not valid JSON: ...".
        name = _("the scenario")
    try:
        data = load_json(text, name)
    except InputError as err:
        raise ScenarioError(str(err)) from err
    if not isinstance(data, dict):
        # TRANSLATORS: {name} is a file's name or "the scenario"; stacks, button and actions are keys, kept.
        raise ScenarioError(_("{name} must be a JSON object with stacks, button and actions, got {kind}",
                              name=name, kind=type(data).__name__))
    return data


SESSION_FORMAT = "stripdeck-session"
"""The ``format`` of a session's hand history: ``{"format": ..., "version": 1, "hands": [scenario, ...]}``."""
MAX_SESSION_HANDS = 1000


def read_hands(text: str | bytes, name: str | None = None) -> list[dict[str, Any]]:
    """The scenarios in a hand-history file: one scenario, or every hand of a session's export
    (the game page's "Download session"), bounded before parsing like :func:`read_scenario`.

    >>> read_hands('{"format": "stripdeck-session", "version": 1, "hands": [{"stacks": [5, 5], "button": 0}]}')
    [{'stacks': [5, 5], 'button': 0}]
    """
    if name is None:
        # TRANSLATORS: what messages about a hand-history file call it when it has no name.
        name = _("the file")
    try:
        data = load_json(text, name)
    except InputError as err:
        raise ScenarioError(str(err)) from err
    if not (isinstance(data, dict) and data.get("format") == SESSION_FORMAT):
        if not isinstance(data, dict):
            raise ScenarioError(_("{name} must be a JSON object (a scenario, or a session's hands), got {kind}",
                                  name=name, kind=type(data).__name__))
        return [data]
    hands = data.get("hands")
    if data.get("version") != 1 or not isinstance(hands, list) or not hands or len(hands) > MAX_SESSION_HANDS:
        raise ScenarioError(_("{name}: a session file has version 1 and a list of 1 to {most} hands", name=name,
                              most=MAX_SESSION_HANDS))
    for number, hand in enumerate(hands):
        if not isinstance(hand, dict):
            raise ScenarioError(_("{name}: hands[{number}] must be a scenario object, got {kind}", name=name,
                                  number=str(number), kind=type(hand).__name__))
    return hands


def play_scenario(scenario: Mapping[str, Any]) -> HandState:
    """The hand state after a scenario's actions (raises ScenarioError naming the bad key)."""
    if not isinstance(scenario, Mapping):
        raise ScenarioError(_("a scenario is a JSON object, got {kind}", kind=type(scenario).__name__))
    unknown = [k for k in scenario if k not in INPUT_KEYS + RESULT_KEYS + NOTE_KEYS]
    if unknown:
        key = unknown[0]
        # TRANSLATORS: {key} is a key of the scenario's JSON, {keys} the keys it may have: kept as they are.
        raise ScenarioError(_("{key}: unknown key (expected {keys})",
                              key=key if isinstance(key, str) and len(key) <= 40 else shown(key),
                              keys=", ".join(INPUT_KEYS)))
    for key in ("stacks", "button"):
        if key not in scenario:
            raise ScenarioError(_("{key}: missing", key=key))
    try:
        rules = Rules.from_dict(scenario.get("rules"))
    except (RulesError, TypeError) as err:
        raise ScenarioError(_("{key}: {problem}", key="rules", problem=str(err))) from err
    seed = scenario.get("seed", 0)
    try:
        state = start_hand(rules, scenario["stacks"], scenario["button"], deck=scenario.get("deck"),
                           seed=seed, show=scenario.get("show", []))
    except HandSetupError as err:
        raise ScenarioError(str(err)) from err
    actions = scenario.get("actions", [])
    if not isinstance(actions, list):
        raise ScenarioError(_("actions: must be a list of action text, got {kind}", kind=type(actions).__name__))
    for number, action in enumerate(actions):
        if not isinstance(action, str):
            raise ScenarioError(_("actions[{number}]: must be text like 'call', got {value}", number=str(number),
                                  value=shown(action)), index=number)
        try:
            state, _events = apply(state, action)
        except IllegalAction as err:
            # TRANSLATORS: {number} is the action's place in the scenario's list, {action} its text.
            raise ScenarioError(_("actions[{number}] {action}: {problem}", number=str(number), action=shown(action),
                                  problem=str(err)), index=number, action=action,
                                code=err.code) from err
    return state


def hand_result(state: HandState) -> dict[str, Any]:
    """Results of a hand so far: deltas, final hands, log, and who acts next if unfinished."""
    seats = state.seats
    result: dict[str, Any] = {
        "complete": state.is_complete,
        "phase": state.phase,
        "deltas": [s.stack - start for s, start in zip(seats, state.start_stacks)],
        "stacks_after": [s.stack for s in seats],
        "final_hands": {str(i): format_cards(s.hand) for i, s in enumerate(seats) if not s.folded},
        "log": [e.to_dict() for e in state.log],
    }
    if not state.is_complete:
        result["to_act"] = state.to_act
        result["legal"] = legal_actions(state).as_text()
    return result


def replay(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """Play a scenario and return its results.

    >>> r = replay({"stacks": [100, 100], "button": 0, "seed": 7, "actions": ["fold"]})
    >>> r["deltas"], r["complete"]
    ([-1, 1], True)
    """
    return hand_result(play_scenario(scenario))


def export_hand(state: HandState) -> dict[str, Any]:
    """A hand as scenario JSON that replays to the same result (the whole deal order and seed
    are included, so export only finished hands to players)."""
    scenario: dict[str, Any] = {
        "rules": state.rules.to_dict(),
        "stacks": list(state.start_stacks),
        "button": state.button,
        "deck": format_cards(state.deal_order),
        "seed": state.seed,
        "actions": list(state.actions),
    }
    if state.show:  # seats that chose to show a losing hand
        scenario["show"] = list(state.show)
    scenario.update(hand_result(state))
    return scenario
