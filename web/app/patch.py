"""The page's changes as data: what the App draws, in the form web/page/patch.js applies.

Every change Python makes to the page (the regions' HTML, ``<body>``'s data attributes, focus,
the tab's title, the turn sound) is a JSON array ``[kind, ...arguments]`` (the kinds are listed
in web/page/patch.js). Changes made inside :meth:`PagePatch.batch` go to the page together at its
end (the App draws a whole state in one batch, so the focus can be put back on the control it
was on); others go at once. Python on the main thread hands each batch to
``window.stripdeckPatch``; in a worker it would post it (docs/worker-candidates.md): this module
needs neither, so it is tested on CPython.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class PagePatch:
    """Builds batches of changes and hands each one, as JSON text, to ``send``.

    >>> sent = []
    >>> page = PagePatch(sent.append)
    >>> page.data("hand", "3")
    >>> with page.batch():
    ...     page.html("table", "<p>1</p>")
    ...     page.html("table", "<p>1</p>")  # unchanged: not sent again
    ...     page.focus_turn()
    >>> sent
    ['[["data", "hand", "3"]]', '[["html", "table", "<p>1</p>"], ["focus-turn"]]']
    """

    def __init__(self, send: Callable[[str], object]) -> None:
        self.send = send
        self.changes: list[list[object]] = []
        self.depth = 0                      # batches open (they nest)
        self.last: dict[str, str] = {}      # the HTML last sent for each element id

    @contextmanager
    def batch(self) -> Iterator[PagePatch]:
        """Changes made inside go to the page together, when the outermost batch ends."""
        self.depth += 1
        try:
            yield self
        finally:
            self.depth -= 1
            if self.depth == 0:
                self.flush()

    def flush(self) -> None:
        if self.changes:
            changes, self.changes = self.changes, []
            self.send(json.dumps(changes))

    def add(self, *change: object) -> None:
        self.changes.append(list(change))
        if self.depth == 0:
            self.flush()

    def html(self, element_id: str, html: str, always: bool = False) -> None:
        """The content of ``#element_id``; skipped when it is what was last sent (a redraw then
        keeps hover, focus and running animations where nothing moved), unless ``always`` (a form
        drawn again on purpose, over what the person typed).

        >>> sent = []
        >>> page = PagePatch(sent.append)
        >>> page.html("settings-form", "<p>a</p>"); page.html("settings-form", "<p>a</p>", always=True)
        >>> len(sent)
        2
        """
        if always or self.last.get(element_id) != html:
            self.last[element_id] = html
            self.add("html", element_id, html)

    def prop(self, selector: str, name: str, value: object) -> None:
        """A property (hidden, disabled, textContent, value) of the first element matching."""
        self.add("prop", selector, name, value)

    def attr(self, selector: str, name: str, value: str) -> None:
        """An attribute (``data-*`` or ``aria-*`` only) of the first element matching."""
        self.add("attr", selector, name, value)

    def data(self, name: str, value: str | None) -> None:
        """``<body data-...>`` (``name`` in camelCase, as ``dataset`` has it); None removes it."""
        self.add("data", name, value)

    def body_class(self, name: str, on: bool) -> None:
        self.add("class", name, bool(on))

    def style(self, selector: str, prop: str, value: str | None) -> None:
        """A style property of the first element matching; None removes it."""
        self.add("style", selector, prop, value)

    def scroll_end(self, element_id: str) -> None:
        self.add("scroll-end", element_id)

    def timer(self, text: str, width: str, low: bool, bank: bool) -> None:
        """The acting seat's countdown: its words, its bar's width, and whether it is low or the
        time bank's."""
        self.add("timer", text, width, bool(low), bool(bank))

    def restore_focus(self) -> None:
        """The focus back on the control it was on when this batch began, if that was redrawn."""
        self.add("restore-focus")

    def focus(self, selector: str) -> None:
        self.add("focus", selector)

    def focus_turn(self) -> None:
        """The focus on the action bar, unless the person is busy in a form or a panel."""
        self.add("focus-turn")

    def title(self, text: str) -> None:
        self.add("title", text)

    def panel(self, name: str, show: bool | None, focus: bool = True) -> None:
        """A panel opened (``show`` True), closed (False) or toggled (None); the focus follows
        unless ``focus`` is False."""
        self.add("panel", name, show, bool(focus))

    def sound(self) -> None:
        self.add("sound")

    def mark(self, name: str) -> None:
        self.add("mark", name)

    def copy(self, selector: str, select: bool, done: str, failed: str) -> None:
        """The text of the box ``selector`` to the clipboard (selected first if ``select``);
        screen readers are told ``done``, or ``failed`` when the browser refuses."""
        self.add("copy", selector, bool(select), done, failed)

    def download(self, text: str, name: str, said: str) -> None:
        """``text`` downloaded as the JSON file ``name``; screen readers are told ``said``."""
        self.add("download", text, name, said)

    def store(self, key: str, value: str | None) -> None:
        """A record of the game written to the browser's storage (None removes it)."""
        self.add("store", key, value)

    def url(self, address: str) -> None:
        """The page's address, replaced (no navigation, no new history entry)."""
        self.add("url", address)

    def language(self, code: str, manifest: str, words: dict[str, str]) -> None:
        """The page's language: ``<html lang>``, the manifest's link, and its own words said
        again (``words``: "context\\x04English" -> translation)."""
        self.add("language", code, manifest, words)

    def net(self, what: str, *args: object) -> None:
        """A request to the friends transport (web/page/net_port.js lists them)."""
        self.add("net", what, *args)

    def reload(self) -> None:
        """The page loaded again."""
        self.add("reload")
