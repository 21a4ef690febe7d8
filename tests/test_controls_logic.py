"""Controls and keys in every mode, and the action bar's words (issue 15), on CPython: which
commands each kind of page offers and renders, the draw-timeout words, the draw tags, "your"
for the person at the device, a typed amount kept by a reload."""

from __future__ import annotations

import doctest
import re
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
sys.path.insert(0, str(WEB))

import stripdeck  # noqa: E402
from friends import guest, host, protocol  # noqa: E402
from stripdeck.narrate import possessive, second_person  # noqa: E402
from table import action_bar, clock_words, commands, controller, render, storage  # noqa: E402

CMD = re.compile(r'data-cmd="([a-z-]+)"')


def test_doctests() -> None:
    from table import preactions

    assert doctest.testmod(commands).failed == 0 and doctest.testmod(preactions).failed == 0


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def table(seed: int = 1, **changes: object) -> controller.Controller:
    settings = storage.validate({**storage.DEFAULTS, **changes})
    ctl = controller.Controller(settings, seed=seed, clock=Clock())
    assert ctl.deal()
    return ctl


def rendered_cmds(ctl: object, mode: str) -> set[str]:
    model = ctl.model()  # type: ignore[attr-defined]
    assert model is not None
    html = render.controls_html(model, ctl.game_over, True, "", commands.offers(mode))  # type: ignore[attr-defined]
    return set(CMD.findall(html))


# ---------------------------------------------------------------- every control exists for its mode

def test_every_rendered_control_is_a_command_of_its_mode_at_every_phase() -> None:
    for mode, changes in (("solo", {}), ("embed", {}), ("pass", {"people": ["Ann", "Bo"], "opponents": 1})):
        ctl = table(seed=5, **changes)
        seen: set[str] = set()
        for _ in range(400):
            if ctl.model() is not None:
                cmds = rendered_cmds(ctl, mode)
                assert cmds <= commands.offers(mode), (mode, cmds - commands.offers(mode))
                seen |= cmds
            if not ctl.in_hand:
                break
            if ctl.bot_to_act():
                ctl.bot_act()
            else:
                seat = ctl.session.to_act_table_seat
                if mode == "pass" and ctl.holder != seat:
                    assert ctl.take_over(seat)
                    continue
                view = ctl.view()
                text = "draw" if view.phase == "draw" else "check" if view.legal.allows("check") else "call"
                assert ctl.act(text)
        assert "deal" in rendered_cmds(ctl, mode)  # the hand is over: this page deals the next
        if mode == "pass":
            assert "reveal" in seen


def hosted_table_and_guest(opponents: int):
    """A host's table (Hana, one guest's seat "s1", ``opponents`` bots) and a guest's page, with
    ``deliver(out)`` handing the host's messages to that page."""
    chosen = storage.validate({**storage.DEFAULTS, "people": ["Hana"], "opponents": opponents}, guests=1)
    hosted = host.new_hosted_table(chosen, 1, seed=3)
    table_host = host.Host(hosted)
    table_host.invite("s1")
    table_guest = guest.GuestTable(storage.DEFAULTS)

    def deliver(out: list[tuple[str, str]]) -> None:
        for _, text in out:
            table_guest.received(text)

    return hosted, table_host, table_guest, deliver


def test_a_guest_page_never_shows_deal_or_new_table() -> None:
    """Defect 1: the guest's page showed Deal next hand (N), and pressing it crashed the page."""
    hosted, table_host, table_guest, deliver = hosted_table_and_guest(opponents=1)
    deliver(table_host.opened("s1"))
    out, _ = table_host.received("s1", protocol.message("hello", name="Gus"))
    deliver(out)
    assert hosted.deal()
    for _ in range(300):
        deliver(table_host.sync())
        if table_guest.model() is not None:
            cmds = rendered_cmds(table_guest, "guest")
            assert not cmds & {"deal", "newtable", "reveal"}, cmds
            assert cmds <= commands.offers("guest")
        if not hosted.in_hand:
            break
        if hosted.bot_to_act():
            hosted.bot_act()
        elif hosted.human_to_act():
            view = hosted.view()
            hosted.act("draw" if view.phase == "draw" else "check" if view.legal.allows("check") else "call")
        else:
            view = table_guest.view
            text = "draw" if view.phase == "draw" else "check" if view.legal.allows("check") else "call"
            message = table_guest.act(text)
            assert message is not None
            deliver(table_host.received("s1", message)[0])
    deliver(table_host.sync())
    assert table_guest.view is not None and table_guest.view.phase == "complete"
    html = render.controls_html(table_guest.model(), table_guest.game_over, True, "", commands.offers("guest"))
    assert "The host deals the next hand." in html and 'data-cmd="deal"' not in html
    assert 'data-cmd="deal"' in render.controls_html(hosted.model(), hosted.game_over, True, "",
                                                     commands.offers("host"))


