"""The end of a hand: uncalled bets returned, agreed splits divided, hands shown, pots awarded."""

from __future__ import annotations

from .actions import Event, event_of
from .evaluator import HandValue, evaluate
from .pots import Pot, build_pots, divide, order_from
from .state import HandState, Seat, blind_seats

__all__ = ["award", "showdown_order"]


def showdown_order(state: HandState) -> list[int]:
    """Who shows first: the last to bet or raise in round two, else the first player after
    the big blind (blinds game) or left of the button (ante game); then clockwise."""
    count = len(state.seats)
    if state.aggressor is not None:
        start = state.aggressor
    elif state.rules.uses_blinds:
        start = (blind_seats(state.button, count)[1] + 1) % count
    else:
        start = (state.button + 1) % count
    return [i for i in order_from(start, count) if not state.seats[i].folded]


def award(state: HandState) -> tuple[list[Event], tuple[Seat, ...]]:
    """Events and final seats for the end of the hand (everyone else folded, or showdown)."""
    seats = list(state.seats)
    events: list[Event] = []
    pots, returns = build_pots([s.total for s in seats], [s.folded for s in seats])
    for index, amount in returns:
        seats[index] = seats[index].evolve(stack=seats[index].stack + amount,
                                             total=seats[index].total - amount)
        events.append(Event("return", index, amount))

    def pay(pot_index: int, shares: dict[int, int], reason: str) -> None:
        for seat_index, chips in shares.items():
            seats[seat_index] = seats[seat_index].receiving(chips)
            events.append(event_of(("win", seat_index, chips, (), pot_index, reason)))

    contested: list[tuple[int, Pot]] = []
    for pot_index, pot in enumerate(pots):
        if len(pot.eligible) == 1:
            pay(pot_index, {pot.eligible[0]: pot.amount}, "uncontested")
        elif all(seats[i].split for i in pot.eligible):
            sharers = " ".join(str(i) for i in pot.eligible)  # the seats that share it
            events.append(Event("divide", None, pot.amount, pot=pot_index, info=sharers))
            pay(pot_index, divide(pot.amount, pot.eligible, state.button, len(seats)), "split")
        else:
            contested.append((pot_index, pot))
    if not contested:
        return events, tuple(seats)
    values: dict[int, HandValue] = {}
    best: dict[int, int] = {}  # the best strength shown so far, per pot (strengths order as the hands)
    pots_of: dict[int, list[int]] = {}  # seat -> the contested pots it can win
    for pot_index, pot in contested:
        for seat_index in pot.eligible:
            pots_of.setdefault(seat_index, []).append(pot_index)
    rules = state.rules
    for seat_index in showdown_order(state):
        mine = pots_of.get(seat_index)
        if mine is None:
            continue
        hand = seats[seat_index].hand
        value = evaluate(hand, rules)
        strength = value.strength
        shows = rules.show_all or seat_index in state.show  # the player chose to show
        for pot_index in mine:  # shown if it wins or ties a pot so far, else mucked
            so_far = best.get(pot_index, -1)
            if strength >= so_far:
                shows = True
                if strength > so_far:
                    best[pot_index] = strength
        if shows:
            values[seat_index] = value
            events.append(event_of(("show", seat_index, None, hand, None, value.english)))
        else:
            events.append(event_of(("muck", seat_index, None, (), None, None)))
    for pot_index, pot in contested:
        winners = [i for i in pot.eligible if i in values and values[i].strength == best[pot_index]]
        pay(pot_index, divide(pot.amount, winners, state.button, len(seats)), values[winners[0]].english)
    return events, tuple(seats)
