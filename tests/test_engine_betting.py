"""RULES.md s.4: order of action, betting structures, raises, all-ins, side pots, uncalled bets."""

from __future__ import annotations

import pytest
from engine_helpers import OFFICIAL, ONLINE, check_invariants, deltas, kinds, of_kind, play, start, summary
from stripdeck import (
    Action,
    IllegalAction,
    Rules,
    apply,
    build_pots,
    describe_event,
    legal_actions,
    parse_cards,
    start_hand,
)

NO_TIMERS = dict(draw_timer=None, action_timer=None)
PL = ONLINE.with_options(split=False, **NO_TIMERS)             # pot limit, blinds 1/2
NL = PL.with_options(structure="no-limit")
FL = OFFICIAL.with_options(draw_limit=0)                       # fixed limit 2/4, ante 1
FL_DRAW = OFFICIAL


# ---------------------------------------------------------------- order of action

def test_blinds_game_second_round_starts_with_the_first_active_player_after_the_big_blind() -> None:
    s = start(PL, [100] * 4, button=0)
    s, _ = play(s, "3: call", "0: call", "1: call", "2: check")
    s, _ = play(s, "1: draw", "2: draw", "3: draw", "0: draw")
    assert s.phase == "second betting round"
    assert s.to_act == 3
    s, _ = play(s, "3: check", "0: check", "1: check", "2: check")
    assert s.is_complete


def test_blinds_game_second_round_skips_a_folded_player_after_the_big_blind() -> None:
    s = start(PL, [100] * 4, button=0)
    s, _ = play(s, "3: fold", "0: call", "1: call", "2: check")
    s, _ = play(s, "1: draw", "2: draw", "0: draw")
    assert s.to_act == 0


def test_blinds_act_last_in_both_rounds() -> None:
    s = start(PL, [100] * 3, button=0)
    s, _ = play(s, "0: call", "1: call", "2: check", "1: draw", "2: draw", "0: draw")
    # first after the big blind (seat 2) is the button, seat 0; then the small and big blind
    s, _ = play(s, "0: check", "1: check", "2: check")
    assert s.is_complete


def test_heads_up_second_round_starts_with_the_player_after_the_big_blind_the_button() -> None:
    # RULES.md s.4 taken literally: the first active player after the big blind begins round
    # two, and heads-up that is the button (who posted the small blind).
    s = start(PL, [100, 100], button=0)
    s, _ = play(s, "0: call", "1: check", "1: draw", "0: draw")
    assert s.phase == "second betting round"
    assert s.to_act == 0


def test_ante_game_second_round_starts_with_the_opener() -> None:
    s = start(FL_DRAW, [50] * 4, button=0)
    s, _ = play(s, "1: check", "2: bet 2", "3: call", "0: call", "1: call")
    assert s.opener == 2
    s, _ = play(s, "1: draw", "2: draw", "3: draw", "0: draw")
    assert s.to_act == 2


def test_ante_game_opener_folded_second_round_starts_left_of_the_opener() -> None:
    s = start(FL_DRAW, [50] * 4, button=0)
    s, _ = play(s, "1: check", "2: bet 2", "3: raise 4", "0: call", "1: call", "2: fold")
    assert s.opener == 2
    s, _ = play(s, "1: draw", "3: draw", "0: draw")
    assert s.to_act == 3


def test_ante_game_nobody_bet_second_round_starts_left_of_the_button() -> None:
    s = start(FL_DRAW, [50] * 4, button=2)
    s, _ = play(s, "3: check", "0: check", "1: check", "2: check")
    assert s.opener is None
    s, _ = play(s, "3: draw", "0: draw", "1: draw", "2: draw")
    assert s.to_act == 3


def test_ante_game_nobody_bet_and_first_left_of_the_button_folded() -> None:
    s = start(FL_DRAW, [50] * 4, button=2)
    s, _ = play(s, "3: fold", "0: check", "1: check", "2: check")
    s, _ = play(s, "0: draw", "1: draw", "2: draw")
    assert s.to_act == 0


