"""Computer players. A bot sees only its own :class:`PlayerView` and the legal actions in it.

A bot is ``decide(view, rng) -> action text``. :func:`bot_for` makes one of a level
(``easy``, ``normal``, ``hard``: the sound bots of :mod:`stripdeck.sound`; ``classic``, the
hard bot of before, kept as a baseline; and the baselines ``random`` and ``station``) and a
style (``tight``/``loose``, ``passive``/``aggressive``, or both like ``tight-aggressive``):
the level sets how well it reads the hand, the style only how it plays what it reads.
Given the same seed and the same views, a bot makes the same decisions.

This module holds the classic bot (:class:`Bot`) and what the sound bots share with it: the
exact draw (:func:`best_draw`) and the styles.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card, format_cards, full_deck
from .evaluator import strength_table
from .i18n import _
from .odds import Outcome, choice_odds, draw_choice, draw_outcomes, opponent_model, take_face_up
from .rules import Rules
from .state import BET1, BET2, DRAW, blind_seats
from .view import PlayerView

if TYPE_CHECKING:
    from .sound import SoundBot

__all__ = ["Bot", "Style", "BOT_LEVELS", "BOT_STYLES", "TABLE_STYLES", "bot_for", "simple_bot", "draw_choice", "equity",
           "choose_card"]

BOT_LEVELS = ("easy", "normal", "hard", "classic", "random", "station")
"""Bot kinds: three levels of play, the classic hard bot, and two baselines (random actions; a calling station)."""
_CLASSIC_LEVELS = ("classic", "random", "station")


@dataclass(frozen=True)
class Style:
    """How a bot plays what it reads: ``looseness`` shifts its thresholds, ``aggression`` its bet/raise/bluff mix."""

    looseness: float = 0.0
    aggression: float = 0.0


BOT_STYLES: dict[str, Style] = {
    "balanced": Style(), "tight": Style(-0.05, 0.0), "loose": Style(0.05, 0.0),
    "passive": Style(0.0, -0.5), "aggressive": Style(0.0, 0.5),
}
"""Named styles; two may be joined with a hyphen (``tight-aggressive``)."""

TABLE_STYLES = ("balanced", "tight-aggressive", "loose-passive", "tight")
"""The styles of the page's opponent seats, first to fourth (the arena's gauntlet seats them too)."""


@dataclass(frozen=True)
class _Level:
    exact_draws: bool      # choose discards by exact enumeration (else the simple strategy)
    reads_draws: bool      # weigh hands against each opponent's public draw count
    reads_bets: bool       # narrow an opponent's holding when it bets or raises
    pot_odds: bool         # call by pot odds (else by a fixed bar)
    noise: float           # random error in judging its chances
    bluff: float           # chance to bet or raise a weak hand when it may
    slowplay: float        # chance to only check or call a very strong hand
    split_bar: float       # split when the chance to win is below this


_LEVELS = {
    "easy": _Level(False, False, False, False, 0.15, 0.15, 0.0, 0.35),
    "normal": _Level(True, False, False, True, 0.04, 0.06, 0.10, 0.45),
    "hard": _Level(True, True, True, True, 0.0, 0.09, 0.15, 0.50),
}


def parse_style(style: str | Style) -> Style:
    """A Style from a name like ``'tight-aggressive'`` (or a Style itself)."""
    if isinstance(style, Style):
        return style
    looseness = aggression = 0.0
    for part in str(style).lower().replace("_", "-").split("-"):
        if part not in BOT_STYLES:
            raise ValueError(_("unknown bot style {name}: use {styles} (two joined by '-')", name=repr(part),
                               styles=", ".join(BOT_STYLES)))
        looseness += BOT_STYLES[part].looseness
        aggression += BOT_STYLES[part].aggression
    return Style(looseness, aggression)


class Bot:
    """The classic bot (``classic``, or a baseline); ``bot.decide(view)`` (or ``bot(view)``) returns action text."""

    def __init__(self, level: str = "classic", style: str | Style = "balanced", seed: int | None = None) -> None:
        if level not in _CLASSIC_LEVELS:
            raise ValueError(_("unknown classic bot level {name}: use {levels}", name=repr(level),
                               levels=", ".join(_CLASSIC_LEVELS)))
        self.level = level
        self.style = parse_style(style)
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView, rng: random.Random | None = None) -> str:
        """The action this bot takes, from its own view only (its own generator unless ``rng`` is given)."""
        return decide(view, rng or self.rng, "hard" if self.level == "classic" else self.level, self.style)

    __call__ = decide

    def __repr__(self) -> str:
        return f"Bot({self.level!r}, {self.style!r})"


def bot_for(level: str = "normal", style: str | Style = "balanced", seed: int | None = None) -> Bot | SoundBot:
    """A bot of ``level`` (easy, normal, hard, classic, random, station) and ``style``, seeded for replays.

    >>> bot_for("hard", "tight-aggressive", seed=1)
    SoundBot('hard', Style(looseness=-0.05, aggression=0.5))
    >>> bot_for("classic", seed=1)
    Bot('classic', Style(looseness=0.0, aggression=0.0))
    """
    if level in _CLASSIC_LEVELS:
        return Bot(level, style, seed)
    if level not in BOT_LEVELS:
        # TRANSLATORS: {name} is the level asked for, {levels} the bots' levels (easy, normal...), kept as they are.
        raise ValueError(_("unknown bot level {name}: use {levels}", name=repr(level), levels=", ".join(BOT_LEVELS)))
    from .sound import SoundBot  # the sound bots build on this module
    return SoundBot(level, style, seed)


def simple_bot(view: PlayerView, rng: random.Random | None = None) -> str:
    """The normal-level bot with a balanced style (kept for older callers)."""
    return decide(view, rng or random.Random(), "normal", Style())


# --------------------------------------------------------------------------- reading the view


class _Read:
    """Public facts of a view that the decisions use."""

    def __init__(self, view: PlayerView) -> None:
        me = view.viewer
        assert me is not None
        self.me = me
        self.opponents = [s for i, s in enumerate(view.seats) if i != me and not s.folded]
        self.opponent_seats = [i for i, s in enumerate(view.seats) if i != me and not s.folded]
        self.pot = sum(s.total for s in view.seats)
        aggression: dict[tuple[str, int], int] = {}
        phase = BET1
        own_discards: tuple[Card, ...] = ()
        for event in view.log:
            if event.kind == "round" and event.info:
                phase = event.info
            elif event.kind in ("bet", "raise", "allin") and event.seat is not None:
                aggression[(phase, event.seat)] = aggression.get((phase, event.seat), 0) + 1
            elif event.kind == "discard" and event.seat == me:
                own_discards = event.cards
        self.aggression = aggression
        self.own_discards = own_discards
        self.raises_now = sum(n for (p, _), n in aggression.items() if p == view.phase)
        self.in_position = _last_to_act(view, me)


def _last_to_act(view: PlayerView, me: int) -> bool:
    """True when every other player still able to bet acts before this seat in the round."""
    n = len(view.seats)
    if view.rules.uses_blinds:
        first = (blind_seats(view.button, n)[1] + 1) % n
    else:
        first = (view.button + 1) % n
    order = [(first + k) % n for k in range(n)]
    able = [i for i in order if not view.seats[i].folded and (view.seats[i].stack > 0 or i == me)]
    return bool(able) and able[-1] == me


# --------------------------------------------------------------------------- chances

_OUTCOME_CACHE: dict[tuple[object, ...], list[Outcome]] = {}
_BEST_CACHE: dict[tuple[object, ...], tuple[tuple[Card, ...], float]] = {}
_CACHE_LIMIT = 100_000


def _outcomes(hand: tuple[Card, ...], rules: Rules, draw_max: int, simple: bool) -> list[Outcome]:
    key = (rules.evaluation_key, rules.fourth_card_choice, draw_max, sum(hand), simple)
    found = _OUTCOME_CACHE.get(key)
    if found is None:
        if len(_OUTCOME_CACHE) > 256:
            _OUTCOME_CACHE.clear()
        unseen = [c for c in full_deck(rules.joker) if c not in hand]
        choices = [draw_choice(hand, draw_max)] if simple else None
        found = _OUTCOME_CACHE[key] = draw_outcomes(hand, unseen, draw_max, rules, choices)
    return found


def best_draw(hand: tuple[Card, ...], rules: Rules, draw_max: int, opponent_draws: tuple[int | None, ...],
              simple: bool = False) -> tuple[tuple[Card, ...], float]:
    """The discard most likely to beat opponents who drew ``opponent_draws`` (None: not yet), and that chance."""
    key = (rules.evaluation_key, rules.draw_limit, rules.fourth_card_choice, draw_max, sum(hand), opponent_draws,
           simple)
    found = _BEST_CACHE.get(key)
    if found is not None:
        return found
    if len(_BEST_CACHE) > _CACHE_LIMIT:
        _BEST_CACHE.clear()
    model = opponent_model(rules)
    below = model.below
    memo: dict[int, float] = {}

    def beat(level: int) -> float:
        value = memo.get(level)
        if value is None:
            value = 1.0
            for drawn in opponent_draws:
                value *= below(level, drawn)
            memo[level] = value
        return value

    best: tuple[tuple[Card, ...], float] | None = None
    for outcome in _outcomes(hand, rules, draw_max, simple):
        score = outcome.score(beat)
        if best is None or score > best[1] + 1e-12:
            best = (outcome.discard, score)
    assert best is not None
    _BEST_CACHE[key] = best
    return best


def choose_card(view: PlayerView, exact: bool = True, reads_draws: bool = True) -> str:
    """``take up`` or ``take down`` at the choice of the fourth card (RULES.md s.5), from the view only.

    ``exact``: the card more likely to win against the opponents still in (weighed by their public
    draw counts when ``reads_draws``), the face-down card's chance taken over every card this seat
    has not seen (its own discards are never dealt back to it; cards others took face up are in
    their hands). Else the simple strategy (:func:`stripdeck.odds.take_face_up`).
    """
    choice = view.choice
    assert choice is not None and view.viewer is not None
    up = choice[1]
    four = view.my_hand
    rules = view.rules
    if not exact:
        return "take up" if take_face_up(four, up, rules) else "take down"
    me = view.viewer
    seen = set(four) | {up}
    for event in view.log:
        if (event.kind == "discard" and event.seat == me) or (event.kind == "take_up" and event.seat != me):
            seen.update(event.cards)
    unseen = [c for c in full_deck(rules.joker) if c not in seen]
    below = opponent_model(rules).below
    draws = tuple(s.drawn if reads_draws else None for i, s in enumerate(view.seats) if i != me and not s.folded)

    def beat(level: int) -> float:
        value = 1.0
        for drawn in draws or (None,):
            value *= below(level, drawn)
        return value

    return "take up" if choice_odds(four, up, unseen, rules, beat).take_up else "take down"


def equity(view: PlayerView, level: str = "hard") -> float:
    """The chance this view's hand wins against the opponents still in, as the bot of ``level`` judges it."""
    lv = _LEVELS.get(level, _LEVELS["hard"])
    return _equity(view, _Read(view), lv)


