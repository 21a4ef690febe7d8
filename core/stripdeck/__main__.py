"""Command line: ``python -m stripdeck play | compare | rank | replay | advise | arena``.

Errors are one readable line on stderr and exit status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from .advisor import advise, format_advice
from .arena import GAUNTLET_PRESETS, format_arena, format_gauntlet, run_arena, run_gauntlet
from .bots import BOT_LEVELS, bot_for
from .explain import explain
from .exploiters import EXPLOITERS, PROBES
from .inputs import MAX_CHIPS, MAX_JSON_CHARS, InputError, shown, whole_number
from .narrate import describe_event, second_person
from .ranking import ranking_table
from .rules import Rules
from .scenario import ScenarioError, read_hands, replay
from .table import Session

__all__ = ["main"]

COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {}


class UsageError(ValueError):
    """A command-line argument that argparse refused (shown as one line, not the usage block)."""


class Parser(argparse.ArgumentParser):
    """argparse, with an error as one line (``stripdeck: ...``) raised to :func:`main`."""

    def error(self, message: str) -> NoReturn:
        """Raise the problem as a UsageError naming the command (argparse would print its usage and exit)."""
        raise UsageError(f"{message} (see: {self.prog} --help)")


def whole_arg(flag: str, low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type`` for a whole-number option (ASCII digits, bounded; ``--top -1`` is refused)."""
    def parse(text: str) -> int:
        try:
            return whole_number(text, flag, low, high)
        except InputError as err:
            raise argparse.ArgumentTypeError(str(err).removeprefix(f"{flag} ")) from None
    parse.__name__ = "whole number"
    return parse


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """The options of Rules as command-line flags."""
    parser.add_argument("--preset", default="online", help="online (default), official or cardroom")
    parser.add_argument("--suit-ties", choices=("kicker", "combination", "split"))
    parser.add_argument("--suit-order", help="suits highest first, like hdcs")
    parser.add_argument("--flush-below-full-house", action="store_true",
                        help="ordinary order: a full house beats a flush")
    parser.add_argument("--structure", choices=("fixed-limit", "pot-limit", "no-limit"))
    parser.add_argument("--blinds", help="small/big, like 1/2")
    parser.add_argument("--ante", type=whole_arg("--ante", 0, MAX_CHIPS))
    parser.add_argument("--bets", help="small/big bet, like 2/4")
    parser.add_argument("--draw-limit", type=whole_arg("--draw-limit", 0, 5))
    parser.add_argument("--split", choices=("on", "off"))
    parser.add_argument("--joker", action="store_true")
    parser.add_argument("--show-all", action="store_true")


def rules_from(args: argparse.Namespace) -> Rules:
    """Rules from the flags of :func:`add_rules_options`."""
    options: dict[str, Any] = {}
    if args.suit_ties:
        options["suit_ties"] = args.suit_ties
    if args.suit_order:
        options["suit_order"] = args.suit_order
    if args.flush_below_full_house:
        options["flush_beats_full_house"] = False
    if args.structure:
        options["structure"] = args.structure
    if args.blinds:
        options["small_blind"], options["big_blind"] = _pair(args.blinds, "--blinds")
    if args.ante is not None:
        options["ante"] = args.ante
    if args.bets:
        options["small_bet"], options["big_bet"] = _pair(args.bets, "--bets")
    if args.draw_limit is not None:
        options["draw_limit"] = args.draw_limit
    if args.split:
        options["split"] = args.split == "on"
    if args.joker:
        options["joker"] = True
    if args.show_all:
        options["show_all"] = True
    return Rules.preset(args.preset, **options)


def _pair(text: str, flag: str) -> tuple[int, int]:
    parts = text.split("/")
    try:
        if len(parts) != 2:
            raise InputError(text)
        return whole_number(parts[0], flag, 0, MAX_CHIPS), whole_number(parts[1], flag, 0, MAX_CHIPS)
    except InputError:
        raise ValueError(f"{flag} takes two whole numbers like 1/2, got {shown(text)}") from None


def command(name: str) -> Callable[[Callable[[argparse.Namespace, TextIO], int]],
                                   Callable[[argparse.Namespace, TextIO], int]]:
    def register(fn: Callable[[argparse.Namespace, TextIO], int]) -> Callable[[argparse.Namespace, TextIO], int]:
        COMMANDS[name] = fn
        return fn
    return register


