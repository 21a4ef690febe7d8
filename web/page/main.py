"""The page's App (built when page/boot.py imports this module last): wires the Controller to the DOM.

One way: controller (session) -> presenter (display model) -> render (HTML text) -> DOM.
Input events become controller calls; the DOM is never read back as game state. Every
automatic step (a bot's move, a clock, the next deal) is decided by `scheduler.next_step`
and run by the one :class:`Runner`; input only pokes it.
"""

import asyncio
import time

import stripdeck
from friends import guest
from pyodide.ffi import create_proxy
from pyscript import document, window
from stripdeck import i18n, solved
from stripdeck.i18n import _, pgettext
from table import (
    commands,
    controller,
    preactions,
    render,
    replay,
    rules_text,
    scheduler,
    session_log,
    storage,
    turn_alert,
    url_params,
)
from table.presenter import announcement

from . import friends_page, l10n
from .dom import Patcher, by_id, data, node, query
from .page_input import PageInput
from .panels import Panels
from .runner import Runner
from .turn_sound import TurnAlert


async def fetch_bytes(url):
    """A file of the site as bytes, or None when it cannot be fetched (offline and not cached, an error status)."""
    try:
        response = await window.fetch(url)
        if not response.ok:
            return None
        return bytes(window.Uint8Array.new(await response.arrayBuffer()).to_py())
    except Exception:  # a network failure rejects the fetch: the caller falls back, it does not crash
        return None


