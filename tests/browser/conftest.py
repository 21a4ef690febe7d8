"""Browser test fixtures: dist/ served on localhost, Debian's Chromium driven by Playwright.

Fixtures:
    site_url    "http://127.0.0.1:PORT/" serving dist/ (session, in a thread)
    browser     headless /usr/bin/chromium (session); Playwright gives it a fresh profile
    page        a page in a fresh context. The test FAILS at teardown if the page logged a
                console error, threw an uncaught error, or requested another origin (every
                request is routed: foreign ones are aborted and recorded).
    page_log    what `page` recorded; page_log.allow(regex) accepts an expected console error.
    room        several people's browsers (friends_helpers.Room), checked for problems at the end.

Every Playwright input action (click, key, fill, ...) waits until the page's worker has answered
it (settle.py; ``unsettled(page)`` for a test that acts before the answer on purpose).

Helpers in browser_support.py: open_ready(page, url) waits for <body data-ready="1">;
screenshot(page, name) saves test-artifacts/<name>.png (a failing test's page is saved
there automatically).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import ROOT, PageLog, origin_of, screenshot, serve_in_thread
from friends_helpers import Room
from settle import install as settle_inputs

settle_inputs()  # every input action waits for the worker's answer (settle.py)

DIST = ROOT / "dist"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-quic", "--disable-sync",
]
READY_TIMEOUT_MS = 90_000  # Pyodide start-up: ~3 s here, more on a loaded 2-core CI machine


# A test whose page's renderer crashed (Chromium's "Target crashed" / "Page crashed") runs once
# more, and only then: any other failure fails at once, and a second crash fails the test.
# The crash is Chromium's or the machine's, not the page's (CI once saw 18 of 157 browser
# tests crash while this machine ran the same suite to the end three times); the run's summary
# counts the reruns ("rerun") and `-rR` lists them, each with the machine's state at the crash.
RENDERER_CRASHED = ["Target crashed", "Page crashed", "renderer crashed"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=RENDERER_CRASHED))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    if not (DIST / "index.html").is_file():
        pytest.fail("no built site in dist/: run `python3 build.py site` (build.py test does)")
    with serve_in_thread(DIST) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        yield chromium
        chromium.close()


@pytest.fixture
def room(browser: Any, site_url: str) -> Iterator[Room]:
    """Several people's browsers (friends_helpers.Room); the test fails if any page had a problem."""
    room = Room(browser, site_url)
    yield room
    problems = room.close()
    if problems:
        pytest.fail("the pages had problems:\n" + "\n".join(problems), pytrace=False)


@pytest.fixture
def page_log(site_url: str) -> PageLog:
    return PageLog(origin=origin_of(site_url))


@pytest.fixture
def page(browser: Any, page_log: PageLog, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})

    def route(route: Any) -> None:
        if page_log.is_local(route.request.url):
            route.continue_()
        else:
            page_log.foreign_requests.append(route.request.url)
            route.abort()

    def websocket(ws: Any) -> None:
        if not page_log.is_local(ws.url):
            page_log.foreign_requests.append(ws.url)

    context.route("**/*", route)
    page = context.new_page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    page_log.watch(page)
    page.on("websocket", websocket)
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        try:
            screenshot(page, f"FAILED-{request.node.name}")
        except Exception as err:  # noqa: BLE001 - the test's own failure matters more
            print(f"no screenshot of the failed page: {err}")
    context.close()
    problems = page_log.problems()
    if problems:
        pytest.fail("the page had problems:\n" + "\n".join(problems), pytrace=False)


