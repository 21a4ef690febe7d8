// Run Python in Pyodide under Node, with stripdeck from the built site (dist/pyodide/).
//
//   node tests/pyodide_node/run.mjs FILE.py      run FILE (or "-": stdin), print its result as JSON
//   node tests/pyodide_node/run.mjs --serve      JSON lines: read {"code": ...}, answer
//                                           {"ok": true, "result": ...} or {"ok": false, "error": ...}
//
// The result is the variable `result` if the code sets one, else the value of its last
// expression; it is passed through Python's json.dumps. Each snippet gets fresh globals.
// Python's own stdout/stderr go to this process's stderr, so stdout carries only JSON.
// Uses dist/pyodide/pyodide-lock.json (it lists the stripdeck wheel): run `build.py site` first.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const indexURL = join(root, "dist", "pyodide") + "/";
const { loadPyodide } = await import(
  pathToFileURL(join(root, "node_modules", "pyodide", "pyodide.mjs")).href
);

const toStderr = (line) => process.stderr.write(line + "\n");
const pyodide = await loadPyodide({ indexURL, stdout: toStderr, stderr: toStderr });
await pyodide.loadPackage("stripdeck", { messageCallback: () => {}, errorCallback: toStderr });

async function evaluate(code) {
  const globals = pyodide.globals.get("dict")();
  try {
    const last = await pyodide.runPythonAsync(code, { globals });
    if (!globals.has("result")) globals.set("result", last);
    return pyodide.runPython("__import__('json').dumps(result)", { globals });
  } finally {
    globals.destroy();
  }
}

if (process.argv[2] === "--serve") {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let answer;
    try {
      const json = await evaluate(JSON.parse(line).code);
      answer = `{"ok": true, "result": ${json}}`;
    } catch (err) {
      answer = JSON.stringify({ ok: false, error: String(err.message ?? err) });
    }
    process.stdout.write(answer + "\n");
  }
} else {
  const file = process.argv[2];
  if (!file) {
    toStderr("usage: node tests/pyodide_node/run.mjs FILE.py|-|--serve");
    process.exit(2);
  }
  try {
    process.stdout.write((await evaluate(readFileSync(file === "-" ? 0 : file, "utf8"))) + "\n");
  } catch (err) {
    toStderr(String(err.message ?? err));
    process.exit(1);
  }
}
