"""Widgets in Chromium: each from its embed.html URL and from a data-attribute mount.

The `page` fixture fails a test on any console error, page error or request to another
origin. A widget's content is in a shadow root: Playwright's CSS locators pierce it.
"""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from browser_support import PageLog, open_ready, origin_of, screenshot, serve_in_thread
from conftest import READY_TIMEOUT_MS

DIST = Path(__file__).resolve().parents[2] / "dist"
FLUSH = quote("Ah Qh Th 8h 7h")
FULL = quote("Ks Kd Kc 8s 8c")


def widget_text(page: Any, host: str = "#widget") -> str:
    return str(page.locator(host).locator(".sd-root").inner_text())


def test_each_widget_renders_from_its_url(page: Any, site_url: str) -> None:
    open_ready(page, f"{site_url}embed.html?widget=ranking")
    assert page.locator("#widget").get_attribute("data-stripdeck-state") == "ready"
    rows = page.locator("#widget tbody tr")
    assert rows.count() == 9
    assert rows.nth(2).locator("th").inner_text() == "Flush"
    assert "A flush beats a full house in 32-card poker" in widget_text(page)
    assert page.locator("#widget [aria-label='Ace of spades']").count() >= 1
    screenshot(page, "widget-ranking")

    open_ready(page, f"{site_url}embed.html?widget=compare&a={FLUSH}&b={FULL}")
    assert page.locator("#widget .sd-verdict").inner_text() == \
        "Hand A wins: a flush beats a full house in 32-card poker."
    screenshot(page, "widget-compare")

    open_ready(page, f"{site_url}embed.html?widget=scenario&src=web/widgets/scenarios/side-pot.json")
    assert "A side pot" in page.locator("#widget h2").inner_text()
    assert page.locator("#widget .sd-frame").get_attribute("data-frame") == "0"
    assert page.locator("#widget [aria-label='Face-down card']").count() == 15

    data = base64.urlsafe_b64encode(json.dumps(
        {"stacks": [50, 50], "button": 0, "seed": 4, "names": ["Ann", "Bob"], "actions": ["fold"]}
    ).encode()).decode()
    open_ready(page, f"{site_url}embed.html?widget=scenario&faceup=1&data={data}")
    assert page.locator("#widget .sd-seat").count() == 2
    assert page.locator("#widget .sd-seat .sd-card:not(.sd-back)").count() == 10  # face up

    open_ready(page, f"{site_url}embed.html?widget=odds&hand=Ah%20Kh%20Qh%20Jh%207c&top=5")
    assert page.locator("#widget tbody tr").count() == 5
    assert page.locator("#widget tbody tr").first.locator(".sd-card").get_attribute("aria-label") == "Seven of clubs"
    page.locator("#widget input[name=hand]").fill("9h 9d Kc 8s 7h")
    page.locator("#widget button[type=submit]").click()
    page.locator("#widget .sd-verdict", has_text="Keep a pair of nines").wait_for()
    screenshot(page, "widget-odds")

    open_ready(page, f"{site_url}embed.html?widget=game&preset=official&opponents=2")
    play = page.locator("#widget a.sd-play")
    assert play.get_attribute("href") == (f"{site_url}index.html?embed=1&lang=en&preset=official"
                                          "&structure=fixed-limit&suit_ties=combination&suit_order=hdcs&draw_limit=4&split=0&show_all=0&flush_beats_full_house=1"
                                          "&joker=0&timers=0&opponents=2&stack=200&stakes=1")
    assert page.locator("#widget iframe").count() == 0  # the game loads when the reader presses Play


