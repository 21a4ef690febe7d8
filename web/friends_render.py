"""The Friends panel as HTML text: hosting a table for friends, and joining one as a guest.

Pure string building (tested on CPython), like render.py. Every control carries its command
in ``data-cmd``; invitation links and reply codes are shown in read-only boxes with a Copy
button and, for links, a QR code drawn in the page (web/qr.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import qr

KINDS = {"host": "host", "bot": "bot", "guest": "", "open": ""}

# The transport (web/net.js) names seats by their link id ('seat "s2"'); the host reads names.
SEAT_ID = re.compile(r'[Ss]eat "([^"]{1,64})"')
OLDER = re.compile(r'^This reply is for an older invitation of seat "([^"]{1,64})"')
OTHER = re.compile(r'^This reply is for the invitation of seat "([^"]{1,64})", not seat "([^"]{1,64})"')


@dataclass(frozen=True)
class Invitation:
    """One guest seat as the host's panel shows it."""

    link: str                     # the transport's id for the seat ("s1")
    seat_name: str                # "Seat 2", or the guest's name once they said hello
    url: str                      # the invitation link ('' while it is being made)
    status: str                   # "waiting" | "connected" | "away" | "making"
    error: str = ""               # what was wrong with the last reply code pasted
    needs_reply: bool = True      # WebRTC: the guest's reply code must be pasted here


def attr(value: object) -> str:
    return escape(str(value), quote=True)


def _copy_box(name: str, label: str, value: str, rows: int = 3) -> str:
    return (f'<label class="code-box">{escape(label)}<textarea id="{attr(name)}" rows="{rows}" readonly '
            f'spellcheck="false">{escape(value)}</textarea></label>'
            f'<button type="button" class="act" data-cmd="copy-code" data-target="{attr(name)}">Copy</button>')


def setup_html(settings: Mapping[str, Any], name: str = "Host", friends: int = 1, bots: int = 0,
               transport: str = "webrtc", ice: str = "", error: str = "", confirm: bool = False) -> str:
    """The form that starts hosting: your name, seats for friends and bots, the connection
    (``confirm``: a hand is in play, which hosting would end: asked first, as Settings does)."""
    friend_opts = "".join(f'<option value="{n}"{" selected" if n == friends else ""}>{n}</option>'
                          for n in range(1, 5))
    bot_opts = "".join(f'<option value="{n}"{" selected" if n == bots else ""}>{n}</option>'
                       for n in range(0, 4))
    checked = {"webrtc": "", "broadcast": ""}
    checked[transport if transport in checked else "webrtc"] = " checked"
    return (
        '<p class="muted">Play with friends on their own phones or computers. There is no game server: '
        'your page deals, and each friend\'s page connects straight to yours. Each friend gets an '
        'invitation link; their page then shows a reply code, which they send back to you; paste it '
        'here and they are seated.</p>'
        '<form id="host-form" class="settings" data-form="host">'
        f'<label>Your name<input name="host_name" type="text" maxlength="20" value="{attr(name)}"></label>'
        f'<label>Friends<select name="friends">{friend_opts}</select></label>'
        f'<label>Bots<select name="bots">{bot_opts}</select></label>'
        '<fieldset><legend>Connection</legend>'
        f'<label class="check"><input type="radio" name="transport" value="webrtc"{checked["webrtc"]}> '
        'Direct between devices (WebRTC)</label>'
        f'<label class="check"><input type="radio" name="transport" value="broadcast"{checked["broadcast"]}> '
        'Tabs of this browser (to try it alone)</label>'
        '<label>STUN/TURN servers (optional, one per line: <code>stun:host:port</code> or '
        '<code>turn:host:port user password</code>)'
        f'<textarea name="ice" rows="2" spellcheck="false">{escape(ice)}</textarea></label>'
        '<p class="muted">Without a server here, devices connect on the same network (Wi-Fi at home). '
        'Across the Internet most connections need a STUN server, and some need TURN.</p></fieldset>'
        f'<p class="error" role="alert">{escape(error)}</p>'
        + (('<div class="confirm" role="alert"><p>A hand is being played. Hosting starts a new table for you and '
            'your friends: it ends that hand and gives everyone new stacks.</p>'
            '<button type="submit" class="act primary" data-cmd="host-start" data-confirmed="1">'
            'End this hand and create the table</button>'
            '<button type="button" class="act" data-cmd="keep-playing">Keep playing</button></div>') if confirm else
           '<button type="submit" class="act primary" data-cmd="host-start">Create the table and invitations</button>')
        +
        f'<p class="muted">The game follows your settings ({escape(str(settings["preset"]))} preset); '
        'change them in Settings first.</p></form>')


