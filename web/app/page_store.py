"""The browser's storage as the page's Python sees it: the game's records, read once at the start
and kept here, written back through the page's changes (web/app/patch.py's "store"; patch.js
writes localStorage). Python reads no storage of its own, the shape Python in a worker needs
(``localStorage`` exists only on the main thread): web/page/storage.js hands it the records,
and the records another tab of the game writes (the ``storage`` event).

A :class:`PageStore` has localStorage's three methods, so ``table/storage.py`` and the Friends
panel use it as they used the browser's. No DOM here: tested on CPython.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from .patch import PagePatch


class StorageBlocked(Exception):
    """The browser refused to read the storage (a private window, a blocked site, a full disk)."""


class PageStore:
    """The game's records (``keys``), as they were at the start, with this page's writes and
    other tabs' since.

    >>> sent = []
    >>> store = PageStore(PagePatch(sent.append), ["stripdeck.a", "stripdeck.b"],
    ...                   '{"stripdeck.a": "1", "stripdeck.b": null, "other": "x"}')
    >>> store.getItem("stripdeck.a"), store.getItem("stripdeck.b"), store.getItem("other")
    ('1', None, None)
    >>> store.setItem("stripdeck.b", "2"); store.removeItem("stripdeck.a")
    >>> store.getItem("stripdeck.b"), store.getItem("stripdeck.a"), sent
    ('2', None, ['[["store", "stripdeck.b", "2"]]', '[["store", "stripdeck.a", null]]'])
    >>> try:
    ...     PageStore(PagePatch(sent.append), ["k"], '{"error": "SecurityError"}').getItem("k")
    ... except StorageBlocked as err:
    ...     print(err)
    SecurityError
    """

    def __init__(self, patch: PagePatch, keys: Iterable[str], records: str) -> None:
        self.patch = patch
        self.keys = frozenset(keys)
        self.blocked = ""
        self.records: dict[str, str] = {}
        try:
            data = json.loads(records)
        except ValueError:
            data = {"error": "the page's storage could not be read"}
        if not isinstance(data, dict):
            data = {"error": "the page's storage could not be read"}
        if isinstance(data.get("error"), str):
            self.blocked = data["error"][:200]
            return
        self.records = {k: v for k, v in data.items() if k in self.keys and isinstance(v, str)}

    def getItem(self, key: str) -> str | None:  # noqa: N802 - localStorage's names
        if self.blocked:
            raise StorageBlocked(self.blocked)
        return self.records.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if key in self.keys and not self.blocked:
            self.records[key] = str(value)
            self.patch.store(key, str(value))

    def removeItem(self, key: str) -> None:  # noqa: N802
        if key in self.keys and not self.blocked:
            self.records.pop(key, None)
            self.patch.store(key, None)

    def changed_elsewhere(self, text: str) -> None:
        """Another tab of the game wrote ``{"key": ..., "value": ...}`` (JSON; value null:
        removed): kept, so that what this page reads later is what the browser holds.

        >>> store = PageStore(PagePatch(print), ["k"], "{}")
        >>> store.changed_elsewhere('{"key": "k", "value": "v"}'); store.getItem("k")
        'v'
        >>> store.changed_elsewhere('{"key": "x", "value": "v"}'); store.getItem("x") is None
        True
        """
        try:
            data = json.loads(text)
        except ValueError:
            return
        if not isinstance(data, dict) or data.get("key") not in self.keys:
            return
        value = data.get("value")
        if isinstance(value, str):
            self.records[data["key"]] = value
        elif value is None:
            self.records.pop(data["key"], None)
