"""The solved heads-up strategies' data files: writing, checking and loading them.

A strategy's file (``strategy-NAME.bin``, written by ``bench/bench_strategy.py --ship``) holds the
abstraction's class edges and every public node's average strategy (a byte per probability, or
compact, in the order of :func:`stripdeck.solver.build_tree`'s nodes) and a checksum, so the
tree is rebuilt from the rules and nothing else is stored. :mod:`stripdeck.solved` plays it.

A strategy of :data:`LAZY_STRATEGIES` (no limit) is not in the wheel: the site serves its file
(``web/data/``), the page fetches it when a table first needs it (:func:`wanted_strategy`) and
hands it over (:func:`provide_strategy`); on CPython it is read from the package's folder of a
checkout. A missing or corrupt file is remembered with why (:func:`strategy_problem`), and the
bots play that table by their principles.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Generator, Iterator
from importlib import resources
from typing import Any, NamedTuple

from .abstraction import Abstraction
from .i18n import _
from .rules import Rules
from .solver import GameTree, Node, build_pot_tree, build_tree, private_states

__all__ = ["Strategy", "encode_strategy", "decode_strategy", "load_strategy", "strategy_problem",
           "strategy_steps", "SHIPPED_PRESETS", "LAZY_STRATEGIES", "all_rows", "strategy_rows",
           "strategy_rules", "wanted_strategy", "provide_strategy"]

MAGIC = b"stripdeck-strategy 1\n"
# The strategies: a preset's name, or PRESET-STRUCTURE for the preset's blinds and stacks in another structure.
SHIPPED_PRESETS = ("official", "cardroom", "online", "online-no-limit")
LAZY_STRATEGIES = ("online-no-limit",)  # not in the wheel: the site's file web/data/strategy-NAME.bin
_SHAPE = ("ante", "small_bet", "big_bet", "structure", "draw_limit", "max_raises", "joker", "flush_beats_full_house",
          "small_blind", "big_blind", "dealer_ante", "fourth_card_choice")


class Strategy(NamedTuple):
    """A shipped strategy: the tree (rebuilt from the rules), its abstraction and each node's rows."""

    preset: str
    tree: GameTree
    rows: dict[str, list[list[float]]]  # decoded: every node of fixed limit, the first round and draws of pot limit
    nodes: dict[str, Node]
    body: bytes = b""
    levels: int = 255
    weights: list[float] = []  # compact: the probability weight of each step


def _shape(rules: Rules) -> dict[str, Any]:
    """What a strategy depends on: the structure, the draw, and the bets in units of the small bet."""
    unit = rules.small_bet or 1
    out: dict[str, Any] = {k: getattr(rules, k) for k in _SHAPE}
    for k in ("ante", "small_bet", "big_bet", "small_blind", "big_blind"):
        out[k] = getattr(rules, k) / unit
    if rules.structure != "fixed-limit":  # the pot-limit tree has the split offer in it
        out["split"] = rules.split
    return out


