"""A guest's side of a table hosted on a friend's page: what arrives is shown, what the guest
chooses is sent back. Pure Python, no transport (the page passes messages in and out).

The guest's page never holds the deck: it gets its own PlayerView from the host (checked by
``PlayerView.from_dict``) and renders it with the same presenter as the solo game. It keeps the
host's commitment to each hand's seed, and when the host reveals the seed after the hand it
deals the hand again with the engine and says "Deal verified" or warns loudly
(web/friends/fair_deal.py). Everything the host sends goes through ``protocol.parse`` first.

The host's page may be in another language: what it sends carries no sentence (refusals, the
game's end and goodbyes come as codes, web/friends/protocol.py), and this page words everything itself,
when it is shown (so a change of language shows in every line).
"""
# l10n-part: friends (this file's sentences load with play with friends: docs/i18n.md, "Bytes")

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import stripdeck
from stripdeck.advisor import advise_choice
from stripdeck.i18n import _
from table import action_bar, advice_panel, exports, preactions, presenter, scheduler, session_log, storage

from . import fair_deal, protocol


class GuestTable:
    """The table as one guest sees it, from the host's messages."""

    def __init__(self, settings: dict[str, Any], clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = dict(settings)   # display settings only: the game's are the host's
        self.clock = clock
        self.state: dict[str, Any] | None = None   # the last state message
        self.view: stripdeck.PlayerView | None = None
        self.seat: int | None = None     # the table seat the host gave us
        self.host_name = ""              # the name of the person hosting
        self.roster: list[dict[str, Any]] = []
        self.chat: list[tuple[str, str]] = []
        self.commits: dict[int, str] = {}       # hand -> hash, as received before the deal
        self.dealt_after_commit: set[int] = set()  # hands whose commitment came before their deal
        self.joined_mid_hand: set[int] = set()  # hands in play when this page was seated: never checkable
        self.welcomed = False            # seated, and no state seen yet since (the next one shows where we came in)
        self.seen_hands: set[int] = set()
        self.checks: dict[int, fair_deal.Verdict] = {}  # hand -> the deal check's outcome
        self.finals: dict[int, dict[str, Any]] = {}      # hand -> its last state (to check a reveal)
        self.hand_log = session_log.new_log(0)
        self.hand_log_changed = 0
        self.scenarios: dict[int, dict[str, Any]] = {}   # hand -> revealed scenario (with its seed)
        self.selected: tuple[int, ...] = ()
        self.amount: object = None
        self.hint: dict[str, Any] | None = None
        self.note = ""
        self.ended = ""                  # why the table is over for us: a protocol.GOODBYES code ("host-left")
        self.errors: list[str] = []      # the host's refusals and dropped messages, newest last
        self.warning = ""                # a deal that did not check out, for the page's notices (take_warning)
        self.queued: str | None = None
        self.fold_asked = ""             # the state in which Fold asked "when you can check for free?"
        self.announced: scheduler.Token | None = None  # the finished hand whose result is named (after its reveal)
        self.preaction: preactions.PreAction | None = None  # chosen while the others act, sent when our turn comes
        self.outbox: list[str] = []      # messages for the host from automatic steps (a pre-action applied)
        self.sent = ""                   # the state the guest's last action was sent for
        self.started = clock()           # when the current state arrived
        self.deadline: float | None = None
        self.warned: scheduler.Token | None = None
        self.generation = 0
        self.bot_ms: list[float] = []    # the page reports its bots' decision times: a guest's page runs no bot

    # ---------------------------------------------------------------- what arrives

    def received(self, text: Any) -> str:
        """Handle one message from the host; returns what to announce ('' for nothing).

        A malformed message is dropped (noted in ``errors``); nothing else changes.
        """
        try:
            msg = protocol.parse(text, "host")
            return self._handle(msg)
        except (protocol.ProtocolError, stripdeck.ViewError) as err:
            self.errors = [*self.errors[-19:], _("Dropped a message from the host: {problem}", problem=str(err))]
            return ""

    def _handle(self, msg: dict[str, Any]) -> str:
        kind = msg["t"]
        if kind == "welcome":
            self.seat, self.host_name = msg["seat"], msg["host"]
            self.welcomed = True
            return _("You are seated at {host}'s table.", host=self.host_name)
        if kind == "state":
            view = None if msg["view"] is None else stripdeck.PlayerView.from_dict(msg["view"])
            return self._new_state(msg, view)
        if kind == "commit":
            self.commits[msg["hand"]] = msg["hash"]
            return ""
        if kind == "reveal":
            return self._reveal(msg)
        if kind == "chat":
            self.chat = [*self.chat[-49:], (msg.get("from", "?"), msg["text"])]
            # TRANSLATORS: {name} is who wrote to the table, {text} their own words.
            return _("{name} says: {text}", name=msg.get("from", "?"), text=msg["text"])
        if kind == "roster":
            self.roster = msg["seats"]
            return ""
        if kind == "error":
            words = protocol.describe(protocol.ERRORS, msg["code"], msg["values"])
            self.errors = [*self.errors[-19:], words]
            self.sent = ""  # refused: the guest may choose again
            return words
        if kind == "bye":
            self.ended = msg["why"]
            self.queued = None
            return protocol.farewell(self.ended)
        return ""  # pong: the page measures round trips itself

    def _new_state(self, msg: dict[str, Any], view: stripdeck.PlayerView | None) -> str:
        if msg["you"] is not None and msg["you"] < len(msg["names"]):  # the host sends names; we are "You"
            msg = {**msg, "names": [*msg["names"][:msg["you"]], "You", *msg["names"][msg["you"] + 1:]]}
        before = self.state
        if before is None or before["step"] != msg["step"]:
            self.started = self.clock()
            self.selected, self.hint, self.amount, self.queued = (), None, None, None
            if before is not None and before["hand"] != msg["hand"]:
                self.note = ""
        if self.welcomed:  # the first state since this page was seated: a hand already in play was
            self.welcomed = False  # dealt before we came, whatever commitment arrived with the welcome
            if view is not None and view.phase != "complete":
                self.joined_mid_hand.add(msg["hand"])
        if view is not None and msg["hand"] not in self.seen_hands:
            self.seen_hands.add(msg["hand"])  # the hand's first state: was its commitment here before it?
            if msg["hand"] in self.commits and msg["hand"] not in self.joined_mid_hand:
                self.dealt_after_commit.add(msg["hand"])
        self.state, self.view = msg, view
        if not preactions.still_valid(self.preaction, view, int(msg["hand"])):
            self.preaction = None  # a new round or hand, a bet after Check, or we are out
        self.deadline = None if msg["left"] is None else self.clock() + msg["left"]
        if view is not None and view.phase == "complete":
            self.finals[msg["hand"]] = msg
            self.finals = {h: m for h, m in self.finals.items() if h >= msg["hand"] - 3}
        return ""

    def _reveal(self, msg: dict[str, Any]) -> str:
        number = msg["hand"]
        final = self.finals.get(number)
        if final is None or final["view"] is None:
            return ""
        seen = final["view"]["log"]
        you = final["you"]
        if number not in self.dealt_after_commit:
            verdict = fair_deal.Verdict(False, "joined-later")
        else:
            verdict = fair_deal.check(self.commits.get(number), msg["seed"], msg["salt"], msg["scenario"], you, seen)
        self.checks[number] = verdict
        scenario = {**msg["scenario"], "seed": msg["seed"]}
        record = self._record(number, final, scenario if verdict.ok else None)
        self.hand_log = session_log.add_record(self.hand_log, record)
        self.hand_log_changed += 1
        if verdict.ok:
            self.scenarios[number] = scenario
        if verdict.loud:
            self.warning = verdict.warning()
            return self.warning
        return verdict.words()

    @property
    def verdicts(self) -> dict[int, tuple[bool, str]]:
        """Each checked hand: (verified, the check's words in the language in use)."""
        return {number: (v.ok, v.words()) for number, v in self.checks.items()}

    def verdict_line(self) -> str:
        """The last hand's deal check, as the Friends panel shows it ('' before the first reveal)."""
        if not self.checks:
            return ""
        number = max(self.checks)
        # TRANSLATORS: {verdict} is the outcome of checking the hand's deal (a sentence).
        return _("Hand {number}: {verdict}", number=number, verdict=self.checks[number].words())

    def take_warning(self) -> str:
        """A deal that did not check out since last asked ('' if none): the page shows it loudly."""
        warning, self.warning = self.warning, ""
        return warning

    def _record(self, number: int, final: dict[str, Any], scenario: dict[str, Any] | None) -> dict[str, Any]:
        view = stripdeck.PlayerView.from_dict(final["view"])
        names = final["names"]
        deltas = [-seat.total for seat in view.seats]  # what each put in (uncalled chips came back) ...
        for event in view.log:
            if event.kind == "win" and event.seat is not None:
                deltas[event.seat] += event.amount or 0  # ... and what each won
        if not self.hand_log["start_stack"] and final["you"] is not None:
            self.hand_log = {**self.hand_log, "start_stack": view.seats[final["you"]].stack - deltas[final["you"]]}
        return session_log.hand_record(number, view.log, names, deltas, ["You"], scenario)

    # ---------------------------------------------------------------- what the page shows

    @property
    def rules(self) -> stripdeck.Rules:
        return self.view.rules if self.view is not None else stripdeck.Rules()

    @property
    def hand_number(self) -> int:
        return int(self.state["hand"]) if self.state else 0

    @property
    def step_text(self) -> str:
        return str(self.state["step"]) if self.state else "0.0"

    @property
    def phase(self) -> str:
        return self.view.phase if self.view is not None else ""

    @property
    def token(self) -> scheduler.Token:
        hand, _, events = self.step_text.partition(".")
        return (self.generation, int(hand), int(events))

    @property
    def in_hand(self) -> bool:
        return self.view is not None and self.view.phase != "complete"

    @property
    def game_over(self) -> str:
        """Why no further hand comes, in this page's words ('' while the host deals on)."""
        if self.ended:
            return protocol.farewell(self.ended)
        over = self.state["over"] if self.state else None
        return protocol.describe(protocol.ENDINGS, over["code"], over["values"]) if over else ""

    @property
    def handing_over(self) -> None:
        return None

    def my_turn(self) -> bool:
        """True when the host waits for this guest (and no action is on its way for this state)."""
        return (not self.ended and self.view is not None and self.view.is_my_turn and self.view.legal is not None
                and self.sent != self.step_text)

    def model(self, name_hand: bool = True) -> presenter.TableModel | None:
        if self.view is None or self.state is None:
            return None
        view = self.view
        to_act = view.to_act
        names = self.state["names"]
        model = presenter.present(
            view, names, self.state["table_seats"], human=self.state["you"] if self.state["you"] is not None else -1,
            selected=self.selected, amount=self.amount, hand_number=self.hand_number,
            four_color=self.settings["four_color"], name_hand=name_hand, show_hints=self.settings["show_hints"],
            note=self.note, thinking=to_act is not None and self._is_bot(to_act),
            fold_asked=self.fold_asked == self.step_text and self.my_turn(), announce=self.is_announced(),
            preaction=self.preaction.kind if self.preaction is not None else "",
            big_blinds=self.settings["big_blinds"],
            hint=None if not self.hint else advice_panel.choice_hint_model(self.hint) if "up" in self.hint
            else advice_panel.hint_model(self.hint, view.my_hand))
        if self.ended:
            return presenter.TableModel(**{**model.__dict__, "bar": action_bar.ActionBar(), "my_turn": False})
        return model

    def is_announced(self) -> bool:
        """True when the finished hand's result may be named: its showdown's cards have turned
        over on this page (the scheduler's ``announce`` step), or nobody showed."""
        view = self.view
        if view is None or view.phase != "complete" or self.announced == self.token:
            return True
        return not any(e.kind == "show" for e in view.log)

    def _is_bot(self, hand_seat: int) -> bool:
        if self.state is None:
            return False
        table_seat = self.state["table_seats"][hand_seat]
        return any(r["seat"] == table_seat and r["kind"] == "bot" for r in self.roster)

    def timer_limit(self) -> float | None:
        return None if self.state is None or self.deadline is None else self.state["limit"]

    def time_left(self) -> float | None:
        if self.deadline is None or self.timer_limit() is None:
            return None
        return max(0.0, self.deadline - self.clock())

    def in_bank(self) -> bool:
        """True while the seat to act uses its time bank (the host counts it; it sends the bank's size)."""
        left = self.time_left()
        bank = self.state.get("bank") if self.state is not None else None
        return left is not None and bool(bank) and left < bank

    def stacks_of_people(self) -> dict[str, int]:
        if self.view is None or self.state is None or self.state["you"] is None:
            return {}
        return {"You": self.view.seats[self.state["you"]].stack}

    @property
    def last_finished(self) -> None:
        return None

    def export_json(self) -> str:
        """The last verified hand as scenario JSON ('' before the host revealed one)."""
        if not self.scenarios:
            return ""
        number = max(self.scenarios)
        return exports.scenario_json(self.scenarios[number], self.finals.get(number, {}).get("names", []))

    def export_session_json(self) -> str:
        return session_log.export_json(self.hand_log) if self.scenarios else ""

    # ---------------------------------------------------------------- the clock on screen

    def facts(self, ready: bool) -> scheduler.Facts:
        """Only the display's clock is the guest's: the host decides timeouts and deals. So the
        countdown ticks while someone's clock runs, and nothing is due once it has run out but
        naming a showdown's result once its cards have turned over on this page."""
        mine = self.my_turn()
        left = self.time_left()
        running = left is not None and left > 0 and not self.ended
        limit = self.timer_limit()
        started = self.clock() + left - limit if running and limit is not None and left is not None else self.started
        return scheduler.Facts(
            token=self.token, started=started, shown=self.started, ready=ready,
            queued=self.queued is not None and mine or self.preaction_due() is not None, bot_to_act=False,
            human_to_act=mine and running,
            timer=limit if running else None, warned=self.warned == self.token,
            hand_over=self.view is not None and self.view.phase == "complete",
            game_over=True, auto_deal=False, fast_bots=False, remote_to_act=running and not mine,
            revealed=sum(1 for e in self.view.log if e.kind == "show") if self.view is not None else 0,
            announced=self.is_announced())

    def run_step(self, step: scheduler.Step) -> str:
        if step.token != self.token:
            return ""
        if step.kind == "warn":
            self.warned = step.token
            return _("5 seconds left.")
        if step.kind == "announce":
            self.announced = step.token
        if step.kind == "apply":  # our pre-action: sent to the host, which applies it
            text = self.preaction_due()
            self.preaction = None
            message = self.act(text) if text is not None else None
            if message is not None:
                self.outbox.append(message)
        return ""

    def preaction_due(self) -> str | None:
        """The action our pre-action sends now that our turn has come (None if none applies)."""
        if self.preaction is None or not self.my_turn() or self.view is None:
            return None
        return preactions.action_for(self.preaction, self.view.legal)

    def set_preaction(self, kind: str) -> bool:
        """Choose (or, chosen again, drop) a pre-action while the others act; False if not on offer."""
        view = self.view
        if view is None or self.ended or kind not in preactions.offered(view):
            return False
        if self.preaction is not None and self.preaction.kind == kind:
            self.preaction = None
        else:
            self.preaction = preactions.PreAction(kind, self.hand_number, view.phase)
        return True

    def take_outbox(self) -> list[str]:
        """The messages automatic steps made for the host (the page sends them)."""
        out, self.outbox = self.outbox, []
        return out

    # ---------------------------------------------------------------- what the guest does

    def act(self, text: str) -> str | None:
        """The message to send for the guest's action (None if it is not their turn)."""
        if not self.my_turn() or not text:
            return None
        self.queued = None
        self.sent = self.step_text  # one action per state: a second click sends nothing
        return protocol.message("act", action=text[:protocol.MAX_ACTION], step=self.step_text)

    def queue(self, text: str) -> None:
        if self.my_turn():
            self.queued = text

    def toggle(self, index: int) -> bool:
        view = self.view
        if view is None or not self.my_turn() or view.phase != "draw" or view.legal is None:
            return False
        before = self.selected
        self.selected = action_bar.toggle_selection(self.selected, index, len(view.my_hand), view.legal.draw_max)
        return self.selected != before

    def set_amount(self, value: object) -> None:
        self.amount = value

    def ask_fold(self) -> bool:
        """Fold where checking is free: ask first (as the host's own page does)."""
        view = self.view
        if not self.my_turn() or view is None or view.legal is None or not (
                view.legal.allows("check") and view.legal.allows("fold")):
            return False
        self.fold_asked = self.step_text
        return True

    def ask_hint(self) -> bool:
        view = self.view
        if view is None or not self.my_turn() or view.phase != "draw" or not self.settings["show_hints"]:
            return False
        if view.choice is not None:  # the choice of the fourth card: which card to take
            self.hint = advise_choice(view.my_hand, [view.choice[1]], view.rules, dead=advice_panel.own_discards(view),
                                      opponents=advice_panel.opponents_in(view)).to_dict()
            return True
        self.hint = stripdeck.advise(view.my_hand, view.rules, opponents=advice_panel.opponents_in(view)).to_dict()
        return True

    def apply_hint(self) -> bool:
        view = self.view
        if view is None or not self.hint or view.legal is None or not self.my_turn() or view.choice is not None:
            return False
        self.selected = advice_panel.suggested_selection(self.hint, view.my_hand, view.legal.draw_max)
        return True

    def set_display(self, settings: dict[str, Any]) -> None:
        self.settings = storage.validate({**self.settings, **{
            k: settings[k] for k in storage.DISPLAY_FIELDS if k in settings}})
