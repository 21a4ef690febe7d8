"""stripdeck in Pyodide (the browser's Python), run under Node from the built site."""

from __future__ import annotations

import pytest
import stripdeck
from pyodide_support import PyodideError, run_in_pyodide

pytestmark = pytest.mark.pyodide


def test_python_in_pyodide_is_3_14() -> None:
    assert run_in_pyodide("import sys; list(sys.version_info[:2])") == [3, 14]


def test_stripdeck_is_imported_from_the_wheel() -> None:
    where = run_in_pyodide("import stripdeck; stripdeck.__file__")
    assert "site-packages/stripdeck/" in where


@pytest.mark.parametrize("text", ["Ah Kd 10c", "7s 8s 9s Ts Js", "Q♥ 10♣ 9♦"])
def test_parse_cards_gives_the_same_text_as_cpython(text: str) -> None:
    code = f"import stripdeck; stripdeck.format_cards(stripdeck.parse_cards({text!r}))"
    expected = stripdeck.format_cards(stripdeck.parse_cards(text))
    assert run_in_pyodide(code) == expected


def test_result_variable_and_errors() -> None:
    assert run_in_pyodide("result = {'a': [1, None]}\n'ignored'") == {"a": [1, None]}
    with pytest.raises(PyodideError, match="ZeroDivisionError"):
        run_in_pyodide("1 / 0")
    assert run_in_pyodide("'globals are fresh' if 'result' not in globals() else 'leak'") == (
        "globals are fresh"
    )


def test_the_shipped_strategy_loads_from_the_wheel_and_plays_the_same_as_in_cpython() -> None:
    code = """
from stripdeck import Rules, apply, player_view, start_hand
from stripdeck.solved import SolvedPlayer
rules = Rules.preset("official")
players = [SolvedPlayer(seed=1), SolvedPlayer(seed=2)]
state = start_hand(rules, [100, 100], 0, seed=11)
while state.to_act is not None:
    state, _ = apply(state, players[state.to_act].decide(player_view(state, state.to_act)))
list(state.actions)
"""
    namespace: dict[str, object] = {}
    exec(code.replace("list(state.actions)", "result = list(state.actions)"), namespace)  # noqa: S102
    assert run_in_pyodide(code) == namespace["result"]
