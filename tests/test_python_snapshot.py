"""Python started from the build's memory snapshot (docs/ui.md, "Start-up") works like a fresh
start, and what must differ between visitors does: the random module's generator and every
hand's seed. Runs the page's own interpreter module under Node (tests/pyodide_node/snapshot.mjs);
needs `python3 build.py site`.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.pyodide


def test_two_visitors_from_the_same_snapshot_get_their_own_randomness() -> None:
    node = shutil.which("node")
    assert node, "node is not on PATH"
    assert (ROOT / "dist" / "pyodide" / "python.snapshot").is_file(), "run `python3 build.py site`"
    out = subprocess.run([node, str(ROOT / "tests" / "pyodide_node" / "snapshot.mjs")], cwd=ROOT,
                         capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr[-3000:]
    one, two = json.loads(out.stdout.strip().splitlines()[-1])
    assert one["version"] == two["version"] == [3, 14]
    assert one["flush"] == two["flush"] == "Flush, ace high, ace of hearts decides"
    assert one["random"] != two["random"]      # reseeded after the restore
    assert one["urandom"] != two["urandom"]
    assert one["seed"] != two["seed"]          # every hand's seed comes from the system's randomness
    # The engine and the page's Python that touches no page came imported in the snapshot.
    preloaded = ["stripdeck.engine", "table.render", "friends.host", "widgets.ranking"]
    assert one["preloaded"] == two["preloaded"] == preloaded
