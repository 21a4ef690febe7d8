"""Play with friends in the page: the host's and the guest's glue between the table logic
(web/friends/host.py, web/friends/guest.py) and the transport (web/page/net.js, ``window.StripdeckNet``).

Pyodide only. What arrives goes to the logic; what the logic returns is sent; the page is
drawn again and the scheduler poked, as for any other change. The transport's errors carry a
``code`` and ``values`` besides their words (web/page/net.js), so the panel can name seats.
"""
# l10n-part: friends (this file's sentences load with play with friends: docs/i18n.md, "Bytes")

import asyncio
import json

import stripdeck
from friends import friends_render, host, protocol
from pyodide.ffi import JsException, create_proxy, to_js
from pyscript import window
from stripdeck.i18n import _
from table import storage

from .dom import by_id, data, node, query

HOSTING_KEY = "stripdeck.hosting"
GUEST_KEY = "stripdeck.guest"


def js_options(options):
    return to_js(options, dict_converter=window.Object.fromEntries)


def page_base():
    """This page's address without its query or fragment (invitation links start with it)."""
    return str(window.location.origin) + str(window.location.pathname)


def error_text(err):
    """A JS Error's own words (the transport says plainly what was wrong, in the page's language)."""
    text = str(err)
    return text.split("Error: ", 1)[-1] if isinstance(err, JsException) else text


def error_code(err):
    """A transport error's code and values (web/page/net.js), or ("", {}) for any other error."""
    js_error = getattr(err, "js_error", None) if isinstance(err, JsException) else None
    code = getattr(js_error, "code", None)
    values = getattr(js_error, "values", None)
    if not isinstance(code, str):
        return "", {}
    try:
        values = values.to_py() if values is not None else {}
    except Exception:  # noqa: BLE001 - not an object: no values
        values = {}
    return code, values if isinstance(values, dict) else {}


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
        elif by_id("friends-body") is not None:
            app.patch.set("friends-body", friends_render.setup_html(app.ctl.settings, **self.form))

    def on_form(self, kind, form, confirmed=False):
        app = self.app
        if kind == "chat":
            box = query('input[name="chat"]', form)
            text = str(box.value).strip()
            if text and app.mode is not None:
                app.mode.say(text)
                box.value = ""
        elif kind == "join" and isinstance(app.mode, GuestMode):
            asyncio.ensure_future(app.mode.join(form_value(form, "guest_name")))
        elif kind == "host" and app.mode is None:
            self.start_hosting(form, confirmed)

    def start_hosting(self, form, confirmed=False):
        """Make a table for friends from the form (and the game settings), with their invitations.

        A hand in play is not ended without asking (as Settings asks): the form asks first."""
        app = self.app
        value = form_value
        choice = {"name": value(form, "host_name").strip() or friends_render.default_host_name(),
                  "friends": value(form, "friends"),
                  "bots": value(form, "bots"), "transport": value(form, "transport"), "ice": value(form, "ice")}
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
            focus = query('#host-form [data-confirmed="1"]')
            if focus is not None:
                focus.focus()
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
        invitation = invitation_from_hash(window.location.hash)
        current = self.app.mode.code if isinstance(self.app.mode, GuestMode) else None
        if invitation is not None and invitation[0] != current:
            window.location.reload()

    def copy_code(self, name):
        app = self.app
        box = by_id(name) if name else None
        if box is None:
            return
        box.select()
        try:
            window.navigator.clipboard.writeText(box.value).then(
                create_proxy(lambda *_args: app.say(_("Copied."))),
                create_proxy(lambda *_args: app.say(_("Copy it from the box: it is selected."))))
        except Exception:  # noqa: BLE001 - no clipboard API: the text is selected
            app.say(_("Copy it from the box: it is selected."))


