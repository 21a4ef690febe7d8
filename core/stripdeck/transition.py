"""One transition of a hand in progress (:class:`Transition`), for the engine (``engine.py``).

``engine.apply`` checks an action against the legal actions, then a :class:`Transition`
takes mutable copies of the state's fields, plays the action and every dealer step that
follows it (forced bets, dealing, the draw and its reshuffles, the fifth card, showdown), and
commits a new frozen :class:`HandState` with the events it caused.
"""

from __future__ import annotations

import random

from .actions import Action, Event, event_of
from .cards import Card
from .legal import LegalActions, bet_size, offer_open, someone_else_can_bet
from .rules import Rules
from .showdown import award
from .state import BET1, BET2, COMPLETE, DRAW, MAX_SEATS, HandState, Seat, blind_seats


def shuffled(cards: list[Card], rng: random.Random) -> list[Card]:
    """The cards in random order: sorted by one uniform draw each (faster than shuffle in Python)."""
    draw = rng.random
    keys = [draw() for _ in cards]
    # Sorting places by key breaks (vanishingly rare) ties by place, as sorting (key, card)
    # pairs would: the cards come in deck order.
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]


_CLOCKWISE = [[tuple((start + k) % count for k in range(count)) for start in range(count)]
              for count in range(MAX_SEATS + 1)]
"""``_CLOCKWISE[count][start]``: the seats of a table of ``count`` clockwise from ``start``."""


_NEW_SEAT = tuple(Seat(0, ()))[2:]  # every field of a seat new to the hand after its stack and hand


