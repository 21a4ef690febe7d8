"""The table's flow on CPython: the scheduler's one decision, stale steps, saving what a reload
needs, the session's history, and the action bar's words and sizes."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
sys.path.insert(0, str(WEB))

import stripdeck  # noqa: E402
import stripdeck.reads  # noqa: E402
from stripdeck import Rules, parse_cards  # noqa: E402
from table import action_bar, controller, presenter, scheduler, session_log, storage  # noqa: E402

BASE = scheduler.Facts(token=(0, 1, 10), started=100.0, shown=100.0, ready=True, queued=False,
                       bot_to_act=False, human_to_act=False, timer=None, warned=False, hand_over=False,
                       game_over=False, auto_deal=True, fast_bots=False)


def facts(**changes: object) -> scheduler.Facts:
    return dataclasses.replace(BASE, **changes)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def table(seed: int = 1, clock: Clock | None = None, **changes: object) -> controller.Controller:
    settings = storage.validate({**storage.DEFAULTS, **changes})
    ctl = controller.Controller(settings, seed=seed, clock=clock or Clock())
    assert ctl.deal()
    return ctl


def run_due(ctl: controller.Controller, clock: Clock, ready: bool = True) -> str | None:
    """What the page's runner does when the next step's time comes (moving the clock there)."""
    step = scheduler.next_step(ctl.facts(ready), clock.now)
    if step is None:
        return None
    clock.now = max(clock.now, step.at)
    ctl.run_step(step)
    return step.kind


# ---------------------------------------------------------------- the scheduler's decision

def test_a_bot_acts_after_its_pause_once_the_tables_are_ready() -> None:
    step = scheduler.next_step(facts(bot_to_act=True), 100.0)
    assert step is not None and step.kind == "bot"
    assert 100.0 + scheduler.BOT_PAUSE[0] <= step.at <= 100.0 + scheduler.BOT_PAUSE[1]
    assert scheduler.next_step(facts(bot_to_act=True), 100.3) == step  # poking again: the same step
    assert scheduler.next_step(facts(bot_to_act=True, ready=False), 100.0) is None
    fast = scheduler.next_step(facts(bot_to_act=True, fast_bots=True), 100.0)
    assert fast is not None and fast.at == pytest.approx(100.0 + scheduler.FAST_BOT_PAUSE)


def test_pauses_differ_between_turns_but_not_between_pokes() -> None:
    pauses = {scheduler.bot_pause(facts(bot_to_act=True, token=(0, 1, n))) for n in range(20)}
    assert len(pauses) > 10


def test_an_action_taken_before_the_tables_were_ready_goes_first_once_they_are() -> None:
    assert scheduler.next_step(facts(queued=True, human_to_act=True, ready=False), 100.0) is None
    step = scheduler.next_step(facts(queued=True, human_to_act=True), 101.0)
    assert step is not None and (step.kind, step.at) == ("apply", 101.0)


def test_the_human_clock_ticks_warns_and_runs_out() -> None:
    human = facts(human_to_act=True, timer=30.0)
    assert scheduler.next_step(human, 100.5) == scheduler.Step("tick", 101.0, BASE.token)
    assert scheduler.next_step(human, 123.2) == scheduler.Step("tick", 124.0, BASE.token)
    assert scheduler.next_step(human, 124.5) == scheduler.Step("warn", 125.0, BASE.token)
    assert scheduler.next_step(human, 125.2).kind == "warn"
    warned = facts(human_to_act=True, timer=30.0, warned=True)
    assert scheduler.next_step(warned, 129.5) == scheduler.Step("timeout", 130.0, BASE.token)
    assert scheduler.next_step(warned, 131.0).kind == "timeout"
    assert scheduler.next_step(facts(human_to_act=True, timer=None), 100.0) is None


def test_the_next_hand_deals_itself_after_the_reveal_and_a_pause() -> None:
    over = facts(hand_over=True, revealed=3)
    step = scheduler.next_step(over, 100.0)
    assert step is not None and step.kind == "deal"
    assert step.at == pytest.approx(100.0 + scheduler.DEAL_DELAY + 2 * scheduler.REVEAL_STEP)
    assert scheduler.next_step(facts(hand_over=True, auto_deal=False), 100.0) is None
    assert scheduler.next_step(facts(hand_over=True, game_over=True), 100.0) is None


def test_after_a_reload_the_finished_hand_stays_a_while_even_if_its_time_was_up() -> None:
    reloaded = facts(hand_over=True, started=100.0, shown=200.0)
    step = scheduler.next_step(reloaded, 200.0)
    assert step is not None and step.at == pytest.approx(200.0 + scheduler.SEEN_AT_LEAST)


# ---------------------------------------------------------------- steps and the state they were for

def test_a_step_for_a_state_that_moved_on_does_nothing() -> None:
    clock = Clock()
    ctl = table(seed=5, clock=clock)
    while not ctl.bot_to_act():
        view = ctl.view()
        ctl.act("draw" if view.phase == "draw" else "call" if view.legal.allows("call") else "check")
    stale = scheduler.next_step(ctl.facts(True), clock.now)
    ctl.bot_act()
    before = ctl.session
    assert ctl.run_step(stale) == "" and ctl.session is before


def test_dealing_by_hand_before_the_automatic_deal_deals_one_hand_and_the_bots_go_on() -> None:
    clock = Clock()
    ctl = table(seed=5, clock=clock)
    for _ in range(500):  # to the end of the hand: the human folds or checks, the bots play
        if not ctl.in_hand:
            break
        if ctl.human_to_act():
            view = ctl.view()
            ctl.act("draw" if view.phase == "draw" else "check" if view.legal.allows("check") else "fold")
        else:
            assert run_due(ctl, clock) == "bot"
    auto = scheduler.next_step(ctl.facts(True), clock.now)
    if auto is not None and auto.kind == "announce":  # a showdown: its result is named first
        assert run_due(ctl, clock) == "announce"
        auto = scheduler.next_step(ctl.facts(True), clock.now)
    assert auto is not None and auto.kind == "deal"
    assert ctl.deal()  # the player is quicker than the automatic deal
    number = ctl.session.hand_number
    ctl.run_step(auto)  # the automatic deal's timer fires anyway: it is for the old state
    assert ctl.session.hand_number == number
    nxt = scheduler.next_step(ctl.facts(True), clock.now)
    assert nxt is not None and nxt.kind in ("bot", "tick") and (nxt.kind == "bot") == ctl.bot_to_act()


def test_a_new_table_voids_every_step_of_the_old_one() -> None:
    ctl = table(seed=2)
    old = scheduler.next_step(ctl.facts(True), ctl.clock())
    ctl.new_table(ctl.settings)
    ctl.deal()
    assert old is not None and old.token != ctl.token
    before = ctl.session
    ctl.run_step(old)
    assert ctl.session is before


def test_an_action_queued_before_the_tables_were_ready_is_applied_once() -> None:
    clock = Clock()
    ctl = table(seed=3, clock=clock)
    while ctl.bot_to_act():
        ctl.bot_act()
    ctl.queue("fold")
    ctl.queue("fold")  # pressed twice: one action
    assert scheduler.next_step(ctl.facts(False), clock.now) is None
    assert run_due(ctl, clock) == "apply"
    assert ctl.session.hand.seats[ctl.human_hand_seat].folded
    assert ctl.queued is None


def test_the_draw_clock_running_out_says_the_selected_cards_were_not_discarded() -> None:
    clock = Clock()
    ctl = table(seed=4, clock=clock, timers=True)
    for _ in range(200):
        if ctl.human_drawing() is not None or not ctl.in_hand:
            break
        if ctl.bot_to_act():
            ctl.bot_act()
        else:
            ctl.act("check" if ctl.view().legal.allows("check") else "call")
    assert ctl.human_drawing() is not None
    ctl.toggle(0)
    ctl.toggle(1)
    kinds = []
    while ctl.human_drawing() is not None:
        kinds.append(run_due(ctl, clock))
    assert kinds[-1] == "timeout" and kinds.count("warn") == 1 and set(kinds[:-1]) == {"tick", "warn"}
    assert kinds.index("warn") == len(kinds) - 1 - int(scheduler.WARN_BEFORE)  # 5 s before the end
    assert "The 2 cards you selected were not discarded" in ctl.note
    assert "no longer bet or raise" in ctl.note
    assert ctl.view().seats[ctl.human_hand_seat].drawn == 0
    while ctl.bot_to_act():
        ctl.bot_act()
    if ctl.human_to_act():  # the second round: no bet or raise, and the bar says why
        bar = ctl.model().bar
        assert not {b.kind for b in bar.buttons} & {"bet", "raise"}
        assert any("clock ran out" in line for line in bar.help)


# ---------------------------------------------------------------- saving what a reload needs

def finished_table(seed: int = 6) -> controller.Controller:
    ctl = table(seed=seed)
    while ctl.in_hand:
        if ctl.bot_to_act():
            ctl.bot_act()
        else:
            view = ctl.view()
            ctl.act("draw" if view.phase == "draw" else "check" if view.legal.allows("check") else "call")
    return ctl


def test_a_finished_hand_is_saved_and_restored_with_its_result() -> None:
    ctl = finished_table()
    session, notice = storage.restore(json.loads(json.dumps(storage.save_data(ctl.session))))
    assert notice == "" and session.hand is not None and session.hand.is_complete
    assert session.hand.log == ctl.session.hand.log and session.seats == ctl.session.seats


@pytest.mark.parametrize("edit", ["chips", "stack", "hand stacks", "seats twice", "rules"])
def test_a_saved_game_that_does_not_add_up_is_dropped_or_loses_its_hand(edit: str) -> None:
    ctl = table(seed=7)
    data = json.loads(json.dumps(storage.save_data(ctl.session)))
    if edit == "chips":
        data["chips"] += 1
    elif edit == "stack":
        data["session"]["seats"][1]["stack"] += 50
    elif edit == "hand stacks":
        data["hand"]["stacks"][0] += 50
    elif edit == "seats twice":
        data["hand_seats"] = [0, 0, 1, 2]
    else:
        data["hand"]["rules"]["ante"] = 3
    if edit in ("chips", "stack"):
        with pytest.raises(ValueError):
            storage.restore(data)
    else:
        session, notice = storage.restore(data)
        assert session.hand is None and "could not be restored" in notice


def test_the_step_record_keeps_the_selection_and_the_note() -> None:
    clock = Clock()
    ctl = table(seed=4, clock=clock)
    while ctl.human_drawing() is None:
        if ctl.bot_to_act():
            ctl.bot_act()
        else:
            ctl.act("check" if ctl.view().legal.allows("check") else "call")
    ctl.toggle(3)
    record = json.loads(json.dumps(ctl.step_record()))
    again = controller.Controller(ctl.settings, ctl.session, clock=clock)
    assert again.resume_step(record) and again.selected == (3,)


# ---------------------------------------------------------------- the session's history

def test_the_session_history_counts_hands_and_exports_scenarios_that_replay() -> None:
    ctl = table(seed=9, opponents=1)
    for _ in range(3000):
        if ctl.game_over or ctl.hand_log["played"] >= 6:
            break
        if not ctl.in_hand:
            ctl.deal()
        elif ctl.bot_to_act():
            ctl.bot_act()
        else:
            view = ctl.view()
            ctl.act("draw" if view.phase == "draw" else "call" if view.legal.allows("call") else "check")
    log = ctl.hand_log
    assert log["played"] == len(log["hands"]) >= 6
    assert all("seven" in h["description"] or "win" in h["description"] for h in log["hands"])
    stack = ctl.session.seats[0].stack
    won = sum(h["mine"]["You"] > 0 for h in log["hands"])
    net = f"+{stack - 200}" if stack > 200 else str(stack - 200)
    assert session_log.summary_text(log, ctl.stacks_of_people()) == (
        f"{log['played']} hands played, {won} won. Your biggest pot: {log['people']['You']['biggest_pot']}. "
        f"Net result: {net}.")
    exported = json.loads(ctl.export_session_json())
    assert exported["format"] == "stripdeck-session" and len(exported["hands"]) == log["played"]
    for record, scenario in zip(log["hands"], exported["hands"]):
        assert stripdeck.replay(scenario)["deltas"][record["names"].index("You")] == record["mine"]["You"]
    assert session_log.validate(json.loads(json.dumps(log))) == log


@pytest.mark.parametrize("bad", [None, [], {"version": 9}, {"version": 1, "start_stack": "x"},
                                 {"version": 1, "start_stack": 1, "played": 0, "won": 0, "biggest_pot": 0,
                                  "hands": [{"title": 1}]}])
def test_a_malformed_session_history_is_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        session_log.validate(bad)


def test_the_history_names_cards_in_words() -> None:
    ctl = finished_table(seed=8)
    lines = " ".join(ctl.model().history)
    assert " of " in lines and not any(f" {c}." in lines for c in ("7c", "Ah", "Kd"))


# ---------------------------------------------------------------- the action bar

def view_after(rules: Rules, stacks: list[int], actions: list[str], seat: int | None = None,
               hands: str = "") -> stripdeck.PlayerView:
    s = stripdeck.start_hand(rules, stacks, 0, seed=1, deck=hands or None)
    for action in actions:
        s, _ = stripdeck.apply(s, action)
    return stripdeck.player_view(s, s.to_act if seat is None else seat)


def test_pot_limit_quick_sizes_are_half_pot_and_pot_within_the_legal_totals() -> None:
    rules = Rules()  # pot limit, blinds 1/2
    view = view_after(rules, [100, 100, 100], [])
    legal = view.legal
    assert legal.allows("raise")
    sizes = {s.label: s.value for s in action_bar.quick_sizes(view, legal.min_total, legal.max_total)}
    # Pot 3, 2 to call: the pot after calling is 5, so a pot raise is to 2 + 5 = 7 (the limit).
    assert sizes["Pot"] == legal.max_total == 7
    assert sizes["½ pot"] == max(legal.min_total, 2 + 5 // 2)
    assert "All in" not in sizes
    nl = view_after(rules.with_options(structure="no-limit"), [10, 100, 100], [])
    nl_sizes = {s.label: s.value for s in action_bar.quick_sizes(nl, nl.legal.min_total, nl.legal.max_total)}
    assert nl_sizes.get("All in") == nl.legal.max_total == 10


def test_fixed_limit_shows_the_one_size_and_no_slider() -> None:
    view = view_after(Rules.preset("official"), [50, 50, 50], [])
    bar = action_bar.action_bar(view, ["A", "B", "C"])
    assert bar.amount is not None and bar.amount.low == bar.amount.high and bar.sizes == ()


def test_the_pot_shown_includes_the_bets_of_the_round() -> None:
    view = view_after(Rules(), [100, 100, 100], ["raise 6"])
    model = presenter.present(view, ["A", "B", "C"], [0, 1, 2], human=view.viewer)
    assert model.pot == "Pot 9"  # blinds 1 + 2 and a raise to 6
    assert sum(s.bet for s in model.seats) == 9


def test_each_seat_shows_its_last_action_until_the_next_round() -> None:
    view = view_after(Rules(), [100, 100, 100, 100], ["raise 6", "fold", "call"])
    tags = presenter.last_actions(view)
    assert tags == {3: "Raise 6", 0: "Fold", 1: "Call"}
    s = stripdeck.start_hand(Rules(), [100, 100, 100], 0, seed=1)
    for a in ["call", "call", "check"]:
        s, _ = stripdeck.apply(s, a)
    assert presenter.last_actions(stripdeck.player_view(s, 0)) == {}  # the draw: a new round
    s, _ = stripdeck.apply(s, "draw " + str(s.seats[s.to_act].hand[0]))
    assert list(presenter.last_actions(stripdeck.player_view(s, 0)).values()) == ["Draws 1"]


def split_round(rules: Rules) -> stripdeck.HandState:
    s = stripdeck.start_hand(rules, [100, 100], 0, seed=3)
    for a in ["call", "check", "draw", "draw"]:
        s, _ = stripdeck.apply(s, a)
    assert s.phase == "second betting round"
    return s


def test_a_declined_split_takes_the_split_tag_down_and_says_so() -> None:
    s = split_round(Rules(action_timer=None, draw_timer=None))
    s, _ = stripdeck.apply(s, "split")
    offerer = 1 - s.to_act
    view = stripdeck.player_view(s, s.to_act)
    assert presenter.last_actions(view)[offerer] == "Split"
    bar = action_bar.action_bar(view, ["Ann", "Bob"])
    check = next(b for b in bar.buttons if b.kind == "check")
    assert check.help == "Declines the split." and any("offered to split" in h for h in bar.help)
    assert next(b for b in bar.buttons if b.kind == "split").help == action_bar.SPLIT_HELP
    s, _ = stripdeck.apply(s, "check")
    after = stripdeck.player_view(s, 0)
    assert "Split" not in presenter.last_actions(after).values()
    lines = stripdeck.describe_log(after.log, ["You", "Bob"])
    assert any("declines the split" in line for line in lines)


def test_an_all_in_player_answers_a_split_with_split_or_decline() -> None:
    rules = Rules(action_timer=None, draw_timer=None, structure="no-limit")
    s = stripdeck.start_hand(rules, [20, 100, 100], 0, seed=5)
    for a in ["allin", "call", "call", "draw", "draw", "draw"]:
        s, _ = stripdeck.apply(s, a)
    while s.to_act is not None and s.seats[s.to_act].stack > 0:
        s, _ = stripdeck.apply(s, "split")
    assert s.to_act is not None and s.seats[s.to_act].stack == 0  # the all-in player is asked
    bar = action_bar.action_bar(stripdeck.player_view(s, s.to_act), ["A", "B", "C"])
    assert [b.label for b in bar.buttons] == ["Split", "Decline"]


def test_draw_up_to_five_says_when_the_fifth_card_comes() -> None:
    rules = Rules.preset("cardroom")
    s = stripdeck.start_hand(rules, [50, 50], 0, seed=1)
    while s.phase != "draw":
        s, _ = stripdeck.apply(s, "check" if stripdeck.legal_actions(s).allows("check") else "call")
    bar = action_bar.action_bar(stripdeck.player_view(s, s.to_act), ["A", "B"])
    assert any("fifth card comes after the others have drawn" in line for line in bar.help)


def test_amounts_accept_ascii_digits_only() -> None:
    assert action_bar.clamp_amount("٣", 4, 20) == 4
    assert action_bar.clamp_amount("9" * 40, 4, 20) == 4
    assert action_bar.clamp_amount("12.9", 4, 20) == 12


def test_winners_are_named_in_the_second_person() -> None:
    s = stripdeck.start_hand(Rules(), [50, 50], 0, seed=3)
    s, _ = stripdeck.apply(s, "fold")
    view = stripdeck.player_view(s, 1)
    model = presenter.present(view, ["Ada", "You"], [1, 0], human=1)
    assert model.status == "You win 2." and model.pot == "Pot 2"  # the uncalled chip went back
    assert parse_cards("Ah")  # the card parser is the engine's (nothing re-implemented here)


class Store(dict):
    def getItem(self, key):  # noqa: N802 - the DOM's names
        return self.get(key)

    def setItem(self, key, value):  # noqa: N802
        self[key] = value

    def removeItem(self, key):  # noqa: N802
        self.pop(key, None)


@pytest.mark.parametrize("key", [storage.SETTINGS_KEY, storage.SESSION_KEY, storage.TURN_KEY, storage.HANDS_KEY,
                                 storage.READS_KEY])
def test_deeply_nested_or_huge_saved_records_are_dropped_with_a_notice(key: str) -> None:
    for text in ("[" * 20_000 + "]" * 20_000, '{"a": "' + "x" * 5_000_000 + '"}'):
        store = Store({key: text})
        settings, session, notices = storage.load(store)
        turn, turn_notices = storage.load_turn(store)
        log, log_notices = storage.load_hand_log(store)
        reads, reads_notices = storage.load_reads(store)
        said = notices + turn_notices + log_notices + reads_notices
        assert len(said) == 1 and key not in store, said
        assert settings == storage.DEFAULTS and session is None and turn is None and log is None and reads == {}


# ---------------------------------------------------------------- the bots' reads of the players

def play_hands(ctl: controller.Controller, hands: int) -> None:
    for _ in range(hands):
        for _ in range(300):
            if not ctl.in_hand:
                break
            if ctl.bot_to_act():
                ctl.bot_act()
            else:
                view = ctl.view()
                assert ctl.act("draw" if view.phase == "draw" else "check" if view.legal.allows("check") else "call")
        if ctl.game_over or not ctl.deal():
            break


def test_the_bots_read_the_players_across_hands_and_a_reload_keeps_the_reads() -> None:
    ctl = table(seed=3, opponents=2)
    play_hands(ctl, 6)
    bots = [t for t in ctl.session.hand_seats if ctl.kind_of(t) == controller.BOT]
    assert sorted(ctl.reads) == sorted(bots) and bots
    for seat in bots:
        reads = stripdeck.reads.Reads.from_dict(ctl.reads[seat])
        assert f"seat {seat}" not in ctl.reads[seat]  # a bot does not read itself
        assert reads.counts("seat 0").actions > 0  # it has counted the person's actions
    store = Store()
    storage.save(store, ctl.settings, ctl.session)
    storage.save_reads(store, ctl.reads)
    settings, session, _ = storage.load(store)
    reads, notices = storage.load_reads(store)
    assert notices == [] and reads == ctl.reads
    again = controller.Controller(settings, session, seed=3, reads=reads)
    assert again._bot(bots[0]).reads.to_dict() == ctl.reads[bots[0]]
    again.new_table(settings)
    assert again.reads == {} and again.bots == {}


@pytest.mark.parametrize(("saved", "words"), [
    ({"1": {"seat 0": [1, 2, 0, 0, 0, 0, 0, 0, 0, 0]}}, "more of a kind"),
    ({"9": {}}, "'9' is not a seat number"),
    ({"1": "lots"}, "reads must be an object"),
    ([1], "an object of at most 5 seats"),
])
def test_unreadable_reads_start_again_with_a_notice(saved: object, words: str) -> None:
    store = Store({storage.READS_KEY: json.dumps(saved)})
    reads, notices = storage.load_reads(store)
    assert reads == {} and len(notices) == 1 and words in notices[0] and storage.READS_KEY not in store


# ---------------------------------------------------------------- pass and play

def test_pass_and_play_shows_each_person_only_their_own_cards() -> None:
    clock = Clock()
    ctl = table(seed=12, clock=clock, people=["Ann", "Bruno", "Cy"], opponents=1, timers=False)
    assert ctl.passing and ctl.people == (0, 1, 2)
    handovers = 0
    for _ in range(3000):
        if ctl.session.hand_number > 6 or ctl.game_over:
            break
        if not ctl.in_hand:
            ctl.deal()
            continue
        hand = ctl.session.hand
        view = ctl.view()
        viewer = ctl.viewer
        for i, seat in enumerate(view.seats):  # nobody's cards but the viewer's (and shown ones)
            shown = any(e.kind == "show" and e.seat == i for e in hand.log)
            if seat.hand is not None:
                assert shown or ctl.session.hand_seats[i] == viewer, (i, viewer)
        html = " ".join(ctl.model().history)
        for i in range(len(hand.seats)):
            if ctl.session.hand_seats[i] != viewer:
                dealt = [e for e in view.log if e.kind == "deal" and e.seat == i]
                assert all(not e.cards for e in dealt)
                assert f"{ctl.names[i]} are dealt" not in html and f"{ctl.names[i]} is dealt " not in html
        if ctl.bot_to_act():
            ctl.bot_act()
        elif ctl.handing_over is not None:
            model = ctl.model()
            who = ctl.session.seats[ctl.handing_over].name
            assert model.hand_over_to == who and model.status == f"Pass the device to {who}."
            assert not model.bar.buttons and model.bar.draw is None
            assert not ctl.act("fold")  # nobody acts for a person who has not taken the device
            assert ctl.take_over(ctl.handing_over)
            handovers += 1
        else:
            assert ctl.my_turn()
            view = ctl.view()
            ctl.act("draw" if view.phase == "draw" else "check" if view.legal.allows("check") else "call")
    assert handovers > 6
    assert set(ctl.hand_log["people"]) == {"Ann", "Bruno", "Cy"}
    assert "Ann:" in session_log.summary_text(ctl.hand_log, ctl.stacks_of_people())


def test_pass_and_play_settings_are_checked() -> None:
    for bad in (["Ann", "ann"], ["Ann", ""], ["x" * 21], [], ["A", "B", "C", "D", "E", "F"], "Ann", ["A\u0007"]):
        with pytest.raises(storage.SettingsError):
            storage.validate({**storage.DEFAULTS, "people": bad})
    with pytest.raises(storage.SettingsError, match="2 to 5 players, got 3 people and 3 bots"):
        storage.validate({**storage.DEFAULTS, "people": ["A", "B", "C"], "opponents": 3})
    assert storage.player_names(2, ["Ada", "Bo"]) == ["Ada", "Bo", "Bruno", "Chloé"]


def play_passively(ctl: controller.Controller, until_hand: int) -> None:
    """Pass and play: everyone takes the device when it is their turn and checks, calls or stands pat."""
    for _ in range(2000):
        if ctl.session.hand_number >= until_hand and not ctl.in_hand:
            return
        if not ctl.in_hand:
            assert ctl.deal()
        elif ctl.bot_to_act():
            ctl.bot_act()
        elif ctl.handing_over is not None:
            ctl.take_over(ctl.handing_over)
        else:
            view = ctl.view()
            ctl.act("draw" if view.phase == "draw" else "check" if view.legal.allows("check") else "call")
    raise AssertionError("the table did not get there")


def test_at_a_shared_device_the_exports_open_only_when_everyone_ends_the_session() -> None:
    clock = Clock()
    ctl = table(seed=12, clock=clock, people=["Ann", "Bruno"], opponents=1, timers=False)
    assert not ctl.end_session()  # not during a hand
    play_passively(ctl, until_hand=2)
    assert ctl.hand_log["hands"] and ctl.last_finished is not None
    assert "every person's cards" in ctl.export_withheld
    assert ctl.export_json() == "" and ctl.export_session_json() == ""  # the deck and every seat's cards
    record = ctl.step_record()
    assert ctl.end_session() and not ctl.export_withheld and "ended the session" in ctl.game_over
    assert not ctl.deal()  # the table is over
    exported = json.loads(ctl.export_json())
    assert exported["deck"] and len(json.loads(ctl.export_session_json())["hands"]) == 2
    # A reload keeps the end of the session (and a record from before it keeps it open).
    again = controller.Controller(ctl.settings, ctl.session, seed=12, clock=clock, hand_log=ctl.hand_log)
    assert again.resume_step(ctl.step_record()) and again.ended and not again.export_withheld
    before = controller.Controller(ctl.settings, ctl.session, seed=12, clock=clock, hand_log=ctl.hand_log)
    assert before.resume_step(record) and not before.ended and before.export_withheld
    ctl.new_table(ctl.settings)
    assert not ctl.ended


def test_one_person_at_the_device_exports_as_before() -> None:
    ctl = table(seed=3, timers=False)
    assert ctl.export_withheld == "" and not ctl.end_session()
