// The page's entry for Python (the last script of index.html): starts the worker that runs the
// game's Python (web/worker/boot.mjs) and carries the messages between it and the page's parts
// (docs/ui.md, "Threads"). It holds no game state and interprets nothing: what the worker sends
// is applied by patch.js, what the page says is sent as input.js and storage.js put it.
//
// To the worker: "boot" (whether Python starts from its snapshot: web/page/snapshot.js decided)
// at once; "wasm" (Pyodide's WebAssembly compiled here, or null) as soon as it is; "page" (language, catalogue, address, records) when the worker is ready for it, so
// the records are read as late as possible; then "input" and "stored" messages.
// From the worker: "loading" (web/page/loading.js), "python" (how it started:
// <html data-python-start>), "ready", "patch" (web/page/patch.js), "listen" and "listen-storage"
// (Python takes input, other tabs' writes), "answered" (the worker has run Python on that many
// input messages: window.stripdeckSettled() is true when it has run every one sent, so a test
// or a tool knows when a click's answer is on the page), "failed" (said on the console).
// l10n-part: script (no sentences of its own)
(() => {
  const worker = new Worker("./web/worker/boot.mjs", { type: "module" });
  const send = (message, transfer = []) => worker.postMessage(message, transfer);
  window.stripdeckWorker = worker; // for the browser tests: the page's one worker
  let inputsSent = 0;
  let inputsAnswered = 0;
  window.stripdeckSettled = () => inputsAnswered === inputsSent;

  async function pageState() {
    const catalogue = (await window.stripdeckCatalogue) ?? null; // web/page/shell.js fetched it early
    return { type: "page", lang: document.documentElement.lang || "en", catalogue,
      address: window.stripdeckInput.address(), records: window.stripdeckStorage.read() };
  }

  const HEARD = {
    loading: ({ url, bytes }) => window.stripdeckLoading?.count(url, bytes),
    python: ({ how }) => {
      window.stripdeckLoading?.arrived();
      document.documentElement.dataset.pythonStart = how;
      performance.mark(`stripdeck-python-${how}`);
    },
    ready: async () => {
      const state = await pageState();
      send(state, state.catalogue ? [state.catalogue] : []);
    },
    patch: ({ text }) => window.stripdeckPatch(text),
    listen: ({ keyMap, cards }) => window.stripdeckInput.listen((text) => {
      inputsSent += 1;
      send({ type: "input", text });
    }, keyMap, cards),
    answered: ({ count }) => { inputsAnswered = count; },
    "listen-storage": ({ keys }) => window.stripdeckStorage.listen((text) => send({ type: "stored", text }), keys),
    failed: ({ message }) => console.error(`Stripdeck: Python failed: ${message}`),
  };
  worker.addEventListener("message", ({ data }) => {
    if (data && Object.hasOwn(HEARD, data.type)) HEARD[data.type](data);
    else console.error("Stripdeck: a message from the worker of no known type", data);
  });
  worker.addEventListener("error", (event) => console.error(`Stripdeck: the worker failed: ${event.message}`));
  send({ type: "boot", snapshot: Boolean(window.stripdeckSnapshot) });

  // Pyodide's WebAssembly is compiled here and handed to the worker (web/worker/boot.mjs, "the
  // runtime's WebAssembly"): a page's compiled WebAssembly is kept by the browser for the next
  // visit, a worker's is not. The compiling itself runs on the browser's own threads. Its bytes
  // are counted for the loading indicator from a copy of the stream, so that the response
  // compiled is the one the browser can keep the compiled code of.
  async function compileRuntime() {
    const response = await fetch(WASM);
    if (!response.ok) throw new Error(`${WASM}: HTTP ${response.status}`);
    countBytes(response.clone(), response.url).catch(() => {}); // the count only: compiling says what failed
    return WebAssembly.compileStreaming(response);
  }
  async function countBytes(response, url) {
    const reader = response.body.getReader();
    let bytes = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      bytes += part.value.byteLength;
      window.stripdeckLoading?.count(url, bytes);
    }
  }
  const WASM = "./pyodide/pyodide.asm.wasm";
  compileRuntime().then((module) => {
    performance.mark("stripdeck-wasm-compiled");
    send({ type: "wasm", module }); // throws if this browser cannot hand a module to a worker
  }).catch((err) => {
    console.warn("Stripdeck: Python's WebAssembly is compiled in the worker:", err);
    send({ type: "wasm", module: null });
  });
})();
