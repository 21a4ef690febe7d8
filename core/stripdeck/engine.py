"""The hand engine: ``start_hand()``, ``legal_actions()``, ``apply(state, action) -> (state, events)``.

Every transition is pure: ``apply`` reads a frozen :class:`HandState` and returns a new
one with the events it caused (also appended to ``state.log``). Dealer steps (forced
bets, dealing, reshuffles, the fifth card, showdown, awarding pots) happen inside it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .actions import Action, ActionError, Event, parse_action
from .cards import Card, CardError, full_deck, parse_cards
from .i18n import _, ngettext, pgettext
from .inputs import MAX_CHIPS, InputError, shown, whole_number
from .legal import LegalActions, legal_actions, legal_text
from .rules import Rules
from .state import BET1, MAX_SEATS, HandState
from .transition import Transition, shuffled

__all__ = ["start_hand", "apply", "legal_actions", "IllegalAction", "HandSetupError"]



class IllegalAction(ValueError):
    """An action that is not legal now. ``code`` is stable; the message is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class HandSetupError(ValueError):
    """Bad arguments to start a hand; ``key`` names the argument (stacks, button, deck, seed)."""

    def __init__(self, key: str, message: str) -> None:
        # TRANSLATORS: {key} is the argument of a hand that is wrong (stacks, button, deck, seed, show: a
        # scenario's key, kept as it is), {problem} what is wrong with it.
        super().__init__(_("{key}: {problem}", key=key, problem=message))
        self.key = key


def start_hand(rules: Rules | None, stacks: Sequence[int], button: int, *,
               deck: Any = None, seed: int | None = None, show: Any = ()) -> HandState:
    """Post the forced bets and deal a new hand.

    ``deck`` is the deal order (top card first, cards dealt one at a time from the
    button's left, the draw taking from the top); unlisted cards follow in seeded
    random order. Without a ``seed`` one is drawn from the system's randomness (:func:`new_seed`).
    ``show``: seats whose players chose to show their hand at the showdown even when it cannot
    win (RULES.md s.7: a player who cannot win *may* muck; the others who cannot win do).

    >>> s = start_hand(Rules(), [100, 100, 100], button=0, seed=1)
    >>> s.to_act, s.to_match, [seat.bet for seat in s.seats]
    (0, 2, [0, 1, 2])
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise HandSetupError("rules", _("must be a Rules, got {kind}", kind=type(rules).__name__))
    stacks = _check_stacks(stacks)
    if type(button) is not int or not 0 <= button < len(stacks):
        raise HandSetupError("button", _("must be a seat number from 0 to {last}, got {value}", last=len(stacks) - 1,
                                         value=shown(button)))
    if seed is None:
        seed = new_seed()
    else:
        try:
            seed = whole_number(seed, "", text=False)
        except InputError as err:
            raise HandSetupError("seed", str(err)) from None
    if (not isinstance(show, (list, tuple)) or len(show) > len(stacks)
            or any(type(s) is not int or not 0 <= s < len(stacks) for s in show) or len(set(show)) != len(show)):
        raise HandSetupError("show", _("must be a list of different seat numbers from 0 to {last}, got {value}",
                                       last=len(stacks) - 1, value=shown(show)))
    order = _deck_order(rules, deck, seed)
    txn = Transition.new(rules, seed, button, stacks, order, tuple(sorted(show)))
    txn.post_forced_bets()
    txn.deal()
    txn.start_round(BET1)
    if txn.to_act is None:  # everyone is all in from the forced bets
        txn.advance()
    return txn.commit()


def new_seed() -> int:
    """A seed for a hand from the system's randomness (``os.urandom``), 63 bits."""
    return _SYSTEM_RANDOM.getrandbits(63)


_SYSTEM_RANDOM = random.SystemRandom()


def _check_stacks(stacks: Sequence[int]) -> list[int]:
    if isinstance(stacks, (str, bytes)) or not hasattr(stacks, "__len__"):
        raise HandSetupError("stacks", _("must be a list of chip counts, got {value}", value=shown(stacks)))
    if not 2 <= len(stacks) <= MAX_SEATS:
        raise HandSetupError("stacks", ngettext("a hand needs 2 to {most} players, got {n} stack",
                                                "a hand needs 2 to {most} players, got {n} stacks", len(stacks),
                                                most=MAX_SEATS))
    checked = list(stacks)
    if not all(type(chips) is int and 0 < chips <= MAX_CHIPS for chips in checked):
        checked = [_stack(i, chips) for i, chips in enumerate(checked)]  # the first bad one raises
    if sum(checked) > MAX_CHIPS:
        raise HandSetupError("stacks", _("the stacks add up to {chips} chips; at most {most} are allowed at one "
                                         "table", chips=sum(checked), most=MAX_CHIPS))
    return checked


