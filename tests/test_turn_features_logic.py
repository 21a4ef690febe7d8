"""Issue 15's table features on CPython: the time bank, the pass-and-play clock at the hand-over,
the turn alert's decision, replaying a hand from History, and showing or mucking a losing hand."""

from __future__ import annotations

import dataclasses
import doctest
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
sys.path.insert(0, str(WEB))
sys.path.insert(0, str(ROOT))

import stripdeck  # noqa: E402
from friends import guest, host, protocol  # noqa: E402
from table import (  # noqa: E402
    clock_words,
    controller,
    history_render,
    replay,
    scheduler,
    settings_render,
    step_record,
    storage,
    time_bank,
    turn_alert,
)

BASE = scheduler.Facts(token=(0, 1, 10), started=100.0, shown=100.0, ready=True, queued=False,
                       bot_to_act=False, human_to_act=True, timer=30.0, warned=False, hand_over=False,
                       game_over=False, auto_deal=True, fast_bots=False)


class Clocks:
    def __init__(self) -> None:
        self.now = 1000.0
        self.wall = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
        self.wall += seconds


def make(clocks: Clocks, seed: int = 1, **changes: object) -> controller.Controller:
    settings = storage.validate({**storage.DEFAULTS, **changes})
    ctl = controller.Controller(settings, seed=seed, timer_seconds=30, clock=clocks,
                                wall_clock=lambda: clocks.wall)
    assert ctl.deal()
    return ctl


def to_human_turn(ctl: controller.Controller) -> None:
    for _ in range(200):
        if ctl.human_to_act() and ctl.handing_over is None:
            return
        if ctl.bot_to_act():
            ctl.bot_act()
        elif ctl.handing_over is not None:
            ctl.take_over(ctl.handing_over)
        elif not ctl.in_hand:
            ctl.deal()
    raise AssertionError("no person's turn came")


def at_first_human_turn(clocks: Clocks, **changes: object) -> tuple[controller.Controller, int]:
    """A table of ``changes`` at its first turn of the person here, and their table seat."""
    ctl = make(clocks, **changes)
    to_human_turn(ctl)
    seat = ctl.session.to_act_table_seat
    assert seat is not None
    return ctl, seat


def safe_action(ctl: controller.Controller) -> str:
    view = ctl.view()
    assert view is not None and view.legal is not None
    return "draw" if view.phase == "draw" else "check" if view.legal.allows("check") else "call"


def ten_seconds_into_the_bank(clocks: Clocks) -> tuple[controller.Controller, int]:
    """A table with a 30-second time bank whose person acted 10 s into it at their first turn,
    at their next turn; and their table seat."""
    ctl, seat = at_first_human_turn(clocks, time_bank=30)
    clocks.advance(40)
    assert ctl.act(safe_action(ctl))
    to_human_turn(ctl)
    return ctl, seat


# ---------------------------------------------------------------- the time bank

def test_the_time_bank_setting_is_off_by_default_and_in_every_preset_and_checked() -> None:
    assert storage.DEFAULTS["time_bank"] == 0
    for preset in storage.PRESETS:
        assert storage.with_preset({**storage.DEFAULTS, "time_bank": 30}, preset)["time_bank"] == 0
    assert storage.validate({**storage.DEFAULTS, "time_bank": 60})["time_bank"] == 60
    for bad in (7, "30", True, -15):
        with pytest.raises(storage.SettingsError, match="time_bank"):
            storage.validate({**storage.DEFAULTS, "time_bank": bad})
    form = settings_render.settings_html(storage.validate({**storage.DEFAULTS, "time_bank": 15}))
    assert '<select name="time_bank">' in form and '<option value="15" selected>15 s a session</option>' in form
    assert settings_render.form_values({"time_bank": "30"}) == {"time_bank": 30}