def test_bad_parameters_show_a_message_inside_the_widget(page: Any, page_log: PageLog, site_url: str) -> None:
    # Chromium itself logs the 404 of a missing scenario file; the widget handles it.
    page_log.allow(r"status of 404 .*/missing\.json")
    cases = {
        "widget=poker": "unknown widget 'poker'",
        "widget=compare&colour=red": "unknown option 'colour' for the compare widget",
        "widget=odds&hand=Ah%20Kh": "Hand: a hand is exactly 5 cards, got 2",
        f"widget=compare&a=Ah%20Kh%20Qh%20Jh%20Zz&b={FULL}": "'Zz' is not a card",
        f"widget=compare&a={FLUSH}&b=Ah%20Kd%20Kc%208s%208c": "the ace of hearts cannot be in both hands",
        "widget=scenario&src=missing.json": "cannot load the scenario 'missing.json': HTTP 404",
        "widget=scenario&src=https://example.com/x.json": "src must be a relative URL",
    }
    for query, message in cases.items():
        open_ready(page, f"{site_url}embed.html?{query}")
        assert page.locator("#widget [role=alert]").count() == 1, query
        assert message in page.locator("#widget [role=alert]").inner_text(), query


def test_compare_grid_and_options_recompute_the_verdict(page: Any, site_url: str) -> None:
    open_ready(page, f"{site_url}embed.html?widget=compare&a={FLUSH}&b={FULL}")
    verdict = page.locator("#widget .sd-verdict")
    # Pre-rendered: the first change starts Python; what the reader did meanwhile is applied in order.
    assert page.locator("#widget").get_attribute("data-stripdeck-source") == "prerendered"
    page.locator("#widget select[name=flush_beats_full_house]").select_option("0")
    verdict.filter(has_text="a full house beats a flush").wait_for()
    # Take the 7h back out of hand A through the grid, pick the 9h instead.
    page.locator("#widget .sd-grid [aria-label='Seven of hearts']").click()
    assert page.locator("#widget input[name=a]").input_value() == "Ah Qh Th 8h"
    assert "exactly 5 cards" in page.locator("#widget [role=alert]").inner_text()
    page.locator("#widget .sd-grid [aria-label='Nine of hearts']").click()
    assert page.locator("#widget input[name=a]").input_value() == "Ah Qh Th 8h 9h"
    assert page.locator("#widget .sd-grid [aria-label='Nine of hearts']").get_attribute("aria-pressed") == "true"
    page.locator("#widget input[name=b]").fill("Qd Qc Th 9s 8d")
    page.locator("#widget input[name=a]").fill("Qh Qs Tc 9d 8s")
    page.locator("#widget select[name=preset]").select_option("official")
    assert verdict.inner_text() == "Hand A wins: equal pairs of queens and kickers: the queen of hearts decides."
    page.locator("#widget select[name=suit_ties]").select_option("kicker")
    assert "the ten of hearts decides" in verdict.inner_text()


def test_scenario_controls_switch_frames(page: Any, site_url: str) -> None:
    open_ready(page, f"{site_url}embed.html?widget=scenario&src=web/widgets/scenarios/split-offer.json"
               "&faceup=1&speed=200")
    frame = page.locator("#widget .sd-frame")
    back, play, nxt = (page.locator(f"#widget [data-do={d}]") for d in ("back", "play", "next"))
    assert back.is_disabled()
    nxt.click()
    assert frame.get_attribute("data-frame") == "1"
    assert "Ann raises to 7." in frame.inner_text()
    back.click()
    assert frame.get_attribute("data-frame") == "0"
    play.click()
    page.wait_for_function(
        "() => document.querySelector('#widget').shadowRoot.querySelector('.sd-frame').dataset.frame === '10'")
    assert nxt.is_disabled() and play.inner_text() == "▶ Play"
    assert "is split between Bob and Ann" in frame.inner_text()


# The snippet of docs/embedding.md for pages that do not load embed.js.
SNIPPET = ('addEventListener("message", (e) => { const d = e.data; if (d && d.type === "stripdeck:height")'
           ' for (const f of document.querySelectorAll("iframe")) if (f.contentWindow === e.source)'
           ' f.style.height = d.height + "px"; });')


