"""The betting structure chosen in Settings, in Chromium: no limit heads-up on the online preset
lets you bet more than the pot, and the page fetches the trained no-limit strategy for its bot
(tests/test_betting_structure.py checks the setting itself on CPython).

The page fixture fails the test on any console error or uncaught error.
"""

from __future__ import annotations

import re
from typing import Any

from browser_support import open_ready, screenshot
from game_helpers import applied, wait_turn_or_end


def test_no_limit_heads_up_lets_you_bet_more_than_the_pot(page: Any, site_url: str) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    open_ready(page, site_url + "index.html?reset=1&bots=fast&seed=3&timer=300")
    page.click("header button[data-panel=settings]")
    assert page.locator("select[name=structure]").input_value() == "preset"
    page.select_option("select[name=structure]", label="No limit")
    page.select_option("select[name=opponents]", "1")
    page.click("[data-cmd=apply]")
    page.click('[data-cmd=apply][data-confirmed="1"]')  # a hand was in play
    page.wait_for_function("() => document.querySelectorAll('#table .seat').length === 2")
    page.click('header button[data-cmd="toggle-panel"][data-panel="help"]')  # How to play follows the choice
    page.wait_for_function("() => document.querySelector('#help-body').textContent.includes('No limit: the smallest')")
    page.click('#help [data-cmd="close-panel"]')
    for _ in range(40):  # to a turn of yours with a bet or raise on offer
        state = wait_turn_or_end(page)
        if state == "turn" and page.locator("#amount-number").count():
            break
        page.keyboard.press("n" if state == "over" else "d" if state == "draw" else "c")
        page.wait_for_timeout(150)
    else:
        raise AssertionError("no bet or raise was ever on offer")
    pot = int(re.sub(r"\D", "", page.inner_text("#pot")))
    low = int(page.get_attribute("#amount-number", "min") or 0)
    high = int(page.get_attribute("#amount-number", "max") or 0)
    amount = max(low, pot * 3 + 10)
    assert amount > pot and amount < high  # pot limit would stop at the pot; no limit goes to your stack
    page.fill("#amount-number", str(amount))
    button = page.locator("#controls [data-cmd=bet], #controls [data-cmd=raise]").first
    page.wait_for_function("([b, w]) => b.dataset.action.endsWith(' ' + w)", arg=[button.element_handle(), str(amount)])
    applied(page, button.click)
    page.wait_for_function("w => new RegExp('You (bet|raise to) ' + w + '\\\\b').test("
                           "document.getElementById('history-list').innerText)", arg=str(amount))
    screenshot(page, "no-limit-bet-above-the-pot")
    page.wait_for_selector("body[data-prepare-ms]", state="attached")
    assert any(url.endswith("/web/data/strategy-online-no-limit.bin") for url in requested), requested
    assert page.locator("#notices").is_hidden(), page.inner_text("#notices")
