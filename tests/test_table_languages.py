"""The game page's table in every language: every state of the table, its action bar, History,
Settings, How to play, the notices and the errors, rendered in the pseudo-language ``qps``
(tests/pseudo_support.py). Each word on screen (text, aria-label, title) must come from the
catalogue: outside [brackets] only names people chose, the bots' names, numbers, card text and
the languages' own names may be left.

The page's Python is driven on CPython as tests/test_table_flow_logic.py drives it: the
controller, the scheduler's steps on a fake clock, the presenter and the renderer; solo, pass
and play, a host's table and a guest's page."""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pseudo_support import pseudo_language, stray_words, visible_text
from stripdeck import i18n
from stripdeck.i18n import using

WEB = Path(__file__).resolve().parents[1] / "web"
sys.path.insert(0, str(WEB))

import stripdeck  # noqa: E402
from table import (  # noqa: E402
    action_bar,
    clock_words,
    commands,
    controller,
    history_render,
    presenter,
    render,
    replay,
    rules_text,
    scheduler,
    session_log,
    settings_render,
    storage,
    turn_alert,
    url_params,
)
from widgets.ranking import render as ranking_html  # noqa: E402

PEOPLE = ["Hana", "Zoë", "Bo"]
CARD_TEXT = [str(c) for c in stripdeck.DECK] + ["Jk", "JK"]  # card text and the joker's index: never translated
ALLOWED = [*PEOPLE, *storage.BOT_NAMES, *i18n.NAMES.values(), i18n.PSEUDO, *CARD_TEXT]


@pytest.fixture(scope="module")
def qps() -> i18n.Language:
    return pseudo_language()


def clean(text: str, names: list[str] | tuple[str, ...] = ()) -> None:
    """``text`` (a rendering in qps) has no word outside the catalogue's brackets."""
    stray = stray_words(text, allowed=[*ALLOWED, *names])
    assert not stray, (stray, text)


def clean_html(html: str, names: list[str] | tuple[str, ...] = ()) -> None:
    assert html.strip()
    clean(visible_text(html), names)


def bracketed(text: str) -> None:
    """A single sentence in qps: the whole of it comes from the catalogue, and so does every
    sentence put inside it (a reason in parentheses): each of its words is accented as qps
    writes them, save what a person or the code gave (quoted values, names, numbers)."""
    assert text.startswith("[") and text.endswith("]"), text
    rest = re.sub(r"'[^']*'|\"[^\"]*\"", " ", text)  # quoted values: what was given, as it was given
    english = [w for w in WORDS.findall(rest) if len(w) > 2 and not QPS_MARKS.search(w) and w not in ALLOWED
               and w not in CODE_WORDS]
    assert not english, (english, text)


WORDS = re.compile(r"[^\W\d]+")  # settings' keys with their underscores
QPS_MARKS = re.compile("[åéïöüýçñÅÉÏÖÜÝÇÑ]")  # what the pseudo-language puts in every word it can
# Words of code a message names as code: settings' and records' keys, the reads' counts, Python's types.
CODE_WORDS = {*storage.DEFAULTS, "version", "hand", "events", "started_at", "start_stack", "played", "people",
              "hands", "list", "str", "dict", "int", "NoneType", "bool", "float", "SecurityError", "RuntimeError",
              "actions", "aggressive", "faced", "folded", "pats", "draws", "weak_shown", "shown_after_bet",
              "faced_after", "folded_after", "opponents", "stack", "stakes", "kicker", "combination", "split",
              "online", "official", "cardroom", "bosnian", "easy", "normal", "hard", "true", "false", "lang", "embed",
              "seed", "timer", "bots", "fast", "reset", "seconds", "whole", "number", "hdcs", "hdsc", "shdc", "sdch",
              "cdhs", "stripdeck", "settings", "session", "turn", "reads", "colour", "kkkkkkkkkkkkkkkkkkkk",
              "raise", "bet", "call", "check", "fold", "draw", "allin"}  # the action grammar is not translated


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def table(clock: Clock, seed: int = 1, **changes: Any) -> controller.Controller:
    settings = storage.validate({**storage.DEFAULTS, **changes})
    ctl = controller.Controller(settings, seed=seed, clock=clock, wall_clock=clock)
    return ctl


