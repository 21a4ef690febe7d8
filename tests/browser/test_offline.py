"""The installable, offline game and its start-up in Chromium (docs/ui.md, "Start-up, offline
and updates"): the table before Python, an offline reload that plays, a new release that
replaces the cached files without a page ever mixing two versions.

These tests make their own browser contexts (the service worker, offline mode, several tabs)
and fail on any console error or uncaught page error, like the `page` fixture.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser_support import screenshot, serve_in_thread
from conftest import READY_TIMEOUT_MS

from tools import offline

DIST = Path(__file__).resolve().parents[2] / "dist"
# What the loading indicator said, in order (it is replaced once Python draws the table).
LOADING_TEXTS = """
window.__loading = [];
addEventListener('DOMContentLoaded', () => {
  const text = document.getElementById('load-text');
  if (!text) return;
  const seen = () => window.__loading.push(text.textContent);
  seen();
  new MutationObserver(seen).observe(text, {childList: true, characterData: true, subtree: true});
});
"""


@contextmanager
def game_context(browser: Any, **options: Any) -> Iterator[tuple[Any, list[str]]]:
    """A fresh browser context (its own service worker and caches) and the problems its pages logged."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, **options)
    context.add_init_script(LOADING_TEXTS)
    problems: list[str] = []

    def watch(page: Any) -> None:
        page.set_default_timeout(READY_TIMEOUT_MS)
        page.on("console", lambda m: m.type == "error" and problems.append(f"console error: {m.text}"))
        page.on("pageerror", lambda err: problems.append(f"page error: {err}"))

    context.on("page", watch)
    try:
        yield context, problems
    finally:
        context.close()


def first_hand(page: Any) -> None:
    page.wait_for_selector("body[data-hand]:not([data-hand='0'])", state="attached")


def download_mb(with_snapshot: bool) -> str:
    """What the loading indicator says is to be downloaded on a first visit, in MB as it writes it."""
    runtime = sum(p.stat().st_size for p in (DIST / "pyodide").iterdir()
                  if p.is_file() and p.name != "python.snapshot")
    snapshot = (DIST / "pyodide" / "python.snapshot").stat().st_size
    return f"{(runtime + (snapshot if with_snapshot else 0)) / 1e6:.1f}"


def offline_ready(page: Any) -> None:
    page.wait_for_selector("html[data-offline=ready]", state="attached")


def play_to_the_next_hand(page: Any) -> None:
    """The human checks, calls and stands pat (fast bots) until the next hand is dealt."""
    start = int(page.get_attribute("body", "data-hand"))
    for _ in range(400):
        if int(page.get_attribute("body", "data-hand")) > start:
            return
        controls = page.inner_text("#controls")
        if "Stand pat" in controls:
            page.keyboard.press("d")
        elif "Check" in controls or "Call" in controls:
            page.keyboard.press("c")
        elif "Deal next hand" in controls or "New table" in controls:
            page.keyboard.press("n")
        page.wait_for_timeout(100)
    raise AssertionError(f"hand {start} never ended")


def test_after_one_visit_the_game_installs_and_plays_with_the_network_off(browser: Any, site_url: str) -> None:
    with game_context(browser) as (context, problems):
        page = context.new_page()
        snapshot_requests: list[str] = []
        context.on("request", lambda r: r.url.endswith("/pyodide/python.snapshot") and snapshot_requests.append(r.url))
        page.goto(site_url + "?bots=fast")
        first_hand(page)
        # A first visit starts Python from the memory snapshot too, downloaded with the runtime,
        # and the loading indicator counts it in what is left to download.
        assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
        texts = page.evaluate("window.__loading")
        assert any(f" of {download_mb(with_snapshot=True)} MB" in t for t in texts), texts
        assert texts[-1] == "Starting Python and dealing the first hand…", texts
        offline_ready(page)
        # The service worker took the snapshot from the HTTP cache (a 304), not from the site again.
        assert len(snapshot_requests) == 2, snapshot_requests  # the page's, and the worker's revalidation
        # Installable: Chromium finds nothing missing in the manifest, icons and service worker.
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []  # a test context is one
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.webmanifest")
        build = page.get_attribute("meta[name=stripdeck-build]", "content")
        assert set(page.evaluate("caches.keys()")) == {"stripdeck-clients", f"stripdeck-{build}"}

        context.set_offline(True)
        page.reload()
        first_hand(page)
        assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
        # The loading indicator counted the bytes it read from the service worker's cache.
        texts = page.evaluate("window.__loading")
        assert any(" MB" in t for t in texts) and texts[-1] == "Starting Python and dealing the first hand…", texts
        hand = int(page.get_attribute("body", "data-hand"))
        play_to_the_next_hand(page)
        play_to_the_next_hand(page)
        assert int(page.get_attribute("body", "data-hand")) >= hand + 2
        screenshot(page, "offline-game")
        assert problems == []
        # The network really is off: a file the service worker does not keep cannot be had.
        assert page.evaluate("fetch('examples.html').then(() => 'fetched', () => 'offline')") == "offline"


