"""Every word a person reads, in their language: gettext catalogues (docs/i18n.md).

Code writes its sentences in English, whole, with named placeholders, through the functions
here; the language in use (:func:`current`) looks each one up in its compiled catalogue
(``.mo``, the standard library's :mod:`gettext`) and fills in the placeholders, formatting
whole numbers the language's way::

    >>> _("{player} raises to {amount}.", player="Ada", amount=1200)
    'Ada raises to 1,200.'
    >>> ngettext("{n} card", "{n} cards", 3)
    '3 cards'
    >>> pgettext("card", "queen of spades")
    'queen of spades'

English needs no catalogue. Another language is a :class:`Language` made from a catalogue's
bytes (:meth:`Language.from_mo`, what the page does with the file it fetched) or found
beside the package (:func:`installed`, what the command line does); :func:`use` makes it the
language of the process (the page, the command line) and ``with using(lang):`` chooses one for
a block (a :mod:`contextvars` variable: a widget in another language on the same page, a test).

A catalogue is untrusted input like any other: :meth:`Language.from_mo` refuses one that is not
a gettext catalogue, is for another language, or whose translations use a placeholder the
English sentence does not have (it would fail, or read an object's attributes, when filled),
with a :class:`CatalogueError` that names what was wrong.

The game page loads its language's catalogue in parts (docs/i18n.md, "Bytes"): the part the
table needs from the first hand (``Language.from_mo(code, data, part="page")``), then each other
part when first needed (:meth:`Language.with_part`, a new Language whose gettext translations
fall back, part by part, to those loaded before). A sentence of a part not loaded yet is said in
English. The widgets and the command line load the whole catalogue at once.
"""

from __future__ import annotations

import dataclasses
import gettext
import string
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from importlib import resources

__all__ = [
    "LANGUAGES", "NAMES", "PSEUDO", "WHOLE", "CatalogueError", "Language", "ENGLISH", "current", "use", "using",
    "installed", "choose", "from_environment", "_", "N_", "NP_", "ngettext", "pgettext", "npgettext", "number",
    "percent", "join", "upper_first", "placeholders",
]

# The game's languages, each in its own name (the Settings picker shows these).
NAMES: dict[str, str] = {
    "en": "English",
    "it": "Italiano",
    "es": "Español",
    "pt": "Português",
    "fr": "Français",
    "de": "Deutsch",
    "el": "Ελληνικά",
    "tr": "Türkçe",
    "bs": "Bosanski",
}
# The languages offered: those whose catalogue is complete (tests/test_catalogues.py checks
# each one; a language joins when its translation is done).
LANGUAGES: tuple[str, ...] = ("en", "it", "es", "pt", "fr", "de", "el", "tr", "bs")
# The test pseudo-language: every sentence accented, 40% longer and in [brackets], so a word
# on screen that did not come from the catalogue stands out (never offered to players).
PSEUDO = "qps"

# Other language tags read as one of ours: Croatian and Serbian readers read Bosnian in the
# Latin script (docs/i18n.md); Montenegrin and the old Serbo-Croatian tag likewise.
_ALIASES = {"hr": "bs", "sr": "bs", "sh": "bs", "cnr": "bs"}