def _equity(view: PlayerView, read: _Read, lv: _Level) -> float:
    rules = view.rules
    hand = view.my_hand
    opponents = read.opponents
    if not opponents:
        return 1.0
    model = opponent_model(rules)
    if view.phase in (BET1, DRAW) and rules.draw_limit > 0:
        _, single = best_draw(hand, rules, rules.draw_limit, (None,), simple=not lv.exact_draws)
        chances = [single] * len(opponents)
    else:
        level = strength_table(rules)[sum(hand)] >> 4
        chances = [model.below(level, s.drawn if lv.reads_draws else None) for s in opponents]
    if lv.reads_bets:
        chances = [_narrowed(c, read.aggression.get((BET1, i), 0), read.aggression.get((BET2, i), 0), view.phase)
                   for c, i in zip(chances, read.opponent_seats)]
    value = 1.0
    for c in chances:
        value *= c
    return value


def _narrowed(chance: float, raises_before: int, bets_after: int, phase: str) -> float:
    """The chance against an opponent who bet: assume it holds the top part of its range (some bets are bluffs)."""
    top = (0.6 ** raises_before) * (0.5 ** bets_after if phase == BET2 else 1.0)
    if top >= 1.0:
        return chance
    strong = max(0.0, chance - (1.0 - top)) / top
    return 0.75 * strong + 0.25 * chance


