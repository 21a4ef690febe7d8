// Python's start in the worker (web/worker/boot.mjs): Pyodide's loadPyodide, plus one thing:
// Python starts from a memory snapshot (pyodide/python.snapshot, gzip-compressed, made at build
// time by tools/make_snapshot.mjs: the engine already imported) instead of from scratch, which
// is most of Pyodide's own start-up. The page decides whether a visit uses it
// (web/page/snapshot.js: on a first visit it is 7.1 MB more to download); if it cannot be had or
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

/** Pyodide's lock file (pyodide/pyodide-lock.json), parsed: it names the game's wheel, and
 * loadPyodide takes it as it is instead of fetching it again. */
export async function fetchLock() {
  const response = await fetch(RUNTIME + "pyodide-lock.json");
  if (!response.ok) throw new Error(`pyodide-lock.json: HTTP ${response.status}`);
  return response.json();
}

/** The stripdeck wheel's bytes; `lock` is a promise of the lock file, which names it. */
export async function fetchWheel(lock) {
  const name = (await lock)?.packages?.stripdeck?.file_name;
  if (typeof name !== "string" || !/^[\w.+-]+\.whl$/.test(name)) {
    throw new Error("pyodide-lock.json names no stripdeck wheel");
  }
  const response = await fetch(RUNTIME + name);
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The wheel goes in with Python's zipfile, as tools/make_snapshot.mjs put it in the snapshot:
// Pyodide's loadPackage took 250 ms for this 0.4 MB wheel under Node and up to 500 ms in a
// worker (it imports its package machinery first), the extraction 40 ms. The game needs no more
// of an installation than its files: nothing reads its metadata, it has no compiled libraries.
const INSTALL_WHEEL = `
import importlib, os, sys, zipfile
site_packages = next(p for p in sys.path if p.endswith("site-packages"))
with zipfile.ZipFile("/tmp/stripdeck.whl") as whl:
    whl.extractall(site_packages)
os.remove("/tmp/stripdeck.whl")
importlib.invalidate_caches()
del importlib, os, sys, zipfile, site_packages, whl
`;

/** Put the game's wheel (its bytes) into Python's site-packages. */
export function installWheel(pyodide, wheel) {
  pyodide.FS.writeFile("/tmp/stripdeck.whl", wheel);
  pyodide.runPython(INSTALL_WHEEL);
}

/** Python with the stripdeck package: {pyodide, how}, how "snapshot" or "fresh". `memory` is a
 * promise of the snapshot's bytes (or null: start fresh), `lock` one of the lock file, `wheel`
 * one of the wheel's bytes: all three download side by side. The wheel is installed after
 * either start: the snapshot holds the engine's modules already imported, but not the files of
 * Python's file system (the engine's data files, its modules not imported when it was made). */
export async function startPython(memory, lock, wheel, options = {}) {
  const settings = { indexURL: RUNTIME, packageBaseUrl: RUNTIME, lockFileContents: lock, ...options };
  let bytes = null;
  try {
    bytes = await memory;
  } catch (err) {
    console.warn("Stripdeck: no Python snapshot:", err);
  }
  if (bytes) {
    try {
      const pyodide = await startFromSnapshot(bytes, settings);
      installWheel(pyodide, await wheel);
      return { pyodide, how: "snapshot" };
    } catch (err) {
      console.warn("Stripdeck: starting Python without its snapshot:", err);
    }
  }
  const pyodide = await loadFresh(settings);
  installWheel(pyodide, await wheel);
  return { pyodide, how: "fresh" };
}
