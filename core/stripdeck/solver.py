"""A near-equilibrium strategy for heads-up fixed-limit 32-card draw, by CFR+, with the exact
best response that measures how exploitable it is, both in the abstract game of
:mod:`stripdeck.abstraction`.

The abstract game: both players ante, seat 1 (left of the button, seat 0) acts first before
the draw, with bets of the small bet; seat 1 draws first, choosing a draw count, and seat 0
sees it before choosing its own; each player's class then moves to a bucket by the class's
transition for its count; the opener (the first to bet before the draw, else seat 1) acts
first after it, with bets of the big bet; the higher bucket wins the showdown, equal buckets
split. A round allows ``cap`` bets (the bet and ``cap - 1`` raises: five, the cap of a
multiway pot); the rules allow more heads-up, and a raise past the cap is read as the capped
line (a mapping the bot documents).

CFR+ runs over the public tree with a vector of each player's private classes or buckets:
regret matching+, alternating updates, linearly weighted averages. A player's values after
its own draw depend only on its bucket (its class changes nothing after it), so one
strategy per bucket loses nothing against remembering the class. The best response takes
the best action for every class and bucket against the other player's average strategy:
:func:`exploitability` is the mean of the two seats' best-response gains, in chips a hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from .abstraction import Abstraction
from .rules import Rules

__all__ = ["GameTree", "Node", "Solver", "build_tree", "build_pot_tree", "POT_SIZES", "private_states",
           "exploitability", "mbb_per_hand", "profile_value"]

Vector = list[float]
_TERMINAL = ("fold", "showdown", "split")


class Node:
    """A public node: a decision (``decide``: bet/check/...; ``draw``: a draw count), a fold or a showdown."""

    __slots__ = ("kind", "player", "actions", "children", "contrib", "key", "regrets", "average", "pre", "offset")

    def __init__(self, kind: str, key: str, player: int = -1, contrib: tuple[float, float] = (0, 0)) -> None:
        self.kind = kind
        self.key = key
        self.player = player          # who acts (decide, draw) or who folded (fold)
        self.actions: list[str] = []
        self.children: list[Node] = []
        self.contrib = contrib        # chips each seat has put in (fold, showdown)
        self.regrets: list[list[float]] = []
        self.average: list[list[float]] = []
        self.pre = False              # the acting player has not drawn yet (its private state is a class)
        self.offset = 0               # a lazy pot-limit tree: where the node's rows are in the data


class GameTree(NamedTuple):
    """The abstract game's public tree for some rules and an abstraction."""

    root: Node
    nodes: list[Node]          # every decision node (decide and draw), in a fixed order
    abstraction: Abstraction
    small_bet: int
    big_bet: int
    unit: int = 0              # chips of a big blind for mbb (0: the small bet, the big blind of a limit game)
    sizes: tuple[float, ...] = ()  # pot limit: the bet sizes, fractions of the pot (token ``h`` and ``p``)
    stack: int = 0             # pot limit: each player's stack at the start of a hand
    caps: tuple[int, int] = (0, 0)  # pot limit: the bets a round allows, before and after the draw
    no_limit: bool = False     # no limit: all in is open at every decision, not only where a size reaches it


