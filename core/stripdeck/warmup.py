"""Getting ready without freezing a page: the first-use tables built in small steps."""

from __future__ import annotations

from collections.abc import Iterator

from .evaluator import table_steps
from .odds import _rank_levels, model_steps
from .rules import Rules
from .sound import dealt_steps
from .strategy_file import strategy_steps

__all__ = ["prepare"]


def prepare(rules: Rules | None = None) -> Iterator[None]:
    """Build everything ``evaluate``, the bots and the advisor use for ``rules``, a step at a time
    (the bots' own data too: the dealt-hand sample and, where one is shipped, the heads-up strategy).

    Each step takes a few milliseconds; a page runs
    ``for _ in prepare(rules): await asyncio.sleep(0)`` after it loads, so the first
    bot decision or hint does not pause it. Iterating it again costs nothing.

    >>> for _ in prepare(): pass
    >>> from stripdeck import evaluate; evaluate("Ah Kh Qh Jh Th").category
    'straight flush'
    """
    rules = Rules() if rules is None else rules
    yield from table_steps(rules)
    yield from model_steps(rules)
    _rank_levels(rules)
    yield
    yield from dealt_steps(rules)
    yield from strategy_steps(rules)
