"""RULES.md s.4: forced bets (blinds, antes, both, dealer's ante) and the deal."""

from __future__ import annotations

from engine_helpers import OFFICIAL, ONLINE, deck_for, kinds, of_kind, play, start, summary
from stripdeck import Rules, format_cards, legal_actions, start_hand
from stripdeck.table import Session

HANDS3 = ["Ah Ad Kh Kd 7c", "Qh Qd Jh Jd 8c", "Th Td 9h 9d 7s"]


# ---------------------------------------------------------------- blinds

def test_small_blind_left_of_the_button_and_big_blind_next() -> None:
    s = start(ONLINE, [100, 100, 100, 100], button=2)
    assert summary(s.log, "small_blind", "big_blind") == [("small_blind", 3, 1), ("big_blind", 0, 2)]
    assert [seat.bet for seat in s.seats] == [2, 0, 0, 1]
    assert s.stacks == (98, 100, 100, 99)
    assert s.pot_total == 3


def test_first_round_starts_left_of_the_big_blind() -> None:
    s = start(ONLINE, [100, 100, 100, 100], button=2)
    assert s.to_act == 1
    assert s.phase == "first betting round"


def test_each_player_gets_five_cards_one_at_a_time_starting_left_of_the_button() -> None:
    deck = "Ah Kh Qh Jh Th 9h 8h 7h Ad Kd Qd Jd Td 9d 8d"
    s = start_hand(ONLINE, [100, 100, 100], 0, deck=deck, seed=1)
    deals = of_kind(s.log, "deal")
    assert [e.seat for e in deals] == [1, 2, 0]
    assert format_cards(s.seats[1].hand) == "Ah Jh 8h Kd Td"
    assert format_cards(s.seats[2].hand) == "Kh Th 7h Qd 9d"
    assert format_cards(s.seats[0].hand) == "Qh 9h Ad Jd 8d"
    assert all(e.amount == 5 for e in deals)
    assert len(s.stub) == 32 - 15


def test_the_small_blind_only_makes_up_the_difference() -> None:
    s = start(ONLINE, [100, 100, 100], button=0)
    s, _ = play(s, "0: call")
    legal = legal_actions(s)
    assert legal.seat == 1
    assert legal.call_amount == 1
    s, events = play(s, "1: call")
    assert summary(events, "call") == [("call", 1, 2)]
    assert s.seats[1].stack == 98


def test_live_big_blind_gets_the_option_to_check_when_everyone_calls() -> None:
    s = start(ONLINE, [100, 100, 100], button=0)
    s, _ = play(s, "0: call", "1: call")
    assert s.to_act == 2
    assert {"check", "raise"} <= set(kinds(s))
    assert "call" not in kinds(s)
    s, _ = play(s, "2: check")
    assert s.phase == "draw"


def test_live_big_blind_may_raise_when_the_action_returns() -> None:
    s = start(ONLINE, [100, 100, 100], button=0)
    s, _ = play(s, "0: call", "1: call", "2: raise 6")
    assert s.phase == "first betting round"
    assert s.to_act == 0
    assert legal_actions(s).call_amount == 4


def test_the_big_blind_folds_to_no_one_when_everyone_folds_to_it() -> None:
    s = start(ONLINE, [100, 100, 100], button=0)
    s, _ = play(s, "0: fold", "1: fold")
    assert s.is_complete
    assert [st - 100 for st in s.stacks] == [0, -1, 1]


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_before_the_draw() -> None:
    for button in (0, 1):
        s = start(ONLINE, [100, 100], button=button)
        other = 1 - button
        assert summary(s.log, "small_blind", "big_blind") == [
            ("small_blind", button, 1), ("big_blind", other, 2)]
        assert s.to_act == button
        # the deal still starts left of the button: the big blind gets the first card
        assert of_kind(s.log, "deal")[0].seat == other


def test_heads_up_big_blind_has_the_option_after_the_button_calls() -> None:
    s = start(ONLINE, [100, 100], button=0)
    s, _ = play(s, "0: call")
    assert s.to_act == 1
    assert "check" in kinds(s)


def test_a_short_big_blind_posts_what_it_has_and_is_all_in() -> None:
    s = start(ONLINE, [100, 100, 1], button=0)
    assert summary(s.log, "big_blind") == [("big_blind", 2, 1)]
    assert s.seats[2].all_in
    # the others still owe the full big blind
    assert legal_actions(s).call_amount == 2


def test_everyone_all_in_from_the_blinds_runs_the_hand_to_the_end() -> None:
    rules = ONLINE.with_options(split=False, draw_timer=None, action_timer=None)
    s = start(rules, [1, 2], button=0, hands=HANDS3[:2])
    # seat 0 (button, small blind 1) is all in, seat 1 (big blind 2) is all in:
    # no one can bet, but the draw still happens (left of the button first), then the showdown
    assert s.phase == "draw"
    assert s.to_act == 1
    s, _ = play(s, "1: draw", "0: draw")
    assert s.is_complete
    assert [st - start for st, start in zip(s.stacks, (1, 2))] == [1, -1]  # aces up win 1 + 1
    assert summary(s.log, "return") == [("return", 1, 1)]