# Numbers as CLDR writes them (through Babel, which generated this table; a test compares the
# two): the grouping separator, the decimal separator, and the percent sign's place
# ("{}" is the number). Portuguese is Portugal's (pt_PT): the game is played in southern Europe.
_NUMBERS: dict[str, tuple[str, str, str]] = {
    "en": (",", ".", "{}%"),
    "it": (".", ",", "{}%"),
    "es": (".", ",", "{}\u00a0%"),
    "pt": ("\u00a0", ",", "{}%"),
    "fr": ("\u202f", ",", "{}\u00a0%"),
    "de": (".", ",", "{}\u00a0%"),
    "el": (".", ",", "{}%"),
    "tr": (".", ",", "%{}"),
    "bs": (".", ",", "{}%"),
    PSEUDO: (",", ".", "{}%"),
}
# Lists ("Ann, Bo and Cy") as CLDR joins them (likewise generated through Babel): the pattern
# for two items, and for the last two of a longer list (the others take ", ").
_LISTS: dict[str, tuple[str, str]] = {
    "en": ("{0} and {1}", "{0}, and {1}"),
    "it": ("{0} e {1}", "{0} e {1}"),
    "es": ("{0} y {1}", "{0} y {1}"),
    "pt": ("{0} e {1}", "{0} e {1}"),
    "fr": ("{0} et {1}", "{0} et {1}"),
    "de": ("{0} und {1}", "{0} und {1}"),
    "el": ("{0} και {1}", "{0} και {1}"),
    "tr": ("{0} ve {1}", "{0} ve {1}"),
    "bs": ("{0} i {1}", "{0} i {1}"),
    PSEUDO: ("{0} [åñð] {1}", "{0}, [åñð] {1}"),
}
# A Language made from a whole catalogue has every part (the widgets', the command line's).
WHOLE = "*"
# The catalogues beside the package (compiled at build time from locale/*.po: docs/i18n.md).
_CATALOGUE_DIR = "locale"
_FORMATTER = string.Formatter()


class _Reader:
    """What gettext reads a catalogue from: the bytes, as a file would give them."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def read(self) -> bytes:
        return self.data


class CatalogueError(ValueError):
    """A translation catalogue that cannot be used, with what was wrong with it."""


def placeholders(text: str) -> set[str]:
    """The named placeholders of a sentence; ValueError for a malformed one.

    >>> sorted(placeholders("{player} raises to {amount}."))
    ['amount', 'player']
    """
    names = set()
    for _literal, field, spec, conversion in _FORMATTER.parse(text):
        if field is None:
            continue
        if not field.isidentifier() or spec or conversion:
            raise ValueError(f"placeholder {{{field}}} is not a plain name")
        names.add(field)
    return names


@dataclass(frozen=True)
class Language:
    """One language: its catalogue (``translations``), the parts of it loaded (``parts``; a whole
    catalogue is :data:`WHOLE`), and how it writes numbers."""

    code: str
    translations: gettext.NullTranslations
    parts: frozenset[str] = dataclasses.field(default=frozenset({WHOLE}), compare=False)

    @classmethod
    def from_mo(cls, code: str, data: bytes, part: str | None = None) -> Language:
        """The language ``code`` from a compiled catalogue's bytes, checked (CatalogueError): the
        whole catalogue, or (``part``) one part of it, whose header must name that part."""
        return cls(code, _read_mo(code, data, part), frozenset({part or WHOLE}))

    def with_part(self, part: str, data: bytes) -> Language:
        """This language with one more part of its catalogue (its compiled bytes, checked as by
        :meth:`from_mo`): a new Language; this one is left as it was."""
        if self.code == "en":
            raise CatalogueError("English needs no catalogue")
        translations = _read_mo(self.code, data, part)
        translations.add_fallback(self.translations)
        return Language(self.code, translations, self.parts | {part})

    def has_part(self, part: str) -> bool:
        """Whether the sentences of ``part`` are here (English and a whole catalogue have all).

        >>> ENGLISH.has_part("help")
        True
        """
        return self.code == "en" or WHOLE in self.parts or part in self.parts

    def gettext(self, message: str) -> str:
        """The translation of ``message`` (itself when the catalogue has none)."""
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` by the language's plural rule."""
        return self.translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """The translation of ``message`` in ``context`` (a card's name, a button...)."""
        return self.translations.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """The plural form for ``n`` in ``context``."""
        return self.translations.npgettext(context, singular, plural, n)

    def number(self, value: float, decimals: int = 0) -> str:
        """A number written the language's way.

        >>> ENGLISH.number(201376), ENGLISH.number(-2.5, 1)
        ('201,376', '-2.5')
        """
        group, point, _percent = _NUMBERS[self.code]
        text = f"{abs(value):,.{decimals}f}"
        whole, _, fraction = text.partition(".")
        out = whole.replace(",", group) + (point + fraction if fraction else "")
        negative = value < 0 and any(ch not in "0.," for ch in text)
        return ("-" if negative else "") + out

    def symbols(self) -> tuple[str, str]:
        """The grouping and the decimal separator (for code outside Python that writes numbers)."""
        group, point, _percent = _NUMBERS[self.code]
        return group, point

    def percent(self, share: float, decimals: int = 0) -> str:
        """A share (0.43) as a percentage, with the sign where the language puts it.

        >>> ENGLISH.percent(0.435, 1)
        '43.5%'
        """
        return _NUMBERS[self.code][2].format(self.number(share * 100, decimals))

    def join(self, items: Sequence[str]) -> str:
        """Items as a list in words.

        >>> ENGLISH.join(["Ann"]), ENGLISH.join(["Ann", "Bo"]), ENGLISH.join(["Ann", "Bo", "Cy"])
        ('Ann', 'Ann and Bo', 'Ann, Bo, and Cy')
        """
        if len(items) < 2:
            return "".join(items)
        two, end = _LISTS[self.code]
        if len(items) == 2:
            return two.format(*items)
        return ", ".join(items[:-2]) + ", " + end.format(*items[-2:])

    def upper_first(self, text: str) -> str:
        """The first letter capitalised as the language does it (Turkish: i -> İ).

        >>> ENGLISH.upper_first("ace of hearts")
        'Ace of hearts'
        """
        if not text:
            return text
        first = "İ" if self.code == "tr" and text[0] == "i" else text[0].upper()
        return first + text[1:]

    def fill(self, text: str, values: Mapping[str, object], fallback: str) -> str:
        """``text`` with its placeholders filled (whole numbers written the language's way);
        ``fallback`` (the English) if the translation does not fit the values."""
        shown = {k: self.number(v) if isinstance(v, int) and not isinstance(v, bool) else v
                 for k, v in values.items()}
        try:
            return text.format_map(shown)
        except (KeyError, ValueError, IndexError, AttributeError):
            return fallback.format_map(shown)


