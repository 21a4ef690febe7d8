"""The random player at a table for friends: the page hosts a table (Friends panel) and a guest
in a second browser (context) joins it; both click and press keys at random like the solo
player (tests/browser/monkey.py), early and twice, open panels and chat, and the guest's page
reloads at any moment and rejoins through its seat's new link. Throughout it checks, on both
pages, that

- the table never stalls (``STALL_SECONDS``: the host's step moves, or someone may act, or the
  hand is over with a way on);
- the chips on each page's table add up to the table's total;
- the guest's page shows no card its seat may not see (another seat's face-up card that was
  not shown at the showdown), and no message it received carries one (``leaked_cards``);

and any console error, uncaught error or request to another origin on either page fails the run
(``Room.close``). The seed is in every failure (``STRIPDECK_MONKEY_SEED=N`` replays it).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from friends_helpers import Person, Room, host_table, invitation, join, leaked_cards, traffic
from monkey import KEYS, LOOK_JS, STALL_SECONDS, TARGETS, Monkey
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from settle import settle

# What the guest's page shows of the other seats: a face-up card on a seat that is not the
# guest's and was not revealed at the showdown is a card the guest may not see.
HIDDEN_FACES_JS = """() => [...document.querySelectorAll(
    '#table .seat:not(.human):not(.revealed) .card:not(.card-back)')].map(c => c.getAttribute('aria-label'))"""

DEFAULT_CLOCK = 30  # seconds to act without ?timer= (web/table/storage.py TIMER_SECONDS)
MAX_REJOINS = 2   # the guest page's own reloads in a run (and one rejoin after the host's page reloads)

CHAT = ["gg", "nice hand", "<b>bold</b> & more", "x" * 250, "🙂", ""]


@dataclass
class FriendsMonkey:
    """A seeded random host and guest at one table for friends."""

    room: Room
    seed: int
    log: list[str] = field(default_factory=list)
    hands: int = 0
    reloads: int = 0
    total: int = 0                 # chips at the table, read once the first hand is dealt
    received: int = 0              # messages the guest's pages received (checked for hidden cards)
    received_before: int = 0       # ... by its pages before the last reload
    host_reloads: int = 0
    host: Person | None = None
    guest: Person | None = None
    url: str = ""                  # the invitation the guest was last seated through
    progress_at: float = 0.0
    guest_turn: bool = False       # the guest's page has shown its turn since the host's last progress
    progress_key: tuple[Any, ...] = ()
    over: bool = False
    clock: float = 30.0            # seconds a player has to act at this table

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def fail(self, why: str) -> None:
        recent = "\n  ".join(self.log[-30:])
        # What the pages logged so far (Room.close would say it too, but after this failure).
        logged = "\n  ".join(f"{person.name}: {problem}" for person in (self.host, self.guest)
                             if person is not None for problem in person.log.problems())
        raise AssertionError(f"friends monkey seed {self.seed} (replay: STRIPDECK_MONKEY_SEED={self.seed}): "
                             f"{why}\nlast steps:\n  {recent}\nthe pages' problems so far:\n  {logged or 'none'}")

    # ---------------------------------------------------------------- the table

    def seat(self) -> None:
        """The host's table (a bot or none, clocks of 8 s or off) and the guest seated in it."""
        bots = self.rng.choice([0, 1, 1])
        clocks = self.rng.choice(["&timer=8", "&timer=8", ""])
        self.clock = 8 if clocks else DEFAULT_CLOCK
        self.log.append(f"host with {bots} bot(s), {self.clock} s clocks")
        self.host = host_table(self.room, friends=1, bots=bots, query=clocks)
        self.url = invitation(self.host, "s1")
        self.guest = join(self.room, self.host, "s1", "Zoë", trace=True)
        self.host.page.click("#controls [data-cmd=host-deal]")
        self.host.page.wait_for_function("() => document.body.dataset.hand === '1'")
        seen = self.look(self.host)
        self.total = sum(seen["stacks"]) + (0 if seen["potSettled"] else seen["pot"])
        self.progress_at = time.monotonic()

    def monkeys(self) -> tuple[Monkey, Monkey]:
        """The solo player's hands on each page (their clicks, keys, amounts), sharing this run's log."""
        assert self.host is not None and self.guest is not None
        targets = list(TARGETS) + [("#friends:not([hidden]) [data-cmd=chat-send]", 1)]
        guest_targets, guest_keys = targets, list(KEYS)  # every control and key, Deal and N included
        host = Monkey(self.host.page, "", self.rng.randrange(10**9), log=self.log, targets=targets)
        guest = Monkey(self.guest.page, "", self.rng.randrange(10**9), log=self.log, targets=guest_targets,
                       keys=guest_keys)
        return host, guest

    # ---------------------------------------------------------------- checks

    @staticmethod
    def look(person: Person) -> dict[str, Any]:
        return dict(person.page.evaluate(LOOK_JS))

    def check(self) -> None:
        assert self.host is not None and self.guest is not None
        host = self.look(self.host)
        for who, seen in (("host", host), ("guest", self.look(self.guest))):
            if not seen["ready"] or not seen["hand"] or not seen["stacks"]:
                continue
            chips = sum(seen["stacks"]) + (0 if seen["potSettled"] else seen["pot"])
            if chips != self.total:
                self.fail(f"the {who}'s page shows {chips} chips at the table, not {self.total}: {seen}")
            if "You wins" in seen["status"] or "You is" in seen["status"]:
                self.fail(f"third person for the {who}: {seen['status']!r}")
        hidden = self.guest.page.evaluate(HIDDEN_FACES_JS)
        if hidden:
            self.fail(f"the guest's page shows another seat's cards: {hidden}")
        self.over = host["over"]
        now = time.monotonic()
        progress = (host["step"], host["hand"], host["over"])
        # The guest's turn as seen at any check since the host last moved: the guest may act (and
        # its page leave its turn) between this check's look at the host and its look at the guest.
        guest_turn = self.guest_waits()
        if progress != self.progress_key or host["myTurn"] or host["deal"] or host["over"]:
            self.progress_key, self.progress_at, self.guest_turn = progress, now, guest_turn
            self.hands = max(self.hands, host["hand"])
            return
        self.guest_turn = self.guest_turn or guest_turn
        if now - self.progress_at > STALL_SECONDS + (self.clock if self.guest_turn else 0):
            guest = self.guest.page.evaluate("""() => ({data: {...document.body.dataset},
                status: document.querySelector('#status')?.innerText, controls: document.querySelector('#controls')
                ?.innerText, notices: document.querySelector('#notices')?.innerText})""")
            self.fail(f"the table stalled for {now - self.progress_at:.1f} s: host {host}; guest {guest}")

    def guest_waits(self) -> bool:
        """The guest's turn: the host waits for its page (at most its clock)."""
        assert self.guest is not None
        return bool(self.guest.page.evaluate("() => document.body.dataset.myTurn === '1'"))

    def check_traffic(self, leaving: bool = False) -> None:
        """The messages this guest page received so far (``leaving``: it reloads, which clears them)."""
        assert self.guest is not None
        messages = traffic(self.guest)
        leaks = leaked_cards(messages)
        if leaks:
            self.fail(f"a message to the guest carried cards its seat could not see: {leaks[:3]}")
        self.received = self.received_before + len(messages)
        if leaving:
            self.received_before = self.received

    # ---------------------------------------------------------------- moves

    def rejoin(self) -> None:
        """The guest's page reloads (mid-hand or not) and the guest rejoins through the seat's new link."""
        assert self.host is not None and self.guest is not None
        self.log.append("guest reloads and rejoins")
        self.check_traffic(leaving=True)
        # Reloaded once its page has taken in what arrived: a reload before the worker's answer to a
        # message (here the seat, which marks the invitation used) loses that answer, like a click's
        # (docs/ui.md, "Threads", Timing).
        settle(self.guest.page)
        self.guest.page.reload()
        self.guest.page.wait_for_selector("body[data-ready='1']", state="attached")
        try:  # said in the Friends panel, which the worker may draw a batch after the table
            self.guest.page.wait_for_selector("#friends-body #used-link", state="attached", timeout=10_000)
        except PlaywrightTimeout:
            self.fail("the guest's page reopened a used invitation without saying it cannot seat again")
        self.seat_again()

    def reload_host(self) -> None:
        """The host's page reloads: it keeps the table, the guest's connection ends, and the guest
        rejoins through the seat's new link."""
        assert self.host is not None and self.guest is not None
        self.log.append("host reloads; the guest rejoins")
        self.host.page.reload()
        self.host.page.wait_for_selector("body[data-ready='1']", state="attached")
        self.guest.page.wait_for_function(
            "() => /connection to the host was lost|host has left/i.test(document.body.innerText)")
        self.check_traffic(leaving=True)
        self.host_reloads += 1
        self.seat_again()

    def seat_again(self) -> None:
        assert self.host is not None and self.guest is not None
        if self.host.page.locator("#friends").is_hidden():
            self.host.page.click('header button[data-panel="friends"]')
        self.url = invitation(self.host, "s1", other_than=self.url)
        join(self.room, self.host, "s1", "Zoë", trace=True, guest=self.guest)
        self.reloads += 1
        self.progress_at = time.monotonic()

    def chat(self, person: Person) -> None:
        page = person.page
        if page.locator("#friends").is_hidden():
            page.click('header button[data-panel="friends"]')
        text = self.rng.choice(CHAT)
        self.log.append(f"{person.name} chats {text[:20]!r}")
        page.fill('input[name="chat"]', text[:200])
        page.press('input[name="chat"]', "Enter")

    def pause(self) -> None:
        end = time.monotonic() + self.rng.choice([0, 0, 0.05, 0.2, 0.5, 1.0])
        while True:
            self.check()
            if time.monotonic() >= end:
                return
            assert self.host is not None
            self.host.page.wait_for_timeout(100)

    def run(self, hands: int, max_seconds: float) -> None:
        """Play until ``hands`` hands were dealt (or the table is over) with a rejoin at least once."""
        self.seat()
        host, guest = self.monkeys()
        assert self.host is not None and self.guest is not None
        start = time.monotonic()
        moves = [(lambda: host.click_somewhere(), 30, "host"), (lambda: host.press(), 15, "host"),
                 (lambda: host.type_amount(), 3, "host"), (lambda: guest.click_somewhere(), 30, "guest"),
                 (lambda: guest.press(), 15, "guest"), (lambda: guest.type_amount(), 3, "guest"),
                 (lambda: self.chat(self.rng.choice([self.host, self.guest])), 1, "chat"),
                 (self.rejoin, 2, "rejoin"), (self.reload_host, 1, "host reload"),
                 (lambda: self.host.page.wait_for_timeout(1500), 4, "wait")]
        actions = [m[0] for m in moves]
        weights = [m[1] for m in moves]
        while (self.hands < hands or not self.reloads) and not self.over:
            if time.monotonic() - start > max_seconds:
                self.fail(f"only {self.hands} hands in {max_seconds:.0f} s, {self.reloads} rejoins")
            self.check()
            move = self.rng.choices(actions, weights)[0]
            if (move == self.rejoin and self.reloads >= MAX_REJOINS) or (
                    move == self.reload_host and self.host_reloads):
                continue  # a rejoin takes 10-20 s here: a few show it, more would only take time
            move()
            self.pause()
        self.check_traffic()
        self.log.append(f"done: {self.hands} hands in {time.monotonic() - start:.0f} s, {self.reloads} rejoins "
                        f"({self.host_reloads} after the host's reload), "
                        f"{self.received} messages to the guest checked{', the table is over' if self.over else ''}")
