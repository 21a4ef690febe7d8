"""RULES.md s.5: the draw: order, draw limits, the fifth card, and the stub running out."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from engine_helpers import ONLINE, check_invariants, deck_for, kinds, of_kind, play, start, summary
from stripdeck import (
    JOKER,
    Action,
    Card,
    HandState,
    IllegalAction,
    Rules,
    apply,
    format_cards,
    legal_actions,
    parse_cards,
)

RULES = ONLINE.with_options(split=False, draw_timer=None, action_timer=None)
HANDS = ["Ah Ad Kh Kd 7c", "Qh Qd Jh Jd 8c", "Th Td 9h 9d 7s"]
STUB = "As Ks Qs Js Ts 9s 8s"


def to_the_draw(rules: Rules = RULES, stacks: Sequence[int] = (100, 100, 100), hands: Sequence[str] = HANDS,
                stub: str = STUB) -> HandState:
    s = start(rules, stacks, button=0, hands=hands, stub=stub)
    s, _ = play(s, "0: call", "1: call", "2: check")
    assert s.phase == "draw"
    return s


def test_the_draw_starts_with_the_first_active_player_left_of_the_button() -> None:
    s = to_the_draw()
    assert s.to_act == 1
    s, _ = play(s, "1: draw", "2: draw", "0: draw")
    assert s.phase == "second betting round"


def test_folded_players_do_not_draw() -> None:
    s = start(RULES, [100] * 3, button=0, hands=HANDS, stub=STUB)
    s, _ = play(s, "0: call", "1: fold", "2: check")
    assert s.to_act == 2
    s, _ = play(s, "2: draw", "0: draw")
    assert s.phase == "second betting round"


def test_all_in_players_draw_too() -> None:
    s = start(RULES, [100, 100, 5], button=0, hands=HANDS, stub=STUB)
    s, _ = play(s, "0: raise 7", "1: call", "2: allin")
    assert s.phase == "draw"
    s, _ = play(s, "1: draw", "2: draw Th", "0: draw")
    assert s.seats[2].drawn == 1


def test_discards_are_replaced_from_the_top_of_the_stub() -> None:
    s = to_the_draw()
    s, events = play(s, "1: draw 8c Jh")
    assert summary(events, "discard", "receive") == [("discard", 1, 2), ("receive", 1, 2)]
    assert format_cards(of_kind(events, "discard")[0].cards) == "8c Jh"
    assert format_cards(of_kind(events, "receive")[0].cards) == "As Ks"
    assert sorted(s.seats[1].hand) == sorted(parse_cards("Qh Qd Jd As Ks"))
    s, events = play(s, "2: draw 7s")
    assert format_cards(of_kind(events, "receive")[0].cards) == "Qs"
    check_invariants(s)


def test_standing_pat_draws_no_cards() -> None:
    s = to_the_draw()
    s, events = play(s, "1: draw")
    assert summary(events, "discard", "receive") == [("discard", 1, 0)]
    assert s.seats[1].drawn == 0
    assert format_cards(s.seats[1].hand) == "Qh Qd Jh Jd 8c"


def test_the_number_of_cards_drawn_is_recorded() -> None:
    s = to_the_draw()
    s, _ = play(s, "1: draw 8c", "2: draw 9h 9d 7s", "0: draw")
    assert [seat.drawn for seat in s.seats] == [0, 1, 3]


@pytest.mark.parametrize("limit", [1, 2, 3, 4])
def test_draw_limit_caps_the_number_of_cards_discarded(limit: int) -> None:
    s = to_the_draw(RULES.with_options(draw_limit=limit))
    assert legal_actions(s).draw_max == limit
    cards = list(s.seats[1].hand)
    with pytest.raises(IllegalAction) as err:
        apply(s, "draw " + format_cards(cards[:limit + 1]))
    assert err.value.code == "cards"
    s, events = play(s, "1: draw " + format_cards(cards[:limit]))
    assert summary(events, "receive") == [("receive", 1, limit)]
    assert len(s.seats[1].hand) == 5


def test_draw_limit_zero_skips_the_draw() -> None:
    s = start(RULES.with_options(draw_limit=0), [100] * 3, button=0)
    s, events = play(s, "0: call", "1: call", "2: check")
    assert s.phase == "second betting round"
    assert [e.info for e in of_kind(events, "round")] == ["second betting round"]


def test_a_player_may_only_discard_cards_they_hold() -> None:
    s = to_the_draw()
    before = s
    with pytest.raises(IllegalAction) as err:
        apply(s, "draw Ah")   # seat 0's card
    assert err.value.code == "cards"
    with pytest.raises(IllegalAction) as err:
        apply(s, "draw Qh Qh")
    assert err.value.code == "bad-action"
    with pytest.raises(IllegalAction):
        apply(s, "draw Zz")
    assert s == before


def test_a_draw_object_listing_a_card_twice_is_refused_like_its_text() -> None:
    s = to_the_draw()   # seat 1 holds Qh Qd Jh Jd 8c
    queen, eight = parse_cards("Qh 8c")
    for cards in [(queen, queen), (queen, eight, queen), ("Qh", "Qh")]:
        with pytest.raises(IllegalAction, match="duplicate card Qh") as err:
            apply(s, Action("draw", None, cards))  # type: ignore[arg-type]
        assert err.value.code == "bad-action"
    with pytest.raises(IllegalAction, match="joker") as err:
        apply(s, Action("draw", None, (JOKER,)))
    assert err.value.code == "bad-action"
    after, _ = apply(s, Action("draw", None, ["Qh", eight]))  # type: ignore[arg-type]
    assert after.seats[1].drawn == 2 and len(after.seats[1].hand) == 5
    assert after == apply(s, "draw Qh 8c")[0]


def test_betting_words_are_refused_during_the_draw() -> None:
    s = to_the_draw()
    for text in ("check", "call", "bet 2", "fold", "split"):
        with pytest.raises(IllegalAction) as err:
            apply(s, text)
        assert err.value.code == "not-allowed"
    assert kinds(s) == ("draw",)


def test_draw_up_to_five_gives_four_at_once_and_the_fifth_after_everyone_else_drew() -> None:
    rules = RULES.with_options(draw_limit=5)
    s = to_the_draw(rules)
    assert legal_actions(s).draw_max == 5
    s, events = play(s, "1: draw Qh Qd Jh Jd 8c")
    assert summary(events, "discard", "receive") == [("discard", 1, 5), ("receive", 1, 4)]
    assert format_cards(s.seats[1].hand) == "As Ks Qs Js"
    assert s.seats[1].drawn == 5
    s, events = play(s, "2: draw 7s")
    assert format_cards(of_kind(events, "receive")[0].cards) == "Ts"
    s, events = play(s, "0: draw 7c")
    assert summary(events, "receive") == [("receive", 0, 1), ("receive", 1, 1)]
    assert format_cards(of_kind(events, "receive")[0].cards) == "9s"
    assert format_cards(of_kind(events, "receive")[1].cards) == "8s"   # the fifth card
    assert len(s.seats[1].hand) == 5
    assert s.phase == "second betting round"
    check_invariants(s)


def test_fifth_cards_are_dealt_in_order_from_the_left_of_the_button() -> None:
    rules = RULES.with_options(draw_limit=5)
    s = to_the_draw(rules)
    s, events = play(s, "1: draw Qh Qd Jh Jd 8c", "2: draw Th Td 9h 9d 7s", "0: draw")
    receives = summary(events, "receive", "reshuffle")
    assert receives[-2:] == [("receive", 1, 1), ("receive", 2, 1)]
    assert all(len(seat.hand) == 5 for seat in s.seats)
    check_invariants(s)


def test_without_the_fifth_card_option_five_cards_cannot_be_drawn() -> None:
    s = to_the_draw()
    with pytest.raises(IllegalAction):
        apply(s, "draw Qh Qd Jh Jd 8c")


FIVE_HANDS = ["Ah Ad Ac Kh Kd", "Qh Qd Qc Jh Jd", "Th Td Tc 9h 9d", "8h 8d 8c 7h 7d", "As Ks Qs Js Ts"]
FIVE_STUB = "9s 8s 7s Kc Jc 9c 7c"   # the seven cards left after a five-handed deal


def five_handed_draw(seed: int, rules: Rules = RULES) -> HandState:
    s = start(rules, [100] * 5, button=0, hands=FIVE_HANDS, stub=FIVE_STUB, seed=seed)
    s, _ = play(s, "3: call", "4: call", "0: call", "1: call", "2: check")
    assert s.phase == "draw" and s.to_act == 1
    return s


def _own_discards_never_come_back(state: HandState) -> None:
    discarded: dict[int | None, set[Card]] = {}
    for e in state.log:
        if e.kind == "discard":
            discarded.setdefault(e.seat, set()).update(e.cards)
        if e.kind == "receive":
            assert not set(e.cards) & discarded.get(e.seat, set()), f"seat {e.seat} got its own discards back"


@pytest.mark.parametrize("seed", range(20))
def test_when_the_stub_runs_out_discards_are_reshuffled_but_never_dealt_back_to_their_owner(seed: int) -> None:
    s = five_handed_draw(seed)
    s, events = play(s, "1: draw Qh Qd Qc Jh", "2: draw Th Td Tc 9h", "3: draw 8h 8d 8c 7h",
                     "4: draw As Ks Qs Js", "0: draw Ah Ad Ac Kh")
    reshuffles = of_kind(events, "reshuffle")
    assert reshuffles, "seven cards cannot serve twenty"
    assert summary(events, "receive")[0] == ("receive", 1, 4)
    assert format_cards(of_kind(events, "receive")[0].cards) == "9s 8s 7s Kc"
    # seat 2 takes the last three cards, then the discards of seat 1 (not its own) are reshuffled
    assert [e.kind for e in events[2:5]] == ["discard", "reshuffle", "receive"]
    assert reshuffles[0].amount == 4
    assert all(len(seat.hand) == 5 for seat in s.seats)
    _own_discards_never_come_back(s)
    check_invariants(s)
    assert s.phase == "second betting round"


@pytest.mark.parametrize("seed", range(10))
def test_the_muck_of_folded_hands_is_reshuffled_with_the_discards(seed: int) -> None:
    s = start(RULES, [100] * 5, button=0, hands=FIVE_HANDS, stub=FIVE_STUB, seed=seed)
    s, _ = play(s, "3: fold", "4: call", "0: call", "1: call", "2: check")
    s, events = play(s, "1: draw Qh Qd Qc Jh", "2: draw Th Td Tc 9h")
    reshuffle = of_kind(events, "reshuffle")[0]
    assert reshuffle.amount == 4 + 5   # seat 1's discards and seat 3's folded hand
    s, _ = play(s, "4: draw As Ks Qs Js", "0: draw Ah Ad Ac Kh")
    _own_discards_never_come_back(s)
    check_invariants(s)


@pytest.mark.parametrize("seed", range(10))
def test_everyone_drawing_five_with_five_players_completes_the_draw(seed: int) -> None:
    s = five_handed_draw(seed, RULES.with_options(draw_limit=5))
    s, _ = play(s, *(f"{i}: draw {FIVE_HANDS[i]}" for i in (1, 2, 3, 4, 0)))
    assert s.phase == "second betting round"
    assert all(len(seat.hand) == 5 for seat in s.seats)
    assert s.reshuffles >= 3
    _own_discards_never_come_back(s)
    check_invariants(s)


def test_the_draw_with_the_joker_deck_accounts_for_all_33_cards() -> None:
    rules = RULES.with_options(joker=True)
    s = start(rules, [100] * 5, button=0, seed=5)
    s, _ = play(s, "3: call", "4: call", "0: call", "1: call", "2: check")
    for _ in range(5):
        seat = s.seats[s.to_act]
        s, _ = play(s, "draw " + format_cards(seat.hand[:4]))
    assert len(s.stub) + len(s.discards) + len(s.muck) == 33 - 25
    check_invariants(s)


def test_deck_option_fixes_the_deal_and_the_stub() -> None:
    deck = deck_for(HANDS, 0, STUB)
    s = start(RULES, [100] * 3, button=0, hands=HANDS, stub=STUB)
    assert list(s.deal_order[:len(deck)]) == deck
    assert format_cards(s.stub[:7]) == STUB
