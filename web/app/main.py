"""The page's App (built when app/boot.py imports this module last): wires the Controller to the page.

One way: controller (session) -> presenter (display model) -> render (HTML text) -> the page's
changes (app/patch.py, applied by page/patch.js). Input messages (page/input.js) become
controller calls; the page is never read back as game state. Every
automatic step (a bot's move, a clock, the next deal) is decided by `scheduler.next_step`
and run by the one :class:`Runner`; input only pokes it.
"""

import asyncio
import json
import time

import js
import stripdeck
from friends import guest
from pyodide.ffi import create_proxy
from stripdeck import strategy_file
from stripdeck.i18n import _, pgettext
from table import (
    commands,
    controller,
    render,
    rules_text,
    scheduler,
    session_log,
    settings_render,
    storage,
    url_params,
)
from table.presenter import announcement

from . import friends_page, friends_store, l10n, page_draw
from .page_input import PageInput
from .page_store import PageStore
from .patch import PagePatch
from .runner import Runner
from .turn_sound import TurnAlert


async def fetch_bytes(url):
    """A file of the site as bytes, or None when it cannot be fetched (offline and not cached, an error status)."""
    try:
        response = await js.stripdeckFetch(url)  # web/worker/boot.mjs: relative to the page, not the worker
        if not response.ok:
            return None
        return bytes(js.Uint8Array.new(await response.arrayBuffer()).to_py())
    except Exception:  # a network failure rejects the fetch: the caller falls back, it does not crash
        return None


def address_of(text):
    """The page's address from web/page/input.js (JSON: origin, pathname, search, hash).

    >>> address_of('{"origin": "http://a", "pathname": "/index.html", "search": "?seed=3", "hash": ""}')["search"]
    '?seed=3'
    """
    data = json.loads(text)
    return {k: str(data.get(k, "")) for k in ("origin", "pathname", "search", "hash")}


