"""Static first, Python on demand: pre-rendered widgets in Chromium.

A widget whose state was rendered at build time (tools/prerender.py) shows at once with no
Python runtime; Pyodide starts when a reader interacts, once per page (iframes of the site
share the page's). The `page` fixture fails a test on any console error, page error or
request to another origin.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser_support import PageLog, open_ready, origin_of, screenshot, serve_in_thread

from tools import prerender

DIST = Path(__file__).resolve().parents[2] / "dist"
WASM = "pyodide.asm.wasm"


def _runtime_requests(page: Any) -> list[str]:
    """Every request for a file of the Python runtime (pyodide/), from the page and its iframes."""
    seen: list[str] = []
    page.on("request", lambda r: "/pyodide/" in r.url and seen.append(r.url))
    return seen


def _wasm(requests: list[str]) -> int:
    return sum(url.endswith(WASM) for url in requests)


def _second_iframe_uses_the_first_ones_runtime(page: Any, runtime: list[str]) -> None:
    """#one (compare) starts Python when a hand is typed; #two (odds) then answers with it."""
    one, two = page.frame_locator("#one"), page.frame_locator("#two")
    one.get_by_role("textbox", name="Hand A").fill("Ah Qh Th 8h 9h")
    one.locator(".sd-verdict", has_text="a flush beats a full house").wait_for()
    one.locator("html[data-stripdeck-runtime=ready]").wait_for(state="attached")
    two.get_by_role("button", name="Show the odds").click()
    two.locator(".sd-verdict", has_text="straight flush").wait_for()
    assert two.locator("html").get_attribute("data-stripdeck-runtime") == "shared"
    assert _wasm(runtime) == 1


@contextmanager
def _hosted(page: Any, page_log: PageLog, tmp_path: Path, body: str, head: str = "") -> Iterator[list[str]]:
    """Open a host page (dist/ under sd/) with `body`; yields the runtime requests it makes."""
    _host(tmp_path, body, head)
    with serve_in_thread(tmp_path) as url:
        page_log.origin = origin_of(url)
        runtime = _runtime_requests(page)
        open_ready(page, url + "host.html")
        yield runtime


def _host(tmp_path: Path, body: str, head: str = "") -> None:
    os.symlink(DIST, tmp_path / "sd")
    (tmp_path / "host.html").write_text(
        "<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
        "<style>* { font-family: 'Comic Sans MS', cursive !important; color: magenta; }"
        " table { border: 5px dashed red; }</style>"
        f"{head}</head><body>{body}</body></html>")


def test_the_examples_page_shows_every_widget_with_no_python_runtime(page: Any, site_url: str) -> None:
    runtime = _runtime_requests(page)
    open_ready(page, site_url + "examples.html")
    hosts = page.locator("[data-stripdeck-widget]")
    states = hosts.evaluate_all("els => els.map(e => [e.dataset.stripdeckState, e.dataset.stripdeckSource])")
    assert states == [["ready", "prerendered"]] * 11
    assert page.locator("#ranking tbody tr").count() == 9
    # The one in Italian (data-lang="it"), on this English page: its language on its wrapper,
    # its numbers the Italian way; the others English, said so too (a reader's page may not be).
    italian = page.locator("#languages [data-stripdeck-widget]")
    assert italian.locator(".sd-root").get_attribute("lang") == "it"
    assert "201.376" in italian.locator("caption").inner_text()
    assert page.locator("#ranking .sd-root").get_attribute("lang") == "en"
    assert "201,376" in page.locator("#ranking caption").inner_text()
    assert page.locator("#odds tbody tr").count() == 6
    assert page.locator("#scenario .sd-frame").first.get_attribute("data-frame") == "0"
    page.frame_locator("#compare iframe").locator(".sd-verdict").wait_for()
    assert "the ten of hearts decides" in page.frame_locator("#compare iframe").locator(".sd-verdict").inner_text()
    assert "duplicate card Ah" in page.locator("#errors [role=alert]").inner_text()
    # Scripted hands play from their pre-rendered frames: still no Python.
    page.locator("#scenario [data-do=next]").first.click()
    # The first Next loads the scenario's pre-rendered frames (a fetch), then shows frame 1.
    page.locator("#scenario .sd-frame[data-frame='1']").first.wait_for()
    assert "Ann raises to 7." in page.locator("#scenario .sd-frame").first.inner_text()
    page.wait_for_timeout(300)
    assert runtime == []  # not one file of the runtime before a reader asks for something new


