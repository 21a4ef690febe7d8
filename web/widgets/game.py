"""The mini game widget: the real game page (index.html) with the host's preset and options.

The widget shows what the game is and a Play button; Play puts an iframe to
``index.html?embed=1&<setting>=<value>...`` in its place, with every setting
of the game page (the names of web/storage.py): the game page takes them as fixed (no
settings menu, nothing read from or saved to the visitor's stored settings) and plays.

>>> from .params import parse
>>> game_query(parse({"widget": "game", "preset": "official", "opponents": "2"}))
'embed=1&preset=official&suit_ties=combination&suit_order=hdcs&draw_limit=4&split=0&show_all=0&flush_beats_full_house=1&joker=0&timers=0&opponents=2&stack=200&stakes=1'
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

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
    pairs = [("embed", "1"), ("preset", spec.preset)]
    pairs += [(name, _text(getattr(rules, name))) for name in GAME_RULES[1:]]
    pairs += [(name, _text(spec.settings[name])) for name in GAME_SETTINGS if name in spec.settings]
    return urlencode(pairs)


PRESET_WORDS = {"online": "the online rules", "official": "the official rules", "cardroom": "the card room's rules"}


def describe(spec: Spec) -> str:
    """The game's settings in words (the iframe's title and the widget's line before Play).

    >>> from .params import parse
    >>> describe(parse({"widget": "game", "preset": "official", "opponents": "2"}))
    'Stripdeck game: the official rules, you and 2 bots, no clocks'
    """
    rules, settings = spec.rules, spec.settings
    parts = [PRESET_WORDS.get(spec.preset, spec.preset)]
    bots = settings["opponents"]
    parts.append(f"you and {bots} bot" + ("s" if bots > 1 else ""))
    parts.append("30-second clocks" if settings["timers"] else "no clocks")
    if not rules.flush_beats_full_house:
        parts.append("a full house beats a flush")
    if rules.joker:
        parts.append("with a joker")
    return "Stripdeck game: " + ", ".join(parts)


def render(spec: Spec, src: str) -> str:
    """The widget before Play: what the game is, and Play, a link to the game page (``src``:
    index.html's URL plus the query). The script swaps it for an iframe of that page when
    Play is pressed, so a page with the widget downloads nothing of the game before then;
    without scripts the link opens the game itself."""
    title = describe(spec)
    return ('<section class="sd-widget sd-game" aria-label="Stripdeck game">'
            '<div class="sd-game-poster" data-part="poster">'
            f'<p class="sd-game-line">Play 32-card draw poker here: {esc(title.split(": ", 1)[1])}.</p>'
            f'<a class="sd-play" href="{esc(src)}" data-do="play" data-title="{esc(title)}">▶ Play</a>'
            '<p class="sd-note">The first game is a large download; after that it starts from '
            "your browser's copy.</p></div></section>")
