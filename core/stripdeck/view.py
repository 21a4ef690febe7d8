"""What one seat may see of a hand: the only door from engine state to players, bots and UI."""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import EVENT_KINDS, Event
from .cards import Card, CardError, format_cards, parse_cards
from .i18n import _, ngettext
from .legal import LegalActions, legal_actions, split_offer_open
from .pots import Pot, build_pots
from .rules import Rules, RulesError
from .state import MAX_SEATS, PHASES, HandState


class ViewError(ValueError):
    """View data that is not a view: the message names the field and what is wrong."""

__all__ = ["PlayerView", "SeatView", "player_view", "ViewError"]

_PRIVATE = {"deal", "receive", "discard", "take_down"}  # their cards are the seat's own: hidden from the others


class SeatView(NamedTuple):
    """One seat as the viewer sees it. ``hand`` is None where the cards are hidden."""

    seat: int
    stack: int
    bet: int
    total: int
    folded: bool
    all_in: bool
    card_count: int
    drawn: int | None
    hand: tuple[Card, ...] | None
    may_not_raise: bool
    split: bool | None


class PlayerView(NamedTuple):
    """A hand seen from one seat (``viewer`` None: a spectator who sees no hidden card)."""

    viewer: int | None
    rules: Rules
    button: int
    phase: str
    to_act: int | None
    seats: tuple[SeatView, ...]
    pots: tuple[Pot, ...]
    to_match: int
    stub_size: int
    legal: LegalActions | None
    split_on_offer: bool
    log: tuple[Event, ...]

    @property
    def my_hand(self) -> tuple[Card, ...]:
        """The viewer's own cards (empty for a spectator or after folding)."""
        if self.viewer is None:
            return ()
        return self.seats[self.viewer].hand or ()

    @property
    def choice(self) -> tuple[int, Card] | None:
        """(seat, face-up card) while that seat chooses its fourth card (RULES.md s.5), else None.
        The face-down card beside it is in no view.
        """
        for event in reversed(self.log):
            if event.kind in ("take_up", "take_down", "round"):
                return None
            if event.kind == "face_up" and event.seat is not None and event.cards:
                return event.seat, event.cards[0]
        return None

    @property
    def is_my_turn(self) -> bool:
        """True when the viewer is the seat to act."""
        return self.viewer is not None and self.viewer == self.to_act

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form of the view (what a host sends a guest); :meth:`from_dict` reads it back."""
        return {
            "viewer": self.viewer, "rules": self.rules.to_dict(), "button": self.button, "phase": self.phase,
            "to_act": self.to_act, "to_match": self.to_match, "stub_size": self.stub_size,
            "split_on_offer": self.split_on_offer,
            "seats": [{**s._asdict(), "hand": None if s.hand is None else format_cards(s.hand)}
                      for s in self.seats],
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots],
            "legal": None if self.legal is None else {**self.legal._asdict(), "kinds": list(self.legal.kinds)},
            "log": [e.to_dict() for e in self.log],
        }

    @classmethod
    def from_dict(cls, data: Any) -> PlayerView:
        """A view from :meth:`to_dict` data that came from elsewhere (a host's message): every
        field is checked, and anything malformed raises :class:`ViewError` naming it.

        >>> from stripdeck import Rules, start_hand
        >>> view = player_view(start_hand(Rules(), [50, 50], 0, seed=1), 0)
        >>> PlayerView.from_dict(view.to_dict()) == view
        True
        """
        return _view_from_dict(data)


def _visible_event(event: Event, viewer: int | None) -> Event:
    if event.kind in _PRIVATE and event.seat != viewer and event.cards:
        return event._replace(cards=())
    return event


def _middle(state: HandState) -> list[Pot]:
    """The pots in the middle: chips from finished rounds (bets in front of players excluded
    while a round is on; at the end, everything put in)."""
    done = state.is_complete
    totals = [s.total - (0 if done else s.bet) for s in state.seats]
    pots, returns = build_pots(totals, [s.folded for s in state.seats])
    if not done:
        pots += [Pot(amount, (seat,)) for seat, amount in returns]
    return pots


def player_view(state: HandState, seat: int | None) -> PlayerView:
    """What ``seat`` may see: its own cards, cards shown at showdown, and public facts only.

    Other players' cards, the stub, the discards, the muck and the seed stay hidden.
    """
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(state.seats)):
        raise ValueError(_("no seat {seat} at this table of {count}", seat=repr(seat), count=len(state.seats)))
    shown: dict[int, tuple[Card, ...]] = {}
    for event in state.log:
        if event.kind == "show" and event.seat is not None:
            shown[event.seat] = event.cards
    seats = []
    for i, s in enumerate(state.seats):
        hand = s.hand if i == seat else shown.get(i)
        seats.append(SeatView(i, s.stack, s.bet, s.total, s.folded, s.all_in, len(s.hand), s.drawn,
                              hand, s.no_raise, s.split))
    pots = _middle(state)
    legal = legal_actions(state) if seat is not None and seat == state.to_act else None
    offer = state.to_act is not None and split_offer_open(state, state.to_act)
    log = tuple(_visible_event(e, seat) for e in state.log)
    return PlayerView(seat, state.rules, state.button, state.phase, state.to_act, tuple(seats),
                      tuple(pots), state.to_match, len(state.stub), legal, offer, log)


# ------------------------------------------------------------------ reading a view back

_MAX_EVENTS = 400


def _field(data: Any, key: str, where: str = "view") -> Any:
    if not isinstance(data, dict):
        # TRANSLATORS: in messages about a table's view sent over the network, {where} and {name} are the
        # place of a field in it ("seats[2].stack"), {key} a field's name: kept as they are.
        raise ViewError(_("{where} must be an object", where=where))
    if key not in data:
        raise ViewError(_("{where}: {key} is missing", where=where, key=key))
    return data[key]


def _int(value: Any, name: str, high: int = 10 ** 15, *, none: bool = False) -> Any:
    if value is None and none:
        return None
    if type(value) is not int or not 0 <= value <= high:
        raise ViewError(_("{name} must be a whole number from 0 to {high}", name=name, high=high))
    return value


def _bool(value: Any, name: str, *, none: bool = False) -> Any:
    if value is None and none:
        return None
    if not isinstance(value, bool):
        raise ViewError(_("{name} must be true or false", name=name))
    return value


def _str(value: Any, name: str, longest: int = 120, *, none: bool = False) -> Any:
    if value is None and none:
        return None
    if not isinstance(value, str) or len(value) > longest:
        raise ViewError(ngettext("{name} must be text of at most {n} character",
                                 "{name} must be text of at most {n} characters", longest, name=name))
    return value


def _cards(value: Any, name: str, joker: bool) -> tuple[Card, ...]:
    try:
        return parse_cards(_str(value, name, 200), joker=joker)
    except CardError as err:
        raise ViewError(_("{name}: {problem}", name=name, problem=str(err))) from None


def _list(value: Any, name: str, longest: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > longest:
        raise ViewError(_("{name} must be a list of at most {most}", name=name, most=longest))
    return value


def _event(data: Any, number: int, joker: bool) -> Event:
    where = f"log[{number}]"
    if not isinstance(data, dict) or not set(data) <= {"kind", "seat", "amount", "cards", "pot", "info"}:
        raise ViewError(_("{where} must be an event object", where=where))
    kind = _field(data, "kind", where)
    if kind not in EVENT_KINDS:
        raise ViewError(_("{where}: unknown event kind", where=where))
    return Event(kind, _int(data.get("seat"), f"{where}.seat", MAX_SEATS - 1, none=True),
                 _int(data.get("amount"), f"{where}.amount", none=True),
                 _cards(data["cards"], f"{where}.cards", joker) if "cards" in data else (),
                 _int(data.get("pot"), f"{where}.pot", MAX_SEATS, none=True),
                 _str(data.get("info"), f"{where}.info", none=True))


def _view_from_dict(data: Any) -> PlayerView:
    keys = {"viewer", "rules", "button", "phase", "to_act", "to_match", "stub_size", "split_on_offer",
            "seats", "pots", "legal", "log"}
    if not isinstance(data, dict) or set(data) != keys:
        raise ViewError(_("a view is an object with {keys}", keys=", ".join(sorted(keys))))
    try:
        rules = Rules.from_dict(data["rules"])
    except (RulesError, TypeError) as err:
        raise ViewError(_("{name}: {problem}", name="rules", problem=str(err))) from None
    joker = rules.joker
    raw_seats = _list(data["seats"], "seats", MAX_SEATS)
    if len(raw_seats) < 2:
        raise ViewError(_("seats must list 2 to {most} seats", most=MAX_SEATS))
    count = len(raw_seats)
    seats = []
    for i, raw in enumerate(raw_seats):
        where = f"seats[{i}]"
        if not isinstance(raw, dict) or set(raw) != set(SeatView._fields):
            raise ViewError(_("{where} must be a seat object with {keys}", where=where,
                              keys=", ".join(SeatView._fields)))
        hand = None if raw["hand"] is None else _cards(raw["hand"], f"{where}.hand", joker)
        seats.append(SeatView(_int(raw["seat"], f"{where}.seat", count - 1), _int(raw["stack"], f"{where}.stack"),
                              _int(raw["bet"], f"{where}.bet"), _int(raw["total"], f"{where}.total"),
                              _bool(raw["folded"], f"{where}.folded"), _bool(raw["all_in"], f"{where}.all_in"),
                              _int(raw["card_count"], f"{where}.card_count", 5),
                              _int(raw["drawn"], f"{where}.drawn", 5, none=True), hand,
                              _bool(raw["may_not_raise"], f"{where}.may_not_raise"),
                              _bool(raw["split"], f"{where}.split", none=True)))
    pots = []
    for i, raw in enumerate(_list(data["pots"], "pots", 2 * MAX_SEATS)):
        if not isinstance(raw, dict) or set(raw) != {"amount", "eligible"}:
            where = "pots[" + str(i) + "]"
            raise ViewError(_("{where} must be an object with amount and eligible", where=where))
        eligible = tuple(_int(s, f"pots[{i}].eligible", count - 1)
                         for s in _list(raw["eligible"], f"pots[{i}].eligible", count))
        pots.append(Pot(_int(raw["amount"], f"pots[{i}].amount"), eligible))
    legal = None
    if data["legal"] is not None:
        raw = data["legal"]
        if not isinstance(raw, dict) or set(raw) != set(LegalActions._fields):
            raise ViewError(_("{where} must be an object with {keys}", where="legal",
                              keys=", ".join(LegalActions._fields)))
        kinds = tuple(_str(k, "legal.kinds", 10) for k in _list(raw["kinds"], "legal.kinds", 10))
        legal = LegalActions(_int(raw["seat"], "legal.seat", count - 1, none=True),
                             _str(raw["phase"], "legal.phase", 40), kinds,
                             _int(raw["call_amount"], "legal.call_amount"),
                             _int(raw["min_total"], "legal.min_total", none=True),
                             _int(raw["max_total"], "legal.max_total", none=True),
                             _int(raw["allin_total"], "legal.allin_total", none=True),
                             _int(raw["draw_max"], "legal.draw_max", 5))
    phase = data["phase"]
    if phase not in PHASES:
        raise ViewError(_("phase is not a phase of a hand"))
    log = tuple(_event(e, n, joker) for n, e in enumerate(_list(data["log"], "log", _MAX_EVENTS)))
    return PlayerView(_int(data["viewer"], "viewer", count - 1, none=True), rules,
                      _int(data["button"], "button", count - 1), phase,
                      _int(data["to_act"], "to_act", count - 1, none=True), tuple(seats), tuple(pots),
                      _int(data["to_match"], "to_match"), _int(data["stub_size"], "stub_size", 33), legal,
                      _bool(data["split_on_offer"], "split_on_offer"), log)
