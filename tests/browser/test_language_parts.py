"""The page's catalogue in parts, in Chromium (docs/i18n.md, "Bytes"): a page in a language loads
its catalogue's first part only (locale/<code>.page.mo) to play; How to play's, the Hint's and
the Friends panel's parts are fetched when first needed and draw their region again in place;
a part that cannot be fetched is a notice in the player's language and the game goes on."""

from __future__ import annotations

import gettext
from typing import Any

from browser_support import ROOT, open_ready
from game_helpers import play_to_the_draw, play_to_the_end, wait_turn_or_end

DIST = ROOT / "dist"


def italian(context: str | None, english: str) -> str:
    """A sentence as the built Italian catalogue says it (the whole one: every part)."""
    with (DIST / "locale" / "it.mo").open("rb") as mo:
        translations = gettext.GNUTranslations(mo)
    text = translations.pgettext(context, english) if context else translations.gettext(english)
    assert text != english, f"no Italian for {english!r}"
    return text


def watch_catalogues(page: Any) -> list[str]:
    """The catalogue files the page asks for (locale/...), in order, as they are requested."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url.split("/locale/")[1].split("?")[0])
            if "/locale/" in request.url else None)
    return asked


def started(page: Any) -> None:
    page.wait_for_function("() => document.body.classList.contains('started') && document.body.dataset.prepareMs")


def choose_bosnian(page: Any) -> None:
    """Settings: the bosnian preset (How to play then says a rule the pre-rendered page does not)."""
    page.click("header button[data-panel=settings]")
    page.select_option("select[name=preset]", "bosnian")
    page.click("[data-cmd=apply]")
    page.click('[data-cmd=apply][data-confirmed="1"]')
    page.wait_for_function("() => document.body.dataset.hand === '1'")


BOSNIAN_RULE = ("Choice of the fourth card: exchange exactly four cards and you get three face down, then one face"
                " up (everyone sees it) and one face down (nobody sees it). Take either as your fourth card; the "
                "other is discarded, the face-down one unseen.")


def test_a_page_in_italian_loads_only_the_first_part_of_its_catalogue_to_play(page: Any, site_url: str) -> None:
    asked = watch_catalogues(page)
    open_ready(page, site_url + "index.it.html?bots=fast&seed=3&reset=1")
    started(page)
    assert page.locator("#history").is_visible()  # History is open (a wide screen): its words are the first part's
    assert wait_turn_or_end(page) in ("turn", "draw", "over")
    page.wait_for_timeout(300)
    assert asked == ["it.page.mo"]


def test_how_to_play_s_part_is_fetched_when_opened_and_drawn_in_place(page: Any, site_url: str) -> None:
    asked = watch_catalogues(page)
    open_ready(page, site_url + "index.it.html?bots=fast&seed=7&reset=1")
    started(page)
    page.evaluate("() => { window.sameDocument = true; }")
    choose_bosnian(page)
    assert "it.help.mo" not in asked
    page.click('header button[data-cmd="toggle-panel"][data-panel="help"]')
    rule = italian(None, BOSNIAN_RULE)
    page.wait_for_function("t => document.querySelector('#help-body').textContent.includes(t)", arg=rule[:60])
    assert asked == ["it.page.mo", "it.help.mo"]
    text = page.inner_text("#help-body")
    assert "Choice of the fourth card" not in text and "How a hand goes" not in text  # no English left
    assert page.evaluate("() => window.sameDocument") is True  # in place: the same page


def test_the_hint_s_part_is_fetched_when_the_hint_is_asked_for(page: Any, site_url: str) -> None:
    asked = watch_catalogues(page)
    open_ready(page, site_url + "index.it.html?bots=fast&seed=3&reset=1")
    started(page)
    play_to_the_draw(page)
    assert asked == ["it.page.mo"]
    page.click("#controls [data-cmd=hint]")
    page.wait_for_selector("#advice .advice-reason")
    assert asked == ["it.page.mo", "it.hint.mo"]
    # The advisor's reason in Italian: it opens as one of the Italian catalogue's reasons does.
    with (DIST / "locale" / "it.hint.mo").open("rb") as mo:
        reasons = [str(text) for text in gettext.GNUTranslations(mo)._catalog.values()]  # type: ignore[attr-defined]
    reason = page.inner_text("#advice .advice-reason")
    assert any(reason.startswith(text.split("{")[0]) for text in reasons if text.split("{")[0].strip()), reason


def test_the_friends_panel_s_part_is_fetched_when_opened(page: Any, site_url: str) -> None:
    asked = watch_catalogues(page)
    open_ready(page, site_url + "index.it.html?bots=fast&seed=3&reset=1")
    started(page)
    page.click('header button[data-cmd="toggle-panel"][data-panel="friends"]')
    page.wait_for_selector("#friends-body form")
    assert asked == ["it.page.mo", "it.friends.mo"]
    text = page.inner_text("#friends-body")
    assert "as soon as the game has loaded" not in text and "Host" not in text.split()


def test_a_part_that_cannot_be_fetched_is_a_notice_in_the_page_s_language_and_the_game_goes_on(
        page: Any, page_log: Any, site_url: str) -> None:
    page_log.allow(r"Failed to load resource")
    page.route("**/locale/it.help.mo", lambda route: route.abort())
    open_ready(page, site_url + "index.it.html?bots=fast&seed=7&reset=1")
    started(page)
    choose_bosnian(page)
    page.click('header button[data-cmd="toggle-panel"][data-panel="help"]')
    notice = italian(None, "Some of the page's words in {language} could not be loaded: they are shown in English. "
                           "The game goes on.").replace("{language}", "Italiano")
    page.wait_for_function("t => document.querySelector('#notices').textContent.includes(t)", arg=notice)
    # How to play is drawn all the same, its rules in English (the table's words stay Italian).
    page.wait_for_function(
        "() => document.querySelector('#help-body').textContent.includes('Choice of the fourth card')")
    page.click('#help [data-cmd="close-panel"]')
    # The game goes on: the hand is played to its end.
    number = int(page.get_attribute("body", "data-hand") or 0)
    play_to_the_end(page)
    # Its end: the Deal button, or already the next hand (fast bots: auto-deal 0.4 s after the result).
    assert page.evaluate("n => !!document.querySelector('#controls [data-cmd=deal]')"
                         " || +document.body.dataset.hand > n", number)
