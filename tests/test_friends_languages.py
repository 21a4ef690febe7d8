"""Play with friends in every language: the Friends panel, the guest's page and the messages
between them, rendered in the pseudo-language ``qps`` (every word must come from the catalogue:
tests/pseudo_support.py), and a host and its guests each reading their own language, which
works because no sentence crosses the network (web/friends/protocol.py, version 2).

The pages are driven as tests/test_host_guest.py drives them: the host's and the guests' logic
on CPython, their messages passed by hand; each side runs in its own language (``using``)."""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from pseudo_support import pseudo_language, stray_words, visible_text
from stripdeck import i18n
from stripdeck.i18n import placeholders, using

WEB = Path(__file__).resolve().parents[1] / "web"
sys.path.insert(0, str(WEB))

import stripdeck  # noqa: E402
from friends import fair_deal, friends_render, guest, host, protocol  # noqa: E402
from table import scheduler, storage  # noqa: E402

ENGLISH = i18n.ENGLISH
QPS_MARKS = re.compile("[~åéïöüýçñÅÉÏÖÜÝÇÑ]")  # what the pseudo-language adds to every sentence
PEOPLE = ["Hana", "Zoë", "Bo"]


@pytest.fixture(scope="module")
def qps() -> i18n.Language:
    return pseudo_language()


def clean(text: str, names: list[str] | tuple[str, ...] = ()) -> None:
    """``text`` (a rendering in qps) has no word outside the catalogue's brackets."""
    stray = stray_words(text, allowed=[*PEOPLE, *names])
    assert not stray, (stray, text)


def clean_html(html: str, names: list[str] | tuple[str, ...] = ()) -> None:
    assert html.strip()
    clean(visible_text(html), names)


def bracketed(text: str) -> None:
    """A single sentence in qps: the whole of it comes from the catalogue."""
    assert text.startswith("[") and text.endswith("]"), text


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Table:
    """A host in ``host_lang`` and its guests in ``guest_lang``; every message to a guest kept."""

    def __init__(self, host_lang: i18n.Language, guest_lang: i18n.Language, guests: int = 2, bots: int = 1,
                 **settings: object) -> None:
        self.host_lang, self.guest_lang = host_lang, guest_lang
        self.clock = Clock()
        chosen = storage.validate({**storage.DEFAULTS, "people": ["Hana"], "opponents": bots, **settings},
                                  guests=guests)
        with self.as_host():
            ctl = host.new_hosted_table(chosen, guests, seed=3)
            ctl.clock = self.clock
            self.host = host.Host(ctl)
            ctl.before_deal = lambda: self.deliver(self.host.settle_leavers())  # as the host's page does
            for i in range(guests):
                self.host.invite(f"s{i + 1}")
        self.guests = {f"s{i + 1}": guest.GuestTable(storage.DEFAULTS, clock=self.clock) for i in range(guests)}
        self.wire: list[str] = []                       # every message to a guest
        self.said: dict[str, list[str]] = {link: [] for link in self.guests}  # what each guest's page announced

    def as_host(self) -> AbstractContextManager[i18n.Language]:
        return using(self.host_lang)

    def as_guest(self) -> AbstractContextManager[i18n.Language]:
        return using(self.guest_lang)

    @property
    def ctl(self) -> Any:
        return self.host.ctl

    def deliver(self, out: list[tuple[str, str]]) -> None:
        for link, text in out:
            self.wire.append(text)
            with self.as_guest():
                said = self.guests[link].received(text)
            if said:
                self.said[link].append(said)

    def send(self, link: str, text: str) -> bool:
        with self.as_host():
            out, changed = self.host.received(link, text)
        self.deliver(out)
        return changed

    def connect(self, link: str, name: str) -> None:
        with self.as_host():
            out = self.host.opened(link)
        self.deliver(out)
        self.send(link, protocol.message("hello", name=name))

    def disconnect(self, link: str) -> None:
        with self.as_host():
            out = self.host.closed(link)
        self.deliver(out)

    def sync(self) -> None:
        with self.as_host():
            out = self.host.sync(roster=True)
        self.deliver(out)

    def step(self, rng: random.Random, guest_move: Callable[[guest.GuestTable], str] | None = None) -> None:
        """One move: the deal, a guest's action (or its clock running out), a bot's or the host's."""
        ctl = self.ctl
        with self.as_host():
            if not ctl.in_hand:
                if ctl.game_over:
                    raise StopIteration
                ctl.deal()
            elif ctl.remote_to_act():
                link = self.host.link_of(ctl.session.to_act_table_seat)
                table = self.guests[link]
                if table.my_turn() and (guest_move is not None or rng.random() < 0.95):
                    text = guest_move(table) if guest_move else passive(table)
                    with self.as_guest():
                        message = table.act(text)
                    assert message is not None
                    self.send(link, message)
                else:  # the guest waits: their clock runs out (or they are away)
                    self.clock.now += 31
                    ctl.run_step(scheduler.next_step(ctl.facts(True), self.clock.now))
            elif ctl.bot_to_act():
                ctl.bot_act()
            else:
                legal = ctl.view().legal
                ctl.act("draw" if ctl.view().phase == "draw" else "check" if legal.allows("check") else "call")
        self.sync()

    def play_hands(self, hands: int, seed: int = 1,
                   guest_move: Callable[[guest.GuestTable], str] | None = None) -> None:
        rng = random.Random(seed)
        target = self.ctl.session.hand_number + hands
        for _step in range(2000):
            if self.ctl.session.hand_number > target or (
                    self.ctl.session.hand_number == target and not self.ctl.in_hand):
                return
            try:
                self.step(rng, guest_move)
            except StopIteration:
                return
        raise AssertionError("the hands did not end")

    def names(self) -> list[str]:
        return [p.name for p in self.ctl.session.seats if p is not None]


