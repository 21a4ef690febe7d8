"""Bots: legal, deterministic, blind to hidden cards, and sensible with draws and split offers."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from stripdeck import (
    BOT_LEVELS,
    DECK,
    JOKER,
    Rules,
    apply,
    bot_for,
    evaluate,
    format_cards,
    legal_actions,
    player_view,
    simple_bot,
    start_hand,
)
from stripdeck.bots import decide, draw_choice
from stripdeck.cards import Card, parse_cards
from stripdeck.state import BET2


def _play(rules: Rules, levels: list[str], seed: int) -> list[str]:
    bots = [bot_for(level, seed=seed * 10 + i) for i, level in enumerate(levels)]
    state = start_hand(rules, [200] * len(levels), 0, seed=seed)
    while state.to_act is not None:
        seat = state.to_act
        action = bots[seat].decide(player_view(state, seat))
        state, _ = apply(state, action)  # raises IllegalAction if a bot breaks the rules
    return list(state.actions)


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_kind_of_bot_plays_only_legal_actions(level: str) -> None:
    for seed in range(12):
        _play(Rules(), [level, "normal", "random"][: 2 + seed % 2], seed)
    for preset in ("official", "cardroom"):
        for seed in range(4):
            _play(Rules.preset(preset), [level, "hard", "easy"], seed)


def test_the_same_seed_gives_the_same_decisions() -> None:
    for level in BOT_LEVELS:
        assert _play(Rules(), [level, "hard"], 5) == _play(Rules(), [level, "hard"], 5)


def _deck_with_other_cards_changed(seat_positions: list[int], seed: int) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    other = [c for i, c in enumerate(deck) if i not in seat_positions]
    rng.shuffle(other)
    it = iter(other)
    changed = [deck[i] if i in seat_positions else next(it) for i in range(len(deck))]
    return [str(c) for c in deck], [str(c) for c in changed]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_decisions_do_not_depend_on_other_players_hidden_cards(level: str) -> None:
    # Heads-up with the button at seat 0, seat 0 gets the 2nd, 4th, ... card; the stub is shuffled too.
    rules = Rules()
    for seed in range(15):
        deck_a, deck_b = _deck_with_other_cards_changed([1, 3, 5, 7, 9], seed)
        a = start_hand(rules, [200, 200], 0, deck=deck_a, seed=seed)
        b = start_hand(rules, [200, 200], 0, deck=deck_b, seed=seed)
        assert a.seats[0].hand == b.seats[0].hand and a.seats[1].hand != b.seats[1].hand
        while a.to_act is not None and b.to_act is not None and a.phase == b.phase:
            if a.to_act == 0:
                if a.phase != "draw" and a.seats[0].hand != b.seats[0].hand:
                    break  # after the draw the viewer's own new cards may differ: stop comparing
                va, vb = player_view(a, 0), player_view(b, 0)
                da = decide(va, random.Random(seed), level)
                db = decide(vb, random.Random(seed), level)
                assert da == db, (seed, va.phase, da, db)
                action = da
            else:
                kinds = legal_actions(a).kinds  # the other player: a fixed policy valid in both hands
                action = "draw" if "draw" in kinds else "call" if "call" in kinds else "check"
            a, _ = apply(a, action)
            b, _ = apply(b, action)


def test_draws_keep_what_the_exact_odds_favour() -> None:
    rules = Rules()
    # Four to a flush: the hard bot throws the odd card.
    state = start_hand(rules, [200, 200], 0, deck="7c Ah 8d Kh 9s Qh Td 9h 8c Jc", seed=1)
    assert [str(c) for c in state.seats[0].hand] == ["Ah", "Kh", "Qh", "9h", "Jc"]
    while state.phase != "draw" or state.to_act != 0:
        kinds = legal_actions(state).kinds
        state, _ = apply(state, "draw" if "draw" in kinds else "call" if "call" in kinds else "check")
    choice = bot_for("hard", seed=1).decide(player_view(state, 0))
    assert choice == "draw Jc"
    assert draw_choice(parse_cards("7h 8d 9c Ts As"), 4) == ()  # a straight stands pat


MADE = {"five aces", "straight flush", "four of a kind", "flush", "full house", "straight"}


def test_the_simple_strategy_keeps_the_joker_and_every_hand_it_completes() -> None:
    # RULES.md s.8: the joker is an ace, or the card that completes a straight, flush or full
    # house; the simple strategy (bots and the opponent model) keeps made hands and never
    # throws the joker.
    rules = Rules(joker=True)
    for four in combinations(DECK, 4):
        hand = (*four, JOKER)
        discards = draw_choice(hand, 4)
        assert JOKER not in discards
        if evaluate(hand, rules).category in MADE:
            assert discards == (), format_cards(hand)
    assert format_cards(draw_choice(parse_cards("Kh Kd 8c 7s Jk", joker=True), 4)) == "8c 7s"  # keep KK + ace
    assert format_cards(draw_choice(parse_cards("Kh Kd Ac 7s Jk", joker=True), 4)) == "7s"     # aces and kings
    assert format_cards(draw_choice(parse_cards("Kh Qh 9h 7c Jk", joker=True), 4)) == "7c"     # four to a flush


def _bet2_state(hand0: str, hand1: str, split: bool = True) -> object:
    cards0, cards1 = hand0.split(), hand1.split()
    deck = [c for pair in zip(cards1, cards0) for c in pair]
    state = start_hand(Rules(split=split), [200, 200], 0, deck=deck, seed=2)
    while state.phase != BET2:
        kinds = legal_actions(state).kinds
        state, _ = apply(state, "draw" if "draw" in kinds else "call" if "call" in kinds else "check")
    return state


def test_split_when_behind_refuse_when_ahead() -> None:
    weak = _bet2_state("7h 8d 9c Jd Ks", "Ah Ad Ac As Kh")   # seat 0 holds king high against a pat hand
    strong = _bet2_state("Ah Ad Ac As Kh", "7h 8d 9c Jd Ks")
    for state, want in ((weak, "split"), (strong, None)):
        assert state.to_act == 0 and legal_actions(state).allows("split")
        action = bot_for("hard", seed=3).decide(player_view(state, 0))
        if want:
            assert action == want
        else:
            assert action != "split"


def test_styles_and_levels_are_checked() -> None:
    assert bot_for("hard", "tight-aggressive").style.aggression > 0
    with pytest.raises(ValueError):
        bot_for("grandmaster")
    with pytest.raises(ValueError):
        bot_for("easy", "sleepy")


def test_simple_bot_still_works() -> None:
    state = start_hand(Rules(), [200, 200], 0, seed=9)
    assert simple_bot(player_view(state, 0), random.Random(1)) in {"fold", "call", "allin"} or \
        simple_bot(player_view(state, 0), random.Random(1)).startswith(("raise", "call"))


def _draw_text(discards: tuple[Card, ...]) -> str:
    return f"draw {format_cards(discards)}" if discards else "draw"


@pytest.mark.parametrize("seats", [3, 5])
def test_normal_draws_by_the_rule_of_thumb_at_three_to_five_seats(seats: int) -> None:
    # At three to five seats normal keeps what the rule of thumb keeps (pairs, trips, four to a
    # flush or straight, made hands, else high cards) and values its hand before the draw by that
    # draw; hard still draws by the exact odds, which differ from the rule of thumb now and then.
    differs = 0
    for preset in ("official", "cardroom", "online"):
        rules = Rules.preset(preset)
        for seed in range(12):
            state = start_hand(rules, [200] * seats, 0, seed=seed)
            while state.phase != "draw":
                kinds = legal_actions(state).kinds
                state, _ = apply(state, "call" if "call" in kinds else "check")
            view = player_view(state, state.to_act)
            assert view.legal is not None
            rule_of_thumb = _draw_text(draw_choice(view.my_hand, view.legal.draw_max))
            assert bot_for("normal", seed=seed).decide(view) == rule_of_thumb, (preset, seed)
            differs += bot_for("hard", seed=seed).decide(view) != rule_of_thumb
    assert differs > 0
