"""Render: display model -> HTML text. Pure string building (tested on CPython); main.py puts
the text into the page. Every interactive element carries its command in `data-cmd`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from html import escape
from typing import Any

import stripdeck
from stripdeck import i18n
from stripdeck.i18n import N_, NP_, _, ngettext, number, pgettext

from . import commands, preactions, rules_text, storage
from .action_bar import ButtonModel, chips_text
from .advice_panel import HintModel
from .presenter import YOU, CardModel, SeatModel, TableModel

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


def history_html(lines: Sequence[str]) -> str:
    return "".join(f"<li>{escape(line)}</li>" for line in lines)


def session_html(log: Mapping[str, Any], summary: str) -> str:
    """The session's hands, newest first, each with its result in words and what the people at
    this page won or lost; the summary on top."""
    hands = list(log.get("hands", []))
    if not hands:
        said = _("No hand finished yet.")
        return f'<p class="muted">{escape(said)}</p>'
    items = "".join(
        f'<li><span class="hand-title">{escape(hand_title(h))}</span> {escape(h["description"])}'
        f'{_mine_html(h["mine"])}{_replay_button(h)}</li>' for h in reversed(hands))
    earlier = int(log.get("played", 0)) - len(hands)
    more = ""
    if earlier > 0:
        said = ngettext("{n} earlier hand is counted but no longer listed.",
                        "{n} earlier hands are counted but no longer listed.", earlier)
        more = f'<p class="muted">{escape(said)}</p>'
    return f'<p class="summary">{escape(summary)}</p><ol class="session-list">{items}</ol>{more}'


def hand_title(record: Mapping[str, Any]) -> str:
    """A history entry's title ("Hand 3"), in the language in use (the record's own title is kept
    for the export)."""
    number = record.get("number")
    if type(number) is int:
        return _("Hand {number}", number=number)
    return str(record.get("title", ""))


def _replay_button(record: Mapping[str, Any]) -> str:
    """The Replay button of a history entry (hands kept with their actions)."""
    if not record.get("scenario"):
        return ""
    # TRANSLATORS: {title} is a hand's title ("Hand 3").
    name = _("Replay {title} step by step", title=hand_title(record))
    label = pgettext("button", "Replay")
    return (f' <button type="button" class="act replay" data-cmd="replay" data-hand="{int(record["number"])}" '
            f'aria-label="{attr(name)}">{escape(label)}</button>')


def replay_html(title: str, page: str, index: int, total: int) -> str:
    """A hand replayed in History: the scripted-hand viewer's frame ``index`` of ``total`` (its HTML,
    from widgets.scripted) with Back, Next and a way back to the list."""
    back = " disabled" if index == 0 else ""
    forward = " disabled" if index >= total - 1 else ""
    heading = _("Replay of {title}", title=title)
    words = (_("Back one step"), pgettext("replay", "◀ Back"), _("Next step"), pgettext("replay", "Next ▶"),
             _("Back to the list"))
    return (f'<section class="sd-widget sd-scenario replay-view" aria-label="{attr(heading)}">'
            f'<h3 tabindex="-1">{escape(heading)}</h3>'
            '<div class="sd-controls sd-player">'
            f'<button type="button" data-cmd="replay-back" aria-label="{attr(words[0])}"{back}>'
            f'{escape(words[1])}</button>'
            f'<button type="button" data-cmd="replay-next" aria-label="{attr(words[2])}"{forward}>'
            f'{escape(words[3])}</button>'
            f'<button type="button" data-cmd="replay-close">{escape(words[4])}</button></div>'
            f'<div class="sd-frame" aria-live="polite">{page}</div></section>')


def _mine_html(mine: Mapping[str, int]) -> str:
    """What the people at this page won or lost in a hand: "(you +20)", "(Ann −4, Bo +4)"."""
    parts = []
    for name, delta in mine.items():
        if delta:
            amount = number(abs(delta))
            # TRANSLATORS: what a person won (+) or lost (−) in a hand, in the history: "(you +20)".
            if name == YOU:
                text = (pgettext("history", "you +{amount}", amount=amount) if delta > 0 else
                        pgettext("history", "you −{amount}", amount=amount))
            else:
                text = (pgettext("history", "{player} +{amount}", player=name, amount=amount) if delta > 0 else
                        pgettext("history", "{player} −{amount}", player=name, amount=amount))
            parts.append(f'<span class="delta {"up" if delta > 0 else "down"}">{escape(text)}</span>')
    # TRANSLATORS: the people's results after a hand in the history; {results} is "you +20" or "Ann −4, Bo +4".
    return " " + escape(pgettext("history", "({results})", results="\x00")).replace(
        "\x00", ", ".join(parts)) if parts else ""


# The settings' labels (N_: translated when drawn).
_LABELS = {
    "preset": N_("Preset"), "structure": N_("Betting"), "opponents": N_("Bots"), "bot_level": N_("Bots' level"),
    "stack": N_("Starting stack"), "stakes": N_("Stakes"),
    "suit_ties": N_("Equal hands"), "suit_order": N_("Suit order (highest first)"), "draw_limit": N_("Draw limit"),
    "split": N_("Split offers"), "timers": N_("Timers (30 s)"), "time_bank": N_("Time bank (with timers)"),
    "show_all": N_("Show all hands at showdown"),
    "four_color": N_("Four-colour deck"), "auto_deal": N_("Deal the next hand automatically"),
    "fast_bots": N_("Fast opponents"), "show_hints": N_("Show the Hint button during the draw"),
    "turn_sound": N_("A sound when it is your turn"),
    "show_losing": N_("Show your hand at showdown even when it loses (from the next hand)"),
    "big_blinds": N_("Stacks, bets and pot in big blinds"),
    "flush_beats_full_house": N_("Flush beats full house"), "joker": N_("Joker in the deck"),
    "lang": N_("Language"),
}
_SUITS = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}


# TRANSLATORS: the choices of the "Equal hands" setting: what decides between hands equal card for card.
_SUIT_TIES = {"kicker": N_("the deciding card's suit"), "combination": N_("the combination's best suit"),
              "split": N_("share the pot")}
# TRANSLATORS: the presets in the Settings (the rule sets the game offers).
_PRESETS = {"online": NP_("preset", "online"), "official": NP_("preset", "official"),
            "cardroom": NP_("preset", "cardroom"), "bosnian": NP_("preset", "bosnian")}
# TRANSLATORS: the choices of the "Betting" setting: the betting structure ("As the preset": the preset's own,
# pot limit online, fixed limit in the others).
_STRUCTURES = {"preset": NP_("betting", "As the preset"), "fixed-limit": NP_("betting", "Fixed limit"),
               "pot-limit": NP_("betting", "Pot limit"), "no-limit": NP_("betting", "No limit")}
# TRANSLATORS: the bots' levels in the Settings.
_LEVELS = {"easy": NP_("bot level", "easy"), "normal": NP_("bot level", "normal"), "hard": NP_("bot level", "hard")}


def _option_text(name: str, value: Any) -> str:
    if name == "suit_ties":
        return _(_SUIT_TIES[value])
    if name == "preset" and value in _PRESETS:
        return pgettext(*_PRESETS[value])
    if name == "structure" and value in _STRUCTURES:
        return pgettext(*_STRUCTURES[value])
    if name == "bot_level" and value in _LEVELS:
        return pgettext(*_LEVELS[value])
    if name == "stakes":
        # TRANSLATORS: the stakes setting: the preset's bets multiplied by {n}.
        return pgettext("stakes", "×{n}", n=value)
    if name == "suit_order":
        return " > ".join(_SUITS[c] for c in value)
    if name == "draw_limit":
        if value == 5:
            return pgettext("draw limit", "5 (fifth card later)")
        if value == 0:
            return pgettext("draw limit", "0 (no draw)")
        return number(value)
    if name == "time_bank":
        return pgettext("time bank", "{n} s a session", n=value) if value else pgettext("time bank", "off")
    return number(value) if isinstance(value, int) else str(value)


def languages_offered() -> tuple[str, ...]:
    """The languages the Settings picker lists: those offered, and the pseudo-language only
    when the page speaks it (tests)."""
    codes = tuple(i18n.LANGUAGES)
    if i18n.current().code == i18n.PSEUDO:
        codes += (i18n.PSEUDO,)
    return codes


def language_html(chosen: str) -> str:
    """The language picker: each language in its own name (it changes the page at once)."""
    current = i18n.current().code
    opts = "".join(
        f'<option value="{attr(code)}" lang="{attr(code)}"{" selected" if code == current else ""}>'
        f'{escape(i18n.NAMES.get(code, code))}</option>' for code in languages_offered())
    return f'<label>{escape(_(_LABELS["lang"]))}<select name="lang" data-cmd="lang">{opts}</select></label>'


def export_gate_html(withheld: str, can_end: bool, confirming: bool) -> str:
    """Under History's export buttons at a shared device: why they are closed, and ending the
    session (asked first: everyone at the device then sees every card of every hand)."""
    if not withheld:
        return ""
    if confirming:
        question = _("Ending the session shows every card of every hand to whoever looks at this device, "
                     "and the table is over. Does everyone agree?")
        agree, keep = pgettext("button", "We agree: end the session"), pgettext("button", "Keep playing")
        return (f'<div class="confirm" role="alert"><p>{escape(question)}</p>'
                '<button type="button" class="act primary" data-cmd="end-session" data-confirmed="1">'
                f'{escape(agree)}</button>'
                f'<button type="button" class="act" data-cmd="keep-session">{escape(keep)}</button></div>')
    end = ""
    if can_end:
        label = pgettext("button", "End the session…")
        end = f'<button type="button" class="act" data-cmd="end-session">{escape(label)}</button>'
    return f'<p class="muted" id="export-withheld">{escape(withheld)}</p>{end}'


def settings_html(settings: Mapping[str, Any], confirm: bool = False) -> str:
    """The settings form. Game settings apply with a new table (asked first during a hand,
    ``confirm``); display ones at once."""
    choices: dict[str, Sequence[Any]] = {
        "preset": storage.PRESETS, "structure": storage.STRUCTURES, "opponents": (0, 1, 2, 3, 4),
        "stakes": storage.STAKES,
        "suit_ties": ("kicker", "combination", "split"), "suit_order": storage.SUIT_ORDERS,
        "draw_limit": (0, 1, 2, 3, 4, 5), "bot_level": storage.BOT_LEVELS, "time_bank": storage.TIME_BANKS,
    }
    rows = [_people_html(list(settings["people"]))]
    for name in ("preset", "structure", "opponents", "bot_level", "stack", "stakes", "suit_ties", "suit_order",
                 "draw_limit", "time_bank"):
        if name == "stack":
            rows.append(f'<label>{escape(_(_LABELS[name]))}<input name="stack" type="number" min="20" '
                        f'max="100000" step="10" value="{attr(settings["stack"])}"></label>')
            continue
        opts = "".join(
            f'<option value="{attr(v)}"{" selected" if v == settings[name] else ""}>'
            f'{escape(_option_text(name, v))}</option>' for v in choices[name])
        rows.append(f'<label>{escape(_(_LABELS[name]))}<select name="{name}">{opts}</select></label>')
        if name == "preset":
            rows.append(f'<p class="preset-line" id="preset-line">'
                        f'{escape(rules_text.preset_line(settings["preset"]))}</p>')
    for name in ("split", "timers", "show_all", "flush_beats_full_house", "joker"):
        rows.append(_checkbox(name, settings[name]))
    display = language_html(str(settings.get("lang", ""))) + "".join(
        _checkbox(n, settings[n], live=True) for n in storage.DISPLAY_FIELDS if n != "lang")
    if confirm:
        warning = _("A hand is being played. Starting a new table ends it and gives everyone new stacks.")
        end, keep = pgettext("button", "End this hand and start a new table"), pgettext("button", "Keep playing")
        apply = (f'<div class="confirm" role="alert"><p>{escape(warning)}</p>'
                 '<button type="submit" class="act primary" data-cmd="apply" data-confirmed="1">'
                 f'{escape(end)}</button>'
                 f'<button type="button" class="act" data-cmd="keep-playing">{escape(keep)}</button></div>')
    else:
        start = pgettext("button", "Start a new table")
        apply = f'<button type="submit" class="act primary" data-cmd="apply">{escape(start)}</button>'
    game, shown = _("Game (applies to a new table)"), pgettext("settings", "Display")
    return (f'<fieldset><legend>{escape(game)}</legend>{"".join(rows)}{apply}'
            f'</fieldset><fieldset><legend>{escape(shown)}</legend>{display}</fieldset>')


def _people_html(people: list[str]) -> str:
    """Players at this device: how many (1 is the solo game; more is pass and play) and their names."""
    count = len(people)
    alone = _("1 (just you)")
    opts = "".join(f'<option value="{n}"{" selected" if n == count else ""}>'
                   f'{escape(alone if n == 1 else number(n))}</option>' for n in range(1, 6))
    labels = [_("Player {number}", number=i + 1) for i in range(count)]
    names = "".join(
        f'<label>{escape(labels[i])}<input name="person_{i + 1}" type="text" '
        f'maxlength="{storage.MAX_NAME}" value="{attr(name)}" autocomplete="off"></label>'
        for i, name in enumerate(people)) if count > 1 else ""
    note = ""
    if count > 1:
        note = _("Pass and play: the device goes round, and each player sees only their own cards.")
        note = f'<p class="preset-line">{escape(note)}</p>'
    label = _("Players at this device")
    return (f'<label>{escape(label)}<select name="people_count" data-cmd="people">{opts}'
            f'</select></label>{names}{note}')


def people_from_form(raw: Mapping[str, Any], before: list[str]) -> list[str]:
    """The people's names from the form (``people_count`` and ``person_N``); new rows get
    "Player N", and one person alone is "You".

    >>> people_from_form({"people_count": "3", "person_1": "Ann", "person_2": "Bo"}, ["You"])
    ['Ann', 'Bo', 'Player 3']
    >>> people_from_form({"people_count": "1", "person_1": "Ann"}, ["Ann", "Bo"])
    ['You']
    """
    try:
        count = stripdeck.whole_number(raw.get("people_count", len(before)), "people_count", 1, 5)
    except stripdeck.InputError:
        count = len(before)
    if count == 1:
        return ["You"]
    names = []
    for i in range(count):
        name = raw.get(f"person_{i + 1}")
        if not isinstance(name, str):
            name = before[i] if i < len(before) and len(before) > 1 else _("Player {number}", number=i + 1)
        names.append(name)
    return names


def _checkbox(name: str, value: bool, live: bool = False) -> str:
    extra = ' data-cmd="display"' if live else ""
    return (f'<label class="check"><input type="checkbox" name="{name}"{extra}'
            f'{" checked" if value else ""}> {escape(_(_LABELS[name]))}</label>')


def form_values(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Settings from the form's raw values (strings and booleans) -> typed values."""
    out: dict[str, Any] = {}
    for name, value in raw.items():
        if name == "people_count" or name.startswith("person_"):
            continue
        if name in ("opponents", "stakes", "draw_limit", "stack", "time_bank"):
            try:
                out[name] = stripdeck.whole_number(value, name)
            except stripdeck.InputError:
                out[name] = value  # storage.validate names the setting and what is wrong
        else:
            out[name] = value
    if "people_count" in raw:
        out["people"] = people_from_form(raw, list(raw.get("people") or ["You"]))
    return out