def test_the_scheduler_runs_the_time_bank_after_the_turns_clock() -> None:
    banked = dataclasses.replace(BASE, bank=20.0)
    assert scheduler.next_step(banked, 129.5).kind == "tick"  # the turn's 30 s are up: the bank counts on
    assert scheduler.next_step(banked, 145.0).kind == "warn"  # 5 s before the bank runs out
    step = scheduler.next_step(dataclasses.replace(banked, warned=True), 149.5)
    assert step is not None and (step.kind, step.at) == ("timeout", 150.0)
    assert scheduler.next_step(dataclasses.replace(BASE, warned=True), 130.0).kind == "timeout"


def test_the_time_bank_is_used_when_the_clock_runs_out_and_spent_for_the_session() -> None:
    clocks = Clocks()
    ctl, seat = at_first_human_turn(clocks, time_bank=15)
    assert ctl.time_left() == 45 and not ctl.in_bank()
    clocks.advance(31)
    assert ctl.in_bank() and ctl.time_left() == 14
    assert ctl.act(safe_action(ctl))
    assert ctl.bank_left(seat) == pytest.approx(14)  # 1 s of the bank was used
    to_human_turn(ctl)
    assert ctl.time_left() == pytest.approx(44)
    clocks.advance(44)
    step = scheduler.next_step(ctl.facts(True), clocks.now)
    assert step is not None and step.kind == "timeout"
    assert ctl.run_step(step)  # the bank ran out too: the engine's timeout
    assert ctl.bank_left(seat) == 0
    to_human_turn(ctl)
    assert ctl.time_left() == 30  # nothing left in the bank for this session
    ctl.new_table(ctl.settings)
    assert ctl.bank_left(seat) == 15  # a new table, a new bank


def test_an_action_the_engine_refuses_spends_nothing_of_the_time_bank() -> None:
    clocks = Clocks()
    ctl, seat = at_first_human_turn(clocks, time_bank=15)
    clocks.advance(36)  # 6 s into the bank
    before = ctl.session
    for refused in ("raise 999999", "discard Z9", "fly"):
        assert not ctl.act(refused)
        assert ctl.session is before and ctl.bank_left(seat) == 15 and ctl.time_left() == pytest.approx(9)
    assert ctl.act(safe_action(ctl)) and ctl.bank_left(seat) == pytest.approx(9)


def test_the_time_bank_step_record_and_clock_words_modules_doctests() -> None:
    for module in (time_bank, step_record, clock_words):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_a_step_record_reads_back_as_written_and_a_bad_one_changes_nothing() -> None:
    clocks = Clocks()
    ctl, seat = ten_seconds_into_the_bank(clocks)
    while ctl.phase != "draw":  # checking or calling to the person's draw (the bank is kept)
        assert ctl.act(safe_action(ctl))
        to_human_turn(ctl)
    assert ctl.toggle(1)
    written = json.loads(json.dumps(ctl.step_record()))
    record = step_record.parse(written)
    assert record is not None and record.to_json() == written and record.selected == (1,)
    assert record.bank == {str(seat): 20.0}
    # Every field of a wrong type or size makes the whole record unreadable (load_turn's notice),
    # and a controller handed one keeps its clock, its banks and its choices.
    for field, bad in (("hand", "1"), ("events", None), ("started_at", True), ("selected", 3),
                       ("selected", [0, 1, 2, 3, 4, 5]), ("note", "x" * 301), ("amount", 7), ("asked", 1),
                       ("announced", "yes"), ("ended", 1), ("bank", [1]), ("preaction", "c" * 41), ("extra", 1)):
        forged = {**written, field: bad}
        assert step_record.parse(forged) is None, field
        store = storage.MemoryStore()
        storage.save_turn(store, forged)
        turn, notices = storage.load_turn(store)
        assert turn is None and "turn clock was unreadable" in notices[0], field
        before = (ctl.started, ctl.bank_left(seat), ctl.selected, ctl.note)
        assert not ctl.resume_step(forged) and (ctl.started, ctl.bank_left(seat), ctl.selected, ctl.note) == before


def test_bots_have_no_time_bank_and_a_table_without_clocks_none_to_use() -> None:
    clocks = Clocks()
    ctl = make(clocks, time_bank=30)
    bot = next(i for i, p in enumerate(ctl.session.seats) if p is not None and p.controller == "bot")
    assert ctl.bank_left(bot) == 0
    untimed = make(clocks, time_bank=30, timers=False)
    to_human_turn(untimed)
    assert untimed.time_left() is None and not untimed.in_bank()
    assert scheduler.next_step(untimed.facts(True), clocks.now) is None


