// The worker's entry (a module worker, started by web/page/main.js): Pyodide, the game's Python
// and the App run here, off the page's main thread (docs/ui.md, "Threads"). The page's thread
// keeps the DOM, input, storage, WebRTC and the sound; the two talk in messages only.
//
// From the page (web/page/main.js):
//   {type: "boot", snapshot}             at once: whether Python starts from its memory snapshot
//   {type: "wasm", module}               Pyodide's WebAssembly, compiled by the page (a
//                                        WebAssembly.Module), or null: compile it here
//   {type: "page", lang, catalogue, address, records}
//                                        answer to "ready": the page's language and its catalogue's
//                                        first part (an ArrayBuffer, or null), the address (JSON),
//                                        the game's records in storage (JSON, web/page/storage.js)
//   {type: "input", text}                an input message (web/page/input.js) for Python
//   {type: "stored", text}               a record another tab wrote (web/page/storage.js)
// To the page:
//   {type: "loading", url, bytes}        bytes of a runtime file arrived so far (web/page/loading.js)
//   {type: "python", how}                Python is up: "snapshot" or "fresh"
//   {type: "ready"}                      Python and the modules are here: the page's state, please
//   {type: "patch", text}                a batch of changes (web/app/patch.py -> web/page/patch.js)
//   {type: "listen", keyMap, cards}      Python takes input now (web/page/input.js listen)
//   {type: "listen-storage", keys}       Python wants other tabs' writes of these keys
//   {type: "answered", count}            Python has run this many input messages (after their
//                                        patches: a message's changes come before its count)
//   {type: "failed", message}            Python could not start, or the App failed
//
// Python sees the page through four names on this worker's global scope, the same hand-offs it
// had on the main thread: stripdeckPatch(text), stripdeckStorage.read/listen,
// stripdeckInput.address/listen; plus stripdeckPage (language and catalogue, for app/l10n.py)
// and stripdeckFetch(path) (a file of the site: relative paths are the page's, not this script's).
import { fetchLock, fetchSnapshot, fetchWheel, RUNTIME, startPython } from "./python_start.mjs";

const SITE = new URL("../../", import.meta.url).href; // the pages' folder
const WEB = new URL("../", import.meta.url).href;     // web/: the modules' folder
const post = (message) => self.postMessage(message);

// ---------------------------------------------------------------- the runtime's WebAssembly
// The page compiles Pyodide's WebAssembly (pyodide.asm.wasm, 9.6 MB) and hands the compiled
// module over (web/page/main.js): the browser keeps a page's compiled WebAssembly between visits
// (its code cache: 40 ms instead of 110-160 here, and already optimised code, which runs
// Python's start twice as fast) but not a worker's, and a module is shared with a worker, not
// copied. Pyodide's own request for the file gets a stand-in, which its instantiateStreaming
// below recognises. If the page could not compile it (module null), Pyodide does, as usual.
const WASM = RUNTIME + "pyodide.asm.wasm";
let wasmArrived;
const pageWasm = new Promise((resolve) => { wasmArrived = resolve; });
const standIns = new WeakSet(); // the responses given to Pyodide in place of the WebAssembly
const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  if (!standIns.has(response)) return instantiateStreaming(response, imports);
  const module = await pageWasm;
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

// ---------------------------------------------------------------- the loading indicator's bytes
// Every response from pyodide/ counted as it streams in (the same bytes handed on), and the
// runtime's modules, which arrive by import (resource timing). Stops once Python is up. (The
// WebAssembly's bytes are counted by the page, which downloads it.)
const originalFetch = self.fetch.bind(self);
const isRuntime = (url) => url.startsWith(RUNTIME);
let counting = true;
self.fetch = async (input, init) => {
  const url = new URL(String(input?.url ?? input), SITE).href;
  if (url === WASM && await pageWasm) {
    const standIn = new Response(null);
    standIns.add(standIn);
    return standIn;
  }
  const response = await originalFetch(input, init);
  if (!counting || !isRuntime(url) || !response.body) return response;
  let bytes = 0;
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) { controller.close(); return; }
      bytes += value.byteLength;
      if (counting) post({ type: "loading", url, bytes });
      controller.enqueue(value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
  const counted = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  Object.defineProperty(counted, "url", { value: response.url });
  return counted;
};
const imports = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (counting && entry.initiatorType !== "fetch" && isRuntime(entry.name)) {
      post({ type: "loading", url: entry.name, bytes: entry.decodedBodySize || 0 });
    }
  }
});
imports.observe({ type: "resource", buffered: true });

