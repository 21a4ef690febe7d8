"""Command line: ``python -m stripdeck play | compare | rank | replay | advise | arena``.

Errors are one readable line on stderr and exit status 2; never a traceback.

It speaks the language the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, as gettext reads them): any of the game's languages whose catalogue was compiled
beside the package (``build.py site``), complete or not (an untranslated sentence stays in
English), and the test pseudo-language ``qps``. Without the catalogue (a tree never built) it
speaks English and says so once on stderr. argparse's own words ("usage:", "error:") come from
Python's gettext domain, not the game's.
"""
# l10n-part: cli (this file's sentences load with the command line: docs/i18n.md, "Bytes")

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NoReturn, TextIO

from . import i18n
from .advisor import advise, advise_choice, format_advice, format_choice_advice
from .arena import GAUNTLET_PRESETS, format_arena, format_gauntlet, run_arena, run_gauntlet
from .bots import BOT_LEVELS, bot_for
from .explain import explain
from .exploiters import EXPLOITERS, PROBES
from .i18n import _, ngettext, pgettext
from .inputs import MAX_CHIPS, MAX_JSON_CHARS, InputError, shown, whole_number
from .legal import legal_text
from .narrate import describe_event
from .ranking import ranking_table
from .rules import PRESETS, Rules
from .scenario import ScenarioError, read_hands, replay
from .table import Session
from .words import category_name

__all__ = ["main"]

COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {}


class UsageError(ValueError):
    """A command-line argument that argparse refused (shown as one line, not the usage block)."""


class Parser(argparse.ArgumentParser):
    """argparse, with an error as one line (``stripdeck: ...``) raised to :func:`main`."""

    def error(self, message: str) -> NoReturn:
        """Raise the problem as a UsageError naming the command (argparse would print its usage and exit)."""
        # TRANSLATORS: {problem} is argparse's message (in English, from Python); {command} the program.
        raise UsageError(_("{problem} (see: {command} --help)", problem=message, command=self.prog))


