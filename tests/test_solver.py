"""The heads-up strategy's abstraction and solver: CFR+ converges, and its best response is exact."""

from __future__ import annotations

import random

import pytest
from stripdeck import Rules, parse_cards
from stripdeck.abstraction import build_abstraction, hand_profile
from stripdeck.solver import Solver, build_tree, exploitability, mbb_per_hand, profile_value

OFFICIAL = Rules.preset("official")


@pytest.fixture(scope="module")
def small() -> Solver:
    abstraction = build_abstraction(OFFICIAL, samples=240, pre_classes=6, post_buckets=5)
    return Solver(build_tree(OFFICIAL, abstraction))


def test_the_abstraction_is_a_probability_model_of_the_deal_and_the_draw() -> None:
    ab = build_abstraction(OFFICIAL, samples=240, pre_classes=6, post_buckets=5)
    assert ab == build_abstraction(OFFICIAL, samples=240, pre_classes=6, post_buckets=5)  # seeded
    assert sum(ab.class_probs) == pytest.approx(1.0)
    assert ab.draw_counts == (0, 1, 2, 3, 4)  # every count stays a choice: a snow, breaking a made hand
    for per_count in ab.transitions:
        for dist in per_count:
            assert sum(dist) == pytest.approx(1.0) and len(dist) == 5


def test_a_hand_s_profile_reads_like_the_table_talk() -> None:
    best, means, dists = hand_profile(parse_cards("Ah Kh Qh Jh 7h"), OFFICIAL, 5)
    assert best == 0 and dists[0][4] == 1.0  # a pat flush is in the top bucket and stays there
    best, means, _ = hand_profile(parse_cards("Ah Kh Qh Jh 7c"), OFFICIAL, 5)
    assert best == 1  # four to a flush: draw one
    best, _, _ = hand_profile(parse_cards("9s 9d Kc 8h 7d"), OFFICIAL, 5)
    assert best == 3  # a pair: draw three


def test_the_tree_follows_the_betting_of_fixed_limit_heads_up(small: Solver) -> None:
    root = small.tree.root
    assert root.player == 1 and root.actions == ["k", "b"]  # left of the button acts first: check or bet
    bet = root.children[1]
    assert bet.player == 0 and bet.actions == ["f", "c", "r"]
    fold = bet.children[0]
    assert fold.kind == "fold" and fold.contrib == (1, 3)  # antes of 1, a small bet of 2
    node = bet
    for _ in range(4):  # bet and four raises: the cap of five bets
        node = node.children[2]
    assert node.actions == ["f", "c"]
    draw = root.children[0].children[0]  # check, check: the draw, seat 1 first
    assert draw.kind == "draw" and draw.player == 1 and draw.actions == ["0", "1", "2", "3", "4"]
    after = draw.children[4].children[0]  # seat 1 drew 4, seat 0 stood pat: seat 1 acts first again
    assert after.player == 1 and after.key == "1:kk/d:4,0/2:"
    big = after.children[1].children[0]
    assert big.kind == "fold" and big.contrib == (1, 5)  # a big bet of 4 folded to


def test_the_profile_is_zero_sum_and_no_strategy_beats_the_best_response(small: Solver) -> None:
    rng = random.Random(7)
    uniform = {n.key: [[1.0 / len(n.actions)] * len(n.actions) for _ in n.regrets] for n in small.tree.nodes}
    strategies = [uniform]
    for _ in range(3):
        strategies.append({n.key: [_random_row(rng, len(n.actions)) for _ in n.regrets] for n in small.tree.nodes})
    for strategy in strategies:
        values = [profile_value(small, strategy, p) for p in (0, 1)]
        assert values[0] == pytest.approx(-values[1], abs=1e-9)
        assert exploitability(small, strategy) >= -1e-9  # each seat's best response wins at least the profile
    assert mbb_per_hand(exploitability(small, uniform), small.tree) > 500  # random play is very exploitable


def _random_row(rng: random.Random, n: int) -> list[float]:
    row = [rng.random() for _ in range(n)]
    return [x / sum(row) for x in row]


def test_cfr_plus_drives_the_exploitability_down(small: Solver) -> None:
    figures = []
    for it in small.run(40):
        if it in (2, 10, 40):
            figures.append(mbb_per_hand(exploitability(small), small.tree))
    assert figures[0] > figures[1] > figures[2] and figures[2] < 80, figures


def test_the_solver_plays_fixed_limit_only() -> None:
    with pytest.raises(ValueError, match="fixed limit"):
        build_tree(Rules(), build_abstraction(OFFICIAL, samples=60, pre_classes=4, post_buckets=3))
    with pytest.raises(ValueError, match="no joker"):
        build_abstraction(Rules.preset("cardroom", joker=True), samples=10)
