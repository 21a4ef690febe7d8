"""The game page's shell, pre-rendered at build time with the page's own Python (on CPython).

index.html has placeholders that this fills, so the table is on screen and its panels work
before Python has started in the browser (web/shell.js handles them until then):

    <!-- prerendered: seats -->     the felt's seats for the default settings (You and three
                                    bots, 200 chips each), and <template>s for 1-4 opponents
    <!-- prerendered: settings -->  the Settings form for the default settings
    <!-- prerendered: help -->      How to play for the default rules, with the ranking table

The HTML comes from web/render.py, web/rules_text.py and the ranking widget: the same
functions the page calls, so what Python draws when it starts is the same markup.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from typing import Any

from . import ROOT

SEATS = "<!-- prerendered: seats -->"
SETTINGS = "<!-- prerendered: settings -->"
HELP = "<!-- prerendered: help -->"
_FELT = '<div class="felt">' + SEATS


def _modules() -> dict[str, Any]:
    """The page's pure modules (they import each other by bare names, as in the browser)."""
    for path in (str(ROOT / "core"), str(ROOT), str(ROOT / "web")):
        if path not in sys.path:
            sys.path.insert(0, path)
    import presenter
    import render
    import rules_text
    import storage

    from web.widgets import ranking

    return {"presenter": presenter, "render": render, "rules_text": rules_text, "storage": storage,
            "ranking": ranking}


def _blank(field: dataclasses.Field[Any]) -> Any:
    """An empty value for a display model field this module does not set."""
    kind = str(field.type)
    if kind.startswith("tuple"):
        return ()
    return {"int": 0, "str": "", "bool": False}.get(kind)


def seats_html(opponents: int, stack: int) -> str:
    """The seats around the felt before the first deal: names and stacks, no cards yet."""
    m = _modules()
    names = m["storage"].player_names(opponents)
    models = []
    for seat, name in enumerate(names):
        values = {f.name: _blank(f) for f in dataclasses.fields(m["presenter"].SeatModel)
                  if f.default is dataclasses.MISSING}
        values.update(table_seat=seat, name=name, stack=stack, is_human=seat == 0,
                      label=f"{name}{' (you)' if seat == 0 else ''}, {stack} chips")
        models.append(m["presenter"].SeatModel(**values))
    positions = m["render"].POSITIONS[len(names)]
    return "".join(m["render"].seat_html(model, position, False) for model, position in zip(models, positions))


def prerender_index(page: str) -> str:
    """index.html with its placeholders filled (each must be there exactly once)."""
    m = _modules()
    defaults = m["storage"].DEFAULTS
    rules = m["storage"].rules_from(defaults)
    for mark in (_FELT, SETTINGS, HELP):
        if page.count(mark) != 1:
            raise SystemExit(f"build.py: index.html must contain {mark!r} once")
    players = defaults["opponents"] + 1
    variants = "".join(f'<template data-shell-seats="{n}">{seats_html(n, defaults["stack"])}</template>'
                       for n in range(1, 5))
    page = page.replace(_FELT, f'<div class="felt players-{players}" data-shell="1">'
                               f"{seats_html(defaults['opponents'], defaults['stack'])}{variants}")
    page = page.replace(SETTINGS, m["render"].settings_html(defaults))
    page = page.replace(HELP, m["rules_text"].help_html(rules, m["ranking"].render(rules)))
    return page


def shell_regions(page: str) -> dict[str, str]:
    """The pre-rendered regions of a built index.html (for tests): seats, settings, help."""
    found = {
        "settings": re.search(r'<form id="settings-form"[^>]*>(.*?)</form>', page, re.S),
        "help": re.search(r'<div id="help-body"[^>]*>(.*?)</div>\s*</section>', page, re.S),
    }
    return {k: v.group(1) if v else "" for k, v in found.items()}
