#!/usr/bin/env python3
"""Page-load benchmark: the table's first dealt hand against a bare PyScript page's "ready".

Serves dist/ (build it first: `python3 build.py site`) and drives headless Chromium
(/usr/bin/chromium, Playwright from .venv). For each page, in the same run:

* cold: a fresh browser context (empty HTTP cache) -> time from navigation start to the
  moment the page sets <body data-ready="1"> (bare page) or data-hand="1" (first hand dealt
  and drawn: index.html), read from performance.now() in the page by a MutationObserver;
* warm: the same context navigates again. The bare page's files are in the HTTP cache
  (revalidated: 304s); the table's come from its service worker, which the cold visit
  installed (the benchmark waits for it, as a player's second visit would find it), and
  Python starts from the memory snapshot;
* bytes transferred (encoded, from the DevTools protocol; the table's worker's from its resource
  timing) for both;
* the table's shell: when the pre-rendered table was on screen (first contentful paint and
  web/page/shell.js's mark) and when How to play, clicked by a script in the page 250 ms after
  navigation (or as soon as the table is there), opened;
* long tasks (> 50 ms) on the main thread after the table is first on screen, cold and warm:
  while Python starts behind it, and after the first dealt hand.

* the table's first visit once more with its memory snapshot refused (the request aborted), so
  that Python starts from scratch: what a first visit would take without the snapshot, side by
  side with the one that has it (cold only).

`--throttle MBIT` limits every cold visit's download to MBIT megabits per second (and adds 40 ms
of latency) through the DevTools protocol: the snapshot costs bytes a slow connection pays for.
`--cpu-slowdown N` runs every cold visit's page N times slower (DevTools' CPU throttling: a
phone's processor rather than this machine's), where the snapshot saves more.

Then clicks like an impatient player: real mouse clicks (through the DevTools protocol, so
they wait in the browser's queue like a person's) every 100 ms from the moment the table is
painted until after the first dealt hand, cold and warm, in turn on How to play, Settings,
Friends (each twice: open, close) and your first card, and reads how long each took to be
answered (the Event Timing API: from the click to the next paint after its handlers; the
browser reports only those of 16 ms or more). Then plays 20 hands with fast bots, reading the
main thread's long tasks throughout and the bots' decision times measured in the page
(controller.bot_ms). Prints figures; `--rounds N` (default 3) takes medians.

    .venv/bin/python bench/bench_page.py [--rounds 3] [--throttle 20] [--cpu-slowdown 4]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from browser_support import serve_in_thread  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-quic", "--disable-sync"]
# Records when <body> first gets data-ready="1" / data-hand="1", when How to play opens, and the
# main thread's long tasks, in ms since navigation start.
OBSERVER = """
(() => {
  const seen = {};
  window.__marks = seen;
  window.__long = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: true});
  const look = () => {
    const b = document.body;
    if (!b) return;
    for (const key of ['ready', 'hand'])
      if (!(key in seen) && b.dataset[key] === '1') seen[key] = performance.now();
    const help = document.getElementById('help');
    if (help && !help.hidden && !('help' in seen)) seen.help = performance.now();
  };
  new MutationObserver(look).observe(document, {subtree: true, attributes: true, childList: true});
  // A player clicking How to play 250 ms after navigation (or as soon as the table is there):
  // the panel opens when the main thread is free to handle the click.
  const click = () => {
    const button = document.querySelector('button[data-panel=help]');
    if (!button || !performance.getEntriesByName('stripdeck-shell').length) return setTimeout(click, 10);
    seen.clicked = performance.now();
    button.click();
  };
  if (location.pathname.indexOf('bench-bare') < 0) setTimeout(click, 250);
})();
"""
# What the page knows about its own start: the shell's mark, first contentful paint, how Python started.
PAGE_FIGURES = """() => ({
  shell: (performance.getEntriesByName('stripdeck-shell')[0] || {}).startTime,
  fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime,
  first: (performance.getEntriesByName('stripdeck-first-hand')[0] || {}).startTime,
  python: document.documentElement.dataset.pythonStart || '',
  help: window.__marks.help, clicked: window.__marks.clicked, long: window.__long,
})"""


# Bytes a worker transferred (resource timing: 0 for what its service worker answered).
WORKER_BYTES = "performance.getEntriesByType('resource').reduce((sum, r) => sum + r.transferSize, 0)"


def load(page: Any, cdp: Any, url: str, mark: str) -> tuple[float, int, dict[str, Any]]:
    """Navigate; return (ms from navigation start to `mark`, bytes transferred, the page's
    own figures). On the table, How to play is clicked as soon as the table is on screen."""
    total = {"bytes": 0}

    def finished(event: dict[str, Any]) -> None:
        total["bytes"] += int(event.get("encodedDataLength", 0))

    cdp.on("Network.loadingFinished", finished)
    page.goto(url, wait_until="commit")
    page.wait_for_function(f"() => window.__marks && '{mark}' in window.__marks", timeout=180_000)
    page.wait_for_load_state("networkidle")
    ms = float(page.evaluate(f"window.__marks['{mark}']"))
    figures = page.evaluate(PAGE_FIGURES) if mark == "hand" else {}
    cdp.remove_listener("Network.loadingFinished", finished)
    # The page's DevTools session does not see its worker's requests (the runtime, the snapshot,
    # the modules): those are read from the worker's own resource timing.
    for worker in page.workers:
        total["bytes"] += int(worker.evaluate(WORKER_BYTES))
    return ms, total["bytes"], figures


def fresh_profile(pw: Any, profile: str) -> Any:
    """Chromium with its own on-disk profile in `profile` (a real HTTP cache, a service worker)."""
    return pw.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=ARGS, headless=True, viewport={"width": 1280, "height": 800})


def measure(pw: Any, url: str, mark: str, throttle: float = 0.0, slowdown: float = 1.0,
            no_snapshot: bool = False) -> dict[str, tuple[float, int, dict[str, Any]]]:
    """Cold and warm loads in a browser with a fresh on-disk profile (a real HTTP cache); the
    cold one at `throttle` Mbit/s if given, and its page `slowdown` times slower.
    `no_snapshot`: the cold load only, with the table's memory snapshot refused (Python
    starts from scratch)."""
    with tempfile.TemporaryDirectory(prefix="stripdeck-bench-") as profile:
        context = fresh_profile(pw, profile)
        context.add_init_script(OBSERVER)
        if no_snapshot:
            context.route("**/pyodide/python.snapshot", lambda route: route.abort())
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        if throttle:
            cdp.send("Network.emulateNetworkConditions", {
                "offline": False, "latency": 40, "downloadThroughput": throttle * 1e6 / 8,
                "uploadThroughput": throttle * 1e6 / 8})
        if slowdown > 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        cold = load(page, cdp, url, mark)
        if no_snapshot:
            context.close()
            print(f"  {url} (no snapshot): cold {cold[0]:.0f} ms {cold[1]:,} B", file=sys.stderr, flush=True)
            return {"cold": cold}
        if throttle:
            cdp.send("Network.emulateNetworkConditions", {
                "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        if slowdown > 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        if mark == "hand":  # a player's second visit finds the service worker installed
            page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=180_000)
        page.goto("about:blank")
        warm = load(page, cdp, url, mark)
        context.close()
    print(f"  {url}: cold {cold[0]:.0f} ms {cold[1]:,} B, warm {warm[0]:.0f} ms {warm[1]:,} B",
          file=sys.stderr, flush=True)
    return {"cold": cold, "warm": warm}


def longest_after(figures: dict[str, Any], start: float) -> float:
    """The longest main-thread task that began after `start` (ms since navigation)."""
    return max((d for s, d in figures["long"] if s >= start), default=0.0)


# Records the main thread's long tasks (> 50 ms) with their start, in ms since navigation start.
LONGTASKS = """
(() => {
  window.__long = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: true});
})();
"""


# Records every input event's timing from navigation (Event Timing API, 16 ms and longer).
EVENT_TIMING = """
(() => {
  window.__events = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries())
      if (e.name === 'click') window.__events.push([e.startTime, e.duration]);
  }).observe({type: 'event', durationThreshold: 16, buffered: true});
})();
"""


# What the impatient player clicks, in turn (the tabs twice each: open, then close), and the
# places to click, found once the table is painted (the middle of your cards, where the dealt hand lies).
CLICKED = ("button[data-panel=help].tab", "button[data-panel=settings].tab",
           "button[data-panel=friends].tab", ".seat.human .cards")


def centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"nothing to click at {selector}"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def click_answers(pw: Any, url: str) -> dict[str, dict[str, float]]:
    """Cold and warm: click every 100 ms from the table's first paint until two clicks after
    the first dealt hand (How to play, Settings, Friends, a card, in turn: ``CLICKED``);
    return, for each, the clicks made, the longest answer
    (ms from the click to the next paint), when that click was made (ms since navigation), how
    many took over 100 ms, and when the first hand was dealt."""
    found: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="stripdeck-bench-") as profile:
        context = fresh_profile(pw, profile)
        context.add_init_script(EVENT_TIMING)
        page = context.new_page()
        for kind in ("cold", "warm"):
            if kind == "warm":
                page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=180_000)
                page.goto("about:blank")
            page.goto(url, wait_until="commit")
            page.wait_for_selector("button[data-panel=help].tab", timeout=60_000)
            spots = [centre(page, selector) for selector in CLICKED for _ in (0, 1)]
            spots = spots[:-1]  # a card once: a second click would only undo the first
            clicks, after = 0, 0
            deadline = time.monotonic() + 120
            while after < 2 and time.monotonic() < deadline:
                page.mouse.click(*spots[clicks % len(spots)])
                clicks += 1
                if page.get_attribute("body", "data-hand") not in (None, "0"):
                    after += 1
                page.wait_for_timeout(100)
            page.wait_for_timeout(300)  # the last answers are reported after their paint
            events = page.evaluate("window.__events")
            first = page.evaluate("(performance.getEntriesByName('stripdeck-first-hand')[0] || {}).startTime")
            worst = max(events, key=lambda e: e[1], default=[0.0, 0.0])
            found[kind] = {"clicks": clicks, "longest": worst[1], "at": worst[0],
                           "over": sum(1 for e in events if e[1] > 100), "first": first or 0.0}
        context.close()
    return found


def bot_times(browser: Any, url: str, hands: int = 20) -> tuple[str, dict[str, Any]]:
    """Play `hands` hands with fast bots (the human checks, calls and stands pat); return the
    page's bots' "first/max/median/count" decision figures and the long
    tasks: the longest before the first hand is shown (start-up), the longest after it, and
    when the first-use tables were ready (ms after the first hand)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script(LONGTASKS)
    page.goto(url + "?bots=fast&seed=11")
    page.wait_for_selector("body[data-hand='1']", state="attached", timeout=180_000)
    deadline = time.monotonic() + 300
    stats = "?/?/?/0"
    while time.monotonic() < deadline:
        stats = page.locator("body").get_attribute("data-bot-ms") or stats
        if int(page.get_attribute("body", "data-hand") or 0) > hands:
            break
        controls = page.inner_text("#controls")
        if "Stand pat" in controls:
            page.keyboard.press("d")
        elif "Check" in controls or "Call" in controls:
            page.keyboard.press("c")
        elif "New table" in controls:
            page.keyboard.press("n")
        page.wait_for_timeout(150)
    tasks = page.evaluate("""() => {
        const mark = n => (performance.getEntriesByName(n)[0] || {startTime: NaN}).startTime;
        return {first: mark('stripdeck-first-hand'), prepared: mark('stripdeck-prepared'),
                long: window.__long, steps: document.body.dataset.prepareMs || '?/?/?/?',
                hand: document.body.dataset.hand || '0'};
    }""")
    page_hands = min(hands, int(tasks["hand"]) - 1)
    page.close()
    first = tasks["first"]
    # A task that contains the first-hand mark is the start-up's last task (import, deal, render).
    before = [d for s, d in tasks["long"] if s <= first]
    after = [d for s, d in tasks["long"] if s > first]
    return stats, {"hands": float(page_hands), "startup": max(before, default=0.0), "after": max(after, default=0.0),
                   "after_count": float(len(after)), "prepared": tasks["prepared"] - first,
                   "steps": tasks["steps"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--throttle", type=float, default=0.0,
                        help="cold visits' download limit in Mbit/s (0: none)")
    parser.add_argument("--cpu-slowdown", type=float, default=1.0,
                        help="cold visits' pages run this many times slower (1: as this machine)")
    args = parser.parse_args()
    if args.cpu_slowdown < 1:
        parser.error(f"--cpu-slowdown must be 1 (none) or more, not {args.cpu_slowdown}")
    if args.throttle < 0:
        parser.error(f"--throttle must be 0 (none) or a positive number of Mbit/s, not {args.throttle}")
    dist = ROOT / "dist"
    wheels = list((dist / "pyodide").glob("stripdeck-*.whl"))
    if not wheels:
        print("no dist/: run `python3 build.py site` first", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, list[tuple[float, int, dict[str, Any]]]]] = {
        "bare": {"cold": [], "warm": []}, "table": {"cold": [], "warm": []}, "fresh": {"cold": []}}
    with serve_in_thread(dist) as url, sync_playwright() as pw:
        measure(pw, url + "bench-bare/", "ready")  # warm-up of the machine (not counted)
        for _ in range(args.rounds):  # alternate, so all see the same machine load
            for name, page_url, mark in (("bare", url + "bench-bare/", "ready"),
                                         ("table", url + "?bots=fast", "hand"),
                                         ("fresh", url + "?bots=fast", "hand")):
                figures = measure(pw, page_url, mark, args.throttle, args.cpu_slowdown, name == "fresh")
                for kind, value in figures.items():
                    results[name][kind].append(value)
        answers = click_answers(pw, url + "?bots=fast")
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        bots, tasks = bot_times(browser, url)
        browser.close()

    def median(name: str, kind: str) -> tuple[float, int]:
        runs = results[name][kind]
        return statistics.median(r[0] for r in runs), int(statistics.median(r[1] for r in runs))

    network = f"cold visits at {args.throttle:g} Mbit/s, 40 ms latency" if args.throttle else "no network throttling"
    if args.cpu_slowdown > 1:
        network += f", their pages {args.cpu_slowdown:g}x slower"
    print(f"page-load benchmark, headless Chromium, median of {args.rounds} rounds ({network})")
    print(f"{'':44}{'cold ms':>10}{'warm ms':>10}{'cold bytes':>14}{'warm bytes':>12}")
    for name, label in (("bare", "bare PyScript page: ready"), ("table", "table: first dealt hand"),
                        ("fresh", "table, snapshot refused: first dealt hand")):
        cold, cold_b = median(name, "cold")
        if name == "fresh":
            print(f"{label:44}{cold:10.0f}{'-':>10}{cold_b:14,}{'-':>12}")
            continue
        warm, warm_b = median(name, "warm")
        print(f"{label:44}{cold:10.0f}{warm:10.0f}{cold_b:14,}{warm_b:12,}")
    for kind in ("cold", "warm"):
        ratio = median("table", kind)[0] / median("bare", kind)[0]
        target = "1.00" if kind == "cold" else "0.80"
        print(f"ratio table / bare ({kind}): {ratio:.2f}  (target <= {target})")
    print(f"ratio table with the snapshot refused / bare (cold): "
          f"{median('fresh', 'cold')[0] / median('bare', 'cold')[0]:.2f}")
    for kind, name, visit in (("cold", "table", "cold"), ("warm", "table", "warm"),
                              ("cold, snapshot refused", "fresh", "cold")):
        runs = [r[2] for r in results[name][visit]]
        shell = statistics.median(f["shell"] for f in runs)
        fcp = statistics.median(f["fcp"] for f in runs)
        help_open = statistics.median(f["help"] for f in runs)
        clicked = statistics.median(f["clicked"] for f in runs)
        starts = ", ".join(sorted({f["python"] for f in runs}))
        print(f"table ({kind}): on screen at {fcp:.0f} ms (first paint; shell ready {shell:.0f} ms); How to play"
              f" clicked at {clicked:.0f} ms, open at {help_open:.0f} ms (target: open within 100 ms of the click);"
              f" Python started: {starts}")
        during = statistics.median(longest_after(f, f["fcp"]) for f in runs)
        after = statistics.median(longest_after(f, f["first"]) for f in runs)
        print(f"table ({kind}): longest main-thread task after the table is on screen {during:.0f} ms"
              f" (while Python starts), after the first dealt hand {after:.0f} ms (target: none over 100 ms)")
    for kind, a in answers.items():
        print(f"clicks on How to play, Settings, Friends and a card every 100 ms from the first paint"
              f" ({kind}): {a['clicks']:.0f} until"
              f" after the first dealt hand ({a['first']:.0f} ms); the slowest answered in {a['longest']:.0f} ms"
              f" (clicked at {a['at']:.0f} ms), {a['over']:.0f} over 100 ms (target: none)")
    print(f"wheel {wheels[0].name}: {wheels[0].stat().st_size:,} bytes (target < 400 KB)")
    first, worst, med, count = bots.split("/")
    if first == "?":
        print("bot decisions in the page: not reported (the page sets no body[data-bot-ms])")
    else:
        print(f"bot decisions in the page: median {med} ms, max {worst} ms over {count} after the first;"
              f" the first {first} ms (target < 50 ms each)")
    print(f"long tasks (> 50 ms) on the main thread: longest during start-up {tasks['startup']:.0f} ms;"
          f" after the first hand is shown, over {tasks['hands']:.0f} hands: {int(tasks['after_count'])},"
          f" longest {tasks['after']:.0f} ms (target: none over 100 ms);"
          f" first-use tables ready {tasks['prepared']:.0f} ms after the first hand")
    total, longest, steps, over = tasks["steps"].split("/")
    print(f"stripdeck.prepare in the page: {total} ms of work in {steps} steps, longest step"
          f" {longest} ms, {over} steps over 50 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
