// Pyodide's memory snapshot for the game's start-up (build.py runs it; docs/ui.md, "Start-up").
//
//   node tools/make_snapshot.mjs dist/pyodide dist/pyodide/stripdeck-<version>-py3-none-any.whl
//
// Starts Pyodide from dist/pyodide/ in snapshot-making mode, unpacks the stripdeck wheel into
// site-packages and imports the engine, then writes the interpreter's memory, gzip-compressed,
// to dist/pyodide/python.snapshot. web/worker/python_start.mjs restores it instead of
// starting Python and importing the engine from scratch.
//
// Only the engine is imported: it keeps no state at import that must differ between visitors
// (its seeds come from os.urandom at each hand, and the random module's shared generator is
// reseeded after every restore). The page's own modules are not: they may change often, and
// one of them could one day compute a value per visitor when it is imported.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const folder = resolve(process.argv[2] ?? "dist/pyodide");
const wheel = process.argv[3];
if (!wheel) throw new Error("usage: node tools/make_snapshot.mjs PYODIDE_FOLDER STRIPDECK_WHEEL");
const { loadPyodide } = await import(pathToFileURL(join(folder, "pyodide.mjs")).href);
const quiet = () => {};
const pyodide = await loadPyodide({ indexURL: folder + "/", _makeSnapshot: true, stdout: quiet, stderr: quiet });
// The wheel goes in with Python's zipfile: loadPackage would leave JavaScript references that a
// snapshot cannot hold. In the page, Pyodide installs the same wheel again over these files.
pyodide.FS.writeFile("/tmp/stripdeck.whl", readFileSync(wheel));
pyodide.runPython(`
import sys, zipfile
site_packages = next(p for p in sys.path if p.endswith("site-packages"))
with zipfile.ZipFile("/tmp/stripdeck.whl") as whl:
    whl.extractall(site_packages)
import stripdeck
`);
pyodide.FS.unlink("/tmp/stripdeck.whl");
const memory = pyodide.makeMemorySnapshot();
const packed = gzipSync(memory, { level: 6 });
writeFileSync(join(folder, "python.snapshot"), packed);
console.log(`snapshot: ${memory.length.toLocaleString("en")} bytes of memory, ` +
  `${packed.length.toLocaleString("en")} gzip-compressed, stripdeck imported`);
