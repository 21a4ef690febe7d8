"""Computer players. A bot sees only its own :class:`PlayerView` and the legal actions in it."""

from __future__ import annotations

import random
from collections import Counter

from .cards import Card, format_cards
from .evaluator import evaluate
from .state import BET1, DRAW
from .view import PlayerView

__all__ = ["simple_bot", "draw_choice"]

_STRONG = {"five aces", "straight flush", "four of a kind", "flush", "full house", "straight"}


def draw_choice(hand: tuple[Card, ...], draw_max: int) -> tuple[Card, ...]:
    """A sound discard: keep made hands, pairs and trips, four to a flush or straight, else high cards."""
    if len(hand) != 5 or draw_max == 0:
        return ()
    by_rank = Counter(c.rank for c in hand)
    if max(by_rank.values()) == 1:
        suits = Counter(c.suit for c in hand)
        suit, count = suits.most_common(1)[0]
        if count == 5:
            return ()
        if count == 4:
            return tuple(c for c in hand if c.suit != suit)[:draw_max]
        for drop in sorted(hand, key=lambda c: c.rank):
            rest = sorted(int(c.rank) for c in hand if c != drop)
            if rest[-1] - rest[0] <= 4 or set(rest) <= {14, 7, 8, 9, 10}:
                return (drop,)
        keep = sorted(hand, key=lambda c: c.rank, reverse=True)[:max(5 - draw_max, 2)]
        return tuple(c for c in hand if c not in keep)
    if max(by_rank.values()) >= 2 and len(by_rank) == 2:
        return ()  # full house or four of a kind
    grouped = {r for r, n in by_rank.items() if n >= 2}
    return tuple(c for c in hand if c.rank not in grouped)[:draw_max]


def simple_bot(view: PlayerView, rng: random.Random | None = None) -> str:
    """A simple, sound opponent: value bets made hands, calls with fair ones, folds weak ones."""
    legal = view.legal
    if legal is None:
        raise ValueError("it is not this bot's turn")
    rng = rng or random.Random()
    hand = view.my_hand
    if view.phase == DRAW:
        discards = draw_choice(hand, legal.draw_max)
        return f"draw {format_cards(discards)}" if discards else "draw"
    kinds = legal.kinds
    if kinds == ("split", "check") or set(kinds) <= {"split", "check", "timeout"}:
        return "check"
    value = evaluate(hand, view.rules)
    category = value.category
    strong = category in _STRONG or category == "three of a kind"
    fair = category in ("two pairs",) or (category == "one pair" and value.ranks[0] >= 10)
    if view.phase == BET1:
        fair = fair or category == "one pair" or (category == "high card" and rng.random() < 0.3)
    aggressive = "raise" if "raise" in kinds else "bet" if "bet" in kinds else None
    if strong and aggressive and rng.random() < 0.8:
        return aggressive
    if "check" in kinds:
        if fair and aggressive and rng.random() < 0.25:
            return aggressive
        return "check"
    cheap = legal.call_amount <= max(view.rules.big_blind, view.rules.small_bet) * 2
    if strong or (fair and (cheap or rng.random() < 0.5)) or (cheap and rng.random() < 0.15):
        return "call" if "call" in kinds else "allin"
    return "fold"
