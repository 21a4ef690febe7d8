"""The page's main thread: the only Python that touches the DOM, JavaScript or the network.

``boot.py`` is the entry (index.html's script): it imports the folders' modules a few at a time,
then ``main`` builds the App, which holds the table's ``Controller`` and the ``Runner`` (the one
timer), patches the regions with the HTML ``table/`` renders, and takes input (``page_input``).
The JavaScript beside it runs before Python (``shell.js``, ``loading.js``, ``snapshot.js``), owns the
panels (``shell.js``), applies what Python draws (``patch.js``, from ``patch.py``'s batches), plays
the turn sound (``sound.js``), carries friends' bytes (``net.js``) and starts the interpreter
(``pyodide_boot.mjs``). Nothing else imports this folder
(tests/test_web_layout.py): it is the top layer.
"""

__all__: list[str] = []
