"""The Friends panel as HTML text: hosting a table for friends, and joining one as a guest.

Pure string building (tested on CPython), like render.py. Every control carries its command
in ``data-cmd``; invitation links and reply codes are shown in read-only boxes with a Copy
button and, for links, a QR code drawn in the page (web/friends/qr.py).

Every word comes from the catalogue, in the language of the page that shows it (a guest's page
and its host's may differ). A seat is named by its guest's name once they joined, else by its
number ("Seat 3"): each case is its own sentence, so a translation can word them differently.
(Babel does not look inside f-strings: sentences are made before the HTML around them.)
"""
# l10n-part: friends (this file's sentences load with play with friends: docs/i18n.md, "Bytes")

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from stripdeck.i18n import NP_, _, ngettext, pgettext

from . import qr

Label = str | int  # a guest seat as the host's panel names it: its guest's name, or its number (1-5)

# The status of an invitation, in its heading.
STATUS = {
    "making": NP_("invitation status", "Making the invitation…"),
    "waiting": NP_("invitation status", "Waiting for the reply code"),
    "connected": NP_("invitation status", "Connected"),
    "away": NP_("invitation status", "Away: send them this new link to rejoin"),
}

# A row of the roster ("At the table"): (kind, connected) -> its sentence, with the seat's name.
ROSTER = {
    ("host", True): NP_("roster", "{name} (host) connected"),
    ("bot", True): NP_("roster", "{name} (bot) connected"),
    ("guest", True): NP_("roster", "{name} connected"),
    ("guest", False): NP_("roster", "{name} away"),
}

# The presets' names in the hosting form's note (a preset not listed here shows its key).
PRESETS = {"online": NP_("preset", "online"), "official": NP_("preset", "official"),
           "cardroom": NP_("preset", "cardroom"), "bosnian": NP_("preset", "bosnian")}


@dataclass(frozen=True)
class Invitation:
    """One guest seat as the host's panel shows it."""

    link: str                     # the transport's id for the seat ("s1")
    label: Label                  # the guest's name once they said hello, else the seat's number
    url: str                      # the invitation link ('' while it is being made)
    status: str                   # "waiting" | "connected" | "away" | "making"
    error: str = ""               # what was wrong with the last reply code pasted
    needs_reply: bool = True      # WebRTC: the guest's reply code must be pasted here


def attr(value: object) -> str:
    return escape(str(value), quote=True)


def _markup(sentence: str, **html: str) -> str:
    """A translated sentence (from ``_()`` without values) as HTML: its words escaped, its
    placeholders filled with ``html`` (markup made here, its own text already escaped).

    >>> _markup("Use {code} here & now.", code="<code>stun:</code>")
    'Use <code>stun:</code> here &amp; now.'
    """
    return escape(sentence, quote=False).format_map(html)


def seat_label(label: Label) -> str:
    """A guest seat's heading: its guest's name, or "Seat 3"."""
    return label if isinstance(label, str) else _("Seat {number}", number=label)


def _copy_box(name: str, label: str, value: str, rows: int = 3) -> str:
    copy = pgettext("button", "Copy")
    return (f'<label class="code-box">{escape(label)}<textarea id="{attr(name)}" rows="{rows}" readonly '
            f'spellcheck="false">{escape(value)}</textarea></label>'
            f'<button type="button" class="act" data-cmd="copy-code" data-target="{attr(name)}">'
            f'{escape(copy)}</button>')


def default_host_name() -> str:
    """The name a host who gives none plays under."""
    # TRANSLATORS: the name of the person hosting a table when they give none (at most 20 characters).
    return pgettext("default name", "Host")


