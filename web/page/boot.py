"""The page's entry point (index.html's ``<script type="py">``): import the page's modules a few
at a time, then start the page (importing ``main`` builds the App and deals).

Python's start after Pyodide's own is compiling and running these modules, a few hundred
milliseconds of work. Done in one go, it is one long task on the main thread, and a click on
the table (pre-rendered and usable before Python, docs/ui.md "Start-up") waits for all of it.
In steps, with the browser free between them, a click waits for one step at most.

PyScript runs this script with top-level ``await`` (scripts are asynchronous unless
``async="false"``).
"""

import asyncio
import importlib

# Dependencies first, each step well under 100 ms in the page on a return visit.
STEPS = (
    ("scheduler", "storage", "url_params", "session_log", "commands"),
    ("preactions", "presenter", "render", "rules_text", "widgets.ranking", "turn_alert"),
    ("seating", "controller", "action_bar", "advice_panel"),
    ("protocol", "fair_deal", "host", "guest"),
    ("friends_render", "qr", "widgets.scripted", "replay"),
    ("dom", "runner", "page_input", "friends_page"),
    ("main",),  # the App: reads the settings and the saved game, deals, renders
)

# The page's language first (web/l10n.py): everything Python draws is drawn in it.
import l10n  # noqa: E402

l10n.start_notices.extend(await l10n.start())  # noqa: F704, PLE1142 (top-level await, see below)

for names in STEPS:
    for name in names:
        importlib.import_module(name)
    await asyncio.sleep(0)  # noqa: F704, PLE1142 (top-level await, see above): the browser's turn
