"""The page's one timer (STYLE rule 11): it holds the next automatic step, and only that one.

Pyodide only (the asyncio event loop of the page). ``scheduler.next_step`` decides; this
waits for it and carries it out through the App.
"""

import asyncio

from stripdeck.i18n import _
from table import scheduler


class Runner:
    """The page's one timer. It holds the next automatic step, and only that one.

    :meth:`poke` asks the scheduler again from the current state: the same answer leaves the
    timer alone; another answer replaces it. A step fires only for the state it was decided
    for (the controller checks its token), and every firing ends with a poke.
    """

    def __init__(self, app):
        self.app = app
        self.step = None
        self.handle = None

    def poke(self):
        ctl = self.app.ctl
        step = scheduler.next_step(ctl.facts(self.app.is_ready()), ctl.clock())
        if step == self.step and self.handle is not None:
            return
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None
        self.step = step
        self.app.patch.data("next", "" if step is None else step.kind)
        if step is not None:
            delay = max(0.0, step.at - ctl.clock())
            self.handle = asyncio.get_event_loop().call_later(delay, self.fire, step)

    def fire(self, step):
        self.handle = None
        self.step = None
        try:
            self.app.run_step(step)
        except Exception as err:  # noqa: BLE001 - keep the table alive, and say what happened
            # TRANSLATORS: {problem} is the programming error's name and message, as Python gives it.
            problem = f"{type(err).__name__}: {err}"
            self.app.problem(_("Something went wrong ({problem}).", problem=problem))
        self.poke()
