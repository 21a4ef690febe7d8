"""The installable, offline game: the service worker's file list and the build's version.

:func:`finish` runs last in the build, on the finished dist/:

* every file the game needs (the page, web/, pyodide/, the manifest and icons) is
  listed in ``sw.js`` with its SHA-256 (the service worker checks each file it caches);
* the build's version is a hash of those files (index.html's own version mark left out), written
  into ``sw.js`` (``VERSION``, which names the cache) and index.html
  (``<meta name="stripdeck-build">``, which the page's saved look is tied to).

It may run again on a dist/ whose files were changed (the browser tests simulate a new
release that way): the result is the same as a fresh build of those files.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
from pathlib import Path

GAME_FILES = ("index.html", "manifest.webmanifest")
GAME_PATTERNS = ("index.*.html", "manifest.*.webmanifest")  # the other languages' pages and manifests
GAME_FOLDERS = ("web", "pyodide", "icons", "locale")  # not pyscript/: the benchmarks' reference pages only
PAGE = re.compile(r"^index(\.[a-z]+)?\.html$")
LEFT_OUT = ("web/widgets/scenarios/",)  # the widgets' example files: not part of the game
_BUILD_META = re.compile(r'(<meta name="stripdeck-build" content=")[^"]*(">)')
_VERSION = re.compile(r'^const VERSION = "[^"]*";$', re.M)
_FILES = re.compile(r"^const FILES = \{.*?\};$", re.M | re.S)


def game_files(dist: Path) -> list[str]:
    """The files the service worker caches, as paths relative to dist/ (sorted)."""
    found = [name for name in GAME_FILES if (dist / name).is_file()]
    for pattern in GAME_PATTERNS:
        found += [p.name for p in dist.glob(pattern) if p.is_file()]
    for folder in GAME_FOLDERS:
        found += [p.relative_to(dist).as_posix() for p in (dist / folder).rglob("*") if p.is_file()]
    return sorted(p for p in found if not p.startswith(LEFT_OUT))


def _content(dist: Path, path: str) -> bytes:
    data = (dist / path).read_bytes()
    if PAGE.match(path):  # a page's version mark is the result, not an input
        data = _BUILD_META.sub(lambda m: m.group(1) + m.group(2), data.decode("utf-8")).encode("utf-8")
    return data


def build_version(dist: Path, files: list[str]) -> str:
    """A short hash of every game file's path and content."""
    h = hashlib.sha256()
    for path in files:
        h.update(path.encode() + b"\0" + hashlib.sha256(_content(dist, path)).digest())
    return h.hexdigest()[:20]


def replace_text(path: Path, text: str) -> None:
    """Write ``path`` whole or not at all: a browser (or ``build.py serve``) reading it meanwhile
    gets the old file or the new one, never a half-written one (a half-written sw.js fails the
    service worker's update as a script that cannot be evaluated)."""
    part = path.with_name(path.name + ".part")
    part.write_text(text, encoding="utf-8")
    os.replace(part, path)


def finish(dist: Path) -> str:
    """Write the version into index.html and sw.js, and sw.js's file list; return the version."""
    files = game_files(dist)
    if "index.html" not in files or not (dist / "sw.js").is_file():
        raise SystemExit("build.py: dist/ needs index.html and sw.js for the offline game")
    version = build_version(dist, files)
    for name in (f for f in files if PAGE.match(f)):
        page = dist / name
        text = page.read_text(encoding="utf-8")
        if len(_BUILD_META.findall(text)) != 1:
            raise SystemExit(f'build.py: {name} must have one <meta name="stripdeck-build" content="">')
        replace_text(page, _BUILD_META.sub(lambda m: f"{m.group(1)}{version}{m.group(2)}", text))
    integrity = {path: "sha256-" + base64.b64encode(hashlib.sha256((dist / path).read_bytes()).digest()).decode()
                 for path in files}
    worker = dist / "sw.js"
    source = worker.read_text(encoding="utf-8")
    if len(_VERSION.findall(source)) != 1 or len(_FILES.findall(source)) != 1:
        raise SystemExit("build.py: sw.js must have one 'const VERSION = \"\";' and one 'const FILES = {};' line")
    source = _VERSION.sub(f'const VERSION = "{version}";', source)
    source = _FILES.sub(lambda _: f"const FILES = {json.dumps(integrity, indent=0, sort_keys=True)};", source)
    replace_text(worker, source)
    return version