class Transition:
    """A transition in progress: mutable copies of one state's fields, committed once."""

    __slots__ = ("rules", "seed", "button", "seats", "phase", "to_act", "stub", "discards", "muck", "to_match",
                 "min_raise", "raises", "opener", "aggressor", "reshuffles", "log", "count", "actions",
                 "start_stacks", "deal_order", "capped", "show", "pending", "events")

    def __init__(self, state: HandState) -> None:
        (self.rules, self.seed, self.button, seats, self.phase, self.to_act, self.stub, self.discards, self.muck,
         self.to_match, self.min_raise, self.raises, self.opener, self.aggressor, self.reshuffles, self.log,
         self.actions, self.start_stacks, self.deal_order, self.capped, self.show, self.pending) = state
        self.seats = list(seats)
        self.count = len(seats)
        self.events: list[Event] = []

    @classmethod
    def new(cls, rules: Rules, seed: int, button: int, stacks: list[int], order: list[Card],
            show: tuple[int, ...] = ()) -> Transition:
        seats = tuple(tuple.__new__(Seat, (chips, (), *_NEW_SEAT)) for chips in stacks)
        state = HandState(rules, seed, button, seats, BET1, None, tuple(order), (), (), 0, 0, 0,
                          None, None, 0, (), (), tuple(stacks), tuple(order), False, show)
        txn = cls(state)
        txn.events.append(Event("start", button, info=f"{len(stacks)} players"))
        return txn

    def commit(self) -> HandState:
        return tuple.__new__(HandState, (  # HandState(...) without the keyword-handling wrapper
            self.rules, self.seed, self.button, tuple(self.seats), self.phase, self.to_act,
            self.stub, self.discards, self.muck, self.to_match,
            self.min_raise, self.raises, self.opener, self.aggressor, self.reshuffles,
            self.log + tuple(self.events), self.actions, self.start_stacks, self.deal_order, self.capped,
            self.show, self.pending))

    def state(self) -> HandState:
        return self.commit()

    # ------------------------------------------------------------------ set-up


    def blind_seats(self) -> tuple[int, int]:
        return blind_seats(self.button, self.count)

    def put_in(self, index: int, amount: int, as_bet: bool) -> int:
        seat = self.seats[index]
        amount = min(amount, seat.stack)
        self.seats[index] = seat.paying(amount, as_bet)
        return amount

    def post_forced_bets(self) -> None:
        rules = self.rules
        if rules.ante:
            payers = [self.button] if rules.dealer_ante else list(range(self.count))
            for i in self.clockwise(self.button + 1):
                if i in payers:
                    self.events.append(event_of(("ante", i, self.put_in(i, rules.ante, False), (), None, None)))
        if rules.uses_blinds:
            small, big = self.blind_seats()
            if rules.small_blind:
                paid = self.put_in(small, rules.small_blind, True)
                self.events.append(event_of(("small_blind", small, paid, (), None, None)))
            paid = self.put_in(big, rules.big_blind, True)
            self.events.append(event_of(("big_blind", big, paid, (), None, None)))

    def deal(self) -> None:
        """Five cards each, one at a time from the button's left."""
        order = self.clockwise(self.button + 1)
        count = self.count
        for position, i in enumerate(order):
            hand = tuple(self.stub[position:5 * count:count])
            self.seats[i] = self.seats[i].holding(hand)
            self.events.append(event_of(("deal", i, 5, hand, None, None)))
        self.stub = self.stub[5 * count:]

    def clockwise(self, start: int) -> tuple[int, ...]:
        count = self.count
        return _CLOCKWISE[count][start % count]

    # ------------------------------------------------------------------ rounds

    def start_round(self, phase: str) -> None:
        """Begin a betting round (or the draw) and find who acts first."""
        self.phase = phase
        self.events.append(event_of(("round", None, None, (), None, phase)))
        if phase != BET1:  # the bets of the finished round go to the middle
            self.seats = [s.for_new_round() if s.bet or s.acted or s.faced else s for s in self.seats]
            self.to_match = 0
        if phase == DRAW:
            self.to_act = self.button
            self.to_act = self.next_drawer()
            return
        if phase == BET2:
            self.aggressor = None
        self.raises = 0
        self.capped = False
        size = bet_size(self.rules, self.phase)
        self.min_raise = size
        if phase == BET1 and self.rules.uses_blinds:
            self.to_match = self.rules.big_blind
            self.min_raise = max(size, self.rules.big_blind) if self.rules.structure != "fixed-limit" else size
            self.check_cap()  # the big blind is the bet (a cap of 0 raises is reached at once)
        self.to_act = self.next_to_act(self.first_in_round(phase), inclusive=True)

    def first_in_round(self, phase: str) -> int:
        if self.rules.uses_blinds:
            return (self.blind_seats()[1] + 1) % self.count
        if phase == BET2 and self.opener is not None:
            return self.opener
        return (self.button + 1) % self.count

    def needs_to_act(self, index: int) -> bool:
        seat = self.seats[index]
        if seat.folded:
            return False
        if seat.stack == 0:  # all in: only asked about a split
            return seat.split is None and self.offer_open(index)
        if seat.bet < self.to_match:
            return True
        if seat.acted:
            return False
        return someone_else_can_bet(self.seats, index) or self.offer_open(index)

    def offer_open(self, index: int) -> bool:
        return offer_open(self.rules, self.phase, self.to_match, self.seats, index)

    def next_to_act(self, start: int, inclusive: bool = False) -> int | None:
        seats, to_match = self.seats, self.to_match
        for i in self.clockwise(start if inclusive else start + 1):
            seat = seats[i]
            if seat.folded:
                continue
            if seat.stack:  # the common cases, decided without a call
                if seat.bet < to_match:
                    return i
                if seat.acted:
                    continue
                if someone_else_can_bet(seats, i):
                    return i
            if self.needs_to_act(i):
                return i
        return None

    # ------------------------------------------------------------------ actions

    def act(self, legal: LegalActions, act: Action) -> None:
        index = legal.seat
        assert index is not None
        kind = act.kind
        if self.pending:  # the choice of the fourth card; time running out takes the face-down card
            if kind == "timeout":
                self.events.append(Event("timeout", index))
                self.seats[index] = self.seats[index].evolve(no_raise=True)
            self.take(index, up=kind == "take up")
            return
        if kind == "timeout":
            self.events.append(Event("timeout", index))
            if self.phase == DRAW:
                self.seats[index] = self.seats[index].evolve(no_raise=True)
                self.draw(index, ())
                return
            kind = "check" if "check" in legal.kinds else "fold"
            act = Action(kind)
        if self.phase == DRAW:
            self.draw(index, act.cards)
            return
        seat = self.seats[index]
        if seat.stack == 0:  # split offer answer from an all-in player
            agreed = kind == "split"
            self.seats[index] = seat.evolve(split=agreed)
            self.events.append(Event("split" if agreed else "decline", index))
            return
        if kind != "split" and "split" in legal.kinds and any(s.split for s in self.seats):
            # Checking, betting or folding ends a split someone offered: the log says so.
            self.betting_action(index, kind, act, legal)
            self.events.append(Event("decline", index))
            return
        self.betting_action(index, kind, act, legal)

    def betting_action(self, index: int, kind: str, act: Action, legal: LegalActions) -> None:
        """Fold, check, split, call, bet, raise or all in by a seat with chips."""
        seat = self.seats[index]
        if kind == "fold":
            self.fold(index)
        elif kind in ("check", "split"):
            self.seats[index] = seat.having_acted(self.to_match, (kind == "split") if self.phase == BET2 else None)
            self.events.append(event_of((kind, index, None, (), None, None)))
        elif kind == "call":
            seat = seat.paying(min(self.to_match - seat.bet, seat.stack), True)
            self.seats[index] = seat.having_acted(self.to_match, self.split_answer(seat))
            self.events.append(event_of(("call", index, seat.bet, (), None, None)))
        else:
            if kind == "allin":
                total = seat.bet + seat.stack
            elif act.amount is None:
                assert legal.min_total is not None
                total = legal.min_total
            else:
                total = act.amount
            self.increase(index, total, kind)

    def mark_acted(self, index: int) -> None:
        seat = self.seats[index]
        self.seats[index] = seat.having_acted(self.to_match, self.split_answer(seat))

    def split_answer(self, seat: Seat) -> bool | None:
        """A seat's split answer after it calls, bets or raises: putting chips in declines the offer."""
        return False if self.phase == BET2 and self.rules.split else seat.split

    def fold(self, index: int) -> None:
        seat = self.seats[index]
        self.muck += seat.hand
        self.seats[index] = seat.evolve(folded=True, acted=True, hand=(),
                                          split=False if self.phase == BET2 else seat.split)
        self.events.append(event_of(("fold", index, None, (), None, None)))

    def increase(self, index: int, total: int, kind: str) -> None:
        """Bet, raise or go all in to ``total`` chips this round."""
        seat = self.seats[index]
        self.put_in(index, total - seat.bet, True)
        opening = self.to_match == 0
        size = bet_size(self.rules, self.phase)
        if opening:
            if total >= size:
                self.min_raise = total
            self.to_match = max(total, size)  # callers of a short all-in bet still owe a full bet
            if self.phase == BET1 and self.opener is None:
                self.opener = index
            self.aggressor = index
        elif total > self.to_match:
            increment = total - self.to_match
            if increment >= self.min_raise:
                self.min_raise = increment
                self.raises += 1
            self.to_match = total
            self.aggressor = index
        self.check_cap()
        self.mark_acted(index)
        self.events.append(event_of((kind, index, total, (), None, None)))

    def check_cap(self) -> None:
        """The round is capped once the bet and its raises reach the cap while three or more
        players can still bet (all-in players do not count); then it stays capped (RULES.md s.4)."""
        cap = self.rules.raise_cap
        if cap is not None and not self.capped and self.raises >= cap and self.to_match > 0:
            self.capped = sum(1 for s in self.seats if s.stack and not s.folded) >= 3

    # ------------------------------------------------------------------ the draw

    def next_drawer(self) -> int | None:
        assert self.to_act is not None
        for i in self.clockwise(self.to_act + 1):
            seat = self.seats[i]
            if not seat.folded and seat.drawn is None:
                return i
        return None

    def draw(self, index: int, discards: tuple[Card, ...]) -> None:
        seat = self.seats[index]
        if not discards:  # standing pat
            self.seats[index] = seat.having_drawn(seat.hand, ())
            self.events.append(event_of(("discard", index, 0, (), None, None)))
            return
        kept = tuple(c for c in seat.hand if c not in discards)
        self.discards += discards
        self.seats[index] = seat.having_drawn(kept, discards)
        self.events.append(event_of(("discard", index, len(discards), discards, None, None)))
        if len(discards) == 4 and self.rules.fourth_card_choice:
            self.deal_choice(index)
            return
        now = 4 if len(discards) == 5 else len(discards)
        if now:
            self.receive(index, now)

    def receive(self, index: int, count: int) -> None:
        seat = self.seats[index]
        got = tuple(self.take_from_stub(seat.discarded) for _ in range(count))
        self.seats[index] = seat.evolve(hand=seat.hand + got)
        self.events.append(event_of(("receive", index, count, got, None, None)))

    def take_from_stub(self, own: tuple[Card, ...]) -> Card:
        """The top card of the stub that is not one of ``own`` discards (reshuffling if there is none)."""
        while True:
            pick = next((c for c in self.stub if c not in own), None)
            if pick is not None:
                at = self.stub.index(pick)
                self.stub = self.stub[:at] + self.stub[at + 1:]
                return pick
            self.reshuffle(own)

    def deal_choice(self, index: int) -> None:
        """RULES.md s.5, the choice of the fourth card: three cards face down, then one face up (public at
        once) and one face down (seen by nobody); the seat then takes one of the two (:meth:`take`)."""
        self.receive(index, 3)
        own = self.seats[index].discarded
        up = self.take_from_stub(own)
        self.events.append(event_of(("face_up", index, 1, (up,), None, None)))
        down = self.take_from_stub(own)  # never in an event unless taken
        self.pending = (up, down)

    def take(self, index: int, up: bool) -> None:
        """The seat takes the face-up or the face-down card; the other goes to the discards (the face-down
        card unseen: no event names it)."""
        face_up, face_down = self.pending
        self.pending = ()
        taken, left = (face_up, face_down) if up else (face_down, face_up)
        seat = self.seats[index]
        self.seats[index] = seat.evolve(hand=seat.hand + (taken,))
        self.discards += (left,)
        self.events.append(event_of(("take_up" if up else "take_down", index, 1, (taken,), None, None)))

    def reshuffle(self, own: tuple[Card, ...]) -> None:
        """Discards and muck, less the drawing player's own discards, become the new stub."""
        pool = [c for c in self.discards + self.muck if c not in own]
        if not pool:
            raise RuntimeError("no cards left to complete the draw")  # impossible with <= 5 players
        self.reshuffles += 1
        pool = shuffled(pool, random.Random(f"{self.seed}/reshuffle/{self.reshuffles}"))
        self.discards = tuple(c for c in self.discards if c in own)
        self.muck = ()
        self.stub = tuple(pool) + self.stub
        self.events.append(Event("reshuffle", None, len(pool)))

    # ------------------------------------------------------------------ flow

    def advance(self) -> None:
        """Move on after an action: next player, next phase, or the end of the hand."""
        while True:
            if self.events and self.events[-1].kind == "fold" and [s.folded for s in self.seats].count(False) == 1:
                self.finish()  # everyone else folded
                return
            if self.phase == DRAW:
                if self.pending:  # the drawing seat chooses its fourth card next
                    return
                nxt = self.next_drawer()
                if nxt is not None:
                    self.to_act = nxt
                    return
                for i in self.clockwise(self.button + 1):
                    if self.seats[i].fifth_due:
                        self.seats[i] = self.seats[i].evolve(fifth_due=False)
                        self.receive(i, 1)
                self.start_round(BET2)
                if self.to_act is not None:
                    return
                continue
            assert self.to_act is not None or self.phase in (BET1, BET2)
            nxt = self.next_to_act(self.to_act) if self.to_act is not None else None
            if nxt is not None:
                self.to_act = nxt
                return
            if self.phase == BET1:
                if self.rules.draw_limit > 0:
                    self.start_round(DRAW)
                    if self.to_act is not None:
                        return
                    continue
                self.start_round(BET2)
                if self.to_act is not None:
                    return
                continue
            self.finish()
            return

    def finish(self) -> None:
        self.to_act = None
        self.phase = COMPLETE
        self.seats = [s.evolve(bet=0) if s.bet else s for s in self.seats]  # every bet is in a pot now
        events, seats = award(self.state())
        self.events.extend(events)
        self.seats = list(seats)
        self.events.append(event_of(("end", None, None, (), None, None)))