def build_tree(rules: Rules, abstraction: Abstraction, cap: int = 5, tables: bool = True) -> GameTree:
    """The public tree: betting before the draw, the two draws, betting after it, showdowns.

    ``tables``: give every decision node its regret and average tables (the solver's; a player
    of a shipped strategy needs only the tree)."""
    if rules.structure != "fixed-limit":
        raise ValueError("the solver plays fixed limit")
    nodes: list[Node] = []
    ante = rules.ante

    def betting(key: str, round_no: int, first: int, contrib: tuple[float, float], drawn: tuple[bool, bool],
                after: Callable[[str, tuple[float, float], int | None], Node]) -> Node:
        size = rules.small_bet if round_no == 1 else rules.big_bet

        def node(seq: str, to_act: int, bets: int, put: tuple[float, float], opener: int | None) -> Node:
            n = Node("decide", f"{key}{seq}", to_act)
            n.pre = not drawn[to_act]
            nodes.append(n)
            other = 1 - to_act
            facing = put[other] > put[to_act]
            if not facing:
                n.actions.append("k")
                if seq.endswith("k"):  # both checked
                    n.children.append(after(seq + "k", put, opener))
                else:
                    n.children.append(node(seq + "k", other, bets, put, opener))
                n.actions.append("b")
                bet = _added(put, to_act, put[to_act] + size)
                n.children.append(node(seq + "b", other, 1, bet, to_act if opener is None else opener))
            else:
                n.actions.append("f")
                n.children.append(Node("fold", f"{key}{seq}f", to_act, put))
                n.actions.append("c")
                n.children.append(after(seq + "c", _added(put, to_act, put[other]), opener))
                if bets < cap:
                    n.actions.append("r")
                    n.children.append(node(seq + "r", other, bets + 1, _added(put, to_act, put[other] + size), opener))
            return n

        return node("", first, 0, contrib, None)

    def showdown_after(key: str) -> Callable[[str, tuple[float, float], int | None], Node]:
        return lambda seq, put, _opener: Node("showdown", key + seq, contrib=put)

    def after_first(seq: str, put: tuple[float, float], opener: int | None) -> Node:
        opener_seat = 1 if opener is None else opener
        return _draws(f"1:{seq}/d:", abstraction, nodes, lambda key: betting(
            key, 2, opener_seat, put, (True, True), showdown_after(key)))

    root = betting("1:", 1, 1, (ante, ante), (False, False), after_first)
    _give_tables(nodes, abstraction, tables)
    return GameTree(root, nodes, abstraction, rules.small_bet, rules.big_bet)


def _draws(base: str, abstraction: Abstraction, nodes: list[Node], after: Callable[[str], Node]) -> Node:
    """The two draws after the first round's line ``base`` (``1:<seq>/d:``): seat 1 chooses a draw count,
    then seat 0 (seeing it); ``after(key)`` is what follows each pair of counts (key ``<base><d1>,<d2>/2:``)."""
    first_draw = Node("draw", base, 1)
    first_draw.pre = True
    nodes.append(first_draw)
    for d1 in abstraction.draw_counts:
        second = Node("draw", f"{base}{d1},", 0)
        second.pre = True
        nodes.append(second)
        first_draw.actions.append(str(d1))
        first_draw.children.append(second)
        for d2 in abstraction.draw_counts:
            second.actions.append(str(d2))
            second.children.append(after(f"{base}{d1},{d2}/2:"))
    return first_draw


def _give_tables(nodes: list[Node], abstraction: Abstraction, tables: bool) -> None:
    """The solver's regret and average tables for every decision node (none for a player's tree)."""
    for n in nodes if tables else ():
        size = private_states(abstraction, n)
        n.regrets = [[0.0] * len(n.actions) for _ in range(size)]
        n.average = [[0.0] * len(n.actions) for _ in range(size)]


POT_SIZES = (0.5, 1.0)   # pot limit: half the pot and the pot (tokens h and p); all in (a) where the stack ends it


def bet_total(put: tuple[float, float], seat: int, fraction: float, stack: float) -> float:
    """Pot limit: what ``seat`` has put in after a bet or raise of ``fraction`` of the pot (the pot after
    its call), at most ``stack``."""
    other = put[1 - seat]
    to_call = other - put[seat]
    return min(stack, other + fraction * (put[0] + put[1] + to_call))


def size_tokens(put: tuple[float, float], seat: int, stack: float, big_blind: float,
                sizes: tuple[float, ...] = POT_SIZES) -> list[tuple[str, float]]:
    """Pot limit: the abstract bets and raises open to ``seat`` as (token, total): ``h`` half the pot,
    ``p`` the pot, ``a`` all in where the stack makes a size all in (then the larger sizes are left out)."""
    other = put[1 - seat]
    minimum = other + big_blind
    out: list[tuple[str, float]] = []
    for token, fraction in zip("hp", sizes):
        total = max(minimum, bet_total(put, seat, fraction, stack))
        if total >= stack:
            out.append(("a", float(stack)))
            break
        out.append((token, total))
    return out


