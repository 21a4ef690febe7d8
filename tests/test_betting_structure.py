"""The betting structure in Settings (fixed limit, pot limit, no limit, or the preset's own), on
CPython: the saved setting, the rules it makes, the URL parameter, the form, and a friends table.
(tests/browser/test_structure.py plays a no-limit hand in Chromium.)"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
sys.path.insert(0, str(WEB))

from friends import guest, host  # noqa: E402
from table import settings_render, storage, url_params  # noqa: E402


def rules(preset: str = "online", **changes: object):
    return storage.rules_from(storage.validate({**storage.with_preset(storage.DEFAULTS, preset), **changes}))


@pytest.mark.parametrize("preset", storage.PRESETS)
def test_as_the_preset_plays_the_preset_s_own_structure(preset: str) -> None:
    assert storage.DEFAULTS["structure"] == "preset"
    assert rules(preset).structure == ("pot-limit" if preset == "online" else "fixed-limit")


def test_settings_saved_before_the_setting_existed_still_load_as_before() -> None:
    old = {k: v for k, v in storage.with_preset(storage.DEFAULTS, "official").items() if k != "structure"}
    settings = storage.validate(old)
    assert settings["structure"] == "preset"
    assert storage.rules_from(settings) == storage.rules_from(storage.validate(
        storage.with_preset(storage.DEFAULTS, "official")))


@pytest.mark.parametrize("preset", storage.PRESETS)
@pytest.mark.parametrize("structure", ["fixed-limit", "pot-limit", "no-limit"])
def test_a_chosen_structure_replaces_the_preset_s_with_its_stakes(preset: str, structure: str) -> None:
    chosen = rules(preset, structure=structure, stakes=5)
    assert chosen.structure == structure
    base = storage.rules_from(storage.validate({**storage.with_preset(storage.DEFAULTS, preset), "stakes": 5}))
    # the forced bets and the bet sizes stay the preset's (times the stakes): the smallest bet in pot
    # and no limit is the preset's small bet, fixed limit's bets are its small and big bets
    assert (chosen.small_blind, chosen.big_blind, chosen.ante) == (base.small_blind, base.big_blind, base.ante)
    assert (chosen.small_bet, chosen.big_bet) == (base.small_bet, base.big_bet) == (10, 20)


def test_fixed_limit_online_caps_raises_and_no_limit_official_has_none() -> None:
    assert rules("online", structure="fixed-limit").raise_cap == 4
    assert rules("official", structure="no-limit").raise_cap is None


@pytest.mark.parametrize("value", ["nl", "No limit", "", 3, True, None, ["no-limit"]])
def test_a_bad_structure_is_refused_naming_the_setting_and_the_value(value: object) -> None:
    with pytest.raises(storage.SettingsError, match=r"^structure: .* is not one of preset, fixed-limit, pot-limit, "
                                                    r"no-limit$"):
        storage.validate({**storage.DEFAULTS, "structure": value})


def test_a_saved_bad_structure_resets_the_settings_with_a_notice() -> None:
    store = storage.MemoryStore()
    store.setItem(storage.SETTINGS_KEY, json.dumps({**storage.DEFAULTS, "structure": "unlimited"}))
    settings, _, notices = storage.load(store)
    assert settings == storage.DEFAULTS
    assert "structure: 'unlimited' is not one of" in notices[0]


def test_the_settings_form_offers_the_structure_in_words_after_the_preset_line() -> None:
    html = settings_render.settings_html({**storage.DEFAULTS, "structure": "no-limit"})
    select = re.search(r'<label>Betting<select name="structure">(.*?)</select>', html)
    assert select, html
    options = re.findall(r'<option value="([^"]+)"( selected)?>([^<]+)</option>', select.group(1))
    assert options == [("preset", "", "As the preset"), ("fixed-limit", "", "Fixed limit"),
                       ("pot-limit", "", "Pot limit"), ("no-limit", " selected", "No limit")]
    assert html.index('id="preset-line"') < html.index('name="structure"') < html.index('name="opponents"')
    assert 'value="preset" selected' in settings_render.settings_html(storage.DEFAULTS)


def test_the_form_s_choice_is_validated_like_a_saved_one() -> None:
    values = settings_render.form_values({**storage.DEFAULTS, "structure": "pot-limit", "opponents": "1"})
    assert storage.validate(values)["structure"] == "pot-limit"


def test_the_widget_url_takes_structure_and_names_a_bad_value() -> None:
    params, notices = url_params.parse_params("?embed=1&preset=official&structure=no-limit&opponents=1")
    assert notices == []
    assert storage.rules_from(params["settings"]).structure == "no-limit"
    params, notices = url_params.parse_params("?embed=1&structure=unlimited")
    assert params["settings"]["structure"] == "preset"
    assert notices == ["Ignored URL parameter structure='unlimited': structure: 'unlimited' is not one of preset, "
                       "fixed-limit, pot-limit, no-limit."]


def test_the_game_url_takes_no_settings_so_no_structure_either() -> None:
    params, notices = url_params.parse_params("?structure=no-limit")
    assert "settings" not in params and notices[0].startswith("Ignored URL parameter structure='no-limit'")


def test_a_friends_table_s_guests_play_by_the_host_s_structure() -> None:
    chosen = storage.validate({**storage.DEFAULTS, "people": ["Hana"], "opponents": 0, "structure": "no-limit"},
                              guests=1)
    ctl = host.new_hosted_table(chosen, 1, seed=5)
    table = host.Host(ctl)
    visitor = guest.GuestTable(storage.DEFAULTS)  # the guest's own settings say nothing of the structure
    table.invite("s1")
    for _link, text in table.opened("s1"):
        visitor.received(text)
    out, _changed = table.received("s1", guest.protocol.message("hello", name="Zoë"))
    for _link, text in out:
        visitor.received(text)
    ctl.deal()
    for _link, text in table.sync():
        visitor.received(text)
    assert visitor.view is not None and visitor.view.rules.structure == "no-limit"
    # everything the guest holds may be bet (more than the pot), whoever acts first
    if not visitor.my_turn():
        ctl.act("call")
        for _link, text in table.sync():
            visitor.received(text)
    legal = visitor.view.legal
    seat = visitor.view.seats[visitor.view.viewer]
    assert legal.max_total == seat.bet + seat.stack > sum(p.amount for p in visitor.view.pots) + sum(
        s.bet for s in visitor.view.seats)


def test_the_game_widget_passes_the_structure_and_says_when_it_is_not_the_preset_s() -> None:
    from widgets import game, params

    spec = params.parse({"widget": "game", "structure": "no-limit", "opponents": "1"})
    query = game.game_query(spec)
    assert "&structure=no-limit&" in query
    settings, notices = url_params.embed_settings([tuple(kv.split("=")) for kv in query.split("&")  # type: ignore[misc]
                                                   if kv.split("=")[0] in url_params.EMBED_SETTINGS])
    assert notices == [] and storage.rules_from(settings).structure == "no-limit"
    assert "no limit" in game.settings_words(spec)
    assert "limit" not in game.settings_words(params.parse({"widget": "game", "preset": "official"}))
    with pytest.raises(params.WidgetError, match="structure must be one of fixed-limit, pot-limit, no-limit, got"):
        params.parse({"widget": "game", "structure": "unlimited"})
