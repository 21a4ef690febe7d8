// The prototypes' shell (bench/worker_candidates/), a plain script at the end of <body>, as
// web/page/shell.js is in the real page: How to play, Settings and Friends open and close before any
// Python has started and whatever Python is doing, answered by the main thread alone.
(() => {
  const panels = ["help", "settings", "friends"];
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-panel]");
    if (!button) return;
    const name = button.dataset.panel;
    for (const other of panels) {
      const panel = document.getElementById(other);
      panel.hidden = other === name ? !panel.hidden : true;
    }
    button.setAttribute("aria-expanded", String(!document.getElementById(name).hidden));
  });
  performance.mark("stripdeck-shell");
})();