def test_the_host_solo_and_pass_pages_deal_a_guest_page_does_not() -> None:
    assert {"deal", "newtable"} <= commands.offers("host") & commands.offers("solo") & commands.offers("pass")
    assert not {"deal", "newtable", "reveal", "apply"} & commands.offers("guest")
    assert "reveal" in commands.offers("pass") and "reveal" not in commands.offers("solo")
    for key, cmds in commands.KEYS.items():  # every key presses commands every mode knows, or none
        assert len(key) == 1 and all(c in commands.offers("solo") for c in cmds)


# ---------------------------------------------------------------- the draw-timeout words (defect 8)

def timed_out_second_round(first: str) -> action_bar.ActionBar:
    """Seat 1's draw clock ran out; seat 0 acts ``first`` in the second round; seat 1's bar."""
    state = stripdeck.start_hand(stripdeck.Rules.preset("online"), stacks=[100, 100], button=0, seed=7)
    for text in ("call", "check", "timeout", "draw", first):
        state, _ = stripdeck.apply(state, text)
    return action_bar.action_bar(stripdeck.player_view(state, 1), ["Ada", "You"])


def test_the_draw_timeout_words_match_the_buttons_offered() -> None:
    note = clock_words.timeout_note("draw", 2, False)
    assert "only check, call or fold" not in note and "no longer bet or raise" in note
    for first, words in (("split", "you may fold, check or split."), ("bet 2", "you may fold or call."),
                         ("check", "you may fold or check.")):
        bar = timed_out_second_round(first)
        kinds = [b.kind for b in bar.buttons]
        line = next(line for line in bar.help if "draw clock ran out" in line)
        assert line.endswith(words), (kinds, line)
        assert ("split" in kinds) == ("split" in line)


# ---------------------------------------------------------------- a seat's draw tag (defect 10)

def test_a_seat_shows_draws_2_or_drew_2_never_both() -> None:
    ctl = table(seed=2, opponents=2)
    seen_draws = seen_drew = False
    for _ in range(10):  # hands, until one reaches the draw (a hand may end before it)
        for _ in range(300):
            model = ctl.model()
            for seat in model.seats:
                assert not (seat.last_action.startswith(("Draws", "Stands pat")) and seat.drew), seat
                assert not ("draws " in seat.label and "drew " in seat.label), seat.label
                seen_draws |= seat.last_action.startswith("Draws")
                seen_drew |= seat.drew.startswith("Drew")
            if not ctl.in_hand:
                break
            if ctl.bot_to_act():
                ctl.bot_act()
            else:
                view = ctl.view()
                assert ctl.act("draw" if view.phase == "draw" else "check" if view.legal.allows("check") else "call")
        if seen_draws or seen_drew:
            break
        ctl.deal()
    assert seen_draws or seen_drew


# ---------------------------------------------------------------- "your" for the person at the device

def test_messages_built_from_a_name_say_your_for_you() -> None:
    assert possessive("You") == "Your" and possessive("Ada") == "Ada's"
    assert second_person("You's stack") == "Your stack"
    data = table().session.to_dict()
    data["seats"][0] = {**data["seats"][0], "stack": -5}
    with pytest.raises(stripdeck.SessionError) as err:
        stripdeck.Session.from_dict(data)
    assert "You's" not in str(err.value) and "Your stack" in str(err.value)
    store = FakeStore()
    ctl = table()
    storage.save(store, ctl.settings, ctl.session)
    raw = store.items[storage.SESSION_KEY].replace('"name": "You", "stack": ', '"name": "You", "stack": -', 1)
    assert raw != store.items[storage.SESSION_KEY]
    store.items[storage.SESSION_KEY] = raw
    _, session, notices = storage.load(store)
    assert session is None and notices and all("You's" not in n for n in notices), notices
    with pytest.raises(storage.SettingsError, match="nobody may be called"):
        storage.validate({**storage.DEFAULTS, "people": ["Ann", "You"], "opponents": 1})


