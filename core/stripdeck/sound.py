"""The sound bot: plays ranges, not single hands, so that a mindless trick does not pay.

What ``hard`` and ``normal`` play since the classic bot (``classic``, kept as a baseline) was
bullied by players who bet every hand. Three principles, each a poker player's own:

* **A bet is read from the bettor's habits, not as strength by itself.** An opponent's range
  after a bet is the top share of its hands that its measured aggression says it bets with
  (a player who raises every hand has no narrower range for raising), plus bluffs: at least
  the share that makes calling and folding equal for the caller (the bet's price), more when
  the bettor has shown bluffs at showdowns, less (never below half) when it has shown none.
* **Defend and bluff in the ratios the bet size calls for.** A bet is called when the chance
  against that range beats the pot odds, so a bluff cannot win more often than it risks; a
  weak hand bets as a bluff at the frequency the bet's size makes a call indifferent.
* **Read each opponent across the session** (:class:`Reads`): from public events only (its
  bets and raises, its folds to a bet, its stand-pats, the hands it showed down after betting),
  counted with a prior of ordinary play so that a few hands move little, and every shift is
  bounded (a range is never read narrower than a quarter of the hands, bluffs never below half
  the balanced share; in no limit a bet above the pot after the draw down to a tenth
  of each as the bettor's shown hands after betting say it does not bluff), so the bot stays hard
  to exploit while it learns.

Draws are chosen by exact enumeration against the opponents' public draw counts, as the
classic hard bot does; ``normal`` at three or more seats draws by the rule of thumb
(:func:`stripdeck.odds.draw_choice`) and values its hand before the draw by that same draw.
A stand-pat opponent's hand is read as a mixture of true pat hands and
plain dealt hands, in the share its measured stand-pat rate says.

With two or more opponents in the hand, ``hard`` bets (when no bet is to call) only a stronger
hand than its fair share of the pot asks: a bet into several players is called by the best of
several hands, any of which may raise, so the equity against random hands overstates what the
bet wins. ``normal`` bets as thin as the fair share (a level's mistake, like its judging error).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator

from .bots import Style, best_draw, choose_card, parse_style
from .cards import format_cards, full_deck
from .evaluator import strength_table
from .i18n import _
from .odds import OpponentModel, opponent_model
from .reads import _AGGRESSIVE, _PRIOR_AGGRESSION, _PRIOR_BLUFF_SHOWN, _PRIOR_FOLD, Reads, ReadsError
from .rules import Rules
from .solved import Mistakes, SolvedPlayer
from .state import BET1, BET2, DRAW, blind_seats
from .view import PlayerView

__all__ = ["SoundBot", "Reads", "ReadsError", "SOUND_LEVELS", "dealt_steps"]

SOUND_LEVELS = ("hard", "normal", "easy")

# Bounds that keep the bot sound while it learns.
_MIN_TOP = 0.25             # a bettor's range is never read narrower than its top quarter
_MIN_BLUFF_FACTOR = 0.5     # bluffs never read below half the balanced share
_LEAK_FOLDS = (0.20, 0.75)  # heads-up: a fold rate outside these is a leak to exploit (else the strategy plays)
# In no limit, a bet above the pot after the draw (its price above a pot-sized bet's third) is read
# further, down to these bounds, as the bettor's hands shown after betting are seen not to be bluffs.
_OVERBET_PRICE = 0.35
_OVERBET_MIN_TOP = 0.10
_OVERBET_MIN_BLUFF_FACTOR = 0.10


# --------------------------------------------------------------------------- distributions

_DEALT: dict[tuple[object, ...], OpponentModel] = {}


def _dealt_levels(rules: Rules) -> OpponentModel:
    """Levels of plain dealt hands (no draw), from a fixed sample: what a stand-pat bluffer holds."""
    for _step in dealt_steps(rules):
        pass
    return _DEALT[rules.evaluation_key]


def dealt_steps(rules: Rules, samples: int = 4000) -> Iterator[None]:
    """Sample the dealt hands of ``rules`` in steps of a few milliseconds (see ``stripdeck.prepare``)."""
    key = rules.evaluation_key
    if key in _DEALT:
        return
    rng = random.Random(20261202)
    deck = list(full_deck(rules.joker))
    table = strength_table(rules)
    levels = []
    for number in range(samples):
        if number % 1000 == 999:
            yield
        levels.append(table[sum(rng.sample(deck, 5))] >> 4)
    _DEALT[key] = OpponentModel({}, levels)  # its ``below`` counts equal levels half, as for final hands


# --------------------------------------------------------------------------- the bot


class _Level:
    """What sets a level apart: judging error (and, in the heads-up strategy, slips and close draws
    got wrong), reads (and how much evidence a leak needs), bluffing, exact draws (or, at three or
    more seats only, the rule of thumb), the opponents' draw counts weighed in the draw, a passive
    caller's leaks (calls too light, raises too little), and the extra equity a bet into two or
    more opponents asks for (``multiway_bar``)."""

    __slots__ = ("noise", "reads", "bluffs", "exact", "exact_multiway", "reads_draws", "call_slack", "passive",
                 "mistakes", "pace", "multiway_bar")

    def __init__(self, noise: float, reads: bool, bluffs: float, exact: bool, reads_draws: bool,
                 call_slack: float, passive: float, mistakes: Mistakes | None = None, pace: float = 1.0,
                 exact_multiway: bool | None = None, multiway_bar: float = 0.0) -> None:
        self.noise, self.reads, self.bluffs, self.exact = noise, reads, bluffs, exact
        # at three or more seats: exact draws (else the rule of thumb, ``odds.draw_choice``)
        self.exact_multiway = exact if exact_multiway is None else exact_multiway
        self.reads_draws, self.call_slack, self.passive = reads_draws, call_slack, passive
        # the mistakes of its heads-up base play (the computed strategy); by the principles, the judging error
        self.mistakes = mistakes if mistakes is not None else Mistakes(noise=noise)
        self.pace = pace  # the evidence a leak needs before it is exploited, times hard's
        # with two or more opponents in the hand: the bet bar's rise (the callers are the best of several hands)
        self.multiway_bar = multiway_bar


# normal's mistakes (docs/bots.md, "The levels"): each as likely one way as the other
_NORMAL_MISTAKES = Mistakes(noise=0.08, slip=0.25, slip_size=0.25, draw_slip=0.35, draw_margin=0.06)

_SOUND = {
    "hard": _Level(0.0, True, 1.0, True, True, 0.0, 0.0, multiway_bar=0.10),
    # normal draws by the rule of thumb at three or more seats (docs/bots.md, "The levels")
    "normal": _Level(0.08, True, 1.0, True, True, 0.0, 0.0, _NORMAL_MISTAKES, pace=2.0, exact_multiway=False),
    "easy": _Level(0.12, False, 0.4, False, False, 0.10, 0.12),
}


class SoundBot:
    """A bot of ``level`` (hard, normal, easy) and ``style`` playing by ranges (see the module's words).

    ``seated(ids)`` names each seat's player for the next hand (stable ids, so the reads follow a
    player who moves); ``observe(view)`` counts a finished hand; ``reads`` can be saved and restored.
    """

    def __init__(self, level: str = "hard", style: str | Style = "balanced", seed: int | None = None) -> None:
        if level not in _SOUND:
            raise ValueError(_("unknown bot level {name}: use {levels}", name=repr(level), levels=", ".join(_SOUND)))
        self.level = level
        self.style = parse_style(style)
        self.rng = random.Random(seed)
        self.reads = Reads()
        self._ids: dict[int, str] = {}
        self._lv = _SOUND[level]
        self._solver: SolvedPlayer | None = None
        if level in ("hard", "normal"):  # heads-up, where a solution is shipped, it is the base (docs/bots.md);
            # normal plays it with its mistakes
            self._solver = SolvedPlayer(seed=self.rng.getrandbits(63), mistakes=self._lv.mistakes)

    def __repr__(self) -> str:
        return f"SoundBot({self.level!r}, {self.style!r})"

    def seated(self, ids: Iterable[str]) -> None:
        """The stable id of the player in each seat of the coming hands."""
        self._ids = dict(enumerate(ids))

    def _id(self, seat: int) -> str:
        return self._ids.get(seat, str(seat))

    def observe(self, view: PlayerView) -> None:
        """Learn from this bot's own view of a finished hand (public events only)."""
        if self._lv.reads:
            self.reads.observe(view, {s: self._id(s) for s in range(len(view.seats))})

    def decide(self, view: PlayerView, rng: random.Random | None = None) -> str:
        """The action in ``view`` (which must be this bot's turn)."""
        legal = view.legal
        if legal is None or view.viewer is None:
            raise ValueError("it is not this bot's turn")
        rng = rng or self.rng
        if view.choice is not None:  # the choice of the fourth card
            return choose_card(view, self._lv.exact, self._lv.reads_draws)
        if self._solver is not None and len(view.seats) == 2 and not self._leaks(self._id(1 - view.viewer)):
            action = self._solver.strategy_action(view)
            if action is not None:
                return action
        if view.phase == DRAW:
            return self._draw(view)
        return self._bet(view, rng)

    def _leaks(self, who: str) -> bool:
        """True when the reads show a clear leak to exploit (else the heads-up solution is played)."""
        c = self.reads.seen(who)  # a decision only looks: the reads change when a hand is observed
        reads, pace = self.reads, self._lv.pace
        if c.actions >= 30 * pace and not 0.12 <= reads.aggression(who) <= 0.5:
            return True
        if c.faced >= 15 * pace and not _LEAK_FOLDS[0] <= reads.fold_rate(who) <= _LEAK_FOLDS[1]:
            return True
        return c.draws >= 15 * pace and reads.pat_rate(who, 0.03) > 0.25

    __call__ = decide

    # ----------------------------------------------------------------- the draw

    def _exact_draws(self, view: PlayerView) -> bool:
        """True when this bot draws (and values its hand before the draw) by exact enumeration at this table,
        False when by the rule of thumb (:func:`stripdeck.odds.draw_choice`)."""
        return self._lv.exact if len(view.seats) == 2 else self._lv.exact_multiway

    def _draw(self, view: PlayerView) -> str:
        assert view.legal is not None and view.viewer is not None
        draws = tuple(s.drawn if self._lv.reads_draws else None
                      for i, s in enumerate(view.seats) if i != view.viewer and not s.folded)
        discards, _ = best_draw(view.my_hand, view.rules, view.legal.draw_max, draws or (None,),
                                simple=not self._exact_draws(view))
        return f"draw {format_cards(discards)}" if discards else "draw"

    # ----------------------------------------------------------------- chances against ranges

    def _chance(self, view: PlayerView, seat: int, level: int, model_prior_pat: float) -> float:
        """The chance of a final hand of ``level`` against a random hand of ``seat``'s kind (its draw read)."""
        rules = view.rules
        model = opponent_model(rules)
        drawn = view.seats[seat].drawn if self._lv.reads_draws else None  # else: against a typical final hand
        chance = model.below(level, drawn)
        if drawn == 0 and self._lv.reads:
            pat = self.reads.pat_rate(self._id(seat), model_prior_pat)
            true_share = min(1.0, model_prior_pat / pat) if pat > 0 else 1.0
            chance = true_share * chance + (1 - true_share) * _dealt_levels(rules).below(level)
        return chance

    def _range_chance(self, chance: float, seat: int, facts: _Facts) -> float:
        """The chance against ``seat``'s range after its actions in this hand (see the module's words)."""
        if not self._lv.reads:  # easy plays its own cards: a bet tells it nothing (a learner beats it by value bets)
            return chance
        who = self._id(seat)
        reads = self.reads
        aggressive_now = facts.aggression_now.get(seat, 0)
        aggressive_before = facts.aggression_before.get(seat, 0)
        if aggressive_now == 0 and aggressive_before == 0:
            if facts.called.get(seat):  # a caller: the hands it would not fold
                fold = min(0.6, reads.fold_rate(who)) * 0.6
                return max(0.0, chance - fold) / (1 - fold)
            return chance
        shown = reads.bluff_shown(who) / _PRIOR_BLUFF_SHOWN
        min_top, min_bluffs = _MIN_TOP, _MIN_BLUFF_FACTOR
        if facts.no_limit and facts.phase == BET2 and aggressive_now and facts.price > _OVERBET_PRICE:
            # a bet above the pot from a player whose shown bets were not bluffs: narrower, fewer bluffs
            min_top = max(_OVERBET_MIN_TOP, _MIN_TOP * min(1.0, shown))
            min_bluffs = _OVERBET_MIN_BLUFF_FACTOR
        share = max(min_top, min(1.0, reads.aggression(who) / _PRIOR_AGGRESSION * 0.5))
        top = max(min_top, math.pow(share, aggressive_now + 0.5 * aggressive_before))
        strong = max(0.0, chance - (1.0 - top)) / top
        if facts.phase != BET2 or aggressive_now == 0:
            return 0.8 * strong + 0.2 * chance
        balanced = facts.price
        bluffs = min(0.6, max(min_bluffs * balanced, balanced * shown))
        return (1 - bluffs) * strong + bluffs * min(1.0, chance / 0.4)

    def _equity(self, view: PlayerView, facts: _Facts) -> float:
        rules = view.rules
        hand = view.my_hand
        value = 1.0
        if view.phase == BET1 and rules.draw_limit > 0:
            # valued by the draw it will make, so the estimate and the draw agree
            _, single = best_draw(hand, rules, rules.draw_limit, (None,), simple=not self._exact_draws(view))
            for seat in facts.opponents:
                value *= self._range_chance(single, seat, facts)
            return value
        level = strength_table(rules)[sum(hand)] >> 4
        prior_pat = _prior_pat_rate(rules)
        for seat in facts.opponents:
            value *= self._range_chance(self._chance(view, seat, level, prior_pat), seat, facts)
        return value

    # ----------------------------------------------------------------- betting

    def _bet(self, view: PlayerView, rng: random.Random) -> str:  # noqa: C901 (one decision, read top down)
        legal = view.legal
        assert legal is not None and view.viewer is not None
        kinds = legal.kinds
        facts = _Facts(view)
        e = self._equity(view, facts)
        lv, st = self._lv, self.style
        if view.seats[view.viewer].stack == 0:  # all in: only the split offer to answer
            return "split" if e < 0.5 else "check"
        if "split" in kinds and e < 0.5:
            return "split"
        judged = e + (rng.random() * 2 - 1) * lv.noise + st.looseness
        n = len(facts.opponents)
        aggressive = "raise" if "raise" in kinds else "bet" if "bet" in kinds else None
        to_call = legal.call_amount
        pot = facts.pot
        if to_call == 0:
            bar = 1.2 / (n + 1) - (0.04 if facts.in_position else 0.0) - 0.04 * st.aggression + lv.passive
            if view.phase == BET1:
                bar += 0.03
            if n > 1 and lv.multiway_bar:
                bar += lv.multiway_bar * self._multiway_folds(facts)
            if aggressive and judged >= bar:
                if e >= 0.85 and rng.random() < 0.12:
                    return "check"  # now and then a strong hand checks, so a check is not a give-up
                return self._size(view, aggressive, e, rng)
            if aggressive and e < 0.6 * bar and rng.random() < self._bluff_rate(view, facts, bar):
                return self._size(view, aggressive, 0.75 + rng.random() * 0.2, rng)
            return "check"
        price = to_call / (pot + to_call)
        raise_bar = max(0.62, 1.45 / (n + 1)) + 0.06 * facts.raises_now - 0.03 * st.aggression + lv.passive
        if aggressive and judged >= raise_bar:
            if rng.random() < 0.12:
                return "call"
            return self._size(view, aggressive, e, rng)
        if judged >= price + 0.01 - lv.call_slack:
            if aggressive and e < 0.35 and self._raise_bluff(view, facts, rng):
                return self._size(view, aggressive, 0.9, rng)
            return "call"
        if aggressive and self._raise_bluff(view, facts, rng):
            return self._size(view, aggressive, 0.9, rng)
        return "fold" if "fold" in kinds else "check"

    def _multiway_folds(self, facts: _Facts) -> float:
        """How far (0 to 1) a bet into several players is called only by the best of their hands: as far as
        they are measured to fold to a bet more often than an ordinary player (callers who fold little call
        with any hand, and a thin bet pays against them)."""
        after = facts.phase == BET2
        folds = sum(self.reads.fold_rate(self._id(seat), after) for seat in facts.opponents) / len(facts.opponents)
        return min(1.0, max(0.0, 2 * (folds - _PRIOR_FOLD) / (1 - _PRIOR_FOLD)))

    def _bluff_rate(self, view: PlayerView, facts: _Facts, bar: float) -> float:
        """How often a weak hand bets: bluffs to value bets in the ratio a call's price makes fair,
        shifted (within bounds) by how often these opponents have been seen to fold to a bet."""
        bet = facts.bet_size
        needed = bet / (facts.pot + bet) if facts.pot + bet > 0 else 0.0  # the folds a pure bluff needs
        # about a third of hands bet for value and about half are weak enough to bluff with
        value_share = max(0.1, min(0.5, 1.0 - bar))
        rate = needed * value_share / 0.5
        if view.phase == BET1:
            rate *= 0.5  # before the draw a weak hand has a draw to play instead
        n = len(facts.opponents)
        rate *= 0.35 ** (n - 1)
        if self._lv.reads and facts.opponents:
            folds = 1.0
            for seat in facts.opponents:
                folds *= self.reads.fold_rate(self._id(seat), view.phase == BET2)
            if folds > needed:  # they fold more than a bluff needs: it pays, bluff more
                rate = min(0.5, rate + 1.5 * (folds - needed))
            else:  # they fold less: fewer bluffs, never none (a bet must not say "value")
                rate *= max(0.25, folds / needed) if needed else 1.0
        return min(0.6, rate * self._lv.bluffs * (1 + self.style.aggression))

    def _raise_bluff(self, view: PlayerView, facts: _Facts, rng: random.Random) -> bool:
        """Raise a weak hand: rarely, more against a bettor who measured folds to raises often, less against
        one whose bets are shown to be value (a raise as a bluff wins only when the bet folds) and before the draw."""
        if len(facts.opponents) > 1 or facts.raises_now > 1:
            return False
        base = 0.04 * self._lv.bluffs
        if self._lv.reads:
            who = self._id(facts.opponents[0])
            folds = self.reads.fold_rate(who)
            aggression = self.reads.aggression(who)
            if folds > 0.5 and aggression > 0.4:
                base = min(0.5, base + (folds - 0.5) * 0.8)
            else:
                # what folds to the raise is the bet's bluffs: as many as the bettor's shown hands say
                base *= min(1.0, self.reads.bluff_shown(who) / _PRIOR_BLUFF_SHOWN)
                if view.phase == BET1:
                    base *= 0.5  # before the draw the bettor's weak hands have a draw to play
        return rng.random() < base

    def _size(self, view: PlayerView, kind: str, strength: float, rng: random.Random) -> str:
        """Bet or raise text: the same sizes for bluffs and value (about two thirds of the pot to a pot)."""
        legal = view.legal
        assert legal is not None and legal.min_total is not None and legal.max_total is not None
        if legal.min_total == legal.max_total:
            return kind
        pot = sum(s.total for s in view.seats)
        share = 0.66 + 0.34 * rng.random()
        if kind == "raise":
            total = view.to_match + legal.call_amount + round(share * (pot + legal.call_amount))
        else:
            total = round(share * pot)
        total = max(legal.min_total, min(legal.max_total, total))
        allin = legal.allin_total
        if allin is not None and "allin" in legal.kinds and total >= 0.7 * allin:
            return "allin"
        return f"{kind} {total}"


