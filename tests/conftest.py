"""Suite-wide set-up: how the tests share the machine's two cores.

`python3 build.py test` runs pytest with two xdist workers and `--dist loadgroup`. Every
browser test is in one group, so they run one at a time in one worker (a Chromium page and
Pyodide are timing-sensitive and heavy); the CPython and Pyodide-under-Node tests are spread
beside them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

BROWSER_DIR = Path(__file__).parent / "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if BROWSER_DIR in Path(item.path).parents:
            item.add_marker(pytest.mark.xdist_group("browser"))
