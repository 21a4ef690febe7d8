"""Smoke tests of the built site in Chromium: the pages start Python and say they are ready.

The `page` fixture fails a test on any console error, page error or request to another
origin, so these also prove the site loads entirely from its own origin.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from browser_support import PageLog, open_ready, origin_of, screenshot, serve_in_thread

DIST = Path(__file__).resolve().parents[2] / "dist"


def test_index_page_gets_ready(page: Any, site_url: str) -> None:
    open_ready(page, site_url)
    screenshot(page, "smoke-index")
    assert page.locator("body").get_attribute("data-ready") == "1"


def test_bare_benchmark_page_gets_ready(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "bench-bare/")
    assert page.locator("#status").inner_text() == "ready"


def test_site_works_from_a_sub_folder(page: Any, page_log: PageLog, tmp_path: Path) -> None:
    (tmp_path / "some" / "sub").mkdir(parents=True)
    os.symlink(DIST, tmp_path / "some" / "sub" / "stripdeck")
    with serve_in_thread(tmp_path) as url:
        page_log.origin = origin_of(url)
        open_ready(page, url + "some/sub/stripdeck/")
        open_ready(page, url + "some/sub/stripdeck/index.html")


def test_page_fixture_records_foreign_requests_and_errors(
    page: Any, page_log: PageLog, tmp_path: Path
) -> None:
    (tmp_path / "index.html").write_text(
        "<!doctype html><link rel='icon' href='data:,'><body><script>"
        "fetch('https://example.com/x').catch(() => {});"
        "console.error('boom');"
        "document.body.dataset.ready = '1';"
        "</script></body>"
    )
    with serve_in_thread(tmp_path) as url:
        page_log.origin = origin_of(url)
        open_ready(page, url)
        page.wait_for_timeout(500)
    assert page_log.foreign_requests == ["https://example.com/x"]
    assert any("boom" in e for e in page_log.console_errors)
    assert page_log.problems()
    # This test expects them: clear them, or the fixture fails it at teardown.
    page_log.foreign_requests.clear()
    page_log.console_errors.clear()
