// Two visitors who start Python from the build's memory snapshot (dist/pyodide/python.snapshot),
// through the worker's own start module (dist/web/worker/python_start.mjs): prints, as JSON,
// what each one's Python says, for tests/test_python_snapshot.py.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const folder = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "pyodide");
const start = join(folder, "..", "web", "worker", "python_start.mjs");
const { installWheel, startFromSnapshot } = await import(pathToFileURL(start).href);
const lock = JSON.parse(readFileSync(join(folder, "pyodide-lock.json"), "utf8"));
const wheel = readFileSync(join(folder, lock.packages.stripdeck.file_name));
const memory = gunzipSync(readFileSync(join(folder, "python.snapshot")));
const quiet = () => {};
const visitors = [];
for (let i = 0; i < 2; i += 1) {
  const started = performance.now();
  const pyodide = await startFromSnapshot(new Uint8Array(memory), { indexURL: folder + "/", stdout: quiet, stderr: quiet });
  const ms = performance.now() - started;
  const preloaded = pyodide.runPython(
    "import sys; [m for m in ('stripdeck.engine', 'table.render', 'friends.host', 'widgets.ranking') if m in sys.modules]");
  installWheel(pyodide, wheel);
  const answer = pyodide.runPython(`
import json, os, random, sys
import stripdeck
state = stripdeck.start_hand(stripdeck.Rules(), stacks=[100, 100], button=0)
json.dumps({"version": list(sys.version_info[:2]), "random": random.random(), "urandom": os.urandom(8).hex(),
            "seed": state.seed, "flush": str(stripdeck.evaluate("Ah Jh 9h 8h 7h"))})
`);
  visitors.push({ ...JSON.parse(answer), preloaded: preloaded.toJs(), ms: Math.round(ms) });
}
console.log(JSON.stringify(visitors));
