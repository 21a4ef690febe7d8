"""The page's language (docs/i18n.md): its catalogue, fetched and checked, made the language of
the page's Python before the App draws anything; and a change of language made in place.

The page's language is its document's (``<html lang>``): build.py writes one page per language
and the page's first script moves to the page the player wants. web/page/shell.js has fetched the
catalogue's first part already, and the page hands both to the worker (``stripdeckPage``'s
``lang`` and ``catalogue``, web/worker/boot.mjs); a catalogue that cannot be used leaves the page
in English with a notice (stripdeck.i18n.CatalogueError names what was wrong).

The catalogue comes in parts (docs/i18n.md, "Bytes"; tools/l10n.py makes them): ``page``, the
sentences the table needs from the first hand, at start; ``help``, ``hint`` and ``friends`` when
How to play, the Hint or play with friends first need them (:class:`CatalogueParts`; the App draws
what they affect again once they are here).
"""

from __future__ import annotations

import asyncio

import js
from stripdeck import i18n
from stripdeck.i18n import _, pgettext

start_notices: list[str] = []  # why the page stays in English, for the App's notices (web/app/boot.py)
FIRST_PART = "page"  # the part loaded at start (tools/l10n.py PAGE_PARTS)
LATER_PARTS = ("help", "hint", "friends")  # each fetched when first needed


def part_file(code: str, part: str) -> str:
    """Where a part of a language's catalogue is (as tools/l10n.py compiles them).

    >>> part_file("it", "help")
    './locale/it.help.mo'
    """
    return f"./locale/{code}.{part}.mo"


async def _bytes(promise) -> bytes | None:
    """The bytes a JavaScript ArrayBuffer (or a promise of one, or null) holds."""
    buffer = await promise if hasattr(promise, "then") else promise
    if buffer is None:
        return None
    return bytes(js.Uint8Array.new(buffer).to_py())


async def _part_bytes(code: str, part: str, promise=None) -> bytes:
    """A part's bytes, from ``promise`` or fetched; CatalogueError when they cannot be had."""
    if promise is None:
        try:
            response = await js.stripdeckFetch(part_file(code, part))  # relative to the page (web/worker/boot.mjs)
            promise = response.arrayBuffer() if response.ok else None
        except Exception:  # noqa: BLE001 - the network refused (offline, a blocked request)
            promise = None
    data = await _bytes(promise) if promise is not None else None
    if data is None:
        raise i18n.CatalogueError(_("The {language} catalogue could not be loaded.",
                                    language=i18n.NAMES.get(code, code)))
    return data


async def fetch_language(code: str, promise=None) -> i18n.Language:
    """The language ``code`` with its catalogue's first part, from ``promise`` or fetched from
    locale/. Raises CatalogueError (with what was wrong) when it cannot be used."""
    if code == "en":
        return i18n.ENGLISH
    return i18n.Language.from_mo(code, await _part_bytes(code, FIRST_PART, promise), part=FIRST_PART)


async def fetch_part(part: str) -> i18n.Language:
    """The language in use with one more part of its catalogue (fetched now): the language to
    use, made from the language in use once the part is here (another part may have arrived
    meanwhile). Raises CatalogueError when the part cannot be had or used."""
    code = i18n.current().code
    data = await _part_bytes(code, part)
    language = i18n.current()
    if language.code != code:  # the page changed language meanwhile: this part is of no use
        raise i18n.CatalogueError(f"the page is no longer in {code!r}")
    return language if language.has_part(part) else language.with_part(part, data)


async def start() -> list[str]:
    """Make the page's language the language of its Python; the notices to show (none, or why the
    page stays in English)."""
    code = str(js.stripdeckPage.lang or "en")
    if code == "en":
        return []
    try:
        i18n.use(await fetch_language(code, js.stripdeckPage.catalogue))
    except i18n.CatalogueError as err:
        i18n.use(i18n.ENGLISH)
        return [_("The page stays in English: {reason}", reason=str(err))]
    return []


def static_words(pairs: object) -> dict[str, str]:
    """The page's own words (index.html's, marked data-l10n: ``pairs`` of [context, English], as
    web/page/input.js collects them) in the language in use, for web/page/patch.js's "language".

    >>> static_words([["", "History"], ["button", "Deal"], "not a pair"])
    {'\\x04History': 'History', 'button\\x04Deal': 'Deal'}
    """
    words = {}
    for pair in pairs if isinstance(pairs, list) else []:
        if isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair) and pair[1]:
            context, english = pair
            words[f"{context}\x04{english}"] = pgettext(context, english) if context else _(english)
    return words


def page_name(code: str) -> str:
    """The file of a language's page (as build.py writes them: tools/shell.py page_name).

    >>> page_name("en"), page_name("it")
    ('index.html', 'index.it.html')
    """
    return "index.html" if code == "en" else f"index.{code}.html"


def manifest_name(code: str) -> str:
    """The file of a language's web app manifest (tools/shell.py manifest_name)."""
    return "manifest.webmanifest" if code == "en" else f"manifest.{code}.webmanifest"


def page_address(code: str, search: str, fragment: str) -> str:
    """The address of a language's page, with the query (without ``lang=``: the page is already
    that language's) and the fragment kept.

    >>> page_address("it", "?seed=3&lang=qps", "#x")
    'index.it.html?seed=3#x'
    """
    from urllib.parse import parse_qsl, urlencode

    pairs = [(k, v) for k, v in parse_qsl(search.lstrip("?"), keep_blank_values=True) if k != "lang"]
    return page_name(code) + ("?" + urlencode(pairs) if pairs else "") + fragment


class CatalogueParts:
    """The later parts of the page's catalogue (:data:`LATER_PARTS`), each fetched when first needed.

    ``problem`` is told, in the page's words, when a part cannot be loaded (its sentences are then
    said in English); ``redraw`` draws again what a part's words affect once it is here or known
    not to come."""

    def __init__(self, problem, redraw):
        self.problem = problem
        self.redraw = redraw
        self.loading = {}  # (language, part) -> the task fetching it
        self.failed = set()  # (language, part) that could not be loaded: said in English

    def need(self, part):
        """Whether the sentences of ``part`` may be used now: loaded, or known not to load (then
        English). If not yet, they are fetched (docs/i18n.md, "Bytes")."""
        language = i18n.current()
        if language.has_part(part) or (language.code, part) in self.failed:
            return True
        if (language.code, part) not in self.loading:
            self.loading[language.code, part] = asyncio.ensure_future(self._load(part))
        return False

    async def ready(self, part):
        """Wait until ``part`` may be used (see :meth:`need`)."""
        while not self.need(part):
            await asyncio.wait([self.loading[i18n.current().code, part]])

    async def _load(self, part):
        code = i18n.current().code
        try:
            language = await fetch_part(part)
        except Exception:  # noqa: BLE001 - a CatalogueError, or the network refused
            if i18n.current().code == code:
                self.failed.add((code, part))
                # TRANSLATORS: a part of the page's words (How to play, the Hint, the Friends panel)
                # could not be fetched; {language} is the page's language in its own name ("Italiano").
                self.problem(_("Some of the page's words in {language} could not be loaded: they are "
                               "shown in English. The game goes on.", language=i18n.NAMES.get(code, code)))
                self.redraw()
            return
        finally:
            self.loading.pop((code, part), None)
        i18n.use(language)
        self.redraw()