def test_the_time_bank_survives_a_reload() -> None:
    clocks = Clocks()
    ctl, seat = ten_seconds_into_the_bank(clocks)
    clocks.advance(33)  # 3 s into what is left of it
    store = storage.MemoryStore()
    storage.save(store, ctl.settings, ctl.session)
    storage.save_turn(store, ctl.step_record())
    settings, session, notices = storage.load(store)
    turn, turn_notices = storage.load_turn(store)
    assert notices == turn_notices == [] and turn is not None and turn["bank"] == {str(seat): 20.0}
    again = controller.Controller(settings, session, timer_seconds=30, clock=lambda: clocks.now + 55,
                                  wall_clock=lambda: clocks.wall)
    assert again.resume_step(turn)
    assert again.in_bank() and again.time_left() == pytest.approx(17)
    forged = {**turn, "bank": {str(seat): 9999, "x": 4, "7": 5}}
    assert again.resume_step(forged) and again.bank_left(seat) == 30  # never more than the setting


@pytest.mark.parametrize("bad", [{"0": 1, "1": 2, "2": 3, "3": 4, "4": 5, "5": 6}, [1, 2], "30"])
def test_a_malformed_saved_time_bank_is_dropped_with_a_notice(bad: object) -> None:
    store = storage.MemoryStore()
    storage.save_turn(store, {"hand": 1, "events": 4, "started_at": 1.0, "bank": bad})
    turn, notices = storage.load_turn(store)
    assert turn is None and "turn clock was unreadable" in notices[0]


def test_a_hosts_scheduler_gives_a_guests_seat_its_time_bank() -> None:
    clocks = Clocks()
    chosen = storage.validate({**storage.DEFAULTS, "people": ["Hana"], "opponents": 1, "time_bank": 15}, guests=1)
    ctl = host.new_hosted_table(chosen, 1, seed=3)
    ctl.clock = clocks
    table = host.Host(ctl)
    page = guest.GuestTable(storage.DEFAULTS, clock=clocks)
    table.invite("s1")
    for _, text in table.opened("s1"):
        page.received(text)
    out, _ = table.received("s1", protocol.message("hello", name="Zoë"))
    ctl.deal()
    for _ in range(100):
        if ctl.remote_to_act():
            break
        if ctl.bot_to_act():
            ctl.bot_act()
        elif ctl.human_to_act():
            ctl.act(safe_action(ctl))
        else:
            ctl.deal()
    assert ctl.remote_to_act()
    seat = ctl.session.to_act_table_seat
    assert ctl.time_left() == 45
    clocks.advance(35)
    assert scheduler.next_step(ctl.facts(True), clocks.now).kind == "tick"  # not yet the timeout
    for _link, text in table.sync():
        page.received(text)
    assert page.my_turn() and page.in_bank() and page.time_left() == pytest.approx(10)
    clocks.advance(10)
    step = scheduler.next_step(ctl.facts(True), clocks.now)
    assert step is not None and step.kind == "timeout"
    ctl.run_step(step)
    assert ctl.bank_left(seat) == 0


def test_a_forged_time_bank_in_a_state_message_is_refused() -> None:
    with pytest.raises(protocol.ProtocolError, match="bank"):
        protocol.parse('{"v":2,"t":"state","view":null,"names":[],"table_seats":[],"hand":1,"step":"1.0",'
                       '"you":null,"left":null,"limit":null,"over":null,"bank":"lots"}', "host")


# ---------------------------------------------------------------- pass and play: the clock at the hand-over

