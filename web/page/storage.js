// The game's records in localStorage, for the page's Python (web/page/page_store.py): read once
// at the start, and the records another tab of the game writes (the "storage" event). Python
// writes through the page's changes (web/page/patch.js, "store"). localStorage exists only on
// the main thread: this is the shape Python in a worker needs (docs/worker-candidates.md).
(() => {
  const parse = (text) => {
    const keys = JSON.parse(text);
    return Array.isArray(keys) ? keys.filter((k) => typeof k === "string" && k.startsWith("stripdeck.")) : [];
  };

  window.stripdeckStorage = Object.freeze({
    /** The records of `keys` (a JSON list) as JSON: {key: text or null}, or {error: why} when the
     * browser refuses to read its storage. */
    read(keys) {
      try {
        return JSON.stringify(Object.fromEntries(parse(keys).map((k) => [k, localStorage.getItem(k)])));
      } catch (err) {
        return JSON.stringify({ error: String(err?.name ?? err) });
      }
    },
    /** `changed` gets {key, value} (JSON; value null: removed) when another tab writes one of `keys`. */
    listen(changed, keys) {
      const watched = new Set(parse(keys));
      addEventListener("storage", (event) => {
        if (event.storageArea === localStorage && watched.has(event.key)) {
          changed(JSON.stringify({ key: event.key, value: event.newValue }));
        }
      });
    },
  });
})();
