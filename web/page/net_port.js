// The friends transport (web/page/net.js) for the page's Python, through messages only: Python
// asks with the page's changes (web/page/patch.js, "net") and hears back through the input
// messages (web/page/input.js, {type: "net", ...}), so it holds no JavaScript object, the shape
// Python in a worker needs (an RTCPeerConnection exists only on the main thread).
//
// Asked (patch.js "net" changes, [what, ...arguments]):
//   ["start", side, options]      a new transport: side "host" or "guest", options as net.js takes
//                                 them; the one before it (if any) is closed
//   ["call", id, method, args]    a method of the transport (invite, accept, join, send, close,
//                                 closeAll); id null: no answer wanted
//   ["goodbye", text]             what the host's transport sends every open seat when the page
//                                 goes away (pagehide), before net.js closes the connections
//
// Heard ({type: "net", event, ...}):
//   {event: "answer", id, result} or {event: "answer", id, error: {message, code, values}}
//   {event: "open", seat} / {event: "close", seat} / {event: "message", seat, text}
//   {event: "unsent", seat, problem}   a send without an answer that failed (a closed link)
//
// window.stripdeckHost / window.stripdeckGuest are the transport itself, for the browser tests.
(() => {
  let net = null; // the transport (net.js's api)
  let goodbye = null;
  const seatsOpen = new Set();

  const errorOf = (err) => ({ message: String(err?.message ?? err), code: typeof err?.code === "string" ? err.code : "",
    values: err?.values && typeof err.values === "object" ? err.values : {} });

  function start(tell, side, options) {
    if (net) {
      net.onopen = net.onclose = net.onmessage = null;
      net.closeAll?.();
    }
    seatsOpen.clear();
    goodbye = null;
    net = side === "host" ? window.StripdeckNet.host(options) : window.StripdeckNet.guest(options);
    if (side === "host") window.stripdeckHost = net;
    else window.stripdeckGuest = net;
    const mine = net;
    // The host's callbacks carry a seat; a guest's have none (its one connection).
    net.onopen = (seat) => { if (net === mine) { seatsOpen.add(seat); tell({ event: "open", seat: seat ?? null }); } };
    net.onclose = (seat) => { if (net === mine) { seatsOpen.delete(seat); tell({ event: "close", seat: seat ?? null }); } };
    net.onmessage = (...args) => {
      if (net !== mine) return;
      const [seat, text] = args.length > 1 ? args : [null, args[0]];
      tell({ event: "message", seat, text: typeof text === "string" ? text : null });
    };
  }

  async function call(tell, id, method, args) {
    const target = net;
    try {
      if (!target || typeof target[method] !== "function") throw new Error(`no transport method ${method}`);
      const result = await target[method](...args);
      if (id !== null) tell({ event: "answer", id, result: result ?? null });
    } catch (err) {
      if (id !== null) tell({ event: "answer", id, error: errorOf(err) });
      else if (method === "send") tell({ event: "unsent", seat: args.length > 1 ? args[0] : null, problem: errorOf(err).message });
    }
  }

  // Before net.js's own pagehide (which closes the connections): the guests hear the host left.
  addEventListener("pagehide", () => {
    if (goodbye === null || !net) return;
    for (const seat of seatsOpen) {
      try { net.send(seat, goodbye); } catch { /* closed meanwhile */ }
    }
  }, true);

  window.stripdeckNetPort = Object.freeze({
    /** One of Python's "net" changes; `tell` hands Python what the transport says. */
    apply(tell, what, ...args) {
      if (what === "start") start(tell, ...args);
      else if (what === "call") call(tell, ...args);
      else if (what === "goodbye") goodbye = typeof args[0] === "string" ? args[0] : null;
      else throw new Error(`stripdeckNetPort: no request ${JSON.stringify(what)}`);
    },
  });
})();
