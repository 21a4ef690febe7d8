"""Entry point of the page: wires the Controller to the DOM and runs the bots' pauses.

One way: controller (session) -> presenter (display model) -> render (HTML text) -> DOM.
Input events become controller calls; the DOM is never read back as game state.
"""

import asyncio
import random
import time

import controller
import render
import storage
import stripdeck
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window


def node(element):
    """A DOM lookup's result, with JS null as None."""
    if element is None or type(element).__name__ == "JsNull":
        return None
    return element


def loop_time():
    return asyncio.get_event_loop().time()


def by_id(name):
    return node(document.getElementById(name))


def query(selector, root=None):
    return node((root or document).querySelector(selector))


def data(element, name):
    """An element's data-<name> attribute (None if absent or not an element)."""
    element = node(element)
    if element is None or not hasattr(element, "getAttribute"):
        return None
    return element.getAttribute("data-" + name)


class App:
    """The page: one controller, the DOM it renders into, and the bots' clock."""

    def __init__(self):
        params, notices = storage.parse_params(str(window.location.search))
        self.embed = bool(params.get("embed"))
        if self.embed:  # the mini game widget: settings from the URL, the visitor's storage untouched
            self.store = storage.MemoryStore()
            settings, session, turn = params["settings"], None, None
        else:
            self.store = window.localStorage
            if params.get("reset"):
                storage.save(self.store, storage.DEFAULTS, None)
                storage.save_turn(self.store, None)
            settings, session, load_notices = storage.load(self.store)
            turn, turn_notices = storage.load_turn(self.store)
            notices += load_notices + turn_notices
        if "fast_bots" in params:
            settings["fast_bots"] = params["fast_bots"]
        self.timer_seconds = params.get("timer", storage.TIMER_SECONDS)
        self.ctl = controller.Controller(settings, session, seed=params.get("seed"),
                                         timer_seconds=self.timer_seconds)
        if session is not None:
            self.ctl.resume_turn(turn)  # a reload does not give the player to act a fresh clock
        self.notices = notices
        self.history = ()
        self.reveal = None  # (hand number, loop time) of the showdown being revealed
        self.bots_running = False
        self.generation = 0  # bumped by a new table: stale bot loops stop
        self.proxies = []
        self.ready = None  # the asyncio task building the rules' first-use tables
        self.ready_rules = None

    # ---------------------------------------------------------------- getting ready

    def prepare(self):
        """Build the evaluator's, bots' and advisor's tables for the table's rules in small
        steps (stripdeck.prepare), yielding to the browser between steps."""
        rules = self.ctl.rules
        if self.ready is not None and self.ready_rules == rules:
            return
        if self.ready is not None and not self.ready.done():
            self.ready.cancel()
        self.ready_rules = rules
        self.ready = asyncio.ensure_future(self._prepare(rules))

    async def _prepare(self, rules):
        steps = []
        start = time.perf_counter()
        for _ in stripdeck.prepare(rules):
            steps.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(0)
            start = time.perf_counter()
        window.performance.mark("stripdeck-prepared")
        document.body.dataset.prepareMs = (  # work: total/longest step/steps/steps over 50 ms
            f"{sum(steps):.0f}/{max(steps, default=0):.0f}/{len(steps)}/{sum(s > 50 for s in steps)}")
        if rules == self.ctl.rules:
            self.render()  # now the human's hand can be named

    def is_ready(self):
        return self.ready is not None and self.ready.done() and self.ready_rules == self.ctl.rules

    async def wait_ready(self):
        """Wait until the tables for the current rules are built (bots and the Hint need them)."""
        self.prepare()
        while not self.is_ready():
            await asyncio.wait([self.ready])
            self.prepare()

    # ---------------------------------------------------------------- rendering

    def render(self, thinking=False):
        ctl = self.ctl
        # Naming the human's hand needs the evaluator's table: only once it is built.
        model = ctl.model(thinking, name_hand=self.is_ready())
        root = document.body
        root.classList.toggle("four-color", bool(ctl.settings["four_color"]))
        focused = node(document.activeElement)
        focus_cmd = data(focused, "cmd")
        focus_index = data(focused, "index") if focus_cmd == "card" else None
        if model is None:
            by_id("table").innerHTML = '<div class="felt"><div class="middle">Shuffling…</div></div>'
            by_id("controls").innerHTML = ""
            return
        timers = ctl.timer_limit() is not None
        self.keep_reveal_going(model)
        by_id("table").innerHTML = render.table_html(model, timers)
        by_id("controls").innerHTML = render.controls_html(model, ctl.game_over,
                                                           ctl.settings["auto_deal"])
        history = by_id("history-list")
        history.innerHTML = render.history_html(model.history)
        history.scrollTop = history.scrollHeight
        by_id("copy").disabled = ctl.last_finished is None
        by_id("download").disabled = ctl.last_finished is None
        if model.history != self.history:
            from presenter import announcement

            said = announcement(self.history, model.history)
            if model.my_turn and not said.endswith("Your turn."):
                said = (said + " " + model.status).strip()
            by_id("live").textContent = said
            self.history = model.history
        self.tick()
        if focus_cmd:
            selector = f'[data-cmd="{focus_cmd}"]' + (
                f'[data-index="{focus_index}"]' if focus_index is not None else "")
            again = query("#controls " + selector + ", #table " + selector)
            if again is not None:
                again.focus()
        document.body.dataset.ready = "1"
        document.body.dataset.hand = str(ctl.session.hand_number)
        document.body.dataset.phase = ctl.session.hand.phase if ctl.session.hand else ""
        # Changes with every action applied (tests wait on it after acting for the human).
        document.body.dataset.step = f"{ctl.session.hand_number}.{len(ctl.session.hand.log) if ctl.session.hand else 0}"
        document.body.dataset.myTurn = "1" if model.my_turn else "0"

    def keep_reveal_going(self, model):
        """A re-render during the showdown continues the reveal where it was, not from the start.

        The reveal is a CSS animation of the new elements; ``--reveal-elapsed`` on the table
        shifts it back by the time already spent revealing this hand.
        """
        table = by_id("table")
        if not any(seat.reveal >= 0 for seat in model.seats):
            self.reveal = None
            table.style.removeProperty("--reveal-elapsed")
            return
        if self.reveal is None or self.reveal[0] != model.hand_number:
            self.reveal = (model.hand_number, loop_time())
        table.style.setProperty("--reveal-elapsed", f"{loop_time() - self.reveal[1]:.3f}s")

    def render_notices(self):
        box = by_id("notices")
        box.innerHTML = "".join(
            f'<p class="notice">{render.attr(n)} <button type="button" data-cmd="dismiss" '
            f'aria-label="Dismiss notice">×</button></p>' for n in self.notices)
        box.hidden = not self.notices

    def render_settings(self, settings=None):
        by_id("settings-form").innerHTML = render.settings_html(settings or self.ctl.settings)

    def tick(self):
        """Update the acting player's countdown (no full re-render)."""
        left = self.ctl.time_left()
        limit = self.ctl.timer_limit()
        timer = query(".seat.acting .timer")
        if timer is None or left is None or not limit:
            return
        query(".timer-text", timer).textContent = f"{left:.0f} s"
        query(".timer-bar", timer).style.width = f"{100 * left / limit:.1f}%"
        timer.classList.toggle("low", left <= 5)

    def save(self):
        storage.save(self.store, self.ctl.settings, self.ctl.session)
        storage.save_turn(self.store, self.ctl.turn_record())

    # ---------------------------------------------------------------- flow

    def after_change(self):
        self.save()
        self.render()
        self.kick()

    def kick(self):
        if not self.bots_running:
            self.bots_running = True
            asyncio.ensure_future(self.run_bots(self.generation))

    async def run_bots(self, generation):
        """Bots act after a natural pause; the next hand deals itself if auto-deal is on."""
        try:
            while generation == self.generation:
                ctl = self.ctl
                fast = ctl.settings["fast_bots"]
                if ctl.bot_to_act():
                    self.render(thinking=True)
                    await asyncio.sleep(0.01)  # let the browser paint "thinking"
                    if generation != self.generation or not ctl.bot_to_act():
                        continue
                    turn = ctl.turn_key
                    pause = 0.02 if fast else random.uniform(0.4, 0.9)
                    start = loop_time()
                    await self.wait_ready()
                    if generation != self.generation or ctl.turn_key != turn or not ctl.bot_to_act():
                        continue
                    action = ctl.bot_decide()  # the pause hides the decision's time
                    await asyncio.sleep(max(0.0, pause - (loop_time() - start)))
                    if generation != self.generation or ctl.turn_key != turn or not ctl.bot_to_act():
                        continue
                    ctl.bot_apply(action)
                    times = sorted(ctl.bot_ms[1:]) or [0.0]
                    document.body.dataset.botMs = (  # first/max/median/count of the others
                        f"{ctl.bot_ms[0]:.1f}/{times[-1]:.1f}/{times[len(times) // 2]:.1f}/{len(times)}")
                    self.save()
                    self.render()
                elif not ctl.in_hand and ctl.settings["auto_deal"] and not ctl.game_over:
                    number = ctl.session.hand_number
                    await asyncio.sleep(0.4 if fast else 3.0)
                    if (generation == self.generation and ctl.session.hand_number == number
                            and ctl.settings["auto_deal"] and ctl.deal()):
                        self.save()
                        self.render()
                    else:
                        break
                else:
                    break
        finally:
            if generation == self.generation:
                self.bots_running = False

    async def run_clock(self):
        while True:
            await asyncio.sleep(0.25)
            try:
                if self.ctl.check_timeout():
                    self.after_change()
                else:
                    self.tick()
            except Exception as err:  # noqa: BLE001 - keep the clock alive, show the problem
                self.notices.append(f"Timer problem: {err}")
                self.render_notices()

    # ---------------------------------------------------------------- input

    def human(self, text):
        if not self.is_ready():  # a showdown evaluates hands: wait for the tables (once, briefly)
            asyncio.ensure_future(self.human_later(text))
        elif self.ctl.act(text):
            self.after_change()

    async def human_later(self, text):
        await self.wait_ready()
        self.human(text)

    async def show_hint(self):
        await self.wait_ready()
        if self.ctl.ask_hint():
            self.render()
            self.say("Hint: " + self.ctl.hint["rows"][0]["reason"])

    def on_click(self, event):
        target = node(event.target.closest("[data-cmd]"))
        if target is None:
            return
        cmd = data(target, "cmd")
        if cmd == "card":
            self.ctl.toggle(int(data(target, "index")))
            self.render()
        elif cmd in ("fold", "check", "call", "split", "allin", "draw", "bet", "raise"):
            self.human(data(target, "action"))
        elif cmd == "hint":
            asyncio.ensure_future(self.show_hint())
        elif cmd == "apply-hint":
            if self.ctl.apply_hint():
                self.render()
                focus = query('#controls [data-cmd="draw"]')
                if focus is not None:
                    focus.focus()
        elif cmd == "deal":
            if self.ctl.deal():
                self.after_change()
        elif cmd == "newtable":
            self.new_table(self.ctl.settings)
        elif cmd == "dismiss":
            self.notices = []
            self.render_notices()
        elif cmd == "copy":
            self.copy()
        elif cmd == "download":
            self.download()
        elif cmd == "toggle-panel":
            panel = by_id(data(target, "panel"))
            panel.hidden = not panel.hidden
            target.setAttribute("aria-expanded", "false" if panel.hidden else "true")
            if not panel.hidden and data(target, "panel") == "settings":
                self.render_settings()

    def on_input(self, event):
        target = event.target
        cmd = data(target, "cmd")
        if cmd == "amount":
            self.ctl.set_amount(target.value)
            model = self.ctl.model(name_hand=self.is_ready())
            if model is None or model.amount is None:
                return
            value = model.amount.value
            for other in (by_id("amount-range"), by_id("amount-number")):
                if other is not None and other is not target and other.value != str(value):
                    other.value = str(value)
            for b in model.buttons:
                if b.kind == model.amount.kind:
                    button = query(f'#controls [data-cmd="{b.kind}"]')
                    if button is not None:
                        button.dataset.action = b.action
                        button.setAttribute("aria-label", b.label)
                        query(".label", button).textContent = b.label

    def on_change(self, event):
        target = event.target
        if target.name == "preset" and node(target.closest("#settings-form")) is not None:
            self.render_settings(storage.with_preset(self.form_settings(), target.value))
        elif data(target, "cmd") == "display":
            self.ctl.set_display({target.name: bool(target.checked)})
            self.save()
            self.render()
            self.kick()
        elif data(target, "cmd") == "amount":
            self.on_input(event)

    def form_settings(self):
        form = by_id("settings-form")
        raw = dict(self.ctl.settings)
        for element in form.querySelectorAll("select, input"):
            raw[element.name] = bool(element.checked) if element.type == "checkbox" else element.value
        return render.form_values(raw)

    def on_submit(self, event):
        event.preventDefault()
        try:
            settings = storage.validate(self.form_settings())
        except storage.SettingsError as err:
            by_id("settings-error").textContent = f"Not applied: {err}"
            return
        by_id("settings-error").textContent = ""
        self.new_table(settings)
        by_id("live").textContent = "New table started with your settings."

    def new_table(self, settings):
        self.generation += 1
        self.bots_running = False
        self.ctl.new_table(settings)
        self.ctl.deal()
        self.history = ()
        self.render_settings()
        self.prepare()
        self.after_change()

    def on_key(self, event):
        if event.ctrlKey or event.metaKey or event.altKey:
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
            self.ctl.toggle(int(key) - 1)
            self.render()
            return
        cmds = {"f": ("fold",), "c": ("check", "call"), "b": ("bet",), "r": ("raise",),
                "a": ("allin",), "s": ("split",), "d": ("draw",), "n": ("deal", "newtable"),
                "h": ("hint",)}.get(key)
        if not cmds:
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
                create_proxy(lambda *_: self.say("Hand copied to the clipboard as scenario JSON.")),
                create_proxy(lambda *_: self.say("Copy it from the text box below.")))
        except Exception:  # noqa: BLE001 - no clipboard API: the text box is there
            self.say("Copy it from the text box below.")

    def download(self):
        text = self.ctl.export_json()
        if not text:
            return
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                   dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = "stripdeck-hand.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)
        self.say("Hand downloaded as scenario JSON.")

    def say(self, text):
        by_id("live").textContent = text

    def start(self):
        for name, handler in (("click", self.on_click), ("input", self.on_input),
                              ("change", self.on_change), ("submit", self.on_submit),
                              ("keydown", self.on_key)):
            proxy = create_proxy(handler)
            self.proxies.append(proxy)
            document.addEventListener(name, proxy)
        self.render_notices()
        if self.embed:  # fixed settings: no settings menu
            document.body.classList.add("embed")
            query('button[data-panel="settings"]').hidden = True
            by_id("settings").hidden = True
        else:
            self.render_settings()
        if not self.ctl.in_hand and not self.ctl.game_over:
            self.ctl.deal()
        self.save()
        # The first hand is shown at once; the evaluator's, bots' and advisor's tables are
        # built in small steps behind it (naming your hand and the bots wait for them).
        self.render()
        window.performance.mark("stripdeck-first-hand")
        asyncio.ensure_future(self.begin())

    async def begin(self):
        await asyncio.sleep(0.05)
        self.prepare()
        self.kick()
        asyncio.ensure_future(self.run_clock())


app = App()
app.start()