class HostMode:
    """This page deals a table for friends on other devices."""

    def __init__(self, app, controller, transport="webrtc", ice=(), resumed=False):
        self.app = app
        self.transport = transport
        self.ice = list(ice)
        self.host = host.Host(controller)
        options = {"broadcast": "stripdeck-" + storage_token()} if transport == "broadcast" else \
            {"iceServers": self.ice}
        self.net = window.StripdeckNet.host(js_options(options))
        window.stripdeckHost = self.net  # the transport, for the browser tests' message capture
        self.proxies = [create_proxy(self.opened), create_proxy(self.closed), create_proxy(self.arrived)]
        self.net.onopen, self.net.onclose, self.net.onmessage = self.proxies
        controller.before_deal = lambda: self.send(self.host.settle_leavers())
        self.urls = {}
        self.status = {}
        self.errors = {}
        self.resumed = resumed
        self.proxies.append(create_proxy(lambda *_: self.send(self.host.goodbye())))
        window.addEventListener("pagehide", self.proxies[-1], True)  # leaving: the guests are told first
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
        try:
            window.localStorage.setItem(HOSTING_KEY, json.dumps({"transport": self.transport, "ice": self.ice}))
        except Exception:  # noqa: BLE001 - private mode: hosting still works, a reload forgets it
            pass

    async def make_invitation(self, link):
        """A (new) invitation for a guest seat: a new connection, its code in a link."""
        known = self.host.links.get(link)
        if known is None:
            return
        self.status[link] = "making"
        self.urls[link] = ""
        self.render()
        try:
            made = await self.net.invite(link)
        except Exception as err:  # noqa: BLE001 - shown where the invitation would be
            self.status[link] = "waiting"
            # TRANSLATORS: {problem} says why (the transport's words).
            self.errors[link] = _("The invitation could not be made: {problem}", problem=error_text(err))
            self.render()
            return
        code = str(made.code)
        extra = ""
        if self.ice:
            extra = "&ice=" + window.encodeURIComponent(json.dumps(self.ice))
        self.urls[link] = f"{page_base()}#join={code}{extra}"
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
            await self.net.accept(link, reply)
        except Exception as err:  # noqa: BLE001 - a person pasted it: say what was wrong
            code, values = error_code(err)
            self.errors[link] = friends_render.reply_refusal(code, values, error_text(err), self.seat_labels())
            self.render()

    def seat_labels(self):
        """Each guest seat's link id and how the host's panel names it: its guest's name once they
        joined, else its number."""
        return {link: known.name or known.seat + 1 for link, known in self.host.links.items()}

    def opened(self, link, *_):
        link = str(link)
        self.status[link] = "connected"
        self.errors[link] = ""
        self.send(self.host.opened(link))
        self.app.after_change()

    def closed(self, link, *_):
        link = str(link)
        self.send(self.host.closed(link))
        if link in self.host.links:  # the seat's link is made again: they rejoin through it
            asyncio.ensure_future(self.make_invitation(link))
        self.app.after_change()

    def arrived(self, link, text, *_):
        out, changed = self.host.received(str(link), text if isinstance(text, str) else None)
        self.send(out)
        if changed:
            self.app.after_change()
        else:
            self.render()

    def send(self, out):
        for link, text in out:
            try:
                self.net.send(link, text)
            except Exception as err:  # noqa: BLE001 - a closed link: its close handler follows
                # TRANSLATORS: {link} is the transport's id of a connection (s1), {problem} why.
                self.host.dropped.append(_("{link}: not sent ({problem})", link=link, problem=error_text(err)))

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
        self.net.closeAll()
        try:
            window.localStorage.removeItem(HOSTING_KEY)
        except Exception:  # noqa: BLE001
            pass

    def render(self):
        box = by_id("friends-body")
        if box is None:
            return
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
        self.app.patch.set("friends-body", html)

    def on_click(self, cmd, target):
        if cmd == "host-accept":
            link = data(target, "link")
            box = by_id(f"reply-{link}")
            if link in self.host.links and box is not None:
                asyncio.ensure_future(self.accept(link, str(box.value)))
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
        self.name = stored_guest_name()
        self.used = invitation_key(code) in used_invitations()  # seated through it before: it cannot seat again
        self.show = stored_guest_show(app.ctl.settings.get("show_losing", False))
        self.net = window.StripdeckNet.guest(js_options({"iceServers": list(ice)}))
        window.stripdeckGuest = self.net  # the transport, for the browser tests
        self.proxies = [create_proxy(self.opened), create_proxy(self.closed), create_proxy(self.arrived)]
        self.net.onopen, self.net.onclose, self.net.onmessage = self.proxies
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
        store_guest_name(self.name)
        self.stage, self.error = "connecting", ""
        self.render()
        try:
            reply = await self.net.join(self.code)
        except Exception as err:  # noqa: BLE001 - a code that is not an invitation: say so
            self.stage, self.error = "name", error_text(err)
            self.render()
            return
        if reply is not None and self.stage == "connecting":
            self.reply, self.stage = str(reply), "reply"
        self.render()

    def opened(self, *_):
        self.stage = "seated"
        remember_invitation(self.code)
        self.net.send(protocol.message("hello", name=self.name))
        self.net.send(protocol.message("show", show=self.show))  # the host's next deal uses it for our seat
        self.app.after_change()

    def closed(self, *_):
        if not self.table.ended:
            self.table.ended = "lost"
            self.app.problem(protocol.farewell("lost", notice=True))
        self.stage = "ended"
        self.app.after_change()

    def arrived(self, text, *_):
        ended = self.table.ended
        said = self.table.received(text if isinstance(text, str) else None)
        if self.table.ended and not ended:
            self.stage = "ended"
            self.app.problem(protocol.farewell(self.table.ended, notice=True))
        warning = self.table.take_warning()
        if warning:
            self.app.problem(warning)
        self.app.after_change()
        self.app.say(said)

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
        if by_id("friends-body") is None:
            return
        table = self.table
        self.app.patch.set("friends-body", friends_render.join_html(
            self.stage, self.name, self.reply, self.error, table.roster, table.chat, table.verdict_line(),
            used=self.used, show=self.show))

    def on_click(self, cmd, target):
        if cmd == "guest-leave":
            self.net.send(protocol.message("leave"))
            self.app.say(_("You will leave the table after this hand."))
        elif cmd == "guest-show":
            self.show = bool(target.checked)
            store_guest(show_losing=self.show)
            if self.stage == "seated":
                self.net.send(protocol.message("show", show=self.show))
            self.app.say(_("From the next hand you show your hand at showdown even when it loses.") if self.show
                         else _("From the next hand you muck a hand that cannot win."))
            self.render()
        else:
            return False
        return True


