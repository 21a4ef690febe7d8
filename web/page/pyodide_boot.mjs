// The interpreter module web/pyscript.toml names (build.py copies it to pyodide/stripdeck-boot.mjs,
// beside pyodide.mjs: PyScript finds Pyodide's files next to its interpreter module).
//
// It is Pyodide's loadPyodide, plus one thing: on a return visit, when the service worker
// holds this build's files, Python starts from a memory snapshot (pyodide/python.snapshot,
// made at build time by tools/make_snapshot.mjs) instead of from scratch, which is most of
// Pyodide's own start-up. A first visit never downloads the snapshot; the service worker
// caches it afterwards. If the snapshot cannot be used, Python starts as usual.
// <html data-python-start> says which it was: "snapshot" or "fresh".
import { loadPyodide as loadFresh, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT = new URL("python.snapshot", import.meta.url);

// Every visitor restores the same memory: state that must differ between visitors is renewed.
// (os.urandom, which seeds every hand, asks the browser each time; the random module's shared
// generator was seeded when the snapshot was made.)
export const AFTER_SNAPSHOT = "import random\nrandom.seed()";

/** Python from `memory` (the snapshot's bytes, uncompressed), ready like a fresh start. */
export async function startFromSnapshot(memory, options = {}) {
  const pyodide = await loadFresh({ ...options, _loadSnapshot: memory });
  pyodide.runPython(AFTER_SNAPSHOT);
  return pyodide;
}

async function cachedSnapshot() {
  if (!globalThis.navigator?.serviceWorker?.controller || typeof DecompressionStream !== "function") return null;
  const early = globalThis.stripdeckSnapshot; // web/page/shell.js started reading it with the page
  if (early) {
    const bytes = await early;
    if (bytes) return new Uint8Array(bytes);
  }
  const response = await fetch(SNAPSHOT); // answered by the service worker from its cache
  if (!response.ok || !response.body) return null;
  const memory = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(memory).arrayBuffer());
}

export async function loadPyodide(options = {}) {
  const mark = (how) => {
    document.documentElement.dataset.pythonStart = how;
    performance.mark(`stripdeck-python-${how}`);
  };
  let memory = null;
  try {
    memory = await cachedSnapshot();
  } catch (err) {
    console.warn("Stripdeck: no Python snapshot:", err);
  }
  if (memory) {
    try {
      const pyodide = await startFromSnapshot(memory, options);
      mark("snapshot");
      return pyodide;
    } catch (err) {
      console.warn("Stripdeck: starting Python without its snapshot:", err);
    }
  }
  mark("fresh");
  return loadFresh(options);
}
