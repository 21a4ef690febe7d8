"""Sessions: hands in sequence at one table."""

from __future__ import annotations

import json

import pytest
import stripdeck
from stripdeck import Player, Rules, Session, SessionError


def play_out(session: Session, action_for: dict[str, str] | None = None) -> Session:
    """Finish the current hand: everyone checks or calls and stands pat."""
    while session.in_hand:
        view = session.view(session.to_act_table_seat)
        assert view is not None and view.legal is not None
        kinds = view.legal.kinds
        session, _ = session.act("check" if "check" in kinds else "call" if "call" in kinds else "draw")
    return session


def test_stacks_carry_over_from_hand_to_hand() -> None:
    session = Session.new(Rules(), [("Ann", 100), ("Bob", 100), ("Cy", 100)], seed=3).next_hand()
    session = play_out(session)
    stacks = [p.stack for p in session.seats if p is not None]
    assert sum(stacks) == 300 and stacks != [100, 100, 100]
    following = session.next_hand()
    assert [following.hand.start_stacks[i] for i in range(3)] == stacks


def test_the_button_moves_one_seat_left_each_hand() -> None:
    session = Session.new(Rules(), [("Ann", 100), ("Bob", 100), ("Cy", 100)], seed=1)
    buttons = []
    for _ in range(4):
        session = session.next_hand()
        buttons.append(session.button)
        session = play_out(session)
    assert buttons == [0, 1, 2, 0]


def test_broke_players_leave_and_the_button_skips_their_seat() -> None:
    rules = Rules.preset("official")
    session = Session.new(rules, [("Ann", 100), ("Bob", 100), ("Cy", 100)], seed=1)
    session = session._replace(seats=(Player("Ann", 100), Player("Bob", 0), Player("Cy", 100), None, None))
    session = session.next_hand()
    assert session.hand_seats == (0, 2) and session.seats[1] is None
    session = play_out(session)
    session = session.next_hand()
    assert session.button == 2


def test_players_join_and_leave_between_hands_only() -> None:
    session = Session.new(Rules(), [("Ann", 100), ("Bob", 100)], seed=2).next_hand()
    with pytest.raises(SessionError, match="cannot join during a hand"):
        session.join(("Cy", 50))
    session = play_out(session)
    session = session.join(("Cy", 50), seat=3)
    with pytest.raises(SessionError, match="two players are called 'Cy'"):
        session.join(("Cy", 10))
    with pytest.raises(SessionError, match="seat 3 is not free"):
        session.join(("Dee", 10), seat=3)
    session = session.next_hand()
    assert session.hand_seats == (0, 1, 3)
    session = play_out(session).leave("Bob")
    assert session.next_hand().hand_seats == (0, 3)


def test_a_session_ends_when_one_player_has_all_the_chips() -> None:
    session = Session.new(Rules(), [("Ann", 100), ("Bob", 0)], seed=2)
    with pytest.raises(SessionError, match="fewer than two players"):
        session.next_hand()


def test_sessions_save_and_restore_between_hands() -> None:
    session = play_out(Session.new(Rules.preset("cardroom"), [("Ann", 80), ("Bob", 120)], seed=9).next_hand())
    data = json.loads(json.dumps(session.to_dict()))
    restored = Session.from_dict(data)
    assert restored.seats == session.seats and restored.button == session.button
    assert restored.rules == session.rules and restored.hand_number == session.hand_number
    assert restored.next_hand().hand == session.next_hand().hand


@pytest.mark.parametrize("corrupt, message", [
    ("not a dict", "unknown format"),
    ({"version": 99}, "unknown format"),
    ({"version": 1, "rules": {}, "seats": [None] * 5, "button": 0, "hand_number": 1}, "corrupt"),
    ({"version": 1, "rules": {"foo": 1}, "seats": [None] * 5, "button": 0, "hand_number": 1, "seed": 1},
     "unknown rules option"),
    ({"version": 1, "rules": {}, "seats": [{"name": "A", "stack": -5}] + [None] * 4, "button": 0,
      "hand_number": 1, "seed": 1}, "stack"),
    ({"version": 1, "rules": {}, "seats": [None] * 3, "button": 0, "hand_number": 1, "seed": 1}, "seats"),
    ({"version": 1, "rules": {}, "seats": [None] * 5, "button": 9, "hand_number": 1, "seed": 1}, "button"),
])
def test_corrupt_saved_data_is_refused_with_the_reason(corrupt: object, message: str) -> None:
    with pytest.raises(SessionError, match=message):
        Session.from_dict(corrupt)  # type: ignore[arg-type]


def test_views_are_by_table_seat() -> None:
    session = Session.new(Rules(), [("Ann", 100), ("Bob", 100), ("Cy", 100)], seed=4)
    session = session._replace(seats=(Player("Ann", 100), None, Player("Bob", 100), None, Player("Cy", 100)))
    session = session.next_hand()
    view = session.view(4)
    assert view is not None and view.viewer == 2
    assert view.my_hand == session.hand.seats[2].hand
    assert all(s.hand is None for i, s in enumerate(view.seats) if i != 2)
    assert stripdeck.player_view(session.hand, None).my_hand == ()