def _host_page(tmp_path: Path, body: str, with_embed_js: bool = True) -> None:
    os.symlink(DIST, tmp_path / "sd")
    script = ("<script type='module' src='sd/embed.js'></script>" if with_embed_js
              else f"<script>{SNIPPET}</script>")
    ready = ("document.addEventListener('stripdeck:ready', () => document.body.dataset.ready = '1');"
             if with_embed_js else "document.body.dataset.ready = '1';")
    (tmp_path / "host.html").write_text(
        "<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
        "<style>* { font-family: 'Comic Sans MS', cursive !important; color: magenta; letter-spacing: 3px; }"
        " table { border: 5px dashed red; } .sd-card { width: 300px; }</style>"
        f"{script}</head><body>{body}<script>{ready}</script></body></html>")


def test_two_widgets_on_one_page_share_one_pyodide_and_keep_their_styles(
        page: Any, page_log: PageLog, tmp_path: Path) -> None:
    _host_page(tmp_path, (
        '<p><span class="sd-card" id="outside">host card</span></p>'
        f'<div id="one" data-stripdeck-widget="compare" data-a="{FLUSH.replace("%20", " ")}"'
        f' data-b="{FULL.replace("%20", " ")}" data-grid="0"></div>'
        '<div id="two" data-stripdeck-widget="ranking" data-flush-beats-full-house="0"></div>'
        '<div id="three" data-stripdeck-widget="compare" data-a="Ah" data-suit-order="xx"></div>'))
    wasm: list[str] = []
    page.on("request", lambda r: r.url.endswith("pyodide.asm.wasm") and wasm.append(r.url))
    with serve_in_thread(tmp_path) as url:
        page_log.origin = origin_of(url)
        open_ready(page, url + "host.html")
        assert page.locator("#one .sd-verdict").inner_text() == \
            "Hand A wins: a flush beats a full house in 32-card poker."
        assert page.locator("#two tbody tr").nth(2).locator("th").inner_text() == "Full house"
        assert "suit_order must name each suit once" in page.locator("#three [role=alert]").inner_text()
        assert page.locator("#three").get_attribute("data-stripdeck-state") == "error"
        assert len(wasm) == 1  # Pyodide loaded once for all widgets
        inside = page.locator("#one .sd-verdict").evaluate(
            "e => [getComputedStyle(e).fontFamily, getComputedStyle(e).letterSpacing]")
        assert "Comic" not in inside[0] and inside[1] == "normal"
        assert page.locator("#two table").evaluate("e => getComputedStyle(e).borderTopStyle") != "dashed"
        assert page.locator("#outside").evaluate("e => getComputedStyle(e).width") != "34px"
        assert page.locator("#outside").evaluate("e => getComputedStyle(e).display") == "inline"
        screenshot(page, "widget-host-page")


@pytest.mark.parametrize("with_embed_js", [True, False], ids=["embed.js", "snippet"])
def test_an_iframe_sizes_itself(page: Any, page_log: PageLog, tmp_path: Path, with_embed_js: bool) -> None:
    _host_page(tmp_path, (
        f'<iframe id="f" src="sd/embed.html?widget=compare&a={FLUSH}&b={FULL}&grid=0" '
        'style="width:600px;border:0"></iframe>'), with_embed_js)
    with serve_in_thread(tmp_path) as url:
        page_log.origin = origin_of(url)
        open_ready(page, url + "host.html")
        page.frame_locator("#f").locator(".sd-verdict").wait_for()
        page.wait_for_function("() => document.getElementById('f').style.height !== ''")
        height = page.locator("#f").evaluate("e => e.getBoundingClientRect().height")
        content = page.frame_locator("#f").locator("body").evaluate("e => e.getBoundingClientRect().height")
        assert height > 150 and abs(height - content) <= 2


def test_the_examples_page_mounts_every_widget(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "examples.html")
    states = page.locator("[data-stripdeck-widget]").evaluate_all(
        "els => els.map(e => [e.dataset.stripdeckWidget, e.dataset.stripdeckState])")
    assert [s for w, s in states if w != "compare"] == ["ready"] * 7
    assert [s for w, s in states if w == "compare"] == ["ready", "ready", "ready", "ready"]
    assert "cannot be" in page.locator("#errors [role=alert]").inner_text() or \
        "duplicate card Ah" in page.locator("#errors [role=alert]").inner_text()
    screenshot(page, "widget-examples")


