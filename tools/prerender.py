"""Pre-render the widgets at build time, with CPython and the widgets' own code.

Every widget state that needs no input from a reader is rendered here by
``web.widgets.bridge.render`` (the function embed.js calls in Pyodide), so a widget shows
its HTML at once and Python starts in the page only when a reader interacts:

* the ranking table for each preset and option (``preset``, ``joker``, ``flush_beats_full_house``);
* the mini game for each preset and number of opponents (its Play button);
* each example scenario (``web/widgets/scenarios/*.json``), hidden and face up, with every frame;
* every widget written in ``examples.html`` and ``docs/embedding.md`` (compare, odds, ...).

Outputs in dist/ (see :func:`write`):

* ``prerendered/<digest>.json``: the bridge's JSON for one state (named by its content);
* the index ``{key: file}`` written into ``embed.js`` (``const PRERENDERED = {}``); a key is
  the widget's parameters in canonical text (:func:`canonical_key`, the same as embed.js's
  ``keyOf``);
* ``examples.html`` with each widget's HTML in a declarative shadow root (readable with no script);
* ``embed-static/ranking*.html``: one-file ranking tables with their CSS, to paste into a page.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import sys
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from itertools import product
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote

from . import ROOT

WIDGETS = ROOT / "web" / "widgets"
SCENARIOS = WIDGETS / "scenarios"
SCENARIO_URL = "web/widgets/scenarios/"
DOCUMENTED = (ROOT / "examples.html", ROOT / "docs" / "embedding.md")
PRERENDERED_DIR = "prerendered"
PRESETS = ("online", "official", "cardroom")

# Canonical parameter text, as embed.js's keyOf makes it (a test runs both on the same input).
FLAGS = ("joker", "flush_beats_full_house", "faceup", "grid", "controls", "split", "show_all", "timers",
         "four_color", "fast_bots", "big_blinds")
LOWERED = ("widget", "preset", "suit_ties", "suit_order")
NUMBERS = ("opponents", "top", "speed", "stack", "stakes", "draw_limit")
_TRUE, _FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")
_PLACEHOLDER = "const PRERENDERED = {};"


def _bridge() -> Any:
    """web.widgets.bridge with core/ importable (build.py runs without the package installed)."""
    for path in (str(ROOT / "core"), str(ROOT)):
        if path not in sys.path:
            sys.path.insert(0, path)
    from web.widgets import bridge

    return bridge


def canonical(params: dict[str, str]) -> dict[str, str]:
    """The parameters as embed.js looks them up: ``id`` dropped, yes/no values as 1/0, names
    that the widget reads case-insensitively in lower case, numbers trimmed; the rest as given.

    >>> canonical({"widget": " Ranking", "joker": "Yes", "id": "x", "a": " Ah"})
    {'a': ' Ah', 'joker': '1', 'widget': 'ranking'}
    """
    out = {}
    for name, value in params.items():
        if name == "id":
            continue
        if name in FLAGS:
            low = value.strip().lower()
            value = "1" if low in _TRUE else "0" if low in _FALSE else value
        elif name in LOWERED:
            value = value.strip().lower()
        elif name in NUMBERS:
            value = value.strip()
        out[name] = value
    return dict(sorted(out.items()))


def canonical_key(params: dict[str, str]) -> str:
    """The index key of a widget's parameters: ``name=value`` pairs, URI-encoded, sorted, joined by &.

    >>> canonical_key({"widget": "ranking", "joker": "true"})
    'joker=1&widget=ranking'
    """
    return "&".join(f"{_uri(k)}={_uri(v)}" for k, v in canonical(params).items())


def _uri(text: str) -> str:
    return quote(text, safe="-_.!~*'()")  # JavaScript's encodeURIComponent


# ----------------------------------------------------------------------------- which states


def generated_states() -> Iterator[dict[str, str]]:
    """The states every page may show without input: rankings, games, example scenarios."""
    for preset, joker, flush in product((None, *PRESETS), (None, "0", "1"), (None, "0", "1")):
        yield _without_none({"widget": "ranking", "preset": preset, "joker": joker,
                             "flush_beats_full_house": flush})
    for preset, opponents in product((None, *PRESETS), (None, "1", "2", "3", "4")):
        yield _without_none({"widget": "game", "preset": preset, "opponents": opponents})
    for path, faceup in product(sorted(SCENARIOS.glob("*.json")), (None, "0", "1")):
        yield _without_none({"widget": "scenario", "src": SCENARIO_URL + path.name, "faceup": faceup})


def _without_none(params: dict[str, str | None]) -> dict[str, str]:
    return {k: v for k, v in params.items() if v is not None}


class _WidgetTags(HTMLParser):
    """Collects the data-* parameters of every element with data-stripdeck-widget."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if "data-stripdeck-widget" not in names:
            return
        params = {"widget": names["data-stripdeck-widget"] or ""}
        for name, value in attrs:
            if name.startswith("data-") and not name.startswith("data-stripdeck"):
                params[name[5:].replace("-", "_")] = value or ""
        self.found.append(params)


def documented_states(paths: Iterable[Path] = DOCUMENTED) -> list[dict[str, str]]:
    """Every widget written in the docs and the examples page: script-form elements and
    ``embed.html?...`` iframe URLs, in the code samples too (HTML-escaped or not)."""
    found: list[dict[str, str]] = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        while html.unescape(text) != text:  # code samples are escaped, sometimes twice (&amp;amp;)
            text = html.unescape(text)
        tags = _WidgetTags()
        tags.feed(text)
        found += tags.found
        for query in re.findall(r"embed\.html\?([^\"'\s<>`)]+)", text):
            found.append(dict(parse_qsl(query, keep_blank_values=True)))
    return found


