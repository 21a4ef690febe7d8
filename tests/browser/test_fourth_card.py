"""The choice of the fourth card in Chromium: the bosnian preset chosen in Settings, hands played to
the choice, the face-up card and the face-down card's back by your seat, taken with the keys (U)
and with the buttons (Take the face-down card), read out in the live region."""

from __future__ import annotations

from typing import Any

from browser_support import open_ready, screenshot
from game_helpers import applied, deal_next_hand, hand_number, history


def to_my_choice(page: Any, timeout_ms: int = 180_000) -> None:
    """Play passively (checking or calling) to your draw, exchange your first four cards with the keys,
    and wait for the choice; a hand that ends first is dealt again. The deadline is generous: with
    the suite on both cores of a loaded machine a hand can take tens of seconds."""
    deadline = page.evaluate("Date.now()") + timeout_ms
    while page.evaluate("Date.now()") < deadline:
        page.wait_for_function("""() => document.querySelector(
            '#controls [data-cmd=draw], #controls [data-cmd=check], #controls [data-cmd=call],'
            + ' #controls [data-cmd=deal], #controls [data-cmd=take-up]')""")
        controls = page.locator("#controls")
        if controls.locator("[data-cmd=take-up]").count():
            return
        if controls.locator("[data-cmd=deal]").count():
            deal_next_hand(page, by="key")
            continue
        if controls.locator("[data-cmd=draw]").count():
            for key in "1234":
                page.keyboard.press(key)
            assert controls.locator("[data-cmd=draw]").get_attribute("aria-label") == "Discard 4 cards"
            applied(page, lambda: page.keyboard.press("d"))
            continue
        applied(page, lambda: page.keyboard.press("c"))
    raise AssertionError("the page never offered the choice of the fourth card")


def test_the_bosnian_choice_of_the_fourth_card_with_keys_and_buttons(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "?bots=fast&seed=7")
    page.click("header button[data-panel=settings]")
    page.select_option("select[name=preset]", "bosnian")
    assert "choice of the fourth card" in page.inner_text("#preset-line")
    page.select_option("select[name=opponents]", "1")
    page.click("[data-cmd=apply]")
    page.click('[data-cmd=apply][data-confirmed="1"]')
    page.wait_for_function("() => document.querySelectorAll('#table .seat').length === 2")

    # The first choice: with the keys.
    to_my_choice(page)
    mine = page.locator("#table .seat.human")
    choice = mine.locator(".choice")
    assert choice.locator(".card").count() == 2
    up = choice.locator(".card").nth(0).get_attribute("aria-label")
    assert up and " of " in up  # the face-up card, named
    assert choice.locator(".card-back").count() == 1  # the face-down card: its back only
    assert "one card face down" in (choice.get_attribute("aria-label") or "")
    assert page.inner_text("#status").startswith("Your fourth card: take the ")
    take_up = page.locator("#controls [data-cmd=take-up]")
    assert take_up.get_attribute("aria-keyshortcuts") == "U" and take_up.get_attribute("data-action") == "take up"
    assert page.locator("#controls [data-cmd=take-down]").get_attribute("aria-keyshortcuts") == "D"
    assert page.locator("#controls [data-cmd=draw]").count() == 0
    page.wait_for_function("() => document.querySelector('#live').innerText.includes('face up')")
    assert "face up and a card face down" in history(page)
    screenshot(page, "bosnian-choice")
    applied(page, lambda: page.keyboard.press("u"))
    page.wait_for_function("() => document.querySelector('#history-list').innerText.includes('You take')")
    assert "the face-up card; the face-down card is discarded unseen" in history(page)
    assert mine.locator(".choice").count() == 0  # yours is gone (a bot drawing four next shows its own)
    assert mine.locator(".card").count() == 5

    # The next choice (this hand played on to its end first): with the button.
    number = hand_number(page)
    to_my_choice(page)
    assert hand_number(page) > number
    applied(page, lambda: page.click("#controls [data-cmd=take-down]"))
    page.wait_for_function("() => document.querySelector('#history-list').innerText"
                           ".includes('You take the face-down card')")
    assert mine.locator(".choice").count() == 0  # yours is gone (a bot drawing four next shows its own)
