"""RULES.md s.5, the choice of the fourth card (option ``fourth_card_choice``, the ``bosnian`` preset):
"A player who exchanges four cards is dealt three face down, then one card face up and one face
down. The player takes either of the last two as the fourth card. If the face-up card is taken,
the face-down card is discarded unseen."
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from engine_helpers import check_invariants, of_kind, play, start
from stripdeck import (
    Action,
    HandState,
    IllegalAction,
    PlayerView,
    Rules,
    RulesError,
    ScenarioError,
    apply,
    export_hand,
    format_cards,
    legal_actions,
    parse_action,
    parse_cards,
    play_scenario,
    player_view,
    replay,
)
from stripdeck.actions import ActionError

BOSNIAN = Rules.preset("bosnian")
HANDS = ["Ah Ad Kh Kd 7c", "Qh 9d 8c 7s Jh", "Th Td 9h 9c 7d"]
# Seat 1 (first to draw, left of the button) throws four: it gets 8s 8h Ts face down, then Js face
# up and Ac face down.
STUB = "8s 8h Ts Js Ac Kc Qc 7h"
FACE_UP, FACE_DOWN = parse_cards("Js Ac")


def to_the_draw(rules: Rules = BOSNIAN, hands: Sequence[str] = HANDS, stub: str = STUB) -> HandState:
    s = start(rules, [100] * len(hands), button=0, hands=hands, stub=stub)
    s, _ = play(s, *(f"{(k + 1) % len(hands)}: check" for k in range(len(hands))))
    assert s.phase == "draw" and s.to_act == 1
    return s


def at_the_choice(rules: Rules = BOSNIAN) -> HandState:
    s, _ = play(to_the_draw(rules), "1: draw Qh 9d 8c 7s")
    return s


def texts(state: HandState) -> list[str]:
    """Everything about a hand that reaches anyone: every seat's and a spectator's view, as sent."""
    return [json.dumps(player_view(state, seat).to_dict()) for seat in (None, *range(len(state.seats)))]


# ----------------------------------------------------------------------------- the rule


def test_the_bosnian_preset_is_the_official_rules_with_the_choice_of_the_fourth_card() -> None:
    assert BOSNIAN == Rules.preset("official", fourth_card_choice=True)
    assert Rules().fourth_card_choice is False and Rules.preset("official").fourth_card_choice is False
    assert Rules.from_dict({"preset": "bosnian"}) == BOSNIAN
    assert Rules.from_dict(BOSNIAN.to_dict()) == BOSNIAN
    with pytest.raises(RulesError, match="fourth_card_choice must be true or false"):
        Rules(fourth_card_choice="yes")  # type: ignore[arg-type]


def test_a_player_who_exchanges_four_gets_three_face_down_then_one_face_up_and_one_face_down() -> None:
    s, events = play(to_the_draw(), "1: draw Qh 9d 8c 7s")
    assert [(e.kind, e.seat, format_cards(e.cards)) for e in events] == [
        ("discard", 1, "Qh 9d 8c 7s"), ("receive", 1, "8s 8h Ts"), ("face_up", 1, "Js")]
    assert s.pending == (FACE_UP, FACE_DOWN)
    assert format_cards(s.seats[1].hand) == "Jh 8s 8h Ts"  # four cards until the choice
    assert s.seats[1].drawn == 4  # the count is public, as for every draw
    before = to_the_draw()
    assert s.stub == before.stub[5:]  # five cards came off the top of the stub
    assert s.to_act == 1 and legal_actions(s).kinds == ("take up", "take down")
    check_invariants(s)


def test_the_face_up_card_is_public_at_once_in_every_view() -> None:
    s = at_the_choice()
    for seat in (None, 0, 1, 2):
        view = player_view(s, seat)
        assert view.choice == (1, FACE_UP)
        assert [format_cards(e.cards) for e in of_kind(view.log, "face_up")] == ["Js"]


def test_the_face_down_card_is_seen_by_nobody_not_even_the_drawer_until_chosen() -> None:
    s = at_the_choice()
    for text in texts(s):
        assert str(FACE_DOWN) not in text
    assert FACE_DOWN not in player_view(s, 1).my_hand
    assert player_view(s, 0).seats[1].card_count == 4


def test_taking_the_face_up_card_discards_the_face_down_card_unseen() -> None:
    s, events = play(at_the_choice(), "1: take up")
    assert [(e.kind, e.seat, format_cards(e.cards)) for e in events] == [("take_up", 1, "Js")]
    assert format_cards(s.seats[1].hand) == "Jh 8s 8h Ts Js"
    assert FACE_DOWN in s.discards and s.pending == ()
    assert s.to_act == 2  # the next player draws
    s, _ = play(s, "2: draw 7d", "0: draw 7c", "1: check", "2: check", "0: check")
    assert s.is_complete
    check_invariants(s)
    # Nowhere: no view of any seat, no event of the log, nothing the export or its replay says.
    for text in texts(s):
        assert str(FACE_DOWN) not in text
    assert all(FACE_DOWN not in e.cards for e in s.log)
    exported = export_hand(s)
    told = {k: v for k, v in exported.items() if k not in ("deck", "seed")}  # the deal itself (see the docs)
    assert str(FACE_DOWN) not in json.dumps(told)
    assert str(FACE_DOWN) not in json.dumps(replay(exported))


def test_taking_the_face_down_card_discards_the_face_up_card() -> None:
    s, events = play(at_the_choice(), "1: take down")
    assert [(e.kind, e.seat, format_cards(e.cards)) for e in events] == [("take_down", 1, "Ac")]
    assert format_cards(s.seats[1].hand) == "Jh 8s 8h Ts Ac"
    assert FACE_UP in s.discards
    assert format_cards(player_view(s, 1).log[-1].cards) == "Ac"  # the drawer sees the card taken
    for seat in (None, 0, 2):
        view = player_view(s, seat)
        assert view.log[-1].kind == "take_down" and view.log[-1].cards == ()
        assert "Ac" not in json.dumps(view.to_dict())
        assert view.choice is None
    check_invariants(s)


@pytest.mark.parametrize("discards", ["Qh", "Qh 9d", "Qh 9d 8c"])
def test_a_player_exchanging_fewer_than_four_draws_as_usual(discards: str) -> None:
    s, events = play(to_the_draw(), "1: draw " + discards)
    assert of_kind(events, "face_up") == [] and s.pending == ()
    assert len(s.seats[1].hand) == 5 and s.to_act == 2


def test_five_under_the_up_to_five_limit_draws_as_usual() -> None:
    s, events = play(to_the_draw(BOSNIAN.with_options(draw_limit=5)), "1: draw Qh 9d 8c 7s Jh")
    assert of_kind(events, "face_up") == [] and s.pending == () and s.seats[1].fifth_due


def test_without_the_option_four_cards_are_dealt_at_once() -> None:
    s, events = play(to_the_draw(Rules.preset("official")), "1: draw Qh 9d 8c 7s")
    assert [(e.kind, format_cards(e.cards)) for e in of_kind(events, "receive", "face_up")] == [
        ("receive", "8s 8h Ts Js")]
    assert s.to_act == 2


def test_every_player_may_choose_in_turn() -> None:
    s, _ = play(at_the_choice(), "1: take down", "2: draw Th Td 9h 9c")
    assert s.to_act == 2 and legal_actions(s).kinds == ("take up", "take down")
    s, _ = play(s, "2: take up", "0: draw")
    assert s.phase == "second betting round"
    check_invariants(s)


# ----------------------------------------------------------------------------- the stub runs out


FIVE = ["Ah Ad Kh Kd Qc", "Qh 9d 8c 7s Jh", "Th Td 9h 9c 7d", "As Ks Qs Js Ts", "Ac Kc Jc Tc 9s"]


def five_at_the_draw() -> HandState:
    """Five players take 25 cards; the stub's 7 cover one choice (5 cards) and two more."""
    s = start(BOSNIAN, [100] * 5, button=0, hands=FIVE, stub="8s 8h 7h Jd 7c Qd 8d")
    s, _ = play(s, "1: check", "2: check", "3: check", "4: check", "0: check")
    return s


