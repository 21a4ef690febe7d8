"""The sound bots (stripdeck.sound): reads from public events, saved and restored, and short
seeded arena runs with wide margins against the tricks that bullied the classic hard bot."""

from __future__ import annotations

import copy
import math
import random
import statistics

import pytest
from stripdeck import Rules, apply, bot_for, player_view, run_arena, start_hand
from stripdeck.exploiters import exploiter_for
from stripdeck.sound import Reads, ReadsError, SoundBot

OFFICIAL = Rules.preset("official")


def _finished(actions: list[str], seed: int = 3, players: int = 3) -> object:
    state = start_hand(OFFICIAL, [200] * players, 0, seed=seed)
    for text in actions:
        state, _ = apply(state, text)
    assert state.to_act is None, state.phase
    return state


def test_reads_count_each_opponents_public_actions_and_skip_the_viewer() -> None:
    # seat 1 bets, seat 2 raises, seat 0 folds, seat 1 folds: seat 2 wins uncontested
    state = _finished(["bet", "raise", "fold", "fold"], players=3)
    reads = Reads()
    reads.observe(player_view(state, 0), {0: "me", 1: "Bo", 2: "Cy"})
    assert "me" not in reads.to_dict()
    bo, cy = reads.counts("Bo"), reads.counts("Cy")
    assert (bo.actions, bo.aggressive, bo.faced, bo.folded) == (2, 1, 1, 1)
    assert (cy.actions, cy.aggressive, cy.faced, cy.folded) == (1, 1, 1, 0)
    assert reads.aggression("Cy") > reads.aggression("nobody seen") > 0


def test_reads_see_nothing_hidden() -> None:
    # The same public actions with other cards dealt give the same reads: only public events count.
    seen = []
    for seed in (3, 4, 5):
        reads = Reads()
        reads.observe(player_view(_finished(["bet", "raise", "fold", "fold"], seed=seed), 0), {1: "Bo", 2: "Cy"})
        seen.append(reads.to_dict())
    assert seen[0] == seen[1] == seen[2]


def test_reads_round_trip_and_refuse_corrupt_data_by_name() -> None:
    reads = Reads()
    reads.observe(player_view(_finished(["bet", "raise", "fold", "fold"]), 0), {1: "Bo", 2: "Cy"})
    data = reads.to_dict()
    assert Reads.from_dict(copy.deepcopy(data)).to_dict() == data
    bad_cases = [
        ([1, 2], "must be an object"),
        ({"": [0] * 10}, "short text"),
        ({"Bo": [0] * 9}, "must be 10 counts"),
        ({"Bo": [0] * 9 + [-1]}, "must be 10 counts"),
        ({"Bo": [1, 2] + [0] * 8}, "more of a kind"),
        ({"Bo": [4, 0, 2, 1, 1, 2] + [0] * 4}, "more of a kind"),  # more folds after the draw than faced there
        ({"Bo": [True] + [0] * 9}, "must be 10 counts"),
    ]
    for bad, words in bad_cases:
        with pytest.raises(ReadsError, match=words):
            Reads.from_dict(bad)


def test_a_bot_that_has_seen_a_maniac_calls_its_raise_lighter() -> None:
    bot = SoundBot("hard", seed=1)
    maniac = exploiter_for("maniac-pat", seed=2)
    unread = SoundBot("hard", seed=1)
    run_arena([bot, maniac], hands=200, seed=4, rules=Rules.preset("online"))
    assert bot.reads.aggression("player 2") > 0.8
    # Facing the maniac's pot-size raise with middling hands: the reading bot calls more often.
    calls = {id(bot): 0, id(unread): 0}
    for seed in range(40):
        state = start_hand(Rules.preset("online"), [200, 200, 200], 0, seed=seed)
        state, _ = apply(state, "call")
        maniac_seat = state.to_act
        state, _ = apply(state, f"raise {player_view(state, maniac_seat).legal.max_total}")
        ids = ["other", "other", "other"]
        ids[maniac_seat] = "player 2"
        ids[state.to_act] = "me"
        for b in (bot, unread):
            b.seated(ids)
        view = player_view(state, state.to_act)
        for b in (bot, unread):
            calls[id(b)] += b.decide(view) in ("call", "allin")
    assert calls[id(bot)] > calls[id(unread)]


