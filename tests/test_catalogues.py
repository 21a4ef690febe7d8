"""The catalogues (locale/): the template holds exactly the sentences of the sources, and every
offered language translates each of them, with the same placeholders, the plural forms CLDR
gives the language, nothing fuzzy and nothing stale (docs/i18n.md)."""

from __future__ import annotations

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from stripdeck import i18n
from stripdeck.i18n import placeholders

from tools import l10n

OFFERED = [code for code in i18n.LANGUAGES if code != "en"]
EVERY = list(l10n.BABEL_LOCALES)


def keys(catalog) -> set[tuple[object, str | None]]:
    return {(m.id, m.context) for m in catalog if m.id}


@pytest.fixture(scope="module")
def extracted():
    return l10n.extract()


@pytest.fixture(scope="module")
def template():
    with l10n.TEMPLATE.open("rb") as f:
        return read_po(f)


def test_the_template_holds_every_sentence_of_the_sources(extracted, template):
    missing = keys(extracted) - keys(template)
    stale = keys(template) - keys(extracted)
    assert not missing and not stale, (
        f"locale/stripdeck.pot is out of date (run: python3 build.py messages): "
        f"new {sorted(map(str, missing))[:10]}, gone {sorted(map(str, stale))[:10]}")


def test_every_sentence_has_well_formed_named_placeholders(extracted):
    for message in extracted:
        if not message.id:
            continue
        for text in (message.id if message.pluralizable else (message.id,)):
            try:
                placeholders(text)
            except ValueError as err:
                pytest.fail(f"{text!r} ({message.locations[0][0]}): {err}")


def test_the_languages_are_those_of_the_game():
    assert set(l10n.BABEL_LOCALES) | {"en"} == set(i18n.NAMES)
    assert set(i18n.LANGUAGES) <= set(i18n.NAMES)


def read(code):
    with (l10n.LOCALE / f"{code}.po").open("rb") as f:
        return read_po(f, locale=l10n.BABEL_LOCALES[code])


@pytest.mark.parametrize("code", EVERY)
def test_each_catalogue_is_in_step_with_the_template_and_cldr(code, template):
    catalog = read(code)
    text = (l10n.LOCALE / f"{code}.po").read_text(encoding="utf-8")
    assert f'"Language: {code}\\n"' in text
    assert catalog.plural_forms == get_plural(l10n.BABEL_LOCALES[code]).plural_forms, "Plural-Forms not CLDR's"
    assert keys(catalog) == keys(template), "run python3 build.py messages"
    assert not catalog.obsolete, f"stale: {list(catalog.obsolete)[:5]}"
    assert not catalog.fuzzy, "the header is marked fuzzy: it would be left out of the compiled catalogue"


@pytest.mark.parametrize("code", EVERY)
def test_an_offered_language_translates_every_sentence(code):
    catalog = read(code)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        where = f"{message.id!r}"
        if message.fuzzy:
            problems.append(f"fuzzy: {where}")
        forms = message.string if message.pluralizable else (message.string,)
        if not all(forms):
            problems.append(f"untranslated: {where}")
            continue
        if message.pluralizable and len(forms) != catalog.num_plurals:
            problems.append(f"{len(forms)} forms, not {catalog.num_plurals}: {where}")
        english = set().union(*(placeholders(t) for t in (message.id if message.pluralizable else (message.id,))))
        for form in forms:
            try:
                said = placeholders(form)
            except ValueError as err:
                problems.append(f"{err}: {where}")
                continue
            if said != english and not (message.pluralizable and said | {"n"} == english | {"n"}):
                problems.append(f"placeholders {sorted(said)} not {sorted(english)}: {where}")
    if code in OFFERED:
        assert not problems, "\n".join(problems[:40])
    else:  # still being translated: what is translated must be right
        assert not [p for p in problems if not p.startswith(("untranslated", "fuzzy"))], "\n".join(problems[:40])


def test_the_pseudo_language_covers_the_template(template):
    catalog = l10n.read(i18n.PSEUDO)
    assert keys(catalog) == keys(template)
    for message in catalog:
        if message.id:
            forms = message.string if message.pluralizable else (message.string,)
            assert all(f.startswith("[") and f.endswith("]") for f in forms)


def test_a_compiled_catalogue_loads_in_the_runtime(tmp_path, template):
    for code in [*OFFERED, i18n.PSEUDO]:
        data = l10n._mo_bytes(l10n.read(code))
        language = i18n.Language.from_mo(code, data)
        assert language.code == code