def test_betting_order_goes_clockwise_and_returns_to_the_bettor() -> None:
    s = start(FL, [50] * 3, button=0)
    s, _ = play(s, "1: check", "2: bet 2", "0: call", "1: raise 4")
    assert s.to_act == 2
    s, _ = play(s, "2: call", "0: call")
    assert s.phase == "second betting round"


# ---------------------------------------------------------------- fixed limit

def test_fixed_limit_small_bet_before_the_draw_and_big_bet_after() -> None:
    s = start(FL_DRAW, [50] * 3, button=0)
    legal = legal_actions(s)
    assert (legal.min_total, legal.max_total) == (2, 2)
    s, _ = play(s, "1: bet 2")
    legal = legal_actions(s)
    assert (legal.min_total, legal.max_total) == (4, 4)
    s, _ = play(s, "2: call", "0: call", "1: draw", "2: draw", "0: draw")
    legal = legal_actions(s)
    assert (legal.min_total, legal.max_total) == (4, 4)
    s, _ = play(s, "1: bet 4")
    legal = legal_actions(s)
    assert (legal.min_total, legal.max_total) == (8, 8)


def test_fixed_limit_other_amounts_are_refused() -> None:
    s = start(FL, [50] * 3, button=0)
    for text in ("bet 3", "bet 1", "bet 4"):
        with pytest.raises(IllegalAction) as err:
            apply(s, text)
        assert err.value.code == "amount"


def test_fixed_limit_cap_of_a_bet_and_four_raises_with_three_or_more_players() -> None:
    s = start(FL, [50] * 3, button=0)
    s, _ = play(s, "1: bet 2", "2: raise 4", "0: raise 6", "1: raise 8", "2: raise 10")
    assert s.raises == 4
    assert set(kinds(s)) == {"fold", "call"}
    with pytest.raises(IllegalAction):
        apply(s, "raise 12")
    s, _ = play(s, "0: call", "1: call")
    assert s.phase == "second betting round"
    assert [seat.total for seat in s.seats] == [11, 11, 11]


def test_fixed_limit_cap_applies_to_the_second_round_too() -> None:
    s = start(FL, [100] * 3, button=0)
    s, _ = play(s, "1: check", "2: check", "0: check")
    s, _ = play(s, "1: bet 4", "2: raise 8", "0: raise 12", "1: raise 16", "2: raise 20")
    assert set(kinds(s)) == {"fold", "call"}


def test_fixed_limit_no_cap_heads_up() -> None:
    s = start(FL, [100, 100], button=0)
    amounts = [2, 4, 6, 8, 10, 12, 14, 16]
    s, _ = play(s, "1: bet 2", *(f"raise {a}" for a in amounts[1:]))
    assert s.raises == 7
    assert "raise" in kinds(s)


def test_fixed_limit_once_capped_the_round_stays_capped_when_a_fold_leaves_two() -> None:
    s = start(FL, [100] * 3, button=0)
    s, _ = play(s, "1: bet 2", "2: raise 4", "0: raise 6", "1: raise 8", "2: raise 10", "0: fold")
    assert s.to_act == 1 and s.capped
    assert set(kinds(s)) == {"fold", "call"}
    with pytest.raises(IllegalAction) as err:
        apply(s, "raise 12")
    assert err.value.code == "not-allowed"
    s, _ = play(s, "1: call")
    assert s.phase == "second betting round" and not s.capped  # a new round starts uncapped
    s, _ = play(s, "1: bet 4", *(f"raise {4 * k}" for k in range(2, 8)))
    assert s.raises == 6  # heads-up from the start of this round: no cap


def test_fixed_limit_a_round_that_becomes_heads_up_before_the_cap_is_uncapped() -> None:
    s = start(FL, [100] * 3, button=0)
    s, _ = play(s, "1: bet 2", "2: raise 4", "0: fold", "1: raise 6", "2: raise 8", "1: raise 10")
    assert s.raises == 4 and not s.capped
    s, _ = play(s, "2: raise 12", "1: raise 14")
    assert s.raises == 6 and "raise" in kinds(s)


