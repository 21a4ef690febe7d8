"""The mini game widget: the real game page (index.html) with the host's preset and options.

The widget shows what the game is and a Play button; Play puts an iframe to
``index.html?embed=1&<setting>=<value>...`` in its place, with every setting
of the game page (the names of web/table/storage.py): the game page takes them as fixed (no
settings menu, nothing read from or saved to the visitor's stored settings) and plays.

The game opens in the widget's language (``lang=``, the game page's own parameter), whatever
languages the reader's browser prefers, as the page around it is written.

>>> from .params import parse
>>> game_query(parse({"widget": "game", "preset": "official", "opponents": "2"}))
'embed=1&lang=en&preset=official&structure=fixed-limit&suit_ties=combination&suit_order=hdcs&draw_limit=4&split=0&show_all=0&flush_beats_full_house=1&joker=0&timers=0&opponents=2&stack=200&stakes=1'
"""
# l10n-part: widgets (this file's sentences load with the widgets: docs/i18n.md, "Bytes")

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from stripdeck import Rules
from stripdeck.i18n import N_, NP_, _, ngettext, pgettext

from .cardface import esc
from .params import GAME_RULES, GAME_SETTINGS, Spec


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if value is None:
        return "off"
    return str(value)


def game_query(spec: Spec) -> str:
    """The query string for index.html: every setting, canonical text, in a stable order."""
    rules = spec.rules
    pairs = [("embed", "1"), ("lang", spec.lang), ("preset", spec.preset)]
    pairs += [(name, _text(getattr(rules, name))) for name in GAME_RULES[1:]]
    pairs += [(name, _text(spec.settings[name])) for name in GAME_SETTINGS if name in spec.settings]
    return urlencode(pairs)


# TRANSLATORS: the game widget's settings in words: a betting structure other than the preset's own.
STRUCTURE_WORDS = {"fixed-limit": NP_("list of settings", "fixed limit"),
                   "pot-limit": NP_("list of settings", "pot limit"),
                   "no-limit": NP_("list of settings", "no limit")}
PRESET_WORDS = {"online": N_("the online rules"), "official": N_("the official rules"),
                "cardroom": N_("the card room's rules"),
                # TRANSLATORS: the game widget's settings in words: the bosnian preset.
                "bosnian": N_("the official rules with the Bosnian choice of the fourth card")}


def settings_words(spec: Spec) -> str:
    """The game's settings in words, as a list of short phrases.

    >>> from .params import parse
    >>> settings_words(parse({"widget": "game", "preset": "official", "opponents": "2"}))
    'the official rules, you and 2 bots, no clocks'
    >>> settings_words(parse({"widget": "game", "structure": "no-limit", "opponents": "1"}))
    'the online rules, no limit, you and 1 bot, 30-second clocks'
    """
    rules, settings = spec.rules, spec.settings
    parts = [_(PRESET_WORDS[spec.preset])]
    if rules.structure != Rules.preset(spec.preset).structure:
        parts.append(pgettext(*STRUCTURE_WORDS[rules.structure]))
    parts.append(ngettext("you and {n} bot", "you and {n} bots", settings["opponents"]))
    parts.append(_("30-second clocks") if settings["timers"] else _("no clocks"))
    if not rules.flush_beats_full_house:
        parts.append(_("a full house beats a flush"))
    if rules.joker:
        parts.append(_("with a joker"))
    # TRANSLATORS: what separates the phrases of a list of the game's settings ("the official
    # rules, you and 2 bots, no clocks").
    return pgettext("list of settings", ", ").join(parts)


def describe(spec: Spec) -> str:
    """The game's settings in words (the iframe's title).

    >>> from .params import parse
    >>> describe(parse({"widget": "game", "preset": "official", "opponents": "2"}))
    'Stripdeck game: the official rules, you and 2 bots, no clocks'
    """
    # TRANSLATORS: {settings} lists the game's settings ("the official rules, you and 2 bots, no clocks").
    return _("Stripdeck game: {settings}", settings=settings_words(spec))


def render(spec: Spec, src: str) -> str:
    """The widget before Play: what the game is, and Play, a link to the game page (``src``:
    index.html's URL plus the query). The script swaps it for an iframe of that page when
    Play is pressed, so a page with the widget downloads nothing of the game before then;
    without scripts the link opens the game itself."""
    # TRANSLATORS: {settings} lists the game's settings ("the official rules, you and 2 bots, no clocks").
    line = _("Play 32-card draw poker here: {settings}.", settings=settings_words(spec))
    note = _("The first game is a large download; after that it starts from your browser's copy.")
    label, play = _("Stripdeck game"), pgettext("start a game", "Play")
    return (f'<section class="sd-widget sd-game" aria-label="{esc(label)}">'
            '<div class="sd-game-poster" data-part="poster">'
            f'<p class="sd-game-line">{esc(line)}</p>'
            f'<a class="sd-play" href="{esc(src)}" data-do="play" data-title="{esc(describe(spec))}">'
            f'▶ {esc(play)}</a>'
            f'<p class="sd-note">{esc(note)}</p></div></section>')
