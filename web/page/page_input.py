"""The page's input: clicks, keys, forms and panels become controller calls (the App's part
that listens). Pyodide only; a mixin of ``main.App``, whose attributes it uses.

Input never changes the table directly: it asks the controller (which asks the engine), then
the App saves, draws the page again and pokes the runner (``after_change``).
"""

import asyncio

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window
from stripdeck.i18n import _
from table import commands, render, replay, storage

from . import friends_page
from .dom import by_id, data, node, query

PANELS = ("history", "settings", "help", "friends")


def opened_rank(panel):
    """When a panel was opened, relative to the others (0: open from the start, or never)."""
    text = str(data(panel, "opened") or "") if panel is not None else ""
    return int(text) if text.isdigit() and len(text) < 10 else 0


class PageInput:
    """Event handlers and panels of the game page."""

    def human(self, text):
        """The human's action: applied at once, or kept until the tables are built."""
        if not text:
            return
        if isinstance(self.mode, friends_page.GuestMode):  # the host applies it, and says if it may not
            self.mode.act(text)
            self.render()
            return
        if not self.is_ready():  # a showdown evaluates hands: the tables come first
            self.ctl.queue(text)
            self.runner.poke()
        elif self.ctl.act(text):
            self.after_change()

    async def show_hint(self):
        await self.wait_ready()
        if self.ctl.ask_hint():
            self.render()
            # TRANSLATORS: said to screen readers when the Hint opens; {reason} is the advisor's advice.
            self.say(_("Hint: {reason}", reason=self.ctl.hint["rows"][0]["reason"]))

    def on_click(self, event):
        target = node(event.target.closest("[data-cmd]"))
        if target is None:
            return
        cmd = data(target, "cmd")
        if not commands.offered(self.page_mode(), cmd):
            return  # not a command of this page's mode (render shows none of them)
        if self.mode is not None and self.mode.on_click(cmd, target):
            return
        if cmd == "card":
            index = data(target, "index")
            if index is not None and index.isdigit() and self.ctl.toggle(int(index)):
                self.after_change()
        elif cmd in ("fold", "check", "call", "split", "allin", "draw", "bet", "raise", "take-up", "take-down"):
            self.human(data(target, "action"))
        elif cmd == "ask-fold":  # checking is free: Fold asks first, and the focus goes to Check
            if self.ctl.ask_fold():
                self.after_change()
                check = query('#controls [data-cmd="check"]')
                if check is not None:
                    check.focus()
        elif cmd == "preact":
            if self.ctl.set_preaction(str(data(target, "value") or "")):
                self.after_change()
        elif cmd == "size":
            self.set_amount(data(target, "value"))
        elif cmd == "hint":
            asyncio.ensure_future(self.show_hint())
        elif cmd == "apply-hint":
            if self.ctl.apply_hint():
                self.after_change()
                focus = query('#controls [data-cmd="draw"]')
                if focus is not None:
                    focus.focus()
        elif cmd == "deal":
            if self.ctl.deal():
                self.after_change()
        elif cmd == "reveal":
            over = self.ctl.handing_over
            if over is not None and self.ctl.take_over(over):
                self.after_change()
        elif cmd == "newtable":
            if self.mode is not None:  # a host's table is over: the guests are told, and a table of your own is dealt
                self.mode.stop()
                self.leave_friends()
            else:
                self.new_table(self.ctl.settings)
        elif cmd == "keep-playing":
            self.confirm_new_table = False
            self.render_settings(self.form_settings())
            if self.friends_form.pop("confirm", None):  # the Friends panel asked before hosting
                self.render_friends()
        elif cmd == "dismiss":
            self.notices = []
            self.render_notices()
        elif cmd == "end-session":  # pass and play: asked first; the second press is everyone's yes
            confirmed = data(target, "confirmed") == "1"
            if confirmed and self.ctl.end_session():
                self.confirm_end_session = False
                self.after_change()
                self.say(_("The session has ended: History exports every hand."))
            elif not confirmed:
                self.confirm_end_session = True
                self.render()
                ask = query('#export-gate [data-confirmed="1"]')
                if ask is not None:
                    ask.focus()
        elif cmd == "keep-session":
            self.confirm_end_session = False
            self.render()
        elif cmd == "copy":
            self.copy()
        elif cmd == "download":
            self.download(self.ctl.export_json(), "stripdeck-hand.json", _("Hand downloaded as scenario JSON."))
        elif cmd == "download-session":
            self.download(self.ctl.export_session_json(), "stripdeck-session.json",
                          _("Every hand of this session downloaded as one JSON file."))
        elif cmd == "copy-code":
            self.copy_code(data(target, "target"))
        elif cmd in ("replay", "replay-back", "replay-next", "replay-close"):
            self.replay_step(cmd, data(target, "hand"))
        elif cmd == "toggle-panel":
            self.toggle_panel(data(target, "panel"))
        elif cmd == "close-panel":
            self.toggle_panel(data(target, "panel"), show=False)

    def replay_step(self, cmd, hand=None):
        """History's replay of a finished hand: open it, step back or forward, or go back to the list."""
        if cmd == "replay":
            record = replay.find(self.ctl.hand_log, int(hand)) if hand and hand.isdigit() else None
            if record is None:
                return
            try:
                self.replaying = (replay.build(record), 0)
            except ValueError as err:
                self.problem(_("This hand cannot be replayed ({reason}).", reason=str(err)))
                return
        elif self.replaying is None:
            return
        elif cmd == "replay-close":
            number = self.replaying[0].number
            self.replaying = None
            self.render()
            again = query(f'#session-list [data-cmd="replay"][data-hand="{number}"]')
            if again is not None:
                again.focus()
            return
        else:
            shown, index = self.replaying
            self.replaying = (shown, shown.clamp(index + (1 if cmd == "replay-next" else -1)))
        self.render()
        if cmd == "replay":
            heading = query("#session-list .replay-view h3")
            if heading is not None:
                heading.focus()

    def sheets(self):
        """True when the panels are sheets over the table: a phone, or (not the mini game) a phone
        held sideways, a screen 500 px tall or less (web/page/style.css)."""
        return bool(window.matchMedia("(max-width: 700px)").matches) or (
            not self.embed and bool(window.matchMedia("(max-height: 500px)").matches))

    def toggle_panel(self, name, show=None, focus=True):
        if name not in PANELS:
            return
        panel = by_id(name)
        button = query(f'button[data-cmd="toggle-panel"][data-panel="{name}"]')
        panel.hidden = (not panel.hidden) if show is None else not show
        if button is not None:
            button.setAttribute("aria-expanded", "false" if panel.hidden else "true")
        if panel.hidden:
            if button is not None and focus:
                button.focus()
            return
        # Panels that lie over others are open one at a time: How to play (a drawer) on any
        # screen, every panel on a phone (sheets).
        phone = self.sheets()
        for other in PANELS:
            if other != name and (phone or "help" in (name, other)) and not by_id(other).hidden:
                self.toggle_panel(other, show=False, focus=False)
        if name == "settings":
            self.render_settings()
        elif name == "help":
            self.render_help()
        elif name == "friends":
            self.render_friends()
        # The opening order is kept on the panels (as web/page/shell.js does before Python): Escape
        # closes the open panel opened last.
        panel.dataset.opened = str(max(opened_rank(by_id(p)) for p in PANELS) + 1)
        heading = query("h2", panel)
        if heading is not None and focus:  # where it can be seen: on a phone the panel is a sheet over the table
            heading.focus()

    def set_amount(self, value):
        self.ctl.set_amount(value)
        if not isinstance(self.mode, friends_page.GuestMode):  # a reload keeps the amount (the turn record)
            storage.save_turn(self.store, self.ctl.step_record())
        model = self.ctl.model(name_hand=self.is_ready())
        if model is None or model.bar.amount is None:
            return
        value = model.bar.amount.value
        for other in (by_id("amount-range"), by_id("amount-number")):
            if other is not None and other.value != str(value):
                other.value = str(value)
        for b in model.bar.buttons:
            if b.kind == model.bar.amount.kind:
                button = query(f'#controls [data-cmd="{b.kind}"]')
                if button is not None:
                    button.dataset.action = b.action
                    button.setAttribute("aria-label", b.label)
                    query(".label", button).textContent = b.label

    def on_input(self, event):
        if data(event.target, "cmd") == "amount":
            self.set_amount(event.target.value)

    def on_change(self, event):
        target = event.target
        if target.name == "lang" and node(target.closest("#settings-form")) is not None:
            asyncio.ensure_future(self.switch_language(str(target.value)))
        elif target.name == "preset" and node(target.closest("#settings-form")) is not None:
            self.render_settings(storage.with_preset(self.form_settings(), target.value))
        elif target.name == "people_count" and node(target.closest("#settings-form")) is not None:
            settings = self.form_settings()  # more or fewer name rows; bots fill the rest of the table
            people = len(settings["people"])
            bots = settings.get("opponents")
            if isinstance(bots, int):
                settings["opponents"] = max(1 if people == 1 else 0, min(bots, 5 - people))
            self.render_settings(settings)
        elif data(target, "cmd") == "display":
            self.ctl.set_display({target.name: bool(target.checked)})
            self.after_change()
        elif data(target, "cmd") == "amount":
            self.set_amount(target.value)

    def form_settings(self):
        form = by_id("settings-form")
        raw = dict(self.ctl.settings)
        for element in form.querySelectorAll("select, input"):
            raw[element.name] = bool(element.checked) if element.type == "checkbox" else element.value
        return render.form_values(raw)

    def on_submit(self, event):
        event.preventDefault()
        form = data(event.target, "form")
        submitter = node(getattr(event, "submitter", None))
        if form is not None:
            self.on_friends_form(form, event.target, confirmed=data(submitter, "confirmed") == "1")
            return
        try:
            settings = storage.validate(self.form_settings())
        except storage.SettingsError as err:
            by_id("settings-error").textContent = _("Not applied: {reason}", reason=str(err))
            return
        by_id("settings-error").textContent = ""
        if self.ctl.in_hand and data(submitter, "confirmed") != "1":
            self.confirm_new_table = True  # ask first: a new table ends the hand in play
            self.render_settings(settings)
            confirm = query('#settings-form [data-confirmed="1"]')
            if confirm is not None:
                confirm.focus()
            return
        self.new_table(settings)
        self.toggle_panel("settings", show=False, focus=False)  # back to the table, dealt anew
        self.say(_("New table started with your settings."))

    def new_table(self, settings):
        self.confirm_new_table = False
        self.replaying = None  # the history it replayed from is gone
        self.ctl.new_table(settings)
        self.ctl.deal()
        self.history = ()
        self.render_settings()
        self.prepare()
        self.render_help()
        self.after_change()

    def top_panel(self):
        """The open panel opened last (ties: the later in PANELS, so History, open from the start
        on a desktop, comes after a panel opened over it), or None."""
        top = None
        for name in PANELS:
            panel = by_id(name)
            if panel is not None and not panel.hidden and (top is None or opened_rank(panel) >= opened_rank(top)):
                top = panel
        return top

    def on_key(self, event):
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if str(event.key).lower() == "escape":  # wherever the focus is, in a text box too
            top = self.top_panel()
            if top is not None:
                self.toggle_panel(str(top.id), show=False)
            return
        tag = str(event.target.tagName).lower()
        if tag in ("input", "select", "textarea"):
            if event.key == "Enter" and data(event.target, "cmd") == "amount":
                button = query('#controls [data-cmd="bet"], #controls [data-cmd="raise"]')
                if button is not None:
                    event.preventDefault()
                    button.click()
            return
        key = str(event.key).lower()
        if key in "12345" and len(key) == 1:
            if self.ctl.toggle(int(key) - 1):
                self.after_change()
            return
        cmds = commands.KEYS.get(key)
        if not cmds or event.repeat:
            return
        for cmd in cmds:
            button = query(f'#controls [data-cmd="{cmd}"]')
            if button is not None:
                event.preventDefault()
                button.click()
                return

    def copy(self):
        text = self.ctl.export_json()
        if not text:
            return
        box = by_id("export-text")
        box.value = text
        box.hidden = False
        try:
            window.navigator.clipboard.writeText(text).then(
                create_proxy(lambda *args: self.say(_("Hand copied to the clipboard as scenario JSON."))),
                create_proxy(lambda *args: self.say(_("Copy it from the text box below."))))
        except Exception:  # noqa: BLE001 - no clipboard API: the text box is there
            self.say(_("Copy it from the text box below."))

    def download(self, text, name, said):
        if not text:
            return
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                   dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)
        self.say(said)
