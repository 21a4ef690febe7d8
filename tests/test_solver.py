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
    from stripdeck.strategy_file import decode_strategy, encode_strategy

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
    from stripdeck.strategy_file import load_strategy

    shipped = load_strategy(OFFICIAL)
    assert shipped is not None and shipped.preset == "official"
    assert load_strategy(OFFICIAL.with_options(ante=2, small_bet=4, big_bet=8)) is shipped  # the page's stakes
    assert load_strategy(OFFICIAL.with_options(draw_limit=3)) is None
    online = load_strategy(Rules())
    assert online is not None and online.preset == "online" and online.tree.stack == 200  # 100 big blinds
    assert load_strategy(Rules().with_options(small_blind=2, big_blind=4, small_bet=4, big_bet=8)) is online
    assert load_strategy(Rules().with_options(split=False)) is None  # the tree has the split offer in it
    no_limit = load_strategy(Rules().with_options(structure="no-limit"))  # its own tree (test_solver_nolimit.py)
    assert no_limit is not online and no_limit is not None and no_limit.preset == "online-no-limit"


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
    from stripdeck import strategy_file
    from stripdeck.warmup import prepare

    strategy_file._LOADED.clear()
    assert len(list(strategy_file.strategy_steps(OFFICIAL))) >= 5
    loaded = strategy_file.load_strategy(OFFICIAL)
    assert loaded is not None and loaded.preset == "official"
    assert list(strategy_file.strategy_steps(OFFICIAL)) == []  # loaded once
    assert list(strategy_file.strategy_steps(Rules.preset("online", draw_limit=2))) == []  # none shipped
    strategy_file._LOADED.clear()
    for _ in prepare(OFFICIAL):
        pass
    assert strategy_file._LOADED and strategy_file.load_strategy(OFFICIAL).rows == loaded.rows


@pytest.mark.parametrize("name", ["official", "cardroom"])
def test_each_decoded_row_is_its_own_list_and_reads_as_its_cells_say(name: str) -> None:
    # The decoder works out each distinct row once (most rows repeat): every row must still read
    # exactly as its own cells do, and changing one row must change no other.
    from stripdeck import strategy_file
    from stripdeck.solver import private_states

    strategy = strategy_file.decode_strategy(strategy_file._strategy_data(name), Rules.preset(name))
    at = 0
    for node in strategy.tree.nodes:
        width = len(node.actions)
        for k, row in enumerate(strategy.rows[node.key]):
            assert row == strategy_file._row(strategy.body, strategy.weights, at + k * width, width), node.key
        at += width * private_states(strategy.tree.abstraction, node)
    rows = [row for node_rows in strategy.rows.values() for row in node_rows]
    assert len({id(row) for row in rows}) == len(rows)
    assert len({tuple(row) for row in rows}) < len(rows) / 10  # the repeats the decoder shares the work of


# --------------------------------------------------------------------------- pot limit (the online preset)

ONLINE = Rules.preset("online")


@pytest.fixture(scope="module")
def small_pot() -> Solver:
    from stripdeck.solver import build_pot_tree

    abstraction = build_abstraction(ONLINE, samples=240, pre_classes=6, post_buckets=5)
    return Solver(build_pot_tree(ONLINE, abstraction, stack_bb=100, caps=(3, 2)))