@command("compare")
def run_compare(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_from(args)
    comparison = explain(args.hand_a, args.hand_b, rules)
    out.write(f"A: {args.hand_a}: {comparison.value_a}\nB: {args.hand_b}: {comparison.value_b}\n")
    out.write(comparison.headline + "\n")
    if comparison.rule_note:
        out.write(f"({comparison.rule_note}.)\n")
    return 0


@command("rank")
def run_rank(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_from(args)
    rows = ranking_table(rules)
    total = sum(r.hands for r in rows)
    out.write(f"{'#':>2}  {'category':<16} {'example':<16} {'count':>8} {'probability':>12}\n")
    for number, row in enumerate(rows, 1):
        out.write(f"{number:>2}  {row.category:<16} {row.example:<16} {row.hands:>8} {row.probability:>11.4%}\n")
    out.write(f"    {'all hands':<33} {total:>8}\n")
    return 0


@command("replay")
def run_replay(args: argparse.Namespace, out: TextIO) -> int:
    with open(args.file, "rb") as handle:
        text = handle.read(MAX_JSON_CHARS * 4 + 1)  # UTF-8: at most 4 bytes a character
    hands = read_hands(text, args.file)
    results = []
    for number, scenario in enumerate(hands):
        try:
            result = replay(scenario)
        except ScenarioError as err:
            where = f"hands[{number}]: " if len(hands) > 1 else ""
            code = f" (code: {err.code})" if err.code is not None else ""
            raise ScenarioError(f"{where}{err}{code}") from err
        title = scenario.get("title")
        results.append({"title": title, **result} if isinstance(title, str) and len(hands) > 1 else result)
    json.dump(results[0] if len(hands) == 1 else {"hands": results}, out, indent=2)
    out.write("\n")
    return 0


@command("advise")
def run_advise(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_from(args)
    advice = advise(args.cards, rules, dead=args.dead or (), opponents=args.opponents)
    out.write(format_advice(advice, args.top) + "\n")
    return 0


@command("arena")
def run_arena_command(args: argparse.Namespace, out: TextIO) -> int:
    if args.gauntlet:
        return run_gauntlet_command(args, out)
    rules = rules_from(args)
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    for name in names:
        if name not in BOT_LEVELS:
            raise ValueError(f"unknown bot {name!r}: use {', '.join(BOT_LEVELS)}")
    results = run_arena(names, hands=args.hands, seed=args.seed, rules=rules, stack_bb=args.stack_bb)
    out.write(f"{len(names)} bots, duplicate deals ({len(names)} rotations each), seed {args.seed}, "
              f"stacks {args.stack_bb} big blinds\n")
    out.write(format_arena(results) + "\n")
    return 0


def _listed(text: str, flag: str, allowed: Sequence[str]) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        if name not in allowed:
            raise ValueError(f"{flag}: unknown {name!r}: use {', '.join(allowed)}")
    if not names:
        raise ValueError(f"{flag}: name at least one of {', '.join(allowed)}")
    return names


def run_gauntlet_command(args: argparse.Namespace, out: TextIO) -> int:
    """arena --gauntlet: every exploiter against every bot level, at each table size and preset."""
    levels = _listed(args.levels, "--levels", [b for b in BOT_LEVELS if b not in ("random", "station")])
    tricks = {**EXPLOITERS, **PROBES}
    exploiters = _listed(args.exploiters, "--exploiters", list(tricks))
    presets = _listed(args.presets, "--presets", list(GAUNTLET_PRESETS))
    sizes = [int(n) for n in _listed(args.sizes, "--sizes", ["2", "3", "4", "5"])]
    out.write(f"Gauntlet: {len(exploiters)} exploiters against {', '.join(levels)}; {args.hands} hands a cell "
              f"(duplicate deals), seed {args.seed}, stacks {args.stack_bb} big blinds\n")
    for name in exploiters:
        out.write(f"  {name:<16} {tricks[name]}\n")
    start = time.perf_counter()
    cells = run_gauntlet(levels, exploiters, sizes, presets, hands=args.hands, seed=args.seed, stack_bb=args.stack_bb)
    out.write(format_gauntlet(cells) + "\n")
    out.write(f"{len(cells)} cells in {time.perf_counter() - start:.0f} s\n")
    return 0


@command("play")
def run_play(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_from(args)
    players = [(args.name, args.stack)] + [(f"Bot {i}", args.stack, "bot") for i in range(1, args.opponents + 1)]
    session = Session.new(rules, players, seed=args.seed)
    rng = random.Random(args.seed)
    bot = bot_for(args.level, args.style, seed=rng.getrandbits(63))
    read = input if args.input is None else args.input
    for _ in range(args.hands):
        if sum(1 for p in session.seats if p is not None and p.stack > 0) < 2 or session.seats[0] is None \
                or session.seats[0].stack == 0:
            break
        session = session.next_hand()
        names = [session.seats[i].name for i in session.hand_seats]  # type: ignore[union-attr]
        _print_events(session, session.hand.log if session.hand else (), names, out)
        while session.in_hand:
            seat = session.to_act_table_seat
            view = session.view(seat)
            assert view is not None and seat is not None
            if seat == 0:
                action = _ask(view, read, out)
                if action is None:
                    out.write("Goodbye.\n")
                    return 0
            else:
                action = bot.decide(view)
            try:
                session, events = session.act(action)
            except ValueError as err:
                out.write(f"  {err}\n")
                continue
            _print_events(session, events, names, out)
        out.write("Stacks: " + ", ".join(f"{p.name} {p.stack}" for p in session.seats if p) + "\n\n")
    return 0


def _print_events(session: Session, events: Sequence[Any], names: list[str], out: TextIO) -> None:
    me = session.hand_seat_of(0)
    for event in events:
        if event.kind in ("deal", "receive") and event.seat != me:
            continue
        if event.kind == "discard" and event.seat != me:
            event = event._replace(cards=())
        line = describe_event(event, names)
        if line:
            out.write(second_person(line, names[me]) + "\n" if me is not None else line + "\n")


def _ask(view: Any, read: Callable[[str], str], out: TextIO) -> str | None:
    hand = " ".join(str(c) for c in view.my_hand)
    legal = ", ".join(view.legal.as_text())
    out.write(f"Your cards: {hand}   pot {sum(s.total for s in view.seats)}\n")
    try:
        return read(f"Your action ({legal}): ").strip() or "?"
    except EOFError:
        return None


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m stripdeck", description="32-card draw poker")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play against bots in the terminal")
    add_rules_options(play)
    play.add_argument("--opponents", type=whole_arg("--opponents", 1, 4), default=2)
    play.add_argument("--stack", type=whole_arg("--stack", 1, MAX_CHIPS // 5), default=200)
    play.add_argument("--hands", type=whole_arg("--hands", 1), default=1000)
    play.add_argument("--name", default="You")
    play.add_argument("--seed", type=whole_arg("--seed", 0))
    play.add_argument("--level", choices=BOT_LEVELS, default="normal", help="the bots' level (default normal)")
    play.add_argument("--style", default="balanced", help="bot style: tight, loose, passive, aggressive, "
                      "or two joined like tight-aggressive")
    play.set_defaults(input=None)
    cmp = sub.add_parser("compare", help="which of two hands wins, and why")
    cmp.add_argument("hand_a")
    cmp.add_argument("hand_b")
    add_rules_options(cmp)
    rank = sub.add_parser("rank", help="the ranking table with counts and probabilities")
    add_rules_options(rank)
    rep = sub.add_parser("replay", help="replay a scenario JSON file, or every hand of a session's "
                                        "export, and print the result JSON")
    rep.add_argument("file")
    adv = sub.add_parser("advise", help="the draw advisor: every discard choice with its odds")
    adv.add_argument("cards", help='five cards, like "Ah Kh Qh Jh 7c"')
    adv.add_argument("--dead", help="cards known to be out of play")
    adv.add_argument("--opponents", type=whole_arg("--opponents", 1, 4), default=1)
    adv.add_argument("--top", type=whole_arg("--top", 1), help="show only the best N choices")
    add_rules_options(adv)
    arena = sub.add_parser("arena", help="bots play duplicate deals; results in big blinds per 100 hands")
    arena.add_argument("--bots", default="hard,normal", help="comma-separated levels: " + ", ".join(BOT_LEVELS))
    arena.add_argument("--hands", type=whole_arg("--hands", 1), default=2000, help="hands (a cell, with --gauntlet)")
    arena.add_argument("--gauntlet", action="store_true",
                       help="each bot level against exploiters (" + ", ".join(EXPLOITERS) + ")")
    arena.add_argument("--levels", default="hard,normal,easy", help="with --gauntlet: the bot levels")
    arena.add_argument("--exploiters", default=",".join(EXPLOITERS),
                       help="with --gauntlet: the exploiters (default the gauntlet's nine; more: "
                       + ", ".join(PROBES) + ")")
    arena.add_argument("--sizes", default="2,3,5", help="with --gauntlet: table sizes")
    arena.add_argument("--presets", default=",".join(GAUNTLET_PRESETS), help="with --gauntlet: presets")
    arena.add_argument("--seed", type=whole_arg("--seed", 0), default=1)
    arena.add_argument("--stack-bb", type=whole_arg("--stack-bb", 1, 10**6), default=100,
                       help="starting stacks in big blinds")
    add_rules_options(arena)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    out = out or sys.stdout
    try:
        args = parser.parse_args(argv)
        return COMMANDS[args.command](args, out)
    except (ValueError, OSError) as err:
        sys.stderr.write(f"stripdeck: {err}\n")
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
