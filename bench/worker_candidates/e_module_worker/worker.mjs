// Pyodide in a plain module worker (bench/worker_candidates/e_module_worker): no PyScript.
// The runtime, the stripdeck wheel and the prototype's modules are fetched in parallel; the
// main thread sends {id, name, args} and gets {id, result} or {id, error} back.
//
// Options, from the worker's URL (the page passes its own query on):
//   wheel=URL      the wheel to install (default: the one next to pyodide.mjs, ?wheel= names it)
//   snapshot=1     start from pyodide/python.snapshot (stripdeck already imported: no wheel),
//                  on a first visit too
//   serial=1       fetch the wheel after the runtime has started, not in parallel with it
const options = new URL(self.location.href).searchParams;
const base = new URL("../../pyodide/", import.meta.url).href;
const here = (path) => new URL(path, import.meta.url).href;
const bytes = (url) => fetch(url).then((r) => {
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return r.arrayBuffer();
});
const text = (url) => fetch(url).then((r) => r.text());
const useSnapshot = options.get("snapshot") === "1";
const serial = options.get("serial") === "1"; // the wheel fetched only once the runtime is up

// Everything in parallel: the runtime's module, the wheel (or the snapshot), the sources.
const runtime = import(base + "pyodide.mjs");
const wheelURL = new URL(options.get("wheel") ?? "stripdeck-0.1.0-py3-none-any.whl", base).href;
const wheel = useSnapshot || serial ? null : bytes(wheelURL);
const snapshot = useSnapshot ? fetch(base + "python.snapshot").then((r) =>
  new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()) : null;
const sources = Promise.all(["../common/proto_table.py", "../common/engine.py"].map((p) => text(here(p))));

const ready = (async () => {
  const { loadPyodide } = await runtime;
  const quiet = () => {};
  const pyodide = await loadPyodide({
    indexURL: base, stdout: quiet, stderr: (line) => console.warn(line),
    ...(useSnapshot ? { _loadSnapshot: new Uint8Array(await snapshot) } : {}),
  });
  if (useSnapshot) pyodide.runPython("import random\nrandom.seed()"); // as web/page/pyodide_boot.mjs
  else {
    const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    pyodide.unpackArchive(await (wheel ?? bytes(wheelURL)), "wheel", { extractDir: site });
  }
  const [table, engine] = await sources;
  pyodide.FS.writeFile("proto_table.py", table);
  pyodide.FS.writeFile("engine.py", engine);
  const module = pyodide.pyimport("engine");
  return { start: module.start, command: module.command };
})();

self.addEventListener("message", async ({ data: { id, name, args } }) => {
  try {
    const api = await ready;
    if (!Object.hasOwn(api, name)) throw new Error(`no such call: ${name}`);
    self.postMessage({ id, result: api[name](...args) });
  } catch (err) {
    self.postMessage({ id, error: String(err?.message ?? err) });
  }
});
