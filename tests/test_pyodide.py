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


def test_the_sound_bots_with_their_reads_play_the_same_as_in_cpython() -> None:
    # Both shipped strategies, reads learnt across hands, and five-handed play: the page's bots.
    code = """
from stripdeck import Rules, bot_for, run_arena
out = []
for preset, size in (("official", 2), ("cardroom", 2), ("online", 5)):
    bots = [bot_for(level, seed=i) for i, level in enumerate(["hard", "normal", "easy", "hard", "normal"][:size])]
    out.append([round(r.bb_per_100, 6) for r in run_arena(bots, hands=40, seed=3, rules=Rules.preset(preset))])
    out.append(bots[0].reads.to_dict())
out
"""
    namespace: dict[str, object] = {}
    exec(code.replace("\nout\n", "\nresult = out\n"), namespace)  # noqa: S102
    assert run_in_pyodide(code) == namespace["result"]


def test_the_wheel_stays_under_400_kb() -> None:
    # Issue 16: the shipped strategies travel in the wheel, which must stay under 400 KB.
    from pyodide_support import SITE_PYODIDE, check_site_is_current

    check_site_is_current()
    wheel = sorted(SITE_PYODIDE.glob("stripdeck-*.whl"))[-1]
    assert wheel.stat().st_size < 400_000, f"{wheel.name}: {wheel.stat().st_size:,} bytes"
