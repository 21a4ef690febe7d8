"""A host's page and its guests' pages on CPython, their messages passed by hand: every message
is checked, a guest sees only what its seat may see, deals are verified, forgeries change
nothing. (tests/browser/test_friends.py does the same over real WebRTC in Chromium.)"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
sys.path.insert(0, str(WEB))

from friends import fair_deal, guest, host, protocol  # noqa: E402
from table import scheduler, storage  # noqa: E402

CARD = re.compile(r"\b(?:[789TJQKA][hdcs]|Jk)\b")
V = protocol.VERSION


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Table:
    """A host and its guests, with every message captured on its way to a guest."""

    def __init__(self, guests: int = 2, bots: int = 1, seed: int = 3, **settings: object) -> None:
        self.clock = Clock()
        chosen = storage.validate({**storage.DEFAULTS, "people": ["Hana"], "opponents": bots, **settings},
                                  guests=guests)
        ctl = host.new_hosted_table(chosen, guests, seed=seed)
        ctl.clock = self.clock
        self.host = host.Host(ctl)
        self.guests = {f"s{i + 1}": guest.GuestTable(storage.DEFAULTS, clock=self.clock) for i in range(guests)}
        self.inbox: dict[str, list[str]] = {link: [] for link in self.guests}
        for link in self.guests:
            self.host.invite(link)

    def deliver(self, out: list[tuple[str, str]]) -> None:
        for link, text in out:
            self.inbox[link].append(text)
            self.guests[link].received(text)

    def connect(self, link: str, name: str) -> None:
        self.deliver(self.host.opened(link))
        self.send(link, protocol.message("hello", name=name))

    def send(self, link: str, text: str) -> bool:
        out, changed = self.host.received(link, text)
        self.deliver(out)
        return changed

    def step(self, rng: random.Random) -> None:
        """One move of the table: the due automatic step, or a guest's or the host's action."""
        ctl = self.host.ctl
        if not ctl.in_hand:
            if ctl.game_over:
                raise StopIteration
            ctl.deal()
        elif ctl.remote_to_act():
            seat = ctl.session.to_act_table_seat
            link = self.host.link_of(seat)
            table = self.guests[link]
            if table.my_turn() and rng.random() < 0.95:
                legal = table.view.legal
                kind = rng.choice([k for k in legal.kinds if k != "timeout"])
                text = {"bet": f"bet {legal.min_total}", "raise": f"raise {legal.max_total}"}.get(kind, kind)
                if kind == "draw":
                    text = "draw " + " ".join(str(c) for c in table.view.my_hand[:rng.randint(0, legal.draw_max)])
                self.send(link, table.act(text))
            else:  # the guest waits: their clock runs out
                self.clock.now += 31
                step = scheduler.next_step(ctl.facts(True), self.clock.now)
                ctl.run_step(step)
        elif ctl.bot_to_act():
            ctl.bot_act()
        else:
            view = ctl.view()
            legal = view.legal
            ctl.act("take up" if legal.allows("take up") else "draw" if view.phase == "draw"
                    else "check" if legal.allows("check") else "call")
        self.deliver(self.host.sync())


def assert_no_card_leaked(table: Table, link: str) -> None:
    """No card reached this guest that it could not see: its own, cards shown at showdown, and the
    face-up cards of the choice of the fourth card (public at once)."""
    seat = table.host.links[link].seat
    known: set[str] = set()
    hand = 0
    for text in table.inbox[link]:
        msg = json.loads(text)
        if msg["t"] == "reveal":
            continue  # after the hand: the seed and the actions, which the guest checks
        if msg["t"] == "state" and msg["view"] is not None:
            if msg["hand"] != hand:
                hand, known = msg["hand"], set()
            view = msg["view"]
            you = msg["you"]
            if you is not None and view["seats"][you]["hand"]:
                known |= set(view["seats"][you]["hand"].split())
            for event in view["log"]:
                if event.get("seat") == you and "cards" in event:
                    known |= set(event["cards"].split())
                if event["kind"] in ("show", "face_up"):
                    known |= set(event["cards"].split())
        leaked = set(CARD.findall(text)) - known
        assert not leaked, (seat, msg["t"], leaked)


def test_guests_see_only_their_own_cards_and_every_deal_is_verified() -> None:
    table = Table(guests=2, bots=1)
    table.connect("s1", "Zoë")
    table.connect("s2", "Zoë")  # the same name: made unique
    names = [p.name for p in table.host.ctl.session.seats if p]
    assert names == ["Hana", "Zoë", "Zoë 2", "Ada"]
    rng = random.Random(1)
    hands = []
    for _ in range(400):
        before = table.host.ctl.session.hand_number
        try:
            table.step(rng)
        except StopIteration:
            break
        if table.host.ctl.session.hand_number != before and before:
            hands.append(before)
        if len(hands) >= 8:
            break
    assert len(hands) >= 8
    for link, g in table.guests.items():
        verified = [n for n, (ok, _) in g.verdicts.items() if ok]
        assert verified and all(ok for ok, _ in g.verdicts.values()), g.verdicts
        assert g.hand_log["played"] == len(g.verdicts)
        assert_no_card_leaked(table, link)
        exported = json.loads(g.export_json())  # History's export: the last verified hand, replayed
        scenario = g.scenarios[max(g.scenarios)]
        assert {key: exported[key] for key in scenario} == scenario and exported["complete"]
        assert exported["stacks_after"] == [a + d for a, d in zip(exported["stacks"], exported["deltas"])]
        assert len(json.loads(g.export_session_json())["hands"]) == g.hand_log["played"]


def test_forged_malformed_and_out_of_turn_messages_change_nothing() -> None:
    table = Table(guests=2, bots=0)
    table.connect("s1", "Ann")
    table.connect("s2", "Bo")
    ctl = table.host.ctl
    ctl.deal()
    table.deliver(table.host.sync())
    while not ctl.remote_to_act():
        view = ctl.view()
        ctl.act("call" if view.legal.allows("call") else "check")
    to_act = table.host.link_of(ctl.session.to_act_table_seat)
    other = "s2" if to_act == "s1" else "s1"
    session = ctl.session
    step = ctl.step_text
    forged = [
        "{not json", "[" * 5000 + "]" * 5000, "x" * 70_000, '"just text"', json.dumps({"v": V + 1, "t": "act"}),
        protocol.message("act", action="fold", step=step)[:-1] + ',"seat":0}',  # acting for another seat
        json.dumps({"v": V, "t": "act", "action": "fold", "step": step, "link": to_act}),
        json.dumps({"v": V, "t": "state", "view": None}),  # a guest cannot send host messages
        json.dumps({"v": V, "t": "act", "action": "fold" * 50, "step": step}),
        json.dumps({"v": V, "t": "hello", "name": "\u0007bell"}),
    ]
    for text in forged:
        for link in (to_act, other):
            assert not table.send(link, text)
            assert ctl.session is session
    assert not table.send(other, protocol.message("act", action="fold", step=step))  # not their turn
    assert ctl.session is session and "not your turn" in table.guests[other].errors[-1].lower()
    assert not table.send(to_act, protocol.message("act", action="raise 99999", step=step))
    assert ctl.session is session and table.guests[to_act].errors[-1]
    assert not table.send(to_act, protocol.message("act", action="fold", step="1.2"))  # a stale state
    assert ctl.session is session
    out, changed = table.host.received("s9", protocol.message("act", action="fold", step=step))
    assert not changed and not out  # a link that was never invited
    assert len(table.host.dropped) >= len(forged)
    assert table.send(to_act, protocol.message("act", action="fold", step=step))
    assert ctl.session is not session


def test_an_absent_guest_times_out_at_once_and_plays_again_after_rejoining() -> None:
    table = Table(guests=1, bots=1, timers=False)
    table.connect("s1", "Zoë")
    ctl = table.host.ctl
    table.deliver(table.host.closed("s1"))
    ctl.deal()
    for _ in range(50):
        if ctl.remote_to_act():
            break
        if ctl.bot_to_act():
            ctl.bot_act()
        else:
            view = ctl.view()
            ctl.act("check" if view.legal.allows("check") else "call")
    assert ctl.remote_to_act()
    step = scheduler.next_step(ctl.facts(True), table.clock.now)
    assert step is not None and (step.kind, step.at) == ("timeout", table.clock.now)
    assert "is away" in ctl.run_step(step)
    table.connect("s1", "Zoë")
    assert ctl.session.seats[1].name == "Zoë" and 1 in ctl.connected


def test_a_tampered_reveal_is_flagged_loudly() -> None:
    table = Table(guests=1, bots=1)
    table.connect("s1", "Zoë")
    rng = random.Random(4)
    g = table.guests["s1"]
    original = table.deliver

    def tamper(out: list[tuple[str, str]]) -> None:
        changed = []
        for link, text in out:
            msg = json.loads(text)
            if msg["t"] == "reveal":
                msg["seed"] += 1  # another seed than the one committed to
                text = json.dumps(msg)
            changed.append((link, text))
        original(changed)

    table.deliver = tamper  # type: ignore[method-assign]
    for _ in range(300):
        table.step(rng)
        if g.verdicts:
            break
    ok, words = next(iter(g.verdicts.values()))
    assert not ok and "does not match the commitment" in words


def test_a_reveal_whose_cards_differ_from_what_was_shown_is_flagged() -> None:
    rules = storage.rules_from(storage.DEFAULTS)
    import stripdeck

    state = stripdeck.start_hand(rules, [50, 50], 0, seed=11)
    state, _ = stripdeck.apply(state, "fold")
    seen = [e.to_dict() for e in stripdeck.player_view(state, 1).log]
    salt = "ab" * 16
    scenario = fair_deal.reveal_scenario(state)
    assert fair_deal.verify(fair_deal.commitment(11, salt), 11, salt, scenario, 1, seen)[0]
    # The host committed honestly to seed 12 but dealt from 11: the replay shows other cards.
    ok, words = fair_deal.verify(fair_deal.commitment(12, salt), 12, salt, scenario, 1, seen)
    assert not ok and "differ from what you were shown" in words
    assert not fair_deal.verify(None, 11, salt, scenario, 1, seen)[0]


@pytest.mark.parametrize("text", ["", "{}", '{"v":2}', '{"v":2,"t":"state"}', '{"v":2,"t":"nope"}',
                                  '{"v":1,"t":"pong","n":1}'])
def test_a_guest_drops_malformed_host_messages(text: str) -> None:
    g = guest.GuestTable(storage.DEFAULTS)
    assert g.received(text) == "" and g.errors and g.view is None


def mid_hand_rejoin(resend_commitment: bool) -> tuple[Table, list[str]]:
    """Zoë plays from before the deal; Bo's page comes in while hand 1 is played (a new page, as
    after a reload). With ``resend_commitment`` the host also sends hand 1's commitment with the
    welcome, as hosts before this fix did."""
    table = Table(guests=2, bots=0)
    table.connect("s1", "Zoë")
    table.connect("s2", "Bo")
    ctl = table.host.ctl
    table.deliver(table.host.closed("s2"))
    ctl.deal()
    table.deliver(table.host.sync())
    table.guests["s2"] = guest.GuestTable(storage.DEFAULTS, clock=table.clock)
    out = table.host.opened("s2")
    kinds = [json.loads(text)["t"] for link, text in out if link == "s2"]
    if resend_commitment:
        seed, salt = table.host.commits[1]
        out.insert(1, ("s2", protocol.message("commit", hand=1, hash=fair_deal.commitment(seed, salt))))
    table.deliver(out)
    table.send("s2", protocol.message("hello", name="Bo"))
    rng = random.Random(2)
    while ctl.session.hand_number < 3:
        table.step(rng)
    return table, kinds


@pytest.mark.parametrize("resend_commitment", [False, True])
def test_a_page_seated_mid_hand_says_that_hand_cannot_be_checked(resend_commitment: bool) -> None:
    table, kinds = mid_hand_rejoin(resend_commitment)
    assert "commit" not in kinds  # the host sends no commitment for a hand already dealt
    late, early = table.guests["s2"], table.guests["s1"]
    ok, words = late.verdicts[1]
    assert not ok and "dealt before you joined" in words and "verified" not in words.lower()
    assert late.verdicts[2][0] and "Deal verified" in late.verdicts[2][1]  # the next hand is checked
    assert early.verdicts[1][0] and early.verdicts[2][0]


def test_the_roster_says_an_unjoined_seat_is_invited_not_away() -> None:
    from friends import friends_render

    table = Table(guests=2, bots=0)
    table.connect("s1", "Zoë")
    table.deliver(table.host.closed("s1"))
    html = friends_render.roster_html(table.host.roster())
    assert "Zoë <span class=\"off\">away</span>" in html
    assert '<span class="off">Seat 3 invited, not joined yet</span>' in html and "(invited)" not in html


def test_a_refused_reply_names_the_seat_s_guest_not_the_link_id() -> None:
    from friends import friends_render

    seats = {"s1": "Zoë", "s2": 3}  # Zoë has joined; nobody has yet taken seat 3
    older = friends_render.reply_refusal("older-reply", {"seat": "s1"}, "", seats)
    assert older.startswith("This reply code answers an older invitation for Zoë.") and '"s1"' not in older
    other = friends_render.reply_refusal("other-seat", {"seat": "s1", "other": "s2"}, "", seats)
    assert other == "This reply code answers Seat 3's invitation, not Zoë's: paste it in Seat 3's box."
    assert friends_render.reply_refusal("already-connected", {"seat": "s1"}, "", seats) == \
        "Zoë's seat is already connected."
    unknown = friends_render.reply_refusal("other-table", {"seat": "s1"}, "", seats)
    assert "before this page reloaded" in unknown and "newest link" in unknown


def test_the_hosting_form_asks_before_ending_a_hand_in_play() -> None:
    from friends import friends_render

    plain = friends_render.setup_html(storage.DEFAULTS, name="Hana")
    asked = friends_render.setup_html(storage.DEFAULTS, name="Hana", confirm=True)
    assert 'data-confirmed="1"' not in plain and "data-cmd=\"host-start\"" in plain
    assert 'data-cmd="host-start" data-confirmed="1"' in asked and 'data-cmd="keep-playing"' in asked
    assert "ends that hand" in asked and 'value="Hana"' in asked


def test_a_guest_s_choice_to_show_reaches_the_engine_for_its_seat_only() -> None:
    table = Table(guests=2, bots=1)
    table.connect("s1", "Ann")
    table.connect("s2", "Bo")
    ctl = table.host.ctl
    ann, bo = table.host.links["s1"].seat, table.host.links["s2"].seat
    assert not table.send("s1", protocol.message("show", show=True))  # nothing changes until the next deal
    assert ctl.guests_show == {ann}
    rng = random.Random(5)
    shown_losing = 0
    for _ in range(600):
        try:
            table.step(rng)
        except StopIteration:
            break
        hand = ctl.session.hand
        assert hand is not None
        assert hand.show == (ctl.session.hand_seat_of(ann),)  # Ann's seat, never Bo's
        if hand.is_complete:
            shows = {e.seat for e in hand.log if e.kind == "show"}
            winners = {e.seat for e in hand.log if e.kind == "win"}
            if ctl.session.hand_seat_of(ann) in shows - winners:
                shown_losing += 1  # Ann's losing hand turned over
            if shown_losing and ctl.session.hand_number >= 6:
                break
    assert shown_losing and ctl.session.hand_number >= 6
    for g in table.guests.values():
        assert g.verdicts and all(ok for ok, _ in g.verdicts.values()), g.verdicts  # `show` is in the reveal
    table.send("s1", protocol.message("show", show=False))
    assert ctl.guests_show == set() and bo not in ctl.guests_show


def test_forged_show_messages_change_nothing() -> None:
    table = Table(guests=2, bots=0)
    table.connect("s1", "Ann")
    table.connect("s2", "Bo")
    ctl = table.host.ctl
    table.send("s2", protocol.message("show", show=True))
    forged = [
        json.dumps({"v": V, "t": "show", "show": 1}), json.dumps({"v": V, "t": "show", "show": "true"}),
        json.dumps({"v": V, "t": "show", "show": None}), json.dumps({"v": V, "t": "show"}),
        json.dumps({"v": V, "t": "show", "show": True, "seat": 1}),  # choosing for another seat
        json.dumps({"v": V + 1, "t": "show", "show": True}),
        json.dumps({"v": V, "t": "show", "show": [True]}),
    ]
    dropped = len(table.host.dropped)
    for text in forged:
        assert not table.send("s1", text)
        assert ctl.guests_show == {table.host.links["s2"].seat}
    assert len(table.host.dropped) == dropped + len(forged)
    out, changed = table.host.received("s9", protocol.message("show", show=True))  # never invited
    assert not out and not changed and ctl.guests_show == {table.host.links["s2"].seat}
    ctl.deal()
    assert ctl.session.hand is not None and ctl.session.hand.show == (
        ctl.session.hand_seat_of(table.host.links["s2"].seat),)


def test_a_guest_leaving_between_hands_leaves_the_others_playing() -> None:
    table = Table(guests=2, bots=1)
    table.host.ctl.before_deal = lambda: table.deliver(table.host.settle_leavers())  # as the host's page does
    table.connect("s1", "Ann")
    table.connect("s2", "Bo")
    rng = random.Random(3)
    while table.host.ctl.session.hand_number < 1 or table.host.ctl.in_hand:
        table.step(rng)
    table.send("s2", protocol.message("leave"))  # between hands: given up at the next deal
    before = len(table.inbox["s1"])
    table.step(rng)  # the deal
    assert "Bo" not in [p.name for p in table.host.ctl.session.seats if p]
    assert json.loads(table.inbox["s2"][-1]) == {"v": protocol.VERSION, "t": "bye", "why": "left"}
    states = [json.loads(t) for t in table.inbox["s1"][before:] if json.loads(t)["t"] == "state"]
    assert states and "Bo" not in states[-1]["names"] and states[-1]["hand"] == 2
    assert table.guests["s1"].state["names"][table.guests["s1"].state["you"]] == "You"


def test_at_the_choice_of_the_fourth_card_no_guest_ever_receives_the_unseen_card() -> None:
    # The bosnian preset with clocks: guests draw at random (four cards a fifth of the time) and
    # sometimes wait until their clock takes the face-down card for them.
    table = Table(guests=2, bots=1, seed=5, **{**storage.preset_defaults("bosnian"), "preset": "bosnian",
                                                "timers": True})
    table.connect("s1", "Ann")
    table.connect("s2", "Bo")
    rng = random.Random(4)
    unseen: set[str] = set()  # face-down cards discarded unseen (the face-up card was taken)
    takes: list[str] = []
    for _ in range(900):
        hand = table.host.ctl.session.hand
        pending = hand.pending if hand is not None else ()
        try:
            table.step(rng)
        except StopIteration:
            break
        after = table.host.ctl.session.hand
        if pending and after is not None and not after.pending and len(after.log) > len(hand.log):
            taken = [e for e in after.log[len(hand.log):] if e.kind in ("take_up", "take_down")]
            takes += [e.kind for e in taken]
            if taken and taken[0].kind == "take_up":
                unseen.add(str(pending[1]))
        if len(takes) >= 6 and "take_up" in takes and "take_down" in takes:
            break
    assert "take_up" in takes and "take_down" in takes, takes
    for link in table.guests:
        assert_no_card_leaked(table, link)
        for text in table.inbox[link]:
            msg = json.loads(text)
            if msg["t"] == "state" and msg["view"] is not None:
                for event in msg["view"]["log"]:
                    if event["kind"] == "face_up":
                        assert "cards" in event  # the face-up card: every guest sees it
    assert unseen
