"""The solved heads-up strategy at the table: a player that follows it.

:class:`SolvedPlayer` reads its own view into the abstract game: its seat (the button is
seat 0), the betting before the draw, the draw counts, the betting after it; its hand's class
before the draw (:func:`stripdeck.abstraction.hand_profile`) or its bucket after it; and draws
an action from the node's strategy (loaded by :mod:`stripdeck.strategy_file`). Raises past the
abstraction's cap of five bets are read as the capped node (where only fold and call remain).
Where the strategy does not apply (more than two players, another structure or draw limit, the
joker, the choice of the fourth card), it plays as ``fallback``.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from .abstraction import hand_profile, post_bucket
from .bots import _outcomes, bot_for
from .cards import Card, format_cards
from .evaluator import strength_table
from .odds import opponent_model
from .rules import Rules
from .solver import GameTree, Node
from .state import BET1, BET2, DRAW
from .strategy_file import load_strategy, strategy_rows
from .view import PlayerView

__all__ = ["SolvedPlayer", "Mistakes", "map_size"]


class Mistakes(NamedTuple):
    """The small mistakes of a level below the strongest (``normal``), each as likely up as down.

    ``noise``: every judgement of the hand's strength is off by up to this much (uniform);
    ``slip``: the chance that a judgement is off by up to ``slip_size`` instead (a loose call or a
    tight fold, a missed bet or a thin one); ``draw_slip``: the chance of drawing another count of
    cards whose mean strength is within ``draw_margin`` of the count chosen (a close choice, got wrong).
    """

    noise: float = 0.0
    slip: float = 0.0
    slip_size: float = 0.0
    draw_slip: float = 0.0
    draw_margin: float = 0.0

    def error(self, rng: random.Random) -> float:
        """One judgement's error: uniform within the noise, or within the slip's size now and then."""
        size = self.slip_size if self.slip and rng.random() < self.slip else self.noise
        return (rng.random() * 2 - 1) * size


class SolvedPlayer:
    """A player of the solved heads-up strategy (``level`` 'solver'), from its own view only."""

    def __init__(self, seed: int | None = None, fallback: str = "classic", noise: float = 0.0,
                 mistakes: Mistakes | None = None) -> None:
        self.level = "solver"
        self.rng = random.Random(seed)
        # normal's mistakes (none for hard): ``noise`` alone is a judging error of up to that much
        self.mistakes = mistakes if mistakes is not None else Mistakes(noise=noise)
        self.noise = self.mistakes.noise
        self.fallback = bot_for(fallback, seed=self.rng.getrandbits(63))
        self._profile: tuple[tuple[Card, ...], Any] | None = None
        self._salt = self.rng.getrandbits(63)  # the pot-limit size mapping's draws (the same all through a hand)

    def decide(self, view: PlayerView) -> str:
        """The strategy's action in ``view`` (the fallback's where the strategy does not apply)."""
        if view.legal is None or view.viewer is None:
            raise ValueError("it is not this player's turn")
        action = self.strategy_action(view)
        return self.fallback.decide(view) if action is None else action

    __call__ = decide

    def strategy_action(self, view: PlayerView) -> str | None:
        """The strategy's action in ``view``, or None where the strategy does not apply."""
        strategy = load_strategy(view.rules) if len(view.seats) == 2 and view.choice is None else None
        if strategy is None:
            return None
        pot_limit = strategy.tree.stack > 0
        if pot_limit:
            found = _pot_node(view, strategy.tree, self._salt)
            if found is None:
                return None
            node, price, base = found
        else:
            key = _public_key(view)
            node = strategy.nodes.get(key) if key is not None else None  # type: ignore[assignment]
            if node is None:
                return None
            base = None
        ab = strategy.tree.abstraction
        hand = view.my_hand
        discards: list[tuple[Card, ...]] = []
        mistakes = self.mistakes
        means: list[float] = []
        if node.pre:
            profile = self._hand_profile(hand, view.rules, ab.post_buckets)
            discards, means = profile.discards, profile.means
            if mistakes.noise or mistakes.slip:
                misread = list(means)
                misread[profile.best] += self._error()
                profile = profile._replace(means=misread)
            private = ab.classify(profile)
        else:
            level = strength_table(view.rules)[sum(hand)] >> 4
            if mistakes.noise or mistakes.slip:
                below = opponent_model(view.rules).below(level, None) + self._error()
                private = min(ab.post_buckets - 1, max(0, int(below * ab.post_buckets)))
            else:
                private = post_bucket(level, view.rules, ab.post_buckets)
        row = strategy_rows(strategy, node, base)[private]
        if pot_limit:
            row = _defended(row, node, price)
        action = node.actions[_sample(row, self.rng)]
        if view.phase == DRAW and mistakes.draw_slip and self.rng.random() < mistakes.draw_slip:
            assert view.legal is not None  # a close choice of count got wrong
            action = str(_near_count(means, int(action), mistakes.draw_margin, view.legal.draw_max))
        if view.phase == DRAW and view.viewer is not None:
            drawn = view.seats[1 - view.viewer].drawn
            if drawn is not None:  # the other has drawn: the best discard of the count against that draw
                discards = list(discards)
                discards[int(action)] = _best_of_count(hand, view.rules, int(action), drawn)
        if pot_limit and action in "hpa":
            return _pot_bet_text(action, view, strategy.tree.sizes)
        if action == "s":
            return "split" if "split" in view.legal.kinds else "check"  # type: ignore[union-attr]
        return _action_text(action, view, discards)

    def _error(self) -> float:
        """A judging error, up or down alike: within the noise, or now and then (a slip) within the slip's size."""
        return self.mistakes.error(self.rng)

    def _hand_profile(self, hand: tuple[Card, ...], rules: Rules, buckets: int) -> Any:
        if self._profile is None or self._profile[0] != hand:
            self._profile = (hand, hand_profile(hand, rules, buckets))
        return self._profile[1]


