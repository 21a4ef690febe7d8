"""The prototypes' Python entry point (bench/worker_candidates/): one table, two functions the
main thread calls. In a PyScript worker, `__export__` makes them callable from the main
thread (each call answered asynchronously, no SharedArrayBuffer needed); the plain module
worker (e_module_worker/worker.mjs) calls them from its message handler; the main-thread
baseline (a_main_thread) calls them directly."""

import asyncio

from proto_table import new_table

table = new_table()
_prepared = []


def start():
    """Deal the first hand; the table's HTML. Then build the first-use tables in steps."""
    html = table.start()
    if not _prepared:
        _prepared.append(asyncio.ensure_future(table.prepare()))
    return html


def command(cmd, action=""):
    """A control's command (`act` with its action text, `deal`, `new`); the table's HTML."""
    return table.command(cmd, action)


__export__ = ["start", "command"]
