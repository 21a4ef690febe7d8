"""What embed.js calls: JSON text in, JSON text out (no Python objects cross into JavaScript).

``render(params_json, extra_json)`` -> {"ok": true, "widget", "html", ...} or {"ok": false,
"error"}; extra carries what JavaScript fetched for the widget (``src_text`` or
``src_error`` for a scenario's src=). ``compare_result`` recomputes the compare panel and
``toggle`` picks a card from the grid; ``odds_result`` recomputes the draw odds.
"""

from __future__ import annotations

import json
from typing import Any

from stripdeck import CardError, Rules, RulesError
from stripdeck.inputs import shown

from . import compare, game, odds, ranking, scripted
from .cardface import esc
from .params import WidgetError, decode_data, flag, load_scenario, parse, rule_value


def error_html(message: str) -> str:
    """A parameter problem, shown in place of the widget."""
    return ('<section class="sd-widget sd-failed"><p class="sd-error" role="alert">'
            f"<strong>Stripdeck widget:</strong> {esc(message)}</p></section>")


def build(params: dict[str, str], extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The widget for ``params`` as a dict ready for JSON (raises WidgetError)."""
    extra = extra or {}
    spec = parse(params)
    out: dict[str, Any] = {"ok": True, "widget": spec.widget, "id": spec.id}
    if spec.widget == "ranking":
        out["html"] = ranking.render(spec.rules)
    elif spec.widget == "compare":
        a, b = spec.settings["a"], spec.settings["b"]
        out["html"] = compare.render(a, b, spec.rules, spec.preset, spec.settings["grid"],
                                     spec.settings["controls"])
        out.update(_picked(a, b, spec.rules))
    elif spec.widget == "scenario":
        if "src" in spec.settings:
            if extra.get("src_error"):
                raise WidgetError(f"cannot load the scenario {shown(spec.settings['src'])}: {extra['src_error']}")
            text = extra.get("src_text")
            if not isinstance(text, str):
                raise WidgetError(f"the scenario {shown(spec.settings['src'])} was not loaded")
            data = load_scenario(text, spec.settings["src"])
        else:
            data = decode_data(spec.settings["data"])
        title, description, frames = scripted.build_frames(data, spec.settings["faceup"])
        out["html"], out["frames"] = scripted.render(title, description, frames)
        out["captions"] = [" ".join((f.note,) + f.captions if f.note else f.captions) for f in frames]
        out["speed"] = spec.settings["speed"]
    elif spec.widget == "odds":
        st = spec.settings
        out["html"] = odds.render(st["hand"], spec.rules, st["dead"], st["opponents"], st["top"])
        out["settings"] = {"dead": st["dead"], "opponents": st["opponents"], "top": st["top"],
                           "rules": {"preset": spec.preset, **spec.rule_options}}
    elif spec.widget == "game":
        out["query"] = game.game_query(spec)
        base = str(extra.get("base", ""))
        out["html"] = game.render(spec, f"{base}index.html?{out['query']}")
    return out


def render(params_json: str, extra_json: str = "{}") -> str:
    """JSON of the widget, or of the error to show inside it. Never raises."""
    try:
        params = json.loads(params_json)
        extra = json.loads(extra_json) if extra_json else {}
        if not isinstance(params, dict):
            raise WidgetError("widget parameters must be name=value pairs")
        return json.dumps(build({str(k): str(v) for k, v in params.items()}, extra))
    except (WidgetError, CardError, RulesError) as err:
        message = str(err)
        return json.dumps({"ok": False, "error": message, "html": error_html(message)})
    except Exception as err:  # noqa: BLE001 - a bug must still show inside the widget, not break the page
        # Python's own words ("tuple index out of range") mean nothing to a reader: they go to
        # the console (embed.js logs "detail"), the widget says what happened.
        message = "internal error: the widget could not be shown (the details are in the browser's console)"
        return json.dumps({"ok": False, "error": message, "html": error_html(message),
                           "detail": f"{type(err).__name__}: {err}"})


def _rules_from_form(form: dict[str, str]) -> Rules:
    preset = form.get("preset", "online") or "online"
    options = {k: rule_value(k, v) for k, v in form.items()
               if k in ("suit_ties", "suit_order", "flush_beats_full_house", "joker")}
    return Rules.preset(preset, **options)


def _picked(a: str, b: str, rules: Rules) -> dict[str, list[str]]:
    _, cards_a, cards_b = compare.result(a, b, rules)
    return {"picked_a": [str(c) for c in cards_a], "picked_b": [str(c) for c in cards_b]}


def compare_result(form_json: str) -> str:
    """The compare widget's result panel for the form's current values (JSON {html, picked_*})."""
    try:
        form = {str(k): str(v) for k, v in json.loads(form_json).items()}
        rules = _rules_from_form(form)
        html, cards_a, cards_b = compare.result(form.get("a", ""), form.get("b", ""), rules)
        return json.dumps({"html": html, "picked_a": [str(c) for c in cards_a],
                           "picked_b": [str(c) for c in cards_b]})
    except (WidgetError, RulesError, CardError, ValueError) as err:
        return json.dumps({"html": compare.error_html(str(err)), "picked_a": [], "picked_b": []})


def toggle(text: str, card: str, joker: str = "0") -> str:
    """Hand text with a grid card added or removed."""
    try:
        return compare.toggle_card(text, card, flag("joker", joker))
    except (CardError, WidgetError):
        return text


def preset_options(preset: str) -> str:
    """JSON of the ranking options a preset sets (the compare form follows a preset change)."""
    try:
        rules = Rules.preset(preset)
    except RulesError as err:
        return json.dumps({"error": str(err)})
    return json.dumps({"suit_ties": rules.suit_ties, "suit_order": rules.suit_order,
                       "flush_beats_full_house": "1" if rules.flush_beats_full_house else "0"})


def odds_result(hand: str, settings_json: str) -> str:
    """The odds widget's result panel for a newly typed hand (HTML)."""
    try:
        settings = json.loads(settings_json)
        rules = Rules.from_dict(settings["rules"])
        return odds.result(hand, rules, settings["dead"], settings["opponents"], settings["top"])
    except (RulesError, KeyError, TypeError, ValueError) as err:
        return compare.error_html(str(err))
