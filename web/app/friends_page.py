"""Play with friends in the page: the host's and the guest's glue between the table logic
(web/friends/host.py, web/friends/guest.py) and the transport (web/page/net.js), by messages
through web/page/net_port.js (``NetPort``, app/net_port.py); what it keeps in the browser's
storage is app/friends_store.py's.

Pyodide only. What arrives goes to the logic; what the logic returns is sent; the page is
drawn again and the scheduler poked, as for any other change. The transport's errors carry a
``code`` and ``values`` besides their words (web/page/net.js), so the panel can name seats.
"""
# l10n-part: friends (this file's sentences load with play with friends: docs/i18n.md, "Bytes")

import asyncio
import json
from urllib.parse import quote

import stripdeck
from friends import friends_render, host, protocol
from stripdeck.i18n import _
from table import storage

from .friends_store import (
    HOSTING_KEY,
    invitation_from_hash,
    invitation_key,
    remember_invitation,
    storage_token,
    store_guest,
    stored_guest_name,
    stored_guest_show,
    used_invitations,
)
from .net_port import NetPort, error_code, error_text


def page_base(address):
    """The page's ``address`` without its query or fragment (invitation links start with it)."""
    return address["origin"] + address["pathname"]


class FriendsPanel:
    """The page's part for playing with friends: the Friends panel, hosting, joining. The App
    holds one and hands it itself; a table with friends is the App's ``mode`` (HostMode or
    GuestMode, below)."""

    def __init__(self, app):
        self.app = app
        self.form = {}  # what the host typed in the panel's form (kept while the panel is drawn again)

    def render(self):
        """The Friends panel: hosting, joining, or the form to start hosting."""
        app = self.app
        if not app.need("friends"):
            return  # drawn once its words are here (page/main.App.need); until then it says the game is loading
        if app.mode is not None:
            app.mode.render()
        else:
            app.patch.html("friends-body", friends_render.setup_html(app.ctl.settings, **self.form))

    def on_form(self, kind, fields, confirmed=False):
        """A form of the panel sent: ``fields`` its named controls' values (page_input's message)."""
        app = self.app
        if kind == "chat":
            text = str(fields.get("chat", "")).strip()
            if text and app.mode is not None:
                app.mode.say(text)
                app.patch.prop('#friends-body input[name="chat"]', "value", "")
        elif kind == "join" and isinstance(app.mode, GuestMode):
            asyncio.ensure_future(app.mode.join(form_value(fields, "guest_name")))
        elif kind == "host" and app.mode is None:
            self.start_hosting(fields, confirmed)

    def start_hosting(self, fields, confirmed=False):
        """Make a table for friends from the form (and the game settings), with their invitations.

        A hand in play is not ended without asking (as Settings asks): the form asks first."""
        app = self.app
        def value(name):
            return form_value(fields, name)

        choice = {"name": value("host_name").strip() or friends_render.default_host_name(),
                  "friends": value("friends"),
                  "bots": value("bots"), "transport": value("transport"), "ice": value("ice")}
        try:
            friends = stripdeck.whole_number(choice["friends"], "friends", 1, 4)
            bots = stripdeck.whole_number(choice["bots"], "bots", 0, 3)
            ice = friends_render.parse_ice(choice["ice"])
            settings = storage.validate({**app.ctl.settings, "people": [choice["name"]], "opponents": bots},
                                        guests=friends)
        except (ValueError, storage.SettingsError) as err:
            self.form = {**self.form, **{k: choice[k] for k in ("name", "ice")}, "error": str(err)}
            self.render()
            return
        if choice["name"].casefold() == "you":
            settings["people"] = [friends_render.default_host_name()]
        self.form = {"name": settings["people"][0], "friends": friends, "bots": bots,
                     "transport": choice["transport"], "ice": choice["ice"]}
        if app.ctl.in_hand and not confirmed:
            self.form["confirm"] = True
            self.render()
            app.patch.focus('#host-form [data-confirmed="1"]')
            return
        app.ctl = host_table = host.new_hosted_table(settings, friends, app.seed, app.timer_seconds)
        app.mode = HostMode(app, host_table, choice["transport"], ice)
        app.mode.save()
        app.history = ()
        app.prepare()
        app.after_change()

    def leave(self):
        """Back to a table of one's own after hosting."""
        app = self.app
        app.mode = None
        settings = {**app.ctl.settings, "people": ["You"],
                    "opponents": max(1, app.ctl.settings["opponents"])}
        app.new_table(storage.validate(settings))
        self.render()

    def invitation_changed(self):
        invitation = invitation_from_hash(self.app.address["hash"])
        current = self.app.mode.code if isinstance(self.app.mode, GuestMode) else None
        if invitation is not None and invitation[0] != current:
            self.app.patch.reload()

    def copy_code(self, name):
        """The box ``name`` (an invitation, a reply code) selected and copied to the clipboard."""
        if name and all(c.isalnum() or c in "-_" for c in name):
            self.app.patch.copy("#" + name, True, _("Copied."), _("Copy it from the box: it is selected."))