def whole_arg(flag: str, low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type`` for a whole-number option (ASCII digits, bounded; ``--top -1`` is refused)."""
    def parse(text: str) -> int:
        try:
            return whole_number(text, "", low, high)  # argparse names the flag itself
        except InputError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    parse.__name__ = "whole number"
    return parse


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """The options of Rules as command-line flags."""
    # TRANSLATORS: the command line's help texts: option names and values (online, hdcs, 1/2...) are
    # typed as they are.
    parser.add_argument("--preset", default="online", help=_("online (default), official, cardroom or bosnian"))
    parser.add_argument("--suit-ties", choices=("kicker", "combination", "split"),
                        help=_("how equal hands are settled"))
    parser.add_argument("--suit-order", help=_("suits highest first, like hdcs"))
    parser.add_argument("--flush-below-full-house", action="store_true",
                        help=_("ordinary order: a full house beats a flush"))
    parser.add_argument("--structure", choices=("fixed-limit", "pot-limit", "no-limit"), help=_("betting structure"))
    parser.add_argument("--blinds", help=_("small/big, like 1/2"))
    parser.add_argument("--ante", type=whole_arg("--ante", 0, MAX_CHIPS), help=_("every player's ante"))
    parser.add_argument("--bets", help=_("small/big bet, like 2/4"))
    parser.add_argument("--draw-limit", type=whole_arg("--draw-limit", 0, 5), help=_("most cards drawn, 0 to 5"))
    parser.add_argument("--split", choices=("on", "off"), help=_("split offers"))
    parser.add_argument("--joker", action="store_true", help=_("play with the joker"))
    parser.add_argument("--show-all", action="store_true", help=_("every hand is shown at the showdown"))


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
        raise ValueError(_("{flag} takes two whole numbers like 1/2, got {value}", flag=flag, value=shown(text))) \
            from None


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
        # TRANSLATORS: the note under a comparison's verdict, in brackets ("(suit order hearts > ...)").
        out.write(pgettext("note", "({note}.)", note=comparison.rule_note) + "\n")
    return 0


@command("rank")
def run_rank(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_from(args)
    rows = ranking_table(rules)
    total = sum(r.hands for r in rows)
    # TRANSLATORS: the ranking table's column headings (counts are of five-card hands).
    category, example, count, probability = (pgettext("ranking table", "category"),
                                             pgettext("ranking table", "example"),
                                             pgettext("ranking table", "count"),
                                             pgettext("ranking table", "probability"))
    out.write(f"{'#':>2}  {category:<16} {example:<16} {count:>8} {probability:>12}\n")
    for number, row in enumerate(rows, 1):  # counts as plain digits, so the columns line up
        out.write(f"{number:>2}  {category_name(row.category):<16} {row.example:<16} {row.hands:>8} "
                  f"{i18n.percent(row.probability, 4):>12}\n")
    everything = pgettext("ranking table", "all hands")
    out.write(f"    {everything:<33} {total:>8}\n")
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
            message = str(err)
            if err.code is not None:
                # TRANSLATORS: {code} is the engine's code for the refusal (amount, out-of-turn...), kept as it is.
                message = _("{problem} (code: {code})", problem=message, code=err.code)
            if len(hands) > 1:
                message = _("hands[{number}]: {problem}", number=str(number), problem=message)
            raise ScenarioError(message) from err
        title = scenario.get("title")
        results.append({"title": title, **result} if isinstance(title, str) and len(hands) > 1 else result)
    json.dump(results[0] if len(hands) == 1 else {"hands": results}, out, indent=2)
    out.write("\n")
    return 0


@command("advise")
def run_advise(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_from(args)
    if args.up is not None:  # the choice of the fourth card: four cards held and the face-up card
        choice = advise_choice(args.cards, args.up, rules, dead=args.dead or (), opponents=args.opponents)
        out.write(format_choice_advice(choice) + "\n")
        return 0
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
            raise ValueError(_("unknown bot {name}: use {levels}", name=repr(name), levels=", ".join(BOT_LEVELS)))
    results = run_arena(names, hands=args.hands, seed=args.seed, rules=rules, stack_bb=args.stack_bb)
    # TRANSLATORS: the arena's title: {bots} bots play the same deals {bots} times, seats rotated; {seed} is
    # the random seed; stacks of {stack} big blinds.
    out.write(_("{bots} bots, duplicate deals ({bots} rotations each), seed {seed}, stacks {stack} big blinds",
                bots=len(names), seed=str(args.seed), stack=args.stack_bb) + "\n")
    out.write(format_arena(results) + "\n")
    return 0


def _listed(text: str, flag: str, allowed: Sequence[str]) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        if name not in allowed:
            raise ValueError(_("{flag}: unknown {name}: use {names}", flag=flag, name=repr(name),
                               names=", ".join(allowed)))
    if not names:
        raise ValueError(_("{flag}: name at least one of {names}", flag=flag, names=", ".join(allowed)))
    return names


def run_gauntlet_command(args: argparse.Namespace, out: TextIO) -> int:
    """arena --gauntlet: every exploiter against every bot level, at each table size and preset."""
    levels = _listed(args.levels, "--levels", [b for b in BOT_LEVELS if b not in ("random", "station")])
    tricks = {**EXPLOITERS, **PROBES}
    exploiters = _listed(args.exploiters, "--exploiters", list(tricks))
    presets = _listed(args.presets, "--presets", list(PRESETS))
    sizes = [int(n) for n in _listed(args.sizes, "--sizes", ["2", "3", "4", "5"])]
    # TRANSLATORS: the gauntlet's title: {levels} lists the bot levels (kept as they are); {seed} is the
    # random seed.
    out.write(ngettext("Gauntlet: {n} exploiter against {levels}; {hands} hands a cell (duplicate deals), seed "
                       "{seed}, stacks {stack} big blinds",
                       "Gauntlet: {n} exploiters against {levels}; {hands} hands a cell (duplicate deals), seed "
                       "{seed}, stacks {stack} big blinds", len(exploiters), levels=", ".join(levels),
                       hands=args.hands, seed=str(args.seed), stack=args.stack_bb) + "\n")
    for name in exploiters:
        trick = _(tricks[name])
        out.write(f"  {name:<16} {trick}\n")
    start = time.perf_counter()
    cells = run_gauntlet(levels, exploiters, sizes, presets, hands=args.hands, seed=args.seed, stack_bb=args.stack_bb,
                         structure=args.structure)
    out.write(format_gauntlet(cells) + "\n")
    out.write(ngettext("{n} cell in {seconds} s", "{n} cells in {seconds} s", len(cells),
                       seconds=round(time.perf_counter() - start)) + "\n")
    return 0


@command("play")
def run_play(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_from(args)
    # TRANSLATORS: the name of the person playing in the terminal (unless --name gives one).
    name = args.name if args.name is not None else pgettext("player's name", "You")
    # TRANSLATORS: the terminal's bots are named by number.
    players = [(name, args.stack)] + [(pgettext("player's name", "Bot {number}", number=i), args.stack, "bot")
                                      for i in range(1, args.opponents + 1)]
    session = Session.new(rules, players, seed=args.seed)
    rng = random.Random(args.seed)
    bot = bot_for(args.level, args.style, seed=rng.getrandbits(63))
    read = input if args.input is None else args.input
    for _hand in range(args.hands):
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
                    out.write(_("Goodbye.") + "\n")
                    return 0
            else:
                action = bot.decide(view)
            try:
                session, events = session.act(action)
            except ValueError as err:
                out.write(f"  {err}\n")
                continue
            _print_events(session, events, names, out)
        # TRANSLATORS: {stacks} lists each player's name and chips ("You 212, Bot 1 188").
        stacks = ", ".join(f"{p.name} {i18n.number(p.stack)}" for p in session.seats if p)
        out.write(_("Stacks: {stacks}", stacks=stacks) + "\n\n")
    return 0


def _print_events(session: Session, events: Sequence[Any], names: list[str], out: TextIO) -> None:
    me = session.hand_seat_of(0)
    for event in events:
        if event.kind in ("deal", "receive", "take_down") and event.seat != me and event.cards:
            event = event._replace(cards=())
            if event.kind != "take_down":
                continue
        if event.kind == "discard" and event.seat != me:
            event = event._replace(cards=())
        line = describe_event(event, names, you=me)
        if line:
            out.write(line + "\n")


def _ask(view: Any, read: Callable[[str], str], out: TextIO) -> str | None:
    hand = " ".join(str(c) for c in view.my_hand)
    # TRANSLATORS: {cards} is card text ("Ah Kd Qc Js 9h"), {pot} the chips in the pot.
    out.write(_("Your cards: {cards}   pot {pot}", cards=hand, pot=sum(s.total for s in view.seats)) + "\n")
    if view.choice is not None:
        # TRANSLATORS: the command line at the choice of the fourth card; {card} is the face-up card's text ("Kc");
        # 'take up' and 'take down' are typed as they are.
        out.write(_("Face-up card: {card}. Type 'take up' for it, or 'take down' for the face-down card.",
                    card=str(view.choice[1])) + "\n")
    try:
        # TRANSLATORS: the prompt for the player's action; {legal} lists them as they are typed ("fold, call 2").
        return read(_("Your action ({legal}): ", legal=legal_text(view.legal))).strip() or "?"
    except EOFError:
        return None


def build_parser() -> argparse.ArgumentParser:
    """The command line's arguments, their help in the language in use."""
    parser = Parser(prog="python -m stripdeck", description=_("32-card draw poker"))
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help=_("play against bots in the terminal"))
    add_rules_options(play)
    play.add_argument("--opponents", type=whole_arg("--opponents", 1, 4), default=2, help=_("how many bots, 1 to 4"))
    play.add_argument("--stack", type=whole_arg("--stack", 1, MAX_CHIPS // 5), default=200,
                      help=_("everyone's chips at the start"))
    play.add_argument("--hands", type=whole_arg("--hands", 1), default=1000, help=_("the most hands to play"))
    play.add_argument("--name", help=_("your name at the table"))
    play.add_argument("--seed", type=whole_arg("--seed", 0), help=_("the random seed, to play the same deals again"))
    play.add_argument("--level", choices=BOT_LEVELS, default="normal", help=_("the bots' level (default normal)"))
    play.add_argument("--style", default="balanced", help=_("bot style: tight, loose, passive, aggressive, or two "
                                                            "joined like tight-aggressive"))
    play.set_defaults(input=None)
    cmp = sub.add_parser("compare", help=_("which of two hands wins, and why"))
    cmp.add_argument("hand_a", help=_("five cards, like \"Ah Kh Qh Jh 7c\""))
    cmp.add_argument("hand_b", help=_("five other cards"))
    add_rules_options(cmp)
    rank = sub.add_parser("rank", help=_("the ranking table with counts and probabilities"))
    add_rules_options(rank)
    rep = sub.add_parser("replay", help=_("replay a scenario JSON file, or every hand of a session's export, and "
                                          "print the result JSON"))
    rep.add_argument("file", help=_("the JSON file"))
    adv = sub.add_parser("advise", help=_("the draw advisor: every discard choice with its odds"))
    adv.add_argument("cards", help=_("five cards, like \"Ah Kh Qh Jh 7c\""))
    adv.add_argument("--dead", help=_("cards known to be out of play"))
    adv.add_argument("--opponents", type=whole_arg("--opponents", 1, 4), default=1,
                     help=_("how many typical opponents, 1 to 4"))
    adv.add_argument("--top", type=whole_arg("--top", 1), help=_("show only the best N choices"))
    adv.add_argument("--up", help=_("the choice of the fourth card: the face-up card (then give the four cards "
                                    "held), like \"Kc\""))
    add_rules_options(adv)
    arena = sub.add_parser("arena", help=_("bots play duplicate deals; results in big blinds per 100 hands"))
    arena.add_argument("--bots", default="hard,normal",
                       help=_("comma-separated levels: {levels}", levels=", ".join(BOT_LEVELS)))
    arena.add_argument("--hands", type=whole_arg("--hands", 1), default=2000,
                       help=_("hands (a cell, with --gauntlet)"))
    arena.add_argument("--gauntlet", action="store_true",
                       help=_("each bot level against exploiters ({names})", names=", ".join(EXPLOITERS)))
    arena.add_argument("--levels", default="hard,normal,easy", help=_("with --gauntlet: the bot levels"))
    arena.add_argument("--exploiters", default=",".join(EXPLOITERS),
                       help=_("with --gauntlet: the exploiters (default the gauntlet's nine; more: {names})",
                              names=", ".join(PROBES)))
    arena.add_argument("--sizes", default="2,3,5", help=_("with --gauntlet: table sizes"))
    arena.add_argument("--presets", default=",".join(GAUNTLET_PRESETS), help=_("with --gauntlet: presets"))
    arena.add_argument("--seed", type=whole_arg("--seed", 0), default=1, help=_("the random seed"))
    arena.add_argument("--stack-bb", type=whole_arg("--stack-bb", 1, 10**6), default=100,
                       help=_("starting stacks in big blinds"))
    add_rules_options(arena)
    return parser


# The languages the command line speaks: each of the game's with a compiled catalogue (complete
# or not: an untranslated sentence stays in English), and the test pseudo-language.
CLI_LANGUAGES = (*i18n.NAMES, i18n.PSEUDO)


def language_from(environ: Mapping[str, str]) -> tuple[i18n.Language, str]:
    """The language the environment asks for, and a note for stderr ("" if none) when its
    catalogue cannot be used (then English)."""
    code = i18n.from_environment(environ, CLI_LANGUAGES)
    try:
        language = i18n.installed(code)
    except i18n.CatalogueError as err:
        return i18n.ENGLISH, f"stripdeck: {err}; speaking English\n"
    if language is None:
        # In English: the catalogue that would say it is what is missing.
        return i18n.ENGLISH, (f"stripdeck: no catalogue for the language {code!r} (build it with: python3 build.py "
                              "site); speaking English\n")
    return language, ""


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         environ: Mapping[str, str] | None = None) -> int:
    """Run the command line (in the language ``environ``, by default the process's environment,
    asks for); returns the exit status."""
    language, note = language_from(os.environ if environ is None else environ)
    if note:
        sys.stderr.write(note)
    with i18n.using(language):
        return _run(argv, out or sys.stdout)


def _run(argv: Sequence[str] | None, out: TextIO) -> int:
    parser = build_parser()
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
