"""The transport of "play with friends" (web/page/net.js) between Chromium pages.

A temporary folder with copies of web/page/net.js and net_harness.html is served on 127.0.0.1;
the host and each guest get their own browser context (separate people's browsers), except
for the BroadcastChannel transport, which joins tabs of one browser. Every page is checked
as the `page` fixture checks it: a console error, a page error or a request to another
origin fails the test. WebRTC runs with no ICE server at all (host candidates only).

The harness (net_harness.html) keeps what the callbacks saw in `events` ([time, "open" |
"close" | "message", seat?, ...]), and `StripdeckNet.trace` keeps every message received.
Figures (code lengths, join to open, round trips, close detection) are printed: run with -s.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import ROOT, PageLog, origin_of, serve_in_thread

HERE = Path(__file__).parent
URL_SAFE = re.compile(r"^[A-Za-z0-9._-]+$")
MAX_CODE_CHARS = 600  # the codes here are about 300 characters
WAIT_MS = 15_000


@pytest.fixture(scope="module")
def harness_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("net")
    shutil.copy(ROOT / "web" / "page" / "net.js", folder / "net.js")
    shutil.copy(HERE / "net_harness.html", folder / "net_harness.html")
    with serve_in_thread(folder) as url:
        yield url + "net_harness.html"


class Pages:
    """Harness pages in contexts of their own (or a shared one), all watched like `page`."""

    def __init__(self, browser: Any, url: str) -> None:
        self.browser = browser
        self.url = url
        self.log = PageLog(origin=origin_of(url))
        self.contexts: list[Any] = []

    def context(self) -> Any:
        context = self.browser.new_context()

        def route(route: Any) -> None:
            if self.log.is_local(route.request.url):
                route.continue_()
            else:
                self.log.foreign_requests.append(route.request.url)
                route.abort()

        context.route("**/*", route)
        self.contexts.append(context)
        return context

    def open(self, context: Any = None) -> Any:
        page = (context or self.context()).new_page()
        page.set_default_timeout(WAIT_MS)
        self.log.watch(page)
        load(page, self.url)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser: Any, harness_url: str) -> Iterator[Pages]:
    opened = Pages(browser, harness_url)
    yield opened
    opened.close()
    problems = opened.log.problems()
    if problems:
        pytest.fail("the pages had problems:\n" + "\n".join(problems), pytrace=False)


# ---------------------------------------------------------------- helpers


def load(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached")


def wait_event(page: Any, kind: str, seat: str | None = None, count: int = 1) -> float:
    """Wait until the page's callbacks saw `count` events of `kind` (for `seat`); return the
    page time (ms) of the last one."""
    page.wait_for_function(
        "([k, s, n]) => events.filter(e => e[1] === k && (s === null || e[2] === s)).length >= n",
        arg=[kind, seat, count],
    )
    return page.evaluate(
        "([k, s]) => events.filter(e => e[1] === k && (s === null || e[2] === s)).at(-1)[0]", [kind, seat]
    )


def kinds(page: Any) -> list[list[Any]]:
    """The page's open/close events, without times: [["open", "a"], ["close", "a"], ...]."""
    return page.evaluate("events.filter(e => e[1] !== 'message').map(e => e.slice(1))")


def trace(page: Any) -> list[Any]:
    return page.evaluate("StripdeckNet.trace")


def error_of(page: Any, expression: str, *args: Any) -> str | None:
    """The error message that `expression` (a function of args) throws or rejects with."""
    return page.evaluate(f"args => errorOf(() => ({expression})(...args))", list(args))


def failure_of(page: Any, expression: str, *args: Any) -> dict[str, Any] | None:
    """The code and values of the error that `expression` throws or rejects with (net.js gives
    them to an error a person reads, whose words are in the page's language)."""
    return page.evaluate(f"args => failureOf(() => ({expression})(...args))", list(args))


def invite(host: Any, seat: str) -> str:
    return host.evaluate("seat => net.invite(seat).then(r => r.code)", seat)


def connect(host: Any, guest: Any, seat: str) -> tuple[str, str, float]:
    """Invite, join, accept; wait until both sides are open. Returns the invitation, the
    reply and the seconds from guest.join to both sides open."""
    code = invite(host, seat)
    opens = len([e for e in kinds(host) if e == ["open", seat]])
    started = time.perf_counter()
    reply = guest.evaluate("code => net.join(code)", code)
    host.evaluate("([seat, reply]) => net.accept(seat, reply)", [seat, reply])
    wait_event(guest, "open")
    wait_event(host, "open", seat, opens + 1)
    return code, reply, time.perf_counter() - started