def test_the_stub_running_out_during_the_choice_is_reshuffled_as_today() -> None:
    s, _ = play(five_at_the_draw(), "1: draw Qh 9d 8c 7s", "1: take up")
    assert format_cards(s.stub) == "Qd 8d"
    s, events = play(s, "2: draw Th Td 9h 9c")
    # Seat 1's four discards and its unseen card (Jd) make the new stub, under the old stub's two.
    assert [(e.kind, e.amount) for e in events] == [("discard", 4), ("reshuffle", 5), ("receive", 3),
                                                     ("face_up", 1)]
    assert s.reshuffles == 1 and s.pending and s.to_act == 2
    got = of_kind(events, "receive")[0].cards + s.pending
    assert format_cards(got[:2]) == "Qd 8d"  # the old stub first
    assert not set(got) & set(parse_cards("Th Td 9h 9c"))  # never one's own discards back
    check_invariants(s)
    s, _ = play(s, "2: take down")
    check_invariants(s)


def test_a_reshuffle_for_the_face_down_card_comes_after_the_face_up_card() -> None:
    s, events = play(five_at_the_draw(), "1: draw Qh 8c 7s", "2: draw Th Td 9h 9c")
    assert [(e.kind, e.seat, format_cards(e.cards)) for e in events[-4:]] == [
        ("discard", 2, "Th Td 9h 9c"), ("receive", 2, "Jd 7c Qd"), ("face_up", 2, "8d"), ("reshuffle", None, "")]
    assert s.reshuffles == 1 and s.pending[0] == parse_cards("8d")[0]
    assert s.pending[1] in parse_cards("Qh 8c 7s")  # from the new stub: seat 1's discards, not seat 2's
    check_invariants(s)


