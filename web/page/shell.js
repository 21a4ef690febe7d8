// The table before Python starts (docs/ui.md, "Start-up, offline and updates"). A classic
// script at the end of <body>: it runs as soon as the page is parsed, long before Pyodide.
//
// * The page arrives pre-rendered (build.py, tools/shell.py): felt, seats, Settings and How to
//   play for the default settings. On a return visit this script shows the table as it was
//   left instead (a copy of the page's regions saved at pagehide, for this build only, and
//   cleaned of anything but plain markup before use).
// * It opens and closes the panels, before Python runs and after (the panels' one owner:
//   window.stripdeckPanels for Python, and a "stripdeck:panels" event on document whenever one
//   opens or closes: {opened: the name or null, open: the open panels}, which web/page/input.js
//   hands Python, so that it draws what an opened panel shows).
// * Until Python runs, it keeps what the player changes in Settings (and a press of "Start a
//   new table"): once Python has drawn its own form, the same changes are made again, in order,
//   through the page's own handlers.
// * In the mini game (embed=1 in an iframe) it posts the page's content height to the parent
//   ({type: "stripdeck:height"}), so the iframe fits the game without inner scrolling.
// * It registers the service worker (sw.js) once the game has started and built its tables
//   (on a return visit at once, to look for a new version), and offers a reload
//   when a new version is ready. <html data-offline> says how far it got: "installing",
//   "ready", "update-ready", "unsupported" or "failed".
// * The page's words in its language (docs/i18n.md): window.stripdeckL10n._(english, values)
//   for the page's JavaScript (the sentences come inline, #stripdeck-l10n), and the language's
//   catalogue's first part (locale/<code>.page.mo) fetched at once for Python (window.stripdeckCatalogue,
//   which web/app/l10n.py takes; the other parts when first needed).
//   A language chosen in Settings before Python runs opens that language's page.
// l10n-part: script (this file's sentences are said by the page's JavaScript (locale/<code>.json): docs/i18n.md, "Bytes")
(() => {
  const body = document.body;
  const root = document.documentElement;
  const lang = root.lang || "en";
  const L10N = (() => {
    try {
      const data = JSON.parse(document.getElementById("stripdeck-l10n")?.textContent ?? "{}");
      return data && typeof data === "object" && data.lang === lang ? data : {};
    } catch {
      return {};
    }
  })();
  const strings = L10N.strings && typeof L10N.strings === "object" ? L10N.strings : {};
  const GROUP = typeof L10N.group === "string" ? L10N.group : ",";
  const POINT = typeof L10N.decimal === "string" ? L10N.decimal : ".";
  /** A number written the page language's way (as stripdeck.i18n writes it in Python). */
  const number = (value, decimals = 0) => {
    const [whole, fraction] = Math.abs(value).toFixed(decimals).split(".");
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP);
    return (value < 0 && Number(whole + (fraction ?? "")) !== 0 ? "-" : "") + grouped + (fraction ? POINT + fraction : "");
  };
  /** A sentence in the page's language, its {placeholders} filled (numbers the language's way). */
  const _ = (english, values = {}) => {
    const text = typeof strings[english] === "string" ? strings[english] : english;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(values, name)
      ? (typeof values[name] === "number" ? number(values[name]) : String(values[name])) : whole));
  };
  window.stripdeckL10n = Object.freeze({ lang, _, number });
  // Python's catalogue for this language, fetched now (not after Python has started).
  if (lang !== "en") {
    window.stripdeckCatalogue = fetch(`./locale/${lang}.page.mo`).then((response) => (
      response.ok ? response.arrayBuffer() : null)).catch(() => null);
  }
  const params = new URLSearchParams(location.search);
  const embed = params.get("embed") === "1";
  const build = document.querySelector('meta[name="stripdeck-build"]')?.content ?? "";
  const SNAPSHOT_KEY = "stripdeck.shell";
  const SNAPSHOT_CHARS = 400_000;
  const PANELS = ["history", "settings", "help", "friends"];
  const started = () => body.classList.contains("started");
  const byId = (id) => document.getElementById(id);
  // The mini game's look from the start: fixed settings, so no Settings panel. On a phone History
  // starts closed: panels there are sheets over the table.
  if (embed) {
    body.classList.add("embed");
    byId("settings")?.setAttribute("hidden", "");
    document.querySelector('button[data-panel="settings"]')?.setAttribute("hidden", "");
  }
  const sheets = () => matchMedia("(max-width: 700px)").matches || (!embed && matchMedia("(max-height: 500px)").matches);
  if (sheets()) togglePanel("history", false, false);

  // ------------------------------------------------------------------ the saved look

  const TAGS = new Set(["DIV", "SECTION", "SPAN", "P", "OL", "UL", "LI", "H2", "H3", "H4", "STRONG", "EM", "B",
    "I", "SMALL", "BUTTON", "LABEL", "SELECT", "OPTION", "INPUT", "FIELDSET", "LEGEND", "TABLE", "THEAD",
    "TBODY", "TR", "TH", "TD", "CAPTION", "KBD", "BR", "ABBR", "PROGRESS", "OUTPUT", "DETAILS", "SUMMARY"]);
  const ATTRIBUTES = /^(class|role|type|name|value|checked|selected|disabled|hidden|min|max|step|title|tabindex|for|scope|colspan|rowspan|placeholder|spellcheck|autocomplete|open|readonly|id|(aria|data)-[\w-]+)$/;
  const STYLE = /^(\s*--[\w-]+\s*:\s*[\w.%\s-]+;?)+\s*$/; // custom properties only (the reveal's timing)

  /** Markup from storage, kept only if it is plain markup: known elements, no scripts, no
   * event handlers, no links; anything else is dropped (its text kept). */
  function clean(html) {
    const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
    const walk = (node) => {
      for (const child of [...node.children]) {
        if (!TAGS.has(child.tagName)) {
          child.replaceWith(document.createTextNode(child.tagName === "SCRIPT" || child.tagName === "STYLE"
            ? "" : child.textContent));
          continue;
        }
        for (const { name, value } of [...child.attributes]) {
          const keep = name === "style" ? STYLE.test(value) : ATTRIBUTES.test(name) && !/javascript:/i.test(value);
          if (!keep) child.removeAttribute(name);
        }
        walk(child);
      }
    };
    walk(doc.body);
    const fragment = document.createDocumentFragment();
    fragment.append(...doc.body.childNodes);
    return fragment;
  }

  function readSnapshot() {
    if (embed || params.has("reset")) return null;
    try {
      const text = localStorage.getItem(SNAPSHOT_KEY);
      if (!text || text.length > SNAPSHOT_CHARS) return null;
      const saved = JSON.parse(text);
      if (!saved || typeof saved !== "object" || saved.build !== build || !build || saved.lang !== lang) return null;
      return saved;
    } catch {
      return null; // storage blocked, or not JSON: the pre-rendered defaults stay
    }
  }

  function restore(saved) {
    const loading = byId("loading");
    if (typeof saved.table === "string" && saved.table.includes('class="felt') && loading) {
      const felt = clean(saved.table);
      const middle = felt.querySelector(".middle");
      if (middle) {
        middle.replaceChildren(loading); // the loading indicator stays, in the middle of the saved table
        byId("table").replaceChildren(felt);
      }
    }
    for (const [key, id] of [["settings", "settings-form"], ["help", "help-body"], ["history", "history-list"],
      ["session", "session-list"]]) {
      if (typeof saved[key] === "string" && saved[key] && byId(id)) byId(id).replaceChildren(clean(saved[key]));
    }
    body.dataset.shell = "saved";
  }

  function save() {
    if (embed || !started() || !build) return;
    if (body.dataset.mode && body.dataset.mode !== "solo") {
      // Pass and play or a table with friends: the copy would show one person's cards (and a
      // guest's table) to whoever opens the page next, before Python hides them. Keep none.
      try { localStorage.removeItem(SNAPSHOT_KEY); } catch { /* blocked: nothing was kept */ }
      return;
    }
    const region = (id) => byId(id)?.innerHTML ?? "";
    // The page's language now: Settings may have changed it in place (web/app/language_switch.py).
    const saved = { build, lang: document.documentElement.lang || lang, table: region("table"), settings: region("settings-form"), help: region("help-body"),
      history: region("history-list"), session: region("session-list") };
    const text = JSON.stringify(saved);
    try {
      if (text.length <= SNAPSHOT_CHARS) localStorage.setItem(SNAPSHOT_KEY, text);
      else localStorage.removeItem(SNAPSHOT_KEY);
    } catch { /* storage full or blocked: next time starts from the defaults */ }
  }

  /** No saved look: the seats for the stored (or, embedded, the given) number of opponents. */
  function seatsFor(opponents, stack) {
    const felt = document.querySelector('.felt[data-shell="1"]');
    const variant = document.querySelector(`template[data-shell-seats="${opponents}"]`);
    if (!felt || !variant) return;
    if (variant.content.childElementCount !== opponents + 1) return;
    felt.querySelectorAll(":scope > .seat").forEach((seat) => seat.remove());
    felt.prepend(variant.content.cloneNode(true));
    felt.className = `felt players-${opponents + 1}`;
    if (/^[0-9]{1,6}$/.test(stack)) {
      felt.querySelectorAll(".seat .stack").forEach((s) => { s.textContent = number(Number(stack)); });
      felt.querySelectorAll(".seat").forEach((s) => {
        const you = s.classList.contains("human");
        const name = s.querySelector(".name")?.textContent ?? "";
        s.setAttribute("aria-label", you ? _("{name} (you), {stack} chips", { name, stack: Number(stack) })
          : _("{name}, {stack} chips", { name, stack: Number(stack) }));
      });
    }
  }

  function storedSettings() {
    try {
      const data = JSON.parse(localStorage.getItem("stripdeck.settings") ?? "null");
      return data && typeof data === "object" ? data : null;
    } catch {
      return null;
    }
  }

  const saved = readSnapshot();
  if (saved) {
    restore(saved);
  } else {
    const settings = embed ? Object.fromEntries(params) : storedSettings() ?? {};
    const opponents = Number(/^[1-4]$/.test(String(settings.opponents)) ? settings.opponents : 3);
    if (opponents !== 3 || settings.stack !== undefined) seatsFor(opponents, String(settings.stack ?? ""));
  }
  addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") save(); });

  // ------------------------------------------------------------------ panels (before Python and after)

  function togglePanel(name, show, focus = true) {
    const panel = byId(name);
    const button = document.querySelector(`button[data-cmd="toggle-panel"][data-panel="${name}"]`);
    if (!panel) return;
    const was = panel.hidden;
    panel.hidden = show === undefined ? !panel.hidden : !show;
    button?.setAttribute("aria-expanded", panel.hidden ? "false" : "true");
    if (panel.hidden) {
      if (focus) button?.focus();
      if (!was) announce(null);
      return;
    }
    // Panels that lie over others open one at a time: How to play (a drawer) on any screen,
    // every panel on a phone (sheets).
    const phone = sheets();
    for (const other of PANELS) {
      if (other !== name && (phone || [name, other].includes("help")) && !byId(other)?.hidden) {
        togglePanel(other, false, false);
      }
    }
    // The opening order, kept on the panels themselves: Escape closes the open panel opened last,
    // wherever the focus is.
    panel.dataset.opened = String(Math.max(0, ...PANELS.map((p) => Number(byId(p)?.dataset.opened) || 0)) + 1);
    // Python draws what it shows (Settings' form, How to play for the table's rules, Friends).
    announce(name);
    // Where it can be seen: on a phone the panel is a sheet over the table.
    if (focus) panel.querySelector("h2")?.focus();
  }

  function openPanels() {
    return PANELS.filter((p) => byId(p)?.hidden === false);
  }
  function announce(opened) {
    document.dispatchEvent(new CustomEvent("stripdeck:panels", { detail: { opened, open: openPanels() } }));
  }

  function topPanel() {
    let top = null;
    for (const name of PANELS) {
      const panel = byId(name);
      if (panel && !panel.hidden && (!top || (Number(panel.dataset.opened) || 0) >= (Number(top.dataset.opened) || 0))) {
        top = panel;
      }
    }
    return top;
  }

  document.addEventListener("click", (event) => {
    const target = event.target.closest?.("[data-cmd]");
    if (!target) return;
    const cmd = target.dataset.cmd;
    if ((cmd === "toggle-panel" || cmd === "close-panel") && PANELS.includes(target.dataset.panel)) {
      togglePanel(target.dataset.panel, cmd === "close-panel" ? false : undefined);
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.ctrlKey || event.metaKey || event.altKey) return;
    const top = topPanel(); // wherever the focus is, in a text box too
    if (top) togglePanel(top.id, false);
  });
  // For the page (web/page/patch.js, "panel"): open or close a panel (show: true, false, or
  // undefined to toggle; focus: whether the focus follows), and which are open.
  window.stripdeckPanels = Object.freeze({
    toggle: (name, show, focus = true) => {
      if (PANELS.includes(name)) togglePanel(name, show === null ? undefined : show, focus);
    },
    open: openPanels,
  });

  // ------------------------------------------------------------------ Settings before Python

  const changes = []; // [name, value or checked], in the order the player made them
  let submitted = false;
  const form = byId("settings-form");
  const record = (event) => {
    if (started() || !form?.contains(event.target) || !event.target.name) return;
    const el = event.target;
    if (el.name === "lang" && event.type === "change") {
      chooseLanguage(el.value);
      return;
    }
    changes.push([el.name, el.type === "checkbox" ? el.checked : el.value]);
  };
  document.addEventListener("change", record, true);
  document.addEventListener("input", (event) => { // typed numbers, before they are committed
    if (["number", "text"].includes(event.target.type)) record(event);
  }, true);
  form?.addEventListener("submit", (event) => {
    if (started()) return;
    event.preventDefault(); // nothing can start a table yet: it will, once Python runs
    submitted = true;
    body.dataset.shellPending = "new-table";
  });

  /** A language chosen before Python runs: kept with the settings, and its page opened (nothing
   * is lost: no hand has been dealt by this page yet). */
  function chooseLanguage(code) {
    try {
      const settings = storedSettings() ?? {};
      settings.lang = code;
      localStorage.setItem("stripdeck.settings", JSON.stringify(settings));
    } catch { /* storage blocked: the language stays for this visit only */ }
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    const page = code && code !== "en" ? `index.${code}.html` : "index.html";
    if (!/^[a-z]{2,3}$/.test(code || "en")) return;
    location.replace(page + url.search + url.hash);
  }

  function replay() {
    const focused = document.activeElement;
    const focusName = form?.contains(focused) ? focused.name : null;
    for (const [name, value] of changes) {
      const el = form.elements.namedItem(name);
      if (!el) continue;
      if (el.type === "checkbox") el.checked = value;
      else el.value = value;
      el.dispatchEvent(new Event("change", { bubbles: true }));
    }
    if (focusName) form.elements.namedItem(focusName)?.focus();
    if (submitted) {
      // Pressed before any hand was on the table: no "End this hand?" question for the hand
      // Python dealt meanwhile (the page's submit handler reads the submitter's data-confirmed).
      delete body.dataset.shellPending;
      const confirmed = Object.assign(document.createElement("button"), { type: "submit", hidden: true });
      confirmed.dataset.cmd = "apply";
      confirmed.dataset.confirmed = "1";
      form.append(confirmed);
      form.requestSubmit(confirmed);
      confirmed.remove();
    }
  }

  const whenStarted = new MutationObserver(() => {
    if (!started()) return;
    whenStarted.disconnect();
    if (changes.length || submitted) replay();
    if (!embed) afterFirstUse(registerWorker);
  });
  whenStarted.observe(body, { attributes: true, attributeFilter: ["class"] });

  /** Run `then` once the game's first-use tables are built (body[data-prepare-ms]), or 8 s
   * after the start: the service worker's first download then does not compete with them. */
  function afterFirstUse(then) {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      prepared.disconnect();
      then();
    };
    const prepared = new MutationObserver(() => { if (body.dataset.prepareMs) go(); });
    prepared.observe(body, { attributes: true, attributeFilter: ["data-prepare-ms"] });
    if (body.dataset.prepareMs) go();
    setTimeout(go, 8000);
  }

  // ------------------------------------------------------------------ the mini game's height

  if (embed && window.parent !== window) {
    const post = () => {
      let bottom = 0;
      for (const el of body.children) {
        if (el.hidden || getComputedStyle(el).position === "fixed") continue;
        bottom = Math.max(bottom, el.getBoundingClientRect().bottom + scrollY);
      }
      window.parent.postMessage({ type: "stripdeck:height", height: Math.ceil(bottom), id: params.get("id") ?? "" }, "*");
    };
    const sizes = new ResizeObserver(post);
    for (const el of body.children) sizes.observe(el);
    post();
  }

  // ------------------------------------------------------------------ offline and updates

  let registering = false;
  function registerWorker() {
    if (registering) return;
    registering = true;
    if (!("serviceWorker" in navigator) || !window.isSecureContext) {
      root.dataset.offline = "unsupported";
      return;
    }
    root.dataset.offline = "installing";
    navigator.serviceWorker.register("./sw.js", { scope: "./" }).then((registration) => {
      if (!registration) { // service workers turned off (some private windows, test browsers)
        root.dataset.offline = "unsupported";
        return;
      }
      const watch = (worker) => {
        if (!worker) return;
        const settle = () => {
          if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(registration);
          if (worker.state === "activated" && !registration.waiting) root.dataset.offline = "ready";
          if (worker.state === "redundant" && root.dataset.offline === "installing") {
            root.dataset.offline = registration.active ? "ready" : "failed";
          }
        };
        worker.addEventListener("statechange", settle);
        settle();
      };
      if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration);
      else if (registration.active && !registration.installing) root.dataset.offline = "ready";
      watch(registration.installing);
      registration.addEventListener("updatefound", () => watch(registration.installing));
    }, (err) => {
      root.dataset.offline = "failed";
      console.warn("Stripdeck: the game will not work offline:", err);
    });
  }

  let reloading = false;
  function offerUpdate(registration) {
    root.dataset.offline = "update-ready";
    if (byId("update")) return;
    const box = document.createElement("div");
    box.id = "update";
    box.className = "notices";
    box.setAttribute("role", "status");
    const note = document.createElement("p");
    note.className = "notice";
    const button = Object.assign(document.createElement("button"), { type: "button", className: "act" });
    button.dataset.update = "reload";
    button.textContent = _("Reload to update");
    note.append(_("A new version of Stripdeck is ready."), " ", button);
    box.append(note);
    byId("notices")?.after(box);
    box.querySelector("button").addEventListener("click", () => {
      navigator.serviceWorker.addEventListener("controllerchange", () => {
        if (reloading) return;
        reloading = true;
        location.reload();
      });
      registration.waiting?.postMessage({ type: "stripdeck:take-over" });
    });
  }

  // Registered already (a return visit): look for a new version now, without waiting for the game.
  if (!embed && navigator.serviceWorker?.controller) registerWorker();

  performance.mark("stripdeck-shell");
  body.dataset.shell ??= "1";
})();
