"""The host of a table for friends: the dealer's side of the protocol (web/friends/protocol.py).

Pure Python, no transport: the page hands it what arrives (:meth:`Host.received`) and sends
what it returns. The host's page runs the engine (the Controller), validates every guest's
action with it, runs the clocks (the scheduler), and sends each guest only what that seat may
see: its own ``player_view`` and the table around it. Before each hand it commits to the
hand's seed; after the hand it reveals it (web/friends/fair_deal.py).

Guests are known by a *link id* ("s1".."s4", the transport's name for a connection), each
bound to one table seat when the host makes the invitation; a message never chooses its seat.

No sentence goes to a guest: a guest's page may be in another language than the host's, so
refusals, the game's end and goodbyes are sent as codes and values (web/friends/protocol.py), and the
names of the table's seats as names (the guest's page calls its own seat "You").
"""
# l10n-part: friends (this file's sentences load with play with friends: docs/i18n.md, "Bytes")

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from stripdeck.i18n import _, pgettext
from table import controller, storage

from . import fair_deal, protocol

Outgoing = list[tuple[str, str]]  # (link id, message text)


@dataclass
class Link:
    """One invitation: the table seat it is for, and what the host knows of its guest."""

    seat: int
    name: str = ""                 # the name the guest gave ('' until they say hello)
    connected: bool = False
    leaving: bool = False          # asked to leave: the seat is given up between hands
    sent: str = ""                 # the last state message sent (only changes are sent)


