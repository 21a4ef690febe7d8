"""The engine's sentences in every language (docs/i18n.md): card and hand names, why one hand
beats another, the narration of every event, the advisor's reasons, the errors a person can
meet, and the command line, each said in the pseudo-language ``qps`` with no word left outside
its [brackets]; a real-looking catalogue (Italian) says a sentence the language's way; and the
engine's hot path translates nothing."""

from __future__ import annotations

import gettext
import io
import itertools
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import stripdeck
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from pseudo_support import pseudo_language, stray_words
from stripdeck import (
    DECK,
    JOKER,
    Event,
    Rules,
    Session,
    advise,
    apply,
    card_name,
    describe_event,
    describe_log,
    evaluate,
    explain,
    format_advice,
    i18n,
    legal_actions,
    start_hand,
    words,
)
from stripdeck import __main__ as command_line
from stripdeck.cards import Rank
from stripdeck.hand_value import CATEGORY_NAMES
from stripdeck.narrate import hand_words
from stripdeck.words import CATEGORY_KEYS, category_name, hand_from_english, phase_name, suit_name

from tools import l10n

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ann", "Bo", "Cy"]
_CARD_TEXT = re.compile(r"(?<![\w])(?:10|[2-9TJQKA])[hdcs♥♦♣♠](?![\w])|(?<![\w])Jk(?![\w])")


def strays(text: str, allowed: tuple[str, ...] = tuple(NAMES)) -> list[str]:
    """Words outside brackets, card text (``Ah``, ``10c``, ``Jk``) allowed besides names."""
    return stray_words(_CARD_TEXT.sub(" ", text), allowed)


class Recording(gettext.NullTranslations):
    """A catalogue that answers like another and remembers which sentences were asked for."""

    def __init__(self, inner: gettext.NullTranslations) -> None:
        super().__init__()
        self.inner = inner
        self.asked: set[tuple[str | None, str]] = set()

    def gettext(self, message: str) -> str:
        self.asked.add((None, message))
        return self.inner.gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add((None, msgid1))
        return self.inner.ngettext(msgid1, msgid2, n)

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add((context, message))
        return self.inner.pgettext(context, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add((context, msgid1))
        return self.inner.npgettext(context, msgid1, msgid2, n)


@pytest.fixture(scope="module")
def qps() -> i18n.Language:
    return pseudo_language()


@pytest.fixture(scope="module")
def template() -> Catalog:
    with l10n.TEMPLATE.open("rb") as f:
        return read_po(f)


def sentences_of(template: Catalog, module: str) -> set[tuple[str | None, str]]:
    """The template's sentences written in ``core/stripdeck/<module>``."""
    out = set()
    for message in template:
        if message.id and any(path == f"core/stripdeck/{module}" for path, _line in message.locations):
            out.add((message.context, message.id[0] if message.pluralizable else message.id))
    return out


def recorded(qps: i18n.Language) -> i18n.Language:
    return i18n.Language(i18n.PSEUDO, Recording(qps.translations))


def asked(language: i18n.Language) -> set[tuple[str | None, str]]:
    translations = language.translations
    assert isinstance(translations, Recording)
    return translations.asked


# ----------------------------------------------------------------------------- cards and hands

def test_card_names_in_english_bare_and_with_their_article() -> None:
    assert [card_name(c) for c in DECK[:5]] == ["seven of hearts", "seven of diamonds", "seven of clubs",
                                               "seven of spades", "eight of hearts"]
    assert card_name(DECK[-1], article=True) == "the ace of spades"
    assert (card_name(JOKER), card_name(JOKER, article=True)) == ("joker", "the joker")
    assert all(card_name(c) == c.name.lower() for c in DECK)  # Card.name stays the English it was


def test_every_card_rank_suit_category_and_phase_comes_from_the_catalogue(qps: i18n.Language) -> None:
    with i18n.using(qps):
        said = [card_name(c, article=a) for c in (*DECK, JOKER) for a in (False, True)]
        said += [stripdeck.words.rank_name(r, article=a) for r in stripdeck.Rank for a in (False, True)]
        said += [stripdeck.words.rank_plural(r) for r in stripdeck.Rank]
        said += [stripdeck.words.rank_high(r) for r in stripdeck.Rank]
        said += [suit_name(s) for s in "hdcs"] + [category_name(c) for c in CATEGORY_KEYS]
        said += [phase_name(p) for p in stripdeck.state.PHASES]
    assert len(set(said)) == len(said)  # no two the same: each its own message
    for text in said:
        assert text.startswith("[") and text.endswith("]") and not strays(text), text


def distinct_values(rules: Rules) -> list[stripdeck.HandValue]:
    """Every value a hand can have under ``rules`` (the evaluator's table shares each one)."""
    evaluate(DECK[:5], rules)  # the table is built
    return list({id(v): v for v in stripdeck.evaluator._table(rules) if v is not None}.values())


RULE_SETS = [Rules(), Rules(suit_ties="combination"), Rules(suit_ties="split"), Rules(joker=True),
             Rules(flush_beats_full_house=False, suit_order="shdc")]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.suit_ties}-{r.joker}-{r.suit_order}")
def test_every_hand_name_is_read_back_and_said_in_the_pseudo_language(rules: Rules, qps: i18n.Language) -> None:
    values = distinct_values(rules)
    categories = {v.category for v in values}
    assert categories == set(CATEGORY_NAMES) - ({"five aces"} if not rules.joker else set())
    for value in values:
        found = hand_from_english(value.english)  # what narration reads back from the log
        assert found is not None, value.english
        category, ranks, card = found
        assert (category, card) == (value.category, value.deciding_card)
        assert ranks == value.ranks[:len(ranks)] and (ranks or category == "five aces")
        with i18n.using(qps):
            for text in (str(value), hand_words(value.english), hand_words(value.english, in_sentence=True)):
                assert text.startswith("[") and not strays(text), text
        assert str(value) == value.english


