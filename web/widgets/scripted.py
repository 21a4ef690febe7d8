"""The scripted-hand widget: a scenario JSON -> every frame precomputed (table + captions).

Frame 0 is the deal (forced bets and cards); frame k is the table after the scenario's
k-th action. The controls only switch between frames. Optional scenario keys, ignored by
the engine: ``title``, ``description``, ``names`` (one per seat) and ``captions`` (a list
of notes by frame number, or an object {"frame number": note}).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stripdeck import (
    Event,
    HandState,
    IllegalAction,
    InputError,
    ScenarioError,
    apply,
    describe_event,
    i18n,
    phase_name,
    play_scenario,
    whole_number,
)
from stripdeck.i18n import _, npgettext, pgettext
from stripdeck.inputs import shown
from stripdeck.view import player_view

from .cardface import back_html, card_html, esc
from .params import WidgetError


@dataclass(frozen=True)
class SeatModel:
    """One seat in a frame, as the widget draws it."""

    name: str
    stack: int
    bet: int
    cards: tuple[Any, ...] | None   # Cards face up, or None for face down
    card_count: int
    folded: bool
    all_in: bool
    button: bool
    to_act: bool
    drawn: int | None
    won: int


@dataclass(frozen=True)
class Frame:
    """One step of the hand: the table and the sentences describing what just happened."""

    number: int
    phase: str
    seats: tuple[SeatModel, ...]
    pots: tuple[tuple[int, tuple[str, ...]], ...]
    stub: int
    captions: tuple[str, ...]
    note: str
    action: str


def seat_names(scenario: Mapping[str, Any], count: int) -> list[str]:
    """The scenario's names, else Seat 1, Seat 2, ..."""
    names = scenario.get("names")
    if names is None:
        return [_("Seat {number}", number=i + 1) for i in range(count)]
    if (not isinstance(names, list) or len(names) != count
            or not all(isinstance(n, str) and n.strip() for n in names)):
        # TRANSLATORS: "names" is the scenario's key (JSON, not translated); {count} is its number of seats.
        raise WidgetError(_('names: give one name per seat ({count}), like ["Ann", "Bob"]', count=count))
    return [n.strip() for n in names]


def _notes(scenario: Mapping[str, Any], frames: int) -> dict[int, str]:
    captions = scenario.get("captions")
    if captions is None:
        return {}
    items: list[tuple[Any, Any]]
    if isinstance(captions, list):
        items = list(enumerate(captions))
    elif isinstance(captions, dict):
        items = list(captions.items())
    else:
        # TRANSLATORS: "captions" is the scenario's key (JSON, not translated).
        raise WidgetError(_('captions: a list of notes by frame, or an object {example}',
                            example='{"frame": note}'))
    notes: dict[int, str] = {}
    for key, text in items:
        if text is None:
            continue
        try:
            number = whole_number(key, "a frame", 0, frames - 1)
        except InputError:
            number = -1
        if number < 0 or not isinstance(text, str):
            raise WidgetError(_("captions: {key} is not a frame from 0 to {last} with a text note", key=shown(key),
                                last=frames - 1))
        notes[number] = text
    return notes


def _captions(events: Sequence[Event], names: list[str], faceup: bool, you: int | None = None) -> list[str]:
    lines: list[str] = []
    dealt = False
    for index, event in enumerate(events):
        if event.kind in ("deal", "receive", "discard") and not faceup:
            event = event._replace(cards=())
        if event.kind == "deal" and not faceup:
            if not dealt:
                lines.append(_("The cards are dealt."))
            dealt = True
            continue
        if event.kind == "divide":
            sharers = [names[e.seat] for e in events[index + 1:] if e.kind == "win"
                       and e.pot == event.pot and e.info == "split" and e.seat is not None]
            # TRANSLATORS: {players} are the names of the players who share the pot ("Ann and Bob").
            if not event.pot:
                lines.append(_("The main pot ({amount}) is split between {players}.", amount=event.amount or 0,
                               players=i18n.join(sharers)))
            else:
                lines.append(_("Side pot {pot} ({amount}) is split between {players}.", pot=event.pot,
                               amount=event.amount or 0, players=i18n.join(sharers)))
            continue
        line = describe_event(event, names, you=you)
        if line:
            lines.append(line)
    return lines