def page_html(ctl: Any, mode: str, confirming: bool = False) -> list[str]:
    """Everything the page draws for the controller's state (web/app/main.py's render)."""
    summary = session_log.summary_text(ctl.hand_log, ctl.stacks_of_people())
    out = []
    model = ctl.model()
    if model is None:
        if mode == "solo":
            out.append(render.controls_html_between_hands(ctl.game_over, summary))
    else:
        out += [render.table_html(model, timers=True),
                render.controls_html(model, ctl.game_over, ctl.settings["auto_deal"], summary, commands.offers(mode))]
        if model.history:
            out.append(history_render.history_html(model.history))
        for text in (model.status, *model.history):
            clean(text)
        if model.note:
            bracketed(model.note)
    out.append(history_render.session_html(ctl.hand_log, summary))
    withheld = getattr(ctl, "export_withheld", "")
    if withheld:
        bracketed(withheld)
        out.append(history_render.export_gate_html(withheld, can_end=True, confirming=confirming))
    if ctl.game_over:
        bracketed(ctl.game_over)
    return out


def check_page(ctl: Any, mode: str, names: tuple[str, ...] = ()) -> None:
    for html in page_html(ctl, mode):
        clean_html(html, names)


def human_move(ctl: controller.Controller, rng: random.Random, clock: Clock) -> str | None:
    """A person's move at this device: any of the controls, or letting the clock run out."""
    view = ctl.view()
    assert view is not None and view.legal is not None
    legal = view.legal
    roll = rng.random()
    if roll < 0.08 and ctl.timer_limit() is not None:  # the clock runs out (with cards chosen: a note says so)
        if view.phase == "draw":
            ctl.toggle(0)
        step = scheduler.next_step(ctl.facts(True), clock.now)
        while step is not None and step.kind in ("warn", "timeout"):
            clock.now = max(clock.now, step.at)
            said = ctl.run_step(step)
            if said:
                clean(said)
            if step.kind == "timeout":
                break
            step = scheduler.next_step(ctl.facts(True), clock.now)
        return None
    if "take up" in legal.kinds:  # the choice of the fourth card (bosnian): its Hint, then either card
        if roll < 0.5 and ctl.ask_hint():
            check_page(ctl, "solo")
        return "take up" if roll < 0.7 else "take down"
    if view.phase == "draw":
        if roll < 0.3 and ctl.ask_hint():
            check_page(ctl, "solo")
            ctl.apply_hint()
        else:
            count = 4 if legal.draw_max >= 4 and rng.random() < 0.6 else rng.randint(0, min(3, legal.draw_max))
            for index in rng.sample(range(5), count):
                ctl.toggle(index)
        check_page(ctl, "solo")
        model = ctl.model()  # the draw button's action: the chosen cards, as a click sends it
        return model.bar.draw.action if model is not None and model.bar.draw is not None else "draw"
    if legal.allows("check") and legal.allows("fold") and roll < 0.2:
        ctl.ask_fold()
        check_page(ctl, "solo")
        return "check"
    for kind in ("raise", "bet"):
        if legal.allows(kind) and roll < 0.6:
            ctl.set_amount(str(legal.max_total if roll < 0.35 else legal.min_total))
            check_page(ctl, "solo")
            return action_bar.bet_action(kind, ctl.amount, legal.min_total, legal.max_total)
    if legal.allows("split") and roll < 0.75:
        return "split"
    for kind in ("check", "call", "allin", "fold"):
        if legal.allows(kind):
            return kind
    return None