def test_a_hand_value_says_its_name_in_the_language_in_use_and_logs_it_in_english(qps: i18n.Language) -> None:
    value = evaluate("Kh Kd 9c 9s Ah")
    with i18n.using(qps):
        assert str(value).startswith("[Twö påïrs, [kïñgs") and value.english.startswith("Two pairs, kings")
        state = stripdeck.scenario.play_scenario({"stacks": [20, 20], "button": 0, "seed": 3,
                                                  "deck": "Kh Kd 9c 9s Ah 7c 7d 8h Js Qd",
                                                  "actions": ["call", "check", "draw", "draw", "check", "check"]})
    shown = [e.info for e in state.log if e.kind in ("show", "win")]
    assert shown and all(info and "[" not in info for info in shown), shown  # the log is data: English


# ----------------------------------------------------------------------------- explain

def category_pairs() -> Iterator[tuple[tuple[stripdeck.Card, ...], tuple[stripdeck.Card, ...], Rules]]:
    """A pair of hands for every two categories (both ways round), under both orders of the flush
    and the full house, with the joker's five aces; and pairs of one category, for every rank that
    can decide between them."""
    rng = random.Random(11)
    by_category: dict[str, list[tuple[stripdeck.Card, ...]]] = {}
    for hand in itertools.combinations(stripdeck.full_deck(True), 5):
        by_category.setdefault(evaluate(hand, Rules(joker=True)).category, []).append(hand)
    for rules in (Rules(joker=True), Rules(joker=True, flush_beats_full_house=False)):
        for first, second in itertools.permutations(by_category, 2):
            for _n in range(50):
                a, b = rng.choice(by_category[first]), rng.choice(by_category[second])
                if not set(a) & set(b):
                    yield a, b, rules
                    break
        if rules.flush_beats_full_house:  # the same category: every rank that can decide
            for hands in by_category.values():
                pairs = itertools.combinations(hands, 2) if len(hands) <= 300 else (
                    (rng.choice(hands), rng.choice(hands)) for _n in range(1500))
                for a, b in pairs:
                    if not set(a) & set(b):
                        yield a, b, rules


def explained_pairs() -> Iterator[tuple[tuple[stripdeck.Card, ...], tuple[stripdeck.Card, ...], Rules]]:
    """Hand pairs for every case of explain(): every two categories, random pairs under several
    rules, and pairs of equal ranks (suits decide, or the pot is split), with and without the joker."""
    yield from category_pairs()
    rng = random.Random(17)
    for rules in [*RULE_SETS, Rules(joker=True, suit_ties="split")]:
        deck = list(stripdeck.full_deck(rules.joker))
        for _n in range(500):
            cards = rng.sample(deck, 10)
            yield tuple(cards[:5]), tuple(cards[5:]), rules
        by_rank = [DECK[i:i + 4] for i in range(0, 32, 4)]
        for _n in range(800):  # equal ranks: one card of each chosen rank in each hand
            ranks = rng.sample(range(8), 5)
            suits = [rng.sample(range(4), 2) for _r in ranks]
            yield (tuple(by_rank[r][s[0]] for r, s in zip(ranks, suits)),
                   tuple(by_rank[r][s[1]] for r, s in zip(ranks, suits)), rules)
        for _n in range(300):  # equal pairs (or two pairs): the pairs and kickers of the same ranks
            pair, *kickers = rng.sample(range(8), 4)
            a = [by_rank[pair][0], by_rank[pair][1]] + [by_rank[k][rng.randrange(4)] for k in kickers]
            b = [by_rank[pair][2], by_rank[pair][3]] + [next(c for c in by_rank[k] if c not in a) for k in kickers]
            yield tuple(a), tuple(b), rules
            low, side = kickers[0], kickers[1]
            yield ((by_rank[pair][0], by_rank[pair][1], by_rank[low][0], by_rank[low][1], by_rank[side][0]),
                   (by_rank[pair][2], by_rank[pair][3], by_rank[low][2], by_rank[low][3], by_rank[side][1]), rules)
    for ranks in ([0, 2, 3, 5, 7], [1, 2, 4, 5, 6]):  # equal flushes
        for rules in (Rules(), Rules(suit_ties="split")):
            yield tuple(DECK[r * 4] for r in ranks), tuple(DECK[r * 4 + 1] for r in ranks), rules
    straights = [[7, 0, 1, 2, 3]] + [[start + k for k in range(5)] for start in range(4)]  # A-7-8-9-10 first
    for ranks in straights:  # equal straights and straight flushes of every height
        for rules in (Rules(), Rules(suit_ties="split")):
            yield (tuple(DECK[r * 4] for r in ranks), tuple(DECK[r * 4 + 1] for r in ranks), rules)
            yield (tuple(DECK[r * 4 + (k % 2)] for k, r in enumerate(ranks)),
                   tuple(DECK[r * 4 + 2 + (k % 2)] for k, r in enumerate(ranks)), rules)


# Sentences no pair of hands from one deck can reach: equal hands of a category that ranks alone
# settle (four of a kind, three of a kind and full houses never tie; there is one five aces).
UNREACHABLE_EXPLAIN = {
    (None, "equal hands of {category}: suits do not decide, so the pot is split"),
    (None, "equal hands of {category}: {card} decides"),
    (None, "equal threes: the pair decides, {higher} beat {lower}"),  # one joker: never two equal threes
}


def test_every_reason_why_one_hand_beats_another_is_said_in_the_pseudo_language(
        qps: i18n.Language, template: Catalog) -> None:
    language = recorded(qps)
    count = 0
    with i18n.using(language):
        for a, b, rules in explained_pairs():
            if set(a) & set(b):
                continue
            comparison = explain(a, b, rules)
            for text in (comparison.headline, comparison.reason, comparison.rule_note, str(comparison.value_a)):
                assert not strays(text, ("A", "B")), (a, b, text)
            assert comparison.headline.startswith("[")
            count += 1
        for bad in ("Ah Kh", "Ah Kh Qh Jh 6h", "", "Ah Kh Qh Jh Zz"):
            with pytest.raises(stripdeck.CardError) as err:
                explain(bad, "7s 8s 9s Ts Js")
            assert not strays(str(err.value)), str(err.value)
        with pytest.raises(stripdeck.CardError) as err:
            explain("Ah Kh Qh Jh 9h", "Ah Kh 9s Ts Js")
        assert not strays(str(err.value)), str(err.value)
    assert count > 15000
    missing = sentences_of(template, "explain.py") - asked(language) - UNREACHABLE_EXPLAIN
    assert not missing, sorted(missing, key=str)


