"""The page's changes as data (web/app/patch.py): batches, and that web/page/patch.js applies every
kind of change Python can make (it throws on a kind it does not know); the storage as Python sees
it (web/app/page_store.py)."""

from __future__ import annotations

import doctest
import json
import re
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
PAGE = WEB / "page"
sys.path.insert(0, str(WEB))

from app import page_store, patch  # noqa: E402 (no DOM, no Pyodide in either)


def test_doctests() -> None:
    assert doctest.testmod(patch).failed == 0
    assert doctest.testmod(page_store).failed == 0


def test_nested_batches_go_together_when_the_outermost_ends_even_after_an_error() -> None:
    sent: list[str] = []
    page = patch.PagePatch(sent.append)
    with pytest.raises(RuntimeError), page.batch():
        page.data("hand", "1")
        with page.batch():
            page.focus("#controls .primary")
        assert sent == []  # the inner batch's end sends nothing
        raise RuntimeError("drawing failed")
    assert [json.loads(text) for text in sent] == [[["data", "hand", "1"], ["focus", "#controls .primary"]]]
    page.flush()
    assert len(sent) == 1  # nothing left over to send twice


def test_a_region_is_sent_again_only_when_its_html_changed_or_on_purpose() -> None:
    sent: list[str] = []
    page = patch.PagePatch(sent.append)
    page.html("table", "<p>a</p>")
    page.html("table", "<p>a</p>")
    page.html("controls", "<p>a</p>")  # another region with the same HTML is its own
    page.html("table", "<p>b</p>")
    page.html("table", "<p>b</p>", always=True)
    assert [json.loads(t)[0][1:] for t in sent] == [
        ["table", "<p>a</p>"], ["controls", "<p>a</p>"], ["table", "<p>b</p>"], ["table", "<p>b</p>"]]


def test_patch_js_applies_every_kind_of_change_python_makes() -> None:
    source = (PAGE / "patch.js").read_text(encoding="utf-8")
    block = source[source.index("const APPLY = {"):source.index("\n  };", source.index("const APPLY = {"))]
    applied = set(re.findall(r'^\s{4}"?([\w-]+)"?(?::|,)', block, re.M)) | {"restore-focus"}
    documented = set(re.findall(r'^//\s+\["([\w-]+)"', source, re.M))
    sent: list[str] = []
    page = patch.PagePatch(sent.append)
    page.html("t", "x"); page.prop("#t", "hidden", True); page.attr("#t", "data-action", "bet 4")  # noqa: E702
    page.data("hand", None); page.body_class("started", True); page.style("#t", "--x", None)  # noqa: E702
    page.scroll_end("t"); page.timer("4 s", "40.0%", False, True); page.restore_focus()  # noqa: E702
    page.focus("#t"); page.focus_turn(); page.title("T"); page.sound(); page.mark("m")  # noqa: E702
    page.copy("#t", True, "Copied.", "Copy it."); page.download("{}", "a.json", "Downloaded.")  # noqa: E702
    page.store("stripdeck.k", None)
    page.panel("help", None)
    page.net("goodbye", "bye")
    page.reload()
    page.url("index.html"); page.language("it", "./manifest.it.webmanifest", {})  # noqa: E702
    made = {json.loads(text)[0][0] for text in sent}
    methods = {name for name in vars(patch.PagePatch) if not name.startswith("_")} - {"batch", "flush", "add"}
    assert len(made) == len(methods), "a PagePatch method this test does not call"
    assert made <= applied, f"kinds patch.js does not apply: {made - applied}"
    assert made == documented, f"patch.js's list of kinds differs: {made ^ documented}"