# --------------------------------------------------------------------------- decisions


def decide(view: PlayerView, rng: random.Random, level: str = "normal", style: str | Style = "balanced") -> str:
    """The action of a bot of ``level`` and ``style`` in ``view`` (which must be its turn)."""
    legal = view.legal
    if legal is None or view.viewer is None:
        raise ValueError("it is not this bot's turn")
    if level == "random":
        return _random_action(view, rng)
    if level == "station":
        return _station_action(view)
    lv = _LEVELS.get(level)
    if lv is None:
        raise ValueError(_("unknown bot level {name}: use {levels}", name=repr(level), levels=", ".join(BOT_LEVELS)))
    st = parse_style(style)
    if view.choice is not None:
        return choose_card(view, lv.exact_draws, lv.reads_draws)
    read = _Read(view)
    if view.phase == DRAW:
        return _draw(view, read, lv)
    return _bet(view, read, lv, st, rng)


def _draw_text(discards: tuple[Card, ...]) -> str:
    return f"draw {format_cards(discards)}" if discards else "draw"


def _draw(view: PlayerView, read: _Read, lv: _Level) -> str:
    assert view.legal is not None
    hand = view.my_hand
    draw_max = view.legal.draw_max
    if not lv.exact_draws:
        return _draw_text(draw_choice(hand, draw_max))
    draws: tuple[int | None, ...] = tuple(s.drawn if lv.reads_draws else None for s in read.opponents)
    discards, _ = best_draw(hand, view.rules, draw_max, draws or (None,))
    return _draw_text(discards)


