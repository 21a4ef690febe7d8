// Whether Python starts from its memory snapshot on this visit (docs/ui.md, "Start-up"): a
// classic script after loading.js (which counts the snapshot's bytes when it is read); the
// worker (web/worker/python_start.mjs) fetches it, told by web/page/main.js.
//
// The snapshot (pyodide/python.snapshot, gzip-compressed) holds Python's memory with the engine
// imported: starting from it skips most of Pyodide's start. Once the game is installed it comes
// from the service worker's cache. On a first visit it is 7.1 MB more from the site: used unless
// the browser says the player saves data or the connection is slower than 4G, where the
// download would cost more than the start saves. (Only the page can tell: a worker sees neither
// the service worker's control nor, in every browser, the connection.)
//
// window.stripdeckSnapshot: true when this visit starts Python from the snapshot.
(() => {
  const connection = navigator.connection;
  const installed = Boolean(navigator.serviceWorker?.controller);
  const costly = !installed && Boolean(connection) && (
    connection.saveData === true || ["slow-2g", "2g", "3g"].includes(connection.effectiveType));
  window.stripdeckSnapshot = typeof DecompressionStream === "function" && !costly;
})();
