"""The heads-up no-limit strategy: its tree, the mapping of sizes with all in, the file the site
serves (loaded lazily, a missing or damaged one falls back to the principles), and its play."""

from __future__ import annotations

import base64
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from stripdeck import Rules, apply, player_view, start_hand
from stripdeck.abstraction import build_abstraction
from stripdeck.solver import Solver, build_pot_tree, exploitability, mbb_per_hand, profile_value

ROOT = Path(__file__).resolve().parent.parent
NO_LIMIT = Rules.preset("online", structure="no-limit")
ONLINE = Rules.preset("online")
NAME = "online-no-limit"
SHIPPED = ROOT / "core" / "stripdeck" / f"strategy-{NAME}.bin"


@pytest.fixture(scope="module")
def small_nl() -> Solver:
    abstraction = build_abstraction(NO_LIMIT, samples=240, pre_classes=6, post_buckets=5)
    return Solver(build_pot_tree(NO_LIMIT, abstraction, stack_bb=100, caps=(3, 2)))


@pytest.fixture()
def fresh() -> Iterator[None]:
    """Forget what was loaded or handed over before and after a test (the module keeps them)."""
    from stripdeck import strategy_file

    strategy_file._LOADED.clear()
    strategy_file._PROVIDED.clear()
    strategy_file._PROBLEMS.clear()
    yield
    strategy_file._LOADED.clear()
    strategy_file._PROVIDED.clear()
    strategy_file._PROBLEMS.clear()


def test_the_no_limit_tree_has_all_in_open_at_every_decision(small_nl: Solver) -> None:
    tree = small_nl.tree
    assert tree.no_limit and tree.stack == 200 and tree.caps == (3, 2)
    root = tree.root
    # The button (small blind 1) acts first: fold, call, half the pot, the pot, or all in (100 big blinds).
    assert root.player == 0 and root.actions == ["f", "c", "h", "p", "a"] and root.contrib == (1, 2)
    assert [c.contrib for c in root.children[2:]] == [(4, 2), (6, 2), (200, 2)]
    pot = root.children[3]
    assert pot.actions == ["f", "c", "h", "p", "a"]
    capped = pot.children[3]  # three bets: only all in is left, as in pot limit
    assert capped.contrib == (6, 18) and capped.actions == ["f", "c", "a"]
    shove = root.children[4]
    assert shove.actions == ["f", "c"] and shove.children[1].kind == "draw"  # called: the draws, the showdown
    assert all(child.kind == "showdown" for second in shove.children[1].children for child in second.children)
    limp = root.children[1]
    assert limp.player == 1 and limp.actions == ["k", "h", "p", "a"]  # the big blind's option, all in too
    after = limp.children[0].children[1].children[3]
    assert after.key == "1:ck/d:1,3/2:" and after.actions == ["k", "s", "h", "p", "a"]  # the split offer stays
    bet = after.children[3]
    assert bet.actions == ["f", "c", "h", "p", "a"] and bet.children[3].actions == ["f", "c", "a"]
    decisions = [n for n in tree.nodes if n.kind == "decide"]
    assert all("a" in n.actions for n in decisions if max(n.contrib) < 200)  # wherever a raise is open
    pot_limit = build_pot_tree(ONLINE, tree.abstraction, stack_bb=100, caps=(3, 2), tables=False)
    assert not pot_limit.no_limit and pot_limit.root.actions == ["f", "c", "h", "p"]
    assert len(tree.nodes) > len(pot_limit.nodes)


def test_the_solver_refuses_a_tree_without_blinds() -> None:
    official = Rules.preset("official", structure="no-limit")
    abstraction = build_abstraction(ONLINE, samples=240, pre_classes=6, post_buckets=5)
    with pytest.raises(ValueError, match="blinds"):
        build_pot_tree(official, abstraction)


def test_cfr_plus_drives_the_no_limit_exploitability_down(small_nl: Solver) -> None:
    rng = random.Random(5)
    noise = {n.key: [[rng.random() + 0.01 for _ in n.actions] for _ in n.regrets] for n in small_nl.tree.nodes}
    noise = {k: [[x / sum(row) for x in row] for row in rows] for k, rows in noise.items()}
    values = [profile_value(small_nl, noise, p) for p in (0, 1)]
    assert values[0] == pytest.approx(-values[1], abs=1e-9)  # zero-sum
    figures = []
    for it in small_nl.run(12):
        if it in (1, 12):
            figures.append(mbb_per_hand(exploitability(small_nl), small_nl.tree))
    assert figures[0] > 3 * figures[1] > 0, figures


