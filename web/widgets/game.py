"""The mini game widget: the real game page (index.html) with the host's preset and options.

The widget is an iframe to ``index.html?embed=1&<setting>=<value>...`` with every setting
of the game page (the names of web/storage.py): the game page takes them as fixed (no
settings menu, nothing read from or saved to the visitor's stored settings) and plays.

>>> from .params import parse
>>> game_query(parse({"widget": "game", "preset": "official", "opponents": "2"}))
'embed=1&preset=official&suit_ties=combination&suit_order=hdcs&draw_limit=4&split=0&show_all=0&flush_beats_full_house=1&joker=0&timers=1&opponents=2&stack=200&stakes=1'
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


def describe(spec: Spec) -> str:
    """The game's settings in words (the iframe's title)."""
    options = ", ".join(f"{k}={_text(v)}" for k, v in spec.rule_options.items())
    return (f"Stripdeck game: {spec.preset} preset" + (f" ({options})" if options else "")
            + f", you and {spec.settings['opponents']} bots")


def render(spec: Spec, src: str) -> str:
    """The widget: an iframe to the game page (``src`` is index.html's URL plus the query)."""
    return ('<section class="sd-widget sd-game" aria-label="Stripdeck game">'
            f'<iframe class="sd-game-frame" src="{esc(src)}" title="{esc(describe(spec))}" '
            'loading="lazy"></iframe></section>')