@dataclass
class Host:
    """A table hosted for guests on other devices."""

    ctl: controller.Controller
    links: dict[str, Link] = field(default_factory=dict)
    commits: dict[int, tuple[int, str]] = field(default_factory=dict)  # hand -> (seed, salt)
    revealed: int = 0                              # the last hand revealed
    dropped: list[str] = field(default_factory=list)   # why messages were dropped (for the page's log)
    chat: list[tuple[str, str]] = field(default_factory=list)  # (who, text), the last 50
    departed: dict[int, str] = field(default_factory=dict)  # seat -> name of a guest who left (the finished
    #                                                         hand on the table still shows them until the deal)
    new_salt: Callable[[], str] = fair_deal.new_salt

    # ---------------------------------------------------------------- seats and links

    def invite(self, link: str) -> Link:
        """The link for a guest seat (made once per seat; a re-invitation keeps the seat)."""
        if link in self.links:
            return self.links[link]
        seat = self.free_seat()
        if seat is None:
            raise ValueError(_("Every guest seat at this table has an invitation already."))
        self.links[link] = Link(seat)
        return self.links[link]

    def free_seat(self) -> int | None:
        taken = {k.seat for k in self.links.values()}
        for seat, player in enumerate(self.ctl.session.seats):
            if player is not None and player.controller == controller.REMOTE and seat not in taken:
                return seat
        return None

    def link_of(self, seat: int) -> str | None:
        return next((k for k, v in self.links.items() if v.seat == seat), None)

    def opened(self, link: str) -> Outgoing:
        """A guest's connection is open: they are seated (and no longer time out)."""
        known = self.links.get(link)
        if known is None:
            self.dropped.append(_("{link}: a connection without an invitation", link=link))
            return []
        known.connected = True
        known.sent = ""
        self.ctl.connected.add(known.seat)
        out = [(link, protocol.message("welcome", seat=known.seat, host=self.host_name))]
        # Only the commitment of a hand not dealt yet: one for the hand in play would arrive after
        # its deal, and the guest could not tell (it says that hand cannot be checked).
        hand = self.ctl.session.hand_number + 1
        if not self.ctl.in_hand and hand in self.commits:
            seed, salt = self.commits[hand]
            out.append((link, protocol.message("commit", hand=hand, hash=fair_deal.commitment(seed, salt))))
        return out + self.sync()

    def closed(self, link: str) -> Outgoing:
        """A guest's connection closed: until they are back, they time out when to act."""
        known = self.links.get(link)
        if known is not None and known.connected:
            known.connected = False
            self.ctl.connected.discard(known.seat)
        return self.sync()

    # ---------------------------------------------------------------- messages in

    def received(self, link: str, text: Any) -> tuple[Outgoing, bool]:
        """Handle one message from a guest. Returns what to send, and whether the table changed.

        Malformed messages, messages from unknown links and actions for a seat that is not
        the sender's are dropped (``dropped`` says why) and change nothing.
        """
        known = self.links.get(link)
        if known is None or not known.connected:
            self.dropped.append(_("{link}: a message from a link that is not connected", link=link))
            return [], False
        try:
            msg = protocol.parse(text, "guest")
        except protocol.ProtocolError as err:
            # TRANSLATORS: {link} is the transport's id of a connection (s1), {problem} what was wrong.
            self.dropped.append(_("{link}: {problem}", link=link, problem=str(err)))
            return [(link, protocol.message("error", code=err.code, values=err.values))], False
        kind = msg["t"]
        if kind == "ping":
            return [(link, protocol.message("pong", n=msg["n"]))], False
        if kind == "hello":
            self.rename(known, msg["name"])
            return self.sync(roster=True), True
        if kind == "chat":
            who = self.ctl.session.seats[known.seat].name  # type: ignore[union-attr]
            self.chat = [*self.chat[-49:], (who, msg["text"])]
            return [(k, protocol.message("chat", text=msg["text"], **{"from": who}))
                    for k, v in self.links.items() if v.connected], True
        if kind == "show":  # the sender's own seat only, from the next hand dealt (Controller.showing)
            (self.ctl.guests_show.add if msg["show"] else self.ctl.guests_show.discard)(known.seat)
            return [], False
        if kind == "leave":
            known.leaving = True  # the seat is given up before the next deal (Controller.before_deal)
            return (self.settle_leavers() if self.ctl.session.hand is None else []), True
        refused = self.ctl.act_remote(known.seat, msg["action"], msg["step"])
        if refused is not None:
            return [(link, self.refusal(refused[0], msg["action"]))], False
        return self.sync(), True

    @staticmethod
    def refusal(code: str, action: str) -> str:
        """The ``error`` message for a refused action: its code and the values its sentence takes
        (the guest's page words it; an engine code the protocol does not list is "refused")."""
        code = code if code in protocol.REFUSALS else "refused"
        values = {"action": action} if "{action}" in protocol.REFUSALS[code] else {}
        return protocol.message("error", code=code, values=values)

    def rename(self, known: Link, wanted: str) -> None:
        """Seat the guest under their own name (made unique at the table)."""
        taken = {p.name.casefold() for i, p in enumerate(self.ctl.session.seats)
                 if p is not None and i != known.seat}
        name, n = wanted, 2
        while name.casefold() in taken or name.casefold() == "you":
            name = f"{wanted[:protocol.MAX_NAME - 3]} {n}"
            n += 1
        known.name = name
        self.ctl.session = self.ctl.session.rename(known.seat, name)

    def settle_leavers(self) -> Outgoing:
        """Guests who asked to leave give up their seat: called just before a hand is dealt
        (the finished hand on the table still shows them)."""
        out: Outgoing = []
        if self.ctl.in_hand:
            return out
        for link, known in list(self.links.items()):
            if known.leaving and self.ctl.session.seats[known.seat] is not None:
                name = self.ctl.session.seats[known.seat].name  # type: ignore[union-attr]
                self.ctl.session = self.ctl.session.leave(name)
                self.departed[known.seat] = name
                out.append((link, protocol.message("bye", why="left")))
                known.connected = False
                self.ctl.connected.discard(known.seat)
                self.ctl.guests_show.discard(known.seat)
                del self.links[link]
        return out + self.sync(roster=True)

    # ---------------------------------------------------------------- messages out

    def sync(self, roster: bool = False) -> Outgoing:
        """Everything the guests need after a change: the finished hand's reveal, the next
        hand's commitment, the roster, and each connected guest's own state (when it changed)."""
        out: Outgoing = []
        ctl = self.ctl
        hand = ctl.session.hand
        number = ctl.session.hand_number
        connected = [(k, v) for k, v in self.links.items() if v.connected]
        if hand is not None and hand.is_complete and self.revealed < number and number in self.commits:
            out += self.states(connected)  # the finished hand's last state before its reveal
            seed, salt = self.commits[number]
            reveal = protocol.message("reveal", hand=number, seed=seed, salt=salt,
                                      scenario=fair_deal.reveal_scenario(hand))
            out += [(k, reveal) for k, v in connected if v.seat in ctl.session.hand_seats]
            self.revealed = number
        if not ctl.in_hand and number + 1 not in self.commits:
            seed, salt = ctl.session.next_hand_seed(), self.new_salt()
            self.commits = {n: c for n, c in self.commits.items() if n >= number} | {number + 1: (seed, salt)}
            commit = protocol.message("commit", hand=number + 1, hash=fair_deal.commitment(seed, salt))
            out += [(k, commit) for k, _ in connected]
        if roster:
            message = protocol.message("roster", seats=self.roster())
            out += [(k, message) for k, _ in connected]
        return out + self.states(connected)

    def states(self, links: list[tuple[str, Link]]) -> Outgoing:
        out: Outgoing = []
        for link, known in links:
            text = self.state_for(known.seat)
            if text != known.sent:
                known.sent = text
                out.append((link, text))
        return out

    def state_for(self, seat: int) -> str:
        """The state message for a guest's seat: only what that seat may see."""
        ctl = self.ctl
        session = ctl.session
        hand = session.hand
        view = session.view(seat) if hand is not None else None
        you = session.hand_seat_of(seat)
        to_act = session.to_act_table_seat if ctl.in_hand else None
        left = ctl.time_left() if to_act is not None and ctl.kind_of(to_act) != controller.BOT else None
        # Real names (the guest's page calls its own seat "You"), and those who left the finished hand.
        names = [self.departed.get(t, "?") if session.seats[t] is None else session.seats[t].name  # type: ignore[union-attr]
                 for t in session.hand_seats] if hand is not None else []
        return protocol.message(
            "state", view=None if view is None else view.to_dict(), names=names,
            table_seats=list(session.hand_seats), hand=session.hand_number, step=ctl.step_text, you=you,
            left=None if left is None else round(left, 2), limit=ctl.timer_limit(),
            bank=None if left is None else round(ctl.bank_left(to_act), 2),
            over=self.over())

    def over(self) -> dict[str, Any] | None:
        """Why no further hand can be dealt, as a code and values (None while one can): the
        guest's page words it (protocol.ENDINGS) as the host's page words ``ctl.game_over``."""
        if not self.ctl.game_over:
            return None
        players = [p for p in self.ctl.session.seats if p is not None and p.stack > 0]
        if len(players) == 1:
            return {"code": "won-all", "values": {"name": players[0].name[:protocol.MAX_NAME]}}
        return {"code": "bots-only" if players else "nobody", "values": {}}

    def roster(self) -> list[dict[str, Any]]:
        """Who sits where, and who is connected."""
        seats = []
        for i, player in enumerate(self.ctl.session.seats):
            if player is None:
                continue
            kind = {controller.PERSON: "host", controller.BOT: "bot"}.get(player.controller, "guest")
            link = self.link_of(i)
            if kind == "guest" and (link is None or not self.links[link].name):
                kind = "open"
            connected = kind in ("host", "bot") or (link is not None and self.links[link].connected)
            name = "" if kind == "open" else player.name[:protocol.MAX_NAME]  # each page words "Seat 3" itself
            seats.append({"seat": i, "name": name, "kind": kind, "connected": connected})
        return seats

    def say(self, text: str) -> Outgoing:
        """The host's own chat line, to every connected guest (refused text is ignored)."""
        try:
            message = protocol.message("chat", text=text.strip()[:protocol.MAX_CHAT], **{"from": self.host_name})
        except protocol.ProtocolError:
            return []
        self.chat = [*self.chat[-49:], (self.host_name, text.strip()[:protocol.MAX_CHAT])]
        return [(k, message) for k, v in self.links.items() if v.connected]

    @property
    def host_name(self) -> str:
        people = self.ctl.people
        player = self.ctl.session.seats[people[0]] if people else None
        return player.name[:protocol.MAX_NAME] if player is not None else pgettext("default name", "Host")

    def drop_unjoined(self) -> None:
        """Before the first hand: seats whose friend never joined are taken away."""
        for link, known in list(self.links.items()):
            if not known.name and not known.connected:
                player = self.ctl.session.seats[known.seat]
                if player is not None:
                    self.ctl.session = self.ctl.session.leave(player.name)
                self.ctl.guests_show.discard(known.seat)
                del self.links[link]

    def goodbye(self) -> Outgoing:
        """The host is leaving: every guest is told."""
        message = protocol.message("bye", why="host-left")
        return [(k, message) for k, v in self.links.items() if v.connected]


def new_hosted_table(settings: dict[str, Any], guests: int, seed: int | None = None,
                     timer_seconds: float = storage.TIMER_SECONDS) -> controller.Controller:
    """A Controller for a table with ``guests`` seats for friends (no hand dealt yet)."""
    session = storage.new_session(settings, seed, timer_seconds, guests=guests)
    return controller.Controller(settings, session, seed=seed, timer_seconds=timer_seconds)
