"""Each offered language in the game page, as a person who reads it meets it (issue 17).

A browser whose language is Italian (German, Greek, ...) opens the game: the page it is sent to
is its language's from the first paint, it plays a hand by clicking and keys, and opens every
panel; no English sentence that the language translates is left on screen (text, labels,
titles). German and Greek, the longest words, on a 390 px phone: nothing sticks out of its box
or off the screen in any panel.

English sentences are read from the language's own compiled catalogue in dist/locale/: a
sentence whose English appears on the page (whole, as a line of text or a label) is a word the
page did not take from the catalogue. Sentences that the language writes like the English (a
"Full house", a "Flush") or that another sentence translates to are not counted.
"""

from __future__ import annotations

import gettext
from pathlib import Path
from typing import Any

import pytest
from browser_support import PageLog, origin_of, screenshot
from conftest import READY_TIMEOUT_MS
from game_helpers import applied, wait_turn_or_end
from stripdeck import i18n

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
OTHER_LANGUAGES = [code for code in i18n.LANGUAGES if code != "en"]
PANELS = ("help", "settings", "history", "friends")
VISIBLE_WORDS = """() => {
    const seen = new Set();
    const visible = (e) => e.offsetParent !== null || getComputedStyle(e).position === 'fixed';
    for (const e of document.querySelectorAll('body *')) {
        if (!visible(e)) continue;
        for (const line of (e.innerText || '').split('\\n')) if (line.trim()) seen.add(line.trim());
        for (const name of ['aria-label', 'title', 'placeholder', 'aria-description'])
            if (e.getAttribute(name)) seen.add(e.getAttribute(name).trim());
    }
    seen.add(document.title);
    return [...seen];
}"""
STICKING_OUT = """() => {
    const width = document.documentElement.clientWidth + 0.5;
    const visible = (e) => e.offsetParent !== null && e.getClientRects().length;
    const hiddenOnPurpose = (e) => e.closest('.sr-only, .skip');  // read out, or shown on focus only
    return [...document.querySelectorAll('body *')].filter(e => visible(e) && !hiddenOnPurpose(e)
            && e.childElementCount === 0
            && (e.textContent || '').trim()
            && (e.getBoundingClientRect().right > width
                || (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'hidden')))
        .map(e => e.tagName + '.' + e.className + ': ' + e.textContent.trim().slice(0, 50));
}"""


def english_left_untranslated(code: str) -> set[str]:
    """The English sentences (without placeholders) that the language translates differently,
    and that no sentence of the language reads like."""
    with (DIST / "locale" / f"{code}.mo").open("rb") as mo:
        catalogue = gettext.GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
    english: set[str] = set()
    translations: set[str] = set()
    for key, text in catalogue.items():
        msgid = key[0] if isinstance(key, tuple) else key
        msgid = msgid.split("\x04", 1)[-1]
        if not msgid or not text:
            continue
        translations.add(text.strip())
        if "{" not in msgid and any(ch.isalpha() for ch in msgid) and text.strip() != msgid.strip():
            english.add(msgid.strip())
    return english - translations


def open_game(browser: Any, site_url: str, code: str, viewport: dict[str, int], mobile: bool,
              query: str = "") -> tuple[Any, Any, PageLog]:
    """The game in a fresh browser whose language is `code` (the pseudo-language: English, with lang=)."""
    locale = "en-US" if code == i18n.PSEUDO else code
    context = browser.new_context(viewport=viewport, locale=locale, is_mobile=mobile, has_touch=mobile)
    log = PageLog(origin=origin_of(site_url))
    context.route("**/*", lambda route: route.continue_() if log.is_local(route.request.url)
                  else (log.foreign_requests.append(route.request.url), route.abort()))
    page = context.new_page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    log.watch(page)
    page.goto(site_url + "?bots=fast" + query)
    page.wait_for_selector("body[data-ready='1']", state="attached")
    return context, page, log


def english_on_screen(page: Any, english: set[str]) -> list[str]:
    return sorted(text for text in page.evaluate(VISIBLE_WORDS) if text in english)


def play_one_hand(page: Any) -> None:
    """Check or call, draw two cards by clicking them, deal the next hand with its key."""
    start = int(page.get_attribute("body", "data-hand") or 0)
    while int(page.get_attribute("body", "data-hand") or 0) == start:
        state = wait_turn_or_end(page)
        if state == "over":
            break
        if state == "draw":
            cards = page.locator("#table .seat.human button.card")
            cards.nth(0).click()
            cards.nth(1).click()
            applied(page, page.locator("#controls [data-cmd=draw]").click)
            continue
        for cmd in ("check", "call", "allin", "fold"):
            button = page.locator(f"#controls [data-cmd={cmd}]")
            if button.count():
                applied(page, button.click)
                break


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_a_person_plays_a_hand_and_reads_every_panel_in_their_language(browser: Any, site_url: str, code: str) -> None:
    english = english_left_untranslated(code)
    assert len(english) > 200  # the catalogue is the language's, with its sentences
    context, page, log = open_game(browser, site_url, code, {"width": 1280, "height": 800}, mobile=False)
    try:
        assert page.url.split("?")[0].endswith(f"/index.{code}.html")
        assert page.get_attribute("html", "lang") == code
        found = {"the table before the first action": english_on_screen(page, english)}
        play_one_hand(page)
        found["the table after a hand"] = english_on_screen(page, english)
        for panel in PANELS:
            page.click(f"header [data-cmd=toggle-panel][data-panel={panel}]")
            page.wait_for_selector(f"#{panel}:not([hidden])")
            found[panel] = english_on_screen(page, english)
            page.keyboard.press("Escape")
        screenshot(page, f"language-{code}")
        assert {where: words for where, words in found.items() if words} == {}
    finally:
        context.close()
    assert log.problems() == []


@pytest.mark.parametrize("code", [i18n.PSEUDO, *(c for c in ("de", "el") if c in i18n.LANGUAGES)])
def test_german_greek_and_the_pseudo_language_fit_a_phone(browser: Any, site_url: str, code: str) -> None:
    query = f"&lang={code}" if code == i18n.PSEUDO else ""
    context, page, log = open_game(browser, site_url, code, {"width": 390, "height": 844}, mobile=True, query=query)
    try:
        out = {"table": page.evaluate(STICKING_OUT)}
        play_one_hand(page)
        out["after a hand"] = page.evaluate(STICKING_OUT)
        for panel in PANELS:
            page.click(f"header [data-cmd=toggle-panel][data-panel={panel}]")
            page.wait_for_selector(f"#{panel}:not([hidden])")
            out[panel] = page.evaluate(STICKING_OUT)
            screenshot(page, f"language-{code}-390-{panel}")
            page.keyboard.press("Escape")
        assert {where: boxes for where, boxes in out.items() if boxes} == {}
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()
    assert log.problems() == []