def test_the_pot_limit_tree_follows_the_betting_of_the_online_preset_heads_up(small_pot: Solver) -> None:
    root = small_pot.tree.root
    # The button posts the small blind (1) and acts first: fold, call, raise half the pot or the pot.
    assert root.player == 0 and root.actions == ["f", "c", "h", "p"] and root.contrib == (1, 2)
    half, pot = root.children[2], root.children[3]
    assert half.contrib == (4, 2) and pot.contrib == (6, 2)  # after calling 1 the pot is 4: raise 2 or 4
    assert pot.actions == ["f", "c", "h", "p"]
    capped = pot.children[3]  # the big blind re-raises the pot: 6 to call, a pot of 12, so 18 in all
    assert capped.contrib == (6, 18) and capped.actions == ["f", "c", "a"]  # three bets: only all in is left
    shove = capped.children[2]
    assert shove.contrib == (200, 18) and shove.actions == ["f", "c"]  # 100 big blinds
    assert shove.children[1].kind == "draw" and all(  # all in and called: the draws, then the showdown
        child.kind == "showdown" for second in shove.children[1].children for child in second.children)
    limp = root.children[1]
    assert limp.player == 1 and limp.actions == ["k", "h", "p"]  # the big blind's option
    draw = limp.children[0]
    assert draw.kind == "draw" and draw.player == 1 and draw.key == "1:ck/d:"  # the big blind draws first
    after = draw.children[1].children[3]
    assert after.key == "1:ck/d:1,3/2:" and after.player == 0  # the button acts first after the draw too
    assert after.actions == ["k", "s", "h", "p"]  # with the split offer (RULES.md s.6)
    split = after.children[1]
    assert split.player == 1 and split.actions == ["k", "s", "h", "p"]
    assert split.children[1].kind == "split" and split.children[0].kind == "showdown"  # a split counts as a check
    assert after.children[0].actions == ["k", "h", "p"]  # after a check the offer is over
    bet = after.children[3]
    assert bet.contrib == (6, 2) and bet.actions == ["f", "c", "h", "p"]
    assert bet.children[3].actions == ["f", "c", "a"]  # after the draw two bets, then only all in


def test_cfr_plus_drives_the_pot_limit_exploitability_down(small_pot: Solver) -> None:
    rng = random.Random(3)
    noise = {n.key: [_random_row(rng, len(n.actions)) for _ in n.regrets] for n in small_pot.tree.nodes}
    values = [profile_value(small_pot, noise, p) for p in (0, 1)]
    assert values[0] == pytest.approx(-values[1], abs=1e-9)  # zero-sum, splits included
    figures = []
    for it in small_pot.run(12):
        if it in (1, 12):
            figures.append(mbb_per_hand(exploitability(small_pot), small_pot.tree))
    assert figures[0] > 3 * figures[1] > 0, figures
    assert small_pot.tree.unit == 2  # milli-big-blinds of the blinds game: its big blind


def test_an_off_tree_bet_is_mapped_pseudo_harmonically() -> None:
    from stripdeck.solved import map_size

    sizes = [("h", 0.5), ("p", 1.0)]
    # A 3/4-pot bet is read as half the pot with chance (1 - 0.75)(1 + 0.5) / ((1 - 0.5)(1 + 0.75)) = 3/7.
    share = sum(map_size(0.75, sizes, k / 700) == "h" for k in range(700)) / 700
    assert share == pytest.approx(3 / 7, abs=0.002)
    assert map_size(0.5, sizes, 0.99) == "h" and map_size(1.0, sizes, 0.0) == "p"  # the sizes themselves
    assert map_size(0.2, sizes, 0.0) == "h" and map_size(5.0, sizes, 0.0) == "p"  # outside: the nearest
    with_check = [("k", 0.0)] + sizes  # a small bet where a check would not end the round
    share = sum(map_size(0.25, with_check, k / 700) == "k" for k in range(700)) / 700
    assert share == pytest.approx(0.25 * 1 / (0.5 * 1.25), abs=0.002)


def test_the_pot_limit_history_is_read_from_the_view(small_pot: Solver) -> None:
    from stripdeck import apply, player_view, start_hand
    from stripdeck.solved import _pot_node

    tree = small_pot.tree
    state = start_hand(ONLINE, [200, 200], 0, seed=3)
    node, price, base = _pot_node(player_view(state, 0), tree, 1)
    assert node is tree.root and base is None and price == pytest.approx(1 / 4)
    state, _ = apply(state, "raise 6")  # the pot
    node, price, _ = _pot_node(player_view(state, 1), tree, 1)
    assert node.key == "1:p" and price == pytest.approx(4 / 12)
    state, _ = apply(state, "call")
    state, _ = apply(state, "draw " + str(state.seats[1].hand[0]))
    node, _, _ = _pot_node(player_view(state, 0), tree, 1)
    assert node.key == "1:pc/d:1,"
    state, _ = apply(state, "draw")
    assert _pot_node(player_view(state, 0), tree, 1)[0].key == "1:pc/d:1,0/2:"
    state, _ = apply(state, "bet 9")  # 3/4 of the pot of 12: half the pot or the pot, as the mapping draws
    read = {_pot_node(player_view(state, 1), tree, salt)[0].key for salt in range(40)}
    assert read == {"1:pc/d:1,0/2:h", "1:pc/d:1,0/2:p"}
    state, _ = apply(state, "raise 39")  # the pot: 9 to call, then a pot of 30
    node, price, _ = _pot_node(player_view(state, 0), tree, 1)
    assert node.key in ("1:pc/d:1,0/2:hp", "1:pc/d:1,0/2:pp") and price == pytest.approx(30 / 90)
    deep = start_hand(ONLINE, [1000, 1000], 0, seed=3)
    assert _pot_node(player_view(deep, 0), tree, 1) is None  # 500 big blinds: outside the strategy's depths