def host_page(pages: Pages, options: dict[str, Any] | None = None, context: Any = None) -> Any:
    page = pages.open(context)
    page.evaluate("options => makeHost(options)", options or {})
    return page


def guest_page(pages: Pages, context: Any = None) -> Any:
    page = pages.open(context)
    page.evaluate("makeGuest({})")
    return page


def now(page: Any) -> float:
    return page.evaluate("performance.now()")


def unicode_text(size: int) -> str:
    """At most `size` UTF-8 bytes (a little less) of text with 1- to 4-byte characters."""
    unit = "Stripdeck ♠♥♦♣ Ünïcødé «ß» 牌 🂡🃁 \"quoted\" \\ \n"
    text = unit * (size // len(unit.encode()))
    return text


# ---------------------------------------------------------------- WebRTC


def test_webrtc_host_and_guest_exchange_messages(pages: Pages) -> None:
    host = host_page(pages)
    guest = guest_page(pages)
    code, reply, seconds = connect(host, guest, "a")
    print(f"\nWebRTC invitation {len(code)} chars, reply {len(reply)} chars; "
          f"join -> open {seconds * 1000:.0f} ms")
    for text, prefix in ((code, "w1."), (reply, "r1.")):
        assert URL_SAFE.match(text) and text.startswith(prefix), text
        assert 100 < len(text) < MAX_CODE_CHARS, len(text)
    assert host.evaluate("c => [StripdeckNet.kind(c), StripdeckNet.kind('r1.' + c.slice(3)), "
                         "StripdeckNet.kind('hello')]", code) == ["webrtc", None, None]
    assert host.evaluate("net.state('a')") == "open" and guest.evaluate("net.state()") == "open"
    assert host.evaluate("net.state('nobody')") == "closed"

    big = unicode_text(60_000)
    assert 59_000 < len(big.encode()) <= 60_000
    small = "{\"say\": \"Bonjour ♠ 🂡 — ça va?\", \"nul\": \"\\u0000\"}\u0000"
    host.evaluate("texts => texts.forEach(t => net.send('a', t))", [small, big, ""])
    guest.evaluate("texts => texts.forEach(t => net.send(t))", [big, small])
    guest.wait_for_function("StripdeckNet.trace.length >= 3")
    host.wait_for_function("StripdeckNet.trace.length >= 2")
    assert trace(guest) == [small, big, ""]
    assert trace(host) == [["a", big], ["a", small]]

    # Over 64 KB (UTF-8 bytes, not characters) is refused; so is anything but a string.
    too_long = "RangeError: message too long"
    assert error_of(host, "t => net.send('a', t)", "x" * 70_000).startswith(too_long)
    assert error_of(guest, "t => net.send(t)", "é" * 32_769).startswith(too_long)  # 65,538 bytes
    assert error_of(guest, "t => net.send(t)", "é" * 32_768) is None  # exactly 64 KB
    assert error_of(host, "() => net.send('a', {a: 1})").startswith("TypeError")
    assert error_of(host, "() => net.send('zz', 'hi')") == "Error: This seat is not connected."
    assert failure_of(host, "() => net.send('zz', 'hi')") == {"code": "not-connected", "values": {"seat": "zz"}}

    # A binary frame (net.js never sends one) is dropped; the strings around it arrive.
    guest.evaluate("""() => { const c = channels.at(-1); c.send('before');
                              c.send(new Uint8Array([1, 2, 3])); c.send('after'); }""")
    host.wait_for_function("StripdeckNet.trace.length >= 5")
    assert [t for _, t in trace(host)[3:]] == ["before", "after"]

    rtt = host.evaluate("roundTrip('a', 50)")
    print(f"WebRTC round trip: median {rtt:.2f} ms of 50")
    assert rtt < 100


def test_webrtc_three_guests_get_only_their_own_messages(pages: Pages) -> None:
    host = host_page(pages)
    seats = ["north", "east", "west"]
    guests = {seat: guest_page(pages) for seat in seats}
    codes = host.evaluate("seats => Promise.all(seats.map(s => net.invite(s).then(r => r.code)))", seats)
    assert len(set(codes)) == 3
    replies = {seat: guests[seat].evaluate("c => net.join(c)", code) for seat, code in zip(seats, codes)}
    for seat in reversed(seats):  # in any order
        host.evaluate("([s, r]) => net.accept(s, r)", [seat, replies[seat]])
    for seat in seats:
        wait_event(host, "open", seat)
        wait_event(guests[seat], "open")
        host.evaluate("s => net.send(s, `for ${s}`)", seat)
        guests[seat].evaluate("s => net.send(`from ${s}`)", seat)
    host.wait_for_function("StripdeckNet.trace.length >= 3")
    for seat in seats:
        guests[seat].wait_for_function("StripdeckNet.trace.length >= 1")
    time.sleep(0.2)  # anything misaddressed would have arrived by now
    assert sorted(trace(host)) == sorted([seat, f"from {seat}"] for seat in seats)
    for seat in seats:
        assert trace(guests[seat]) == [f"for {seat}"]
    assert host.evaluate("seats => seats.map(s => net.state(s))", seats) == ["open"] * 3


def test_webrtc_bad_reply_codes_are_refused_in_plain_words(pages: Pages) -> None:
    host = host_page(pages)
    guest_a, guest_b, guest_c = (guest_page(pages) for _ in range(3))
    code_a, code_b = invite(host, "a"), invite(host, "b")
    reply_a = guest_a.evaluate("c => net.join(c)", code_a)
    reply_b = guest_b.evaluate("c => net.join(c)", code_b)
    # Another table (another host) and its guest.
    other_host = host_page(pages)
    other_reply = guest_c.evaluate("c => net.join(c)", invite(other_host, "a"))
    old_code = invite(host, "c")
    old_reply = guest_c.evaluate("c => net.join(c)", old_code)
    invite(host, "c")  # a newer invitation for seat c replaces the one guest_c answered

    def refused(seat: str, reply: str) -> str:
        message = error_of(host, "(s, r) => net.accept(s, r)", seat, reply)
        assert message and message.startswith("Error: "), message
        return message

    assert "not a Stripdeck code" in refused("a", "hello, here is my code")
    assert "empty" in refused("a", "")
    assert "damaged" in refused("a", reply_a[: len(reply_a) // 2])
    assert "damaged" in refused("a", "r1.notReallyCompressed")
    assert "another seat's invitation" in refused("a", reply_b)
    assert failure_of(host, "(s, r) => net.accept(s, r)", "a", reply_b) == {
        "code": "other-seat", "values": {"seat": "a", "other": "b"}}
    assert "invitation code, not a reply" in refused("a", code_a)
    assert "invitation code, not a reply" in refused("a", code_b)
    assert "from another table" in refused("a", other_reply)
    assert "older invitation" in refused("c", old_reply)
    assert failure_of(host, "(s, r) => net.accept(s, r)", "c", old_reply) == {
        "code": "older-reply", "values": {"seat": "c"}}
    assert "no invitation" in refused("d", reply_a)
    assert '"' not in refused("d", reply_a)  # words for a person: no transport seat id in them
    # A guest given a reply, or garbage, instead of an invitation.
    assert "reply code" in error_of(guest_c, "c => net.join(c)", reply_a)
    assert "not a Stripdeck code" in error_of(guest_c, "c => net.join(c)", "https://example.org/")

    # The refused codes spoiled nothing: the right replies still connect, even when pasted
    # with words around them and a line break in the middle (as from a messenger).
    wrapped = f"My reply:\n{reply_a[:100]}\n{reply_a[100:]}\n"
    host.evaluate("([r1, r2]) => Promise.all([net.accept('a', r1), net.accept('b', r2)])", [wrapped, reply_b])
    assert "already connected" in refused("a", reply_a)
    for seat, guest in (("a", guest_a), ("b", guest_b)):
        wait_event(guest, "open")
        guest.evaluate("s => net.send(`hi from ${s}`)", seat)
        host.evaluate("s => net.send(s, `hi ${s}`)", seat)
        guest.wait_for_function("StripdeckNet.trace.length === 1")
        assert trace(guest) == [f"hi {seat}"]
    host.wait_for_function("StripdeckNet.trace.length === 2")
    # Both replies were accepted together: their channels open in either order.
    assert sorted(kinds(host)) == [["open", "a"], ["open", "b"]]


def test_webrtc_accept_gives_up_when_no_connection_comes(pages: Pages) -> None:
    host = host_page(pages, {"timeout": 1})
    guest = guest_page(pages)
    reply = guest.evaluate("c => net.join(c)", invite(host, "a"))
    guest.evaluate("net.close()")  # the guest's side is gone: nothing answers the host's checks
    started = time.perf_counter()
    failure = failure_of(host, "r => net.accept('a', r)", reply)
    print(f"\nWebRTC accept with nobody there: {failure!r} after {time.perf_counter() - started:.1f} s")
    assert failure in ({"code": "no-connection", "values": {"seat": "a", "seconds": 1}},
                       {"code": "connection-failed", "values": {"seat": "a"}})
    assert host.evaluate("net.state('a')") == "closed" and kinds(host) == []
    connect(host, guest, "a")  # inviting again works
    assert kinds(host) == [["open", "a"]]


def test_webrtc_closed_guest_page_is_noticed_and_the_seat_rejoins(pages: Pages) -> None:
    host = host_page(pages)
    guest = guest_page(pages)
    connect(host, guest, "a")

    # A page that closes (pagehide) closes its connection: the host hears at once.
    started = now(host)
    guest.close()
    closed_ms = wait_event(host, "close", "a") - started
    print(f"\nWebRTC guest page.close() -> host.onclose: {closed_ms:.0f} ms")
    assert closed_ms < 2_000
    assert host.evaluate("net.state('a')") == "closed"
    assert failure_of(host, "() => net.send('a', 'hi')") == {"code": "not-connected", "values": {"seat": "a"}}

    # A new invitation for the same seat: the friend rejoins from a new page.
    guest = guest_page(pages)
    connect(host, guest, "a")
    assert kinds(host) == [["open", "a"], ["close", "a"], ["open", "a"]]
    host.evaluate("net.send('a', 'welcome back')")
    guest.wait_for_function("StripdeckNet.trace.length === 1")

    # The host closing a seat: the guest hears at once.
    started = now(guest)
    host.evaluate("net.close('a')")
    print(f"WebRTC host.close(seat) -> guest.onclose: {wait_event(guest, 'close') - started:.0f} ms")
    assert kinds(host)[-1] == ["close", "a"] and host.evaluate("net.state('a')") == "closed"


def test_webrtc_crashed_guest_page_is_noticed_by_ice(pages: Pages) -> None:
    """A page that dies without pagehide (crash, killed browser, lost network): only ICE
    consent checks notice it, in about 5 s on this Chromium."""
    host = host_page(pages)
    guest = guest_page(pages)
    connect(host, guest, "a")
    started = now(host)
    pages.log.expect_crash()
    with pytest.raises(Exception, match="ERR_ABORTED"):
        guest.goto("chrome://crash", timeout=5_000)
    closed_ms = wait_event(host, "close", "a") - started
    print(f"\nWebRTC crashed guest page -> host.onclose: {closed_ms:.0f} ms")
    assert closed_ms < 12_000


# ---------------------------------------------------------------- BroadcastChannel


def broadcast_invitation(code: str) -> list[str]:
    """[table, seat, secret] of a broadcast invitation code."""
    body = code.removeprefix("b1.")
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def forged(code: str, secret: str) -> str:
    table, seat, _ = broadcast_invitation(code)
    payload = json.dumps([table, seat, secret]).encode()
    return "b1." + base64.urlsafe_b64encode(payload).decode().rstrip("=")


def test_broadcast_tabs_of_one_browser(pages: Pages) -> None:
    context = pages.context()
    host = host_page(pages, {"broadcast": "table-1"}, context)
    guest = guest_page(pages, context)
    code = invite(host, "a")
    assert URL_SAFE.match(code) and code.startswith("b1.")
    assert host.evaluate("c => StripdeckNet.kind(c)", code) == "broadcast"
    assert host.evaluate("net.state('a')") == "inviting"
    started = time.perf_counter()
    assert guest.evaluate("c => net.join(c)", code) is None
    host.evaluate("net.accept('a')")  # no reply: resolves once the tab has joined
    wait_event(guest, "open")
    seconds = time.perf_counter() - started
    print(f"\nBroadcast invitation {len(code)} chars; join -> open {seconds * 1000:.0f} ms")

    big = unicode_text(60_000)
    host.evaluate("t => { net.send('a', 'hello ♠'); net.send('a', t); }", big)
    guest.evaluate("net.send('hi 🂡')")
    guest.wait_for_function("StripdeckNet.trace.length === 2")
    host.wait_for_function("StripdeckNet.trace.length === 1")
    assert trace(guest) == ["hello ♠", big] and trace(host) == [["a", "hi 🂡"]]
    assert error_of(guest, "t => net.send(t)", "x" * 70_000).startswith("RangeError")
    rtt = host.evaluate("roundTrip('a', 50)")
    print(f"Broadcast round trip: median {rtt:.2f} ms of 50")

    # A third tab without the secret cannot speak for the seat, nor take it.
    intruder = guest_page(pages, context)
    intruder.evaluate("c => net.join(c)", forged(code, "guessed-secret"))
    intruder.evaluate("""() => {
        const bc = new BroadcastChannel('stripdeck-net:table-1');
        for (const type of ['hello', 'msg', 'bye'])
            bc.postMessage({type, to: 'host', from: 'x', seat: 'a', secret: 'guessed', text: 'forged'});
        bc.close(); }""")
    time.sleep(2.5)  # more than one heartbeat: the intruder's hello is sent again meanwhile
    assert intruder.evaluate("net.state()") == "joining" and kinds(intruder) == []
    assert kinds(host) == [["open", "a"]] and "forged" not in json.dumps(trace(host))
    before = len(trace(host))
    guest.evaluate("net.send('still me')")
    host.wait_for_function("n => StripdeckNet.trace.length > n", arg=before)

    # The guest reloads and joins again with the same code: it takes the seat over.
    guest.reload()
    guest.wait_for_selector("body[data-ready='1']", state="attached")
    guest.evaluate("makeGuest({})")
    guest.evaluate("c => net.join(c)", code)
    wait_event(guest, "open")
    wait_event(host, "open", "a", 2)
    assert kinds(host) == [["open", "a"], ["close", "a"], ["open", "a"]]
    host.evaluate("net.send('a', 'again')")
    guest.evaluate("net.send('back')")
    guest.wait_for_function("StripdeckNet.trace.length === 1")
    assert trace(guest) == ["again"] and trace(host)[-1] == ["a", "back"]

    # Its tab closes: "bye" on pagehide.
    started = now(host)
    guest.close()
    closed_ms = wait_event(host, "close", "a", 2) - started
    print(f"Broadcast guest page.close() -> host.onclose: {closed_ms:.0f} ms")
    assert closed_ms < 1_000 and host.evaluate("net.state('a')") == "closed"


def test_broadcast_silent_tabs_are_closed_by_the_heartbeat(pages: Pages) -> None:
    """A tab that stops answering (frozen, crashed) is closed after about 6 s: a guest that
    joined and went mute, seen by its host; a host that went mute, seen by its guest."""
    context = pages.context()
    host = host_page(pages, {"broadcast": "table-2"}, context)
    mute = pages.open(context)
    mute.evaluate("""([table, seat, secret]) => {
        const bc = new BroadcastChannel('stripdeck-net:' + table);
        bc.postMessage({type: 'hello', to: 'host', from: 'mute', seat, secret}); }""",
                  broadcast_invitation(invite(host, "a")))
    joined = wait_event(host, "open", "a")

    mute_host = host_page(pages, {"broadcast": "table-3"}, context)
    guest = guest_page(pages, context)
    guest.evaluate("c => net.join(c)", invite(mute_host, "b"))
    wait_event(guest, "open")
    started = now(guest)
    # (CDP's Page.setWebLifecycleState "frozen" does not stop a visible headless page.)
    mute_host.evaluate("BroadcastChannel.prototype.postMessage = () => {}")

    host_ms = wait_event(host, "close", "a") - joined
    guest_ms = wait_event(guest, "close") - started
    print(f"\nBroadcast mute guest -> host.onclose {host_ms:.0f} ms after it joined; "
          f"mute host -> guest.onclose {guest_ms:.0f} ms")
    assert 4_000 < host_ms < 9_000 and 4_000 < guest_ms < 9_000
    assert host.evaluate("net.state('a')") == "closed" and guest.evaluate("net.state()") == "closed"


def test_codes_stay_short_and_url_safe_in_many_invitations(pages: Pages) -> None:
    host = host_page(pages)
    codes = host.evaluate("Promise.all(['1','2','3','4','5','6'].map(s => net.invite(s).then(r => r.code)))")
    lengths = [len(c) for c in codes]
    print(f"\nWebRTC invitation lengths: {lengths} (median {statistics.median(lengths)})")
    assert all(URL_SAFE.match(c) and len(c) < MAX_CODE_CHARS for c in codes)
    assert host.evaluate("['1','2','3','4','5','6'].map(s => net.state(s))") == ["inviting"] * 6
    host.evaluate("net.closeAll()")
    assert host.evaluate("net.state('1')") == "closed"
