"""Hand evaluation speed over all 201,376 hands, side by side with treys and PokerKit.

    .venv/bin/python bench/bench_evaluate.py

Prints microseconds per hand and ratios measured in this one run (shared machines are
noisy: compare the ratios, not the absolute figures across runs).
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "core"))

from stripdeck import DECK, evaluate, strength_table  # noqa: E402


def best_of(runs: int, fn) -> float:  # type: ignore[no-untyped-def]
    """The fastest of several timed runs, in seconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def first_use_ms() -> tuple[float, float]:
    """Median import time and first-evaluation (table building) time, each in a fresh process."""
    code = ("import time; t=time.perf_counter(); import stripdeck; t1=time.perf_counter(); "
            "stripdeck.evaluate('Ah Kd Qc Js 9s'); t2=time.perf_counter(); print(t1-t, t2-t1)")
    imports, firsts = [], []
    for _ in range(7):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             env={"PYTHONPATH": str(ROOT / "core")}).stdout.split()
        imports.append(float(out[0]) * 1000)
        firsts.append(float(out[1]) * 1000)
    return statistics.median(imports), statistics.median(firsts)


def main() -> None:
    hands = list(combinations(DECK, 5))
    n = len(hands)
    evaluate(hands[0])
    table = strength_table()
    masks = [sum(h) for h in hands]

    def ours() -> None:
        for h in hands:
            evaluate(h)

    def bulk() -> None:
        for m in masks:
            table[m]

    figures = {"stripdeck evaluate": best_of(5, ours) / n * 1e6,
               "stripdeck strength_table[mask] (bulk path)": best_of(5, bulk) / n * 1e6}
    shuffled = masks[:]
    random.Random(1).shuffle(shuffled)  # a table built in another order than it is read, like ours
    floor_table = {m: i for i, m in enumerate(shuffled)}

    def floor() -> None:
        for m in masks:
            floor_table[m]

    figures["floor: dict lookup of a precomputed mask"] = best_of(5, floor) / n * 1e6
    try:
        from treys import Card as TCard
        from treys import Evaluator
    except ImportError:
        print("treys is not installed (python3 build.py test installs it in .venv)")
    else:
        evaluator = Evaluator()
        convert = {c: TCard.new(str(c)) for c in DECK}
        treys_hands = [[convert[c] for c in h] for h in hands]

        def treys() -> None:
            five = evaluator._five
            for h in treys_hands:
                five(h)

        figures["treys (52-card, no suits)"] = best_of(5, treys) / n * 1e6
    try:
        from pokerkit import Card as PCard
        from pokerkit import StandardHighHand
    except ImportError:
        print("pokerkit is not installed")
    else:
        sample = hands[::20]
        pk = [tuple(next(iter(PCard.parse(str(c)))) for c in h) for h in sample]

        def pokerkit() -> None:
            for h in pk:
                StandardHighHand(h)

        figures["PokerKit StandardHighHand (every 20th hand)"] = best_of(3, pokerkit) / len(pk) * 1e6
    imports_ms, first_ms = first_use_ms()
    print(f"Hand evaluation over {n:,} hands, CPython {sys.version.split()[0]}, best of runs:")
    for name, us in figures.items():
        print(f"  {name:<48} {us:7.3f} us/hand")
    ours_us = figures["stripdeck evaluate"]
    for name in list(figures)[1:]:
        print(f"  ratio {name} / stripdeck evaluate: {figures[name] / ours_us:6.2f}")
    print(f"  import stripdeck: {imports_ms:.1f} ms; first evaluate (builds the table): {first_ms:.1f} ms "
          "(median of 7 fresh processes)")


if __name__ == "__main__":
    main()
