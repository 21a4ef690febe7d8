"""The solved heads-up strategy at the table: its data file, and a player that follows it.

The data (``strategy-PRESET.bin`` in the package, written by ``bench/bench_strategy.py
--ship``) holds the abstraction's class edges and every public node's average strategy
(a byte per probability, in the order of :func:`stripdeck.solver.build_tree`'s nodes), so
the tree is rebuilt from the rules and nothing else is stored.

:class:`SolvedPlayer` reads its own view into the abstract game: its seat (the button is
seat 0), the betting before the draw, the draw counts, the betting after it; its hand's class
before the draw (:func:`stripdeck.abstraction.hand_profile`) or its bucket after it; and draws
an action from the node's strategy. Raises past the abstraction's cap of five bets are read as
the capped node (where only fold and call remain). Where the strategy does not apply (more
than two players, another structure or draw limit, the joker, the choice of the fourth card), it
plays as ``fallback``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Generator, Iterator
from importlib import resources
from typing import Any, NamedTuple

from .abstraction import Abstraction, hand_profile, post_bucket
from .bots import bot_for
from .cards import Card, format_cards
from .evaluator import strength_table
from .rules import Rules
from .solver import GameTree, Node, build_tree, private_states
from .state import BET1, BET2, DRAW
from .view import PlayerView

__all__ = ["SolvedPlayer", "encode_strategy", "decode_strategy", "load_strategy", "strategy_steps", "SHIPPED_PRESETS"]

MAGIC = b"stripdeck-strategy 1\n"
SHIPPED_PRESETS = ("official", "cardroom")
_SHAPE = ("ante", "small_bet", "big_bet", "structure", "draw_limit", "max_raises", "joker", "flush_beats_full_house",
          "small_blind", "big_blind", "dealer_ante", "fourth_card_choice")


class Strategy(NamedTuple):
    """A shipped strategy: the tree (rebuilt from the rules), its abstraction and each node's rows."""

    preset: str
    tree: GameTree
    rows: dict[str, list[list[float]]]
    nodes: dict[str, Node]


def _shape(rules: Rules) -> dict[str, Any]:
    """What a strategy depends on: the structure, the draw, and the bets in units of the small bet."""
    unit = rules.small_bet or 1
    out: dict[str, Any] = {k: getattr(rules, k) for k in _SHAPE}
    for k in ("ante", "small_bet", "big_bet", "small_blind", "big_blind"):
        out[k] = getattr(rules, k) / unit
    return out


def encode_strategy(preset: str, tree: GameTree, strategy: dict[str, list[list[float]]], cap: int = 5) -> bytes:
    """The data file of ``strategy`` (node key -> rows) for ``tree``, a byte per probability."""
    ab = tree.abstraction
    header = {"preset": preset, "classes": ab.pre_classes, "buckets": ab.post_buckets, "groups": list(ab.groups),
              "edges": [e if e != float("-inf") else None for e in ab.edges], "cap": cap, "nodes": len(tree.nodes)}
    body = bytearray()
    for node in tree.nodes:
        for row in strategy[node.key]:
            body.extend(min(255, max(0, round(p * 255))) for p in row)
    return MAGIC + json.dumps(header, separators=(",", ":")).encode() + b"\n" + bytes(body)


def decode_strategy(data: bytes, rules: Rules) -> Strategy:
    """A strategy from its data file, for ``rules`` (the tree is rebuilt; a file of another shape is refused)."""
    steps = _decode_steps(data, rules)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            strategy: Strategy = done.value
            return strategy


def _decode_steps(data: bytes, rules: Rules, chunk: int = 600) -> Generator[None, None, Strategy]:
    if not data.startswith(MAGIC):
        raise ValueError("not a stripdeck strategy file")
    line_end = data.index(b"\n", len(MAGIC))
    header = json.loads(data[len(MAGIC):line_end])
    body = data[line_end + 1:]
    edges = tuple(float("-inf") if e is None else float(e) for e in header["edges"])
    ab = Abstraction(tuple(range(rules.draw_limit + 1)), (0.0,) * header["classes"], (), header["buckets"],
                     tuple(header["groups"]), edges, 0)
    tree = build_tree(rules, ab, cap=header["cap"], tables=False)
    if len(tree.nodes) != header["nodes"]:
        raise ValueError(f"the strategy has {header['nodes']} nodes, the rules' tree {len(tree.nodes)}")
    rows: dict[str, list[list[float]]] = {}
    at = 0
    for number, node in enumerate(tree.nodes):
        if number % chunk == 0:
            yield
        width = len(node.actions)
        node_rows = []
        for _ in range(private_states(ab, node)):
            raw = body[at:at + width]
            at += width
            total = sum(raw)
            node_rows.append([b / total for b in raw] if total else [1.0 / width] * width)
        rows[node.key] = node_rows
    if at != len(body):
        raise ValueError(f"the strategy's data has {len(body)} bytes, the tree needs {at}")
    return Strategy(header["preset"], tree, rows, {n.key: n for n in tree.nodes})


_LOADED: dict[str, Strategy | None] = {}


def _shipped_preset(rules: Rules) -> str | None:
    for preset in SHIPPED_PRESETS:
        if _shape(Rules.preset(preset)) == _shape(rules):
            return preset
    return None


def strategy_steps(rules: Rules) -> Iterator[None]:
    """Load the shipped strategy that fits ``rules`` in steps of a few milliseconds (see ``stripdeck.prepare``)."""
    preset = _shipped_preset(rules)
    key = json.dumps(_shape(rules), sort_keys=True)
    if preset is None or key in _LOADED:
        return
    data = resources.files("stripdeck").joinpath(f"strategy-{preset}.bin").read_bytes()
    yield
    _LOADED[key] = yield from _decode_steps(data, rules)


def load_strategy(rules: Rules) -> Strategy | None:
    """The shipped strategy that fits ``rules`` (heads-up fixed limit of a shipped preset's shape), or None."""
    for _ in strategy_steps(rules):
        pass
    return _LOADED.get(json.dumps(_shape(rules), sort_keys=True))


class SolvedPlayer:
    """A player of the solved heads-up strategy (``level`` 'solver'), from its own view only."""

    def __init__(self, seed: int | None = None, fallback: str = "classic") -> None:
        self.level = "solver"
        self.rng = random.Random(seed)
        self.fallback = bot_for(fallback, seed=self.rng.getrandbits(63))
        self._profile: tuple[tuple[Card, ...], Any] | None = None

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
        key = _public_key(view)
        node = strategy.nodes.get(key) if key is not None else None
        if node is None:
            return None
        ab = strategy.tree.abstraction
        hand = view.my_hand
        discards: list[tuple[Card, ...]] = []
        if node.pre:
            profile = self._hand_profile(hand, view.rules, ab.post_buckets)
            private, discards = ab.classify(profile), profile.discards
        else:
            private = post_bucket(strength_table(view.rules)[sum(hand)] >> 4, view.rules, ab.post_buckets)
        row = strategy.rows[node.key][private]
        action = node.actions[_sample(row, self.rng)]
        return _action_text(action, view, discards)

    def _hand_profile(self, hand: tuple[Card, ...], rules: Rules, buckets: int) -> Any:
        if self._profile is None or self._profile[0] != hand:
            self._profile = (hand, hand_profile(hand, rules, buckets))
        return self._profile[1]


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
