"""The page at the choice of the fourth card (the bosnian preset), on CPython: the two buttons and
their keys, the face-up card and a back by the drawing seat in every viewer's table, the
face-down card in no page's HTML, the Hint at the choice, a clock running out, the preset offered
in Settings, How to play and the widgets. (tests/browser/test_fourth_card.py plays it in Chromium.)"""

from __future__ import annotations

import re
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "web"
sys.path.insert(0, str(WEB))

import stripdeck  # noqa: E402
from table import action_bar, commands, controller, presenter, render, rules_text, settings_render, storage, url_params  # noqa: E402
from widgets import compare, game, params  # noqa: E402

CMD = re.compile(r'data-cmd="([a-z-]+)"')


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def bosnian_table(seed: int = 2, **changes: object) -> controller.Controller:
    settings = storage.validate({**storage.with_preset(storage.DEFAULTS, "bosnian"), "opponents": 1, **changes})
    ctl = controller.Controller(settings, seed=seed, clock=Clock())
    assert ctl.deal()
    return ctl


def to_my_choice(ctl: controller.Controller) -> stripdeck.PlayerView:
    """Play the hand (the bot by its own choice, the person checking or calling) to the person's draw,
    and exchange four cards there."""
    for _ in range(40):
        view = ctl.view()
        assert view is not None
        if ctl.bot_to_act():
            ctl.bot_act()
        elif view.is_my_turn and view.phase == "draw":
            assert ctl.act("draw " + " ".join(str(c) for c in view.my_hand[:4]))
            view = ctl.view()
            assert view is not None and view.choice is not None
            return view
        elif view.is_my_turn:
            assert ctl.act("check" if view.legal.allows("check") else "call")
        else:
            raise AssertionError("nobody to act before the draw")
    raise AssertionError("no draw")


def page_html(ctl: controller.Controller, mode: str = "solo") -> str:
    model = ctl.model()
    assert model is not None
    return (render.table_html(model, timers=True)
            + render.controls_html(model, ctl.game_over, True, "", commands.offers(mode)))


def test_the_choice_shows_two_buttons_with_keys_and_no_draw_button() -> None:
    ctl = bosnian_table()
    view = to_my_choice(ctl)
    bar = action_bar.action_bar(view, ["You", "Ada"])
    assert [(b.kind, b.key, b.action) for b in bar.buttons] == [("take-up", "U", "take up"),
                                                                ("take-down", "D", "take down")]
    assert bar.draw is None and bar.choosing
    up = str(view.choice[1])
    assert bar.buttons[0].label == f"Take {up}" and bar.buttons[1].label == "Take the face-down card"
    html = page_html(ctl)
    assert {"take-up", "take-down", "hint"} <= set(CMD.findall(html)) and "draw" not in CMD.findall(html)
    assert 'aria-keyshortcuts="U"' in html and 'aria-keyshortcuts="D"' in html
    assert commands.KEYS["u"] == ("take-up",) and "take-down" in commands.KEYS["d"]
    for mode in commands.MODES:
        assert commands.offered(mode, "take-up") and commands.offered(mode, "take-down")


def test_the_face_up_card_and_a_back_lie_by_the_drawing_seat() -> None:
    ctl = bosnian_table()
    view = to_my_choice(ctl)
    model = ctl.model()
    assert model is not None
    me = next(s for s in model.seats if s.is_human)
    assert [c.text for c in me.choice] == [str(view.choice[1]), ""]  # the face-up card, then a back
    assert me.choice_label.startswith("Choice of the fourth card: ") and "one card face down" in me.choice_label
    assert model.status.startswith("Your fourth card: take the ")
    html = render.table_html(model, timers=True)
    assert 'class="choice" role="group"' in html and html.count("card-back") >= 1


