"""RULES.md s.5: the draw timer and the betting-action timer."""

from __future__ import annotations

import pytest
from engine_helpers import OFFICIAL, ONLINE, kinds, of_kind, play, start, summary
from stripdeck import HandState, IllegalAction, Rules, apply, legal_actions

TIMED = ONLINE.with_options(split=False)            # both timers at 30 s
HANDS = ["Ah Ad Kh Kd 7c", "Qh Qd Jh Jd 8c", "Th Td 9h 9d 7s"]


def to_the_draw(rules: Rules = TIMED) -> HandState:
    s = start(rules, [100] * 3, button=0, hands=HANDS)
    s, _ = play(s, "0: call", "1: call", "2: check")
    return s


def test_the_online_preset_has_both_timers_at_30_seconds() -> None:
    assert (ONLINE.draw_timer, ONLINE.action_timer) == (30, 30)


def test_a_draw_timeout_stands_pat() -> None:
    s = to_the_draw()
    assert "timeout" in kinds(s)
    s, events = play(s, "1: timeout")
    assert summary(events, "timeout", "discard", "receive") == [("timeout", 1, None), ("discard", 1, 0)]
    assert s.seats[1].drawn == 0
    assert sorted(s.seats[1].hand) == sorted(start(TIMED, [100] * 3, 0, HANDS).seats[1].hand)
    assert s.seats[1].no_raise


def test_after_a_draw_timeout_the_player_may_only_check_call_or_fold() -> None:
    s = to_the_draw()
    s, _ = play(s, "1: timeout", "2: draw", "0: draw")
    # round two begins with seat 0 (first after the big blind); it checks to seat 1
    s, _ = play(s, "0: check")
    assert s.to_act == 1
    assert set(kinds(s)) == {"fold", "check", "timeout"}
    with pytest.raises(IllegalAction):
        apply(s, "bet 2")
    s, _ = play(s, "1: check", "2: bet 4", "0: raise 8")
    assert s.to_act == 1
    assert set(kinds(s)) == {"fold", "call", "timeout"}
    with pytest.raises(IllegalAction):
        apply(s, "raise 16")
    with pytest.raises(IllegalAction):
        apply(s, "allin")


def test_a_player_whose_draw_timer_ran_out_may_still_split() -> None:
    # RULES.md s.5 takes away only betting and raising after a draw timeout; a split counts as
    # a check (s.6), so the offer stays open to the player (docs/rules-decisions.md).
    s = start(ONLINE, [100] * 3, button=0, hands=HANDS)
    s, _ = play(s, "0: call", "1: call", "2: check", "1: timeout", "2: draw", "0: draw")
    assert s.seats[1].no_raise
    s, _ = play(s, "0: split")
    assert s.to_act == 1
    assert set(kinds(s)) == {"fold", "check", "split", "timeout"}
    s, events = play(s, "1: split", "2: split")
    assert s.is_complete
    assert sorted((e.seat, e.amount) for e in of_kind(events, "win")) == [(0, 2), (1, 2), (2, 2)]


def test_a_timed_out_player_facing_a_bet_of_all_their_chips_may_call_all_in() -> None:
    s = start(TIMED, [100, 20, 100], button=0, hands=HANDS)
    s, _ = play(s, "0: call", "1: call", "2: check", "1: timeout", "2: draw", "0: draw")
    s, _ = play(s, "0: bet 6", "1: call", "2: raise 24", "0: call")
    assert s.to_act == 1
    legal = legal_actions(s)
    assert legal.call_amount == 12
    assert "raise" not in legal.kinds
    s, _ = play(s, "1: call")
    assert s.seats[1].all_in


def test_the_draw_timer_does_not_affect_the_other_players() -> None:
    s = to_the_draw()
    s, _ = play(s, "1: timeout", "2: draw", "0: draw")
    assert s.to_act == 0 and "bet" in kinds(s)


def test_an_action_timeout_checks_when_checking_is_possible() -> None:
    s = start(TIMED, [100] * 3, button=0)
    s, _ = play(s, "0: call", "1: call")
    s, events = play(s, "2: timeout")
    assert [e.kind for e in events][:2] == ["timeout", "check"]
    assert not s.seats[2].folded
    assert s.phase == "draw"


def test_an_action_timeout_folds_when_facing_a_bet() -> None:
    s = start(TIMED, [100] * 3, button=0)
    s, events = play(s, "0: timeout")
    assert [e.kind for e in events] == ["timeout", "fold"]
    assert s.seats[0].folded


def test_an_action_timeout_does_not_stop_later_raises() -> None:
    # unlike the draw timer, a betting timeout only decides that one action
    s = start(TIMED, [100] * 3, button=0)
    s, _ = play(s, "0: call", "1: call", "2: timeout", "1: draw", "2: draw", "0: draw", "0: bet 2")
    s, _ = play(s, "1: fold")
    assert s.to_act == 2 and "raise" in kinds(s)


def test_no_timer_means_timeout_is_illegal() -> None:
    s = start(OFFICIAL, [50] * 3, button=0)
    assert "timeout" not in kinds(s)
    with pytest.raises(IllegalAction) as err:
        apply(s, "timeout")
    assert err.value.code == "not-allowed"
    s, _ = play(s, "1: check", "2: check", "0: check")
    assert s.phase == "draw"
    with pytest.raises(IllegalAction):
        apply(s, "timeout")


def test_draw_timer_alone_allows_timeout_only_in_the_draw() -> None:
    rules = TIMED.with_options(action_timer=None)
    s = start(rules, [100] * 3, button=0)
    assert "timeout" not in kinds(s)
    s, _ = play(s, "0: call", "1: call", "2: check")
    assert "timeout" in kinds(s)


def test_action_timer_alone_allows_timeout_only_when_betting() -> None:
    rules = TIMED.with_options(draw_timer=None)
    s = start(rules, [100] * 3, button=0)
    assert "timeout" in kinds(s)
    s, _ = play(s, "0: call", "1: call", "2: check")
    assert s.phase == "draw"
    assert "timeout" not in kinds(s)


def test_an_all_in_player_who_times_out_on_the_split_offer_declines() -> None:
    rules = ONLINE   # split on, timers on
    s = start(rules, [100, 10, 100], button=0, hands=HANDS)
    s, _ = play(s, "0: raise 7", "1: allin", "2: call", "0: call")
    s, _ = play(s, "1: draw", "2: draw", "0: draw")
    s, _ = play(s, "0: split")
    assert s.to_act == 1
    s, events = play(s, "1: timeout")
    assert [e.kind for e in events][:2] == ["timeout", "decline"]
    assert of_kind(events, "decline")[0].seat == 1