def play(ctl: controller.Controller, clock: Clock, rng: random.Random, hands: int, mode: str = "solo") -> None:
    """Play ``hands`` hands at this device, checking the page after every change."""
    ctl.deal()
    start = ctl.hand_number
    for _step in range(4000):
        check_page(ctl, mode)
        if ctl.game_over or ctl.hand_number >= start + hands and not ctl.in_hand:
            return
        if ctl.handing_over is not None:  # pass and play: the next person takes the device
            assert ctl.take_over(ctl.handing_over)
            continue
        if ctl.human_to_act():
            if ctl.preactions and rng.random() < 0.5:
                pass
            text = human_move(ctl, rng, clock)
            if text is not None and ctl.human_to_act():
                ctl.act(text)
            continue
        if ctl.in_hand and not ctl.bot_to_act() and rng.random() < 0.3:
            view = ctl.view()
            for kind in __import__("preactions").offered(view):
                ctl.set_preaction(kind)
                check_page(ctl, mode)
        step = scheduler.next_step(ctl.facts(True), clock.now)
        if step is None:
            if not ctl.in_hand:
                ctl.deal()
            continue
        clock.now = max(clock.now, step.at)
        said = ctl.run_step(step)
        if said:
            clean(said)
    raise AssertionError("the hands did not end")


# ------------------------------------------------------------------ the table, solo


@pytest.mark.parametrize("changes", [
    {},
    {"preset": "official", "opponents": 1},
    {"preset": "cardroom", "joker": True, "draw_limit": 5, "opponents": 4, "big_blinds": True},
    {"big_blinds": True, "time_bank": 15, "show_all": True, "show_losing": True},
    {"preset": "bosnian", "opponents": 2},
])
def test_every_state_of_a_solo_table_in_qps_has_only_catalogue_words(qps: i18n.Language,
                                                                       changes: dict[str, Any]) -> None:
    clock = Clock()
    with using(qps):
        ctl = table(clock, seed=5, **changes)
        play(ctl, clock, random.Random(5), hands=6)
        assert ctl.hand_log["hands"], "hands were played"
        if changes.get("preset") == "bosnian":  # the choice of the fourth card came to the person, Hint and all
            assert '"take ' in json.dumps(ctl.hand_log), "no choice of the fourth card was played"
        # History: each hand's title, result and the people's gains, its replay frame by frame.
        for record in ctl.hand_log["hands"][-3:]:
            shown = replay.build(record)
            for index, frame in enumerate(shown.pages):
                clean_html(history_render.replay_html(shown.title, frame, index, len(shown.pages)))
        bracketed(session_log.summary_text(ctl.hand_log, ctl.stacks_of_people()))


def test_a_table_that_ends_in_qps_says_why_in_catalogue_words(qps: i18n.Language) -> None:
    """Stacks of 20 and everything in: the table ends (won, or lost); every word of it from the catalogue."""
    for seed in (1, 2, 3):
        clock = Clock()
        with using(qps):
            ctl = table(clock, seed=seed, stack=20, opponents=1, preset="online")
            rng = random.Random(seed)
            ctl.deal()
            for _step in range(3000):
                check_page(ctl, "solo")
                if ctl.game_over:
                    break
                if ctl.human_to_act():
                    legal = ctl.view().legal
                    ctl.act("draw" if ctl.view().phase == "draw" else
                            f"raise {legal.max_total}" if legal.allows("raise") else
                            f"bet {legal.max_total}" if legal.allows("bet") else
                            "call" if legal.allows("call") else "allin" if legal.allows("allin") else "check")
                    continue
                step = scheduler.next_step(ctl.facts(True), clock.now)
                if step is None:
                    ctl.deal()
                    continue
                clock.now = max(clock.now, step.at)
                ctl.run_step(step)
            assert ctl.game_over
            bracketed(ctl.game_over)
            clean_html(render.controls_html_between_hands(ctl.game_over, "[x]"))
            del rng


