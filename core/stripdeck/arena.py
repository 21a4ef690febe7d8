"""The arena: bots play duplicate deals (each deal again with the seats rotated) to measure their strength.

With ``k`` bots every deal is played ``k`` times, bot ``j`` in seat ``(j + r) % k`` in
rotation ``r``, so every bot holds every seat's cards once; the button stays at seat 0
and every hand starts from fresh stacks. A bot's score for a deal is its chip total over
the ``k`` rotations, and the result is its mean per hand in big blinds per 100 hands
with a 95% confidence interval (1.96 standard errors of the per-deal scores).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from math import sqrt
from typing import NamedTuple

from .bots import Bot, bot_for
from .engine import apply, start_hand
from .rules import Rules
from .view import player_view

__all__ = ["ArenaResult", "run_arena", "play_duplicate_deal", "format_arena"]


class ArenaResult(NamedTuple):
    """One bot's result: big blinds won per 100 hands and the half-width of its 95% interval."""

    name: str
    hands: int
    bb_per_100: float
    ci95: float

    @property
    def low(self) -> float:
        """Lower end of the 95% interval."""
        return self.bb_per_100 - self.ci95

    @property
    def high(self) -> float:
        """Upper end of the 95% interval."""
        return self.bb_per_100 + self.ci95


def _unit(rules: Rules) -> int:
    """Chips in one 'big blind' (the big bet in games without blinds)."""
    return rules.big_blind or rules.big_bet


def play_duplicate_deal(rules: Rules, bots: Sequence[Bot], seed: int, stack: int) -> list[int]:
    """Chips each bot won over the rotations of one deal (the same cards, seats rotated)."""
    k = len(bots)
    won = [0] * k
    for rotation in range(k):
        seat_bot = [(seat - rotation) % k for seat in range(k)]
        state = start_hand(rules, [stack] * k, 0, seed=seed)
        while state.to_act is not None:
            seat = state.to_act
            action = bots[seat_bot[seat]].decide(player_view(state, seat))
            state, _ = apply(state, action)
        for seat, s in enumerate(state.seats):
            won[seat_bot[seat]] += s.stack - stack
    return won


def run_arena(bots: Sequence[str | Bot], hands: int = 20000, seed: int = 1, rules: Rules | None = None,
              stack_bb: int = 100, progress: Callable[[int], None] | None = None) -> list[ArenaResult]:
    """Play about ``hands`` hands of duplicate deals between ``bots`` (levels or Bots); results per bot.

    >>> [r.name for r in run_arena(["normal", "station"], hands=4, seed=3)]
    ['normal', 'station']
    """
    rules = Rules() if rules is None else rules
    if not 2 <= len(bots) <= 5:
        raise ValueError(f"the arena seats 2 to 5 bots, got {len(bots)}")
    if hands < len(bots):
        raise ValueError(f"play at least {len(bots)} hands")
    players: list[Bot] = []
    names: list[str] = []
    for j, b in enumerate(bots):
        bot = b if isinstance(b, Bot) else bot_for(b, seed=random.Random(f"{seed}/bot/{j}").getrandbits(63))
        players.append(bot)
        name = b if isinstance(b, str) else bot.level
        names.append(name if name not in names else f"{name}#{j + 1}")
    k = len(players)
    deals = hands // k
    unit = _unit(rules)
    scores: list[list[int]] = [[] for _ in players]
    for d in range(deals):
        deal_seed = random.Random(f"{seed}/deal/{d}").getrandbits(63)
        for j, chips in enumerate(play_duplicate_deal(rules, players, deal_seed, stack_bb * unit)):
            scores[j].append(chips)
        if progress is not None:
            progress((d + 1) * k)
    results = []
    for name, s in zip(names, scores):
        mean = sum(s) / deals
        var = sum((x - mean) ** 2 for x in s) / (deals - 1) if deals > 1 else 0.0
        per_hand = mean / k / unit
        half = 1.96 * sqrt(var / deals) / k / unit if deals > 1 else float("inf")
        results.append(ArenaResult(name, deals * k, 100 * per_hand, 100 * half))
    return results


def format_arena(results: Sequence[ArenaResult]) -> str:
    """The results as a text table."""
    lines = [f"{'bot':<12} {'hands':>7} {'bb/100':>9} {'95% interval':>20}"]
    for r in results:
        lines.append(f"{r.name:<12} {r.hands:>7} {r.bb_per_100:>+9.1f} {f'[{r.low:+.1f}, {r.high:+.1f}]':>20}")
    return "\n".join(lines)
