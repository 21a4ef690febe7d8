"""Player actions and engine events: frozen records, with the one text grammar for actions."""

from __future__ import annotations

from functools import partial
from typing import Any, NamedTuple

from .cards import JOKER, Card, CardError, format_cards, parse_cards
from .i18n import _
from .inputs import MAX_WHOLE, InputError, shown, whole_number

__all__ = ["Action", "Event", "ActionError", "parse_action", "check_action", "ACTION_KINDS", "EVENT_KINDS"]

ACTION_KINDS = ("fold", "check", "call", "bet", "raise", "allin", "draw", "split", "timeout", "take up",
                "take down")
"""The action words; ``take up`` and ``take down`` (two words each) choose the fourth card (RULES.md s.5)."""
EVENT_KINDS = ("start", "ante", "small_blind", "big_blind", "deal", "round", "fold", "check", "call", "bet",
               "raise", "allin", "timeout", "split", "decline", "discard", "receive", "reshuffle", "return",
               "show", "muck", "divide", "win", "end", "face_up", "take_up", "take_down")
"""Every kind of event a hand's log can hold (see :class:`Event`)."""


class ActionError(ValueError):
    """Action text that does not follow the grammar."""


class Action(NamedTuple):
    """One player action: ``kind`` with an ``amount`` (bet/raise totals) or ``cards`` (draw).

    >>> parse_action("raise 12")
    Action(kind='raise', amount=12, cards=())
    >>> str(parse_action("draw ah 10d"))
    'draw Ah Td'
    """

    kind: str
    amount: int | None = None
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if self.kind == "draw":
            return f"draw {format_cards(self.cards)}" if self.cards else "draw"
        if self.amount is not None:
            return f"{self.kind} {self.amount}"
        return self.kind


_ALIASES = {"all-in": "allin", "all_in": "allin", "stand": "draw", "pat": "draw", "standpat": "draw",
            "discard": "draw"}
_CACHES: tuple[dict[str, Action], dict[str, Action]] = ({}, {})  # parsed text, without and with the joker


def parse_action(text: str | Action, *, joker: bool = False) -> Action:
    """An Action from text: ``fold``, ``check``, ``call``, ``bet N``, ``raise N`` (to a total of N),
    ``allin``, ``draw`` (stand pat), ``draw Ah Kd`` (discard these), ``split``, ``timeout``,
    ``take up`` / ``take down`` (the face-up or the face-down card, at the choice of the fourth card).
    ``bet`` and ``raise`` without an amount mean the smallest legal size; ``call N`` names
    the amount to call (as ``LegalActions.as_text()`` shows it), which the engine checks.
    An Action object is checked exactly as its text would be (see :func:`check_action`).
    """
    cache = _CACHES[joker]
    if type(text) is str:
        cached = cache.get(text)
        if cached is not None:
            return cached
    if isinstance(text, Action):
        return check_action(text, joker=joker)
    if not isinstance(text, str):
        # TRANSLATORS: in messages about actions, the action words (call, raise, fold, check, bet, allin, draw,
        # split, timeout) and "N" are what a player types: keep them as they are.
        raise ActionError(_("an action is text like 'call' or 'raise 12', got {kind}", kind=type(text).__name__))
    words = text.strip().split(None, 1)
    if not words:
        raise ActionError(_("empty action: say fold, check, call, bet N, raise N, allin, draw, split or timeout"))
    kind = words[0].lower()
    kind = _ALIASES.get(kind, kind)
    rest = words[1].strip() if len(words) > 1 else ""
    if kind == "take":
        side = rest.lower()
        if side not in ("up", "down"):
            # TRANSLATORS: 'take up' and 'take down' are what a player types at the choice of the fourth card
            # (the face-up or the face-down card): keep them as they are.
            raise ActionError(_("take: say 'take up' (the face-up card) or 'take down' (the face-down card), "
                                "got {value}", value=shown(rest)))
        kind, rest = f"take {side}", ""
    if kind not in ACTION_KINDS:
        raise ActionError(_("unknown action {word}: say fold, check, call, bet N, raise N, allin, draw [cards], "
                            "split or timeout", word=shown(words[0])))
    action: Action
    if kind == "draw":
        try:
            action = Action("draw", None, parse_cards(rest, joker=joker) if rest else ())
        except CardError as err:
            raise ActionError(_("draw: {problem}", problem=str(err))) from None
    elif kind in _WITH_AMOUNT:
        action = Action(kind, _chips(kind, rest) if rest else None)
    else:
        if rest:
            raise ActionError(_("'{action}' takes nothing after it, got {value}", action=kind, value=shown(rest)))
        action = Action(kind)
    if len(cache) < 4096 and len(text) <= 64:
        cache[text] = action
    return action


