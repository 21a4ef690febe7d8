// The loading indicator: what is happening while the Python runtime arrives, and how much of
// it is left (bytes). Runs before PyScript: it counts the bytes of every response from the
// site's pyodide/ folder as they stream in (a thin wrapper around fetch that hands the same
// bytes on unchanged), plus the runtime's JavaScript, which arrives by import. The total is
// written into #loading's data-runtime-bytes by build.py, plus its data-snapshot-bytes when the
// page reads Python's memory snapshot too (window.stripdeckSnapshot, set by web/page/snapshot.js
// before any byte arrives). Once the game has started (body
// gets the class "started") the wrapper takes itself away.
// l10n-part: script (this file's sentences are said by the page's JavaScript (locale/<code>.json): docs/i18n.md, "Bytes")
(() => {
  const box = document.getElementById("loading");
  if (!box || !window.fetch || !window.ReadableStream) return;
  const runtimeBytes = Number(box.dataset.runtimeBytes) || 0;
  const snapshotBytes = Number(box.dataset.snapshotBytes) || 0;
  const bar = document.getElementById("load-progress");
  const text = document.getElementById("load-text");
  const runtime = (url) => /\/pyodide\/[^/]+$/.test(new URL(url, location.href).pathname);
  const streamed = new Map(); // url -> bytes so far
  let imported = 0;
  const words = window.stripdeckL10n; // web/page/shell.js: the page's language
  const _ = words ? words._ : (english) => english;
  const number = words ? words.number : (n, decimals) => n.toFixed(decimals);
  let game = false; // the game's own file (the wheel) is coming, not the runtime

  const mb = (n) => number(n / 1e6, 1);
  function show() {
    const total = runtimeBytes && runtimeBytes + (window.stripdeckSnapshot ? snapshotBytes : 0);
    const loaded = imported + [...streamed.values()].reduce((a, b) => a + b, 0);
    const done = total ? Math.min(loaded / total, 1) : 0;
    if (bar && total) { bar.value = Math.round(done * 100); }
    if (text) {
      const sizes = { loaded: mb(loaded), total: mb(total), left: mb(Math.max(total - loaded, 0)) };
      text.textContent = !total || done >= 1 ? _("Starting Python and dealing the first hand…")
        : game ? _("Downloading the game: {loaded} of {total} MB ({left} MB left)", sizes)
        : _("Downloading the Python runtime: {loaded} of {total} MB ({left} MB left)", sizes);
    }
  }

  const originalFetch = window.fetch;
  window.fetch = async function fetchCounted(input, init) {
    const response = await originalFetch.call(this, input, init);
    const url = String((input && input.url) || input);
    if (!runtime(url) || !response.body) return response;
    if (/\.whl$/.test(url)) game = true;
    streamed.set(url, 0);
    const reader = response.body.getReader();
    const body = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) { controller.close(); return; }
        streamed.set(url, streamed.get(url) + value.byteLength);
        show();
        controller.enqueue(value);
      },
      cancel(reason) { return reader.cancel(reason); },
    });
    const counted = new Response(body, {
      status: response.status, statusText: response.statusText, headers: response.headers,
    });
    Object.defineProperty(counted, "url", { value: response.url });
    return counted;
  };

  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.initiatorType !== "fetch" && runtime(entry.name)) {
        imported += entry.decodedBodySize || 0;
        show();
      }
    }
  });
  observer.observe({ type: "resource", buffered: true });

  const started = new MutationObserver(() => {
    if (!document.body.classList.contains("started")) return;
    window.fetch = originalFetch;
    observer.disconnect();
    started.disconnect();
  });
  started.observe(document.body, { attributes: true, attributeFilter: ["class"] });
  show();
})();
