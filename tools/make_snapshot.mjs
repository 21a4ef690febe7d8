// Pyodide's memory snapshot for the game's start-up (build.py runs it; docs/ui.md, "Start-up").
//
//   node tools/make_snapshot.mjs dist/pyodide dist/pyodide/stripdeck-<version>-py3-none-any.whl web
//
// Starts Pyodide from dist/pyodide/ in snapshot-making mode, unpacks the stripdeck wheel into
// site-packages and imports the engine, and the page's Python that touches nothing of the page
// (web/table/, web/friends/, web/widgets/: the modules web/worker/modules.json lists there),
// then writes the interpreter's memory, gzip-compressed, to dist/pyodide/python.snapshot.
// web/worker/python_start.mjs restores it instead of starting Python and importing all that
// from scratch (in the worker, those imports took 100-300 ms of a return visit's start).
//
// What is imported keeps no state that must differ between visitors: the engine's seeds come
// from os.urandom at each hand, the random module's shared generator is reseeded after every
// restore, and these modules compute nothing at import from the time, the randomness, the
// language or the page (tests/test_web_layout.py imports them with those refused). web/app/ is
// not imported: it speaks to the page (`js`, `pyodide`), which a snapshot cannot hold.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const folder = resolve(process.argv[2] ?? "dist/pyodide");
const wheel = process.argv[3];
const web = process.argv[4];
if (!wheel || !web) throw new Error("usage: node tools/make_snapshot.mjs PYODIDE_FOLDER STRIPDECK_WHEEL WEB_FOLDER");
const { loadPyodide } = await import(pathToFileURL(join(folder, "pyodide.mjs")).href);
const quiet = () => {};
const pyodide = await loadPyodide({ indexURL: folder + "/", _makeSnapshot: true, stdout: quiet, stderr: quiet });
// The wheel goes in with Python's zipfile: loadPackage would leave JavaScript references that a
// snapshot cannot hold. In the page, the worker unpacks the same wheel again over these files
// (web/worker/python_start.mjs installWheel; not called here: its cache invalidation and clean-up
// made the snapshot 116 KB larger compressed).
pyodide.FS.writeFile("/tmp/stripdeck.whl", readFileSync(wheel));
pyodide.runPython(`
import sys, zipfile
site_packages = next(p for p in sys.path if p.endswith("site-packages"))
with zipfile.ZipFile("/tmp/stripdeck.whl") as whl:
    whl.extractall(site_packages)
import stripdeck
`);
pyodide.FS.unlink("/tmp/stripdeck.whl");
// The page's Python, in Python's working folder as the worker writes it there (web/worker/boot.mjs).
const { modules } = JSON.parse(readFileSync(join(web, "worker", "modules.json"), "utf8"));
const preloaded = modules.filter((path) => !path.startsWith("app/"));
for (const path of preloaded) {
  pyodide.FS.mkdirTree(dirname(path));
  pyodide.FS.writeFile(path, readFileSync(join(web, path)));
}
const names = preloaded.map((path) => path.replace(/(\/__init__)?\.py$/, "").replaceAll("/", "."));
// The packages imported, and each of their modules' file with the SHA-256 of its source, for
// web/app/snapshot_sources.py, which imports them all again should this visit's files differ.
pyodide.runPython(`
import hashlib, importlib, os, sys, types
for name in ${JSON.stringify(names)}:
    importlib.import_module(name)
record = types.ModuleType("snapshot_sources", "The snapshot's modules: web/app/snapshot_sources.py")
record.packages = ("stripdeck", "table", "friends", "widgets")
record.digests = {}
for name, module in sorted(sys.modules.items()):
    path = getattr(module, "__file__", None)
    if name.split(".")[0] in record.packages and path:
        with open(path, "rb") as source:
            record.digests[os.path.abspath(path)] = hashlib.sha256(source.read()).hexdigest()
sys.modules["snapshot_sources"] = record
del hashlib, importlib, os, sys, types, name, module, path, source, record
`);
const memory = pyodide.makeMemorySnapshot();
const packed = gzipSync(memory, { level: 6 });
writeFileSync(join(folder, "python.snapshot"), packed);
console.log(`snapshot: ${memory.length.toLocaleString("en")} bytes of memory, ` +
  `${packed.length.toLocaleString("en")} gzip-compressed, stripdeck and ${names.length} modules of web/ imported`);