def test_pass_and_play_the_next_persons_clock_starts_when_they_take_the_device() -> None:
    clocks = Clocks()
    ctl = make(clocks, seed=12, people=["Ann", "Bruno"], opponents=1)
    for _ in range(200):
        if ctl.handing_over is not None:
            break
        if ctl.bot_to_act():
            ctl.bot_act()
        elif ctl.human_to_act():
            ctl.act(safe_action(ctl))
        else:
            ctl.deal()
    assert ctl.handing_over is not None
    assert ctl.timer_limit() is None and ctl.time_left() is None
    assert scheduler.next_step(ctl.facts(True), clocks.now) is None  # nothing runs out during the hand-over
    clocks.advance(120)  # the device goes round slowly
    assert ctl.take_over(ctl.handing_over)
    assert ctl.time_left() == 30
    record = ctl.step_record()
    clocks.advance(10)
    assert ctl.time_left() == 20
    again = controller.Controller(ctl.settings, ctl.session, timer_seconds=30, clock=clocks,
                                  wall_clock=lambda: clocks.wall)
    assert again.resume_step(record) and again.time_left() == 20  # a reload keeps the clock from the take-over


# ---------------------------------------------------------------- the turn alert

def test_the_turn_alert_module_doctests() -> None:
    assert doctest.testmod(turn_alert).failed == 0


def test_the_turn_alert_sounds_when_a_turn_comes_to_this_page_and_titles_the_tab_in_the_background() -> None:
    assert storage.DEFAULTS["turn_sound"] is True and "turn_sound" in storage.DISPLAY_FIELDS
    clocks = Clocks()
    ctl = make(clocks, seed=12, people=["Ann", "Bruno"], opponents=1, timers=False)
    whose_before, last, sounds, titles = "", "deal", [], set()
    for _ in range(300):
        model = ctl.model()
        whose = turn_alert.whose_turn(model.my_turn, model.hand_over_to)
        alert = turn_alert.decide(whose, whose_before, hidden=True, sound_on=True)
        titles.add(alert.title)
        assert turn_alert.decide(whose, whose, hidden=True, sound_on=True).sound is False  # drawn again
        if last == "take_over":
            assert whose == "you" and not alert.sound  # the hand-over sounded: taking the device does not
        elif last in ("bot", "deal") and whose:
            assert alert.sound  # a turn comes to this page
            sounds.append(whose)
        whose_before = whose
        if ctl.session.hand_number > 3:
            break
        if ctl.bot_to_act():
            ctl.bot_act()
            last = "bot"
        elif ctl.handing_over is not None:
            ctl.take_over(ctl.handing_over)
            last = "take_over"
        elif ctl.human_to_act():
            ctl.act(safe_action(ctl))
            last = "act"
        else:
            ctl.deal()
            last = "deal"
    assert "Ann" in sounds
    assert {"Ann's turn · Stripdeck", turn_alert.TITLE} <= titles
    assert turn_alert.decide("you", "", hidden=True, sound_on=False).sound is False
    form = settings_render.settings_html(storage.DEFAULTS)
    assert '<input type="checkbox" name="turn_sound" data-cmd="display" checked> A sound when it is your turn' in form


# ---------------------------------------------------------------- replaying a hand from History

def play_hands(ctl: controller.Controller, hands: int) -> None:
    for _ in range(3000):
        if len(ctl.hand_log["hands"]) >= hands or ctl.game_over:
            return
        if ctl.bot_to_act():
            ctl.bot_act()
        elif ctl.handing_over is not None:
            ctl.take_over(ctl.handing_over)
        elif ctl.human_to_act():
            ctl.act(safe_action(ctl))
        else:
            ctl.deal()


def cards_in(page: str) -> set[str]:
    import re
    return set(re.findall(r'aria-label="((?:Seven|Eight|Nine|Ten|Jack|Queen|King|Ace) of \w+|Joker)"', page))


def allowed_cards(record: dict, viewer: int | None) -> set[str]:
    """What the person at the page could see of a hand: cards shown at the showdown, and the
    viewer's own cards (dealt and drawn)."""
    state = stripdeck.play_scenario(record["scenario"])
    names: set[str] = set()
    for event in state.log:
        if event.kind == "show" or (viewer is not None and event.seat == viewer
                                    and event.kind in ("deal", "receive", "discard")):
            names |= {c.name for c in event.cards}
    return names


