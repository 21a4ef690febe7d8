"""Controller: owns the Session and the UI's own state (selection, amount, turn clock).

Pure Python (no `pyscript`, no `js`): main.py wires it to the page and drives the bots'
pauses with asyncio. State flows one way: session -> view -> presenter -> render; every
input becomes action text sent to `Session.act`, which the engine checks.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

import presenter
import storage
import stripdeck
from stripdeck import Session

HUMAN = 0  # the human's table seat


# Each opponent seat has its own character (the engine's bot styles).
SEAT_STYLES = {1: "balanced", 2: "tight-aggressive", 3: "loose-passive", 4: "tight"}


def make_bot(level: str, table_seat: int, seed: int | None) -> Callable[..., str]:
    """The engine's bot for an opponent seat: ``stripdeck.bot_for`` (or ``simple_bot`` on an
    engine without levels). Decisions come from the bot's own view only."""
    bot_for = getattr(stripdeck, "bot_for", None)
    if bot_for is None:
        return stripdeck.simple_bot
    bot_seed = None if seed is None else seed * 10 + table_seat
    bot = bot_for(level, SEAT_STYLES.get(table_seat, "balanced"), seed=bot_seed)
    return lambda view, rng=None: bot.decide(view)


class Controller:
    """One table in the page: session, settings, and what the human is choosing."""

    def __init__(self, settings: Mapping[str, Any], session: Session | None = None, *,
                 seed: int | None = None, timer_seconds: float = storage.TIMER_SECONDS,
                 clock: Callable[[], float] = time.monotonic,
                 wall_clock: Callable[[], float] = time.time) -> None:
        self.settings = dict(settings)
        self.timer_seconds = timer_seconds
        self.seed = seed
        self.clock = clock
        self.wall_clock = wall_clock
        self.session = session if session is not None else storage.new_session(
            self.settings, seed, timer_seconds)
        self.rng = random.Random(seed)
        self.bots: dict[int, Callable[..., str]] = {}
        self.selected: tuple[int, ...] = ()
        self.amount: object = None
        self.turn_key: tuple[int, int] | None = None
        self.turn_started = clock()
        self.turn_started_at = wall_clock()  # the same moment by the wall clock, which a reload keeps
        self.last_finished: Any = None  # the last complete HandState (for Copy/Download)
        self.last_names: list[str] = []
        self.bot_ms: list[float] = []
        self.hint: dict[str, Any] | None = None  # the advisor's data for the human's draw
        self._note_turn()

    # ---------------------------------------------------------------- facts

    @property
    def names(self) -> list[str]:
        """Names per hand seat."""
        return [self.session.seats[t].name for t in self.session.hand_seats]  # type: ignore[union-attr]

    @property
    def human_hand_seat(self) -> int | None:
        return self.session.hand_seat_of(HUMAN)

    @property
    def in_hand(self) -> bool:
        return self.session.in_hand

    @property
    def game_over(self) -> str:
        """Why no further hand can be dealt ('' if one can)."""
        if self.session.in_hand:
            return ""
        players = [p for p in self.session.seats if p is not None and p.stack > 0]
        human = self.session.seats[HUMAN]
        if human is None or human.stack == 0:
            return "You are out of chips. Start a new table to play again."
        if len(players) < 2:
            return "You have won every chip at the table! Start a new table to play again."
        return ""

    def bot_to_act(self) -> bool:
        """True when a bot must act next."""
        seat = self.session.to_act_table_seat
        return self.session.in_hand and seat is not None and seat != HUMAN

    def human_to_act(self) -> bool:
        return self.session.in_hand and self.session.to_act_table_seat == HUMAN

    def view(self) -> stripdeck.PlayerView | None:
        if self.session.hand is None:
            return None
        return self.session.view(HUMAN if self.human_hand_seat is not None else None)

    def model(self, thinking: bool = False, name_hand: bool = True) -> presenter.TableModel | None:
        view = self.view()
        if view is None:
            return None
        return presenter.present(
            view, self.names, self.session.hand_seats,
            human=self.human_hand_seat if self.human_hand_seat is not None else -1,
            selected=self.selected, amount=self.amount, hand_number=self.session.hand_number,
            four_color=self.settings["four_color"], ai_thinking=thinking, name_hand=name_hand,
            show_hints=self.settings["show_hints"],
            hint=presenter.hint_model(self.hint, view.my_hand) if self.hint else None)

    @property
    def rules(self) -> stripdeck.Rules:
        """The rules of the table (what ``stripdeck.prepare`` must get ready)."""
        return self.session.rules

    # ---------------------------------------------------------------- the clock

    def _note_turn(self) -> None:
        hand = self.session.hand
        key = (self.session.hand_number, len(hand.log) if hand is not None else 0)
        if key != self.turn_key:
            self.turn_key = key
            self.turn_started = self.clock()
            self.turn_started_at = self.wall_clock()

    def turn_record(self) -> dict[str, Any] | None:
        """The running turn clock as JSON-ready data (None without one), so a reload keeps it."""
        self._note_turn()
        if self.timer_limit() is None or self.turn_key is None:
            return None
        hand_number, events = self.turn_key
        return {"hand": hand_number, "events": events, "started_at": self.turn_started_at}

    def resume_turn(self, record: Any) -> bool:
        """Carry on the turn clock of :meth:`turn_record` saved before a reload.

        A record of another turn (the game moved on since) is ignored; so is one whose
        start lies in the future (the computer's clock was put back). True if resumed.
        """
        self._note_turn()
        limit = self.timer_limit()
        if limit is None or self.turn_key is None or not isinstance(record, Mapping):
            return False
        started_at = record.get("started_at")
        if ([record.get("hand"), record.get("events")] != list(self.turn_key)
                or isinstance(started_at, bool) or not isinstance(started_at, (int, float))):
            return False
        elapsed = self.wall_clock() - started_at
        if not 0 <= elapsed:
            return False
        self.turn_started = self.clock() - min(elapsed, limit)
        self.turn_started_at = started_at
        return True

    def timer_limit(self) -> float | None:
        """Seconds the player to act has (None: no timer)."""
        hand = self.session.hand
        if hand is None or hand.is_complete or hand.to_act is None:
            return None
        rules = hand.rules
        return rules.draw_timer if hand.phase == "draw" else rules.action_timer

    def time_left(self) -> float | None:
        limit = self.timer_limit()
        if limit is None:
            return None
        return max(0.0, limit - (self.clock() - self.turn_started))

    def check_timeout(self) -> bool:
        """Send `timeout` for the human whose clock ran out; True if it did."""
        left = self.time_left()
        if left is None or left > 0 or not self.human_to_act():
            return False
        view = self.view()
        if view is None or view.legal is None or not view.legal.allows("timeout"):
            return False
        return self.act("timeout")

    # ---------------------------------------------------------------- actions

    def deal(self) -> bool:
        """Deal the next hand (False if the table cannot)."""
        if self.session.in_hand or self.game_over:
            return False
        self.session = self.session.next_hand()
        self._reset_choice()
        return True

    def act(self, text: str) -> bool:
        """The human's action text; False (and nothing changes) if it is not their turn or illegal."""
        if not self.human_to_act():
            return False
        try:
            self._apply(text)
        except (stripdeck.IllegalAction, stripdeck.ActionError):
            return False
        return True

    def bot_act(self) -> str:
        """Let the bot to act choose from its own view, and apply it; returns the action text."""
        action = self.bot_decide()
        self.bot_apply(action)
        return action

    def bot_decide(self) -> str:
        """The action the bot to act chooses from its own view (timed in ``bot_ms``)."""
        seat = self.session.to_act_table_seat
        assert seat is not None and seat != HUMAN
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = make_bot(self.settings["bot_level"], seat, self.seed)
        start = time.perf_counter()
        action = bot(self.session.view(seat))
        self.bot_ms.append((time.perf_counter() - start) * 1000)
        return action

    def bot_apply(self, action: str) -> None:
        """Apply a bot's chosen action (the engine checks it like any other)."""
        assert self.bot_to_act()
        self._apply(action)

    def _apply(self, text: str) -> None:
        self.session, _ = self.session.act(text)
        self._reset_choice()
        if self.session.hand is not None and self.session.hand.is_complete:
            self.last_finished = self.session.hand
            self.last_names = self.names

    def _reset_choice(self) -> None:
        self.selected = ()
        self.hint = None
        self.amount = None
        self._note_turn()

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
        advice = stripdeck.advise(view.my_hand, view.rules, opponents=presenter.opponents_in(view))
        self.hint = advice.to_dict()
        return True

    def apply_hint(self) -> bool:
        """Select the suggested discards (the human still confirms with Discard)."""
        view = self.human_drawing()
        if view is None or not self.hint or view.legal is None:
            return False
        chosen: tuple[int, ...] = ()
        for index in presenter.hint_model(self.hint, view.my_hand).discard:
            chosen = presenter.toggle_selection(chosen, index, len(view.my_hand), view.legal.draw_max)
        self.selected = chosen
        return True

    def toggle(self, index: int) -> None:
        """Select or unselect one of the human's cards for the draw."""
        view = self.view()
        if view is None or not view.is_my_turn or view.legal is None or view.phase != "draw":
            return
        self.selected = presenter.toggle_selection(self.selected, index, len(view.my_hand),
                                                   view.legal.draw_max)

    def set_amount(self, value: object) -> None:
        self.amount = value

    def new_table(self, settings: Mapping[str, Any]) -> None:
        """Start over with new settings (stacks reset)."""
        self.settings = storage.validate(settings)
        self.session = storage.new_session(self.settings, self.seed, self.timer_seconds)
        self.bots = {}
        self.last_finished = None
        self._reset_choice()

    def set_display(self, settings: Mapping[str, Any]) -> None:
        """Change settings that do not touch the game (four colours, auto-deal, bot speed)."""
        self.settings = storage.validate({**self.settings, **{
            k: settings[k] for k in storage.DISPLAY_FIELDS if k in settings}})

    def export_json(self) -> str:
        """The last finished hand as scenario JSON ('' if none yet)."""
        if self.last_finished is None:
            return ""
        data = stripdeck.export_hand(self.last_finished)
        data["names"] = self.last_names
        return json.dumps(data, indent=1)