def test_the_table_before_the_first_deal_and_between_hands_in_qps(qps: i18n.Language) -> None:
    with using(qps):
        for opponents in range(1, 5):
            names = storage.player_names(opponents)
            seats = [presenter.seat_before_deal(i, n, 200, i == 0) for i, n in enumerate(names)]
            for seat, position in zip(seats, render.POSITIONS[len(seats)]):
                clean_html(render.seat_html(seat, position, False))
                clean(seat.label)
        clean_html(render.controls_html_between_hands("", ""))
        clean_html(render.lobby_controls_html())
        clean_html(history_render.session_html(session_log.new_log(200), "[x]"))
        log = {**session_log.new_log(200), "played": 400, "hands": [
            session_log.hand_record(n, [], ["You", "Ada"], [3, -3], ["You"], None) for n in (1, 2)]}
        clean_html(history_render.session_html(log, "[x]"))


def test_the_action_bar_s_words_in_qps(qps: i18n.Language) -> None:
    """Every help line and label the bar can show (the draw clock's, the split's, the sizes)."""
    with using(qps):
        for kinds in [("check",), ("fold", "call"), ("fold", "check", "split"), ("fold", "call", "split"),
                      ("fold", "allin"), ("fold", "allin", "split"), ("check", "split"), ("call",), ()]:
            bracketed(action_bar.may_still(kinds))
        for n in range(6):
            bracketed(action_bar.discard_label(n))
        assert action_bar.chips_text(1200) == "1,200"  # qps writes numbers as English does
        bracketed(action_bar.chips_text(37, 2))
        for phase in ("draw", "first betting round"):
            for dropped in (0, 1, 3):
                for folded in (False, True):
                    bracketed(clock_words.timeout_note(phase, dropped, folded))
            for choosing in (False, True):
                bracketed(clock_words.warning(phase, choosing))
        bracketed(clock_words.timeout_note("draw", 0, False, choosing=True))
        for action in ("timeout", "draw", "check", "fold"):
            for player in (None, "Ada"):
                bracketed(clock_words.timeout_said(action, player))
        for phase in ("first betting round", "draw", "second betting round", "complete"):
            bracketed(presenter.phase_text(phase))
        bracketed(presenter.shown_name("You"))
        assert presenter.shown_name("Ada") == "Ada"


# ------------------------------------------------------------------ pass and play, host, guest


def test_pass_and_play_in_qps_every_hand_over_and_the_end_of_the_session(qps: i18n.Language) -> None:
    clock = Clock()
    with using(qps):
        ctl = table(clock, seed=7, people=["Hana", "Zoë"], opponents=1)
        play(ctl, clock, random.Random(7), hands=4, mode="pass")
        for html in page_html(ctl, "pass", confirming=True):
            clean_html(html)
        if not ctl.in_hand and ctl.end_session():
            check_page(ctl, "pass")
            bracketed(ctl.game_over)
        summary = session_log.summary_text(ctl.hand_log, ctl.stacks_of_people())
        clean(summary)
        assert summary.count("[") >= 3  # one sentence per person, and the hands played


def test_a_host_s_and_a_guest_s_table_in_qps(qps: i18n.Language) -> None:
    from test_friends_languages import Table

    friends = Table(qps, qps, guests=1, bots=1)
    with using(qps):
        clean_html(render.lobby_controls_html())
    friends.connect("s1", "Zoë")
    rng = random.Random(3)
    for _move in range(400):
        try:
            friends.step(rng)
        except StopIteration:
            break
        with using(qps):
            check_page(friends.ctl, "host", tuple(friends.names()))
            check_page(friends.guests["s1"], "guest", tuple(friends.names()))
        if friends.ctl.hand_number >= 3 and not friends.ctl.in_hand:
            break
    assert friends.ctl.hand_log["hands"]


# ------------------------------------------------------------------ Settings, How to play, the title


