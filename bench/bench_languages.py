#!/usr/bin/env python3
"""What a language adds to the game page's first load, in bytes (issue 17's target: under 30 KB
per language, gzip-compressed, only the chosen language loaded).

Reads the built site (`python3 build.py site` first): a person whose language is Italian loads
index.it.html instead of index.html (its words inline, the JavaScript's sentences in
#stripdeck-l10n) and, when Python starts, locale/it.mo (the catalogue of every sentence: the
table and the panels, the engine's narration, errors, the widgets, the command line's help).
English loads no catalogue. For each language this prints those files' bytes and gzip's bytes
(what a static host that compresses sends), the page's difference from index.html, and what the
catalogue would weigh holding only the page's sentences (those whose sources are the page's or the
engine's, not the command line's, the arena's or the widgets' own), which is how the target can
be met by splitting the catalogue.

    python3 bench/bench_languages.py
"""

from __future__ import annotations

import gzip
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
sys.path[:0] = [str(ROOT / "core"), str(ROOT)]

TARGET = 30_000
# Sources whose sentences the game page never shows (the widgets other than How to play's ranking
# table run on pages of their own).
NOT_THE_PAGE = ("core/stripdeck/__main__.py", "core/stripdeck/arena.py", "core/stripdeck/exploiters.py",
                "core/stripdeck/explain.py", "web/widgets/odds", "web/widgets/compare", "web/widgets/scripted",
                "web/widgets/game", "web/widgets/bridge", "web/widgets/scenario", "embed.js", "embed.html")


def packed(data: bytes) -> int:
    return len(gzip.compress(data, 9, mtime=0))


def page_only_catalogue(code: str) -> bytes | None:
    """The catalogue with only the page's sentences (Babel from .venv-tools or .venv), or None."""
    try:
        from babel.messages.catalog import Catalog
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        return None
    with (ROOT / "locale" / f"{code}.po").open("rb") as po:
        full = read_po(po)
    page = Catalog(locale=full.locale)
    page.mime_headers = full.mime_headers
    for message in full:
        if message.id and not all(path.startswith(NOT_THE_PAGE) for path, _line in message.locations):
            page[message.id] = message
    out = io.BytesIO()
    write_mo(out, page)
    return out.getvalue()


def main() -> int:
    from stripdeck import i18n

    if not (DIST / "index.html").is_file():
        print("no built site in dist/: run `python3 build.py site` first", file=sys.stderr)
        return 2
    english = (DIST / "index.html").read_bytes()
    print(f"index.html: {len(english):,} bytes ({packed(english):,} gzip); English loads no catalogue")
    print(f"target: a language adds under {TARGET:,} bytes (gzip) to the first load\n")
    header = ("language", "offered", "page +gzip", ".mo", ".mo gzip", "added gzip", "page-only .mo gzip",
              "added then")
    print(" | ".join(header))
    print(" | ".join("---" for _ in header))
    for code in [*i18n.NAMES, i18n.PSEUDO]:
        if code == "en" or not (DIST / "locale" / f"{code}.mo").is_file():
            continue
        page_file = DIST / f"index.{code}.html"
        page_extra = packed(page_file.read_bytes()) - packed(english) if page_file.is_file() else None
        mo = (DIST / "locale" / f"{code}.mo").read_bytes()
        added = packed(mo) + (page_extra or 0)
        page_mo = page_only_catalogue(code) if code != i18n.PSEUDO else None
        added_then = packed(page_mo) + (page_extra or 0) if page_mo else None
        cells = (code, "yes" if code in i18n.LANGUAGES else "no",
                 f"{page_extra:+,}" if page_extra is not None else "(no page)", f"{len(mo):,}", f"{packed(mo):,}",
                 f"{added:,}{'' if added < TARGET else ' !'}",
                 f"{packed(page_mo):,}" if page_mo else "-",
                 f"{added_then:,}{'' if added_then < TARGET else ' !'}" if added_then else "-")
        print(" | ".join(cells))
    print("\n! marks a language over the target. qps is the test pseudo-language (every sentence 40% longer).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
