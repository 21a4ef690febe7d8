"""Scenarios: replay(), play_scenario(), export_hand() and the errors that name the bad key."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from engine_helpers import OFFICIAL, ONLINE, deck_for, play, start
from stripdeck import (
    HandSetupError,
    HandState,
    IllegalAction,
    Rules,
    ScenarioError,
    export_hand,
    format_cards,
    play_scenario,
    read_scenario,
    replay,
    start_hand,
)

HANDS = ["Ah Ad Kh Kd 7c", "Qh Qd Jh Jd 8c", "Th Td 9h 9d 7s"]
DECK = format_cards(deck_for(HANDS, 0, "As Ks Qs Js"))


def scenario(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "rules": {"preset": "online", "split": False},
        "stacks": [100, 100, 100],
        "button": 0,
        "deck": DECK,
        "seed": 5,
        "actions": ["call", "call", "check", "draw 8c", "draw 7s", "draw 7c", "check", "check", "check"],
    }
    base.update(changes)
    return base


def test_replay_of_a_finished_hand_gives_the_results() -> None:
    result = replay(scenario())
    assert result["complete"] is True
    assert result["phase"] == "complete"
    assert result["deltas"] == [4, -2, -2]           # seat 0 keeps aces up and wins
    assert result["stacks_after"] == [104, 98, 98]
    assert result["final_hands"] == {"0": "Ah Ad Kh Kd Qs", "1": "Qh Qd Jh Jd As", "2": "Th Td 9h 9d Ks"}
    assert result["log"][0] == {"kind": "start", "seat": 0, "info": "3 players"}
    assert result["log"][-1] == {"kind": "end"}
    assert "to_act" not in result and "legal" not in result
    json.dumps(result)


def test_replay_of_an_unfinished_hand_says_who_acts_and_what_is_legal() -> None:
    result = replay(scenario(actions=["call", "call"]))
    assert result["complete"] is False
    assert result["phase"] == "first betting round"
    assert result["to_act"] == 2
    assert result["legal"] == ["fold", "check", "raise 4..8", "timeout"]
    assert result["deltas"] == [-2, -2, -2]


def test_replay_docstring_example() -> None:
    r = replay({"stacks": [100, 100], "button": 0, "seed": 7, "actions": ["fold"]})
    assert (r["deltas"], r["complete"]) == ([-1, 1], True)


def test_play_scenario_returns_the_hand_state() -> None:
    state = play_scenario(scenario(actions=["call"]))
    assert isinstance(state, HandState)
    assert state.to_act == 1
    expected, _ = play(start(ONLINE.with_options(split=False), [100] * 3, 0, HANDS, "As Ks Qs Js", seed=5), "call")
    assert state == expected


def test_rules_may_name_a_preset_and_override_options() -> None:
    state = play_scenario(scenario(rules={"preset": "official", "draw_limit": 2}, actions=[]))
    assert state.rules == OFFICIAL.with_options(draw_limit=2)
    state = play_scenario(scenario(rules=None, actions=[]))
    assert state.rules == ONLINE


def test_a_partial_deck_is_completed_from_the_seed() -> None:
    a = play_scenario(scenario(deck="Ah Kh", actions=[]))
    b = play_scenario(scenario(deck="Ah Kh", actions=[]))
    assert a == b
    assert a.seats[1].hand[0] == a.deal_order[0]
    assert format_cards(a.deal_order[:2]) == "Ah Kh"


def test_note_and_result_keys_are_accepted_and_ignored() -> None:
    result = replay(scenario(title="Aces up", description="a test", names=["a", "b", "c"], captions={},
                             deltas=[0, 0, 0], log=[], complete=False))
    assert result["deltas"] == [4, -2, -2]


@pytest.mark.parametrize("changes, key", [
    ({"colour": "red"}, "colour"),
    ({"rules": {"draw_limit": 9}}, "rules"),
    ({"rules": {"preset": "nope"}}, "rules"),
    ({"rules": {"bogus": 1}}, "rules"),
    ({"rules": "online"}, "rules"),
    ({"stacks": [100]}, "stacks"),
    ({"stacks": [100, 0, 100]}, "stacks"),
    ({"stacks": "100"}, "stacks"),
    ({"button": 3}, "button"),
    ({"button": "0"}, "button"),
    ({"deck": "Ah Ah"}, "deck"),
    ({"deck": "2h"}, "deck"),
    ({"seed": "x"}, "seed"),
    ({"actions": "call"}, "actions"),
    ({"actions": ["call", 3]}, "actions[1]"),
    ({"actions": ["call", "check"]}, "actions[1]"),
    ({"actions": ["call", "raise 99"]}, "actions[1]"),
    ({"actions": ["dance"]}, "actions[0]"),
])
def test_a_bad_scenario_raises_scenario_error_naming_the_key(changes: dict[str, Any], key: str) -> None:
    with pytest.raises(ScenarioError) as err:
        replay(scenario(**changes))
    assert str(err.value).startswith(key), str(err.value)


@pytest.mark.parametrize("missing", ["stacks", "button"])
def test_a_missing_required_key_is_named(missing: str) -> None:
    data = scenario()
    del data[missing]
    with pytest.raises(ScenarioError, match=f"^{missing}: missing"):
        replay(data)


def test_a_scenario_must_be_an_object() -> None:
    with pytest.raises(ScenarioError):
        replay([1, 2])  # type: ignore[arg-type]


def _finished(state: HandState) -> HandState:
    while not state.is_complete:
        state, _ = play(state, "draw" if state.phase == "draw" else "check" if state.to_match == 0 else "call")
    return state


@pytest.mark.parametrize("preset", ["online", "official", "cardroom"])
def test_export_hand_round_trips_through_replay(preset: str) -> None:
    state = start_hand(Rules.preset(preset, joker=preset == "cardroom"), [40, 3, 70, 25], 2, seed=99)
    state, _ = play(state, "allin" if preset == "online" else "call" if state.to_match else "check")
    state = _finished(state)
    exported = export_hand(state)
    text = json.dumps(exported)
    again = replay(json.loads(text))
    assert again["log"] == exported["log"]
    assert again["deltas"] == exported["deltas"]
    assert again["final_hands"] == exported["final_hands"]
    assert play_scenario(json.loads(text)) == state


def test_export_of_an_unfinished_hand_replays_to_the_same_point() -> None:
    state = play_scenario(scenario(actions=["call", "call", "check", "draw 8c"]))
    exported = export_hand(state)
    assert exported["to_act"] == 2
    assert play_scenario(exported) == state


def test_export_records_bet_and_raise_without_an_amount_as_the_amount_used() -> None:
    state = play_scenario(scenario(actions=["raise"]))
    assert export_hand(state)["actions"] == ["raise 4"]


@pytest.mark.parametrize("actions, index, code", [
    (["call", "raise 99"], 1, "amount"),
    (["call", "check"], 1, "not-allowed"),
    (["call", "call", "check", "draw Zz"], 3, "bad-action"),
    (["call", "call 5"], 1, "amount"),
])
def test_a_refused_action_keeps_the_engine_code_its_place_and_its_text(actions: list[str], index: int,
                                                                        code: str) -> None:
    with pytest.raises(ScenarioError) as err:
        replay(scenario(actions=actions))
    assert (err.value.index, err.value.action, err.value.code) == (index, actions[index], code)
    assert isinstance(err.value.__cause__, IllegalAction) and err.value.__cause__.code == code
    assert str(err.value).startswith(f"actions[{index}] '{actions[index]}': ")


def test_a_malformed_key_has_no_engine_code() -> None:
    with pytest.raises(ScenarioError) as err:
        replay(scenario(actions=["call", 3]))
    assert (err.value.index, err.value.action, err.value.code) == (1, None, None)
    with pytest.raises(ScenarioError) as err:
        replay(scenario(stacks=[50, "²"]))
    assert (err.value.index, err.value.code) == (None, None) and isinstance(err.value.__cause__, HandSetupError)
    assert str(err.value) == ("stacks: the stack of seat 1 must be a whole number from 1 to "
                              "1,000,000,000,000,000, got '²'")


@pytest.mark.parametrize("text, message", [
    ("[" * 20_000 + "]" * 20_000, "the scenario is nested 20000 deep; at most 20 levels"),
    ('{"stacks": [' * 1 + "9" * 5000 + ', 5], "button": 0}', "a number has 5,000 digits; at most 19"),
    ('{"stacks": [50, 50], "button": NaN}', "NaN is not a number JSON allows"),
    ("[1, 2]", "the scenario must be a JSON object"),
    ("{not json", "the scenario is not valid JSON: Expecting property name enclosed in double quotes (line 1"),
    (" " * 1_000_001, "at most 1,000,000 are allowed"),
])
def test_scenario_text_is_bounded_before_it_is_parsed(text: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=re.escape(message)):
        read_scenario(text)


def test_scenario_text_that_is_fine_reads_to_the_same_replay() -> None:
    data = scenario(actions=["call", "call", "check"])
    assert replay(read_scenario(json.dumps(data))) == replay(data)
