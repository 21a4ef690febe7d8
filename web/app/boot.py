"""The Python entry of the worker (web/worker/boot.mjs runs this file once Python is up and the
modules listed in web/worker/modules.json are in its working folder): the page's language
first, then the App (importing ``app.main`` builds it, deals and draws).

It runs in the worker, so its few hundred milliseconds of importing and dealing keep no click
waiting on the page (docs/ui.md, "Threads"). Run with top-level ``await`` (Pyodide's
``runPythonAsync``).
"""

import importlib

# web/worker/boot.mjs wrote the modules into the working folder after Python started: the
# import system forgets what it saw of that folder before (the snapshot's table/, friends/ and
# widgets/ came with the build; app/ is new to it).
importlib.invalidate_caches()

# The modules the snapshot came with are this visit's files, or they are imported again.
from app import snapshot_sources  # noqa: E402

snapshot_sources.forget_if_stale()

# The page's language first (web/app/l10n.py): everything Python draws is drawn in it.
from app import l10n  # noqa: E402

l10n.start_notices.extend(await l10n.start())  # noqa: F704, PLE1142 (top-level await, see above)

import app.main  # noqa: E402, F401 - the App: reads the settings and the saved game, deals, renders
