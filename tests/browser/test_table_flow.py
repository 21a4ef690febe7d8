"""The table never stalls and never loses a finished hand, at normal bot pace (no bots=fast).

Each test here reproduces a dead end players met: dealing the next hand yourself before the
automatic deal, reloading after busting out, reloading during a showdown, a Split tag that
stayed up after the offer was declined.
"""

from __future__ import annotations

import time
from typing import Any

from browser_support import open_ready, screenshot
from game_helpers import (
    applied,
    deal_next_hand,
    hand_number,
    history,
    passive_action,
    play_passively_until,
    wait_turn_or_end,
)
from settle import unsettled

# A bot acts within 0.9 s of its turn; allow for a busy 2-core machine.
BOT_SECONDS = 5.0


def step(page: Any) -> str:
    return str(page.get_attribute("body", "data-step"))


def assert_someone_moves(page: Any, why: str) -> None:
    """Within BOT_SECONDS the human may act, a bot acts, or the hand is over with a button."""
    before = step(page)
    deadline = time.monotonic() + BOT_SECONDS
    while time.monotonic() < deadline:
        if step(page) != before or page.get_attribute("body", "data-my-turn") == "1":
            return
        if page.locator('#controls [data-cmd="deal"], #controls [data-cmd="newtable"]').count():
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the table stalled ({why}): {page.inner_text('#status')!r}, step {before}")


def test_dealing_the_next_hand_yourself_never_stalls_the_bots(page: Any, site_url: str) -> None:
    # The report: fold or check to the end of hand 1, deal at once, repeat; a bot first to act
    # in the new hand stayed "Ada to act." for good.
    open_ready(page, site_url + "index.html?reset=1&seed=5")
    for number in range(1, 6):
        while hand_number(page) == number:
            state = wait_turn_or_end(page, timeout=BOT_SECONDS * 8)
            if state == "over":
                break
            if state == "draw":
                applied(page, lambda: page.keyboard.press("d"))
            else:
                fold = page.locator("#controls [data-cmd=fold]")
                applied(page, (fold.click if fold.count() and number % 2 else lambda: passive_action(page)))
        page.locator("#controls [data-cmd=deal]").click()  # at once: before the automatic deal
        page.wait_for_function("n => +document.body.dataset.hand === n", arg=number + 1)
        assert_someone_moves(page, f"hand {number + 1} dealt by hand")
    assert hand_number(page) == 6


def test_pressing_deal_twice_deals_one_hand(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?reset=1&seed=7&bots=fast")
    while wait_turn_or_end(page) != "over":
        passive_action(page) if page.locator("#controls [data-cmd=draw]").count() == 0 else \
            applied(page, lambda: page.keyboard.press("d"))
    number = hand_number(page)
    with unsettled(page):  # the second N before the worker has answered the first
        page.keyboard.press("n")
        page.keyboard.press("n")
    page.wait_for_function("n => +document.body.dataset.hand > n", arg=number)
    page.wait_for_timeout(300)
    assert hand_number(page) == number + 1
    assert_someone_moves(page, "after a double N")


def bust_out(page: Any) -> None:
    """A table of 20-chip stacks with ×10 stakes: all in every time until the table is over."""
    page.click("header button[data-panel=settings]")
    page.fill("input[name=stack]", "20")
    page.select_option("select[name=stakes]", "10")
    page.select_option("select[name=opponents]", "1")
    page.click("#settings-form [data-cmd=apply]")
    confirm = page.locator('#settings-form [data-confirmed="1"]')
    confirm.click()
    page.wait_for_function("() => document.body.dataset.hand === '1'")
    for _ in range(100):
        if page.get_attribute("body", "data-over") == "1":
            return
        state = wait_turn_or_end(page, timeout=30)
        if state == "draw":
            applied(page, lambda: page.keyboard.press("d"))
        elif state == "turn":
            allin = page.locator("#controls [data-cmd=allin], #controls [data-cmd=call]")
            applied(page, allin.first.click) if allin.count() else passive_action(page)
        elif page.get_attribute("body", "data-over") != "1":
            deal_next_hand(page)
    raise AssertionError("the table never ended")


def test_a_reload_at_game_over_brings_back_the_game_over_screen(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?reset=1&seed=3&bots=fast")
    bust_out(page)
    over = page.inner_text("#controls .game-over")
    summary = page.inner_text("#controls .summary")
    assert " played, " in summary and "Net result: -20." in summary
    screenshot(page, "game-over")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert page.inner_text("#controls .game-over") == over
    assert page.inner_text("#controls .summary") == summary
    assert page.locator("#copy").is_enabled()  # the last hand is still there to export
    page.locator("#controls [data-cmd=newtable]").click()
    page.wait_for_function("() => document.body.dataset.over === '0' && document.body.dataset.hand === '1'")
    assert_someone_moves(page, "a new table after game over")


def test_a_reload_during_the_showdown_keeps_the_finished_hand(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?reset=1&seed=11")
    while wait_turn_or_end(page, timeout=40) != "over":
        if page.locator("#controls [data-cmd=draw]").count():
            applied(page, lambda: page.keyboard.press("d"))
        else:
            passive_action(page)
    # The result is named once the showdown's cards have turned over (the scheduler's announce step).
    page.wait_for_function("document.getElementById('status').innerText.includes('win')", timeout=5000)
    number, status, lines = hand_number(page), page.inner_text("#status"), history(page)
    assert "win" in status
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert (hand_number(page), page.inner_text("#status"), history(page)) == (number, status, lines)
    assert page.locator("#copy").is_enabled() and page.locator("#download").is_enabled()
    assert page.locator("#controls [data-cmd=deal]").count() == 1
    # ... and the next hand still deals itself after the pause.
    page.wait_for_function("n => +document.body.dataset.hand > n", arg=number, timeout=15_000)


def test_a_declined_split_leaves_no_split_tag(page: Any, site_url: str) -> None:
    # Heads-up, online preset, seed 1: in hand 4 Ada offers to split; the human checks.
    open_ready(page, site_url + "index.html?embed=1&preset=online&opponents=1&bots=fast&seed=1")
    ada_split = page.locator("#table .seat:not(.human) .last-action", has_text="Split")
    play_passively_until(page, lambda: bool(ada_split.count() and page.locator("#controls [data-cmd=split]").count()),
                         "Ada never offered to split")
    check = page.locator("#controls [data-cmd=check]")
    assert "Declines the split" in (check.get_attribute("title") or "")
    assert "offered to split" in page.inner_text("#controls .help-line")
    split = page.locator("#controls [data-cmd=split]")
    assert "share the pot" in (split.get_attribute("title") or "")
    applied(page, check.click)
    assert "You decline the split." in history(page)
    assert not page.locator("#table .last-action", has_text="Split").count()
