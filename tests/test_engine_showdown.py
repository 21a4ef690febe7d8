"""RULES.md s.7: showdown order, mucking, fold-to winners; s.3 suits at the table; s.9 presets."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from engine_helpers import CARDROOM, OFFICIAL, ONLINE, check_invariants, deltas, of_kind, play, start, summary
from stripdeck import HandState, Rules, format_cards, legal_actions, replay

BLINDS = ONLINE.with_options(split=False, draw_limit=0, draw_timer=None, action_timer=None)
ANTES = OFFICIAL.with_options(draw_limit=0)

WEAK = "As Td Ts 9c 8c"          # pair of tens, the weakest hand here
PAIR = "Qh Qs Tc 9d 8s"          # pair of queens
TRIPS = "Jc Js Jd 8h 7s"         # three jacks
FULL = "Ah Ad Ac Kc Ks"          # aces full


def order_of(state: HandState) -> list[tuple[str, int | None]]:
    return [(e.kind, e.seat) for e in of_kind(state.log, "show", "muck")]


def to_round_two(rules: Rules, hands: Sequence[str], button: int = 0, stacks: Sequence[int] | None = None,
                 first: Sequence[str] = ("0: call", "1: call", "2: check")) -> HandState:
    s = start(rules, stacks or [100] * len(hands), button=button, hands=hands)
    s, _ = play(s, *first)
    assert s.phase == "second betting round"
    return s


# ---------------------------------------------------------------- fold-to winners

def test_if_everyone_else_folds_the_last_player_wins_without_showing() -> None:
    s = to_round_two(BLINDS, [WEAK, FULL, PAIR])
    s, _ = play(s, "0: bet 6", "1: fold", "2: fold")
    assert s.is_complete
    assert of_kind(s.log, "show", "muck") == []
    # the uncalled bet goes back; the winner takes what was called and the blinds
    assert summary(s.log, "return") == [("return", 0, 6)]
    assert [(e.seat, e.amount, e.info) for e in of_kind(s.log, "win")] == [(0, 6, "uncontested")]
    assert deltas(s) == [4, -2, -2]


def test_fold_before_the_draw_ends_the_hand_at_once() -> None:
    s = start(ONLINE, [100] * 3, button=0, hands=[WEAK, FULL, PAIR])
    s, events = play(s, "0: raise 7", "1: fold", "2: fold")
    assert s.is_complete and s.phase == "complete"
    assert [e.kind for e in events][-1] == "end"
    assert of_kind(s.log, "round")[-1].info == "first betting round"
    assert deltas(s) == [3, -1, -2]


# ---------------------------------------------------------------- who shows first

def test_the_last_bettor_in_round_two_shows_first() -> None:
    # hands get better in showing order, so everyone shows
    s = to_round_two(BLINDS, [FULL, PAIR, TRIPS])
    s, _ = play(s, "0: check", "1: bet 2", "2: call", "0: call")
    assert order_of(s) == [("show", 1), ("show", 2), ("show", 0)]
    assert deltas(s) == [8, -4, -4]


def test_the_last_raiser_in_round_two_shows_first() -> None:
    s = to_round_two(BLINDS, [PAIR, TRIPS, FULL])
    s, _ = play(s, "0: bet 2", "1: call", "2: raise 4", "0: call", "1: call")
    assert order_of(s) == [("show", 2), ("muck", 0), ("muck", 1)]


def test_the_round_one_raiser_does_not_show_first() -> None:
    s = to_round_two(BLINDS, [PAIR, TRIPS, FULL], first=("0: raise 4", "1: call", "2: call"))
    s, _ = play(s, "0: check", "1: check", "2: check")
    # no bet in round two: the first active player after the big blind (seat 0) shows first
    assert order_of(s)[0] == ("show", 0)


def test_without_a_bet_the_first_active_player_after_the_big_blind_shows_first() -> None:
    s = to_round_two(BLINDS, [WEAK, PAIR, TRIPS, FULL], first=("3: call", "0: call", "1: call", "2: check"))
    s, _ = play(s, "3: check", "0: check", "1: check", "2: check")
    assert order_of(s) == [("show", 3), ("muck", 0), ("muck", 1), ("muck", 2)]


def test_without_a_bet_a_folded_player_after_the_big_blind_is_skipped() -> None:
    s = to_round_two(BLINDS, [TRIPS, PAIR, FULL, WEAK], first=("3: fold", "0: call", "1: call", "2: check"))
    s, _ = play(s, "0: check", "1: check", "2: check")
    assert order_of(s) == [("show", 0), ("muck", 1), ("show", 2)]


def test_without_a_bet_in_an_ante_game_the_player_left_of_the_button_shows_first() -> None:
    s = to_round_two(ANTES, [FULL, WEAK, PAIR], button=0, first=("1: bet 2", "2: call", "0: call"))
    s, _ = play(s, "1: check", "2: check", "0: check")
    assert order_of(s) == [("show", 1), ("show", 2), ("show", 0)]
    assert deltas(s) == [6, -3, -3]


# ---------------------------------------------------------------- mucking and showing all

def test_a_player_who_cannot_win_may_muck() -> None:
    s = to_round_two(BLINDS, [TRIPS, FULL, PAIR])
    s, _ = play(s, "0: check", "1: check", "2: check")
    assert order_of(s) == [("show", 0), ("show", 1), ("muck", 2)]
    shown = {e.seat: format_cards(e.cards) for e in of_kind(s.log, "show")}
    assert shown == {0: TRIPS, 1: FULL}
    assert deltas(s) == [-2, 4, -2]


def test_show_all_option_shows_every_hand() -> None:
    s = to_round_two(BLINDS.with_options(show_all=True), [TRIPS, FULL, PAIR])
    s, _ = play(s, "0: check", "1: check", "2: check")
    assert order_of(s) == [("show", 0), ("show", 1), ("show", 2)]
    assert all(e.info for e in of_kind(s.log, "show"))


def test_a_player_who_can_still_win_a_side_pot_shows() -> None:
    # seat 1 (all in, short) has the best hand; seat 2 cannot beat it but beats seat 0 for the side pot
    nl = BLINDS.with_options(structure="no-limit")
    s = to_round_two(nl, [WEAK, FULL, TRIPS], stacks=[100, 10, 100], first=("0: raise 20", "1: allin", "2: call"))
    s, _ = play(s, "0: check", "2: check")
    assert order_of(s) == [("show", 0), ("show", 1), ("show", 2)]
    wins = [(e.seat, e.amount, e.pot) for e in of_kind(s.log, "win")]
    assert wins == [(1, 30, 0), (2, 20, 1)]
    check_invariants(s)


def test_the_best_hand_wins_each_pot_it_is_eligible_for() -> None:
    nl = BLINDS.with_options(structure="no-limit")
    s = to_round_two(nl, [FULL, WEAK, TRIPS], stacks=[100, 10, 100], first=("0: raise 20", "1: allin", "2: call"))
    s, _ = play(s, "0: check", "2: check")
    wins = [(e.seat, e.amount, e.pot) for e in of_kind(s.log, "win")]
    assert wins == [(0, 30, 0), (0, 20, 1)]
    assert ("muck", 1) in order_of(s) and ("muck", 2) in order_of(s)


def test_a_flush_beats_a_full_house_at_the_table() -> None:
    flush, full = "7h 8h 9h Jh Kh", "Kc Ks Kd 7c 7d"
    s = to_round_two(BLINDS, [flush, full, WEAK])
    s, _ = play(s, "0: check", "1: check", "2: check")
    assert deltas(s) == [4, -2, -2]
    s = to_round_two(BLINDS.with_options(flush_beats_full_house=False), [flush, full, WEAK])
    s, _ = play(s, "0: check", "1: check", "2: check")
    assert deltas(s) == [-2, 4, -2]


# ---------------------------------------------------------------- suits decide, or split

WORKED_A = "Qh Qs Tc 9d 8s"
WORKED_B = "Qd Qc Th 9s 8d"


@pytest.mark.parametrize("ties, winner", [("combination", 0), ("kicker", 1)])
def test_rules_worked_example_suits_decide_equal_hands(ties: str, winner: int) -> None:
    rules = BLINDS.with_options(suit_ties=ties)
    s = to_round_two(rules, [WORKED_A, WORKED_B], first=("0: call", "1: check"))
    s, _ = play(s, "0: check", "1: check")
    assert [e.seat for e in of_kind(s.log, "win")] == [winner]


def test_with_suit_ties_split_equal_hands_divide_the_pot_remainder_from_the_button_s_left() -> None:
    rules = BLINDS.with_options(suit_ties="split")
    # seat 1 folds its small blind: 5 chips between seats 2 and 0; seat 2 is first from the button's left
    s = to_round_two(rules, [WORKED_A, WEAK, WORKED_B], first=("0: call", "1: fold", "2: check"))
    s, _ = play(s, "0: check", "2: check")
    assert order_of(s) == [("show", 0), ("show", 2)]
    assert [(e.seat, e.amount) for e in of_kind(s.log, "win")] == [(2, 3), (0, 2)]
    check_invariants(s)


# ---------------------------------------------------------------- s.9 presets

def test_online_preset() -> None:
    r = ONLINE
    assert (r.small_blind, r.big_blind, r.ante, r.structure, r.suit_ties) == (1, 2, 0, "pot-limit", "kicker")
    assert (r.draw_limit, r.split, r.draw_timer, r.action_timer, r.joker) == (4, True, 30, 30, False)
    assert Rules() == r


def test_official_preset() -> None:
    r = OFFICIAL
    assert (r.big_blind, r.ante, r.dealer_ante, r.structure, r.suit_ties) == (0, 1, False, "fixed-limit",
                                                                           "combination")
    assert (r.draw_limit, r.split, r.draw_timer, r.action_timer) == (4, False, None, None)
    assert r.raise_cap == 4
    # the limit announced before the deal
    assert Rules.preset("official", draw_limit=2).draw_limit == 2


def test_cardroom_preset() -> None:
    r = CARDROOM
    assert (r.big_blind, r.ante, r.structure, r.suit_ties) == (0, 1, "fixed-limit", "kicker")
    assert (r.draw_limit, r.split, r.draw_timer, r.action_timer, r.joker) == (5, False, None, None, False)
    assert r.raise_cap == 4
    assert Rules.preset("cardroom", joker=True).joker


def test_cardroom_button_ante() -> None:
    # "button + ante": the cardroom's forced bet is an ante; the button-only ante is the dealer_ante option
    s = start(CARDROOM.with_options(dealer_ante=True), [50] * 4, button=3)
    assert summary(s.log, "ante") == [("ante", 3, 1)]


@pytest.mark.parametrize("preset", ["online", "official", "cardroom"])
def test_every_preset_plays_a_hand_to_the_end(preset: str) -> None:
    rules = Rules.preset(preset)
    s = start(rules, [100] * 4, button=1, seed=11)
    steps = 0
    while not s.is_complete:
        legal = legal_actions(s)
        action = "check" if "check" in legal.kinds else "call" if "call" in legal.kinds else "draw"
        s, _ = play(s, action)
        steps += 1
        assert steps < 100
    check_invariants(s)
    result = replay({"rules": {"preset": preset}, "stacks": [100] * 4, "button": 1, "seed": 11,
                     "actions": list(s.actions)})
    assert result["deltas"] == deltas(s)
