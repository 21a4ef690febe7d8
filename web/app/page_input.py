"""The page's input: clicks, keys and forms become controller calls (the part of the page that
listens). The App holds one and hands it itself (``app``).

web/page/input.js listens on ``document`` and hands :meth:`PageInput.receive` each click, typing,
change, form and card key as a message (JSON text, its shapes listed in input.js), so nothing
here reads an event or a DOM node; the other keys press the button that carries their command
(``commands.KEYS``), a click like any other. Input never changes the table
directly: it asks the controller (which asks the engine), then the App saves, draws the page
again and pokes the runner (``app.after_change``). The panels open and close in
web/page/shell.js (Escape too); the Friends panel's forms go to ``app.friends``.
"""

import asyncio
import json

from stripdeck.i18n import _
from table import commands, replay, settings_render, storage

from . import friends_page, language_switch


def text_of(value):
    """A message's text field: the text, or "" for anything that is not one."""
    return value if isinstance(value, str) else ""


def texts_of(value):
    """A message's mapping of names to texts (data-* attributes, a form's fields): only those
    whose names and values are texts (a checkbox's field stays a bool)."""
    if not isinstance(value, dict):
        return {}
    return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, (str, bool))}


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
        await app.parts.ready("hint")  # the advisor's reasons are a part of the catalogue (app/l10n.py)
        if app.ctl.ask_hint():
            app.render()
            # TRANSLATORS: said to screen readers when the Hint opens; {reason} is the advisor's advice.
            app.say(_("Hint: {reason}", reason=app.ctl.hint["rows"][0]["reason"]))

    def receive(self, text):
        """A message from web/page/input.js (JSON text); anything else is dropped."""
        try:
            message = json.loads(str(text))
        except ValueError:
            return
        if not isinstance(message, dict):
            return
        handler = {"click": self.on_click, "input": self.on_input, "change": self.on_change,
                   "submit": self.on_submit, "key": self.on_key, "panels": self.on_panels,
                   "visibility": self.on_visibility, "words": self.on_words, "net": self.on_net,
                   "address": self.on_address}.get(message.get("type"))
        if handler is not None:
            handler(message)

    def on_click(self, message):
        app = self.app
        cmd = text_of(message.get("cmd"))
        data = texts_of(message.get("data"))
        if not commands.offered(app.page_mode(), cmd):
            return  # not a command of this page's mode (render shows none of them)
        if app.mode is not None and app.mode.on_click(cmd, data, texts_of(message.get("fields")),
                                                      message.get("checked") is True):
            return
        if cmd == "card":
            index = text_of(data.get("index"))
            if index.isdigit() and len(index) < 3 and app.ctl.toggle(int(index)):
                app.after_change()
        elif cmd in ("fold", "check", "call", "split", "allin", "draw", "bet", "raise", "take-up", "take-down"):
            self.human(text_of(data.get("action")))
        elif cmd == "ask-fold":  # checking is free: Fold asks first, and the focus goes to Check
            if app.ctl.ask_fold():
                app.after_change()
                app.patch.focus('#controls [data-cmd="check"]')
        elif cmd == "preact":
            if app.ctl.set_preaction(text_of(data.get("value"))):
                app.after_change()
        elif cmd == "size":
            self.set_amount(text_of(data.get("value")))
        elif cmd == "hint":
            asyncio.ensure_future(self.show_hint())
        elif cmd == "apply-hint":
            if app.ctl.apply_hint():
                app.after_change()
                app.patch.focus('#controls [data-cmd="draw"]')
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
            app.render_settings(self.form_settings(message.get("settings")))
            if app.friends.form.pop("confirm", None):  # the Friends panel asked before hosting
                app.friends.render()
        elif cmd == "dismiss":
            app.notices = []
            app.render_notices()
        elif cmd == "end-session":  # pass and play: asked first; the second press is everyone's yes
            confirmed = data.get("confirmed") == "1"
            if confirmed and app.ctl.end_session():
                app.confirm_end_session = False
                app.after_change()
                app.say(_("The session has ended: History exports every hand."))
            elif not confirmed:
                app.confirm_end_session = True
                app.render()
                app.patch.focus('#export-gate [data-confirmed="1"]')
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
            app.friends.copy_code(text_of(data.get("target")))
        elif cmd in ("replay", "replay-back", "replay-next", "replay-close"):
            self.replay_step(cmd, text_of(data.get("hand")))

    def replay_step(self, cmd, hand=""):
        """History's replay of a finished hand: open it, step back or forward, or go back to the list."""
        app = self.app
        if cmd == "replay":
            record = replay.find(app.ctl.hand_log, int(hand)) if hand.isdigit() and len(hand) < 7 else None
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
            app.patch.focus(f'#session-list [data-cmd="replay"][data-hand="{int(number)}"]')
            return
        else:
            shown, index = app.replaying
            app.replaying = (shown, shown.clamp(index + (1 if cmd == "replay-next" else -1)))
        app.render()
        if cmd == "replay":
            app.patch.focus("#session-list .replay-view h3")

    def set_amount(self, value):
        app = self.app
        app.ctl.set_amount(value)
        if not isinstance(app.mode, friends_page.GuestMode):  # a reload keeps the amount (the turn record)
            storage.save_turn(app.store, app.ctl.step_record())
        model = app.ctl.model(name_hand=app.is_ready())
        if model is None or model.bar.amount is None:
            return
        value = str(model.bar.amount.value)
        with app.patch.batch():  # the slider and the box agree, and the button says the amount
            app.patch.prop("#amount-range", "value", value)
            app.patch.prop("#amount-number", "value", value)
            for b in model.bar.buttons:
                if b.kind == model.bar.amount.kind:
                    button = f'#controls [data-cmd="{b.kind}"]'
                    app.patch.attr(button, "data-action", b.action)
                    app.patch.attr(button, "aria-label", b.label)
                    app.patch.prop(button + " .label", "textContent", b.label)

    def on_input(self, message):
        if message.get("cmd") == "amount":
            self.set_amount(text_of(message.get("value")))

    def on_change(self, message):
        app = self.app
        name, value = text_of(message.get("name")), text_of(message.get("value"))
        in_settings = isinstance(message.get("settings"), dict)  # one of Settings' own fields
        if name == "lang" and in_settings:
            asyncio.ensure_future(language_switch.switch_language(app, value))
        elif name == "preset" and in_settings:
            app.render_settings(storage.with_preset(self.form_settings(message["settings"]), value))
        elif name == "people_count" and in_settings:
            settings = self.form_settings(message["settings"])  # more or fewer name rows; bots fill the rest
            people = len(settings["people"])
            bots = settings.get("opponents")
            if isinstance(bots, int):
                settings["opponents"] = max(1 if people == 1 else 0, min(bots, 5 - people))
            app.render_settings(settings)
        elif message.get("cmd") == "display" and name:
            app.ctl.set_display({name: bool(message.get("checked"))})
            app.after_change()
        elif message.get("cmd") == "amount":
            self.set_amount(value)

    def form_settings(self, fields):
        """The Settings form's fields (a message's) over the table's settings, as settings."""
        return settings_render.form_values({**self.app.ctl.settings, **texts_of(fields)})

    def on_submit(self, message):
        app = self.app
        form = message.get("form")
        confirmed = message.get("confirmed") is True
        fields = texts_of(message.get("fields"))
        if form is not None:
            app.friends.on_form(text_of(form), fields, confirmed=confirmed)
            return
        try:
            settings = storage.validate(self.form_settings(fields))
        except storage.SettingsError as err:
            app.patch.prop("#settings-error", "textContent", _("Not applied: {reason}", reason=str(err)))
            return
        app.patch.prop("#settings-error", "textContent", "")
        if app.ctl.in_hand and not confirmed:
            app.confirm_new_table = True  # ask first: a new table ends the hand in play
            app.render_settings(settings)
            app.patch.focus('#settings-form [data-confirmed="1"]')
            return
        app.new_table(settings)
        app.show_panel("settings", False, focus=False)  # back to the table, dealt anew
        app.say(_("New table started with your settings."))

    def on_panels(self, message):
        """A panel opened or closed (web/page/shell.js has them): which are open, and an opened
        one's content drawn."""
        app = self.app
        open_now = message.get("open") if isinstance(message.get("open"), list) else []
        before, app.open_panels = app.open_panels, frozenset(p for p in open_now if isinstance(p, str))
        if isinstance(message.get("opened"), str):
            app.panel_opened(message["opened"])
        else:  # the state the page starts from: panels opened before Python listened are drawn
            for name in sorted(app.open_panels - before):
                app.panel_opened(name)

    def on_visibility(self, message):
        """The page went into the background or came back: the tab's title follows."""
        self.app.hidden = message.get("hidden") is True
        self.app.alert_turn(drawn=False)

    def on_words(self, message):
        """index.html's own words (said again when the page changes language)."""
        self.app.static_words = message.get("words") if isinstance(message.get("words"), list) else []

    def on_net(self, message):
        """What the friends transport says: for the table with friends, if there is one."""
        net = getattr(self.app.mode, "net", None)
        if net is not None:
            net.heard(message)

    def on_address(self, message):
        """The address's fragment changed: a new invitation opened in this tab starts over with it."""
        self.app.address = {k: text_of(message.get(k)) for k in ("origin", "pathname", "search", "hash")}
        self.app.friends.invitation_changed()

    def on_key(self, message):
        """A card's key (1-5): that card chosen for the draw, or not."""
        key = text_of(message.get("key"))
        if len(key) == 1 and key in commands.CARD_KEYS and self.app.ctl.toggle(int(key) - 1):
            self.app.after_change()

    def copy(self):
        app = self.app
        text = app.ctl.export_json()
        if not text:
            return
        with app.patch.batch():
            app.patch.prop("#export-text", "value", text)
            app.patch.prop("#export-text", "hidden", False)
            app.patch.copy("#export-text", False, _("Hand copied to the clipboard as scenario JSON."),
                           _("Copy it from the text box below."))

    def download(self, text, name, said):
        if text:
            self.app.patch.download(text, name, said)
