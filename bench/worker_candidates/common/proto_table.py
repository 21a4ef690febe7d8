"""The prototypes' table (bench/worker_candidates/): you and three bots, rendered as HTML text.

The same module runs in every candidate, on the main thread or in a worker; it imports neither
`js` nor `pyscript`. The page's glue sends commands (`command(cmd, action)`) and patches
`#table` with the HTML that comes back. Like the real page, the HTML carries each control's
command in `data-cmd` (and the action text in `data-action`); the seats show only what the
person's own view (`Session.view(0)`) shows: another seat's cards appear only at a showdown.

    >>> table = ProtoTable(seed=5)
    >>> html = table.start()
    >>> 'data-hand="1"' in html and "data-cmd" in html
    True
    >>> table.command("act", "shout")
    Traceback (most recent call last):
    ...
    ValueError: not a legal action now: 'shout'
"""

from __future__ import annotations

import asyncio
import random
from html import escape

import stripdeck
from stripdeck import Session, bot_for

NAMES = ("You", "Ann", "Bob", "Cid")
STACK = 200


class ProtoTable:
    """A session with the person in table seat 0 and bots in the others."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.session = self._new_session()
        self.bots = {seat: bot_for("normal", seed=None if seed is None else seed + seat) for seat in (1, 2, 3)}
        self.bot_moves = 0

    def _new_session(self) -> Session:
        return Session.new(None, [(name, STACK, "human" if i == 0 else "normal") for i, name in enumerate(NAMES)],
                           seed=self.seed)

    # ------------------------------------------------------------------ commands

    def start(self) -> str:
        """Deal the first hand, let the bots act until it is your turn; the table's HTML."""
        self.session = self.session.next_hand()
        self._run_bots()
        return self.render()

    def command(self, cmd: str, action: str = "") -> str:
        """Carry out a control's command (`act` with its action text, `deal`, `new`); the table's
        HTML. A command the table does not offer now raises ValueError and changes nothing."""
        if cmd == "act":
            view = self.session.view(0)
            legal = view.legal.kinds if view is not None and view.legal is not None else ()
            if view is None or not view.is_my_turn or action.split(" ", 1)[0] not in legal:
                raise ValueError(f"not a legal action now: {action!r}")
            self.session, _ = self.session.act(action)
        elif cmd == "deal" and self._over():
            self.session = self.session.next_hand()
        elif cmd == "new" and self._over():
            self.session = self._new_session().next_hand()
        else:
            raise ValueError(f"not a command now: {cmd!r}")
        self._run_bots()
        return self.render()

    async def prepare(self) -> int:
        """Build the first-use tables a step at a time, yielding to the event loop between steps
        (as the real page does after its first hand); the number of steps."""
        steps = 0
        for _ in stripdeck.prepare(self.session.rules):
            steps += 1
            await asyncio.sleep(0)
        return steps

    # ------------------------------------------------------------------ inside

    def _over(self) -> bool:
        return self.session.hand is None or self.session.hand.is_complete

    def _can_deal(self) -> bool:
        return sum(1 for p in self.session.seats if p is not None and p.stack > 0) >= 2 and \
            self.session.seats[0] is not None and self.session.seats[0].stack > 0

    def _run_bots(self) -> None:
        """Bots act until it is seat 0's turn or the hand is over (fast bots: no pauses)."""
        while not self._over():
            seat = self.session.to_act_table_seat
            if seat == 0 or seat is None:
                return
            view = self.session.view(seat)
            assert view is not None
            self.session, _ = self.session.act(self.bots[seat].decide(view))
            self.bot_moves += 1

    def render(self) -> str:
        """The table as HTML text: seats, pot, and the controls the person may use."""
        session = self.session
        view = session.view(0)
        seats = []
        for table_seat, player in enumerate(session.seats):
            if player is None:
                continue
            hand_seat = session.hand_seat_of(table_seat)
            cards = ""
            stack = player.stack
            if view is not None and hand_seat is not None:
                seen = view.seats[hand_seat]
                stack = seen.stack
                shown = seen.hand
                cards = " ".join(str(c) for c in shown) if shown is not None else "?? " * seen.card_count
                if seen.folded:
                    cards = "folded"
            turn = ' data-turn="1"' if session.to_act_table_seat == table_seat else ""
            seats.append(f'<li class="seat"{turn}><b>{escape(player.name)}</b> <span class="stack">{stack}</span>'
                         f' <span class="cards">{escape(cards.strip())}</span></li>')
        controls = []
        if view is not None and view.is_my_turn and view.legal is not None:
            for kind in view.legal.kinds:
                if kind in ("timeout", "split"):
                    continue
                label = "Stand pat" if kind == "draw" else kind.capitalize()
                controls.append(f'<button type="button" data-cmd="act" data-action="{kind}">{label}</button>')
        elif self._over():
            cmd, label = ("deal", "Deal") if self._can_deal() else ("new", "New table")
            controls.append(f'<button type="button" data-cmd="{cmd}">{label}</button>')
        pot = sum(s.total for s in view.seats) if view is not None else 0
        phase = view.phase if view is not None else ""
        return (f'<div class="proto" data-hand="{session.hand_number}" data-phase="{escape(phase)}">'
                f'<ol class="seats">{"".join(seats)}</ol><p class="pot">Pot {pot}</p>'
                f'<div class="controls">{"".join(controls)}</div></div>')


def new_table() -> ProtoTable:
    """A table seeded from the system's randomness (as the page's are)."""
    return ProtoTable(seed=random.SystemRandom().randrange(1 << 30))
