"""The choice of the fourth card (RULES.md s.5) in the odds, the advisor, the bots and the command line:
a four-card draw is worth more with it, and each player takes the card more likely to win."""

from __future__ import annotations

import io
import random
from math import comb

import pytest
from engine_helpers import check_invariants, play, start
from stripdeck import CardError, Rules, Session, bot_for, full_deck, parse_card, parse_cards, player_view
from stripdeck.__main__ import build_parser, run_play
from stripdeck.advisor import advise, advise_choice, format_choice_advice
from stripdeck.bots import choose_card
from stripdeck.exploiters import exploiter_for
from stripdeck.odds import _enumerate_all, choice_odds, draw_outcomes, opponent_model, take_face_up

BOSNIAN = Rules.preset("bosnian")
OFFICIAL = Rules.preset("official")


def unseen_of(*held: str) -> list:
    gone = set().union(*(parse_cards(h) for h in held))
    return [c for c in full_deck() if c not in gone]


# ----------------------------------------------------------------------------- exact odds


@pytest.mark.parametrize("hand, dead", [("Ah Kd 9c 8s 7h", ""), ("Qh 7h 9c 8s Kd", ""), ("Js Ts 9s Ad Ac", "7s 8s"),
                                        ("7c 7d Kh Qh 9s", "Ks Kd Jc")])
def test_the_fast_count_of_a_choice_draw_is_exactly_every_card_looked_up(hand: str, dead: str) -> None:
    cards = parse_cards(hand)
    unseen = unseen_of(hand, dead)
    below = opponent_model(BOSNIAN).below
    fours = [tuple(c for c in cards if c != keep) for keep in cards[:2]]  # the first two kept (the plain way is slow)
    fast = draw_outcomes(cards, unseen, 4, BOSNIAN, fours)
    plain = _enumerate_all(cards, unseen, 4, BOSNIAN, fours, below)
    for a, b in zip(fast, plain):
        assert a.counts == b.counts and a.total == b.total
        m = len(unseen) - 3  # three face down, then every face-up card and every face-down card beside it
        assert a.total == comb(len(unseen), 3) * m * (m - 1) == sum(a.counts.values())


def test_a_four_card_draw_is_worth_more_with_the_choice() -> None:
    cards = parse_cards("Ah Kd 9c 8s 7h")
    four = (tuple(cards[1:]),)
    below = opponent_model(BOSNIAN).below
    with_choice = draw_outcomes(cards, unseen_of("Ah Kd 9c 8s 7h"), 4, BOSNIAN, four)[0].score(below)
    without = draw_outcomes(cards, unseen_of("Ah Kd 9c 8s 7h"), 4, OFFICIAL, four)[0].score(below)
    assert with_choice > without + 0.05
    # Fewer than four cards: the same odds either way.
    three = (tuple(cards[2:]),)
    assert draw_outcomes(cards, unseen_of("Ah Kd 9c 8s 7h"), 4, BOSNIAN, three)[0].counts == \
        draw_outcomes(cards, unseen_of("Ah Kd 9c 8s 7h"), 4, OFFICIAL, three)[0].counts


def test_the_advisor_values_the_four_card_draw_with_the_choice() -> None:
    plain, bosnian = advise("Ah Kd 9c 8s 7h", OFFICIAL), advise("Ah Kd 9c 8s 7h", BOSNIAN)
    keep_ace = [r for r in bosnian.rows if r.keep == parse_cards("Ah")][0]
    assert keep_ace.win > [r for r in plain.rows if r.keep == parse_cards("Ah")][0].win + 0.05
    assert bosnian.best == keep_ace  # the ace and a choice beat keeping the ace and king here
    assert plain.best.keep == parse_cards("Ah Kd")


def test_choice_odds_count_every_face_down_card_the_player_has_not_seen() -> None:
    four, up = parse_cards("Ah Kd 9c 8s"), parse_card("Kc")
    odds = choice_odds(four, up, unseen_of("Ah Kd 9c 8s Kc"), BOSNIAN)
    assert sum(odds.down_levels.values()) == 32 - 5
    assert odds.take_up  # a pair of kings for sure beats a random fifth card


def test_the_simple_strategy_takes_the_face_up_card_when_it_improves_the_hand() -> None:
    assert take_face_up(parse_cards("Ah Kd 9c 8s"), parse_card("9h"), BOSNIAN)          # a pair
    assert not take_face_up(parse_cards("Ah Kd 9c 8s"), parse_card("Qh"), BOSNIAN)      # still high card
    assert take_face_up(parse_cards("Kh Kd 9c 8s"), parse_card("9h"), BOSNIAN)          # two pairs
    assert not take_face_up(parse_cards("Kh Kd 9c 8s"), parse_card("7h"), BOSNIAN)      # still one pair
    assert take_face_up(parse_cards("Ah Kh Qh Jh"), parse_card("Th"), BOSNIAN)          # a royal flush


# ----------------------------------------------------------------------------- the advisor at the choice


def test_the_advisor_at_the_choice_takes_the_card_more_likely_to_win() -> None:
    pair = advise_choice("Ah Kd 9c 8s", "Kc", BOSNIAN)
    assert pair.best.action == "take up" and pair.best.win > pair.rows[1].win
    assert dict(pair.best.categories) == {"one pair": 1.0}
    assert pair.best.reason == "Take the face-up card: it makes a pair; wins 42% against a typical opponent."
    nothing = advise_choice("Ah Kd 9c 8s", "Qc", BOSNIAN, dead="7h 7c Th Jh")
    assert nothing.best.action == "take down" and 0 < nothing.best.better < 1
    assert nothing.best.reason.startswith("Take the face-down card: 52.2% to end with a better hand")
    assert abs(sum(p for _, p in nothing.best.categories) - 1) < 1e-9
    text = format_choice_advice(nothing)
    assert text.splitlines()[0] == "Hand Ah Kd 9c 8s, face-up card Qc; win = chance to beat 1 typical opponent"
    assert "take down" in text.splitlines()[1]
    assert advise_choice("Ah Kd 9c 8s", "Qc", BOSNIAN, opponents=3).best.win < nothing.best.win