@pytest.mark.parametrize(("trick", "preset", "size"), [
    ("maniac-pat", "official", 2), ("pat-bluffer", "official", 2), ("stabber", "official", 2),
    ("maniac-pat", "online", 2), ("check-raiser", "official", 3), ("pat-bluffer", "official", 5),
    ("maniac", "online", 5), ("min-raiser", "cardroom", 3),
    ("pat-bluffer", "online", 2), ("min-raiser", "online", 2), ("check-raiser", "online", 2),
])
@pytest.mark.parametrize("level", ["hard", "normal"])
def test_the_tricks_that_bullied_the_classic_bot_lose_to_hard_and_normal(level: str, trick: str, preset: str,
                                                                         size: int) -> None:
    # docs/bots.md: the full gauntlet; here short seeded runs where the margins are wide.
    players = [exploiter_for(trick, seed=5), *(bot_for(level, seed=10 + i) for i in range(size - 1))]
    result = run_arena(players, hands=300, seed=9, rules=Rules.preset(preset))[0]
    assert result.name == trick and result.high < 0, result


def test_normal_plays_the_computed_strategy_heads_up_with_its_mistakes() -> None:
    # docs/bots.md: heads-up `normal` takes its action from the shipped strategy, for its hand's bucket
    # misread by at most its judging error (8 points), now and then by a slip of up to 25 points.
    from stripdeck import apply, player_view, start_hand
    from stripdeck.abstraction import post_bucket
    from stripdeck.evaluator import strength_table
    from stripdeck.solved import _public_key
    from stripdeck.sound import _SOUND
    from stripdeck.strategy_file import load_strategy

    strategy = load_strategy(OFFICIAL)
    assert strategy is not None
    reach = math.ceil(_SOUND["normal"].mistakes.slip_size * 12)
    seen, misread = set(), 0
    for seed in range(12):
        state = start_hand(OFFICIAL, [200, 200], 0, seed=seed)
        for action in ("check", "check", "draw", "draw"):
            state, _ = apply(state, action)
        view = player_view(state, state.to_act)
        rows = strategy.rows[_public_key(view)]
        bucket = post_bucket(strength_table(OFFICIAL)[sum(view.my_hand)] >> 4, OFFICIAL, len(rows))
        own = {i for i, p in enumerate(rows[bucket]) if p > 0}
        near = {i for b in range(max(0, bucket - reach), min(len(rows), bucket + reach + 1))
                for i, p in enumerate(rows[b]) if p > 0}
        for bot_seed in range(20):
            action = bot_for("normal", seed=bot_seed).decide(view)
            index = strategy.nodes[_public_key(view)].actions.index({"check": "k", "bet": "b"}[action.split()[0]])
            assert index in near, (seed, action)
            misread += index not in own
            seen.add(index)
    assert len(seen) == 2 and misread > 0


def test_normals_mistakes_lean_neither_way() -> None:
    # A judgement is off by up to the noise, a slip now and then by up to its size: up as often as down.
    from stripdeck.solved import Mistakes

    mistakes = Mistakes(noise=0.08, slip=0.25, slip_size=0.25)
    rng = random.Random(1)
    errors = [mistakes.error(rng) for _ in range(20000)]
    assert abs(statistics.fmean(errors)) < 0.005
    assert max(errors) <= 0.25 and min(errors) >= -0.25
    big = sum(abs(e) > 0.08 for e in errors) / len(errors)
    assert 0.25 * (1 - 0.08 / 0.25) - 0.02 < big < 0.25 * (1 - 0.08 / 0.25) + 0.02
    assert Mistakes().error(rng) == 0.0


def test_a_draw_slip_only_trades_a_count_for_a_close_one() -> None:
    # normal's draw slip: the count the strategy chose, or the count whose mean strength is nearest it
    # within the margin; never a count far worse.
    from stripdeck.abstraction import hand_profile
    from stripdeck.cards import parse_cards
    from stripdeck.solved import Mistakes, SolvedPlayer

    def count(action: str) -> int:
        return len(parse_cards(action[5:])) if action != "draw" else 0

    slipping = Mistakes(draw_slip=1.0, draw_margin=0.06)
    changed = 0
    for seed in range(40):
        state = start_hand(OFFICIAL, [200, 200], 0, seed=seed)
        for action in ("check", "check"):
            state, _ = apply(state, action)
        view = player_view(state, state.to_act)
        means = hand_profile(view.my_hand, OFFICIAL, 12).means
        chosen = count(SolvedPlayer(seed=seed).decide(view))
        slipped = count(SolvedPlayer(seed=seed, mistakes=slipping).decide(view))
        if slipped != chosen:
            changed += 1
            assert abs(means[slipped] - means[chosen]) <= 0.06 + 1e-9, (seed, means, chosen, slipped)
        else:
            assert all(abs(means[c] - means[chosen]) > 0.06 for c in range(len(means)) if c != chosen)
    assert changed > 0