def test_without_javascript_the_prerendered_widgets_are_readable(browser: Any, site_url: str,
                                                                  tmp_path: Path) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(site_url + "examples.html")
        rows = page.locator("#ranking tbody tr")
        assert rows.count() == 9 and rows.nth(2).locator("th").inner_text() == "Flush"
        assert page.locator("#compare .sd-verdict").first.inner_text() == \
            "Hand A wins: a flush beats a full house in 32-card poker."
        assert page.locator("#compare [aria-pressed=true]").first.get_attribute("data-hand") == "a"
        assert page.locator("#odds tbody tr").count() == 6
        for scenario in page.locator("#scenario [data-stripdeck-widget]").all():
            assert scenario.locator(".sd-seat").count() >= 2
            assert scenario.locator(".sd-frame").get_attribute("data-frame") is None  # no script, frame 0 shown
            assert "Step 0 of" in scenario.locator(".sd-frame-info").inner_text()
        play = page.locator("#game a.sd-play")
        assert play.get_attribute("href").startswith("index.html?embed=1&lang=en&preset=official&")
        # Styles stay inside: the host page's loud table border does not reach the widget.
        assert page.locator("#ranking table").evaluate("e => getComputedStyle(e).borderTopStyle") != "dashed"
        screenshot(page, "widgets-no-javascript")

        # The one-file embed-static snippet, pasted into a page with hostile styles (and the
        # Italian one: the same table, its language said, its numbers the Italian way).
        italian = (DIST / "embed-static" / "it" / "ranking.html").read_text()
        snippet = (DIST / "embed-static" / "ranking.html").read_text()
        (tmp_path / "static.html").write_text(
            "<!doctype html><html><head><meta charset='utf-8'><style>* { color: magenta !important; }"
            " table { border: 5px dashed red; }</style></head><body><h1>Rules</h1>"
            f"{snippet}</body></html>")
        with serve_in_thread(tmp_path) as url:
            page.goto(url + "static.html")
            table = page.locator(".stripdeck-static tbody tr")
            assert table.count() == 9
            assert table.nth(3).locator("th").inner_text() == "Full house"
            assert page.locator(".stripdeck-static table").evaluate(
                "e => getComputedStyle(e).borderTopStyle") != "dashed"
            note = page.locator(".stripdeck-static .sd-note").inner_text()
            assert "A flush beats a full house in 32-card poker" in note
            screenshot(page, "widget-embed-static")
            (tmp_path / "static-it.html").write_text(
                "<!doctype html><html lang='it'><head><meta charset='utf-8'></head><body><h1>Regole</h1>"
                f"{italian}</body></html>")
            page.goto(url + "static-it.html")
            assert page.locator(".stripdeck-static tbody tr").count() == 9
            assert page.locator(".stripdeck-static .sd-root").evaluate("e => [e.lang, e.dir]") == ["it", "ltr"]
            assert "201.376" in page.locator(".stripdeck-static caption").inner_text()
    finally:
        context.close()


