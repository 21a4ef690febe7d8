// The page's input, as messages for Python: clicks, typing, changes, forms and keys become plain
// JSON objects (web/app/page_input.py takes them), so Python reads no event and no DOM node,
// the shape Python in a worker needs (docs/worker-candidates.md). Listens on document once Python
// has said it listens (window.stripdeckInput.listen); before that web/page/shell.js has the panels
// and Settings.
//
//   {type: "click", cmd, data, checked, fields, settings}
//                                                 a [data-cmd] control: its data-* (data), a
//                                                 checkbox's state, the named controls of its
//                                                 form or section (fields) and Settings' (settings)
//   {type: "input", cmd, value}                   typing in a control (the amount box, the slider)
//   {type: "change", cmd, name, value, checked, settings}
//                                                 a control changed; settings: Settings' fields
//                                                 when it is one of Settings' own
//   {type: "submit", form, confirmed, fields}     a form sent (data-form; confirmed: its submitter's
//                                                 data-confirmed="1"), never navigating
//   {type: "key", key}                            a card's key (1-5) outside a text box
//   {type: "panels", opened, open}                a panel opened (its name) or closed (null), and
//                                                 the open ones (web/page/shell.js has the panels)
//   {type: "visibility", hidden}                  the page went into the background or came back
//   {type: "address", origin, pathname, search, hash}
//                                                 the address's fragment changed (hashchange)
//   {type: "net", event, ...}                     the friends transport (web/page/net_port.js)
//   {type: "words", words}                        the page's own words (index.html's data-l10n
//                                                 and data-l10n-<attribute>), as [context, English]
//                                                 pairs, for Python to say again in another language
//
// The last three are also sent when Python starts listening: the state it starts from.
//
// The other keys press the button on screen that carries their command (the map comes from
// Python, table/commands.py KEYS): that press is a click like any other.
// l10n-part: script (no sentences of its own)
(() => {
  let listener = null;
  let keys = {}; // key -> the commands it presses, in order of preference
  let cardKeys = "";

  /** The named controls of a form or section: a checkbox's state, a radio group's chosen value,
   * any other control's value. */
  function fields(container) {
    const values = {};
    if (!container) return values;
    for (const el of container.querySelectorAll("input[name], select[name], textarea[name]")) {
      if (el.type === "radio") {
        if (el.checked || !Object.hasOwn(values, el.name)) values[el.name] = el.checked ? el.value : "";
      } else {
        values[el.name] = el.type === "checkbox" ? el.checked : el.value;
      }
    }
    return values;
  }
  const settingsOf = (el) => (el?.closest?.("#settings-form") ? fields(document.getElementById("settings-form")) : null);
  const send = (message) => listener?.(JSON.stringify(message));

  function onClick(event) {
    const target = event.target.closest?.("[data-cmd]");
    if (!target) return;
    send({ type: "click", cmd: target.dataset.cmd, data: { ...target.dataset }, checked: Boolean(target.checked),
      fields: fields(target.closest("form, section")), settings: fields(document.getElementById("settings-form")) });
  }

  function onInput(event) {
    const el = event.target;
    if (el.dataset?.cmd) send({ type: "input", cmd: el.dataset.cmd, value: String(el.value) });
  }

  function onChange(event) {
    const el = event.target;
    send({ type: "change", cmd: el.dataset?.cmd ?? null, name: el.name ?? "", value: String(el.value ?? ""),
      checked: Boolean(el.checked), settings: settingsOf(el) });
  }

  function onSubmit(event) {
    event.preventDefault(); // a form here never navigates: Python does what it asks
    const form = event.target;
    send({ type: "submit", form: form.dataset?.form ?? null, confirmed: event.submitter?.dataset.confirmed === "1",
      fields: fields(form) });
  }

  function press(cmds, event) {
    for (const cmd of cmds) {
      const button = document.querySelector(`#controls [data-cmd="${CSS.escape(cmd)}"]`);
      if (button) {
        event.preventDefault();
        button.click();
        return;
      }
    }
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.key === "Escape") return; // Escape: shell.js's
    const tag = event.target.tagName?.toLowerCase();
    if (["input", "select", "textarea"].includes(tag)) {
      if (event.key === "Enter" && event.target.dataset.cmd === "amount") press(["bet", "raise"], event);
      return;
    }
    const key = String(event.key).toLowerCase();
    if (key.length === 1 && cardKeys.includes(key)) {
      send({ type: "key", key });
      return;
    }
    if (Object.hasOwn(keys, key) && !event.repeat) press(keys[key], event);
  }

  function staticWords() {
    const words = new Map();
    const add = (node, english) => {
      const context = node.getAttribute("data-l10n-context") ?? "";
      if (english) words.set(`${context}\u0004${english}`, [context, english]);
    };
    for (const node of document.querySelectorAll("[data-l10n]")) add(node, node.getAttribute("data-l10n"));
    for (const node of document.querySelectorAll("[data-l10n-attrs]")) {
      for (const name of (node.getAttribute("data-l10n-attrs") ?? "").split(/\s+/)) {
        if (name) add(node, node.getAttribute(`data-l10n-${name}`));
      }
    }
    return [...words.values()];
  }

  const address = () => ({ origin: location.origin, pathname: location.pathname, search: location.search,
    hash: location.hash });

  window.stripdeckInput = Object.freeze({
    /** The page's address (JSON: origin, pathname, search, hash), read by Python at its start. */
    address: () => JSON.stringify(address()),
    /** What the friends transport says (web/page/net_port.js), as {type: "net", ...}. */
    net: (message) => send({ type: "net", ...message }),
    /** Python listens: `receive` gets each message as JSON text; `keyMap` (JSON) says which
     * commands each key presses, `cards` which keys choose a card. */
    listen(receive, keyMap, cards) {
      const first = listener === null;
      listener = receive;
      keys = JSON.parse(keyMap);
      cardKeys = String(cards);
      if (!first) return;
      send({ type: "panels", opened: null, open: window.stripdeckPanels?.open() ?? [] });
      send({ type: "visibility", hidden: document.hidden });
      send({ type: "words", words: staticWords() });
      document.addEventListener("stripdeck:panels", (event) => send({ type: "panels", ...event.detail }));
      document.addEventListener("visibilitychange", () => send({ type: "visibility", hidden: document.hidden }));
      addEventListener("hashchange", () => send({ type: "address", ...address() }));
      document.addEventListener("click", onClick);
      document.addEventListener("input", onInput);
      document.addEventListener("change", onChange);
      document.addEventListener("submit", onSubmit);
      document.addEventListener("keydown", onKey);
    },
  });
})();