def _near_count(means: list[float], count: int, margin: float, draw_max: int) -> int:
    """The other draw count whose mean strength is nearest ``count``'s, if within ``margin`` (else ``count``).

    >>> _near_count([0.5, 0.45, 0.3], 0, 0.06, 2), _near_count([0.5, 0.4, 0.3], 0, 0.06, 2)
    (1, 0)
    """
    near = [(abs(means[c] - means[count]), c) for c in range(min(draw_max, len(means) - 1) + 1)
            if c != count and abs(means[c] - means[count]) <= margin]
    return min(near)[1] if near else count


def _best_of_count(hand: tuple[Card, ...], rules: Rules, count: int, drawn: int) -> tuple[Card, ...]:
    """The discard of ``count`` cards most likely to beat a hand that drew ``drawn`` (exact enumeration)."""
    below = opponent_model(rules).below
    best: tuple[float, tuple[Card, ...]] | None = None
    for outcome in _outcomes(hand, rules, rules.draw_limit, False):
        if len(outcome.discard) == count:
            score = outcome.score(lambda level: below(level, drawn))
            if best is None or score > best[0] + 1e-12:
                best = (score, outcome.discard)
    assert best is not None
    return best[1]


def _sample(row: list[float], rng: random.Random) -> int:
    x = rng.random()
    for i, p in enumerate(row):
        x -= p
        if x < 0:
            return i
    return len(row) - 1


def _action_text(action: str, view: PlayerView, discards: list[tuple[Card, ...]]) -> str:
    legal = view.legal
    assert legal is not None
    kinds = legal.kinds
    if view.phase == DRAW:
        cards = discards[int(action)][:legal.draw_max]
        return f"draw {format_cards(cards)}" if cards else "draw"
    if action == "k":
        return "check" if "check" in kinds else "call"
    if action == "f":
        return "check" if "check" in kinds else "fold"  # never fold when checking is free
    if action == "c":
        return "call" if "call" in kinds else "check"
    kind = "raise" if "raise" in kinds else "bet" if "bet" in kinds else None
    if kind is None:  # the rules' cap: no raise left
        return "allin" if "allin" in kinds else "call" if "call" in kinds else "check"
    return kind


def _defended(row: list[float], node: Node, price: float) -> list[float]:
    """Facing a real bet cheaper to call than the abstract one it was read as: fold that much less often
    (a bet must find folds in the share its price gives, no more), the rest calls."""
    if "f" not in node.actions or price <= 0:
        return row
    mine, other = node.contrib[node.player], node.contrib[1 - node.player]
    abstract = (other - mine) / (node.contrib[0] + node.contrib[1] + other - mine)
    if price >= abstract:
        return row
    f, c = node.actions.index("f"), node.actions.index("c")
    out = list(row)
    moved = row[f] * (1 - price / abstract)
    out[f] -= moved
    out[c] += moved
    return out


