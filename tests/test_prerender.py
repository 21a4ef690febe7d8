"""Widgets pre-rendered at build time (tools/prerender.py) are what the browser would render.

The identity test renders every state again in Pyodide (the wheel from dist/, the widget
files written to its file system as embed.js does) and compares the JSON with dist/prerendered/.
Needs `python3 build.py site` (build.py test does it).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pyodide_support import run_in_pyodide

from tools import prerender

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"


def _index() -> dict[str, str]:
    text = (DIST / "embed.js").read_text(encoding="utf-8")
    found = re.search(r"const PRERENDERED = (\{.*?\});", text)
    assert found, "dist/embed.js has no index: run `python3 build.py site`"
    return dict(json.loads(found.group(1)))


def test_every_documented_widget_is_prerendered() -> None:
    index = _index()
    documented = prerender.documented_states()
    kinds = {p["widget"] for p in documented}
    assert kinds == {"ranking", "compare", "scenario", "odds", "game"}
    in_page = [p for p in documented  # a scenario given as data= is rendered in the page
               if p["widget"] != "scenario" or p.get("src", "").startswith(prerender.SCENARIO_URL)]
    assert len(in_page) >= 15
    assert [p for p in in_page if prerender.canonical_key(p) not in index] == []
    # ... and every ranking table and every preset's mini game, any way of writing the options
    for params in ({"widget": "ranking", "preset": "CardRoom", "joker": "on", "flush_beats_full_house": "false"},
                   {"widget": "game", "preset": "official", "opponents": "4", "id": "g"}):
        assert prerender.canonical_key(params) in index


def test_the_build_wrote_what_the_widget_code_renders_now() -> None:
    index = _index()
    assert set(index) == {prerender.canonical_key(p) for p in prerender.states()}
    for params in prerender.states():
        stored = (DIST / "prerendered" / index[prerender.canonical_key(params)]).read_text(encoding="utf-8")
        assert stored == prerender.render_state(params), params


def test_examples_html_holds_every_widget_in_a_declarative_shadow_root() -> None:
    page = (DIST / "examples.html").read_text(encoding="utf-8")
    hosts = re.findall(r"<div\b[^>]*data-stripdeck-widget=[^>]*>", page)
    assert len(hosts) == 10
    assert all("data-stripdeck-prerendered=" in h for h in hosts)
    assert page.count('<template shadowrootmode="open">') == 10


@pytest.mark.parametrize("name", sorted(prerender.STATIC_RANKINGS))
def test_embed_static_snippets_need_no_script(name: str) -> None:
    snippet = (DIST / "embed-static" / name).read_text(encoding="utf-8")
    assert "<script" not in snippet and "<link" not in snippet and " on" not in re.sub(r">[^<]*<", "><", snippet)
    assert snippet.count("<template shadowrootmode=\"open\"><style>") == 1
    assert "<tbody>" in snippet


def test_canonical_keys_are_stable_and_ignore_spelling() -> None:
    assert prerender.canonical_key({"widget": "ranking", "joker": "1"}) == \
        prerender.canonical_key({"joker": " TRUE ", "widget": "Ranking", "id": "x"}) == "joker=1&widget=ranking"
    # Card text is kept as typed: the widget shows it as typed.
    assert prerender.canonical_key({"widget": "compare", "a": " Ah", "b": "x&y"}) == \
        "a=%20Ah&b=x%26y&widget=compare"
    # A value the widget refuses stays as it is, so it is not found and Python says what is wrong.
    assert prerender.canonical_key({"widget": "ranking", "joker": "maybe"}) == "joker=maybe&widget=ranking"


@pytest.mark.pyodide
def test_pyodide_renders_every_prerendered_state_identically() -> None:
    index = _index()
    files = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "web" / "widgets").glob("*.py")}
    cases = [[prerender.canonical_key(p), json.dumps(p), json.dumps(prerender.extra_for(p))]
             for p in prerender.states()]
    code = f"""
import os, sys
folder = "/home/pyodide/stripdeck_widgets"
os.makedirs(folder, exist_ok=True)
for name, text in {files!r}.items():
    with open(f"{{folder}}/{{name}}", "w", encoding="utf-8") as f:
        f.write(text)
if "/home/pyodide" not in sys.path:
    sys.path.insert(0, "/home/pyodide")
from stripdeck_widgets import bridge
result = {{key: bridge.render(params, extra) for key, params, extra in {cases!r}}}
"""
    rendered = run_in_pyodide(code)
    assert len(rendered) == len(index) > 60
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
    assert regions["settings"] == m["render"].settings_html(defaults)  # what Python draws at start
    assert regions["help"] == m["rules_text"].help_html(rules, m["ranking"].render(rules))
    assert page.count('<section class="seat ') == 4 + (2 + 3 + 4 + 5)  # the table, then 1-4 opponents
    assert 'aria-label="You (you), 200 chips"' in page
    assert re.search(r'<meta name="stripdeck-build" content="[0-9a-f]{20}">', page)
