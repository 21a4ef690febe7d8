#!/usr/bin/env python3
"""Pyodide's own start, the ways to cut it, measured side by side in one run (docs/ui.md, "Start-up").

A bare harness page (no PyScript, no game) loads Pyodide from dist/pyodide/ and the stripdeck
wheel, imports stripdeck and evaluates a hand, in four ways, alternating in each round:

* fresh, wheel with the runtime: loadPyodide({packages: ["stripdeck"]}) (what PyScript does);
* fresh, wheel after: loadPyodide(), then loadPackage("stripdeck") (the wheel not in parallel);
* snapshot: Python's memory restored from pyodide/python.snapshot (made by build.py);
* smaller standard library: python_stdlib.zip without the modules a game never imports.

Each in a fresh browser profile: cold (nothing cached), then warm (the HTTP cache). Prints, per
way: bytes transferred cold, ms to Python ready and to the first evaluated hand (cold and warm);
ratios are against "fresh, wheel with the runtime". (The page's long tasks: bench_page.py.)

    .venv/bin/python bench/bench_startup.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from bench_page import ARGS, CHROMIUM  # noqa: E402  (the same browser as the page benchmark)
from browser_support import serve_in_thread  # noqa: E402

# Modules of the standard library nothing in the game, PyScript or Pyodide's start imports
# (email stays: importlib.metadata needs it when Pyodide installs a package).
UNUSED = ("multiprocessing/", "_pyrepl/", "unittest/", "pdb.py", "doctest.py", "pydoc.py", "pydoc_data/",
          "tarfile.py", "xmlrpc/", "http/", "xml/", "wsgiref/", "sqlite3/", "curses/", "dbm/",
          "tkinter/", "turtle.py", "idlelib/", "lib2to3/", "ensurepip/", "venv/", "mailbox.py", "smtplib.py",
          "imaplib.py", "poplib.py", "ftplib.py", "nntplib.py", "telnetlib.py", "cgi.py", "cgitb.py")
WAYS = {
    "fresh": "fresh, wheel with the runtime",
    "after": "fresh, wheel after the runtime",
    "snapshot": "snapshot",
    "small": "smaller standard library",
}
HARNESS = """<!doctype html><meta charset="utf-8"><title>start-up</title><link rel="icon" href="data:,">
<script type="module">
const way = new URLSearchParams(location.search).get("way");
const base = new URL("sd/pyodide/", location.href).href;
const { loadPyodide } = await import(base + "pyodide.mjs");
const options = { indexURL: base, stdout: () => {}, stderr: () => {} };
if (way === "fresh" || way === "small") options.packages = ["stripdeck"];
if (way === "small") options.stdLibURL = new URL("small_stdlib.zip", location.href).href;
if (way === "snapshot") options._loadSnapshot = fetch(base + "python.snapshot").then((r) =>
  new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
const pyodide = await loadPyodide(options);
const ready = performance.now();
if (way !== "fresh" && way !== "small") await pyodide.loadPackage("stripdeck", { messageCallback: () => {} });
pyodide.runPython("import stripdeck; stripdeck.evaluate('Ah Jh 9h 8h 7h')");
document.body.dataset.result = JSON.stringify({ ready, hand: performance.now() });
</script>"""


def small_stdlib(target: Path) -> tuple[int, int]:
    """Write the trimmed standard library; return (bytes before, bytes after)."""
    source = ROOT / "dist" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(source) as full, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as small:
        for info in full.infolist():
            if not info.filename.startswith(UNUSED):
                small.writestr(info, full.read(info))
    return source.stat().st_size, target.stat().st_size


def run(pw: Any, url: str, way: str) -> dict[str, dict[str, float]]:
    out = {}
    with tempfile.TemporaryDirectory(prefix="stripdeck-bench-") as profile:
        context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS, headless=True)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        total = {"bytes": 0}
        cdp.on("Network.loadingFinished", lambda e: total.__setitem__("bytes", total["bytes"] + e["encodedDataLength"]))
        page.goto(url + "blank.html")
        for kind in ("cold", "warm"):
            total["bytes"] = 0
            page.goto(url + f"harness.html?way={way}")
            page.wait_for_selector("body[data-result]", state="attached", timeout=180_000)
            result = page.evaluate("JSON.parse(document.body.dataset.result)")
            out[kind] = {**result, "bytes": total["bytes"]}
            page.goto(url + "blank.html")
        context.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if not (ROOT / "dist" / "pyodide" / "python.snapshot").is_file():
        print("no dist/: run `python3 build.py site` first", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    results: dict[str, list[dict[str, dict[str, float]]]] = {way: [] for way in WAYS}
    with tempfile.TemporaryDirectory(prefix="stripdeck-host-") as folder, sync_playwright() as pw:
        host = Path(folder)
        os.symlink(ROOT / "dist", host / "sd")
        (host / "harness.html").write_text(HARNESS, encoding="utf-8")
        (host / "blank.html").write_text("<!doctype html><title>blank</title><link rel='icon' href='data:,'>")
        before, after = small_stdlib(host / "small_stdlib.zip")
        with serve_in_thread(host) as url:
            for _ in range(args.rounds):
                for way in WAYS:
                    results[way].append(run(pw, url, way))
                print(f"  round done: fresh warm {results['fresh'][-1]['warm']['hand']:.0f} ms,"
                      f" snapshot warm {results['snapshot'][-1]['warm']['hand']:.0f} ms", file=sys.stderr, flush=True)

    def med(way: str, kind: str, key: str) -> float:
        return statistics.median(r[kind][key] for r in results[way])

    print(f"Pyodide start-up, headless Chromium, a bare page (no PyScript), median of {args.rounds} rounds")
    print(f"{'':34}{'cold bytes':>12}{'cold ready':>11}{'cold hand':>10}{'warm ready':>11}{'warm hand':>10}")
    for way, label in WAYS.items():
        print(f"{label:34}{int(med(way, 'cold', 'bytes')):12,}{med(way, 'cold', 'ready'):11.0f}"
              f"{med(way, 'cold', 'hand'):10.0f}{med(way, 'warm', 'ready'):11.0f}{med(way, 'warm', 'hand'):10.0f}")
    base = med("fresh", "warm", "hand")
    for way, label in WAYS.items():
        if way != "fresh":
            print(f"ratio {label} / fresh (warm, first hand evaluated): {med(way, 'warm', 'hand') / base:.2f};"
                  f" cold {med(way, 'cold', 'hand') / med('fresh', 'cold', 'hand'):.2f}")
    print(f"standard library: {before:,} bytes, {after:,} without the unused modules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