def test_settings_and_how_to_play_in_qps(qps: i18n.Language) -> None:
    with using(qps):
        for preset in storage.PRESETS:
            settings = storage.with_preset(storage.DEFAULTS, preset)
            for confirm in (False, True):
                clean_html(settings_render.settings_html(settings, confirm=confirm))
            rules = storage.rules_from(settings)
            clean_html(rules_text.help_html(rules, ranking_html(rules)))
            bracketed(rules_text.preset_line(preset))
        varied = {**storage.DEFAULTS, "people": ["Hana", "Zoë", "Bo"], "opponents": 1, "time_bank": 30,
                  "draw_limit": 5, "suit_ties": "split", "flush_beats_full_house": False, "joker": True}
        clean_html(settings_render.settings_html(varied))
        rules = storage.rules_from(varied)
        clean_html(rules_text.help_html(rules, ranking_html(rules)))
        html = settings_render.settings_html(storage.DEFAULTS)
        assert '<select name="lang" data-cmd="lang">' in html and 'value="qps"' in html  # the page's own
        assert settings_render.people_from_form({"people_count": "2"}, ["You"])[1].startswith("[")
        assert turn_alert.title().startswith("[")
        for whose, hidden in (("you", True), ("Zoë", True), ("you", False), ("", True)):
            clean(turn_alert.decide(whose, "", hidden, True).title)


def test_the_language_picker_lists_each_offered_language_in_its_own_name() -> None:
    html = settings_render.settings_html(storage.DEFAULTS)
    picker = html[html.index('<select name="lang"'):]
    picker = picker[:picker.index("</select>")]
    for code in i18n.LANGUAGES:
        assert f'lang="{code}"' in picker and i18n.NAMES[code] in picker
    assert "qps" not in picker  # the pseudo-language only on its own page


# ------------------------------------------------------------------ notices and errors


BAD_SETTINGS = [
    [], {"version": 9}, {"colour": "red"}, {"preset": "casino"}, {"opponents": "²"}, {"opponents": 9},
    {"stack": "9" * 50}, {"stack": 5}, {"stakes": 3}, {"suit_ties": "x"}, {"suit_order": "hhhh"},
    {"draw_limit": -1}, {"split": "yes"}, {"timers": 1}, {"time_bank": 7}, {"bot_level": "god"},
    {"people": "Ann"}, {"people": []}, {"people": ["A" * 40]}, {"people": ["Ann", "ann"]},
    {"people": ["Ann", "You"]}, {"people": ["Ann", "Bo", "Cy", "Di", "Ed"], "opponents": 2},
    {"opponents": 0}, {"lang": "xx"}, {"lang": 3}, {"lang": "EN"},
]


@pytest.mark.parametrize("bad", BAD_SETTINGS, ids=lambda b: json.dumps(b)[:40])
def test_every_settings_error_is_a_sentence_of_the_catalogue(qps: i18n.Language, bad: Any) -> None:
    data = bad if not isinstance(bad, dict) else {**storage.DEFAULTS, **bad}
    with using(qps), pytest.raises(storage.SettingsError) as refused:
        storage.validate(data)
    bracketed(str(refused.value))


def test_a_table_with_friends_too_big_is_refused_in_qps(qps: i18n.Language) -> None:
    with using(qps), pytest.raises(storage.SettingsError) as refused:
        storage.validate({**storage.DEFAULTS, "opponents": 3}, guests=2)
    bracketed(str(refused.value))


class Store(dict):
    def getItem(self, key: str) -> Any:  # noqa: N802
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.pop(key, None)


class Blocked:
    def getItem(self, key: str) -> Any:  # noqa: N802
        raise RuntimeError("SecurityError")

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        raise RuntimeError("SecurityError")

    def removeItem(self, key: str) -> None:  # noqa: N802
        raise RuntimeError("SecurityError")