def test_explain_in_english_is_as_it_was() -> None:
    result = explain("Jk Kh Qh 9h 8h", "Ad Kd Qd 9d 8d", Rules(joker=True))
    assert result.headline == ("Hand B wins: equal flushes, ace high, all five ranks the same: the ace of "
                               "diamonds decides.")
    assert result.rule_note == ("the flush's suit counts; suit order hearts > diamonds > clubs > spades; it beats "
                                "the joker; in hand A the joker completes the flush as the ace of hearts")
    assert explain("Ah 7d 8c 9s Th", "Jh Td 9c 8s 7h").reason == (
        "a straight, jack high, beats one ten high (A-7-8-9-10: the ace plays low)")


# ----------------------------------------------------------------------------- narration

def every_event() -> list[Event]:
    """One event of every kind, and the variants of each that have their own sentence."""
    cards = stripdeck.parse_cards("7c Kh Jk", joker=True)
    five = stripdeck.parse_cards("Ah Kd Qc Js 9h")
    win_hand = evaluate("Kh Kd 9c 9s Ah").english
    out = [Event("start", 0, info="3 players"), Event("ante", 1, 1), Event("small_blind", 1, 1),
           Event("small_blind", 1, 0), Event("big_blind", 2, 2), Event("big_blind", 2, 0),
           Event("deal", 0, 5, five), Event("deal", 1, 5), Event("fold", 2), Event("check", 0), Event("call", 1, 4),
           Event("bet", 0, 4), Event("raise", 1, 1200), Event("allin", 2, 30), Event("timeout", 0),
           Event("split", 1), Event("decline", 0), Event("discard", 0, 0), Event("discard", 1, 1, cards[:1]),
           Event("discard", 1, 3, cards), Event("discard", 2, 2), Event("receive", 0, cards=cards),
           Event("receive", 1), Event("reshuffle", amount=6), Event("reshuffle", amount=1), Event("return", 0, 1),
           Event("return", 1, 12), Event("show", 0, cards=five, info=evaluate(five).english),
           Event("show", 1, cards=stripdeck.parse_cards("Kh Kd 9c 9s Ah"), info=win_hand), Event("muck", 2),
           Event("divide", None, 40, pot=0, info="0 1"), Event("divide", None, 30, pot=1, info="0 1 2"),
           Event("win", 0, 20, pot=0, info="uncontested"), Event("win", 1, 20, pot=0, info="split"),
           Event("win", 1, 15, pot=1, info="split"), Event("win", 1, 40, pot=0, info=win_hand),
           Event("win", 2, 10, pot=2, info=win_hand), Event("end"), Event("fold", None),
           Event("face_up", 1, 1, cards[:1]), Event("take_up", 1, 1, cards[:1]), Event("take_down", 1, 1, cards[1:2]),
           Event("take_down", 2, 1)]
    out += [Event("round", info=phase) for phase in stripdeck.state.PHASES[:3]]
    assert {e.kind for e in out} == set(stripdeck.actions.EVENT_KINDS)
    return out


def test_every_event_is_told_in_the_pseudo_language_to_the_player_and_to_the_others(
        qps: i18n.Language, template: Catalog) -> None:
    language = recorded(qps)
    with i18n.using(language):
        for event in every_event():
            for you in (None, 0, 1, 2):
                for card_names in (False, True):
                    for names in (NAMES, None):
                        line = describe_event(event, names, card_names=card_names, you=you)
                        if line is None:
                            assert event.kind in ("end", "deal", "receive") and not event.cards
                            continue
                        assert line.startswith("[") and not strays(line), (event, you, line)
        for seed in range(25):  # whole hands, as the page narrates them
            session = Session.new(Rules(joker=seed % 2 == 1), list(zip(NAMES, (40, 60, 25))), seed=seed).next_hand()
            bot = stripdeck.bot_for("random", seed=seed)
            while session.in_hand:
                session, _events = session.act(bot.decide(session.view(session.to_act_table_seat)))
            assert session.hand is not None
            for line in describe_log(session.hand.log, NAMES, card_names=True, you=seed % 3):
                assert not strays(line), line
    missing = sentences_of(template, "narrate.py") - asked(language)
    assert not missing, sorted(missing, key=str)


def test_the_reader_is_told_their_own_actions_in_their_own_sentences() -> None:
    raise_event = Event("raise", 1, 12)
    assert describe_event(raise_event, NAMES) == "Bo raises to 12."
    assert describe_event(raise_event, NAMES, you=1) == "You raise to 12."
    assert describe_event(raise_event, NAMES, you=0) == "Bo raises to 12."
    assert describe_event(Event("discard", 1, 2, stripdeck.parse_cards("7c 8d")), NAMES, you=1) == \
        "You draw 2 cards (discard 7c 8d)."
    assert describe_event(Event("return", 1, 1), NAMES, you=1) == "1 uncalled chip goes back to you."
    assert describe_event(Event("divide", None, 40, pot=0, info="2 0"), NAMES, you=0) == \
        "The main pot (40) is split between Cy and you."
    assert describe_event(Event("divide", None, 30, pot=1, info="0 1 2"), NAMES) == \
        "Side pot 1 (30) is split between Ann, Bo, and Cy."
    hand = evaluate("Ah Jh 9h 8h 7h").english
    assert describe_event(Event("win", 0, 40, pot=0, info=hand), NAMES, you=0) == \
        "You win 40 from the main pot with a flush, ace high, ace of hearts decides."
    assert describe_event(Event("show", 2, cards=stripdeck.parse_cards("Ah Jh 9h 8h 7h"), info=hand), NAMES) == \
        "Cy shows Ah Jh 9h 8h 7h: Flush, ace high, ace of hearts decides."
    assert describe_event(Event("round", info="draw"), NAMES) == "Draw."
    assert describe_event(Event("raise", 4, 12)) == "Seat 5 raises to 12."