def test_fixed_limit_players_all_in_do_not_count_toward_the_three_for_the_cap() -> None:
    # Seat 2 is all in (calling 8 with its last chips) when seat 0 makes the fourth raise:
    # three players are in the hand, but only seats 0 and 1 can still bet, so it is heads-up
    # for the cap (docs/rules-decisions.md) and the raising goes on.
    s = start(FL, [100, 100, 9], button=0)
    s, _ = play(s, "1: bet 2", "2: raise 4", "0: raise 6", "1: raise 8", "2: allin")
    assert s.seats[2].all_in and s.seats[2].bet == 8
    s, _ = play(s, "0: raise 10")
    assert s.raises == 4 and not s.capped
    s, _ = play(s, "1: raise 12", "0: raise 14", "1: call")
    assert [seat.total for seat in s.seats] == [15, 15, 9]
    pots, _ = build_pots([seat.total for seat in s.seats], [seat.folded for seat in s.seats])
    assert [(p.amount, p.eligible) for p in pots] == [(27, (0, 1, 2)), (12, (0, 1))]


def test_fixed_limit_the_cap_counts_players_who_can_still_bet_after_the_capping_raise() -> None:
    # Seat 3 is all in for less than a call; seats 0, 1 and 2 can still bet when seat 2 makes
    # the fourth raise: capped.
    s = start(FL, [100, 100, 100, 4], button=0)
    s, _ = play(s, "1: bet 2", "2: raise 4", "3: allin", "0: raise 6", "1: raise 8", "2: raise 10")
    assert s.seats[3].all_in and s.raises == 4 and s.capped
    assert set(kinds(s)) == {"fold", "call"}


def test_max_raises_option_changes_the_cap() -> None:
    s = start(FL.with_options(max_raises=2), [100] * 3, button=0)
    s, _ = play(s, "1: bet 2", "2: raise 4", "0: raise 6")
    assert set(kinds(s)) == {"fold", "call"}


# ---------------------------------------------------------------- pot limit

def test_pot_limit_first_raise_with_blinds_1_2_is_at_most_7() -> None:
    s = start(PL, [100] * 3, button=0)
    legal = legal_actions(s)
    assert legal.call_amount == 2
    assert (legal.min_total, legal.max_total) == (4, 7)
    with pytest.raises(IllegalAction):
        apply(s, "raise 8")
    s, _ = play(s, "0: raise 7")
    assert s.to_match == 7


def test_pot_limit_raise_is_the_pot_after_calling() -> None:
    s = start(PL, [100] * 3, button=0)
    s, _ = play(s, "0: raise 7")
    # small blind: calls 6 making the pot 16, then raises 16: a total of 23
    legal = legal_actions(s)
    assert legal.call_amount == 6
    assert (legal.min_total, legal.max_total) == (12, 23)


def test_pot_limit_opening_bet_is_at_most_the_pot() -> None:
    s = start(PL, [100] * 3, button=0)
    s, _ = play(s, "0: call", "1: call", "2: check", "1: draw", "2: draw", "0: draw")
    legal = legal_actions(s)
    assert legal.seat == 0
    assert (legal.min_total, legal.max_total) == (2, 6)
    s, _ = play(s, "0: bet 6")
    legal = legal_actions(s)
    assert (legal.min_total, legal.max_total) == (12, 24)  # call 6 -> pot 18, raise 18


def test_pot_limit_all_in_only_when_within_the_pot() -> None:
    s = start(PL, [100, 5, 100], button=0)
    s, _ = play(s, "0: call")
    legal = legal_actions(s)
    assert "allin" in legal.kinds and legal.allin_total == 5
    s2 = start(PL, [100] * 3, button=0)
    assert "allin" not in kinds(s2)


def test_pot_limit_minimum_bet_is_allowed_when_the_pot_is_smaller() -> None:
    # dealer's ante 1 in pot limit: the pot (1) is smaller than the minimum bet (2)
    rules = Rules(small_blind=0, big_blind=0, ante=1, dealer_ante=True, split=False, **NO_TIMERS)
    s = start(rules, [100] * 3, button=0)
    legal = legal_actions(s)
    assert "bet" in legal.kinds
    assert legal.min_total is not None and legal.max_total is not None
    assert legal.min_total <= legal.max_total
    s, _ = play(s, f"bet {legal.min_total}")
    assert s.to_match == 2