def storage_token():
    """A random name for a table's BroadcastChannel."""
    return "".join(f"{b:02x}" for b in window.crypto.getRandomValues(window.Uint8Array.new(8)).to_py())


def stored_guest():
    """What this browser keeps as a guest: the name last given, and the invitations it was seated through."""
    try:
        raw = window.localStorage.getItem(GUEST_KEY)
        saved = json.loads(str(raw)) if raw else {}
    except Exception:  # noqa: BLE001 - unreadable: ask again
        saved = {}
    return saved if isinstance(saved, dict) else {}


def stored_guest_name():
    return protocol.clean_name(stored_guest().get("name", ""), "")


def stored_guest_show(default):
    """The guest's choice to show a losing hand (kept with the guest's name), else the page's own setting."""
    saved = stored_guest().get("show_losing")
    return saved if isinstance(saved, bool) else bool(default)


def used_invitations():
    used = stored_guest().get("used", [])
    return {u for u in used if isinstance(u, str)} if isinstance(used, list) else set()


def invitation_key(code):
    """A short fingerprint of an invitation code (the code itself is not kept)."""
    import hashlib

    return hashlib.sha256(str(code).encode()).hexdigest()[:16]


def store_guest(**changes):
    try:
        window.localStorage.setItem(GUEST_KEY, json.dumps({**stored_guest(), **changes}))
    except Exception:  # noqa: BLE001
        pass


def store_guest_name(name):
    store_guest(name=name)


def remember_invitation(code):
    """This page was seated through ``code``: a later page opening it is told it cannot seat again."""
    key = invitation_key(code)
    used = [u for u in stored_guest().get("used", []) if isinstance(u, str) and u != key][-19:] \
        if isinstance(stored_guest().get("used"), list) else []
    store_guest(used=[*used, key])


def invitation_from_hash(fragment):
    """(code, ice servers) from the page's fragment ``#join=CODE[&ice=JSON]``, or None."""
    from urllib.parse import parse_qsl

    pairs = dict(parse_qsl(str(fragment).lstrip("#"), keep_blank_values=True))
    code = pairs.get("join")
    if not code or len(code) > 4000:
        return None
    try:
        ice = friends_render.parse_ice("\n".join(
            " ".join([s.get("urls", ""), s.get("username", ""), s.get("credential", "")]).strip()
            for s in json.loads(pairs.get("ice", "[]"))))
    except (ValueError, AttributeError, TypeError):
        ice = []
    return code, ice


def read_hosting():
    """The saved hosting choices (transport, STUN/TURN servers), or None."""
    try:
        raw = window.localStorage.getItem(HOSTING_KEY)
        saved = json.loads(str(raw)) if raw else None
    except Exception:  # noqa: BLE001
        return None
    if not isinstance(saved, dict) or saved.get("transport") not in ("webrtc", "broadcast"):
        return None
    try:
        ice = friends_render.parse_ice("\n".join(" ".join(
            [s["urls"], s.get("username", ""), s.get("credential", "")]).strip() for s in saved.get("ice", [])))
    except (ValueError, KeyError, TypeError):
        ice = []
    return saved["transport"], ice


def form_value(form, name):
    element = node(query(f'[name="{name}"]', form))
    if element is None:
        return ""
    if str(element.type) == "radio":
        checked = node(query(f'[name="{name}"]:checked', form))
        return str(checked.value) if checked is not None else ""
    return str(element.value)