def setup_html(settings: Mapping[str, Any], name: str | None = None, friends: int = 1, bots: int = 0,
               transport: str = "webrtc", ice: str = "", error: str = "", confirm: bool = False) -> str:
    """The form that starts hosting: your name, seats for friends and bots, the connection
    (``confirm``: a hand is in play, which hosting would end: asked first, as Settings does)."""
    name = default_host_name() if name is None else name
    friend_opts = "".join(f'<option value="{n}"{" selected" if n == friends else ""}>{n}</option>'
                          for n in range(1, 5))
    bot_opts = "".join(f'<option value="{n}"{" selected" if n == bots else ""}>{n}</option>'
                       for n in range(0, 4))
    checked = {"webrtc": "", "broadcast": ""}
    checked[transport if transport in checked else "webrtc"] = " checked"
    words = {
        "intro": _("Play with friends on their own phones or computers. There is no game server: your page "
                   "deals, and each friend's page connects straight to yours. Each friend gets an invitation "
                   "link; their page then shows a reply code, which they send back to you; paste it here and "
                   "they are seated."),
        "name": _("Your name"),
        "friends": pgettext("number of friends", "Friends"),
        "bots": pgettext("number of bots", "Bots"),
        "connection": _("Connection"),
        "webrtc": _("Direct between devices (WebRTC)"),
        "broadcast": _("Tabs of this browser (to try it alone)"),
        "network": _("Without a server here, devices connect on the same network (Wi-Fi at home). Across the "
                     "Internet most connections need a STUN server, and some need TURN."),
    }
    servers = _markup(_("STUN/TURN servers (optional, one per line: {stun} or {turn})"),
                      stun="<code>stun:host:port</code>", turn="<code>turn:host:port user password</code>")
    preset = str(settings["preset"])
    # TRANSLATORS: {preset} is the name of the rules preset chosen in Settings (online, official, cardroom).
    follows = _("The game follows your settings ({preset} preset); change them in Settings first.",
                preset=pgettext(*PRESETS[preset]) if preset in PRESETS else preset)
    if confirm:
        asked = _("A hand is being played. Hosting starts a new table for you and your friends: it ends that "
                  "hand and gives everyone new stacks.")
        end, keep = _("End this hand and create the table"), _("Keep playing")
        ask = (f'<div class="confirm" role="alert"><p>{escape(asked)}</p>'
               f'<button type="submit" class="act primary" data-cmd="host-start" data-confirmed="1">{escape(end)}'
               f'</button><button type="button" class="act" data-cmd="keep-playing">{escape(keep)}</button></div>')
    else:
        create = _("Create the table and invitations")
        ask = f'<button type="submit" class="act primary" data-cmd="host-start">{escape(create)}</button>'
    w = {k: escape(v) for k, v in words.items()}
    return (
        f'<p class="muted">{w["intro"]}</p>'
        '<form id="host-form" class="settings" data-form="host">'
        f'<label>{w["name"]}<input name="host_name" type="text" maxlength="20" value="{attr(name)}"></label>'
        f'<label>{w["friends"]}<select name="friends">{friend_opts}</select></label>'
        f'<label>{w["bots"]}<select name="bots">{bot_opts}</select></label>'
        f'<fieldset><legend>{w["connection"]}</legend>'
        f'<label class="check"><input type="radio" name="transport" value="webrtc"{checked["webrtc"]}> '
        f'{w["webrtc"]}</label>'
        f'<label class="check"><input type="radio" name="transport" value="broadcast"{checked["broadcast"]}> '
        f'{w["broadcast"]}</label>'
        f'<label>{servers}<textarea name="ice" rows="2" spellcheck="false">{escape(ice)}</textarea></label>'
        f'<p class="muted">{w["network"]}</p></fieldset>'
        f'<p class="error" role="alert">{escape(error)}</p>'
        f'{ask}<p class="muted">{escape(follows)}</p></form>')