// ---------------------------------------------------------------- what Python sees of the page
let page = null;             // the "page" message
let inputListener = null;    // Python's PageInput.receive
let storageListener = null;  // Python's PageStore.changed_elsewhere
const pending = [];          // input that came before Python listened (none expected: input.js waits)
let answered = 0;            // input messages Python has run

self.stripdeckPatch = (text) => post({ type: "patch", text: String(text) });
self.stripdeckStorage = Object.freeze({
  /** The records of `keys` (JSON list) as JSON {key: text or null}, or {error} as the page read them. */
  read(keys) {
    const all = JSON.parse(page.records);
    if (typeof all.error === "string") return page.records;
    return JSON.stringify(Object.fromEntries(JSON.parse(keys).map((k) => [k, all[k] ?? null])));
  },
  listen(changed, keys) {
    storageListener = changed;
    post({ type: "listen-storage", keys: String(keys) });
  },
});
self.stripdeckInput = Object.freeze({
  address: () => page.address,
  listen(receive, keyMap, cards) {
    inputListener = receive;
    post({ type: "listen", keyMap: String(keyMap), cards: String(cards) });
    for (const text of pending.splice(0)) answer(text);
  },
});
self.stripdeckFetch = (path) => originalFetch(new URL(String(path), SITE));

/** Run Python's answer to a message; a failure is said on the page's console (web/page/main.js). */
function deliver(listener, text) {
  try {
    listener(text);
  } catch (err) {
    post({ type: "failed", message: String(err?.message ?? err) });
  }
}

/** Run Python on an input message, then count it for the page (web/page/main.js). */
function answer(text) {
  deliver(inputListener, text);
  answered += 1;
  post({ type: "answered", count: answered });
}

let pageArrived;
const pageState = new Promise((resolve) => { pageArrived = resolve; });
let bootArrived;
const bootState = new Promise((resolve) => { bootArrived = resolve; });

self.addEventListener("message", ({ data }) => {
  if (data?.type === "boot") bootArrived(data);
  else if (data?.type === "wasm") wasmArrived(data.module instanceof WebAssembly.Module ? data.module : null);
  else if (data?.type === "page") pageArrived(data);
  else if (data?.type === "input") {
    if (inputListener) answer(data.text);
    else pending.push(data.text);
  } else if (data?.type === "stored" && storageListener) deliver(storageListener, data.text);
});

// ---------------------------------------------------------------- the start
const text = (url) => originalFetch(url).then((response) => {
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
});
// The modules are fetched while the runtime starts.
const modules = text(WEB + "worker/modules.json").then((list) => Promise.all(
  JSON.parse(list).modules.map(async (path) => [path, await text(WEB + path)])));

// Pyodide's runtime module (1.25 MB of JavaScript) is imported now, beside the downloads, so
// that loadPyodide finds it ready once the snapshot is in.
import(RUNTIME + "pyodide.asm.mjs").catch(() => {}); // if it fails, loadPyodide says why

async function start() {
  const boot = await bootState;
  const lock = fetchLock();
  const wheel = fetchWheel(lock);
  wheel.catch(() => {}); // startPython awaits it, and says why it failed
  const { pyodide, how } = await startPython(boot.snapshot ? fetchSnapshot() : null, lock, wheel, {
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
  counting = false;
  imports.disconnect();
  post({ type: "python", how });
  for (const [path, source] of await modules) {
    const folder = path.split("/").slice(0, -1).join("/");
    if (folder) pyodide.FS.mkdirTree(folder);
    pyodide.FS.writeFile(path, source);
  }
  post({ type: "ready" });
  const { lang, catalogue } = page = await pageState;
  self.stripdeckPage = Object.freeze({ lang: String(lang || "en"), catalogue });
  await pyodide.runPythonAsync(pyodide.FS.readFile("app/boot.py", { encoding: "utf8" }), { filename: "app/boot.py" });
}

start().catch((err) => post({ type: "failed", message: String(err?.stack ?? err?.message ?? err) }));
