"""Benchmark: the draw advisor and bot decisions, on CPython (default) or in Pyodide under Node (--pyodide).

    python3 bench/bench_bots.py            # CPython
    python3 bench/bench_bots.py --pyodide  # Pyodide under Node (needs node_modules/pyodide and dist/pyodide)

Figures printed: first-use set-up (tables and the opponent model), the advisor's full table
per hand (every draw limit 0-4, worst and median), the bots' own data prepared in steps (the
whole and the longest step, what a page may pause for; the official preset's and the online
preset's, and the first use of the no-limit strategy, a file of the site handed over as the page
does after fetching it), and a bot decision (hard, normal, easy and classic heads-up in the official
preset, hard in the online preset and in the online preset played no limit, caches cleared before
every decision so each one pays its full cost), median and worst.
"""

from __future__ import annotations

import base64
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


LEVELS = ("hard", "normal", "easy", "classic")


def measure(hands: int = 40, deals: int = 30) -> dict[str, Any]:
    """Time the advisor and bot decisions here; returns figures in milliseconds."""
    import stripdeck
    from stripdeck import DECK, Rules, advise, apply, bot_for, player_view, start_hand
    from stripdeck import bots as bots_module

    out: dict[str, Any] = {"python": sys.version.split()[0], "platform": sys.platform}
    t0 = time.perf_counter()
    advise("Ah Kh Qh Jh 7c")
    out["setup_default_ms"] = (time.perf_counter() - t0) * 1000
    for limit in range(5):
        stripdeck.odds.opponent_model(Rules(draw_limit=limit))
        advise("Ah Kh Qh Jh 7c", Rules(draw_limit=limit))
    out["setup_ms"] = (time.perf_counter() - t0) * 1000
    rng = random.Random(1)
    samples = [rng.sample(DECK, 5) for _ in range(hands)] + [list(stripdeck.parse_cards(h)) for h in (
        "Ah Kh Qh Jh 7c", "7h 8d 9c Ts As", "Ah Ad Kc 9s 7h", "Ah Kd Qc 9s 7h", "Kh Kd Ks 8c 8d")]
    per_limit: dict[int, list[float]] = {}
    raw: list[float] = []
    for limit in range(5):
        rules = Rules(draw_limit=limit)
        for cards in samples:
            runs = []
            for _ in range(3):  # best of 3 per hand: the machine is shared, this filters out interruptions
                t = time.perf_counter()
                advise(cards, rules)
                runs.append((time.perf_counter() - t) * 1000)
            per_limit.setdefault(limit, []).append(min(runs))
            raw.append(max(runs))
    out["advise_raw_max_ms"] = max(raw)
    everything = [x for v in per_limit.values() for x in v]
    out["advise_median_ms"] = statistics.median(everything)
    out["advise_max_ms"] = max(everything)
    out["advise_max_ms_by_limit"] = {k: max(v) for k, v in per_limit.items()}
    from stripdeck import sound, strategy_file
    from stripdeck.warmup import prepare
    official = Rules.preset("official")  # the page's default table: heads-up, where the strategy is shipped
    for _ in prepare(official):  # the page's warm-up: the steps' longest is what a page may pause for
        pass
    strategy_file._LOADED.clear()
    sound._DEALT.clear()
    _time_steps(prepare(official), out, "bots_prepare")
    strategy_file._LOADED.clear()  # the heads-up strategy alone (the dealt-hand sample stays built)
    _time_steps(strategy_file.strategy_steps(official), out, "strategy_official")
    online = Rules.preset("online")  # pot limit: the heads-up strategy is read lazily (stripdeck.strategy_file)
    for _ in prepare(online):
        pass
    strategy_file._LOADED.clear()
    _time_steps(prepare(online), out, "bots_prepare_online")
    no_limit = Rules.preset("online", structure="no-limit")  # the strategy the wheel leaves out (strategy_file)
    name = "online-no-limit"
    data = (Path(strategy_file.__file__).parent / f"strategy-{name}.bin").read_bytes()  # what the page fetches
    strategy_file._LOADED.clear()
    # the page's hand-over, then the steps of stripdeck.prepare
    _time_steps(strategy_file.strategy_steps(no_limit), out, "bots_prepare_nolimit",
                before=lambda: strategy_file.provide_strategy(name, data))
    if strategy_file.load_strategy(no_limit) is None:
        raise SystemExit("the no-limit strategy did not load")
    out["nolimit_bytes"] = len(data)
    for level, rules in [(level, official) for level in LEVELS] + [("hard online", online),
                                                                   ("hard no-limit", no_limit)]:
        times: list[float] = []
        for _ in prepare(rules):  # as the page does: the bots wait for the rules' data (the steps above
            pass                  # dropped the strategies they timed, so the first decision would load one)
        players = [bot_for(level.split()[0], seed=1), bot_for("normal", seed=2)]
        for d in range(deals):
            state = start_hand(rules, [200, 200], d % 2, seed=d)
            while state.to_act is not None:
                seat = state.to_act
                view = player_view(state, seat)
                if seat == 0:
                    bots_module._OUTCOME_CACHE.clear()
                    bots_module._BEST_CACHE.clear()
                    t = time.perf_counter()
                    action = players[0].decide(view)
                    times.append((time.perf_counter() - t) * 1000)
                else:
                    action = players[1].decide(view)
                state, _ = apply(state, action)
        out[f"decide_{level}_median_ms"] = statistics.median(times)
        out[f"decide_{level}_max_ms"] = max(times)
        out[f"decide_{level}_count"] = len(times)
    return out