class HostMode:
    """This page deals a table for friends on other devices."""

    def __init__(self, app, controller, transport="webrtc", ice=(), resumed=False):
        self.app = app
        self.transport = transport
        self.ice = list(ice)
        self.host = host.Host(controller)
        options = {"broadcast": "stripdeck-" + storage_token()} if transport == "broadcast" else \
            {"iceServers": self.ice}
        self.net = NetPort(app.patch, "host", options, self)
        controller.before_deal = lambda: self.send(self.host.settle_leavers())
        self.urls = {}
        self.status = {}
        self.errors = {}
        self.resumed = resumed
        # Leaving (pagehide): every connected guest is told first (web/page/net_port.js sends it).
        app.patch.net("goodbye", protocol.message("bye", why="host-left"))
        for seat, player in enumerate(controller.session.seats):
            if player is not None and player.controller == "remote":
                link = f"s{seat}"
                known = self.host.invite(link)
                if resumed:
                    known.name = player.name
                asyncio.ensure_future(self.make_invitation(link))

    @property
    def ctl(self):
        return self.host.ctl

    def save(self):
        # (private mode: the write is ignored, hosting still works, a reload forgets it)
        self.app.local.setItem(HOSTING_KEY, json.dumps({"transport": self.transport, "ice": self.ice}))

    async def make_invitation(self, link):
        """A (new) invitation for a guest seat: a new connection, its code in a link."""
        known = self.host.links.get(link)
        if known is None:
            return
        self.status[link] = "making"
        self.urls[link] = ""
        self.render()
        try:
            made = await self.net.request("invite", link)
        except Exception as err:  # noqa: BLE001 - shown where the invitation would be
            self.status[link] = "waiting"
            # TRANSLATORS: {problem} says why (the transport's words).
            self.errors[link] = _("The invitation could not be made: {problem}", problem=error_text(err))
            self.render()
            return
        code = str(made.get("code", "")) if isinstance(made, dict) else ""
        extra = ""
        if self.ice:
            extra = "&ice=" + quote(json.dumps(self.ice), safe="!*'()")  # as encodeURIComponent
        self.urls[link] = f"{page_base(self.app.address)}#join={code}{extra}"
        self.status[link] = "away" if (known.name or self.resumed) else "waiting"
        self.render()

    async def accept(self, link, reply):
        self.errors[link] = ""
        reply = reply.strip()
        if not reply:
            self.errors[link] = _("Paste the reply code your friend sent you.")
            self.render()
            return
        try:
            await self.net.request("accept", link, reply)
        except Exception as err:  # noqa: BLE001 - a person pasted it: say what was wrong
            code, values = error_code(err)
            self.errors[link] = friends_render.reply_refusal(code, values, error_text(err), self.seat_labels())
            self.render()

    def seat_labels(self):
        """Each guest seat's link id and how the host's panel names it: its guest's name once they
        joined, else its number."""
        return {link: known.name or known.seat + 1 for link, known in self.host.links.items()}

    def opened(self, link):
        link = str(link)
        self.status[link] = "connected"
        self.errors[link] = ""
        self.send(self.host.opened(link))
        self.app.after_change()

    def closed(self, link):
        link = str(link)
        self.send(self.host.closed(link))
        if link in self.host.links:  # the seat's link is made again: they rejoin through it
            asyncio.ensure_future(self.make_invitation(link))
        self.app.after_change()

    def arrived(self, link, text):
        out, changed = self.host.received(str(link), text)
        self.send(out)
        if changed:
            self.app.after_change()
        else:
            self.render()

    def send(self, out):
        for link, text in out:
            self.net.send(link, text)

    def unsent(self, link, problem):
        """A message to ``link`` was not sent (a closed link: its close follows)."""
        # TRANSLATORS: {link} is the transport's id of a connection (s1), {problem} why.
        self.host.dropped.append(_("{link}: not sent ({problem})", link=link, problem=problem))
        self.render()

    def changed(self):
        """After any change at the table: the guests get what is new for them."""
        self.send(self.host.sync(roster=True))
        self.render()

    def deal_first(self):
        self.host.drop_unjoined()
        if sum(1 for p in self.ctl.session.seats if p is not None) < 2:
            self.errors["table"] = _("Nobody has joined yet: wait for a friend, or add bots.")
            self.render()
            return
        for link in list(self.urls):
            if link not in self.host.links:
                self.net.close(link)
                self.urls.pop(link, None)
        self.ctl.deal()
        self.app.after_change()

    def say(self, text):
        self.send(self.host.say(text))
        self.render()

    def stop(self):
        self.send(self.host.goodbye())
        self.net.close_all()
        self.app.local.removeItem(HOSTING_KEY)

    def render(self):
        invitations = []
        labels = self.seat_labels()
        for link, known in self.host.links.items():
            invitations.append(friends_render.Invitation(
                link, labels[link], self.urls.get(link, ""),
                "connected" if known.connected else self.status.get(link, "making"), self.errors.get(link, ""),
                needs_reply=self.transport != "broadcast"))
        html = friends_render.hosting_html(invitations, self.host.roster(), self.host.chat,
                                           dealt=self.ctl.session.hand_number > 0, dropped=len(self.host.dropped))
        if self.errors.get("table"):
            html = f'<p class="error" role="alert">{friends_render.attr(self.errors["table"])}</p>' + html
        self.app.patch.html("friends-body", html)

    def on_click(self, cmd, data, fields, checked):
        """A click of this mode's own (page_input's message: the control's data-*, the fields of
        its form or section, a checkbox's state); False: not one of them."""
        if cmd == "host-accept":
            link = data.get("link")
            reply = fields.get("reply")
            if link in self.host.links and isinstance(reply, str):
                asyncio.ensure_future(self.accept(link, reply))
        elif cmd == "host-deal":
            self.deal_first()
        elif cmd == "host-stop":
            self.stop()
            self.app.friends.leave()
        else:
            return False
        return True


