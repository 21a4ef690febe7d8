// Pyodide's memory snapshot for the game's start-up (build.py runs it; docs/ui.md, "Start-up").
//
//   node tools/make_snapshot.mjs dist/pyodide
//
// Starts Pyodide from dist/pyodide/ in snapshot-making mode, right after its own bootstrap
// (no package, no module of ours: nothing that holds state a visitor must not share, such as
// the random module's seed), and writes the interpreter's memory, gzip-compressed, to
// dist/pyodide/python.snapshot. web/pyodide_boot.mjs restores it on return visits instead
// of starting Python from scratch.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const folder = resolve(process.argv[2] ?? "dist/pyodide");
const { loadPyodide } = await import(pathToFileURL(join(folder, "pyodide.mjs")).href);
const quiet = () => {};
const pyodide = await loadPyodide({ indexURL: folder + "/", _makeSnapshot: true, stdout: quiet, stderr: quiet });
const memory = pyodide.makeMemorySnapshot();
const packed = gzipSync(memory, { level: 6 });
writeFileSync(join(folder, "python.snapshot"), packed);
console.log(`snapshot: ${memory.length.toLocaleString("en")} bytes of memory, ` +
  `${packed.length.toLocaleString("en")} gzip-compressed`);
