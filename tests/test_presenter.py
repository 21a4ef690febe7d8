"""The table's web logic on CPython: presenter, settings and saving, controller, HTML render.

The modules live in web/table/ (web/ is put on sys.path here, so they import as ``table.*``); none
of them imports pyscript or js (tests/test_web_layout.py).
"""

from __future__ import annotations

import doctest
import json
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
sys.path.insert(0, str(WEB))

import stripdeck  # noqa: E402
from stripdeck import Rules, Session, parse_cards  # noqa: E402
from table import (  # noqa: E402
    action_bar,
    advice_panel,
    bot_seats,
    controller,
    presenter,
    render,
    scheduler,
    seating,
    session_log,
    settings_render,
    storage,
    url_params,
)


class FakeStore(dict):
    """localStorage on CPython."""

    def getItem(self, key):  # noqa: N802
        return self.get(key)

    def setItem(self, key, value):  # noqa: N802
        self[key] = value

    def removeItem(self, key):  # noqa: N802
        self.pop(key, None)


def settings(**changes):
    return storage.validate({**storage.DEFAULTS, **changes})


def fresh(seed=1, **changes):
    ctl = controller.Controller(settings(**changes), seed=seed)
    assert ctl.deal()
    return ctl


def due(ctl):
    """Run the scheduler's next step if its time has come (the page's runner, by hand); its kind."""
    step = scheduler.next_step(ctl.facts(True), ctl.clock())
    while step is not None and step.kind in ("tick", "warn") and step.at <= ctl.clock():
        ctl.run_step(step)
        step = scheduler.next_step(ctl.facts(True), ctl.clock())
    if step is None or step.at > ctl.clock():
        return None
    ctl.run_step(step)
    return step.kind


def run_bots(ctl):
    while ctl.bot_to_act():
        ctl.bot_act()


def to_human_draw(ctl, seed_limit=40):
    """Play passively until the human is asked to draw (re-dealing if the hand ends first)."""
    for _ in range(seed_limit):
        run_bots(ctl)
        if not ctl.in_hand:
            ctl.deal()
            continue
        model = ctl.model()
        if model.bar.draw is not None:
            return model
        kinds = [b.kind for b in model.bar.buttons]
        ctl.act("check" if "check" in kinds else "call")
    raise AssertionError("the human never reached the draw")


@pytest.mark.parametrize("module", [presenter, storage, render, controller, action_bar, advice_panel,
                                    scheduler, session_log, seating, bot_seats])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_cards_have_names_and_suits():
    card = presenter.card_model(parse_cards("Ah")[0])
    assert (card.name, card.rank, card.symbol, card.suit) == ("Ace of hearts", "A", "♥", "h")
    assert presenter.card_model(parse_cards("Ts")[0]).rank == "10"
    html = render.card_html(card)
    assert 'aria-label="Ace of hearts"' in html and "suit-h" in html


def test_discard_label_and_selection():
    assert action_bar.discard_label(0) == "Stand pat"
    assert action_bar.discard_label(2) == "Discard 2 cards"
    sel = action_bar.toggle_selection((), 1, 5, 4)
    sel = action_bar.toggle_selection(sel, 3, 5, 4)
    assert sel == (1, 3)
    assert action_bar.toggle_selection(sel, 1, 5, 4) == (3,)  # clicking again unselects
    assert action_bar.toggle_selection((0, 1, 2, 3), 4, 5, 4) == (0, 1, 2, 3)  # the draw limit
    assert action_bar.toggle_selection((), 7, 5, 4) == ()


def test_amount_is_clamped_to_the_legal_totals():
    assert action_bar.clamp_amount("1000", 4, 30) == 30
    assert action_bar.clamp_amount("-5", 4, 30) == 4
    assert action_bar.clamp_amount("12.7", 4, 30) == 12
    assert action_bar.clamp_amount(None, 4, 30) == 4
    assert action_bar.bet_action("bet", "9", 2, 12) == "bet 9"


