"""Helpers of the browser tests (the fixtures are in conftest.py)."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tools.envs import machine_state
from tools.serve import make_server

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
# Schemes that never leave the page (not network requests to an origin).
LOCAL_SCHEMES = ("data:", "blob:", "about:")


@contextmanager
def serve_in_thread(directory: Path, *, cross_origin: bool = True) -> Iterator[str]:
    """Serve `directory` on a free 127.0.0.1 port; yield its base URL (`cross_origin=False`:
    without the Access-Control-Allow-Origin header)."""
    server = make_server(directory, quiet=True, cross_origin=cross_origin)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class PageLog:
    """What happened in a page: console errors, page errors, requests to other origins."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    crashes: list[str] = field(default_factory=list)
    crashes_expected: int = 0
    allowed: list[re.Pattern[str]] = field(default_factory=list)

    def expect_crash(self) -> None:
        """Do not fail for one renderer crash: the test crashes a page on purpose."""
        self.crashes_expected += 1

    def watch(self, page: Any) -> None:
        """Record `page`'s console errors, uncaught errors and a crash of its renderer (with
        the machine's state at that moment: a crash is the machine's or Chromium's problem, and
        the failure should say which resource ran short)."""
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(
            f"{m.text} ({m.location.get('url', '')})"))
        page.on("pageerror", lambda err: self.page_errors.append(str(err)))
        page.on("crash", lambda _page: self.crashes.append(machine_state()))

    def allow(self, pattern: str) -> None:
        """Do not fail for console errors matching `pattern` (an expected error)."""
        self.allowed.append(re.compile(pattern))

    def is_local(self, url: str) -> bool:
        return url.startswith(LOCAL_SCHEMES) or origin_of(url) == self.origin

    def problems(self) -> list[str]:
        errors = [e for e in self.console_errors if not any(p.search(e) for p in self.allowed)]
        return ([f"console error: {e}" for e in errors]
                + [f"page error: {e}" for e in self.page_errors]
                + [f"request to another origin: {u}" for u in self.foreign_requests]
                + [f"the page's renderer crashed; the machine then: {c}"
                   for c in self.crashes[self.crashes_expected:]])


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def open_ready(page: Any, url: str) -> None:
    """Open `url` and wait until the page sets <body data-ready="1">."""
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached")


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot as test-artifacts/<name>.png; return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