@pytest.mark.parametrize("cards, up, dead", [("Ah Kd 9c", "Qc", ""), ("Ah Kd 9c 8s 7h", "Qc", ""),
                                             ("Ah Kd 9c 8s", "Qc Jc", ""), ("Ah Kd 9c 8s", "Ah", ""),
                                             ("Ah Kd 9c 8s", "Qc", "Qc")])
def test_the_advisor_at_the_choice_refuses_what_cannot_be(cards: str, up: str, dead: str) -> None:
    with pytest.raises(CardError):
        advise_choice(cards, up, BOSNIAN, dead=dead)


# ----------------------------------------------------------------------------- the bots

HANDS = ["Ah Ad Kh Kd 7c", "Qh 9d 8c 7s Jh", "Th Td 9h 9c 7d"]


@pytest.mark.parametrize("stub, expected", [("8s 8h Ts Js Ac", "take up"),   # Js pairs the jack
                                            ("8s 7h Ts Qs Ac", "take down")])  # Qs makes nothing
def test_every_bot_level_takes_a_card_that_makes_sense(stub: str, expected: str) -> None:
    s = start(BOSNIAN, [100] * 3, button=0, hands=HANDS, stub=stub)
    s, _ = play(s, "1: check", "2: check", "0: check", "1: draw Qh 9d 8c 7s")
    view = player_view(s, 1)
    for level in ("easy", "normal", "hard", "classic", "station"):
        assert bot_for(level, seed=1).decide(view) == expected, level
    assert bot_for("random", seed=1).decide(view) in ("take up", "take down")
    assert exploiter_for("maniac", seed=1).decide(view) == expected
    assert choose_card(view, exact=True) == choose_card(view, exact=False) == expected


def test_the_exact_choice_leaves_out_the_bots_own_discards() -> None:
    # Holding Jh 8s 8h Ts with Qs face up: the bot threw Qh 9d 8c 7s, which cannot come back to it.
    s = start(BOSNIAN, [100] * 3, button=0, hands=HANDS, stub="8s 8h Ts Qs Ac")
    s, _ = play(s, "1: check", "2: check", "0: check", "1: draw Qh 9d 8c 7s")
    view = player_view(s, 1)
    seen = parse_cards("Jh 8s 8h Ts Qs Qh 9d 8c 7s")
    odds = choice_odds(view.my_hand, parse_card("Qs"), [c for c in full_deck() if c not in seen], BOSNIAN)
    assert sum(odds.down_levels.values()) == 32 - 9


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "classic", "random", "station"])
def test_bots_play_whole_bosnian_hands(level: str) -> None:
    # normal draws by the rule of thumb at three or more seats, which keeps two high cards and so
    # never draws four (docs/bots.md): it meets the fourth card's choice heads-up, where it draws exactly
    players = [("A", 200), ("B", 200)] if level == "normal" else [("A", 200), ("B", 200), ("C", 200)]
    session = Session.new(BOSNIAN, players, seed=11)
    bots = [bot_for(level, seed=i) for i in range(len(players))]
    choices = 0
    for _hand in range(12):
        if sum(1 for p in session.seats if p and p.stack > 0) < 2:
            break
        session = session.next_hand()
        while session.in_hand:
            seat = session.to_act_table_seat
            assert seat is not None
            view = session.view(seat)
            action = bots[seat].decide(view)
            choices += action.startswith("take")
            session, _ = session.act(action)
        assert session.hand is not None
        check_invariants(session.hand)
    if level in ("normal", "hard", "classic", "random"):
        assert choices > 0  # the exact bots draw four when the choice makes it pay


# ----------------------------------------------------------------------------- the command line


def test_the_command_line_plays_the_choice_of_the_fourth_card() -> None:
    out = io.StringIO()
    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        if "take up" in prompt:
            return "take down"
        if "draw (" in prompt:
            cards = [line for line in out.getvalue().splitlines() if line.startswith("Your cards:")][-1]
            return "draw " + " ".join(cards.split(":")[1].split()[:4])
        return "check" if "check" in prompt else "call" if "call" in prompt else "fold"

    args = build_parser().parse_args(["play", "--preset", "bosnian", "--seed", "3", "--hands", "3",
                                      "--opponents", "1"])
    args.input = answer
    assert run_play(args, out) == 0
    text = out.getvalue()
    assert "Face-up card:" in text and "Type 'take up' for it, or 'take down'" in text
    assert "Your fourth card:" in text and "You take the face-down card:" in text
    assert any(p.startswith("Your action (take up, take down)") for p in asked)


def test_the_command_line_advises_at_the_choice() -> None:
    from stripdeck.__main__ import main
    out = io.StringIO()
    assert main(["advise", "Ah Kd 9c 8s", "--up", "Kc", "--preset", "bosnian"], out, {"LANGUAGE": "en"}) == 0
    assert out.getvalue().splitlines()[1].split()[:3] == ["1", "take", "up"]


def test_a_random_bot_at_the_choice_picks_either_card() -> None:
    s = start(BOSNIAN, [100] * 3, button=0, hands=HANDS, stub="8s 8h Ts Js Ac")
    s, _ = play(s, "1: check", "2: check", "0: check", "1: draw Qh 9d 8c 7s")
    picks = {bot_for("random", seed=n).decide(player_view(s, 1), random.Random(n)) for n in range(20)}
    assert picks == {"take up", "take down"}
