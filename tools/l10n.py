"""Translations at build time (docs/i18n.md): extract every sentence into the template
``locale/stripdeck.pot``, bring the ``locale/<code>.po`` files up to date, and compile them.

Babel does the extracting, the merging and the compiling: a build tool (pinned in
tools/requirements-tools.txt and requirements-dev.txt), never a dependency of the game, which
reads the compiled catalogues with the standard library's gettext.

    python3 build.py messages     extract, then update every .po (new sentences untranslated)

``build.py site`` compiles (:func:`compile_all`): ``dist/locale/<code>.mo`` (every sentence) for
the widgets, the game page's parts ``dist/locale/<code>.<part>.mo`` (:data:`PAGE_PARTS`: the
page loads its language's ``page`` part at start and each other part when it first needs it),
``dist/locale/<code>.json`` with the sentences the page's JavaScript needs, and
``core/stripdeck/locale/<code>.mo`` for the command line; the pseudo-language ``qps`` is made
from the template (:func:`pseudo`).

Which part a sentence is in follows one rule (:func:`part_of`), not a list of sentences: a source
file says where its sentences are needed with a mark on a line of its own (``# l10n-part: help``;
``//`` in JavaScript, ``<!-- -->`` in HTML), which holds from that line to the next mark (what
stands above any mark, and a file without one, is the page's: needed from the first hand); a
sentence found in several places goes to the part of them that the page loads first
(:data:`PARTS` is in that order).

Run as a module in the tools venv: ``python -m tools.l10n extract|update|compile DEST``.
"""

from __future__ import annotations

import html
import json
import re
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from . import ROOT

LOCALE = ROOT / "locale"
TEMPLATE = LOCALE / "stripdeck.pot"
# The languages with a catalogue, and the CLDR locale each one's rules (plurals) come from.
# Portuguese is Portugal's (docs/i18n.md).
BABEL_LOCALES = {"it": "it", "es": "es", "pt": "pt_PT", "fr": "fr", "de": "de", "el": "el", "tr": "tr", "bs": "bs"}
PSEUDO = "qps"
NAMES = {"it": "Italian", "es": "Spanish", "pt": "Portuguese (Portugal)", "fr": "French", "de": "German",
         "el": "Greek", "tr": "Turkish", "bs": "Bosnian (Latin script)"}
CLI_LOCALE = ROOT / "core" / "stripdeck" / "locale"

