"""The languages' runtime (stripdeck.i18n): numbers and lists as CLDR writes them, plural forms,
placeholders filled, the current language per context, and catalogues checked like any
untrusted input (a clear CatalogueError, English kept)."""

from __future__ import annotations

import asyncio
import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.numbers import format_decimal, format_percent
from stripdeck import i18n
from stripdeck.i18n import CatalogueError, Language, _, ngettext, pgettext

BABEL = {"en": "en", "it": "it", "es": "es", "pt": "pt_PT", "fr": "fr", "de": "de", "el": "el", "tr": "tr",
         "bs": "bs"}
ALL = list(BABEL)



def run_in_own_thread(coroutine):
    """asyncio.run in a thread of its own: the browser tests' Playwright keeps an event loop
    running in the main thread for the whole session, where asyncio.run refuses to start."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()

def mo(code: str, messages: dict[object, object], locale: str | None = None) -> bytes:
    """A compiled catalogue for ``code`` with ``messages`` ({msgid or (context, msgid) or
    (singular, plural): translation or forms})."""
    catalog = Catalog(locale=locale or BABEL.get(code, code))
    for key, value in messages.items():
        if isinstance(key, tuple) and isinstance(value, tuple):
            catalog.add(key, value)
        elif isinstance(key, tuple):
            catalog.add(key[1], value, context=key[0])
        else:
            catalog.add(key, value)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def lang(code: str) -> Language:
    return Language.from_mo(code, mo(code, {"x": "x"})) if code != "en" else i18n.ENGLISH


@pytest.mark.parametrize("code", ALL)
def test_numbers_are_written_as_cldr_writes_them(code):
    language = lang(code)
    for value in (0, 7, 999, 1000, 1234, 201376, 1000000, -1234, -5):
        assert language.number(value) == format_decimal(value, locale=BABEL[code]), value
    for value in (0.5, 12.5, 1234.5, -2.5):
        assert language.number(value, 1) == format_decimal(value, locale=BABEL[code], format="#,##0.0"), value


@pytest.mark.parametrize("code", ALL)
def test_percentages_put_the_sign_where_the_language_does(code):
    language = lang(code)
    for share in (0, 0.07, 0.43, 1):
        assert language.percent(share) == format_percent(share, locale=BABEL[code]), share


@pytest.mark.parametrize("code", ALL)
def test_lists_are_joined_as_cldr_joins_them(code):
    language = lang(code)
    for items in (["A"], ["A", "B"], ["A", "B", "C"], ["A", "B", "C", "D"]):
        assert language.join(items) == format_list(items, locale=BABEL[code])


def test_a_translated_sentence_fills_its_placeholders_with_the_languages_numbers():
    italian = Language.from_mo("it", mo("it", {"{player} raises to {amount}.": "{player} rilancia a {amount}."}))
    with i18n.using(italian):
        assert _("{player} raises to {amount}.", player="Ada", amount=1200) == "Ada rilancia a 1.200."
        assert _("Untranslated {x}.", x=3) == "Untranslated 3."
    assert _("{player} raises to {amount}.", player="Ada", amount=1200) == "Ada raises to 1,200."


def test_bosnian_has_three_plural_forms_by_cldr():
    forms = ("{n} karta", "{n} karte", "{n} karata")
    bosnian = Language.from_mo("bs", mo("bs", {("{n} card", "{n} cards"): forms}))
    assert get_plural("bs").num_plurals == 3
    with i18n.using(bosnian):
        said = {n: ngettext("{n} card", "{n} cards", n) for n in (1, 2, 5, 11, 21, 22, 25)}
    assert said == {1: "1 karta", 2: "2 karte", 5: "5 karata", 11: "11 karata", 21: "21 karta",
                    22: "22 karte", 25: "25 karata"}


def test_contexts_keep_words_apart():
    german = Language.from_mo("de", mo("de", {("card", "queen of spades"): "Pik-Dame", "queen of spades": "x"}))
    with i18n.using(german):
        assert pgettext("card", "queen of spades") == "Pik-Dame"


def test_each_task_keeps_the_language_of_its_block():
    french = Language.from_mo("fr", mo("fr", {"Fold": "Se coucher"}))

    async def speak(language: Language) -> str:
        with i18n.using(language):
            await asyncio.sleep(0)
            return _("Fold")

    async def both() -> list[str]:
        return list(await asyncio.gather(speak(french), speak(i18n.ENGLISH)))

    assert run_in_own_thread(both()) == ["Se coucher", "Fold"]
    assert i18n.current() is i18n.ENGLISH


@pytest.mark.parametrize("data, says", [
    (b"", "not a gettext catalogue"),
    (b"\x00" * 40, "not a gettext catalogue"),
    (b"\xde\x12\x04\x95" + b"\xff" * 30, "not a gettext catalogue"),
])
def test_a_corrupt_catalogue_is_refused_by_name(data, says):
    with pytest.raises(CatalogueError, match=says):
        Language.from_mo("it", data)


def test_a_catalogue_for_another_language_is_refused():
    with pytest.raises(CatalogueError, match="'it' catalogue is for the language 'de'"):
        Language.from_mo("it", mo("de", {"Fold": "Passen"}))


def test_an_unknown_language_is_refused():
    with pytest.raises(CatalogueError, match="unknown language 'xx'"):
        Language.from_mo("xx", mo("it", {}))


@pytest.mark.parametrize("translation, says", [
    ("{player} rilancia a {importo}.", "uses {importo}, which it does not have"),
    ("{player.__class__} rilancia.", "is malformed"),
    ("{player!r} rilancia.", "is malformed"),
    ("{player:>99999} rilancia.", "is malformed"),
    ("{player rilancia.", "is malformed"),
])
def test_a_translation_with_a_placeholder_the_english_lacks_is_refused(translation, says):
    with pytest.raises(CatalogueError, match=says):
        Language.from_mo("it", mo("it", {"{player} raises to {amount}.": translation}))
    assert i18n.current() is i18n.ENGLISH


def test_the_process_language_is_seen_everywhere_outside_a_block():
    german = Language.from_mo("de", mo("de", {"Fold": "Passen", "Call": "Mitgehen"}))
    italian = Language.from_mo("it", mo("it", {"Fold": "Passo"}))
    try:
        i18n.use(german)
        assert _("Fold") == "Passen"
        with i18n.using(italian):
            assert _("Fold") == "Passo"
            assert _("Call") == "Call"  # Italian has no translation: the English
        async def call_word() -> str:
            await asyncio.sleep(0)
            return _("Call")

        assert run_in_own_thread(call_word()) == "Mitgehen"  # another thread, a task: the process's language
    finally:
        i18n.use(i18n.ENGLISH)
    assert _("Fold") == "Fold"


def test_a_translation_may_leave_a_placeholder_out():
    italian = Language.from_mo("it", mo("it", {"{player} folds.": "Passo."}))
    with i18n.using(italian):
        assert _("{player} folds.", player="Ada") == "Passo."


def test_languages_are_chosen_from_a_persons_list():
    every = list(i18n.NAMES)
    assert i18n.choose(["de-AT", "en"], every) == "de"
    assert i18n.choose(["pt-BR"], every) == "pt"
    assert i18n.choose(["sr-Latn-RS"], every) == "bs"
    assert i18n.choose(["hr"], every) == "bs"
    assert i18n.choose(["zh", "ja"], every) == "en"
    assert i18n.choose([], every) == "en"
    assert i18n.choose(["it", "de"], offered=["en", "de"]) == "de"
    assert i18n.choose(["xx"], offered=i18n.LANGUAGES) == "en"


def test_the_command_line_reads_the_environment_as_gettext_does():
    every = list(i18n.NAMES)
    assert i18n.from_environment({"LANGUAGE": "xx:el:it", "LANG": "de_DE.UTF-8"}, every) == "el"
    assert i18n.from_environment({"LC_ALL": "tr_TR.UTF-8", "LANG": "de_DE.UTF-8"}, every) == "tr"
    assert i18n.from_environment({"LANG": "fr_FR.UTF-8"}, every) == "fr"
    assert i18n.from_environment({"LANG": "C.UTF-8"}, every) == "en"
    assert i18n.from_environment({}, every) == "en"


def test_turkish_capitalises_a_dotted_i():
    turkish = Language.from_mo("tr", mo("tr", {}))
    assert turkish.upper_first("ilk el") == "İlk el"
    assert i18n.ENGLISH.upper_first("ilk") == "Ilk"