def hosting_html(invitations: Sequence[Invitation], roster: Sequence[Mapping[str, Any]],
                 chat: Sequence[tuple[str, str]], dealt: bool, dropped: int) -> str:
    """The host's panel: an invitation per guest seat, who is here, the chat."""
    parts = []
    for inv in invitations:
        parts.append(_invitation_html(inv))
    if not dealt:
        parts.append('<button type="button" class="act primary" data-cmd="host-deal">Deal the first hand</button>'
                     '<p class="muted">Seats whose friend has not joined by then are taken away.</p>')
    parts.append(roster_html(roster))
    parts.append(chat_html(chat))
    if dropped:
        parts.append(f'<p class="muted" id="dropped">{dropped} malformed or forged message'
                     f'{"s" if dropped != 1 else ""} dropped.</p>')
    parts.append('<button type="button" class="act" data-cmd="host-stop">Stop hosting</button>')
    return "".join(parts)


def _invitation_html(inv: Invitation) -> str:
    words = {"making": "Making the invitation…", "waiting": "Waiting for the reply code",
             "connected": "Connected", "away": "Away: send them this new link to rejoin"}
    head = (f'<h3>{escape(inv.seat_name)} <span class="status-{attr(inv.status)}">'
            f'{escape(words.get(inv.status, inv.status))}</span></h3>')
    if inv.status == "connected" or not inv.url:
        return f'<section class="invitation" data-link="{attr(inv.link)}">{head}</section>'
    code = qr.svg(qr.encode(inv.url, "L"), module=3, label=f"QR code of the invitation for {inv.seat_name}")
    reply = ""
    if inv.needs_reply:
        reply = (f'<label class="code-box">Their reply code<textarea id="reply-{attr(inv.link)}" rows="2" '
                 f'spellcheck="false" data-link="{attr(inv.link)}"></textarea></label>'
                 f'<button type="button" class="act primary" data-cmd="host-accept" data-link="{attr(inv.link)}">'
                 f'Seat them</button><p class="error" role="alert">{escape(inv.error)}</p>')
    return (f'<section class="invitation" data-link="{attr(inv.link)}">{head}'
            '<p class="muted">1. Send this link to your friend (any messenger), or let them scan the code.</p>'
            + _copy_box(f"invite-{inv.link}", "Invitation link", inv.url)
            + f'<div class="qr">{code}</div>'
            + ('<p class="muted">2. Their page gives them a reply code: paste it here.</p>' if inv.needs_reply else "")
            + reply + "</section>")


def host_words(text: str, names: Mapping[str, str]) -> str:
    """A transport's refusal of a reply code in the host's words: seats by their names.

    >>> names = {"s1": "Zoë", "s2": "Seat 3"}
    >>> host_words('This reply is for an older invitation of seat "s1": your friend must join with the '
    ...            'newest invitation.', names)[:62]
    'This reply code answers an older invitation for Zoë. Send Zoë '
    >>> host_words('This reply is for the invitation of seat "s2", not seat "s1".', names)
    "This reply code answers Seat 3's invitation, not Zoë's: paste it in Seat 3's box."
    >>> host_words('No connection to seat "s9" after 20 s.', names)
    'No connection to another seat after 20 s.'
    """
    def name(link: str) -> str:
        return names.get(link, "")

    older = OLDER.match(text)
    if older and name(older.group(1)):
        who = name(older.group(1))
        return (f"This reply code answers an older invitation for {who}. "
                f"Send {who} the newest link above and paste here the reply code it gives.")
    if text.startswith("This reply is for an invitation from another table."):  # or from before a reload
        return ("This reply code answers an invitation this page no longer has (one made before this page "
                "reloaded, or another table's). Send your friend the newest link above and paste here the reply "
                "code it gives.")
    other = OTHER.match(text)
    if other and name(other.group(1)) and name(other.group(2)):
        theirs, mine = name(other.group(1)), name(other.group(2))
        return f"This reply code answers {theirs}'s invitation, not {mine}'s: paste it in {theirs}'s box."
    return SEAT_ID.sub(lambda m: f"{name(m.group(1))}'s seat" if name(m.group(1)) else "another seat", text)


