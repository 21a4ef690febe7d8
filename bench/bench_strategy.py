"""Benchmark and training run: the heads-up strategies by CFR+, and their exploitability.

    python3 bench/bench_strategy.py                       # official and cardroom, default sizes
    python3 bench/bench_strategy.py --presets online      # pot limit: half pot, pot, all in; 100 big blinds
    python3 bench/bench_strategy.py --presets official --iterations 300 --out strategy.json
    python3 bench/bench_strategy.py --shipped               # the shipped strategies' exploitability
    python3 bench/bench_strategy.py --presets online --structure no-limit   # no limit: half pot, pot, all in

Seeded and deterministic: the abstraction comes from a fixed sample of hands
(stripdeck.abstraction), CFR+ has no randomness. Printed: the abstraction's size and build
time, then at checkpoints the iterations, the training time and the exploitability in the
abstract game (an exact best response for each seat against the average strategy, in
milli-big-blinds a hand; the big blind of a limit game is its small bet). A pot-limit preset
(``online``) is solved in the tree of stripdeck.solver.build_pot_tree: bets of half the pot
and the pot (all in where the stack makes them so), ``--caps`` bets a round, stacks of
``--stack-bb`` big blinds. ``--structure no-limit`` solves a preset's blinds and stacks in no limit
(the same tree with all in open at every decision); its file is ``strategy-PRESET-no-limit.bin``.
With --out the
average strategy is written as JSON (node key -> rows of action probabilities);
with --ship as the data file the game ships (stripdeck.strategy_file: a byte per probability).
``--shipped`` measures the shipped files instead (as the game plays them, rounded as stored);
``--recompact --levels 15`` writes the shipped files again in the compact form and measures them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "core"))

from stripdeck import Rules  # noqa: E402
from stripdeck.abstraction import build_abstraction  # noqa: E402
from stripdeck.solver import GameTree, Solver, build_pot_tree, build_tree, exploitability, mbb_per_hand  # noqa: E402
from stripdeck.strategy_file import encode_strategy  # noqa: E402


def rules_for(name: str) -> Rules:
    """The rules of a strategy's name: a preset, or ``PRESET-no-limit`` (the preset played no limit)."""
    preset, _, structure = name.partition("-")
    return Rules.preset(preset, structure=structure) if structure else Rules.preset(preset)


def name_for(preset: str, structure: str | None) -> str:
    """A strategy's name (and its file's): the preset, with the structure when it is not the preset's own."""
    return f"{preset}-{structure}" if structure and structure != Rules.preset(preset).structure else preset


def tree_for(rules: Rules, abstraction: object, caps: tuple[int, int], stack_bb: int, tables: bool = True) -> GameTree:
    """The abstract game's tree: fixed limit, or pot limit or no limit with its caps and stacks."""
    if rules.structure != "fixed-limit":
        return build_pot_tree(rules, abstraction, stack_bb=stack_bb, caps=caps, tables=tables)  # type: ignore[arg-type]
    return build_tree(rules, abstraction, tables=tables)  # type: ignore[arg-type]


def train(preset: str, iterations: int, samples: int, classes: int, buckets: int,
          checkpoints: set[int], caps: tuple[int, int] = (3, 2),
          stack_bb: int = 100) -> tuple[Solver, list[tuple[int, float, float]]]:
    rules = rules_for(preset)
    start = time.perf_counter()
    abstraction = build_abstraction(rules, samples=samples, pre_classes=classes, post_buckets=buckets)
    tree = tree_for(rules, abstraction, caps, stack_bb)
    print(f"{preset}: {abstraction.pre_classes} classes before the draw (groups {abstraction.groups}), "
          f"{buckets} buckets after it, draw counts {abstraction.draw_counts}, {len(tree.nodes)} public decision "
          f"nodes; abstraction from {samples} hands in {time.perf_counter() - start:.1f} s", flush=True)
    solver = Solver(tree)
    figures = []
    trained = 0.0
    since = time.perf_counter()
    for it in solver.run(iterations):
        trained += time.perf_counter() - since  # the measuring below is not training time
        if it in checkpoints or it == iterations:
            e = mbb_per_hand(exploitability(solver), tree)
            figures.append((it, trained, e))
            print(f"  {it:>5} iterations  {trained:>7.1f} s  exploitability {e:8.2f} mbb/hand", flush=True)
        since = time.perf_counter()
    return solver, figures


