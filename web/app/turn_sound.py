"""The turn alert in the page: the tab's title while the page is in the background, and two
short quiet notes when a turn comes to someone at this page. Pyodide only; the App holds one.

``table/turn_alert.py`` decides (pure, tested on CPython); this does it, through the page's
changes (web/app/patch.py): the tab's title, and the sound (web/page/sound.js, an <audio> element, no
sound file).
"""

from table import turn_alert


class TurnAlert:
    """Whose turn the last drawn state was at this page."""

    def __init__(self, patch):
        self.patch = patch  # the page's changes (web/app/patch.py)
        self.whose = ""  # whose turn the last drawn state was at this page (turn_alert.whose_turn)

    def show(self, model=None, drawn=True, hidden=False, sound_on=False):
        """The turn alert for the state drawn (``model``, None between hands): the tab's title
        while the page is in the background (``hidden``), and the short sound (if ``sound_on``) when a turn
        comes to someone at this page. ``drawn`` False: only the page's visibility changed (the
        title follows, nothing sounds)."""
        if drawn:
            whose = "" if model is None else turn_alert.whose_turn(model.my_turn, model.hand_over_to)
            before, self.whose = self.whose, whose
        else:
            whose = before = self.whose
        alert = turn_alert.decide(whose, before, hidden, sound_on and drawn)
        self.patch.title(alert.title)
        if alert.sound:
            self.patch.sound()
