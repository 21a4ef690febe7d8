"""The widgets in other languages, on CPython: every word from the catalogue, lang= on every
widget, the language's numbers, catalogues checked, and keys that find the pre-rendered states.

The pseudo-language check renders every pre-rendered state and every error state of each
widget (and the answers Python gives on interaction) in ``qps`` and fails on any word outside
``[brackets]`` (tests/pseudo_support.py). The engine's own sentences (card names, hand names,
explain(), the advisor's reasons, narration, the engine's error messages) are converted on the
engine's side: while one of them still speaks English (ENGINE_PENDING below says which), the
exact texts the engine gave the widgets for that state are allowed, recorded by wrapping the
engine functions the widgets call; every word the widgets write themselves is checked always.
"""

from __future__ import annotations

import html
import io
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from pseudo_support import pseudo_language, stray_words, visible_text
from stripdeck import DECK, JOKER, CardError, Rules, advise, describe_event, i18n, parse_cards
from stripdeck.explain import explain
from stripdeck.i18n import Language

from tools import prerender
from web.widgets import bridge, cardface, compare, odds, params, scripted

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "web" / "widgets" / "scenarios").glob("*.json"))


@pytest.fixture(scope="module")
def qps() -> Iterator[Language]:
    """The pseudo-language, given to the widgets as embed.js gives a language (and taken back)."""
    language = pseudo_language()
    saved = dict(bridge._LANGUAGES), dict(bridge._PROBLEMS)
    bridge._LANGUAGES["qps"] = language
    yield language
    bridge._LANGUAGES.clear(), bridge._LANGUAGES.update(saved[0])
    bridge._PROBLEMS.clear(), bridge._PROBLEMS.update(saved[1])


@pytest.fixture
def languages() -> Iterator[None]:
    """The widgets' catalogues as they were after the test (a test may give its own)."""
    saved = dict(bridge._LANGUAGES), dict(bridge._PROBLEMS)
    yield
    bridge._LANGUAGES.clear(), bridge._LANGUAGES.update(saved[0])
    bridge._PROBLEMS.clear(), bridge._PROBLEMS.update(saved[1])


# ----------------------------------------------------------------------------- the engine's words

def _bracketed(text: str) -> bool:
    return text.startswith("[") and text.rstrip(".").endswith("]")


def _engine_probes() -> dict[str, str]:
    """One sentence of each kind the engine gives the widgets, in the pseudo-language."""
    from stripdeck import Event

    def error(work: Callable[[], object]) -> str:
        try:
            work()
        except (CardError, ValueError) as err:
            return str(err)
        return ""

    return {
        "card names": cardface.card_label(parse_cards("Ah")[0]),
        "hand names": str(explain("Ah Qh Th 8h 7h", "Ks Kd Kc 8s 8c").value_a),
        "explanations": explain("Ah Qh Th 8h 7h", "Ks Kd Kc 8s 8c").headline,
        "advice": advise("Ah Kh Qh Jh 7c").best.reason,
        "narration": describe_event(Event("raise", 1, 12), ["Ann", "Bob"]) or "",
        "card errors": error(lambda: parse_cards("Zz")),
        "rules errors": error(lambda: Rules.preset("casino")),
        "number errors": error(lambda: params.whole("top", "99", 1, 32)),
    }


def _pending() -> list[str]:
    with i18n.using(pseudo_language()):
        return sorted(kind for kind, text in _engine_probes().items() if not _bracketed(text))


ENGINE_PENDING = _pending()
"""The kinds of engine sentences not yet in the catalogue (engine's side): [] once all are."""


