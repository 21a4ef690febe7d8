"""History's panel as HTML text: the session's hands with their results and Replay buttons, a hand
replayed step by step, and why a shared device withholds the exports (with ending the session).

Pure string building (tested on CPython), like :mod:`render` (the table), whose ``attr`` it uses;
main.py puts the text into the page. Every control carries its command in ``data-cmd``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from stripdeck.i18n import _, ngettext, number, pgettext

from .presenter import YOU
from .render import attr


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