def states() -> list[dict[str, str]]:
    """Every pre-rendered state, canonical, once each (the documented ones first)."""
    seen: dict[str, dict[str, str]] = {}
    for params in [*documented_states(), *generated_states()]:
        params = canonical(params)
        if params.get("widget") == "scenario" and not _scenario_file(params):
            continue  # data= scenarios and files elsewhere are rendered in the page
        seen.setdefault(canonical_key(params), params)
    return list(seen.values())


def _scenario_file(params: dict[str, str]) -> Path | None:
    src = params.get("src", "")
    if "data" in params or not src.startswith(SCENARIO_URL):
        return None
    path = SCENARIOS / src[len(SCENARIO_URL):]
    return path if path.parent == SCENARIOS and path.is_file() else None


def extra_for(params: dict[str, str]) -> dict[str, str]:
    """What embed.js would have fetched for the widget: a scenario file's text."""
    path = _scenario_file(params) if params.get("widget") == "scenario" else None
    return {"src_text": path.read_text(encoding="utf-8")} if path else {}


def render_state(params: dict[str, str]) -> str:
    """The bridge's JSON text for one state: exactly what embed.js gets from Pyodide."""
    return str(_bridge().render(json.dumps(params), json.dumps(extra_for(params))))


# ----------------------------------------------------------------------------- output


def write(dist: Path) -> dict[str, str]:
    """Render every state into dist/prerendered/, fill embed.js's index, pre-render
    examples.html and write embed-static/; returns the index {key: file name}."""
    folder = dist / PRERENDERED_DIR
    folder.mkdir(parents=True, exist_ok=True)
    index: dict[str, str] = {}
    for params in states():
        text = render_state(params)
        name = hashlib.sha256(text.encode()).hexdigest()[:16] + ".json"
        (folder / name).write_text(text, encoding="utf-8")
        index[canonical_key(params)] = name
    embed = dist / "embed.js"
    source = embed.read_text(encoding="utf-8")
    if source.count(_PLACEHOLDER) != 1:
        raise SystemExit(f"build.py: {embed} must contain '{_PLACEHOLDER}' once")
    embed.write_text(source.replace(_PLACEHOLDER, f"const PRERENDERED = {json.dumps(index, sort_keys=True)};"),
                     encoding="utf-8")
    examples = dist / "examples.html"
    if examples.is_file():
        examples.write_text(prerender_page(examples.read_text(encoding="utf-8"), index, folder), encoding="utf-8")
    write_static(dist)
    return index


_ELEMENT = re.compile(r"(<div\b[^>]*\bdata-stripdeck-widget=[^>]*>)(\s*)(</div>)", re.S)


def prerender_page(page: str, index: dict[str, str], folder: Path, css_href: str = "web/widgets/widgets.css") -> str:
    """``page`` with each empty ``<div data-stripdeck-widget ...></div>`` holding its
    pre-rendered HTML in a declarative shadow root (shown with no script; embed.js takes it
    over), marked ``data-stripdeck-prerendered="<file>"``. Widgets without a state stay empty."""

    def fill(match: re.Match[str]) -> str:
        tags = _WidgetTags()
        tags.feed(match.group(1))
        if not tags.found:
            return match.group(0)
        name = index.get(canonical_key(tags.found[0]))
        if name is None:
            return match.group(0)
        out = json.loads((folder / name).read_text(encoding="utf-8"))
        opening = match.group(1)[:-1] + f' data-stripdeck-prerendered="{name}">'
        return (f'{opening}<template shadowrootmode="open"><link rel="stylesheet" href="{css_href}">'
                f'<div class="sd-root">{out["html"]}</div></template>{match.group(3)}')

    return _ELEMENT.sub(fill, page)


def static_snippet(params: dict[str, str]) -> str:
    """A one-file widget for any page, no script: its HTML and CSS in a declarative shadow root
    (the page's styles do not reach in). Only widgets that work without a script make sense here."""
    out = json.loads(render_state(canonical(params)))
    if not out.get("ok"):
        raise SystemExit(f"build.py: the static widget {params} does not render: {out.get('error')}")
    css = (WIDGETS / "widgets.css").read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = "\n".join(line.strip() for line in css.splitlines() if line.strip())
    return ("<!-- Stripdeck ranking table: paste this element anywhere in a page; no script needed. -->\n"
            '<div class="stripdeck-static" style="display:block;max-width:100%">'
            f'<template shadowrootmode="open"><style>{css}</style>'
            f'<div class="sd-root">{out["html"]}</div></template></div>\n')


STATIC_RANKINGS = {
    "ranking.html": {"widget": "ranking"},
    "ranking-ordinary-order.html": {"widget": "ranking", "flush_beats_full_house": "0"},
    "ranking-joker.html": {"widget": "ranking", "joker": "1"},
}
"""The embed-static snippets built into dist/embed-static/ (docs/embedding.md, "No script at all")."""


def write_static(dist: Path) -> None:
    folder = dist / "embed-static"
    folder.mkdir(parents=True, exist_ok=True)
    for name, params in STATIC_RANKINGS.items():
        (folder / name).write_text(static_snippet(params), encoding="utf-8")
