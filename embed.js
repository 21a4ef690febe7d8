// Stripdeck widgets for other pages. Two ways to embed (docs/embedding.md):
//
//   <script src="https://your.site/stripdeck/embed.js" defer></script>
//   <div data-stripdeck-widget="compare" data-a="Ah Qh Th 8h 7h" data-b="Ks Kd Kc 8s 8c"></div>
//
//   <iframe src="https://your.site/stripdeck/embed.html?widget=ranking" style="width:100%;border:0"></iframe>
//
// Script form: every [data-stripdeck-widget] element gets a shadow root with its own
// stylesheet, and Pyodide is loaded once (from pyodide/ beside this file) for all of them.
// The widget logic is Python (web/widgets/*.py, written to Pyodide's file system as the
// package stripdeck_widgets); this file only moves JSON and HTML between it and the page.
// Iframe form: embed.html loads this file, which mounts the one widget named in its URL
// and posts its height to the parent ({type: "stripdeck:height", height, id}); this file,
// loaded in the host page, resizes the iframe that sent it (so does the snippet in the docs).
//
// This file runs as a classic script or as a module (no import/export), so a page on another
// site can load it with a plain <script src> even when that site sends no CORS header: then
// every widget says why it cannot start instead of staying blank. Its API for widgets added
// later is window.StripdeckWidgets: { mount, mountAll, loadRuntime, paramsOf }.

