"""The page's panels (History, Settings, How to play, Friends): opening and closing them, one at a
time where they lie over each other, and which one Escape closes. Pyodide only; the App holds one.

web/page/shell.js does the same before Python starts; the opening order is kept on the panels
(``data-opened``), so the two agree.
"""

from pyscript import window

from .dom import by_id, data, query

PANELS = ("history", "settings", "help", "friends")


def opened_rank(panel):
    """When a panel was opened, relative to the others (0: open from the start, or never)."""
    text = str(data(panel, "opened") or "") if panel is not None else ""
    return int(text) if text.isdigit() and len(text) < 10 else 0


class Panels:
    """Opens and closes the panels; the App draws a panel's content when it opens."""

    def __init__(self, app):
        self.app = app

    def sheets(self):
        """True when the panels are sheets over the table: a phone, or (not the mini game) a phone
        held sideways, a screen 500 px tall or less (web/page/style.css)."""
        return bool(window.matchMedia("(max-width: 700px)").matches) or (
            not self.app.embed and bool(window.matchMedia("(max-height: 500px)").matches))

    def toggle(self, name, show=None, focus=True):
        if name not in PANELS:
            return
        panel = by_id(name)
        button = query(f'button[data-cmd="toggle-panel"][data-panel="{name}"]')
        panel.hidden = (not panel.hidden) if show is None else not show
        if button is not None:
            button.setAttribute("aria-expanded", "false" if panel.hidden else "true")
        if panel.hidden:
            if button is not None and focus:
                button.focus()
            return
        # Panels that lie over others are open one at a time: How to play (a drawer) on any
        # screen, every panel on a phone (sheets).
        phone = self.sheets()
        for other in PANELS:
            if other != name and (phone or "help" in (name, other)) and not by_id(other).hidden:
                self.toggle(other, show=False, focus=False)
        if name == "settings":
            self.app.render_settings()
        elif name == "help":
            self.app.render_help()
        elif name == "friends":
            self.app.friends.render()
        # The opening order is kept on the panels (as web/page/shell.js does before Python): Escape
        # closes the open panel opened last.
        panel.dataset.opened = str(max(opened_rank(by_id(p)) for p in PANELS) + 1)
        heading = query("h2", panel)
        if heading is not None and focus:  # where it can be seen: on a phone the panel is a sheet over the table
            heading.focus()

    def top(self):
        """The open panel opened last (ties: the later in PANELS, so History, open from the start
        on a desktop, comes after a panel opened over it), or None."""
        top = None
        for name in PANELS:
            panel = by_id(name)
            if panel is not None and not panel.hidden and (top is None or opened_rank(panel) >= opened_rank(top)):
                top = panel
        return top
