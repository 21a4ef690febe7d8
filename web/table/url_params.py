"""The page's URL parameters: options for tests and impatient players, and in embed mode
(the mini game widget) every setting. One parser: numbers are ASCII digits only
(``stripdeck.whole_number``); anything else is ignored with a notice naming the parameter.
"""

from __future__ import annotations

from typing import Any

import stripdeck
from stripdeck import i18n
from stripdeck.i18n import _
from stripdeck.inputs import shown

from .storage import DEFAULTS, PRESETS, SettingsError, validate, with_preset

URL_HELP = "bots=fast|normal, seed=<whole number>, timer=<seconds 1-300>, reset=1, embed=1"
# With embed=1 (the mini game widget) every setting may also be given in the URL.
EMBED_SETTINGS = tuple(k for k in DEFAULTS if k != "version")
_NUMBERS = ("opponents", "stack", "stakes", "draw_limit", "time_bank")
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def _from_text(name: str, text: str) -> Any:
    """A setting's URL text as the type stored settings use (validation comes after)."""
    if isinstance(DEFAULTS[name], bool):
        low = text.strip().lower()
        return True if low in _TRUE else False if low in _FALSE else text
    if name in _NUMBERS:
        try:
            return stripdeck.whole_number(text, name)
        except stripdeck.InputError:
            return text  # validate() names the setting and what is wrong with it
    return text


def embed_settings(pairs: list[tuple[str, str]]) -> tuple[dict[str, Any], list[str]]:
    """Settings from URL pairs, validated like stored settings; a bad value keeps the default
    (or the preset's value) with a notice naming the parameter.

    >>> s, n = embed_settings([("preset", "official"), ("opponents", "1"), ("split", "x")])
    >>> s["preset"], s["opponents"], s["split"], s["suit_ties"]
    ('official', 1, False, 'combination')
    >>> n
    ["Ignored URL parameter split='x': split: must be true or false, got 'x'."]
    """
    settings = dict(DEFAULTS)
    notices = []
    ordered = sorted(pairs, key=lambda kv: kv[0] != "preset")  # the preset first: options override it
    for name, text in ordered:
        try:
            if name == "preset":
                if text not in PRESETS:
                    raise SettingsError(_("{setting}: {value} is not one of {choices}", setting="preset",
                                          value=shown(text), choices=", ".join(PRESETS)))
                candidate = with_preset(settings, text)
            else:
                candidate = {**settings, name: _from_text(name, text)}
            settings = validate(candidate)
        except SettingsError as err:
            # TRANSLATORS: {parameter}={value} as in the address ("split='x'"); {problem} says what is wrong.
            notices.append(_("Ignored URL parameter {parameter}={value}: {problem}.", parameter=_name(name),
                             value=shown(text), problem=str(err)))
    return settings, notices


def parse_params(query: str) -> tuple[dict[str, Any], list[str]]:
    """Options from the page's query string, and notices about anything ignored.

    With ``embed=1`` the settings come from the URL too (``params["settings"]``, see
    :func:`embed_settings`) and the page neither reads nor writes the stored ones.

    >>> parse_params("?bots=fast&seed=7")
    ({'fast_bots': True, 'seed': 7}, [])
    >>> parse_params("?timer=abc")[1][0].startswith("Ignored URL parameter timer='abc': use bots=")
    True
    >>> p, _ = parse_params("?embed=1&preset=official&opponents=1&bots=fast")
    >>> p["embed"], p["settings"]["preset"], p["settings"]["opponents"], p["fast_bots"]
    (True, 'official', 1, True)
    """
    from urllib.parse import parse_qsl

    out: dict[str, Any] = {}
    notices = []
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    embed = ("embed", "1") in pairs
    settings_pairs = []
    for key, value in pairs:
        ok = True
        if key == "bots" and value in ("fast", "normal"):
            out["fast_bots"] = value == "fast"
        elif key == "seed" and (number := _url_number(value, 0)) is not None:
            out["seed"] = number
        elif key == "timer" and (number := _url_number(value, 1, 300)) is not None:
            out["timer"] = number
        elif key == "reset" and value in ("1", "true"):
            out["reset"] = True
        elif key == "embed" and value == "1":
            out["embed"] = True
        elif key == "lang":  # the page's language: index.html's first script opened that language's page by it
            if language_code(value) is None:
                notices.append(_("Ignored URL parameter lang={value}: the game speaks {languages}.",
                                 value=shown(value), languages=", ".join(offered_languages())))
        elif embed and key in EMBED_SETTINGS:
            settings_pairs.append((key, value))
        else:
            ok = False
        if not ok:
            # TRANSLATORS: {parameters} lists the address's parameters as code ("bots=fast|normal, seed=...").
            notices.append(_("Ignored URL parameter {parameter}={value}: use {parameters} or a setting's name.",
                             parameter=_name(key), value=shown(value), parameters=URL_HELP) if embed else
                           _("Ignored URL parameter {parameter}={value}: use {parameters}.",
                             parameter=_name(key), value=shown(value), parameters=URL_HELP))
    if embed:
        out["settings"], more = embed_settings(settings_pairs)
        notices += more
    return out, notices


def offered_languages() -> list[str]:
    """The codes ``lang=`` accepts: the languages offered, and the test pseudo-language."""
    return [*i18n.LANGUAGES, i18n.PSEUDO]


def language_code(text: str) -> str | None:
    """A ``lang=`` value as one of the page's languages (as index.html's router reads it), or None.

    >>> language_code(" EN "), language_code("xx"), language_code("qps")
    ('en', None, 'qps')
    """
    code = text.strip().lower()
    return code if code in offered_languages() else None


def _name(key: str) -> str:
    """A URL parameter's name for a notice (a long one cut short)."""
    return key if len(key) <= 30 else shown(key)


def _url_number(text: str, low: int, high: int | None = None) -> int | None:
    """A URL parameter's whole number (ASCII digits, bounded), or None: the caller's notice names it."""
    try:
        return stripdeck.whole_number(text, "value", low, high)
    except stripdeck.InputError:
        return None
