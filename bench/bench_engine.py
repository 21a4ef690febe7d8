"""Engine speed: five-handed check/call hands per second, side by side with PokerKit.

    .venv/bin/python bench/bench_engine.py [--hands N]

Every player checks or calls and stands pat; the hand runs from the forced bets to the
pots being pushed. PokerKit has no high-hand draw game built in, so its closest game, no-limit
2-7 single draw (five cards, one draw), plays the same pattern with all its dealer steps
automated. Prints hands per second and the ratio measured in this one run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "core"))

from stripdeck import Rules, apply, legal_actions, start_hand  # noqa: E402


def stripdeck_hand(rules: Rules, seed: int) -> None:
    """One check/call hand in the engine, legal actions asked before each action."""
    state = start_hand(rules, [200] * 5, seed % 5, seed=seed)
    while state.to_act is not None:
        kinds = legal_actions(state).kinds
        state, _ = apply(state, "check" if "check" in kinds else "call" if "call" in kinds else "draw")


def pokerkit_hand() -> None:
    """The same pattern in PokerKit's 2-7 single draw."""
    from pokerkit import Automation, NoLimitDeuceToSevenLowballSingleDraw

    state = NoLimitDeuceToSevenLowballSingleDraw.create_state(
        (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
         Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
         Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING),
        True, 0, (1, 2), 2, 200, 5)
    while state.status:
        if state.can_stand_pat_or_discard():
            state.stand_pat_or_discard()
        else:
            state.check_or_call()


def rate(fn, hands: int) -> float:  # type: ignore[no-untyped-def]
    """Best hands per second over three runs."""
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        for i in range(hands):
            fn(i)
        best = max(best, hands / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2000)
    args = parser.parse_args()
    figures = {}
    for preset in ("online", "official", "cardroom"):
        rules = Rules.preset(preset)
        figures[f"stripdeck ({preset} preset)"] = rate(lambda i, r=rules: stripdeck_hand(r, i), args.hands)
    try:
        pokerkit_hand()
    except ImportError:
        print("pokerkit is not installed (python3 build.py test installs it in .venv)")
    else:
        figures["PokerKit no-limit 2-7 single draw"] = rate(lambda i: pokerkit_hand(), max(200, args.hands // 10))
    print(f"Five-handed check/call hands per second, CPython {sys.version.split()[0]}, best of 3:")
    for name, per_second in figures.items():
        print(f"  {name:<36} {per_second:9,.0f} hands/s")
    if "PokerKit no-limit 2-7 single draw" in figures:
        pk = figures["PokerKit no-limit 2-7 single draw"]
        for name, per_second in figures.items():
            if name.startswith("stripdeck"):
                print(f"  ratio {name} / PokerKit: {per_second / pk:5.1f}x")


if __name__ == "__main__":
    main()