def test_a_cheaper_bet_than_the_abstract_one_is_folded_to_less() -> None:
    from stripdeck.solved import _defended
    from stripdeck.solver import Node

    node = Node("decide", "1:c/d:0,0/2:h", 0, (2, 4))  # facing half the pot: 2 to call into 6, a price of 1/4
    node.actions = ["f", "c", "h", "p"]
    assert _defended([0.6, 0.4, 0.0, 0.0], node, 0.25) == [0.6, 0.4, 0.0, 0.0]
    assert _defended([0.6, 0.4, 0.0, 0.0], node, 0.125) == pytest.approx([0.3, 0.7, 0.0, 0.0])


def test_a_compact_pot_limit_file_round_trips_through_the_lazy_tree(small_pot: Solver) -> None:
    from stripdeck.strategy_file import all_rows, decode_strategy, encode_strategy

    list(small_pot.run(2))
    strategy = small_pot.average_strategy()
    for levels, tolerance in ((255, 2 / 255), (15, 0.2)):
        data = encode_strategy("online", small_pot.tree, strategy, levels=levels)
        back = decode_strategy(data, ONLINE)
        assert len(back.tree.nodes) < len(small_pot.tree.nodes) / 10  # the betting after the draw stays packed
        rows = all_rows(back)
        assert rows.keys() == strategy.keys()
        for key, node_rows in strategy.items():
            for row, again in zip(node_rows, rows[key]):
                assert sum(again) == pytest.approx(1.0) and again == pytest.approx(row, abs=tolerance)
    with pytest.raises(ValueError, match="fixed-limit"):
        decode_strategy(data, OFFICIAL)
    with pytest.raises(ValueError, match="nodes"):
        decode_strategy(data, ONLINE.with_options(split=False))  # no split offer: another tree


def test_the_shipped_pot_limit_strategy_plays_legal_hands_and_a_trick_loses_to_it() -> None:
    from stripdeck.arena import play_duplicate_deal, run_arena
    from stripdeck.exploiters import exploiter_for
    from stripdeck.solved import SolvedPlayer

    for seed in range(4):
        assert sum(play_duplicate_deal(ONLINE, [SolvedPlayer(seed=1), SolvedPlayer(seed=2)], seed, 200)) == 0
    for name in ("pat-bluffer", "min-raiser"):  # short seeded runs, wide margins (docs/bots.md has the long ones)
        result = run_arena([exploiter_for(name, seed=2), SolvedPlayer(seed=3)], hands=300, seed=2, rules=ONLINE)
        assert result[0].high < 0, (name, result)


def test_the_pot_limit_strategy_loads_in_steps_of_a_few_milliseconds() -> None:
    import time

    from stripdeck import strategy_file

    strategy_file._LOADED.clear()
    longest = 0.0
    steps = strategy_file.strategy_steps(ONLINE)
    while True:
        start = time.perf_counter()
        try:
            next(steps)
        except StopIteration:
            break
        finally:
            longest = max(longest, time.perf_counter() - start)
    loaded = strategy_file.load_strategy(ONLINE)
    assert loaded is not None and loaded.levels == 15  # compact: half a byte a probability
    assert longest < 0.5  # generous for a loaded machine; bench/bench_bots.py --pyodide has the figures
