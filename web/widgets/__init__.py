"""Stripdeck widgets for rules-tutorial sites: pure functions from parameters to HTML.

Everything here runs on CPython (tests) and in Pyodide (embed.js writes these files to
``/home/pyodide/stripdeck_widgets/`` and imports :mod:`.bridge`). Modules:

    params    widget parameters (URL query or data-* attributes) -> a validated Spec
    cardface  card faces in HTML (CSS-drawn, with accessible names), escaping
    ranking   the ranking table: 32-card counts beside the 52-card ones (math.comb)
    compare   two hands: the winner and the reason in words
    scripted  a scenario JSON -> precomputed frames (table + captions) for Back/Next/Play
    odds      draw odds: a hand in, the advisor's table (stripdeck.advise) out
    game      the mini game: the URL of the real game page with fixed options
    bridge    the JSON-in, JSON-out functions embed.js calls

The game page uses them through this entry only (How to play's ranking table, History's replay);
embed.js's entry is :mod:`.bridge`.
"""

from .params import WidgetError
from .ranking import render as ranking_html
from .scripted import build_frames, frame_html

__all__ = ["WidgetError", "build_frames", "frame_html", "ranking_html"]