def saved_records() -> Iterator[tuple[str, str]]:
    """Every saved record broken in each way a person can meet (an edited, truncated or old record)."""
    session = storage.new_session(storage.DEFAULTS, seed=1)
    good = storage.save_data(session)
    dealt = storage.save_data(session.next_hand())
    for key in (storage.SETTINGS_KEY, storage.SESSION_KEY, storage.TURN_KEY, storage.HANDS_KEY, storage.READS_KEY):
        yield key, "{not json"
        yield key, "[" * 5000
        yield key, json.dumps({"version": 99})
    yield storage.SETTINGS_KEY, json.dumps({**storage.DEFAULTS, "lang": "xx"})
    yield storage.SESSION_KEY, json.dumps({**good, "chips": 7})
    yield storage.SESSION_KEY, json.dumps({**dealt, "hand_seats": [0, 0, 1, 2]})
    yield storage.SESSION_KEY, json.dumps({**dealt, "hand": {**dealt["hand"], "actions": ["raise 9999"]}})
    yield storage.SESSION_KEY, json.dumps({**dealt, "hand": {**dealt["hand"], "stacks": [1, 2, 3, 4]}})
    yield storage.HANDS_KEY, json.dumps({**session_log.new_log(200), "played": -1})
    yield storage.HANDS_KEY, json.dumps({**session_log.new_log(200), "people": {"a": 1}})
    yield storage.HANDS_KEY, json.dumps({**session_log.new_log(200), "hands": [{}]})
    yield storage.HANDS_KEY, json.dumps({**session_log.new_log(200), "hands": [{}] * 400})
    yield storage.READS_KEY, json.dumps({"x": {}})
    yield storage.READS_KEY, json.dumps({str(n): {} for n in range(9)})
    yield storage.READS_KEY, json.dumps({"1": {"version": 0}})


def test_every_notice_about_a_saved_record_is_a_sentence_of_the_catalogue(qps: i18n.Language) -> None:
    said = []
    for key, text in saved_records():
        store = Store({storage.SETTINGS_KEY: json.dumps(storage.DEFAULTS), key: text})
        with using(qps):
            notices = storage.load(store)[2] + storage.load_turn(store)[1] + storage.load_hand_log(store)[1] \
                + storage.load_reads(store)[1]
        assert notices, (key, text[:40])
        for notice in notices:
            if text == "{not json":  # the JSON parser's own words ("Expecting property name") stay Python's
                clean(notice)
            else:
                bracketed(notice)
        said += notices
    with using(qps):
        notices = storage.load(Blocked())[2]
    assert notices
    for notice in notices:
        bracketed(notice)
    assert len(set(said)) > 10


def test_every_url_notice_is_a_sentence_of_the_catalogue(qps: i18n.Language) -> None:
    queries = ["?timer=abc", "?seed=-1", "?bots=slow", "?x=1", "?" + "k" * 60 + "=1", "?lang=xx", "?lang=",
               "?embed=1&preset=casino", "?embed=1&split=x&opponents=9&stack=5&lang=xx", "?embed=1&colour=red",
               "?embed=1&people=Ann"]
    with using(qps):
        for query in queries:
            params, notices = url_params.parse_params(query)
            assert notices, query
            for notice in notices:
                bracketed(notice)
        assert url_params.parse_params("?lang=qps")[1] == []
        assert url_params.parse_params("?lang=en&seed=3") == ({"seed": 3}, [])


def test_the_controller_s_and_replay_s_messages_in_qps(qps: i18n.Language) -> None:
    clock = Clock()
    with using(qps):
        ctl = table(clock, seed=2)
        ctl.deal()
        code, message = ctl.act_remote(1, "call", "0.0")
        bracketed(message)
        bracketed(ctl.export_withheld or "[]")
        with pytest.raises(ValueError) as refused:
            replay.build({"number": 1, "names": ["You", "Ada"], "scenario": None})
        bracketed(str(refused.value))
        passing = table(clock, seed=2, people=["Hana", "Zoë"], opponents=1)
        bracketed(passing.export_withheld)
        clean_html(history_render.export_gate_html(passing.export_withheld, can_end=True, confirming=False))
        clean_html(history_render.export_gate_html(passing.export_withheld, can_end=True, confirming=True))
