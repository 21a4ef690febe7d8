"""The Python entry of the worker (web/worker/boot.mjs runs this file once Python is up and the
modules listed in web/worker/modules.json are in its working folder): the page's language
first, then the App (importing ``app.main`` builds it, deals and draws).

It runs in the worker, so its few hundred milliseconds of importing and dealing keep no click
waiting on the page (docs/ui.md, "Threads"). Run with top-level ``await`` (Pyodide's
``runPythonAsync``).
"""

# The page's language first (web/app/l10n.py): everything Python draws is drawn in it.
from app import l10n

l10n.start_notices.extend(await l10n.start())  # noqa: F704, PLE1142 (top-level await, see above)

import app.main  # noqa: E402, F401 - the App: reads the settings and the saved game, deals, renders
