"""Hand evaluation speed over all 201,376 hands, side by side with treys and PokerKit.

    .venv/bin/python bench/bench_evaluate.py [--pyodide]

Prints microseconds per hand and ratios measured in this one run (shared machines are
noisy: compare the ratios, not the absolute figures across runs). ``--pyodide`` also runs
the first use and the evaluation loop in Pyodide under Node (needs ``npm ci`` and a built
``dist/``), next to the same figures from CPython.
"""

from __future__ import annotations

import json
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


def fresh_medians(code: str, runs: int) -> tuple[float, float]:
    """Medians, in ms, of the two times (seconds) that ``code`` prints, each run in a fresh process."""
    first, second = [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             env={"PYTHONPATH": str(ROOT / "core")}).stdout.split()
        first.append(float(out[0]) * 1000)
        second.append(float(out[1]) * 1000)
    return statistics.median(first), statistics.median(second)


def first_use_ms() -> tuple[float, float]:
    """Median import time and first-evaluation (table building) time, each in a fresh process."""
    return fresh_medians("import time; t=time.perf_counter(); import stripdeck; t1=time.perf_counter(); "
                         "stripdeck.evaluate('Ah Kd Qc Js 9s'); t2=time.perf_counter(); print(t1-t, t2-t1)", 7)


def joker_first_use_ms() -> tuple[float, float]:
    """Median first evaluation with the joker (its 237,336-hand table), and the longest step of
    ``prepare`` building the same table, each in a fresh process."""
    return fresh_medians(
        "import time, stripdeck; r = stripdeck.Rules(joker=True); t = time.perf_counter(); "
        "stripdeck.evaluate('Jk Ah Kd Qc Js', r); first = time.perf_counter() - t; "
        "r2 = stripdeck.Rules(joker=True, suit_order='sdch'); longest = 0.0; t = time.perf_counter()\n"
        "for _ in stripdeck.evaluator.table_steps(r2):\n"
        "    now = time.perf_counter(); longest = max(longest, now - t); t = now\n"
        "print(first, longest)", 5)


IN_PYODIDE = """
import time
t = time.perf_counter()
import stripdeck
t1 = time.perf_counter()
stripdeck.evaluate('Ah Kd Qc Js 9s')
t2 = time.perf_counter()
from itertools import combinations
hands = list(combinations(stripdeck.DECK, 5))
evaluate = stripdeck.evaluate
best = float('inf')
for _ in range(3):
    t3 = time.perf_counter()
    for h in hands:
        evaluate(h)
    best = min(best, time.perf_counter() - t3)
result = {'import_ms': (t1 - t) * 1000, 'first_ms': (t2 - t1) * 1000, 'evaluate_us': best / len(hands) * 1e6}
"""


def pyodide_figures() -> dict[str, float]:
    """IN_PYODIDE's figures from Pyodide under Node, with stripdeck loaded straight from core/."""
    files = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "core" / "stripdeck").glob("*.py")}
    code = ("import os, sys, json\n"
            f"files = json.loads({json.dumps(json.dumps(files))})\n"
            "os.makedirs('/bench/stripdeck', exist_ok=True)\n"
            "for name, text in files.items():\n"
            "    open('/bench/stripdeck/' + name, 'w').write(text)\n"
            "sys.path.insert(0, '/bench')\n" + IN_PYODIDE)
    proc = subprocess.run(["node", str(ROOT / "bench" / "pyodide_run.mjs")], input=code, text=True,
                          capture_output=True, cwd=ROOT, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"Pyodide run failed:\n{proc.stderr[-3000:]}")
    figures: dict[str, float] = json.loads(proc.stdout.strip().splitlines()[-1])
    return figures


def cpython_figures() -> dict[str, float]:
    """IN_PYODIDE's figures from a fresh CPython process, for the side-by-side ratio."""
    out = subprocess.run([sys.executable, "-c", IN_PYODIDE + "\nimport json; print(json.dumps(result))"],
                         capture_output=True, text=True, check=True, env={"PYTHONPATH": str(ROOT / "core")})
    figures: dict[str, float] = json.loads(out.stdout)
    return figures


def compare_pyodide() -> None:
    ours, theirs = cpython_figures(), pyodide_figures()
    print("First use and evaluate() in a fresh interpreter, CPython next to Pyodide under Node:")
    for key, label, unit in (("import_ms", "import stripdeck", "ms"),
                             ("first_ms", "first evaluate (builds the table)", "ms"),
                             ("evaluate_us", "evaluate, all 201,376 hands", "us/hand")):
        print(f"  {label:<36} CPython {ours[key]:8.3f} {unit:<8} Pyodide {theirs[key]:8.3f} {unit:<8}"
              f"ratio {theirs[key] / ours[key]:4.1f}")


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
    joker_ms, step_ms = joker_first_use_ms()
    print(f"  with the joker: first evaluate (builds its table) {joker_ms:.0f} ms; built by steps (prepare), "
          f"the longest step {step_ms:.1f} ms (medians of 5 fresh processes)")


if __name__ == "__main__":
    main()
    if "--pyodide" in sys.argv:
        compare_pyodide()
