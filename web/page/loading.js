// The loading indicator: what is happening while the Python runtime arrives, and how much of
// it is left (bytes). The worker counts the bytes of every file of the site's pyodide/ folder
// as they stream in, and the runtime's JavaScript, which arrives by import (web/worker/boot.mjs);
// they come here as window.stripdeckLoading.count(url, bytes so far). The total is written into
// #loading's data-runtime-bytes by build.py, plus its data-snapshot-bytes when the page reads
// Python's memory snapshot too (window.stripdeckSnapshot, set by web/page/snapshot.js).
// l10n-part: script (this file's sentences are said by the page's JavaScript (locale/<code>.json): docs/i18n.md, "Bytes")
(() => {
  const box = document.getElementById("loading");
  if (!box) return;
  const runtimeBytes = Number(box.dataset.runtimeBytes) || 0;
  const snapshotBytes = Number(box.dataset.snapshotBytes) || 0;
  const wheelBytes = Number(box.dataset.wheelBytes) || 0; // the game's own file, part of the runtime's
  const bar = document.getElementById("load-progress");
  const text = document.getElementById("load-text");
  const streamed = new Map(); // url -> bytes so far
  const words = window.stripdeckL10n; // web/page/shell.js: the page's language
  const _ = words ? words._ : (english) => english;
  const number = words ? words.number : (n, decimals) => n.toFixed(decimals);
  const UNCOUNTED = 64_000; // bytes of the runtime the worker may not see arrive (below)
  let arrived = false; // Python is up: everything it needed has arrived, whatever was counted

  const mb = (n) => number(n / 1e6, 1);
  function show() {
    const total = runtimeBytes && runtimeBytes + (window.stripdeckSnapshot ? snapshotBytes : 0);
    const loaded = [...streamed.values()].reduce((a, b) => a + b, 0);
    // The game's own file (the wheel) is what is left once everything else has arrived: it
    // downloads beside the runtime, so its bytes alone do not mean the runtime is in. (UNCOUNTED:
    // the runtime's small module imported with the worker's own script, pyodide.mjs, 18 KB, may
    // have arrived before the worker could count it.)
    const wheel = [...streamed].filter(([url]) => /\.whl$/.test(url)).reduce((a, [, b]) => a + b, 0);
    const game = loaded - wheel >= total - wheelBytes - UNCOUNTED;
    const done = arrived ? 1 : total ? Math.min(loaded / total, 1) : 0;
    if (bar && total) { bar.value = Math.round(done * 100); }
    if (text) {
      const sizes = { loaded: mb(loaded), total: mb(total), left: mb(Math.max(total - loaded, 0)) };
      text.textContent = !total || done >= 1 ? _("Starting Python and dealing the first hand…")
        : game ? _("Downloading the game: {loaded} of {total} MB ({left} MB left)", sizes)
        : _("Downloading the Python runtime: {loaded} of {total} MB ({left} MB left)", sizes);
    }
  }

  // The worker that starts Python (web/worker/boot.mjs) tells how many bytes of each runtime
  // file have arrived, through web/page/main.js; once the game has started (body gets the class
  // "started") nothing more is counted. When Python is up (`arrived()`), the download is over:
  // the runtime's own modules, imported with the worker's script, may not all have been counted.
  window.stripdeckLoading = Object.freeze({
    arrived() {
      arrived = true;
      show();
    },
    count(url, bytes) {
      if (document.body.classList.contains("started")) return;
      streamed.set(String(url), Number(bytes) || 0);
      show();
    },
  });
  show();
})();
