// The interpreter module web/pyscript.toml names (build.py copies it to pyodide/stripdeck-boot.mjs,
// beside pyodide.mjs: PyScript finds Pyodide's files next to its interpreter module).
//
// It is Pyodide's loadPyodide, plus one thing: Python starts from a memory snapshot
// (pyodide/python.snapshot, gzip-compressed, made at build time by tools/make_snapshot.mjs)
// instead of from scratch, which is most of Pyodide's own start-up. On a first visit it comes
// from the site (6.8 MB more to download, about half of Python's start saved: docs/ui.md,
// "Start-up"); afterwards from the service worker's cache. web/page/snapshot.js decides whether a
// visit uses it and starts the download early. If the snapshot cannot be had or used (no
// DecompressionStream, a failed download, a bad file), Python starts as usual.
// <html data-python-start> says which it was: "snapshot" or "fresh".
import { loadPyodide as loadFresh, version } from "./pyodide.mjs";

export { version };

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

/** The snapshot's bytes web/page/snapshot.js read (it decides whether this visit uses one), or null. */
async function snapshotMemory() {
  const bytes = await globalThis.stripdeckSnapshot;
  return bytes ? new Uint8Array(bytes) : null;
}

export async function loadPyodide(options = {}) {
  const mark = (how) => {
    document.documentElement.dataset.pythonStart = how;
    performance.mark(`stripdeck-python-${how}`);
  };
  let memory = null;
  try {
    memory = await snapshotMemory();
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
