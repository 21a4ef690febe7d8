"""Engine speed: five-handed check/call hands per second, side by side with PokerKit.

    .venv/bin/python bench/bench_engine.py [--hands N]

Every player checks or calls and stands pat; the hand runs from the forced bets to the
pots being pushed. PokerKit has no high-hand draw game built in, so its closest game, no-limit
2-7 single draw (five cards, one draw), plays the same pattern with all its dealer steps
automated. Prints hands per second and the ratio measured in this one run.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
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


def best_rates(contenders: dict[str, tuple[Callable[[int], None], int]], rounds: int) -> dict[str, float]:
    """Best hands per second of each contender, measured in alternation (fair under changing load)."""
    best = dict.fromkeys(contenders, 0.0)
    for _ in range(rounds):
        for name, (play, hands) in contenders.items():
            start = time.perf_counter()
            for i in range(hands):
                play(i)
            best[name] = max(best[name], hands / (time.perf_counter() - start))
    return best


def instructions_per_hand(which: str, hands: int) -> float:
    """Instructions per hand counted by valgrind's callgrind: repeatable on a busy machine."""
    def collected(count: int) -> int:
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__,
             "--play", which, "--hands", str(count)], capture_output=True, text=True, check=True)
        return int(re.search(r"Collected : (\d+)", out.stderr).group(1))  # type: ignore[union-attr]

    return (collected(hands) - collected(0)) / hands


def play_only(which: str, hands: int) -> None:
    """Set up both engines, then play ``hands`` hands of one of them (for --instructions)."""
    rules = Rules.preset("official")
    stripdeck_hand(rules, 0)
    pokerkit_hand()
    for i in range(hands):
        if which == "stripdeck":
            stripdeck_hand(rules, i)
        else:
            pokerkit_hand()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions per hand with valgrind (official preset)")
    parser.add_argument("--play", choices=("stripdeck", "pokerkit"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play_only(args.play, args.hands)
        return
    contenders: dict[str, tuple[Callable[[int], None], int]] = {}
    for preset in ("online", "official", "cardroom"):
        rules = Rules.preset(preset)
        stripdeck_hand(rules, 0)  # build the ranking table outside the timing
        contenders[f"stripdeck ({preset} preset)"] = (lambda i, r=rules: stripdeck_hand(r, i), args.hands)
    try:
        pokerkit_hand()
    except ImportError:
        print("pokerkit is not installed (python3 build.py test installs it in .venv)")
    else:
        contenders[PK] = (lambda i: pokerkit_hand(), max(100, args.hands // 10))
    figures = best_rates(contenders, args.rounds)
    print(f"Five-handed check/call hands per second, CPython {sys.version.split()[0]}, "
          f"best of {args.rounds} alternating rounds:")
    for name, per_second in figures.items():
        print(f"  {name:<36} {per_second:9,.0f} hands/s")
    if PK in figures:
        for name, per_second in figures.items():
            if name != PK:
                print(f"  ratio {name} / PokerKit: {per_second / figures[PK]:5.1f}x")
    if args.instructions and PK in figures and shutil.which("valgrind"):
        ours, theirs = instructions_per_hand("stripdeck", 1000), instructions_per_hand("pokerkit", 100)
        print(f"Instructions per hand (callgrind): stripdeck official {ours / 1e6:.2f} M, PokerKit "
              f"{theirs / 1e6:.2f} M; ratio {theirs / ours:.1f}x")


PK = "PokerKit no-limit 2-7 single draw"


if __name__ == "__main__":
    main()
