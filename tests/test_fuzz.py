"""A random player against the public API: legal and hostile action text and Action objects, every preset.

Each hand is dealt under a preset (``online``, ``official``, ``cardroom``), with and without
the joker, to 2-5 players with stacks from 1 to 300 chips (so all-ins and side pots come
often). Before each legal action the player tries some of: refused action text (Unicode
digits, 5,000-digit amounts, unknown words, cards not held or named twice, the wrong seat,
non-text), malformed Action objects (half chips, text chips, bools, a card twice), and
random attempts that are legal or not. Invariants after every step:

- a refusal is an ``IllegalAction`` (nothing else escapes) and the state is exactly as it was;
- chips are whole ints and conserved, every card of the deck is in exactly one place, no
  player holds more than five cards;
- no ``player_view`` shows a card its seat may not see (checked every few steps);
- an Action object and its text do the same thing.

The seed is random per run (``STRIPDECK_FUZZ_SEED=N`` repeats one) and printed on failure;
``STRIPDECK_FUZZ_HANDS`` sets the number of hands (default 240, a few seconds).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
from engine_helpers import check_invariants
from stripdeck import (
    JOKER,
    Action,
    HandState,
    IllegalAction,
    Rules,
    apply,
    legal_actions,
    parse_action,
    start_hand,
)
from test_properties import check_awards, check_views, expected_legal, random_action, random_attempt

HANDS = int(os.environ.get("STRIPDECK_FUZZ_HANDS", "240"))
PRESETS = [(preset, joker) for preset in ("online", "official", "cardroom", "bosnian") for joker in (False, True)]

HOSTILE_TEXT: list[Any] = [
    "bet ①", "raise ²", "raise ٣", "call ²", "bet ３", "raise " + "9" * 5000, "bet 1" + "0" * 30, "call 999",
    "call -1", "raise 4.5", "bet 1e3", "raise 0x10", "raise 1_000", "", "   ", "fold now", "check 0", "x" * 10_000,
    "draw Zz", "draw 6h", "draw Ah Ah", "draw 10h 10h", "split 2", "timeout 30", "allin 5", "\u0000",
    "raise\u00a0²", "raise 5x",
    None, 42, 4.5, b"call", ("call",), ["fold"], {"kind": "fold"},
]


def hostile_objects(state: HandState, rng: random.Random) -> list[Any]:
    """Malformed Action objects, some built from the cards of the player to act."""
    hand = state.seats[state.to_act].hand if state.to_act is not None else ()
    card = rng.choice(hand) if hand else JOKER
    objects: list[Any] = [
        Action("raise", 4.5), Action("bet", "20"), Action("raise", True), Action("raise", -2),  # type: ignore[arg-type]
        Action("raise", 10 ** 30), Action("call", 2.0), Action("fold", 3), Action("shove"),  # type: ignore[arg-type]
        Action(None), Action("check", None, (card,)), Action("draw", None, (card, card)),  # type: ignore[arg-type]
        Action("draw", None, ("Zz",)), Action("draw", None, 7),  # type: ignore[arg-type]
    ]
    if not state.rules.joker:
        objects.append(Action("draw", None, (JOKER,)))
    return objects


def digest(state: HandState) -> tuple[Any, ...]:
    """Everything in a state, hashed again from its contents (tuples do not cache their hash)."""
    return tuple(hash(part) for part in state)


def refuse(state: HandState, action: Any, seat: int | None, where: str) -> None:
    """``action`` must be refused with IllegalAction, leaving the state exactly as it was."""
    before, legal = digest(state), legal_actions(state)
    try:
        apply(state, action, seat)
    except IllegalAction as err:
        assert err.code and str(err), where
        assert len(str(err)) < 400, f"{where}: a message this long echoes the input: {str(err)[:80]}..."
    except Exception as err:  # noqa: BLE001 - the point: nothing but IllegalAction may escape
        raise AssertionError(f"{where}: {type(err).__name__} instead of IllegalAction: {err}") from err
    else:
        raise AssertionError(f"{where}: accepted; legal: {legal.as_text()}")
    assert digest(state) == before and legal_actions(state) == legal, f"{where}: the state changed"


def as_object(state: HandState, text: str) -> Action:
    """The same action as a freshly built Action object (not the parser's cached one)."""
    act = parse_action(text, joker=state.rules.joker)
    return Action(act.kind, act.amount, tuple(act.cards))


def check_chips_and_cards(state: HandState) -> None:
    check_invariants(state)  # chips conserved, every card in exactly one place
    for seat in state.seats:
        assert all(type(chips) is int and chips >= 0 for chips in (seat.stack, seat.bet, seat.total)), seat
        assert len(seat.hand) <= 5 and len(set(seat.hand)) == len(seat.hand)
    assert all(type(e.amount) is int for e in state.log if e.amount is not None)
    assert type(state.to_match) is int and type(state.min_raise) is int


def play_one(rng: random.Random, preset: str, joker: bool, where: str) -> HandState:
    rules = Rules.preset(preset, joker=joker)
    stacks = [rng.choice([rng.randint(1, 6), rng.randint(7, 80), rng.randint(81, 300)])
              for _ in range(rng.randint(2, 5))]
    state = start_hand(rules, stacks, rng.randrange(len(stacks)), seed=rng.getrandbits(63))
    steps = 0
    while not state.is_complete:
        check_chips_and_cards(state)
        if steps % 4 == 0:
            check_views(state)
        step = f"{where}, step {steps}"
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            kind = rng.random()
            if kind < 0.35:
                refuse(state, rng.choice(HOSTILE_TEXT), None, f"{step}, text")
            elif kind < 0.6:
                action = rng.choice(hostile_objects(state, rng))
                refuse(state, action, None, f"{step}, {action!r}")
            elif kind < 0.7 and state.to_act is not None:
                other = rng.choice([s for s in range(len(state.seats)) if s != state.to_act] + [-1, 99])
                refuse(state, "fold", other, f"{step}, seat {other}")
            else:
                text, seat = random_attempt(state, rng)
                if not expected_legal(state, text, seat):
                    refuse(state, text, seat, f"{step}, {text!r} by {seat}")
        text = random_action(state, rng)
        legal = legal_actions(state)
        if text == "call" and rng.random() < 0.5:
            text = f"call {legal.call_amount}"  # the grammar of as_text()
        if rng.random() < 0.4:
            new, events = apply(state, as_object(state, text))
            assert (new, events) == apply(state, text), f"{where}: Action object and text {text!r} differ"
        else:
            new, events = apply(state, text, state.to_act if rng.random() < 0.5 else None)
        assert new.log == state.log + events and events, where
        state = new
        steps += 1
        assert steps < 400, f"{where}: the hand does not end"
    check_chips_and_cards(state)
    check_views(state)
    check_awards(state)
    assert sum(state.stacks) == sum(state.start_stacks)
    return state


def fuzz_seeds() -> Iterator[int]:
    given = os.environ.get("STRIPDECK_FUZZ_SEED")
    yield 20260401  # the same every run
    yield int(given) if given else random.SystemRandom().randrange(2 ** 32)  # new every run


@pytest.mark.parametrize("seed", list(fuzz_seeds()), ids=["fixed", "fresh"])
def test_a_random_player_cannot_break_a_hand(seed: int) -> None:
    rng = random.Random(seed)
    for number in range(HANDS):
        preset, joker = PRESETS[number % len(PRESETS)]
        where = f"fuzz seed {seed} (rerun: STRIPDECK_FUZZ_SEED={seed}), hand {number}, {preset}, joker {joker}"
        try:
            play_one(rng, preset, joker, where)
        except BaseException:
            print(f"\nFAILED at {where}")
            raise
