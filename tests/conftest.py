"""Suite-wide set-up: how the tests share the machine's two cores.

`python3 build.py test` runs pytest with two xdist workers and `--dist loadgroup`. Every
browser test is in one group, so they run one at a time in one worker (a Chromium page and
Pyodide are timing-sensitive and heavy); the CPython and Pyodide-under-Node tests are spread
beside them.

Collection must be the same in every worker, so a test that draws a fresh random seed takes it
from ``STRIPDECK_FRESH_SEED``, drawn once here, in the process that starts the workers (they
inherit its environment); set it yourself to replay a run.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

BROWSER_DIR = Path(__file__).parent / "browser"


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the main process, before any worker starts
        os.environ.setdefault("STRIPDECK_FRESH_SEED", str(random.SystemRandom().randrange(10**9)))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if BROWSER_DIR in Path(item.path).parents:
            item.add_marker(pytest.mark.xdist_group("browser"))