def _frame(state: HandState, events: Sequence[Event], number: int, names: list[str],
           faceup: bool, note: str, action: str, viewer: int | None = None, you: int | None = None) -> Frame:
    view = player_view(state, viewer)  # a spectator's view, or ``viewer``'s: their own cards too
    won: dict[int, int] = {}
    for event in events:
        if event.kind == "win" and event.seat is not None:
            won[event.seat] = won.get(event.seat, 0) + (event.amount or 0)
    seats = []
    for i, (seat, seen) in enumerate(zip(state.seats, view.seats)):
        cards = seat.hand if faceup else seen.hand
        seats.append(SeatModel(names[i], seat.stack, seat.bet, cards, len(seat.hand), seat.folded,
                               seat.all_in, i == state.button, i == state.to_act, seat.drawn, won.get(i, 0)))
    pots = tuple((p.amount, tuple(names[i] for i in p.eligible)) for p in view.pots)
    return Frame(number, state.phase, tuple(seats), pots, len(state.stub),
                 tuple(_captions(events, names, faceup, you)), note, action)


def build_frames(scenario: Any, faceup: bool = False, viewer: int | None = None,
                 you: int | None = None) -> tuple[str, str, list[Frame]]:
    """(title, description, frames) of a scenario; WidgetError says what is wrong with it.
    ``viewer``: the seat whose own cards are face up too (the game page's replay of your hand);
    ``you``: the seat the captions speak to ("You fold.")."""
    if not isinstance(scenario, Mapping):
        # TRANSLATORS: {keys} are a scenario's JSON keys (not translated).
        raise WidgetError(_("a scenario is a JSON object with {keys} ...", keys="stacks, button, deck, actions"))
    try:
        play_scenario(scenario)  # the engine's own checks and messages, for the whole script
        state = play_scenario({**scenario, "actions": []})
    except ScenarioError as err:
        # TRANSLATORS: {problem} is the engine's message saying what is wrong with the scenario.
        raise WidgetError(_("the scenario does not play: {problem}", problem=str(err))) from None
    actions = list(scenario.get("actions", []))
    names = seat_names(scenario, len(state.seats))
    notes = _notes(scenario, len(actions) + 1)
    if viewer is not None and not 0 <= viewer < len(state.seats):
        raise WidgetError(_("viewer: {value} is not a seat of the scenario", value=shown(viewer)))
    frames = [_frame(state, state.log, 0, names, faceup, notes.get(0, ""), "", viewer, you)]
    for number, action in enumerate(actions, 1):
        try:
            state, events = apply(state, action)
        except IllegalAction as err:  # play_scenario passed, so this cannot happen
            raise WidgetError(_("actions[{index}] '{action}': {problem}", index=str(number - 1), action=str(action),
                                problem=str(err))) from None
        frames.append(_frame(state, events, number, names, faceup, notes.get(number, ""), str(action), viewer, you))
    title = scenario.get("title")
    description = scenario.get("description")
    return (title if isinstance(title, str) else _("A scripted hand"),
            description if isinstance(description, str) else "", frames)


def _seat_html(seat: SeatModel) -> str:
    classes = ["sd-seat"]
    if seat.folded:
        classes.append("sd-folded")
    if seat.to_act:
        classes.append("sd-to-act")
    if seat.won:
        classes.append("sd-winner")
    folded = pgettext("seat", "folded")
    if seat.folded and seat.cards is None:
        cards = f'<span class="sd-muted">{esc(folded)}</span>'
    elif seat.cards is None:
        cards = "".join(back_html() for _n in range(seat.card_count))
    else:
        cards = "".join(card_html(c) for c in seat.cards)
    tags = []
    if seat.button:
        # TRANSLATORS: the letter on the dealer button (D for dealer).
        mark, title, name = pgettext("dealer button", "D"), _("Dealer button"), _("dealer button")
        tags.append(f'<span class="sd-button" title="{esc(title)}" aria-label="{esc(name)}">{esc(mark)}</span>')
    if seat.all_in:
        tags.append(_tag(pgettext("seat", "all in")))
    if seat.folded:
        tags.append(_tag(folded))
    if seat.drawn is not None:
        drew = (pgettext("seat", "stood pat") if seat.drawn == 0
                else npgettext("seat", "drew {n}", "drew {n}", seat.drawn))
        tags.append(_tag(drew))
    if seat.to_act:
        tags.append(_tag(pgettext("seat", "to act"), " sd-turn"))
    if seat.won:
        won = pgettext("seat", "wins {amount}", amount=seat.won)
        tags.append(f'<span class="sd-badge">{esc(won)}</span>')
    bet = ""
    if seat.bet:
        bet_words = pgettext("seat", "bet {amount}", amount=seat.bet)
        bet = f'<span class="sd-bet">{esc(bet_words)}</span>'
    stack = esc(pgettext("seat", "stack {amount}", amount=seat.stack))
    return (f'<div class="{" ".join(classes)}" role="group" aria-label="{esc(seat.name)}">'
            f'<div class="sd-seat-head"><strong>{esc(seat.name)}</strong> {"".join(tags)}</div>'
            f'<div class="sd-hand">{cards}</div>'
            f'<div class="sd-chips">{stack} {bet}</div></div>')


