#!/usr/bin/env python3
"""Widget benchmark: what a tutorial page pays for a widget, static first and Python on demand.

Serves dist/ (build it first: `python3 build.py site`) beside a host page on the same site and
drives headless Chromium (/usr/bin/chromium, Playwright from .venv):

* a readable ranking table, cold (a fresh profile: nothing of the widgets cached; the browser
  first opens an empty page of the site): time from navigation start to the table's rows on
  screen, bytes transferred and requests for the Python runtime, for the three ways to embed
  it: the script tag (embed.js), the iframe (embed.html) and the pasted embed-static snippet
  (no script at all). Targets: < 100 KB and < 300 ms, no Python runtime;
* the first interactive answer: a compare widget shown pre-rendered; the reader types a hand
  and the time until the verdict changes is measured (Pyodide starts then), cold and on a
  return visit (files in the HTTP cache), then the next answer with Python running;
* the draw-odds widget's "Show the odds" with Python running;
* what another language adds: the same readable table in Italian (data-lang="it", lang=it, the
  Italian embed-static snippet), measured the same way, and the files a language adds, from
  dist/: its pre-rendered state beside the English one, its index of states, the sentences of
  embed.js (locale/<code>.json) and, on the first interaction only, Python's catalogue
  (locale/<code>.mo); for Italian as it is translated now and for the pseudo-language qps
  (every sentence translated and 40% longer: an upper bound for a finished translation).

    .venv/bin/python bench/bench_widgets.py [--rounds 3]

Prints medians of the rounds (the machine is shared: compare figures within one run).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from bench_page import ARGS, CHROMIUM  # noqa: E402  (the same browser as the page benchmark)
from browser_support import serve_in_thread  # noqa: E402

HEAD = "<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'><title>Rules</title>"
PAGES = {
    "script": HEAD + "<script src='sd/embed.js' defer></script></head><body><h1>Hand ranking</h1>"
                     "<div id='w' data-stripdeck-widget='ranking'></div></body></html>",
    "iframe": HEAD + "</head><body><h1>Hand ranking</h1><iframe id='w' src='sd/embed.html?widget=ranking'"
                     " style='width:100%;height:900px;border:0' title='Hand ranking'></iframe></body></html>",
    "script-it": HEAD + "<script src='sd/embed.js' defer></script></head><body><h1>Classifica</h1>"
                        "<div id='w' data-stripdeck-widget='ranking' data-lang='it'></div></body></html>",
    "iframe-it": HEAD + "</head><body><h1>Classifica</h1><iframe id='w' src='sd/embed.html?widget=ranking&lang=it'"
                        " style='width:100%;height:900px;border:0' title='Classifica'></iframe></body></html>",
    "compare": HEAD + "<script src='sd/embed.js' defer></script></head><body><h1>Compare</h1>"
                      "<div id='w' data-stripdeck-widget='compare' data-a='Ah Qh Th 8h 7h'"
                      " data-b='Ks Kd Kc 8s 8c'></div>"
                      "<div id='o' data-stripdeck-widget='odds' data-hand='Ah Kh Qh Jh 7c' data-top='6'></div>"
                      "</body></html>",
}
# Rows on screen: in the widget's shadow root, in the iframe, or in the pasted snippet's.
ROWS = """() => {
  const host = document.getElementById('w');
  const root = host.tagName === 'IFRAME'
    ? host.contentDocument?.getElementById('widget')?.shadowRoot : host.shadowRoot;
  return root && root.querySelectorAll('tbody tr').length >= 9 ? performance.now() : 0;
}"""


def host_pages(folder: Path) -> None:
    os.symlink(ROOT / "dist", folder / "sd")
    (folder / "blank.html").write_text(HEAD + "</head><body></body></html>", encoding="utf-8")
    for name, page in PAGES.items():
        (folder / f"{name}.html").write_text(page, encoding="utf-8")
    for name, path in (("static", "ranking.html"), ("static-it", "it/ranking.html")):
        snippet = (ROOT / "dist" / "embed-static" / path).read_text(encoding="utf-8")
        (folder / f"{name}.html").write_text(HEAD + "</head><body><h1>Hand ranking</h1>"
                                             + snippet.replace('<div class="stripdeck-static"',
                                                               '<div id="w" class="stripdeck-static"', 1)
                                             + "</body></html>", encoding="utf-8")


class Session:
    """A browser profile (its own HTTP cache) with a DevTools session counting bytes."""

    def __init__(self, pw: Any, profile: str) -> None:
        self.context = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS, headless=True, viewport={"width": 1000, "height": 900})
        self.page = self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.page)
        self.cdp.send("Network.enable")
        self.bytes = 0
        self.runtime: list[str] = []
        self.cdp.on("Network.loadingFinished", self._finished)
        self.page.on("request", lambda r: "/pyodide/" in r.url and self.runtime.append(r.url))

    def _finished(self, event: dict[str, Any]) -> None:
        self.bytes += int(event.get("encodedDataLength", 0))

    def reset(self) -> None:
        self.bytes = 0
        self.runtime.clear()

    def close(self) -> None:
        self.context.close()


def readable(pw: Any, url: str) -> dict[str, tuple[float, int, int]]:
    """Each embedding, cold: (ms to the rows on screen, bytes, runtime requests)."""
    out = {}
    for name in ("script", "iframe", "static", "script-it", "iframe-it", "static-it"):
        with tempfile.TemporaryDirectory(prefix="stripdeck-bench-") as profile:
            session = Session(pw, profile)
            session.page.goto(url + "blank.html")  # the browser's own start-up is not the widget's
            session.reset()
            session.page.goto(url + f"{name}.html", wait_until="commit")
            handle = session.page.wait_for_function(ROWS, polling="raf", timeout=60_000)
            ms = float(handle.json_value())
            session.page.wait_for_load_state("networkidle")
            out[name] = (ms, session.bytes, len(session.runtime))
            session.close()
    return out


def answer_ms(page: Any, host: str, act: str, selector: str, text: str) -> float:
    """Run `act` (JS, in the widget's shadow root `r`) and time it until `selector` contains `text`."""
    return float(page.evaluate("""async ([host, act, selector, text]) => {
        const r = document.getElementById(host).shadowRoot;
        const start = performance.now();
        new Function('r', act)(r);
        for (;;) {
            const el = r.querySelector(selector);
            if (el && el.textContent.includes(text)) return performance.now() - start;
            await new Promise(requestAnimationFrame);
        }
    }""", [host, act, selector, text]))


TYPE = """const i = r.querySelector('input[name=a]'); i.value = %r;
          i.dispatchEvent(new Event('input', {bubbles: true, composed: true}));"""
ODDS = """r.querySelector('input[name=hand]').value = '9h 9d Kc 8s 7h';
          r.querySelector('form').requestSubmit();"""


def interactive(pw: Any, url: str) -> dict[str, float]:
    """The first answer after the first interaction, cold and on a return visit; then the next."""
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="stripdeck-bench-") as profile:
        session = Session(pw, profile)
        page = session.page
        page.goto(url + "blank.html")
        for visit in ("cold", "return"):
            session.reset()
            page.goto(url + "compare.html")
            page.wait_for_selector("html[data-stripdeck-ready='1']", state="attached", timeout=60_000)
            assert not session.runtime, "the runtime was requested before any interaction"
            out[visit] = answer_ms(page, "w", TYPE % "Qh Qs Tc 9d 7h", ".sd-verdict", "a full house beats a pair")
            out[f"{visit} bytes"] = float(session.bytes)
            page.goto(url + "blank.html")
        page.goto(url + "compare.html")
        page.wait_for_selector("html[data-stripdeck-ready='1']", state="attached", timeout=60_000)
        answer_ms(page, "w", TYPE % "Qh Qs Tc 9d 7h", ".sd-verdict", "a full house beats a pair")
        out["next"] = answer_ms(page, "w", TYPE % "Jh Jd Jc As 7h", ".sd-verdict", "a full house beats three")
        out["odds"] = answer_ms(page, "o", ODDS, ".sd-verdict", "Keep a pair of nines")
        session.close()
    return out


