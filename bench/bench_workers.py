#!/usr/bin/env python3
"""Python off the main thread: the candidates of issue 18 measured side by side with the bare page.

Each candidate is a small prototype under bench/worker_candidates/ (docs/worker-candidates.md):
it loads the stripdeck wheel from dist/, deals a hand and plays against three bots, patching a
minimal table from the HTML Python renders. This script serves dist/ with the prototypes beside
it (bench-workers/), and for every candidate and the bare PyScript page (dist/bench-bare/), in one
run, in a fresh Chromium profile each:

* cold (nothing cached) and warm (the same profile again: the HTTP cache, revalidated with 304s;
  a service worker already installed where the candidate has one): the time from navigation
  start to the first dealt hand on screen (the bare page: its "ready");
* the main thread's long tasks (PerformanceObserver 'longtask', > 50 ms), the longest and their
  total, from navigation to the first dealt hand, and then over 20 hands of play (the page's
  "person" checks, calls and stands pat; the bots are fast);
* the delay of a click answered by the main thread: every 100 ms from navigation a timer clicks
  How to play (a plain-JavaScript panel, as web/page/shell.js's); the delay is from the moment it
  was due to the moment its handler ran. A timer waits behind every task queued before it, so
  this is an upper bound of what a real click (which the browser serves first) waits;
* the bytes the server sent (every file, worker requests included).

Figures print as ratios to the bare page measured in the same run, with the load average.

    .venv/bin/python bench/bench_workers.py [--rounds 1] [--only a_main_thread,e_module_worker]

MicroPython (candidate c) comes from node_modules/@micropython/micropython-webassembly-pyscript
(package.json) or the folder named by STRIPDECK_MICROPYTHON.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-quic", "--disable-sync"]
HANDS = 20
PROBE_EVERY_MS = 100
CANDIDATES = ROOT / "bench" / "worker_candidates"

# (key, label, URL below the served root). The bare page first: every ratio is against it.
PAGES: tuple[tuple[str, str, str], ...] = (
    ("bare", "bare PyScript page (ready)", "bench-bare/"),
    ("a_main_thread", "a PyScript, Python on the main thread", "bench-workers/a_main_thread/"),
    ("b_pyscript_worker", "b PyScript worker, __export__ed calls", "bench-workers/b_pyscript_worker/"),
    ("c_micropython_main", "c MicroPython main + Pyodide worker", "bench-workers/c_micropython_main/"),
    ("d_sab_worker", "d worker with DOM access (SAB, COOP/COEP by SW)", "bench-workers/d_sab_worker/"),
    ("e_module_worker", "e module worker, no PyScript", "bench-workers/e_module_worker/"),
    ("e_serial", "e, wheel after the runtime", "bench-workers/e_module_worker/?serial=1"),
    ("e_pyc", "e, wheel compiled to bytecode", "bench-workers/e_module_worker/?wheel=../pyc/{wheel}"),
    ("e_snapshot", "e, memory snapshot (first visit too)", "bench-workers/e_module_worker/?snapshot=1"),
)

# In every page before its own scripts. Times are ms since the navigation that started the
# visit: a page that reloads itself once (d: its service worker) carries its figures over.
OBSERVER = """
(() => {
  if (!location.protocol.startsWith('http')) return;  // about:blank between the visits
  const nav = performance.getEntriesByType('navigation')[0];
  let offset = 0, carried = [], reloaded = 0;
  const saved = sessionStorage.getItem('__bench_prev');
  sessionStorage.removeItem('__bench_prev');
  if (saved && nav && nav.type === 'reload') {
    const prev = JSON.parse(saved);
    offset = performance.timeOrigin - prev.origin;
    carried = prev.long;
    reloaded = 1;
  }
  const now = () => performance.now() + offset;
  const B = window.__bench = {offset, reloaded, long: carried.slice(), probes: [], marks: {}};
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) B.long.push([e.startTime + offset, e.duration]);
  }).observe({type: 'longtask', buffered: true});
  addEventListener('pagehide', () => sessionStorage.setItem('__bench_prev',
    JSON.stringify({origin: performance.timeOrigin - offset, long: B.long})));
  // A click on How to play every PROBE ms, from a timer due at that moment.
  // (performance.now() already counts from the navigation: the document began some ms after it.)
  for (let due = PROBE * Math.ceil(performance.now() / PROBE + 0.01); due <= 60000; due += PROBE) {
    setTimeout(() => {
      if ('hand' in B.marks && now() > B.marks.hand + 1000) return;
      const button = document.querySelector('button[data-panel=help]');
      if (!button) return;
      button.click();
      B.probes.push([due + offset, performance.now() - due]);
    }, due - performance.now());
  }
  // The person at the table: check, call or stand pat; deal the next hand until HANDS are played.
  let armed = false, deals = 0;
  const act = () => {
    if (!armed || 'done' in B.marks) return;
    const table = document.getElementById('table');
    const pick = s => table.querySelector(s);
    const button = pick('button[data-action=check]') || pick('button[data-action=call]') ||
                   pick('button[data-action=draw]');
    const deal = pick('button[data-cmd=deal]') || pick('button[data-cmd=new]');
    if (button) { armed = false; button.click(); return; }
    if (deal) {
      if (deals >= HANDS) { B.marks.done = now(); return; }
      deals += 1; armed = false; deal.click();
    }
  };
  const look = () => {
    const body = document.body;
    if (!body) return;
    for (const key of ['ready', 'hand'])
      if (!(key in B.marks) && body.dataset[key] !== undefined) {
        B.marks[key] = now();
        if (key === 'hand') { armed = true; setTimeout(act, 0); }
      }
    if (body.dataset.error) B.error = body.dataset.error;
  };
  new MutationObserver(records => {
    look();
    if ('hand' in B.marks && records.some(r => r.target.id === 'table' && r.type === 'childList')) {
      armed = true; setTimeout(act, 0);
    }
  }).observe(document, {subtree: true, attributes: true, childList: true});
})();
""".replace("PROBE", str(PROBE_EVERY_MS)).replace("HANDS", str(HANDS))

FIGURES = """() => ({...window.__bench,
  fcp: ((performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? NaN) + window.__bench.offset,
  isolated: self.crossOriginIsolated})"""


# --------------------------------------------------------------------------- figures (pure)

def longest_and_total(tasks: Sequence[Sequence[float]], start: float, end: float) -> tuple[float, float]:
    """The longest main-thread task that began in [start, end) and the tasks' total (ms).

    >>> longest_and_total([(10, 60), (200, 300), (900, 80)], 0, 500)
    (300, 360.0)
    >>> longest_and_total([], 0, 100)
    (0.0, 0.0)
    """
    inside = [d for s, d in tasks if start <= s < end]
    return max(inside, default=0.0), sum(inside, 0.0)


def click_delays(probes: Sequence[Sequence[float]], start: float, end: float) -> tuple[float, int, int]:
    """Of the clicks due in [start, end]: the longest delay (ms), how many waited over 100 ms, how many.

    >>> click_delays([(100, 2), (200, 450), (300, 350), (400, 1), (900, 3)], 150, 500)
    (450, 2, 3)
    """
    inside = [d for t, d in probes if start <= t <= end]
    return max(inside, default=0.0), sum(1 for d in inside if d > 100), len(inside)


def ratio(value: float, base: float) -> str:
    """`value / base` with two decimals ('-' without a base).

    >>> ratio(4200, 3500), ratio(1, 0)
    ('1.20', '-')
    """
    return f"{value / base:.2f}" if base else "-"


def summarise(visit: dict[str, Any]) -> dict[str, float]:
    """One visit's figures: first hand (or ready), long tasks and click delays before it and over
    the hands played, bytes."""
    first = visit["marks"].get("hand", visit["marks"].get("ready", float("nan")))
    done = visit["marks"].get("done", first)
    start_long, start_total = longest_and_total(visit["long"], 0, first)
    play_long, play_total = longest_and_total(visit["long"], first, done + 1)
    click, late, probes = click_delays(visit["probes"], visit["fcp"], first)
    return {"first": first, "play_ms": done - first, "start_long": start_long, "start_total": start_total,
            "play_long": play_long, "play_total": play_total, "click": click, "late": late, "probes": probes,
            "fcp": visit["fcp"], "bytes": visit["bytes"], "reloaded": visit["reloaded"]}


# --------------------------------------------------------------------------- serving

class Counter:
    """Bytes the server sent since the last `take()` (thread-safe)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent = 0

    def add(self, n: int) -> None:
        with self.lock:
            self.sent += n

    def take(self) -> int:
        with self.lock:
            sent, self.sent = self.sent, 0
        return sent


@contextmanager
def serve(host: Path, counter: Counter) -> Iterator[str]:
    """Serve `host` as tools/serve.py serves dist/ (no-cache, explicit MIME types), counting bytes."""
    import functools
    from http.server import ThreadingHTTPServer

    from tools.serve import Handler

    class Counting(Handler):
        quiet = True

        def copyfile(self, source: Any, outputfile: Any) -> None:
            counter.add(os.fstat(source.fileno()).st_size)
            super().copyfile(source, outputfile)

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(host)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def micropython_folder() -> Path | None:
    """MicroPython's PyScript build: STRIPDECK_MICROPYTHON, or node_modules (package.json)."""
    for folder in (os.environ.get("STRIPDECK_MICROPYTHON"),
                   ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"):
        if folder and (Path(folder) / "micropython.mjs").is_file():
            return Path(folder)
    return None


def lay_out(host: Path, dist: Path, wheel: Path) -> None:
    """The served folder: dist/'s entries, the prototypes (bench-workers/), MicroPython
    (micropython/) and the wheel compiled to bytecode (pyc/)."""
    for entry in dist.iterdir():
        os.symlink(entry, host / entry.name)
    os.symlink(CANDIDATES, host / "bench-workers")
    mpy = micropython_folder()
    if mpy is not None:
        os.symlink(mpy, host / "micropython")
    (host / "pyc").mkdir()
    subprocess.run(["node", str(ROOT / "bench" / "pyc_wheel.mjs"), str(dist / "pyodide"), str(wheel),
                    str(host / "pyc" / wheel.name)], check=True, stdout=sys.stderr)


# --------------------------------------------------------------------------- measuring

def visit(page: Any, url: str, counter: Counter, timeout_s: float = 240) -> dict[str, Any]:
    """Navigate and wait until the first hand and HANDS hands are played (or, on the bare page,
    "ready"); the page's figures and the bytes sent."""
    counter.take()
    page.goto(url, wait_until="commit")
    bare = "bench-bare" in url
    deadline = time.monotonic() + timeout_s
    figures: dict[str, Any] = {}
    while time.monotonic() < deadline:
        try:
            figures = page.evaluate(FIGURES)
        except Exception:  # the page reloading itself (a service worker taking over)
            figures = {}
        marks = figures.get("marks", {})
        if figures.get("error"):
            raise RuntimeError(f"{url}: {figures['error']}")
        if ("ready" in marks and bare) or "done" in marks:
            break
        page.wait_for_timeout(250)
    else:
        raise RuntimeError(f"{url}: not done in {timeout_s:.0f} s: {figures.get('marks')}")
    page.wait_for_timeout(300)  # the last long tasks reported
    figures = page.evaluate(FIGURES)
    figures["bytes"] = counter.take()
    return figures


def measure(pw: Any, url: str, counter: Counter) -> dict[str, dict[str, float]]:
    """Cold and warm visits in a fresh on-disk profile (a real HTTP cache)."""
    with tempfile.TemporaryDirectory(prefix="stripdeck-bench-") as profile:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS, headless=True, viewport={"width": 1280, "height": 800})
        context.add_init_script(OBSERVER)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        cold = visit(page, url, counter)
        page.goto("about:blank")
        warm = visit(page, url, counter)
        context.close()
    if errors:
        print(f"  {url}: page errors: {errors[:3]}", file=sys.stderr)
    return {"cold": summarise(cold), "warm": summarise(warm)}


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def report(results: dict[str, dict[str, list[dict[str, float]]]], rounds: int, loads: list[str]) -> None:
    """Print medians over the rounds, as ratios to the bare page."""
    def med(key: str, kind: str, field: str) -> float:
        return statistics.median(r[field] for r in results[key][kind])

    def paired(key: str, kind: str) -> str:
        return f"{statistics.median(r['first'] / r['base'] for r in results[key][kind]):.2f}"

    labels = {key: label for key, label, _ in PAGES}
    print(f"Python off the main thread: candidates against the bare PyScript page, headless Chromium,"
          f" median of {rounds} round(s); load average {' / '.join(loads)}")
    print("(ratio: to the bare page measured just before the candidate; load: 1-minute load average then)")
    print(f"{'':48}{'cold ms':>8}{'ratio':>6}{'warm ms':>8}{'ratio':>6}{'cold bytes':>12}{'warm bytes':>11}{'load':>6}")
    for key in results:
        cold, warm = med(key, "cold", "first"), med(key, "warm", "first")
        print(f"{labels[key]:48}{cold:8.0f}{paired(key, 'cold'):>6}{warm:8.0f}{paired(key, 'warm'):>6}"
              f"{int(med(key, 'cold', 'bytes')):12,}{int(med(key, 'warm', 'bytes')):11,}"
              f"{med(key, 'cold', 'load'):6.1f}")
    print("targets: first dealt hand cold <= 1.0x, warm <= 0.8x the bare page")
    print()
    print("main thread, ms (long tasks > 50 ms: longest / total; click: longest delay of a click on How to play"
          f" due every {PROBE_EVERY_MS} ms from first paint to the first hand, and how many of them waited > 100 ms)")
    print(f"{'':48}{'':>6}{'start: longest':>15}{'total':>7}{'click':>7}{'late':>8}"
          f"{f'{HANDS} hands: longest':>19}{'total':>7}{'play ms':>8}")
    for key in results:
        if key == "bare":
            continue
        for kind in ("cold", "warm"):
            late = f"{med(key, kind, 'late'):.0f}/{med(key, kind, 'probes'):.0f}"
            print(f"{labels[key] if kind == 'cold' else '':48}{kind:>6}{med(key, kind, 'start_long'):15.0f}"
                  f"{med(key, kind, 'start_total'):7.0f}{med(key, kind, 'click'):7.0f}{late:>8}"
                  f"{med(key, kind, 'play_long'):19.0f}{med(key, kind, 'play_total'):7.0f}"
                  f"{med(key, kind, 'play_ms'):8.0f}")
    print("targets: no main-thread task over 100 ms, every click answered within 100 ms")
    reloads = [labels[k] for k in results if any(r["reloaded"] for r in results[k]["cold"])]
    if reloads:
        print(f"reloaded once on the first visit (figures from the first navigation): {', '.join(reloads)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--only", default="", help="comma-separated candidate keys (the bare page always runs)")
    args = parser.parse_args()
    dist = ROOT / "dist"
    wheels = sorted((dist / "pyodide").glob("stripdeck-*.whl"))
    if not wheels or not (dist / "pyodide" / "python.snapshot").is_file():
        print("no dist/: run `python3 build.py site` first", file=sys.stderr)
        return 1
    chosen = [p for p in PAGES if p[0] == "bare" or not args.only or p[0] in args.only.split(",")]
    if micropython_folder() is None:
        print("no MicroPython (npm ci, or STRIPDECK_MICROPYTHON): candidate c left out", file=sys.stderr)
        chosen = [p for p in chosen if p[0] != "c_micropython_main"]
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, list[dict[str, float]]]] = {key: {"cold": [], "warm": []} for key, _, _ in chosen}
    loads = [load_average()]
    failed: list[str] = []
    counter = Counter()
    with tempfile.TemporaryDirectory(prefix="stripdeck-workers-") as folder, sync_playwright() as pw:
        host = Path(folder)
        lay_out(host, dist, wheels[0])
        with serve(host, counter) as base:
            measure(pw, base + "bench-bare/", counter)  # warm-up of the machine (not counted)
            for _ in range(args.rounds):
                for key, _, path in chosen[1:]:
                    # The bare page just before each candidate: the machine is shared and its load
                    # drifts within minutes, so each ratio is to the bare page measured beside it.
                    bare = measure(pw, base + PAGES[0][2], counter)
                    try:
                        measured = measure(pw, base + path.format(wheel=wheels[0].name), counter)
                    except RuntimeError as err:  # reported, and the other candidates measured all the same
                        print(f"  {key}: FAILED: {err}", file=sys.stderr, flush=True)
                        failed.append(key)
                        continue
                    load = os.getloadavg()[0]
                    for kind in ("cold", "warm"):
                        results["bare"][kind].append({**bare[kind], "base": bare[kind]["first"], "load": load})
                        results[key][kind].append({**measured[kind], "base": bare[kind]["first"], "load": load})
                    print(f"  {key}: cold {measured['cold']['first']:.0f} ms (bare {bare['cold']['first']:.0f}),"
                          f" warm {measured['warm']['first']:.0f} ms (bare {bare['warm']['first']:.0f});"
                          f" load {load_average()}", file=sys.stderr, flush=True)
                loads.append(load_average())
    report({k: v for k, v in results.items() if v["cold"]}, args.rounds, loads)
    if failed:
        print(f"failed (see above): {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