(() => {
if (window.StripdeckWidgets) return; // loaded twice: the first copy does the work

/** This file's own URL: the folder the widget files are fetched from. */
function ownBase() {
  const own = document.currentScript?.src // classic script
    ?? [...document.scripts].map((s) => s.src).find((src) => src && new URL(src).pathname.endsWith("/embed.js"));
  return new URL("./", own ?? document.baseURI);
}

const BASE = ownBase();
const WIDGET_FILES = [
  "__init__.py", "params.py", "cardface.py", "ranking.py", "compare.py", "scripted.py",
  "odds.py", "game.py", "bridge.py",
];
const HEIGHT_MESSAGE = "stripdeck:height";
const PY_DIR = "/home/pyodide/stripdeck_widgets";
const quiet = () => {};

let runtime = null;
let stylesheet = null;
const ownFrames = new Set(); // iframes inside our shadow roots (the mini game)

/** Pyodide with stripdeck and the widget package, started once per page. */
function loadRuntime() {
  runtime ??= (async () => {
    const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", BASE).href);
    const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", BASE).href, stdout: quiet, stderr: quiet });
    await pyodide.loadPackage("stripdeck", { messageCallback: quiet, errorCallback: (m) => console.warn(m) });
    const files = await Promise.all(WIDGET_FILES.map(async (name) => {
      const response = await fetch(new URL(`web/widgets/${name}`, BASE));
      if (!response.ok) throw new Error(`web/widgets/${name}: HTTP ${response.status}`);
      return [name, await response.text()];
    }));
    pyodide.FS.mkdirTree(PY_DIR);
    for (const [name, text] of files) pyodide.FS.writeFile(`${PY_DIR}/${name}`, text);
    pyodide.runPython("import sys\nif '/home/pyodide' not in sys.path:\n    sys.path.insert(0, '/home/pyodide')");
    const bridge = pyodide.pyimport("stripdeck_widgets.bridge");
    return {
      render: (params, extra) => JSON.parse(bridge.render(JSON.stringify(params), JSON.stringify(extra))),
      compare: (form) => JSON.parse(bridge.compare_result(JSON.stringify(form))),
      toggle: (text, card, joker) => bridge.toggle(text, card, joker ? "1" : "0"),
      presetOptions: (preset) => JSON.parse(bridge.preset_options(preset)),
      odds: (hand, settings) => bridge.odds_result(hand, JSON.stringify(settings)),
    };
  })();
  return runtime;
}

function loadStylesheet() {
  stylesheet ??= fetch(new URL("web/widgets/widgets.css", BASE)).then((r) => (r.ok ? r.text() : ""));
  return stylesheet;
}

/** The widget parameters of an element: data-stripdeck-widget and its other data-* attributes. */
function paramsOf(element) {
  const params = { widget: element.dataset.stripdeckWidget ?? "" };
  for (const [key, value] of Object.entries(element.dataset)) {
    if (key.startsWith("stripdeck")) continue; // our own: the widget name and its state
    params[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/-/g, "_")] = value;
  }
  return params;
}

function showProblem(wrap, message) {
  const section = document.createElement("section");
  section.className = "sd-widget sd-failed";
  const p = section.appendChild(document.createElement("p"));
  p.className = "sd-error";
  p.setAttribute("role", "alert");
  p.append(Object.assign(document.createElement("strong"), { textContent: "Stripdeck widget: " }), message);
  wrap.replaceChildren(section);
}

async function fetchScenario(src) {
  const url = new URL(src, document.baseURI);
  if (url.origin !== location.origin) return { src_error: "it must be a file on this site" };
  try {
    const response = await fetch(url);
    if (!response.ok) return { src_error: `HTTP ${response.status} ${response.statusText}`.trim() };
    return { src_text: await response.text() };
  } catch (err) {
    return { src_error: String(err.message ?? err) };
  }
}

/** Render one widget into `host` (its shadow root) from `params`; resolves when it is shown. */
async function mount(host, params = paramsOf(host)) {
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  const style = document.createElement("style");
  const wrap = document.createElement("div");
  wrap.className = "sd-root";
  wrap.innerHTML = '<section class="sd-widget sd-loading" aria-busy="true">Loading the Stripdeck widget…</section>';
  root.replaceChildren(style, wrap);
  host.dataset.stripdeckState = "loading";
  try {
    style.textContent = await loadStylesheet();
    const extra = { base: BASE.href };
    if (params.widget === "scenario" && params.src && !params.data) {
      Object.assign(extra, await fetchScenario(params.src));
    }
    const api = await loadRuntime();
    const out = api.render(params, extra);
    wrap.innerHTML = out.html;
    if (!out.ok) {
      if (out.detail) console.warn("Stripdeck widget:", out.detail);
      host.dataset.stripdeckState = "error";
      return out;
    }
    if (out.widget === "compare") wireCompare(wrap, api, out);
    if (out.widget === "scenario") wireScenario(wrap, out);
    if (out.widget === "odds") wireOdds(wrap, api, out);
    if (out.widget === "game") wrap.querySelectorAll("iframe").forEach((f) => ownFrames.add(f));
    host.dataset.stripdeckState = "ready";
    return out;
  } catch (err) {
    showProblem(wrap, startProblem(err));
    host.dataset.stripdeckState = "error";
    console.warn("Stripdeck widget:", err);
    return { ok: false, error: String(err) };
  }
}

/** Why a widget could not start, in words: a failed fetch from another site is most often CORS. */
function startProblem(err) {
  const why = `could not start (${err.message ?? err}).`;
  if (BASE.origin === location.origin || !(err instanceof TypeError)) return why;
  return `${why} Its files on ${BASE.origin} could not be fetched from this page. A page on another ` +
    `site can use them only if that site sends the header "Access-Control-Allow-Origin" ` +
    "(see docs/embedding.md, \"Serving the widgets to other sites\").";
}

function wireCompare(wrap, api, out) {
  const form = wrap.querySelector("form");
  const panel = wrap.querySelector("[data-part=result]");
  const joker = Boolean(form.querySelector("input[name=joker]"));
  const mark = (result) => {
    for (const button of wrap.querySelectorAll("[data-card]")) {
      const card = button.dataset.card;
      const hand = result.picked_a.includes(card) ? "a" : result.picked_b.includes(card) ? "b" : "";
      button.setAttribute("aria-pressed", String(Boolean(hand)));
      if (hand) button.dataset.hand = hand;
      else delete button.dataset.hand;
    }
  };
  const update = () => {
    const values = Object.fromEntries(new FormData(form));
    delete values.target;
    const result = api.compare(values);
    panel.innerHTML = result.html;
    mark(result);
  };
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", (event) => {
    if (event.target.type === "text") update();
  });
  form.addEventListener("change", (event) => {
    if (event.target.tagName !== "SELECT") return;
    if (event.target.name === "preset") {
      const options = api.presetOptions(event.target.value);
      for (const [name, value] of Object.entries(options)) {
        const select = form.elements.namedItem(name);
        if (select) select.value = value;
      }
    }
    update();
  });
  wrap.addEventListener("click", (event) => {
    const button = event.target.closest("[data-card]");
    if (!button) return;
    let target = form.querySelector("input[name=target]:checked")?.value ?? "a";
    if (button.dataset.hand) target = button.dataset.hand; // a picked card: take it back
    const input = form.elements.namedItem(target);
    input.value = api.toggle(input.value, button.dataset.card, joker);
    if (target === "a" && !button.dataset.hand && input.value.split(" ").length === 5) {
      form.querySelector("input[name=target][value=b]").checked = true;
    }
    update();
  });
  mark(out);
}

