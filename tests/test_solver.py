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
    best, means, dists, _ = hand_profile(parse_cards("Ah Kh Qh Jh 7h"), OFFICIAL, 5)
    assert best == 0 and dists[0][4] == 1.0  # a pat flush is in the top bucket and stays there
    best, means, _, discards = hand_profile(parse_cards("Ah Kh Qh Jh 7c"), OFFICIAL, 5)
    assert best == 1 and discards[1] == parse_cards("7c")  # four to a flush: draw one
    best, _, _, discards = hand_profile(parse_cards("9s 9d Kc 8h 7d"), OFFICIAL, 5)
    assert best == 3 and set(discards[3]) == set(parse_cards("Kc 8h 7d"))  # a pair: draw three


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


def test_a_strategy_file_round_trips_and_refuses_another_shape(small: Solver) -> None:
    from stripdeck.solved import decode_strategy, encode_strategy

    strategy = small.average_strategy()
    data = encode_strategy("official", small.tree, strategy)
    back = decode_strategy(data, OFFICIAL)
    for node in small.tree.nodes:
        for row, again in zip(strategy[node.key], back.rows[node.key]):
            assert again == pytest.approx(row, abs=2 / 255)
    assert back.tree.abstraction.edges == small.tree.abstraction.edges
    with pytest.raises(ValueError, match="not a stripdeck strategy"):
        decode_strategy(b"PK\x03\x04", OFFICIAL)
    with pytest.raises(ValueError, match="nodes"):
        decode_strategy(data, Rules.preset("cardroom"))  # draw up to five: another tree
    with pytest.raises(ValueError, match="bytes"):
        decode_strategy(data + b"\x00", OFFICIAL)


def test_the_public_history_is_read_from_the_view_as_the_abstract_game_has_it() -> None:
    from stripdeck import apply, player_view, start_hand
    from stripdeck.solved import _public_key

    state = start_hand(OFFICIAL, [100, 100], 0, seed=3)  # seat 0 has the button: seat 1 acts first
    assert _public_key(player_view(state, 1)) == "1:"
    for action in ("bet", "raise", "call"):
        state, _ = apply(state, action)
    assert _public_key(player_view(state, 1)) == "1:brc/d:"
    state, _ = apply(state, "draw " + " ".join(str(c) for c in state.seats[1].hand[:2]))
    assert _public_key(player_view(state, 0)) == "1:brc/d:2,"
    state, _ = apply(state, "draw")
    # The opener (seat 1 bet first) acts first after the draw.
    assert state.to_act == 1
    assert _public_key(player_view(state, 1)) == "1:brc/d:2,0/2:"
    state, _ = apply(state, "check")
    assert _public_key(player_view(state, 0)) == "1:brc/d:2,0/2:k"


def test_the_shipped_strategy_fits_the_official_preset_at_any_stakes() -> None:
    from stripdeck.solved import load_strategy

    shipped = load_strategy(OFFICIAL)
    assert shipped is not None and shipped.preset == "official"
    assert load_strategy(OFFICIAL.with_options(ante=2, small_bet=4, big_bet=8)) is shipped  # the page's stakes
    assert load_strategy(Rules()) is None  # pot limit with blinds: not solved (yet)
    assert load_strategy(OFFICIAL.with_options(draw_limit=3)) is None


def test_the_solved_player_plays_legal_hands_heads_up_and_falls_back_three_handed() -> None:
    from stripdeck.arena import play_duplicate_deal
    from stripdeck.solved import SolvedPlayer

    for seed in range(4):
        assert sum(play_duplicate_deal(OFFICIAL, [SolvedPlayer(seed=1), SolvedPlayer(seed=2)], seed, 200)) == 0
    three = [SolvedPlayer(seed=1), SolvedPlayer(seed=2), SolvedPlayer(seed=3)]
    assert sum(play_duplicate_deal(OFFICIAL, three, 5, 200)) == 0


def test_the_pat_bluffer_that_beats_today_s_hard_bot_loses_to_the_solved_strategy() -> None:
    # docs/bots.md: standing pat and betting the most after the draw wins against `classic` heads-up
    # in fixed limit; against the computed strategy it loses (a short seeded run, wide margins).
    from stripdeck.arena import run_arena
    from stripdeck.exploiters import exploiter_for
    from stripdeck.solved import SolvedPlayer

    result = run_arena([exploiter_for("pat-bluffer", seed=2), SolvedPlayer(seed=3)], hands=300, seed=2,
                       rules=OFFICIAL)
    assert result[0].high < 0, result


def test_the_shipped_strategy_loads_in_steps_for_the_page() -> None:
    # stripdeck.prepare runs these steps between the page's frames (bench/bench_bots.py times them).
    from stripdeck import solved
    from stripdeck.warmup import prepare

    solved._LOADED.clear()
    assert len(list(solved.strategy_steps(OFFICIAL))) >= 5
    loaded = solved.load_strategy(OFFICIAL)
    assert loaded is not None and loaded.preset == "official"
    assert list(solved.strategy_steps(OFFICIAL)) == []  # loaded once
    assert list(solved.strategy_steps(Rules.preset("online"))) == [] and solved.load_strategy(
        Rules.preset("online")) is None  # pot limit: no strategy shipped
    solved._LOADED.clear()
    for _ in prepare(OFFICIAL):
        pass
    assert solved._LOADED and solved.load_strategy(OFFICIAL).rows == loaded.rows
