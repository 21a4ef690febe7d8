// Stripdeck widgets for other pages. Two ways to embed (docs/embedding.md):
//
//   <script src="https://your.site/stripdeck/embed.js" defer></script>
//   <div data-stripdeck-widget="compare" data-a="Ah Qh Th 8h 7h" data-b="Ks Kd Kc 8s 8c"></div>
//
//   <iframe src="https://your.site/stripdeck/embed.html?widget=ranking" style="width:100%;border:0"></iframe>
//
// Static first, Python on demand. build.py renders every widget state that needs no input
// with the widgets' own Python code (tools/prerender.py) into prerendered/<file>.json and
// writes the index below. A widget whose parameters are in the index is shown from that
// file at once, with no Python runtime; Pyodide starts only when a reader asks for something
// new (types a hand, changes a rule, presses "Show the odds") or when the widget has no
// pre-rendered form. The switch does not replace what is on screen (the HTML is the same),
// so scroll position and focus stay where they are.
//
// One Pyodide per page: all widgets of a page share one (loaded from pyodide/ beside this
// file), and an iframe of this site uses the one of its host page, or of a sibling iframe of
// this site, when the browser lets it reach that page (same origin); otherwise it starts its own.
//
// Languages (docs/embedding.md, "Languages"): a widget speaks its lang parameter (data-lang,
// lang= in the iframe's URL), else the language of its place in the page (its nearest lang
// attribute, normally <html lang>) if that is one of ours, else English. English needs nothing
// more; another language fetches, beside this file, its index of pre-rendered states
// (prerendered/index-<code>-*.json) and the sentences of this file (locale/<code>.json, built
// by tools/l10n.py from the _("...") calls below), and, once Python runs, its catalogue for
// Python (locale/<code>.mo), once per page for all widgets of that language.
//
// Script form: every [data-stripdeck-widget] element gets a shadow root with its own
// stylesheet (or keeps the declarative shadow root a page was built with, as examples.html).
// Iframe form: embed.html loads this file, which mounts the one widget named in its URL and
// posts its height to the parent ({type: "stripdeck:height", height, id}); this file, loaded
// in the host page, resizes the iframe that sent it (so does the snippet in the docs).
//
// This file runs as a classic script or as a module (no import/export), so a page on another
// site can load it with a plain <script src> even when that site sends no CORS header: then
// every widget says why it cannot start instead of staying blank. Its API for widgets added
// later is window.StripdeckWidgets: { mount, mountAll, loadRuntime, paramsOf, keyOf, languageOf }.
// l10n-part: widgets (this file's sentences are said by the widgets: docs/i18n.md, "Bytes")

