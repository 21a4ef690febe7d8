// Python's start in the worker (web/worker/boot.mjs): Pyodide's loadPyodide, plus one thing:
// Python starts from a memory snapshot (pyodide/python.snapshot, gzip-compressed, made at build
// time by tools/make_snapshot.mjs: the engine already imported) instead of from scratch, which
// is most of Pyodide's own start-up. The page decides whether a visit uses it
// (web/page/snapshot.js: on a first visit it is 6.8 MB more to download); if it cannot be had or
// used (no DecompressionStream, a failed download, a bad file), Python starts as usual.
import { loadPyodide as loadFresh, version } from "../../pyodide/pyodide.mjs";

export { version };

/** Pyodide's folder of the site (the runtime, the wheel, the snapshot). */
export const RUNTIME = new URL("../../pyodide/", import.meta.url).href;

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

/** The snapshot's bytes, uncompressed, or null when they cannot be had. */
export async function fetchSnapshot() {
  if (typeof DecompressionStream !== "function") return null;
  const response = await fetch(RUNTIME + "python.snapshot");
  if (!response.ok || !response.body) return null;
  const body = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** Python with the stripdeck package: {pyodide, how}, how "snapshot" or "fresh". `memory` is a
 * promise of the snapshot's bytes (or null: start fresh). The wheel is installed from scratch
 * too: the snapshot holds the engine's modules already imported, but not the files of Python's
 * file system (the engine's data files, its modules not imported when it was made). */
export async function startPython(memory, options = {}) {
  const settings = { indexURL: RUNTIME, packages: ["stripdeck"], ...options };
  let bytes = null;
  try {
    bytes = await memory;
  } catch (err) {
    console.warn("Stripdeck: no Python snapshot:", err);
  }
  if (bytes) {
    try {
      return { pyodide: await startFromSnapshot(bytes, settings), how: "snapshot" };
    } catch (err) {
      console.warn("Stripdeck: starting Python without its snapshot:", err);
    }
  }
  return { pyodide: await loadFresh(settings), how: "fresh" };
}
