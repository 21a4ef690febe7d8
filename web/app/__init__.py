"""The App: the game's Python that runs in the web worker and speaks to the page only by messages.

``boot.py`` is the entry (web/worker/boot.mjs runs it once Python is up): the page's language
(``l10n``), then ``main``, the composition root, which builds the App: the table's ``Controller``
(or a guest's table), the ``Runner`` (the one timer), ``PageInput`` (the page's input messages),
the ``FriendsPanel`` and the ``TurnAlert``. What the App draws leaves as batches of changes
(``patch.py``) that web/page/patch.js applies; the game's records come in once and are written
back through those changes (``page_store.py``). Only this folder imports ``js`` or ``pyodide``
(the worker's global scope, where web/worker/boot.mjs put the page's few entry points). Nothing
else imports this folder (tests/test_web_layout.py): it is the top layer. The main thread's
JavaScript and style are in web/page/, the worker's start in web/worker/.
"""

__all__: list[str] = []