def test_python_starts_on_the_first_interaction_once_for_the_page_and_its_iframes(page: Any, site_url: str) -> None:
    runtime = _runtime_requests(page)
    open_ready(page, site_url + "examples.html")
    widget = page.locator("#compare [data-stripdeck-widget]").first
    hand_a = widget.get_by_role("textbox", name="Hand A")
    hand_a.scroll_into_view_if_needed()
    scroll = page.evaluate("scrollY")
    hand_a.fill("Qh Qs Tc 9d 7h")
    verdict = widget.locator(".sd-verdict")
    verdict.filter(has_text="full house beats a pair").wait_for()
    assert verdict.inner_text() == "Hand B wins: a full house beats a pair."
    # The switch to Python replaced nothing on screen: the focus and the scroll position stay.
    assert hand_a.evaluate("e => e.getRootNode().activeElement === e")
    assert page.evaluate("scrollY") == scroll
    assert _wasm(runtime) == 1
    # A rule selector uses the same runtime.
    widget.locator("select[name=flush_beats_full_house]").select_option("0")
    widget.get_by_role("textbox", name="Hand A").fill("Ah Qh Th 8h 7h")
    verdict.filter(has_text="the ordinary order").wait_for()
    # The iframe of the same site borrows the page's runtime.
    frame = page.frame_locator("#compare iframe")
    frame.get_by_role("textbox", name="Hand B").fill("Qd Qc Th 9s 7d")
    frame.locator(".sd-verdict", has_text="eight beats seven").wait_for()
    assert page.frame_locator("#compare iframe").locator("html").get_attribute("data-stripdeck-runtime") == "shared"
    # The odds widget too.
    odds = page.locator("#odds [data-stripdeck-widget]")
    odds.get_by_role("textbox", name="Hand").fill("9h 9d Kc 8s 7h")
    odds.get_by_role("button", name="Show the odds").click()
    odds.locator(".sd-verdict", has_text="Keep a pair of nines").wait_for()
    assert _wasm(runtime) == 1


def test_iframes_of_the_same_site_share_one_runtime(page: Any, page_log: PageLog, tmp_path: Path) -> None:
    # A host page without embed.js: the second iframe borrows the runtime the first one started.
    with _hosted(page, page_log, tmp_path,
                 "<iframe id='one' "
                 "src='sd/embed.html?widget=compare&a=Ah%20Qh%20Th%208h%207h&b=Ks%20Kd%20Kc%208s%208c'"
                 " style='width:700px;height:900px'></iframe>"
                 "<iframe id='two' src='sd/embed.html?widget=odds&hand=Ah%20Kh%20Qh%20Jh%207c&top=6'"
                 " style='width:700px;height:900px'></iframe>"
                 "<script>document.body.dataset.ready = '1';</script>") as runtime:
        one, two = page.frame_locator("#one"), page.frame_locator("#two")
        one.locator(".sd-verdict").wait_for()
        two.locator(".sd-verdict").wait_for()
        assert runtime == []
        _second_iframe_uses_the_first_ones_runtime(page, runtime)


def test_iframes_of_this_site_on_another_sites_page_share_one_runtime(page: Any, page_log: PageLog,
                                                                      tmp_path: Path) -> None:
    # The host page on one origin, the widgets' site on another (another port): the iframes
    # cannot reach the host page, but they reach each other through its list of frames.
    with serve_in_thread(DIST) as dist_url, serve_in_thread(tmp_path) as host_url:
        page_log.origin = origin_of(host_url)
        page.route(f"{dist_url}**", lambda route: route.continue_())  # the widgets' own site
        (tmp_path / "host.html").write_text(
            "<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'></head><body>"
            f"<iframe id='one' src='{dist_url}embed.html?widget=compare&a=Ah%20Qh%20Th%208h%207h"
            "&b=Ks%20Kd%20Kc%208s%208c' style='width:700px;height:900px'></iframe>"
            f"<iframe id='two' src='{dist_url}embed.html?widget=odds&hand=Ah%20Kh%20Qh%20Jh%207c&top=6'"
            " style='width:700px;height:900px'></iframe><script>document.body.dataset.ready = '1';</script>"
            "</body></html>")
        runtime = _runtime_requests(page)
        open_ready(page, host_url + "host.html")
        page.frame_locator("#one").locator(".sd-verdict").wait_for()
        _second_iframe_uses_the_first_ones_runtime(page, runtime)


