// Run Python code from stdin in Pyodide under Node (no packages loaded); print json.dumps(result).
// Used by bench/bench_bots.py --pyodide. The Pyodide runtime comes from node_modules/pyodide.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(pathToFileURL(join(root, "node_modules", "pyodide", "pyodide.mjs")).href);
const toStderr = (line) => process.stderr.write(line + "\n");
const pyodide = await loadPyodide({ stdout: toStderr, stderr: toStderr });
const globals = pyodide.globals.get("dict")();
await pyodide.runPythonAsync(readFileSync(0, "utf8"), { globals });
process.stdout.write(pyodide.runPython("__import__('json').dumps(result)", { globals }) + "\n");
