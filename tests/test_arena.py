"""The arena: duplicate deals, zero-sum results, confidence intervals, and the command line."""

from __future__ import annotations

from io import StringIO

import pytest
from stripdeck import Rules, bot_for, run_arena
from stripdeck.__main__ import main
from stripdeck.arena import format_arena, play_duplicate_deal


def test_duplicate_deals_are_zero_sum_and_rotate_the_seats() -> None:
    bots = [bot_for("station", seed=1), bot_for("station", seed=2)]
    # Two identical players on the same cards with the seats swapped: each wins what the other lost.
    assert play_duplicate_deal(Rules(), bots, seed=11, stack=200) == [0, 0]
    won = play_duplicate_deal(Rules(), [bot_for("hard", seed=1), bot_for("random", seed=2)], 12, 200)
    assert sum(won) == 0


def test_results_are_deterministic_and_in_big_blinds_per_100_hands() -> None:
    first = run_arena(["normal", "random"], hands=40, seed=5)
    assert first == run_arena(["normal", "random"], hands=40, seed=5)
    assert [r.name for r in first] == ["normal", "random"]
    assert first[0].hands == 40 and first[0].bb_per_100 == pytest.approx(-first[1].bb_per_100)
    assert first[0].low < first[0].bb_per_100 < first[0].high
    assert "bb/100" in format_arena(first)


def test_three_bots_share_every_seat() -> None:
    results = run_arena(["easy", "normal", "station"], hands=30, seed=2, rules=Rules.preset("official"))
    assert sum(r.bb_per_100 for r in results) == pytest.approx(0.0, abs=1e-9)
    assert all(r.hands == 30 for r in results)


def test_the_command_line() -> None:
    out = StringIO()
    assert main(["arena", "--bots", "hard,station", "--hands", "20", "--seed", "3"], out) == 0
    assert "hard" in out.getvalue() and "95% interval" in out.getvalue()
    assert main(["arena", "--bots", "hard,wizard", "--hands", "20"], StringIO()) == 2