def test_pot_limit_minimum_raise_is_allowed_when_bigger_than_the_pot() -> None:
    rules = PL.with_options(small_bet=10)
    s = start(rules, [100] * 3, button=0)
    legal = legal_actions(s)
    assert legal.min_total is not None and legal.max_total is not None
    assert legal.min_total <= legal.max_total
    play(s, f"raise {legal.min_total}")


# ---------------------------------------------------------------- no limit, minimum raise

def test_no_limit_maximum_is_everything() -> None:
    s = start(NL, [100, 80, 60], button=0)
    legal = legal_actions(s)
    assert (legal.min_total, legal.max_total) == (4, 100)
    assert "allin" in legal.kinds


def test_minimum_raise_is_the_last_full_raise() -> None:
    s = start(NL, [200] * 4, button=0)
    s, _ = play(s, "3: raise 10")        # raised by 8
    assert legal_actions(s).min_total == 18
    s, _ = play(s, "0: raise 30")        # raised by 20
    assert legal_actions(s).min_total == 50
    with pytest.raises(IllegalAction) as err:
        apply(s, "raise 49")
    assert err.value.code == "amount"


def test_minimum_bet_in_the_second_round_is_the_small_bet_and_raise_the_bet() -> None:
    s = start(NL, [200] * 3, button=0)
    s, _ = play(s, "0: call", "1: call", "2: check", "1: draw", "2: draw", "0: draw")
    assert legal_actions(s).min_total == 2
    s, _ = play(s, "0: bet 15")
    assert legal_actions(s).min_total == 30


def test_bet_or_raise_without_an_amount_means_the_minimum() -> None:
    s = start(NL, [200] * 3, button=0)
    s, events = play(s, "0: raise")
    assert summary(events, "raise") == [("raise", 0, 4)]
    assert s.actions[-1] == "raise 4"


# ---------------------------------------------------------------- incomplete all-in raises

def _incomplete_all_in() -> object:
    # seat 3 raises to 10 (a raise of 8); seat 0 goes all in for 14: a raise of only 4
    s = start(NL, [100, 100, 100, 100], button=1)   # blinds: seat 2 and 3; seat 0 first
    s, _ = play(s, "0: raise 10", "1: call")
    return s


def test_incomplete_all_in_raise_does_not_reopen_the_betting_for_players_who_acted() -> None:
    s = start(NL, [100, 14, 100, 100], button=0)   # seat 1 small blind, seat 2 big blind
    s, _ = play(s, "3: raise 10", "0: call", "1: allin")
    assert s.to_match == 14
    # the big blind had not acted: it may raise
    assert s.to_act == 2 and "raise" in kinds(s)
    s, _ = play(s, "2: call")
    # seats 3 and 0 already acted on 10 and face only 4 more: call or fold
    assert s.to_act == 3
    assert set(kinds(s)) == {"fold", "call"}
    s, _ = play(s, "3: call")
    assert set(kinds(s)) == {"fold", "call"}
    s, _ = play(s, "0: call")
    assert s.phase == "draw"


def test_full_all_in_raise_reopens_the_betting() -> None:
    s = start(NL, [100, 18, 100, 100], button=0)
    s, _ = play(s, "3: raise 10", "0: call", "1: allin", "2: call")
    assert s.to_match == 18
    assert s.to_act == 3 and "raise" in kinds(s)
    assert legal_actions(s).min_total == 26


def test_incomplete_all_in_does_not_change_the_minimum_raise() -> None:
    s = start(NL, [100, 14, 100, 100], button=0)
    s, _ = play(s, "3: raise 10", "0: call", "1: allin")
    assert legal_actions(s).min_total == 22   # 14 + the last full raise of 8


