"""Pre-render the widgets at build time, with CPython and the widgets' own code.

Every widget state that needs no input from a reader is rendered here by
``web.widgets.bridge.render`` (the function embed.js calls in Pyodide), so a widget shows
its HTML at once and Python starts in the page only when a reader interacts:

* the ranking table for each preset and option (``preset``, ``joker``, ``flush_beats_full_house``);
* the mini game for each preset and number of opponents (its Play button);
* each example scenario (``web/widgets/scenarios/*.json``), hidden and face up, with every frame;
* every widget written in ``examples.html`` and ``docs/embedding.md`` (compare, odds, ...);

each in every language of the widgets (``lang=``: English, and each language with a catalogue,
rendered with the catalogue the page fetches, ``dist/locale/<code>.mo``).

Outputs in dist/ (see :func:`write`):

* ``prerendered/<digest>.json``: the bridge's JSON for one state (named by its content);
* the index ``{key: file}`` of the English states written into ``embed.js`` (``const
  PRERENDERED = {}``), and each other language's in ``prerendered/index-<code>-<digest>.json``,
  named in ``embed.js`` (``const PRERENDERED_LANGUAGES = {}``: fetched only for a widget in that
  language). A key is the widget's parameters in canonical text (:func:`canonical_key`, the same
  as embed.js's ``keyOf``), ``lang`` included except for English (so English keys are as before);
* ``examples.html`` with each widget's HTML in a declarative shadow root (readable with no script);
* ``embed-static/ranking*.html``: one-file ranking tables with their CSS, to paste into a page,
  in English; ``embed-static/<code>/ranking*.html`` in each other language;
* ``embed.<code>.html``: the iframe's page in each other language (its title and its line for
  browsers without JavaScript translated, ``<html lang>``: the widget's language by default).
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
LOCALE_DIR = "locale"  # in dist/: each language's compiled catalogue (tools/l10n.py)
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
_LANGUAGES_PLACEHOLDER = "const PRERENDERED_LANGUAGES = {};"
# Language tags read as one of ours (stripdeck.i18n.choose does the same; embed.js too).
_ALIASES = {"hr": "bs", "sr": "bs", "sh": "bs", "cnr": "bs"}


def _bridge() -> Any:
    """web.widgets.bridge with core/ importable (build.py runs without the package installed)."""
    for path in (str(ROOT / "core"), str(ROOT)):
        if path not in sys.path:
            sys.path.insert(0, path)
    from web.widgets import bridge

    return bridge


def languages() -> tuple[str, ...]:
    """The widgets' languages, English first (``stripdeck.i18n.NAMES``)."""
    _bridge()
    from stripdeck import i18n

    return tuple(i18n.NAMES)


def language_code(tag: str) -> str | None:
    """The language a ``lang`` value names (``it-IT``: ``it``; ``hr``: ``bs``), None if it names
    none of ours; as web/widgets/params.py ``language`` and embed.js ``languageOf`` read it.

    >>> language_code(" IT-it"), language_code("hr"), language_code("xx"), language_code("qps")
    ('it', 'bs', None, 'qps')
    """
    base = tag.strip().replace("_", "-").split(".")[0].split("@")[0].split("-")[0].lower()
    code = _ALIASES.get(base, base)
    return code if code in (*languages(), "qps") else None


def canonical(params: dict[str, str]) -> dict[str, str]:
    """The parameters as embed.js looks them up: ``id`` dropped, yes/no values as 1/0, names
    that the widget reads case-insensitively in lower case, numbers trimmed, the language as its
    code (none for English); the rest as given.

    >>> canonical({"widget": " Ranking", "joker": "Yes", "id": "x", "a": " Ah", "lang": "de-AT"})
    {'a': ' Ah', 'joker': '1', 'lang': 'de', 'widget': 'ranking'}
    >>> canonical({"widget": "ranking", "lang": "EN"})
    {'widget': 'ranking'}
    """
    out = {}
    for name, value in params.items():
        if name == "id":
            continue
        if name == "lang":
            code = language_code(value)
            if code == "en":
                continue
            value = code or value
        elif name in FLAGS:
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


def states(codes: Iterable[str] | None = None) -> list[dict[str, str]]:
    """Every pre-rendered state, canonical, once each (the documented ones first): each state
    in each language of ``codes`` (all the widgets' languages by default; ``["en"]``: the English
    ones), and the documented states written with a ``lang`` of their own."""
    wanted = tuple(languages() if codes is None else codes)
    seen: dict[str, dict[str, str]] = {}
    for params in [*documented_states(), *generated_states()]:
        params = canonical(params)
        if params.get("widget") == "scenario" and not _scenario_file(params):
            continue  # data= scenarios and files elsewhere are rendered in the page
        if "lang" in params:
            if params["lang"] in wanted:
                seen.setdefault(canonical_key(params), params)
            continue
        for code in wanted:
            state = params if code == "en" else canonical({**params, "lang": code})
            seen.setdefault(canonical_key(state), state)
    return list(seen.values())


def language_of(params: dict[str, str]) -> str:
    """The language of a canonical state (English when it has no ``lang``)."""
    return params.get("lang", "en")