def _bet(view: PlayerView, read: _Read, lv: _Level, st: Style, rng: random.Random) -> str:
    legal = view.legal
    assert legal is not None
    kinds = legal.kinds
    e = _equity(view, read, lv)
    if view.seats[read.me].stack == 0:  # all in: only the split offer to answer
        return "split" if e < lv.split_bar else "check"
    noise = (rng.random() * 2 - 1) * lv.noise
    judged = e + noise + st.looseness
    pot, to_call = read.pot, legal.call_amount
    aggressive = "raise" if "raise" in kinds else "bet" if "bet" in kinds else None
    bluff_rate = lv.bluff * (1 + st.aggression) * (1.4 if read.in_position else 0.8)
    if "split" in kinds and e < lv.split_bar:
        return "split"  # behind: share the pot rather than play it out
    if to_call == 0:
        bar = (0.58 if view.phase == BET1 else 0.62) - (0.03 if read.in_position else 0.0) - 0.04 * st.aggression
        if aggressive and judged >= bar:
            if e >= 0.85 and rng.random() < lv.slowplay:
                return "check"
            return _size(view, aggressive, e, rng, lv)
        if aggressive and e < 0.4 and rng.random() < bluff_rate:
            return _size(view, aggressive, 0.75 + rng.random() * 0.2, rng, lv)
        return "check"
    odds = to_call / (pot + to_call)
    raise_bar = 0.78 + 0.06 * read.raises_now - 0.03 * st.aggression
    if aggressive and judged >= raise_bar:
        if rng.random() < lv.slowplay:
            return "call"
        return _size(view, aggressive, e, rng, lv)
    need = odds + 0.02 if lv.pot_odds else 0.30
    if judged >= need:
        return "call"
    if aggressive and view.phase == BET2 and e < 0.3 and rng.random() < bluff_rate * 0.3:
        return _size(view, aggressive, 0.9, rng, lv)
    return "fold"


def _size(view: PlayerView, kind: str, strength: float, rng: random.Random, lv: _Level) -> str:
    """Bet or raise text: a share of the pot that grows with strength (varied, so sizes say little)."""
    legal = view.legal
    assert legal is not None and legal.min_total is not None and legal.max_total is not None
    if legal.min_total == legal.max_total:
        return kind
    pot = sum(s.total for s in view.seats)
    share = 0.6 + 0.8 * max(0.0, strength - 0.6) + (rng.random() - 0.5) * 0.3
    if lv.noise >= 0.1:
        share = 0.3 + rng.random() * 0.7
    base = view.to_match + legal.call_amount
    total = view.to_match + round(share * (pot + legal.call_amount)) if kind == "raise" else round(share * pot)
    total = max(legal.min_total, min(legal.max_total, max(total, base)))
    allin = legal.allin_total
    if allin is not None and "allin" in legal.kinds and total >= 0.7 * allin:
        return "allin"
    return f"{kind} {total}"


def _random_action(view: PlayerView, rng: random.Random) -> str:
    legal = view.legal
    assert legal is not None
    kinds = [k for k in legal.kinds if k != "timeout"]
    kind = rng.choice(kinds)
    if kind == "draw":
        hand = view.my_hand
        count = rng.randint(0, min(legal.draw_max, len(hand)))
        return _draw_text(tuple(rng.sample(list(hand), count)))
    if kind in ("bet", "raise"):
        assert legal.min_total is not None and legal.max_total is not None
        return f"{kind} {rng.randint(legal.min_total, legal.max_total)}"
    return kind


def _station_action(view: PlayerView) -> str:
    legal = view.legal
    assert legal is not None
    if view.choice is not None:
        return choose_card(view, exact=False)
    if view.phase == DRAW:
        return _draw_text(draw_choice(view.my_hand, legal.draw_max))
    return "check" if "check" in legal.kinds else "call"


BotFunction = Callable[[PlayerView, random.Random], str]
