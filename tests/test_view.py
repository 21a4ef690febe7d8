"""player_view(): a seat sees its own cards, public facts, and cards shown at showdown; nothing else."""

from __future__ import annotations

import json

import pytest
from engine_helpers import ONLINE, of_kind, play, start
from stripdeck import HandState, format_cards, legal_actions, player_view

RULES = ONLINE.with_options(split=False, draw_timer=None, action_timer=None)
HANDS = ["Ah Ad Kh Kd 7c", "Qh Qd Jh Jd 8c", "Th Td 9h 9d 7s"]
STUB = "As Ks Qs Js"


def dealt() -> HandState:
    return start(RULES, [100] * 3, button=0, hands=HANDS, stub=STUB, seed=123456789012345)


def after_draw() -> HandState:
    s, _ = play(dealt(), "0: call", "1: call", "2: check", "1: draw 8c Jh", "2: draw", "0: draw 7c")
    return s


def test_a_player_sees_their_own_cards_and_not_the_others() -> None:
    s = dealt()
    for seat in range(3):
        view = player_view(s, seat)
        assert view.my_hand == s.seats[seat].hand
        assert format_cards(view.seats[seat].hand or ()) == HANDS[seat]
        for other in range(3):
            if other != seat:
                assert view.seats[other].hand is None
                assert view.seats[other].card_count == 5


def test_the_log_hides_other_players_dealt_cards() -> None:
    view = player_view(dealt(), 1)
    deals = of_kind(view.log, "deal")
    assert [(e.seat, format_cards(e.cards)) for e in deals] == [(1, HANDS[1]), (2, ""), (0, "")]


def test_draw_counts_are_public_but_drawn_and_discarded_cards_are_not() -> None:
    s = after_draw()
    view = player_view(s, 2)
    assert [sv.drawn for sv in view.seats] == [1, 2, 0]
    discards = {e.seat: (e.amount, format_cards(e.cards)) for e in of_kind(view.log, "discard")}
    assert discards == {1: (2, ""), 2: (0, ""), 0: (1, "")}
    receives = {e.seat: (e.amount, format_cards(e.cards)) for e in of_kind(view.log, "receive")}
    assert receives == {1: (2, ""), 0: (1, "")}
    own = player_view(s, 1)
    assert format_cards(of_kind(own.log, "discard")[0].cards) == "8c Jh"
    assert format_cards(of_kind(own.log, "receive")[0].cards) == "As Ks"


def test_the_stub_discards_muck_and_seed_stay_hidden() -> None:
    s = after_draw()
    for viewer in (None, 0, 1, 2):
        view = player_view(s, viewer)
        text = json.dumps(view.to_dict())
        assert str(s.seed) not in text
        assert view.stub_size == len(s.stub)
        assert not hasattr(view, "stub") and not hasattr(view, "seed") and not hasattr(view, "deal_order")
        for card in s.stub + s.discards:
            if viewer is None or card not in s.seats[viewer].hand and str(card) not in HANDS[viewer].split():
                assert str(card) not in text


def test_a_spectator_sees_no_hidden_card() -> None:
    s = after_draw()
    view = player_view(s, None)
    assert view.my_hand == ()
    assert all(sv.hand is None for sv in view.seats)
    assert all(e.cards == () for e in view.log)
    assert view.legal is None and not view.is_my_turn


def test_shown_hands_are_public_after_the_showdown_mucked_hands_are_not() -> None:
    s, _ = play(after_draw(), "0: check", "1: check", "2: check")
    assert s.is_complete
    shows = {e.seat for e in of_kind(s.log, "show")}
    mucks = {e.seat for e in of_kind(s.log, "muck")}
    assert shows and mucks
    for viewer in (None, 0, 1, 2):
        view = player_view(s, viewer)
        for i, sv in enumerate(view.seats):
            if i in shows or i == viewer:
                assert sv.hand == s.seats[i].hand
            else:
                assert sv.hand is None


def test_a_hand_won_without_a_showdown_stays_hidden() -> None:
    s, _ = play(after_draw(), "0: bet 2", "1: fold", "2: fold")
    assert s.is_complete
    for viewer in (None, 1, 2):
        assert player_view(s, viewer).seats[0].hand is None


def test_a_folded_player_s_cards_stay_hidden_from_the_others() -> None:
    s, _ = play(dealt(), "0: fold")
    assert player_view(s, 1).seats[0].hand is None
    assert player_view(s, 1).seats[0].folded
    assert player_view(s, 0).my_hand == ()   # the folded hand is in the muck


