"""Benchmark and training run: the heads-up fixed-limit strategy by CFR+, and its exploitability.

    python3 bench/bench_strategy.py                       # official and cardroom, default sizes
    python3 bench/bench_strategy.py --presets official --iterations 300 --out strategy.json
    python3 bench/bench_strategy.py --shipped               # the shipped strategies' exploitability

Seeded and deterministic: the abstraction comes from a fixed sample of hands
(stripdeck.abstraction), CFR+ has no randomness. Printed: the abstraction's size and build
time, then at checkpoints the iterations, the training time and the exploitability in the
abstract game (an exact best response for each seat against the average strategy, in
milli-big-blinds a hand; the big blind of a limit game is its small bet). With --out the
average strategy is written as JSON (node key -> rows of action probabilities, 4 decimals);
with --ship as the data file the game ships (stripdeck.solved: a byte per probability).
``--shipped`` measures the shipped files instead (as the game plays them, rounded to bytes).
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
from stripdeck.solved import encode_strategy  # noqa: E402
from stripdeck.solver import Solver, build_tree, exploitability, mbb_per_hand  # noqa: E402


def train(preset: str, iterations: int, samples: int, classes: int, buckets: int,
          checkpoints: set[int]) -> tuple[Solver, list[tuple[int, float, float]]]:
    rules = Rules.preset(preset)
    start = time.perf_counter()
    abstraction = build_abstraction(rules, samples=samples, pre_classes=classes, post_buckets=buckets)
    tree = build_tree(rules, abstraction)
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


def measure_shipped(samples: int, classes: int, buckets: int) -> int:
    """The exploitability of each shipped strategy file, as the game plays it (a byte per probability)."""
    from stripdeck.solved import SHIPPED_PRESETS, decode_strategy

    for preset in SHIPPED_PRESETS:
        rules = Rules.preset(preset)
        path = ROOT / "core" / "stripdeck" / f"strategy-{preset}.bin"
        shipped = decode_strategy(path.read_bytes(), rules)
        abstraction = build_abstraction(rules, samples=samples, pre_classes=classes, post_buckets=buckets)
        if tuple(abstraction.edges) != tuple(shipped.tree.abstraction.edges):
            print(f"{preset}: the shipped file was made from another abstraction", flush=True)
            return 1
        solver = Solver(build_tree(rules, abstraction))
        e = mbb_per_hand(exploitability(solver, shipped.rows), solver.tree)
        print(f"{preset}: shipped strategy ({path.stat().st_size:,} bytes, {len(solver.tree.nodes)} nodes), "
              f"exploitability {e:.2f} mbb/hand in its abstract game", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--presets", default="official,cardroom")
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--samples", type=int, default=3000, help="hands sampled to build the abstraction")
    parser.add_argument("--classes", type=int, default=16, help="hand classes before the draw")
    parser.add_argument("--buckets", type=int, default=12, help="strength buckets after the draw")
    parser.add_argument("--out", type=Path, help="write the average strategy (JSON; one file a preset: NAME-PRESET)")
    parser.add_argument("--ship", action="store_true",
                        help="write the strategy the game ships: core/stripdeck/strategy-PRESET.bin")
    parser.add_argument("--shipped", action="store_true",
                        help="measure the strategies the game ships (rounded to bytes) instead of training")
    args = parser.parse_args(argv)
    if args.shipped:
        return measure_shipped(args.samples, args.classes, args.buckets)
    checkpoints = {1, 10, 25, 50, 100, 200, 400, 800, 1600}
    for preset in [p.strip() for p in args.presets.split(",") if p.strip()]:
        started = time.perf_counter()
        solver, _ = train(preset, args.iterations, args.samples, args.classes, args.buckets, checkpoints)
        print(f"  {preset}: {time.perf_counter() - started:.0f} s in all", flush=True)
        if args.out is not None:
            path = args.out.with_name(f"{args.out.stem}-{preset}{args.out.suffix or '.json'}")
            strategy = {k: [[round(p, 4) for p in row] for row in rows]
                        for k, rows in solver.average_strategy().items()}
            path.write_text(json.dumps({"preset": preset, "iterations": solver.iterations, "strategy": strategy},
                                       separators=(",", ":")))
            print(f"  wrote {path} ({path.stat().st_size:,} bytes)", flush=True)
        if args.ship:
            path = ROOT / "core" / "stripdeck" / f"strategy-{preset}.bin"
            path.write_bytes(encode_strategy(preset, solver.tree, solver.average_strategy()))
            print(f"  wrote {path.relative_to(ROOT)} ({path.stat().st_size:,} bytes)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
