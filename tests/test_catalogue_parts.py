"""The catalogue in parts (docs/i18n.md, "Bytes"): the build splits every language's catalogue by
one rule (each source file's ``l10n-part`` mark; a sentence of several files goes to the part the
page loads first), every sentence is in exactly one part, the game page's first part keeps a
language under 30 KB of gzip to the first load, and the runtime adds a part to a language as a
gettext fallback, checked like any catalogue."""

from __future__ import annotations

import gettext
import gzip
import io
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from stripdeck import i18n
from stripdeck.i18n import CatalogueError, Language, _, ngettext, pgettext

from tools import l10n

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
OFFERED = [code for code in i18n.LANGUAGES if code != "en"]
TARGET = 30_000  # bytes, gzip -9: what a language may add to the game page's first load (issue 17)


@pytest.fixture(scope="module")
def template():
    return l10n.extract()


@pytest.fixture(scope="module")
def parts():
    return l10n.file_parts()


def keys(messages) -> set[tuple[object, str | None]]:
    return {(m.id, m.context) for m in messages}


def compiled(code: str, parts: dict[str, str]) -> dict[str, bytes]:
    """The game page's parts of ``code``, compiled as the build compiles them."""
    catalog = l10n.read(code)
    with l10n.TEMPLATE.open("rb") as f:
        from babel.messages.pofile import read_po

        l10n._locations_from(read_po(f), catalog)
    by_part = l10n.split(catalog, parts)
    return {part: l10n._mo_bytes(l10n.part_catalog(catalog, part, by_part[part])) for part in l10n.PAGE_PARTS}


def test_every_sentence_is_in_exactly_one_part(template, parts):
    by_part = l10n.split(template, parts)
    assert set(by_part) == set(l10n.PARTS)
    seen: set[tuple[object, str | None]] = set()
    for name, messages in by_part.items():
        assert messages, f"the part {name!r} is empty: a mark was lost"
        assert not keys(messages) & seen, name
        seen |= keys(messages)
    assert seen == keys(m for m in template if m.id)


def test_the_rule_reads_the_files_marks_and_the_page_comes_first(template, parts):
    def whole_file(path: str) -> str:
        marks = parts[path]
        assert len(marks) == 1 and marks[0][0] < 60, (path, marks)  # one mark, under its opening comment
        return marks[0][1]

    assert whole_file("core/stripdeck/advisor.py") == "hint" and whole_file("web/friends/guest.py") == "friends"
    assert whole_file("core/stripdeck/__main__.py") == "cli" and whole_file("web/page/net.js") == "script"
    assert parts["web/table/render.py"] == ()
    where = {(m.id, m.context): l10n.part_of(m.locations, parts) for m in template if m.id}
    assert where[("Fold", "button")] == "page"  # the table from the first hand
    assert where[("32 cards: only 7, 8, 9, 10, J, Q, K and A in each suit.", None)] == "help"  # How to play
    # rules_text.py's preset lines are Settings' (above its mark), its rules How to play's (below).
    assert where[("The official rules: antes, fixed limit, the pair's suit decides equal hands, no clocks.",
                  None)] == "page"
    for message in template:
        if not message.id:
            continue
        places = {l10n.part_at(parts.get(path, ()), line) for path, line in message.locations}
        if "page" in places:  # said by the table anywhere: loaded at start
            assert where[(message.id, message.context)] == "page", message.id
        if places == {"help"}:
            assert where[(message.id, message.context)] == "help", message.id


def test_a_mark_naming_no_part_is_an_error_and_a_mark_holds_until_the_next(tmp_path, monkeypatch):
    source = tmp_path / "x.py"
    source.write_text('"""A module."""\n# l10n-part: lobby\n')
    monkeypatch.setattr(l10n, "ROOT", tmp_path)
    with pytest.raises(ValueError, match="lobby"):
        l10n.file_marks(source)
    source.write_text('"""A module."""\nTEXT = "# l10n-part: help"\n')  # only a mark on a line of its own counts
    assert l10n.file_marks(source) == ()
    source.write_text('"""A module."""\nA = 1\n# l10n-part: help\nB = 2\n  # l10n-part: page\n')
    marks = l10n.file_marks(source)
    assert marks == ((3, "help"), (5, "page"))
    assert [l10n.part_at(marks, line) for line in (2, 3, 4, 5, 6)] == ["page", "help", "help", "page", "page"]