def passive(table: guest.GuestTable) -> str:
    legal = table.view.legal
    return "draw" if table.view.phase == "draw" else "check" if legal.allows("check") else "call"


def pushy(table: guest.GuestTable) -> str:
    """All the chips in, as fast as the rules allow."""
    legal = table.view.legal
    if table.view.phase == "draw":
        return "draw"
    for kind in ("raise", "bet"):
        if legal.allows(kind):
            return f"{kind} {legal.max_total}"
    return "call" if legal.allows("call") else "check"


def words_of(html: str) -> str:
    """An HTML fragment's visible words on one line."""
    return " ".join(visible_text(html).split())


def sample_values(sentence: str) -> dict[str, object]:
    """Values for a sentence's placeholders: names for names, numbers for the rest."""
    return {name: 3 if name in ("number", "limit", "high", "length", "chars", "depth", "ours", "event", "seconds")
            else "Zoë" for name in placeholders(sentence)}


# ------------------------------------------------------------------ the host's panel


def test_the_hosting_form_in_qps_has_only_catalogue_words(qps: i18n.Language) -> None:
    with using(qps):
        for preset in (*storage.PRESETS, "bosnian"):
            clean_html(friends_render.setup_html({**storage.DEFAULTS, "preset": preset}))
        clean_html(friends_render.setup_html(storage.DEFAULTS, name="Hana", confirm=True))
        for ice in ("http://x", "stun:a b", "\n".join(["stun:a"] * 6)):
            with pytest.raises(ValueError) as refused:
                friends_render.parse_ice(ice)
            bracketed(str(refused.value))
            clean_html(friends_render.setup_html(storage.DEFAULTS, name="Hana", ice=ice, error=str(refused.value)))
        assert friends_render.default_host_name().startswith("[")