# ----------------------------------------------------------------------------- the advisor

ADVISED = ["Ah Kh Qh Jh 7c", "Kh Kd Qc Qs 7h", "Ah Ad Ac 8s 9d", "7h 8h 9h Th Jh", "Ah Kd 9c 8s 7h",
           "Ah Kh 9h 8h 7c", "Ah Kd Qc 9s 7h", "9h 9d 9c 9s Kh", "7h 9d Jc Ks Ah", "Ah Qh Th 8h 7h",
           "Ks Kd Kc 8s 8c", "As 7d 8h 9c Ts", "Qh Qs 9d 9c Ah", "Th Ts Ad Qc 8h", "8h 9d Tc Js 7c",
           "7c 8c 9c Kd Ah"]
ADVISED_JOKER = ["Kh Kd Qc Qs Jk", "Kh Kd Kc 8s Jk", "Jk Ah Ad Ac As", "Jk 7h 8d 9c Ah", "Jk Kh Qh 9h 8h",
                 "As Jk Ac Ah 9c", "Js Jk Jc As Jh", "Jk Ah Ad Ac 9s"]

# The advisor's sentences no hand reaches: five cards kept (towards a straight or flush, or three
# of a kind and a pair) are a stand pat; a draw never aims at a high card or five aces; and it aims
# at a full house only from a made straight (or flush), which fewer than five cards never are.
UNREACHABLE_ADVICE = {
    ("kept cards", "five to a flush in {suit}"), ("kept cards", "five to a straight flush in {suit}"),
    ("kept cards", "five to a straight"), ("kept cards", "three {ranks} and a pair of {pair}"),
    ("hand to make", "a high card"), ("hand to make", "a better hand"), ("hand to make", "five aces"),
    ("hand to make", "a full house"),
}


def test_every_reason_of_the_advisor_is_said_in_the_pseudo_language(qps: i18n.Language, template: Catalog) -> None:
    language = recorded(qps)
    with i18n.using(language):
        rows = []
        for number, hand in enumerate(ADVISED):
            rules = Rules(draw_limit=5) if number % 3 == 0 else Rules()
            advice = advise(hand, rules, opponents=1 + number % 3)
            rows += advice.rows
            assert not strays(format_advice(advice, 6), ("A", "B"))
        for number, hand in enumerate(ADVISED_JOKER):
            advice = advise(hand, Rules(joker=True, draw_limit=5, flush_beats_full_house=number % 2 == 0),
                            dead="Td" if number % 2 else ())
            rows += advice.rows
            assert not strays(format_advice(advice, 3), ("A", "B"))
        for cards in ("Ah Kd", "Ah Kh Qh Jh 7c 8c"):
            with pytest.raises(stripdeck.CardError) as err:
                advise(cards)
            assert not strays(str(err.value)), str(err.value)
        with pytest.raises(stripdeck.CardError) as err:
            advise("Ah Kh Qh Jh 7c", dead="Ah")
        assert not strays(str(err.value)), str(err.value)
        with pytest.raises(ValueError) as verr:
            advise("Ah Kh Qh Jh 7c", opponents=7)
        assert not strays(str(verr.value)), str(verr.value)
        bosnian = Rules.preset("bosnian")
        for four, up in (("Ah Kd 9c 8s", "Kc"), ("Ah Kd 9c 8s", "Qc"), ("7h 7d Kc Qs", "7c")):
            for opponents in (1, 3):
                choice = stripdeck.advisor.advise_choice(four, up, bosnian, opponents=opponents)
                rows += choice.rows
                # the actions' words, typed as they are (docs/i18n.md: the action grammar is not translated)
                assert not strays(stripdeck.advisor.format_choice_advice(choice), ("take", "up", "down"))
        for four, up in (("Ah Kd 9c", "Qc"), ("Ah Kd 9c 8s", "Qc Jc")):
            with pytest.raises(stripdeck.CardError) as err:
                stripdeck.advisor.advise_choice(four, up, bosnian)
            assert not strays(str(err.value)), str(err.value)
        for row in rows:
            assert row.reason.startswith("[") and not strays(row.reason), row
    stand_pat = {(None, m) for c, m in sentences_of(template, "advisor.py") if m.startswith("Stand pat")}
    assert len(stand_pat) == 10
    missing = sentences_of(template, "advisor.py") - asked(language) - UNREACHABLE_ADVICE
    assert not missing, sorted(missing, key=str)


def test_the_advisor_reason_is_said_when_asked_in_the_language_then() -> None:
    row = advise("Ah Kh Qh Jh 7c").best
    assert row.reason.startswith("Keep four to a straight flush in hearts, draw 1:")
    italian = it_language()
    with i18n.using(italian):
        assert row.reason.startswith("Tieni quattro")
    assert row.to_dict()["reason"] == row.reason


# ----------------------------------------------------------------------------- errors

