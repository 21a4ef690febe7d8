"""Play with friends: the Python of a host's table for remote players and of a guest's page.

What runs where: like ``table/``, nothing here touches the page (no ``js``, ``pyscript`` or
``pyodide``; tests/test_web_layout.py), so it runs on CPython in the tests and moves to the worker
with the table. It builds on ``table/`` (a host's table is a ``Controller``; a guest's page draws
with the table's presenter and renderer) and never imports ``page/``. The bytes travel through
``page/net.js`` (WebRTC, main thread only), glued by ``app/friends_page.py``.

The entries are :class:`host.Host` (a host's side) and :class:`guest.Guest` (a guest's side);
``protocol`` is the one validating parser of every message; beside them the page uses
``friends_render`` (the Friends panel's HTML). ``fair_deal`` and ``qr`` are internal.
"""

__all__ = ["friends_render", "guest", "host", "protocol"]