def _stack(seat: int, chips: object) -> int:
    try:
        # TRANSLATORS: what must be a whole number, in "{name} must be a whole number from 1 to ...".
        return whole_number(chips, pgettext("what must be a number", "the stack of seat {seat}", seat=seat), 1,
                            MAX_CHIPS, text=False)
    except InputError as err:
        raise HandSetupError("stacks", str(err)) from None


def _deck_order(rules: Rules, deck: Any, seed: int) -> list[Card]:
    rng = random.Random(seed)
    cards = list(full_deck(rules.joker))
    if deck is None:
        return shuffled(cards, rng)
    try:
        listed = list(parse_cards(deck, joker=rules.joker))
    except CardError as err:
        raise HandSetupError("deck", str(err)) from None
    rest = [c for c in cards if c not in set(listed)]
    return listed + shuffled(rest, rng)


def apply(state: HandState, action: str | Action, seat: int | None = None) -> tuple[HandState, tuple[Event, ...]]:
    """The state after the player to act takes ``action``, and the events it caused.

    Raises :class:`IllegalAction` (the state is unchanged: states are immutable) when the
    action is not legal now; ``seat``, if given, must be the seat whose turn it is.
    """
    if state.to_act is None:
        raise IllegalAction("hand-over", _("the hand is over: no one can act"))
    if seat is not None and seat != state.to_act:
        raise IllegalAction("out-of-turn", _("it is seat {turn}'s turn, not seat {seat}'s", turn=state.to_act,
                                             seat=seat))
    try:
        act = parse_action(action, joker=state.rules.joker)
    except ActionError as err:
        raise IllegalAction("bad-action", str(err)) from None
    legal = legal_actions(state)
    kind = act.kind
    if kind not in legal.kinds or act.amount is not None or act.cards:
        _check(state, legal, act)
    if act.amount is None:
        if kind in _SIZED:  # the smallest legal bet or raise
            act = Action(kind, legal.min_total)
    elif kind == "call":  # 'call N' named the amount to call: recorded as 'call'
        act = _CALL
    txn = Transition(state)
    txn.actions = state.actions + ((kind if act.amount is None and not act.cards else str(act)),)
    txn.act(legal, act)
    txn.advance()
    new_state = txn.commit()
    return new_state, tuple(txn.events)


_SIZED = frozenset({"bet", "raise"})
_CALL = Action("call")


def _check(state: HandState, legal: LegalActions, act: Action) -> None:
    kind = act.kind
    if kind not in legal.kinds:
        # TRANSLATORS: {action} is an action word (fold, check, call, bet, raise, allin, draw, split, timeout),
        # kept as it is; {legal} lists what is allowed, in the same words ("fold, call 2, raise 4..7").
        raise IllegalAction("not-allowed", _("seat {seat} cannot {action} now; legal: {legal}", seat=legal.seat,
                                             action=kind, legal=legal_text(legal)))
    if kind in ("bet", "raise") and act.amount is not None:
        assert legal.min_total is not None and legal.max_total is not None
        if not legal.min_total <= act.amount <= legal.max_total:
            if legal.min_total == legal.max_total:
                # TRANSLATORS: {action} is "bet" or "raise", the word a player types, kept as it is.
                # The amounts are written as a player types them (never grouped: "raise 1200").
                raise IllegalAction("amount", _("{action} {amount} is not allowed: {action} exactly {least}",
                                                action=kind, amount=str(act.amount), least=str(legal.min_total)))
            raise IllegalAction("amount", _("{action} {amount} is not allowed: {action} from {least} to {most}",
                                            action=kind, amount=str(act.amount), least=str(legal.min_total),
                                            most=str(legal.max_total)))
    if kind == "call" and act.amount is not None and act.amount != legal.call_amount:
        # TRANSLATORS: 'call' is the word a player types, kept as it is.
        raise IllegalAction("amount", _("call {amount} is not allowed: the amount to call is {due} (say 'call' or "
                                        "'call {due}')", amount=str(act.amount), due=str(legal.call_amount)))
    if kind == "draw":
        hand = state.seats[legal.seat or 0].hand
        missing = [str(c) for c in act.cards if c not in hand]
        if missing:
            raise IllegalAction("cards", _("seat {seat} does not hold {cards}", seat=legal.seat,
                                           cards=" ".join(missing)))
        if len(act.cards) > legal.draw_max:
            raise IllegalAction("cards", ngettext("at most {n} card may be drawn, not {drawn}",
                                                  "at most {n} cards may be drawn, not {drawn}", legal.draw_max,
                                                  drawn=len(act.cards)))