def test_a_bet_between_the_pot_and_all_in_is_mapped_pseudo_harmonically(small_nl: Solver) -> None:
    from stripdeck.solved import _pot_node, map_size

    # A raise to 30 chips before the draw is 7 pots (28 over the 2 to call, the pot 4 after the call);
    # all in (200) is 49.5 pots: read as the pot with chance (49.5 - 7)(1 + 1) / ((49.5 - 1)(1 + 7)).
    sizes = [("h", 0.5), ("p", 1.0), ("a", 49.5)]
    share = sum(map_size(7.0, sizes, k / 4000) == "p" for k in range(4000)) / 4000
    assert share == pytest.approx(42.5 * 2 / (48.5 * 8), abs=0.001)
    tree = small_nl.tree
    state = start_hand(NO_LIMIT, [200, 200], 0, seed=3)
    big, _ = apply(state, "raise 30")
    read = {_pot_node(player_view(big, 1), tree, salt)[0].key for salt in range(60)}
    assert read == {"1:p", "1:a"}
    shove, _ = apply(state, "allin")
    assert {_pot_node(player_view(shove, 1), tree, salt)[0].key for salt in range(20)} == {"1:a"}
    near, _ = apply(state, "raise 198")  # a chip short of all in: all in but for the rounding of a draw
    assert {_pot_node(player_view(near, 1), tree, salt)[0].key for salt in range(20)} == {"1:a"}
    node, price, _ = _pot_node(player_view(shove, 1), tree, 1)
    assert node.actions == ["f", "c"] and price == pytest.approx(198 / 400)


def test_a_no_limit_file_round_trips_and_is_refused_by_pot_limit(small_nl: Solver) -> None:
    from stripdeck.strategy_file import all_rows, decode_strategy, encode_strategy

    list(small_nl.run(2))
    strategy = small_nl.average_strategy()
    data = encode_strategy(NAME, small_nl.tree, strategy, levels=15, power=1.5)
    back = decode_strategy(data, NO_LIMIT)
    assert back.tree.no_limit and back.tree.root.actions == ["f", "c", "h", "p", "a"]
    rows = all_rows(back)
    assert rows.keys() == strategy.keys()
    for key, node_rows in strategy.items():
        for row, again in zip(node_rows, rows[key]):
            assert again == pytest.approx(row, abs=0.2)
    with pytest.raises(ValueError, match="no-limit"):
        decode_strategy(data, ONLINE)  # the strategy is for no limit, the rules are pot limit
    damaged = bytearray(data)
    damaged[-5] ^= 0x11
    with pytest.raises(ValueError, match="checksum"):
        decode_strategy(bytes(damaged), NO_LIMIT)


def test_the_shipped_no_limit_strategy_is_found_for_the_online_stakes_in_no_limit(fresh: None) -> None:
    from stripdeck.strategy_file import LAZY_STRATEGIES, load_strategy, strategy_rules

    assert NAME in LAZY_STRATEGIES and strategy_rules(NAME) == NO_LIMIT
    shipped = load_strategy(NO_LIMIT)  # on CPython from the package's folder of a checkout
    assert shipped is not None and shipped.preset == NAME and shipped.tree.no_limit and shipped.levels == 255
    assert load_strategy(NO_LIMIT.with_options(small_blind=2, big_blind=4, small_bet=4, big_bet=8)) is shipped
    assert load_strategy(ONLINE) is not shipped and load_strategy(ONLINE).preset == "online"


def test_the_page_hands_over_the_fetched_file_and_it_loads_in_steps(fresh: None) -> None:
    from stripdeck import strategy_file
    from stripdeck.warmup import prepare

    assert strategy_file.wanted_strategy(NO_LIMIT) == NAME  # the page fetches web/data/strategy-online-no-limit.bin
    assert strategy_file.wanted_strategy(ONLINE) is None  # pot limit is in the wheel
    assert strategy_file.wanted_strategy(Rules.preset("official")) is None
    strategy_file.provide_strategy(NAME, SHIPPED.read_bytes())
    assert strategy_file.wanted_strategy(NO_LIMIT) is None  # handed over: not fetched twice
    steps = list(prepare(NO_LIMIT))
    assert len(steps) >= 3
    loaded = strategy_file.load_strategy(NO_LIMIT)
    assert loaded is not None and loaded.preset == NAME
    with pytest.raises(ValueError, match="online-no-limit"):
        strategy_file.provide_strategy("online", b"")  # only a lazily loaded strategy is handed over


def _hand_of_hard_bots(rules: Rules, seed: int) -> list[str]:
    from stripdeck import bot_for

    bots = [bot_for("hard", seed=1), bot_for("normal", seed=2)]
    state = start_hand(rules, [200, 200], 0, seed=seed)
    while state.to_act is not None:
        state, _ = apply(state, bots[state.to_act].decide(player_view(state, state.to_act)))
    return list(state.actions)