def hosting_html(invitations: Sequence[Invitation], roster: Sequence[Mapping[str, Any]],
                 chat: Sequence[tuple[str, str]], dealt: bool, dropped: int) -> str:
    """The host's panel: an invitation per guest seat, who is here, the chat."""
    parts = []
    for inv in invitations:
        parts.append(_invitation_html(inv))
    if not dealt:
        deal, note = _("Deal the first hand"), _("Seats whose friend has not joined by then are taken away.")
        parts.append(f'<button type="button" class="act primary" data-cmd="host-deal">{escape(deal)}</button>'
                     f'<p class="muted">{escape(note)}</p>')
    parts.append(roster_html(roster))
    parts.append(chat_html(chat))
    if dropped:
        words = ngettext("{n} malformed or forged message dropped.", "{n} malformed or forged messages dropped.",
                         dropped)
        parts.append(f'<p class="muted" id="dropped">{escape(words)}</p>')
    stop = _("Stop hosting")
    parts.append(f'<button type="button" class="act" data-cmd="host-stop">{escape(stop)}</button>')
    return "".join(parts)


def _invitation_html(inv: Invitation) -> str:
    status = pgettext(*STATUS[inv.status]) if inv.status in STATUS else inv.status
    head = (f'<h3>{escape(seat_label(inv.label))} <span class="status-{attr(inv.status)}">'
            f'{escape(status)}</span></h3>')
    if inv.status == "connected" or not inv.url:
        return f'<section class="invitation" data-link="{attr(inv.link)}">{head}</section>'
    label = (_("QR code of the invitation for {name}", name=inv.label) if isinstance(inv.label, str)
             else _("QR code of the invitation for Seat {number}", number=inv.label))
    code = qr.svg(qr.encode(inv.url, "L"), module=3, label=label)
    reply = ""
    if inv.needs_reply:
        theirs, seat_them = _("Their reply code"), _("Seat them")
        reply = (f'<label class="code-box">{escape(theirs)}<textarea id="reply-{attr(inv.link)}" name="reply" rows="2" '
                 f'spellcheck="false" data-link="{attr(inv.link)}"></textarea></label>'
                 f'<button type="button" class="act primary" data-cmd="host-accept" data-link="{attr(inv.link)}">'
                 f'{escape(seat_them)}</button><p class="error" role="alert">{escape(inv.error)}</p>')
    step_one = _("1. Send this link to your friend (any messenger), or let them scan the code.")
    step_two = _("2. Their page gives them a reply code: paste it here.")
    return (f'<section class="invitation" data-link="{attr(inv.link)}">{head}'
            f'<p class="muted">{escape(step_one)}</p>'
            + _copy_box(f"invite-{inv.link}", _("Invitation link"), inv.url)
            + f'<div class="qr">{code}</div>'
            + (f'<p class="muted">{escape(step_two)}</p>' if inv.needs_reply else "")
            + reply + "</section>")


def reply_refusal(code: str, values: Mapping[str, Any], words: str, seats: Mapping[str, Label]) -> str:
    """The transport's refusal of a pasted reply code (web/page/net.js: its error's ``code`` and
    ``values``, and ``words``, what it says itself), in the host's panel's words: seats by their
    guest's name or their number, never by the transport's link ids ("s2").

    >>> seats = {"s1": "Zoë", "s2": 3}
    >>> reply_refusal("other-seat", {"seat": "s1", "other": "s2"}, "", seats)
    "This reply code answers Seat 3's invitation, not Zoë's: paste it in Seat 3's box."
    >>> reply_refusal("damaged", {}, "This code is damaged.", seats)
    'This code is damaged.'
    """
    seat = seats.get(str(values.get("seat", "")))
    other = seats.get(str(values.get("other", "")))
    if code == "older-reply" and seat is not None:
        if isinstance(seat, str):
            return _("This reply code answers an older invitation for {name}. Send {name} the newest link above "
                     "and paste here the reply code it gives.", name=seat)
        return _("This reply code answers an older invitation for Seat {number}. Send your friend the newest "
                 "link above and paste here the reply code it gives.", number=seat)
    if code == "other-table":  # or from before this page reloaded
        return _("This reply code answers an invitation this page no longer has (one made before this page "
                 "reloaded, or another table's). Send your friend the newest link above and paste here the reply "
                 "code it gives.")
    if code == "other-seat" and seat is not None and other is not None:
        return _other_seat(other, seat)
    if code == "already-connected" and seat is not None:
        return (_("{name}'s seat is already connected.", name=seat) if isinstance(seat, str)
                else _("Seat {number} is already connected.", number=seat))
    if code == "no-connection" and seat is not None and "seconds" in values:
        seconds = values["seconds"]
        if isinstance(seat, str):
            return _("No connection to {name}'s seat after {seconds} s: the two networks may not allow a direct "
                     "connection. Invite the seat again.", name=seat, seconds=seconds)
        return _("No connection to Seat {number} after {seconds} s: the two networks may not allow a direct "
                 "connection. Invite the seat again.", number=seat, seconds=seconds)
    return words


