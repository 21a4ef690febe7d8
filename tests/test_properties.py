"""Property tests: random rules, stacks and play (legal and illegal actions interleaved).

Every hand must conserve chips, account for every card exactly once, end within a bounded
number of actions, refuse illegal actions without changing the state, agree with
``legal_actions`` about what is legal, award each pot to the best eligible hand (or divide
it when all agreed), and never show a player a card they may not see. Every hand exported
with ``export_hand`` replays to the same log and results.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from engine_helpers import all_cards, check_invariants
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stripdeck import (
    ActionError,
    HandState,
    IllegalAction,
    LegalActions,
    Rules,
    apply,
    build_pots,
    evaluate,
    export_hand,
    format_cards,
    full_deck,
    legal_actions,
    parse_action,
    parse_cards,
    player_view,
    replay,
    start_hand,
)

CARD_TOKEN = re.compile(r"\b(?:[2-9TJQKA][hdcs]|Jk)\b")
GARBAGE = ["", "jump", "raise -1", "bet 2 3", "bet two", "draw Zz", "draw Jk", "check now", "fold 3", "allin 5",
           "draw 2h", "call 7", "split pot", "stand"]


# ---------------------------------------------------------------- strategies

# Hand-ranking variants: each costs a lookup table (a joker one takes seconds) and the evaluator
# keeps only six, so the tests stick to six variants.
RANKINGS = [
    {"suit_ties": "kicker"},
    {"suit_ties": "combination"},
    {"suit_ties": "split"},
    {"suit_ties": "kicker", "suit_order": "shdc", "flush_beats_full_house": False},
    {"suit_ties": "kicker", "joker": True},
    {"suit_ties": "split", "joker": True},
]

@st.composite
def rules_strategy(draw: Any) -> Rules:
    preset = draw(st.sampled_from(["online", "official", "cardroom"]))
    forced = draw(st.sampled_from(["blinds", "antes", "both", "dealer ante"]))
    opts: dict[str, Any] = {"small_blind": 0, "big_blind": 0, "ante": 0, "dealer_ante": False}
    if forced in ("blinds", "both"):
        big = draw(st.integers(1, 4))
        opts.update(big_blind=big, small_blind=draw(st.integers(0, big)))
    if forced in ("antes", "both", "dealer ante"):
        opts["ante"] = draw(st.integers(1, 3))
    opts["dealer_ante"] = forced == "dealer ante"
    small = draw(st.integers(1, 4))
    opts.update(
        structure=draw(st.sampled_from(["fixed-limit", "pot-limit", "no-limit"])),
        small_bet=small, big_bet=draw(st.sampled_from([small, 2 * small, 3])),
        max_raises=draw(st.sampled_from([None, None, 0, 1, 2, 4])),
        draw_limit=draw(st.integers(0, 5)),
        split=draw(st.booleans()),
        show_all=draw(st.booleans()),
        draw_timer=draw(st.sampled_from([None, 30])), action_timer=draw(st.sampled_from([None, 30])),
    )
    opts.update(draw(st.sampled_from(RANKINGS)))
    return Rules.preset(preset, **opts)


stacks_strategy = st.lists(st.one_of(st.integers(1, 6), st.integers(7, 60), st.integers(61, 400)),
                           min_size=2, max_size=5)


@st.composite
def hand_setup(draw: Any) -> tuple[Rules, list[int], int, int, int]:
    rules = draw(rules_strategy())
    stacks = draw(stacks_strategy)
    button = draw(st.integers(0, len(stacks) - 1))
    seed = draw(st.integers(2**40, 2**63 - 1))       # big seeds: they cannot turn up by chance in a view
    policy = draw(st.integers(0, 2**32))
    return rules, stacks, button, seed, policy


# ---------------------------------------------------------------- what is legal, independently of apply()

def expected_legal(state: HandState, text: str, seat: int | None) -> bool:
    """Is ``text`` legal now, judged from ``legal_actions`` alone."""
    if state.to_act is None or (seat is not None and seat != state.to_act):
        return False
    try:
        act = parse_action(text, joker=state.rules.joker)
    except ActionError:
        return False
    legal = legal_actions(state)
    if act.kind not in legal.kinds:
        return False
    if act.kind in ("bet", "raise") and act.amount is not None:
        assert legal.min_total is not None and legal.max_total is not None
        return legal.min_total <= act.amount <= legal.max_total
    if act.kind == "call" and act.amount is not None:  # 'call N' names the amount to call
        return act.amount == legal.call_amount
    if act.kind == "draw":
        hand = state.seats[state.to_act].hand
        return all(c in hand for c in act.cards) and len(act.cards) <= legal.draw_max
    return True


def check_legal_actions(state: HandState, legal: LegalActions) -> None:
    """The legal actions are consistent with the rules and the state."""
    assert legal.seat == state.to_act
    if state.to_act is None:
        assert legal.kinds == ()
        return
    assert legal.kinds, "the player to act must have something to do"
    seat = state.seats[state.to_act]
    assert not seat.folded
    rules = state.rules
    if state.phase == "draw":
        assert set(legal.kinds) <= {"draw", "timeout"} and "draw" in legal.kinds
        assert legal.draw_max == rules.draw_limit
        assert seat.drawn is None
        return
    assert state.phase in ("first betting round", "second betting round")
    assert ("timeout" in legal.kinds) == (rules.action_timer is not None)
    if seat.stack == 0:
        assert set(legal.kinds) - {"timeout"} == {"split", "check"}
        return
    assert ("check" in legal.kinds) != ("call" in legal.kinds)
    assert 0 <= legal.call_amount <= seat.stack
    assert legal.call_amount == min(state.to_match - seat.bet, seat.stack)
    assert legal.allin_total == seat.bet + seat.stack
    if "split" in legal.kinds:
        assert rules.split and state.phase == "second betting round" and state.to_match == 0
    assert not ("bet" in legal.kinds and "raise" in legal.kinds)
    if "bet" in legal.kinds or "raise" in legal.kinds:
        assert not seat.no_raise
        assert legal.min_total is not None and legal.max_total is not None
        assert legal.min_total <= legal.max_total <= seat.bet + seat.stack
        assert legal.min_total > state.to_match
        if rules.structure == "fixed-limit":
            assert legal.min_total == legal.max_total
        if rules.structure == "pot-limit":
            pot_after_call = state.pot_total + (state.to_match - seat.bet)
            assert legal.max_total <= max(state.to_match + pot_after_call, legal.min_total)
        if rules.structure == "no-limit":
            assert legal.max_total == seat.bet + seat.stack
    else:
        assert legal.min_total is None and legal.max_total is None
    if seat.no_raise:
        assert "bet" not in legal.kinds and "raise" not in legal.kinds
        assert "allin" not in legal.kinds or legal.call_amount == seat.stack


# ---------------------------------------------------------------- what a player may see

def known_cards(state: HandState, viewer: int | None) -> set[str]:
    """Cards ``viewer`` may know: its own (dealt, drawn, discarded, held, taken face down), those shown,
    and the face-up cards of the choice of the fourth card (public at once). Never a face-down card
    discarded unseen, nor one not yet taken (``state.pending``)."""
    known: set[str] = set()
    for e in state.log:
        if e.kind in ("show", "face_up", "take_up") or (
                viewer is not None and e.seat == viewer and e.kind in ("deal", "receive", "discard", "take_down")):
            known.update(str(c) for c in e.cards)
    if viewer is not None:
        known.update(str(c) for c in state.seats[viewer].hand)
    return known


def check_views(state: HandState) -> None:
    """No view shows a hidden card, the seed, or the deal order."""
    shown = {e.seat: e.cards for e in state.log if e.kind == "show"}
    for viewer in [None, *range(len(state.seats))]:
        view = player_view(state, viewer)
        text = json.dumps(view.to_dict())
        leaked = set(CARD_TOKEN.findall(text)) - known_cards(state, viewer)
        assert not leaked, f"seat {viewer} sees {leaked}"
        assert str(state.seed) not in text and "seed" not in view._fields
        for i, sv in enumerate(view.seats):
            if i == viewer:
                assert sv.hand == state.seats[i].hand
            elif i in shown:
                assert sv.hand == shown[i]
            else:
                assert sv.hand is None
            assert sv.card_count == len(state.seats[i].hand)
            assert sv.drawn == state.seats[i].drawn      # draw counts are public
        assert view.stub_size == len(state.stub)
        assert view.legal == (legal_actions(state) if viewer is not None and viewer == state.to_act else None)
        in_front = 0 if state.is_complete else sum(sv.bet for sv in view.seats)
        assert sum(p.amount for p in view.pots) + in_front == state.pot_total


# ---------------------------------------------------------------- the end of a hand

def check_awards(state: HandState) -> None:
    """Each pot goes to its best eligible hand, or is divided when all its players split."""
    log = state.log
    assert [e.kind for e in log].count("end") == 1 and log[-1].kind == "end"
    seats = state.seats
    pots, returns = build_pots([s.total for s in seats], [s.folded for s in seats])
    assert returns == []          # uncalled chips were already returned
    won: dict[int, dict[int, int]] = {}
    for e in log:
        if e.kind == "win":
            assert e.pot is not None and e.seat is not None and e.amount is not None
            won.setdefault(e.pot, {})[e.seat] = won.get(e.pot, {}).get(e.seat, 0) + e.amount
    assert sorted(won) == list(range(len(pots)))
    divided = {e.pot for e in log if e.kind == "divide"}
    live = [i for i, s in enumerate(seats) if not s.folded]
    for p, pot in enumerate(pots):
        assert sum(won[p].values()) == pot.amount
        assert set(won[p]) <= set(pot.eligible)
        if len(live) == 1:
            assert set(won[p]) == set(live)
            continue
        if p in divided:
            assert all(seats[i].split for i in pot.eligible)
            assert set(won[p]) == set(pot.eligible)
            assert max(won[p].values()) - min(won[p].values()) <= 1
            continue
        values = {i: evaluate(seats[i].hand, state.rules) for i in pot.eligible}
        best = max(values.values())
        assert set(won[p]) == {i for i, v in values.items() if v == best}
        if state.rules.suit_ties != "split":
            assert len(won[p]) == 1, "with suits deciding, hands never tie"
    if len(live) == 1:
        assert not any(e.kind in ("show", "muck") for e in log)
    if state.rules.show_all:
        assert not any(e.kind == "muck" for e in log)
    for i in live:
        assert len(seats[i].hand) == 5


# ---------------------------------------------------------------- random play

def random_action(state: HandState, rng: random.Random) -> str:
    """A legal action, chosen at random (bets and raises of random legal sizes, random discards)."""
    legal = legal_actions(state)
    kinds = list(legal.kinds)
    weights = [{"fold": 1, "check": 4, "call": 4, "bet": 2, "raise": 1.5, "allin": 0.4, "draw": 5, "split": 2,
                "timeout": 0.3, "take up": 2, "take down": 2}[k] for k in kinds]
    kind = rng.choices(kinds, weights)[0]
    if kind in ("bet", "raise"):
        assert legal.min_total is not None and legal.max_total is not None
        amount = rng.choice([legal.min_total, legal.max_total, rng.randint(legal.min_total, legal.max_total)])
        return f"{kind} {amount}" if rng.random() < 0.9 else kind
    if kind == "draw":
        assert state.to_act is not None
        hand = list(state.seats[state.to_act].hand)
        count = rng.randint(0, legal.draw_max)
        return ("draw " + format_cards(rng.sample(hand, count))).strip()
    return kind


def random_attempt(state: HandState, rng: random.Random) -> tuple[str, int | None]:
    """Any action text (often illegal), with a seat that may be out of turn."""
    roll = rng.random()
    seat = None
    if roll < 0.15:
        seat = rng.randrange(len(state.seats))
    kind = rng.choice(["fold", "check", "call", "bet", "raise", "allin", "draw", "split", "timeout", "take up",
                       "take down", "garbage"])
    if kind in ("bet", "raise"):
        return f"{kind} {rng.randint(0, 500)}", seat
    if kind == "draw":
        cards = rng.sample(list(full_deck(state.rules.joker)), rng.randint(0, 6))
        return ("draw " + format_cards(cards)).strip(), seat
    if kind == "garbage":
        return rng.choice(GARBAGE), seat
    return kind, seat


def play_random_hand(rules: Rules, stacks: list[int], button: int, seed: int, policy: int,
                     illegal_rate: float = 0.3) -> HandState:
    rng = random.Random(policy)
    state = start_hand(rules, stacks, button, seed=seed)
    assert state.start_stacks == tuple(stacks)
    n = len(stacks)
    # every action either ends a player's part in the round or raises the bet: a generous bound
    limit = 8 * n + 4 * n * (sum(stacks) // max(1, min(rules.small_bet, rules.big_bet)) + 1)
    applied = 0
    while True:
        check_invariants(state)
        legal = legal_actions(state)
        check_legal_actions(state, legal)
        if applied % 3 == 0 or state.is_complete:
            check_views(state)
        if state.is_complete:
            break
        snapshot = ""
        while rng.random() < illegal_rate:
            text, seat = random_attempt(state, rng)
            snapshot = snapshot or repr(state)
            if expected_legal(state, text, seat):
                continue
            before = state
            try:
                apply(state, text, seat)
            except IllegalAction as err:
                assert err.code and str(err)
            else:
                raise AssertionError(f"{text!r} by {seat} was accepted but legal_actions says {legal.as_text()}")
            assert state == before and repr(state) == snapshot
        text = random_action(state, rng)
        assert expected_legal(state, text, None), (text, legal)
        new, events = apply(state, text, state.to_act if rng.random() < 0.5 else None)
        assert new.log == state.log + events and events
        assert new.actions[:-1] == state.actions
        state = new
        applied += 1
        assert applied <= limit, "the hand does not end"
    check_awards(state)
    assert sum(state.stacks) == sum(stacks)
    return state


def check_replay(state: HandState) -> None:
    exported = export_hand(state)
    again = replay(json.loads(json.dumps(exported)))
    assert again["log"] == [e.to_dict() for e in state.log]
    assert again["deltas"] == exported["deltas"]
    assert again["stacks_after"] == list(state.stacks)
    if state.is_complete:
        assert sum(again["deltas"]) == 0
    else:
        assert sum(again["deltas"]) == -state.pot_total
    assert again["complete"] == state.is_complete


# ---------------------------------------------------------------- the properties

@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand_setup())
def test_random_hands_keep_every_invariant(setup: tuple[Rules, list[int], int, int, int]) -> None:
    state = play_random_hand(*setup)
    check_replay(state)


@settings(max_examples=400, deadline=None)
@given(hand_setup(), st.integers(0, 60))
def test_an_unfinished_hand_exports_and_replays_to_the_same_point(
        setup: tuple[Rules, list[int], int, int, int], steps: int) -> None:
    rules, stacks, button, seed, policy = setup
    rng = random.Random(policy)
    state = start_hand(rules, stacks, button, seed=seed)
    for _ in range(steps):
        if state.is_complete:
            break
        state, _ = apply(state, random_action(state, rng))
    check_replay(state)
    result = replay(export_hand(state))
    if not state.is_complete:
        assert result["to_act"] == state.to_act
        assert result["legal"] == legal_actions(state).as_text()


@settings(max_examples=300, deadline=None)
@given(rules_strategy(), st.lists(st.integers(1, 200), min_size=5, max_size=5), st.integers(0, 4),
       st.integers(0, 2**63 - 1))
def test_five_players_drawing_the_most_they_may_never_get_their_own_discards_back(
        rules: Rules, stacks: list[int], button: int, seed: int) -> None:
    state = start_hand(rules.with_options(draw_limit=max(rules.draw_limit, 3)), stacks, button, seed=seed)
    rng = random.Random(seed)
    discarded: dict[int, set[Any]] = {}
    while not state.is_complete:
        legal = legal_actions(state)
        if state.phase == "draw":
            assert state.to_act is not None
            hand = state.seats[state.to_act].hand
            text = "draw " + format_cards(hand[:legal.draw_max])
        else:
            text = "check" if "check" in legal.kinds else "call" if "call" in legal.kinds else "split"
            text = text if rng.random() < 0.9 or "fold" not in legal.kinds else "fold"
        state, events = apply(state, text)
        for e in events:
            if e.kind == "discard":
                discarded.setdefault(e.seat, set()).update(e.cards)
            if e.kind == "receive":
                assert not set(e.cards) & discarded.get(e.seat, set())
        check_invariants(state)
    assert len(all_cards(state)) == (33 if state.rules.joker else 32)


@settings(max_examples=200, deadline=None)
@given(hand_setup())
def test_the_same_seed_and_actions_give_the_same_hand(setup: tuple[Rules, list[int], int, int, int]) -> None:
    rules, stacks, button, seed, policy = setup
    a = play_random_hand(rules, stacks, button, seed, policy, illegal_rate=0)
    state = start_hand(rules, stacks, button, seed=seed)
    for text in a.actions:
        state, _ = apply(state, text)
    assert state == a


@settings(max_examples=200, deadline=None)
@given(rules_strategy(), stacks_strategy, st.data())
def test_an_explicit_deck_deals_exactly_those_cards(rules: Rules, stacks: list[int], data: st.DataObject) -> None:
    deck = data.draw(st.permutations(list(full_deck(rules.joker))))
    button = data.draw(st.integers(0, len(stacks) - 1))
    state = start_hand(rules, stacks, button, deck=format_cards(deck), seed=1)
    n = len(stacks)
    for k in range(5 * n):
        seat = (button + 1 + k % n) % n
        assert state.seats[seat].hand[k // n] == deck[k]
    assert list(state.stub) == list(deck[5 * n:])
    assert parse_cards(format_cards(state.deal_order), joker=rules.joker) == tuple(deck)