def test_all_in_for_less_than_a_call() -> None:
    s = start(NL, [100, 100, 5, 100], button=0)   # seat 2 big blind 2, 3 left
    s, _ = play(s, "3: raise 20", "0: fold", "1: fold")
    legal = legal_actions(s)
    assert legal.call_amount == 3
    assert "allin" in legal.kinds and "raise" not in legal.kinds
    s, _ = play(s, "2: call")
    assert s.seats[2].all_in
    assert s.phase == "draw"


def test_short_all_in_opening_bet_still_requires_a_full_bet_from_callers() -> None:
    s = start(FL_DRAW, [50, 2, 50], button=0)     # seat 1 has 1 chip after the ante
    legal = legal_actions(s)
    assert legal.seat == 1
    assert "bet" not in legal.kinds and "allin" in legal.kinds
    s, _ = play(s, "1: allin")
    assert s.to_match == 2
    assert legal_actions(s).call_amount == 2
    s, _ = play(s, "2: call", "0: call")
    assert [seat.total for seat in s.seats] == [3, 2, 3]
    pots, _ = build_pots([seat.total for seat in s.seats], [seat.folded for seat in s.seats])
    # the excess forms a side pot between the callers
    assert [(p.amount, p.eligible) for p in pots] == [(6, (0, 1, 2)), (2, (0, 2))]


def test_short_all_in_opening_bet_may_be_raised() -> None:
    s = start(FL_DRAW, [50, 2, 50], button=0)
    s, _ = play(s, "1: allin", "2: raise 4")
    assert s.to_match == 4
    s, _ = play(s, "0: call")
    assert s.phase == "draw"


# ---------------------------------------------------------------- side pots, uncalled bets

def test_side_pots_are_each_awarded_separately() -> None:
    # seat 1 (short, best hand) wins the main pot; seat 2 beats seat 0 for the side pot
    hands = ["7h 8d 9c Jh Qs", "Ah Ad As Kh Kd", "Qh Qd Jc Js 8c"]
    s = start(NL.with_options(draw_limit=0), [100, 10, 100], button=0, hands=hands)
    s, _ = play(s, "0: raise 30", "1: allin", "2: call")
    assert s.phase == "second betting round"
    s, _ = play(s, "0: check", "2: check")
    assert s.is_complete
    wins = [(e.seat, e.amount, e.pot) for e in of_kind(s.log, "win")]
    assert wins == [(1, 30, 0), (2, 40, 1)]
    assert deltas(s) == [-30, 20, 10]
    check_invariants(s)


def test_three_levels_of_side_pots() -> None:
    hands = ["Ah Ad As Kh Kd", "Qh Qd Jc Js 8c", "Th Td 9h 9d 7s", "7h 8d 9c Jh Qs"]
    s = start(NL.with_options(draw_limit=0), [10, 20, 30, 100], button=3, hands=hands)
    s, _ = play(s, "2: allin", "3: call", "0: allin", "1: allin")
    # round two: only seat 3 has chips, so no one acts
    assert s.is_complete
    wins = [(e.seat, e.amount, e.pot) for e in of_kind(s.log, "win")]
    # main 40 (seat 0), side 30 (seat 1), side 20 (seat 2)
    assert wins == [(0, 40, 0), (1, 30, 1), (2, 20, 2)]
    assert deltas(s) == [30, 10, -10, -30]


def test_uncalled_part_of_a_bet_is_returned() -> None:
    hands = ["Ah Ad As Kh Kd", "7h 8d 9c Jh Qs"]
    s = start(NL.with_options(draw_limit=0), [100, 20], button=0, hands=hands)
    s, _ = play(s, "0: raise 60", "1: allin")
    assert s.is_complete
    assert summary(s.log, "return") == [("return", 0, 40)]
    assert deltas(s) == [20, -20]


def test_a_bet_no_one_calls_is_returned_and_the_bettor_wins_unseen() -> None:
    s = start(NL, [100] * 3, button=0)
    s, _ = play(s, "0: call", "1: call", "2: check", "1: draw", "2: draw", "0: draw")
    s, _ = play(s, "0: bet 20", "1: fold", "2: fold")
    assert s.is_complete
    assert deltas(s) == [4, -2, -2]
    assert of_kind(s.log, "show") == []
    check_invariants(s)