_WITH_AMOUNT = frozenset({"bet", "raise", "call"})


def _chips(kind: str, amount: object) -> int:
    try:
        return whole_number(amount, "chips")
    except InputError:
        raise ActionError(_("{action} needs a whole number of chips, got {value}", action=kind,
                            value=shown(amount))) from None


def check_action(action: Action, *, joker: bool = False) -> Action:
    """An Action object built directly, checked like text: a known kind, an amount only for
    ``bet``/``raise``/``call`` and a whole number of chips, cards only for ``draw``, each a
    card of the deck once. Returns it (with its cards as a tuple); raises ActionError.

    >>> check_action(Action("raise", 12))
    Action(kind='raise', amount=12, cards=())
    >>> check_action(Action("raise", 4.5))
    Traceback (most recent call last):
    ...
    stripdeck.actions.ActionError: raise needs a whole number of chips (an int), got 4.5 (float)
    """
    kind, amount, cards = action
    if type(kind) is not str or kind not in ACTION_KINDS:
        raise ActionError(_("unknown action kind {kind}: use one of {kinds}", kind=shown(kind),
                            kinds=", ".join(ACTION_KINDS)))
    if amount is not None:
        if kind not in _WITH_AMOUNT:
            raise ActionError(_("'{action}' takes no amount, got {value}", action=kind, value=shown(amount)))
        if type(amount) is not int or not 0 <= amount <= MAX_WHOLE:
            raise ActionError(_("{action} needs a whole number of chips (an int), got {value} ({kind})", action=kind,
                                value=shown(amount), kind=type(amount).__name__))
    if kind == "draw":
        if type(cards) is tuple and all(type(c) is Card for c in cards) and len(set(cards)) == len(cards) \
                and (joker or JOKER not in cards):
            return action
        try:  # text or a list of cards: parsed (and refused) as the text of a draw would be
            return Action(kind, None, parse_cards(cards if isinstance(cards, (tuple, list)) else [cards],
                                                  joker=joker))
        except CardError as err:
            raise ActionError(_("draw: {problem}", problem=str(err))) from None
    if cards != ():
        raise ActionError(_("'{action}' takes no cards, got {value}", action=kind, value=shown(cards)))
    return action


class Event(NamedTuple):
    """One step of a hand, as the log records it. Which fields are set depends on ``kind``.

    Kinds: ``start`` (button), ``ante``/``small_blind``/``big_blind`` (seat, amount),
    ``deal`` (seat, cards), ``fold``, ``check``, ``call``/``bet``/``raise``/``allin`` (seat, amount:
    the seat's total bet this round), ``timeout`` (seat), ``split`` and ``decline`` (seat),
    ``round`` (info: the phase that begins), ``discard`` (seat, amount: how many, cards),
    ``receive`` (seat, cards), ``reshuffle`` (amount: cards in the new stub), ``return``
    (seat, amount: an uncalled bet), ``show`` (seat, cards, info: the hand's name), ``muck``
    (seat), ``divide`` (pot, amount: the pot, info: who shared it), ``win`` (seat, amount, pot,
    info), ``end``. The choice of the fourth card (RULES.md s.5): ``face_up`` (seat, cards: the
    face-up card, public; a face-down card was dealt beside it, never named), then ``take_up`` (seat,
    cards: the face-up card; the face-down one is discarded unseen) or ``take_down`` (seat, cards: the
    face-down card, seen by that seat only; the face-up card is discarded).
    """

    kind: str
    seat: int | None = None
    amount: int | None = None
    cards: tuple[Card, ...] = ()
    pot: int | None = None
    info: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (cards as canonical text), without empty fields."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.amount is not None:
            out["amount"] = self.amount
        if self.cards:
            out["cards"] = format_cards(self.cards)
        if self.pot is not None:
            out["pot"] = self.pot
        if self.info is not None:
            out["info"] = self.info
        return out


event_of = partial(tuple.__new__, Event)
"""``event_of((kind, seat, amount, cards, pot, info))``: an Event from all six fields in order.

The engine's constructor for the events of every hand: three times faster than
``Event(kind, ...)``, which fills in defaults and keywords in Python.
"""