def measure_shipped(samples: int, classes: int, buckets: int, presets: list[str]) -> int:
    """The exploitability of each shipped strategy file, as the game plays it (rounded as stored)."""
    from stripdeck.strategy_file import all_rows, decode_strategy

    for preset in presets:
        rules = rules_for(preset)
        path = strategy_path(preset)
        shipped = decode_strategy(path.read_bytes(), rules)
        abstraction = build_abstraction(rules, samples=samples, pre_classes=classes, post_buckets=buckets)
        if tuple(abstraction.edges) != tuple(shipped.tree.abstraction.edges):
            print(f"{preset}: the shipped file was made from another abstraction", flush=True)
            return 1
        solver = Solver(tree_for(rules, abstraction, shipped.tree.caps, shipped.tree.stack // (shipped.tree.unit or 1)))
        e = mbb_per_hand(exploitability(solver, all_rows(shipped)), solver.tree)
        print(f"{preset}: shipped strategy ({path.stat().st_size:,} bytes, {len(solver.tree.nodes)} nodes, "
              f"{'a byte' if shipped.levels == 255 else f'{shipped.levels} levels'} a probability), "
              f"exploitability {e:.2f} mbb/hand in its abstract game", flush=True)
    return 0


def strategy_path(name: str) -> Path:
    """Where the game keeps a strategy's file: the package's folder (a lazily loaded one, no limit's, is left
    out of the wheel and served by the site: tools/site.py)."""
    return ROOT / "core" / "stripdeck" / f"strategy-{name}.bin"


def ship(preset: str, tree: GameTree, strategy: dict[str, list[list[float]]], levels: int, power: float) -> None:
    """Write the file the game ships for ``preset`` (stripdeck.strategy_file's format) and say its size."""
    path = strategy_path(preset)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(encode_strategy(preset, tree, strategy, levels=levels, power=power))
    print(f"  wrote {path.relative_to(ROOT)} ({path.stat().st_size:,} bytes)", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--presets", default="official,cardroom")
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--samples", type=int, default=3000, help="hands sampled to build the abstraction")
    parser.add_argument("--classes", type=int, default=16, help="hand classes before the draw")
    parser.add_argument("--buckets", type=int, default=12, help="strength buckets after the draw")
    parser.add_argument("--caps", default="3,2", help="pot limit: bets a round before and after the draw")
    parser.add_argument("--stack-bb", type=int, default=100, help="pot limit: each player's stack in big blinds")
    parser.add_argument("--structure", choices=("fixed-limit", "pot-limit", "no-limit"),
                        help="play the presets in this structure (their blinds and stacks): no-limit")
    parser.add_argument("--out", type=Path, help="write the average strategy (JSON; one file a preset: NAME-PRESET)")
    parser.add_argument("--ship", action="store_true",
                        help="write the strategy the game ships: core/stripdeck/strategy-PRESET.bin")
    parser.add_argument("--shipped", action="store_true",
                        help="measure the strategies the game ships (rounded as stored) instead of training")
    parser.add_argument("--levels", type=int, default=255,
                        help="--ship: 255 (a byte a probability) or a compact 1-15 (half a byte)")
    parser.add_argument("--power", type=float, default=2.0,
                        help="compact files: a step v of --levels is the probability weight (v / levels) ** power")
    parser.add_argument("--recompact", action="store_true",
                        help="write the shipped files of --presets again in --levels, and measure them")
    parser.add_argument("--ship-from", type=Path,
                        help="ship the strategy of an --out file (no training): its preset's tree, --caps, --stack-bb")
    args = parser.parse_args(argv)
    presets = [name_for(p.strip(), args.structure) for p in args.presets.split(",") if p.strip()]
    caps = tuple(int(c) for c in args.caps.split(","))
    if len(caps) != 2:
        parser.error("--caps takes two numbers, before and after the draw")
    if args.recompact:  # the shipped files of --presets again, in --levels (then measured as shipped)
        from stripdeck.strategy_file import all_rows, decode_strategy
        for preset in presets:
            shipped = decode_strategy(strategy_path(preset).read_bytes(), rules_for(preset))
            tree = tree_for(rules_for(preset), shipped.tree.abstraction, shipped.tree.caps,
                            shipped.tree.stack // (shipped.tree.unit or 1), tables=False)
            ship(preset, tree, all_rows(shipped), args.levels, args.power)
        return measure_shipped(args.samples, args.classes, args.buckets, presets)
    if args.shipped:
        return measure_shipped(args.samples, args.classes, args.buckets, presets)
    if args.ship_from is not None:
        saved = json.loads(args.ship_from.read_text())
        rules = rules_for(saved["preset"])
        abstraction = build_abstraction(rules, samples=args.samples, pre_classes=args.classes,
                                        post_buckets=args.buckets)
        tree = tree_for(rules, abstraction, (caps[0], caps[1]), args.stack_bb)
        ship(saved["preset"], tree, saved["strategy"], args.levels, args.power)
        return 0
    checkpoints = {1, 10, 25, 50, 100, 200, 400, 800, 1200, 1600}
    for preset in presets:
        started = time.perf_counter()
        solver, _ = train(preset, args.iterations, args.samples, args.classes, args.buckets, checkpoints,
                          (caps[0], caps[1]), args.stack_bb)
        print(f"  {preset}: {time.perf_counter() - started:.0f} s in all", flush=True)
        if args.out is not None:
            path = args.out.with_name(f"{args.out.stem}-{preset}{args.out.suffix or '.json'}")
            strategy = solver.average_strategy()
            path.write_text(json.dumps({"preset": preset, "iterations": solver.iterations, "strategy": strategy},
                                       separators=(",", ":")))
            print(f"  wrote {path} ({path.stat().st_size:,} bytes)", flush=True)
        if args.ship:
            ship(preset, solver.tree, solver.average_strategy(), args.levels, args.power)
    return 0


if __name__ == "__main__":
    sys.exit(main())
