"""What embed.js calls: JSON text in, JSON text out (no Python objects cross into JavaScript).

``render(params_json, extra_json)`` -> {"ok": true, "widget", "html", "lang", "dir", ...} or
{"ok": false, "error", "html", "lang", "dir"}; extra carries what JavaScript fetched for the
widget (``src_text`` or ``src_error`` for a scenario's src=) and ``page_lang``, the language
of the page around it (the error about a bad ``lang=`` is said in it). ``compare_result``
recomputes the compare panel and ``toggle`` picks a card from the grid; ``odds_result``
recomputes the draw odds; each takes the widget's language.

Languages: a widget speaks the language of its ``lang=`` parameter (English if none). Each
one's catalogue is given once by :func:`add_language` (embed.js fetches ``locale/<code>.mo``
for the first widget of that language on the page) and kept for every widget of the page;
in CPython a catalogue compiled beside the package (``stripdeck.i18n.installed``) serves too.
Everything a widget says is rendered inside ``with stripdeck.i18n.using(language):``.
"""
# l10n-part: widgets (this file's sentences load with the widgets: docs/i18n.md, "Bytes")

from __future__ import annotations

import json
from typing import Any

from stripdeck import CardError, Rules, RulesError, i18n
from stripdeck.i18n import CatalogueError, Language, _
from stripdeck.inputs import shown

from . import compare, game, odds, ranking, scripted
from .cardface import esc
from .params import WidgetError, decode_data, flag, language, load_scenario, parse, rule_value

_LANGUAGES: dict[str, Language] = {"en": i18n.ENGLISH}
_PROBLEMS: dict[str, str] = {}
# Every language we have is written left to right; a language written right to left would be
# listed here, and its widgets get dir="rtl".
_RIGHT_TO_LEFT: frozenset[str] = frozenset()


def add_language(code: str, data: Any) -> str:
    """Take a language's compiled catalogue (bytes, or what Pyodide gives for a JavaScript
    Uint8Array); JSON {"ok": true} or {"ok": false, "error"} when it is unusable (corrupt, for
    another language: ``Language.from_mo`` says what): its widgets then speak English."""
    try:
        raw = data.to_bytes() if hasattr(data, "to_bytes") else bytes(data)
        _LANGUAGES[code] = Language.from_mo(code, raw)
    except (CatalogueError, TypeError, ValueError) as err:
        _LANGUAGES.pop(code, None)
        _PROBLEMS[code] = str(err)
        return json.dumps({"ok": False, "error": str(err)})
    _PROBLEMS.pop(code, None)
    return json.dumps({"ok": True})


def speaking(code: str) -> Language:
    """The language ``code`` as given by :func:`add_language`, else the catalogue beside the
    package (CPython), else English (a catalogue that could not be used, or none)."""
    found = _LANGUAGES.get(code)
    if found is None and code not in _PROBLEMS:
        try:
            found = i18n.installed(code)
        except CatalogueError as err:
            _PROBLEMS[code] = str(err)
        if found is not None:
            _LANGUAGES[code] = found
    return found or i18n.ENGLISH


def direction(code: str) -> str:
    """The writing direction of a language, for the widget's ``dir`` attribute."""
    return "rtl" if code in _RIGHT_TO_LEFT else "ltr"


def error_html(message: str) -> str:
    """A parameter problem, shown in place of the widget (in the language in use)."""
    label = _("Stripdeck widget:")
    return ('<section class="sd-widget sd-failed"><p class="sd-error" role="alert">'
            f"<strong>{esc(label)}</strong> {esc(message)}</p></section>")