def not_memory() -> bytes:
    """A well-formed gzip file that is not Pyodide's memory."""
    import gzip
    import random

    return gzip.compress(random.Random(5).randbytes(1 << 20))


SNAPSHOT_TROUBLE = {
    "refused": lambda route: route.abort(),
    "cut short": lambda route: route.fulfill(
        status=200, body=(DIST / "pyodide" / "python.snapshot").read_bytes()[:1_000_000]),
    "not memory": lambda route: route.fulfill(status=200, body=not_memory()),
    "a server error": lambda route: route.fulfill(status=500, body="no"),
}


@pytest.mark.parametrize("trouble", list(SNAPSHOT_TROUBLE))
def test_a_first_visit_whose_snapshot_fails_starts_python_from_scratch(
        browser: Any, site_url: str, trouble: str) -> None:
    # No service worker: the visit stays a first visit, and its requests all reach the route.
    with game_context(browser, service_workers="block") as (context, problems):
        page = context.new_page()
        page.route("**/pyodide/python.snapshot", SNAPSHOT_TROUBLE[trouble])
        page.goto(site_url + "?bots=fast")
        first_hand(page)
        assert page.evaluate("document.documentElement.dataset.pythonStart") == "fresh"
        play_to_the_next_hand(page)
        # Nothing is wrong on the page: the snapshot is downloaded by the worker (web/worker/boot.mjs),
        # in whose console alone Chromium logs a refused download, and Python started without it.
        assert problems == []


@pytest.mark.parametrize("page_compiles", [True, False], ids=["the page compiles", "the page cannot"])
def test_pythons_webassembly_is_downloaded_once_and_compiled_by_the_page_or_else_by_the_worker(
        browser: Any, site_url: str, page_compiles: bool) -> None:
    # The page compiles pyodide.asm.wasm (its code cache is kept; a worker's is not) and hands
    # the module to the worker (web/page/main.js, web/worker/boot.mjs). A page that cannot
    # (here its compileStreaming fails; the worker's is untouched) leaves it to the worker.
    with game_context(browser, service_workers="block") as (context, problems):
        page = context.new_page()
        warnings: list[str] = []
        page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
        wasm: list[str] = []
        context.on("request", lambda r: r.url.endswith("/pyodide/pyodide.asm.wasm") and wasm.append(r.url))
        if not page_compiles:
            page.add_init_script("WebAssembly.compileStreaming = () => Promise.reject(new Error('not here'))")
        page.goto(site_url + "?bots=fast")
        first_hand(page)
        assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
        compiled = page.evaluate("performance.getEntriesByName('stripdeck-wasm-compiled').length")
        assert compiled == (1 if page_compiles else 0)
        # Downloaded by the page; by the worker again only when the page could not compile it.
        assert len(wasm) == (1 if page_compiles else 2), wasm
        assert any("compiled in the worker" in w for w in warnings) != page_compiles, warnings
        # The loading indicator counted it: what it said had arrived went past everything else.
        texts = page.evaluate("window.__loading")
        total = float(download_mb(with_snapshot=True))
        arrived = [float(m.group(1)) for t in texts if (m := re.search(rf"([\d.]+) of {total} MB", t))]
        wasm_mb = (DIST / "pyodide" / "pyodide.asm.wasm").stat().st_size / 1e6
        assert arrived and max(arrived) > total - wasm_mb, texts
        play_to_the_next_hand(page)
        assert problems == []