def test_buttons_are_only_the_legal_kinds():
    ctl = fresh(seed=3)
    run_bots(ctl)
    view = ctl.view()
    assert view.is_my_turn
    model = ctl.model()
    kinds = {b.kind for b in model.bar.buttons}
    assert kinds <= set(view.legal.kinds)
    assert "timeout" not in kinds
    if "call" in kinds:
        call = next(b for b in model.bar.buttons if b.kind == "call")
        assert call.label == f"Call {view.legal.call_amount}"
    if model.bar.amount is not None:
        assert (model.bar.amount.low, model.bar.amount.high) == (view.legal.min_total, view.legal.max_total)
        ctl.set_amount(10_000)
        again = ctl.model()
        assert again.bar.amount.value == view.legal.max_total
        raise_button = next(b for b in again.bar.buttons if b.kind == again.bar.amount.kind)
        assert raise_button.action == f"{again.bar.amount.kind} {view.legal.max_total}"


def test_draw_selection_becomes_the_action_text():
    ctl = fresh(seed=4)
    model = to_human_draw(ctl)
    assert model.bar.draw.label == "Stand pat" and model.bar.draw.action == "draw"
    hand = ctl.view().my_hand
    ctl.toggle(0)
    ctl.toggle(2)
    model = ctl.model()
    assert model.bar.draw.label == "Discard 2 cards"
    assert model.bar.draw.action == f"draw {hand[0]} {hand[2]}"
    human = next(s for s in model.seats if s.is_human)
    assert [c.selected for c in human.cards] == [True, False, True, False, False]
    assert ctl.act(model.bar.draw.action)
    me = ctl.view().seats[ctl.human_hand_seat]
    assert me.drawn == 2
    assert next(s for s in ctl.model().seats if s.is_human).drew == "Drew 2"


def test_opponents_cards_stay_hidden_until_shown():
    ctl = fresh(seed=6)
    model = ctl.model()
    for seat in model.seats:
        if not seat.is_human:
            assert all(c.text == "" and c.name == "Face-down card" for c in seat.cards)


def test_showdown_names_hands_and_marks_winners():
    ctl = fresh(seed=8, show_all=True)
    for _ in range(30):
        while ctl.in_hand:
            run_bots(ctl)
            if not ctl.in_hand:
                break
            model = ctl.model()
            if model.bar.draw is not None:
                ctl.act("draw")
            else:
                kinds = [b.kind for b in model.bar.buttons]
                ctl.act("check" if "check" in kinds else "call")
        model = ctl.model()
        shown = [s for s in model.seats if s.hand_name and not s.is_human]
        if shown:
            break
        ctl.deal()
    assert model.hand_over
    ctl.announced = ctl.token  # the scheduler's announce step, once the cards have turned over
    model = ctl.model()
    winners = [s for s in model.seats if s.won]
    assert winners and ("wins" in model.status or "You win " in model.status)
    assert "You wins" not in model.status
    assert all(s.bet == 0 for s in model.seats)
    revealed = sorted(s.reveal for s in model.seats if s.reveal >= 0)
    assert revealed == list(range(len(revealed))) and revealed  # shown one after another
    assert any("shows" in line or "show" in line for line in model.history)
    exported = json.loads(ctl.export_json())
    assert stripdeck.replay(exported)["deltas"] == exported["deltas"]


def test_history_reads_in_the_second_person_for_you():
    s = stripdeck.start_hand(stripdeck.Rules(), [50, 50], 0, seed=3)
    s, _ = stripdeck.apply(s, "fold")
    view = stripdeck.player_view(s, 0)
    lines = presenter.history(view, ["You", "Ada"], you=0)
    assert "You fold." in lines and not any("You folds" in line for line in lines)
    assert "Bo folds." in presenter.history(view, ["Bo", "Ada"])  # nobody is "you": names


def narrated_kinds():
    """Every event kind the engine's narration has a sentence for (read from its source)."""
    import re

    source = Path(stripdeck.narrate.__file__).read_text()
    return sorted(set(re.findall(r'"(\w+)": lambda', source)))


@pytest.mark.parametrize("kind", narrated_kinds())
def test_every_narrated_event_about_you_is_in_the_second_person(kind):
    import re

    cards = parse_cards("Ah Kd")
    infos = ("0 1", "1 0") if kind == "divide" else ("Pair of aces", "draw", "uncontested")
    events = [stripdeck.Event(kind, seat, amount, cards, pot, info)
              for seat in (0, 1) for pot in (0, 1) for amount in (0, 1, 3) for info in infos]
    lines = [line for e in events if (line := stripdeck.describe_event(e, ["You", "Ada"], you=0))]
    assert lines or kind == "end"
    for e in events:
        line = stripdeck.describe_event(e, ["You", "Ada"], you=0)
        if not line:
            continue
        assert not re.search(r"\bYou (is|has|was|\w+s)\b", line), line  # "You checks."
        assert not re.search(r"\S You\b", line), line  # "back to You." -> "back to you."