def language_bytes(code: str) -> dict[str, tuple[int, int]]:
    """The files a language adds to a ranking table, (bytes, gzip's bytes) each: its pre-rendered
    state beside the English one, its index, embed.js's sentences, Python's catalogue."""
    import gzip
    import json
    import re

    sys.path[:0] = [str(ROOT / "core")]
    from tools import prerender

    dist = ROOT / "dist"
    if code in prerender.languages():
        state = _state(dist, {"widget": "ranking", "lang": code})
        table = json.loads(re.search(r"const PRERENDERED_LANGUAGES = (\{.*?\});",
                                     (dist / "embed.js").read_text()).group(1))
        index = (dist / "prerendered" / table[code]).read_bytes()
    else:  # not pre-rendered (qps): rendered here as the build renders the others
        from web.widgets import bridge

        bridge.add_language(code, (dist / "locale" / f"{code}.mo").read_bytes())
        state = prerender.render_state({"lang": code, "widget": "ranking"}).encode()
        index = b""
    files = {"english": _state(dist, {"widget": "ranking"}), "state": state, "index": index,
             "json": (dist / "locale" / f"{code}.json").read_bytes(),
             "mo": (dist / "locale" / f"{code}.mo").read_bytes()}
    return {name: (len(data), len(gzip.compress(data))) for name, data in files.items()}