def test_a_widget_with_no_prerendered_form_renders_with_python(page: Any, page_log: PageLog,
                                                                tmp_path: Path) -> None:
    with _hosted(page, page_log, tmp_path,
                 "<div id='r' data-stripdeck-widget='ranking' data-joker='yes'></div>"
                 "<div id='c' data-stripdeck-widget='compare' data-a='Jh Jd Jc As 8d' data-b='Qh Qs 9d 9c Ah'></div>",
                 "<script src='sd/embed.js' defer></script><script>document.addEventListener('stripdeck:ready',"
                 " () => document.body.dataset.ready = '1');</script>") as runtime:
        assert page.locator("#r").get_attribute("data-stripdeck-source") == "prerendered"  # joker=yes is joker=1
        assert page.locator("#r tbody tr").count() == 10
        assert page.locator("#c").get_attribute("data-stripdeck-source") == "python"
        assert page.locator("#c .sd-verdict").inner_text() == "Hand A wins: three of a kind beats two pairs."
        assert _wasm(runtime) == 1


KEY_CASES = [
    {"widget": "ranking"},
    {"widget": " Ranking ", "joker": "Yes", "flush_beats_full_house": "off", "id": "t1"},
    {"widget": "compare", "a": " Ah Qh Th 8h 7h", "b": "Ks Kd Kc 8s 8c", "preset": "OFFICIAL", "grid": "0"},
    {"widget": "odds", "hand": "Ah Kh Qh Jh 7c", "top": " 6 ", "dead": "7s&8s=é"},
    {"widget": "game", "preset": "cardroom", "opponents": "2", "timers": "TRUE", "stack": "500"},
    {"widget": "scenario", "src": "web/widgets/scenarios/side-pot.json", "faceup": "maybe"},
    {"widget": "ranking", "lang": "it"},
    {"widget": "ranking", "lang": " IT-it ", "joker": "1"},
    {"widget": "ranking", "lang": "EN"},
    {"widget": "ranking", "lang": "hr"},
    {"widget": "ranking", "lang": "pt_PT.UTF-8"},
    {"widget": "ranking", "lang": "xx"},
    {"widget": "ranking", "lang": ""},
    {"widget": "odds", "hand": "Ah Kh Qh Jh 7c", "lang": "De", "top": "6"},
]
LANGUAGE_TAGS = ["it", "IT-it", " de_AT ", "hr", "sr-Latn", "en-GB", "qps", "xx", "", "english", "pt.UTF-8"]


def test_embed_js_looks_states_up_by_the_keys_the_build_wrote(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "examples.html")
    for params in KEY_CASES:
        assert page.evaluate("p => StripdeckWidgets.keyOf(p)", params) == prerender.canonical_key(params), params
    # A scenario file named from another folder of the site is the same file.
    assert page.evaluate("StripdeckWidgets.keyOf({widget: 'scenario',"
                         " src: './web/x/../widgets/scenarios/side-pot.json'})") \
        == prerender.canonical_key({"widget": "scenario", "src": "web/widgets/scenarios/side-pot.json"})
    for tag in LANGUAGE_TAGS:  # embed.js reads a lang value as the widgets do
        assert page.evaluate("t => StripdeckWidgets.languageOf(t)", tag) == prerender.language_code(tag), tag
    indexes = page.evaluate("""async () => {
        const text = await (await fetch('embed.js')).text();
        const english = JSON.parse(text.match(/const PRERENDERED = (\\{.*?\\});/)[1]);
        const files = JSON.parse(text.match(/const PRERENDERED_LANGUAGES = (\\{.*?\\});/)[1]);
        const out = { en: english };
        for (const [lang, file] of Object.entries(files)) out[lang] = await (await fetch(`prerendered/${file}`)).json();
        return out;
    }""")
    assert set(indexes) == set(prerender.languages())
    for code, index in indexes.items():
        assert set(index) == {prerender.canonical_key(p) for p in prerender.states([code])}, code