class Heard:
    """A table with friends' side of the transport: what it heard, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[object, ...]] = []

    def opened(self, seat: object) -> None:
        self.calls.append(("opened", seat))

    def closed(self, seat: object) -> None:
        self.calls.append(("closed", seat))

    def arrived(self, seat: object, text: object) -> None:
        self.calls.append(("arrived", seat, text))

    def unsent(self, seat: object, problem: object) -> None:
        self.calls.append(("unsent", seat, problem))


def test_the_friends_transport_by_messages_answers_requests_and_passes_on_events() -> None:
    import asyncio

    from app import net_port  # no DOM, no Pyodide: the transport is reached by messages

    async def scenario() -> None:
        sent: list[str] = []
        heard = Heard()
        port = net_port.NetPort(patch.PagePatch(sent.append), "host", {"iceServers": []}, heard)
        assert json.loads(sent[0]) == [["net", "start", "host", {"iceServers": []}]]
        invite = asyncio.ensure_future(port.request("invite", "s1"))
        accept = asyncio.ensure_future(port.request("accept", "s1", "r1.x"))
        await asyncio.sleep(0)
        (_, _, first, method, args), = json.loads(sent[1])
        assert (method, args) == ("invite", ["s1"])
        second = json.loads(sent[2])[0][2]
        port.heard({"event": "answer", "id": second, "error": {"message": "Another seat's reply.",
                                                               "code": "other-seat", "values": {"seat": "s1"}}})
        port.heard({"event": "answer", "id": first, "result": {"code": "w1.abc"}})
        port.heard({"event": "answer", "id": first, "result": "again"})  # answered already: dropped
        port.heard({"event": "answer", "id": 999, "result": None})  # asked by nobody: dropped
        assert await invite == {"code": "w1.abc"}
        try:
            await accept
        except net_port.NetError as err:
            assert net_port.error_code(err) == ("other-seat", {"seat": "s1"})
            assert net_port.error_text(err) == "Another seat's reply."
        else:
            raise AssertionError("a refused accept must raise")
        port.send("s1", "hello")
        assert json.loads(sent[-1]) == [["net", "call", None, "send", ["s1", "hello"]]]
        for message in ({"event": "open", "seat": "s1"}, {"event": "message", "seat": "s1", "text": 7},
                        {"event": "unsent", "seat": "s1", "problem": "closed"}, {"event": "close", "seat": 3},
                        {"event": "nonsense"}):
            port.heard(message)
        assert heard.calls == [("opened", "s1"), ("arrived", "s1", None), ("unsent", "s1", "closed"),
                               ("closed", None)]

    # In a thread of its own: in the full suite this process may already run an event loop
    # (Playwright's sync API in a browser test before this one).
    failures: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as err:  # noqa: BLE001 - handed to the test's thread
            failures.append(err)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]


# ---------------------------------------------------------------- play with friends' records (app/friends_store.py)

@pytest.mark.parametrize("raw", [None, "", "{", "[1, 2]", '"webrtc"', '{"transport": "carrier pigeon"}',
                                 '{"transport": 7}'])
def test_a_missing_or_corrupt_hosting_record_is_as_good_as_none(raw: str | None) -> None:
    from app import friends_store
    from table import storage

    store = storage.MemoryStore()
    if raw is not None:
        store.setItem(friends_store.HOSTING_KEY, raw)
    assert friends_store.read_hosting(store) is None


def test_a_hosting_record_keeps_its_transport_and_drops_servers_it_cannot_read() -> None:
    from app import friends_store
    from table import storage

    store = storage.MemoryStore()
    good = {"transport": "webrtc", "ice": [{"urls": "stun:stun.example.org:3478"}]}
    store.setItem(friends_store.HOSTING_KEY, json.dumps(good))
    transport, ice = friends_store.read_hosting(store)
    assert transport == "webrtc" and [s["urls"] for s in ice] == ["stun:stun.example.org:3478"]
    store.setItem(friends_store.HOSTING_KEY, json.dumps({"transport": "broadcast", "ice": [{"no": "urls"}]}))
    assert friends_store.read_hosting(store) == ("broadcast", [])


def test_a_guest_record_survives_corruption_and_keeps_only_the_last_twenty_invitations() -> None:
    from app import friends_store
    from table import storage

    store = storage.MemoryStore()
    store.setItem(friends_store.GUEST_KEY, "not json")
    assert friends_store.stored_guest(store) == {} and friends_store.stored_guest_name(store) == ""
    assert friends_store.stored_guest_show(store, True) is True  # nothing kept: the page's own setting
    friends_store.store_guest(store, name="Zoë", show_losing=False)
    assert friends_store.stored_guest_name(store) == "Zoë" and friends_store.stored_guest_show(store, True) is False
    for n in range(25):
        friends_store.remember_invitation(store, f"w1.code{n}")
    used = friends_store.used_invitations(store)
    assert len(used) == 20 and friends_store.invitation_key("w1.code24") in used
    assert friends_store.invitation_key("w1.code0") not in used
    assert "w1.code24" not in store.getItem(friends_store.GUEST_KEY)  # a fingerprint, not the code
    friends_store.remember_invitation(store, "w1.code24")  # seated again: kept once
    assert len(friends_store.used_invitations(store)) == 20


@pytest.mark.parametrize(("fragment", "expected"), [
    ("#join=w1.abc", ("w1.abc", [])),
    ("#join=w1.abc&ice=not-json", ("w1.abc", [])),
    ("#join=", None),
    ("#play", None),
    ("#join=" + "x" * 4001, None),
])
def test_an_invitation_in_the_address_is_read_or_ignored(fragment: str, expected: object) -> None:
    from app import friends_store

    assert friends_store.invitation_from_hash(fragment) == expected


def drawn(draw: Any) -> list[list[Any]]:
    """The changes one drawing (``draw(page)``) sends, as one batch."""
    sent: list[str] = []
    page = patch.PagePatch(sent.append)
    with page.batch():
        draw(page)
    return [change for text in sent for change in json.loads(text)]


def test_page_draw_writes_the_table_history_s_exports_and_the_body_s_data_for_each_mode() -> None:
    from app import page_draw
    from table import commands, controller, storage

    assert doctest.testmod(page_draw).failed == 0
    # Pass and play: the exports are withheld (a shared device), and a confirmation asked for stays.
    settings = storage.validate({**storage.DEFAULTS, "people": ["Ann", "Bo"], "opponents": 1})
    ctl = controller.Controller(settings, seed=3)
    empty = drawn(lambda page: page_draw.empty_table(page, ctl.game_over, "pass", ""))
    assert [c[:2] for c in empty] == [["html", "table"], ["html", "controls"], ["html", "history-list"]]
    assert 'data-cmd="deal"' in empty[1][2] and "Ready to deal." in empty[0][2]
    guest_words = drawn(lambda page: page_draw.empty_table(page, "", "guest", ""))
    assert "Waiting for the host to deal" in guest_words[0][2] and guest_words[1][2] == ""
    assert ctl.deal()
    model = ctl.model()
    assert model is not None
    offers = commands.offers("pass")
    table = drawn(lambda page: page_draw.hand_table(page, ctl, model, "", offers))
    assert [c[:2] for c in table][-1] == ["scroll-end", "history-list"]
    still: list[bool] = []
    panel = drawn(lambda page: still.append(page_draw.history_panel(page, ctl, None, "", True)))
    assert still == [True] and ["prop", "#export-gate", "hidden", False] in panel
    assert ["prop", "#copy", "disabled", True] in panel and ["prop", "#export-text", "hidden", True] in panel
    data = dict((c[1], c[2]) for c in drawn(lambda page: page_draw.body_data(page, ctl, model, "pass", offers)))
    assert data["mode"] == "pass" and data["hand"] == "1" and data["commands"] == " ".join(sorted(offers))
    assert data["myTurn"] == ("1" if model.my_turn else "0") and data["over"] == "0"
    # Solo, and the same table in a widget: nothing withheld, so no confirmation is kept.
    solo = controller.Controller(storage.validate(dict(storage.DEFAULTS)), seed=3)
    assert solo.deal()
    still.clear()
    panel = drawn(lambda page: still.append(page_draw.history_panel(page, solo, None, "", True)))
    assert still == [False] and ["prop", "#export-gate", "hidden", True] in panel
    for mode, shown in (("solo", "solo"), ("embed", "solo")):
        data = dict((c[1], c[2]) for c in drawn(
            lambda page, mode=mode: page_draw.body_data(page, solo, solo.model(), mode, commands.offers(mode))))
        assert data["mode"] == shown
