"""Controller: owns the Session and the UI's own state (selection, amount, the step clock).

Pure Python (no `pyscript`, no `js`): app/main.py wires it to the page. It holds its parts and
delegates to them by name: ``seating`` (table/seating.py: who plays each seat, who holds the
device) and ``bot_seats`` (table/bot_seats.py: the opponents' bots and their reads). State flows one way:
session -> view -> presenter -> render; every input becomes action text sent to
`Session.act`, which the engine checks. What happens next on its own (a bot's move, a
clock running out, the automatic deal) is decided by `scheduler.next_step` from
:meth:`Controller.facts`, and carried out by :meth:`Controller.run_step`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import stripdeck
from stripdeck import Session
from stripdeck.i18n import _
from stripdeck.sound import SoundBot

from . import action_bar, advice_panel, clock_words, exports, preactions, presenter, scheduler, session_log, storage
from .bot_seats import BotSeats
from .seating import BOT, PERSON, REMOTE, Seating
from .step_record import StepRecord
from .step_record import parse as parse_step_record
from .time_bank import TimeBanks


class Controller:
    """One table in the page: session, settings, what the human is choosing, and the clock
    of the current state (when it began, which the scheduler's steps count from)."""

    def __init__(self, settings: Mapping[str, Any], session: Session | None = None, *,
                 seed: int | None = None, timer_seconds: float = storage.TIMER_SECONDS,
                 clock: Callable[[], float] = time.monotonic,
                 wall_clock: Callable[[], float] = time.time,
                 hand_log: Mapping[str, Any] | None = None,
                 reads: Mapping[int, Mapping[str, Any]] | None = None) -> None:
        self.settings = dict(settings)
        self.timer_seconds = timer_seconds
        self.seed = seed
        self.clock = clock
        self.wall_clock = wall_clock
        self.session = session if session is not None else storage.new_session(
            self.settings, seed, timer_seconds)
        self.seating = Seating(lambda: self.session)  # who plays each seat, whose cards are shown
        self.generation = 0            # a new table starts a new generation: old steps are void
        # The session's finished hands and their summary (session_log); saved when it changes.
        self.hand_log = dict(hand_log) if hand_log else session_log.new_log(self.settings["stack"])
        self.hand_log_changed = 0
        self.bot_seats = BotSeats(seed, reads)  # the opponents' bots and what they have read of the players
        self.selected: tuple[int, ...] = ()
        self.amount: object = None
        self.hint: dict[str, Any] | None = None  # the advisor's data for the human's draw
        self.note = ""                 # something the human must read about their last turn
        self.queued: tuple[scheduler.Token, str] | None = None  # acted before the tables were ready
        self.announced: scheduler.Token | None = None  # the finished hand whose result is named (after its reveal)
        self.fold_asked: scheduler.Token | None = None  # the turn in which Fold asked "when you can check?"
        # What each person here chose to do before their turn (table seat -> pre-action), this round only.
        self.preactions: dict[int, preactions.PreAction] = {}
        self.connected: set[int] = set()  # a host's remote seats whose guest is connected
        self.guests_show: set[int] = set()  # a host's remote seats whose guest chose to show a losing hand
        self.ended = False             # pass and play: everyone agreed to end the session (exports open)
        self.before_deal: Callable[[], None] | None = None
        self.warned: scheduler.Token | None = None   # the turn whose 5-second warning was given
        self.banks = TimeBanks(lambda: float(self.settings.get("time_bank", 0)))  # each person's time bank
        self.step_key: tuple[int, int] | None = None
        self.started = clock()
        self.started_at = wall_clock()  # the same moment by the wall clock, which a reload keeps
        self.shown = self.started       # when this page first showed the state (not kept by a reload)
        self._note_step()

    # ---------------------------------------------------------------- seats (table/seating.py)

    @property
    def holder(self) -> int | None:
        """Pass and play: the person holding the device."""
        return self.seating.holder

    @holder.setter
    def holder(self, table_seat: int | None) -> None:
        self.seating.holder = table_seat

    def kind_of(self, table_seat: int | None) -> str:
        return self.seating.kind_of(table_seat)

    @property
    def people(self) -> tuple[int, ...]:
        return self.seating.people

    @property
    def passing(self) -> bool:
        return self.seating.passing

    @property
    def viewer(self) -> int | None:
        return self.seating.viewer

    @property
    def handing_over(self) -> int | None:
        return self.seating.handing_over

    @property
    def names(self) -> list[str]:
        return self.seating.names

    def names_for(self, you: int | None) -> list[str]:
        return self.seating.names_for(you)

    # ---------------------------------------------------------------- facts

    @property
    def human_hand_seat(self) -> int | None:
        """The hand seat whose cards are shown (the viewer's)."""
        viewer = self.viewer
        return None if viewer is None else self.session.hand_seat_of(viewer)

    @property
    def in_hand(self) -> bool:
        return self.session.in_hand

    @property
    def game_over(self) -> str:
        """Why no further hand can be dealt ('' if one can)."""
        if self.session.in_hand:
            return ""
        if self.ended and self.passing:
            return _("You have ended the session: History exports every hand with every card. Start a new table.")
        seats = self.session.seats
        players = [i for i, p in enumerate(seats) if p is not None and p.stack > 0]
        people = [i for i in players if seats[i].controller != BOT]  # type: ignore[union-attr]
        hosting = any(p is not None and p.controller == REMOTE for p in seats)
        if not self.passing and not hosting and self.people:
            human = seats[self.people[0]]
            you = human is None or human.name == presenter.YOU
            if human is None or human.stack == 0:
                return (_("You are out of chips. Start a new table to play again.") if you else
                        _("{player} is out of chips. Start a new table to play again.", player=human.name))
            if len(players) < 2:
                return (_("You have won every chip at the table! Start a new table to play again.") if you else
                        _("{player} has won every chip at the table! Start a new table to play again.",
                          player=human.name))
            return ""
        if len(players) < 2:
            winner = seats[players[0]] if players else None
            if winner is None:
                return _("Nobody has won every chip at the table. Start a new table.")
            return _("{player} has won every chip at the table. Start a new table.", player=winner.name)
        if not people:
            return _("Everyone is out of chips; only bots are left. Start a new table to play again.")
        return ""

    @property
    def last_finished(self) -> stripdeck.HandState | None:
        """The hand on the table if it is finished."""
        hand = self.session.hand
        return hand if hand is not None and hand.is_complete else None

    def bot_to_act(self) -> bool:
        """True when a bot must act next."""
        return self.session.in_hand and self.kind_of(self.session.to_act_table_seat) == BOT

    def human_to_act(self) -> bool:
        """True when a person at this page must act next (in pass and play, whoever it is)."""
        return self.session.in_hand and self.kind_of(self.session.to_act_table_seat) == PERSON

    def remote_to_act(self) -> bool:
        """True when a guest's page must act next (the host waits for its message)."""
        return self.session.in_hand and self.kind_of(self.session.to_act_table_seat) == REMOTE

    def view(self) -> stripdeck.PlayerView | None:
        """The hand as this page may show it: the viewer's cards only (nobody's during a hand-over)."""
        if self.session.hand is None:
            return None
        viewer = self.viewer
        return self.session.view(viewer if viewer is not None and viewer in self.session.hand_seats else None)

    def model(self, name_hand: bool = True) -> presenter.TableModel | None:
        view = self.view()
        if view is None:
            return None
        over = self.handing_over
        return presenter.present(
            view, self.names, self.session.hand_seats,
            human=self.human_hand_seat if self.human_hand_seat is not None else -1,
            selected=self.selected, amount=self.amount, hand_number=self.session.hand_number,
            four_color=self.settings["four_color"], name_hand=name_hand,
            show_hints=self.settings["show_hints"], note=self.note, big_blinds=self.settings["big_blinds"],
            hand_over_to=None if over is None else self.session.seats[over].name,  # type: ignore[union-attr]
            thinking=self.bot_to_act(), fold_asked=self.fold_asked == self.token, announce=self.is_announced(),
            preaction=self.preaction_of(self.viewer),
            hint=None if not self.hint else advice_panel.choice_hint_model(self.hint) if "up" in self.hint
            else advice_panel.hint_model(self.hint, view.my_hand))

    @property
    def rules(self) -> stripdeck.Rules:
        """The rules of the table (what ``stripdeck.prepare`` must get ready)."""
        return self.session.rules

    @property
    def token(self) -> scheduler.Token:
        """The current state, for the scheduler: table generation, hand number, log length."""
        hand = self.session.hand
        return (self.generation, self.session.hand_number, len(hand.log) if hand is not None else 0)

    def facts(self, ready: bool) -> scheduler.Facts:
        """What the scheduler needs to decide the next automatic step."""
        self._note_step()
        hand = self.session.hand
        token = self.token
        person = self.human_to_act()
        remote = self.remote_to_act()
        return scheduler.Facts(
            token=token, started=self.started, shown=self.shown, ready=ready,
            queued=self.queued is not None and self.queued[0] == token or self.preaction_due() is not None,
            bot_to_act=self.bot_to_act(), human_to_act=person,
            timer=self.timer_limit() if person or remote else None, warned=self.warned == token,
            hand_over=hand is not None and hand.is_complete, game_over=bool(self.game_over),
            auto_deal=bool(self.settings["auto_deal"]), fast_bots=bool(self.settings["fast_bots"]),
            revealed=self.revealed(),
            seed=self.session.seed, remote_to_act=remote,
            absent=remote and self.session.to_act_table_seat not in self.connected, announced=self.is_announced(),
            bank=self.bank_left(self.session.to_act_table_seat) if person or remote else 0.0)

    def revealed(self) -> int:
        """Seats that showed their cards at the showdown of the hand on the table."""
        hand = self.session.hand
        return sum(1 for e in hand.log if e.kind == "show") if hand is not None else 0

    def is_announced(self) -> bool:
        """True when the finished hand's result may be named: its showdown's cards have turned
        over (the scheduler's ``announce`` step), or nobody showed."""
        hand = self.session.hand
        return hand is None or not hand.is_complete or self.announced == self.token or self.revealed() == 0

    # ---------------------------------------------------------------- the step clock

    def _note_step(self) -> None:
        """Start the clock again when the state has moved on (a new hand or a new event)."""
        hand = self.session.hand
        key = (self.session.hand_number, len(hand.log) if hand is not None else 0)
        if key != self.step_key:
            self.step_key = key
            self.started = self.shown = self.clock()
            self.started_at = self.wall_clock()

    def step_record(self) -> dict[str, Any] | None:
        """The current state's clock and the human's unconfirmed choices, JSON-ready
        (table/step_record.py), so a reload carries on where the page was (None before the first deal)."""
        self._note_step()
        if self.step_key is None or self.session.hand is None:
            return None
        hand_number, events = self.step_key
        return StepRecord(hand_number, events, self.started_at, selected=self.selected, note=self.note,
                          holder=self.holder, amount=self.amount_text(), asked=self.fold_asked == self.token,
                          announced=self.announced == self.token, bank=self.banks.record(),
                          preaction=preactions.record(self.preactions), ended=self.ended).to_json()

    def resume_step(self, raw: Any) -> bool:
        """Carry on from :meth:`step_record` saved before a reload (read by step_record.parse).

        The time banks are restored from any good record; the rest only from a record of this
        state: one of another (the game moved on since) is ignored, and so is one whose start
        lies in the future (the computer's clock was put back). True if resumed.
        """
        self._note_step()
        record = parse_step_record(raw)
        if self.step_key is None or record is None:
            return False
        self.banks.restore(record.bank, len(self.session.seats))
        elapsed = self.wall_clock() - record.started_at
        if [record.hand, record.events] != list(self.step_key) or not 0 <= elapsed:
            return False
        self.started = self.clock() - min(elapsed, 3600.0)
        self.started_at = record.started_at
        if record.announced:  # the result was named before the reload: it stays named
            self.announced = self.token
        self.note = record.note
        self.holder = record.holder if record.holder in self.people else None
        self.preactions = preactions.from_record(record.preaction, self.session.hand_number, self.phase)
        self._prune_preactions()
        if record.asked:  # the fold question stays up
            self.fold_asked = self.token
        if record.amount is not None:
            self.amount = record.amount
        self.ended = record.ended and self.passing and not self.session.in_hand
        for index in record.selected:  # the holder's choice: restored once they hold it again
            self.toggle(index)
        return True

    def timer_limit(self) -> float | None:
        """Seconds the player to act has (None: no timer). In pass and play the next person's
        clock does not run while the device is handed over: it starts when they take it."""
        hand = self.session.hand
        if hand is None or hand.is_complete or hand.to_act is None or self.handing_over is not None:
            return None
        rules = hand.rules
        return rules.draw_timer if hand.phase == "draw" else rules.action_timer

    def time_left(self) -> float | None:
        """Seconds until the player to act times out: the turn's clock, then their time bank."""
        limit = self.timer_limit()
        if limit is None:
            return None
        return max(0.0, limit + self.bank_left(self.session.to_act_table_seat) - (self.clock() - self.started))

    # ---------------------------------------------------------------- the time bank

    def bank_left(self, table_seat: int | None) -> float:
        """Seconds of time bank a seat played by a person or a guest still has this session
        (the setting's ``time_bank`` until they use some; bots have none)."""
        if table_seat is None or self.kind_of(table_seat) not in (PERSON, REMOTE):
            return 0.0
        return self.banks.left(table_seat)

    def in_bank(self) -> bool:
        """True while the player to act is using their time bank (their turn's clock ran out)."""
        limit = self.timer_limit()
        seat = self.session.to_act_table_seat
        return (limit is not None and self.bank_left(seat) > 0 and self.clock() - self.started > limit
                and (self.human_to_act() or self.remote_to_act()))

    def _spend_bank(self) -> None:
        """Before the player to act acts (or times out): take what they used of their bank."""
        limit = self.timer_limit()
        seat = self.session.to_act_table_seat
        if limit is None or seat is None or not (self.human_to_act() or self.remote_to_act()):
            return
        self.banks.spend(seat, self.clock() - self.started - limit)

    def take_over(self, table_seat: int) -> bool:
        """Pass and play: the next person takes the device, and only now does their clock start
        (what the last holder selected or was hinted is not theirs)."""
        if not self.seating.take_over(table_seat):
            return False
        self.selected = ()
        self.hint = None
        self.started = self.shown = self.clock()
        self.started_at = self.wall_clock()
        return True

    # ---------------------------------------------------------------- automatic steps

    def run_step(self, step: scheduler.Step) -> str:
        """Carry out a step of the scheduler if it is still meant for this state.

        Returns what to announce ('' for nothing); a stale step does nothing.
        """
        if step.token != self.token:
            return ""
        if step.kind == "apply" and self.queued is not None:
            _token, text = self.queued
            self.queued = None
            return "" if self.act(text) else _("That action is no longer possible.")
        if step.kind == "apply":  # the pre-action of the person to act, chosen before their turn
            text = self.preaction_due()
            self.preactions.pop(self.session.to_act_table_seat or 0, None)
            if text is not None:
                self._apply(text)
            return ""
        if step.kind == "bot" and self.bot_to_act():
            self.bot_apply(self.bot_decide())
        elif step.kind == "timeout":
            return self.time_out()
        elif step.kind == "warn":
            self.warned = step.token
            hand = self.session.hand
            return clock_words.warning(hand.phase if hand is not None else "", hand is not None and hand.choosing)
        elif step.kind == "announce":
            self.announced = step.token
        elif step.kind == "deal":
            self.deal()
        return ""

    def time_out(self) -> str:
        """The clock of the person or guest to act ran out (or the guest is away): the engine's
        ``timeout`` (stand pat, check or fold). Returns what to tell this page's viewer."""
        hand = self.session.hand
        seat = self.session.to_act_table_seat
        if hand is None or not (self.human_to_act() or self.remote_to_act()):
            return ""
        phase = hand.phase
        legal = stripdeck.legal_actions(hand)
        if legal.allows("timeout"):
            action = "timeout"
        elif self.remote_to_act():  # an absent guest at a table without clocks: what a timeout would do
            action = ("take down" if legal.allows("take down") else "draw" if phase == "draw"
                      else "check" if legal.allows("check") else "fold")
        else:
            return ""
        mine = seat == self.viewer
        choosing = hand.choosing
        dropped = len(self.selected) if phase == "draw" and mine else 0
        hand_seat = hand.to_act
        self._apply(action)
        after = self.session.hand
        folded = after is not None and hand_seat is not None and after.seats[hand_seat].folded
        if mine:
            self.note = clock_words.timeout_note(phase, dropped, folded, choosing)
            return self.note
        player = self.session.seats[seat] if seat is not None else None
        return clock_words.timeout_said(action, player.name if player is not None else None)

    def queue(self, text: str) -> None:
        """Keep the human's action until the tables are ready (a second one replaces it)."""
        if self.my_turn():
            self.queued = (self.token, text)

    def my_turn(self) -> bool:
        """True when the person whose cards are shown is to act."""
        return self.human_to_act() and self.session.to_act_table_seat == self.viewer

    # ---------------------------------------------------------------- actions

    def preaction_of(self, table_seat: int | None) -> str:
        """The pre-action a person here chose for this round ('' for none)."""
        pre = self.preactions.get(table_seat) if table_seat is not None else None
        return pre.kind if pre is not None else ""

    def set_preaction(self, kind: str) -> bool:
        """The viewer chooses (or, chosen again, drops) a pre-action; False if it is not on offer."""
        seat = self.viewer
        view = self.view()
        if seat is None or view is None or kind not in preactions.offered(view):
            return False
        if self.preaction_of(seat) == kind:
            del self.preactions[seat]
        else:
            self.preactions[seat] = preactions.PreAction(kind, self.session.hand_number, view.phase)
        return True

    def preaction_due(self) -> str | None:
        """The action the pre-action of the person to act sends now (None if none applies)."""
        seat = self.session.to_act_table_seat
        pre = self.preactions.get(seat) if seat is not None and self.human_to_act() else None
        if pre is None or not preactions.still_valid(pre, self.session.view(seat), self.session.hand_number):
            return None
        return preactions.action_for(pre, stripdeck.legal_actions(self.session.hand))  # type: ignore[arg-type]

    def _prune_preactions(self) -> None:
        """Drop the pre-actions the table has moved past (a new round, a bet after Check, a fold)."""
        for seat, pre in list(self.preactions.items()):
            if self.kind_of(seat) != PERSON or not self.session.in_hand or not preactions.still_valid(
                    pre, self.session.view(seat), self.session.hand_number):
                del self.preactions[seat]

    def deal(self) -> bool:
        """Deal the next hand (False if the table cannot)."""
        if self.session.in_hand:
            return False
        if self.before_deal is not None:
            self.before_deal()  # a host: guests who asked to leave give up their seats now
        if self.game_over:
            return False
        self.session = self.session.next_hand(show=self.showing())
        self.note = ""
        self.preactions = {}
        self._reset_choice()
        return True

    def showing(self) -> tuple[int, ...]:
        """Table seats that show their hand at the showdown even when it loses: the people at this
        page, when Settings says so, and a host's guests who chose so (the bots muck a hand that cannot win)."""
        mine = set(self.people) if self.settings.get("show_losing") else set()
        guests = {s for s in self.guests_show if self.kind_of(s) == REMOTE}
        return tuple(sorted(mine | guests))

    def act(self, text: str) -> bool:
        """The viewer's action text; False (and nothing changes) if it is not their turn or illegal."""
        if not self.my_turn():
            return False
        try:
            self._apply(text)
        except (stripdeck.IllegalAction, stripdeck.ActionError):
            return False
        self.note = ""
        return True

    def bot_act(self) -> str:
        """Let the bot to act choose from its own view, and apply it; returns the action text."""
        action = self.bot_decide()
        self.bot_apply(action)
        return action

    def act_remote(self, table_seat: int, text: str, step: str) -> tuple[str, str] | None:
        """A guest's action for their own seat (the host binds the seat to the connection).

        ``step`` is the state the guest chose in ("hand.events"). Returns None when applied,
        or (code, message) when refused: not their turn, a state that has moved on, or an
        action the engine refuses (its IllegalAction code). Nothing changes when refused.
        """
        if not self.remote_to_act() or self.session.to_act_table_seat != table_seat:
            return "turn", _("It is not your turn.")
        if step != self.step_text:
            return "stale", _("The table has moved on since you chose; choose again.")
        try:
            self._apply(text)
        except stripdeck.IllegalAction as err:
            return err.code, str(err)
        except stripdeck.ActionError as err:
            return "bad-action", str(err)
        return None

    @property
    def hand_number(self) -> int:
        return self.session.hand_number

    @property
    def phase(self) -> str:
        """The hand's phase ('' before the first deal)."""
        return self.session.hand.phase if self.session.hand is not None else ""

    @property
    def step_text(self) -> str:
        """The current state as "hand.events" (what a guest's action must name)."""
        hand = self.session.hand
        return f"{self.session.hand_number}.{len(hand.log) if hand is not None else 0}"

    # ---------------------------------------------------------------- bots (table/bot_seats.py)

    @property
    def bots(self) -> dict[int, SoundBot]:
        return self.bot_seats.bots

    @property
    def reads(self) -> dict[int, Mapping[str, Any]]:
        """What each bot has read of the players (table seat -> ``Reads.to_dict()``), saved with the session."""
        return self.bot_seats.reads

    @property
    def reads_changed(self) -> int:
        return self.bot_seats.reads_changed

    @property
    def bot_ms(self) -> list[float]:
        """The bots' last decision times in ms (the page reports them to bench/bench_page.py)."""
        return self.bot_seats.ms

    def bot_decide(self) -> str:
        """The action the bot to act chooses from its own view."""
        seat = self.session.to_act_table_seat
        assert seat is not None and self.kind_of(seat) == BOT
        view = self.session.view(seat)
        assert view is not None
        return self.bot_seats.decide(seat, view, self.settings["bot_level"], self.session.hand_seats)

    def _bot(self, seat: int) -> SoundBot:
        """The bot at ``seat``, told who sits where in this hand."""
        return self.bot_seats.bot(seat, self.settings["bot_level"], self.session.hand_seats)

    def _bots_observe(self) -> None:
        """Each bot in the finished hand counts what it saw of it (its own view: public events only)."""
        views = {seat: self.session.view(seat) for seat in self.session.hand_seats if self.kind_of(seat) == BOT}
        self.bot_seats.observe({seat: view for seat, view in views.items() if view is not None},
                               self.settings["bot_level"], self.session.hand_seats)

    def bot_apply(self, action: str) -> None:
        """Apply a bot's chosen action (the engine checks it like any other)."""
        assert self.bot_to_act()
        self._apply(action)

    def _apply(self, text: str) -> None:
        before = self.banks.snapshot()
        self._spend_bank()
        try:
            self.session, _events = self.session.act(text)
        except Exception:
            self.banks.put_back(before)  # a refused action changes nothing
            raise
        hand = self.session.hand
        if hand is not None and hand.is_complete:
            names = self.names
            mine = [names[self.session.hand_seats.index(t)] for t in self.people if t in self.session.hand_seats]
            record = session_log.record_of(self.session, names, mine)
            self.hand_log = session_log.add_record(self.hand_log, record)
            self.hand_log_changed += 1
            self._bots_observe()
        self._reset_choice()
        self._prune_preactions()

    def _reset_choice(self) -> None:
        self.fold_asked = None
        self.selected = ()
        self.hint = None
        self.amount = None
        self.queued = None
        self._note_step()

    def human_drawing(self) -> stripdeck.PlayerView | None:
        """The human's view when it is their draw (else None)."""
        view = self.view()
        if view is None or not view.is_my_turn or view.legal is None or view.phase != "draw":
            return None
        return view

    def ask_hint(self) -> bool:
        """The draw advisor on the human's own cards (their view only); False if not their draw."""
        view = self.human_drawing()
        if view is None or not self.settings["show_hints"]:
            return False
        self.hint = advice_panel.advice_for(view)
        return True

    def apply_hint(self) -> bool:
        """Select the suggested discards (the human still confirms with Discard)."""
        view = self.human_drawing()
        if view is None or not self.hint or view.legal is None or view.choice is not None:
            return False
        self.selected = advice_panel.suggested_selection(self.hint, view.my_hand, view.legal.draw_max)
        return True

    def toggle(self, index: int) -> bool:
        """Select or unselect one of the human's cards for the draw; True if the selection changed."""
        view = self.human_drawing()
        if view is None or view.legal is None:
            return False
        before = self.selected
        self.selected = action_bar.toggle_selection(self.selected, index, len(view.my_hand),
                                                   view.legal.draw_max)
        return self.selected != before

    def set_amount(self, value: object) -> None:
        self.amount = value

    def ask_fold(self) -> bool:
        """Fold where checking is free: ask first (the bar shows the question); False if not so."""
        view = self.view()
        if not self.my_turn() or view is None or view.legal is None or not (
                view.legal.allows("check") and view.legal.allows("fold")):
            return False
        self.fold_asked = self.token
        return True

    def amount_text(self) -> str | None:
        """The bet amount typed or slid for this turn as saved text (None if none or not a number)."""
        if self.amount is None or isinstance(self.amount, bool):
            return None
        return action_bar.amount_digits(self.amount)  # as action_bar.clamp_amount reads it

    def new_table(self, settings: Mapping[str, Any]) -> None:
        """Start over with new settings (stacks reset, the session's history cleared)."""
        self.settings = storage.validate(settings)
        self.session = storage.new_session(self.settings, self.seed, self.timer_seconds)
        self.generation += 1
        self.bot_seats.reset()  # a new table: new bots read the players afresh
        self.hand_log = session_log.new_log(self.settings["stack"])
        self.hand_log_changed += 1
        self.holder = None
        self.ended = False
        self.note = ""
        self.warned = None
        self.banks.reset()
        self.preactions = {}
        self._reset_choice()

    def set_display(self, settings: Mapping[str, Any]) -> None:
        """Change settings that do not touch the game (four colours, auto-deal, bot speed)."""
        self.settings = storage.validate({**self.settings, **{
            k: settings[k] for k in storage.DISPLAY_FIELDS if k in settings}})

    @property
    def export_withheld(self) -> str:
        """Why the exports are not offered now ('' if they are): see :func:`exports.withheld`
        (a shared device's session ends when the table is over or at :meth:`end_session`)."""
        return exports.withheld(self.passing, self.game_over)

    def end_session(self) -> bool:
        """Pass and play, between hands: everyone agreed to end the session; the table is over and
        the exports open (True if it changed)."""
        if not self.passing or self.session.in_hand or self.session.hand is None or self.game_over:
            return False
        self.ended = True
        return True

    def export_json(self) -> str:
        """The last finished hand (the one on the table, or the one before it) as scenario JSON
        with its results and names ('' if no hand has finished yet, or the exports are withheld)."""
        return "" if self.export_withheld else exports.hand_json(self.last_finished, self.names, self.hand_log)

    def export_session_json(self) -> str:
        """Every finished hand of this table as one JSON file ('' if none yet, or withheld)."""
        return "" if self.export_withheld else exports.session_json(self.hand_log)

    def stacks_of_people(self) -> dict[str, int]:
        """Each person at this page and their chips now, by the name the page shows (the summary)."""
        out = {}
        for seat in self.people:
            player = self.session.seats[seat]
            if player is not None:
                out[presenter.YOU if not self.passing else player.name] = player.stack
        return out