@pytest.mark.parametrize("code", OFFERED)
def test_the_compiled_parts_split_the_whole_catalogue(code, parts):
    pieces = compiled(code, parts)
    whole = gettext.GNUTranslations(io.BytesIO(l10n._mo_bytes(l10n.read(code))))._catalog  # type: ignore[attr-defined]
    seen: set[object] = set()
    for part, data in pieces.items():
        language = Language.from_mo(code, data, part=part)  # each part is a checked catalogue of its own
        found = set(language.translations._catalog) - {""}  # type: ignore[attr-defined]
        assert not found & seen, part
        seen |= found
    # What the page never loads: the script's, the widgets' and the command line's sentences.
    assert seen < set(whole) - {""}


@pytest.mark.parametrize("code", OFFERED)
def test_a_language_adds_under_30_kb_to_the_game_page_s_first_load(code, parts):
    if not (DIST / f"index.{code}.html").is_file():
        pytest.fail("no built site in dist/: run `python3 build.py site` (build.py test does)")

    def packed(data: bytes) -> int:
        return len(gzip.compress(data, 9, mtime=0))

    page_extra = packed((DIST / f"index.{code}.html").read_bytes()) - packed((DIST / "index.html").read_bytes())
    added = page_extra + packed(compiled(code, parts)["page"])
    assert added < TARGET, f"{code}: {added:,} bytes (gzip) added to the first load"


def test_the_service_worker_keeps_every_part_for_offline_play():
    if not (DIST / "sw.js").is_file():
        pytest.fail("no built site in dist/: run `python3 build.py site` (build.py test does)")
    from tools import offline

    cached = set(offline.game_files(DIST))
    for code in [*OFFERED, i18n.PSEUDO]:
        for part in l10n.PAGE_PARTS:
            assert f"locale/{code}.{part}.mo" in cached
            assert f'"locale/{code}.{part}.mo"' in (DIST / "sw.js").read_text(encoding="utf-8")


# ------------------------------------------------------------------ the runtime: a part at a time

def mo(code: str, messages: dict[object, object], part: str | None = None) -> bytes:
    catalog = Catalog(locale=code, project="Stripdeck", version=part or "1", fuzzy=False)
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


def test_a_part_added_later_is_said_and_the_earlier_ones_still_are():
    first = Language.from_mo("it", mo("it", {("button", "Fold"): "Passo"}, "page"), part="page")
    assert first.has_part("page") and not first.has_part("help")
    with i18n.using(first):
        assert _("How a hand goes") == "How a hand goes"  # not loaded yet: English
    both = first.with_part("help", mo("it", {"How a hand goes": "Come va una mano",
                                             ("{n} card", "{n} cards"): ("{n} carta", "{n} carte", "{n} carte")},
                                       "help"))
    assert both.has_part("help") and not first.has_part("help")  # a new Language: the first is unchanged
    with i18n.using(both):
        assert _("How a hand goes") == "Come va una mano"
        assert pgettext("button", "Fold") == "Passo"
        assert ngettext("{n} card", "{n} cards", 3) == "3 carte"
    assert i18n.ENGLISH.has_part("help")
    assert Language.from_mo("it", mo("it", {})).has_part("friends")  # a whole catalogue (widgets, command line)


@pytest.mark.parametrize(("data", "says"), [
    (mo("it", {"x": "y"}, "hint"), "another part"),
    (mo("de", {"x": "y"}, "help"), "for the language 'de'"),
    (b"\x00not a catalogue", "not a gettext catalogue"),
    (mo("it", {"{player} folds.": "{amount} passa."}, "help"), "uses {amount}"),
])
def test_a_part_that_cannot_be_used_is_refused_by_name(data, says):
    first = Language.from_mo("it", mo("it", {}, "page"), part="page")
    with pytest.raises(CatalogueError, match=says):
        first.with_part("help", data)
    assert not first.has_part("help")


def test_english_takes_no_part():
    with pytest.raises(CatalogueError):
        i18n.ENGLISH.with_part("help", mo("it", {}, "help"))


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
