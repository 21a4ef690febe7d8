"""Helpers that play the game page by clicking, for the browser tests."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from browser_support import screenshot
from playwright.sync_api import Error as PlaywrightError


def wait_turn_or_end(page: Any, timeout: float = 30.0) -> str:
    """Wait until the human may act or the hand is over; return 'turn', 'over' or 'draw'."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = page.evaluate("""() => {
            const c = document.querySelector('#controls');
            if (c.querySelector('[data-cmd=draw]')) return 'draw';
            if (c.querySelector('[data-cmd=fold], [data-cmd=check], [data-cmd=call], [data-cmd=split]'))
                return 'turn';
            if (c.querySelector('[data-cmd=deal], [data-cmd=newtable]')) return 'over';
            return '';
        }""")
        if state:
            return str(state)
        page.wait_for_timeout(50)
    raise AssertionError("the page never offered the human an action")


def hand_number(page: Any) -> int:
    return int(page.locator("body").get_attribute("data-hand") or 0)


def deal_next_hand(page: Any, by: str = "click") -> None:
    """Deal the next hand, the current one being over: by the Deal button (``by`` "click" or
    "tap") or its key ("key"). With auto-deal on the page may deal it first (0.4 s after the result
    with fast bots): then the button is gone before the press, and the next hand is here all the
    same. Returns once a later hand than the finished one is on the table."""
    number = page.evaluate("() => document.querySelector('#controls [data-cmd=deal]') ? +document.body.dataset.hand"
                           " : -1")  # one look: the button and the hand it ends
    if number < 0:
        return  # no Deal button: the next hand was dealt already
    button = page.locator("#controls [data-cmd=deal]")
    try:
        if by == "key":
            page.keyboard.press("n")
        elif by == "tap":
            button.tap(timeout=3000)
        else:
            button.click(timeout=3000)
    except PlaywrightError:  # the button went away: the page dealt the hand itself
        pass
    page.wait_for_function("n => +document.body.dataset.hand > n", arg=number)


def history(page: Any) -> str:
    return page.inner_text("#history-list")


def applied(page: Any, act: Callable[[], None]) -> None:
    """Act for the human, then wait until the page has applied it.

    A click is handled asynchronously (the first action may wait for the ranking tables),
    so without this the next look at the controls could still see the old buttons.
    """
    before = page.get_attribute("body", "data-step")
    act()
    page.wait_for_function("s => document.body.dataset.step !== s", arg=before)


def passive_action(page: Any) -> None:
    """Check if possible, else call (else whatever is on offer)."""
    for cmd in ("check", "call", "allin", "fold"):
        button = page.locator(f"#controls [data-cmd={cmd}]")
        if button.count():
            applied(page, button.click)
            return
    raise AssertionError("no betting button")


def play_to_the_end(page: Any, moves: int = 60) -> None:
    """Check, call, stand pat or take the face-up card until the hand is over (in any language:
    by the buttons' commands, not their words)."""
    for _ in range(moves):
        state = wait_turn_or_end(page)
        if state == "over":
            return
        if state == "draw":
            applied(page, lambda: page.click("#controls [data-cmd=draw]"))
            continue
        for cmd in ("check", "call", "take-up", "fold"):
            button = page.locator(f"#controls [data-cmd={cmd}]")
            if button.count():
                applied(page, button.click)
                break
    raise AssertionError("the hand never ended")


def play_hand(page: Any, discard: int = 0, shots: str = "") -> bool:
    """Play the current hand to its end by clicking; True if the human drew cards."""
    start = hand_number(page)
    drew = False
    while True:
        state = wait_turn_or_end(page)
        if hand_number(page) != start or state == "over":
            return drew
        if state == "draw":
            cards = page.locator("#table .seat.human button.card")
            draw = page.locator("#controls [data-cmd=draw]")
            assert draw.inner_text().startswith("Stand pat")
            if discard:
                for i in range(discard):
                    cards.nth(i).click()
                assert cards.nth(0).get_attribute("aria-pressed") == "true"
                label = f"Discard {discard} card{'s' if discard > 1 else ''}"
                assert draw.get_attribute("aria-label") == label
                cards.nth(0).click()  # unselect: the label follows
                assert cards.nth(0).get_attribute("aria-pressed") == "false"
                cards.nth(0).click()
                assert draw.get_attribute("aria-label") == label
                if shots:
                    screenshot(page, shots + "-draw")
                drew = True
            applied(page, draw.click)
        else:
            passive_action(page)



def play_to_the_draw(page: Any, tries: int = 100) -> None:
    """Play passively (dealing on when a hand ends) until the human is asked to draw."""
    for _ in range(tries):
        state = wait_turn_or_end(page, timeout=20)
        if state == "draw":
            return
        if state == "over":
            page.keyboard.press("n")
            page.wait_for_timeout(100)
        else:
            passive_action(page)
    raise AssertionError("the human was never asked to draw")


def play_passively_until(page: Any, found: Callable[[], bool], what: str, tries: int = 300) -> None:
    """Check, call, stand pat and deal on (by keyboard) until `found()` holds at the human's
    turn in a betting round; fail with `what` if it never does."""
    for _ in range(tries):
        state = wait_turn_or_end(page)
        if state == "over":
            page.keyboard.press("n")
            page.wait_for_timeout(100)
            continue
        if state == "draw":
            applied(page, lambda: page.keyboard.press("d"))
            continue
        if found():
            return
        passive_action(page)
    raise AssertionError(what)


def wait_announced(page: Any, timeout_ms: float = 15_000) -> None:
    """Wait until a finished hand's result is named: the showdown's cards have turned over (the
    scheduler's announce step; before it the status says the cards turn over)."""
    page.wait_for_function("() => !(document.querySelector('#status')?.innerText || '').includes('cards turn over')",
                           timeout=timeout_ms)