def errors() -> list[tuple[type[Exception], Callable[[], object]]]:
    """A way to meet every kind of error a person can see."""
    state = start_hand(Rules(), [50, 50, 50], 0, seed=2)
    view = stripdeck.player_view(state, 0).to_dict() if hasattr(stripdeck.PlayerView, "to_dict") else None
    cases: list[tuple[type[Exception], Callable[[], object]]] = [
        (stripdeck.CardError, lambda: stripdeck.parse_cards("Ah 6h")),
        (stripdeck.CardError, lambda: stripdeck.parse_cards("Ah Zz")),
        (stripdeck.CardError, lambda: stripdeck.parse_cards("Ah Ah")),
        (stripdeck.CardError, lambda: stripdeck.parse_cards("Jk")),
        (stripdeck.CardError, lambda: stripdeck.parse_cards([JOKER])),
        (stripdeck.CardError, lambda: stripdeck.parse_cards([3])),
        (stripdeck.CardError, lambda: stripdeck.parse_cards(7)),  # type: ignore[arg-type]
        (stripdeck.CardError, lambda: stripdeck.parse_card("Ah Kd")),
        (stripdeck.CardError, lambda: evaluate("Ah Kd")),
        (stripdeck.CardError, lambda: stripdeck.compare("Ah Kd Qc Js 9h", "Ah 7d 8c 9s Th")),
        (stripdeck.RulesError, lambda: Rules(draw_limit=9)),
        (stripdeck.RulesError, lambda: Rules(suit_ties="x")),
        (stripdeck.RulesError, lambda: Rules(suit_order="hhhh")),
        (stripdeck.RulesError, lambda: Rules(structure="x")),
        (stripdeck.RulesError, lambda: Rules(joker="yes")),  # type: ignore[arg-type]
        (stripdeck.RulesError, lambda: Rules(small_blind=5, big_blind=2)),
        (stripdeck.RulesError, lambda: Rules(small_blind=1, big_blind=0, ante=1)),
        (stripdeck.RulesError, lambda: Rules(big_blind=0, small_blind=0)),
        (stripdeck.RulesError, lambda: Rules(dealer_ante=True)),
        (stripdeck.RulesError, lambda: Rules(action_timer=-1)),
        (stripdeck.RulesError, lambda: Rules.preset("casino")),
        (stripdeck.RulesError, lambda: Rules.preset("online", colour=1)),
        (stripdeck.RulesError, lambda: Rules.from_dict([1])),  # type: ignore[arg-type]
        (stripdeck.InputError, lambda: stripdeck.whole_number("9" * 40, "seed")),
        (stripdeck.InputError, lambda: stripdeck.whole_number("9" * 40, "seed", 0, 10)),
        (stripdeck.InputError, lambda: stripdeck.whole_number("x", "seed", 0, 10)),
        (stripdeck.InputError, lambda: stripdeck.whole_number(10 ** 5000, "")),
        (stripdeck.InputError, lambda: stripdeck.whole_number("9" * 40, "", 0, 10)),
        (stripdeck.InputError, lambda: stripdeck.whole_number("x", "", 1)),
        (stripdeck.InputError, lambda: stripdeck.whole_number("9" * 40, "")),
        (stripdeck.InputError, lambda: stripdeck.inputs.load_json(b"\xff", "the file")),
        (stripdeck.InputError, lambda: stripdeck.inputs.load_json(3, "the file")),  # type: ignore[arg-type]
        (stripdeck.InputError, lambda: stripdeck.inputs.load_json("[1]", "the file", max_chars=2)),
        (stripdeck.InputError, lambda: stripdeck.inputs.load_json("{x", "the file")),
        (stripdeck.InputError, lambda: stripdeck.inputs.load_json("[NaN]", "the file")),
        (stripdeck.InputError, lambda: stripdeck.inputs.load_json("[" + "9" * 30 + "]", "the file")),
        (stripdeck.ActionError, lambda: stripdeck.parse_action("")),
        (stripdeck.ActionError, lambda: stripdeck.parse_action("dance")),
        (stripdeck.ActionError, lambda: stripdeck.parse_action("fold 3")),
        (stripdeck.ActionError, lambda: stripdeck.parse_action("raise x")),
        (stripdeck.ActionError, lambda: stripdeck.parse_action("draw Zz")),
        (stripdeck.ActionError, lambda: stripdeck.parse_action(3)),  # type: ignore[arg-type]
        (stripdeck.ActionError, lambda: stripdeck.actions.check_action(stripdeck.Action("dance"))),
        (stripdeck.ActionError, lambda: stripdeck.actions.check_action(stripdeck.Action("fold", 3))),
        (stripdeck.ActionError, lambda: stripdeck.actions.check_action(stripdeck.Action("raise", 4.5))),  # type: ignore[arg-type]
        (stripdeck.ActionError, lambda: stripdeck.actions.check_action(stripdeck.Action("fold", None, ("Ah",)))),  # type: ignore[arg-type]
        (stripdeck.ActionError, lambda: stripdeck.actions.check_action(stripdeck.Action("draw", None, ("Zz",)))),  # type: ignore[arg-type]
        (stripdeck.IllegalAction, lambda: apply(state, "dance")),
        (stripdeck.IllegalAction, lambda: apply(state, "check")),
        (stripdeck.IllegalAction, lambda: apply(state, "raise 99")),
        (stripdeck.IllegalAction, lambda: apply(state, "call 9")),
        (stripdeck.IllegalAction, lambda: apply(state, "fold", seat=2)),
        (stripdeck.IllegalAction, lambda: apply(stripdeck.scenario.play_scenario(
            {"stacks": [50, 50], "button": 0, "seed": 1, "actions": ["fold"]}), "fold")),
        (stripdeck.IllegalAction, lambda: apply(stripdeck.scenario.play_scenario(
            {"stacks": [50, 50], "button": 0, "seed": 1, "actions": ["call", "check"]}), "draw Ah")),
        (stripdeck.IllegalAction, lambda: apply(stripdeck.scenario.play_scenario(
            {"stacks": [50, 50], "button": 0, "seed": 1, "deck": "Ah Kh Qh Jh Th As Ks Qs Js Ts",
             "actions": ["call", "check"]}), "draw Ah Qh Th Kh Jh")),
        (stripdeck.IllegalAction, lambda: apply(stripdeck.scenario.play_scenario(
            {"stacks": [50, 50], "button": 0, "seed": 1, "rules": {"structure": "fixed-limit"},
             "actions": []}), "raise 9")),
        (stripdeck.HandSetupError, lambda: start_hand(Rules(), [5], 0)),
        (stripdeck.HandSetupError, lambda: start_hand(Rules(), "55", 0)),  # type: ignore[arg-type]
        (stripdeck.HandSetupError, lambda: start_hand(Rules(), [5, -5], 0)),
        (stripdeck.HandSetupError, lambda: start_hand(Rules(), [10 ** 15, 10 ** 15], 0)),
        (stripdeck.HandSetupError, lambda: start_hand(Rules(), [5, 5], 7)),
        (stripdeck.HandSetupError, lambda: start_hand(Rules(), [5, 5], 0, seed=-1)),
        (stripdeck.HandSetupError, lambda: start_hand(Rules(), [5, 5], 0, show=[9])),
        (stripdeck.HandSetupError, lambda: start_hand(Rules(), [5, 5], 0, deck="Zz")),
        (stripdeck.HandSetupError, lambda: start_hand("rules", [5, 5], 0)),  # type: ignore[arg-type]
        (stripdeck.ScenarioError, lambda: stripdeck.read_scenario("[" * 30 + "]" * 30)),
        (stripdeck.ScenarioError, lambda: stripdeck.read_scenario("[1]")),
        (stripdeck.ScenarioError, lambda: stripdeck.scenario.read_hands("[1]")),
        (stripdeck.ScenarioError, lambda: stripdeck.scenario.read_hands('{"format": "stripdeck-session"}')),
        (stripdeck.ScenarioError, lambda: stripdeck.scenario.read_hands(
            '{"format": "stripdeck-session", "version": 1, "hands": [3]}')),
        (stripdeck.ScenarioError, lambda: stripdeck.play_scenario([1])),  # type: ignore[arg-type]
        (stripdeck.ScenarioError, lambda: stripdeck.play_scenario({"stacks": [5, 5], "colour": 1})),
        (stripdeck.ScenarioError, lambda: stripdeck.play_scenario({"stacks": [5, 5]})),
        (stripdeck.ScenarioError, lambda: stripdeck.play_scenario({"stacks": [5, 5], "button": 0, "rules": 3})),
        (stripdeck.ScenarioError, lambda: stripdeck.play_scenario({"stacks": [5, 5], "button": 0, "actions": 3})),
        (stripdeck.ScenarioError, lambda: stripdeck.play_scenario({"stacks": [5, 5], "button": 0, "actions": [3]})),
        (stripdeck.ScenarioError, lambda: stripdeck.play_scenario({"stacks": [5, 5], "button": 0,
                                                                   "actions": ["raise 99"]})),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5)])),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), ("Ann", 5)])),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), ("", 5)])),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), ("Bo", -5)])),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), ("You", -5)])),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), ("Bo", 5, 3)])),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), ("You", 5, 3)])),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), 3])),  # type: ignore[list-item]
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), ("Bo", 5)]).next_hand().join(("Cy", 5))),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), ("Bo", 5)]).next_hand().leave("Bo")),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), ("Bo", 5)]).next_hand().next_hand()),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), ("Bo", 5)]).join(("Cy", 5), seat=0)),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [(n, 5) for n in "ABCDE"]).join(("Cy", 5))),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), ("Bo", 5)]).rename(4, "Cy")),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), ("Bo", 5)]).leave("Cy")),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), ("Bo", 5)]).act("fold")),
        (stripdeck.SessionError, lambda: Session.new(Rules(), [("Ann", 5), ("Bo", 0)]).next_hand()),
        (stripdeck.SessionError, lambda: Session.from_dict({"version": 2})),
        (stripdeck.SessionError, lambda: Session.from_dict({"version": 1, "rules": {}, "seats": []})),
        (stripdeck.SessionError, lambda: Session.from_dict({"version": 1, "rules": {}})),
        (stripdeck.SessionError, lambda: Session.from_dict(
            {"version": 1, "rules": {}, "seats": [None] * 5, "button": 9, "hand_number": 0, "seed": 0})),
        (stripdeck.SessionError, lambda: Session.from_dict(
            {"version": 1, "rules": {}, "seats": [None] * 5, "button": 0, "hand_number": -1, "seed": 0})),
        (ValueError, lambda: stripdeck.bot_for("genius")),
        (ValueError, lambda: stripdeck.bot_for("normal", "wild")),
        (ValueError, lambda: stripdeck.bots.Bot("normal")),
        (ValueError, lambda: stripdeck.run_arena(["normal"])),
        (ValueError, lambda: stripdeck.run_arena(["normal", "easy", "hard"], hands=2)),
        (ValueError, lambda: stripdeck.exploiters.exploiter_for("sneak")),
        (ValueError, lambda: stripdeck.player_view(state, 9)),
    ]
    bad_views: list[object] = [3, {"viewer": 0}]
    if view is not None:
        bad_views += [{**view, "phase": "x"}, {**view, "seats": []}, {**view, "seats": [3, 3]},
                      {**view, "legal": 3}, {**view, "pots": [3]}, {**view, "log": [3]},
                      {**view, "log": [{"kind": "dance"}]}, {**view, "log": [{"kind": "fold", "seat": "x"}]},
                      {**view, "log": [{"kind": "fold", "info": "x" * 500}]},
                      {**view, "log": [{"kind": "deal", "cards": "Zz"}]}, {**view, "log": [{"seat": 0}]},
                      {**view, "rules": 3}, {**view, "log": [3] * 500},
                      {**view, "split_on_offer": 3}]
    for data in bad_views:
        cases.append((stripdeck.ViewError, lambda data=data: stripdeck.PlayerView.from_dict(data)))
    return cases