class App:
    """The page: one controller, the DOM it renders into, and the runner of its steps.

    Assembled from parts it holds (not inherits): ``ctl`` (the table's controller: solo, pass and
    play, a host's table, or a guest's ``GuestTable``), ``runner`` (the one timer), ``input`` (the
    input messages), ``friends`` (the Friends panel), ``alert`` (the turn's title and sound),
    ``patch`` (the page's changes), ``local`` (the browser's storage) and ``mode`` (a table with
    friends: ``HostMode`` or ``GuestMode``, or None). Those that act on the page are handed the App."""

    def __init__(self):
        self.patch = PagePatch(js.stripdeckPatch)  # what Python draws, applied by web/page/patch.js
        # The browser's storage: the game's records, read once (web/page/storage.js); written
        # through the patch.
        keys = (storage.SETTINGS_KEY, storage.SESSION_KEY, storage.TURN_KEY, storage.HANDS_KEY,
                storage.READS_KEY, *friends_store.KEYS)
        self.local = PageStore(self.patch, keys, str(js.stripdeckStorage.read(json.dumps(keys))))
        self.address = address_of(str(js.stripdeckInput.address()))  # origin, pathname, search, hash
        params, notices = url_params.parse_params(self.address["search"])
        notices = [*l10n.start_notices, *notices]  # a catalogue that could not be used (app/l10n.py)
        self.embed = bool(params.get("embed"))
        self.mode = None  # None: solo or pass and play; HostMode or GuestMode: play with friends
        invitation = None if self.embed else friends_store.invitation_from_hash(self.address["hash"])
        hand_log, reads = None, {}
        if invitation is not None:  # a guest's page: the table is the host's, nothing of ours is saved
            self.store = storage.MemoryStore()
            settings, _, load_notices = storage.load(self.local)  # only its display settings are used
            self.setup_shared(params, notices + load_notices)
            self.ctl = guest.GuestTable(settings)
            self.mode = friends_page.GuestMode(self, *invitation)
            return
        if self.embed:  # the mini game widget: settings from the URL, the visitor's storage untouched
            self.store = storage.MemoryStore()
            settings, session, step = params["settings"], None, None
        else:
            self.store = self.local
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
            hosting = friends_store.read_hosting(self.local) if not self.embed else None
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
        self.friends = friends_page.FriendsPanel(self)
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
        self.alert = TurnAlert(self.patch)  # the tab's title and the turn sound
        self.replaying = None          # (replay.Replay, frame index): a hand replayed in History
        self.open_panels = frozenset()  # the panels open (web/page/shell.js's, told by web/page/input.js)
        self.hidden = False            # the page is in the background (told by web/page/input.js)
        self.static_words = []         # index.html's own words, [context, English] (told by web/page/input.js)
        # The later parts of the page's catalogue, fetched when first needed (need).
        self.parts = l10n.CatalogueParts(self.problem, lambda: self.redraw_words(everything=False))

    def forget_reset(self):
        """Take reset=1 out of the address, so a reload does not start over again."""
        from urllib.parse import parse_qsl, urlencode

        pairs = [(k, v) for k, v in parse_qsl(self.address["search"].lstrip("?"), keep_blank_values=True)
                 if k != "reset"]
        self.set_address(self.address["pathname"] + ("?" + urlencode(pairs) if pairs else "") + self.address["hash"])

    def set_address(self, url):
        """The page's address replaced by ``url`` (relative to it): no navigation, no new entry in
        the history."""
        from urllib.parse import urljoin, urlsplit

        here = self.address
        full = urlsplit(urljoin(here["origin"] + here["pathname"] + here["search"], url))
        self.address = {"origin": here["origin"], "pathname": full.path,
                        "search": f"?{full.query}" if full.query else "",
                        "hash": f"#{full.fragment}" if full.fragment else ""}
        self.patch.url(url)

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
        name = strategy_file.wanted_strategy(rules)
        if name is not None:  # a strategy the wheel leaves out (no limit): fetched when a table first needs it
            strategy_file.provide_strategy(name, await fetch_bytes(f"./web/data/strategy-{name}.bin"))
        steps = []
        start = time.perf_counter()
        for _step in stripdeck.prepare(rules):
            steps.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(0)
            start = time.perf_counter()
        self.prepared = rules
        problem = strategy_file.strategy_problem(rules)  # a missing or damaged file: bots play by principles
        if problem is not None and problem not in self.notices:
            self.problem(problem)
        self.patch.mark("stripdeck-prepared")
        self.patch.data("prepareMs",  # work: total/longest step/steps/steps over 50 ms
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
        """Draw the page for the controller's state, in one batch of changes (web/app/patch.py);
        ``announce=False``: tell screen readers nothing (the page changed language: nothing
        happened at the table)."""
        with self.patch.batch():
            self.draw(announce)

    def draw(self, announce):
        ctl = self.ctl
        page = self.patch
        if self.ready_rules is not None and self.ready_rules != ctl.rules:
            self.prepare()  # a guest's page learns the host's rules from its messages: their tables too
        if getattr(ctl, "hint", None):
            self.need("hint")  # a Hint kept from before a reload: its words
        # Naming the human's hand needs the evaluator's table: only once it is built.
        model = ctl.model(name_hand=self.is_ready())
        page.body_class("four-color", bool(ctl.settings["four_color"]))
        summary = session_log.summary_text(ctl.hand_log, ctl.stacks_of_people())
        mode = self.page_mode()
        offers = commands.offers(mode)
        if model is None:
            page_draw.empty_table(page, ctl.game_over, mode, summary)
            self.history = ()
        else:
            self.keep_reveal_going(model)
            page_draw.hand_table(page, ctl, model, summary, offers)
            if model.history != self.history:
                said = announcement(self.history, model.history)
                if model.my_turn and not said.endswith(_("Your turn.")):
                    said = (said + " " + model.status).strip()
                if announce:
                    self.say(said)
                self.history = model.history
        self.confirm_end_session = page_draw.history_panel(page, ctl, self.replaying, summary,
                                                           self.confirm_end_session)
        self.tick()
        page.restore_focus()
        if model is not None and model.my_turn and self.focused_turn != ctl.token:
            self.focused_turn = ctl.token  # once per turn
            page.focus_turn()
        page_draw.body_data(page, ctl, model, mode, offers)
        self.alert_turn(model)

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
        """The turn alert for the state drawn (``self.alert``, app/turn_sound.py); ``drawn`` False:
        only the page's visibility changed (the title follows, nothing sounds)."""
        self.alert.show(model, drawn, self.hidden, sound_on=bool(self.ctl.settings.get("turn_sound")))

    def keep_reveal_going(self, model):
        """A re-render (or a reload) during the showdown continues the reveal where it was.

        The reveal is a CSS animation of the new elements; ``--reveal-elapsed`` on the table
        shifts it back by the time since the hand ended (the controller's step clock, which a
        reload keeps).
        """
        if not any(seat.reveal >= 0 for seat in model.seats):
            self.patch.style("#table", "--reveal-elapsed", None)
            return
        elapsed = max(0.0, self.ctl.clock() - self.ctl.started)
        self.patch.style("#table", "--reveal-elapsed", f"{elapsed:.3f}s")

    # ---------------------------------------------------------------- panels (web/page/shell.js's)

    def show_panel(self, name, show, focus=True):
        """Open (``show`` True) or close a panel; the focus follows unless ``focus`` is False."""
        self.patch.panel(name, show, focus)

    def panel_open(self, name):
        return name in self.open_panels  # as web/page/input.js last said

    def panel_opened(self, name):
        """A panel was opened (by a click, a key, or the page): draw what it shows."""
        if name == "settings":
            self.render_settings()
        elif name == "help":
            self.render_help()
        elif name == "friends":
            self.friends.render()

    def render_notices(self):
        dismiss = render.attr(_("Dismiss notice"))
        with self.patch.batch():
            self.patch.html("notices", "".join(
                f'<p class="notice">{render.attr(n)} <button type="button" data-cmd="dismiss" '
                f'aria-label="{dismiss}">×</button></p>' for n in self.notices))
            self.patch.prop("#notices", "hidden", not self.notices)

    def render_settings(self, settings=None):
        self.patch.html("settings-form", settings_render.settings_html(settings or self.ctl.settings,
                                                              confirm=self.confirm_new_table), always=True)

    def render_help(self):
        """The How-to-play drawer for the table's rules (its ranking needs the tables)."""
        if not self.panel_open("help") or self.help_rules == self.ctl.rules:
            return
        if not self.need("help"):
            return  # what it shows stays (pre-rendered, or drawn before) until its words are here
        if not self.is_ready():
            self.patch.html("help-body", render.attr(_("Getting the ranking ready…"))
                            + rules_text.help_html(self.ctl.rules, ""), always=True)
            return
        from widgets import ranking_html

        self.patch.html("help-body", rules_text.help_html(self.ctl.rules, ranking_html(self.ctl.rules)), always=True)
        self.help_rules = self.ctl.rules

    def tick(self):
        """Update the acting player's countdown (no full re-render)."""
        left = self.ctl.time_left()
        limit = self.ctl.timer_limit()
        if left is None or not limit:
            return
        banked = self.ctl.in_bank()  # the turn's clock ran out: the time bank is counting
        seconds = f"{left:.0f}"
        # TRANSLATORS: the clock of the player to act, in seconds: their turn's, or their time bank's.
        text = (pgettext("timer", "Time bank {seconds} s", seconds=seconds)
                if banked else pgettext("timer", "{seconds} s", seconds=seconds))
        self.patch.timer(text, f"{min(100.0, 100 * left / limit):.1f}%", left <= scheduler.WARN_BEFORE, banked)

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
            self.patch.prop("#alert" if urgent else "#live", "textContent", text)

    # ---------------------------------------------------------------- the page's language

    def need(self, part):
        """Whether the sentences of ``part`` of the catalogue may be used now (l10n.CatalogueParts:
        if not, they are fetched, and what they affect is drawn again once they are here)."""
        return self.parts.need(part)

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
        if self.panel_open("friends"):
            self.friends.render()
        self.render(announce=False)

    def start(self):
        # Input arrives as messages from web/page/input.js (app/page_input.py takes them), the
        # first ones the state the page is in: the panels open (a panel opened before Python is
        # drawn then), its visibility and its own words.
        self.proxies.append(create_proxy(self.input.receive))
        js.stripdeckInput.listen(self.proxies[-1], json.dumps(commands.KEYS), commands.CARD_KEYS)
        self.render_notices()
        if not self.embed:  # the mini game has fixed settings: no Settings panel (web/page/shell.js hides it)
            self.render_settings()
        # Another tab of the game wrote a record: what this page reads later is the browser's.
        self.proxies.append(create_proxy(self.local.changed_elsewhere))
        js.stripdeckStorage.listen(self.proxies[-1], json.dumps(sorted(self.local.keys)))
        if self.mode is not None:
            self.need("friends")  # a guest's or a host's table: its words are play with friends'
        if isinstance(self.mode, friends_page.GuestMode):
            self.patch.prop('header button[data-panel="settings"]', "hidden", True)
            self.show_panel("friends", True, focus=False)
        elif self.mode is None and self.ctl.session.hand is None and not self.ctl.game_over:
            self.ctl.deal()
        self.save()
        # The first hand is shown at once; the evaluator's, bots' and advisor's tables are
        # built in small steps behind it (naming your hand and the bots wait for them).
        self.render()
        self.patch.mark("stripdeck-first-hand")
        self.patch.body_class("started", True)
        self.prepare()
        self.runner.poke()


app = App()
app.start()
