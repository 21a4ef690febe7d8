"""The card abstraction of the heads-up strategy: hand classes before the draw, strength
buckets after it, and how a class with a chosen draw count moves between them.

*After the draw* a hand's bucket is its strength against a typical final hand: the
opponent model's chance that such a hand is below it (:func:`stripdeck.odds.opponent_model`),
cut into ``post_buckets`` equal slices. Two hands of one bucket are taken as a coin flip.

*Before the draw* a hand is described by what each draw count does for it: for every count
``d`` from 0 (stand pat) to the draw limit, the best discard of ``d`` cards (the one with the
highest mean strength after the draw, exactly enumerated by :func:`stripdeck.odds.draw_outcomes`)
and the distribution of buckets it leads to. Hands are grouped by their best count (pat
hands, one-card draws such as four to a flush or two pairs, two and three card draws, four
and five card draws), and within a group into equal-count slices of the best count's mean
strength; the ``pre_classes`` classes are shared among the groups by their size. A class's
transition for a count is the mean of its hands' distributions. Every count stays a choice,
so standing pat with a weak hand (a snow) and breaking a made hand are in the game.

The pair of hands is dealt as if independent (no card removal between the two players).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from typing import NamedTuple

from .cards import Card, full_deck
from .odds import Outcome, draw_outcomes, opponent_model
from .rules import Rules

__all__ = ["Abstraction", "Profile", "build_abstraction", "hand_profile", "post_bucket"]

Distribution = tuple[float, ...]


class Abstraction(NamedTuple):
    """The abstract deal: classes and buckets, with the probabilities that link them."""

    draw_counts: tuple[int, ...]                     # 0 (pat) .. the draw limit
    class_probs: tuple[float, ...]                   # chance of each class before the draw
    transitions: tuple[tuple[Distribution, ...], ...]  # [class][draw count] -> chance of each bucket after
    post_buckets: int
    groups: tuple[int, ...]                          # the best draw count of each class
    edges: tuple[float, ...]                         # the lowest mean strength of each class, within its group
    samples: int

    @property
    def pre_classes(self) -> int:
        """How many classes before the draw."""
        return len(self.class_probs)

    def classify(self, profile: Profile) -> int:
        """The class of a hand from its :func:`hand_profile` (its best count and mean strengths)."""
        best, means = profile.best, profile.means
        group = _group_of(best)
        members = [b for b in range(self.pre_classes) if self.groups[b] == group]
        if not members:  # a kind of hand the sample never held: the nearest group's classes
            members = [min(range(self.pre_classes), key=lambda b: abs(self.groups[b] - group))]
            group = self.groups[members[0]]
            members = [b for b in range(self.pre_classes) if self.groups[b] == group]
        edges = [self.edges[b] for b in members]
        return members[max(0, bisect_right(edges, means[best]) - 1)]


def _group_of(best_count: int) -> int:
    """Groups of hands by their best draw count: pat, one card, two or three, four or five."""
    return (0, 1, 2, 2, 3, 3)[best_count]


def post_bucket(level: int, rules: Rules, buckets: int) -> int:
    """The bucket of a final hand's strength level (see the module's words)."""
    return min(buckets - 1, int(opponent_model(rules).below(level, None) * buckets))


class Profile(NamedTuple):
    """What each draw count does for a hand: the best discard of that many cards, its mean strength
    after the draw and its distribution of buckets; and the best count."""

    best: int
    means: list[float]
    dists: list[Distribution]
    discards: list[tuple[Card, ...]]


def hand_profile(hand: Sequence[Card], rules: Rules, buckets: int,
                 unseen: Sequence[Card] | None = None) -> Profile:
    """For each draw count: the best discard's mean strength and its distribution of buckets; and the best count."""
    if unseen is None:
        unseen = [c for c in full_deck(rules.joker) if c not in hand]
    model = opponent_model(rules)
    below = model.below
    counts = range(rules.draw_limit + 1)
    best_of: dict[int, tuple[float, Outcome]] = {}
    for outcome in draw_outcomes(hand, unseen, rules.draw_limit, rules):
        d = len(outcome.discard)
        score = outcome.score(lambda level: below(level, None))
        if d not in best_of or score > best_of[d][0] + 1e-12:
            best_of[d] = (score, outcome)
    means, dists, discards = [], [], []
    for d in counts:
        score, outcome = best_of[d]
        discards.append(outcome.discard)
        dist = [0.0] * buckets
        for level, n in outcome.counts.items():
            dist[min(buckets - 1, int(below(level, None) * buckets))] += n / outcome.total
        means.append(score)
        dists.append(tuple(dist))
    best = max(counts, key=lambda d: (means[d], -d))
    return Profile(best, means, dists, discards)


def build_abstraction(rules: Rules, samples: int = 3000, pre_classes: int = 16, post_buckets: int = 12,
                      seed: int = 20261202) -> Abstraction:
    """The abstraction for ``rules`` from ``samples`` seeded random hands (the same every time)."""
    if rules.joker:
        raise ValueError("the strategy's abstraction is for the 32-card pack (no joker)")
    if rules.draw_limit < 1:
        raise ValueError("the strategy's abstraction needs a draw")
    rng = random.Random(seed)
    deck = list(full_deck(False))
    profiles = []
    for _ in range(samples):
        hand = rng.sample(deck, 5)
        profiles.append(hand_profile(hand, rules, post_buckets))
    by_group: dict[int, list[tuple[float, list[Distribution]]]] = {}
    for best, means, dists, _ in profiles:
        by_group.setdefault(_group_of(best), []).append((means[best], dists))
    groups = sorted(by_group)
    shares = _shares({g: len(by_group[g]) for g in groups}, max(pre_classes, len(groups)))
    class_probs: list[float] = []
    transitions: list[tuple[Distribution, ...]] = []
    class_groups: list[int] = []
    edges: list[float] = []
    counts = range(rules.draw_limit + 1)
    for g in groups:
        hands = sorted(by_group[g], key=lambda h: h[0])
        k = shares[g]
        for j in range(k):
            part = hands[j * len(hands) // k:(j + 1) * len(hands) // k]
            if not part:
                continue
            class_probs.append(len(part) / samples)
            transitions.append(tuple(
                tuple(sum(h[1][d][a] for h in part) / len(part) for a in range(post_buckets)) for d in counts))
            class_groups.append(g)
            edges.append(part[0][0] if j else float("-inf"))
    return Abstraction(tuple(counts), tuple(class_probs), tuple(transitions), post_buckets,
                       tuple(class_groups), tuple(edges), samples)


def _shares(sizes: dict[int, int], total: int) -> dict[int, int]:
    """``total`` classes shared among groups in proportion to their sizes, at least one each."""
    shares = {g: 1 for g in sizes}
    whole = sum(sizes.values())
    for _ in range(total - len(sizes)):
        g = max(sizes, key=lambda g: sizes[g] / whole * total - shares[g])
        shares[g] += 1
    return shares
