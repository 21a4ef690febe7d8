"""RULES.md s.6: the split offer in round two, per pot, and dividing pots."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from engine_helpers import OFFICIAL, ONLINE, check_invariants, deltas, kinds, of_kind, play, start, summary
from stripdeck import HandState, IllegalAction, Rules, apply

SPLIT = ONLINE.with_options(draw_timer=None, action_timer=None)      # pot limit, split on
SPLIT_NL = SPLIT.with_options(structure="no-limit")
# seat 1 has the best hand, seat 0 the worst
HANDS = ["7h 8d 9c Jh Qs", "Ah Ad As Kh Kd", "Qh Qd Jc Js 8c"]


def round_two(rules: Rules = SPLIT, stacks: Sequence[int] = (100, 100, 100),
              first: Sequence[str] = ("0: call", "1: call", "2: check"), hands: Sequence[str] = HANDS) -> HandState:
    s = start(rules, stacks, button=0, hands=hands)
    s, _ = play(s, *first)
    while s.phase == "draw":
        s, _ = play(s, "draw")
    assert s.phase == "second betting round"
    return s


def test_the_first_player_in_round_two_may_split_instead_of_checking_or_betting() -> None:
    s = round_two()
    assert s.to_act == 0
    assert {"check", "bet", "split"} <= set(kinds(s))


def test_there_is_no_split_in_round_one() -> None:
    s = start(SPLIT, [100] * 3, button=0)
    s, _ = play(s, "0: call", "1: call")
    assert "split" not in kinds(s)
    with pytest.raises(IllegalAction):
        apply(s, "split")


def test_no_split_when_the_option_is_off() -> None:
    s = round_two(SPLIT.with_options(split=False))
    assert "split" not in kinds(s)
    s = start(OFFICIAL, [50] * 3, button=0)
    s, _ = play(s, "1: check", "2: check", "0: check", "1: draw", "2: draw", "0: draw")
    assert "split" not in kinds(s)


def test_when_everyone_splits_the_pot_is_divided_equally_without_a_showdown() -> None:
    s = round_two()
    s, events = play(s, "0: split", "1: split", "2: split")
    assert s.is_complete
    assert summary(events, "split") == [("split", 0, None), ("split", 1, None), ("split", 2, None)]
    assert of_kind(events, "divide")[0].amount == 6
    assert of_kind(events, "show", "muck") == []
    assert deltas(s) == [0, 0, 0]
    assert {e.info for e in of_kind(events, "win")} == {"split"}


def test_remainder_chips_of_a_division_go_from_the_button_s_left() -> None:
    # the small blind (seat 1) folds: 5 chips are divided between seats 0 and 2
    s = round_two(first=("0: call", "1: fold", "2: check"))
    s, _ = play(s, "0: split", "2: split")
    assert s.is_complete
    wins = {e.seat: e.amount for e in of_kind(s.log, "win")}
    assert wins == {2: 3, 0: 2}   # seat 2 comes first from the button's left
    assert [e.seat for e in of_kind(s.log, "win")] == [2, 0]


def test_remainder_chips_with_the_button_among_the_winners_go_to_its_left_first() -> None:
    s = start(SPLIT, [100] * 3, button=2, hands=HANDS)   # small blind seat 0, big blind seat 1
    s, _ = play(s, "2: call", "0: fold", "1: check", "1: draw", "2: draw")
    s, _ = play(s, "2: split", "1: split")
    wins = {e.seat: e.amount for e in of_kind(s.log, "win")}
    assert wins == {1: 3, 2: 2}


def test_a_check_ends_the_offer() -> None:
    s = round_two()
    s, _ = play(s, "0: split", "1: check")
    assert "split" not in kinds(s)
    s, _ = play(s, "2: check")
    assert s.is_complete
    assert of_kind(s.log, "divide") == []
    assert deltas(s) == [-2, 4, -2]   # seat 1's aces full win the showdown


def test_a_bet_ends_the_offer_and_a_split_counts_as_a_check() -> None:
    s = round_two()
    s, _ = play(s, "0: split", "1: bet 2")
    assert s.to_act == 2
    assert "split" not in kinds(s)
    s, _ = play(s, "2: call")
    assert s.to_act == 0     # the splitter acts again, facing the bet
    assert set(kinds(s)) >= {"fold", "call", "raise"}
    s, _ = play(s, "0: call")
    assert s.is_complete
    assert of_kind(s.log, "divide") == []


def test_a_fold_ends_the_offer() -> None:
    s = round_two()
    s, _ = play(s, "0: split", "1: fold")
    assert "split" not in kinds(s)


def test_splits_then_a_check_by_the_last_player_go_to_showdown() -> None:
    s = round_two()
    s, _ = play(s, "0: split", "1: split", "2: check")
    assert s.is_complete
    assert of_kind(s.log, "divide") == []
    assert of_kind(s.log, "show")


def rules_example() -> HandState:
    """Seat 1 is all in for 10; seats 0 and 2 put in 20 each: main pot 30, side pot 20."""
    s = round_two(SPLIT_NL, stacks=(100, 10, 100), first=("0: raise 20", "1: allin", "2: call"))
    assert [seat.total for seat in s.seats] == [20, 10, 20]
    return s


def test_rules_example_short_stack_declines_the_others_split_the_side_pot_main_pot_to_showdown() -> None:
    s = rules_example()
    s, _ = play(s, "0: split")
    assert s.to_act == 1                      # the all-in player is asked in turn
    assert set(kinds(s)) == {"split", "check"}
    s, events = play(s, "1: check")
    assert summary(events, "decline") == [("decline", 1, None)]
    assert s.to_act == 2 and "split" in kinds(s)   # the side pot is still on offer
    s, _ = play(s, "2: split")
    assert s.is_complete
    divides = of_kind(s.log, "divide")
    assert [(e.pot, e.amount) for e in divides] == [(1, 20)]
    wins = [(e.seat, e.amount, e.pot, e.info) for e in of_kind(s.log, "win")]
    assert (0, 10, 1, "split") in wins and (2, 10, 1, "split") in wins
    main = [w for w in wins if w[2] == 0]
    assert [(w[0], w[1]) for w in main] == [(1, 30)]   # aces full win the main pot
    assert deltas(s) == [-10, 20, -10]
    check_invariants(s)


def test_rules_example_when_everyone_splits_every_pot_is_divided() -> None:
    s = rules_example()
    s, _ = play(s, "0: split", "1: split", "2: split")
    assert s.is_complete
    assert [(e.pot, e.amount) for e in of_kind(s.log, "divide")] == [(0, 30), (1, 20)]
    assert deltas(s) == [0, 0, 0]
    assert of_kind(s.log, "show") == []


def test_a_player_with_chips_checking_ends_the_offer_for_every_pot() -> None:
    s = rules_example()
    s, _ = play(s, "0: check")
    assert s.to_act == 2          # the all-in player is not asked any more
    assert "split" not in kinds(s)
    s, _ = play(s, "2: check")
    assert s.is_complete and of_kind(s.log, "divide") == []


def test_all_in_player_may_only_split_or_decline() -> None:
    s = rules_example()
    s, _ = play(s, "0: split")
    for text in ("fold", "bet 2", "call", "draw", "allin"):
        with pytest.raises(IllegalAction):
            apply(s, text)


def test_the_offer_ends_when_no_pot_is_left_on_offer() -> None:
    # seat 0 covers; seats 1 (10) and 2 (30) are all in: main pot (0, 1, 2), side pot (0, 2)
    s = round_two(SPLIT_NL, stacks=(100, 10, 30), first=("0: raise 30", "1: allin", "2: allin"))
    assert s.to_act == 0 and "split" in kinds(s)
    s, _ = play(s, "0: split", "1: split")
    assert s.to_act == 2
    s, _ = play(s, "2: check")    # seat 2 declines: it is in both pots, so nothing is on offer
    assert s.is_complete
    assert of_kind(s.log, "divide") == []


def test_heads_up_with_one_all_in_both_may_split() -> None:
    s = round_two(SPLIT_NL, stacks=(100, 10), first=("0: raise 20", "1: allin"), hands=HANDS[:2])
    assert s.to_act == 0 and "split" in kinds(s)
    s, _ = play(s, "0: split", "1: split")
    assert s.is_complete
    assert deltas(s) == [0, 0]
    assert summary(s.log, "return") == [("return", 0, 10)]


def test_all_in_with_no_split_option_means_no_one_acts_in_round_two() -> None:
    s = start(SPLIT_NL.with_options(split=False), [100, 10], button=0, hands=HANDS[:2])
    s, _ = play(s, "0: raise 20", "1: allin", "1: draw", "0: draw")
    assert s.is_complete


@pytest.mark.parametrize("answer", ["check", "bet 4", "fold"])
def test_a_player_who_checks_bets_or_folds_after_a_split_offer_is_logged_as_declining(answer: str) -> None:
    s = round_two()
    s, _ = play(s, "0: split")
    s, events = play(s, f"1: {answer}")
    assert [e.kind for e in events if e.seat == 1][-1] == "decline"
    assert [e.kind for e in events if e.seat == 1][0] == answer.split()[0]


def test_the_first_check_declines_nothing_when_nobody_has_offered() -> None:
    s = round_two()
    s, events = play(s, "0: check")
    assert "decline" not in [e.kind for e in events]