def _pot_bet_text(token: str, view: PlayerView, sizes: tuple[float, ...]) -> str:
    """The real bet or raise for an abstract size: that share of the real pot, within the legal amounts."""
    legal = view.legal
    assert legal is not None
    kind = "raise" if "raise" in legal.kinds else "bet" if "bet" in legal.kinds else None
    if token == "a" or kind is None or legal.min_total is None or legal.max_total is None:
        if "allin" in legal.kinds:
            return "allin"
        return kind or ("call" if "call" in legal.kinds else "check")
    pot = sum(seat.total for seat in view.seats)
    fraction = sizes["hp".index(token)]
    total = round(view.to_match + fraction * (pot + legal.call_amount))
    total = max(legal.min_total, min(legal.max_total, total))
    if legal.allin_total is not None and "allin" in legal.kinds and total >= legal.allin_total:
        return "allin"
    return f"{kind} {total}"


def map_size(x: float, sizes: list[tuple[str, float]], draw: float) -> str:
    """Pseudo-harmonic mapping (Ganzfried & Sandholm 2013) of a bet of ``x`` (a fraction of the pot) onto
    the abstract ``sizes`` (token, fraction), sorted by fraction: between A < x < B it is read as A with
    chance (B - x)(1 + A) / ((B - A)(1 + x)), else as B (``draw`` is a uniform number in [0, 1));
    below the smallest size as the smallest, above the largest as the largest.

    >>> map_size(0.75, [("h", 0.5), ("p", 1.0)], 0.0), map_size(0.75, [("h", 0.5), ("p", 1.0)], 0.99)
    ('h', 'p')
    >>> map_size(3.0, [("h", 0.5), ("p", 1.0)], 0.5)
    'p'
    """
    if x <= sizes[0][1]:
        return sizes[0][0]
    for (low, a), (high, b) in zip(sizes, sizes[1:]):
        if x <= b:
            if b <= a:
                return high
            return low if draw < (b - x) * (1 + a) / ((b - a) * (1 + x)) else high
    return sizes[-1][0]


def _fraction(put: tuple[float, float], seat: int, total: float) -> float:
    """A bet or raise to ``total`` by ``seat`` as a fraction of the pot after its call."""
    other = put[1 - seat]
    pot = put[0] + put[1] + other - put[seat]
    return (total - other) / pot if pot > 0 else 0.0


POT_STACKS = (0.5, 2.0)  # the pot-limit strategy plays stacks from half to twice its own depth