def test_a_replay_shows_your_cards_and_the_shown_ones_step_by_step_and_nothing_else() -> None:
    ctl = make(Clocks(), seed=4, timers=False, opponents=3)
    play_hands(ctl, 8)
    records = ctl.hand_log["hands"]
    assert len(records) == 8
    mucked = 0
    for record in records:
        shown = replay.build(record)
        seat = record["names"].index("You")
        assert replay.viewer_of(record) == seat
        state = stripdeck.play_scenario(record["scenario"])
        assert len(shown.pages) == len(record["scenario"]["actions"]) + 1  # the deal, then each action
        allowed = allowed_cards(record, seat)
        seen: set[str] = set()
        for page in shown.pages:
            seen |= cards_in(page)
        assert seen <= allowed, (record["number"], seen - allowed)
        mine = {c.name for e in state.log if e.kind == "deal" and e.seat == seat for c in e.cards}
        assert mine <= cards_in(shown.pages[0])  # your own cards from the deal on
        mucked += any(e.kind == "muck" for e in state.log)
    assert mucked, "no mucked hand among these: pick another seed"
    assert 'data-cmd="replay" data-hand="8"' in history_render.session_html(ctl.hand_log, "")


def test_a_replay_at_a_pass_and_play_device_shows_only_the_cards_shown_at_the_showdown() -> None:
    ctl = make(Clocks(), seed=12, people=["Ann", "Bruno"], opponents=1, timers=False)
    play_hands(ctl, 6)
    records = ctl.hand_log["hands"]
    assert len(records) >= 6
    for record in records:
        assert replay.viewer_of(record) is None
        shown = replay.build(record)
        seen = set().union(*(cards_in(p) for p in shown.pages))
        assert seen <= allowed_cards(record, None)


def test_the_replay_viewer_steps_and_refuses_what_cannot_play() -> None:
    ctl = make(Clocks(), seed=4, timers=False)
    play_hands(ctl, 1)
    record = ctl.hand_log["hands"][0]
    shown = replay.build(record)
    assert shown.clamp(-1) == 0 and shown.clamp(99) == len(shown.pages) - 1
    first = history_render.replay_html(shown.title, shown.pages[0], 0, len(shown.pages))
    assert 'data-cmd="replay-back" aria-label="Back one step" disabled' in first and "Step 0 of" in first
    last = history_render.replay_html(shown.title, shown.pages[-1], len(shown.pages) - 1, len(shown.pages))
    assert 'data-cmd="replay-next" aria-label="Next step" disabled' in last
    assert replay.find(ctl.hand_log, 1) is record and replay.find(ctl.hand_log, 2) is None
    with pytest.raises(ValueError):
        replay.build({**record, "scenario": None})
    with pytest.raises(ValueError, match="does not play"):
        replay.build({**record, "scenario": {**record["scenario"], "actions": ["raise 9999"]}})


def test_a_replay_speaks_to_you_in_the_second_person() -> None:
    ctl = make(Clocks(), seed=4, timers=False)
    play_hands(ctl, 8)
    pages = " ".join(p for r in ctl.hand_log["hands"] for p in replay.build(r).pages)
    assert "You " in pages and not any(f"You {verb}s " in pages for verb in ("show", "win", "call", "check", "fold"))


# ---------------------------------------------------------------- showing a losing hand

CHECK_DOWN = ["call", "call", "check", "draw", "draw", "draw", "check", "check", "check"]
RULES = {"preset": "online", "split": False, "action_timer": None, "draw_timer": None}


def showdown_scenario(show: list[int] | None = None) -> dict:
    """Three players check it down (seat 0 shows first) from a seed at which seats 1 and 2 cannot
    win (they muck by the rules)."""
    for seed in range(1, 500):
        scenario = {"rules": RULES, "stacks": [100, 100, 100], "button": 0, "seed": seed, "actions": CHECK_DOWN}
        log = stripdeck.play_scenario(scenario).log
        if {e.seat for e in log if e.kind == "muck"} == {1, 2}:
            return scenario if show is None else {**scenario, "show": show}
    raise AssertionError("no seed found")