def test_every_error_a_person_can_meet_is_said_in_the_pseudo_language(qps: i18n.Language) -> None:
    with i18n.using(qps):
        cases = errors()
        for kind, make in cases:
            with pytest.raises(kind) as err:
                make()
            text = str(err.value)
            assert text.startswith("[") and not strays(text, ("Ann", "Bo", "Cy", "You")), (kind, text)
    assert len(cases) > 100


def test_refusals_keep_their_stable_codes_in_any_language(qps: i18n.Language) -> None:
    state = start_hand(Rules(), [50, 50, 50], 0, seed=2)
    with i18n.using(qps):
        codes = []
        for action, seat in (("dance", None), ("check", None), ("raise 99", None), ("fold", 2)):
            with pytest.raises(stripdeck.IllegalAction) as err:
                apply(state, action, seat)
            codes.append(err.value.code)
        with pytest.raises(stripdeck.HandSetupError) as setup:
            start_hand(Rules(), [5, 5], 7)
    assert codes == ["bad-action", "not-allowed", "amount", "out-of-turn"] and setup.value.key == "button"
    assert "[" not in codes[0]


# ----------------------------------------------------------------------------- a real-looking catalogue

IT = {
    "{player} raises to {amount}.": "{player} rilancia a {amount}.",
    "You raise to {amount}.": "Rilanci a {amount}.",
    ("card", "queen of spades"): "donna di picche",
    ("card with article", "the queen of hearts"): "la donna di cuori",
    ("card with article", "the ten of hearts"): "il dieci di cuori",
    ("ranks", "queens"): "donne",
    ("ranks", "kings"): "re",
    ("hand name", "Pair of {ranks}, {card} decides"): "Coppia di {ranks}, decide il {card}",
    ("hand name in a sentence", "a pair of {ranks}, {card} decides"): "una coppia di {ranks}, decide il {card}",
    ("card", "ace of hearts"): "asso di cuori",
    "{player} wins {amount} from the main pot with {hand}.": "{player} vince {amount} dal piatto con {hand}.",
    "Hand {hand} wins: {reason}.": "Vince la mano {hand}: {reason}.",
    "equal pairs of {ranks} and kickers: {card} decides": "coppie di {ranks} e carte uguali: decide {card}",
    ("kept cards", "four to a straight flush in {suit}"): "quattro per la scala colore a {suit}",
    ("suit", "hearts"): "cuori",
    ("hand to make", "a straight"): "una scala",
    ("Keep {kept}, draw {draw}: {chance} to make {aim} or better; wins {win} against a typical opponent.",
     "Keep {kept}, draw {draw}: {chance} to make {aim} or better; wins {win} against {n} typical opponents."): (
        "Tieni {kept}, cambia {draw}: {chance} di fare {aim} o meglio; vince {win} contro un avversario tipico.",
        "Tieni {kept}, cambia {draw}: {chance} di fare {aim} o meglio; vince {win} contro {n} avversari tipici.",
        "Tieni {kept}, cambia {draw}: {chance} di fare {aim} o meglio; vince {win} contro {n} avversari tipici."),
    ("The main pot ({amount}) is split between {players}."): "Il piatto ({amount}) è diviso tra {players}.",
    ("top card", "ace high"): "all'asso",
    ("hand name", "{high}"): "carta alta {high}",
    ("hand name in a sentence", "{high}"): "carta alta {high}",
}