def test_the_levels_are_in_order_heads_up() -> None:
    # docs/bots.md ("The levels", the arena tables): normal beats easy by about 11 bb/100 in fixed limit,
    # an interval well above zero even over 1,000 hands; hard beats normal by about 3 bb/100, which needs
    # 6,000 hands or more for the interval to clear zero, so over 3,000 hands only its sign is checked
    # (about 2.5 standard errors above zero).
    normal_easy = run_arena(["normal", "easy"], hands=1000, seed=1, rules=OFFICIAL)[0]
    assert normal_easy.low > 0, normal_easy
    hard_normal = run_arena(["hard", "normal"], hands=3000, seed=1, rules=OFFICIAL)[0]
    assert hard_normal.bb_per_100 > 0, hard_normal


def test_easys_rare_folds_are_a_leak_the_reads_switch_on_and_normal_reads_slower() -> None:
    # docs/bots.md: heads-up the strategy gives way to the principles against a player who folds to
    # under 20% of bets (easy: 47 of 245 here, read as 19.9% with the prior); normal needs twice hard's evidence.
    from stripdeck.sound import _SOUND

    hard, normal = SoundBot("hard", seed=1), SoundBot("normal", seed=1)
    run_arena([hard, "easy"], hands=400, seed=3, rules=OFFICIAL)
    assert hard.reads.fold_rate("player 2") < 0.2 and hard._leaks("player 2")
    assert _SOUND["normal"].pace == 2 * _SOUND["hard"].pace
    normal.reads = Reads.from_dict({"player 2": [50, 5, 25, 1, 0, 0, 0, 0, 0, 0]})
    hard.reads = Reads.from_dict({"player 2": [50, 5, 25, 1, 0, 0, 0, 0, 0, 0]})
    assert hard._leaks("player 2") and not normal._leaks("player 2")


def test_easy_does_not_fold_to_every_bet() -> None:
    result = run_arena([exploiter_for("stabber", seed=5), "easy"], hands=300, seed=9, rules=OFFICIAL)[0]
    assert result.high < 0, result


def test_classic_is_the_hard_bot_of_before_and_levels_are_checked() -> None:
    assert type(bot_for("classic")).__name__ == "Bot" and isinstance(bot_for("hard"), SoundBot)
    with pytest.raises(ValueError, match="unknown bot level 'wizard'"):
        bot_for("wizard")
    with pytest.raises(ValueError, match="unknown bot level"):
        SoundBot("classic")


def test_a_shove_from_a_player_shown_never_to_bluff_is_folded_to_more() -> None:
    # docs/bots.md, "The gauntlet in no limit": the nit shoves 100 big blinds after the draw with a
    # straight or better only. Its reads (few bets, folds to nearly every bet), once it has shown
    # twenty such bets and no bluff, let the bot fold its big bet more than with no showdown seen.
    rules = Rules.preset("online").with_options(structure="no-limit")
    nit = [2000, 140, 550, 530, 280, 270, 650, 3]
    shown = SoundBot("hard", seed=1)
    shown.reads = Reads.from_dict({"nit": [*nit, 20, 0]})
    unseen = SoundBot("hard", seed=1)
    unseen.reads = Reads.from_dict({"nit": [*nit, 0, 0]})
    calls = {id(shown): 0, id(unseen): 0}
    for seed in range(120):
        state = start_hand(rules, [200, 200], 0, seed=seed)
        me = state.to_act  # the button calls the big blind, the big blind checks, both draw a card
        for text in ("call", "check"):
            state, _ = apply(state, text)
        while state.phase == "draw":
            state, _ = apply(state, f"draw {player_view(state, state.to_act).my_hand[0]}")
        if state.to_act == me:
            state, _ = apply(state, "check")
        state, _ = apply(state, "allin")
        ids = ["nit", "nit"]
        ids[me] = "me"
        for bot in (shown, unseen):
            bot.seated(ids)
            calls[id(bot)] += bot.decide(player_view(state, me), random.Random(seed)) in ("call", "allin")
    assert calls[id(shown)] * 3 < calls[id(unseen)], calls