def test_a_player_who_chose_to_show_shows_a_losing_hand_and_the_others_muck() -> None:
    muck = stripdeck.play_scenario(showdown_scenario())
    assert muck.is_complete
    kinds = {e.seat: e.kind for e in muck.log if e.kind in ("show", "muck")}
    assert kinds == {0: "show", 1: "muck", 2: "muck"}  # the engine's rule: who cannot win mucks
    shown = stripdeck.play_scenario(showdown_scenario([2]))
    kinds = {e.seat: e.kind for e in shown.log if e.kind in ("show", "muck")}
    assert kinds == {0: "show", 1: "muck", 2: "show"} and shown.show == (2,)
    assert [s.stack for s in shown.seats] == [s.stack for s in muck.seats]  # showing changes no chips
    exported = stripdeck.export_hand(shown)
    assert exported["show"] == [2] and "show" not in stripdeck.export_hand(muck)
    assert stripdeck.play_scenario(exported).log == shown.log  # it replays the same way
    assert {e["kind"] for e in stripdeck.replay(exported)["log"] if e.get("seat") == 2} >= {"show"}


@pytest.mark.parametrize("bad", [[3], [0, 0], ["0"], "0", [True], list(range(9))])
def test_a_bad_show_list_is_refused_with_its_key(bad: object) -> None:
    with pytest.raises(stripdeck.ScenarioError, match="show"):
        stripdeck.play_scenario(showdown_scenario(bad))  # type: ignore[arg-type]


def test_the_setting_shows_the_people_at_this_page_never_bots_and_survives_the_history() -> None:
    clocks = Clocks()
    ctl = make(clocks, seed=4, timers=False, show_losing=True)
    assert ctl.session.hand is not None and ctl.session.hand.show == (ctl.session.hand_seat_of(0),)
    play_hands(ctl, 12)
    bot_seats = {i for i, t in enumerate(ctl.session.hand_seats) if ctl.kind_of(t) == "bot"}
    seen_mine = 0
    for record in ctl.hand_log["hands"]:
        state = stripdeck.play_scenario(record["scenario"])
        me = record["names"].index("You")
        assert state.show == (me,)
        for event in state.log:
            if event.kind == "muck":
                assert event.seat != me  # you chose to show: you never muck at a showdown
            if event.kind == "show" and event.seat == me:
                seen_mine += 1
        assert not set(state.show) & bot_seats
    assert seen_mine
    store = storage.MemoryStore()  # a reload keeps the hand with its choice
    storage.save(store, ctl.settings, ctl.session)
    _, session, notices = storage.load(store)
    assert not notices and session is not None and session.hand == ctl.session.hand
    ctl.set_display({"show_losing": False})  # a display setting: the hand in play keeps its choice
    if ctl.in_hand:
        assert ctl.session.hand.show == (ctl.session.hand_seat_of(0),)
        play_hands(ctl, len(ctl.hand_log["hands"]) + 1)
    assert ctl.deal() and ctl.session.hand is not None
    assert ctl.session.hand.show == ()  # from the next hand on, you muck a hand that cannot win


def test_a_guest_verifies_a_hand_in_which_the_host_showed_a_losing_hand() -> None:
    from friends import fair_deal

    state = stripdeck.play_scenario(showdown_scenario([2]))
    revealed = fair_deal.reveal_scenario(state)
    assert revealed["show"] == [2] and "deck" not in revealed and "seed" not in revealed
    salt = "0" * 32
    committed = fair_deal.commitment(state.seed, salt)
    seen = [e.to_dict() for e in stripdeck.player_view(state, 1).log]  # the guest in seat 1
    ok, words = fair_deal.verify(committed, state.seed, salt, revealed, 1, seen)
    assert ok, words
    ok, words = fair_deal.verify(committed, state.seed, salt, {k: v for k, v in revealed.items() if k != "show"},
                                 1, seen)
    assert not ok  # without the choice the hand replays differently: the guest would see a muck


def test_the_page_title_the_alert_puts_back_is_index_htmls() -> None:
    text = (ROOT / "index.html").read_text(encoding="utf-8")
    assert re.search(rf"<title( data-l10n)?>{re.escape(turn_alert.TITLE)}</title>", text)