def test_the_joker_completes_a_full_house_in_the_ranking_and_compare_widgets(page: Any, site_url: str) -> None:
    # RULES.md s.8 (corrected): K K Q Q + joker is a full house, kings full of queens.
    open_ready(page, f"{site_url}embed.html?widget=ranking&preset=cardroom&joker=1")
    rows = page.locator("#widget tbody tr")
    counts = {rows.nth(i).locator("th").inner_text(): rows.nth(i).locator("td.sd-num").first.inner_text()
              for i in range(rows.count())}
    assert counts == {"Five aces": "1", "Straight flush": "104", "Four of a kind": "343", "Flush": "400",
                      "Full house": "3,136", "Straight": "10,392", "Three of a kind": "12,768",
                      "Two pairs": "28,224", "One pair": "124,404", "High card": "57,564"}
    assert "(K K Q Q + joker: kings full of queens)" in widget_text(page)
    screenshot(page, "widget-ranking-joker")

    kkqq, aajj = quote("Kh Kd Qc Qs Jk"), quote("Ah Ad Jc Js 9h")
    open_ready(page, f"{site_url}embed.html?widget=compare&preset=cardroom&joker=1&a={kkqq}&b={aajj}")
    assert page.locator("#widget .sd-value").first.inner_text() == "Full house, kings full of queens"
    assert page.locator("#widget .sd-verdict").inner_text() == "Hand A wins: a full house beats two pairs."
    assert page.locator("#widget .sd-note").inner_text() == "In hand A the joker completes the full house as a king."
    # Typed again as three kings and an eight: still a full house, now kings full of eights.
    page.locator("#widget input[name=a]").fill("Kh Kd Kc 8s Jk")
    page.locator("#widget .sd-value", has_text="Full house, kings full of eights").wait_for()
    screenshot(page, "widget-compare-joker")


def _cross_site_host(tmp_path: Path, dist_url: str, widgets: str) -> None:
    (tmp_path / "host.html").write_text(
        "<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
        f"<script src='{dist_url}embed.js' defer></script></head><body>{widgets}"
        "<script>document.addEventListener('stripdeck:ready', () => document.body.dataset.ready = '1');"
        "</script></body></html>")


@pytest.mark.parametrize("cross_origin", [False, True], ids=["no-cors-header", "cors-header"])
def test_a_page_on_another_site_gets_the_widgets_only_with_the_cors_header(
        page: Any, page_log: PageLog, tmp_path: Path, cross_origin: bool) -> None:
    # The host page and dist/ on two origins (two ports). Without Access-Control-Allow-Origin the
    # browser refuses the widget files: the widget must say so instead of staying blank.
    with serve_in_thread(DIST, cross_origin=cross_origin) as dist_url, serve_in_thread(tmp_path) as host_url:
        page_log.origin = origin_of(host_url)
        page.route(f"{dist_url}**", lambda route: route.continue_())  # the widgets' own site
        page_log.allow(r"blocked by CORS policy|net::ERR_FAILED")
        _cross_site_host(tmp_path, dist_url, "<div id='r' data-stripdeck-widget='ranking'></div>")
        open_ready(page, host_url + "host.html")
        state = page.locator("#r").get_attribute("data-stripdeck-state")
        if cross_origin:
            assert state == "ready" and page.locator("#r tbody tr").count() == 9
            assert not page_log.console_errors
        else:
            assert state == "error"
            message = page.locator("#r [role=alert]").inner_text()
            assert "could not start" in message
            assert f"Its files on {origin_of(dist_url)} could not be fetched from this page" in message
            assert '"Access-Control-Allow-Origin"' in message
            screenshot(page, "widget-no-cors-header")