def test_the_host_s_panel_in_qps_through_every_roster_state(qps: i18n.Language) -> None:
    table = Table(qps, qps, guests=3, bots=1)
    bots = [p.name for p in table.ctl.session.seats if p is not None and p.controller == "bot"]
    table.connect("s1", "Zoë")
    table.connect("s2", "Bo")
    table.disconnect("s2")  # Bo was here: away; s3 never came: invited, not joined yet
    roster = table.host.roster()
    assert {r["kind"] for r in roster} == {"host", "bot", "guest", "open"}
    assert [r["name"] for r in roster if r["kind"] == "open"] == [""]  # each page words "Seat 4" itself
    with using(qps):
        refusals = [friends_render.reply_refusal(code, values, "[Thé tråñspört's öwñ wörðs ~~]", labels)
                    for code, values in REPLY_ERRORS for labels in ({"s1": "Zoë", "s2": 4}, {"s1": 2, "s2": "Bo"})]
        invitations = [
            friends_render.Invitation("s1", "Zoë", "", "connected"),
            friends_render.Invitation("s2", "Bo", "https://example.org/#join=w1.abc", "away", refusals[0]),
            friends_render.Invitation("s3", 4, "", "making"),
            friends_render.Invitation("s3", 4, "https://example.org/#join=w1.abc", "waiting", refusals[1]),
            friends_render.Invitation("s3", 4, "https://example.org/#join=b1.abc", "waiting", needs_reply=False),
        ]
        for dealt in (False, True):
            for dropped in (0, 1, 7):
                html = friends_render.hosting_html(invitations, roster, [("Zoë", "<b>hi</b>"), ("Hana", "hello")],
                                                   dealt=dealt, dropped=dropped)
                clean_html(html, bots)
        assert "Seat 4" not in html and "invited" not in html  # worded in qps, by its number
        for words in refusals:
            bracketed(words)
        with pytest.raises(ValueError) as full:
            table.host.invite("s9")  # every guest seat has its invitation
        bracketed(str(full.value))


# Every refusal the transport gives for a pasted reply code (web/page/net.js): code and values.
REPLY_ERRORS = [
    ("older-reply", {"seat": "s1"}), ("other-seat", {"seat": "s1", "other": "s2"}),
    ("other-seat", {"seat": "s2", "other": "s1"}), ("other-table", {"seat": "s1"}),
    ("already-connected", {"seat": "s1"}), ("already-connected", {"seat": "s2"}),
    ("no-connection", {"seat": "s1", "seconds": 30}), ("no-connection", {"seat": "s2", "seconds": 30}),
    ("older-reply", {"seat": "s2"}), ("damaged", {}), ("not-a-code", {}), ("empty-code", {}),
    ("invitation-not-reply", {"seat": "s1"}), ("already-answered", {"seat": "s1"}), ("no-invitation", {"seat": "s1"}),
    ("connection-failed", {"seat": "s1"}), ("invitation-replaced", {"seat": "s1"}), ("", {}),
]


def test_a_refused_reply_names_seats_by_guest_or_number_in_whole_sentences() -> None:
    labels = {"s1": "Zoë", "s2": 3, "s3": "Bo"}
    say = friends_render.reply_refusal
    assert say("other-seat", {"seat": "s1", "other": "s3"}, "", labels) == \
        "This reply code answers Bo's invitation, not Zoë's: paste it in Bo's box."
    assert say("other-seat", {"seat": "s2", "other": "s1"}, "", labels) == \
        "This reply code answers Zoë's invitation, not Seat 3's: paste it in Zoë's box."
    assert say("older-reply", {"seat": "s2"}, "", labels).startswith(
        "This reply code answers an older invitation for Seat 3. Send your friend the newest link")
    assert say("already-connected", {"seat": "s2"}, "", labels) == "Seat 3 is already connected."
    assert say("no-connection", {"seat": "s1", "seconds": 30}, "", labels).startswith(
        "No connection to Zoë's seat after 30 s:")
    # What names no seat, or a seat the panel does not know, is the transport's own words.
    assert say("damaged", {}, "This code is damaged.", labels) == "This code is damaged."
    assert say("older-reply", {"seat": "s9"}, "An older invitation.", labels) == "An older invitation."


