"""After each input a test gives a page, wait until the page's worker has answered it.

The game's Python runs in a web worker (docs/ui.md, "Threads"): a click becomes a message, and
the table changes a message later, a few milliseconds after Playwright's click has returned. A
person sees the answer before they can look; a test reads the page at once. So every input
action of Playwright's sync API (a click, a key, a fill, a selection, on a page, a locator or
the keyboard and mouse) is followed by a wait for ``window.stripdeckSettled()`` (web/page/main.js:
the worker has run Python on every input message the page sent, and its changes came first).

A page without a worker (the widgets' pages, the friends transport's harness) or one still
before Python settles at once. A test that means to act before the answer (a double click, the
random player) says so with ``unsettled(page)``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Keyboard, Locator, Mouse, Page

SETTLED = "() => !window.stripdeckSettled || window.stripdeckSettled()"
SETTLE_TIMEOUT_MS = 30_000  # the worker may be busy (a bot's first-use tables) on a loaded machine
# The page went away under the wait: the action navigated, reloaded or closed it.
GONE = ("Execution context was destroyed", "Target page, context or browser has been closed",
        "navigation", "Target closed", "frame was detached")
ACTIONS = ("click", "dblclick", "tap", "fill", "type", "press", "check", "uncheck", "set_checked",
           "select_option", "dispatch_event", "press_sequentially", "clear", "set_input_files")


def settle(page: Page) -> None:
    """Wait until ``page``'s worker has answered every input the page sent (at once without one)."""
    if getattr(page, "_stripdeck_unsettled", 0) or page.is_closed():
        return
    try:
        page.wait_for_function(SETTLED, polling=10, timeout=SETTLE_TIMEOUT_MS)
    except PlaywrightError as err:
        if not any(reason in str(err) for reason in GONE):
            raise


@contextmanager
def unsettled(page: Page) -> Iterator[Page]:
    """Inputs given to ``page`` inside this block do not wait for the worker's answer."""
    page._stripdeck_unsettled = getattr(page, "_stripdeck_unsettled", 0) + 1  # type: ignore[attr-defined]
    try:
        yield page
    finally:
        page._stripdeck_unsettled -= 1  # type: ignore[attr-defined]


def _then_settle(action: Callable[..., Any], page_of: Callable[..., Page]) -> Callable[..., Any]:
    """``action``, then a wait for the worker's answer on the page ``page_of`` gives for its arguments."""
    @functools.wraps(action)
    def act(*args: Any, **kwargs: Any) -> Any:
        result = action(*args, **kwargs)
        settle(page_of(*args))
        return result
    return act


def _settling(action: Callable[..., Any], page_of: Callable[[Any], Page]) -> Callable[..., Any]:
    act = _then_settle(action, lambda owner, *_: page_of(owner))
    act.__stripdeck_settling__ = True  # type: ignore[attr-defined]
    return act


class _Device:
    """A page's keyboard or mouse whose input actions settle (Page.keyboard and Page.mouse give it)."""

    def __init__(self, device: Keyboard | Mouse, page: Page) -> None:
        self._device = device
        self._page = page

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._device, name)
        if name in ("press", "type", "insert_text", "click", "dblclick", "up", "wheel") and callable(value):
            return _then_settle(value, lambda *_: self._page)
        return value


def install() -> None:
    """Make Playwright's input actions settle (once per process)."""
    if getattr(Page.click, "__stripdeck_settling__", False):
        return
    for name in ACTIONS:
        if hasattr(Page, name):
            setattr(Page, name, _settling(getattr(Page, name), lambda page: page))
        if hasattr(Locator, name):
            setattr(Locator, name, _settling(getattr(Locator, name), lambda locator: locator.page))
    keyboard, mouse = Page.keyboard, Page.mouse
    Page.keyboard = property(lambda page: _Device(keyboard.fget(page), page))  # type: ignore[assignment, method-assign]
    Page.mouse = property(lambda page: _Device(mouse.fget(page), page))  # type: ignore[assignment, method-assign]
