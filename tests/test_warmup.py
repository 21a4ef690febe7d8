"""prepare(): the first-use tables built in small steps, with the same results."""

from __future__ import annotations

import stripdeck
from stripdeck import Rules, evaluator, hand_index, odds


def test_prepare_builds_in_many_small_steps_and_then_costs_nothing() -> None:
    rules = Rules(suit_order="sdch", draw_limit=3)
    evaluator._TABLES.pop(rules.evaluation_key, None)  # as on a fresh page
    evaluator._STRENGTHS.pop(rules.evaluation_key, None)
    odds._MODELS.pop(odds._model_key(rules), None)
    steps = sum(1 for _ in stripdeck.prepare(rules))
    assert steps >= 10
    assert rules.evaluation_key in evaluator._TABLES and rules.evaluation_key in evaluator._STRENGTHS
    assert odds._model_key(rules) in odds._MODELS
    assert sum(1 for _ in stripdeck.prepare(rules)) == 1  # all there: one closing step


def test_prepared_tables_are_the_tables_evaluate_would_build() -> None:
    rules = Rules(suit_ties="combination", suit_order="cshd", joker=True)
    for _ in stripdeck.prepare(rules):
        pass
    prepared = dict(stripdeck.strength_table(rules))
    built = evaluator._build_table(rules.evaluation_key)
    assert len(built) == len(prepared) == hand_index.ALL_HANDS
    assert prepared == {mask: built[hand_index.place_of(mask)].strength for mask in prepared}
    assert stripdeck.evaluate("Jk Ah Ad Ac As", rules).category == "five aces"


def test_the_default_rules_fast_path_is_filled_by_prepare() -> None:
    for _ in stripdeck.prepare():
        pass
    assert evaluator._DEFAULT_TABLE
    assert stripdeck.evaluate(stripdeck.parse_cards("Ah Kh Qh Jh Th")).category == "straight flush"