def encode_strategy(preset: str, tree: GameTree, strategy: dict[str, list[list[float]]], cap: int = 5,
                    levels: int = 255, power: float = 2.0) -> bytes:
    """The data file of ``strategy`` (node key -> rows) for ``tree``: a byte per probability (``levels``
    255), or compact: half a byte a probability, a step ``v`` of ``levels`` (at most 15) read as
    ``(v / levels) ** power`` and each row normalised when read (a power above 1 keeps the small
    probabilities of a rare bluff apart from none). Each row's steps are the ones, one step around
    the nearest, whose normalised row is closest to the original."""
    if not (levels == 255 or 1 <= levels <= 15):
        raise ValueError("levels is 255 (a byte a probability) or 1 to 15 (half a byte, compact)")
    ab = tree.abstraction
    header: dict[str, Any] = {
        "preset": preset, "classes": ab.pre_classes, "buckets": ab.post_buckets, "groups": list(ab.groups),
        "edges": [e if e != float("-inf") else None for e in ab.edges], "cap": cap, "nodes": len(tree.nodes)}
    if tree.stack:  # pot limit and no limit: the tree's sizes, caps and depth
        header.update(structure="no-limit" if tree.no_limit else "pot-limit", caps=list(tree.caps),
                      stack_bb=tree.stack // tree.unit, sizes=list(tree.sizes))
    if levels != 255:
        header.update(levels=levels, power=power)
    values: list[int] = []
    for node in tree.nodes:
        for row in strategy[node.key]:
            if levels == 255:
                values.extend(min(255, max(0, round(p * 255))) for p in row)
            else:
                values.extend(_steps(row, levels, power))
    body = bytes(values) if levels == 255 else bytes(
        values[i] << 4 | (values[i + 1] if i + 1 < len(values) else 0) for i in range(0, len(values), 2))
    header["sha256"] = hashlib.sha256(body).hexdigest()  # a damaged file is refused, not played
    return MAGIC + json.dumps(header, separators=(",", ":")).encode() + b"\n" + body


def _steps(row: list[float], levels: int, power: float) -> list[int]:
    """A row of probabilities as compact steps (see :func:`encode_strategy`)."""
    near = [min(levels, max(0, round(max(0.0, p) ** (1 / power) * levels))) for p in row]
    best: tuple[float, list[int]] | None = None
    for shift in itertools.product((0, -1, 1), repeat=len(row)):
        steps = [min(levels, max(0, v + d)) for v, d in zip(near, shift)]
        weights = [(v / levels) ** power for v in steps]
        total = sum(weights)
        if not total:
            continue
        error = sum(abs(w / total - p) for w, p in zip(weights, row))
        if best is None or error < best[0] - 1e-12:
            best = (error, steps)
    assert best is not None
    return best[1]


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
    if header.get("structure", "fixed-limit") != rules.structure:
        raise ValueError(f"the strategy is for {header.get('structure', 'fixed-limit')}, "
                         f"the rules are {rules.structure}")
    if "stack_bb" in header:  # the betting after the draw stays in the data until a hand reaches it
        tree = build_pot_tree(rules, ab, stack_bb=header["stack_bb"], caps=tuple(header["caps"]), tables=False,
                              sizes=tuple(header["sizes"]), lazy=True)
    else:
        tree = build_tree(rules, ab, cap=header["cap"], tables=False)
    levels = header.get("levels", 255)
    weights = [(v / levels) ** float(header.get("power", 2.0)) for v in range(16)] if levels != 255 else []
    cells = len(body) if levels == 255 else 2 * len(body)
    rows: dict[str, list[list[float]]] = {}
    # Most rows repeat (a few thousand distinct of 40,000-60,000): each distinct row is worked out once,
    # keyed by its cells as text (a hex digit a half byte, when compact; else its bytes).
    keys: str | bytes = body.hex() if levels != 255 else body
    seen: dict[str | bytes, list[float]] = {}
    at = 0
    count = 0
    sizes: dict[int, tuple[int, int]] = {}  # a template's cells and nodes, by id
    for number, node in enumerate(tree.nodes):
        if number % chunk == 0:
            yield
        if node.kind == "round2":
            template = node.children[0]
            if id(template) not in sizes:
                sizes[id(template)] = _place(template, ab)
            node.offset = at
            at += sizes[id(template)][0]
            count += sizes[id(template)][1]
            continue
        count += 1
        width = len(node.actions)
        states = private_states(ab, node)
        node_rows = []
        for start in range(at, at + states * width, width):
            key = keys[start:start + width]
            row = seen.get(key)
            if row is None:
                row = seen[key] = _row(body, weights, start, width)
            node_rows.append(list(row))  # each row its own list
        rows[node.key] = node_rows
        at += width * states
    if count != header["nodes"]:
        raise ValueError(f"the strategy has {header['nodes']} nodes, the rules' tree {count}")
    if at != cells and not (levels != 255 and at == cells - 1 and body[-1] & 15 == 0):
        raise ValueError(f"the strategy's data has {cells} cells (bytes, or half bytes when compact), "
                         f"the tree needs {at}")
    if "sha256" in header and hashlib.sha256(body).hexdigest() != header["sha256"]:
        raise ValueError("the strategy's data does not match its checksum (a damaged file)")
    return Strategy(header["preset"], tree, rows, {n.key: n for n in tree.nodes}, body, levels, weights)


def _place(template: Node, ab: Abstraction) -> tuple[int, int]:
    """Give each node of a pot-limit template its offset in cells (the tree's order); its cells and nodes."""
    at = count = 0
    stack = [template]
    while stack:
        node = stack.pop()
        if node.kind != "decide":
            continue
        node.offset = at
        at += len(node.actions) * private_states(ab, node)
        count += 1
        stack.extend(reversed(node.children))
    return at, count


def _row(body: bytes, weights: list[float], at: int, width: int) -> list[float]:
    """The probabilities of one row from ``at`` (in cells: bytes, or half bytes read through the compact
    ``weights`` of each step)."""
    if not weights:
        raw: list[float] = list(body[at:at + width])
    else:
        raw = [weights[body[i >> 1] >> (0 if i & 1 else 4) & 15] for i in range(at, at + width)]
    total = sum(raw)
    return [b / total for b in raw] if total else [1.0 / width] * width


def strategy_rows(strategy: Strategy, node: Node, base: int | None) -> list[list[float]]:
    """A node's rows: from the decoded part, or read from the data (a pot-limit template node under the
    ``round2`` node at offset ``base``)."""
    if base is None:
        return strategy.rows[node.key]
    width = len(node.actions)
    states = private_states(strategy.tree.abstraction, node)
    return [_row(strategy.body, strategy.weights, base + node.offset + k * width, width) for k in range(states)]


def all_rows(strategy: Strategy) -> dict[str, list[list[float]]]:
    """Every node's rows by its key in the full tree (a pot-limit strategy's templates read out for each pair
    of draw counts): what the exact best response measures."""
    rows = dict(strategy.rows)
    for stand_in in strategy.tree.nodes:
        if stand_in.kind != "round2":
            continue
        todo = [stand_in.children[0]]
        while todo:
            node = todo.pop()
            if node.kind == "decide":
                rows[stand_in.key + node.key[2:]] = strategy_rows(strategy, node, stand_in.offset)
                todo.extend(node.children)
    return rows


_LOADED: dict[str, Strategy | None] = {}   # by the rules' shape: the strategy, or None (missing or corrupt)
_PROVIDED: dict[str, bytes | None] = {}    # a lazily loaded strategy's data, as the host fetched it (None: failed)
_PROBLEMS: dict[str, str] = {}             # by the rules' shape: why its strategy could not be used (a sentence)


def strategy_rules(name: str) -> Rules:
    """The rules a shipped strategy is for: its preset, played in the structure its name adds.

    >>> strategy_rules("online-no-limit").structure, strategy_rules("online").structure
    ('no-limit', 'pot-limit')
    """
    preset, _dash, structure = name.partition("-")
    return Rules.preset(preset, structure=structure) if structure else Rules.preset(preset)


def _shipped_preset(rules: Rules) -> str | None:
    for name in SHIPPED_PRESETS:
        if _shape(strategy_rules(name)) == _shape(rules):
            return name
    return None


def wanted_strategy(rules: Rules) -> str | None:
    """The name of the lazily loaded strategy ``rules`` need that nobody has handed over yet (the page then
    fetches ``web/data/strategy-NAME.bin`` and calls :func:`provide_strategy`), else None."""
    name = _shipped_preset(rules)
    if name not in LAZY_STRATEGIES or name in _PROVIDED or json.dumps(_shape(rules), sort_keys=True) in _LOADED:
        return None
    return name


def provide_strategy(name: str, data: bytes | None) -> None:
    """Hand over a lazily loaded strategy's file as fetched (``None``: it could not be fetched); it is
    decoded by the next :func:`strategy_steps` for its rules (checked then: a damaged file is refused)."""
    if name not in LAZY_STRATEGIES:
        raise ValueError(f"{name!r} is not a lazily loaded strategy: one of {', '.join(LAZY_STRATEGIES)}")
    _PROVIDED[name] = data
    key = json.dumps(_shape(strategy_rules(name)), sort_keys=True)
    _LOADED.pop(key, None)
    _PROBLEMS.pop(key, None)


def _strategy_data(name: str) -> bytes | None:
    """A strategy's file: as handed over, else the package's (None when there is none)."""
    if name in _PROVIDED:
        return _PROVIDED[name]
    try:
        return resources.files("stripdeck").joinpath(f"strategy-{name}.bin").read_bytes()
    except OSError:
        return None


def strategy_steps(rules: Rules) -> Iterator[None]:
    """Load the shipped strategy that fits ``rules`` in steps of a few milliseconds (see ``stripdeck.prepare``).

    A missing or corrupt file is remembered as none, and why (:func:`strategy_problem`, a sentence the page
    shows as a notice): the bots play those rules by their principles. The engine does no I/O, so it says
    nothing itself."""
    name = _shipped_preset(rules)
    key = json.dumps(_shape(rules), sort_keys=True)
    if name is None or key in _LOADED:
        return
    data = _strategy_data(name)
    yield
    if data is None:
        _LOADED[key] = None
        # TRANSLATORS: a notice on the page (and the command line's warning); {name} is a strategy file's
        # name such as online-no-limit, kept as it is.
        _PROBLEMS[key] = _("The {name} strategy's file is missing: the bots play these rules by their principles.",
                           name=name)
        return
    try:
        _LOADED[key] = yield from _decode_steps(data, rules)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as err:
        _LOADED[key] = None
        # TRANSLATORS: a notice on the page; {name} is a strategy file's name (online-no-limit), {reason} what
        # was wrong with it (in English, from the decoder).
        _PROBLEMS[key] = _("The {name} strategy's file cannot be used ({reason}): the bots play these rules by "
                           "their principles.", name=name, reason=str(err))


def strategy_problem(rules: Rules) -> str | None:
    """Why the strategy that fits ``rules`` could not be used (missing or damaged file: a sentence in the
    language of the moment it was loaded), or None (it is used, or ``rules`` have none, or it is not loaded yet)."""
    return _PROBLEMS.get(json.dumps(_shape(rules), sort_keys=True))


def load_strategy(rules: Rules) -> Strategy | None:
    """The shipped strategy that fits ``rules`` (heads-up fixed limit of a shipped preset's shape), or None."""
    for _step in strategy_steps(rules):
        pass
    return _LOADED.get(json.dumps(_shape(rules), sort_keys=True))
