"""What the player to act may do: the single source of truth for legal actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .i18n import ngettext
from .pots import build_pots
from .rules import Rules
from .state import BET1, BET2, DRAW, HandState, Seat

__all__ = ["LegalActions", "legal_actions", "legal_text", "bet_size", "split_offer_open", "offer_open",
           "someone_else_can_bet"]


class LegalActions(NamedTuple):
    """The legal actions of the seat to act.

    ``kinds`` lists the action words allowed (``take up`` and ``take down`` at the choice of the
    fourth card, RULES.md s.5). Bet and raise amounts are totals for
    this betting round, from ``min_total`` to ``max_total``; ``call_amount`` is what a
    call adds; ``allin_total`` is the round total after going all in; ``draw_max`` is
    how many cards a draw may discard.
    """

    seat: int | None
    phase: str
    kinds: tuple[str, ...] = ()
    call_amount: int = 0
    min_total: int | None = None
    max_total: int | None = None
    allin_total: int | None = None
    draw_max: int = 0

    def allows(self, kind: str) -> bool:
        """True if the action word ``kind`` is legal now."""
        return kind in self.kinds

    def as_text(self) -> list[str]:
        """The legal actions in the action grammar: ``['fold', 'call 2', 'raise 4..7', 'allin']``."""
        out = []
        for kind in self.kinds:
            if kind == "call":
                out.append(f"call {self.call_amount}")
            elif kind in ("bet", "raise"):
                span = f"{self.min_total}" if self.min_total == self.max_total else \
                    f"{self.min_total}..{self.max_total}"
                out.append(f"{kind} {span}")
            elif kind == "draw":
                out.append(f"draw (0..{self.draw_max} cards)")
            else:
                out.append(kind)
        return out


def legal_text(legal: LegalActions) -> str:
    """The legal actions for a person to read and type, in the language in use: the action words
    and amounts as they are typed (never translated), the draw's limit in words.

    >>> legal_text(LegalActions(0, "draw", ("draw",), draw_max=4))
    'draw (0..4 cards)'
    """
    out = []
    for kind, text in zip(legal.kinds, legal.as_text()):
        if kind == "draw":
            # TRANSLATORS: 'draw' is the action word a player types, kept as it is; 0..{n} how many cards
            # may be exchanged.
            text = ngettext("draw (0..{n} card)", "draw (0..{n} cards)", legal.draw_max, n=str(legal.draw_max))
        out.append(text)
    return ", ".join(out)


NO_ACTIONS = LegalActions(None, "complete")


def bet_size(rules: Rules, phase: str) -> int:
    """The minimum bet in a round (the fixed bet size in fixed limit)."""
    if rules.structure == "fixed-limit":
        return rules.small_bet if phase == BET1 else rules.big_bet
    return rules.small_bet


def split_offer_open(state: HandState, seat: int) -> bool:
    """True if a split is still on offer for some pot that ``seat`` can win."""
    return offer_open(state.rules, state.phase, state.to_match, state.seats, seat)


def offer_open(rules: Rules, phase: str, to_match: int, seats: Sequence[Seat], seat: int) -> bool:
    """:func:`split_offer_open` from the parts of a state."""
    if not rules.split or phase != BET2 or to_match > 0:
        return False
    live = 0
    someone_all_in = False
    for s in seats:
        if s.split is False and (s.stack > 0 or s.folded):
            return False  # a player with chips checked, bet or folded: the offer is over
        if not s.folded:
            live += 1
            someone_all_in = someone_all_in or s.stack == 0
    if not someone_all_in:  # one pot, everyone in it
        return not seats[seat].folded and live > 1
    pots, _ = build_pots([s.total for s in seats], [s.folded for s in seats])
    return any(seat in pot.eligible and len(pot.eligible) > 1
               and all(seats[i].split is not False for i in pot.eligible) for pot in pots)


_last: tuple[HandState | None, LegalActions] = (None, NO_ACTIONS)
_CHOICE = ("take up", "take down")


def legal_actions(state: HandState) -> LegalActions:
    """The legal actions of the player whose turn it is (none when the hand is over)."""
    global _last
    if _last[0] is state:  # asked again for the same state (a player, then apply)
        return _last[1]
    legal = _legal_actions(state)
    _last = (state, legal)
    return legal


def _legal_actions(state: HandState) -> LegalActions:
    seat_index = state.to_act
    if seat_index is None:
        return NO_ACTIONS
    rules = state.rules
    seat = state.seats[seat_index]
    if state.phase == DRAW:
        if state.pending:  # the choice of the fourth card: the face-up or the face-down card
            choice: tuple[str, ...] = _CHOICE + ("timeout",) if rules.draw_timer is not None else _CHOICE
            return tuple.__new__(LegalActions, (seat_index, DRAW, choice, 0, None, None, None, 0))
        kinds = ("draw", "timeout") if rules.draw_timer is not None else ("draw",)
        return tuple.__new__(LegalActions, (seat_index, DRAW, kinds, 0, None, None, None, rules.draw_limit))
    timeout = ("timeout",) if rules.action_timer is not None else ()
    if seat.stack == 0:  # an all-in player answering the split offer
        return LegalActions(seat_index, state.phase, ("split", "check") + timeout)
    return _betting_actions(state, seat_index, seat, timeout)


def _betting_actions(state: HandState, index: int, seat: Seat, timeout: tuple[str, ...]) -> LegalActions:
    rules = state.rules
    to_call = min(state.to_match - seat.bet, seat.stack)
    kinds = ["fold", "check" if to_call == 0 else "call"]
    if state.phase == BET2 and to_call == 0 and split_offer_open(state, index):
        kinds.append("split")
    everything = seat.bet + seat.stack
    min_total = max_total = None
    allin = to_call == seat.stack  # going all in only calls
    if seat.stack > to_call and _may_increase(state, index, seat):
        fixed = rules.structure == "fixed-limit"
        size = bet_size(rules, state.phase)
        if state.to_match == 0:
            low = size
            high = low if fixed else (state.pot_total if rules.structure == "pot-limit" else everything)
        else:
            low = state.to_match + (size if fixed else state.min_raise)
            if fixed:
                high = low
            elif rules.structure == "pot-limit":
                high = state.to_match + state.pot_total + (state.to_match - seat.bet)
            else:
                high = everything
        high = max(high, low)  # the minimum bet or raise is allowed even above the pot limit
        if everything >= low:
            kinds.append("bet" if state.to_match == 0 else "raise")
            min_total, max_total = low, min(high, everything)
            allin = everything <= high
        else:
            allin = True  # short of a full bet or raise: only all in
    if allin:
        kinds.append("allin")
    return tuple.__new__(LegalActions, (index, state.phase, tuple(kinds) + timeout, to_call, min_total,
                                        max_total, everything, 0))  # LegalActions(...) without its wrapper


def _may_increase(state: HandState, index: int, seat: Seat) -> bool:
    """May this seat bet or raise: not capped, reopened, someone can call, no draw timeout."""
    if seat.no_raise:
        return False
    if seat.acted and state.to_match - seat.faced < state.min_raise:
        return False  # only an incomplete all-in raise since this seat acted
    if state.capped:
        return False  # the cap was reached while three or more could bet (heads-up there is none)
    return someone_else_can_bet(state.seats, index)  # someone can call


def someone_else_can_bet(seats: Sequence[Seat], index: int) -> bool:
    """True if a seat other than ``index`` is in the hand with chips behind."""
    for i, s in enumerate(seats):
        if s.stack and not s.folded and i != index:
            return True
    return False
