// The turn sound: two short quiet notes, made in the page (no sound file): a few kilobytes of
// WAV computed once, played by an <audio> element. The page's Python decides when
// (web/table/turn_alert.py, web/app/turn_sound.py) and calls window.stripdeckSound.turn().
// Not Web Audio: creating an AudioContext took the main thread 60-140 ms at the first turn (a
// click then waited), an <audio> element 1-3 ms (the browser's media thread does the rest).
// Browsers allow sound only once the person has used the page: before that it plays nothing
// (the tab's title still says whose turn it is).
(() => {
  const NOTES = [[880, 0], [1175, 0.11]]; // [frequency in Hz, start in s]
  const NOTE_LENGTH = 0.09; // seconds each
  const ATTACK = 0.01; // seconds to the peak
  const VOLUME = 0.12; // peak gain (0..1)
  const QUIET = 0.0001; // the gain each note starts from and falls back to
  const RATE = 22050; // samples per second
  let player = null; // made at the first use

  /** The two notes as a WAV file (16-bit mono PCM): each rises to VOLUME and falls away. */
  function notes() {
    const count = Math.ceil((NOTES.at(-1)[1] + NOTE_LENGTH + 0.02) * RATE);
    const file = new DataView(new ArrayBuffer(44 + count * 2));
    const text = (at, value) => [...value].forEach((c, i) => file.setUint8(at + i, c.charCodeAt(0)));
    text(0, "RIFF"); file.setUint32(4, 36 + count * 2, true); text(8, "WAVE");
    text(12, "fmt "); file.setUint32(16, 16, true); file.setUint16(20, 1, true); file.setUint16(22, 1, true);
    file.setUint32(24, RATE, true); file.setUint32(28, RATE * 2, true); file.setUint16(32, 2, true);
    file.setUint16(34, 16, true); text(36, "data"); file.setUint32(40, count * 2, true);
    for (let i = 0; i < count; i += 1) {
      let sample = 0;
      for (const [frequency, start] of NOTES) {
        const t = i / RATE - start;
        if (t < 0 || t > NOTE_LENGTH) continue;
        const gain = t < ATTACK ? QUIET * (VOLUME / QUIET) ** (t / ATTACK)
          : VOLUME * (QUIET / VOLUME) ** ((t - ATTACK) / (NOTE_LENGTH - ATTACK));
        sample += gain * Math.sin(2 * Math.PI * frequency * t);
      }
      file.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, sample)) * 32767), true);
    }
    return new Blob([file], { type: "audio/wav" });
  }

  function turn() {
    if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
    try {
      player ??= new Audio(URL.createObjectURL(notes()));
      player.currentTime = 0;
      player.play().catch(() => {}); // refused (no sound allowed here): the title and the page still say it
    } catch {
      player = null;
    }
  }

  window.stripdeckSound = Object.freeze({ turn });
})();
