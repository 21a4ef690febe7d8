"""Every decision readable at a glance: the pot with the round's bets, last actions, quick bet
sizes, explained clocks and splits, card names, the focus, a phone, loading, help, history."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from browser_support import open_ready, screenshot
from game_helpers import applied, hand_number, history, passive_action, play_to_the_draw, wait_turn_or_end


def number_in(text: str) -> int:
    return int(re.search(r"\d+", text).group())  # type: ignore[union-attr]


def test_the_pot_includes_the_bets_and_seats_show_their_last_action(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?reset=1&seed=11&bots=fast")
    assert "reset" not in page.url  # used once, then taken out of the address
    for _ in range(40):  # to a turn of the human's after others have acted this round
        state = wait_turn_or_end(page)
        if state == "turn" and page.locator("#table .last-action").count():
            break
        if state == "over":
            page.keyboard.press("n")
            page.wait_for_timeout(100)
        else:
            applied(page, lambda: page.keyboard.press("d")) if state == "draw" else passive_action(page)
    bets = [number_in(b) for b in page.locator("#table .bet").all_inner_texts()]
    if page.get_attribute("body", "data-phase") == "first betting round":
        assert number_in(page.inner_text("#pot")) == sum(bets) > 0
    else:
        assert number_in(page.inner_text("#pot")) >= sum(bets)
    tags = page.locator("#table .last-action").all_inner_texts()
    assert tags and all(re.fullmatch(r"(Check|Call|Bet \d+|Raise \d+|All in|Split)", t) for t in tags), tags
    # Pot limit: quick sizes set the amount; Pot is the largest raise the rules allow.
    pot = page.locator("#controls [data-cmd=size]", has_text="Pot").last
    if pot.count():
        pot.click()
        amount = page.locator("#amount-number")
        assert amount.input_value() == amount.get_attribute("max")
        raise_button = page.locator("#controls [data-cmd=raise], #controls [data-cmd=bet]")
        assert raise_button.get_attribute("data-action").endswith(" " + amount.input_value())
    screenshot(page, "readable-pot-and-tags")


def test_fixed_limit_shows_one_size_and_no_quick_sizes(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?embed=1&preset=official&opponents=2&bots=fast&seed=4")
    wait_turn_or_end(page)
    assert not page.locator("#controls [data-cmd=size]").count()
    assert not page.locator("#amount-range").count()


def test_the_focus_comes_to_the_action_bar_and_history_names_cards(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?reset=1&seed=5&bots=fast")
    for _ in range(60):
        state = wait_turn_or_end(page)
        if state in ("turn", "draw"):
            focused = page.evaluate("document.activeElement.closest('#controls') !== null")
            assert focused, "the focus did not come to the action bar on the human's turn"
        if state == "draw":
            page.keyboard.press("1")
            applied(page, lambda: page.keyboard.press("d"))
            break
        if state == "over":
            page.keyboard.press("n")
            page.wait_for_timeout(100)
            continue
        passive_action(page)
    text = history(page)
    assert re.search(r"You draw 1 card \(discard (seven|eight|nine|ten|jack|queen|king|ace) of "
                     r"(hearts|diamonds|clubs|spades)\)", text), text
    assert not re.search(r"\b[789TJQKA][hdcs]\b", text)
    assert re.search(r"\b(seven|eight|nine|ten|jack|queen|king|ace) of", page.inner_text("#live") + text)


def test_the_draw_clock_warns_then_says_what_happened(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?reset=1&seed=3&bots=fast&timer=7")
    play_to_the_draw(page)
    page.keyboard.press("1")
    page.keyboard.press("2")
    page.wait_for_selector("#table .seat.human .timer.low", state="attached", timeout=8000)
    assert "5 seconds left" in page.inner_text("#alert")
    page.wait_for_selector("#controls .note", timeout=8000)
    note = page.inner_text("#controls .note")
    assert "you stood pat" in note and "2 cards you selected were not discarded" in note
    assert "may no longer bet or raise" in note
    assert "You ran out of time." in history(page)
    screenshot(page, "draw-clock-ran-out")


def test_draw_up_to_five_says_when_the_fifth_card_comes(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?embed=1&preset=cardroom&opponents=1&bots=fast&seed=2")
    play_to_the_draw(page)
    assert "the fifth card comes after the others have drawn" in page.inner_text("#controls")


def test_a_phone_keeps_the_action_bar_on_screen_and_opens_panels_over_the_table(
        browser: Any, site_url: str, page_log: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_ready(page, site_url + "index.html?reset=1&seed=11&bots=fast")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        state = wait_turn_or_end(page)
        assert state in ("turn", "draw")
        bar = page.locator("#controls").bounding_box()
        assert bar is not None and bar["y"] + bar["height"] <= 844 + 1, bar  # on screen, without scrolling
        assert page.locator("#history").is_hidden()  # a sheet: closed at first on a phone
        controls = page.inner_text("#controls") + page.inner_text("#status")
        assert not re.search(r"\b[Cc]lick|\bkeys? \d", controls), controls
        assert all(not k.is_visible() for k in page.locator("kbd").all())
        page.locator("header button[data-panel=settings]").tap()
        heading = page.locator("#settings-title")
        box = heading.bounding_box()
        assert heading.is_visible() and box is not None and 0 <= box["y"] < 844
        screenshot(page, "phone-settings-sheet")
        page.locator("#settings button.close").tap()
        assert page.locator("#settings").is_hidden()
        page.locator("header button[data-panel=history]").tap()
        box = page.locator("#history-title").bounding_box()
        assert box is not None and 0 <= box["y"] < 844
        screenshot(page, "phone-history-sheet")
    finally:
        context.close()
    assert not errors


def test_loading_shows_what_is_happening_and_how_much_is_left(page: Any, site_url: str) -> None:
    def slow_wasm(route: Any) -> None:
        response = route.fetch()
        page.wait_for_timeout(1500)
        route.fulfill(response=response)

    page.route("**/pyodide.asm.wasm", slow_wasm)
    page.goto(site_url + "index.html?reset=1&bots=fast", wait_until="commit")
    page.wait_for_function("() => /of [0-9.]+ MB/.test(document.getElementById('load-text')?.textContent || '')")
    text = page.inner_text("#load-text")
    assert "Python runtime" in text and "MB left" in text, text
    assert page.locator("#load-progress").get_attribute("max") == "100"
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert not page.locator("#loading").count()  # the table replaced it


def test_how_to_play_shows_the_ranking_and_this_table_s_rules(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?embed=1&preset=cardroom&joker=1&opponents=1&bots=fast")
    page.click("header button[data-panel=help]")
    page.wait_for_selector("#help-body .sd-ranking")
    text = page.inner_text("#help-body")
    assert "A flush beats a full house" in text and "A-7-8-9-10" in text
    assert "Fixed limit" in text and "Antes" in text and "fifth card" in text and "Joker" in text
    assert page.locator("#help-body .sd-ranking tbody tr").count() == 10  # with the joker: five aces
    screenshot(page, "how-to-play")
    page.keyboard.press("Escape")
    assert page.locator("#help").is_hidden()


def test_the_session_history_lists_every_hand_and_downloads_as_one_file(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?reset=1&seed=9&bots=fast")
    while hand_number(page) < 4:
        state = wait_turn_or_end(page)
        if state == "draw":
            applied(page, lambda: page.keyboard.press("d"))
        elif state == "turn":
            passive_action(page)
        else:
            page.keyboard.press("n")
            page.wait_for_timeout(100)
    items = page.locator("#session-list li")
    assert items.count() >= 3
    first = items.last.inner_text()
    assert first.startswith("Hand 1") and (" wins " in first or " win " in first)
    with page.expect_download() as download:
        page.click("#download-session")
    data = json.loads(Path(download.value.path()).read_text())
    assert data["format"] == "stripdeck-session" and len(data["hands"]) == items.count()
    import os
    import subprocess
    import sys

    from browser_support import ROOT

    done = subprocess.run([sys.executable, "-m", "stripdeck", "replay", download.value.path()],
                          capture_output=True, text=True, check=False, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(ROOT / "core")))
    assert done.returncode == 0, done.stderr  # python -m stripdeck replay plays it back hand by hand
    results = json.loads(done.stdout)["hands"]
    assert len(results) == len(data["hands"]) and all(r["complete"] for r in results)
    assert results[0]["title"] == "Hand 1"
