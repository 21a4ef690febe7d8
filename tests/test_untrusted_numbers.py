"""Numbers and JSON from URLs, widget parameters and saved settings (STYLE.md rule 12) on CPython.

Every whole number a page or widget reads goes through ``stripdeck.whole_number``: Unicode
digits ('²', '①', '٣') and 5,000-digit numbers get a clear message naming the parameter,
never Python's own words, and the default stays in place. Scenario JSON is bounded in size
and depth before it is parsed. (The same inputs in Chromium: tests/browser/test_hostile_input.py.)
"""

from __future__ import annotations

import base64
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from web.widgets import bridge, params

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from table import storage, url_params  # noqa: E402

LONG = "9" * 5000
STRANGE = ["²", "①", "٣", "３", LONG, "-1", "1.5", ""]


def widget(**given: str) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(bridge.render(json.dumps(given)))
    return out


@pytest.mark.parametrize("text", STRANGE)
@pytest.mark.parametrize("given, name", [
    ({"widget": "odds", "hand": "Ah Kh Qh Jh 7c"}, "top"),
    ({"widget": "odds", "hand": "Ah Kh Qh Jh 7c"}, "opponents"),
    ({"widget": "game"}, "stack"),
    ({"widget": "game"}, "opponents"),
    ({"widget": "game"}, "stakes"),
    ({"widget": "game"}, "draw_limit"),
    ({"widget": "scenario", "src": "x.json"}, "speed"),
])
def test_a_widget_names_the_parameter_with_a_bad_number(given: dict[str, str], name: str, text: str) -> None:
    out = widget(**given, **{name: text})
    assert out["ok"] is False
    assert re.match(rf"{name} must be (a whole number|one of)", out["error"]), out["error"]
    assert "internal error" not in out["error"] and "ValueError" not in out["error"]
    assert len(out["error"]) < 160  # a 5,000-digit value is cut short


def test_numbers_in_ascii_digits_still_work() -> None:
    assert widget(widget="odds", hand="Ah Kh Qh Jh 7c", top="3", opponents=" 2 ")["ok"]
    assert params.parse({"widget": "game", "stack": "0500", "draw_limit": "3"}).settings["stack"] == 500


@pytest.mark.parametrize("data, message", [
    ("[" * 20_000 + "]" * 20_000, "the scenario is nested 20000 deep; at most 20 levels"),
    ('{"stacks": [' + LONG + ', 5], "button": 0}', "a number has 5,000 digits"),
    ("[1]", "the scenario must be a JSON object"),
    ("x" * 2_000_000, "characters long; a scenario is at most 1,000,000"),
])
def test_scenario_data_is_bounded_before_parsing(data: str, message: str) -> None:
    for form in (data, base64.urlsafe_b64encode(data.encode()).decode()):
        out = widget(widget="scenario", data=form)
        assert out["ok"] is False and message in out["error"], out["error"][:200]


def test_a_scenario_file_is_read_the_same_way() -> None:
    out = json.loads(bridge.render(json.dumps({"widget": "scenario", "src": "deep.json"}),
                                   json.dumps({"src_text": "[" * 20_000 + "]" * 20_000})))
    assert out["ok"] is False and "deep.json is nested 20000 deep" in out["error"]


def test_caption_keys_must_be_frame_numbers_in_ascii_digits() -> None:
    data = json.dumps({"stacks": [50, 50], "button": 0, "seed": 4, "actions": ["fold"], "captions": {"²": "x"}})
    out = widget(widget="scenario", data=data)
    assert out["error"] == "captions: '²' is not a frame from 0 to 1 with a text note"


def test_an_internal_error_does_not_show_pythons_words(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: Any) -> str:
        return ()[1]  # type: ignore[no-any-return]  # IndexError: tuple index out of range

    monkeypatch.setattr(bridge.ranking, "render", broken)
    out = widget(widget="ranking")
    assert out["ok"] is False and out["error"].startswith("internal error: the widget could not be shown")
    assert "tuple index" not in out["html"] and out["detail"] == "IndexError: tuple index out of range"


# ----------------------------------------------------------------------------- the game page

@pytest.mark.parametrize("query", ["?seed=²", "?seed=" + LONG, "?seed=-1", "?timer=①", "?timer=٣",
                                   "?timer=" + LONG, "?timer=0", "?timer=301"])
def test_url_seed_and_timer_take_ascii_digits_only(query: str) -> None:
    options, notices = url_params.parse_params(query)
    assert "seed" not in options and "timer" not in options
    assert len(notices) == 1 and notices[0].startswith("Ignored URL parameter ")


def test_url_seed_and_timer_in_range_are_used() -> None:
    assert url_params.parse_params("?seed=9223372036854775807&timer=300")[0] == {"seed": 2 ** 63 - 1, "timer": 300}


@pytest.mark.parametrize("name, text", [("stack", LONG), ("stack", "²"), ("opponents", "٣"),
                                        ("stakes", "①"), ("draw_limit", "３")])
def test_embedded_settings_keep_the_default_and_name_the_parameter(name: str, text: str) -> None:
    settings, notices = url_params.embed_settings([(name, text)])
    assert settings[name] == storage.DEFAULTS[name]
    assert len(notices) == 1 and f": {name}: " in notices[0]


@pytest.mark.parametrize("value, text", [("²", '"²"'), (LONG, f'"{LONG}"'), (int(LONG[:4000]), LONG[:4000]),
                                         (4.5, "4.5"), (True, "true")])
def test_saved_settings_with_a_bad_number_are_refused_with_a_clear_message(value: object, text: str) -> None:
    with pytest.raises(storage.SettingsError, match="^stack: must be a whole number from 20 to 100000.*, got "):
        storage.validate({"stack": value})
    settings, _, notices = storage.load(FakeStore({storage.SETTINGS_KEY: '{"stack": ' + text + "}"}))
    assert settings == storage.DEFAULTS
    assert len(notices) == 1 and notices[0].startswith("Saved settings were unreadable and have been reset (")
    # The setting is named, or, for a number too long to read at all, the record and the digits.
    assert "(stack: " in notices[0] or "stripdeck.settings: a number has 4,000 digits" in notices[0]


class FakeStore(dict[str, str]):
    """localStorage on CPython."""

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the DOM's names
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.pop(key, None)
