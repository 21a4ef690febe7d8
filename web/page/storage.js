// The game's records in localStorage, for the worker's Python (web/app/page_store.py): read once
// when Python is ready (web/page/main.js hands them over), and the records another tab of the
// game writes (the "storage" event). Python writes through the page's changes
// (web/page/patch.js, "store"). localStorage exists only on the main thread.
(() => {
  const ours = (key) => typeof key === "string" && key.startsWith("stripdeck.");
  const parse = (text) => {
    const keys = JSON.parse(text);
    return Array.isArray(keys) ? keys.filter(ours) : [];
  };

  window.stripdeckStorage = Object.freeze({
    /** The game's records (every key "stripdeck.*") as JSON: {key: text}, or {error: why} when
     * the browser refuses to read its storage. */
    read() {
      try {
        const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(ours);
        return JSON.stringify(Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])));
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
