"""The Settings form as HTML text, and the form's raw values read back as settings (which
``storage.validate`` then checks): the game's options, the people at the device, the display
options, the language picker.

Pure string building (tested on CPython), like :mod:`render` (the table), whose ``attr`` it uses;
main.py puts the text into the page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import stripdeck
from stripdeck import i18n
from stripdeck.i18n import N_, NP_, _, number, pgettext

from . import rules_text, storage
from .render import attr

# The settings' labels (N_: translated when drawn).
_LABELS = {
    "preset": N_("Preset"), "structure": N_("Betting"), "opponents": N_("Bots"), "bot_level": N_("Bots' level"),
    "stack": N_("Starting stack"), "stakes": N_("Stakes"),
    "suit_ties": N_("Equal hands"), "suit_order": N_("Suit order (highest first)"), "draw_limit": N_("Draw limit"),
    "split": N_("Split offers"), "timers": N_("Timers (30 s)"), "time_bank": N_("Time bank (with timers)"),
    "show_all": N_("Show all hands at showdown"),
    "four_color": N_("Four-colour deck"), "auto_deal": N_("Deal the next hand automatically"),
    "fast_bots": N_("Fast opponents"), "show_hints": N_("Show the Hint button during the draw"),
    "turn_sound": N_("A sound when it is your turn"),
    "show_losing": N_("Show your hand at showdown even when it loses (from the next hand)"),
    "big_blinds": N_("Stacks, bets and pot in big blinds"),
    "flush_beats_full_house": N_("Flush beats full house"), "joker": N_("Joker in the deck"),
    "lang": N_("Language"),
}
_SUITS = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}


# TRANSLATORS: the choices of the "Equal hands" setting: what decides between hands equal card for card.
_SUIT_TIES = {"kicker": N_("the deciding card's suit"), "combination": N_("the combination's best suit"),
              "split": N_("share the pot")}
# TRANSLATORS: the presets in the Settings (the rule sets the game offers).
_PRESETS = {"online": NP_("preset", "online"), "official": NP_("preset", "official"),
            "cardroom": NP_("preset", "cardroom"), "bosnian": NP_("preset", "bosnian")}
# TRANSLATORS: the choices of the "Betting" setting: the betting structure ("As the preset": the preset's own,
# pot limit online, fixed limit in the others).
_STRUCTURES = {"preset": NP_("betting", "As the preset"), "fixed-limit": NP_("betting", "Fixed limit"),
               "pot-limit": NP_("betting", "Pot limit"), "no-limit": NP_("betting", "No limit")}
# TRANSLATORS: the bots' levels in the Settings.
_LEVELS = {"easy": NP_("bot level", "easy"), "normal": NP_("bot level", "normal"), "hard": NP_("bot level", "hard")}


def _option_text(name: str, value: Any) -> str:
    if name == "suit_ties":
        return _(_SUIT_TIES[value])
    if name == "preset" and value in _PRESETS:
        return pgettext(*_PRESETS[value])
    if name == "structure" and value in _STRUCTURES:
        return pgettext(*_STRUCTURES[value])
    if name == "bot_level" and value in _LEVELS:
        return pgettext(*_LEVELS[value])
    if name == "stakes":
        # TRANSLATORS: the stakes setting: the preset's bets multiplied by {n}.
        return pgettext("stakes", "×{n}", n=value)
    if name == "suit_order":
        return " > ".join(_SUITS[c] for c in value)
    if name == "draw_limit":
        if value == 5:
            return pgettext("draw limit", "5 (fifth card later)")
        if value == 0:
            return pgettext("draw limit", "0 (no draw)")
        return number(value)
    if name == "time_bank":
        return pgettext("time bank", "{n} s a session", n=value) if value else pgettext("time bank", "off")
    return number(value) if isinstance(value, int) else str(value)


def languages_offered() -> tuple[str, ...]:
    """The languages the Settings picker lists: those offered, and the pseudo-language only
    when the page speaks it (tests)."""
    codes = tuple(i18n.LANGUAGES)
    if i18n.current().code == i18n.PSEUDO:
        codes += (i18n.PSEUDO,)
    return codes


def language_html(chosen: str) -> str:
    """The language picker: each language in its own name (it changes the page at once)."""
    current = i18n.current().code
    opts = "".join(
        f'<option value="{attr(code)}" lang="{attr(code)}"{" selected" if code == current else ""}>'
        f'{escape(i18n.NAMES.get(code, code))}</option>' for code in languages_offered())
    return f'<label>{escape(_(_LABELS["lang"]))}<select name="lang" data-cmd="lang">{opts}</select></label>'


def settings_html(settings: Mapping[str, Any], confirm: bool = False) -> str:
    """The settings form. Game settings apply with a new table (asked first during a hand,
    ``confirm``); display ones at once."""
    choices: dict[str, Sequence[Any]] = {
        "preset": storage.PRESETS, "structure": storage.STRUCTURES, "opponents": (0, 1, 2, 3, 4),
        "stakes": storage.STAKES,
        "suit_ties": ("kicker", "combination", "split"), "suit_order": storage.SUIT_ORDERS,
        "draw_limit": (0, 1, 2, 3, 4, 5), "bot_level": storage.BOT_LEVELS, "time_bank": storage.TIME_BANKS,
    }
    rows = [_people_html(list(settings["people"]))]
    for name in ("preset", "structure", "opponents", "bot_level", "stack", "stakes", "suit_ties", "suit_order",
                 "draw_limit", "time_bank"):
        if name == "stack":
            rows.append(f'<label>{escape(_(_LABELS[name]))}<input name="stack" type="number" min="20" '
                        f'max="100000" step="10" value="{attr(settings["stack"])}"></label>')
            continue
        opts = "".join(
            f'<option value="{attr(v)}"{" selected" if v == settings[name] else ""}>'
            f'{escape(_option_text(name, v))}</option>' for v in choices[name])
        rows.append(f'<label>{escape(_(_LABELS[name]))}<select name="{name}">{opts}</select></label>')
        if name == "preset":
            rows.append(f'<p class="preset-line" id="preset-line">'
                        f'{escape(rules_text.preset_line(settings["preset"]))}</p>')
    for name in ("split", "timers", "show_all", "flush_beats_full_house", "joker"):
        rows.append(_checkbox(name, settings[name]))
    display = language_html(str(settings.get("lang", ""))) + "".join(
        _checkbox(n, settings[n], live=True) for n in storage.DISPLAY_FIELDS if n != "lang")
    if confirm:
        warning = _("A hand is being played. Starting a new table ends it and gives everyone new stacks.")
        end, keep = pgettext("button", "End this hand and start a new table"), pgettext("button", "Keep playing")
        apply = (f'<div class="confirm" role="alert"><p>{escape(warning)}</p>'
                 '<button type="submit" class="act primary" data-cmd="apply" data-confirmed="1">'
                 f'{escape(end)}</button>'
                 f'<button type="button" class="act" data-cmd="keep-playing">{escape(keep)}</button></div>')
    else:
        start = pgettext("button", "Start a new table")
        apply = f'<button type="submit" class="act primary" data-cmd="apply">{escape(start)}</button>'
    game, shown = _("Game (applies to a new table)"), pgettext("settings", "Display")
    return (f'<fieldset><legend>{escape(game)}</legend>{"".join(rows)}{apply}'
            f'</fieldset><fieldset><legend>{escape(shown)}</legend>{display}</fieldset>')


def _people_html(people: list[str]) -> str:
    """Players at this device: how many (1 is the solo game; more is pass and play) and their names."""
    count = len(people)
    alone = _("1 (just you)")
    opts = "".join(f'<option value="{n}"{" selected" if n == count else ""}>'
                   f'{escape(alone if n == 1 else number(n))}</option>' for n in range(1, 6))
    labels = [_("Player {number}", number=i + 1) for i in range(count)]
    names = "".join(
        f'<label>{escape(labels[i])}<input name="person_{i + 1}" type="text" '
        f'maxlength="{storage.MAX_NAME}" value="{attr(name)}" autocomplete="off"></label>'
        for i, name in enumerate(people)) if count > 1 else ""
    note = ""
    if count > 1:
        note = _("Pass and play: the device goes round, and each player sees only their own cards.")
        note = f'<p class="preset-line">{escape(note)}</p>'
    label = _("Players at this device")
    return (f'<label>{escape(label)}<select name="people_count" data-cmd="people">{opts}'
            f'</select></label>{names}{note}')


def people_from_form(raw: Mapping[str, Any], before: list[str]) -> list[str]:
    """The people's names from the form (``people_count`` and ``person_N``); new rows get
    "Player N", and one person alone is "You".

    >>> people_from_form({"people_count": "3", "person_1": "Ann", "person_2": "Bo"}, ["You"])
    ['Ann', 'Bo', 'Player 3']
    >>> people_from_form({"people_count": "1", "person_1": "Ann"}, ["Ann", "Bo"])
    ['You']
    """
    try:
        count = stripdeck.whole_number(raw.get("people_count", len(before)), "people_count", 1, 5)
    except stripdeck.InputError:
        count = len(before)
    if count == 1:
        return ["You"]
    names = []
    for i in range(count):
        name = raw.get(f"person_{i + 1}")
        if not isinstance(name, str):
            name = before[i] if i < len(before) and len(before) > 1 else _("Player {number}", number=i + 1)
        names.append(name)
    return names


def _checkbox(name: str, value: bool, live: bool = False) -> str:
    extra = ' data-cmd="display"' if live else ""
    return (f'<label class="check"><input type="checkbox" name="{name}"{extra}'
            f'{" checked" if value else ""}> {escape(_(_LABELS[name]))}</label>')


def form_values(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Settings from the form's raw values (strings and booleans) -> typed values."""
    out: dict[str, Any] = {}
    for name, value in raw.items():
        if name == "people_count" or name.startswith("person_"):
            continue
        if name in ("opponents", "stakes", "draw_limit", "stack", "time_bank"):
            try:
                out[name] = stripdeck.whole_number(value, name)
            except stripdeck.InputError:
                out[name] = value  # storage.validate names the setting and what is wrong
        else:
            out[name] = value
    if "people_count" in raw:
        out["people"] = people_from_form(raw, list(raw.get("people") or ["You"]))
    return out
