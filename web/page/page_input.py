"""The page's input: clicks, keys and forms become controller calls (the part of the page that
listens). Pyodide only; the App holds one and hands it itself (``app``).

The App listens on ``document`` with five delegated handlers, this object's ``on_click``,
``on_input``, ``on_change``, ``on_submit`` and ``on_key``. Input never changes the table
directly: it asks the controller (which asks the engine), then the App saves, draws the page
again and pokes the runner (``app.after_change``). Panels open and close through
``app.panels``; the Friends panel's forms go to ``app.friends``.
"""

import asyncio

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window
from stripdeck.i18n import _
from table import commands, render, replay, storage

from . import friends_page
from .dom import by_id, data, node, query


class PageInput:
    """The game page's event handlers: what a click, a key or a form asks of the App's controller."""

    def __init__(self, app):
        self.app = app

    def human(self, text):
        """The human's action: applied at once, or kept until the tables are built."""
        app = self.app
        if not text:
            return
        if isinstance(app.mode, friends_page.GuestMode):  # the host applies it, and says if it may not
            app.mode.act(text)
            app.render()
            return
        if not app.is_ready():  # a showdown evaluates hands: the tables come first
            app.ctl.queue(text)
            app.runner.poke()
        elif app.ctl.act(text):
            app.after_change()

    async def show_hint(self):
        app = self.app
        await app.wait_ready()
        await app.part_ready("hint")  # the advisor's reasons are a part of the catalogue (page/l10n.py)
        if app.ctl.ask_hint():
            app.render()
            # TRANSLATORS: said to screen readers when the Hint opens; {reason} is the advisor's advice.
            app.say(_("Hint: {reason}", reason=app.ctl.hint["rows"][0]["reason"]))

    def on_click(self, event):
        app = self.app
        target = node(event.target.closest("[data-cmd]"))
        if target is None:
            return
        cmd = data(target, "cmd")
        if not commands.offered(app.page_mode(), cmd):
            return  # not a command of this page's mode (render shows none of them)
        if app.mode is not None and app.mode.on_click(cmd, target):
            return
        if cmd == "card":
            index = data(target, "index")
            if index is not None and index.isdigit() and app.ctl.toggle(int(index)):
                app.after_change()
        elif cmd in ("fold", "check", "call", "split", "allin", "draw", "bet", "raise", "take-up", "take-down"):
            self.human(data(target, "action"))
        elif cmd == "ask-fold":  # checking is free: Fold asks first, and the focus goes to Check
            if app.ctl.ask_fold():
                app.after_change()
                check = query('#controls [data-cmd="check"]')
                if check is not None:
                    check.focus()
        elif cmd == "preact":
            if app.ctl.set_preaction(str(data(target, "value") or "")):
                app.after_change()
        elif cmd == "size":
            self.set_amount(data(target, "value"))
        elif cmd == "hint":
            asyncio.ensure_future(self.show_hint())
        elif cmd == "apply-hint":
            if app.ctl.apply_hint():
                app.after_change()
                focus = query('#controls [data-cmd="draw"]')
                if focus is not None:
                    focus.focus()
        elif cmd == "deal":
            if app.ctl.deal():
                app.after_change()
        elif cmd == "reveal":
            over = app.ctl.handing_over
            if over is not None and app.ctl.take_over(over):
                app.after_change()
        elif cmd == "newtable":
            if app.mode is not None:  # a host's table is over: the guests are told, and a table of your own is dealt
                app.mode.stop()
                app.friends.leave()
            else:
                app.new_table(app.ctl.settings)
        elif cmd == "keep-playing":
            app.confirm_new_table = False
            app.render_settings(self.form_settings())
            if app.friends.form.pop("confirm", None):  # the Friends panel asked before hosting
                app.friends.render()
        elif cmd == "dismiss":
            app.notices = []
            app.render_notices()
        elif cmd == "end-session":  # pass and play: asked first; the second press is everyone's yes
            confirmed = data(target, "confirmed") == "1"
            if confirmed and app.ctl.end_session():
                app.confirm_end_session = False
                app.after_change()
                app.say(_("The session has ended: History exports every hand."))
            elif not confirmed:
                app.confirm_end_session = True
                app.render()
                ask = query('#export-gate [data-confirmed="1"]')
                if ask is not None:
                    ask.focus()
        elif cmd == "keep-session":
            app.confirm_end_session = False
            app.render()
        elif cmd == "copy":
            self.copy()
        elif cmd == "download":
            self.download(app.ctl.export_json(), "stripdeck-hand.json", _("Hand downloaded as scenario JSON."))
        elif cmd == "download-session":
            self.download(app.ctl.export_session_json(), "stripdeck-session.json",
                          _("Every hand of this session downloaded as one JSON file."))
        elif cmd == "copy-code":
            app.friends.copy_code(data(target, "target"))
        elif cmd in ("replay", "replay-back", "replay-next", "replay-close"):
            self.replay_step(cmd, data(target, "hand"))
        elif cmd == "toggle-panel":
            app.panels.toggle(data(target, "panel"))
        elif cmd == "close-panel":
            app.panels.toggle(data(target, "panel"), show=False)

    def replay_step(self, cmd, hand=None):
        """History's replay of a finished hand: open it, step back or forward, or go back to the list."""
        app = self.app
        if cmd == "replay":
            record = replay.find(app.ctl.hand_log, int(hand)) if hand and hand.isdigit() else None
            if record is None:
                return
            try:
                app.replaying = (replay.build(record), 0)
            except ValueError as err:
                app.problem(_("This hand cannot be replayed ({reason}).", reason=str(err)))
                return
        elif app.replaying is None:
            return
        elif cmd == "replay-close":
            number = app.replaying[0].number
            app.replaying = None
            app.render()
            again = query(f'#session-list [data-cmd="replay"][data-hand="{number}"]')
            if again is not None:
                again.focus()
            return
        else:
            shown, index = app.replaying
            app.replaying = (shown, shown.clamp(index + (1 if cmd == "replay-next" else -1)))
        app.render()
        if cmd == "replay":
            heading = query("#session-list .replay-view h3")
            if heading is not None:
                heading.focus()

    def set_amount(self, value):
        app = self.app
        app.ctl.set_amount(value)
        if not isinstance(app.mode, friends_page.GuestMode):  # a reload keeps the amount (the turn record)
            storage.save_turn(app.store, app.ctl.step_record())
        model = app.ctl.model(name_hand=app.is_ready())
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
        app = self.app
        target = event.target
        if target.name == "lang" and node(target.closest("#settings-form")) is not None:
            asyncio.ensure_future(app.switch_language(str(target.value)))
        elif target.name == "preset" and node(target.closest("#settings-form")) is not None:
            app.render_settings(storage.with_preset(self.form_settings(), target.value))
        elif target.name == "people_count" and node(target.closest("#settings-form")) is not None:
            settings = self.form_settings()  # more or fewer name rows; bots fill the rest of the table
            people = len(settings["people"])
            bots = settings.get("opponents")
            if isinstance(bots, int):
                settings["opponents"] = max(1 if people == 1 else 0, min(bots, 5 - people))
            app.render_settings(settings)
        elif data(target, "cmd") == "display":
            app.ctl.set_display({target.name: bool(target.checked)})
            app.after_change()
        elif data(target, "cmd") == "amount":
            self.set_amount(target.value)

    def form_settings(self):
        form = by_id("settings-form")
        raw = dict(self.app.ctl.settings)
        for element in form.querySelectorAll("select, input"):
            raw[element.name] = bool(element.checked) if element.type == "checkbox" else element.value
        return render.form_values(raw)

    def on_submit(self, event):
        app = self.app
        event.preventDefault()
        form = data(event.target, "form")
        submitter = node(getattr(event, "submitter", None))
        if form is not None:
            app.friends.on_form(form, event.target, confirmed=data(submitter, "confirmed") == "1")
            return
        try:
            settings = storage.validate(self.form_settings())
        except storage.SettingsError as err:
            by_id("settings-error").textContent = _("Not applied: {reason}", reason=str(err))
            return
        by_id("settings-error").textContent = ""
        if app.ctl.in_hand and data(submitter, "confirmed") != "1":
            app.confirm_new_table = True  # ask first: a new table ends the hand in play
            app.render_settings(settings)
            confirm = query('#settings-form [data-confirmed="1"]')
            if confirm is not None:
                confirm.focus()
            return
        app.new_table(settings)
        app.panels.toggle("settings", show=False, focus=False)  # back to the table, dealt anew
        app.say(_("New table started with your settings."))

    def on_key(self, event):
        app = self.app
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if str(event.key).lower() == "escape":  # wherever the focus is, in a text box too
            top = app.panels.top()
            if top is not None:
                app.panels.toggle(str(top.id), show=False)
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
            if app.ctl.toggle(int(key) - 1):
                app.after_change()
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
        app = self.app
        text = app.ctl.export_json()
        if not text:
            return
        box = by_id("export-text")
        box.value = text
        box.hidden = False
        try:
            window.navigator.clipboard.writeText(text).then(
                create_proxy(lambda *args: app.say(_("Hand copied to the clipboard as scenario JSON."))),
                create_proxy(lambda *args: app.say(_("Copy it from the text box below."))))
        except Exception:  # noqa: BLE001 - no clipboard API: the text box is there
            app.say(_("Copy it from the text box below."))

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
        self.app.say(said)
