"""tools/offline.finish on a small dist/: the version and file list it writes, and that it writes
each file whole (a browser checking for an update while a release is published must get the old
sw.js or the new one: a half-written one fails the update as a script that cannot be evaluated)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import pytest

from tools import offline

PAGE = '<html><head><meta name="stripdeck-build" content=""></head><body>release 1</body></html>\n'
WORKER = 'const VERSION = "";\nconst FILES = {};\nself.addEventListener("install", () => {});\n'


def small_dist(root: Path) -> Path:
    (root / "web" / "table").mkdir(parents=True)
    (root / "index.html").write_text(PAGE, encoding="utf-8")
    (root / "sw.js").write_text(WORKER, encoding="utf-8")
    (root / "web" / "table" / "rules_text.py").write_text("RULES = 'release 1'\n", encoding="utf-8")
    (root / "web" / "widgets" / "scenarios").mkdir(parents=True)
    (root / "web" / "widgets" / "scenarios" / "example.json").write_text("{}", encoding="utf-8")
    return root


def written_files(dist: Path) -> dict[str, str]:
    found = re.search(r"^const FILES = (\{.*?\});$", (dist / "sw.js").read_text(encoding="utf-8"), re.M | re.S)
    assert found
    return dict(json.loads(found.group(1)))


def test_finish_writes_the_version_and_each_files_hash(tmp_path: Path) -> None:
    dist = small_dist(tmp_path)
    version = offline.finish(dist)
    assert re.fullmatch(r"[0-9a-f]{20}", version)
    assert f'const VERSION = "{version}";' in (dist / "sw.js").read_text(encoding="utf-8")
    assert f'content="{version}"' in (dist / "index.html").read_text(encoding="utf-8")
    files = written_files(dist)
    assert sorted(files) == ["index.html", "web/table/rules_text.py"]  # not the widgets' examples
    for path, integrity in files.items():
        digest = base64.b64encode(hashlib.sha256((dist / path).read_bytes()).digest()).decode()
        assert integrity == "sha256-" + digest
    assert not list(dist.rglob("*.part"))  # nothing left beside the files


def test_finish_again_is_the_same_and_a_changed_file_is_a_new_version(tmp_path: Path) -> None:
    dist = small_dist(tmp_path)
    first = offline.finish(dist)
    assert offline.finish(dist) == first  # the page's own version mark is not an input
    rules = dist / "web" / "table" / "rules_text.py"
    rules.write_text("RULES = 'release 2'\n", encoding="utf-8")
    second = offline.finish(dist)
    assert second != first
    assert f'content="{second}"' in (dist / "index.html").read_text(encoding="utf-8")


def test_a_reader_of_the_old_file_gets_it_whole_while_the_new_one_is_written(tmp_path: Path) -> None:
    dist = small_dist(tmp_path)
    worker = dist / "sw.js"
    old = worker.read_bytes()
    with worker.open("rb") as reading:  # a server sending the file when the release is published
        reading.read(10)
        offline.finish(dist)
        assert reading.read() == old[10:]  # the rest of the same old file, not a mix or nothing
    assert worker.read_bytes() != old


def test_a_worker_without_its_two_lines_is_named(tmp_path: Path) -> None:
    dist = small_dist(tmp_path)
    (dist / "sw.js").write_text("self.addEventListener('install', () => {});\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="sw.js must have one"):
        offline.finish(dist)
