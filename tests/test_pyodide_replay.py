"""The built wheel in real Pyodide (under Node) plays scenarios exactly as CPython does."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest
import stripdeck
from pyodide_support import run_in_pyodide

pytestmark = pytest.mark.pyodide

ROOT = Path(__file__).resolve().parent.parent


def random_hands(count: int) -> list[dict[str, object]]:
    """Finished hands under every preset, played by the engine's bots, as scenario JSON."""
    rng = random.Random(2026)
    scenarios = []
    for number in range(count):
        preset = ("online", "official", "cardroom")[number % 3]
        rules = stripdeck.Rules.preset(preset, joker=preset == "cardroom" and number % 2 == 0)
        players = 2 + number % 4
        stacks = [rng.choice([3, 10, 40, 200]) for _ in range(players)]
        state = stripdeck.start_hand(rules, stacks, number % players, seed=rng.getrandbits(40))
        while state.to_act is not None:
            view = stripdeck.player_view(state, state.to_act)
            state, _ = stripdeck.apply(state, stripdeck.simple_bot(view, rng))
        scenarios.append(stripdeck.export_hand(state))
    return scenarios


def shipped_scenarios() -> list[dict[str, object]]:
    """The example scenarios shipped with the docs and widgets."""
    files = sorted(ROOT.glob("docs/scenarios/*.json")) + sorted(ROOT.glob("web/widgets/scenarios/*.json"))
    return [json.loads(path.read_text(encoding="utf-8")) for path in files]


def test_replays_in_pyodide_match_cpython() -> None:
    scenarios = random_hands(60) + shipped_scenarios()
    expected = [stripdeck.replay(s) for s in scenarios]
    code = (
        "import json, stripdeck\n"
        f"scenarios = json.loads({json.dumps(json.dumps(scenarios))})\n"
        "result = [stripdeck.replay(s) for s in scenarios]\n"
    )
    got = run_in_pyodide(code)
    assert len(got) == len(expected)
    for scenario, mine, theirs in zip(scenarios, expected, got, strict=True):
        assert theirs == mine, f"scenario differs in Pyodide: {json.dumps(scenario)[:300]}"


def test_every_hand_ranks_the_same_in_pyodide() -> None:
    def digest_here(rules: stripdeck.Rules) -> str:
        table = stripdeck.strength_table(rules)
        return hashlib.sha256(json.dumps(sorted(table.items())).encode()).hexdigest()

    variants = [{}, {"suit_ties": "combination", "suit_order": "sdch"}, {"joker": True},
                {"flush_beats_full_house": False, "suit_ties": "split"}]
    code = (
        "import hashlib, json, stripdeck\n"
        f"variants = {variants!r}\n"
        "result = [hashlib.sha256(json.dumps(sorted(stripdeck.strength_table(stripdeck.Rules(**v))"
        ".items())).encode()).hexdigest() for v in variants]\n"
    )
    assert run_in_pyodide(code) == [digest_here(stripdeck.Rules(**v)) for v in variants]


def test_illegal_actions_are_refused_the_same_way_in_pyodide() -> None:
    bad = {"stacks": [100, 100], "button": 0, "actions": ["raise 1000"]}
    code = (
        "import stripdeck\n"
        "try:\n"
        f"    stripdeck.replay({bad!r})\n"
        "except stripdeck.ScenarioError as err:\n"
        "    result = str(err)\n"
    )
    with pytest.raises(stripdeck.ScenarioError) as here:
        stripdeck.replay(bad)
    assert run_in_pyodide(code) == str(here.value)


def test_hostile_input_is_refused_in_pyodide_as_in_cpython() -> None:
    # A scenario nested 20,000 deep used to kill Pyodide (a fatal stack overflow, every widget
    # of the page gone); Unicode digits and a 5,000-digit number used to raise ValueError.
    texts = ["[" * 20_000 + "]" * 20_000, '{"stacks": [' + "9" * 5000 + ', 5], "button": 0}']
    actions = ["raise ²", "bet ①", "raise ٣", "raise " + "9" * 5000]
    code = (
        "import stripdeck\n"
        "result = []\n"
        f"for text in {texts!r}:\n"
        "    try:\n"
        "        stripdeck.read_scenario(text)\n"
        "    except stripdeck.ScenarioError as err:\n"
        "        result.append(str(err))\n"
        "state = stripdeck.start_hand(None, [100, 100], 0, seed=1)\n"
        f"for action in {actions!r}:\n"
        "    try:\n"
        "        stripdeck.apply(state, action)\n"
        "    except stripdeck.IllegalAction as err:\n"
        "        result.append(err.code)\n"
    )
    assert run_in_pyodide(code) == [
        "the scenario is nested 20000 deep; at most 20 levels of arrays and objects are allowed",
        "the scenario: a number has 5,000 digits; at most 19 are allowed",
        "bad-action", "bad-action", "bad-action", "bad-action"]