@pytest.mark.parametrize("connection", ["3g", "save-data"])
def test_a_first_visit_on_a_slow_connection_or_saving_data_does_not_download_the_snapshot(
        browser: Any, site_url: str, connection: str) -> None:
    with game_context(browser) as (context, problems):
        page = context.new_page()
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        cdp = context.new_cdp_session(page)
        if connection == "3g":  # a 3G round-trip time: Chromium then reports effectiveType "3g"
            cdp.send("Network.enable")  # (the download itself is kept fast, for the suite's time)
            cdp.send("Network.emulateNetworkConditions", {
                "offline": False, "latency": 300, "downloadThroughput": 50_000_000,
                "uploadThroughput": 50_000_000, "connectionType": "cellular3g"})
        else:  # the browser's Save-Data setting, as navigator.connection reports it
            context.add_init_script(
                "Object.defineProperty(navigator.connection, 'saveData', {get: () => true})")
        page.goto(site_url + "?bots=fast")
        assert page.evaluate("navigator.connection.saveData || navigator.connection.effectiveType === '3g'")
        first_hand(page)
        assert page.evaluate("document.documentElement.dataset.pythonStart") == "fresh"
        assert not [u for u in requests if u.endswith("/python.snapshot")], "the snapshot was downloaded"
        texts = page.evaluate("window.__loading")
        assert any(f" of {download_mb(with_snapshot=False)} MB" in t for t in texts), texts
        assert problems == []


class HeldRuntime:
    """Keeps the page's requests for pyodide.asm.wasm waiting (Python cannot start) until `go()`.

    Requests a service worker answers never reach Playwright's routes: a page that must be held
    on a return visit runs in a context without service workers."""

    PATTERN = "**/pyodide/pyodide.asm.wasm"

    def __init__(self, page: Any) -> None:
        self.page = page
        self.held: list[Any] = []
        page.route(self.PATTERN, lambda route: self.held.append(route))

    def go(self) -> None:
        for route in self.held:
            route.continue_()
        self.page.unroute(self.PATTERN)


def test_the_loading_indicator_names_the_game_only_once_the_runtime_is_in(browser: Any, site_url: str) -> None:
    # The wheel downloads beside the runtime (web/worker/boot.mjs): its bytes alone do not make
    # the indicator say the runtime is in. Held here until the rest has arrived.
    with game_context(browser, service_workers="block") as (context, problems):
        page = context.new_page()
        held: list[Any] = []
        page.route("**/pyodide/*.whl", lambda route: held.append(route))
        page.goto(site_url + "?bots=fast")
        page.locator("#loading", has_text="Downloading the game").wait_for()
        texts = page.evaluate("window.__loading")
        runtime = [t for t in texts if t.startswith("Downloading the Python runtime")]
        game = [t for t in texts if t.startswith("Downloading the game")]
        assert runtime and texts.index(runtime[-1]) < texts.index(game[0]), texts
        for route in held:
            route.continue_()
        page.unroute("**/pyodide/*.whl")
        first_hand(page)
        assert problems == []


def test_the_table_is_on_screen_and_its_panels_work_before_python_starts(browser: Any, site_url: str) -> None:
    with game_context(browser) as (context, problems):
        page = context.new_page()
        runtime = HeldRuntime(page)
        page.goto(site_url)
        page.wait_for_selector("body[data-shell='1']", state="attached")
        assert page.evaluate("performance.getEntriesByName('stripdeck-shell').length") == 1
        seats = page.locator("#table .seat")
        assert seats.count() == 4
        assert seats.first.get_attribute("aria-label") == "You (you), 200 chips"
        assert "Downloading the Python runtime" in page.inner_text("#loading")
        # How to play opens and closes (Escape too), with this table's rules and the ranking.
        page.get_by_role("button", name="How to play").click()
        assert page.locator("#help").is_visible()
        assert page.locator("#help tbody tr").count() == 9
        assert "Blinds: 1 (small, left of the button) and 2 (big, next)." in page.inner_text("#help")
        page.keyboard.press("Escape")
        assert page.locator("#help").is_hidden()
        assert page.get_by_role("button", name="How to play").get_attribute("aria-expanded") == "false"
        # Settings open and take changes; "Start a new table" waits for Python.
        page.get_by_role("button", name="Settings").click()
        page.locator("#settings-form select[name=opponents]").select_option("2")
        page.locator("#settings-form input[name=stack]").fill("500")
        page.locator("#settings-form [data-cmd=apply]").click()
        assert page.get_attribute("body", "data-shell-pending") == "new-table"
        screenshot(page, "shell-before-python")
        assert not page.evaluate("document.body.classList.contains('started')")
        # Play with friends opens too, and says it is ready once the game has loaded.
        page.get_by_role("button", name="Friends").click()
        assert "ready as soon as the game has loaded" in page.inner_text("#friends")
        runtime.go()
        page.wait_for_selector("body.started", state="attached")
        page.wait_for_function("document.querySelector('#friends-body').innerText.includes('no game server')")
        # Python replayed the changes and started the table the player asked for.
        page.wait_for_function("document.querySelectorAll('#table .seat').length === 3")
        assert page.locator("#table .seat.human .stack").inner_text() in ("500", "499", "498")
        assert page.locator("#settings-form select[name=opponents]").input_value() == "2"
        assert page.get_attribute("body", "data-shell-pending") is None
        assert problems == []


