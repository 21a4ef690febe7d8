// The page's changes from Python, applied to the DOM: the one way Python's drawing reaches the
// page (web/app/patch.py builds them). Each change is a JSON array [kind, ...arguments]:
//
//   ["html", id, html]                 the element's content (the table, the action bar, a panel)
//   ["prop", selector, name, value]    a property of the first element matching: hidden, disabled,
//                                      textContent, value (an announcement: #live, #alert)
//   ["attr", selector, name, value]    a data-* or aria-* attribute of the first element matching
//   ["data", name, value]              <body data-name> (camelCase name; null removes it)
//   ["class", name, on]                a class of <body>
//   ["style", selector, property, value]  a style property (null removes it)
//   ["scroll-end", id]                 scrolled to its end (History's list)
//   ["timer", text, width, low, bank]  the acting seat's countdown, if one is on screen
//   ["restore-focus"]                  the focus back on the control it was on before this batch
//                                      (same command, card or pre-action), if that was redrawn
//   ["focus", selector]                the focus on the first element matching, if any
//   ["focus-turn"]                     the focus on the action bar, unless the person is busy in
//                                      a form or a panel
//   ["title", text]                    the tab's title
//   ["panel", name, show, focus]       a panel opened (show true), closed (false) or toggled
//                                      (null) by web/page/shell.js; the focus follows if focus
//   ["sound"]                          the turn sound (web/page/sound.js)
//   ["mark", name]                     a performance mark (the benchmarks read them)
//   ["copy", selector, select, done, failed]
//                                      the box's text to the clipboard (selected first if
//                                      select), then #live says done, or failed if the browser
//                                      refused (the text stays in the box)
//   ["download", text, name, said]     a JSON file downloaded, then #live says it
//   ["url", address]                   the address (history.replaceState: no navigation)
//   ["reload"]                         the page loaded again (a new invitation opened in this tab)
//   ["language", code, manifest, words]
//                                      the page's language: <html lang>, the manifest's link, and
//                                      its own words (data-l10n, data-l10n-<attribute>) said
//                                      again from words, {"context\u0004English": translation}
//   ["net", what, ...arguments]        a request to the friends transport (web/page/net_port.js)
//   ["store", key, value]              a record of the game (a "stripdeck." key) written to
//                                      localStorage (null removes it); a full or blocked
//                                      storage is ignored: the game plays on without saving
//
// Today Python runs on the main thread and calls window.stripdeckPatch(text) itself; with Python
// in a worker (docs/worker-candidates.md) the same batches arrive as messages. A change naming
// an element that is not on the page is skipped: the page's own markup decides what exists.
(() => {
  const query = (selector) => {
    try {
      return document.querySelector(selector);
    } catch {
      return null; // not a selector: nothing to change
    }
  };
  const PROPS = new Set(["hidden", "disabled", "textContent", "value"]);

  /** The control the focus is on, as the command it carries (a card and a pre-action by index
   * and value too), so the same control can be found again once it is redrawn. */
  function focusedControl() {
    const active = document.activeElement;
    const cmd = active?.dataset?.cmd;
    if (!cmd) return null;
    return {
      element: active,
      cmd,
      index: cmd === "card" ? active.dataset.index : undefined,
      value: cmd === "preact" ? active.dataset.value : undefined,
    };
  }

  function restoreFocus(before) {
    if (!before) return;
    let selector = `[data-cmd="${CSS.escape(before.cmd)}"]`;
    if (before.index !== undefined) selector += `[data-index="${CSS.escape(before.index)}"]`;
    if (before.value !== undefined) selector += `[data-value="${CSS.escape(before.value)}"]`;
    const again = query(`#controls ${selector}, #table ${selector}`);
    if (again && again !== before.element) again.focus();
  }

  function focusTurn() {
    const active = document.activeElement;
    const tag = active?.tagName?.toLowerCase();
    if (active && !active.closest("#controls, #table") && ["input", "select", "textarea"].includes(tag)) return;
    if (active?.closest(".panel")) return;
    (query("#controls .primary") ?? query("#controls button"))?.focus();
  }

  function timer(text, width, low, bank) {
    const clock = query(".seat.acting .timer");
    if (!clock) return;
    const words = clock.querySelector(".timer-text");
    if (words) words.textContent = text;
    const bar = clock.querySelector(".timer-bar");
    if (bar) bar.style.width = width;
    clock.classList.toggle("low", low);
    clock.classList.toggle("bank", bank);
  }

  const say = (text) => { const live = document.getElementById("live"); if (live) live.textContent = text; };

  function copy(selector, select, done, failed) {
    const box = query(selector);
    if (!box) return;
    if (select) box.select();
    try {
      navigator.clipboard.writeText(box.value).then(() => say(done), () => say(failed));
    } catch {
      say(failed); // no clipboard here: the text is in the box
    }
  }

  function download(text, name, said) {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    say(said);
  }

  function language(code, manifest, words) {
    document.documentElement.lang = code;
    query('link[rel="manifest"]')?.setAttribute("href", manifest);
    const said = (node, english) => words[`${node.getAttribute("data-l10n-context") ?? ""}\u0004${english}`];
    for (const node of document.querySelectorAll("[data-l10n]")) {
      const text = said(node, node.getAttribute("data-l10n"));
      if (typeof text === "string") node.textContent = text;
    }
    for (const node of document.querySelectorAll("[data-l10n-attrs]")) {
      for (const name of (node.getAttribute("data-l10n-attrs") ?? "").split(/\s+/)) {
        const text = name ? said(node, node.getAttribute(`data-l10n-${name}`)) : undefined;
        if (typeof text === "string") node.setAttribute(name, text);
      }
    }
  }

  const APPLY = {
    html: (id, html) => { const el = document.getElementById(id); if (el) el.innerHTML = html; },
    // Set only when it differs: a number box keeps its caret while the person types.
    prop: (selector, name, value) => {
      const el = query(selector);
      if (el && PROPS.has(name) && el[name] !== value) el[name] = value;
    },
    attr: (selector, name, value) => {
      const el = query(selector);
      if (el && /^(data|aria)-[\w-]+$/.test(name)) el.setAttribute(name, value);
    },
    data: (name, value) => {
      if (value === null) delete document.body.dataset[name];
      else document.body.dataset[name] = value;
    },
    class: (name, on) => document.body.classList.toggle(name, Boolean(on)),
    style: (selector, property, value) => {
      const el = query(selector);
      if (!el) return;
      if (value === null) el.style.removeProperty(property);
      else el.style.setProperty(property, value);
    },
    "scroll-end": (id) => { const el = document.getElementById(id); if (el) el.scrollTop = el.scrollHeight; },
    timer,
    focus: (selector) => query(selector)?.focus(),
    "focus-turn": focusTurn,
    title: (text) => { if (document.title !== text) document.title = text; },
    panel: (name, show, focus) => window.stripdeckPanels?.toggle(name, show, focus),
    sound: () => window.stripdeckSound?.turn(),
    mark: (name) => performance.mark(name),
    copy,
    download,
    url: (address) => history.replaceState(null, "", address),
    reload: () => location.reload(),
    net: (...args) => window.stripdeckNetPort.apply(window.stripdeckInput.net, ...args),
    language,
    store: (key, value) => {
      if (!String(key).startsWith("stripdeck.")) return;
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      } catch { /* private mode or quota: play on without saving */ }
    },
  };

  /** Apply a batch of changes (a JSON array of arrays), in order. */
  function apply(text) {
    const changes = JSON.parse(text);
    const before = focusedControl();
    for (const [kind, ...args] of changes) {
      if (kind === "restore-focus") restoreFocus(before);
      else if (Object.hasOwn(APPLY, kind)) APPLY[kind](...args);
      else throw new Error(`stripdeckPatch: no change of kind ${JSON.stringify(kind)}`);
    }
  }

  window.stripdeckPatch = apply;
})();
