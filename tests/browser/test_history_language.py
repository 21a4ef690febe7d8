"""History's hands already played follow a change of language (web/table/session_log.said_again): a
hand finished in the pseudo-language says its result in English once English is chosen in
Settings, in place, and so after a reload."""

from __future__ import annotations

from typing import Any

from browser_support import open_ready
from game_helpers import play_to_the_end


def results(page: Any) -> list[str]:
    return [str(t) for t in page.eval_on_selector_all("#session-list li", "ls => ls.map(l => l.textContent)")]


def test_a_hand_finished_in_one_language_is_said_again_in_the_next(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?lang=qps&seed=3&bots=fast&reset=1")
    page.wait_for_function("() => document.body.classList.contains('started')")
    play_to_the_end(page)
    page.wait_for_selector("#session-list li")
    before = results(page)
    assert len(before) == 1 and before[0].count("[") >= 2  # the title and the result, in qps
    page.evaluate("() => { window.sameDocument = true; }")
    if page.locator("#settings").is_hidden():
        page.click('header button[data-cmd="toggle-panel"][data-panel="settings"]')
    page.select_option('#settings-form select[name="lang"]', "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.wait_for_function("() => !document.querySelector('#session-list li').textContent.includes('[')")
    after = results(page)
    assert after[0].startswith("Hand 1") and (" wins " in after[0] or " win " in after[0]), after
    assert page.evaluate("() => window.sameDocument") is True
    page.reload()
    page.wait_for_function("() => document.body.classList.contains('started')")
    assert results(page) == after  # saved so