def test_a_return_visit_shows_the_table_as_it_was_left(browser: Any, site_url: str) -> None:
    with game_context(browser, service_workers="block") as (context, problems):
        page = context.new_page()
        page.goto(site_url + "?bots=fast&seed=5")
        first_hand(page)
        page.get_by_role("button", name="Settings").click()
        page.locator("#settings-form select[name=opponents]").select_option("1")
        page.locator("#settings-form [data-cmd=apply]").click()
        page.locator("#settings-form [data-confirmed='1']").click()
        page.wait_for_function("document.querySelectorAll('#table .seat').length === 2")
        cards = "els => els.map(e => e.getAttribute('aria-label'))"
        left = page.locator("#table .seat.human .card").evaluate_all(cards)
        assert len(left) == 5
        page.goto("about:blank")  # pagehide: the page saves its look
        runtime = HeldRuntime(page)
        page.goto(site_url + "?bots=fast")
        page.wait_for_selector("body[data-shell='saved']", state="attached")
        assert page.locator("#table .seat").count() == 2       # not the default four
        assert page.locator("#table .seat.human .card").evaluate_all(cards) == left   # the same cards
        assert "Downloading the Python runtime" in page.inner_text("#loading")
        assert page.locator("#settings-form select[name=opponents]").input_value() == "1"
        runtime.go()
        page.wait_for_selector("body.started", state="attached")
        assert page.locator("#table .seat.human .card").evaluate_all(cards) == left
        assert problems == []


def test_stored_markup_is_cleaned_before_it_is_shown(browser: Any, site_url: str) -> None:
    with game_context(browser, service_workers="block") as (context, problems):
        page = context.new_page()
        page.goto(site_url + "?bots=fast")
        first_hand(page)
        build = page.get_attribute("meta[name=stripdeck-build]", "content")
        page.goto(site_url + "examples.html")  # a page of the same site that does not save the game's look
        page.evaluate("""build => localStorage.setItem('stripdeck.shell', JSON.stringify({build, lang: 'en',
            table: '<div class="felt players-2"><section class="seat" onclick="window.hit=1">' +
                   '<img src=x onerror="window.hit=2"><script>window.hit=3</script><a href="javascript:1">x</a>' +
                   '<span class="stack" style="background:url(javascript:1)">77</span></section>' +
                   '<div class="middle"></div></div>',
            settings: '<iframe src="https://example.com"></iframe><label>ok</label>'}))""", build)
        runtime = HeldRuntime(page)
        page.goto(site_url)
        page.wait_for_selector("body[data-shell='saved']", state="attached")
        assert page.evaluate("window.hit") is None
        assert page.locator("#table .seat .stack").inner_text() == "77"
        assert page.locator("#table img, #table script, #table a, #settings-form iframe").count() == 0
        assert page.locator("#table [onclick], #table [style]").count() == 0
        assert page.locator("#loading").count() == 1
        # A look saved by another build, or in another language, is not used.
        for saved in ("{build: 'old', lang: 'en', table: 'x'}", "{build, lang: 'it', table: 'x'}"):
            page.evaluate(f"build => localStorage.setItem('stripdeck.shell', JSON.stringify({saved}))", build)
            page.reload()
            page.wait_for_selector("body[data-shell='1']", state="attached")
        runtime.go()
        assert problems == []