class EngineWords:
    """Records the texts the engine hands the widgets (by wrapping the engine functions they
    call), to allow exactly those while the engine's sentences are still English."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: set[str] = set()
        self._patch = monkeypatch
        self._wrap(compare, "explain", self._comparison)
        self._wrap(odds, "advise", lambda advice: self.texts.update(r.reason for r in advice.rows))
        self._wrap(scripted, "describe_event", lambda line: line and self.texts.add(line))
        for module, name in ((compare, "parse_cards"), (odds, "parse_cards"), (odds, "advise"), (compare, "explain"),
                             (params, "whole_number"), (params, "read_scenario"), (scripted, "play_scenario"),
                             (scripted, "apply"), (bridge.Rules, "preset"), (bridge.Rules, "from_dict")):
            self._errors(module, name)

    def _comparison(self, c: Any) -> None:
        self.texts.update({c.headline, str(c.value_a), str(c.value_b), c.rule_note})

    def _wrap(self, owner: Any, name: str, record: Callable[[Any], object]) -> None:
        original = getattr(owner, name)

        def wrapped(*args: Any, **kwargs: Any) -> Any:
            out = original(*args, **kwargs)
            record(out)
            return out

        self._patch.setattr(owner, name, wrapped)

    def _errors(self, owner: Any, name: str) -> None:
        original = getattr(owner, name)

        def wrapped(*args: Any, **kwargs: Any) -> Any:
            try:
                return original(*args, **kwargs)
            except ValueError as err:  # CardError, RulesError, InputError, ScenarioError, IllegalAction
                self.texts.update({str(err), i18n.upper_first(str(err))})
                raise

        self._patch.setattr(owner, name, wrapped)

    def allowed(self) -> set[str]:
        if not ENGINE_PENDING:
            return set()
        cards = {cardface.card_label(c) for c in (*DECK, JOKER)}
        return self.texts | cards


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch) -> EngineWords:
    return EngineWords(monkeypatch)


# ----------------------------------------------------------------------------- what is checked

def _authored(params_: dict[str, str]) -> set[str]:
    """Text a page's author wrote (a scenario's title, description, names and notes): not ours
    to translate."""
    path = prerender._scenario_file(params_) if params_.get("widget") == "scenario" else None
    if path is None:
        return set()
    data = json.loads(path.read_text(encoding="utf-8"))
    notes = data.get("captions") or []
    notes = notes.values() if isinstance(notes, dict) else notes
    return {str(t) for t in [data.get("title"), data.get("description"), *data.get("names", []), *notes] if t}


# Read too, in the widgets: the game's iframe title (data-title) and a cell's name on a phone
# (data-label, shown by the stylesheet).
_WIDGET_ATTRIBUTES = re.compile(r'\sdata-(?:title|label)="([^"]*)"')
# Card text (Ah, 10h, Ts, Jk) and the joker's index (JK): not words, and not translated.
_CARD_TEXT = re.compile(r"(?<![^\W\d_])(?:10|[2-9TJQKA])[hdcs](?![^\W\d_])|(?<![^\W\d_])J[kK](?![^\W\d_])")


def reader_text(page: str) -> str:
    """What a person reads or hears of a widget's HTML."""
    extra = [html.unescape(v) for v in _WIDGET_ATTRIBUTES.findall(page)]
    return "\n".join([visible_text(page), *extra])