def test_hint_during_the_human_draw_uses_only_their_view(monkeypatch):
    ctl = fresh(seed=4)
    model = to_human_draw(ctl)
    assert model.hint_offer and model.hint is None
    view = ctl.view()
    asked = []
    real = stripdeck.advise

    def advise(cards, rules=None, dead=(), opponents=1):
        asked.append((tuple(cards), rules, dead, opponents))
        return real(cards, rules, dead, opponents)

    monkeypatch.setattr(stripdeck, "advise", advise)
    assert ctl.ask_hint()
    others = sum(1 for i, s in enumerate(view.seats) if i != view.viewer and not s.folded)
    assert asked == [(view.my_hand, view.rules, (), others)]
    hint = ctl.model().hint
    assert hint is not None and hint.reason and 1 <= len(hint.rows) <= 4
    assert hint.rows[0].win.endswith("%") and "%" in hint.rows[0].chances
    html = render.controls_html(ctl.model(), "", True)
    assert 'data-cmd="hint"' in html and 'class="advice"' in html and hint.reason[:20] in html
    assert ctl.apply_hint()
    model = ctl.model()
    assert ctl.selected == hint.discard
    human = next(s for s in model.seats if s.is_human)
    assert tuple(c.index for c in human.cards if c.selected) == hint.discard
    assert model.bar.draw.action == action_bar.draw_action(view.my_hand, hint.discard)
    assert ctl.act(model.bar.draw.action)
    assert ctl.hint is None and ctl.model().hint is None  # gone once the human has drawn


def test_hints_can_be_hidden():
    ctl = fresh(seed=4, show_hints=False)
    model = to_human_draw(ctl)
    assert not model.hint_offer and not ctl.ask_hint()
    assert 'data-cmd="hint"' not in render.controls_html(model, "", True)
    ctl.set_display({"show_hints": True})
    assert ctl.model().hint_offer


def test_hint_model_from_advice_data():
    hand = parse_cards("Ah Kh Qh Jh 7c")
    hint = advice_panel.hint_model(stripdeck.advise(hand).to_dict(), hand, top=3)
    assert hint.discard == (4,) and hint.apply_label == "Select 7c" and len(hint.rows) == 3
    pat = parse_cards("Ah Kh Qh Jh 9h")
    hint = advice_panel.hint_model(stripdeck.advise(pat).to_dict(), pat)
    assert hint.discard == () and hint.rows[0].discard == "nothing (stand pat)"
    assert advice_panel.percent(0.0049) == "0.5%" and advice_panel.percent(0.5) == "50%"


def test_settings_validate_and_make_rules():
    s = settings(preset="official", stakes=2, opponents=1)
    rules = storage.rules_from(s)
    assert rules.ante == 2 and rules.structure == "fixed-limit" and rules.small_bet == 4
    assert storage.rules_from(settings(timers=False)).action_timer is None
    assert storage.rules_from(settings(timers=True)).action_timer == 30
    assert storage.with_preset(storage.DEFAULTS, "official")["suit_ties"] == "combination"
    for bad in ({"opponents": 7}, {"preset": "casino"}, {"split": "yes"}, {"version": 2},
                {"colour": True}, {"suit_order": "hhcs"}, {"bot_level": "godlike"}):
        with pytest.raises(storage.SettingsError):
            storage.validate({**storage.DEFAULTS, **bad})


def test_save_and_load_round_trip_mid_hand():
    store = FakeStore()
    ctl = fresh(seed=9)
    run_bots(ctl)
    storage.save(store, ctl.settings, ctl.session)
    loaded_settings, session, notices = storage.load(store)
    assert notices == [] and loaded_settings == ctl.settings
    assert session.hand_number == ctl.session.hand_number
    assert session.hand.actions == ctl.session.hand.actions
    assert session.view(0) == ctl.session.view(0)