# ------------------------------------------------------------------ the guest's page


def test_the_guest_s_panel_in_qps_from_the_invitation_to_the_end(qps: i18n.Language) -> None:
    table = Table(qps, qps, guests=2, bots=1)
    with using(qps):
        for stage, used in (("name", False), ("name", True), ("connecting", False), ("reply", False)):
            clean_html(friends_render.join_html(stage, "Zoë", reply="r1.abcdef", error="[Ñö ~]", used=used))
        bracketed(friends_render.used_link_words())
    table.connect("s1", "Zoë")
    table.connect("s2", "Bo")
    zoe = table.guests["s1"]
    bracketed(table.said["s1"][0])  # "You are seated at Hana's table."
    assert "Hana" in table.said["s1"][0]
    table.send("s1", protocol.message("chat", text="good luck"))
    table.play_hands(3)
    assert zoe.checks and all(v.ok for v in zoe.checks.values())
    with using(qps):
        html = friends_render.join_html("seated", "Zoë", roster=zoe.roster, chat=zoe.chat,
                                        verdict=zoe.verdict_line(), show=True)
        clean_html(html, table.names())
        assert "good luck" in html  # people's own words, as they wrote them
        for said in table.said["s1"][1:]:
            clean(said, [*table.names(), "good luck"])
        step = scheduler.Step("warn", 0.0, zoe.token)
        bracketed(zoe.run_step(step))
    # Bo leaves between hands: his page is told in its own words, and the roster loses him.
    table.send("s2", protocol.message("leave"))
    table.play_hands(1)
    bo = table.guests["s2"]
    with using(qps):
        bracketed(bo.game_over)
        bracketed(protocol.farewell(bo.ended, notice=True))
        clean_html(friends_render.join_html("ended", "Bo", roster=bo.roster, chat=bo.chat,
                                            verdict=bo.verdict_line()), table.names())
    assert "Bo" not in table.names()
    # The host leaves: Zoë's page says so.
    table.deliver(table.host.goodbye())
    with using(qps):
        bracketed(zoe.game_over)
        assert zoe.game_over == protocol.farewell("host-left")


