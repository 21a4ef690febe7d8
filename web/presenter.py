"""Presenter: a PlayerView (plus names and UI choices) -> a display model of plain data.

Pure Python: no `pyscript`, no `js`, so it is tested on CPython (tests/test_presenter.py).
It holds no poker rules: what may be done comes from the view's LegalActions, hand names
from the engine's evaluator and log, sentences from stripdeck.narrate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import stripdeck
from stripdeck import Card, PlayerView
from stripdeck.narrate import second_person

RANK_TEXT = {7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
SUIT_SYMBOL = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}
PHASE_TEXT = {
    "first betting round": "Betting, before the draw",
    "draw": "The draw",
    "second betting round": "Betting, after the draw",
    "complete": "Hand over",
}
KEYS = {"fold": "F", "check": "C", "call": "C", "bet": "B", "raise": "R", "allin": "A",
        "split": "S", "draw": "D"}


@dataclass(frozen=True)
class CardModel:
    """One card face up (``text`` like 'Ah') or face down (``text`` empty)."""

    text: str = ""
    rank: str = ""
    suit: str = ""
    symbol: str = ""
    name: str = "Face-down card"
    selected: bool = False
    selectable: bool = False
    index: int = 0


@dataclass(frozen=True)
class SeatModel:
    """A player's place at the table."""

    table_seat: int
    name: str
    stack: int
    bet: int
    is_human: bool
    is_button: bool
    to_act: bool
    folded: bool
    all_in: bool
    cards: tuple[CardModel, ...]
    markers: tuple[str, ...]      # forced bets of this hand: "SB", "BB", "Ante"
    drew: str                     # "Drew 2", "Stood pat", "" before the draw
    hand_name: str                # shown at showdown (or the human's own hand)
    won: int                      # chips won this hand
    status: str                   # "Folded", "All in", "Split", "Mucked", ""
    label: str                    # accessible summary of the seat
    reveal: int = -1              # order in which this seat showed at showdown (-1: did not)


@dataclass(frozen=True)
class ButtonModel:
    """A betting or draw button: the action text it sends comes from LegalActions."""

    kind: str
    label: str
    key: str
    action: str                   # action text sent on click ("" for bet/raise: uses the amount)


@dataclass(frozen=True)
class AmountModel:
    """The bet/raise amount control, clamped to the engine's legal totals."""

    kind: str
    low: int
    high: int
    value: int


@dataclass(frozen=True)
class HintRow:
    """One discard choice of the draw advisor, for the Hint table."""

    discard: str                  # "7c", or "nothing (stand pat)"
    win: str                      # "27%"
    chances: str                  # "one pair 44% · high card 30% · flush 11%"


@dataclass(frozen=True)
class HintModel:
    """The draw advisor's suggestion for the viewer's own hand."""

    reason: str
    rows: tuple[HintRow, ...]
    discard: tuple[int, ...]      # positions of the suggested discards in the viewer's hand
    apply_label: str              # "Select 7c" / "Stand pat is best"


@dataclass(frozen=True)
class TableModel:
    """Everything the renderer draws."""

    seats: tuple[SeatModel, ...]
    pots: tuple[str, ...]
    phase: str
    status: str
    buttons: tuple[ButtonModel, ...]
    amount: AmountModel | None
    draw: ButtonModel | None
    draw_max: int
    my_turn: bool
    hand_over: bool
    history: tuple[str, ...]
    hand_number: int
    four_color: bool = False
    timer_seat: int | None = None
    hint_offer: bool = False      # the Hint button is shown (the viewer's draw, hints on)
    hint: HintModel | None = None
    extra: dict[str, str] = field(default_factory=dict)


def card_model(card: Card, index: int = 0, selected: bool = False, selectable: bool = False) -> CardModel:
    """A face-up card for display.

    >>> card_model(stripdeck.parse_card("Th")).name
    'Ten of hearts'
    """
    suit = card.suit
    if suit is None:  # the joker
        return CardModel("Jk", "★", "j", "🃏", "Joker", selected, selectable, index)
    return CardModel(str(card), RANK_TEXT[int(card.rank)], suit.value, SUIT_SYMBOL[suit.value],
                     card.name, selected, selectable, index)