class FakeStore:
    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the Web Storage API
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


# ---------------------------------------------------------------- a reload keeps a typed amount

def test_a_reload_keeps_the_typed_bet_amount() -> None:
    ctl = table(seed=3)
    while ctl.bot_to_act():
        ctl.bot_act()
    assert ctl.my_turn() and ctl.model().bar.amount is not None
    ctl.set_amount("9")
    shown = ctl.model().bar.amount.value
    store = FakeStore()
    storage.save(store, ctl.settings, ctl.session)
    storage.save_turn(store, ctl.step_record())
    settings, session, notices = storage.load(store)
    turn, turn_notices = storage.load_turn(store)
    assert notices == turn_notices == []
    again = controller.Controller(settings, session, clock=Clock())
    assert again.resume_step(turn)
    assert again.model().bar.amount.value == shown
    # a saved amount that is not a whole number is not restored (the legal minimum shows)
    turn = {**turn, "amount": "9e9"}
    again = controller.Controller(settings, session, clock=Clock())
    assert again.resume_step(turn)
    assert again.model().bar.amount.value == again.model().bar.amount.low


# ---------------------------------------------------------------- Fold when checking is free

def test_fold_asks_first_when_checking_is_free() -> None:
    ctl = table(seed=3)
    for _ in range(300):
        if ctl.my_turn() and ctl.view().legal.allows("check"):
            break
        if ctl.bot_to_act():
            ctl.bot_act()
        elif not ctl.in_hand:
            assert ctl.deal()
        else:
            view = ctl.view()
            assert ctl.act("draw" if view.phase == "draw" else "call")
    bar = ctl.model().bar
    fold = next(b for b in bar.buttons if b.label == "Fold")
    assert fold.kind == "ask-fold" and fold.key == "F" and not bar.question
    assert ctl.ask_fold()
    asked = ctl.model().bar
    assert asked.question == "Fold when you can check for free?"
    assert [(b.kind, b.action) for b in asked.buttons] == [("fold", "fold"), ("check", "check")]
    store = FakeStore()  # a reload keeps the question up
    storage.save(store, ctl.settings, ctl.session)
    storage.save_turn(store, ctl.step_record())
    settings, session, _ = storage.load(store)
    turn, notices = storage.load_turn(store)
    again = controller.Controller(settings, session, clock=Clock())
    assert notices == [] and again.resume_step(turn) and again.model().bar.question
    assert ctl.act("check")  # the answer: no fold, and the question is gone
    assert not ctl.session.hand.seats[ctl.human_hand_seat].folded
    assert ctl.fold_asked is None


def test_fold_does_not_ask_when_there_is_a_bet_to_call() -> None:
    ctl = table(seed=3)
    while ctl.bot_to_act():
        ctl.bot_act()
    view = ctl.view()
    assert ctl.my_turn() and view.legal.allows("call") and not view.legal.allows("check")
    assert [b.kind for b in ctl.model().bar.buttons][0] == "fold"
    assert not ctl.ask_fold()


# ---------------------------------------------------------------- the winner is named after the reveal

def to_a_showdown(seed: int) -> tuple[controller.Controller, Clock]:
    clock = Clock()
    settings = storage.validate({**storage.DEFAULTS, "show_all": True, "opponents": 2})
    ctl = controller.Controller(settings, seed=seed, clock=clock)
    for _ in range(40):
        assert ctl.deal()
        while ctl.in_hand:
            if ctl.bot_to_act():
                ctl.bot_act()
            else:
                view = ctl.view()
                ctl.act("draw" if view.phase == "draw" else "check" if view.legal.allows("check") else "call")
        if ctl.revealed() >= 2:
            return ctl, clock
    raise AssertionError("no showdown")


def test_the_result_is_named_only_once_the_cards_have_turned_over() -> None:
    from table import scheduler

    ctl, clock = to_a_showdown(seed=8)
    model = ctl.model()
    assert model.hand_over and "win" not in model.status.lower(), model.status
    assert not any(s.won for s in model.seats)
    assert not any(" win" in line for line in model.history), model.history
    assert any(s.reveal >= 0 for s in model.seats)  # the cards are turning over
    step = scheduler.next_step(ctl.facts(True), clock.now)
    assert step is not None and step.kind == "announce"
    assert step.at == ctl.started + scheduler.reveal_time(ctl.revealed())
    clock.now = step.at
    ctl.run_step(step)
    model = ctl.model()
    assert "win" in model.status.lower() and any(s.won for s in model.seats)
    assert any(" win" in line for line in model.history)
    assert scheduler.next_step(ctl.facts(True), clock.now).kind == "deal"  # the deal still comes after