def _pot_words(index: int, amount: int, who: tuple[str, ...], several: bool) -> str:
    players = ", ".join(who)
    if index == 0:
        if several:
            # TRANSLATORS: {players} are the names of the players who can win this pot, separated by commas.
            return _("main pot {amount} ({players})", amount=amount, players=players)
        return _("main pot {amount}", amount=amount)
    if several:
        return _("side pot {pot}: {amount} ({players})", pot=index, amount=amount, players=players)
    return _("side pot {pot}: {amount}", pot=index, amount=amount)


def _tag(text: str, extra: str = "") -> str:
    return f'<span class="sd-tag{extra}">{esc(text)}</span>'


def frame_html(frame: Frame, total: int) -> str:
    """One frame: the seats, the pots, and the captions."""
    seats = "".join(_seat_html(s) for s in frame.seats)
    if frame.pots:
        pots = " · ".join(esc(_pot_words(i, amount, who, len(frame.pots) > 1))
                          for i, (amount, who) in enumerate(frame.pots))
    else:
        pots = esc(_("no chips in the middle yet"))
    if frame.number == 0:
        step = _("Step {number} of {last}: the deal", number=frame.number, last=total - 1)
    else:
        # TRANSLATORS: {action} is the action as the scenario writes it ("raise 7", "call"): not translated.
        step = _("Step {number} of {last}: {action}", number=frame.number, last=total - 1, action=frame.action)
    note = f'<p class="sd-note">{esc(frame.note)}</p>' if frame.note else ""
    captions = "".join(f"<li>{esc(c)}</li>" for c in frame.captions)
    phase = phase_name(frame.phase)
    # TRANSLATORS: {count} is how many cards are left in the stub (the undealt part of the deck).
    stub = _("stub {count}", count=frame.stub)
    return (f'<div class="sd-frame-info"><span>{esc(step)}</span>'
            f"<span>{esc(phase)}</span><span>{esc(stub)}</span></div>"
            f'<div class="sd-table">{seats}</div><p class="sd-pots">{pots}</p>{note}'
            f'<ul class="sd-captions">{captions}</ul>')


def render(title: str, description: str, frames: list[Frame]) -> tuple[str, list[str]]:
    """The widget shell (with frame 0 in place) and every frame's HTML."""
    pages = [frame_html(f, len(frames)) for f in frames]
    intro = f'<p class="sd-intro">{esc(description)}</p>' if description else ""
    back, play, nxt = pgettext("playback", "Back"), pgettext("playback", "Play"), pgettext("playback", "Next")
    label, back_label, next_label = _("Scripted hand"), _("Back one step"), _("Next step")
    shell = (f'<section class="sd-widget sd-scenario" aria-label="{esc(label)}">'
             f"<h2>{esc(title)}</h2>{intro}"
             '<div class="sd-controls sd-player">'
             f'<button type="button" data-do="back" aria-label="{esc(back_label)}">◀ {esc(back)}</button>'
             f'<button type="button" data-do="play" aria-label="{esc(play)}">▶ {esc(play)}</button>'
             f'<button type="button" data-do="next" aria-label="{esc(next_label)}">{esc(nxt)} ▶</button></div>'
             f'<div class="sd-frame" data-part="frame">{pages[0]}</div>'
             '<p class="sd-live" data-part="live" aria-live="polite"></p></section>')
    return shell, pages