def discard_label(count: int) -> str:
    """The draw button's label.

    >>> discard_label(0), discard_label(1), discard_label(3)
    ('Stand pat', 'Discard 1 card', 'Discard 3 cards')
    """
    if count == 0:
        return "Stand pat"
    return f"Discard {count} card{'s' if count != 1 else ''}"


def draw_action(hand: Sequence[Card], selected: Sequence[int]) -> str:
    """The action text for discarding the selected positions of ``hand``.

    >>> draw_action(stripdeck.parse_cards("Ah Kd Qc Js 9s"), [1, 4])
    'draw Kd 9s'
    """
    chosen = [str(hand[i]) for i in sorted(set(selected)) if 0 <= i < len(hand)]
    return "draw " + " ".join(chosen) if chosen else "draw"


def toggle_selection(selected: Sequence[int], index: int, hand_size: int, draw_max: int) -> tuple[int, ...]:
    """Select or unselect card ``index``; selecting beyond ``draw_max`` is refused.

    >>> toggle_selection((0,), 0, 5, 4), toggle_selection((0,), 2, 5, 4)
    ((), (0, 2))
    >>> toggle_selection((0, 1), 2, 5, 2)
    (0, 1)
    """
    current = tuple(sorted(set(selected)))
    if not 0 <= index < hand_size:
        return current
    if index in current:
        return tuple(i for i in current if i != index)
    if len(current) >= draw_max:
        return current
    return tuple(sorted(current + (index,)))


def clamp_amount(value: object, low: int, high: int) -> int:
    """A bet/raise total from user input, clamped to ``low..high`` (bad input -> ``low``).

    >>> clamp_amount("50", 4, 20), clamp_amount("x", 4, 20), clamp_amount(2, 4, 20)
    (20, 4, 4)
    """
    try:
        number = int(float(str(value).strip()))
    except (TypeError, ValueError, OverflowError):
        return low
    return max(low, min(high, number))


def bet_action(kind: str, value: object, low: int, high: int) -> str:
    """Action text for a bet or raise to a clamped total.

    >>> bet_action("raise", "13", 4, 10)
    'raise 10'
    """
    return f"{kind} {clamp_amount(value, low, high)}"


def _forced_markers(view: PlayerView) -> dict[int, list[str]]:
    marks: dict[int, list[str]] = {}
    names = {"small_blind": "SB", "big_blind": "BB", "ante": "Ante"}
    for event in view.log:
        if event.kind in names and event.seat is not None:
            marks.setdefault(event.seat, []).append(names[event.kind])
    return marks


def _show_order(view: PlayerView) -> dict[int, int]:
    order: dict[int, int] = {}
    for event in view.log:
        if event.kind == "show" and event.seat is not None and event.seat not in order:
            order[event.seat] = len(order)
    return order


def _results(view: PlayerView) -> tuple[dict[int, int], dict[int, str], set[int]]:
    won: dict[int, int] = {}
    shown: dict[int, str] = {}
    mucked: set[int] = set()
    for event in view.log:
        if event.kind == "win" and event.seat is not None:
            won[event.seat] = won.get(event.seat, 0) + (event.amount or 0)
        elif event.kind == "show" and event.seat is not None:
            shown[event.seat] = event.info or ""
        elif event.kind == "muck" and event.seat is not None:
            mucked.add(event.seat)
    return won, shown, mucked


def history(view: PlayerView, names: Sequence[str]) -> tuple[str, ...]:
    """The hand's events in plain words (the engine's narration)."""
    return tuple(second_person(line) for line in stripdeck.describe_log(view.log, list(names)))


def percent(p: float) -> str:
    """A probability as a short percentage.

    >>> percent(0.2685), percent(0.004), percent(0.0), percent(1.0)
    ('27%', '0.4%', '0%', '100%')
    """
    if 0 < p < 0.01:
        return f"{100 * p:.1f}%"
    return f"{100 * p:.0f}%"