@pytest.fixture
def release(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of dist/ served on its own port: the tests publish new releases into it."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    with serve_in_thread(site) as url:
        yield site, url


OLD = "32 cards: only 7, 8, 9, 10, J, Q, K and A in each suit."
NEW = "32 cards (release 2): only 7, 8, 9, 10, J, Q, K and A in each suit."


def publish(site: Path, old: str, new: str) -> str:
    """A new release: the sentence changed in the game's Python and its pre-rendered page."""
    for name in ("web/table/rules_text.py", "index.html"):
        path = site / name
        text = path.read_text(encoding="utf-8")
        assert old in text, name
        offline.replace_text(path, text.replace(old, new))  # whole: the browser may be fetching it now
    return offline.finish(site)


def rules_text(page: Any) -> str:
    return str(page.evaluate("fetch('web/table/rules_text.py').then(r => r.text())"))


def test_a_new_release_replaces_the_cached_files_and_no_page_mixes_versions(
        browser: Any, release: tuple[Path, str]) -> None:
    site, url = release
    with game_context(browser) as (context, problems):
        first = context.new_page()
        first.goto(url + "?bots=fast")
        first_hand(first)
        offline_ready(first)
        v1 = first.get_attribute("meta[name=stripdeck-build]", "content")
        first.reload()
        first_hand(first)
        assert first.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"

        v2 = publish(site, OLD, NEW)
        assert v2 != v1
        assert OLD in rules_text(first)  # this page's files come from its own version
        first.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        first.wait_for_selector("html[data-offline=update-ready]", state="attached")
        notice = first.locator("#update")
        assert "A new version of Stripdeck is ready" in notice.inner_text()
        assert sorted(first.evaluate("caches.keys()")) == sorted([f"stripdeck-{v}" for v in (v1, v2)] +
                                                                 ["stripdeck-clients"])

        # A second tab opened now is still the old version, whole: page, help text and files.
        second = context.new_page()
        second.goto(url + "?bots=fast")
        first_hand(second)
        assert second.get_attribute("meta[name=stripdeck-build]", "content") == v1
        assert OLD in (second.locator("#help-body").text_content() or "")
        assert OLD in rules_text(second)

        # The first tab takes the new version: it reloads into release 2, snapshot and all.
        notice.get_by_role("button", name="Reload to update").click()
        first.wait_for_function(f"document.querySelector('meta[name=stripdeck-build]').content === '{v2}'")
        first_hand(first)
        assert NEW in rules_text(first)
        assert first.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
        first.get_by_role("button", name="How to play").click()
        first.locator("#help-body", has_text="release 2").wait_for()
        assert first.locator("#update").count() == 0

        # The old tab is now answered by the new worker, still from the old version's files.
        assert OLD in rules_text(second)
        second.close()
        first.reload()
        first_hand(first)
        first.wait_for_function(f"caches.keys().then(k => k.length === 2 && k.includes('stripdeck-{v2}'))")

        # A half-published release (a file that does not match the list) is refused whole.
        served = site / "web" / "table" / "rules_text.py"
        release_2 = served.read_text(encoding="utf-8")
        offline.replace_text(served, release_2.replace("release 2", "release 3"))
        assert offline.finish(site) != v2
        offline.replace_text(served, release_2)  # the server still has release 2's file
        outcome = first.evaluate("""() => navigator.serviceWorker.getRegistration().then(r => new Promise(done => {
            r.addEventListener('updatefound', () => {
                const worker = r.installing;
                worker.addEventListener('statechange', () => worker.state === 'redundant' && done('refused'));
            });
            r.update().catch(() => done('no update'));
        }))""")
        assert outcome == "refused"
        assert first.get_attribute("html", "data-offline") == "ready" and first.locator("#update").count() == 0
        # Nothing of the refused release is kept (once each try at installing it has failed: the
        # browser may try again by itself, as it checks for updates after a navigation).
        first.wait_for_function(
            "want => caches.keys().then(k => JSON.stringify(k.sort()) === JSON.stringify(want))",
            arg=sorted([f"stripdeck-{v2}", "stripdeck-clients"]), timeout=30_000)
        context.set_offline(True)
        first.reload()
        first_hand(first)
        assert NEW in rules_text(first)
        assert problems == []
