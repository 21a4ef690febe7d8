"""The browser tests' own harness: a page whose renderer crashes is reported as a crash, with
the machine's state at that moment (memory, processes killed for memory, /dev/shm, /tmp, load),
so that a crash in CI says which resource ran short; conftest.py runs such a test once more."""

from __future__ import annotations

from typing import Any

from browser_support import PageLog, open_ready, origin_of


def test_a_crashed_page_is_reported_with_the_machine_s_state(browser: Any, site_url: str) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        log = PageLog(origin=origin_of(site_url))
        log.watch(page)
        open_ready(page, site_url + "?bots=fast&seed=5")
        assert log.problems() == []
        with page.expect_event("crash", timeout=10_000):
            try:
                page.goto("chrome://crash", timeout=10_000)  # Chromium's way to crash a renderer
            except Exception:  # noqa: BLE001 - the navigation fails as the renderer dies
                pass
        problems = log.problems()
        assert len(problems) == 1, problems
        assert problems[0].startswith("the page's renderer crashed; the machine then: ")
        for part in ("memory available", "processes killed for memory", "/dev/shm free", "load"):
            assert part in problems[0], problems[0]
        log.expect_crash()  # a test that crashes a page on purpose says so
        assert log.problems() == []
    finally:
        context.close()