@pytest.mark.parametrize("damage", ["missing", "truncated", "flipped", "not a strategy"])
def test_a_missing_or_damaged_file_is_said_and_the_bots_play_by_their_principles(fresh: None, damage: str) -> None:
    from stripdeck import strategy_file
    from stripdeck.sound import SoundBot

    data = SHIPPED.read_bytes()
    given = {"missing": None, "truncated": data[:len(data) // 2], "not a strategy": b"<html>404</html>",
             "flipped": data[:-100] + bytes([data[-100] ^ 0x40]) + data[-99:]}[damage]
    strategy_file.provide_strategy(NAME, given)
    assert strategy_file.strategy_problem(NO_LIMIT) is None  # not loaded yet: nothing to say
    assert strategy_file.load_strategy(NO_LIMIT) is None
    said = strategy_file.strategy_problem(NO_LIMIT) or ""
    assert "online-no-limit" in said and "principles" in said
    assert ("missing" in said) == (damage == "missing")
    for seed in range(3):  # the bots play on, legally, with no strategy (the sound bot's principles)
        assert _hand_of_hard_bots(NO_LIMIT, seed)
    bot = SoundBot("hard", seed=4)
    view = player_view(start_hand(NO_LIMIT, [200, 200], 0, seed=9), 0)
    assert bot._solver is not None and bot._solver.strategy_action(view) is None
    strategy_file.provide_strategy(NAME, data)  # a good file later (the page fetched it again): the strategy is back
    assert strategy_file.load_strategy(NO_LIMIT) is not None and strategy_file.strategy_problem(NO_LIMIT) is None
    assert bot._solver.strategy_action(view) is not None


def test_the_wheel_leaves_the_lazy_file_out_and_the_site_serves_it() -> None:
    import tomllib

    from stripdeck.strategy_file import LAZY_STRATEGIES

    from tools.site import LAZY_STRATEGY_FILES

    files = tuple(f"strategy-{name}.bin" for name in LAZY_STRATEGIES)
    assert LAZY_STRATEGY_FILES == files
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert tuple(config["tool"]["setuptools"]["exclude-package-data"]["stripdeck"]) == files
    assert all((ROOT / "core" / "stripdeck" / f).is_file() for f in files)


@pytest.mark.pyodide
def test_in_the_built_site_the_file_is_served_cached_offline_and_loads_in_pyodide() -> None:
    import json
    import re
    import zipfile

    from pyodide_support import SITE_PYODIDE, check_site_is_current, run_in_pyodide

    check_site_is_current()
    dist = SITE_PYODIDE.parent
    wheel = sorted(SITE_PYODIDE.glob("stripdeck-*.whl"))[-1]
    assert not [n for n in zipfile.ZipFile(wheel).namelist() if NAME in n]  # not in the wheel
    served = dist / "web" / "data" / f"strategy-{NAME}.bin"
    assert served.read_bytes() == SHIPPED.read_bytes()
    files = json.loads(re.search(r"^const FILES = (\{.*?\});$", (dist / "sw.js").read_text(), re.M | re.S)[1])
    assert f"web/data/strategy-{NAME}.bin" in files  # the offline game has it
    encoded = base64.b64encode(served.read_bytes()).decode()
    code = f"""
import base64
from stripdeck import Rules, bot_for, apply, player_view, start_hand, strategy_file
rules = Rules.preset("online", structure="no-limit")
wanted = strategy_file.wanted_strategy(rules)
strategy_file.provide_strategy(wanted, base64.b64decode({encoded!r}))
bots = [bot_for("hard", seed=1), bot_for("normal", seed=2)]
state = start_hand(rules, [200, 200], 0, seed=5)
while state.to_act is not None:
    state, _ = apply(state, bots[state.to_act].decide(player_view(state, state.to_act)))
[wanted, strategy_file.load_strategy(rules).preset, list(state.actions)]
"""
    assert run_in_pyodide(code) == [NAME, NAME, _hand_of_hard_bots(NO_LIMIT, 5)]


def test_a_trick_loses_to_the_no_limit_strategy_heads_up() -> None:
    # Short seeded runs with wide margins; docs/bots.md has the gauntlet at 2,000 hands a cell.
    from stripdeck.arena import run_gauntlet

    cells = run_gauntlet(["hard"], ["maniac-pat", "pat-bluffer", "min-raiser"], sizes=[2], presets=["online"],
                         hands=300, seed=2, structure="no-limit")
    assert {c.preset for c in cells} == {"online no-limit"}
    for cell in cells:
        assert cell.result.high < 0, (cell.exploiter, cell.result)


def test_the_gauntlet_s_command_line_plays_no_limit() -> None:
    from io import StringIO

    from stripdeck.__main__ import main

    out = StringIO()
    assert main(["arena", "--gauntlet", "--levels", "easy", "--exploiters", "station", "--sizes", "2",
                 "--presets", "online,official", "--structure", "no-limit", "--hands", "4"], out) == 0
    assert "online no-limit 2-handed" in out.getvalue() and "official no-limit 2-handed" in out.getvalue()
    out = StringIO()
    assert main(["arena", "--gauntlet", "--levels", "easy", "--exploiters", "station", "--sizes", "2",
                 "--presets", "online", "--structure", "pot-limit", "--hands", "4"], out) == 0
    assert "online 2-handed" in out.getvalue()  # the preset's own structure: the column of before