def unbracketed(text: str, allowed: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """The words outside the catalogue's [brackets]; card text is not a word."""
    rest = text
    for name in sorted(allowed, key=len, reverse=True):  # before card text: a sentence may hold some
        if name:
            rest = rest.replace(name, " ")
    return stray_words(_CARD_TEXT.sub(" ", rest))


def _leftovers(out: dict[str, Any], allowed: set[str]) -> list[str]:
    texts = [reader_text(out["html"])]
    texts += [reader_text(page) for page in out.get("frames", [])]
    texts += out.get("captions", [])
    if not out.get("ok", True):
        texts.append(out["error"])
    return sorted({w for t in texts for w in unbracketed(t, allowed)})


def _render(given: dict[str, str], extra: dict[str, Any] | None = None) -> dict[str, Any]:
    return dict(json.loads(bridge.render(json.dumps(given), json.dumps(extra or {}))))


ENGLISH_STATES = prerender.states(["en"])


@pytest.mark.parametrize("state", ENGLISH_STATES, ids=prerender.canonical_key)
def test_every_prerendered_state_comes_from_the_catalogue(qps: Language, engine: EngineWords,
                                                         state: dict[str, str]) -> None:
    out = _render({**state, "lang": "qps"}, prerender.extra_for(state))
    assert out["lang"] == "qps"
    allowed = _authored(state) | engine.allowed()
    assert _leftovers(out, allowed) == [], (ENGINE_PENDING, state)


SCENARIO = {"stacks": [50, 50], "button": 0, "seed": 4, "names": ["Ann", "Bob"], "actions": ["fold"]}
ERROR_STATES: list[tuple[dict[str, str], dict[str, Any]]] = [
    ({}, {}),
    ({"widget": "poker"}, {}),
    ({"widget": "compare", "colour": "red"}, {}),
    ({"widget": "ranking", "suit_ties": "kicker"}, {}),
    ({"widget": "compare", "preset": "casino"}, {}),
    ({"widget": "compare", "suit_ties": "coin"}, {}),
    ({"widget": "compare", "suit_order": "hhcs"}, {}),
    ({"widget": "compare", "flush_beats_full_house": "maybe"}, {}),
    ({"widget": "scenario"}, {}),
    ({"widget": "scenario", "src": "https://example.com/x.json"}, {}),
    ({"widget": "scenario", "src": " "}, {}),
    ({"widget": "scenario", "src": "s.json"}, {"src_error": "HTTP 404 Not Found"}),
    ({"widget": "scenario", "src": "s.json"}, {}),
    ({"widget": "scenario", "data": "%%%"}, {}),
    ({"widget": "scenario", "data": "{oops"}, {}),
    ({"widget": "scenario", "data": "{" + "x" * 1_400_000}, {}),
    ({"widget": "scenario", "data": "[1, 2]"}, {}),
    ({"widget": "scenario", "data": json.dumps({**SCENARIO, "names": ["Ann"]})}, {}),
    ({"widget": "scenario", "data": json.dumps({**SCENARIO, "captions": {"9": "x"}})}, {}),
    ({"widget": "scenario", "data": json.dumps({**SCENARIO, "captions": "x"})}, {}),
    ({"widget": "scenario", "data": json.dumps({**SCENARIO, "actions": ["bet 1000"]})}, {}),
    ({"widget": "game", "opponents": "7"}, {}),
    ({"widget": "game", "stakes": "3"}, {}),
    ({"widget": "game", "joker": "maybe"}, {}),
    ({"widget": "game", "draw_limit": "9"}, {}),
    ({"widget": "odds", "opponents": "5"}, {}),
    ({"widget": "odds", "top": "²"}, {}),
    ({"widget": "compare", "a": "Ah Kh Qh Jh", "b": "7s 8s 9s Ts Js"}, {}),
    ({"widget": "compare", "a": "Ah Kh Qh Jh Zz", "b": "7s 8s 9s Ts Js"}, {}),
    ({"widget": "compare", "a": "Ah Kh Qh Jh 9h", "b": "Ah 8s 9s Ts Js"}, {}),
    ({"widget": "compare", "a": "", "b": ""}, {}),
    ({"widget": "odds", "hand": "Ah Kh"}, {}),
    ({"widget": "odds", "hand": "Ah Kh Qh Jh Xx"}, {}),
    ({"widget": "odds", "hand": "Ah Kh Qh Jh 7c", "dead": "Ah"}, {}),
    ({"widget": "odds", "hand": ""}, {}),
    ({"widget": "ranking", "lang": "xx"}, {"page_lang": "qps"}),
]


@pytest.mark.parametrize("given, extra", ERROR_STATES, ids=[str(i) for i in range(len(ERROR_STATES))])
def test_every_error_state_comes_from_the_catalogue(qps: Language, engine: EngineWords, given: dict[str, str],
                                                    extra: dict[str, Any]) -> None:
    out = _render({"lang": "qps", **given}, extra)
    assert out["lang"] == "qps"
    assert _leftovers(out, {"Ann", "Bob"} | engine.allowed()) == [], (ENGINE_PENDING, given)


def test_an_internal_error_comes_from_the_catalogue(qps: Language, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(rules: Rules) -> str:
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(bridge.ranking, "render", broken)
    out = _render({"widget": "ranking", "lang": "qps"})
    assert out["ok"] is False and out["detail"] == "IndexError: tuple index out of range"
    assert out["lang"] == "qps" and _leftovers(out, set()) == []


def test_the_answers_on_interaction_come_from_the_catalogue(qps: Language, engine: EngineWords) -> None:
    forms = [{"a": "Qh Qs Tc 9d 8s", "b": "Qd Qc Th 9s 8d", "preset": "official", "suit_ties": "split",
              "suit_order": "shdc", "flush_beats_full_house": "0"},
             {"a": "Kh Kd Qc Qs Jk", "b": "Ah Ad Jc Js 9h", "joker": "1"},
             {"a": "Qh", "b": ""}, {"a": "Qh Qs Tc 9d 8s", "b": "x", "suit_ties": "nonsense"}]
    answers = [json.loads(bridge.compare_result(json.dumps(form), "qps"))["html"] for form in forms]
    settings = _render({"widget": "odds", "hand": "", "lang": "qps", "opponents": "2", "dead": "7s"})["settings"]
    for hand in ("9h 9d Kc 8s 7h", "", "Ah Kh", "Ah Kh Qh Jh 7s"):
        answers.append(bridge.odds_result(hand, json.dumps(settings), "qps"))
    answers.append(bridge.odds_result("Ah Kh Qh Jh 7c", "{}", "qps"))
    problem = json.loads(bridge.preset_options("casino", "qps"))["error"]
    allowed = engine.allowed()
    for answer in answers:
        assert _leftovers({"html": answer}, allowed) == [], (ENGINE_PENDING, answer)
    assert unbracketed(problem, allowed) == []


# ----------------------------------------------------------------------------- lang=

@pytest.mark.parametrize("value, code", [("it", "it"), (" IT-it ", "it"), ("pt_PT", "pt"), ("hr", "bs"),
                                         ("de-AT", "de"), ("EN", "en"), ("", "en"), ("qps", "qps")])
def test_lang_names_a_language_as_a_tag(value: str, code: str) -> None:
    assert params.language(value) == code
    assert prerender.language_code(value) == (code if value.strip() else None)  # as embed.js reads it


@pytest.mark.parametrize("value", ["xx", "ja", "english", "i t", "<b>"])
def test_an_unknown_language_is_a_clear_error_in_the_pages_language(qps: Language, value: str) -> None:
    out = _render({"widget": "ranking", "lang": value})
    assert out["ok"] is False and out["lang"] == "en"
    assert out["error"].startswith("lang must be one of en, it, es, pt, fr, de, el, tr, bs, got ")
    assert 'role="alert"' in out["html"] and "<b>" not in out["html"]
    said = _render({"widget": "ranking", "lang": value}, {"page_lang": "qps"})
    assert said["lang"] == "qps" and said["error"].startswith("[") and unbracketed(said["error"]) == []
    # a page language that is not one of ours: English
    assert _render({"widget": "ranking", "lang": value}, {"page_lang": "ja"})["error"] == out["error"]


def test_every_widget_takes_lang(qps: Language) -> None:
    for given in ({"widget": "ranking"}, {"widget": "compare", "a": "Ah Kh Qh Jh 9h", "b": "As Ks Qs Js 9s"},
                  {"widget": "scenario", "data": json.dumps(SCENARIO)}, {"widget": "odds", "hand": "Ah Kh Qh Jh 7c"},
                  {"widget": "game"}):
        out = _render({**given, "lang": "qps"})
        assert out["ok"] and (out["lang"], out["dir"]) == ("qps", "ltr"), given
        assert "[" in out["html"]
        english = _render(given)
        assert english["ok"] and (english["lang"], english["dir"]) == ("en", "ltr")
        assert "[" not in english["html"]


_TRANSLATED = ("aria-label", "title", "placeholder", "data-title", "data-label")


def _skeleton(html: str) -> list[str]:
    """The markup without its words: tags and attributes, a translated attribute's value left
    out (and the language in the game's link)."""
    out = []
    for tag in re.findall(r"<[^>]+>", html):
        tag = re.sub(r'\s(' + "|".join(_TRANSLATED) + r')="[^"]*"', r" \1", tag)
        out.append(re.sub(r"lang=[a-z]+", "lang=", tag))
    return out


@pytest.mark.parametrize("state", ENGLISH_STATES, ids=prerender.canonical_key)
def test_lang_changes_the_words_and_nothing_else(qps: Language, state: dict[str, str]) -> None:
    english = _render(state, prerender.extra_for(state))
    other = _render({**state, "lang": "qps"}, prerender.extra_for(state))
    assert english["ok"] == other["ok"]
    for key in set(english) - {"html", "frames", "captions", "lang", "error", "query"}:
        assert english[key] == other[key], key
    assert _skeleton(english["html"]) == _skeleton(other["html"])
    assert [_skeleton(f) for f in english.get("frames", [])] == [_skeleton(f) for f in other.get("frames", [])]
    assert len(english.get("captions", [])) == len(other.get("captions", []))


# ----------------------------------------------------------------------------- a real catalogue

def _catalogue(code: str, messages: dict[Any, Any]) -> bytes:
    catalog = Catalog(locale=code)
    for key, value in messages.items():
        if isinstance(key, tuple) and len(key) == 2 and not isinstance(value, tuple):
            catalog.add(key[1], value, context=key[0])
        elif isinstance(key, tuple) and len(key) == 3:
            catalog.add(key[1:], value, context=key[0])
        else:
            catalog.add(key, value)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


ITALIAN = {
    "Compare two hands": "Confronta due mani",
    "Hand A": "Mano A",
    "Hand B": "Mano B",
    "Pick cards for hand A": "Scegli le carte della mano A",
    ("setting", "Preset"): "Regole",
    ("preset", "official"): "ufficiali",
    "Equal hands": "Mani uguali",
    ("suit", "hearts"): "cuori",
    "A flush beats a full house in 32-card poker.": "Il colore batte il full nel poker a 32 carte.",
    # Italian has three plural forms by CLDR (one, many: a million, other)
    ("ranking column", "{n} card", "{n} cards"): ("{n} carta", "{n} di carte", "{n} carte"),
    ("hand category", "flush"): "colore",
    ("playback", "Play"): "Riproduci",
    ("start a game", "Play"): "Gioca",
    ("you and {n} bot", "you and {n} bots"): ("tu e {n} bot", "tu e {n} di bot", "tu e {n} bot"),
    "Stripdeck widget:": "Widget Stripdeck:",
    ("odds column", "Win"): "Vince",
}


def test_a_real_catalogue_translates_the_widgets(languages: None) -> None:
    assert json.loads(bridge.add_language("it", _catalogue("it", ITALIAN))) == {"ok": True}
    page = _render({"widget": "compare", "a": "Qh Qs Tc 9d 8s", "b": "Qd Qc Th 9s 8d", "lang": "it",
                    "preset": "official"})
    assert page["lang"] == "it"
    html = page["html"]
    assert "<h2>Confronta due mani</h2>" in html and 'aria-label="Confronta due mani"' in html
    assert '<label>Mano A <input type="text" name="a"' in html and 'aria-label="Scegli le carte della mano A"' in html
    assert '<option value="official" selected>ufficiali</option>' in html and "<label>Regole <select" in html
    assert ">cuori &gt; diamonds &gt; clubs &gt; spades</option>" in html  # untranslated words stay English
    ranking = _render({"widget": "ranking", "lang": "it"})["html"]
    assert "Il colore batte il full nel poker a 32 carte." in ranking
    assert '<th scope="col">32 carte</th>' in ranking and 'data-label="52 carte"' in ranking
    assert '<th scope="row" class="sd-name">Colore</th>' in ranking  # capitalised as the table does
    assert "201.376" in ranking and "1.344" in ranking and "0,00993%" in ranking  # Italian numbers
    assert "▶ Riproduci</button>" in _render({"widget": "scenario", "data": json.dumps(SCENARIO),
                                               "lang": "it"})["html"]
    game = _render({"widget": "game", "opponents": "2", "lang": "it"})
    assert "tu e 2 bot" in game["html"] and "▶ Gioca</a>" in game["html"] and "&amp;lang=it&amp;" in game["html"]
    assert _render({"widget": "poker", "lang": "it"})["html"].count("<strong>Widget Stripdeck:</strong>") == 1
    assert "Vince</th>" in bridge.odds_result("Ah Kh Qh Jh 7c", json.dumps(
        _render({"widget": "odds", "hand": "", "lang": "it"})["settings"]), "it")
    # the same words in English as before, in the same session
    assert "<h2>Compare two hands</h2>" in _render({"widget": "compare"})["html"]


@pytest.mark.parametrize("code", ["de", "fr", "tr", "el", "pt", "es", "bs"])
def test_numbers_are_the_languages_even_before_translators_start(code: str, languages: None) -> None:
    # An empty catalogue: every sentence still in English, every number the language's way.
    assert json.loads(bridge.add_language(code, _catalogue(code, {})))["ok"]
    html = _render({"widget": "ranking", "lang": code})["html"]
    assert i18n.Language.from_mo(code, _catalogue(code, {})).number(201376) in html
    odds_html = _render({"widget": "odds", "hand": "Ah Kh Qh Jh 7c", "lang": code})["html"]
    with i18n.using(bridge.speaking(code)):
        assert f"<strong>{i18n.percent(0.461, 1)}</strong>" in odds_html


def test_a_corrupt_catalogue_is_refused_and_the_widget_speaks_english(languages: None) -> None:
    answer = json.loads(bridge.add_language("it", b"\x00not a catalogue"))
    assert answer["ok"] is False and "not a gettext catalogue" in answer["error"]
    out = _render({"widget": "compare", "lang": "it"})
    assert out["ok"] and out["lang"] == "en" and "<h2>Compare two hands</h2>" in out["html"]
    # a catalogue of another language, and one whose translation reads an attribute
    assert "is for the language 'de'" in json.loads(bridge.add_language("it", _catalogue("de", {})))["error"]
    bad = _catalogue("it", {"Hand A": "{player.__class__}"})
    assert "{player}" not in json.loads(bridge.add_language("it", bad))["error"]
    assert _render({"widget": "compare", "lang": "it"})["lang"] == "en"
    # given again, correct this time: the widgets speak it
    assert json.loads(bridge.add_language("it", _catalogue("it", ITALIAN)))["ok"]
    assert _render({"widget": "compare", "lang": "it"})["lang"] == "it"
