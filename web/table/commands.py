"""Which commands (``data-cmd``) and keys each kind of page offers: one list per mode.

Pure Python (tested on CPython). The renderer shows a control only if the page's mode
offers its command, and the page's one dispatcher (``page_input.PageInput.on_click``) does
nothing for a command its mode does not offer, so no button or key can reach code that does
not exist in that mode (a guest's page cannot deal: the host does).
"""

from __future__ import annotations

MODES = ("solo", "pass", "host", "guest", "embed")

# Every mode: acting, the draw, the Hint, exports, panels, notices, display settings.
PLAY = frozenset({
    "fold", "check", "call", "bet", "raise", "allin", "split", "draw", "card", "size", "amount",
    "hint", "apply-hint", "copy", "download", "download-session", "toggle-panel", "close-panel",
    "dismiss", "copy-code", "display", "preact", "ask-fold",
    "replay", "replay-back", "replay-next", "replay-close",  # History's replay of a finished hand
    "take-up", "take-down",  # the choice of the fourth card (the bosnian preset)
})
# The Settings form (the page's own table: not a guest's, not the mini game's).
SETTINGS = frozenset({"apply", "keep-playing", "people", "lang"})
# Dealing the next hand and starting again: only the page that holds the table.
TABLE = frozenset({"deal", "newtable"})

OFFERS: dict[str, frozenset[str]] = {
    "solo": PLAY | SETTINGS | TABLE | {"host-start"},
    "pass": PLAY | SETTINGS | TABLE | {"reveal", "host-start", "end-session", "keep-session"},
    "host": PLAY | SETTINGS | TABLE | {"host-deal", "host-accept", "host-stop", "chat-send"},
    "guest": PLAY | {"guest-join", "guest-leave", "guest-show", "chat-send"},
    "embed": PLAY | TABLE,
}

# The documented keys (docs/ui.md, Keyboard) and the commands each presses, in order of preference.
KEYS: dict[str, tuple[str, ...]] = {
    "f": ("fold", "ask-fold"), "c": ("check", "call"), "b": ("bet",), "r": ("raise",), "a": ("allin",),
    "s": ("split",), "d": ("draw", "take-down"), "u": ("take-up",), "n": ("deal", "newtable"), "h": ("hint",),
}
CARD_KEYS = "12345"


def offers(mode: str) -> frozenset[str]:
    """The commands a page of ``mode`` offers.

    >>> "deal" in offers("guest"), "deal" in offers("host"), "reveal" in offers("solo")
    (False, True, False)
    """
    return OFFERS[mode]


def offered(mode: str, cmd: str | None) -> bool:
    """True if ``cmd`` is a command of this mode (a control of another mode does nothing).

    >>> offered("guest", "newtable"), offered("guest", "call"), offered("solo", None)
    (False, True, False)
    """
    return cmd is not None and cmd in OFFERS.get(mode, frozenset())