def test_a_reload_shows_the_result_as_it_was_then_names_it_when_due() -> None:
    """A reload brings the page back as it was left (named or not); a result not yet named is
    named by the scheduler's announce step, at once if the reveal's time is over."""
    from table import scheduler

    ctl, clock = to_a_showdown(seed=8)
    store = FakeStore()
    storage.save(store, ctl.settings, ctl.session)
    settings, session, _ = storage.load(store)
    for named in (False, True):
        if named:
            ctl.announced = ctl.token
        record = ctl.step_record()
        assert storage.load_turn(FakeStore())[1] == []
        again = controller.Controller(settings, session, clock=Clock(),
                                      wall_clock=lambda record=record: record["started_at"] + 5.0)
        assert again.resume_step(record)
        assert again.is_announced() is named
        step = scheduler.next_step(again.facts(True), again.clock())
        assert step is not None and step.kind == ("deal" if named else "announce")
        if not named:
            assert step.at == again.clock()  # the reveal's time is over: named at once


# ---------------------------------------------------------------- pre-actions

def bot_does(ctl: controller.Controller, kind: str) -> None:
    """The bot to act does ``kind`` (a raise to the smallest total)."""
    legal = stripdeck.legal_actions(ctl.session.hand)
    assert ctl.bot_to_act() and legal.allows(kind), legal.as_text()
    ctl.bot_apply(f"raise {legal.min_total}" if kind == "raise" else kind)


def due_kind(ctl: controller.Controller) -> str | None:
    from table import scheduler

    step = scheduler.next_step(ctl.facts(True), ctl.clock())
    if step is None:
        return None
    ctl.run_step(step)
    return step.kind


def after_your_call() -> controller.Controller:
    """Three at the table, you first to act: you call; Ada and Bruno (the blinds) are to act."""
    ctl = table(seed=1, opponents=2)
    assert ctl.my_turn() and ctl.act("call")
    assert ctl.bot_to_act()
    assert ctl.model().pre_offer == ("checkfold", "check", "callany")
    return ctl


def test_a_check_pre_action_is_cleared_when_someone_bets() -> None:
    ctl = after_your_call()
    assert ctl.set_preaction("check") and ctl.model().preaction == "check"
    html = render.controls_html(ctl.model(), "", True)
    assert 'data-value="check" aria-pressed="true"' in html and "done for you when your turn comes" in html
    bot_does(ctl, "raise")
    assert ctl.model().preaction == "" and ctl.preactions == {}
    assert ctl.model().pre_offer == ("fold", "callany")  # now there is a bet to call


def test_call_any_survives_a_raise_and_calls_when_your_turn_comes() -> None:
    ctl = after_your_call()
    assert ctl.set_preaction("callany")
    bot_does(ctl, "raise")
    bot_does(ctl, "raise")
    assert ctl.model().preaction == "callany"
    assert ctl.my_turn()
    assert due_kind(ctl) == "apply"  # the scheduler applies it at once
    assert ctl.session.hand.log[-1].kind == "call" and ctl.session.hand.log[-1].seat == ctl.human_hand_seat
    assert ctl.preactions == {}


def test_check_fold_folds_to_a_bet_and_checks_when_free() -> None:
    ctl = after_your_call()
    assert ctl.set_preaction("checkfold")
    bot_does(ctl, "raise")
    bot_does(ctl, "call")
    assert due_kind(ctl) == "apply"
    assert ctl.session.hand.seats[ctl.human_hand_seat].folded
    ctl = after_your_call()
    assert ctl.set_preaction("checkfold")
    bot_does(ctl, "call")
    bot_does(ctl, "check")  # the round is over before your turn: the pre-action goes with it
    assert ctl.phase == "draw" and ctl.preactions == {}


def test_a_pre_action_pressed_again_is_dropped_and_none_is_offered_on_your_turn() -> None:
    ctl = after_your_call()
    assert ctl.set_preaction("callany") and ctl.set_preaction("callany")
    assert ctl.preactions == {}
    assert not ctl.set_preaction("nonsense")
    bot_does(ctl, "call")
    bot_does(ctl, "check")
    while ctl.bot_to_act():
        ctl.bot_act()
    if ctl.my_turn():
        assert ctl.model().pre_offer == () and not ctl.set_preaction("check")


