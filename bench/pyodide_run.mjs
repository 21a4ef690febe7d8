// Run Python code from stdin in Pyodide under Node (no packages loaded); print json.dumps(result).
// Used by bench/bench_bots.py --pyodide (needs node_modules/pyodide and the runtime in dist/pyodide).
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(pathToFileURL(join(root, "node_modules", "pyodide", "pyodide.mjs")).href);
const toStderr = (line) => process.stderr.write(line + "\n");
// The runtime files (wasm, stdlib) from the built site; stripdeck itself is loaded from core/ by the caller.
const indexURL = join(root, "dist", "pyodide") + "/";
const pyodide = await loadPyodide({ indexURL, stdout: toStderr, stderr: toStderr });
const globals = pyodide.globals.get("dict")();
let code = "";
for await (const chunk of process.stdin) code += chunk;
try {
  await pyodide.runPythonAsync(code, { globals });
  process.stdout.write(pyodide.runPython("__import__('json').dumps(result)", { globals }) + "\n");
} catch (err) {
  toStderr(String(err.message ?? err));
  process.exit(1);
}