def _time_steps(steps: Iterator[None], out: dict[str, Any], name: str,
                before: Callable[[], None] | None = None) -> None:
    """Time a first use done in steps: each step (``before`` counts in the first; the work after the
    last step counts too), into ``out``: NAME_ms (all), NAME_step_max_ms, NAME_steps."""
    times = []
    t = time.perf_counter()
    if before is not None:
        before()
    for _ in steps:
        now = time.perf_counter()
        times.append((now - t) * 1000)
        t = now
    times.append((time.perf_counter() - t) * 1000)
    out[f"{name}_ms"] = sum(times)
    out[f"{name}_step_max_ms"] = max(times)
    out[f"{name}_steps"] = len(times)


def _report(where: str, figures: dict[str, Any]) -> None:
    print(f"== {where} (Python {figures['python']}, {figures['platform']})")
    print(f"first-use set-up: default rules {figures['setup_default_ms']:.0f} ms (strength table and opponent model); "
          f"all draw limits 0-4 {figures['setup_ms']:.0f} ms")
    print(f"advisor, full table, {len(figures['advise_max_ms_by_limit'])} draw limits x 45 hands, best of 3 each: "
          f"median {figures['advise_median_ms']:.1f} ms, worst hand {figures['advise_max_ms']:.1f} ms"
          " (by draw limit: " + ", ".join(f"{k}: {v:.1f}" for k, v in figures["advise_max_ms_by_limit"].items())
          + f"); slowest single run {figures['advise_raw_max_ms']:.1f} ms")
    print(f"the bots' data (the heads-up strategy, the dealt-hand sample) prepared in steps: "
          f"{figures['bots_prepare_ms']:.0f} ms in {figures['bots_prepare_steps']} steps, "
          f"the longest {figures['bots_prepare_step_max_ms']:.1f} ms")
    ms, steps, longest = (figures[f"strategy_official{k}"] for k in ("_ms", "_steps", "_step_max_ms"))
    print(f"of which the heads-up strategy alone (official, decoded in steps): {ms:.0f} ms in {steps} steps, "
          f"the longest {longest:.1f} ms")
    print(f"the same in pot limit (the online preset, its heads-up strategy read lazily): "
          f"{figures['bots_prepare_online_ms']:.0f} ms in {figures['bots_prepare_online_steps']} steps, "
          f"the longest {figures['bots_prepare_online_step_max_ms']:.1f} ms")
    print(f"the no-limit strategy's first use ({figures['nolimit_bytes']:,} bytes handed over as fetched, checked "
          f"and the first round decoded): {figures['bots_prepare_nolimit_ms']:.0f} ms in "
          f"{figures['bots_prepare_nolimit_steps']} steps, "
          f"the longest {figures['bots_prepare_nolimit_step_max_ms']:.1f} ms")
    for level in (*LEVELS, "hard online", "hard no-limit"):
        print(f"bot decision, {level}, caches cleared: median {figures[f'decide_{level}_median_ms']:.2f} ms, "
              f"worst {figures[f'decide_{level}_max_ms']:.1f} ms over {figures[f'decide_{level}_count']} decisions")


def _pyodide() -> dict[str, Any]:
    """Run measure() in Pyodide under Node, loading stripdeck straight from core/ (no wheel needed)."""
    files = {p.relative_to(ROOT / "core").as_posix(): base64.b64encode(p.read_bytes()).decode()
             for p in sorted((ROOT / "core" / "stripdeck").iterdir()) if p.suffix in (".py", ".bin")}
    bench = (ROOT / "bench" / "bench_bots.py").read_text(encoding="utf-8")
    code = (
        "import base64, os, sys, json\n"
        f"files = json.loads({json.dumps(json.dumps(files))})\n"
        "os.makedirs('/bench/stripdeck', exist_ok=True)\n"
        "for name, text in files.items():\n"
        "    open('/bench/' + name, 'wb').write(base64.b64decode(text))\n"
        "sys.path.insert(0, '/bench')\n"
        f"ns = {{'__name__': 'bench', '__file__': '/bench/bench/bench_bots.py'}}\nexec({bench!r}, ns)\n"
        "result = ns['measure']()\n"
    )
    proc = subprocess.run(["node", str(ROOT / "bench" / "pyodide_run.mjs")], input=code, text=True,
                          capture_output=True, cwd=ROOT, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"Pyodide run failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    if "--pyodide" in sys.argv:
        _report("Pyodide under Node", _pyodide())
    else:
        sys.path.insert(0, str(ROOT / "core"))
        _report("CPython", measure())
