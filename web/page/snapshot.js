// Whether Python starts from its memory snapshot on this visit, and the snapshot read early
// (docs/ui.md, "Start-up"). A classic script after loading.js (which counts its bytes), long
// before PyScript asks for the interpreter (web/page/pyodide_boot.mjs, which takes it).
//
// The snapshot (pyodide/python.snapshot, gzip-compressed) holds Python's memory with the engine
// imported: starting from it skips most of Pyodide's start, one long task on the main thread.
// Once the game is installed it comes from the service worker's cache. On a first visit it is
// 6.8 MB more from the site: used unless the browser says the player saves data or the
// connection is slower than 4G, where the download would cost more than the start saves.
//
// window.stripdeckSnapshot: a promise of the snapshot's bytes, uncompressed (null if they
// cannot be had), or null when this visit starts Python from scratch.
(() => {
  const connection = navigator.connection;
  const installed = Boolean(navigator.serviceWorker?.controller);
  const costly = !installed && Boolean(connection) && (
    connection.saveData === true || ["slow-2g", "2g", "3g"].includes(connection.effectiveType));
  window.stripdeckSnapshot = typeof DecompressionStream !== "function" || costly ? null
    : fetch("./pyodide/python.snapshot").then((response) => (
      response.ok && response.body
        ? new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer() : null
    )).catch(() => null);
})();
