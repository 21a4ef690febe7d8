"""The worker's script in d_sab_worker: Python patches the page itself from the worker (PyScript's
synchronous DOM access through SharedArrayBuffer and Atomics; the page is cross-origin isolated
by coi-sw.js). The main thread runs no Python and no glue: only the shell's panels."""

import engine
import js
from pyscript import document
from pyscript.ffi import create_proxy

table = document.getElementById("table")


def patch(html):
    table.innerHTML = html
    if not document.body.hasAttribute("data-hand"):
        js.performance.mark("stripdeck-first-hand")
    document.body.dataset.hand = table.firstElementChild.dataset.hand


def on_click(event):
    button = event.target.closest("button[data-cmd]")
    if button:
        patch(engine.command(button.getAttribute("data-cmd"), button.getAttribute("data-action") or ""))


table.addEventListener("click", create_proxy(on_click))
patch(engine.start())