def _read_mo(code: str, data: bytes, part: str | None) -> gettext.GNUTranslations:
    """A catalogue's (or a part's) bytes read and checked: a gettext catalogue, of ``code``, of
    ``part`` when one is asked for (Project-Id-Version "Stripdeck <part>"), with sound placeholders."""
    if code not in NAMES and code != PSEUDO:
        raise CatalogueError(f"unknown language {code!r}: choose one of {', '.join(NAMES)}")
    what = f"the {code!r} catalogue" + (f"'s part {part!r}" if part else "")
    try:
        translations = gettext.GNUTranslations(_Reader(bytes(data)))
    except Exception as err:  # noqa: BLE001 - any failure to read untrusted bytes is the same answer
        raise CatalogueError(f"{what} is not a gettext catalogue ({err})") from None
    declared = str(translations.info().get("language", "")).replace("-", "_").split("_")[0].lower()
    if declared != code:
        raise CatalogueError(f"{what} is for the language {declared or 'none'!r}")
    if part is not None:
        project = str(translations.info().get("project-id-version", ""))
        if project != f"Stripdeck {part}":
            raise CatalogueError(f"{what} is another part ({project or 'none'!r})")
    _check_placeholders(code, translations)
    return translations


def _check_placeholders(code: str, translations: gettext.GNUTranslations) -> None:
    """Every translation uses only the placeholders its English sentence has."""
    catalog: dict[object, str] = getattr(translations, "_catalog", {})
    for key, text in catalog.items():  # a plural's forms are keyed (singular, index)
        msgid = str(key[0] if isinstance(key, tuple) else key)
        if msgid == "":
            continue  # the header
        english = msgid.split("\x04", 1)[-1]  # "context\x04message"
        try:
            allowed = placeholders(english) | ({"n"} if isinstance(key, tuple) else set())
            used = placeholders(text)
        except ValueError as err:
            raise CatalogueError(f"the {code!r} catalogue's translation of {english!r} is malformed: {err}") from None
        extra = used - allowed
        if extra:
            raise CatalogueError(f"the {code!r} catalogue's translation of {english!r} uses "
                                 f"{', '.join('{' + x + '}' for x in sorted(extra))}, which it does not have")


ENGLISH = Language("en", gettext.NullTranslations())
_chosen: list[Language] = [ENGLISH]  # the process's language: the page's, the command line's
_block: ContextVar[Language | None] = ContextVar("stripdeck_language", default=None)