# ----------------------------------------------------------------------------- the timer


def test_time_running_out_at_the_choice_takes_the_face_down_card_and_no_raise_after() -> None:
    rules = BOSNIAN.with_options(draw_timer=20)
    s = at_the_choice(rules)
    assert legal_actions(s).kinds == ("take up", "take down", "timeout")
    s, events = play(s, "1: timeout")
    assert [(e.kind, format_cards(e.cards)) for e in events] == [("timeout", ""), ("take_down", "Ac")]
    assert s.seats[1].no_raise and s.actions[-1] == "timeout"
    s, _ = play(s, "2: draw", "0: draw")
    assert s.to_act == 1 and legal_actions(s).kinds == ("fold", "check")  # may not bet (RULES.md s.5)


def test_without_a_draw_timer_timeout_is_refused_at_the_choice() -> None:
    s = at_the_choice()
    with pytest.raises(IllegalAction) as err:
        apply(s, "timeout")
    assert err.value.code == "not-allowed"


# ----------------------------------------------------------------------------- the grammar


def test_take_up_and_take_down_are_actions_of_the_one_grammar() -> None:
    assert parse_action("take up") == Action("take up")
    assert parse_action("  TAKE   Down ") == Action("take down")
    assert str(parse_action("take down")) == "take down"
    for bad in ("take", "take left", "take up now", "take Ah"):
        with pytest.raises(ActionError, match="take up"):
            parse_action(bad)


@pytest.mark.parametrize("action", ["draw", "draw Jh", "check", "fold", "bet", "take sideways"])
def test_only_take_up_or_take_down_is_legal_at_the_choice(action: str) -> None:
    s = at_the_choice()
    before = s
    with pytest.raises(IllegalAction) as err:
        apply(s, action)
    assert err.value.code in ("not-allowed", "bad-action")
    assert s == before and s.pending == (FACE_UP, FACE_DOWN)


@pytest.mark.parametrize("action", ["take up", "take down"])
def test_take_is_refused_when_there_is_no_choice(action: str) -> None:
    for s in (to_the_draw(), start(BOSNIAN, [100] * 3, button=0, hands=HANDS, stub=STUB)):
        before = s
        with pytest.raises(IllegalAction) as err:
            apply(s, action)
        assert err.value.code == "not-allowed"
        assert s == before


def test_another_seat_cannot_choose_for_the_drawer() -> None:
    s = at_the_choice()
    with pytest.raises(IllegalAction) as err:
        apply(s, "take up", seat=2)
    assert err.value.code == "out-of-turn"


# ----------------------------------------------------------------------------- scenarios and views


@pytest.mark.parametrize("choice", ["take up", "take down"])
def test_a_hand_with_the_choice_exports_and_replays_to_the_same_result(choice: str) -> None:
    s, _ = play(at_the_choice(), "1: " + choice, "2: draw 7d", "0: draw", "1: bet", "2: call", "0: fold")
    assert s.is_complete
    exported = export_hand(s)
    assert choice in exported["actions"] and exported["rules"]["fourth_card_choice"] is True
    again = play_scenario(json.loads(json.dumps(exported)))
    assert again == s
    assert replay(exported)["deltas"] == exported["deltas"]


def test_a_scenario_stopped_at_the_choice_says_who_chooses_and_how() -> None:
    scenario = export_hand(at_the_choice())
    assert scenario["to_act"] == 1 and scenario["legal"] == ["take up", "take down"]
    assert replay({k: scenario[k] for k in ("rules", "stacks", "button", "deck", "seed", "actions")})["legal"] == [
        "take up", "take down"]


def test_a_scenario_with_a_take_out_of_place_names_the_action() -> None:
    scenario = export_hand(to_the_draw())
    scenario = {k: scenario[k] for k in ("rules", "stacks", "button", "deck", "seed", "actions")}
    with pytest.raises(ScenarioError) as err:
        play_scenario({**scenario, "actions": scenario["actions"] + ["take up"]})
    assert err.value.index == 3 and err.value.code == "not-allowed"


def test_a_view_at_the_choice_reads_back_as_it_was_sent() -> None:
    s = at_the_choice()
    for seat in (None, 0, 1, 2):
        view = player_view(s, seat)
        assert PlayerView.from_dict(json.loads(json.dumps(view.to_dict()))) == view
    mine = player_view(s, 1)
    assert mine.legal is not None and mine.legal.kinds == ("take up", "take down")
