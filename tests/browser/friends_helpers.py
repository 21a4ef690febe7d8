"""Helpers for the play-with-friends browser tests: several people's browsers (separate
contexts), a host making invitations, guests joining through them, and simple players."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from browser_support import PageLog, origin_of

CARD = re.compile(r"\b(?:[789TJQKA][hdcs]|Jk)\b")
TRACE = "window.addEventListener('DOMContentLoaded', () => { if (window.StripdeckNet) StripdeckNet.trace = []; });"


@dataclass
class Person:
    """One person's browser: a context and its page, with what went wrong in it."""

    context: Any
    page: Any
    log: PageLog
    name: str = ""
    joined_at: float = 0.0
    seated_in: float = 0.0


@dataclass
class Room:
    """The browsers of one test; closed (and checked for errors) at the end."""

    browser: Any
    site_url: str
    people: list[Person] = field(default_factory=list)

    def open(self, url: str, name: str = "", trace: bool = False) -> Person:
        context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        log = PageLog(origin=origin_of(self.site_url))

        def route(route: Any) -> None:
            if log.is_local(route.request.url):
                route.continue_()
            else:
                log.foreign_requests.append(route.request.url)
                route.abort()

        context.route("**/*", route)
        if trace:
            context.add_init_script(TRACE)
        page = context.new_page()
        page.set_default_timeout(90_000)
        log.watch(page)
        person = Person(context, page, log, name)
        self.people.append(person)
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']", state="attached")
        return person

    def close(self) -> list[str]:
        problems = []
        for person in self.people:
            problems += [f"{person.name}: {p}" for p in person.log.problems()]
            person.context.close()
        return problems


def heads_up_online(page: Any, auto_deal: bool = True) -> None:
    """Settings before hosting: the online preset (split offers on), clocks off for calm tests;
    ``auto_deal`` False: the host deals each hand (a finished hand stays on the table: with fast
    bots the page would deal the next one 0.4 s after the result)."""
    page.click("header button[data-panel=settings]")
    page.uncheck("input[name=timers]")
    if not auto_deal:
        page.uncheck("input[name=auto_deal]")
    page.click("[data-cmd=apply]")
    page.click('[data-cmd=apply][data-confirmed="1"]')


def heads_up_no_auto_deal(page: Any) -> None:
    """As heads_up_online, and the host deals each hand."""
    heads_up_online(page, auto_deal=False)


def host_table(room: Room, friends: int, bots: int = 0, transport: str = "webrtc", query: str = "",
               setup: Callable[[Any], None] | None = None) -> Person:
    """A host page with a table for ``friends`` guests: the Friends panel filled and submitted."""
    host = room.open(room.site_url + f"index.html?reset=1&bots=fast{query}", "Hana")
    page = host.page
    if setup is not None:
        setup(page)
    page.click("header button[data-panel=friends]")
    page.fill("input[name=host_name]", "Hana")
    page.select_option("select[name=friends]", str(friends))
    page.select_option("select[name=bots]", str(bots))
    page.check(f"input[name=transport][value={transport}]")
    page.click("[data-cmd=host-start]")
    confirm = '[data-cmd=host-start][data-confirmed="1"]'
    page.wait_for_selector(f"{confirm}, #invite-s1")
    if page.locator(confirm).count():  # a solo hand is in play: hosting asks before it ends it
        page.click(confirm)
    for i in range(friends):
        page.wait_for_selector(f"#invite-s{i + 1}")
    return host


def invitation(host: Person, link: str, other_than: str = "") -> str:
    """The invitation link the host's panel shows for a seat (a new one if ``other_than`` is given)."""
    host.page.wait_for_function(
        "([link, old]) => { const box = document.getElementById('invite-' + link);"
        " return box && box.value && box.value !== old; }", arg=[link, other_than])
    return str(host.page.input_value(f"#invite-{link}"))


