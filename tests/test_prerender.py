"""Widgets pre-rendered at build time (tools/prerender.py) are what the browser would render.

The identity test renders every state again in Pyodide (the wheel from dist/, the widget
files written to its file system as embed.js does, each language's catalogue given as embed.js
gives it, dist/locale/<code>.mo) and compares the JSON with dist/prerendered/: every state in
every language. CPython checks the same files too (quicker, and without Node).
Needs `python3 build.py site` (build.py test does it).
"""

from __future__ import annotations

import base64
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from pyodide_support import run_in_pyodide

from tools import prerender

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"


def _english_index() -> dict[str, str]:
    text = (DIST / "embed.js").read_text(encoding="utf-8")
    found = re.search(r"const PRERENDERED = (\{.*?\});", text)
    assert found, "dist/embed.js has no index: run `python3 build.py site`"
    return dict(json.loads(found.group(1)))


def _language_indexes() -> dict[str, str]:
    """embed.js's table of the other languages' index files."""
    text = (DIST / "embed.js").read_text(encoding="utf-8")
    found = re.search(r"const PRERENDERED_LANGUAGES = (\{.*?\});", text)
    assert found, "dist/embed.js has no table of languages: run `python3 build.py site`"
    return dict(json.loads(found.group(1)))


def _index() -> dict[str, str]:
    """Every pre-rendered state, every language: {key: file}."""
    index = _english_index()
    for name in _language_indexes().values():
        index.update(json.loads((DIST / "prerendered" / name).read_text(encoding="utf-8")))
    return index


def test_every_documented_widget_is_prerendered() -> None:
    index = _index()
    documented = prerender.documented_states()
    kinds = {p["widget"] for p in documented}
    assert kinds == {"ranking", "compare", "scenario", "odds", "game"}
    in_page = [p for p in documented  # a scenario given as data= is rendered in the page
               if p["widget"] != "scenario" or p.get("src", "").startswith(prerender.SCENARIO_URL)]
    assert len(in_page) >= 15
    assert [p for p in in_page if prerender.canonical_key(p) not in index] == []
    assert {p.get("lang") for p in documented} >= {None, "it", "de"}  # examples.html shows lang=
    # ... and every ranking table and every preset's mini game, any way of writing the options
    for params in ({"widget": "ranking", "preset": "CardRoom", "joker": "on", "flush_beats_full_house": "false"},
                   {"widget": "game", "preset": "official", "opponents": "4", "id": "g"}):
        assert prerender.canonical_key(params) in index


def test_every_state_is_prerendered_in_every_language_with_english_keys_as_before() -> None:
    english, languages = _english_index(), _language_indexes()
    assert set(languages) == set(prerender.languages()) - {"en"}
    assert all("lang=" not in key for key in english)  # the keys existing embeds are found by
    assert set(english) == {prerender.canonical_key(p) for p in prerender.states(["en"])}
    for code, name in languages.items():
        index = json.loads((DIST / "prerendered" / name).read_text(encoding="utf-8"))
        # each language: the English states, each with lang=<code> (and its own documented ones)
        assert {key.replace(f"lang={code}&", "") for key in index} >= set(english), code
        assert all(f"lang={code}&" in key for key in index), code
        for key, file in index.items():
            out = json.loads((DIST / "prerendered" / file).read_text(encoding="utf-8"))
            assert (out["lang"], out["dir"]) == (code, "ltr"), key


def test_the_build_wrote_what_the_widget_code_renders_now() -> None:
    # Every state in every language, rendered again in CPython with the catalogues the page fetches.
    prerender.load_catalogues(DIST / "locale")
    index = _index()
    assert set(index) == {prerender.canonical_key(p) for p in prerender.states()}
    for params in prerender.states():
        stored = (DIST / "prerendered" / index[prerender.canonical_key(params)]).read_text(encoding="utf-8")
        assert stored == prerender.render_state(params), params


def test_examples_html_holds_every_widget_in_a_declarative_shadow_root() -> None:
    page = (DIST / "examples.html").read_text(encoding="utf-8")
    hosts = re.findall(r"<div\b[^>]*data-stripdeck-widget=[^>]*>", page)
    assert len(hosts) == 11
    assert all("data-stripdeck-prerendered=" in h for h in hosts)
    assert page.count('<template shadowrootmode="open">') == 11
    # each in its language: the page's (English), or its own data-lang
    assert page.count('<div class="sd-root" lang="en" dir="ltr">') == 10
    assert page.count('<div class="sd-root" lang="it" dir="ltr">') == 1