def test_legal_actions_are_in_the_view_of_the_player_to_act_only() -> None:
    s = dealt()
    assert player_view(s, 0).legal == legal_actions(s)
    assert player_view(s, 0).is_my_turn
    assert player_view(s, 1).legal is None and not player_view(s, 1).is_my_turn


def test_public_facts_are_in_every_view() -> None:
    s, _ = play(dealt(), "0: raise 7")
    view = player_view(s, 2)
    assert (view.button, view.phase, view.to_act, view.to_match) == (0, "first betting round", 1, 7)
    assert [(sv.stack, sv.bet) for sv in view.seats] == [(93, 7), (99, 1), (98, 2)]
    # the pots in the middle hold the chips of finished rounds; this round's bets are in front of players
    assert sum(p.amount for p in view.pots) + sum(sv.bet for sv in view.seats) == 10
    s, _ = play(s, "1: call", "2: call")
    assert [p.amount for p in player_view(s, 2).pots] == [21]


def test_split_on_offer_is_shown() -> None:
    rules = RULES.with_options(split=True)
    s = start(rules, [100] * 3, button=0, hands=HANDS)
    s, _ = play(s, "0: call", "1: call", "2: check", "1: draw", "2: draw", "0: draw")
    assert player_view(s, 1).split_on_offer
    s, _ = play(s, "0: check")
    assert not player_view(s, 1).split_on_offer


def test_the_view_is_json_ready() -> None:
    data = player_view(after_draw(), 1).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["seats"][1]["hand"] == "Qh Qd Jd As Ks"
    assert data["seats"][0]["hand"] is None


@pytest.mark.parametrize("seat", [3, -1, "0", 1.0])
def test_a_seat_that_is_not_at_the_table_is_refused(seat: object) -> None:
    with pytest.raises(ValueError):
        player_view(dealt(), seat)  # type: ignore[arg-type]


def random_hands(count: int, seed: int) -> list[HandState]:
    """States met along seeded random hands of every preset (joker on or off)."""
    import random

    from stripdeck import Rules, apply, start_hand

    rng = random.Random(seed)
    states = []
    for n in range(count):
        rules = Rules.preset(rng.choice(["online", "official", "cardroom"]), joker=rng.random() < 0.3)
        s = start_hand(rules, [rng.randint(3, 90) for _ in range(rng.randint(2, 5))], 0, seed=n)
        states.append(s)
        while not s.is_complete:
            legal = legal_actions(s)
            kind = rng.choice([k for k in legal.kinds if k != "timeout"])
            s, _ = apply(s, f"{kind} {legal.min_total}" if kind in ("bet", "raise") else kind)
            states.append(s)
    return states


def test_a_view_survives_json_and_back_for_every_seat() -> None:
    from stripdeck import PlayerView

    for s in random_hands(40, seed=5):
        for viewer in [None, *range(len(s.seats))]:
            view = player_view(s, viewer)
            assert PlayerView.from_dict(json.loads(json.dumps(view.to_dict()))) == view


def test_malformed_view_data_is_refused_with_view_error_only() -> None:
    import random

    from stripdeck import PlayerView, ViewError

    rng = random.Random(9)
    junk = [None, True, -1, 2 ** 70, 1.5, "", "x" * 500, "Zz", [], {}, [1] * 600, {"a": 1}]
    refused = 0
    for s in random_hands(6, seed=2)[::3]:
        data = json.loads(json.dumps(player_view(s, 0).to_dict()))
        paths = []
        stack: list[tuple[list[object], object]] = [([], data)]
        while stack:
            path, node = stack.pop()
            paths.append(path)
            children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
            stack.extend((path + [k], v) for k, v in children)
        for path in rng.sample(paths, min(60, len(paths))):
            for value in rng.sample(junk, 3):
                bad = json.loads(json.dumps(data))
                if not path:
                    bad = value
                else:
                    parent = bad
                    for key in path[:-1]:
                        parent = parent[key]
                    parent[path[-1]] = value
                try:
                    PlayerView.from_dict(bad)
                except ViewError:
                    refused += 1
    assert refused > 300
    with pytest.raises(ViewError, match="seats"):
        PlayerView.from_dict({**data, "seats": data["seats"][:1]})
