"""A random player for the game page: it plays the way people do, and checks the table's
promises all the time (tests/browser/test_monkey.py runs it).

It clicks at random moments (before animations, automatic deals and bot moves end, twice in a
row), presses keys, types amounts, opens panels, changes settings in the middle of a hand,
starts new tables with small stacks to bust out, and reloads at any moment. Throughout it
checks that

- the table never stalls: within ``STALL_SECONDS`` either the human may act, a bot acts (the
  page's step changes), or the hand is over with a deal (or New table) button;
- the chips on the table (stacks, and the pot while a hand is played) add up to the table's
  total, the starting stack times the players;
- after every reload the page shows exactly what it showed when it was left;

and the page fixture fails the test on any console error. Every run has a seed; a failure
names it, and ``STRIPDECK_MONKEY_SEED=N`` replays it.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

from settle import unsettled

STALL_SECONDS = 8.0      # a bot pauses at most 0.9 s; a reload takes a few seconds more (READY)
READY_SECONDS = 90.0     # Pyodide's start on a loaded machine

# Kept in sessionStorage by the page's own pagehide handler (an init script): what the page
# showed when it was left, and what the next page showed the moment it was first drawn.
SNAPSHOT_JS = r"""
(() => {
  const text = (el) => (el ? el.textContent.trim() : "");
  window.__stripdeckSnapshot = () => {
    const seats = [...document.querySelectorAll("#table .seat")].map((s) => ({
      name: text(s.querySelector(".name")), stack: text(s.querySelector(".stack")),
      bet: text(s.querySelector(".bet")), cards: [...s.querySelectorAll(".card")].map(
        (c) => (c.getAttribute("aria-label") || "") + (c.getAttribute("aria-pressed") === "true" ? "*" : "")),
      info: [...s.querySelectorAll(".info span")].filter(
        (i) => !(s.classList.contains("human") && i.classList.contains("hand-name")
                 && !s.classList.contains("revealed"))).map(text),
      acting: s.classList.contains("acting"), button: !!s.querySelector(".dealer"),
    }));
    const controls = [...document.querySelectorAll("#controls [data-cmd]")]
      .map((b) => b.dataset.cmd + (["draw", "check", "call", "allin", "split", "fold", "deal", "newtable"]
        .includes(b.dataset.cmd) ? ":" + text(b.querySelector(".label")) : ""))
      .filter((c) => !c.startsWith("amount") && !c.startsWith("size") && !c.startsWith("hint")
                     && !c.startsWith("apply-hint"));
    return {
      hand: document.body.dataset.hand, step: document.body.dataset.step,
      phase: document.body.dataset.phase, over: document.body.dataset.over,
      seats, pot: text(document.querySelector("#pot")),
      sidePots: [...document.querySelectorAll(".side-pot")].map(text),
      status: text(document.querySelector("#status")).replace(/^.* is thinking…$/, "(a bot thinks)"),
      history: [...document.querySelectorAll("#history-list li")].map(text),
      session: text(document.querySelector("#session-list")),
      note: text(document.querySelector("#controls .note")),
      summary: text(document.querySelector("#controls .summary")),
      controls,
    };
  };
  addEventListener("pagehide", () => {
    if (document.body && document.body.dataset.ready === "1") {
      sessionStorage.setItem("monkey.left", JSON.stringify(window.__stripdeckSnapshot()));
    }
  });
  const firstDraw = new MutationObserver(() => {
    if (document.body && document.body.dataset.ready === "1") {
      sessionStorage.setItem("monkey.arrived", JSON.stringify(window.__stripdeckSnapshot()));
      firstDraw.disconnect();
    }
  });
  const watch = () => firstDraw.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  if (document.body) watch(); else addEventListener("DOMContentLoaded", watch);
})();
"""

# One look at the page, in one evaluation, so it never straddles a re-render.
LOOK_JS = r"""() => {
  const b = document.body.dataset;
  const num = (s) => { const m = (s || "").match(/-?\d+/); return m ? +m[0] : 0; };
  const stacks = [...document.querySelectorAll("#table .seat .stack")].map((e) => num(e.textContent));
  const pot = document.querySelector("#pot");
  return {
    ready: b.ready === "1", step: b.step || "", hand: +(b.hand || 0), phase: b.phase || "",
    myTurn: b.myTurn === "1", over: b.over === "1", next: b.next || "",
    deal: !!document.querySelector('#controls [data-cmd="deal"], #controls [data-cmd="newtable"]'),
    stacks, pot: pot ? num(pot.textContent) : 0, potSettled: !!(pot && pot.classList.contains("settled")),
    seats: document.querySelectorAll("#table .seat").length,
    status: (document.querySelector("#status") || {}).textContent || "",
  };
}"""

# Elements a person might click or tap, by weight.
TARGETS = [
    ("#controls button.act:not([disabled])", 10),
    ("#controls button.size", 2),
    ("#table .seat.human button.card", 5),
    ("header button.tab", 1),
    ("aside .panel:not([hidden]) button.close", 1),
    ("#notices button", 1),
    ("#history .row button:not([disabled])", 1),
]
KEYS = ["f", "c", "c", "c", "b", "r", "a", "s", "d", "d", "n", "n", "h", "1", "2", "3", "4", "5", "Escape"]
AMOUNTS = ["4", "7", "0", "-5", "abc", "99999", "²", "1e3", "12.5", "", "10000000000000000000000"]


@dataclass
class Monkey:
    """One seeded random player on one page."""

    page: Any
    url: str
    seed: int
    log: list[str] = field(default_factory=list)
    total: int = 800            # chips at the table: the starting stack times the players
    hands_seen: int = 0
    last_hand: tuple[int, int] = (0, 0)
    tables: int = 0
    reloads: int = 0
    busts: int = 0              # times the table was over (the human busted, or won every chip)
    was_over: bool = False
    progress_at: float = 0.0
    progress_key: tuple[Any, ...] = ()
    spent: dict[str, float] = field(default_factory=dict)
    targets: list[tuple[str, int]] = field(default_factory=lambda: list(TARGETS))
    keys: list[str] = field(default_factory=lambda: list(KEYS))

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    # ---------------------------------------------------------------- checks

    def fail(self, why: str) -> None:
        recent = "\n  ".join(self.log[-25:])
        raise AssertionError(f"monkey seed {self.seed} (replay: STRIPDECK_MONKEY_SEED={self.seed}): {why}\n"
                             f"last steps:\n  {recent}")

    def look(self) -> dict[str, Any]:
        return dict(self.page.evaluate(LOOK_JS))

    def check(self) -> dict[str, Any]:
        """The invariants, on one look at the page."""
        seen = self.look()
        if not seen["ready"]:
            return seen
        chips = sum(seen["stacks"]) + (0 if seen["potSettled"] else seen["pot"])
        if chips != self.total:
            self.fail(f"chips on the table add up to {chips}, not {self.total}: {seen}")
        key = (self.tables, seen["hand"])
        if seen["hand"] and key != self.last_hand:
            self.last_hand = key
            self.hands_seen += 1
        if seen["over"] and not self.was_over:
            self.busts += 1
        self.was_over = seen["over"]
        if "You wins" in seen["status"] or "You is" in seen["status"]:
            self.fail(f"third person for the human: {seen['status']!r}")
        now = time.monotonic()
        progress = (seen["step"], seen["myTurn"], seen["deal"], seen["over"])
        if progress != self.progress_key or seen["myTurn"] or seen["deal"]:
            self.progress_key = progress
            self.progress_at = now
        elif now - self.progress_at > STALL_SECONDS:
            self.fail(f"the table stalled for {now - self.progress_at:.1f} s: {seen}")
        return seen

    def wait_ready(self) -> None:
        self.page.wait_for_function("() => document.body.dataset.ready === '1'", timeout=READY_SECONDS * 1000)
        self.progress_at = time.monotonic()

    def pause(self, longest: float) -> None:
        """Wait like a person: often not at all, sometimes a while, checking all the time."""
        end = time.monotonic() + self.rng.choice([0, 0, 0.05, 0.2, 0.5, 1.0, longest])
        while True:
            self.check()
            left = end - time.monotonic()
            if left <= 0:
                return
            self.page.wait_for_timeout(min(150, left * 1000))

    # ---------------------------------------------------------------- doing things

    def click_somewhere(self) -> None:
        """A raw mouse click at where something clickable was a moment ago."""
        selectors, weights = zip(*self.targets)
        selector = self.rng.choices(selectors, weights)[0]
        box = self.page.evaluate(
            """([sel, r]) => { const all = [...document.querySelectorAll(sel)].filter(e => e.offsetParent);
                if (!all.length) return null; const e = all[Math.floor(r * all.length)];
                const b = e.getBoundingClientRect(); return {x: b.x + b.width / 2, y: b.y + b.height / 2,
                what: (e.dataset.cmd || e.className || e.tagName) + ' '
                      + (e.textContent || '').trim().slice(0, 30)}; }""",
            [selector, self.rng.random()])
        if box is None:
            return
        if not 0 <= box["y"] <= self.page.viewport_size["height"]:
            self.page.mouse.wheel(0, box["y"] - self.page.viewport_size["height"] / 2)
            return
        self.log.append(f"click {box['what']}")
        with unsettled(self.page):  # a person clicks again before the worker has answered
            self.page.mouse.click(box["x"], box["y"])
            if self.rng.random() < 0.15:  # a double click, or an impatient second click
                self.page.mouse.click(box["x"], box["y"])

    def press(self) -> None:
        key = self.rng.choice(self.keys)
        times = 2 if self.rng.random() < 0.2 else 1
        self.log.append(f"key {key} x{times}")
        if self.rng.random() < 0.3:  # the focus somewhere else first (keys must work from anywhere)
            self.page.evaluate("document.activeElement && document.activeElement.blur()")
        with unsettled(self.page):  # the second press before the worker has answered the first
            for _ in range(times):
                self.page.keyboard.press(key)

    def type_amount(self) -> None:
        box = self.page.locator("#amount-number")
        if not box.count():
            return
        text = self.rng.choice(AMOUNTS)
        self.log.append(f"amount {text!r}")
        try:
            box.fill(text, timeout=500)
            box.press("Enter", timeout=500)
        except Exception:  # noqa: BLE001 - the control went away under the finger: people see that too
            self.log.append("  (the amount box went away)")

    def display_setting(self) -> None:
        name = self.rng.choice(["four_color", "auto_deal", "show_hints", "auto_deal"])
        self.open_panel("settings")
        box = self.page.locator(f"input[name={name}]")
        self.log.append(f"toggle display setting {name}")
        box.click(timeout=2000)

    def open_panel(self, name: str) -> None:
        if self.page.locator(f"#{name}").is_hidden():
            self.page.click(f'header button[data-panel="{name}"]')

    def new_table(self, small: bool = False) -> None:
        """Settings changed mid-hand: a new table (confirmed if a hand is on), often one to bust out at."""
        self.open_panel("settings")
        preset = self.rng.choice(["online", "online", "official", "cardroom"])
        opponents = self.rng.choice([1, 1, 2, 3, 4])
        stack = self.rng.choice([20, 20, 40] if small else [20, 20, 40, 200])
        stakes = self.rng.choice(["1", "5", "10"]) if stack <= 40 else "1"
        self.log.append(f"new table: {preset}, {opponents} opponents, stack {stack}, stakes x{stakes}")
        page = self.page
        page.select_option("select[name=preset]", preset)
        page.select_option("select[name=opponents]", str(opponents))
        page.fill("input[name=stack]", str(stack))
        page.select_option("select[name=stakes]", stakes)
        if preset == "cardroom" and self.rng.random() < 0.5:
            page.check("input[name=joker]")
        page.click("#settings-form [data-cmd=apply]")
        confirm = page.locator('#settings-form [data-confirmed="1"]')
        try:
            confirm.wait_for(timeout=500)
        except Exception:  # noqa: BLE001 - no hand in play: no question asked
            confirm = None
        if confirm is not None:
            if self.rng.random() < 0.2:
                self.log.append("  keeps playing instead")
                page.click("#settings-form [data-cmd=keep-playing]")
                return
            confirm.click()
        page.wait_for_function("() => document.body.dataset.hand === '1'", timeout=10_000)
        self.total = stack * (opponents + 1)
        self.tables += 1
        self.progress_at = time.monotonic()
        if not page.locator("#settings").is_hidden():
            self.fail("the settings stayed open over the new table")

    def reload(self) -> None:
        seen = self.look()
        self.log.append(f"reload (hand {seen['hand']}, {seen['phase'] or 'no hand'}, over={seen['over']})")
        self.page.evaluate("sessionStorage.removeItem('monkey.left'); sessionStorage.removeItem('monkey.arrived')")
        self.page.reload()
        self.wait_ready()
        left = self.page.evaluate("sessionStorage.getItem('monkey.left')")
        arrived = self.page.evaluate("sessionStorage.getItem('monkey.arrived')")
        if left is None or arrived is None:
            self.fail(f"no snapshot around the reload (left={left is not None}, arrived={arrived is not None})")
        before, after = json.loads(left), json.loads(arrived)
        if before != after:
            diff = {k: (before[k], after.get(k)) for k in before if before[k] != after.get(k)}
            self.fail(f"the page after a reload differs from before it: {json.dumps(diff)[:3000]}")
        self.reloads += 1

    def play_until_bust(self) -> None:
        """At a small table, go all in (or call) whenever possible until the table is over."""
        if self.total > 200:
            self.new_table(small=True)
            return
        self.log.append("tries to bust out")
        for _ in range(600):
            seen = self.check()
            if seen["over"]:
                return
            for cmd in ("allin", "call", "check", "draw", "deal"):
                button = self.page.locator(f'#controls [data-cmd="{cmd}"]')
                if button.count():
                    try:
                        button.first.click(timeout=300)
                    except Exception:  # noqa: BLE001 - it went away: look again
                        pass
                    break
            self.page.wait_for_timeout(100)

    # ---------------------------------------------------------------- the run

    def run(self, hands: int, max_seconds: float) -> None:
        """Play until ``hands`` hands were seen, reloading at least once in each phase of a hand
        and at game over, and busting out (or winning everything) at least once."""
        self.page.add_init_script(SNAPSHOT_JS)
        extra = self.rng.choice(["", "", "&timer=8"])
        self.page.goto(self.url + f"index.html?reset=1&seed={self.seed % 10**9}{extra}")
        self.wait_ready()
        start = time.monotonic()
        moves = [(self.click_somewhere, 40), (self.press, 25), (self.type_amount, 4),
                 (self.display_setting, 2), (self.new_table, 3), (self.reload, 3),
                 (self.wait_a_while, 6), (self.play_until_bust, 4)]
        actions, weights = zip(*moves)
        reloads_wanted = {"betting", "draw", "showdown", "game over"}
        while self.hands_seen < hands or reloads_wanted or not self.busts:
            if time.monotonic() - start > max_seconds:
                self.fail(f"only {self.hands_seen} hands in {max_seconds:.0f} s; reloads still wanted: "
                          f"{sorted(reloads_wanted)}, game overs: {self.busts}")
            seen = self.check()
            moment = self.moment(seen)
            if moment in reloads_wanted and self.rng.random() < 0.4:
                self.reload()
                reloads_wanted.discard(moment)
                continue
            move = self.rng.choices(actions, weights)[0]
            began = time.monotonic()
            move()
            name = getattr(move, "__name__", "move")
            self.spent[name] = self.spent.get(name, 0.0) + time.monotonic() - began
            self.pause(1.5)
        spent = ", ".join(f"{k} {v:.0f} s" for k, v in sorted(self.spent.items(), key=lambda kv: -kv[1]))
        self.log.append(f"done: {self.hands_seen} hands in {time.monotonic() - start:.0f} s, {self.tables} new "
                        f"tables, {self.reloads} reloads, {self.busts} game overs; time in moves: {spent}")

    @staticmethod
    def moment(seen: dict[str, Any]) -> str:
        """Where in a hand the page is: betting, draw, showdown (a finished hand) or game over."""
        if seen["over"]:
            return "game over"
        if seen["phase"] == "complete":
            return "showdown"
        return "draw" if seen["phase"] == "draw" else "betting"

    def wait_a_while(self) -> None:
        """Do nothing for a few seconds: bots play on, clocks run, the next hand deals itself."""
        self.log.append("waits")
        self.pause(4.0)