@pytest.mark.parametrize("form", ["script", "iframe"])
def test_the_mini_game_fits_its_content_and_keeps_the_presets_clocks(
        page: Any, page_log: PageLog, tmp_path: Path, form: str) -> None:
    if form == "script":
        _host_page(tmp_path, '<div id="g" data-stripdeck-widget="game" data-preset="official" '
                             'data-opponents="2"></div>')
    else:
        _host_page(tmp_path, '<iframe id="f" src="sd/embed.html?widget=game&preset=official&opponents=2" '
                             'style="width:900px;border:0" title="Stripdeck game"></iframe>')
    with serve_in_thread(tmp_path) as url:
        page_log.origin = origin_of(url)
        open_ready(page, url + "host.html")
        outer = page if form == "script" else page.frame_locator("#f")
        play = outer.locator("a.sd-play")
        play.wait_for()
        assert "the official rules, you and 2 bots, no clocks" in outer.locator(".sd-game-line").inner_text()
        play.click()
        frame_element = outer.locator("iframe.sd-game-frame")
        game = frame_element.content_frame
        game.locator("body[data-my-turn='1']").wait_for(state="attached")
        assert game.locator("#table .seat").count() == 3
        assert game.locator(".timer").count() == 0  # official rules: no clocks
        # The iframe is as tall as the game: no scrolling inside it to reach the buttons.
        page.wait_for_function("""() => {
            const f = document.querySelector('#g')?.shadowRoot?.querySelector('iframe')
                ?? document.querySelector('#f').contentDocument.querySelector('#widget').shadowRoot
                    .querySelector('iframe');
            const d = f.contentDocument.documentElement;
            return d.scrollHeight <= f.clientHeight + 1 && f.clientHeight > 400;
        }""")
        controls = game.locator("#controls button").first
        inside = controls.evaluate("b => b.getBoundingClientRect().bottom <= innerHeight")
        assert inside
        if form == "iframe":  # the host resizes the widget's iframe to the game's height too
            page.wait_for_function("""() => {
                const f = document.querySelector('#f');
                const inner = f.contentDocument.body.getBoundingClientRect().height;
                return Math.abs(f.getBoundingClientRect().height - inner) <= 2;
            }""")
        screenshot(page, f"widget-game-{form}")


# ----------------------------------------------------------------------------- languages

SKELETON = """root => [...root.querySelectorAll('*')].map(e => e.tagName + '.' + e.className
    + (e.dataset.part ? '/' + e.dataset.part : '') + (e.dataset.do ? '/' + e.dataset.do : ''))"""


def test_the_iframe_takes_lang_and_its_page_in_each_language(page: Any, site_url: str) -> None:
    # lang= in the iframe's URL: pre-rendered in Italian (no Python), its language on its page
    # and on the widget, its numbers the Italian way.
    open_ready(page, f"{site_url}embed.html?widget=ranking&lang=it")
    assert page.locator("html").evaluate("e => [e.lang, e.dir]") == ["it", "ltr"]
    assert page.locator("#widget .sd-root").evaluate("e => [e.lang, e.dir]") == ["it", "ltr"]
    assert page.locator("#widget").get_attribute("data-stripdeck-source") == "prerendered"
    assert "201.376" in page.locator("#widget caption").inner_text()
    assert page.title().startswith("Stripdeck: ")
    # embed.<code>.html: the same page in Italian, whose widget speaks Italian unless lang= says
    open_ready(page, f"{site_url}embed.it.html?widget=compare&a={FLUSH}&b={FULL}")
    assert page.locator("#widget .sd-root").get_attribute("lang") == "it"
    assert page.locator("#widget").get_attribute("data-stripdeck-source") == "prerendered"
    open_ready(page, f"{site_url}embed.it.html?widget=ranking&lang=en")
    assert page.locator("html").get_attribute("lang") == "en"
    assert "201,376" in page.locator("#widget caption").inner_text()
    # English: as it was, and a lang naming none of ours is the widget's clear error, in English
    open_ready(page, f"{site_url}embed.html?widget=ranking")
    assert page.locator("#widget .sd-root").get_attribute("lang") == "en"
    open_ready(page, f"{site_url}embed.html?widget=ranking&lang=xx")
    assert page.locator("#widget").get_attribute("data-stripdeck-state") == "error"
    assert page.locator("#widget [role=alert]").inner_text() == \
        "Stripdeck widget: lang must be one of en, it, es, pt, fr, de, el, tr, bs, got 'xx'"