class _Attributes(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.names.update(name for name, _ in attrs)


def handler_attributes(markup: str) -> set[str]:
    """The event-handler attributes (onclick=, onerror=, ...) of every element of `markup`."""
    parser = _Attributes()
    parser.feed(markup)
    return {name for name in parser.names if name.startswith("on")}


@pytest.mark.parametrize("code", prerender.languages())
@pytest.mark.parametrize("name", sorted(prerender.STATIC_RANKINGS))
def test_embed_static_snippets_need_no_script(name: str, code: str) -> None:
    snippet = (DIST / prerender.static_path(name, code)).read_text(encoding="utf-8")
    assert "<script" not in snippet and "<link" not in snippet
    assert not handler_attributes(snippet)  # no on...= attribute (a word such as Turkish "on", ten, is fine)
    assert snippet.count("<template shadowrootmode=\"open\"><style>") == 1
    assert "<tbody>" in snippet
    assert f'<div class="sd-root" lang="{code}" dir="ltr">' in snippet
    # the same table in each language: only the words and the numbers' signs differ
    english = (DIST / prerender.static_path(name, "en")).read_text(encoding="utf-8")
    assert snippet.count("<tr") == english.count("<tr") and snippet.count("sd-card") == english.count("sd-card")


@pytest.mark.parametrize("code", prerender.languages()[1:])
def test_the_iframe_page_in_each_language(code: str) -> None:
    page = (DIST / prerender.frame_name(code)).read_text(encoding="utf-8")
    english = (DIST / "embed.html").read_text(encoding="utf-8")
    assert f'<html lang="{code}">' in page and '<html lang="en">' in english
    assert page.count('data-l10n="') == 2  # its title and its line for browsers without JavaScript
    assert '<script type="module" src="./embed.js"></script>' in page


def test_canonical_keys_are_stable_and_ignore_spelling() -> None:
    assert prerender.canonical_key({"widget": "ranking", "joker": "1"}) == \
        prerender.canonical_key({"joker": " TRUE ", "widget": "Ranking", "id": "x"}) == "joker=1&widget=ranking"
    # Card text is kept as typed: the widget shows it as typed.
    assert prerender.canonical_key({"widget": "compare", "a": " Ah", "b": "x&y"}) == \
        "a=%20Ah&b=x%26y&widget=compare"
    # A value the widget refuses stays as it is, so it is not found and Python says what is wrong.
    assert prerender.canonical_key({"widget": "ranking", "joker": "maybe"}) == "joker=maybe&widget=ranking"
    # The language: its code (a tag or an alias read as one of ours), none for English, so
    # English keys are as they were; a value naming none of ours stays (Python says what is wrong).
    assert prerender.canonical_key({"widget": "ranking", "lang": " it-IT"}) == "lang=it&widget=ranking"
    assert prerender.canonical_key({"widget": "ranking", "lang": "hr"}) == "lang=bs&widget=ranking"
    assert prerender.canonical_key({"widget": "ranking", "lang": "EN-gb"}) == "widget=ranking"
    assert prerender.canonical_key({"widget": "ranking", "lang": "xx"}) == "lang=xx&widget=ranking"


@pytest.mark.pyodide
def test_pyodide_renders_every_prerendered_state_identically() -> None:
    # Every state in every language (657 renders: under a minute here). Each language's
    # catalogue is given to the widgets as embed.js gives it, the bytes of dist/locale/<code>.mo.
    index = _index()
    files = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "web" / "widgets").glob("*.py")}
    catalogues = {code: base64.b64encode((DIST / "locale" / f"{code}.mo").read_bytes()).decode()
                  for code in prerender.languages()[1:]}
    cases = [[prerender.canonical_key(p), json.dumps(p), json.dumps(prerender.extra_for(p))]
             for p in prerender.states()]
    code = f"""
import base64, json, os, sys
folder = "/home/pyodide/stripdeck_widgets"
os.makedirs(folder, exist_ok=True)
for name, text in {files!r}.items():
    with open(f"{{folder}}/{{name}}", "w", encoding="utf-8") as f:
        f.write(text)
if "/home/pyodide" not in sys.path:
    sys.path.insert(0, "/home/pyodide")
from stripdeck_widgets import bridge
for lang, data in {catalogues!r}.items():
    assert json.loads(bridge.add_language(lang, base64.b64decode(data)))["ok"], lang
result = {{key: bridge.render(params, extra) for key, params, extra in {cases!r}}}
"""
    rendered = run_in_pyodide(code)
    assert len(rendered) == len(index) >= 9 * 72  # each state in nine languages
    for key, text in rendered.items():
        stored = (DIST / "prerendered" / index[key]).read_text(encoding="utf-8")
        assert text == stored, key


def test_the_game_page_is_prerendered_with_the_pages_own_html() -> None:
    from tools import shell

    page = (DIST / "index.html").read_text(encoding="utf-8")
    assert "<!-- prerendered:" not in page
    m = shell._modules()
    defaults = m["storage"].DEFAULTS
    rules = m["storage"].rules_from(defaults)
    regions = shell.shell_regions(page)
    assert regions["settings"] == m["settings_render"].settings_html(defaults)  # what Python draws at start
    assert regions["help"] == m["rules_text"].help_html(rules, m["ranking"].render(rules))
    assert page.count('<section class="seat ') == 4 + (2 + 3 + 4 + 5)  # the table, then 1-4 opponents
    assert 'aria-label="You (you), 200 chips"' in page
    assert re.search(r'<meta name="stripdeck-build" content="[0-9a-f]{20}">', page)