_PRIOR_PAT: dict[tuple[object, ...], float] = {}


def _prior_pat_rate(rules: Rules) -> float:
    """How often an ordinary player stands pat (the opponent model's share of pat hands)."""
    key = (*rules.evaluation_key, rules.draw_limit)
    found = _PRIOR_PAT.get(key)
    if found is None:
        model = opponent_model(rules)
        found = _PRIOR_PAT[key] = max(0.02, len(model.by_draw.get(0, [])) / max(1, len(model.everyone)))
    return found


class _Facts:
    """The public facts of a betting decision."""

    def __init__(self, view: PlayerView) -> None:
        me = view.viewer
        assert me is not None and view.legal is not None
        self.phase = view.phase
        self.no_limit = view.rules.structure == "no-limit"
        self.opponents = [i for i, s in enumerate(view.seats) if i != me and not s.folded]
        self.pot = sum(s.total for s in view.seats)
        self.aggression_now: dict[int, int] = {}
        self.aggression_before: dict[int, int] = {}
        self.called: dict[int, bool] = {}
        phase, top = BET1, 0
        for event in view.log:
            kind = event.kind
            if kind == "round" and event.info:
                phase, top = event.info, 0
            elif kind in ("small_blind", "big_blind"):
                top = max(top, event.amount or 0)
            elif event.seat is not None and kind in _AGGRESSIVE and (event.amount or 0) > top:
                target = self.aggression_now if phase == view.phase else self.aggression_before
                target[event.seat] = target.get(event.seat, 0) + 1
                top = event.amount or 0
            elif event.seat is not None and kind in ("call", "allin"):
                self.called[event.seat] = True
        self.raises_now = sum(self.aggression_now.values())
        legal = view.legal
        to_call = legal.call_amount
        self.price = to_call / (self.pot + to_call) if to_call else 0.0
        if legal.min_total is not None:
            self.bet_size = max(1, legal.min_total - view.to_match + to_call)
        else:
            self.bet_size = max(1, view.rules.big_bet if view.phase == BET2 else view.rules.small_bet)
        self.in_position = _last_to_act(view, me)


def _last_to_act(view: PlayerView, me: int) -> bool:
    n = len(view.seats)
    first = (blind_seats(view.button, n)[1] + 1) % n if view.rules.uses_blinds else (view.button + 1) % n
    order = [(first + k) % n for k in range(n)]
    able = [i for i in order if not view.seats[i].folded and (view.seats[i].stack > 0 or i == me)]
    return bool(able) and able[-1] == me

