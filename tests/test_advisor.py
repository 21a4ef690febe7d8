"""The draw advisor: exact odds for every discard choice, sorted best first, with reasons."""

from __future__ import annotations

import random
from math import comb

import pytest
import stripdeck
from stripdeck import DECK, CardError, Rules, advise, parse_cards
from stripdeck.odds import _enumerate_all, draw_outcomes


def test_every_choice_the_draw_limit_allows_is_listed() -> None:
    assert len(advise("Ah Kh Qh Jh 7c").rows) == 1 + 5 + 10 + 10 + 5
    assert len(advise("Ah Kh Qh Jh 7c", Rules(draw_limit=5)).rows) == 32
    assert len(advise("Ah Kh Qh Jh 7c", Rules(draw_limit=0)).rows) == 1


def test_four_to_a_royal_flush_draws_one_and_the_odds_are_exact() -> None:
    best = advise("Ah Kh Qh Jh 7c").best
    assert [str(c) for c in best.discard] == ["7c"]
    cats = dict(best.categories)
    assert cats["straight flush"] == pytest.approx(1 / 27)   # the ten of hearts
    assert cats["flush"] == pytest.approx(3 / 27)            # 9h 8h 7h
    assert cats["straight"] == pytest.approx(3 / 27)         # the other tens
    assert sum(cats.values()) == pytest.approx(1.0)
    assert "straight flush" in best.reason and "draw 1" in best.reason


def test_made_hands_stand_pat_and_rows_are_sorted() -> None:
    for hand in ("7h 8d 9c Ts As", "Kh Kd Ks 8c 8d", "Ah Jh 9h 8h 7h"):
        advice = advise(hand)
        assert advice.best.draw == 0
        wins = [r.win for r in advice.rows]
        assert wins == sorted(wins, reverse=True)


def test_dead_cards_are_not_drawn_and_more_opponents_are_harder() -> None:
    live = dict(advise("Ah Kh Qh Jh 7c").best.categories)["straight flush"]
    dead = dict(advise("Ah Kh Qh Jh 7c", dead="Th").rows[0].categories).get("straight flush", 0.0)
    assert live > 0 and dead == 0
    assert advise("Ad Ac Kc 9s 7h", opponents=3).best.win < advise("Ad Ac Kc 9s 7h").best.win


def test_the_fast_count_equals_looking_up_every_draw() -> None:
    rng = random.Random(4)
    for _ in range(12):
        cards = rng.sample(DECK, 8)
        hand, unseen = cards[:5], [c for c in DECK if c not in cards]
        fast = draw_outcomes(hand, unseen, 4)
        slow = _enumerate_all(hand, unseen, 4)
        assert [(o.discard, o.counts) for o in fast] == [(o.discard, o.counts) for o in slow]
        assert all(o.total == comb(len(unseen), len(o.discard)) for o in fast)


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(CardError):
        advise("Ah Kh")
    with pytest.raises(CardError):
        advise("Ah Kh Qh Jh 7c", dead="Ah")
    with pytest.raises(ValueError):
        advise("Ah Kh Qh Jh 7c", opponents=0)


def test_plain_data_for_the_page_and_the_command_line() -> None:
    data = advise(parse_cards("Ah Ad Kc 9s 7h")).to_dict()
    assert data["rows"][0]["keep"] == "Ad Ah" or set(data["rows"][0]["keep"].split()) == {"Ah", "Ad"}
    assert 0 < data["rows"][0]["win"] < 1
    from io import StringIO

    from stripdeck.__main__ import main
    out = StringIO()
    assert main(["advise", "Ah Kh Qh Jh 7c"], out) == 0
    assert "7c" in out.getvalue().splitlines()[2]
    assert stripdeck.advise is advise


def test_joker_games_use_the_plain_path() -> None:
    advice = advise("Jk Ah Kh Qh 7c", Rules(joker=True))
    assert advice.best.draw <= 1


def test_with_the_joker_two_pairs_or_three_of_a_kind_are_already_a_full_house() -> None:
    # RULES.md s.8: the joker completes a full house, so the advisor stands pat on K K Q Q + joker
    # and counts three kings plus the joker as a full house whatever is drawn.
    rules = Rules(joker=True)
    best = advise("Kh Kd Qc Qs Jk", rules).best
    assert best.draw == 0 and dict(best.categories) == {"full house": 1.0}
    assert best.reason.startswith("Stand pat with your full house")
    trips = advise("Kh Kd Kc 8s Jk", rules)
    keep_four = next(r for r in trips.rows if r.discard == parse_cards("8s"))
    assert set(dict(keep_four.categories)) == {"full house", "four of a kind"}
    assert sum(dict(keep_four.categories).values()) == pytest.approx(1.0)
    assert keep_four.reason.startswith("Keep three kings plus the joker, draw 1: 3.6% to make a flush or better")