def opponents_in(view: PlayerView) -> int:
    """How many other players are still in the hand (1-4: the advisor's ``opponents``)."""
    others = sum(1 for i, seat in enumerate(view.seats) if i != view.viewer and not seat.folded)
    return max(1, min(4, others))


def hint_model(advice: dict[str, object], hand: Sequence[Card], top: int = 4,
               categories: int = 3) -> HintModel:
    """The Hint panel from ``Advice.to_dict()`` data for the viewer's ``hand``.

    >>> a = stripdeck.advise("Ah Kh Qh Jh 7c").to_dict()
    >>> h = hint_model(a, stripdeck.parse_cards("Ah Kh Qh Jh 7c"))
    >>> h.discard, h.apply_label, h.rows[0].discard
    ((4,), 'Select 7c', '7c')
    """
    rows_data = list(advice.get("rows") or [])  # type: ignore[call-overload]
    texts = [str(c) for c in hand]
    rows = []
    for row in rows_data[:top]:
        chances = sorted(dict(row["categories"]).items(), key=lambda kv: -kv[1])[:categories]
        rows.append(HintRow(row["discard"] or "nothing (stand pat)", percent(row["win"]),
                            " · ".join(f"{name} {percent(p)}" for name, p in chances if p > 0)))
    if not rows_data:
        return HintModel("No advice for this hand.", (), (), "")
    best = rows_data[0]
    discard = tuple(sorted(texts.index(c) for c in str(best["discard"]).split() if c in texts))
    label = "Select " + best["discard"] if discard else "Stand pat is best"
    return HintModel(str(best["reason"]), tuple(rows), discard, label)


def my_hand_name(view: PlayerView) -> str:
    """The name of the viewer's own five cards (from the engine's evaluator)."""
    hand = view.my_hand
    if len(hand) != 5:
        return ""
    try:
        return str(stripdeck.evaluate(hand, view.rules))
    except (ValueError, TypeError):
        return ""