def build_pot_tree(rules: Rules, abstraction: Abstraction, stack_bb: int = 100, caps: tuple[int, int] = (3, 2),
                   tables: bool = True, sizes: tuple[float, ...] = POT_SIZES, lazy: bool = False) -> GameTree:
    """The public tree of heads-up pot limit or no limit with blinds (the ``online`` preset's shape).

    The button (seat 0) posts the small blind and acts first in both rounds; the big blind (seat 1)
    draws first. Bets and raises are half the pot (``h``) or the pot (``p``, the pot limit), or all
    in (``a``) where the stack makes that size all in; a round allows ``caps[round]`` bets (before
    the draw the big blind counts as the first), and then only all in. With the ``split`` option the first player after
    the draw may split (``s``); the other then splits too (the pot is divided: each gets back what
    it put in) or plays on as after a check. When a player is all in the hand goes to the draws and
    the showdown. Every hand starts with ``stack_bb`` big blinds a player.

    No limit (``rules.structure`` ``no-limit``) is the same tree with all in open at every decision
    where a raise is: the sizes are half the pot, the pot and all in (the pot is no limit there, just
    a size), and at the cap all in is still the raise left.

    ``lazy`` (a player's tree, built in milliseconds): the betting after the draw is built once for
    each line of the first round, as a template of keys ``2:<seq>``, and each pair of draw counts
    gets a ``round2`` node in its place whose only child is the template (the order of ``nodes`` is
    the full tree's, a ``round2`` node standing for its whole subtree)."""
    if rules.structure not in ("pot-limit", "no-limit") or not rules.uses_blinds or rules.big_blind <= 0:
        raise ValueError("the pot-limit tree is for pot limit or no limit with blinds (the online preset's shape)")
    no_limit = rules.structure == "no-limit"
    nodes: list[Node] = []
    sink = [nodes]  # where new decision nodes go (a template's own list while one is built)
    ante, bb = rules.ante, rules.big_blind
    stack = stack_bb * bb  # everything a player may put in, its forced bets included

    def betting(key: str, round_no: int, put0: tuple[float, float], after: Callable[[str, tuple[float, float]], Node],
                drawn: bool) -> Node:
        cap = caps[round_no - 1]
        split_on = rules.split and round_no == 2

        def node(seq: str, to_act: int, bets: int, put: tuple[float, float]) -> Node:
            n = Node("decide", f"{key}{seq}", to_act, put)
            n.pre = not drawn
            sink[0].append(n)
            other = 1 - to_act
            facing = put[other] > put[to_act]
            raisable = put[other] < stack and put[to_act] < stack
            if not facing:
                closes = (round_no == 1 and seq == "c") or (round_no == 2 and seq in ("k", "s"))
                n.actions.append("k")
                n.children.append(after(seq + "k", put) if closes else node(seq + "k", other, bets, put))
                if split_on and seq in ("", "s"):
                    n.actions.append("s")
                    n.children.append(Node("split", f"{key}{seq}s", to_act, put) if seq == "s"
                                      else node(seq + "s", other, bets, put))
            else:
                n.actions.append("f")
                n.children.append(Node("fold", f"{key}{seq}f", to_act, put))
                n.actions.append("c")
                called = _added(put, to_act, put[other])
                limp = round_no == 1 and seq == ""
                n.children.append(node(seq + "c", other, bets, called) if limp else after(seq + "c", called))
            if raisable:  # at the cap only all in is left (a raise past it is read as all in)
                tokens = size_tokens(put, to_act, stack, bb, sizes) if bets < cap else [("a", float(stack))]
                if no_limit and tokens[-1][0] != "a":
                    tokens.append(("a", float(stack)))
                for token, total in tokens:
                    n.actions.append(token)
                    n.children.append(node(seq + token, other, bets + 1,
                                           _added(put, to_act, total)))
            return n

        first_bets = 1 if round_no == 1 else 0
        return node("", 0, first_bets, put0)

    def showdown_after(key: str) -> Callable[[str, tuple[float, float]], Node]:
        return lambda seq, put: Node("showdown", key + seq, contrib=put)

    def after_first(seq: str, put: tuple[float, float]) -> Node:
        base = f"1:{seq}/d:"
        all_in = max(put) >= stack
        template = None
        if lazy and not all_in:
            sink[0] = []
            template = betting("2:", 2, put, showdown_after("2:"), True)
            sink[0] = nodes

        def second_round(key: str) -> Node:
            if template is not None:
                stand_in = Node("round2", key, 0, put)
                stand_in.children.append(template)
                nodes.append(stand_in)
                return stand_in
            return Node("showdown", key, contrib=put) if all_in else betting(key, 2, put, showdown_after(key), True)

        return _draws(base, abstraction, nodes, second_round)

    start = (ante + rules.small_blind, ante + bb)
    root = betting("1:", 1, start, after_first, False)
    _give_tables(nodes, abstraction, tables)
    return GameTree(root, nodes, abstraction, rules.small_bet, rules.big_bet, bb, sizes, stack, caps, no_limit)