class GuestMode:
    """This page plays one seat at a friend's table."""

    def __init__(self, app, code, ice=()):
        self.app = app
        self.code = code
        self.stage = "name"
        self.reply = ""
        self.error = ""
        self.name = stored_guest_name(app.local)
        # seated through it before: it cannot seat again
        self.used = invitation_key(code) in used_invitations(app.local)
        self.show = stored_guest_show(app.local, app.ctl.settings.get("show_losing", False))
        self.net = NetPort(app.patch, "guest", {"iceServers": list(ice)}, self)
        self.pings = {}

    @property
    def table(self):
        return self.app.ctl

    async def join(self, name):
        self.name = protocol.clean_name(name, "")
        if not self.name:
            self.error = _("Give a name of 1 to {limit} letters.", limit=protocol.MAX_NAME)
            self.render()
            return
        store_guest(self.app.local, name=self.name)
        self.stage, self.error = "connecting", ""
        self.render()
        try:
            reply = await self.net.request("join", self.code)
        except Exception as err:  # noqa: BLE001 - a code that is not an invitation: say so
            self.stage, self.error = "name", error_text(err)
            self.render()
            return
        if reply is not None and self.stage == "connecting":
            self.reply, self.stage = str(reply), "reply"
        self.render()

    def opened(self, _seat=None):
        self.stage = "seated"
        remember_invitation(self.app.local, self.code)
        self.net.send(protocol.message("hello", name=self.name))
        self.net.send(protocol.message("show", show=self.show))  # the host's next deal uses it for our seat
        self.app.after_change()

    def closed(self, _seat=None):
        if not self.table.ended:
            self.table.ended = "lost"
            self.app.problem(protocol.farewell("lost", notice=True))
        self.stage = "ended"
        self.app.after_change()

    def arrived(self, _seat, text):
        ended = self.table.ended
        said = self.table.received(text)
        if self.table.ended and not ended:
            self.stage = "ended"
            self.app.problem(protocol.farewell(self.table.ended, notice=True))
        warning = self.table.take_warning()
        if warning:
            self.app.problem(warning)
        self.app.after_change()
        self.app.say(said)

    def unsent(self, _seat, _problem):
        """A message to the host was not sent: the connection is closing (``closed`` follows)."""

    def act(self, text):
        message = self.table.act(text)
        if message is not None:
            self.net.send(message)

    def say(self, text):
        try:
            self.net.send(protocol.message("chat", text=text.strip()[:protocol.MAX_CHAT]))
        except protocol.ProtocolError:
            pass

    def changed(self):
        for message in self.table.take_outbox():  # a pre-action applied when our turn came
            self.net.send(message)
        self.render()

    def render(self):
        table = self.table
        self.app.patch.html("friends-body", friends_render.join_html(
            self.stage, self.name, self.reply, self.error, table.roster, table.chat, table.verdict_line(),
            used=self.used, show=self.show))

    def on_click(self, cmd, data, fields, checked):
        """As HostMode.on_click."""
        if cmd == "guest-leave":
            self.net.send(protocol.message("leave"))
            self.app.say(_("You will leave the table after this hand."))
        elif cmd == "guest-show":
            self.show = checked
            store_guest(self.app.local, show_losing=self.show)
            if self.stage == "seated":
                self.net.send(protocol.message("show", show=self.show))
            self.app.say(_("From the next hand you show your hand at showdown even when it loses.") if self.show
                         else _("From the next hand you muck a hand that cannot win."))
            self.render()
        else:
            return False
        return True


def form_value(fields, name):
    """A form's field as text ("" when it is not there)."""
    value = fields.get(name, "")
    return value if isinstance(value, str) else ""

