"""The arena: bots play duplicate deals (each deal again with the seats rotated) to measure their strength.

With ``k`` bots every deal is played ``k`` times, bot ``j`` in seat ``(j + r) % k`` in
rotation ``r``, so every bot holds every seat's cards once; the button stays at seat 0
and every hand starts from fresh stacks. A bot's score for a deal is its chip total over
the ``k`` rotations, and the result is its mean per hand in big blinds per 100 hands
with a 95% confidence interval (1.96 standard errors of the per-deal scores).

A player is a bot or anything else with ``level`` (its name) and ``decide(view)``; one with
``observe(view)`` is shown its own view of every finished hand, as a person sees the table's
result (the exploiters and the bots' reads learn from it), and one with ``seated(ids)`` is told
before every hand which player sits in each seat (``player 1`` ...), so what it learns of a
player follows that player through the rotations. :func:`run_gauntlet` plays each bot level against the
exploiters (:mod:`stripdeck.exploiters`) at several table sizes and presets.
"""
# l10n-part: cli (this file's sentences load with the command line: docs/i18n.md, "Bytes")

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from math import copysign, sqrt
from typing import NamedTuple, Protocol

from .bots import TABLE_STYLES, bot_for
from .engine import apply, start_hand
from .exploiters import EXPLOITERS, exploiter_for
from .i18n import _, number, pgettext
from .rules import Rules
from .view import PlayerView, player_view

__all__ = ["ArenaResult", "GauntletCell", "run_arena", "run_gauntlet", "play_duplicate_deal", "format_arena",
           "format_gauntlet", "GAUNTLET_PRESETS", "GAUNTLET_SIZES"]

GAUNTLET_PRESETS = ("online", "official", "cardroom")
GAUNTLET_SIZES = (2, 3, 5)


class Player(Protocol):
    """What the arena seats: a bot, an exploiter, anything that decides from its own view."""

    level: str

    def decide(self, view: PlayerView) -> str:
        """The action text for ``view``."""
        ...


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


def play_duplicate_deal(rules: Rules, bots: Sequence[Player], seed: int, stack: int) -> list[int]:
    """Chips each bot won over the rotations of one deal (the same cards, seats rotated)."""
    k = len(bots)
    won = [0] * k
    for rotation in range(k):
        seat_bot = [(seat - rotation) % k for seat in range(k)]
        ids = [f"player {seat_bot[seat] + 1}" for seat in range(k)]
        for bot in bots:
            seated = getattr(bot, "seated", None)
            if seated is not None:
                seated(ids)
        state = start_hand(rules, [stack] * k, 0, seed=seed)
        while state.to_act is not None:
            seat = state.to_act
            action = bots[seat_bot[seat]].decide(player_view(state, seat))
            state, _ = apply(state, action)
        for seat in range(k):
            observe = getattr(bots[seat_bot[seat]], "observe", None)
            if observe is not None:
                observe(player_view(state, seat))
        for seat, s in enumerate(state.seats):
            won[seat_bot[seat]] += s.stack - stack
    return won


def run_arena(bots: Sequence[str | Player], hands: int = 20000, seed: int = 1, rules: Rules | None = None,
              stack_bb: int = 100, progress: Callable[[int], None] | None = None) -> list[ArenaResult]:
    """Play about ``hands`` hands of duplicate deals between ``bots`` (levels or Bots); results per bot.

    >>> [r.name for r in run_arena(["normal", "station"], hands=4, seed=3)]
    ['normal', 'station']
    """
    rules = Rules() if rules is None else rules
    if not 2 <= len(bots) <= 5:
        raise ValueError(_("the arena seats 2 to 5 bots, got {count}", count=len(bots)))
    if hands < len(bots):
        raise ValueError(_("play at least {count} hands", count=len(bots)))
    players: list[Player] = []
    names: list[str] = []
    for j, b in enumerate(bots):
        bot = bot_for(b, seed=random.Random(f"{seed}/bot/{j}").getrandbits(63)) if isinstance(b, str) else b
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
    """The results as a text table (its headings in the language in use; counts as plain digits)."""
    # TRANSLATORS: the arena table's headings: a bot, the hands it played, what it won in big blinds per
    # 100 hands, and the 95% confidence interval of that.
    bot, hands, won, interval = (pgettext("arena table", "bot"), pgettext("arena table", "hands"),
                                 pgettext("arena table", "bb/100"), pgettext("arena table", "95% interval"))
    lines = [f"{bot:<12} {hands:>7} {won:>9} {interval:>20}"]
    for r in results:
        span = f"[{_signed(r.low, 1)}, {_signed(r.high, 1)}]"
        lines.append(f"{r.name:<12} {r.hands:>7} {_signed(r.bb_per_100, 1):>9} {span:>20}")
    return "\n".join(lines)