def test_a_guest_s_refused_and_dropped_messages_are_worded_by_the_guest_in_qps(qps: i18n.Language) -> None:
    table = Table(qps, qps, guests=2, bots=0)
    table.connect("s1", "Zoë")
    table.connect("s2", "Bo")
    ctl = table.ctl
    with using(qps):
        ctl.deal()
    table.sync()
    while not ctl.remote_to_act():
        with using(qps):
            ctl.act("call" if ctl.view().legal.allows("call") else "check")
        table.sync()
    to_act = table.host.link_of(ctl.session.to_act_table_seat)
    other = "s2" if to_act == "s1" else "s1"
    step = ctl.step_text
    v = protocol.VERSION
    tries = [
        (other, protocol.message("act", action="fold", step=step)),              # not their turn
        (to_act, protocol.message("act", action="fold", step="1.2")),            # a state that has moved on
        (to_act, protocol.message("act", action="raise 99999", step=step)),      # the engine: amount
        (to_act, protocol.message("act", action="draw Ah", step=step)),          # the engine: not allowed now
        (to_act, protocol.message("act", action="jump", step=step)),             # the engine: cannot read it
        (to_act, "{not json"), (to_act, "[]"), (to_act, json.dumps({"v": v + 1, "t": "act"})),
        (to_act, json.dumps({"v": v, "t": "state"})), (to_act, json.dumps({"v": v, "t": "act", "action": "x"})),
        (to_act, json.dumps({"v": v, "t": "act", "action": "x", "step": "1.0", "s\u0007eat": 1})),
        (to_act, json.dumps({"v": v, "t": "act", "action": 5, "step": step})),
        (to_act, json.dumps({"v": v, "t": "chat", "text": "x" * 500})),
        (to_act, json.dumps({"v": v, "t": "chat", "text": " "})),
        (to_act, json.dumps({"v": v, "t": "chat", "text": "a\u0007"})),
        (to_act, json.dumps({"v": v, "t": "ping", "n": -1})),
        (to_act, json.dumps({"v": v, "t": "act", "action": "call", "step": "one"})),
        (to_act, json.dumps({"v": v, "t": "show", "show": 1})),
    ]
    session = ctl.session
    for link, text in tries:
        errors = len(table.guests[link].errors)
        assert not table.send(link, text)
        assert ctl.session is session
        assert len(table.guests[link].errors) == errors + 1, text
        with using(qps):
            bracketed(table.guests[link].errors[-1])
    assert table.host.dropped
    for text in table.host.dropped:  # the host's log: "{link}: {problem}", both from the catalogue
        bracketed(text)
        clean(text, ["s1", "s2"])
    # Messages the guest's page drops, in its own words.
    g = table.guests["s1"]
    for text in ("", "{}", json.dumps({"v": v, "t": "roster", "seats": [{"seat": 1}]}),
                 json.dumps({"v": v, "t": "welcome", "seat": 9, "host": "Hana"}),
                 json.dumps({"v": v, "t": "error", "code": "amount", "values": {}}),
                 json.dumps({"v": v, "t": "error", "code": "lies", "values": {}}),
                 json.dumps({"v": v, "t": "bye", "why": "Goodbye!"}),
                 json.dumps({"v": v, "t": "roster", "seats": [{"seat": 1, "name": "Seat 2", "kind": "open",
                                                               "connected": False}]})):
        with using(qps):
            assert g.received(text) == ""
            bracketed(g.errors[-1])
            clean(g.errors[-1])


def test_every_reason_a_page_words_itself_is_in_the_catalogue(qps: i18n.Language) -> None:
    with using(qps):
        for table in (protocol.PROBLEMS, protocol.REFUSALS, protocol.ENDINGS):
            for code, sentence in table.items():
                words = protocol.describe(table, code, sample_values(sentence))
                bracketed(words)
                clean(words, ["12.34"])
        for code in protocol.GOODBYES:
            bracketed(protocol.farewell(code))
            bracketed(protocol.farewell(code, notice=True))
        for code, sentence in fair_deal.WORDS.items():
            verdict = fair_deal.Verdict(code == "verified", code, sample_values(sentence))
            bracketed(verdict.words())
            bracketed(verdict.warning())
    # A host's message carries exactly the values its code's sentence takes: the guest's page can
    # always word it, and nothing else (no sentence) can ride along.
    for code, sentence in protocol.ERRORS.items():
        text = protocol.message("error", code=code, values=sample_values(sentence))
        assert protocol.parse(text, "host")["values"] == sample_values(sentence)
        with pytest.raises(protocol.ProtocolError):
            protocol.message("error", code=code, values={**sample_values(sentence), "message": "It is not your turn."})