def test_english_fetches_no_words_and_another_language_only_its_own(page: Any, page_log: PageLog,
                                                                    tmp_path: Path) -> None:
    # Two pages of another author: an English one, and an Italian one (<html lang="it">) whose
    # widget speaks Italian by default. Both are pre-rendered: no Python. English loads nothing
    # for languages; Italian loads its index and its sentences, once, and nothing of the others.
    def host(name: str, lang: str) -> None:
        (tmp_path / name).write_text(
            f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
            "<script src='sd/embed.js' defer></script><script>document.addEventListener('stripdeck:ready',"
            " () => document.body.dataset.ready = '1');</script></head><body>"
            "<div id='r' data-stripdeck-widget='ranking'></div>"
            "<div id='o' data-stripdeck-widget='ranking' data-joker='1'></div></body></html>")

    os.symlink(DIST, tmp_path / "sd")
    host("en.html", "en")
    host("it.html", "it-IT")
    with serve_in_thread(tmp_path) as url:
        page_log.origin = origin_of(url)
        seen: list[str] = []
        page.on("request", lambda r: seen.append(r.url))
        open_ready(page, url + "en.html")
        assert [u for u in seen if "/locale/" in u or "/index-" in u] == []
        assert page.locator("#r").get_attribute("data-stripdeck-source") == "prerendered"
        assert page.locator("#r .sd-root").get_attribute("lang") == "en"
        seen.clear()
        open_ready(page, url + "it.html")
        for host_id in ("#r", "#o"):
            assert page.locator(host_id).get_attribute("data-stripdeck-source") == "prerendered"
            assert page.locator(f"{host_id} .sd-root").evaluate("e => [e.lang, e.dir]") == ["it", "ltr"]
        assert "201.376" in page.locator("#r caption").inner_text()
        assert "237.336" in page.locator("#o caption").inner_text()
        languages = sorted(u.split("/sd/")[1].split("-")[0] for u in seen if "/locale/" in u or "/index-" in u)
        assert languages == ["locale/it.json", "prerendered/index"]
        assert [u for u in seen if "/pyodide/" in u or u.endswith(".mo")] == []


@pytest.mark.parametrize("width", [360, 400])
def test_on_a_phone_no_column_is_cut_off(browser: Any, site_url: str, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 780}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        open_ready(page, f"{site_url}embed.html?widget=odds&hand=Ah%20Kh%20Qh%20Jh%207c&top=8")
        widget = page.locator("#widget .sd-widget")
        right = widget.evaluate("e => e.getBoundingClientRect().right")
        assert right <= width
        for cell in page.locator("#widget tbody td").all():  # every figure on screen, none scrolled away
            assert cell.evaluate("e => e.getBoundingClientRect().right") <= right + 0.5
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        win = page.locator("#widget tbody tr").first.locator("td.sd-win")  # named "Win" on a phone (CSS ::before)
        assert (win.get_attribute("data-label"), win.inner_text()) == ("Win", "46.1%")
        screenshot(page, f"widget-odds-{width}px")

        open_ready(page, f"{site_url}embed.html?widget=ranking&joker=1")
        for row in page.locator("#widget tbody tr").all():
            tops = row.locator(".sd-example .sd-card").evaluate_all(
                "els => els.map(e => e.getBoundingClientRect().top)")
            assert len(tops) == 5 and len(set(tops)) == 1  # the example's cards on one line
            assert row.evaluate("e => e.getBoundingClientRect().right") <= width
            assert row.locator(".sd-example").evaluate("e => e.getBoundingClientRect().right") <= width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(page, f"widget-ranking-{width}px")

        open_ready(page, f"{site_url}embed.html?widget=compare&a=Ah%20Qh%20Th%208h%207h&b=Ks%20Kd%20Kc%208s%208c")
        assert page.get_by_role("textbox", name="Hand A").input_value() == "Ah Qh Th 8h 7h"
        assert page.get_by_role("textbox", name="Hand B").input_value() == "Ks Kd Kc 8s 8c"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()
