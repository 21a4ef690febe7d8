"""Pots: the main pot and side pots from what each player put in, and dividing chips."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["Pot", "build_pots", "divide", "order_from"]


class Pot(NamedTuple):
    """A pot: its chips and the seats (not folded) that can win it."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(totals: Sequence[int], folded: Sequence[bool]) -> tuple[list[Pot], list[tuple[int, int]]]:
    """Layer the chips into pots by the live players' contribution levels.

    Returns the pots (main first) and the uncalled chips to return as (seat, amount):
    the part of the top bet that no other player (live or folded) matched goes back to its owner.

    >>> build_pots([50, 100, 100], [False, False, False])
    ([Pot(amount=150, eligible=(0, 1, 2)), Pot(amount=100, eligible=(1, 2))], [])
    >>> build_pots([40, 100, 20], [False, False, True])
    ([Pot(amount=100, eligible=(0, 1))], [(1, 60)])
    """
    live = [i for i, f in enumerate(folded) if not f]
    levels = sorted({totals[i] for i in live})
    if len(live) > 1 and len(levels) == 1 and levels[0]:  # everyone in put in the same: one pot, the folded chips in it
        return [Pot(sum(totals), tuple(live))], []
    pots: list[Pot] = []
    returns: list[tuple[int, int]] = []
    previous = 0
    for index, level in enumerate(levels):
        amount = sum(max(0, min(t, level) - previous) for t in totals)
        if index == len(levels) - 1:
            # Dead chips above the last live level (folded players who bet more) join the top pot.
            amount += sum(max(0, t - level) for t in totals)
        eligible = tuple(i for i in live if totals[i] >= level)
        previous = level
        if amount == 0:
            continue
        if len(eligible) == 1 and len(totals) > 1:
            # uncalled: what no other player (live or folded) matched
            matched = max(t for i, t in enumerate(totals) if i != eligible[0])
            own = level - max(matched, levels[index - 1] if index else 0)
            if own > 0:
                returns.append((eligible[0], own))
                amount -= own
            if amount:  # folded players' chips that only this player reached
                pots.append(Pot(amount, eligible))
            continue
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
    return pots, returns


def order_from(start: int, count: int) -> list[int]:
    """Seats clockwise starting at ``start``."""
    return [(start + k) % count for k in range(count)]


def divide(amount: int, winners: Sequence[int], button: int, seat_count: int) -> dict[int, int]:
    """Share chips equally; remainder chips go one at a time from the button's left.

    >>> divide(10, [0, 2, 1], button=0, seat_count=3)
    {1: 4, 2: 3, 0: 3}
    """
    if len(winners) == 1:
        return {winners[0]: amount}
    ordered = [s for s in order_from(button + 1, seat_count) if s in winners]
    share, remainder = divmod(amount, len(ordered))
    return {s: share + (1 if k < remainder else 0) for k, s in enumerate(ordered)}