def join(room: Room, host: Person, link: str, name: str, trace: bool = False, guest: Person | None = None) -> Person:
    """A friend opens the invitation, names themselves, and (WebRTC) sends the reply code back."""
    url = invitation(host, link)
    started = time.monotonic()
    if guest is None:
        guest = room.open(url, name, trace=trace)
    else:
        guest.page.goto(url)
        guest.page.wait_for_selector("body[data-ready='1']", state="attached")
    guest.joined_at = started
    page = guest.page
    page.fill("input[name=guest_name]", name)
    page.click("[data-cmd=guest-join]")
    if "#join=w1." in url:
        page.wait_for_selector("#reply-code")
        host.page.fill(f"#reply-{link}", page.input_value("#reply-code"))
        host.page.click(f'[data-cmd=host-accept][data-link="{link}"]')
    page.wait_for_function("n => (document.querySelector('#roster') || {innerText: ''}).innerText.includes(n)",
                           arg=name)
    host.page.wait_for_function("n => (document.querySelector('#roster') || {innerText: ''}).innerText.includes(n)",
                                arg=name)
    guest.seated_in = time.monotonic() - started
    return guest


def my_turn(person: Person) -> bool:
    return person.page.get_attribute("body", "data-my-turn") == "1"


def kinds(person: Person) -> list[str]:
    return [str(k) for k in person.page.eval_on_selector_all(
        "#controls [data-cmd]", "bs => bs.map(b => b.dataset.cmd)")]


def click(person: Person, cmd: str) -> None:
    """Press an action button and wait until the table moved on (the host applied it)."""
    before = person.page.get_attribute("body", "data-step")
    person.page.locator(f"#controls [data-cmd={cmd}]").first.click()
    person.page.wait_for_function("s => document.body.dataset.step !== s || document.body.dataset.myTurn !== '1'",
                                  arg=before)


def passive(person: Person) -> None:
    """Check, call or stand pat."""
    offered = kinds(person)
    for cmd in ("check", "call", "draw"):
        if cmd in offered:
            click(person, cmd)
            return
    raise AssertionError(f"{person.name}: nothing passive on offer: {offered}")


def play_round(people: list[Person], policy: Callable[[Person], None], until: Callable[[], bool],
               seconds: float = 60) -> None:
    """Let whoever's turn it is act by ``policy`` until ``until()`` holds."""
    deadline = time.monotonic() + seconds
    while not until():
        if time.monotonic() > deadline:
            states = {p.name: (p.page.get_attribute("body", "data-step"), p.page.inner_text("#status"))
                      for p in people}
            raise AssertionError(f"the table did not get there: {states}")
        for person in people:
            if my_turn(person) and kinds(person):
                policy(person)
                break
        else:
            people[0].page.wait_for_timeout(50)


def hand_of(person: Person) -> int:
    return int(person.page.get_attribute("body", "data-hand") or 0)


def traffic(guest: Person) -> list[str]:
    """Every message the guest's page received (StripdeckNet.trace)."""
    return [str(t) for t in guest.page.evaluate("StripdeckNet.trace || []")]


def leaked_cards(messages: list[str]) -> list[tuple[int, str, set[str]]]:
    """Cards in a guest's messages that its seat could not know when they arrived: anything but
    its own cards, those shown at the showdown and the face-up cards of the choice of the fourth
    card, public at once (a reveal after the hand is excluded)."""
    leaks = []
    hand, known = 0, set()
    for text in messages:
        msg = json.loads(text)
        if msg["t"] == "reveal":
            continue
        if msg["t"] == "state" and msg["view"] is not None:
            if msg["hand"] != hand:
                hand, known = msg["hand"], set()
            view, you = msg["view"], msg["you"]
            if you is not None and view["seats"][you]["hand"]:
                known |= set(view["seats"][you]["hand"].split())
            for event in view["log"]:
                if "cards" in event and (event.get("seat") == you or event["kind"] in ("show", "face_up")):
                    known |= set(event["cards"].split())
        extra = set(CARD.findall(text)) - known
        if extra:
            leaks.append((hand, msg["t"], extra))
    return leaks