def _pot_node(view: PlayerView, tree: GameTree, salt: int) -> tuple[Node, float, int | None] | None:
    """Pot limit: the abstract node of the view, the real price of a call (0 when not facing a bet) and
    where the node's rows are (see :func:`strategy_rows`).

    The view's actions are followed down the tree. A bet or raise is read as the abstract size
    that :func:`map_size` gives for its fraction of the real pot (an all in as the tree's all in
    where it has one), and a bet smaller than half the pot, where a check would not end the round,
    may be read as a check (the mapping with 0 as the lower size). None when the view leaves the
    tree (a round the tree ended, stacks outside :data:`POT_STACKS` of the tree's depth)."""
    if view.viewer is None or view.legal is None:
        return None
    unit = view.rules.big_blind
    depth = min(s.stack + s.total for s in view.seats) / unit
    stack_bb = tree.stack / tree.unit
    if not POT_STACKS[0] * stack_bb <= depth <= POT_STACKS[1] * stack_bb:
        return None
    seat_of = {view.button: 0, 1 - view.button: 1}
    node = tree.root
    base: int | None = None
    bets = [0, 0]      # the real chips in this round, by abstract seat
    totals = [0, 0]    # the real chips in the hand
    dealt = ""
    for number, event in enumerate(view.log):
        kind = event.kind
        seat = seat_of.get(event.seat) if event.seat is not None else None
        if kind == "deal" and event.cards:
            dealt = format_cards(event.cards)
        elif kind == "ante" and seat is not None:
            totals[seat] += event.amount or 0
        elif kind in ("small_blind", "big_blind") and seat is not None:
            totals[seat] += (event.amount or 0) - bets[seat]
            bets[seat] = event.amount or 0
        elif kind == "round" and event.info in (DRAW, BET2):
            bets = [0, 0]
            if event.info == BET2 and node.kind == "showdown":
                return None  # all in: only the split offer is left (the fallback answers it)
        elif kind == "discard" and seat is not None:
            if node.kind != "draw" or node.player != seat:
                return None
            node = node.children[node.actions.index(str(event.amount or 0))]
            if node.kind == "round2":  # the betting after the draw: its template, at this pair's offset
                base, node = node.offset, node.children[0]
        elif kind in ("check", "call", "split", "fold", "bet", "raise", "allin") and seat is not None:
            if node.kind != "decide" or node.player != seat:
                return None
            amount = event.amount or 0
            if kind in ("bet", "raise", "allin") and amount > max(bets):
                token = _read_bet(node, seat, bets, totals, amount, kind == "allin",
                                  random.Random(f"{salt}/{dealt}/{number}").random())
                totals[seat] += amount - bets[seat]
                bets[seat] = amount
            elif kind == "fold":
                return None
            elif kind == "split":
                token = "s"
            else:  # a check or a call (an all in for no more than the bet is a call)
                totals[seat] += max(0, amount - bets[seat]) if kind != "check" else 0
                bets[seat] = max(bets[seat], amount) if kind != "check" else bets[seat]
                token = "c" if "c" in node.actions else "k"
            if token not in node.actions:
                return None
            node = node.children[node.actions.index(token)]
    me = seat_of[view.viewer]
    if node.kind not in ("decide", "draw") or node.player != me:
        return None
    to_call = view.legal.call_amount
    pot = sum(s.total for s in view.seats)
    return node, (to_call / (pot + to_call) if to_call else 0.0), base


def _read_bet(node: Node, seat: int, bets: list[int], totals: list[int], amount: int, all_in: bool,
              draw: float) -> str:
    """The abstract token of a real bet or raise to ``amount`` (this round's total) at ``node``."""
    options = [t for t in node.actions if t in "hpa"]
    if not options:
        return "c"  # the tree has no raise left here: read as a call (the capped line)
    if all_in and "a" in options:
        return "a"
    put = node.contrib
    sizes = [(token, _fraction(put, seat, node.children[node.actions.index(token)].contrib[seat]))
             for token in options]
    x = _fraction((totals[0], totals[1]), seat, totals[seat] + amount - bets[seat])
    closing = node.children[node.actions.index("k")].kind != "decide" if "k" in node.actions else True
    if not closing and x < sizes[0][1]:
        sizes = [("k", 0.0)] + sizes
    return map_size(x, sorted(sizes, key=lambda s: s[1]), draw)


def _public_key(view: PlayerView) -> str | None:
    """The abstract node's key for the view: ``1:<seq>/d:<d1>,<d2>/2:<seq>`` (seat 1 is left of the button)."""
    seat_of = {view.button: 0, 1 - view.button: 1}
    rounds: dict[str, str] = {BET1: "", BET2: ""}
    draws: dict[int, int] = {}
    phase = BET1
    bets = {BET1: 0, BET2: 0}
    cap = 5
    for event in view.log:
        kind = event.kind
        if kind == "round" and event.info:
            phase = event.info
        elif phase in rounds and kind in ("check", "call", "fold", "bet", "raise", "allin"):
            seq = rounds[phase]
            facing = bool(seq) and seq[-1] in "br"
            if kind == "allin":  # in fixed limit an all-in is almost always a short call or a short bet
                word = "c" if facing else "b"
            else:
                word = {"check": "k", "call": "c", "fold": "f", "bet": "b", "raise": "r"}[kind]
            if word in ("b", "r"):
                if bets[phase] >= cap:
                    continue  # a raise past the cap: read as the capped line
                bets[phase] += 1
            rounds[phase] += word
        elif kind == "discard" and event.seat is not None:
            draws[seat_of[event.seat]] = event.amount or 0
    if view.phase == DRAW:
        base = f"1:{rounds[BET1]}/d:"
        return base if 1 not in draws else f"{base}{draws[1]},"
    if view.phase == BET1:
        return f"1:{rounds[BET1]}"
    if 0 not in draws or 1 not in draws:
        return None
    return f"1:{rounds[BET1]}/d:{draws[1]},{draws[0]}/2:{rounds[BET2]}"