(() => {
if (window.StripdeckWidgets) return; // loaded twice: the first copy does the work

/** This file's own URL: the folder the widget files are fetched from. */
function ownBase() {
  const own = document.currentScript?.src // classic script
    ?? [...document.scripts].map((s) => s.src).find((src) => src && new URL(src).pathname.endsWith("/embed.js"));
  return new URL("./", own ?? document.baseURI);
}

const BASE = ownBase();
const PRERENDERED = {}; // key -> file in prerendered/; filled in by build.py (tools/prerender.py)
const PRERENDERED_LANGUAGES = {}; // language -> its index file in prerendered/ (build.py too)
// The widgets' languages (stripdeck.i18n.NAMES, and the tests' pseudo-language), and other tags
// read as one of them (stripdeck.i18n.choose does the same).
const LANGUAGES = ["en", "it", "es", "pt", "fr", "de", "el", "tr", "bs", "qps"];
const ALIASES = { hr: "bs", sr: "bs", sh: "bs", cnr: "bs" };
const RIGHT_TO_LEFT = new Set(); // none of ours; such a language's widgets get dir="rtl"
const WIDGET_FILES = [
  "__init__.py", "params.py", "cardface.py", "ranking.py", "compare.py", "scripted.py",
  "odds.py", "game.py", "bridge.py",
];
const HEIGHT_MESSAGE = "stripdeck:height";
const PY_DIR = "/home/pyodide/stripdeck_widgets";
// Canonical parameter text (tools/prerender.py `canonical` does the same; a test compares them).
const FLAGS = new Set(["joker", "flush_beats_full_house", "faceup", "grid", "controls", "split", "show_all",
  "timers", "four_color", "fast_bots", "big_blinds"]);
const LOWERED = new Set(["widget", "preset", "suit_ties", "suit_order"]);
const NUMBERS = new Set(["opponents", "top", "speed", "stack", "stakes", "draw_limit"]);
const quiet = () => {};

let runtime = null;
let stylesheet = null;
const ownFrames = new Set(); // iframes inside our shadow roots (the mini game)

/** Pyodide with stripdeck and the widget package, started once per page. */
function startRuntime() {
  document.documentElement.dataset.stripdeckRuntime = "loading";
  return (async () => {
    const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", BASE).href);
    // The wheel and the widget files download while Pyodide starts (packages: [...]).
    const files = Promise.all(WIDGET_FILES.map(async (name) => {
      const response = await fetch(new URL(`web/widgets/${name}`, BASE));
      if (!response.ok) throw new Error(`web/widgets/${name}: HTTP ${response.status}`);
      return [name, await response.text()];
    }));
    files.catch(quiet); // reported below, once Pyodide is up
    const pyodide = await loadPyodide({
      indexURL: new URL("pyodide/", BASE).href, stdout: quiet, stderr: quiet, packages: ["stripdeck"],
    });
    pyodide.FS.mkdirTree(PY_DIR);
    for (const [name, text] of await files) pyodide.FS.writeFile(`${PY_DIR}/${name}`, text);
    pyodide.runPython("import sys\nif '/home/pyodide' not in sys.path:\n    sys.path.insert(0, '/home/pyodide')");
    const bridge = pyodide.pyimport("stripdeck_widgets.bridge");
    document.documentElement.dataset.stripdeckRuntime = "ready";
    const catalogues = new Map(); // language -> Promise of {ok, error}: fetched once per page
    return {
      render: (params, extra) => JSON.parse(bridge.render(JSON.stringify(params), JSON.stringify(extra))),
      compare: (form, lang) => JSON.parse(bridge.compare_result(JSON.stringify(form), lang)),
      toggle: (text, card, joker) => bridge.toggle(text, card, joker ? "1" : "0"),
      presetOptions: (preset, lang) => JSON.parse(bridge.preset_options(preset, lang)),
      odds: (hand, settings, lang) => bridge.odds_result(hand, JSON.stringify(settings), lang),
      /** Python's catalogue for `lang` (locale/<code>.mo), given to the widgets once. */
      language: (lang) => {
        if (!lang || lang === "en") return Promise.resolve({ ok: true });
        if (!catalogues.has(lang)) {
          catalogues.set(lang, (async () => {
            try {
              const response = await fetch(new URL(`locale/${lang}.mo`, BASE));
              if (!response.ok) throw new Error(`locale/${lang}.mo: HTTP ${response.status}`);
              return JSON.parse(bridge.add_language(lang, new Uint8Array(await response.arrayBuffer())));
            } catch (err) {
              return { ok: false, error: String(err.message ?? err) };
            }
          })());
        }
        return catalogues.get(lang);
      },
    };
  })();
}

/** The StripdeckWidgets of a page of this site that can lend its runtime: the top page (which
 * starts one if it has not), else a sibling iframe that already has one. Pages of other
 * origins cannot be reached (the browser forbids it): then this page starts its own. */
function lender() {
  const reach = (win) => {
    try {
      const api = win.StripdeckWidgets;
      return api && api !== window.StripdeckWidgets && api.base === BASE.href ? api : null;
    } catch {
      return null; // another origin
    }
  };
  if (window.top !== window) {
    const top = reach(window.top);
    if (top) return top;
    const frames = [];
    const collect = (win, depth) => {
      for (let i = 0; i < win.frames.length; i += 1) {
        frames.push(win.frames[i]);
        if (depth < 2) collect(win.frames[i], depth + 1);
      }
    };
    try { collect(window.top, 0); } catch { /* the top page went away */ }
    for (const frame of frames) {
      const api = frame === window ? null : reach(frame);
      if (api && api.hasRuntime()) return api;
    }
  }
  return null;
}

let runtimeReady = false;
function loadRuntime() {
  if (!runtime) {
    const other = lender();
    if (other) document.documentElement.dataset.stripdeckRuntime = "shared";
    runtime = (other ? other.loadRuntime() : startRuntime()).then((api) => {
      runtimeReady = true;
      return api;
    });
    runtime.catch(() => { runtime = null; }); // a failed start may be tried again
  }
  return runtime;
}

/** The language code a lang value or attribute names ("it-IT": "it", "hr": "bs"), or null if it
 * names none of ours (web/widgets/params.py `language` reads it alike). */
function languageOf(tag) {
  const base = String(tag ?? "").trim().replace(/_/g, "-").split(".")[0].split("@")[0].split("-")[0]
    .toLowerCase();
  const code = Object.hasOwn(ALIASES, base) ? ALIASES[base] : base;
  return LANGUAGES.includes(code) ? code : null;
}

/** A widget's language: `lang`, from its lang parameter if given (null if that names none of
 * ours: the widget then says so), else `page`, the language of its place in the page. */
function languageFor(host, params) {
  const page = languageOf(host?.closest("[lang]")?.getAttribute("lang") ?? "") ?? "en";
  const given = String(params.lang ?? "").trim();
  return { lang: given ? languageOf(given) : page, page };
}

/** A sentence with its {placeholders} filled. */
function fill(text, values = {}) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

const ENGLISH = Object.freeze({ lang: "en", _: (english, values) => fill(english, values) });
const sayings = new Map(); // language -> Promise of its words
/** The words of this file in `lang`: `_(english, values)`. English is here already; another
 * language's sentences are fetched once (locale/<code>.json); if they cannot be, English. */
function wordsFor(lang) {
  if (!lang || lang === "en") return Promise.resolve(ENGLISH);
  if (!sayings.has(lang)) {
    sayings.set(lang, fetch(new URL(`locale/${lang}.json`, BASE)).then((response) => {
      if (!response.ok) throw new Error(`locale/${lang}.json: HTTP ${response.status}`);
      return response.json();
    }).then((strings) => {
      if (!strings || typeof strings !== "object") throw new Error(`locale/${lang}.json is not a table of sentences`);
      const say = (english, values) => fill(typeof strings[english] === "string" ? strings[english] : english, values);
      return Object.freeze({ lang, _: say });
    }).catch((err) => {
      console.warn("Stripdeck widget: the sentences in", lang, "could not be loaded; English is used.", err);
      return ENGLISH;
    }));
  }
  return sayings.get(lang);
}

const indexes = new Map(); // language -> Promise of its index of pre-rendered states
/** The pre-rendered state file for `params` (in its language), or null. */
async function prerenderedFile(params) {
  const key = keyOf(params);
  const lang = languageOf(params.lang ?? "") ?? "en";
  if (lang === "en") return PRERENDERED[key] ?? null;
  const name = PRERENDERED_LANGUAGES[lang];
  if (!name) return null;
  if (!indexes.has(lang)) {
    indexes.set(lang, fetch(new URL(`prerendered/${name}`, BASE)).then((r) => {
      if (!r.ok) throw new Error(`prerendered/${name}: HTTP ${r.status}`);
      return r.json();
    }).catch((err) => {
      console.warn("Stripdeck widget:", err); // Python renders the widget instead
      return {};
    }));
  }
  const index = await indexes.get(lang);
  return Object.hasOwn(index, key) ? index[key] : null;
}

function loadStylesheet() {
  stylesheet ??= fetch(new URL("web/widgets/widgets.css", BASE)).then((r) => (r.ok ? r.text() : ""));
  return stylesheet;
}

const states = new Map();
/** A pre-rendered state (the bridge's JSON) by its file name. */
function loadState(file) {
  if (!states.has(file)) {
    states.set(file, fetch(new URL(`prerendered/${file}`, BASE)).then((r) => {
      if (!r.ok) throw new Error(`prerendered/${file}: HTTP ${r.status}`);
      return r.json();
    }));
  }
  return states.get(file);
}

/** The widget parameters of an element: data-stripdeck-widget and its other data-* attributes. */
function paramsOf(element) {
  const params = { widget: element.dataset.stripdeckWidget ?? "" };
  for (const [key, value] of Object.entries(element.dataset)) {
    if (key.startsWith("stripdeck")) continue; // our own: the widget name, state, pre-rendered file
    params[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/-/g, "_")] = value;
  }
  return params;
}

/** The index key of `params` (tools/prerender.py canonical_key): canonical pairs, sorted. */
function keyOf(params) {
  const pairs = [];
  for (let [name, value] of Object.entries(params)) {
    value = String(value);
    if (name === "id") continue;
    if (name === "lang") {
      const code = languageOf(value);
      if (code === "en") continue; // English states keep the keys they had before languages
      value = code ?? value;
    } else if (FLAGS.has(name)) {
      const low = value.trim().toLowerCase();
      if (["1", "true", "yes", "on"].includes(low)) value = "1";
      else if (["0", "false", "no", "off"].includes(low)) value = "0";
    } else if (LOWERED.has(name)) {
      value = value.trim().toLowerCase();
    } else if (NUMBERS.has(name)) {
      value = value.trim();
    } else if (name === "src" && params.widget?.trim().toLowerCase() === "scenario") {
      // A scenario file of this site, named from this file's folder as the index names it.
      const url = new URL(value.trim(), document.baseURI);
      if (url.href.startsWith(BASE.href)) value = url.href.slice(BASE.href.length);
    }
    pairs.push([name, value]);
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
}

function showProblem(wrap, message, { _ }) {
  const section = document.createElement("section");
  section.className = "sd-widget sd-failed";
  const p = section.appendChild(document.createElement("p"));
  p.className = "sd-error";
  p.setAttribute("role", "alert");
  p.append(Object.assign(document.createElement("strong"), { textContent: _("Stripdeck widget:") }), " ", message);
  wrap.replaceChildren(section);
}

/** Python's catalogue for the widget's language could not be used: say so once, above the
 * widget (it answers in English). */
function languageProblem(wrap, { _ }, lang, answer) {
  if (answer.ok || wrap.querySelector(":scope > .sd-language-problem")) return;
  const note = document.createElement("p");
  note.className = "sd-error sd-language-problem";
  note.setAttribute("role", "status");
  note.textContent = _("The widget's answers in this language ({language}) could not be loaded: {problem} " +
    "It answers in English.", { language: lang, problem: answer.error });
  wrap.prepend(note);
  console.warn("Stripdeck widget:", answer.error);
}

async function fetchScenario(src, { _ }) {
  const url = new URL(src, document.baseURI);
  if (url.origin !== location.origin) return { src_error: _("it must be a file on this site") };
  try {
    const response = await fetch(url);
    if (!response.ok) return { src_error: `HTTP ${response.status} ${response.statusText}`.trim() };
    return { src_text: await response.text() };
  } catch (err) {
    return { src_error: String(err.message ?? err) };
  }
}

/** The widget's state: pre-rendered (at once) or rendered by Python (starting it). `page` is
 * the language of the page around it (Python says a problem with `lang` itself in it). */
async function render(params, page, words) {
  const file = await prerenderedFile(params);
  if (file) return { out: await loadState(file), source: "prerendered" };
  const extra = { page_lang: page };
  if (params.widget === "scenario" && params.src && !params.data) {
    Object.assign(extra, await fetchScenario(params.src, words));
  }
  const api = await loadRuntime();
  const lang = languageOf(params.lang ?? "") ?? page;
  const answer = await api.language(lang);
  const out = api.render(params, extra);
  return { out, source: "python", problem: answer.ok ? null : [lang, answer] };
}

/** Show one widget in `host` (its shadow root) from `params`; resolves when it is shown. */
async function mount(host, params = paramsOf(host)) {
  const built = host.dataset.stripdeckPrerendered; // a page built with the widget in place
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  let wrap = root.querySelector(":scope > .sd-root");
  if (built && wrap) return adopt(host, wrap, built);
  const { lang, page } = languageFor(host, params);
  const wanted = lang ? { ...params, lang } : params; // a lang naming none of ours goes to Python as given
  const style = document.createElement("style");
  wrap = document.createElement("div");
  wrap.className = "sd-root";
  setLanguage(wrap, lang ?? page);
  wrap.innerHTML = '<section class="sd-widget sd-loading" aria-busy="true"></section>';
  root.replaceChildren(style, wrap);
  host.dataset.stripdeckState = "loading";
  const css = loadStylesheet();
  const words = wordsFor(lang ?? page);
  const rendered = words.then((w) => render(wanted, page, w));
  rendered.catch(quiet); // reported below
  const said = await words;
  wrap.firstElementChild.textContent ||= said._("Loading the Stripdeck widget…");
  try {
    const [sheet, { out, source, problem }] = await Promise.all([css, rendered]);
    style.textContent = sheet;
    wrap.innerHTML = out.html;
    setLanguage(wrap, out.lang ?? lang ?? page);
    if (problem) languageProblem(wrap, said, ...problem);
    host.dataset.stripdeckSource = source;
    const speech = { lang: out.lang ?? "en", words: out.lang && out.lang !== said.lang ? await wordsFor(out.lang) : said };
    return wire(host, wrap, () => Promise.resolve(out), out, speech);
  } catch (err) {
    showProblem(wrap, startProblem(err, said), said);
    host.dataset.stripdeckState = "error";
    console.warn("Stripdeck widget:", err);
    return { ok: false, error: String(err) };
  }
}

/** The language and writing direction of a widget's wrapper (its content says them too). */
function setLanguage(element, lang) {
  element.lang = lang;
  element.dir = RIGHT_TO_LEFT.has(lang) ? "rtl" : "ltr";
}

/** A widget already on the page (a declarative shadow root, its language on its wrapper):
 * wire it; its state file is fetched only when a control needs it (the scenario's frames). */
async function adopt(host, wrap, file) {
  host.dataset.stripdeckSource = "prerendered";
  const lang = languageOf(wrap.getAttribute("lang") ?? "") ?? "en";
  const summary = { ok: !wrap.querySelector(".sd-failed"), widget: host.dataset.stripdeckWidget };
  return wire(host, wrap, () => loadState(file), summary, { lang, words: await wordsFor(lang) });
}

function wire(host, wrap, state, out, speech) {
  if (!out.ok) {
    if (out.detail) console.warn("Stripdeck widget:", out.detail);
    host.dataset.stripdeckState = "error";
    return out;
  }
  if (out.widget === "compare") wireCompare(wrap, out, speech);
  if (out.widget === "scenario") wireScenario(wrap, state, out.speed, speech);
  if (out.widget === "odds") wireOdds(wrap, state, speech);
  if (out.widget === "game") wireGame(wrap);
  host.dataset.stripdeckState = "ready";
  return out;
}

/** Why a widget could not start, in words: a failed fetch from another site is most often CORS. */
function startProblem(err, { _ }) {
  const why = _("could not start ({reason}).", { reason: err.message ?? err });
  if (BASE.origin === location.origin || !(err instanceof TypeError)) return why;
  const cors = _("Its files on {origin} could not be fetched from this page. A page on another site can " +
    "use them only if that site sends the header \"Access-Control-Allow-Origin\" (see docs/embedding.md, " +
    "\"Serving the widgets to other sites\").", { origin: BASE.origin });
  return [why, cors].join(" ");
}

/** Run `work(api)` with the runtime, started on first use, and Python's catalogue of the
 * widget's language; `panel` shows that it is busy. Calls made while one is waiting are folded
 * into one (the latest values win). */
function onDemand(panel, work, { lang, words }) {
  let waiting = false;
  let again = false;
  return async () => {
    if (waiting) { again = true; return; }
    waiting = true;
    const first = !runtimeReady;
    if (first) {
      panel.setAttribute("aria-busy", "true");
      const note = document.createElement("p");
      note.className = "sd-working";
      note.setAttribute("role", "status");
      note.textContent = words._("Working it out… the first answer takes a few seconds.");
      panel.append(note);
    }
    try {
      const api = await loadRuntime();
      const answer = await api.language(lang);
      do {
        again = false;
        work(api);
      } while (again);
      languageProblem(panel.closest(".sd-root") ?? panel, words, lang, answer);
    } catch (err) {
      showProblem(panel, startProblem(err, words), words);
      console.warn("Stripdeck widget:", err);
    } finally {
      panel.removeAttribute("aria-busy");
      waiting = false;
    }
  };
}

function wireCompare(wrap, out, speech) {
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
  const pending = []; // grid clicks and preset changes waiting for the runtime, in order
  const update = onDemand(panel, (api) => {
    for (const step of pending.splice(0)) step(api);
    const values = Object.fromEntries(new FormData(form));
    delete values.target;
    const result = api.compare(values, speech.lang);
    panel.innerHTML = result.html;
    mark(result);
  }, speech);
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", (event) => {
    if (event.target.type === "text") update();
  });
  form.addEventListener("change", (event) => {
    if (event.target.tagName !== "SELECT") return;
    if (event.target.name === "preset") {
      const preset = event.target.value;
      pending.push((api) => {
        for (const [name, value] of Object.entries(api.presetOptions(preset, speech.lang))) {
          const select = form.elements.namedItem(name);
          if (select) select.value = value;
        }
      });
    }
    update();
  });
  wrap.addEventListener("click", (event) => {
    const button = event.target.closest("[data-card]");
    if (!button) return;
    let target = form.querySelector("input[name=target]:checked")?.value ?? "a";
    if (button.dataset.hand) target = button.dataset.hand; // a picked card: take it back
    const taking = Boolean(button.dataset.hand);
    const card = button.dataset.card;
    pending.push((api) => {
      const input = form.elements.namedItem(target);
      input.value = api.toggle(input.value, card, joker);
      if (target === "a" && !taking && input.value.split(" ").length === 5) {
        form.querySelector("input[name=target][value=b]").checked = true;
      }
    });
    update();
  });
  if (out.picked_a) mark(out);
}

