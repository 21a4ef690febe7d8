"""What happens next at the table, and when: the page's one owner of time (STYLE rule 11).

Pure Python (tested on CPython). Given the facts of the current state, :func:`next_step`
says which automatic step is due next and at what clock time, the way ``legal_actions``
says what a player may do. The page keeps one timer for that one step. Clicks, reloads,
settings and finished table-building only *poke* it: the step is decided again from the
state, so poking twice is harmless, and a step decided for a state that has moved on is
dropped when it fires (its ``token`` no longer matches).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

# Seconds. Bots pause like people do; "fast" is for impatient players (and quick tests).
BOT_PAUSE = (0.4, 0.9)
FAST_BOT_PAUSE = 0.02
DEAL_DELAY = 3.0           # the finished hand stays on the table this long, after its reveal
FAST_DEAL_DELAY = 0.4
SEEN_AT_LEAST = 2.0        # ... and at least this long on this page (after a reload, say)
REVEAL_STEP = 0.7          # one showing seat turns its cards over every REVEAL_STEP (style.css)
REVEAL_TURN = 0.35         # ... in this long (style.css, the reveal animation)
WARN_BEFORE = 5.0          # the player to act hears "5 seconds left"
TICK = 1.0                 # the countdown on screen moves once a second

Token = tuple[int, int, int]  # (table generation, hand number, log length): one state


@dataclass(frozen=True)
class Facts:
    """What the scheduler needs to know about the table now (the controller supplies it)."""

    token: Token
    started: float              # clock time at which this state began (kept across reloads)
    shown: float                # clock time at which this page first showed this state
    ready: bool                 # the evaluator's and bots' tables are built
    queued: bool                # a human action waits for those tables
    bot_to_act: bool
    human_to_act: bool
    timer: float | None         # seconds the human has for this turn (None: no clock)
    warned: bool                # the "5 seconds left" warning was given for this turn
    hand_over: bool
    game_over: bool
    auto_deal: bool
    fast_bots: bool
    revealed: int = 0           # seats that turned their cards over at the showdown
    seed: int = 0               # makes each turn's bot pause differ, yet stay the same on every poke
    remote_to_act: bool = False  # a host waits for a guest's page to act
    absent: bool = False        # ... and that guest is not connected: they time out at once
    bank: float = 0.0           # seconds of time bank the person or guest to act may still use
    announced: bool = True      # the finished hand's result is on screen (after the reveal)


@dataclass(frozen=True)
class Step:
    """An automatic step: ``kind`` is due at clock time ``at`` for the state ``token``.

    Kinds: ``apply`` (the human's queued action, once the tables are ready), ``bot`` (the
    bot to act chooses and acts), ``timeout`` (the clock of the person or guest to act ran
    out, or the guest is away), ``warn`` (five seconds left), ``tick`` (move the countdown on
    screen), ``announce`` (the showdown's cards have turned over: the winner may be named),
    ``deal`` (the automatic deal).
    """

    kind: str
    at: float
    token: Token


def bot_pause(facts: Facts) -> float:
    """This turn's thinking pause: random-looking, but the same for every poke of one turn.

    >>> f = Facts((0, 1, 9), 0.0, 0.0, True, False, True, False, None, False, False, False, True, False)
    >>> bot_pause(f) == bot_pause(f) and BOT_PAUSE[0] <= bot_pause(f) <= BOT_PAUSE[1]
    True
    """
    if facts.fast_bots:
        return FAST_BOT_PAUSE
    return random.Random(f"{facts.seed}/{facts.token}").uniform(*BOT_PAUSE)


def deal_delay(facts: Facts) -> float:
    """How long a finished hand stays before the next one deals itself: the reveal, then a pause.

    >>> f = Facts((0, 1, 9), 0.0, 0.0, True, False, False, False, None, False, True, False, True, False,
    ...           revealed=3)
    >>> round(deal_delay(f), 2)
    4.4
    """
    if facts.fast_bots:  # after the reveal (the result is named then), a short pause
        return reveal_time(facts.revealed) + FAST_DEAL_DELAY
    return DEAL_DELAY + REVEAL_STEP * max(0, facts.revealed - 1)


def reveal_time(revealed: int) -> float:
    """Seconds from the end of a hand until its showdown's last cards have turned over.

    >>> reveal_time(0), reveal_time(1), round(reveal_time(3), 2)
    (0.0, 0.35, 1.75)
    """
    return REVEAL_STEP * (revealed - 1) + REVEAL_TURN if revealed > 0 else 0.0


def next_step(facts: Facts, now: float) -> Step | None:
    """The next automatic step for this state, or None when the table waits for a person.

    >>> f = Facts((0, 2, 14), 100.0, 100.0, ready=True, queued=False, bot_to_act=False, human_to_act=True,
    ...           timer=30.0, warned=False, hand_over=False, game_over=False, auto_deal=True,
    ...           fast_bots=False)
    >>> next_step(f, 101.2)
    Step(kind='tick', at=102.0, token=(0, 2, 14))
    >>> next_step(f, 125.5).kind, next_step(f, 130.0).kind
    ('warn', 'timeout')
    """
    token = facts.token
    if facts.queued:
        # The human acted before the tables were ready: their action goes first, once they are.
        return Step("apply", now, token) if facts.ready else None
    if facts.bot_to_act:
        if not facts.ready:
            return None  # building the tables pokes the scheduler when it is done
        return Step("bot", max(now, facts.started + bot_pause(facts)), token)
    if facts.remote_to_act and facts.absent:
        return Step("timeout", now, token)  # an absent guest checks, folds or stands pat
    if facts.human_to_act or facts.remote_to_act:
        if facts.timer is None:
            return None
        end = facts.started + facts.timer + facts.bank  # the time bank follows the turn's clock
        if now >= end:
            return Step("timeout", now, token)
        warn_at = end - WARN_BEFORE
        warns = facts.human_to_act and not facts.warned and facts.timer + facts.bank > WARN_BEFORE
        if warns and now >= warn_at:
            return Step("warn", now, token)
        candidates = [end, facts.started + TICK * (int((now - facts.started) / TICK) + 1)]
        if warns:
            candidates.append(warn_at)
        at = min(candidates)
        kind = "timeout" if at == end else "warn" if warns and at == warn_at else "tick"
        return Step(kind, at, token)
    if facts.hand_over and not facts.announced:
        # The result is named once the cards are seen: the reveal is a CSS animation of this length.
        return Step("announce", max(now, facts.started + reveal_time(facts.revealed)), token)
    if facts.hand_over and facts.auto_deal and not facts.game_over:
        # A reload shows the finished hand again for a while, even if its time was up meanwhile.
        seen = FAST_DEAL_DELAY if facts.fast_bots else SEEN_AT_LEAST
        return Step("deal", max(now, facts.started + deal_delay(facts), facts.shown + seen), token)
    return None
