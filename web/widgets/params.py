"""Widget parameters: text from a URL query or data-* attributes -> a validated Spec.

>>> spec = parse({"widget": "compare", "a": "Ah Kh Qh Jh 9h", "b": "Ks Kd Kc 8s 8c"})
>>> spec.widget, spec.rules.flush_beats_full_house
('compare', True)
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from stripdeck import InputError, Rules, RulesError, ScenarioError, i18n, read_scenario, whole_number
from stripdeck.i18n import _
from stripdeck.inputs import MAX_JSON_CHARS, shown

WIDGETS = ("ranking", "compare", "scenario", "odds", "game")
"""The widgets available."""

# Options every widget accepts (they are about the embedding, not the content).
COMMON = ("widget", "id", "lang")
LANGUAGES: tuple[str, ...] = tuple(i18n.NAMES)
"""The languages a widget speaks (``lang=``); the test pseudo-language ``qps`` is accepted too."""
RULE_OPTIONS = tuple(f.name for f in fields(Rules))
_RULE_TYPES = {f.name: str(f.type) for f in fields(Rules)}
RANKING_RULES = ("preset", "joker", "flush_beats_full_house")
COMPARE_RULES = ("preset", "suit_ties", "suit_order", "flush_beats_full_house", "joker")
ODDS_RULES = ("preset", "draw_limit", "joker", "flush_beats_full_house")
# The game page's own settings (web/table/storage.py DEFAULTS): rules ones and table ones.
GAME_RULES = ("preset", "structure", "suit_ties", "suit_order", "draw_limit", "split", "show_all",
              "flush_beats_full_house", "joker")
GAME_SETTINGS = ("timers", "opponents", "stack", "stakes", "four_color", "fast_bots", "big_blinds")
STAKES = (1, 2, 5, 10)

ALLOWED: dict[str, tuple[str, ...]] = {
    "ranking": RANKING_RULES,
    "compare": ("a", "b", "grid", "controls") + COMPARE_RULES,
    "scenario": ("src", "data", "faceup", "speed"),
    "odds": ("hand", "dead", "opponents", "top") + ODDS_RULES,
    "game": GAME_RULES + GAME_SETTINGS,
}

_DECIMAL = re.compile(r"[0-9]{1,9}(\.[0-9]{1,9})?")
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")
_NONE = ("", "none", "null", "off")


class WidgetError(ValueError):
    """A parameter problem, with a message for the person embedding the widget."""


@dataclass(frozen=True)
class Spec:
    """A validated widget request: which widget, its rules, and its other settings."""

    widget: str
    rules: Rules
    rule_options: dict[str, Any] = field(default_factory=dict)   # as given (preset excluded)
    preset: str = "online"
    settings: dict[str, Any] = field(default_factory=dict)       # the widget's own options
    id: str = ""
    lang: str = "en"


def flag(name: str, text: str) -> bool:
    """A yes/no parameter: 1/0, true/false, yes/no, on/off.

    >>> flag("faceup", "1"), flag("faceup", "off")
    (True, False)
    """
    value = text.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise WidgetError(_("{name} must be 1 or 0 (or true/false), got {value}", name=name, value=shown(text)))


def whole(name: str, text: str, low: int, high: int | None = None) -> int:
    """A whole-number parameter within bounds (ASCII digits only: ``stripdeck.whole_number``).

    >>> whole("top", " 5 ", 1, 32)
    5
    >>> whole("top", "²", 1, 32)
    Traceback (most recent call last):
    ...
    web.widgets.params.WidgetError: top must be a whole number from 1 to 32, got '²'
    """
    try:
        return whole_number(text, name, low, high)
    except InputError as err:
        raise WidgetError(str(err)) from None


def rule_value(name: str, text: str) -> Any:
    """A Rules option from its text, by the option's type (Rules validates the value)."""
    kind = _RULE_TYPES[name]
    value = text.strip()
    if kind == "bool":
        return flag(name, value)
    if kind == "str":
        return value.lower()
    if "None" in kind and value.lower() in _NONE:
        return None
    if kind.startswith("int"):
        return whole(name, value, 0)  # Rules checks the option's own bounds
    if not _DECIMAL.fullmatch(value):  # float() would take '١٢', '1e999' and 'nan'
        raise WidgetError(_("{name} must be a number like 30 or 2.5 (or off), got {value}", name=name,
                              value=shown(text)))
    number = float(value)
    return int(number) if number.is_integer() else number


def language(text: str) -> str:
    """The widget language named by a ``lang=`` value: one of :data:`LANGUAGES` (or ``qps``),
    read as a language tag (``it-IT`` is Italian, ``hr`` Bosnian: ``stripdeck.i18n.choose``);
    empty is English. WidgetError for any other value (embed.js's ``languageOf`` reads it alike).

    >>> language("it"), language(" IT-it "), language("hr"), language("")
    ('it', 'it', 'bs', 'en')
    """
    tag = text.strip()
    if not tag:
        return "en"
    code = i18n.choose([tag], (*LANGUAGES, i18n.PSEUDO))
    if code == "en" and _base(tag) != "en":
        raise WidgetError(_("lang must be one of {languages}, got {value}", languages=", ".join(LANGUAGES),
                            value=shown(text)))
    return code


def _base(tag: str) -> str:
    """A language tag's first part, as ``stripdeck.i18n.choose`` reads it (``de_AT.UTF-8``: ``de``)."""
    return tag.strip().replace("_", "-").split(".")[0].split("@")[0].split("-")[0].lower()