function wireOdds(wrap, api, out) {
  const form = wrap.querySelector("form");
  const panel = wrap.querySelector("[data-part=result]");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    panel.setAttribute("aria-busy", "true");
    // Let the browser paint the busy state before the (blocking) computation.
    setTimeout(() => {
      panel.innerHTML = api.odds(form.elements.namedItem("hand").value, out.settings);
      panel.removeAttribute("aria-busy");
    }, 0);
  });
}

function wireScenario(wrap, out) {
  const frames = out.frames;
  const view = wrap.querySelector("[data-part=frame]");
  const live = wrap.querySelector("[data-part=live]");
  const [back, play, next] = ["back", "play", "next"].map((d) => wrap.querySelector(`[data-do=${d}]`));
  let index = 0;
  let timer = null;
  const stop = () => {
    clearInterval(timer);
    timer = null;
    play.textContent = "▶ Play";
    play.setAttribute("aria-label", "Play");
  };
  const show = (i) => {
    index = Math.max(0, Math.min(frames.length - 1, i));
    view.innerHTML = frames[index];
    view.dataset.frame = String(index);
    if (live) live.textContent = out.captions[index];
    back.disabled = index === 0;
    next.disabled = index === frames.length - 1;
    if (timer && index === frames.length - 1) stop();
  };
  back.addEventListener("click", () => { stop(); show(index - 1); });
  next.addEventListener("click", () => { stop(); show(index + 1); });
  play.addEventListener("click", () => {
    if (timer) return stop();
    if (index === frames.length - 1) show(0);
    timer = setInterval(() => show(index + 1), out.speed);
    play.textContent = "❚❚ Pause";
    play.setAttribute("aria-label", "Pause");
  });
  show(0);
}

/** Mount every [data-stripdeck-widget] element under `root` not mounted yet. */
async function mountAll(root = document) {
  const hosts = [...root.querySelectorAll("[data-stripdeck-widget]")].filter((h) => !h.dataset.stripdeckState);
  return Promise.all(hosts.map((host) => mount(host)));
}

// Host side: resize the iframe (ours or the page's own) that posted its height.
window.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== HEIGHT_MESSAGE || !Number.isFinite(data.height)) return;
  for (const frame of [...document.querySelectorAll("iframe"), ...ownFrames]) {
    if (frame.contentWindow === event.source) {
      frame.style.height = `${Math.max(40, Math.min(Math.ceil(data.height), 20000))}px`;
    }
  }
});

async function startFrame() {
  // embed.html: one widget from the URL's parameters; post our height to the parent.
  const params = Object.fromEntries(new URLSearchParams(location.search));
  const host = document.getElementById("widget");
  const post = () => {
    if (window.parent === window) return;
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height, id: params.id ?? "" }, "*");
  };
  new ResizeObserver(post).observe(document.body);
  const out = await mount(host, params);
  if (out.ok) document.title = `Stripdeck: ${out.widget}`;
  post();
  document.body.dataset.ready = "1";
}

window.StripdeckWidgets = Object.freeze({ mount, mountAll, loadRuntime, paramsOf });

function start() {
  if (document.querySelector('meta[name="stripdeck-embed"][content="frame"]')) {
    startFrame();
  } else {
    mountAll().then(() => {
      document.documentElement.dataset.stripdeckReady = "1";
      document.dispatchEvent(new CustomEvent("stripdeck:ready"));
    });
  }
}

// A classic script without defer runs before the page's widgets are parsed: wait for them.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
})();
