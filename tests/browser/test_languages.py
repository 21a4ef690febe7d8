"""The game page in its language, in Chromium: the pseudo-language from the first paint (the
pre-rendered table and panels, before Python), every region once Python draws, choosing a
language in Settings (the page changes in place and remembers it), and a lang= the game does
not speak (a notice in the page's language; the page stays as it was).

The pseudo-language ``qps`` writes every sentence in [brackets] (tests/pseudo_support.py), so a
word outside them did not come from the catalogue."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from browser_support import open_ready
from stripdeck import i18n

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pseudo_support import stray_words, visible_text  # noqa: E402

BOTS = ["Ada", "Bruno", "Chloé", "Dev", "Elif", "Femi", "Greta", "Hugo", "Ines"]
CARDS = [r + s for r in ("7", "8", "9", "10", "T", "J", "Q", "K", "A") for s in "hdcs"] + ["Jk", "JK"]
ALLOWED = [*BOTS, *CARDS, *i18n.NAMES.values(), "qps", "Stripdeck"]  # the picker: each language in its own name
REGIONS = ("#table", "#controls", "#settings-form", "#help-body", "#history-list", "#session-list")


def strays(page: Any, selector: str) -> list[str]:
    html = page.eval_on_selector(selector, "e => e.outerHTML")
    return stray_words(visible_text(html), allowed=ALLOWED)


def open_panel(page: Any, name: str) -> None:
    if page.locator(f"#{name}").is_hidden():
        page.click(f'header button[data-cmd="toggle-panel"][data-panel="{name}"]')
    page.wait_for_selector(f"#{name}:not([hidden])")


def test_lang_qps_shows_bracketed_words_from_the_first_paint(page: Any, site_url: str) -> None:
    page.goto(site_url + "index.html?lang=qps&seed=3&bots=fast", wait_until="domcontentloaded")
    assert page.url.split("?")[0].endswith("index.qps.html")  # the router moved to the language's page
    # Before Python: what the build pre-rendered, in the page's language.
    assert page.locator("body[data-ready='1']").count() == 0
    assert page.locator("html").get_attribute("lang") == "qps"
    for selector in ("#table", "#settings-form", "#help-body"):
        assert not strays(page, selector), selector
    assert page.title().startswith("[")
    # Python draws the table, the action bar and the panels: in qps too.
    page.wait_for_selector("body[data-ready='1']", state="attached")
    page.wait_for_function("() => document.body.classList.contains('started')")
    open_panel(page, "settings")
    open_panel(page, "help")
    page.wait_for_selector("#help-body .sd-root, #help-body table")
    for selector in REGIONS:
        assert not strays(page, selector), (selector, strays(page, selector))
    assert page.locator("#status").inner_text().startswith("[")


def test_choosing_a_language_in_settings_switches_in_place_and_is_remembered(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?lang=qps&seed=3&bots=fast&reset=1")
    page.wait_for_function("() => document.body.classList.contains('started')")
    page.evaluate("() => { window.sameDocument = true; }")
    open_panel(page, "settings")
    picker = page.locator('#settings-form select[name="lang"]')
    assert picker.evaluate("e => [...e.options].map(o => [o.value, o.textContent])") == [
        *([code, i18n.NAMES[code]] for code in i18n.LANGUAGES), ["qps", "qps"]]
    hand = page.get_attribute("body", "data-hand")
    picker.select_option("en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.wait_for_function("() => !document.querySelector('#status').textContent.startsWith('[')")
    assert page.evaluate("() => window.sameDocument") is True  # no new page: the same table, in place
    assert page.get_attribute("body", "data-hand") == hand
    assert page.title() == "Stripdeck · 32-card draw poker"
    assert page.url.split("/")[-1] == "index.html?seed=3&bots=fast" or page.url.endswith("index.html?seed=3&bots=fast")
    assert page.locator('link[rel="manifest"]').get_attribute("href") == "./manifest.webmanifest"
    open_panel(page, "help")
    page.wait_for_selector("#help-body h3")
    for selector in REGIONS:
        text = visible_text(page.eval_on_selector(selector, "e => e.outerHTML"))
        assert "[" not in text, (selector, text[:200])  # every region said again in English
    assert page.locator('header [data-panel="settings"]').inner_text().strip()[:1] != "["  # index.html's words
    # Remembered: a reload (the address has no lang= now) opens the English page with the same table.
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.url.split("?")[0].endswith("index.html")
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('stripdeck.settings')).lang")
    assert saved == "en"


def test_a_language_the_game_does_not_speak_is_a_notice_and_the_page_stays(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?lang=xx&seed=3")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.url.split("?")[0].endswith("index.html")
    notices = page.locator("#notices").inner_text()
    assert f"Ignored URL parameter lang='xx': the game speaks {', '.join(i18n.LANGUAGES)}, qps." in notices
    # The notice is in the page's language (tests/test_table_languages.py checks it in qps): the router
    # reads lang=xx as no choice at all, so a page opened with it stays the one the browser's languages
    # chose, and the game goes on.
    assert page.locator("#table .seat").count() >= 2


def test_a_language_s_own_page_stays_in_its_language_in_any_browser(page: Any, site_url: str) -> None:
    # A rules site of that language links index.<code>.html: an English browser with nothing saved
    # stays on it (the browser's languages decide only on index.html).
    page.goto(site_url + "index.qps.html?seed=3&bots=fast")
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert page.url.split("?")[0].endswith("index.qps.html")
    assert page.locator("html").get_attribute("lang") == "qps"
    assert page.locator("#status").inner_text().startswith("[")
    page.goto(site_url + "index.html?seed=3&bots=fast")
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert page.url.split("?")[0].endswith("index.html") and page.locator("html").get_attribute("lang") == "en"