def test_the_face_down_card_is_in_no_page_of_any_seat() -> None:
    ctl = bosnian_table()
    to_my_choice(ctl)
    hand = ctl.session.hand
    assert hand is not None and hand.pending
    face_up, face_down = hand.pending
    for seat in (None, 0, 1):  # each seat's page, and a spectator's
        view = stripdeck.player_view(hand, seat)
        model = presenter.present(view, ["You", "Ada"], (0, 1), human=-1 if seat is None else seat)
        html = render.table_html(model, timers=True) + render.controls_html(model, "", True)
        assert stripdeck.card_name(face_up).capitalize() in html  # the face-up card: public
        assert stripdeck.card_name(face_down).capitalize() not in html and str(face_down) not in html
        assert all(str(face_down) not in (c.text for c in s.choice + s.cards) for s in model.seats)
        assert stripdeck.card_name(face_down) not in " ".join(model.history)


def test_the_hint_at_the_choice_names_the_card_to_take() -> None:
    ctl = bosnian_table()
    to_my_choice(ctl)
    assert ctl.ask_hint()
    assert ctl.hint is not None and "up" in ctl.hint
    model = ctl.model()
    assert model is not None and model.hint is not None and model.hint.choice
    assert model.hint.reason.startswith("Take the face-")
    assert "the face-down card" in [r.discard for r in model.hint.rows]
    html = render.controls_html(model, ctl.game_over, True, "", commands.offers("solo"))
    assert '<th scope="col">Take</th>' in html
    assert not ctl.apply_hint()  # nothing to select: the buttons take the card
    assert ctl.act(ctl.hint["rows"][0]["action"])
    view = ctl.view()
    assert view is not None and view.choice is None


def test_a_clock_running_out_at_the_choice_takes_the_face_down_card() -> None:
    ctl = bosnian_table(timers=True)
    to_my_choice(ctl)
    hand = ctl.session.hand
    assert hand is not None and hand.choosing
    face_down = hand.pending[1]
    note = ctl.time_out()
    assert note == "Time ran out: you took the face-down card. This hand you may no longer bet or raise."
    after = ctl.session.hand
    assert after is not None and face_down in after.seats[ctl.session.hand_seat_of(0)].hand


def test_the_bosnian_preset_is_offered_wherever_presets_are() -> None:
    assert "bosnian" in storage.PRESETS
    settings = storage.with_preset(storage.DEFAULTS, "bosnian")
    assert storage.rules_from(settings).fourth_card_choice
    assert 'value="bosnian"' in settings_render.settings_html(settings)
    assert rules_text.PRESET_LINES["bosnian"].startswith("The official rules with the Bosnian choice")
    lines = rules_text.table_rules(stripdeck.Rules.preset("bosnian"))
    assert any(line.startswith("Choice of the fourth card:") for line in lines)
    assert not any("fourth card" in line for line in rules_text.table_rules(stripdeck.Rules.preset("official")))
    embedded, notices = url_params.embed_settings([("preset", "bosnian")])
    assert embedded["preset"] == "bosnian" and not notices
    spec = params.parse({"widget": "compare", "preset": "bosnian"})
    assert '<option value="bosnian" selected>' in compare.render("", "", spec.rules, spec.preset)
    assert game.settings_words(params.parse({"widget": "game", "preset": "bosnian"})).startswith(
        "the official rules with the Bosnian choice of the fourth card")


def test_the_key_legend_lists_every_key_the_page_answers_u_and_d_of_the_choice_included() -> None:
    legend = re.search(r'<p class="keys keys-only">(.*?)</p>', (WEB.parent / "index.html").read_text(encoding="utf-8"))
    assert legend is not None
    listed = {k.lower() for k in re.findall(r"<kbd>([^<]+)</kbd>", legend.group(1))}
    assert set(commands.KEYS) <= listed, sorted(set(commands.KEYS) - listed)
    assert "U</kbd>/<kbd>D</kbd> <span data-l10n data-l10n-context=\"key legend\">take the face-up/face-down card" \
        in legend.group(1)
