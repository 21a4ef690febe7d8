// The main thread's glue for the prototypes whose Python is elsewhere (bench/worker_candidates/):
// it sends a control's command to Python and patches #table with the HTML that comes back.
// `call(name, ...args)` runs a function of common/engine.py (start, command) wherever Python
// runs and resolves to its result; calls go one at a time, in order, so a click never
// overtakes the previous one's answer.
export function connect(call) {
  const table = document.getElementById("table");
  let queue = Promise.resolve();
  const patch = (html) => {
    table.innerHTML = html;
    const hand = table.firstElementChild?.dataset.hand;
    if (hand && document.body.dataset.hand === undefined) performance.mark("stripdeck-first-hand");
    if (hand) document.body.dataset.hand = hand;
  };
  const send = (name, ...args) => {
    queue = queue.then(() => call(name, ...args)).then(patch, (err) => {
      document.body.dataset.error = String(err?.message ?? err).slice(0, 200);
      console.warn("prototype:", err);
    });
    return queue;
  };
  table.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-cmd]");
    if (button) send("command", button.dataset.cmd, button.dataset.action ?? "");
  });
  return send("start");
}
