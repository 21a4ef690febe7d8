"""The turn alert in the page: the tab's title while the page is in the background, and two
short quiet notes when a turn comes to someone at this page. Pyodide only; the App holds one.

``table/turn_alert.py`` decides (pure, tested on CPython); this does it: ``document.title`` and
the Web Audio API (no sound file).
"""

from pyscript import document, window
from table import turn_alert


class TurnAlert:
    """Whose turn the last drawn state was at this page, and the sound's audio context."""

    def __init__(self):
        self.whose = ""    # whose turn the last drawn state was at this page (turn_alert.whose_turn)
        self.audio = None  # the Web Audio context of the turn sound, made at its first use

    def show(self, model=None, drawn=True, sound_on=False):
        """The turn alert for the state drawn (``model``, None between hands): the tab's title
        while the page is in the background, and the short sound (if ``sound_on``) when a turn
        comes to someone at this page. ``drawn`` False: only the page's visibility changed (the
        title follows, nothing sounds)."""
        if drawn:
            whose = "" if model is None else turn_alert.whose_turn(model.my_turn, model.hand_over_to)
            before, self.whose = self.whose, whose
        else:
            whose = before = self.whose
        alert = turn_alert.decide(whose, before, bool(document.hidden),
                                  sound_on and drawn)
        if document.title != alert.title:
            document.title = alert.title
        if alert.sound:
            self.sound()

    def sound(self):
        """Two short quiet notes, made in the page (Web Audio); only once the person has used the
        page (browsers allow sound only then), never from a file."""
        activation = getattr(window.navigator, "userActivation", None)
        if activation is not None and not activation.hasBeenActive:
            return
        try:
            if self.audio is None:
                self.audio = window.AudioContext.new()
            audio = self.audio
            if audio.state == "suspended":
                audio.resume()
            now = audio.currentTime
            for frequency, start in turn_alert.NOTES:
                tone = audio.createOscillator()
                gain = audio.createGain()
                tone.type = "sine"
                tone.frequency.value = frequency
                at = now + start
                gain.gain.setValueAtTime(0.0001, at)
                gain.gain.exponentialRampToValueAtTime(turn_alert.VOLUME, at + 0.01)
                gain.gain.exponentialRampToValueAtTime(0.0001, at + turn_alert.NOTE_LENGTH)
                tone.connect(gain)
                gain.connect(audio.destination)
                tone.start(at)
                tone.stop(at + turn_alert.NOTE_LENGTH + 0.02)
        except Exception:  # noqa: BLE001 - no Web Audio here: the title and the page still say it
            self.audio = None