def roster_html(roster: Sequence[Mapping[str, Any]]) -> str:
    """Who sits at the table, and who is connected."""
    rows = []
    for r in roster:
        kind = f" ({KINDS[r['kind']]})" if KINDS.get(r["kind"]) else ""
        if r["kind"] == "open":  # invited, never joined: not "away" (that is a guest who was here)
            state, css = "invited, not joined yet", "off"
        else:
            state, css = ("connected", "on") if r["connected"] else ("away", "off")
        rows.append(f'<li>{escape(r["name"])}{kind} <span class="{css}">{state}</span></li>')
    rows_html = "".join(rows)
    return f'<h3>At the table</h3><ul class="roster" id="roster">{rows_html}</ul>'


def chat_html(lines: Sequence[tuple[str, str]]) -> str:
    """Table chat: the last lines (escaped) and a box to write in."""
    items = "".join(f"<li><b>{escape(who)}</b>: {escape(text)}</li>" for who, text in lines[-20:])
    return ('<h3>Chat</h3>'
            f'<ol class="chat" id="chat-lines" aria-live="polite">{items}</ol>'
            '<form class="chat-form" data-form="chat"><input name="chat" type="text" maxlength="200" '
            'aria-label="Message to the table" autocomplete="off">'
            '<button type="submit" class="act" data-cmd="chat-send">Send</button></form>')


USED_LINK = ("You have already joined with this invitation link, and a link seats you only once. Ask the host "
             "for a new link to your seat (their Friends panel makes one as soon as your page has left the table), "
             "then open that link.")


def join_html(stage: str, name: str = "", reply: str = "", error: str = "", roster: Sequence[Mapping[str, Any]] = (),
              chat: Sequence[tuple[str, str]] = (), verdict: str = "", used: bool = False, show: bool = False) -> str:
    """A guest's panel: give a name, send the reply code back, then who is here and the chat
    (``used``: this page has been seated through this invitation before, which cannot seat it again;
    ``show``: the guest chose to show a losing hand, the checkbox sent to the host as a ``show`` message)."""
    if stage == "name" and used:
        return f'<p class="error" role="alert" id="used-link">{escape(USED_LINK)}</p>'
    if stage == "name":
        return ('<p>You are invited to a Stripdeck table (32-card draw poker). Your page connects straight to '
                'the host\'s: no server in between.</p>'
                '<form class="settings" data-form="join">'
                f'<label>Your name<input name="guest_name" type="text" maxlength="20" value="{attr(name)}" '
                'autocomplete="nickname"></label>'
                f'<p class="error" role="alert">{escape(error)}</p>'
                '<button type="submit" class="act primary" data-cmd="guest-join">Join the table</button></form>')
    if stage == "connecting":
        return '<p>Connecting…</p>'
    if stage == "reply":
        return ('<p><b>Send this reply code back to the host</b>, by the same messenger the invitation came '
                'with. When they paste it, you are seated. If the host says it answers an older invitation, '
                'ask them for the newest link to your seat and open that one.</p>'
                + _copy_box("reply-code", "Your reply code", reply)
                + f'<div class="qr">{qr.svg(qr.encode(reply, "L"), module=3, label="QR code of your reply code")}</div>'
                + f'<p class="error" role="alert">{escape(error)}</p>')
    parts = []
    if verdict:
        parts.append(f'<p class="verdict" id="verdict">{escape(verdict)}</p>')
    parts.append(roster_html(roster))
    parts.append(chat_html(chat))
    if stage == "seated":
        parts.append('<label class="check"><input type="checkbox" data-cmd="guest-show" name="guest_show"'
                     f'{" checked" if show else ""}> Show your hand at showdown even when it loses '
                     '(from the next hand)</label>')
        parts.append('<button type="button" class="act" data-cmd="guest-leave">Leave the table after this hand'
                     '</button>')
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
            raise ValueError(f"line {number}: a server starts with stun:, stuns:, turn: or turns:, got {url[:40]!r}")
        if len(words) not in (1, 3):
            raise ValueError(f"line {number}: give a URL, or a URL, a user name and a password")
        server = {"urls": url}
        if len(words) == 3:
            server.update(username=words[1], credential=words[2])
        servers.append(server)
    if len(servers) > 5:
        raise ValueError("at most 5 servers")
    return servers
