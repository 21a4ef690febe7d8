"""The table: the Python that runs one table and draws it as HTML text.

What runs where: nothing here touches the page. No module of this folder imports ``js``,
``pyscript`` or ``pyodide``, nor anything of ``friends/`` or ``page/`` (tests/test_web_layout.py),
so all of it runs on CPython in the tests, and it is the Python that moves into a web worker
(docs/worker-candidates.md). It uses the engine (``stripdeck``) and the widgets (through
``widgets``, their entry).

The entry is :class:`controller.Controller`, which owns the ``Session``; beside it the other
folders use the modules listed in ``__all__``, and no others (``seating``, ``bot_seats``,
``time_bank`` and ``clock_words`` are the controller's own parts, ``step_record`` the controller's
and ``storage``'s; ``exports`` serves the guest's page too).
The flow is one way: controller -> ``presenter.present`` (a view to a model) -> ``render`` (the
model to HTML); ``scheduler.next_step`` decides the next automatic step from the controller's facts.
"""

__all__ = [
    "action_bar", "advice_panel", "commands", "controller", "exports", "history_render", "preactions", "presenter",
    "render", "replay", "rules_text", "scheduler", "session_log", "settings_render", "storage", "turn_alert",
    "url_params",
]
