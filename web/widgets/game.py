"""The mini game widget: the real game page (index.html) with the host's preset and options.

The widget is an iframe to ``index.html?embed=1&preset=...&<option>=...&players=N&stack=N``;
the game page reads these, fixes them (no settings menu while ``embed=1``) and plays.

>>> from .params import parse
>>> game_query(parse({"widget": "game", "preset": "official", "joker": "1", "players": "4"}))
'embed=1&preset=official&joker=1&players=4&stack=200'
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from .cardface import esc
from .params import Spec


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if value is None:
        return "off"
    return str(value)


def game_query(spec: Spec) -> str:
    """The query string for index.html: canonical option text, in a stable order."""
    pairs = [("embed", "1"), ("preset", spec.preset)]
    pairs += [(name, _text(value)) for name, value in spec.rule_options.items()]
    pairs += [("players", str(spec.settings["players"])), ("stack", str(spec.settings["stack"]))]
    return urlencode(pairs)


def describe(spec: Spec) -> str:
    """The game's settings in words (the iframe's title)."""
    options = ", ".join(f"{k}={_text(v)}" for k, v in spec.rule_options.items())
    return (f"Stripdeck game: {spec.preset} preset" + (f" ({options})" if options else "")
            + f", {spec.settings['players']} players")


def render(spec: Spec, src: str) -> str:
    """The widget: an iframe to the game page (``src`` is index.html's URL plus the query)."""
    return ('<section class="sd-widget sd-game" aria-label="Stripdeck game">'
            f'<iframe class="sd-game-frame" src="{esc(src)}" title="{esc(describe(spec))}" '
            'loading="lazy"></iframe></section>')