def present(view: PlayerView, names: Sequence[str], table_seats: Sequence[int], *,
            human: int = 0, selected: Sequence[int] = (), amount: object = None,
            hand_number: int = 0, four_color: bool = False, ai_thinking: bool = False,
            name_hand: bool = True, show_hints: bool = False,
            hint: HintModel | None = None) -> TableModel:
    """The display model of ``view`` (the human's view of the hand).

    ``names`` are per hand seat; ``table_seats`` maps hand seats to table seats; ``human`` is
    the viewer's hand seat. ``selected`` are positions of the viewer's cards chosen to discard,
    ``amount`` the bet/raise total typed or slid so far. ``name_hand=False`` skips naming the
    viewer's own hand (the page's very first render: the evaluator's tables are built on first use).
    ``show_hints`` offers the Hint button during the viewer's draw; ``hint`` is the advice
    shown (from :func:`hint_model`, computed from the viewer's own hand only).
    """
    legal = view.legal
    my_turn = view.is_my_turn and legal is not None
    drawing = my_turn and view.phase == "draw"
    draw_max = legal.draw_max if legal is not None and drawing else 0
    hand_over = view.phase == "complete"
    marks = _forced_markers(view)
    won, shown, mucked = _results(view)
    order = _show_order(view)
    chosen = tuple(i for i in selected if drawing)

    seats = []
    for i, seat in enumerate(view.seats):
        name = names[i]
        is_human = i == human
        if seat.hand is not None and not (seat.folded and not is_human):
            cards = tuple(card_model(c, k, selected=k in chosen, selectable=is_human and drawing)
                          for k, c in enumerate(seat.hand))
        else:
            cards = tuple(CardModel(index=k) for k in range(seat.card_count if not seat.folded else 0))
        if seat.drawn is None:
            drew = ""
        elif seat.drawn == 0:
            drew = "Stood pat"
        else:
            drew = f"Drew {seat.drawn}"
        if i in shown:
            hand_name = shown[i]
        elif is_human and not seat.folded and name_hand:
            hand_name = my_hand_name(view)
        else:
            hand_name = ""
        if seat.folded:
            status = "Folded"
        elif i in mucked:
            status = "Mucked"
        elif seat.all_in:
            status = "All in"
        elif seat.split:
            status = "Split"
        else:
            status = ""
        to_act = view.to_act == i
        parts = [f"{name}{' (you)' if is_human else ''}", f"{seat.stack} chips"]
        if view.button == i:
            parts.append("dealer button")
        if seat.bet and not hand_over:
            parts.append(f"bet {seat.bet}")
        if drew:
            parts.append(drew.lower())
        if status:
            parts.append(status.lower())
        if hand_name and (i in shown or is_human):
            parts.append(hand_name)
        if won.get(i):
            parts.append(f"won {won[i]}")
        if to_act:
            parts.append("to act")
        seats.append(SeatModel(
            table_seat=table_seats[i], name=name, stack=seat.stack, bet=0 if hand_over else seat.bet, is_human=is_human,
            is_button=view.button == i, to_act=to_act, folded=seat.folded, all_in=seat.all_in,
            cards=cards, markers=tuple(marks.get(i, ())), drew=drew, hand_name=hand_name,
            won=won.get(i, 0), status=status, label=", ".join(parts), reveal=order.get(i, -1)))

    pots = []
    for number, pot in enumerate(view.pots):
        if pot.amount:
            pots.append(f"{'Pot' if number == 0 else f'Side pot {number}'}: {pot.amount}")

    buttons: list[ButtonModel] = []
    amount_model = None
    draw_button = None
    if my_turn and legal is not None:
        if drawing:
            draw_button = ButtonModel("draw", discard_label(len(chosen)), "D",
                                      draw_action(view.my_hand, chosen))
        else:
            for kind in legal.kinds:
                if kind == "fold":
                    buttons.append(ButtonModel("fold", "Fold", "F", "fold"))
                elif kind == "check":
                    buttons.append(ButtonModel("check", "Check", "C", "check"))
                elif kind == "call":
                    buttons.append(ButtonModel("call", f"Call {legal.call_amount}", "C", "call"))
                elif kind == "split":
                    buttons.append(ButtonModel("split", "Split", "S", "split"))
                elif kind in ("bet", "raise") and legal.min_total is not None \
                        and legal.max_total is not None:
                    low, high = legal.min_total, legal.max_total
                    value = clamp_amount(low if amount is None else amount, low, high)
                    amount_model = AmountModel(kind, low, high, value)
                    word = "Bet" if kind == "bet" else "Raise to"
                    buttons.append(ButtonModel(kind, f"{word} {value}", KEYS[kind],
                                               f"{kind} {value}"))
                elif kind == "allin":
                    buttons.append(ButtonModel("allin", f"All in ({legal.allin_total})", "A", "allin"))

    if hand_over:
        winners = [f"{names[s]} wins {n}" for s, n in won.items()]
        status = ". ".join(winners) + "." if winners else "Hand over."
    elif view.to_act is None:
        status = "Dealing…"
    elif my_turn:
        if drawing:
            status = f"Your draw: select up to {draw_max} card{'s' if draw_max != 1 else ''} to discard."
        else:
            status = "Your turn."
    else:
        status = f"{names[view.to_act]} is thinking…" if ai_thinking else f"{names[view.to_act]} to act."

    return TableModel(
        seats=tuple(seats), pots=tuple(pots), phase=PHASE_TEXT.get(view.phase, view.phase),
        status=status, buttons=tuple(buttons), amount=amount_model, draw=draw_button,
        draw_max=draw_max, my_turn=my_turn, hand_over=hand_over, history=history(view, names),
        hand_number=hand_number, four_color=four_color, timer_seat=view.to_act,
        hint_offer=drawing and show_hints, hint=hint if drawing and show_hints else None)


def announcement(before: Sequence[str], after: Sequence[str]) -> str:
    """What to announce politely: the history lines added since the last render.

    >>> announcement(["a."], ["a.", "b.", "c."])
    'b. c.'
    """
    if list(after[:len(before)]) != list(before):
        return " ".join(after[-3:])
    return " ".join(after[len(before):])