def _other_seat(theirs: Label, mine: Label) -> str:
    """A reply pasted in another seat's box: the seat it answers, and this one."""
    if isinstance(theirs, str) and isinstance(mine, str):
        return _("This reply code answers {theirs}'s invitation, not {mine}'s: paste it in {theirs}'s box.",
                 theirs=theirs, mine=mine)
    if isinstance(theirs, str):
        return _("This reply code answers {theirs}'s invitation, not Seat {number}'s: paste it in {theirs}'s box.",
                 theirs=theirs, number=mine)
    if isinstance(mine, str):
        return _("This reply code answers Seat {number}'s invitation, not {mine}'s: paste it in Seat {number}'s "
                 "box.", number=theirs, mine=mine)
    return _("This reply code answers Seat {theirs}'s invitation, not Seat {mine}'s: paste it in Seat {theirs}'s "
             "box.", theirs=theirs, mine=mine)


def _row(sentence: str, name: str, css: str) -> str:
    """A roster row: its sentence (``{name}`` in it) with the seat's name as it is and the rest
    of the words styled as the seat's status."""
    before, _name, after = sentence.partition("{name}")

    def styled(text: str) -> str:
        words = text.strip()
        if not words:
            return text
        lead, trail = text[:len(text) - len(text.lstrip())], text[len(text.rstrip()):]
        return f'{lead}<span class="{css}">{escape(words)}</span>{trail}'

    return styled(before) + (escape(name) if _name else "") + styled(after)


def roster_html(roster: Sequence[Mapping[str, Any]]) -> str:
    """Who sits at the table, and who is connected (each seat one sentence)."""
    rows = []
    for r in roster:
        if r["kind"] == "open":  # invited, never joined: not "away" (that is a guest who was here)
            words = _("Seat {number} invited, not joined yet", number=r["seat"] + 1)
            rows.append(f'<li><span class="off">{escape(words)}</span></li>')
            continue
        key = (r["kind"], bool(r["connected"]) or r["kind"] != "guest")
        rows.append(f'<li>{_row(pgettext(*ROSTER[key]), r["name"], "on" if key[1] else "off")}</li>')
    title = _("At the table")
    return f'<h3>{escape(title)}</h3><ul class="roster" id="roster">{"".join(rows)}</ul>'


def chat_html(lines: Sequence[tuple[str, str]]) -> str:
    """Table chat: the last lines (escaped) and a box to write in."""
    # TRANSLATORS: a chat line: {name} is who wrote it, {text} their own words.
    line = _("{name}: {text}")
    items = "".join(f"<li>{_markup(line, name=f'<b>{escape(who)}</b>', text=escape(text))}</li>"
                    for who, text in lines[-20:])
    title, box, send = _("Chat"), _("Message to the table"), pgettext("button", "Send")
    return (f'<h3>{escape(title)}</h3>'
            f'<ol class="chat" id="chat-lines" aria-live="polite">{items}</ol>'
            '<form class="chat-form" data-form="chat"><input name="chat" type="text" maxlength="200" '
            f'aria-label="{attr(box)}" autocomplete="off">'
            f'<button type="submit" class="act" data-cmd="chat-send">{escape(send)}</button></form>')


def used_link_words() -> str:
    """What a page says when it opens an invitation it was already seated through."""
    return _("You have already joined with this invitation link, and a link seats you only once. Ask the host "
             "for a new link to your seat (their Friends panel makes one as soon as your page has left the table), "
             "then open that link.")


