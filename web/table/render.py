"""Render: display model -> HTML text, for the table (seats, cards, the action bar, the Hint).
Pure string building (tested on CPython); main.py puts the text into the page. Every interactive
element carries its command in `data-cmd`. History's panel is drawn by ``history_render`` and the
Settings form by ``settings_render``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape

from stripdeck.i18n import _, ngettext, number, pgettext

from . import commands, preactions
from .action_bar import ButtonModel, chips_text
from .advice_panel import HintModel
from .presenter import CardModel, SeatModel, TableModel

# Screen positions (CSS classes) of the seats, by number of players; index 0 is the human.
POSITIONS = {
    2: ("bottom", "top"),
    3: ("bottom", "top-left", "top-right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "bottom-left", "top-left", "top-right", "bottom-right"),
}


def attr(value: object) -> str:
    return escape(str(value), quote=True)


def card_html(card: CardModel, big: bool = False) -> str:
    """One card: a face (rank, suit symbol) or a back; a toggle button when selectable."""
    size = " card-big" if big else ""
    if not card.text:
        name = card.name or _("Face-down card")
        return f'<span class="card card-back{size}" role="img" aria-label="{attr(name)}"></span>'
    face = (f'<span class="rank" aria-hidden="true">{escape(card.rank)}</span>'
            f'<span class="pip" aria-hidden="true">{escape(card.symbol)}</span>'
            f'<span class="corner" aria-hidden="true">{escape(card.rank)}{escape(card.symbol)}</span>')
    cls = f"card suit-{card.suit}{size}{' selected' if card.selected else ''}"
    if card.selected:  # the word on a card chosen to be thrown away (aria-pressed says it to screen readers)
        mark = pgettext("card mark", "discard")
        face += f'<span class="discard-mark" aria-hidden="true">{escape(mark)}</span>'
    if card.selectable:
        return (f'<button type="button" class="{cls}" data-cmd="card" data-index="{card.index}" '
                f'aria-pressed="{"true" if card.selected else "false"}" '
                f'aria-label="{attr(card.name)}" aria-keyshortcuts="{card.index + 1}">'
                f'{face}</button>')
    return f'<span class="{cls}" role="img" aria-label="{attr(card.name)}">{face}</span>'


def seat_html(seat: SeatModel, position: str, timer: bool, unit: int = 0) -> str:
    """One seat: its plate (name, dealer button, stack, forced bets), cards, tags, clock and bet;
    ``unit``: amounts in big blinds of that many chips."""
    classes = ["seat", f"pos-{position}"]
    for flag, name in ((seat.is_human, "human"), (seat.to_act, "acting"), (seat.folded, "folded"),
                       (seat.won > 0, "winner")):
        if flag:
            classes.append(name)
    markers = "".join(f'<span class="marker">{escape(m)}</span>' for m in seat.markers)
    # TRANSLATORS: the letter on the dealer button (D in English: Dealer).
    button = ""
    if seat.is_button:
        title, letter = _("Dealer button"), pgettext("dealer button", "D")
        button = f'<span class="dealer" title="{attr(title)}">{escape(letter)}</span>'
    cards = "".join(card_html(c, big=seat.is_human) for c in seat.cards)
    info = []
    if seat.last_action:
        info.append(f'<span class="last-action">{escape(seat.last_action)}</span>')
    if seat.drew:
        info.append(f'<span class="drew">{escape(seat.drew)}</span>')
    if seat.status:
        info.append(f'<span class="status">{escape(seat.status)}</span>')
    if seat.hand_name:
        info.append(f'<span class="hand-name">{escape(seat.hand_name)}</span>')
    if seat.won:
        wins = pgettext("seat tag", "Wins {amount}", amount=chips_text(seat.won, unit))
        info.append(f'<span class="won">{escape(wins)}</span>')
    bet = ""
    if seat.bet:
        title = _("Bet this round")
        bet = f'<div class="bet" title="{attr(title)}">{escape(chips_text(seat.bet, unit))}</div>'
    clock = ('<div class="timer" aria-hidden="true"><span class="timer-bar"></span>'
             '<span class="timer-text"></span></div>') if timer and seat.to_act else ""
    choice = ""
    if seat.choice:  # the choice of the fourth card: the face-up card and the face-down card's back
        choice = (f'<div class="choice" role="group" aria-label="{attr(seat.choice_label)}">'
                  + "".join(card_html(c) for c in seat.choice) + "</div>")
    reveal = ""
    if seat.reveal >= 0:  # showdown: cards turn over one seat after another, in the rules' order
        classes.append("revealed")
        reveal = f' style="--reveal: {seat.reveal}"'
    return (f'<section class="{" ".join(classes)}" data-seat="{seat.table_seat}"{reveal} '
            f'aria-label="{attr(seat.label)}">'
            f'<div class="plate"><span class="name">{escape(seat.name)}</span>{button}'
            f'<span class="stack">{escape(chips_text(seat.stack, unit))}</span>{markers}</div>'
            f'<div class="cards">{cards}</div>{choice}'
            f'<div class="info">{"".join(info)}</div>{clock}{bet}</section>')


def table_html(model: TableModel, timers: bool) -> str:
    """The felt: seats around it; the pot (this round's bets included), phase and status in the middle."""
    positions = POSITIONS[len(model.seats)]
    human = next((i for i, s in enumerate(model.seats) if s.is_human), 0)
    n = len(model.seats)
    seats = "".join(seat_html(model.seats[(human + k) % n], positions[k], timers, model.unit) for k in range(n))
    settled = " settled" if model.hand_over else ""
    pots = f'<div class="pot{settled}" id="pot">{escape(model.pot_text or model.pot)}</div>'
    if model.side_pots:
        pots += ('<div class="side-pots">'
                 + "".join(f'<span class="side-pot">{escape(p)}</span>' for p in model.side_pots) + "</div>")
    return (f'<div class="felt players-{n}">{seats}'
            f'<div class="middle"><div class="phase">{escape(hand_phase(model.hand_number, model.phase))}</div>'
            f'{pots}<div class="status" id="status">{escape(model.status)}</div></div></div>')


def hand_phase(number: int, phase: str) -> str:
    """The line above the pot: the hand's number and its phase.

    >>> hand_phase(3, "The draw")
    'Hand 3 · The draw'
    """
    # TRANSLATORS: above the pot: {number} is the hand's number in this session, {phase} where it is
    # ("Betting, before the draw").
    return _("Hand {number} · {phase}", number=number, phase=phase)


def controls_html(model: TableModel, game_over: str, auto_deal: bool, summary: str = "",
                  offers: Collection[str] = commands.OFFERS["solo"]) -> str:
    """Action buttons (only the legal ones), quick sizes and the amount control, the draw and
    deal buttons, and the lines that explain them; only controls whose command the page's mode
    ``offers`` (commands.py): a guest's page has no Deal button, the host deals."""
    bar = model.bar
    parts = []
    if model.hand_over_to and "reveal" in offers:
        who = model.hand_over_to
        said = _("Pass the device to {player}: only {player} should look now.", player=who)
        parts.append(f'<p class="pass" role="status">{escape(said)}</p>')
        parts.append(_button(ButtonModel("reveal", pgettext("button", "Show {player}'s cards", player=who), "", ""),
                             primary=True))
    if model.note:
        parts.append(f'<p class="note" role="status">{escape(model.note)}</p>')
    if bar.draw is not None:
        size = len(model.seats[0].cards) or 5
        # TRANSLATORS: {keys} is the keyboard part " (keys 1–5)" (shown only where there is a keyboard).
        line = ngettext("Choose up to {n} card to discard{keys}; choose a card again to keep it.",
                        "Choose up to {n} cards to discard{keys}; choose a card again to keep it.",
                        bar.draw_max, keys="\x00")
        keys = _(" (keys 1–{last})", last=size)
        keys = f'<span class="keys-only">{escape(keys)}</span>'
        parts.append(f'<p class="hint">{escape(line).replace(chr(0), keys)}</p>')
        parts.append(_button(bar.draw, primary=True))
        if model.hint_offer:
            parts.append(_button(ButtonModel("hint", pgettext("button", "Hint"), "H", "")))
        if model.hint is not None:
            parts.append(hint_html(model.hint))
    if bar.choosing:
        for b in bar.buttons:
            parts.append(_button(b, primary=True))
        if model.hint_offer:
            parts.append(_button(ButtonModel("hint", pgettext("button", "Hint"), "H", "")))
        if model.hint is not None:
            parts.append(hint_html(model.hint))
        for line in bar.help:
            parts.append(f'<p class="help-line">{escape(line)}</p>')
        return "".join(parts)
    if bar.amount is not None and bar.amount.low < bar.amount.high:
        a = bar.amount
        # TRANSLATORS: a quick bet size button's name for screen readers: "½ pot: 12" ({amount} in chips).
        named = [pgettext("bet size", "{size}: {amount}", size=s.label, amount=s.value) for s in bar.sizes]
        sizes = "".join(
            f'<button type="button" class="size" data-cmd="size" data-value="{s.value}" '
            f'aria-label="{attr(name)}">{escape(s.label)}</button>' for s, name in zip(bar.sizes, named))
        low, high = number(a.low), number(a.high)
        # TRANSLATORS: the amount control's range; "chips" is said when the table shows big blinds.
        hint = (pgettext("amount", "{low}–{high} chips", low=low, high=high) if model.unit else
                pgettext("amount", "{low}–{high}", low=low, high=high))
        label = pgettext("amount", "Bet") if a.kind == "bet" else pgettext("amount", "Raise to")
        ranged = pgettext("amount", "Amount, {low} to {high}", low=low, high=high)
        amount_word = pgettext("amount", "Amount")
        parts.append(
            f'<div class="amount"><label for="amount-range">{escape(label)}'
            f'</label><input id="amount-range" type="range" data-cmd="amount" min="{a.low}" '
            f'max="{a.high}" step="1" value="{a.value}" aria-label="{attr(ranged)}">'
            f'<input id="amount-number" type="number" data-cmd="amount" min="{a.low}" max="{a.high}" '
            f'step="1" value="{a.value}" inputmode="numeric" aria-label="{attr(amount_word)}">'
            f'<span class="range-hint">{escape(hint)}</span>'
            f'{f"<span class=sizes>{sizes}</span>" if sizes else ""}</div>')
    if bar.question:
        parts.append(f'<p class="question" role="alert">{escape(bar.question)}</p>')
    for b in bar.buttons:
        parts.append(_button(b, primary=b.kind in ("check", "call")))
    for line in bar.help:
        parts.append(f'<p class="help-line">{escape(line)}</p>')
    if model.hand_over:
        if game_over:
            parts.append(f'<p class="game-over">{escape(game_over)}</p>')
            if summary:
                parts.append(f'<p class="summary" id="summary">{escape(summary)}</p>')
            if "newtable" in offers:
                parts.append(_button(ButtonModel("newtable", pgettext("button", "New table"), "N", ""), primary=True))
        elif "deal" in offers:
            parts.append(_button(ButtonModel("deal", pgettext("button", "Deal next hand"), "N", ""), primary=True))
            if auto_deal:
                said = _("The next hand deals itself in a moment.")
                parts.append(f'<span class="autodeal">{escape(said)}</span>')
        else:
            said = _("The host deals the next hand.")
            parts.append(f'<p class="waiting">{escape(said)}</p>')
    if not parts:
        said = _("Waiting for the other players…")
        parts.append(f'<p class="waiting">{escape(said)}</p>')
    if model.pre_offer and "preact" in offers:
        parts.append(preactions_html(model.pre_offer, model.preaction))
    return "".join(parts)


def preactions_html(offer: Sequence[str], chosen: str) -> str:
    """The pre-action toggles while the others act: one may be pressed; pressed again, it is dropped."""
    buttons = "".join(
        f'<button type="button" class="act pre" data-cmd="preact" data-value="{attr(kind)}" '
        f'aria-pressed="{"true" if kind == chosen else "false"}">{escape(preactions.label(kind))}</button>'
        for kind in offer)
    said = preactions.said(chosen, tuple(offer))
    group = _("Before your turn")
    return (f'<div class="preactions" role="group" aria-label="{attr(group)}">{buttons}'
            f'<p class="help-line">{escape(said)}</p></div>')


def controls_html_between_hands(game_over: str, summary: str) -> str:
    """The action bar when no hand is on the table (a saved game that kept none)."""
    if game_over:
        return (f'<p class="game-over">{escape(game_over)}</p><p class="summary" id="summary">{escape(summary)}</p>'
                + _button(ButtonModel("newtable", pgettext("button", "New table"), "N", ""), primary=True))
    return _button(ButtonModel("deal", pgettext("button", "Deal next hand"), "N", ""), primary=True)


def lobby_controls_html() -> str:
    """A host's action bar before the first hand: the invitations, and dealing when ready."""
    invitations = pgettext("button", "Invitations")
    return ('<button type="button" class="act" data-cmd="toggle-panel" data-panel="friends">'
            f'{escape(invitations)}</button>'
            + _button(ButtonModel("host-deal", pgettext("button", "Deal the first hand"), "", ""), primary=True))


def hint_html(hint: HintModel) -> str:
    """The draw advisor's suggestion: its reason, the top choices, and a button to select them."""
    best = ' class="best"'
    rows = "".join(
        f'<tr{best if i == 0 else ""}><td>{escape(r.discard)}</td>'
        f'<td>{escape(r.win)}</td><td>{escape(r.chances)}</td></tr>'
        for i, r in enumerate(hint.rows))
    apply = ""
    if hint.discard:
        apply = _button(ButtonModel("apply-hint", hint.apply_label, "", ""))
    # TRANSLATORS: the Hint table's column headings: the cards to throw away (at the choice of the fourth
    # card: the card to take), the chance to win, and what the hand may become.
    name = pgettext("panel", "Hint")
    first = pgettext("hint table", "Take") if hint.choice else pgettext("hint", "Discard")
    heads = "".join(f'<th scope="col">{escape(h)}</th>' for h in (
        first, pgettext("hint", "Win"), pgettext("hint", "Chances after the draw")))
    return (f'<section class="advice" id="advice" aria-label="{attr(name)}">'
            f'<p class="advice-reason">{escape(hint.reason)}</p>'
            f'<table class="advice-table"><thead><tr>{heads}</tr></thead>'
            f'<tbody>{rows}</tbody></table>{apply}</section>')


def _button(b: ButtonModel, primary: bool = False) -> str:
    """A button that sends ``b.action``; its key shows as a badge (hidden on touch screens)."""
    shortcut = f'<kbd class="key" aria-hidden="true">{escape(b.key)}</kbd>' if b.key else ""
    keyshortcuts = f' aria-keyshortcuts="{attr(b.key)}"' if b.key else ""
    described = f' title="{attr(b.help)}" aria-description="{attr(b.help)}"' if b.help else ""
    return (f'<button type="button" class="act act-{b.kind}{" primary" if primary else ""}" '
            f'data-cmd="{attr(b.kind)}" data-action="{attr(b.action)}" aria-label="{attr(b.label)}"'
            f'{keyshortcuts}{described}><span class="label">{escape(b.label)}</span>{shortcut}</button>')