# ---------------------------------------------------------------- illegal actions

@pytest.mark.parametrize("text, code", [
    ("check", "not-allowed"),
    ("bet 4", "not-allowed"),
    ("raise 3", "amount"),
    ("raise 8", "amount"),
    ("draw", "not-allowed"),
    ("split", "not-allowed"),
    ("timeout", "not-allowed"),
    ("jump", "bad-action"),
    ("raise lots", "bad-action"),
    ("raise ²", "bad-action"),
    ("raise ٣", "bad-action"),
    ("bet ①", "bad-action"),
    ("raise " + "9" * 5000, "bad-action"),
    ("call 3", "amount"),
    ("call x", "bad-action"),
])
def test_an_illegal_action_raises_with_a_code_and_leaves_the_state_alone(text: str, code: str) -> None:
    s = start(PL, [100] * 3, button=0)
    before = s
    with pytest.raises(IllegalAction) as err:
        apply(s, text)
    assert err.value.code == code
    assert s == before
    assert str(err.value)


def test_call_with_the_amount_to_call_is_the_call_that_legal_actions_shows() -> None:
    s = start(PL, [100] * 3, button=0)
    assert "call 2" in legal_actions(s).as_text()
    called, events = apply(s, "call 2")
    assert (called, events) == apply(s, "call")
    assert called.actions[-1] == "call"
    with pytest.raises(IllegalAction, match=r"call 3 is not allowed: the amount to call is 2 \(say 'call' or") as err:
        apply(s, "call 3")
    assert err.value.code == "amount"


@pytest.mark.parametrize("action, message", [
    (Action("raise", 4.5), "raise needs a whole number of chips"),       # no half chips
    (Action("bet", "20"), "bet needs a whole number of chips"),          # text is not chips
    (Action("raise", True), "raise needs a whole number of chips"),
    (Action("raise", -5), "raise needs a whole number of chips"),
    (Action("raise", 10 ** 40), "raise needs a whole number of chips"),
    (Action("shove"), "unknown action kind 'shove'"),
    (Action(None), "unknown action kind None"),                          # type: ignore[arg-type]
    (Action("fold", 3), "'fold' takes no amount"),
    (Action("call", None, parse_cards("Ah")), "'call' takes no cards"),
])
def test_an_action_object_is_checked_like_action_text(action: Action, message: str) -> None:
    s = start(PL, [100] * 3, button=0)
    before = s
    with pytest.raises(IllegalAction, match=message) as err:
        apply(s, action)
    assert err.value.code == "bad-action"
    assert s == before
    assert apply(s, Action("raise", 6)) == apply(s, "raise 6")  # well-formed objects are fine


def test_acting_out_of_turn_is_refused() -> None:
    s = start(PL, [100] * 3, button=0)
    with pytest.raises(IllegalAction) as err:
        apply(s, "call", seat=1)
    assert err.value.code == "out-of-turn"
    apply(s, "call", seat=0)


def test_no_action_after_the_hand_is_over() -> None:
    s = start(PL, [100] * 3, button=0)
    s, _ = play(s, "0: fold", "1: fold")
    with pytest.raises(IllegalAction) as err:
        apply(s, "check")
    assert err.value.code == "hand-over"
    assert legal_actions(s).kinds == ()


def test_events_are_returned_and_appended_to_the_log() -> None:
    s = start(PL, [100] * 3, button=0)
    s2, events = apply(s, "raise 5")
    assert s2.log == s.log + events
    assert events == (of_kind(events, "raise")[0],)
    assert summary(events, "raise") == [("raise", 0, 5)]


