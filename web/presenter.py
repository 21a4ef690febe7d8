"""Presenter: a PlayerView (plus names and UI choices) -> a display model of plain data.

Pure Python: no `pyscript`, no `js`, so it is tested on CPython (tests/test_presenter.py).
It holds no poker rules: what may be done comes from the view's LegalActions (action_bar),
hand names from the engine's evaluator and log, sentences from stripdeck.narrate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import preactions
import stripdeck
from action_bar import ActionBar, action_bar, big_blind, chips_text, pot_total
from advice_panel import HintModel
from stripdeck import Card, PlayerView
from stripdeck.i18n import _
from stripdeck.narrate import second_person

RANK_TEXT = {7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
SUIT_SYMBOL = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}
PHASE_TEXT = {
    "first betting round": "Betting, before the draw",
    "draw": "The draw",
    "second betting round": "Betting, after the draw",
    "complete": "Hand over",
}


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
    last_action: str              # this round's last action: "Check", "Raise 6", "Draws 3", ""
    hand_name: str                # shown at showdown (or the human's own hand)
    won: int                      # chips won this hand
    status: str                   # "Folded", "All in", "Split", "Mucked", ""
    label: str                    # accessible summary of the seat
    reveal: int = -1              # order in which this seat showed at showdown (-1: did not)
    choice: tuple[CardModel, ...] = ()  # the choice of the fourth card: the face-up card, then a back
    choice_label: str = ""        # the choice in words, for screen readers


@dataclass(frozen=True)
class TableModel:
    """Everything the renderer draws."""

    seats: tuple[SeatModel, ...]
    pot: str                      # "Pot 37": every chip in the middle, this round's bets included
    side_pots: tuple[str, ...]    # "Main pot 20", "Side pot 1: 17" when there are side pots
    phase: str
    status: str
    bar: ActionBar
    my_turn: bool
    hand_over: bool
    history: tuple[str, ...]
    hand_number: int
    four_color: bool = False
    timer_seat: int | None = None
    hint_offer: bool = False      # the Hint button is shown (the viewer's draw, hints on)
    hint: HintModel | None = None
    note: str = ""                # about the viewer's last turn (a clock that ran out)
    hand_over_to: str = ""        # pass and play: the person the device must go to before they act
    pre_offer: tuple[str, ...] = ()  # pre-actions the viewer may choose while others act (preactions.py)
    preaction: str = ""           # the one chosen ('' for none)
    unit: int = 0                 # amounts shown in big blinds of this many chips (0: in chips)


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


def _forced_markers(view: PlayerView) -> dict[int, list[str]]:
    marks: dict[int, list[str]] = {}
    names = {"small_blind": "SB", "big_blind": "BB", "ante": "Ante"}
    for event in view.log:
        if event.kind in names and event.seat is not None:
            marks.setdefault(event.seat, []).append(names[event.kind])
    return marks


# What a seat's last action looks like on its tag (the amount is the seat's total this round).
_ACTION_TAGS = {"fold": "Fold", "check": "Check", "call": "Call", "bet": "Bet {}", "raise": "Raise {}",
                "allin": "All in", "timeout": "Time out", "split": "Split", "decline": "Declines split"}


def last_actions(view: PlayerView, unit: int = 0) -> dict[int, str]:
    """Each seat's last action in the current round ("Check", "Raise 6", "Draws 3"); a new
    round clears them. At the end of the hand nothing is shown (the results are). ``unit``:
    amounts in big blinds of that many chips."""
    tags: dict[int, str] = {}
    if view.phase == "complete":
        return tags
    for event in view.log:
        kind, seat = event.kind, event.seat
        if kind == "round":
            tags = {}
        elif seat is None:
            continue
        elif kind == "discard":
            tags[seat] = f"Draws {event.amount}" if event.amount else "Stands pat"
        elif kind in _ACTION_TAGS:
            if kind == "decline":  # the offer is over: no seat's "Split" stays up
                tags = {k: v for k, v in tags.items() if v != "Split"}
                if tags.get(seat, "Check") not in ("Check", "Time out"):
                    continue  # a bet or fold that declined keeps its own tag
            if kind in ("check", "fold") and tags.get(seat) == "Time out":
                continue  # "Time out" says more than the check or fold it caused
            tags[seat] = _ACTION_TAGS[kind].format(chips_text(event.amount or 0, unit))
    return tags


def timeout_note(phase: str, dropped: int, folded: bool) -> str:
    """What to tell the human whose clock ran out.

    >>> print(timeout_note("draw", 2, False))  # doctest: +NORMALIZE_WHITESPACE
    Time ran out: you stood pat. The 2 cards you selected were not discarded.
    This hand you may no longer bet or raise.
    >>> timeout_note("first betting round", 0, True)
    'Time ran out: you folded.'
    """
    if phase == "draw":
        lost = (f" The {dropped} card{'s' if dropped != 1 else ''} you selected "
                f"{'were' if dropped != 1 else 'was'} not discarded." if dropped else "")
        # What is still offered (check, call, fold, a split) is for the action bar to say: it
        # depends on the state when the turn comes (docs/rules-decisions.md).
        return f"Time ran out: you stood pat.{lost} This hand you may no longer bet or raise."
    return "Time ran out: you folded." if folded else "Time ran out: you checked."


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


def history(view: PlayerView, names: Sequence[str], before_showdown: bool = False) -> tuple[str, ...]:
    """The hand's events in plain words (the engine's narration); ``before_showdown``: only
    those before the showdown's first shown hand or award (while the cards turn over)."""
    log = list(view.log)
    if before_showdown:
        first = next((i for i, e in enumerate(log) if e.kind in ("show", "muck", "win")), len(log))
        log = log[:first]
    return tuple(second_person(line) for line in stripdeck.describe_log(log, list(names), card_names=True))


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
            hand_number: int = 0, four_color: bool = False, name_hand: bool = True,
            show_hints: bool = False, hint: HintModel | None = None, note: str = "",
            hand_over_to: str | None = None, thinking: bool = True, fold_asked: bool = False,
            announce: bool = True, preaction: str = "", big_blinds: bool = False) -> TableModel:
    """The display model of ``view`` (the human's view of the hand).

    ``names`` are per hand seat; ``table_seats`` maps hand seats to table seats; ``human`` is
    the viewer's hand seat. ``selected`` are positions of the viewer's cards chosen to discard,
    ``amount`` the bet/raise total typed or slid so far. ``name_hand=False`` skips naming the
    viewer's own hand (the page's very first render: the evaluator's tables are built on first use).
    ``show_hints`` offers the Hint button during the viewer's draw; ``hint`` is the advice
    shown (from advice_panel.hint_model, computed from the viewer's own hand only). ``note``
    tells the viewer something about their last turn. ``hand_over_to`` (pass and play) names
    the person the device must be passed to: nobody's cards are in ``view`` then.
    ``fold_asked``: the viewer pressed Fold where checking is free, and is asked to confirm.
    ``announce=False``: the showdown's cards are still turning over, so neither the status, the
    seats nor the history name the result yet (the scheduler's ``announce`` step ends it).
    ``preaction`` is the viewer's chosen pre-action (offered while the others act).
    ``big_blinds`` shows stacks, bets and pots in big blinds (action_bar.big_blind), the amount
    control excepted (it takes whole chips).
    """
    unit = big_blind(view.rules) if big_blinds else 0
    bar = ActionBar() if hand_over_to else action_bar(view, names, selected, amount, fold_asked, unit)
    my_turn = view.is_my_turn and view.legal is not None
    drawing = bar.draw is not None
    chosen = tuple(i for i in selected if drawing)
    hand_over = view.phase == "complete"
    marks = _forced_markers(view)
    won, shown, mucked = _results(view)
    if not announce:
        won = {}
    order = _show_order(view)
    tags = last_actions(view, unit)
    choice = view.choice  # (seat, face-up card) while that seat chooses its fourth card
    choosing = bar.choosing

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
        else:
            status = ""
        last = tags.get(i, "")
        if last in (status, "Fold"):
            last = ""  # "Folded" already says it
        if last.startswith(("Draws", "Stands pat")):
            drew = ""  # during the draw the tag says it ("Draws 2"); "Drew 2" once the round is over
        to_act = view.to_act == i
        stack = f"{seat.stack} chips" if not unit else f"{chips_text(seat.stack, unit)[:-3]} big blind" + (
            "" if seat.stack == unit else "s")
        parts = [f"{name}{' (you)' if is_human else ''}", stack]
        if view.button == i:
            parts.append("dealer button")
        if seat.bet and not hand_over:
            parts.append(f"bet {chips_text(seat.bet, unit)}")
        if last:
            parts.append(last.lower())
        if drew:
            parts.append(drew.lower())
        if status:
            parts.append(status.lower())
        if hand_name and (i in shown or is_human):
            parts.append(hand_name)
        if won.get(i):
            parts.append(f"won {chips_text(won[i], unit)}")
        if to_act:
            parts.append("to act")
        choice_cards: tuple[CardModel, ...] = ()
        choice_label = ""
        if choice is not None and choice[0] == i:
            face_up = card_model(choice[1])
            choice_cards = (face_up, CardModel())
            # TRANSLATORS: the two cards of the choice of the fourth card beside a player; {card} is the
            # face-up card's name ("jack of clubs").
            choice_label = _("Choice of the fourth card: {card} face up, and one card face down.",
                             card=stripdeck.card_name(choice[1]))
            parts.append(choice_label)
        seats.append(SeatModel(
            table_seat=table_seats[i], name=name, stack=seat.stack, bet=0 if hand_over else seat.bet,
            is_human=is_human, is_button=view.button == i, to_act=to_act, folded=seat.folded,
            all_in=seat.all_in, cards=cards, markers=tuple(marks.get(i, ())), drew=drew,
            last_action=last, hand_name=hand_name, won=won.get(i, 0), status=status,
            label=", ".join(parts), reveal=order.get(i, -1), choice=choice_cards, choice_label=choice_label))

    live_pots = [p for p in view.pots if p.amount]
    side_pots: tuple[str, ...] = ()
    if len(live_pots) > 1:
        side_pots = tuple(("Main pot" if n == 0 else f"Side pot {n}") + f" {chips_text(p.amount, unit)}"
                          for n, p in enumerate(live_pots))

    if hand_over and not announce:
        status = "Showdown: the cards turn over…"
    elif hand_over:
        winners = [f"{names[s]} wins {chips_text(n, unit)}" for s, n in won.items()]
        status = second_person(". ".join(winners) + ".") if winners else "Hand over."
    elif hand_over_to:
        status = f"Pass the device to {hand_over_to}."
    elif view.to_act is None:
        status = "Dealing…"
    elif my_turn:
        if choosing and choice is not None:
            status = _("Your fourth card: take {card} (face up) or the face-down card.",
                       card=stripdeck.card_name(choice[1], article=True))
        elif drawing:
            status = (f"Your draw: choose up to {bar.draw_max} card{'s' if bar.draw_max != 1 else ''} "
                      "to discard, or stand pat.")
        else:
            status = "Your turn."
    elif view.to_act == human:  # your action is on its way (a guest's page waits for the host)
        status = "Your turn."
    else:
        status = f"{names[view.to_act]} is thinking…" if thinking else f"{names[view.to_act]} to act."

    return TableModel(
        seats=tuple(seats), pot=f"Pot {chips_text(pot_total(view), unit)}", side_pots=side_pots,
        phase=PHASE_TEXT.get(view.phase, view.phase), status=status, bar=bar, my_turn=my_turn,
        hand_over=hand_over, history=history(view, names, before_showdown=not announce), hand_number=hand_number,
        four_color=four_color, timer_seat=view.to_act, hint_offer=(drawing or choosing) and show_hints,
        hint=hint if (drawing or choosing) and show_hints else None, note=note, hand_over_to=hand_over_to or "",
        pre_offer=() if hand_over_to else preactions.offered(view), preaction=preaction, unit=unit)


def announcement(before: Sequence[str], after: Sequence[str]) -> str:
    """What to announce politely: the history lines added since the last render.

    >>> announcement(["a."], ["a.", "b.", "c."])
    'b. c.'
    """
    if list(after[:len(before)]) != list(before):
        return " ".join(after[-3:])
    return " ".join(after[len(before):])