def test_a_bet_shown_to_be_value_is_raised_as_a_bluff_less_often() -> None:
    # docs/bots.md, "Where hard lost at three to five seats": a raise as a bluff wins only when the bet
    # folds, so against a bettor whose twenty bets shown after the draw held no bluff the bot raises
    # its weak hands far less often than against one it has not seen show down (value raises alike).
    rules = Rules.preset("online")
    habits = [300, 60, 100, 40, 50, 20, 100, 3]  # an ordinary player: 20% aggression, folds 40% to a bet
    shown = SoundBot("hard", seed=1)
    shown.reads = Reads.from_dict({"bettor": [*habits, 20, 0], "other": [*habits, 0, 0]})
    unseen = SoundBot("hard", seed=1)
    unseen.reads = Reads.from_dict({"bettor": [*habits, 0, 0], "other": [*habits, 0, 0]})
    raises = {id(shown): 0, id(unseen): 0}
    for seed in range(800):
        state = start_hand(rules, [200, 200, 200], 0, seed=seed)
        for text in ("fold", "call", "check"):  # the button folds, the small blind completes, the big blind checks
            state, _ = apply(state, text)
        while state.phase == "draw":
            state, _ = apply(state, f"draw {player_view(state, state.to_act).my_hand[0]}")
        state, _ = apply(state, "bet 4")  # the small blind bets the pot into the big blind
        me = state.to_act
        for bot in (shown, unseen):
            bot.seated(["other", "bettor", "me"])
            raises[id(bot)] += player_view(state, me).legal is not None and \
                bot.decide(player_view(state, me), random.Random(seed)).startswith("raise")
    assert raises[id(shown)] * 3 < raises[id(unseen)] * 2, raises


def test_hard_bets_into_two_folders_only_a_hand_above_its_fair_share_and_normal_bets_thinner() -> None:
    # docs/bots.md ("More than two players"): checked to with two or more opponents in the hand, hard's
    # value bet needs a chance above the fair share of the pot (1.2 / players in), by up to 10 points as
    # far as those opponents are read to fold to bets more than an ordinary player (then only the best of
    # their hands call); normal bets from the fair share. A hand 2-7 points above it after the draw:
    # a fresh hard bets it, a hard that has read two folders checks it, normal mostly bets it.
    from stripdeck.sound import _SOUND, _Facts
    from stripdeck.state import BET2

    drawer = SoundBot("hard", seed=1)
    state = start_hand(OFFICIAL, [200] * 3, 0, seed=106)
    while state.phase != BET2:
        view = player_view(state, state.to_act)
        kinds = view.legal.kinds
        state, _ = apply(state, "call" if "call" in kinds else "check" if "check" in kinds else drawer.decide(view))
    view = player_view(state, state.to_act)
    facts = _Facts(view)
    assert len(facts.opponents) == 2 and view.legal.call_amount == 0 and not facts.in_position
    margin = drawer._equity(view, facts) - 1.2 / 3
    assert 0.02 < margin < 0.07 and _SOUND["hard"].multiway_bar == 0.10, margin

    def read_two_folders(level: str) -> SoundBot:
        bot = SoundBot(level, seed=1)
        run_arena([bot, "normal", "normal"], hands=600, seed=3, rules=OFFICIAL)  # normal folds to most bets
        bot.seated(["player 2", "player 1", "player 3"])  # this hand: the bot in seat 1, the normals around it
        assert min(bot.reads.fold_rate(who) for who in ("player 2", "player 3")) > 0.7
        return bot

    def actions(bot: SoundBot) -> list[str]:
        return [bot.decide(view, random.Random(i)) for i in range(400)]

    assert set(actions(SoundBot("hard", seed=1))) == {"bet"}
    assert set(actions(read_two_folders("hard"))) == {"check"}
    assert actions(read_two_folders("normal")).count("bet") > 200