def private_states(abstraction: Abstraction, node: Node) -> int:
    """How many private states the acting player has at ``node``: classes before its draw, buckets after."""
    return len(abstraction.class_probs) if node.pre else abstraction.post_buckets


def _added(put: tuple[float, float], seat: int, total: float) -> tuple[float, float]:
    return (total, put[1]) if seat == 0 else (put[0], total)


def _matched(regrets: list[list[float]]) -> list[list[float]]:
    """Regret matching: each row's positive regrets normalised (uniform when none is positive).
    CFR+ keeps every regret at zero or above, so a row's sum is the sum of its positive part."""
    out = []
    for row in regrets:
        total = sum(row)
        out.append([r / total for r in row] if total > 0 else [1.0 / len(row)] * len(row))
    return out


def _averaged(average: list[list[float]]) -> list[list[float]]:
    out = []
    for row in average:
        total = sum(row)
        out.append([a / total for a in row] if total > 0 else [1.0 / len(row)] * len(row))
    return out


class Solver:
    """CFR+ on a :class:`GameTree`; ``run(iterations)`` trains, ``average_strategy()`` is the result."""

    def __init__(self, tree: GameTree) -> None:
        self.tree = tree
        self.iterations = 0
        ab = tree.abstraction
        n = ab.post_buckets
        self.win = [[1.0 if x > y else -1.0 if x < y else 0.0 for y in range(n)] for x in range(n)]

    def run(self, iterations: int) -> Iterator[int]:
        """Train ``iterations`` more iterations, yielding after each (the count so far)."""
        probs = list(self.tree.abstraction.class_probs)
        for _ in range(iterations):
            self.iterations += 1
            for player in (0, 1):
                self._walk(self.tree.root, player, probs, probs, float(self.iterations))
            yield self.iterations

    def _terminal(self, node: Node, player: int, reach_other: Vector) -> Vector:
        c = node.contrib
        if node.kind == "split":  # the pot divided: each gets back what it put in
            return [0.0] * len(reach_other)
        if node.kind == "fold":
            value = -c[player] if node.player == player else c[1 - player]
            total = value * sum(reach_other)
            return [total] * len(reach_other)
        pot = c[player]  # equal contributions at a showdown: win or lose what each put in
        total = sum(reach_other)
        out = []
        below = 0.0  # the other's reach in lower buckets (won), the rest above less the tie (lost)
        for r in reach_other:
            out.append(pot * (2 * below + r - total))
            below += r
        return out

    def _walk(self, node: Node, player: int, reach_mine: Vector, reach_other: Vector, weight: float) -> Vector:
        kind = node.kind
        if kind in _TERMINAL:
            return self._terminal(node, player, reach_other)
        strategy = _matched(node.regrets)
        ab = self.tree.abstraction
        actions = range(len(node.actions))
        if node.player != player:
            total: Vector | None = None
            for a in actions:
                if kind == "draw":
                    d = ab.draw_counts[a]
                    reach = _through(reach_other, strategy, a, ab.transitions, d, ab.post_buckets)
                else:
                    reach = [r * s[a] for r, s in zip(reach_other, strategy)]
                value = self._walk(node.children[a], player, reach_mine, reach, weight)
                total = value if total is None else [t + v for t, v in zip(total, value)]
            assert total is not None
            return total
        values = []
        for a in actions:
            if kind == "draw":
                d = ab.draw_counts[a]
                reach = _through(reach_mine, strategy, a, ab.transitions, d, ab.post_buckets)
                after = self._walk(node.children[a], player, reach, reach_other, weight)
                values.append([sum(t * v for t, v in zip(ab.transitions[b][d], after))
                               for b in range(len(reach_mine))])
            else:
                reach = [r * s[a] for r, s in zip(reach_mine, strategy)]
                values.append(self._walk(node.children[a], player, reach, reach_other, weight))
        node_value = [sum(strategy[x][a] * values[a][x] for a in actions) for x in range(len(reach_mine))]
        for x, (row, avg) in enumerate(zip(node.regrets, node.average)):
            mine = reach_mine[x] * weight
            for a in actions:
                row[a] = max(0.0, row[a] + values[a][x] - node_value[x])
                avg[a] += mine * strategy[x][a]
        return node_value

    def average_strategy(self) -> dict[str, list[list[float]]]:
        """Each decision node's average strategy: node key -> [private state][action] probabilities."""
        return {n.key: _averaged(n.average) for n in self.tree.nodes}