def join_html(stage: str, name: str = "", reply: str = "", error: str = "", roster: Sequence[Mapping[str, Any]] = (),
              chat: Sequence[tuple[str, str]] = (), verdict: str = "", used: bool = False, show: bool = False) -> str:
    """A guest's panel: give a name, send the reply code back, then who is here and the chat
    (``used``: this page has been seated through this invitation before, which cannot seat it again;
    ``show``: the guest chose to show a losing hand, the checkbox sent to the host as a ``show`` message)."""
    if stage == "name" and used:
        return f'<p class="error" role="alert" id="used-link">{escape(used_link_words())}</p>'
    if stage == "name":
        invited = _("You are invited to a Stripdeck table (32-card draw poker). Your page connects straight to the "
                    "host's: no server in between.")
        your_name, join = _("Your name"), _("Join the table")
        return (f'<p>{escape(invited)}</p>'
                '<form class="settings" data-form="join">'
                f'<label>{escape(your_name)}<input name="guest_name" type="text" maxlength="20" value="{attr(name)}" '
                'autocomplete="nickname"></label>'
                f'<p class="error" role="alert">{escape(error)}</p>'
                f'<button type="submit" class="act primary" data-cmd="guest-join">{escape(join)}</button></form>')
    if stage == "connecting":
        connecting = _("Connecting…")
        return f'<p>{escape(connecting)}</p>'
    if stage == "reply":
        # TRANSLATORS: {strong} and {end} mark the words shown in bold; keep both.
        send = _markup(_("{strong}Send this reply code back to the host{end}, by the same messenger the invitation "
                         "came with. When they paste it, you are seated. If the host says it answers an older "
                         "invitation, ask them for the newest link to your seat and open that one."),
                       strong="<b>", end="</b>")
        qr_label = _("QR code of your reply code")
        return (f'<p>{send}</p>'
                + _copy_box("reply-code", _("Your reply code"), reply)
                + f'<div class="qr">{qr.svg(qr.encode(reply, "L"), module=3, label=qr_label)}</div>'
                + f'<p class="error" role="alert">{escape(error)}</p>')
    parts = []
    if verdict:
        parts.append(f'<p class="verdict" id="verdict">{escape(verdict)}</p>')
    parts.append(roster_html(roster))
    parts.append(chat_html(chat))
    if stage == "seated":
        showing, leave = (_("Show your hand at showdown even when it loses (from the next hand)"),
                          _("Leave the table after this hand"))
        parts.append('<label class="check"><input type="checkbox" data-cmd="guest-show" name="guest_show"'
                     f'{" checked" if show else ""}> {escape(showing)}</label>')
        parts.append(f'<button type="button" class="act" data-cmd="guest-leave">{escape(leave)}</button>')
    return "".join(parts)


def parse_ice(text: str) -> list[dict[str, str]]:
    """STUN/TURN servers from the host's field: one per line, ``url [user password]``.

    >>> parse_ice("stun:stun.example.org:3478")
    [{'urls': 'stun:stun.example.org:3478'}]
    >>> parse_ice("turn:t.example.org:3478 me secret")[0]["credential"]
    'secret'
    >>> parse_ice("http://x")
    Traceback (most recent call last):
    ...
    ValueError: line 1: a server starts with stun:, stuns:, turn: or turns:, got 'http://x'
    """
    servers = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words:
            continue
        url = words[0]
        if not url.startswith(("stun:", "stuns:", "turn:", "turns:")) or len(url) > 200:
            # TRANSLATORS: {number} is a line of the servers box, {text} the start of what was written there.
            raise ValueError(_("line {number}: a server starts with stun:, stuns:, turn: or turns:, got {text}",
                               number=number, text=repr(url[:40])))
        if len(words) not in (1, 3):
            raise ValueError(_("line {number}: give a URL, or a URL, a user name and a password", number=number))
        server = {"urls": url}
        if len(words) == 3:
            server.update(username=words[1], credential=words[2])
        servers.append(server)
    if len(servers) > 5:
        raise ValueError(_("at most {limit} servers", limit=5))
    return servers