function wireOdds(wrap, state, speech) {
  const form = wrap.querySelector("form");
  const panel = wrap.querySelector("[data-part=result]");
  let settings = null;
  const show = onDemand(panel, (api) => {
    panel.innerHTML = api.odds(form.elements.namedItem("hand").value, settings, speech.lang);
  }, speech);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    settings ??= (await state()).settings;
    panel.setAttribute("aria-busy", "true");
    // Let the browser paint the busy state before the (blocking) computation.
    setTimeout(show, 0);
  });
}

function wireScenario(wrap, state, speed, { words }) {
  const view = wrap.querySelector("[data-part=frame]");
  const live = wrap.querySelector("[data-part=live]");
  const [back, play, next] = ["back", "play", "next"].map((d) => wrap.querySelector(`[data-do=${d}]`));
  const playing = [play.textContent, play.getAttribute("aria-label")]; // Python's words for Play
  const pause = words._("Pause");
  let frames = null; // with their captions: from the state, on the first use of a control
  let index = 0;
  let timer = null;
  const stop = () => {
    clearInterval(timer);
    timer = null;
    play.textContent = playing[0];
    play.setAttribute("aria-label", playing[1]);
  };
  const show = (i) => {
    index = Math.max(0, Math.min(frames.html.length - 1, i));
    view.innerHTML = frames.html[index];
    view.dataset.frame = String(index);
    if (live) live.textContent = frames.captions[index];
    back.disabled = index === 0;
    next.disabled = index === frames.html.length - 1;
    if (timer && index === frames.html.length - 1) stop();
  };
  const load = async () => {
    if (!frames) {
      const out = await state();
      frames = { html: out.frames, captions: out.captions, speed: out.speed };
    }
    return frames;
  };
  back.disabled = true;
  view.dataset.frame = "0";
  back.addEventListener("click", async () => { await load(); stop(); show(index - 1); });
  next.addEventListener("click", async () => { await load(); stop(); show(index + 1); });
  play.addEventListener("click", async () => {
    await load();
    if (timer) return stop();
    if (index === frames.html.length - 1) show(0);
    timer = setInterval(() => show(index + 1), frames.speed ?? speed);
    play.textContent = `❚❚ ${pause}`;
    play.setAttribute("aria-label", pause);
  });
}

