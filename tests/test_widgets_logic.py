"""Widget logic on CPython: parameters, explanations in words, the ranking figures, frames, HTML."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from math import comb
from pathlib import Path

import pytest
from stripdeck import CardError, Rules, parse_card, parse_cards
from stripdeck.ranking import ranking_table

from web.widgets import bridge, compare, game, odds, params, ranking, scripted
from web.widgets.cardface import card_html, grid_html

ROOT = Path(__file__).resolve().parent.parent
WIDGETS = ROOT / "web" / "widgets"
SCENARIOS = sorted((WIDGETS / "scenarios").glob("*.json"))


# ----------------------------------------------------------------------------- ranking

def test_52_card_figures_are_the_well_known_ones() -> None:
    figures = ranking.counts_52()
    assert figures == {
        "straight flush": 40, "four of a kind": 624, "full house": 3744, "flush": 5108,
        "straight": 10200, "three of a kind": 54912, "two pairs": 123552, "one pair": 1098240,
        "high card": 1302540,
    }
    assert sum(figures.values()) == comb(52, 5) == 2_598_960


def test_the_same_formulas_give_the_32_card_counts_of_the_engine() -> None:
    engine = {row.category: row.hands for row in ranking_table()}
    assert ranking.deck_counts(8, 5) == engine
    assert sum(engine.values()) == comb(32, 5)


def test_ranking_rows_put_the_flush_above_the_full_house_and_highlight_them() -> None:
    rows = ranking.ranking_rows()
    assert [r.category for r in rows][:4] == ["straight flush", "four of a kind", "flush", "full house"]
    flush = next(r for r in rows if r.category == "flush")
    assert (flush.place, flush.place_52, flush.count, flush.count_52) == (3, 4, 204, 5108)
    assert [r.category for r in rows if r.highlight] == ["flush", "full house"]
    text = ranking.explanation(Rules(), rows)
    assert text.startswith("A flush beats a full house in 32-card poker.")
    assert "204 flushes against 1,344 full houses" in text


def test_ranking_in_the_ordinary_order_and_with_the_joker() -> None:
    rows = ranking.ranking_rows(Rules(flush_beats_full_house=False))
    assert [r.category for r in rows][2:4] == ["full house", "flush"]
    assert "ordinary order" in ranking.explanation(Rules(flush_beats_full_house=False), rows)
    joker_rows = ranking.ranking_rows(Rules(joker=True))
    assert joker_rows[0].category == "five aces" and joker_rows[0].count_52 is None
    assert len(joker_rows) == 10 and sum(r.count for r in joker_rows) == comb(33, 5)
    html = ranking.render(Rules(joker=True))
    assert "33-card deck" in html and 'aria-label="Joker"' in html


def test_the_joker_ranking_counts_full_houses_the_joker_completes() -> None:
    # RULES.md s.8: K K Q Q + joker and K K K 8 + joker are full houses, so the 33-card deck has
    # 1,344 natural full houses plus 1,792 with the joker (counted in tests/test_evaluate.py).
    counts = {r.category: r.count for r in ranking.ranking_rows(Rules(joker=True))}
    assert counts == {"five aces": 1, "straight flush": 104, "four of a kind": 343, "flush": 400,
                      "full house": 3136, "straight": 10392, "three of a kind": 12768, "two pairs": 28224,
                      "one pair": 124404, "high card": 57564}
    html = ranking.render(Rules(joker=True))
    assert "<td class=\"sd-num sd-count\" data-label=\"33 cards\">3,136</td>" in html
    assert "completes a straight, a flush or a full house (K K Q Q + joker: kings full of queens)" in html
    assert "400 flushes against 3,136 full houses among the 237,336 five-card hands of the 33-card deck" in html


# ----------------------------------------------------------------------------- compare

@pytest.mark.parametrize("a, b, rules, headline", [
    ("Ah Qh Th 8h 7h", "Ks Kd Kc 8s 8c", Rules(),
     "Hand A wins: a flush beats a full house in 32-card poker."),
    ("Ah Qh Th 8h 7h", "Ks Kd Kc 8s 8c", Rules(flush_beats_full_house=False),
     "Hand B wins: a full house beats a flush (the ordinary order, as in 52-card poker)."),
    ("Qh Qs Tc 9d 8s", "Qd Qc Th 9s 8d", Rules(suit_ties="combination"),
     "Hand A wins: equal pairs of queens and kickers: the queen of hearts decides."),
    ("Qh Qs Tc 9d 8s", "Qd Qc Th 9s 8d", Rules(),
     "Hand B wins: equal pairs of queens and kickers: the ten of hearts decides."),
    ("Qh Qs Tc 9d 8s", "Qd Qc Th 9s 8d", Rules(suit_ties="split"),
     "Equal hands: equal pairs of queens and kickers: suits do not decide, so the pot is split."),
    ("Qh Qs 9d 9c Ah", "Qd Qc 8d 8c Ad", Rules(),
     "Hand A wins: equal higher pairs of queens: the lower pair decides, nines beat eights."),
    ("Th Ts Ad Qc 8h", "Jh Js 7d 8c 9h", Rules(),
     "Hand B wins: a pair of jacks beats a pair of tens."),
    ("Ah 7d 8c 9s Th", "Jh Td 9c 8s 7h", Rules(),
     "Hand B wins: a straight, jack high, beats one ten high (A-7-8-9-10: the ace plays low)."),
    ("Jh Jd Jc As 8d", "Qh Qs 9d 9c Ah", Rules(), "Hand A wins: three of a kind beats two pairs."),
    ("Ah Kd Jc 9s 8h", "As Kc Jd 9h 8d", Rules(suit_order="shdc"),
     "Hand B wins: equal ranks, ace high: the ace of spades decides."),
])
def test_the_winner_and_the_reason_in_words(a: str, b: str, rules: Rules, headline: str) -> None:
    assert compare.explain(a, b, rules).headline == headline


@pytest.mark.parametrize("a, b, headline, note", [
    ("Kh Kd Qc Qs Jk", "Ah Ad Jc Js 9h", "Hand A wins: a full house beats two pairs.",
     "in hand A the joker completes the full house as a king"),
    ("Kh Kd Kc 8s Jk", "Ah Ad Ac 7s 7h",
     "Hand B wins: a full house of aces beats one of kings (the three cards decide).",
     "in hand A the joker completes the full house as an eight"),
    ("Kh Kd 9c 8s Jk", "Qh Qd Jc Js 7h", "Hand B wins: two pairs beat a pair.", "in hand A the joker counts as an ace"),
    ("Jk Kh Qh 9h 8h", "Ad Kd Qd 9d 8d",
     "Hand B wins: equal flushes, ace high, all five ranks the same: the ace of diamonds decides.",
     "the flush's suit counts; suit order hearts > diamonds > clubs > spades; it beats the joker; "
     "in hand A the joker completes the flush as the ace of hearts"),
    ("Jk 7h 8d 9c Ts", "Ah Ad Ac As Kh", "Hand B wins: four of a kind beats a straight.",
     "in hand A the joker completes the straight as the jack"),
])
def test_explain_says_what_the_joker_plays_as(a: str, b: str, headline: str, note: str) -> None:
    result = compare.explain(a, b, Rules(joker=True))
    assert (result.headline, result.rule_note) == (headline, note)


def test_a_suit_decision_names_the_rule_and_the_suit_order() -> None:
    result = compare.explain("Qh Qs Tc 9d 8s", "Qd Qc Th 9s 8d", Rules(suit_ties="combination"))
    assert result.rule_note == ("equal hands: the combination's best suit decides (its best card counts, never "
                                "a side card); suit order hearts > diamonds > clubs > spades; it beats the "
                                "queen of diamonds")


@pytest.mark.parametrize("a, b, message", [
    ("Ah Kh Qh Jh", "7s 8s 9s Ts Js", "hand A: a hand is exactly 5 cards, got 4"),
    ("Ah Kh Qh Jh 2h", "7s 8s 9s Ts Js", "rank 2 is not in the 32-card deck"),
    ("Ah Kh Qh Jh Zz", "7s 8s 9s Ts Js", "'Zz' is not a card"),
    ("Ah Ah Qh Jh 9h", "7s 8s 9s Ts Js", "hand A: duplicate card Ah"),
    ("Ah Kh Qh Jh 9h", "Ah 8s 9s Ts Js", "the ace of hearts cannot be in both hands"),
    ("", "Ah 8s 9s Ts Js", "hand A: enter five cards"),
])
def test_bad_hands_get_a_clear_message(a: str, b: str, message: str) -> None:
    with pytest.raises(CardError, match=re.escape(message)):
        compare.explain(a, b)
    html, _, _ = compare.result(a, b, Rules())
    assert 'role="alert"' in html


def test_picking_cards_from_the_grid() -> None:
    assert compare.toggle_card("", "Ah") == "Ah"
    assert compare.toggle_card("Ah Kd", "kd") == "Ah"
    assert compare.toggle_card("Ah Kd Qc Js 9h", "7s") == "Ah Kd Qc Js 9h"  # full: no sixth card
    assert compare.toggle_card("rubbish", "7s") == "7s"
    grid = grid_html()
    assert grid.count("data-card=") == 32 and 'aria-label="Ace of hearts"' in grid


def test_cards_have_faces_and_accessible_names() -> None:
    html = card_html(parse_card("Th"))
    assert 'aria-label="Ten of hearts"' in html and "<b>10</b><i>♥</i>" in html and "sd-red" in html
    assert "sd-black" in card_html(parse_card("As"))


def test_typed_text_is_escaped_everywhere() -> None:
    nasty = '"><script>alert(1)</script>'
    page = compare.render(nasty, "Ah Kh Qh Jh 9h", Rules(), "online")
    assert "<script>" not in page and "&lt;script&gt;" in page
    out = json.loads(bridge.render(json.dumps({"widget": nasty})))
    assert out["ok"] is False and "<script>" not in out["html"]


def test_the_two_hands_have_their_own_accessible_names() -> None:
    page = compare.render("Ah Qh Th 8h 7h", "Ks Kd Kc 8s 8c", Rules(), "online")
    assert re.search(r'<input type="text" name="a" [^>]*aria-label="Hand A"', page)
    assert re.search(r'<input type="text" name="b" [^>]*aria-label="Hand B"', page)
    # one labelable element per <label>: the radio buttons are named on their own
    assert re.findall(r"<label>(.*?)</label>", page)[0].count("<input") == 1


def test_the_grid_shows_the_picked_cards_without_a_script() -> None:
    page = compare.render("Ah Qh Th 8h 7h", "Ks Kd Kc 8s 8c", Rules(), "online")
    assert 'data-card="Qh" aria-label="Queen of hearts" aria-pressed="true" data-hand="a"' in page
    assert 'data-card="8c" aria-label="Eight of clubs" aria-pressed="true" data-hand="b"' in page
    assert page.count('aria-pressed="true"') == 10


def test_the_widgets_use_the_games_words_for_equal_hands() -> None:
    sys.path.insert(0, str(ROOT / "web"))  # the game's packages (table, friends, page) live there
    try:
        from table import settings_render as game_settings
    finally:
        sys.path.remove(str(ROOT / "web"))
    assert compare.EQUAL_HANDS == game_settings._SUIT_TIES
    assert game_settings._LABELS["suit_ties"] == "Equal hands"
    page = compare.render("Qh Qs Tc 9d 8s", "Qd Qc Th 9s 8d", Rules(), "online")
    assert "Equal hands <select" in page
    assert all(f">{words}</option>" in page.replace("&#x27;", "'") for words in compare.EQUAL_HANDS.values())


# Option names and name=value text are for page authors; readers get words.
JARGON = re.compile(r"\b(suit_ties|suit_order|flush_beats_full_house|draw_limit|show_all|four_color|fast_bots|"
                    r"kicker|combination decides)\b|\w=\w")


def _reader_text(page: str) -> str:
    """What a reader sees or hears: text and the accessible attributes, not URLs or form values."""
    from html.parser import HTMLParser

    class Reader(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.parts: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.parts += [v or "" for k, v in attrs if k in ("aria-label", "title", "placeholder", "data-title",
                                                                 "data-label")]

        def handle_data(self, data: str) -> None:
            self.parts.append(data)

    reader = Reader()
    reader.feed(page)
    return " ".join(reader.parts)


def test_no_option_names_reach_readers_in_any_prerendered_widget() -> None:
    from tools import prerender

    checked = 0
    for state in prerender.states():
        out = json.loads(prerender.render_state(state))
        if not out["ok"]:
            continue  # an author's mistake: the message names the option on purpose
        if state.get("lang", "en") != "en":
            # other languages' words are their catalogues' (the qps tests check that no word escapes
            # it), and some are these very words: Italian players say "kicker"
            continue
        for page in [out["html"], *out.get("frames", []), *out.get("captions", [])]:
            found = JARGON.search(_reader_text(page))
            assert found is None, (state, found.group(0) if found else "")
        checked += 1
    assert checked > 50
    comparisons = [compare.explain("Ah Qh Th 8h 7h", "Ks Kd Kc 8s 8c", Rules(flush_beats_full_house=False)),
                   *(compare.explain("Qh Qs Tc 9d 8s", "Qd Qc Th 9s 8d", Rules(suit_ties=t))
                     for t in ("kicker", "combination", "split"))]
    for c in comparisons:
        assert JARGON.search(compare.result_html(c)) is None, compare.result_html(c)


# ----------------------------------------------------------------------------- parameters

@pytest.mark.parametrize("given, message", [
    ({}, "no widget named"),
    ({"widget": "poker"}, "unknown widget 'poker': use one of ranking, compare, scenario, odds, game"),
    ({"widget": "compare", "colour": "red"}, "unknown option 'colour' for the compare widget"),
    ({"widget": "ranking", "suit_ties": "kicker"}, "unknown option 'suit_ties' for the ranking widget"),
    ({"widget": "compare", "preset": "casino"}, "unknown preset 'casino'"),
    ({"widget": "compare", "suit_ties": "coin"}, "suit_ties must be one of kicker, combination, split"),
    ({"widget": "compare", "suit_order": "hhcs"}, "suit_order must name each suit once"),
    ({"widget": "compare", "flush_beats_full_house": "maybe"}, "flush_beats_full_house must be 1 or 0"),
    ({"widget": "scenario"}, "needs exactly one of src="),
    ({"widget": "scenario", "src": "https://example.com/x.json"}, "src must be a relative URL"),
    ({"widget": "scenario", "src": "//example.com/x.json"}, "src must be a relative URL"),
    ({"widget": "game", "opponents": "7"}, "opponents must be a whole number from 1 to 4"),
    ({"widget": "game", "stakes": "3"}, "stakes must be one of 1, 2, 5, 10"),
    ({"widget": "game", "joker": "maybe"}, "joker must be"),
    ({"widget": "game", "hand": "Ah"}, "unknown option 'hand' for the game widget"),
    ({"widget": "odds", "opponents": "5"}, "opponents must be a whole number from 1 to 4"),
    ({"widget": "odds", "suit_ties": "split"}, "unknown option 'suit_ties' for the odds widget"),
    ({"widget": "game", "draw_limit": "9"}, "draw_limit must be a whole number from 0 to 5"),
])
def test_bad_parameters_get_a_clear_message(given: dict[str, str], message: str) -> None:
    with pytest.raises(params.WidgetError, match=re.escape(message)):
        params.parse(given)
    out = json.loads(bridge.render(json.dumps(given)))
    assert out["ok"] is False and message.split("'")[0] in out["error"]
    assert 'role="alert"' in out["html"]


def test_parameters_set_rules_over_a_preset() -> None:
    spec = params.parse({"widget": "compare", "preset": "official", "suit_ties": "split",
                         "flush_beats_full_house": "false", "a": "Ah Kh Qh Jh 9h"})
    assert (spec.rules.suit_ties, spec.rules.flush_beats_full_house, spec.rules.ante) == ("split", False, 1)
    assert spec.settings == {"a": "Ah Kh Qh Jh 9h", "b": "", "grid": True, "controls": True}
    assert params.parse({"widget": "game", "timers": "off"}).settings["timers"] is False


def test_scenario_data_as_json_or_base64() -> None:
    scenario = {"stacks": [50, 50], "button": 0, "seed": 1, "actions": ["fold"]}
    text = json.dumps(scenario)
    import base64
    packed = base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    assert params.decode_data(text) == params.decode_data(packed) == scenario
    with pytest.raises(params.WidgetError, match="neither scenario JSON nor base64"):
        params.decode_data("%%%")
    with pytest.raises(params.WidgetError, match="not valid JSON"):
        params.decode_data("{oops")


# ----------------------------------------------------------------------------- scenarios

def test_example_scenarios_exist_and_replay_on_the_command_line() -> None:
    names = {p.stem for p in SCENARIOS}
    assert {"split-offer", "side-pot", "stub-runs-out"} <= names
    for path in SCENARIOS:
        out = subprocess.run([sys.executable, "-m", "stripdeck", "replay", str(path)], cwd=ROOT,
                             capture_output=True, text=True, check=False,
                             env={"PYTHONPATH": str(ROOT / "core"), "PATH": "/usr/bin:/bin"})
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout)["complete"] is True


def test_the_examples_show_what_they_promise() -> None:
    def events(name: str) -> list[str]:
        _, _, frames = scripted.build_frames(json.loads((WIDGETS / "scenarios" / f"{name}.json").read_text()))
        return [c for f in frames for c in f.captions]
    assert any("is split between Bob and Ann" in c for c in events("split-offer"))
    assert any("from side pot 1" in c for c in events("side-pot"))
    assert sum("The stub ran out" in c for c in events("stub-runs-out")) == 2


def test_frames_one_per_action_with_hidden_or_face_up_cards() -> None:
    scenario = json.loads((WIDGETS / "scenarios" / "side-pot.json").read_text())
    title, description, frames = scripted.build_frames(scenario)
    assert title.startswith("A side pot") and description
    assert len(frames) == len(scenario["actions"]) + 1
    first = frames[0]
    assert first.captions[:4] == ("New hand: Ann has the button.", "Bob posts the small blind (1).",
                                  "Cy posts the big blind (2).", "The cards are dealt.")
    assert all(seat.cards is None for seat in first.seats)          # spectators see no cards
    assert frames[-1].seats[2].cards is not None                     # until the showdown
    assert frames[3].note.startswith("Cy has put in every chip")
    _, _, open_frames = scripted.build_frames(scenario, faceup=True)
    assert all(seat.cards is not None for seat in open_frames[0].seats)
    assert any(c.startswith("Ann is dealt ") for c in open_frames[0].captions)
    shell, pages = scripted.render(title, description, frames)
    assert 'data-do="play"' in shell and len(pages) == len(frames)
    assert pages[0].count('aria-label="Face-down card"') == 15


@pytest.mark.parametrize("scenario, message", [
    ([1, 2], "a scenario is a JSON object"),
    ({"stacks": [100, 100], "button": 0, "actions": ["bet 1000"]}, "the scenario does not play: actions[0]"),
    ({"stacks": [100, 100], "button": 0, "names": ["Ann"]}, "names: give one name per seat (2)"),
    ({"stacks": [100, 100], "button": 0, "captions": {"9": "x"}}, "captions: '9' is not a frame"),
    ({"stacks": [100], "button": 0}, "the scenario does not play: stacks"),
])
def test_bad_scenarios_get_a_clear_message(scenario: object, message: str) -> None:
    with pytest.raises(params.WidgetError, match=re.escape(message)):
        scripted.build_frames(scenario)


def test_bridge_renders_a_scenario_from_fetched_text_or_reports_the_fetch() -> None:
    text = (WIDGETS / "scenarios" / "split-offer.json").read_text()
    out = json.loads(bridge.render(json.dumps({"widget": "scenario", "src": "s.json"}),
                                   json.dumps({"src_text": text})))
    assert out["ok"] and len(out["frames"]) == len(out["captions"]) == 11
    out = json.loads(bridge.render(json.dumps({"widget": "scenario", "src": "s.json"}),
                                   json.dumps({"src_error": "HTTP 404 Not Found"})))
    assert out["error"] == "cannot load the scenario 's.json': HTTP 404 Not Found"


# ----------------------------------------------------------------------------- game and bridge

def test_the_game_widget_points_at_the_game_page_with_fixed_options() -> None:
    spec = params.parse({"widget": "game", "preset": "cardroom", "split": "yes", "timers": "off",
                         "fast_bots": "1", "joker": "1"})
    assert game.game_query(spec) == ("embed=1&lang=en&preset=cardroom&structure=fixed-limit&suit_ties=kicker"
                                     "&suit_order=hdcs&draw_limit=5&split=1&show_all=0&flush_beats_full_house=1&joker=1"
                                     "&timers=0&opponents=3&stack=200&stakes=1&fast_bots=1")
    # The game opens in the widget's language, whatever the reader's browser prefers.
    assert game.game_query(params.parse({"widget": "game", "lang": "it-IT"})).startswith("embed=1&lang=it&")
    out = json.loads(bridge.render(json.dumps({"widget": "game", "preset": "official"}),
                                   json.dumps({"base": "https://x.test/sd/"})))
    assert ('href="https://x.test/sd/index.html?embed=1&amp;lang=en&amp;preset=official'
            '&amp;structure=fixed-limit&amp;suit_ties=combination') in out["html"]
    assert ">▶ Play</a>" in out["html"] and "<iframe" not in out["html"]  # nothing of the game loads before Play
    assert "the official rules, you and 3 bots, no clocks" in out["html"]


@pytest.mark.parametrize("preset, timers", [("online", "1"), ("official", "0"), ("cardroom", "0")])
def test_the_mini_game_follows_the_presets_clocks_unless_timers_is_given(preset: str, timers: str) -> None:
    query = game.game_query(params.parse({"widget": "game", "preset": preset}))
    assert f"&timers={timers}&" in query
    forced = "0" if timers == "1" else "1"
    assert f"&timers={forced}&" in game.game_query(params.parse({"widget": "game", "preset": preset,
                                                                 "timers": forced}))


def test_the_compare_form_recomputes_the_result() -> None:
    out = json.loads(bridge.compare_result(json.dumps({
        "a": "Qh Qs Tc 9d 8s", "b": "Qd Qc Th 9s 8d", "preset": "online", "suit_ties": "combination",
        "suit_order": "hdcs", "flush_beats_full_house": "1"})))
    assert "the queen of hearts decides" in out["html"] and out["picked_a"][0] == "Qh"
    out = json.loads(bridge.compare_result(json.dumps({"a": "Qh", "b": "", "suit_ties": "nonsense"})))
    assert "suit_ties must be one of" in out["html"]
    assert json.loads(bridge.preset_options("official"))["suit_ties"] == "combination"
    assert bridge.toggle("Ah", "Kd") == "Ah Kd"


def test_embed_js_ships_every_widget_module() -> None:
    listed = re.search(r"const WIDGET_FILES = \[(.*?)\];", (ROOT / "embed.js").read_text(), re.S)
    assert listed is not None
    names = set(re.findall(r'"([\w.]+\.py)"', listed.group(1)))
    assert names == {p.name for p in WIDGETS.glob("*.py")}


def test_every_widget_renders_through_the_bridge() -> None:
    for given in ({"widget": "ranking"}, {"widget": "compare", "a": "Ah Kh Qh Jh 9h", "b": "As Ks Qs Js 9s"},
                  {"widget": "scenario", "data": json.dumps({"stacks": [9, 9], "button": 1, "seed": 3})},
                  {"widget": "odds", "hand": "Ah Kh Qh Jh 7c"}, {"widget": "game"}):
        out = json.loads(bridge.render(json.dumps(given)))
        assert out["ok"], out
        assert out["html"].startswith('<section class="sd-widget')
    assert parse_cards("Ah Kh")  # stripdeck itself is importable beside the widgets


# ----------------------------------------------------------------------------- draw odds

def test_the_odds_table_comes_from_the_advisor() -> None:
    from stripdeck import advise
    model = odds.odds_model("Ah Kh Qh Jh 7c", Rules(), top=5)
    advice = advise("Ah Kh Qh Jh 7c")
    assert [r.discard for r in model.rows] == [" ".join(map(str, r.discard)) for r in advice.rows[:5]]
    assert model.rows[0].best and model.rows[0].reason == advice.best.reason
    assert model.total_choices == len(advice.rows) == 31
    assert model.columns[:3] == ("straight flush", "four of a kind", "flush")
    html = odds.table_html(model)
    assert html.count("<tr") == 6 and "The best 5 of 31 choices are shown." in html
    assert 'aria-label="Seven of clubs"' in html


def test_the_odds_follow_the_rules_and_report_bad_hands() -> None:
    ordinary = odds.odds_model("9h 9d Kc 8s 7h", Rules(flush_beats_full_house=False))
    columns = list(ordinary.columns)
    assert columns.index("full house") < columns.index("three of a kind")
    assert odds.odds_model("9h 9d Kc 8s 7h", Rules.preset("cardroom")).draw_limit == 5
    assert "exactly 5 cards" in odds.result("Ah Kh", Rules())
    assert "&#x27;Xx&#x27; is not a card" in odds.result("Ah Kh Qh Jh Xx", Rules())
    assert "cannot be both in the hand and dead" in odds.result("Ah Kh Qh Jh 7c", Rules(), dead="Ah")
    settings = json.loads(bridge.render(json.dumps({"widget": "odds", "hand": "", "preset": "official",
                                                    "opponents": "2"})))["settings"]
    assert "Enter five cards" in odds.result("", Rules()) and "alert" not in odds.result("", Rules())
    assert "Win</th>" in bridge.odds_result("Ah Kh Qh Jh 7c", json.dumps(settings))


@pytest.mark.parametrize("module", [bridge, compare, game, odds, params, ranking, scripted],
                         ids=lambda m: m.__name__)
def test_widget_docstring_examples(module: object) -> None:
    import doctest

    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]