class App:
    """The page: one controller, the DOM it renders into, and the runner of its steps.

    Assembled from parts it holds (not inherits): ``ctl`` (the table's controller: solo, pass and
    play, a host's table, or a guest's ``GuestTable``), ``runner`` (the one timer), ``input`` (the
    event handlers), ``panels`` (opening and closing them), ``friends`` (the Friends panel),
    ``alert`` (the turn's title and sound) and ``mode`` (a table with friends: ``HostMode`` or
    ``GuestMode``, or None). Those that act on the page are handed the App."""

    def __init__(self):
        params, notices = url_params.parse_params(str(window.location.search))
        notices = [*l10n.start_notices, *notices]  # a catalogue that could not be used (page/l10n.py)
        self.embed = bool(params.get("embed"))
        self.mode = None  # None: solo or pass and play; HostMode or GuestMode: play with friends
        invitation = None if self.embed else friends_page.invitation_from_hash(window.location.hash)
        hand_log, reads = None, {}
        if invitation is not None:  # a guest's page: the table is the host's, nothing of ours is saved
            self.store = storage.MemoryStore()
            settings, _, load_notices = storage.load(window.localStorage)  # only its display settings are used
            self.setup_shared(params, notices + load_notices)
            self.ctl = guest.GuestTable(settings)
            self.mode = friends_page.GuestMode(self, *invitation)
            return
        if self.embed:  # the mini game widget: settings from the URL, the visitor's storage untouched
            self.store = storage.MemoryStore()
            settings, session, step = params["settings"], None, None
        else:
            self.store = window.localStorage
            if params.get("reset"):
                for key in (storage.SESSION_KEY, storage.TURN_KEY, storage.HANDS_KEY, storage.READS_KEY):
                    self.store.removeItem(key)
                storage.save(self.store, storage.DEFAULTS, None)
                self.forget_reset()
            settings, session, load_notices = storage.load(self.store)
            step, step_notices = storage.load_turn(self.store)
            hand_log, log_notices = storage.load_hand_log(self.store) if session is not None else (None, [])
            reads, reads_notices = storage.load_reads(self.store) if session is not None else ({}, [])
            notices += load_notices + step_notices + log_notices + reads_notices
        if "fast_bots" in params:
            settings["fast_bots"] = params["fast_bots"]
        self.setup_shared(params, notices)
        self.ctl = controller.Controller(settings, session, seed=params.get("seed"),
                                         timer_seconds=self.timer_seconds, hand_log=hand_log, reads=reads)
        if session is not None:
            self.ctl.resume_step(step)  # a reload carries on the clock and the selection
            hosting = friends_page.read_hosting() if not self.embed else None
            if any(p is not None and p.controller == controller.REMOTE for p in session.seats):
                if hosting is None:  # guests' seats without a way to reach them: a table of one's own
                    self.notices.append(_("The table you hosted could not be resumed; a new table is dealt."))
                    self.ctl.new_table(settings)
                else:
                    self.mode = friends_page.HostMode(self, self.ctl, *hosting, resumed=True)

    def setup_shared(self, params, notices):
        """What every kind of page has: the URL's options, notices, the runner, the DOM patcher."""
        self.seed = params.get("seed")
        self.timer_seconds = params.get("timer", storage.TIMER_SECONDS)
        self.notices = notices
        self.runner = Runner(self)
        self.input = PageInput(self)
        self.panels = Panels(self)
        self.friends = friends_page.FriendsPanel(self)
        self.patch = Patcher()
        self.history = ()
        self.saved_log = -1            # hand_log_changed when the hand log was last saved
        self.saved_reads = -1          # reads_changed when the bots' reads were last saved
        self.focused_turn = None       # the turn whose action bar got the focus
        self.confirm_new_table = False
        self.confirm_end_session = False  # pass and play: History asks everyone before the exports open
        self.help_rules = None         # the rules the How-to-play drawer was drawn for
        self.proxies = []
        self.ready = None              # the asyncio task building the rules' first-use tables
        self.ready_rules = None
        self.prepared = None           # the rules whose tables are built
        self.alert = TurnAlert()       # the tab's title and the turn sound
        self.replaying = None          # (replay.Replay, frame index): a hand replayed in History
        self.parts_loading = {}        # (language, part of its catalogue) -> the task fetching it (need)
        self.parts_failed = set()      # (language, part) that could not be loaded: said in English

    def forget_reset(self):
        """Take reset=1 out of the address, so a reload does not start over again."""
        from urllib.parse import parse_qsl, urlencode

        pairs = [(k, v) for k, v in parse_qsl(str(window.location.search).lstrip("?"), keep_blank_values=True)
                 if k != "reset"]
        url = str(window.location.pathname) + ("?" + urlencode(pairs) if pairs else "") + str(window.location.hash)
        window.history.replaceState(None, "", url)

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
        name = solved.wanted_strategy(rules)
        if name is not None:  # a strategy the wheel leaves out (no limit): fetched when a table first needs it
            solved.provide_strategy(name, await fetch_bytes(f"./web/data/strategy-{name}.bin"))
        steps = []
        start = time.perf_counter()
        for _step in stripdeck.prepare(rules):
            steps.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(0)
            start = time.perf_counter()
        self.prepared = rules
        problem = solved.strategy_problem(rules)  # a strategy file missing or damaged: the bots play by principles
        if problem is not None and problem not in self.notices:
            self.problem(problem)
        window.performance.mark("stripdeck-prepared")
        document.body.dataset.prepareMs = (  # work: total/longest step/steps/steps over 50 ms
            f"{sum(steps):.0f}/{max(steps, default=0):.0f}/{len(steps)}/{sum(s > 50 for s in steps)}")
        if rules == self.ctl.rules:
            self.render()  # now the human's hand can be named
            self.render_help()
            self.runner.poke()  # bots, and an action queued before the tables were ready, may go

    def is_ready(self):
        return self.prepared == self.ctl.rules

    async def wait_ready(self):
        """Wait until the tables for the current rules are built (the Hint needs them)."""
        self.prepare()
        while not self.is_ready():
            await asyncio.wait([self.ready])
            self.prepare()

    # ---------------------------------------------------------------- steps

    def run_step(self, step):
        """Carry out a step the runner fired (the controller drops a stale one)."""
        said = self.ctl.run_step(step)
        if step.kind == "tick":
            self.tick()
            return
        if step.kind != "warn":
            self.save()
            if self.mode is not None:
                self.mode.changed()
        self.render()
        self.say(said, urgent=step.kind in ("warn", "timeout"))

    def after_change(self):
        self.save()
        if self.mode is not None:
            self.mode.changed()  # a host sends its guests what is new for them
        self.render()
        self.runner.poke()

    def new_table(self, settings):
        """A new table with these settings, dealt and drawn (Settings, a host's table that is over)."""
        self.confirm_new_table = False
        self.replaying = None  # the history it replayed from is gone
        self.ctl.new_table(settings)
        self.ctl.deal()
        self.history = ()
        self.render_settings()
        self.prepare()
        self.render_help()
        self.after_change()

    def problem(self, text):
        self.notices.append(text)
        self.render_notices()

    # ---------------------------------------------------------------- rendering

    def render(self, announce=True):
        """Draw the page for the controller's state; ``announce=False``: tell screen readers nothing
        (the page changed language: nothing happened at the table)."""
        ctl = self.ctl
        if self.ready_rules is not None and self.ready_rules != ctl.rules:
            self.prepare()  # a guest's page learns the host's rules from its messages: their tables too
        if getattr(ctl, "hint", None):
            self.need("hint")  # a Hint kept from before a reload: its words
        # Naming the human's hand needs the evaluator's table: only once it is built.
        model = ctl.model(name_hand=self.is_ready())
        body = document.body
        body.classList.toggle("four-color", bool(ctl.settings["four_color"]))
        focused = node(document.activeElement)
        focus_cmd = data(focused, "cmd")
        focus_index = data(focused, "index") if focus_cmd == "card" else None
        focus_value = data(focused, "value") if focus_cmd == "preact" else None  # the toggle pressed
        summary = session_log.summary_text(ctl.hand_log, ctl.stacks_of_people())
        if model is None:  # no hand on the table yet (friends joining), or a saved game without one
            over = ctl.game_over
            if isinstance(self.mode, friends_page.GuestMode):
                words, controls = over or _("Waiting for the host to deal…"), ""
            elif self.mode is not None:
                words = _("Waiting for your friends to join: their invitations are in the Friends panel.")
                controls = render.lobby_controls_html()
            else:
                words, controls = over or _("Ready to deal."), render.controls_html_between_hands(over, summary)
            self.patch.set("table", '<div class="felt"><div class="middle"><div class="status" id="status">'
                           + render.attr(words) + "</div></div></div>")
            self.patch.set("controls", controls)
            self.patch.set("history-list", render.history_html(()))  # no hand: none of an earlier table's lines
            self.history = ()
        else:
            timers = ctl.timer_limit() is not None
            self.keep_reveal_going(model)
            self.patch.set("table", render.table_html(model, timers))
            self.patch.set("controls", render.controls_html(model, ctl.game_over, ctl.settings["auto_deal"],
                                                            summary, commands.offers(self.page_mode())))
            history = self.patch.set("history-list", render.history_html(model.history))
            history.scrollTop = history.scrollHeight
            if model.history != self.history:
                said = announcement(self.history, model.history)
                if model.my_turn and not said.endswith(_("Your turn.")):
                    said = (said + " " + model.status).strip()
                if announce:
                    self.say(said)
                self.history = model.history
        if self.replaying is not None:
            shown, index = self.replaying
            self.patch.set("session-list", render.replay_html(shown.title, shown.pages[index], index,
                                                               len(shown.pages)))
        else:
            self.patch.set("session-list", render.session_html(ctl.hand_log, summary))
        nothing_finished = ctl.last_finished is None and not ctl.hand_log["hands"]
        withheld = getattr(ctl, "export_withheld", "")  # a shared device: no export shows others' cards
        by_id("copy").disabled = nothing_finished or bool(withheld)
        by_id("download").disabled = nothing_finished or bool(withheld)
        by_id("download-session").disabled = not ctl.hand_log["hands"] or bool(withheld)
        if withheld:
            by_id("export-text").hidden = True  # a box opened earlier goes (it showed every seat's cards)
        else:
            self.confirm_end_session = False
        gate = self.patch.set("export-gate", render.export_gate_html(
            withheld, can_end=not ctl.in_hand and not nothing_finished, confirming=self.confirm_end_session))
        gate.hidden = not withheld
        self.tick()
        if focus_cmd:
            selector = f'[data-cmd="{focus_cmd}"]' + (
                f'[data-index="{focus_index}"]' if focus_index is not None else "") + (
                f'[data-value="{focus_value}"]' if focus_value in preactions.KINDS else "")
            again = query("#controls " + selector + ", #table " + selector)
            if again is not None and again != focused:
                again.focus()
        if model is not None and model.my_turn:
            self.focus_action_bar()
        body.dataset.ready = "1"
        body.dataset.hand = str(ctl.hand_number)
        body.dataset.phase = ctl.phase
        # Changes with every action applied (tests wait on it after acting for the human).
        body.dataset.step = ctl.step_text
        body.dataset.mode = "guest" if isinstance(self.mode, friends_page.GuestMode) else \
            "host" if self.mode is not None else "pass" if getattr(ctl, "passing", False) else "solo"
        body.dataset.commands = " ".join(sorted(commands.offers(self.page_mode())))  # for the tests
        body.dataset.myTurn = "1" if model is not None and model.my_turn else "0"
        self.alert_turn(model)
        body.dataset.over = "1" if ctl.game_over else "0"
        if ctl.bot_ms:  # the bots' decision times, for bench/bench_page.py: first/max/median/count of the others
            times = sorted(ctl.bot_ms[1:]) or [0.0]
            body.dataset.botMs = f"{ctl.bot_ms[0]:.1f}/{times[-1]:.1f}/{times[len(times) // 2]:.1f}/{len(times)}"

    def page_mode(self):
        """The page's mode for commands.offers: solo, pass, host, guest or embed."""
        if isinstance(self.mode, friends_page.GuestMode):
            return "guest"
        if self.mode is not None:
            return "host"
        if self.embed:
            return "embed"
        return "pass" if getattr(self.ctl, "passing", False) else "solo"

    def alert_turn(self, model=None, drawn=True):
        """The turn alert for the state drawn (``self.alert``, page/turn_sound.py); ``drawn`` False:
        only the page's visibility changed (the title follows, nothing sounds)."""
        self.alert.show(model, drawn, sound_on=bool(self.ctl.settings.get("turn_sound")))

    def focus_action_bar(self):
        """When the human's turn comes, the focus moves to the action bar (once per turn), unless
        they are busy in a form or a panel."""
        token = self.ctl.token
        if self.focused_turn == token:
            return
        self.focused_turn = token
        active = node(document.activeElement)
        if active is not None and node(active.closest("#controls, #table")) is None and \
                str(active.tagName).lower() in ("input", "select", "textarea"):
            return
        if active is not None and node(active.closest(".panel")) is not None:
            return
        target = query("#controls .primary") or query("#controls button")
        if target is not None:
            target.focus()

    def keep_reveal_going(self, model):
        """A re-render (or a reload) during the showdown continues the reveal where it was.

        The reveal is a CSS animation of the new elements; ``--reveal-elapsed`` on the table
        shifts it back by the time since the hand ended (the controller's step clock, which a
        reload keeps).
        """
        table = by_id("table")
        if not any(seat.reveal >= 0 for seat in model.seats):
            table.style.removeProperty("--reveal-elapsed")
            return
        elapsed = max(0.0, self.ctl.clock() - self.ctl.started)
        table.style.setProperty("--reveal-elapsed", f"{elapsed:.3f}s")

    def render_notices(self):
        box = by_id("notices")
        dismiss = render.attr(_("Dismiss notice"))
        box.innerHTML = "".join(
            f'<p class="notice">{render.attr(n)} <button type="button" data-cmd="dismiss" '
            f'aria-label="{dismiss}">×</button></p>' for n in self.notices)
        box.hidden = not self.notices

    def render_settings(self, settings=None):
        by_id("settings-form").innerHTML = render.settings_html(settings or self.ctl.settings,
                                                                confirm=self.confirm_new_table)

    def render_help(self):
        """The How-to-play drawer for the table's rules (its ranking needs the tables)."""
        panel = by_id("help")
        if panel is None or panel.hidden or self.help_rules == self.ctl.rules:
            return
        if not self.need("help"):
            return  # what it shows stays (pre-rendered, or drawn before) until its words are here
        if not self.is_ready():
            by_id("help-body").innerHTML = render.attr(
                _("Getting the ranking ready…")) + rules_text.help_html(self.ctl.rules, "")
            return
        from widgets import ranking_html

        by_id("help-body").innerHTML = rules_text.help_html(self.ctl.rules, ranking_html(self.ctl.rules))
        self.help_rules = self.ctl.rules

    def tick(self):
        """Update the acting player's countdown (no full re-render)."""
        left = self.ctl.time_left()
        limit = self.ctl.timer_limit()
        timer = query(".seat.acting .timer")
        if timer is None or left is None or not limit:
            return
        banked = self.ctl.in_bank()  # the turn's clock ran out: the time bank is counting
        seconds = f"{left:.0f}"
        # TRANSLATORS: the clock of the player to act, in seconds: their turn's, or their time bank's.
        query(".timer-text", timer).textContent = (pgettext("timer", "Time bank {seconds} s", seconds=seconds)
                                                   if banked else pgettext("timer", "{seconds} s", seconds=seconds))
        query(".timer-bar", timer).style.width = f"{min(100.0, 100 * left / limit):.1f}%"
        timer.classList.toggle("low", left <= scheduler.WARN_BEFORE)
        timer.classList.toggle("bank", banked)

    def save(self):
        if isinstance(self.ctl, guest.GuestTable):
            return  # a guest's page keeps nothing: the host has the table
        storage.save(self.store, self.ctl.settings, self.ctl.session)
        storage.save_turn(self.store, self.ctl.step_record())
        if self.saved_log != self.ctl.hand_log_changed:
            storage.save_hand_log(self.store, self.ctl.hand_log)
            self.saved_log = self.ctl.hand_log_changed
        if self.saved_reads != self.ctl.reads_changed:
            storage.save_reads(self.store, self.ctl.reads)
            self.saved_reads = self.ctl.reads_changed

    def say(self, text, urgent=False):
        """Tell screen readers: politely, or at once (``urgent``: a clock about to run out)."""
        if text:
            by_id("alert" if urgent else "live").textContent = text

    # ---------------------------------------------------------------- the page's language

    def need(self, part):
        """Whether the sentences of ``part`` of the catalogue (page/l10n.py) may be used now: loaded,
        or known not to load (then English). If not yet, they are fetched, and what they affect is
        drawn again once they are here (docs/i18n.md, "Bytes")."""
        language = i18n.current()
        if language.has_part(part) or (language.code, part) in self.parts_failed:
            return True
        if (language.code, part) not in self.parts_loading:
            self.parts_loading[language.code, part] = asyncio.ensure_future(self.load_part(part))
        return False

    async def part_ready(self, part):
        """Wait until ``part`` may be used (see :meth:`need`)."""
        while not self.need(part):
            await asyncio.wait([self.parts_loading[i18n.current().code, part]])

    async def load_part(self, part):
        code = i18n.current().code
        try:
            language = await l10n.fetch_part(part)
        except Exception:  # noqa: BLE001 - a CatalogueError, or the network refused
            if i18n.current().code == code:
                self.parts_failed.add((code, part))
                # TRANSLATORS: a part of the page's words (How to play, the Hint, the Friends panel)
                # could not be fetched; {language} is the page's language in its own name ("Italiano").
                self.problem(_("Some of the page's words in {language} could not be loaded: they are "
                               "shown in English. The game goes on.", language=i18n.NAMES.get(code, code)))
                self.redraw_words(everything=False)
            return
        finally:
            self.parts_loading.pop((code, part), None)
        i18n.use(language)
        self.redraw_words(everything=False)

    def redraw_words(self, everything=True):
        """The regions whose words may have changed drawn again, in place; nothing is announced:
        nothing happened at the table. ``everything``: the language changed (Settings and the
        notices too); else a part of its catalogue arrived (Settings' words are the first part's,
        and a form being filled in is left alone)."""
        self.help_rules = None
        if everything:
            if not self.embed:
                self.render_settings()
            self.render_notices()
        self.render_help()
        if not by_id("friends").hidden:
            self.friends.render()
        self.render(announce=False)

    async def switch_language(self, code):
        """The language chosen in Settings, in place: its catalogue loaded (l10n.fetch_language),
        then every word of the page said again in it, the choice kept with the settings, and the
        address that of the language's page (a reload opens it). A catalogue that cannot be loaded
        is a notice, and the page stays in its language."""
        before = i18n.current()
        if code not in render.languages_offered():
            self.render_settings()
            return
        try:
            language = await l10n.fetch_language(code)
        except Exception as err:  # noqa: BLE001 - a CatalogueError, or the network refused the fetch
            reason = str(err) if isinstance(err, i18n.CatalogueError) else type(err).__name__
            # TRANSLATORS: {language} is the language the page keeps, in its own name ("Italiano").
            self.problem(_("The page stays in {language}: {reason}", language=i18n.NAMES.get(before.code, before.code),
                           reason=reason))
            self.render_settings()  # the picker shows the language still in use
            return
        i18n.use(language)
        self.ctl.set_display({"lang": code})
        root = document.documentElement
        root.lang = code
        l10n.translate_static()
        document.title = turn_alert.title()
        manifest = query('link[rel="manifest"]')
        if manifest is not None:
            manifest.setAttribute("href", "./" + l10n.manifest_name(code))
        window.history.replaceState(None, "", l10n.page_address(code, str(window.location.search),
                                                                 str(window.location.hash)))
        # History's hands already played say their results again in the new language (replayed from
        # their scenarios: session_log.said_again), and are saved so.
        self.ctl.hand_log = session_log.said_again(self.ctl.hand_log)
        self.ctl.hand_log_changed += 1
        if self.replaying is not None:  # the replay's frames are drawn again in the new language
            shown, index = self.replaying
            record = replay.find(self.ctl.hand_log, shown.number)
            self.replaying = (replay.build(record), index) if record is not None else None
        self.redraw_words()
        self.save()
        self.alert_turn(drawn=False)
        self.say(_("The page is now in {language}.", language=i18n.NAMES.get(code, code)))

    def start(self):
        for name, handler in (("click", self.input.on_click), ("input", self.input.on_input),
                              ("change", self.input.on_change), ("submit", self.input.on_submit),
                              ("keydown", self.input.on_key)):
            proxy = create_proxy(handler)
            self.proxies.append(proxy)
            document.addEventListener(name, proxy)
        self.render_notices()
        if self.panels.sheets():
            self.panels.toggle("history", show=False, focus=False)  # on a phone panels are sheets over the table
        if self.embed:  # fixed settings: no settings menu
            document.body.classList.add("embed")
            query('button[data-panel="settings"]').hidden = True
            by_id("settings").hidden = True
        else:
            self.render_settings()
        # The turn alert's title follows the page into the background and back (turn_alert).
        self.proxies.append(create_proxy(lambda *_: self.alert_turn(drawn=False)))
        document.addEventListener("visibilitychange", self.proxies[-1])
        # A new invitation opened in this tab changes only the fragment: start over with it.
        self.proxies.append(create_proxy(lambda *_: self.friends.invitation_changed()))
        window.addEventListener("hashchange", self.proxies[-1])
        if self.mode is not None:
            self.need("friends")  # a guest's or a host's table: its words are play with friends'
        if isinstance(self.mode, friends_page.GuestMode):
            query('header button[data-panel="settings"]').hidden = True
            self.panels.toggle("friends", show=True, focus=False)
        elif self.mode is None and self.ctl.session.hand is None and not self.ctl.game_over:
            self.ctl.deal()
        if not by_id("friends").hidden:  # opened before Python started (web/page/shell.js)
            self.friends.render()
        self.save()
        # The first hand is shown at once; the evaluator's, bots' and advisor's tables are
        # built in small steps behind it (naming your hand and the bots wait for them).
        self.render()
        window.performance.mark("stripdeck-first-hand")
        document.body.classList.add("started")
        self.prepare()
        self.runner.poke()


app = App()
app.start()