def build(params: dict[str, str], extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The widget for ``params`` as a dict ready for JSON (raises WidgetError)."""
    extra = extra or {}
    spec = parse(params)
    spoken = i18n.current().code  # the widget's language, or English if its catalogue is unusable
    out: dict[str, Any] = {"ok": True, "widget": spec.widget, "id": spec.id, "lang": spoken,
                           "dir": direction(spoken)}
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
                # TRANSLATORS: {src} is the file's address as the page gave it; {problem} is why it
                # could not be fetched ("HTTP 404 Not Found", or a sentence of embed.js).
                raise WidgetError(_("cannot load the scenario {src}: {problem}", src=shown(spec.settings["src"]),
                                    problem=str(extra["src_error"])))
            text = extra.get("src_text")
            if not isinstance(text, str):
                raise WidgetError(_("the scenario {src} was not loaded", src=shown(spec.settings["src"])))
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
    """JSON of the widget, or of the error to show inside it. Never raises.

    The widget is rendered in the language of its ``lang`` parameter; a problem with ``lang``
    itself is said in ``extra["page_lang"]`` (the page's language, when embed.js knows it)."""
    code = "en"
    try:
        extra = json.loads(extra_json) if extra_json else {}
        extra = extra if isinstance(extra, dict) else {}
        try:
            code = language(str(extra.get("page_lang", "")))
        except WidgetError:
            code = "en"
        with i18n.using(speaking(code)):
            params = json.loads(params_json)
            if not isinstance(params, dict):
                raise WidgetError(_("widget parameters must be name=value pairs"))
            params = {str(k): str(v) for k, v in params.items()}
            code = language(params.get("lang", ""))
        with i18n.using(speaking(code)):
            return json.dumps(build(params, extra))
    except (WidgetError, CardError, RulesError) as err:
        return _failure(code, str(err))
    except Exception as err:  # noqa: BLE001 - a bug must still show inside the widget, not break the page
        return _internal_error(code, err)


def _failure(code: str, message: str) -> str:
    with i18n.using(speaking(code)) as spoken:
        return json.dumps({"ok": False, "error": message, "html": error_html(message), "lang": spoken.code,
                           "dir": direction(spoken.code)})


def _internal_error(code: str, err: Exception) -> str:
    # Python's own words ("tuple index out of range") mean nothing to a reader: they go to
    # the console (embed.js logs "detail"), the widget says what happened.
    with i18n.using(speaking(code)) as spoken:
        message = _("internal error: the widget could not be shown (the details are in the browser's console)")
        return json.dumps({"ok": False, "error": message, "html": error_html(message), "lang": spoken.code,
                           "dir": direction(spoken.code), "detail": f"{type(err).__name__}: {err}"})


def _rules_from_form(form: dict[str, str]) -> Rules:
    preset = form.get("preset", "online") or "online"
    options = {k: rule_value(k, v) for k, v in form.items()
               if k in ("suit_ties", "suit_order", "flush_beats_full_house", "joker")}
    return Rules.preset(preset, **options)


def _picked(a: str, b: str, rules: Rules) -> dict[str, list[str]]:
    _, cards_a, cards_b = compare.result(a, b, rules)
    return {"picked_a": [str(c) for c in cards_a], "picked_b": [str(c) for c in cards_b]}


def compare_result(form_json: str, lang: str = "en") -> str:
    """The compare widget's result panel for the form's current values (JSON {html, picked_*}),
    in the widget's language ``lang``."""
    with i18n.using(speaking(_known(lang))):
        try:
            form = {str(k): str(v) for k, v in json.loads(form_json).items()}
            rules = _rules_from_form(form)
            html, cards_a, cards_b = compare.result(form.get("a", ""), form.get("b", ""), rules)
            return json.dumps({"html": html, "picked_a": [str(c) for c in cards_a],
                               "picked_b": [str(c) for c in cards_b]})
        except (WidgetError, RulesError, CardError, ValueError) as err:
            return json.dumps({"html": compare.error_html(str(err)), "picked_a": [], "picked_b": []})


def _known(lang: str) -> str:
    """A widget's language as embed.js passes it back (English if it is not one)."""
    try:
        return language(str(lang))
    except WidgetError:
        return "en"


def toggle(text: str, card: str, joker: str = "0") -> str:
    """Hand text with a grid card added or removed."""
    try:
        return compare.toggle_card(text, card, flag("joker", joker))
    except (CardError, WidgetError):
        return text


def preset_options(preset: str, lang: str = "en") -> str:
    """JSON of the ranking options a preset sets (the compare form follows a preset change)."""
    try:
        with i18n.using(speaking(_known(lang))):
            rules = Rules.preset(preset)
    except RulesError as err:
        return json.dumps({"error": str(err)})
    return json.dumps({"suit_ties": rules.suit_ties, "suit_order": rules.suit_order,
                       "flush_beats_full_house": "1" if rules.flush_beats_full_house else "0"})


def odds_result(hand: str, settings_json: str, lang: str = "en") -> str:
    """The odds widget's result panel for a newly typed hand (HTML), in the widget's language."""
    with i18n.using(speaking(_known(lang))):
        try:
            settings = json.loads(settings_json)
            rules = Rules.from_dict(settings["rules"])
            return odds.result(hand, rules, settings["dead"], settings["opponents"], settings["top"])
        except RulesError as err:
            return compare.error_html(str(err))
        except (KeyError, TypeError, ValueError):  # settings that are not the widget's own
            return compare.error_html(_("internal error: the draw odds could not be worked out"))
