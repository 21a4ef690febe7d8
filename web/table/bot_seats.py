"""The bots at a table in the page: the engine's bot for each opponent seat, made at its first
turn, and what each has read of the players across hands (from its own view: public events only).

Pure Python (tested on CPython). :class:`controller.Controller` holds one :class:`BotSeats`: it
asks it for the action of the bot to act, lets the bots of a finished hand observe it, and saves
their reads with the session (``reads``, ``reads_changed``).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from stripdeck import PlayerView
from stripdeck.bots import TABLE_STYLES
from stripdeck.reads import Reads
from stripdeck.sound import SoundBot

# Each opponent seat has its own character (the engine's bot styles, as the arena's gauntlet seats them).
SEAT_STYLES = dict(enumerate(TABLE_STYLES, start=1))


def make_bot(level: str, table_seat: int, seed: int | None,
             reads: Mapping[str, Any] | None = None) -> SoundBot:
    """The engine's bot for an opponent seat, with what it had read of the players (saved with
    the session); decisions come from the bot's own view only."""
    bot_seed = None if seed is None else seed * 10 + table_seat
    bot = SoundBot(level, SEAT_STYLES.get(table_seat, "balanced"), seed=bot_seed)
    if reads:
        bot.reads = Reads.from_dict(reads)
    return bot


class BotSeats:
    """The bots of one table, by table seat, and their reads of the players.

    >>> from stripdeck import Rules, Session
    >>> session = Session.new(Rules(), [("Ann", 100), ("Bo", 100)], seed=3).next_hand()
    >>> bots = BotSeats(seed=3)
    >>> seat = session.to_act_table_seat
    >>> action = bots.decide(seat, session.view(seat), "normal", session.hand_seats)
    >>> action.split()[0] in session.view(seat).legal.kinds
    True
    >>> len(bots.ms), sorted(bots.bots) == [seat]
    (1, True)
    """

    def __init__(self, seed: int | None = None, reads: Mapping[int, Mapping[str, Any]] | None = None) -> None:
        self.seed = seed
        self.bots: dict[int, SoundBot] = {}
        # What each bot has read of the players (table seat -> Reads.to_dict()), saved when it changes.
        self.reads: dict[int, Mapping[str, Any]] = dict(reads or {})
        self.reads_changed = 0
        self.ms: list[float] = []  # the last 200 decisions' times (the page reports them to the benchmark)

    def bot(self, seat: int, level: str, hand_seats: Sequence[int]) -> SoundBot:
        """The bot at table seat ``seat``, told who sits where in this hand (by table seat, so
        reads follow a player)."""
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = make_bot(level, seat, self.seed, self.reads.get(seat))
        bot.seated([f"seat {t}" for t in hand_seats])
        return bot

    def decide(self, seat: int, view: PlayerView, level: str, hand_seats: Sequence[int]) -> str:
        """The action the bot at ``seat`` chooses from its own view (timed in ``ms``)."""
        bot = self.bot(seat, level, hand_seats)
        start = time.perf_counter()
        action = bot.decide(view)
        self.ms = [*self.ms[-199:], (time.perf_counter() - start) * 1000]
        return action

    def observe(self, views: Mapping[int, PlayerView], level: str, hand_seats: Sequence[int]) -> None:
        """Each bot of a finished hand counts what it saw of it (``views``: table seat -> its own view)."""
        for seat, view in views.items():
            bot = self.bot(seat, level, hand_seats)
            bot.observe(view)
            self.reads[seat] = bot.reads.to_dict()
        self.reads_changed += 1

    def reset(self) -> None:
        """A new table: new bots, who read the players afresh."""
        self.bots = {}
        self.reads = {}
        self.reads_changed += 1
