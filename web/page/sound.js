// The turn sound: two short quiet notes, made in the page with the Web Audio API (no sound file).
// An AudioContext exists only on the main thread, so the sound is played here; the page's Python
// decides when (web/table/turn_alert.py, web/app/turn_sound.py) and calls
// window.stripdeckSound.turn(). Browsers allow sound only once the person has used the page:
// before that it plays nothing (the tab's title still says whose turn it is).
(() => {
  const NOTES = [[880, 0], [1175, 0.11]]; // [frequency in Hz, start in s]
  const NOTE_LENGTH = 0.09; // seconds each
  const VOLUME = 0.12; // peak gain (0..1)
  let audio = null; // made at the first use

  function turn() {
    if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
    try {
      audio ??= new AudioContext();
      if (audio.state === "suspended") audio.resume();
      const now = audio.currentTime;
      for (const [frequency, start] of NOTES) {
        const tone = audio.createOscillator();
        const gain = audio.createGain();
        tone.type = "sine";
        tone.frequency.value = frequency;
        const at = now + start;
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(VOLUME, at + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_LENGTH);
        tone.connect(gain);
        gain.connect(audio.destination);
        tone.start(at);
        tone.stop(at + NOTE_LENGTH + 0.02);
      }
    } catch {
      audio = null; // no Web Audio here: the title and the page still say it
    }
  }

  window.stripdeckSound = Object.freeze({ turn });
})();