def current() -> Language:
    """The language in use here: the one a ``with using(...)`` block chose, else the one
    :func:`use` chose (English until then)."""
    return _block.get() or _chosen[0]


def use(language: Language) -> Language:
    """Make ``language`` the language of this process: the page's or the command line's
    (callbacks and tasks started anywhere see it)."""
    _chosen[0] = language
    return language


@contextmanager
def using(language: Language) -> Iterator[Language]:
    """``with using(lang):`` the block's sentences in ``lang`` (in this context only: a widget
    of another language on the same page, a test), the one before afterwards."""
    token = _block.set(language)
    try:
        yield language
    finally:
        _block.reset(token)


def installed(code: str) -> Language | None:
    """The language ``code`` from the catalogue beside the package (None if it is not there:
    English needs none, and a tree that was never built has none)."""
    if code == "en":
        return ENGLISH
    try:
        data = (resources.files(__package__ or "stripdeck") / _CATALOGUE_DIR / f"{code}.mo").read_bytes()
    except (OSError, ValueError):
        return None
    return Language.from_mo(code, data)


def choose(preferred: Iterable[str], offered: Iterable[str] = LANGUAGES) -> str:
    """The first of a person's languages (``it-IT``, ``de_AT.UTF-8``, ``hr``...) that the game
    speaks, else English.

    >>> choose(["fr-CH", "de"], NAMES), choose(["hr-HR"], NAMES), choose(["ja", "xx"])
    ('fr', 'bs', 'en')
    """
    offer = set(offered)
    for tag in preferred:
        base = str(tag).strip().replace("_", "-").split(".")[0].split("@")[0].split("-")[0].lower()
        base = _ALIASES.get(base, base)
        if base in offer:
            return base
    return "en"


def from_environment(environ: Mapping[str, str], offered: Iterable[str] = LANGUAGES) -> str:
    """The language the environment asks for, as gettext reads it: ``LANGUAGE`` (a list),
    then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``.

    >>> from_environment({"LANGUAGE": "xx:it", "LANG": "de"}, NAMES), from_environment({"LANG": "C"})
    ('it', 'en')
    """
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            tags = value.split(":") if name == "LANGUAGE" else [value]
            return choose((t for t in tags if t and t.split(".")[0] not in ("C", "POSIX")), offered)
    return "en"


# ------------------------------------------------------------------ what code calls

def _(message: str, /, **values: object) -> str:
    """``message`` in the current language, its placeholders filled from ``values``."""
    lang = current()
    text = lang.gettext(message)
    return lang.fill(text, values, message) if values else text


def N_(message: str, /) -> str:  # noqa: N802 - gettext's name for it
    """Mark a sentence for the catalogue without translating it yet (tables made at import)."""
    return message


def NP_(context: str, message: str, /) -> tuple[str, str]:  # noqa: N802 - like N_
    """Mark a sentence with its context for the catalogue; translate later with
    ``pgettext(*marked)``."""
    return context, message


def ngettext(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form for ``n`` (also the placeholder ``{n}``, unless ``values`` gives it)."""
    lang = current()
    values.setdefault("n", n)
    return lang.fill(lang.ngettext(singular, plural, n), values, singular if n == 1 else plural)


def pgettext(context: str, message: str, /, **values: object) -> str:
    """``message`` in ``context`` (words that translate differently by use)."""
    lang = current()
    text = lang.pgettext(context, message)
    return lang.fill(text, values, message) if values else text


def npgettext(context: str, singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form for ``n`` in ``context``."""
    lang = current()
    values.setdefault("n", n)
    return lang.fill(lang.npgettext(context, singular, plural, n), values, singular if n == 1 else plural)


def number(value: float, decimals: int = 0) -> str:
    """A number written the current language's way."""
    return current().number(value, decimals)


def percent(share: float, decimals: int = 0) -> str:
    """A share as a percentage, the current language's way."""
    return current().percent(share, decimals)


def join(items: Sequence[str]) -> str:
    """Items as a list in words, the current language's way ("Ann, Bo, and Cy")."""
    return current().join(items)


def upper_first(text: str) -> str:
    """The first letter capitalised, the current language's way."""
    return current().upper_first(text)
