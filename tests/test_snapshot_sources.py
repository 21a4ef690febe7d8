"""web/app/snapshot_sources.py: the snapshot's modules are forgotten when a file of this visit
differs from the one the snapshot was made from (docs/ui.md, "Start-up")."""

from __future__ import annotations

import hashlib
import sys
import types
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from app import snapshot_sources  # noqa: E402

SNAPSHOT_MODULES = ("table.render", "friends.host", "widgets.ranking", "stripdeck", "stripdeck.engine")


@pytest.fixture
def snapshot(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    """Two files the "snapshot" imported, and a module table (a stand-in for sys.modules) with
    its record, modules of each package and one of another."""
    digests = {}
    for name in ("a.py", "b.py"):
        path = tmp_path / name
        path.write_text(f"# {name}\n")
        digests[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    record = types.ModuleType("snapshot_sources")
    record.packages = ("stripdeck", "table", "friends", "widgets")  # type: ignore[attr-defined]
    record.digests = digests  # type: ignore[attr-defined]
    modules: dict[str, object] = {name: types.ModuleType(name) for name in (*SNAPSHOT_MODULES, "json", "tables")}
    modules["snapshot_sources"] = record
    return tmp_path, modules


def test_the_same_files_keep_the_snapshots_modules(snapshot: tuple[Path, dict[str, object]]) -> None:
    _, modules = snapshot
    assert snapshot_sources.forget_if_stale(modules) == []
    assert set(SNAPSHOT_MODULES) <= set(modules)
    assert "snapshot_sources" not in modules  # checked once


@pytest.mark.parametrize("change", ["edited", "removed"])
def test_one_changed_file_forgets_every_module_of_the_snapshot(
        snapshot: tuple[Path, dict[str, object]], change: str) -> None:
    folder, modules = snapshot
    if change == "edited":
        (folder / "b.py").write_text("# b.py, release 2\n")
    else:
        (folder / "b.py").unlink()
    assert snapshot_sources.forget_if_stale(modules) == [str(folder / "b.py")]
    assert sorted(modules) == ["json", "tables"]  # only the snapshot's packages are forgotten


def test_a_fresh_start_has_nothing_to_check() -> None:
    modules: dict[str, object] = {"table.render": types.ModuleType("table.render")}
    assert snapshot_sources.forget_if_stale(modules) == []
    assert list(modules) == ["table.render"]