def test_only_the_unmatched_part_of_a_bet_is_returned_when_a_caller_later_folds() -> None:
    # seat 0 is all in for its ante; seats 1 and 2 build a side pot; in round two seat 2 raises
    # seat 1's bet of 4 to 8 and seat 1 folds: only 4 chips are uncalled, the side pot is 12
    hands = ["Ah Ad As Kh Kd", "7h 8d 9c Jh Qs", "Qh Qd Jc Js 8c"]
    s = start(FL, [1, 50, 50], button=0, hands=hands)
    s, _ = play(s, "1: bet 2", "2: call", "1: bet 4", "2: raise 8", "1: fold")
    assert s.is_complete
    assert summary(s.log, "return") == [("return", 2, 4)]
    wins = [(e.seat, e.amount, e.pot) for e in of_kind(s.log, "win")]
    assert sorted(wins) == [(0, 3, 0), (2, 12, 1)]
    assert deltas(s) == [2, -7, 5]


def test_build_pots_returns_only_what_no_one_matched() -> None:
    # a folded player matched part of the top bet: that part is won, not returned
    pots, returns = build_pots([1, 7, 11], [False, True, False])
    assert returns == [(2, 4)]
    assert pots == [(3, (0, 2)), (12, (2,))]
    pots, returns = build_pots([40, 100, 20], [False, False, True])
    assert returns == [(1, 60)] and pots == [(100, (0, 1))]


def test_fixed_limit_with_blinds_the_big_blind_counts_as_the_bet_then_four_raises() -> None:
    rules = Rules(structure="fixed-limit", small_blind=1, big_blind=2, small_bet=2, big_bet=4, split=False,
                  **NO_TIMERS)
    s = start(rules, [100] * 4, button=0)
    s, _ = play(s, "3: raise 4", "0: raise 6", "1: raise 8", "2: raise 10")
    assert s.raises == 4
    assert set(kinds(s)) == {"fold", "call"}


def test_a_short_big_blind_still_sets_the_full_big_blind_to_call() -> None:
    rules = Rules(ante=1, small_blind=1, big_blind=2, split=False, **NO_TIMERS)
    s = start(rules, [50, 50, 2], button=0)     # seat 2 antes 1 and has 1 left for its big blind
    assert summary(s.log, "big_blind") == [("big_blind", 2, 1)]
    assert s.seats[2].all_in
    assert legal_actions(s).call_amount == 2
    s, _ = play(s, "0: call", "1: call")
    assert s.phase == "draw"
    pots, _ = build_pots([seat.total for seat in s.seats], [seat.folded for seat in s.seats])
    assert [(p.amount, p.eligible) for p in pots] == [(6, (0, 1, 2)), (2, (0, 1))]


def test_build_pots_returns_the_uncalled_bet_when_everyone_else_folded() -> None:
    pots, returns = build_pots([2, 1, 8], [True, True, False])
    assert returns == [(2, 6)] and pots == [(5, (2,))]
    pots, returns = build_pots([5, 3, 2], [False, True, True])   # a folded player put in as much: nothing back
    assert returns == [(0, 2)] and pots == [(8, (0,))]
    pots, returns = build_pots([2, 4], [False, True])
    assert returns == [] and pots == [(6, (0,))]


def test_big_blind_walk_gets_the_uncalled_part_of_its_blind_back() -> None:
    s = start(PL, [100] * 3, button=0)
    s, _ = play(s, "0: fold", "1: fold")
    assert summary(s.log, "return") == [("return", 2, 1)]
    assert [(e.seat, e.amount) for e in of_kind(s.log, "win")] == [(2, 2)]
    assert deltas(s) == [0, -1, 1]


def test_a_player_left_with_no_chips_by_the_ante_posts_no_blind_and_is_told_so() -> None:
    rules = Rules(ante=1, small_blind=1, big_blind=2, split=False, **NO_TIMERS)
    state = start_hand(rules, [50, 50, 1], button=0, seed=3)  # seat 2 is the big blind, with 1 chip
    blind = next(e for e in state.log if e.kind == "big_blind")
    assert (blind.seat, blind.amount) == (2, 0) and state.seats[2].stack == 0
    assert describe_event(blind) == "Seat 3 has no chips left for the big blind (all in from the ante)."
    assert state.to_match == 2  # the others still owe the full big blind