def test_every_word_from_the_catalogue_in_the_script_form_and_lang_changes_nothing_else(
        page: Any, page_log: PageLog, tmp_path: Path) -> None:
    # A page in the pseudo-language (<html lang="qps">): its widgets speak it unless data-lang
    # says otherwise. None is pre-rendered in qps, so Python renders them (one runtime), with
    # the catalogue it fetches once (locale/qps.mo); embed.js's own sentences come from
    # locale/qps.json. Every word a reader sees is then [bracketed].
    _host_page(tmp_path, (
        f'<div id="p" data-stripdeck-widget="compare" data-a="{FLUSH.replace("%20", " ")}"'
        f' data-b="{FULL.replace("%20", " ")}"></div>'
        f'<div id="e" data-stripdeck-widget="compare" data-lang="en" data-a="{FLUSH.replace("%20", " ")}"'
        f' data-b="{FULL.replace("%20", " ")}"></div>'
        '<div id="x" data-stripdeck-widget="ranking" data-lang="xx"></div>'
        '<div id="s" data-stripdeck-widget="scenario" data-src="sd/web/widgets/scenarios/split-offer.json"'
        ' data-faceup="1" data-speed="200"></div>'))
    (tmp_path / "host.html").write_text((tmp_path / "host.html").read_text().replace("<html>", '<html lang="qps">'))
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    with serve_in_thread(tmp_path) as url:
        page_log.origin = origin_of(url)
        open_ready(page, url + "host.html")
        assert page.locator("#p").get_attribute("data-stripdeck-source") == "python"
        assert page.locator("#e").get_attribute("data-stripdeck-source") == "prerendered"
        assert page.locator("#p .sd-root").get_attribute("lang") == "qps"
        assert page.locator("#e .sd-root").get_attribute("lang") == "en"
        # (the verdict itself is the engine's sentence: tests/test_widgets_languages.py says which
        # of those are in the catalogue yet; the widget's own words are checked here)
        for part in ("h2", ".sd-label", "label", "option"):
            assert page.locator(f"#p {part}").first.inner_text().startswith("["), part
        assert page.locator("#p input[name=a]").get_attribute("aria-label").startswith("[")
        assert page.locator("#e .sd-verdict").inner_text() == \
            "Hand A wins: a flush beats a full house in 32-card poker."
        # the same widget, the same markup: only the words differ
        assert page.locator("#p .sd-root").evaluate(SKELETON) == page.locator("#e .sd-root").evaluate(SKELETON)
        # a lang naming none of ours: said in the page's language
        alert = page.locator("#x [role=alert]").inner_text()
        assert alert.startswith("[Strïpdéçk wïdgét:") and "'xx'" in alert
        # an answer on interaction, in the widget's language; the English one stays English
        page.locator("#p input[name=a]").fill("Qh Qs Tc 9d 7h")
        page.locator("#p [data-card=Qs][data-hand=a]").wait_for()
        assert page.locator("#p .sd-result .sd-label").first.inner_text().startswith("[")
        page.locator("#e input[name=a]").fill("Qh Qs Tc 9d 7h")
        page.locator("#e .sd-verdict", has_text="Hand B wins: a full house beats a pair.").wait_for()
        # the scenario's Play and Pause: Python's words and embed.js's, both bracketed
        play = page.locator("#s [data-do=play]")
        before = play.inner_text()
        assert before.startswith("▶ [")
        play.click()
        assert play.inner_text().startswith("❚❚ [") and play.get_attribute("aria-label").startswith("[")
        page.wait_for_function(
            "() => document.querySelector('#s').shadowRoot.querySelector('.sd-frame').dataset.frame === '10'")
        assert play.inner_text() == before
        screenshot(page, "widgets-pseudo-language")
    fetched = [u.split("/sd/")[1] for u in seen if "/sd/locale/" in u]
    assert sorted(fetched) == ["locale/qps.json", "locale/qps.mo"]  # once each, for all of the page
    assert sum(u.endswith("pyodide.asm.wasm") for u in seen) == 1