# ---------------------------------------------------------------- antes

def test_every_player_antes_and_the_first_round_starts_left_of_the_button() -> None:
    s = start(OFFICIAL, [50, 50, 50, 50], button=1)
    assert summary(s.log, "ante") == [("ante", 2, 1), ("ante", 3, 1), ("ante", 0, 1), ("ante", 1, 1)]
    assert s.pot_total == 4
    assert [seat.bet for seat in s.seats] == [0, 0, 0, 0]  # antes are not bets
    assert s.to_act == 2
    assert set(kinds(s)) >= {"check", "bet"}
    assert legal_actions(s).call_amount == 0


def test_in_an_ante_game_everyone_may_check_round_one() -> None:
    s = start(OFFICIAL, [50, 50, 50], button=0)
    s, _ = play(s, "1: check", "2: check", "0: check")
    assert s.phase == "draw"
    assert s.to_act == 1


def test_blinds_and_antes_together() -> None:
    rules = Rules(ante=1, small_blind=1, big_blind=2)
    s = start(rules, [50, 50, 50], button=0)
    assert summary(s.log, "ante", "small_blind", "big_blind") == [
        ("ante", 1, 1), ("ante", 2, 1), ("ante", 0, 1), ("small_blind", 1, 1), ("big_blind", 2, 2)]
    assert s.pot_total == 6
    assert s.stacks == (49, 48, 47)
    assert s.to_act == 0  # the blinds decide the order of action
    assert legal_actions(s).call_amount == 2


def test_dealer_ante_only_the_button_posts_one_ante() -> None:
    rules = OFFICIAL.with_options(dealer_ante=True)
    s = start(rules, [50, 50, 50], button=2)
    assert summary(s.log, "ante") == [("ante", 2, 1)]
    assert s.pot_total == 1
    assert s.stacks == (50, 50, 49)
    assert s.to_act == 0


def test_dealer_ante_with_a_bigger_ante() -> None:
    rules = OFFICIAL.with_options(dealer_ante=True, ante=3)
    s = start(rules, [50, 50, 50], button=1)
    assert summary(s.log, "ante") == [("ante", 1, 3)]
    assert s.pot_total == 3


def test_a_player_with_only_the_ante_left_is_all_in_for_it() -> None:
    s = start(OFFICIAL, [1, 50, 50], button=0)
    assert s.seats[0].all_in
    assert s.to_act == 1
    s, _ = play(s, "1: bet 2", "2: call")
    assert s.phase == "draw"
    assert s.seats[0].drawn is None  # the all-in player still draws


def test_player_with_only_the_ante_plays_for_the_antes_only() -> None:
    # seat 0 has the best hand but only the ante: it wins the 3 antes, the bets go to seat 2
    hands = ["Ah Ad As Kh Kd", "7h 8d 9c Jh Qs", "Qh Qd Jc Js 8c"]
    s = start(OFFICIAL.with_options(draw_limit=0), [1, 50, 50], button=2, hands=hands)
    s, _ = play(s, "1: bet 2", "2: raise 4", "1: call", "1: bet 4", "2: call")
    assert s.is_complete
    assert [e.amount for e in of_kind(s.log, "win") if e.seat == 0] == [3]
    assert [st - start for st, start in zip(s.stacks, (1, 50, 50))] == [2, -9, 7]


def test_deck_for_helper_deals_the_hands_asked_for() -> None:
    for button in range(3):
        s = start_hand(ONLINE, [9, 9, 9], button, deck=deck_for(HANDS3, button), seed=3)
        assert [format_cards(seat.hand) for seat in s.seats] == [
            format_cards(start(ONLINE, [9, 9, 9], button, HANDS3).seats[i].hand) for i in range(3)]
        assert [sorted(seat.hand) for seat in s.seats] == [
            sorted(start(ONLINE, [9, 9, 9], 0, HANDS3).seats[i].hand) for i in range(3)]


# ---------------------------------------------------------------- the button moves (a session)

def test_the_button_moves_one_seat_to_the_left_each_hand() -> None:
    session = Session.new(ONLINE, [("Ann", 100), ("Bob", 100), ("Cid", 100)], seed=4)
    buttons = []
    for _ in range(4):
        session = session.next_hand()
        buttons.append(session.button)
        assert session.hand is not None
        assert session.hand.button == session.hand_seats.index(session.button)
        while session.in_hand:
            session, _ = session.act("fold")
    assert buttons == [0, 1, 2, 0]
    assert sum(p.stack for p in session.seats if p is not None) == 300
