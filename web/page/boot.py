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
    ("table.scheduler", "table.storage", "table.url_params", "table.session_log", "table.commands"),
    ("table.preactions", "table.presenter", "table.render", "table.rules_text", "table.turn_alert"),
    ("table.seating", "table.bot_seats", "table.controller", "table.action_bar", "table.advice_panel"),
    ("friends.protocol", "friends.fair_deal", "friends.host", "friends.guest"),
    ("friends.friends_render", "friends.qr", "widgets", "table.replay"),
    ("page.patch", "page.page_store", "page.runner", "page.turn_sound"),
    ("page.page_input", "page.friends_page"),
    ("page.main",),  # the App: reads the settings and the saved game, deals, renders
)

# The page's language first (web/page/l10n.py): everything Python draws is drawn in it.
from page import l10n  # noqa: E402

l10n.start_notices.extend(await l10n.start())  # noqa: F704, PLE1142 (top-level await, see below)

for names in STEPS:
    for name in names:
        importlib.import_module(name)
    await asyncio.sleep(0)  # noqa: F704, PLE1142 (top-level await, see above): the browser's turn
