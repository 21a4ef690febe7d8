"""Presenter: a PlayerView (plus names and UI choices) -> a display model of plain data.

Pure Python: no `pyscript`, no `js`, so it is tested on CPython (tests/test_presenter.py).
It holds no poker rules: what may be done comes from the view's LegalActions (action_bar),
hand names from the engine's evaluator and log, sentences from stripdeck.narrate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import stripdeck
from stripdeck import Card, PlayerView
from stripdeck.i18n import NP_, _, ngettext, npgettext, pgettext, upper_first
from stripdeck.narrate import hand_words

from . import preactions
from .action_bar import ActionBar, action_bar, big_blind, chips_text, in_big_blinds, pot_total
from .advice_panel import HintModel

RANK_TEXT = {7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
SUIT_SYMBOL = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}
# TRANSLATORS: the phase of the hand in the middle of the table ("Hand 3 · Betting, before the draw").
PHASE_TEXT = {
    "first betting round": NP_("table phase", "Betting, before the draw"),
    "draw": NP_("table phase", "The draw"),
    "second betting round": NP_("table phase", "Betting, after the draw"),
    "complete": NP_("table phase", "Hand over"),
}
# The name the page gives its one person (the solo game, a host's or a guest's own seat): the
# settings and the session's records keep it as this English word; people read it translated.
YOU = "You"


def shown_name(name: str) -> str:
    """A player's name as the page shows it: the page's one person is "You" in the page's language.

    >>> shown_name("You"), shown_name("Ada")
    ('You', 'Ada')
    """
    # TRANSLATORS: the name on the seat of the person at this device (the solo game).
    return pgettext("seat name", "You") if name == YOU else name


def phase_text(phase: str) -> str:
    """The phase of the hand as the middle of the table says it."""
    marked = PHASE_TEXT.get(phase)
    return pgettext(*marked) if marked is not None else stripdeck.phase_name(phase)


@dataclass(frozen=True)
class CardModel:
    """One card face up (``text`` like 'Ah') or face down (``text`` empty)."""

    text: str = ""
    rank: str = ""
    suit: str = ""
    symbol: str = ""
    name: str = ""                # the card in words ("Face-down card" for a card's back)
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
    pot_text: str = ""            # what the pot says when it is not ``pot`` ("Pot 37 (won)": the hand is over)


def seat_before_deal(table_seat: int, name: str, stack: int, is_human: bool) -> SeatModel:
    """A seat before the first deal (the page's pre-rendered table): its name and stack, no cards.

    >>> seat_before_deal(0, "You", 200, True).label, seat_before_deal(1, "Ada", 1, False).label
    ('You (you), 200 chips', 'Ada, 1 chip')
    """
    shown = shown_name(name)
    first = pgettext("seat label", "{name} (you)", name=shown) if is_human else shown
    label = pgettext("seat label", ", ").join([first, ngettext("{n} chip", "{n} chips", stack)])
    return SeatModel(table_seat=table_seat, name=shown, stack=stack, bet=0, is_human=is_human, is_button=False,
                     to_act=False, folded=False, all_in=False, cards=(), markers=(), drew="", last_action="",
                     hand_name="", won=0, status="", label=label)


def card_model(card: Card, index: int = 0, selected: bool = False, selectable: bool = False) -> CardModel:
    """A face-up card for display (its name from the engine's words, in the language in use).

    >>> card_model(stripdeck.parse_card("Th")).name
    'Ten of hearts'
    """
    suit = card.suit
    name = upper_first(stripdeck.card_name(card))
    if suit is None:  # the joker
        return CardModel("Jk", "★", "j", "🃏", name, selected, selectable, index)
    return CardModel(str(card), RANK_TEXT[int(card.rank)], suit.value, SUIT_SYMBOL[suit.value],
                     name, selected, selectable, index)


# TRANSLATORS: the forced bets a seat posted this hand, on its plate: small blind, big blind, ante.
_MARKERS = {"small_blind": NP_("forced bet", "SB"), "big_blind": NP_("forced bet", "BB"),
            "ante": NP_("forced bet", "Ante")}


def _forced_markers(view: PlayerView) -> dict[int, list[str]]:
    marks: dict[int, list[str]] = {}
    for event in view.log:
        if event.kind in _MARKERS and event.seat is not None:
            marks.setdefault(event.seat, []).append(pgettext(*_MARKERS[event.kind]))
    return marks


# A seat's last action this round, as (kind, amount): the engine's event kinds, and "draws" /
# "standpat" for the draw. What it looks like on the seat's tag and in its label: _tag, _tag_label.
Tag = tuple[str, int]
_TAGGED = ("fold", "check", "call", "bet", "raise", "allin", "timeout", "split", "decline")


def _tag(kind: str, amount: int, unit: int = 0) -> str:
    """A last action on the seat's tag ("Raise 6", "Draws 2")."""
    shown = chips_text(amount, unit)
    # TRANSLATORS: a seat's last action this round, on a small tag by the seat (a bet's {amount} is the
    # seat's total this round).
    texts = {
        "fold": lambda: pgettext("seat tag", "Fold"), "check": lambda: pgettext("seat tag", "Check"),
        "call": lambda: pgettext("seat tag", "Call"), "bet": lambda: pgettext("seat tag", "Bet {amount}", amount=shown),
        "raise": lambda: pgettext("seat tag", "Raise {amount}", amount=shown),
        "allin": lambda: pgettext("seat tag", "All in"), "timeout": lambda: pgettext("seat tag", "Time out"),
        "split": lambda: pgettext("seat tag", "Split"), "decline": lambda: pgettext("seat tag", "Declines split"),
        "draws": lambda: npgettext("seat tag", "Draws {n}", "Draws {n}", amount),
        "standpat": lambda: pgettext("seat tag", "Stands pat"),
    }
    return texts[kind]()


def _tag_label(kind: str, amount: int, unit: int = 0) -> str:
    """A last action as a part of the seat's accessible label ("raise 6", "draws 2")."""
    shown = chips_text(amount, unit)
    # TRANSLATORS: a seat's last action this round, as one item of the seat's description for screen
    # readers ("Ada, 196 chips, raise 6, to act").
    texts = {
        "check": lambda: pgettext("seat label", "check"), "call": lambda: pgettext("seat label", "call"),
        "bet": lambda: pgettext("seat label", "bet {amount}", amount=shown),
        "raise": lambda: pgettext("seat label", "raise {amount}", amount=shown),
        "allin": lambda: pgettext("seat label", "all in"), "timeout": lambda: pgettext("seat label", "time out"),
        "split": lambda: pgettext("seat label", "split"), "decline": lambda: pgettext("seat label", "declines split"),
        "draws": lambda: npgettext("seat label", "draws {n}", "draws {n}", amount),
        "standpat": lambda: pgettext("seat label", "stands pat"),
    }
    return texts[kind]()


def _last_kinds(view: PlayerView) -> dict[int, Tag]:
    """Each seat's last action in the current round, as (kind, amount)."""
    tags: dict[int, Tag] = {}
    if view.phase == "complete":
        return tags
    for event in view.log:
        kind, seat = event.kind, event.seat
        if kind == "round":
            tags = {}
        elif seat is None:
            continue
        elif kind == "discard":
            tags[seat] = ("draws", event.amount) if event.amount else ("standpat", 0)
        elif kind in _TAGGED:
            if kind == "decline":  # the offer is over: no seat's "Split" stays up
                tags = {k: v for k, v in tags.items() if v[0] != "split"}
                if tags.get(seat, ("check", 0))[0] not in ("check", "timeout"):
                    continue  # a bet or fold that declined keeps its own tag
            if kind in ("check", "fold") and tags.get(seat, ("", 0))[0] == "timeout":
                continue  # "Time out" says more than the check or fold it caused
            tags[seat] = (kind, event.amount or 0)
    return tags


def last_actions(view: PlayerView, unit: int = 0) -> dict[int, str]:
    """Each seat's last action in the current round ("Check", "Raise 6", "Draws 3"); a new
    round clears them. At the end of the hand nothing is shown (the results are). ``unit``:
    amounts in big blinds of that many chips."""
    return {seat: _tag(kind, amount, unit) for seat, (kind, amount) in _last_kinds(view).items()}


def _show_order(view: PlayerView) -> dict[int, int]:
    order: dict[int, int] = {}
    for event in view.log:
        if event.kind == "show" and event.seat is not None and event.seat not in order:
            order[event.seat] = len(order)
    return order


def _you(names: Sequence[str], human: int) -> int | None:
    """The seat the page speaks to as "you": the viewer, when the page calls them "You" (at a
    shared device nobody is: the device goes round)."""
    return human if 0 <= human < len(names) and names[human] == YOU else None


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


def history(view: PlayerView, names: Sequence[str], before_showdown: bool = False,
            you: int | None = None) -> tuple[str, ...]:
    """The hand's events in plain words (the engine's narration, ``you``: the seat it speaks to);
    ``before_showdown``: only those before the showdown's first shown hand or award (while the
    cards turn over)."""
    log = list(view.log)
    if before_showdown:
        first = next((i for i, e in enumerate(log) if e.kind in ("show", "muck", "win")), len(log))
        log = log[:first]
    return tuple(stripdeck.describe_log(log, list(names), card_names=True, you=you))


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
    tags = _last_kinds(view)
    choice = view.choice  # (seat, face-up card) while that seat chooses its fourth card
    choosing = bar.choosing

    you = _you(names, human)
    seats = []
    for i, seat in enumerate(view.seats):
        name = shown_name(names[i])
        is_human = i == human
        if seat.hand is not None and not (seat.folded and not is_human):
            cards = tuple(card_model(c, k, selected=k in chosen, selectable=is_human and drawing)
                          for k, c in enumerate(seat.hand))
        else:
            cards = tuple(CardModel(index=k, name=_("Face-down card"))
                          for k in range(seat.card_count if not seat.folded else 0))
        drew = drew_label = ""
        if seat.drawn == 0:
            # TRANSLATORS: on a seat once the draw is over: it kept its five cards.
            drew, drew_label = pgettext("seat tag", "Stood pat"), pgettext("seat label", "stood pat")
        elif seat.drawn is not None:
            drew = npgettext("seat tag", "Drew {n}", "Drew {n}", seat.drawn)
            drew_label = npgettext("seat label", "drew {n}", "drew {n}", seat.drawn)
        if i in shown:
            hand_name = hand_words(shown[i])
        elif is_human and not seat.folded and name_hand:
            hand_name = my_hand_name(view)
        else:
            hand_name = ""
        if seat.folded:
            status, status_label = pgettext("seat tag", "Folded"), pgettext("seat label", "folded")
        elif i in mucked:
            status, status_label = pgettext("seat tag", "Mucked"), pgettext("seat label", "mucked")
        elif seat.all_in:
            status, status_label = pgettext("seat tag", "All in"), pgettext("seat label", "all in")
        else:
            status = status_label = ""
        kind, tagged = tags.get(i, ("", 0))
        if kind == "fold" or kind == "allin" and seat.all_in and not seat.folded and i not in mucked:
            kind = ""  # "Folded" (or the status "All in") already says it
        if kind in ("draws", "standpat"):
            drew = drew_label = ""  # during the draw the tag says it ("Draws 2"); "Drew 2" once the round is over
        last = _tag(kind, tagged, unit) if kind else ""
        to_act = view.to_act == i
        if unit:
            whole, part = divmod(seat.stack, unit)
            # TRANSLATORS: a stack in big blinds in a seat's description; {amount} may have decimals ("12.5").
            stack = ngettext("{amount} big blind", "{amount} big blinds", whole if not part else 100,
                             amount=in_big_blinds(seat.stack, unit))
        else:
            # TRANSLATORS: a seat's stack in its description for screen readers.
            stack = ngettext("{n} chip", "{n} chips", seat.stack)
        # TRANSLATORS: the first item of the description of the seat of the person at this device.
        parts = [pgettext("seat label", "{name} (you)", name=name) if is_human else name, stack]
        if view.button == i:
            parts.append(pgettext("seat label", "dealer button"))
        if seat.bet and not hand_over:
            parts.append(pgettext("seat label", "bet {amount}", amount=chips_text(seat.bet, unit)))
        if kind:
            parts.append(_tag_label(kind, tagged, unit))
        if drew_label:
            parts.append(drew_label)
        if status_label:
            parts.append(status_label)
        if hand_name and (i in shown or is_human):
            parts.append(hand_name)
        if won.get(i):
            parts.append(pgettext("seat label", "won {amount}", amount=chips_text(won[i], unit)))
        if to_act:
            parts.append(pgettext("seat label", "to act"))
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
            # TRANSLATORS: between the items of a seat's description ("Ada, 196 chips, to act").
            label=pgettext("seat label", ", ").join(parts), reveal=order.get(i, -1),
            choice=choice_cards, choice_label=choice_label))

    live_pots = [p for p in view.pots if p.amount]
    side_pots: tuple[str, ...] = ()
    if len(live_pots) > 1:
        side_pots = tuple(pgettext("pot", "Main pot {amount}", amount=chips_text(p.amount, unit)) if n == 0 else
                          pgettext("pot", "Side pot {number} {amount}", number=n, amount=chips_text(p.amount, unit))
                          for n, p in enumerate(live_pots))

    if hand_over and not announce:
        status = _("Showdown: the cards turn over…")
    elif hand_over:
        winners = [_("You win {amount}.", amount=chips_text(n, unit)) if s == you else
                   _("{player} wins {amount}.", player=shown_name(names[s]), amount=chips_text(n, unit))
                   for s, n in won.items()]
        status = " ".join(winners) if winners else _("Hand over.")
    elif hand_over_to:
        status = _("Pass the device to {player}.", player=hand_over_to)
    elif view.to_act is None:
        status = _("Dealing…")
    elif my_turn:
        if choosing and choice is not None:
            status = _("Your fourth card: take {card} (face up) or the face-down card.",
                       card=stripdeck.card_name(choice[1], article=True))
        elif drawing:
            status = ngettext("Your draw: choose up to {n} card to discard, or stand pat.",
                              "Your draw: choose up to {n} cards to discard, or stand pat.", bar.draw_max)
        else:
            status = _("Your turn.")
    elif view.to_act == human:  # your action is on its way (a guest's page waits for the host)
        status = _("Your turn.")
    else:
        player = shown_name(names[view.to_act])
        status = _("{player} is thinking…", player=player) if thinking else _("{player} to act.", player=player)

    pot = chips_text(pot_total(view), unit)
    # TRANSLATORS: the pot in the middle of the table; once the hand is over it has been won.
    pot_text = pgettext("pot", "Pot {amount} (won)", amount=pot) if hand_over else ""
    return TableModel(
        seats=tuple(seats), pot=pgettext("pot", "Pot {amount}", amount=pot), side_pots=side_pots,
        phase=phase_text(view.phase), status=status, bar=bar, my_turn=my_turn,
        hand_over=hand_over, history=history(view, names, before_showdown=not announce, you=you),
        hand_number=hand_number, pot_text=pot_text,
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