def test_every_deal_check_outcome_is_worded_in_qps(qps: i18n.Language) -> None:
    rules = storage.rules_from(storage.DEFAULTS)
    state = stripdeck.start_hand(rules, [50, 50], 0, seed=11)
    state, _events = stripdeck.apply(state, "fold")
    seen = [e.to_dict() for e in stripdeck.player_view(state, 1).log]
    salt = "ab" * 16
    scenario = fair_deal.reveal_scenario(state)
    outcomes = {
        "verified": fair_deal.check(fair_deal.commitment(11, salt), 11, salt, scenario, 1, seen),
        "no-commitment": fair_deal.check(None, 11, salt, scenario, 1, seen),
        "seed": fair_deal.check(fair_deal.commitment(12, salt), 11, salt, scenario, 1, seen),
        "cards": fair_deal.check(fair_deal.commitment(12, salt), 12, salt, scenario, 1, seen),
        "shape": fair_deal.check(fair_deal.commitment(11, salt), 11, salt, {**scenario, "deck": []}, 1, seen),
        "replay": fair_deal.check(fair_deal.commitment(11, salt), 11, salt, {**scenario, "actions": ["jump"]}, 1,
                                  seen),
        "seat": fair_deal.check(fair_deal.commitment(11, salt), 11, salt, scenario, 7, seen),
    }
    for code, verdict in outcomes.items():
        assert verdict.code == code and verdict.ok == (code == "verified")
        assert verdict.loud == (code != "verified")
        with using(qps):
            assert verdict.words().startswith("[")  # "replay" holds the engine's own words: its helper's part
            bracketed(verdict.warning())
    assert fair_deal.verify(fair_deal.commitment(11, salt), 11, salt, scenario, 1, seen)[1].startswith("Deal verified")


def test_a_page_seated_mid_hand_and_a_tampered_reveal_are_worded_in_qps(qps: i18n.Language) -> None:
    table = Table(qps, qps, guests=2, bots=0)
    table.connect("s1", "Zoë")
    table.connect("s2", "Bo")
    table.disconnect("s2")
    with using(qps):
        table.ctl.deal()
    table.sync()
    table.guests["s2"] = guest.GuestTable(storage.DEFAULTS, clock=table.clock)  # Bo's page comes back (a reload)
    table.connect("s2", "Bo")
    original = table.deliver

    def tamper(out: list[tuple[str, str]]) -> None:  # from hand 2 on, the host reveals another seed
        changed = []
        for link, text in out:
            msg = json.loads(text)
            if msg["t"] == "reveal" and msg["hand"] >= 2:
                msg["seed"] += 1
                text = json.dumps(msg)
            changed.append((link, text))
        original(changed)

    table.deliver = tamper  # type: ignore[method-assign]
    table.play_hands(2)
    bo, zoe = table.guests["s2"], table.guests["s1"]
    assert bo.checks[1].code == "joined-later" and not bo.checks[1].loud
    assert zoe.checks[1].ok and zoe.checks[2].code == "seed" and bo.checks[2].code == "seed"
    with using(qps):
        for page in (bo, zoe):
            bracketed(page.take_warning())
            assert page.take_warning() == ""  # told once
            clean(page.verdict_line())
        assert bo.verdicts[1][1].startswith("[")
    with using(ENGLISH):  # the words follow the page's language when shown, not when the hand was checked
        assert zoe.verdict_line() == (f"Hand {max(zoe.checks)}: The revealed seed does not match the commitment "
                                      "sent before the deal.")


def test_the_game_over_is_worded_by_the_guest_s_page(qps: i18n.Language) -> None:
    table = Table(qps, qps, guests=1, bots=0, stack=20)
    table.connect("s1", "Zoë")
    table.play_hands(40, guest_move=pushy)
    zoe = table.guests["s1"]
    assert table.ctl.game_over and zoe.state is not None and zoe.state["over"]["code"] == "won-all"
    winner = zoe.state["over"]["values"]["name"]
    assert winner in ("Hana", "Zoë")
    with using(qps):
        bracketed(zoe.game_over)
        assert winner in zoe.game_over
    with using(ENGLISH):
        assert zoe.game_over == f"{winner} has won every chip at the table. Start a new table."
    over = protocol.message("state", view=None, names=[], table_seats=[], hand=9, step="9.0", you=None, left=None,
                            limit=None, over={"code": "bots-only", "values": {}})
    zoe.ended = ""
    zoe.received(over)
    with using(qps):
        bracketed(zoe.game_over)


# ------------------------------------------------------------------ a table in two languages


