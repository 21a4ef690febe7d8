#!/usr/bin/env python3
"""What a language adds to the game page's first load, in bytes (issue 17's target: under 30 KB
per language, gzip-compressed, only the chosen language loaded).

Reads the built site (`python3 build.py site` first): a person whose language is Italian loads
index.it.html instead of index.html (its words inline, the JavaScript's sentences in
#stripdeck-l10n) and, when Python starts, the first part of its catalogue, locale/it.page.mo
(the sentences the table needs from the first hand). The other parts (locale/it.help.mo,
it.hint.mo, it.friends.mo: How to play, the Hint, play with friends) are fetched when first
needed, after the first load; the widgets' and the command line's sentences are never loaded by
the game page (tools/l10n.py says which sentence is in which part; docs/i18n.md, "Bytes").
English loads no catalogue. For each language this prints those files' bytes and gzip's bytes
(what a static host that compresses sends), the page's difference from index.html, the first
load's addition, the later parts, and the whole catalogue (locale/<code>.mo, which the widgets
load) for comparison.

    python3 bench/bench_languages.py
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
sys.path[:0] = [str(ROOT / "core"), str(ROOT)]

TARGET = 30_000
FIRST = "page"
LATER = ("help", "hint", "friends")


def packed(data: bytes) -> int:
    return len(gzip.compress(data, 9, mtime=0))


def main() -> int:
    from stripdeck import i18n

    if not (DIST / "index.html").is_file() or not list((DIST / "locale").glob("*.page.mo")):
        print("no built site with a split catalogue in dist/: run `python3 build.py site` first", file=sys.stderr)
        return 2
    english = (DIST / "index.html").read_bytes()
    print(f"index.html: {len(english):,} bytes ({packed(english):,} gzip); English loads no catalogue")
    print(f"target: a language adds under {TARGET:,} bytes (gzip) to the first load\n")
    header = ("language", "offered", "page +gzip", "page.mo", "page.mo gzip", "added at first load, gzip",
              *(f"{part}.mo gzip (later)" for part in LATER), "whole .mo gzip (widgets)")
    print(" | ".join(header))
    print(" | ".join("---" for _ in header))
    worst = 0
    for code in [*i18n.NAMES, i18n.PSEUDO]:
        if code == "en" or not (DIST / "locale" / f"{code}.{FIRST}.mo").is_file():
            continue
        page_file = DIST / f"index.{code}.html"
        page_extra = packed(page_file.read_bytes()) - packed(english) if page_file.is_file() else 0
        first = (DIST / "locale" / f"{code}.{FIRST}.mo").read_bytes()
        added = packed(first) + page_extra
        if code in i18n.LANGUAGES:
            worst = max(worst, added)
        later = [packed((DIST / "locale" / f"{code}.{part}.mo").read_bytes()) for part in LATER]
        whole = packed((DIST / "locale" / f"{code}.mo").read_bytes())
        cells = (code, "yes" if code in i18n.LANGUAGES else "no",
                 f"{page_extra:+,}" if page_file.is_file() else "(no page)", f"{len(first):,}", f"{packed(first):,}",
                 f"{added:,}{'' if added < TARGET else ' !'} ({added / TARGET:.0%} of the target)",
                 *(f"{n:,}" for n in later), f"{whole:,}")
        print(" | ".join(cells))
    print(f"\nthe most an offered language adds: {worst:,} bytes gzip ({worst / TARGET:.0%} of the target)")
    print("! marks a language over the target. qps is the test pseudo-language (every sentence 40% longer).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