def parse(params: Mapping[str, str]) -> Spec:
    """Validate a widget's parameters; raises WidgetError with a clear message."""
    if not isinstance(params, Mapping):
        raise WidgetError(_("widget parameters must be name=value pairs"))
    widget = str(params.get("widget", "")).strip().lower()
    if not widget:
        raise WidgetError(_("no widget named: use widget={widgets}", widgets=" | ".join(WIDGETS)))
    if widget not in WIDGETS:
        raise WidgetError(_("unknown widget {widget}: use one of {widgets}", widget=shown(widget),
                            widgets=", ".join(WIDGETS)))
    allowed = ALLOWED[widget]
    for name in params:
        if name not in COMMON and name not in allowed:
            # TRANSLATORS: {option} is a parameter's name as the page's author wrote it; {widget} is
            # the widget's name (ranking, compare, scenario, odds, game) and {options} the names it
            # takes: all three stay in English, as they are written in the page's HTML.
            raise WidgetError(_("unknown option {option} for the {widget} widget: it takes {options}",
                                option=shown(name), widget=widget, options=", ".join(allowed)))
    values = {k: str(v) for k, v in params.items()}
    lang = language(values.get("lang", ""))
    preset = values.get("preset", "online").strip().lower() or "online"
    options = {name: rule_value(name, values[name]) for name in RULE_OPTIONS if name in values}
    try:
        rules = Rules.preset(preset, **options)
    except RulesError as err:
        raise WidgetError(str(err)) from None
    settings: dict[str, Any] = {}
    if widget == "compare":
        settings["a"] = values.get("a", "")
        settings["b"] = values.get("b", "")
        settings["grid"] = flag("grid", values["grid"]) if "grid" in values else True
        settings["controls"] = flag("controls", values["controls"]) if "controls" in values else True
    elif widget == "scenario":
        if ("src" in values) == ("data" in values):
            raise WidgetError(_("the scenario widget needs exactly one of src= (a scenario JSON file "
                                "on this site) or data= (the JSON itself, URL-encoded or base64)"))
        if "src" in values:
            settings["src"] = check_src(values["src"])
        else:
            settings["data"] = values["data"]
        settings["faceup"] = flag("faceup", values["faceup"]) if "faceup" in values else False
        settings["speed"] = whole("speed", values["speed"], 200, 10000) if "speed" in values else 1500
    elif widget == "odds":
        settings["hand"] = values.get("hand", "")
        settings["dead"] = values.get("dead", "")
        settings["opponents"] = whole("opponents", values["opponents"], 1, 4) if "opponents" in values else 1
        settings["top"] = whole("top", values["top"], 1, 32) if "top" in values else 8
    elif widget == "game":
        # Clocks as the preset has them (online: 30 s; official and cardroom: none) unless given.
        settings["timers"] = (flag("timers", values["timers"]) if "timers" in values
                              else rules.action_timer is not None)
        settings["opponents"] = whole("opponents", values["opponents"], 1, 4) if "opponents" in values else 3
        settings["stack"] = whole("stack", values["stack"], 20, 100_000) if "stack" in values else 200
        stakes = whole("stakes", values["stakes"], 1) if "stakes" in values else 1
        if stakes not in STAKES:
            raise WidgetError(_("stakes must be one of {choices}, got {value}",
                                choices=", ".join(map(str, STAKES)), value=shown(values["stakes"])))
        settings["stakes"] = stakes
        for name in ("four_color", "fast_bots", "big_blinds"):
            if name in values:
                settings[name] = flag(name, values[name])
    return Spec(widget, rules, options, preset, settings, values.get("id", ""), lang)


def check_src(src: str) -> str:
    """A scenario file URL: relative, on the same site (no scheme, no //host).

    >>> check_src("web/widgets/scenarios/split-offer.json")
    'web/widgets/scenarios/split-offer.json'
    """
    text = src.strip()
    lowered = text.lower()
    if not text:
        raise WidgetError(_("src is empty: give the URL of a scenario JSON file on this site"))
    if lowered.startswith(("//", "\\\\")) or ":" in lowered.split("/")[0]:
        raise WidgetError(_("src must be a relative URL on this site, got {value}", value=shown(src)))
    return text


def decode_data(text: str) -> Any:
    """Scenario JSON from a data= parameter: JSON text (URL-decoded already) or base64 of it,
    read by ``stripdeck.read_scenario`` (size and nesting bounded before parsing).

    >>> decode_data('{"button": 0}'), decode_data("eyJidXR0b24iOiAwfQ")
    ({'button': 0}, {'button': 0})
    """
    raw = text.strip()
    if len(raw) > MAX_JSON_CHARS * 4 // 3 + 4:
        raise WidgetError(_("data= is {length} characters long; a scenario is at most {most}", length=len(raw),
                            most=MAX_JSON_CHARS))
    if not raw.startswith(("{", "[")):
        try:
            padded = raw.replace("-", "+").replace("_", "/").replace(" ", "+")
            raw = base64.b64decode(padded + "=" * (-len(padded) % 4), validate=True).decode("utf-8")
        except (binascii.Error, ValueError):
            raise WidgetError(_("data= is neither scenario JSON nor base64 of it")) from None
    return load_scenario(raw, "the scenario")


def load_scenario(text: str, name: str) -> dict[str, Any]:
    """Scenario JSON text from data= or a src= file, as WidgetError when it is not one."""
    try:
        return read_scenario(text, name)
    except ScenarioError as err:
        raise WidgetError(str(err)) from None