def languages(host_lang: i18n.Language, guest_lang: i18n.Language) -> Iterator[Table]:
    """A table played through everything that crosses the network: seating, chat, refusals,
    hands and their reveals, leaving, a guest away and back, the host leaving."""
    table = Table(host_lang, guest_lang, guests=2, bots=1)
    table.connect("s1", "Zoë")
    table.connect("s2", "Bo")
    table.send("s1", protocol.message("chat", text="hi all"))
    with table.as_host():
        table.deliver(table.host.say("welcome"))
    table.play_hands(2)
    table.send("s1", protocol.message("act", action="fold", step="0.0"))  # refused: not their turn
    table.send("s2", "{broken")  # refused: malformed
    table.disconnect("s2")
    table.play_hands(1)
    table.connect("s2", "Bo")
    table.play_hands(1)
    table.send("s1", protocol.message("leave"))
    table.play_hands(1)
    yield table
    with table.as_host():
        table.deliver(table.host.goodbye())
    yield table


def checked_in_its_own_language(page: guest.GuestTable) -> None:
    """Every hand the page could check verified, though it replayed the host's deal in its own
    language: what the host shows a seat (the view's events) holds no words of the host's."""
    assert page.checks and all(v.ok or v.code == "joined-later" for v in page.checks.values()), page.checks
    shown = [n for n, final in page.finals.items() if any(e["kind"] == "show" for e in final["view"]["log"])]
    assert any(page.checks[n].ok for n in shown if n in page.checks)  # a showdown's hands among them


def test_a_host_in_qps_sends_no_sentence_and_its_english_guests_read_english(qps: i18n.Language) -> None:
    stages = languages(qps, ENGLISH)
    table = next(stages)
    assert table.wire and not [text for text in table.wire if QPS_MARKS.search(text)]  # no sentence crossed
    checked_in_its_own_language(table.guests["s2"])
    with using(qps):
        clean_html(friends_render.hosting_html([], table.host.roster(), table.host.chat, dealt=True,
                                               dropped=len(table.host.dropped)), table.names())
    zoe, bo = table.guests["s1"], table.guests["s2"]
    for page in (zoe, bo):
        for words in (*table.said["s1"], *table.said["s2"], *page.errors, page.game_over, page.verdict_line(),
                      words_of(friends_render.join_html("seated", roster=page.roster, chat=page.chat))):
            assert not QPS_MARKS.search(words) and "[" not in words, words
    assert table.said["s1"][0] == "You are seated at Hana's table."
    assert "Hana says: welcome" in table.said["s2"]
    assert zoe.errors == ["It is not your turn."] and bo.errors[-1].startswith("the message is not JSON")
    assert zoe.game_over == "You have left the table. Thanks for playing!"
    assert bo.verdict_line().startswith("Hand ") and "Deal verified" in bo.verdict_line()
    roster = words_of(friends_render.roster_html(bo.roster))
    assert "Hana (host) connected" in roster and "Bo connected" in roster
    next(stages)
    assert bo.game_over == "The host has left the table."


def test_english_host_qps_guests_each_page_reads_its_own_language(qps: i18n.Language) -> None:
    stages = languages(ENGLISH, qps)
    table = next(stages)
    zoe, bo = table.guests["s1"], table.guests["s2"]
    checked_in_its_own_language(bo)
    with using(ENGLISH):
        host_html = friends_render.hosting_html([], table.host.roster(), table.host.chat, dealt=True,
                                                dropped=len(table.host.dropped))
    assert not QPS_MARKS.search(host_html) and "Hana (host) connected" in words_of(host_html)
    with using(qps):
        for page in (zoe, bo):
            for words in page.errors:
                bracketed(words)
            clean(page.verdict_line())
            clean_html(friends_render.join_html("seated", roster=page.roster, chat=page.chat), table.names())
        for link in ("s1", "s2"):
            for said in table.said[link]:
                clean(said, [*table.names(), "hi all", "welcome"])
        bracketed(zoe.game_over)
    next(stages)
    with using(qps):
        bracketed(bo.game_over)
    with using(ENGLISH):
        assert bo.game_over == "The host has left the table."
