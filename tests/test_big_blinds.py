"""The big-blind display (Settings -> Display): stacks, bets and pots in big blinds, on CPython.

In a blinds game a big blind is the big blind; in an ante game (official, cardroom) it is the
small bet. The amount control keeps whole chips (the engine takes chips).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
sys.path.insert(0, str(WEB))

from stripdeck import Rules  # noqa: E402
from table import action_bar, controller, render, settings_render, storage  # noqa: E402


class FakeStore(dict):
    def getItem(self, key):  # noqa: N802
        return self.get(key)

    def setItem(self, key, value):  # noqa: N802
        self[key] = value

    def removeItem(self, key):  # noqa: N802
        self.pop(key, None)


def table(preset: str = "online", **changes):
    settings = storage.validate({**storage.with_preset(storage.DEFAULTS, preset), **changes})
    ctl = controller.Controller(settings, seed=3)
    assert ctl.deal()
    return ctl


def to_human_bet(ctl):
    """Let the bots act until it is the human's turn to bet."""
    for _ in range(50):
        if ctl.view().is_my_turn:
            return ctl.model()
        assert ctl.bot_to_act()
        ctl.bot_act()
    raise AssertionError("never the human's turn")


def test_a_big_blind_is_the_big_blind_or_in_an_ante_game_the_small_bet():
    assert action_bar.big_blind(storage.rules_from(storage.validate(storage.DEFAULTS))) == 2
    assert action_bar.big_blind(storage.rules_from(storage.validate({**storage.DEFAULTS, "stakes": 5}))) == 10
    for preset in ("official", "cardroom"):
        rules = storage.rules_from(storage.with_preset(storage.validate({**storage.DEFAULTS, "stakes": 2}), preset))
        assert rules.big_blind == 0 and action_bar.big_blind(rules) == rules.small_bet == 4
    assert action_bar.big_blind(Rules(small_blind=1, big_blind=3)) == 3


@pytest.mark.parametrize("preset", ["online", "official", "cardroom"])
def test_every_amount_on_the_table_is_in_big_blinds_but_the_amount_control(preset):
    ctl = table(preset, big_blinds=True, stakes=2)
    unit = action_bar.big_blind(ctl.rules)
    model = to_human_bet(ctl)
    assert model.unit == unit == 4
    view = ctl.view()
    html = render.table_html(model, False)
    stacks = re.findall(r'<span class="stack">([^<]*)</span>', html)
    assert stacks == [action_bar.chips_text(s.stack, unit) for s in model.seats] and all(
        s.endswith(" BB") for s in stacks)
    bets = re.findall(r'<div class="bet"[^>]*>([^<]*)</div>', html)
    assert all(b.endswith(" BB") for b in bets) and (bets or preset != "online")  # antes go to the pot
    total = sum(p.amount for p in view.pots) + sum(s.bet for s in view.seats)
    assert model.pot == f"Pot {action_bar.chips_text(total, unit)}"
    assert "big blinds" in model.seats[ctl.human_hand_seat].label
    labels = {b.kind: b.label for b in model.bar.buttons}
    if "call" in labels:
        assert labels["call"] == f"Call {action_bar.chips_text(view.legal.call_amount, unit)}"
    for kind in ("bet", "raise"):
        if kind in labels:
            assert labels[kind].endswith(" BB")
    controls = render.controls_html(model, "", True)
    if model.bar.amount is not None and model.bar.amount.low < model.bar.amount.high:  # pot limit: chips
        assert f'value="{model.bar.amount.value}"' in controls and " chips</span>" in controls
    # Played to its end: the winner's amount too.
    while not ctl.last_finished:
        if ctl.view().is_my_turn:
            kinds = ctl.view().legal.kinds
            ctl.act("draw" if ctl.view().phase == "draw" else "check" if "check" in kinds else "fold")
        else:
            ctl.bot_act()
    ctl.announced = ctl.token  # the scheduler's announce step, once the showdown's cards have turned over
    over = ctl.model()
    assert re.search(r"wins? [0-9.]+ BB\.", over.status), over.status
    assert re.search(r'<span class="won">Wins [0-9.]+ BB</span>', render.table_html(over, False))


def test_chips_by_default_and_the_setting_is_a_saved_display_toggle():
    ctl = table()
    model = to_human_bet(ctl)
    assert model.unit == 0 and not model.pot.endswith("BB")
    assert "big_blinds" in storage.DISPLAY_FIELDS
    assert 'name="big_blinds" data-cmd="display"' in settings_render.settings_html(ctl.settings)
    ctl.set_display({"big_blinds": True})
    assert ctl.model().unit == 2 and ctl.model().pot.endswith(" BB")
    store = FakeStore()
    storage.save(store, ctl.settings, ctl.session)
    settings, _, notices = storage.load(store)
    assert settings["big_blinds"] is True and not notices
    with pytest.raises(storage.SettingsError, match="big_blinds"):
        storage.validate({**storage.DEFAULTS, "big_blinds": "yes"})


def test_the_mini_game_takes_it_from_its_parameters():
    from table import url_params

    from web.widgets import game, params

    spec = params.parse({"widget": "game", "preset": "official", "big_blinds": "yes"})
    assert game.game_query(spec).endswith("&big_blinds=1")
    page, notices = url_params.parse_params("?embed=1&preset=official&big_blinds=1")
    assert page["settings"]["big_blinds"] is True and not notices
    with pytest.raises(params.WidgetError, match="big_blinds"):
        params.parse({"widget": "game", "big_blinds": "maybe"})
