"""What a bot reads of each player across a session, from public events only.

A bot counts, from its own view of every finished hand (``Reads.observe``), each other player's
betting actions and how many were bets or raises, its folds when facing a bet (before and after
the draw apart), its draws and stand-pats, and of the hands it showed down after betting after
the draw, how many were weak. Each read (``aggression``, ``fold_rate``, ``pat_rate``,
``bluff_shown``) starts at an ordinary player's habits, worth twelve hands of evidence, so a few
hands move it little. The counts are plain JSON (``to_dict``), saved with a session, and read
back by the one validating parser ``from_dict``. :mod:`stripdeck.sound` plays on them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .evaluator import strength_table
from .i18n import _
from .odds import opponent_model
from .state import BET1, BET2
from .view import PlayerView

__all__ = ["Reads", "ReadsError"]

_AGGRESSIVE = ("bet", "raise", "allin")
_BETTING = ("check", "call", "fold", "bet", "raise", "allin")

# The prior of an ordinary player (pseudo-observations of this weight pull each read toward it).
_PRIOR_WEIGHT = 12.0
_PRIOR_AGGRESSION = 0.30    # bets and raises among betting actions
_PRIOR_FOLD = 0.35          # folds when facing a bet
_PRIOR_BLUFF_SHOWN = 0.25   # weak hands among those shown down after betting after the draw
_WEAK = 0.5                 # a shown hand below half of final hands counts as a bluff


class ReadsError(ValueError):
    """Saved reads that are not reads: the message names what is wrong."""


class _Counts:
    __slots__ = ("actions", "aggressive", "faced", "folded", "faced_after", "folded_after", "draws", "pats",
                 "shown_after_bet", "weak_shown")

    def __init__(self) -> None:
        self.actions = self.aggressive = self.faced = self.folded = self.faced_after = self.folded_after = 0
        self.draws = self.pats = self.shown_after_bet = self.weak_shown = 0

    def to_list(self) -> list[int]:
        return [getattr(self, k) for k in self.__slots__]


class Reads:
    """What a bot has counted of each opponent (by a stable id) from the public events of finished hands."""

    FIELDS = _Counts.__slots__

    def __init__(self) -> None:
        self._by_id: dict[str, _Counts] = {}

    def counts(self, who: str) -> _Counts:
        found = self._by_id.get(who)
        if found is None:
            found = self._by_id[who] = _Counts()
        return found

    def seen(self, who: str) -> _Counts:
        """What has been counted of ``who`` (zero counts if nothing; nothing is stored by asking)."""
        return self._by_id.get(who) or _Counts()

    # the reads, each a number between its bounds
    def aggression(self, who: str) -> float:
        c = self._by_id.get(who)
        n, k = (c.actions, c.aggressive) if c else (0, 0)
        return (k + _PRIOR_AGGRESSION * _PRIOR_WEIGHT) / (n + _PRIOR_WEIGHT)

    def fold_rate(self, who: str, after_draw: bool | None = None) -> float:
        """How often ``who`` folds facing a bet: in all, or before or after the draw."""
        c = self._by_id.get(who)
        if c is None:
            n = k = 0
        elif after_draw is None:
            n, k = c.faced, c.folded
        elif after_draw:
            n, k = c.faced_after, c.folded_after
        else:
            n, k = c.faced - c.faced_after, c.folded - c.folded_after
        return (k + _PRIOR_FOLD * _PRIOR_WEIGHT) / (n + _PRIOR_WEIGHT)

    def pat_rate(self, who: str, prior: float) -> float:
        c = self._by_id.get(who)
        n, k = (c.draws, c.pats) if c else (0, 0)
        return (k + prior * _PRIOR_WEIGHT) / (n + _PRIOR_WEIGHT)

    def bluff_shown(self, who: str) -> float:
        c = self._by_id.get(who)
        n, k = (c.shown_after_bet, c.weak_shown) if c else (0, 0)
        return (k + _PRIOR_BLUFF_SHOWN * 4) / (n + 4)

    def observe(self, view: PlayerView, ids: Mapping[int, str]) -> None:
        """Count the public events of a finished hand seen from ``view`` (its viewer's own seat is skipped)."""
        me = view.viewer
        rules = view.rules
        phase = BET1
        bet_after_draw: set[int] = set()
        round_bet, round_top = False, 0
        for event in view.log:
            kind, seat = event.kind, event.seat
            if kind == "round" and event.info:
                phase = event.info
                round_bet, round_top = False, 0
                continue
            if kind in ("small_blind", "big_blind"):
                round_top = max(round_top, event.amount or 0)
            if seat is None or seat == me or seat not in ids:
                if kind in _AGGRESSIVE and phase in (BET1, BET2):
                    round_bet, round_top = True, max(round_top, event.amount or 0)
                continue
            c = self.counts(ids[seat])
            if kind in _BETTING and phase in (BET1, BET2):
                c.actions += 1
                if round_bet:
                    c.faced += 1
                    c.folded += kind == "fold"
                    if phase == BET2:
                        c.faced_after += 1
                        c.folded_after += kind == "fold"
                if kind in _AGGRESSIVE and (event.amount or 0) > round_top:
                    c.aggressive += 1
                    round_bet = True
                    if phase == BET2:
                        bet_after_draw.add(seat)
                round_top = max(round_top, event.amount or 0)
            elif kind == "discard":
                c.draws += 1
                c.pats += (event.amount or 0) == 0
            elif kind == "show" and seat in bet_after_draw and event.cards:
                c.shown_after_bet += 1
                level = strength_table(rules)[sum(event.cards)] >> 4
                c.weak_shown += opponent_model(rules).below(level, None) < _WEAK

    def to_dict(self) -> dict[str, list[int]]:
        """JSON-ready form (saved with a session); :meth:`from_dict` reads it back."""
        return {who: c.to_list() for who, c in self._by_id.items()}

    @classmethod
    def from_dict(cls, data: Any) -> Reads:
        """Reads from :meth:`to_dict`'s form, refused with a clear error when it is not that form."""
        if not isinstance(data, dict):
            # TRANSLATORS: {kind} is a JSON value's Python type name ("list").
            raise ReadsError(_("reads must be an object of opponents, not {kind}", kind=type(data).__name__))
        reads = cls()
        for who, values in data.items():
            if not isinstance(who, str) or not who or len(who) > 64:
                raise ReadsError(_("an opponent's id must be a short text, not {value}", value=repr(who)[:80]))
            if not isinstance(values, list) or len(values) != len(cls.FIELDS) or \
                    not all(type(v) is int and 0 <= v < 10**9 for v in values):
                # TRANSLATORS: {fields} are the counts' names as code ("actions, aggressive, ...").
                raise ReadsError(_("the reads of {player} must be {n} counts ({fields}), not {value}", player=repr(who),
                                   n=len(cls.FIELDS), fields=", ".join(cls.FIELDS), value=repr(values)[:80]))
            c = reads.counts(who)
            for name, v in zip(cls.FIELDS, values):
                setattr(c, name, v)
            if c.aggressive > c.actions or c.folded > c.faced or c.pats > c.draws or \
                    c.weak_shown > c.shown_after_bet or c.faced_after > c.faced or c.folded_after > c.folded or \
                    c.folded_after > c.faced_after or c.folded - c.folded_after > c.faced - c.faced_after:
                raise ReadsError(_("the reads of {player} count more of a kind than in all: {value}", player=repr(who),
                                   value=repr(values)[:80]))
        return reads