def test_a_corrupt_catalogue_says_so_and_the_widget_answers_in_english(
        page: Any, page_log: PageLog, tmp_path: Path) -> None:
    _host_page(tmp_path, f'<div id="c" data-stripdeck-widget="compare" data-lang="it" '
                         f'data-a="{FLUSH.replace("%20", " ")}" data-b="{FULL.replace("%20", " ")}"></div>')
    page.route("**/sd/locale/it.mo", lambda route: route.fulfill(status=200, body=b"\x00 not a catalogue"))
    with serve_in_thread(tmp_path) as url:
        page_log.origin = origin_of(url)
        open_ready(page, url + "host.html")
        assert page.locator("#c").get_attribute("data-stripdeck-source") == "prerendered"
        page.locator("#c input[name=a]").fill("Qh Qs Tc 9d 7h")
        page.locator("#c .sd-verdict", has_text="Hand B wins: a full house beats a pair.").wait_for()
        note = page.locator("#c .sd-language-problem")
        assert note.count() == 1
        # said in the widget's language (embed.js's Italian sentences are complete), with Python's reason
        assert "non si sono potute caricare" in note.inner_text() and "not a gettext catalogue" in note.inner_text()
        page.locator("#c input[name=a]").fill("Ah Qh Th 8h 7h")
        page.locator("#c .sd-verdict", has_text="Hand A wins").wait_for()
        assert page.locator("#c .sd-language-problem").count() == 1  # said once


def test_in_the_pseudo_language_nothing_overflows_a_phone(browser: Any, tmp_path: Path) -> None:
    # Every widget at 390 px in qps (every sentence 40% longer, in brackets): nothing sticks out
    # of its widget, and the page does not scroll sideways.
    context = browser.new_context(viewport={"width": 390, "height": 800}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.set_default_timeout(READY_TIMEOUT_MS)  # Python starts in this page
        _host_page(tmp_path, (
            '<div id="r" data-stripdeck-widget="ranking" data-joker="1"></div>'
            f'<div id="c" data-stripdeck-widget="compare" data-a="{FLUSH.replace("%20", " ")}"'
            f' data-b="{FULL.replace("%20", " ")}" data-preset="official"></div>'
            '<div id="o" data-stripdeck-widget="odds" data-hand="Ah Kh Qh Jh 7c" data-opponents="2"></div>'
            '<div id="s" data-stripdeck-widget="scenario" data-src="sd/web/widgets/scenarios/side-pot.json"></div>'
            '<div id="g" data-stripdeck-widget="game" data-joker="1" data-flush-beats-full-house="0"></div>'
            '<div id="x" data-stripdeck-widget="odds" data-hand="Ah Kh Qh Jh Zz"></div>'))
        host = tmp_path / "host.html"
        host.write_text(host.read_text().replace("<html>", '<html lang="qps">')
                        .replace("<meta charset='utf-8'>", "<meta charset='utf-8'><meta name='viewport' "
                                 "content='width=device-width, initial-scale=1'>")
                        .replace("letter-spacing: 3px;", "").replace(".sd-card { width: 300px; }", ""))
        with serve_in_thread(tmp_path) as url:
            open_ready(page, url + "host.html")
            for widget in ("#r", "#c", "#o", "#s", "#g", "#x"):
                assert page.locator(widget).get_attribute("data-stripdeck-state") in ("ready", "error"), widget
                assert page.locator(f"{widget} .sd-root").get_attribute("lang") == "qps"
                out = page.locator(f"{widget} .sd-root").evaluate("""root => {
                    const right = root.getBoundingClientRect().right + 0.5;
                    return [...root.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > right
                        || (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'hidden'))
                        .map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').slice(0, 40));
                }""")
                assert out == [], widget
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            screenshot(page, "widgets-pseudo-language-390px")
    finally:
        context.close()