def _state(dist: Path, params: dict[str, str]) -> bytes:
    import json
    import re

    from tools import prerender

    text = (dist / "embed.js").read_text()
    index = json.loads(re.search(r"const PRERENDERED = (\{.*?\});", text).group(1))
    for name in json.loads(re.search(r"const PRERENDERED_LANGUAGES = (\{.*?\});", text).group(1)).values():
        index.update(json.loads((dist / "prerendered" / name).read_text()))
    return (dist / "prerendered" / index[prerender.canonical_key(params)]).read_bytes()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if not (ROOT / "dist" / "embed-static" / "ranking.html").is_file():
        print("no dist/: run `python3 build.py site` first", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    reads: dict[str, list[tuple[float, int, int]]] = {}
    answers: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="stripdeck-host-") as folder, sync_playwright() as pw:
        host_pages(Path(folder))
        with serve_in_thread(Path(folder)) as url:
            for _ in range(args.rounds):
                for name, figures in readable(pw, url).items():
                    reads.setdefault(name, []).append(figures)
                for name, ms in interactive(pw, url).items():
                    answers.setdefault(name, []).append(ms)
                print(f"  round: {reads['script'][-1][0]:.0f} ms script, first answer {answers['cold'][-1]:.0f} ms",
                      file=sys.stderr, flush=True)

    def med(values: list[float]) -> float:
        return statistics.median(values)

    print(f"widget benchmark, headless Chromium, median of {args.rounds} rounds")
    print("readable ranking table, cold (fresh profile)  ms to rows   bytes   Python runtime requests")
    for name, label in (("script", "script tag (embed.js)"), ("iframe", "iframe (embed.html)"),
                        ("static", "embed-static snippet (no script)"),
                        ("script-it", "in Italian: script tag (data-lang=it)"), ("iframe-it", "  iframe (lang=it)"),
                        ("static-it", "  embed-static/it/ snippet")):
        runs = reads[name]
        print(f"  {label:42}{med([r[0] for r in runs]):9.0f}{int(med([r[1] for r in runs])):10,}"
              f"{int(max(r[2] for r in runs)):6}")
    print("  targets: < 300 ms, < 100,000 bytes, no Python runtime")
    print(f"first interactive answer (compare: a hand typed), Python started by it: cold {med(answers['cold']):.0f} ms"
          f" ({int(med(answers['cold bytes'])):,} bytes), return visit {med(answers['return']):.0f} ms"
          f" ({int(med(answers['return bytes'])):,} bytes)")
    print(f"with Python running: the next answer {med(answers['next']):.1f} ms, the draw odds of a new hand"
          f" {med(answers['odds']):.0f} ms")
    ratio = med(answers["cold"]) / med([r[0] for r in reads["script"]])
    print(f"ratio first answer (cold) / readable table (cold): {ratio:.1f}")
    print("what a language adds to a ranking table: bytes (gzip)")
    for code, label in (("it", "Italian, as translated now"), ("qps", "every sentence translated (qps)")):
        b = {name: f"{raw:,} ({packed:,})" for name, (raw, packed) in language_bytes(code).items()}
        print(f"  {label}: pre-rendered state {b['state']} against {b['english']} in English; its index"
              f" {b['index']}; embed.js's sentences {b['json']}; on the first interaction, Python's catalogue"
              f" {b['mo']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
