"""The modules the build's memory snapshot came with, checked against the files of this visit.

tools/make_snapshot.mjs imports the engine and web/'s table, friends and widgets into the
snapshot, and records those packages (``packages``) and each of their modules' file and the
SHA-256 of its source (``digests``) in the module ``snapshot_sources`` (in ``sys.modules``, made
there). The worker then writes this visit's files
(the wheel, web/worker/modules.json's list). Should any differ (a snapshot that does not belong
to these files: a release that changed a module but not the snapshot, a development copy), every
one of those modules is forgotten, so that they are all imported again from the files: a module
in memory may not be older than its file, and one module left imported would keep the old
version of those it imported. A fresh start has no record: nothing to check.
"""

from __future__ import annotations

import hashlib
import sys


def stale(digests: dict[str, str]) -> list[str]:
    """The files (of ``digests``: path -> SHA-256) whose source now differs, or that are gone."""
    changed = []
    for path, digest in digests.items():
        try:
            with open(path, "rb") as source:
                now = hashlib.sha256(source.read()).hexdigest()
        except OSError:
            now = None
        if now != digest:
            changed.append(path)
    return changed


def forget_if_stale(modules: dict[str, object] | None = None) -> list[str]:
    """Check the snapshot's modules; forget them all if any file changed. Returns the changed
    files. ``modules`` is the interpreter's ``sys.modules`` (another mapping in the tests)."""
    modules = sys.modules if modules is None else modules
    record = modules.get("snapshot_sources")
    digests = getattr(record, "digests", None)
    if not isinstance(digests, dict):
        return []
    changed = stale(digests)
    if changed:
        packages = set(record.packages)
        for name in [m for m in modules if m.split(".")[0] in packages]:
            del modules[name]
    del modules["snapshot_sources"]
    return changed