def load_catalogues(locale: Path) -> None:
    """Give the widgets every language's catalogue, as the page fetches it (``locale/<code>.mo``)."""
    bridge = _bridge()
    for code in languages()[1:]:
        path = locale / f"{code}.mo"
        if not path.is_file():
            raise SystemExit(f"build.py: no catalogue {path}: compile them first (tools/l10n.py compile)")
        answer = json.loads(bridge.add_language(code, path.read_bytes()))
        if not answer["ok"]:
            raise SystemExit(f"build.py: the catalogue {path} cannot be used: {answer['error']}")


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


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def write(dist: Path) -> dict[str, str]:
    """Render every state into dist/prerendered/ (every language), fill embed.js's indexes,
    pre-render examples.html and write embed-static/; returns the index {key: file name} of
    every state."""
    load_catalogues(dist / LOCALE_DIR)
    folder = dist / PRERENDERED_DIR
    folder.mkdir(parents=True, exist_ok=True)
    index: dict[str, str] = {}
    by_language: dict[str, dict[str, str]] = {code: {} for code in languages()}
    for params in states():
        text = render_state(params)
        name = _digest(text) + ".json"
        (folder / name).write_text(text, encoding="utf-8")
        index[canonical_key(params)] = name
        by_language[language_of(params)][canonical_key(params)] = name
    indexes = {}
    for code, found in by_language.items():
        if code == "en" or not found:
            continue
        text = json.dumps(found, sort_keys=True)
        name = f"index-{code}-{_digest(text)}.json"
        (folder / name).write_text(text, encoding="utf-8")
        indexes[code] = name
    embed = dist / "embed.js"
    source = embed.read_text(encoding="utf-8")
    for mark in (_PLACEHOLDER, _LANGUAGES_PLACEHOLDER):
        if source.count(mark) != 1:
            raise SystemExit(f"build.py: {embed} must contain '{mark}' once")
    source = source.replace(_PLACEHOLDER, f"const PRERENDERED = {json.dumps(by_language['en'], sort_keys=True)};")
    source = source.replace(_LANGUAGES_PLACEHOLDER,
                            f"const PRERENDERED_LANGUAGES = {json.dumps(indexes, sort_keys=True)};")
    embed.write_text(source, encoding="utf-8")
    examples = dist / "examples.html"
    if examples.is_file():
        examples.write_text(prerender_page(examples.read_text(encoding="utf-8"), index, folder), encoding="utf-8")
    write_static(dist)
    write_frames(dist)
    return index


def frame_name(code: str) -> str:
    """The iframe's page in a language."""
    return "embed.html" if code == "en" else f"embed.{code}.html"


def write_frames(dist: Path) -> None:
    """embed.<code>.html for each language but English, from dist/embed.html."""
    from stripdeck import i18n

    from .l10n import translate_html

    template = (dist / "embed.html").read_text(encoding="utf-8")
    for code in languages()[1:]:
        language = _bridge().speaking(code)
        page = translate_html(template, language)
        page, found = re.subn(r'<html lang="[^"]*"', f'<html lang="{code}"', page, count=1)
        if not found or language is i18n.ENGLISH:
            raise SystemExit(f"build.py: cannot write {frame_name(code)} (no <html lang>, or no catalogue)")
        (dist / frame_name(code)).write_text(page, encoding="utf-8")


_ELEMENT = re.compile(r"(<div\b[^>]*\bdata-stripdeck-widget=[^>]*>)(\s*)(</div>)", re.S)


def page_language(page: str) -> str:
    """The language a page's widgets speak unless they say (``<html lang>``, if one of ours).

    >>> page_language('<html lang="it-IT"><body>'), page_language('<html lang="ja">'), page_language("<p>")
    ('it', 'en', 'en')
    """
    found = re.search(r"<html\b[^>]*?\slang=[\"']?([^\"'\s>]*)", page, re.I)
    return (language_code(found.group(1)) if found else None) or "en"


def root_html(out: dict[str, Any]) -> str:
    """A widget's HTML in its wrapper, with its language and writing direction."""
    return f'<div class="sd-root" lang="{out["lang"]}" dir="{out["dir"]}">{out["html"]}</div>'


def prerender_page(page: str, index: dict[str, str], folder: Path, css_href: str = "web/widgets/widgets.css") -> str:
    """``page`` with each empty ``<div data-stripdeck-widget ...></div>`` holding its
    pre-rendered HTML in a declarative shadow root (shown with no script; embed.js takes it
    over), marked ``data-stripdeck-prerendered="<file>"``. A widget without ``data-lang`` speaks
    the page's language (:func:`page_language`), as embed.js does. Widgets without a state stay empty."""
    default = page_language(page)

    def fill(match: re.Match[str]) -> str:
        tags = _WidgetTags()
        tags.feed(match.group(1))
        if not tags.found:
            return match.group(0)
        params = tags.found[0]
        if not params.get("lang", "").strip():
            params = {**params, "lang": default}
        name = index.get(canonical_key(params))
        if name is None:
            return match.group(0)
        out = json.loads((folder / name).read_text(encoding="utf-8"))
        opening = match.group(1)[:-1] + f' data-stripdeck-prerendered="{name}">'
        return (f'{opening}<template shadowrootmode="open"><link rel="stylesheet" href="{css_href}">'
                f'{root_html(out)}</template>{match.group(3)}')

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
            f"{root_html(out)}</template></div>\n")


STATIC_RANKINGS = {
    "ranking.html": {"widget": "ranking"},
    "ranking-ordinary-order.html": {"widget": "ranking", "flush_beats_full_house": "0"},
    "ranking-joker.html": {"widget": "ranking", "joker": "1"},
}
"""The embed-static snippets built into dist/embed-static/ (docs/embedding.md, "No script at all")."""


def static_path(name: str, code: str) -> str:
    """Where a language's snippet is, under dist/: English in embed-static/, the others in
    embed-static/<code>/ with the same names.

    >>> static_path("ranking.html", "en"), static_path("ranking.html", "it")
    ('embed-static/ranking.html', 'embed-static/it/ranking.html')
    """
    return f"embed-static/{name}" if code == "en" else f"embed-static/{code}/{name}"


def write_static(dist: Path) -> None:
    for code in languages():
        for name, params in STATIC_RANKINGS.items():
            target = dist / static_path(name, code)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(static_snippet({**params, "lang": code}), encoding="utf-8")