def test_a_reload_keeps_the_pre_action() -> None:
    ctl = after_your_call()
    assert ctl.set_preaction("callany")
    store = FakeStore()
    storage.save(store, ctl.settings, ctl.session)
    storage.save_turn(store, ctl.step_record())
    settings, session, _ = storage.load(store)
    turn, notices = storage.load_turn(store)
    again = controller.Controller(settings, session, clock=Clock())
    assert notices == [] and again.resume_step(turn)
    assert again.model().preaction == "callany"


def test_pass_and_play_a_pre_action_belongs_to_its_person() -> None:
    ctl = table(seed=1, people=["Ann", "Bo"], opponents=1)
    ann, bo = ctl.people
    assert ctl.session.to_act_table_seat == ann and ctl.take_over(ann) and ctl.act("call")
    assert ctl.handing_over == bo and ctl.model().pre_offer == ()  # nobody's view: nothing to choose
    assert ctl.take_over(bo) and ctl.act("call")
    assert ctl.bot_to_act()  # Ada, the big blind; Bo still holds the device
    assert ctl.set_preaction("callany") and ctl.model().preaction == "callany"
    bot_does(ctl, "raise")
    assert ctl.handing_over == ann and ctl.model().preaction == ""  # the hand-over screen: nobody's
    assert ctl.take_over(ann)
    model = ctl.model()
    assert model.preaction == "" and model.pre_offer == () and "Call any" not in render.controls_html(model, "", True)
    assert ctl.act("call")
    assert ctl.session.to_act_table_seat == bo
    assert due_kind(ctl) == "apply"  # Bo's own choice is applied for him, the device still in Ann's hands
    assert any(e.kind == "call" and e.seat == ctl.session.hand_seats.index(bo) for e in ctl.session.hand.log[-3:])
    assert ctl.preactions == {}


def test_a_guest_s_pre_action_is_sent_when_its_turn_comes() -> None:
    hosted, table_host, table_guest, deliver = hosted_table_and_guest(opponents=0)
    deliver(table_host.opened("s1"))
    deliver(table_host.received("s1", protocol.message("hello", name="Gus"))[0])
    assert hosted.deal()
    deliver(table_host.sync())
    for _ in range(6):  # until the host is to act and the guest waits
        if hosted.human_to_act():
            break
        message = table_guest.act("call" if table_guest.view.legal.allows("call") else "check")
        deliver(table_host.received("s1", message)[0])
        deliver(table_host.sync())
    assert hosted.human_to_act() and not table_guest.my_turn()
    offer = table_guest.model().pre_offer
    assert offer and table_guest.set_preaction("callany")
    assert "callany" in render.controls_html(table_guest.model(), "", True, "", commands.offers("guest"))
    legal = hosted.view().legal
    assert hosted.act(f"bet {legal.min_total}" if legal.allows("bet") else f"raise {legal.min_total}")
    deliver(table_host.sync())
    assert table_guest.my_turn() and table_guest.preaction is not None
    assert due_kind(table_guest) == "apply"  # type: ignore[arg-type]
    sent = table_guest.take_outbox()
    assert len(sent) == 1 and '"call"' in sent[0]
    before = len(hosted.session.hand.log)
    deliver(table_host.received("s1", sent[0])[0])
    assert [e.kind for e in hosted.session.hand.log[before:]][:1] == ["call"]  # the host applied it


def test_every_command_a_page_can_render_is_offered_by_some_mode():
    # A control whose command no mode lists does nothing anywhere (the dispatcher drops it): a
    # button added without its command in web/table/commands.py is a dead button.
    import re
    from pathlib import Path

    from table import commands

    root = Path(__file__).resolve().parent.parent
    game = [root / "web" / folder for folder in ("table", "friends", "app", "page")]
    sources = [*(p for folder in game for p in folder.glob("*.py")),
               *(p for folder in game for p in folder.glob("*.js")), root / "index.html"]
    found = set()
    for path in sources:
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'data-cmd=\\?"?([a-z][a-z-]*)', text))
        found |= set(re.findall(r'ButtonModel\("([a-z][a-z-]*)"', text))  # render._button's data-cmd
    offered = set().union(*commands.OFFERS.values())
    assert found - offered == set(), f"controls no mode offers: {sorted(found - offered)}"
    assert {"replay", "end-session", "keep-session", "deal", "reveal"} <= found