def _signed(value: float, decimals: int) -> str:
    """A figure with its sign, written the language's way: '+3.5', '-0.0' (a small loss).

    >>> _signed(3.46, 1), _signed(-0.04, 1), _signed(float("inf"), 1)
    ('+3.5', '-0.0', '+inf')
    """
    if value != value or abs(value) == float("inf"):
        return f"{value:+}"
    return ("-" if copysign(1.0, value) < 0 else "+") + number(abs(value), decimals)


class GauntletCell(NamedTuple):
    """One exploiter's result against a bot level at one table size and preset."""

    level: str
    exploiter: str
    size: int
    preset: str
    result: ArenaResult


def run_gauntlet(levels: Sequence[str] = ("hard", "normal", "easy"), exploiters: Sequence[str] = tuple(EXPLOITERS),
                 sizes: Sequence[int] = GAUNTLET_SIZES, presets: Sequence[str] = GAUNTLET_PRESETS,
                 hands: int = 2000, seed: int = 1, stack_bb: int = 100,
                 progress: Callable[[GauntletCell], None] | None = None,
                 structure: str | None = None) -> list[GauntletCell]:
    """Each exploiter in one seat against copies of a bot level in the others, duplicate deals.

    The copies have the styles of the page's opponent seats (:data:`stripdeck.bots.TABLE_STYLES`:
    heads-up the balanced one; five-handed all four), as a person meets them.

    The figure is what the exploiter wins (bb/100): a sound bot keeps its whole interval below zero.
    ``structure`` plays each preset in that betting structure (its blinds and stacks), a column named
    like ``online no-limit``.

    >>> [c.result.name for c in run_gauntlet(["normal"], ["nit"], sizes=[2], presets=["official"], hands=4)]
    ['nit']
    """
    cells = []
    for preset in presets:
        rules = Rules.preset(preset)
        label = preset
        if structure is not None and structure != rules.structure:
            rules, label = rules.with_options(structure=structure), f"{preset} {structure}"
        for size in sizes:
            for level in levels:
                for name in exploiters:
                    cell_seed = random.Random(f"{seed}/{label}/{size}/{level}/{name}").getrandbits(63)
                    players: list[str | Player] = [exploiter_for(name, seed=cell_seed)]
                    players += [bot_for(level, TABLE_STYLES[j % len(TABLE_STYLES)],
                                        seed=random.Random(f"{cell_seed}/bot/{j}").getrandbits(63))
                                for j in range(size - 1)]
                    result = run_arena(players, hands=hands, seed=cell_seed, rules=rules, stack_bb=stack_bb)[0]
                    cell = GauntletCell(level, name, size, label, result)
                    cells.append(cell)
                    if progress is not None:
                        progress(cell)
    return cells


def format_gauntlet(cells: Sequence[GauntletCell]) -> str:
    """The gauntlet as a text table: a row per bot level and exploiter, a column per preset and size.

    A cell is the exploiter's bb/100 and 95% interval; ``!`` marks an interval not wholly below zero
    (the exploiter is not shown to lose).
    """
    columns = sorted({(c.preset, c.size) for c in cells}, key=lambda ps: (GAUNTLET_PRESETS.index(ps[0])
                                                                          if ps[0] in GAUNTLET_PRESETS else 9, ps[1]))
    rows: dict[tuple[str, str], dict[tuple[str, int], ArenaResult]] = {}
    for c in cells:
        rows.setdefault((c.level, c.exploiter), {})[(c.preset, c.size)] = c.result
    width = 22
    # TRANSLATORS: the gauntlet table's headings: a bot level, an exploiter, and per column a preset (kept as
    # it is) and a table size ("online 2-handed").
    bot, exploiter = pgettext("gauntlet table", "bot"), pgettext("gauntlet table", "exploiter")
    titles = [pgettext("gauntlet table", "{preset} {n}-handed", preset=p, n=str(n)) for p, n in columns]
    widths = [max(width, len(title) + 2) for title in titles]  # a long column name ("online no-limit ...") fits
    head = f"{bot:<8} {exploiter:<16}" + "".join(f"{title:>{w}}" for title, w in zip(titles, widths))
    lines = [head]
    for (level, name), results in rows.items():
        line = f"{level:<8} {name:<16}"
        for col, w in zip(columns, widths):
            r = results.get(col)
            text = "" if r is None else \
                f"{_signed(r.bb_per_100, 0)} [{_signed(r.low, 0)},{_signed(r.high, 0)}]{'!' if r.high >= 0 else ' '}"
            line += f"{text:>{w}}"
        lines.append(line)
    hands = {c.result.hands for c in cells}
    # TRANSLATORS: under the gauntlet table; {hands} is how many hands each cell played ("2000", or
    # "1998/2000").
    lines.append(_("(what the exploiter wins, bb/100 with its 95% interval, over {hands} hands a cell; ! marks an "
                   "exploiter not shown to lose)", hands="/".join(map(str, sorted(hands)))))
    return "\n".join(lines)