def it_language() -> i18n.Language:
    catalog = Catalog(locale="it")
    for key, value in IT.items():
        if isinstance(key, tuple) and isinstance(value, tuple):
            catalog.add(key, value)
        elif isinstance(key, tuple):
            catalog.add(key[1], value, context=key[0])
        else:
            catalog.add(key, value)
    out = io.BytesIO()
    write_mo(out, catalog)
    return i18n.Language.from_mo("it", out.getvalue())


def test_a_real_catalogue_says_sentences_the_languages_way() -> None:
    with i18n.using(it_language()):
        assert describe_event(Event("raise", 1, 1200), NAMES) == "Bo rilancia a 1.200."
        assert describe_event(Event("raise", 1, 1200), NAMES, you=1) == "Rilanci a 1.200."
        assert card_name(stripdeck.parse_card("Qs")) == "donna di picche"
        pair = evaluate("Kh Kd 9c 8s Ah")
        assert str(pair) == "Coppia di re, decide il asso di cuori"
        assert describe_event(Event("win", 0, 2500, pot=0, info=pair.english), NAMES) == \
            "Ann vince 2.500 dal piatto con una coppia di re, decide il asso di cuori."
        assert explain("Qh Qs Tc 9d 8s", "Qd Qc Th 9s 8d", Rules(suit_ties="combination")).headline == \
            "Vince la mano A: coppie di donne e carte uguali: decide la donna di cuori."
        assert advise("Ah Kh Qh Jh 7c").best.reason.startswith(
            "Tieni quattro per la scala colore a cuori, cambia 1: 25,9% di fare una scala o meglio; vince 46%")
        assert describe_event(Event("divide", None, 1500, pot=0, info="0 1 2"), NAMES) == \
            "Il piatto (1.500) è diviso tra Ann, Bo e Cy."
        assert describe_event(Event("fold", 0), NAMES) == "Ann folds."  # not translated yet: English
        # a high-card hand whose suits decide nothing: the finished name starts with a capital, not the top card
        high = (Rank.ACE, Rank.KING, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
        assert words.hand_name("high card", high) == "Carta alta all'asso"
        assert words.hand_name("high card", high, in_sentence=True) == "carta alta all'asso"
    assert words.hand_name("high card", (Rank.ACE, Rank.KING, Rank.NINE, Rank.EIGHT, Rank.SEVEN)) == "Ace high"
    assert describe_event(Event("raise", 1, 1200), NAMES) == "Bo raises to 1,200."


# ----------------------------------------------------------------------------- the hot path

class Refusing(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        raise AssertionError(f"translated on the engine's hot path: {message!r}")

    ngettext = pgettext = npgettext = gettext  # type: ignore[assignment]


def test_the_engine_translates_nothing_while_it_plays(qps: i18n.Language) -> None:
    evaluate("Ah Kd Qc Js 9h").english  # noqa: B018 - the English names are data, made once per value
    refusing = i18n.Language(i18n.PSEUDO, Refusing())
    rng = random.Random(3)
    with i18n.using(refusing):
        for seed in range(40):
            rules = RULE_SETS[seed % len(RULE_SETS)]
            state = start_hand(rules, [rng.randrange(5, 60) for _n in range(2 + seed % 4)], 0, seed=seed)
            while state.to_act is not None:
                legal = legal_actions(state)
                kinds = legal.kinds
                action = "draw" if "draw" in kinds else "check" if "check" in kinds else \
                    rng.choice(["call", "fold", *[k for k in kinds if k in ("bet", "raise", "allin")]])
                state, _events = apply(state, action)
            stripdeck.player_view(state, 0)


# ----------------------------------------------------------------------------- the command line

def cli(*args: str, stdin: str = "", env: dict[str, str] | None = None,
        path: Path = ROOT / "core") -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    environ.update(env or {}, PYTHONPATH=str(path))
    return subprocess.run([sys.executable, "-m", "stripdeck", *args], input=stdin, capture_output=True, text=True,
                          env=environ, timeout=300, check=False)


@pytest.fixture(scope="module")
def built_qps() -> None:
    if not (ROOT / "core" / "stripdeck" / "locale" / "qps.mo").is_file():
        # not a skip: `python3 build.py test` always compiles them, so their absence is a broken build
        pytest.fail("no compiled catalogues beside the package: run `python3 build.py site` (build.py test does)")


@pytest.mark.parametrize("args, stdin", [
    (("compare", "Ah Jh 9h 8h 7h", "Ks Kd Kc 8s 8c"), ""),
    (("compare", "Kh Kd Qc Qs Jk", "Ah Ad Jc Js 9h", "--joker"), ""),
    (("compare", "Qh Qs Tc 9d 8s", "Qd Qc Th 9s 8d"), ""),
    (("rank", "--joker"), ""),
    (("advise", "Ah Kh Qh Jh 7c", "--top", "4", "--opponents", "2", "--dead", "Th"), ""),
    (("arena", "--bots", "normal,station", "--hands", "20"), ""),
    (("arena", "--gauntlet", "--levels", "easy", "--exploiters", "station", "--sizes", "2", "--presets",
      "official", "--hands", "4"), ""),
    (("play", "--seed", "5", "--hands", "2"), "nonsense\n" + "call\ncheck\ndraw\ncheck\ncall\n" * 40),
])
def test_the_command_line_speaks_the_environments_language(args: tuple[str, ...], stdin: str,
                                                           built_qps: None) -> None:
    done = cli(*args, stdin=stdin, env={"LANGUAGE": "qps", "LANG": "C.UTF-8"})
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "[" in done.stdout
    level_names = tuple(stripdeck.BOT_LEVELS) + ("online", "official", "cardroom", "A", "B", "bb")
    exploiters = tuple(stripdeck.exploiters.EXPLOITERS) + tuple(stripdeck.exploiters.PROBES)
    for line in done.stdout.splitlines():
        assert not strays(line, level_names + exploiters), line


def test_the_command_lines_errors_and_help_speak_it_too(built_qps: None) -> None:
    qps = {"LANGUAGE": "qps"}
    for args in (("compare", "Ah Kh Qh Jh 6h", "Ks Kd Kc 8s 8c"), ("rank", "--preset", "casino"),
                 ("advise", "Ah Kh Qh Jh 7c", "--top", "0"), ("play", "--style", "wild", "--hands", "1")):
        done = cli(*args, env=qps, stdin="")
        assert done.returncode == 2 and done.stderr.startswith("stripdeck: ")
        message = done.stderr.removeprefix("stripdeck: ")
        # argparse's own words ("argument --top:") are Python's, not the game's
        assert not strays(message.replace("argument", ""), ("casino", "wild", "top")), done.stderr
    helped = cli("play", "--help", env=qps).stdout
    assert "[plåý ågåïñst böts" in cli("--help", env=qps).stdout
    assert "[hÖw måñý böts, 1 tö 4".lower() in helped.lower() and "[ýöür ñåmé åt thé tåblé" in helped


def test_the_command_line_takes_its_language_from_the_usual_variables(built_qps: None) -> None:
    compare = ("compare", "Ah Jh 9h 8h 7h", "Ks Kd Kc 8s 8c")
    assert "[Håñd A" in cli(*compare, env={"LC_ALL": "qps"}).stdout
    assert "[Håñd A" in cli(*compare, env={"LANG": "C", "LANGUAGE": "xx:qps"}).stdout
    english = cli(*compare, env={"LANG": "C"})
    assert "Hand A wins: a flush beats a full house" in english.stdout and english.stderr == ""
    italian = cli(*compare, env={"LANGUAGE": "it_IT.UTF-8"})  # the Italian catalogue, offered or not yet
    assert italian.returncode == 0 and italian.stderr == ""
    assert "Vince la mano A: nel poker a 32 carte il colore batte il full." in italian.stdout


def test_without_its_catalogue_the_command_line_speaks_english_and_says_so_once(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "core" / "stripdeck", tmp_path / "stripdeck",
                    ignore=shutil.ignore_patterns("locale", "__pycache__"))
    done = cli("compare", "Ah Jh 9h 8h 7h", "Ks Kd Kc 8s 8c", env={"LANGUAGE": "de"}, path=tmp_path)
    assert done.returncode == 0 and "Hand A wins: a flush beats a full house" in done.stdout
    assert done.stderr == ("stripdeck: no catalogue for the language 'de' (build it with: python3 build.py site); "
                           "speaking English\n")


def test_the_command_line_in_process_leaves_the_language_as_it_was(built_qps: None) -> None:
    out = io.StringIO()
    assert command_line.main(["compare", "Ah Jh 9h 8h 7h", "Ks Kd Kc 8s 8c"], out, environ={"LANGUAGE": "qps"}) == 0
    assert out.getvalue().splitlines()[2].startswith("[Håñd A")
    assert i18n.current() is i18n.ENGLISH