@pytest.mark.parametrize("settings_text,session_text", [
    ("garbage{", None),
    (None, "garbage{"),
    ('{"version": 99}', '{"version": 1, "session": {"version": 7}}'),
    (json.dumps({**storage.DEFAULTS, "opponents": 9}), '[1, 2, 3]'),
])
def test_corrupt_storage_is_discarded_with_a_notice(settings_text, session_text):
    store = FakeStore()
    if settings_text is not None:
        store.setItem(storage.SETTINGS_KEY, settings_text)
    if session_text is not None:
        store.setItem(storage.SESSION_KEY, session_text)
    loaded, session, notices = storage.load(store)
    assert loaded == storage.DEFAULTS and session is None
    assert len(notices) == (settings_text is not None) + (session_text is not None)
    assert storage.SESSION_KEY not in store or session_text is None


def test_a_saved_hand_that_no_longer_replays_is_dropped_with_a_notice():
    ctl = fresh(seed=2)
    data = storage.save_data(ctl.session)
    data["hand"]["actions"] = ["raise 99999"]
    session, notice = storage.restore(json.loads(json.dumps(data)))
    assert session.hand is None and "could not be restored" in notice


def test_url_parameters():
    assert url_params.parse_params("?bots=fast&seed=3&timer=5") == (
        {"fast_bots": True, "seed": 3, "timer": 5}, [])
    options, notices = url_params.parse_params("?timer=0&bots=turbo&x=1")
    assert options == {} and len(notices) == 3


def test_embed_parameters_are_the_widget_settings():
    sys.path.insert(0, str(WEB.parent))
    from web.widgets.game import game_query
    from web.widgets.params import parse

    query = game_query(parse({"widget": "game", "preset": "official", "opponents": "1", "stakes": "5",
                              "stack": "500", "four_color": "1", "fast_bots": "1"}))
    options, notices = url_params.parse_params("?" + query)
    assert notices == [] and options["embed"]
    s = options["settings"]
    assert (s["preset"], s["opponents"], s["stakes"], s["stack"], s["four_color"], s["fast_bots"]) == \
        ("official", 1, 5, 500, True, True)
    assert s["suit_ties"] == "combination" and not s["split"] and storage.rules_from(s).ante == 5
    options, notices = url_params.parse_params(
        "?embed=1&preset=online&opponents=9&split=maybe&joker=1&flush_beats_full_house=0&seed=4&bots=fast")
    s = options["settings"]
    assert s["opponents"] == storage.DEFAULTS["opponents"] and s["split"] is True  # fell back
    assert [n.split("=")[0] for n in notices] == ["Ignored URL parameter opponents",
                                                  "Ignored URL parameter split"]
    rules = storage.rules_from(s)
    assert rules.joker and not rules.flush_beats_full_house
    assert options["seed"] == 4 and options["fast_bots"]
    # Without embed=1 settings in the URL are ignored, as before.
    options, notices = url_params.parse_params("?preset=official")
    assert options == {} and "Ignored URL parameter preset" in notices[0]


def test_joker_and_flush_rule_settings_play():
    ctl = fresh(seed=8, joker=True, flush_beats_full_house=False, opponents=2)
    assert ctl.session.rules.joker and not ctl.session.rules.flush_beats_full_house
    to_human_draw(ctl)
    assert storage.with_preset(ctl.settings, "official")["joker"] is False


def test_memory_store_keeps_embedded_games_out_of_local_storage():
    store = storage.MemoryStore()
    ctl = fresh(seed=2)
    storage.save(store, ctl.settings, ctl.session)
    settings, session, notices = storage.load(store)
    assert settings == ctl.settings and session is not None and not notices


def test_human_timeout_is_sent_when_the_clock_runs_out():
    now = [0.0]
    ctl = controller.Controller(settings(), seed=3, timer_seconds=5, clock=lambda: now[0])
    ctl.deal()
    run_bots(ctl)
    assert ctl.human_to_act() and ctl.time_left() == 5
    now[0] = 4.0
    assert due(ctl) is None
    now[0] = 5.5
    assert due(ctl) == "timeout"
    assert "You ran out of time." in ctl.model().history


def test_no_timer_without_timers():
    ctl = fresh(seed=3, timers=False)
    run_bots(ctl)
    assert ctl.time_left() is None and scheduler.next_step(ctl.facts(True), ctl.clock()) is None


def test_controller_refuses_out_of_turn_and_illegal_actions():
    ctl = fresh(seed=5)
    if ctl.bot_to_act():
        assert not ctl.act("fold")
    run_bots(ctl)
    assert not ctl.act("raise 100000")
    assert not ctl.act("nonsense")