def _through(reach: Vector, strategy: list[list[float]], a: int, transitions: tuple[tuple[tuple[float, ...], ...], ...],
             d: int, buckets: int) -> Vector:
    """Reach of each bucket after the draw: each class's reach times its chance of count ``d``, moved by its
    transition."""
    out = [0.0] * buckets
    for b, (r, s) in enumerate(zip(reach, strategy)):
        w = r * s[a]
        if w:
            for i, t in enumerate(transitions[b][d]):
                out[i] += w * t
    return out


def _best_response(solver: Solver, node: Node, player: int, reach_other: Vector,
                   strategy: dict[str, list[list[float]]]) -> Vector:
    kind = node.kind
    if kind in _TERMINAL:
        return solver._terminal(node, player, reach_other)
    ab = solver.tree.abstraction
    actions = range(len(node.actions))
    if node.player != player:
        sigma = strategy[node.key]
        total: Vector | None = None
        for a in actions:
            if kind == "draw":
                reach = _through(reach_other, sigma, a, ab.transitions, ab.draw_counts[a], ab.post_buckets)
            else:
                reach = [r * s[a] for r, s in zip(reach_other, sigma)]
            value = _best_response(solver, node.children[a], player, reach, strategy)
            total = value if total is None else [t + v for t, v in zip(total, value)]
        assert total is not None
        return total
    values = []
    for a in actions:
        after = _best_response(solver, node.children[a], player, reach_other, strategy)
        if kind == "draw":
            d = ab.draw_counts[a]
            after = [sum(t * v for t, v in zip(ab.transitions[b][d], after)) for b in range(ab.pre_classes)]
        values.append(after)
    return [max(v[x] for v in values) for x in range(len(values[0]))]


def profile_value(solver: Solver, strategy: dict[str, list[list[float]]], player: int) -> float:
    """Chips a hand ``player`` wins when both seats play ``strategy``."""
    probs = list(solver.tree.abstraction.class_probs)
    return _value(solver, solver.tree.root, player, probs, probs, strategy)


def _value(solver: Solver, node: Node, player: int, reach_mine: Vector, reach_other: Vector,
           strategy: dict[str, list[list[float]]]) -> float:
    if node.kind in _TERMINAL:
        return sum(r * v for r, v in zip(reach_mine, solver._terminal(node, player, reach_other)))
    ab = solver.tree.abstraction
    sigma = strategy[node.key]
    total = 0.0
    for a in range(len(node.actions)):
        mine, other = reach_mine, reach_other
        if node.kind == "draw":
            moved = _through(mine if node.player == player else other, sigma, a, ab.transitions,
                             ab.draw_counts[a], ab.post_buckets)
        else:
            moved = [r * s[a] for r, s in zip(mine if node.player == player else other, sigma)]
        if node.player == player:
            mine = moved
        else:
            other = moved
        total += _value(solver, node.children[a], player, mine, other, strategy)
    return total


def exploitability(solver: Solver, strategy: dict[str, list[list[float]]] | None = None) -> float:
    """Chips a hand a best response wins against ``strategy`` (the solver's average), over both seats."""
    strategy = solver.average_strategy() if strategy is None else strategy
    probs = list(solver.tree.abstraction.class_probs)
    gains = []
    for player in (0, 1):
        values = _best_response(solver, solver.tree.root, player, probs, strategy)
        gains.append(sum(p * v for p, v in zip(probs, values)))
    return (gains[0] + gains[1]) / 2


def mbb_per_hand(chips: float, tree: GameTree) -> float:
    """Chips a hand in milli-big-blinds; the big blind of a limit game is its small bet (as in limit hold'em)."""
    return 1000 * chips / tree.small_bet