function wireGame(wrap) {
  const link = wrap.querySelector("a[data-do=play]");
  if (!link) return;
  link.href = new URL(link.getAttribute("href"), BASE).href; // relative to this file's folder
  link.addEventListener("click", (event) => {
    event.preventDefault();
    const frame = document.createElement("iframe");
    frame.className = "sd-game-frame";
    frame.src = link.href;
    frame.title = link.dataset.title;
    ownFrames.add(frame);
    wrap.querySelector("[data-part=poster]").replaceWith(frame);
    frame.focus();
  });
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
  // embed.html: one widget from the URL's parameters (lang= or English: the iframe cannot see the
  // language of the page around it); post our height to the parent.
  const params = Object.fromEntries(new URLSearchParams(location.search));
  const host = document.getElementById("widget");
  const { lang, page } = languageFor(host, params);
  setLanguage(document.documentElement, lang ?? page);
  const post = () => {
    if (window.parent === window) return;
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height, id: params.id ?? "" }, "*");
  };
  new ResizeObserver(post).observe(document.body);
  const out = await mount(host, params);
  if (out.lang) setLanguage(document.documentElement, out.lang);
  const label = host.shadowRoot?.querySelector(".sd-widget[aria-label]")?.getAttribute("aria-label");
  if (out.ok && label) document.title = (await wordsFor(out.lang))._("Stripdeck: {widget}", { widget: label });
  post();
  document.body.dataset.ready = "1";
}

window.StripdeckWidgets = Object.freeze({
  mount, mountAll, loadRuntime, paramsOf, keyOf, languageOf,
  base: BASE.href,
  hasRuntime: () => runtime !== null,
});

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