def test_many_hands_play_to_the_end_of_a_table():
    ctl = fresh(seed=12, opponents=4, stack=40)
    for _ in range(400):
        run_bots(ctl)
        if ctl.game_over:
            break
        if not ctl.in_hand:
            assert ctl.deal()
            continue
        model = ctl.model()
        if model.bar.draw is not None:
            ctl.toggle(0)
            assert ctl.act(ctl.model().bar.draw.action)
        else:
            kinds = [b.kind for b in model.bar.buttons]
            assert ctl.act("allin" if "allin" in kinds else "call" if "call" in kinds else "check")
        html = render.table_html(ctl.model(), True)
        assert html.count('class="seat') == len(ctl.session.hand_seats)
    assert ctl.game_over


def test_render_escapes_and_labels():
    ctl = fresh(seed=1)
    run_bots(ctl)
    model = ctl.model()
    html = render.controls_html(model, "", True)
    for b in model.bar.buttons:
        assert f'aria-label="{b.label}"' in html
    form = settings_render.settings_html(ctl.settings)
    assert 'name="preset"' in form and 'name="four_color"' in form
    assert render.attr('<"x">') == "&lt;&quot;x&quot;&gt;"


def test_session_rules_follow_settings():
    ctl = controller.Controller(settings(), seed=1)
    ctl.new_table(storage.with_preset(settings(opponents=2, stack=500), "cardroom"))
    assert isinstance(ctl.session, Session)
    assert ctl.session.rules == storage.rules_from(ctl.settings)
    assert ctl.session.rules.draw_limit == 5
    assert [p.stack for p in ctl.session.seats if p] == [500, 500, 500]
    assert Rules.preset("cardroom").ante == ctl.session.rules.ante


class Clocks:
    """A monotonic clock and a wall clock that the test moves by hand."""

    def __init__(self):
        self.now = 1000.0
        self.wall = 1_700_000_000.0

    def advance(self, seconds):
        self.now += seconds
        self.wall += seconds


def timed_human_turn(clocks, seed=1):
    """A controller with 30 s timers, stopped where the human must act."""
    ctl = controller.Controller(settings(timers=True), seed=seed, timer_seconds=30,
                                clock=lambda: clocks.now, wall_clock=lambda: clocks.wall)
    assert ctl.deal()
    for _ in range(40):
        run_bots(ctl)
        if ctl.human_to_act():
            return ctl
        ctl.deal()
    raise AssertionError("the human never got a turn")


def test_a_reload_keeps_the_turn_clock_running():
    clocks = Clocks()
    ctl = timed_human_turn(clocks)
    clocks.advance(12)
    assert ctl.time_left() == 18
    store = FakeStore()
    storage.save(store, ctl.settings, ctl.session)
    storage.save_turn(store, ctl.step_record())
    clocks.advance(5)  # the page reloads: a new controller from what was saved
    settings_, session, notices = storage.load(store)
    turn, turn_notices = storage.load_turn(store)
    again = controller.Controller(settings_, session, timer_seconds=30,
                                  clock=lambda: clocks.now + 777, wall_clock=lambda: clocks.wall)
    assert notices == turn_notices == []
    assert again.time_left() == 30  # before the saved clock is resumed
    assert again.resume_step(turn)
    assert again.time_left() == 13
    clocks.advance(60)  # away for a minute: the time is up, and the timeout is sent
    assert due(again) == "timeout"


def test_a_turn_clock_of_another_turn_or_from_the_future_is_ignored():
    clocks = Clocks()
    ctl = timed_human_turn(clocks)
    record = ctl.step_record()
    assert not ctl.resume_step({**record, "events": record["events"] - 1})
    assert not ctl.resume_step({**record, "started_at": clocks.wall + 50})
    assert not ctl.resume_step({**record, "started_at": True})
    assert not ctl.resume_step(None)
    assert ctl.time_left() == 30


@pytest.mark.parametrize("text", ["garbage{", "[1, 2]", '{"hand": 1, "events": 2}',
                                  '{"hand": 1, "events": 2, "started_at": "noon"}'])
def test_an_unreadable_turn_clock_is_dropped_with_a_notice(text):
    store = FakeStore()
    store.setItem(storage.TURN_KEY, text)
    turn, notices = storage.load_turn(store)
    assert turn is None and len(notices) == 1 and "turn clock" in notices[0]
    assert storage.TURN_KEY not in store