# Where the sentences are: (glob relative to ROOT, Babel extraction method).
SOURCES = (
    ("core/stripdeck/*.py", "python"),
    ("web/*/*.py", "python"),
    ("web/*/*.js", "javascript"),
    ("embed.js", "javascript"),
    ("index.html", "tools.l10n:extract_html"),
    ("embed.html", "tools.l10n:extract_html"),
    ("manifest.webmanifest", "tools.l10n:extract_manifest"),
)
MANIFEST_WORDS = ("name", "short_name", "description")  # a manifest's words (tools/shell.py translates them)
KEYWORDS = {
    "_": None, "N_": None, "NP_": ((1, "c"), 2), "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
COMMENT_TAGS = ("TRANSLATORS:",)

# The catalogue's parts, in the order the game page loads them (docs/i18n.md, "Bytes"):
#   page     what the table shows from the first hand (files without a mark)
#   help     How to play: the long rules text and its ranking table
#   hint     the Hint: the draw advisor's reasons
#   friends  play with friends: the Friends panel, hosting, joining, a guest's table
#   script   sentences only the page's JavaScript says (compiled into <code>.json, inline in the page)
#   widgets  the widgets' own sentences and explain() (the page never shows them)
#   cli      the command line's and the arena's (only in core/stripdeck/locale/<code>.mo)
PARTS = ("page", "help", "hint", "friends", "script", "widgets", "cli")
PAGE_PARTS = ("page", "help", "hint", "friends")  # compiled into dist/locale/<code>.<part>.mo
_PART_MARK = re.compile(r"^\s*(?:#|//|<!--) l10n-part: ([a-z]+)", re.M)
PROJECT = "Stripdeck"

# ------------------------------------------------------------------ HTML: data-l10n

# In a page template, an element marked ``data-l10n`` has its text translated (its text is the
# English sentence), and ``data-l10n-attrs="aria-label title"`` names attributes to translate.
# The built page keeps the English in ``data-l10n="..."`` and ``data-l10n-<attr>="..."``, so the
# page can say it again in another language without a reload (web/app/l10n.py).
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Marked(HTMLParser):
    """Finds the translatable texts and attributes of a template, with their places."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.found: list[tuple[int, str | None, str]] = []   # (line, context, English), for the extractor
        # a marked tag: (start, end, attributes to translate, its text's English, the context)
        self.tags: list[tuple[int, int, list[str], str | None, str | None]] = []
        self.texts: list[tuple[int, int, str, str | None]] = []  # (start, end, English, context)
        self._open: list[tuple[str, int, int, int]] = []  # (tag, its index in self.tags or -1, text start)

    def feed_text(self, text: str) -> None:
        self._offsets = [0]
        for line in text.splitlines(keepends=True):
            self._offsets.append(self._offsets[-1] + len(line))
        self._text = text
        self.feed(text)
        self.close()

    def _pos(self) -> int:
        line, col = self.getpos()
        return self._offsets[line - 1] + col

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        start = self._pos()
        end = start + len(self.get_starttag_text() or "")
        translated = (named.get("data-l10n-attrs") or "").split()
        context = named.get("data-l10n-context")
        for attr in translated:
            value = named.get(attr)
            if value is None:
                raise ValueError(f"line {self.getpos()[0]}: data-l10n-attrs names {attr!r}, which <{tag}> lacks")
            self.found.append((self.getpos()[0], context, value))
        index = -1
        if translated or "data-l10n" in named:
            index = len(self.tags)
            self.tags.append((start, end, translated, None, context))
        if tag not in _VOID:
            self._open.append((tag, index if "data-l10n" in named else -1, end, self.getpos()[0]))

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            name, index, begin, line = self._open.pop()
            if name == tag:
                break
        else:
            return
        if index < 0:
            return
        raw = self._text[begin:self._pos()]
        if "<" in raw:
            raise ValueError(f"line {line}: a data-l10n element holds markup: {raw!r}")
        english = " ".join(html.unescape(raw).split())
        start, end, attrs, _, context = self.tags[index]
        self.found.append((line, context, english))
        self.texts.append((begin, self._pos(), english, context))
        self.tags[index] = (start, end, attrs, english, context)


def extract_html(fileobj: Any, keywords: Any, comment_tags: Any,
                 options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extraction method for page templates: the data-l10n texts and attributes."""
    parser = _Marked()
    parser.feed_text(fileobj.read().decode("utf-8"))
    for line, context, english in parser.found:
        if context is None:
            yield line, "_", english, []
        else:
            yield line, "pgettext", (context, english), []


def extract_manifest(fileobj: Any, keywords: Any, comment_tags: Any,
                     options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extraction method for the web app manifest: its name, short name and description."""
    text = fileobj.read().decode("utf-8")
    data = json.loads(text)
    for key in MANIFEST_WORDS:
        line = next((i for i, row in enumerate(text.splitlines(), 1) if f'"{key}"' in row), 1)
        yield line, "_", data[key], []


def translate_html(template: str, language: Any) -> str:
    """A page template in one language (a stripdeck.i18n.Language): every data-l10n text and
    attribute translated, the English kept in ``data-l10n="..."`` and ``data-l10n-<attr>="..."``
    for the page's later changes of language (web/app/l10n.py).

    >>> from stripdeck.i18n import ENGLISH
    >>> translate_html('<b data-l10n>Fold</b><i title="Yes" data-l10n-attrs="title"></i>', ENGLISH)
    '<b data-l10n="Fold">Fold</b><i title="Yes" data-l10n-attrs="title" data-l10n-title="Yes"></i>'
    """
    parser = _Marked()
    parser.feed_text(template)

    def gettext(context: str | None, english: str) -> str:
        return str(language.gettext(english) if context is None else language.pgettext(context, english))

    edits: list[tuple[int, int, str]] = []
    for begin, end, english, context in parser.texts:
        edits.append((begin, end, html.escape(gettext(context, english), quote=False)))
    for start, end, attrs, english, context in parser.tags:
        tag = template[start:end]
        for attr in attrs:
            pattern = re.compile(r'(\s' + re.escape(attr) + r'=")([^"]*)(")')
            match = pattern.search(tag)
            if match is None:
                raise ValueError(f'write {attr}="..." with double quotes in {tag!r}')
            value = html.unescape(match.group(2))
            tag = (tag[:match.start()] + match.group(1) + html.escape(gettext(context, value)) + match.group(3)
                   + tag[match.end():])
            tag = tag[:-1].rstrip("/") + f' data-l10n-{attr}="{html.escape(value)}">'
        if english is not None:
            tag = re.sub(r'\sdata-l10n(?=[\s>])', f' data-l10n="{html.escape(english)}"', tag, count=1)
        edits.append((start, end, tag))
    out = template
    for start, end, text in sorted(edits, reverse=True):
        out = out[:start] + text + out[end:]
    return out


# ------------------------------------------------------------------ the pseudo-language

_ACCENTS = str.maketrans("aeiouycnAEIOUYCN", "åéïöüýçñÅÉÏÖÜÝÇÑ")
_KEEP = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&[#\w]+;)")


def pseudo(english: str) -> str:
    """The pseudo-language: accented, about 40% longer, in brackets; placeholders, markup and
    entities kept as they are.

    >>> pseudo("{player} raises to {amount}.")
    '[{player} råïsés tö {amount}. ~~~~~]'
    """
    parts = _KEEP.split(english)
    shown = "".join(p.translate(_ACCENTS) if i % 2 == 0 else p for i, p in enumerate(parts))
    visible = sum(len(p) for i, p in enumerate(parts) if i % 2 == 0)
    extra = max(1, round(visible * 0.4))
    pad = " ".join("~" * min(5, extra - k) for k in range(0, extra, 5))
    return f"[{shown} {pad}]"


# ------------------------------------------------------------------ Babel's part


def _babel() -> Any:
    try:
        import babel.messages  # noqa: F401
    except ImportError:
        raise SystemExit("tools.l10n needs Babel: run it with the tools venv's Python (build.py does)") from None
    from babel.messages import catalog, extract, mofile, pofile

    return catalog, extract, mofile, pofile


def source_files() -> list[Path]:
    """Every file whose sentences are extracted."""
    files: list[Path] = []
    for pattern, _method in SOURCES:
        files += sorted(ROOT.glob(pattern))
    return files


def _method(path: Path) -> str:
    rel = path.relative_to(ROOT).as_posix()
    for pattern, method in SOURCES:
        if Path(rel).match(pattern):
            return method
    raise ValueError(rel)


Marks = tuple[tuple[int, str], ...]  # a file's l10n-part marks: (line, part), in order


def file_marks(path: Path) -> Marks:
    """A source file's ``l10n-part:`` marks, each with its line (1-based)."""
    text = path.read_text(encoding="utf-8")
    marks = []
    for found in _PART_MARK.finditer(text):
        if found.group(1) not in PARTS:
            raise ValueError(f"{path.relative_to(ROOT)}: l10n-part {found.group(1)!r} is not one of {', '.join(PARTS)}")
        marks.append((text.count("\n", 0, found.start()) + 1, found.group(1)))
    return tuple(marks)


def file_parts() -> dict[str, Marks]:
    """Each source file (relative to ROOT) and its marks."""
    return {path.relative_to(ROOT).as_posix(): file_marks(path) for path in source_files()}


def part_at(marks: Marks, line: int) -> str:
    """The part of a sentence at ``line`` of a file with ``marks``: that of the last mark above it
    (a mark holds until the next one), else ``page``.

    >>> part_at(((20, "help"),), 12), part_at(((20, "help"),), 30), part_at(((5, "hint"), (9, "page")), 10)
    ('page', 'help', 'page')
    """
    part = "page"
    for mark_line, name in marks:
        if mark_line <= line:
            part = name
    return part


def part_of(locations: Any, parts: dict[str, Marks]) -> str:
    """The part a sentence found at ``locations`` ((file, line) pairs) is in: of the parts of its
    places, the one the page loads first (a file not among the sources counts as the page's).

    >>> marks = {"web/table/rules_text.py": ((20, "help"),), "core/stripdeck/arena.py": ((1, "cli"),)}
    >>> part_of([("web/table/rules_text.py", 30), ("web/table/render.py", 9)], marks)
    'page'
    >>> part_of([("web/table/rules_text.py", 30), ("core/stripdeck/arena.py", 3)], marks)
    'help'
    """
    found = [part_at(parts.get(path, ()), line or 0) for path, line in locations] or ["page"]
    return min(found, key=PARTS.index)


def split(catalog: Any, parts: dict[str, Marks] | None = None) -> dict[str, list[Any]]:
    """A catalogue's messages by part (every message in exactly one)."""
    parts = file_parts() if parts is None else parts
    out: dict[str, list[Any]] = {name: [] for name in PARTS}
    for message in catalog:
        if message.id:
            out[part_of(message.locations, parts)].append(message)
    return out


def part_catalog(catalog: Any, part: str, messages: list[Any]) -> Any:
    """A catalogue of ``messages`` only, with ``catalog``'s header (plural rule, language) and the
    part's name in its Project-Id-Version ("Stripdeck help"), which stripdeck.i18n checks."""
    catalog_mod = _babel()[0]
    out = catalog_mod.Catalog(locale=catalog.locale, project=PROJECT, version=part, charset="utf-8", fuzzy=False,
                              creation_date=catalog.creation_date, revision_date=catalog.revision_date)
    out.mime_headers = [(k, v) for k, v in catalog.mime_headers if k != "Project-Id-Version"]
    for message in messages:
        out[message.id] = message
    return out


def extract() -> Any:
    """The template catalogue of every sentence in the sources (not written)."""
    catalog_mod, extract_mod, _mo, _po = _babel()
    template = catalog_mod.Catalog(project=PROJECT, version="1", fuzzy=False, charset="utf-8",
                                   msgid_bugs_address="the project's issues",
                                   header_comment="# Every sentence of Stripdeck (python3 build.py messages).\n#")
    for path in source_files():
        rel = path.relative_to(ROOT).as_posix()
        method: Any = _method(path)
        if method.startswith("tools.l10n:"):
            method = globals()[method.split(":")[1]]
        with path.open("rb") as fileobj:
            for lineno, message, comments, context in extract_mod.extract(
                    method, fileobj, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True):
                template.add(message, None, [(rel, lineno)], auto_comments=comments, context=context)
    return template


def write_template() -> Path:
    """Write locale/stripdeck.pot from the sources."""
    _c, _e, _mo, pofile = _babel()
    LOCALE.mkdir(exist_ok=True)
    template = extract()
    with TEMPLATE.open("wb") as out:
        pofile.write_po(out, template, width=100, omit_header=False, sort_output=True, no_location=False)
    _strip_dates(TEMPLATE)
    return TEMPLATE


def _strip_dates(path: Path) -> None:
    """No creation or revision dates in the files: a rebuild of the same sentences is the same file."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r'^"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', "", text, flags=re.M)
    path.write_text(text, encoding="utf-8")


def update() -> list[Path]:
    """Bring every locale/<code>.po up to date with the template (new ones are made)."""
    catalog_mod, _e, _mo, pofile = _babel()
    with TEMPLATE.open("rb") as f:
        template = pofile.read_po(f)
    written = []
    for code, babel_locale in BABEL_LOCALES.items():
        path = LOCALE / f"{code}.po"
        if path.is_file():
            with path.open("rb") as f:
                catalog = pofile.read_po(f, locale=babel_locale)
        else:
            catalog = catalog_mod.Catalog(locale=babel_locale, project=PROJECT, version="1", charset="utf-8")
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        catalog.fuzzy = False  # the header: a fuzzy one would be left out of the compiled file
        catalog.header_comment = (f"# Stripdeck in {NAMES[code]} ({code}): translations of locale/stripdeck.pot.\n"
                                  "# Terms: docs/glossary.md. How to work on it: docs/i18n.md.\n#")
        catalog.last_translator = "Stripdeck developers"
        catalog.language_team = f"{NAMES[code]} <stripdeck>"
        catalog.msgid_bugs_address = "the project's issues"
        with path.open("wb") as out:
            pofile.write_po(out, catalog, width=100, sort_output=True, ignore_obsolete=True)
        _set_language(path, code)
        _strip_dates(path)
        written.append(path)
    return written


def _set_language(path: Path, code: str) -> None:
    """The catalogue's Language header is the game's code ("pt", not Babel's "pt_PT")."""
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r'^"Language: [^"]*\\n"$', f'"Language: {code}\\\\n"', text, count=1, flags=re.M),
                    encoding="utf-8")


def read(code: str) -> Any:
    """The catalogue of ``code`` (the pseudo-language made from the template)."""
    catalog_mod, _e, _mo, pofile = _babel()
    with TEMPLATE.open("rb") as f:
        template = pofile.read_po(f)
    if code == PSEUDO:
        catalog = catalog_mod.Catalog(locale=PSEUDO, project=PROJECT, version="1", charset="utf-8")
        for message in template:
            if not message.id:
                continue
            if message.pluralizable:
                string: Any = tuple(pseudo(i) for i in message.id)
            else:
                string = pseudo(message.id)
            catalog.add(message.id, string, context=message.context)
        return catalog
    with (LOCALE / f"{code}.po").open("rb") as f:
        return pofile.read_po(f, locale=BABEL_LOCALES[code])


def _mo_bytes(catalog: Any) -> bytes:
    import io

    _c, _e, mofile, _po = _babel()
    out = io.BytesIO()
    mofile.write_mo(out, catalog, use_fuzzy=False)
    data = out.getvalue()
    return data


def js_strings(catalog: Any) -> dict[str, Any]:
    """The sentences of the page's JavaScript (where they stand in *.js files), translated."""
    out: dict[str, str] = {}
    for message in catalog:
        if not message.id or message.pluralizable:
            continue
        if any(loc.endswith(".js") for loc, _line in message.locations) and message.string:
            out[message.id] = message.string
    return out


def compile_all(dist: Path | None) -> list[Path]:
    """Compile every language (and the pseudo-language): dist/locale/<code>.mo and .json (if
    ``dist``), core/stripdeck/locale/<code>.mo. Returns the files written."""
    written = []
    codes = [*BABEL_LOCALES, PSEUDO]
    CLI_LOCALE.mkdir(exist_ok=True)
    if dist is not None:
        (dist / "locale").mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("rb") as f:
        template = _babel()[3].read_po(f)
    parts = file_parts()
    for code in codes:
        catalog = read(code)
        _locations_from(template, catalog)  # the pseudo-language too: its JavaScript sentences
        data = _mo_bytes(catalog)
        targets = [CLI_LOCALE / f"{code}.mo"]
        if dist is not None:
            targets.append(dist / "locale" / f"{code}.mo")
            js = dist / "locale" / f"{code}.json"
            js.write_text(json.dumps(js_strings(catalog), ensure_ascii=False, sort_keys=True), encoding="utf-8")
            written.append(js)
            by_part = split(catalog, parts)
            for part in PAGE_PARTS:
                target = dist / "locale" / f"{code}.{part}.mo"
                target.write_bytes(_mo_bytes(part_catalog(catalog, part, by_part[part])))
                written.append(target)
        for target in targets:
            target.write_bytes(data)
            written.append(target)
    return written


def _locations_from(template: Any, catalog: Any) -> None:
    """The template's places for each sentence (a .po file may be older than the sources)."""
    for message in catalog:
        if message.id:
            found = template.get(message.id, message.context)
            if found is not None:
                message.locations = found.locations


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("extract", "update", "compile"):
        print("usage: python -m tools.l10n extract | update | compile [DIST]", file=sys.stderr)
        return 2
    if argv[0] in ("extract", "update"):
        print(f"wrote {write_template().relative_to(ROOT)}")
        if argv[0] == "update":
            for path in update():
                print(f"updated {path.relative_to(ROOT)}")
        return 0
    dist = Path(argv[1]) if len(argv) > 1 else None
    files = compile_all(dist)
    print(f"compiled {len(files)} catalogue files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
