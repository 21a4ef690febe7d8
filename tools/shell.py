"""The game page's shell, pre-rendered at build time with the page's own Python (on CPython).

index.html has placeholders that this fills, so the table is on screen and its panels work
before Python has started in the browser (web/page/shell.js handles them until then):

    <!-- prerendered: seats -->     the felt's seats for the default settings (You and three
                                    bots, 200 chips each), and <template>s for 1-4 opponents
    <!-- prerendered: settings -->  the Settings form for the default settings
    <!-- prerendered: help -->      How to play for the default rules, with the ranking table

The HTML comes from web/table/render.py, settings_render.py, rules_text.py and the ranking widget: the same
functions the page calls, so what Python draws when it starts is the same markup.

One page per language (docs/i18n.md): ``index.html`` in English and ``index.<code>.html`` for
each other language offered (and the test pseudo-language), each with every ``data-l10n``
word of the template translated, its regions rendered in that language, ``<html lang>``, its
manifest, and the sentences of the page's JavaScript inline (``#stripdeck-l10n``). The script
at the top of each page (:data:`ROUTER`) moves to the page of the language the player wants
before anything is drawn.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from . import ROOT, l10n
from .l10n import translate_html

SEATS = "<!-- prerendered: seats -->"
SETTINGS = "<!-- prerendered: settings -->"
HELP = "<!-- prerendered: help -->"
_FELT = '<div class="felt">' + SEATS


def _modules() -> dict[str, Any]:
    """The table's pure modules (web/table/, imported as the package ``table``, as in the browser)."""
    for path in (str(ROOT / "core"), str(ROOT), str(ROOT / "web")):
        if path not in sys.path:
            sys.path.insert(0, path)
    from table import presenter, render, rules_text, settings_render, storage

    from web.widgets import ranking

    return {"presenter": presenter, "render": render, "rules_text": rules_text, "storage": storage,
            "settings_render": settings_render, "ranking": ranking}


def seats_html(opponents: int, stack: int) -> str:
    """The seats around the felt before the first deal: names and stacks, no cards yet."""
    m = _modules()
    names = m["storage"].player_names(opponents)
    models = [m["presenter"].seat_before_deal(seat, name, stack, seat == 0) for seat, name in enumerate(names)]
    positions = m["render"].POSITIONS[len(names)]
    return "".join(m["render"].seat_html(model, position, False) for model, position in zip(models, positions))


ROUTER = "const PAGES = {};"   # the router's table, in index.html's first script
MANIFEST = '<link rel="manifest" href="./manifest.webmanifest">'
L10N = "<!-- l10n: the page's JavaScript sentences -->"


def page_name(code: str) -> str:
    """The file of a language's page."""
    return "index.html" if code == "en" else f"index.{code}.html"


def manifest_name(code: str) -> str:
    """The file of a language's web app manifest."""
    return "manifest.webmanifest" if code == "en" else f"manifest.{code}.webmanifest"


def languages() -> list[str]:
    """The languages with a page: those offered, and the test pseudo-language."""
    from stripdeck import i18n

    return [*i18n.LANGUAGES, i18n.PSEUDO]


def prerender_pages(template: str, locale: Path) -> dict[str, str]:
    """Every language's page from the template (index.html), by file name; ``locale`` holds the
    compiled sentences of the page's JavaScript (dist/locale/<code>.json)."""
    from stripdeck import i18n

    for mark in (ROUTER, MANIFEST, L10N):
        if template.count(mark) != 1:
            raise SystemExit(f"build.py: index.html must contain {mark!r} once")
    codes = languages()
    table = {"pages": {code: page_name(code) for code in codes}, "offered": list(i18n.LANGUAGES)}
    pages = {}
    for code in codes:
        language = i18n.installed(code)
        if language is None:
            raise SystemExit(f"build.py: no compiled catalogue for {code!r} (tools/l10n.py compile)")
        with i18n.using(language):
            page = prerender_index(template)
            page = translate_html(page, language)
        page = page.replace(ROUTER, f"const PAGES = {json.dumps(table, sort_keys=True)};")
        page = re.sub(r'<html lang="[^"]*"', f'<html lang="{code}"', page, count=1)
        page = page.replace(MANIFEST, f'<link rel="manifest" href="./{manifest_name(code)}">')
        page = page.replace(L10N, _script_sentences(code, language, locale))
        pages[page_name(code)] = page
    return pages


def _script_sentences(code: str, language: Any, locale: Path) -> str:
    """The page's JavaScript sentences and number signs in this language (none for English)."""
    if code == "en":
        return ""
    strings = json.loads((locale / f"{code}.json").read_text(encoding="utf-8"))
    group, point = language.symbols()
    data = {"lang": code, "group": group, "decimal": point, "strings": strings}
    text = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return f'<script type="application/json" id="stripdeck-l10n">{text}</script>'


def manifests(template: str) -> dict[str, str]:
    """Every language's web app manifest (its name and description translated), by file name."""
    from stripdeck import i18n

    data = json.loads(template)
    out = {}
    for code in languages():
        language = i18n.installed(code)
        assert language is not None
        translated = dict(data)
        for key in l10n.MANIFEST_WORDS:
            translated[key] = language.gettext(data[key])
        translated["lang"] = code
        out[manifest_name(code)] = json.dumps(translated, ensure_ascii=False, indent=2) + "\n"
    return out



def prerender_index(page: str) -> str:
    """index.html with its placeholders filled (each must be there exactly once), in the
    language in use."""
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
    page = page.replace(SETTINGS, m["settings_render"].settings_html(defaults))
    page = page.replace(HELP, m["rules_text"].help_html(rules, m["ranking"].render(rules)))
    return page


def shell_regions(page: str) -> dict[str, str]:
    """The pre-rendered regions of a built index.html (for tests): seats, settings, help."""
    found = {
        "settings": re.search(r'<form id="settings-form"[^>]*>(.*?)</form>', page, re.S),
        "help": re.search(r'<div id="help-body"[^>]*>(.*?)</div>\s*</section>', page, re.S),
    }
    return {k: v.group(1) if v else "" for k, v in found.items()}
