"""The pseudo-language check (docs/i18n.md): a screen rendered in ``qps`` shows no word that did
not come from the catalogue.

    qps = pseudo_language()                       # compiled here from locale/stripdeck.pot
    with stripdeck.i18n.using(qps): html = ...    # render a screen
    leftovers = [w for t in reader_text(html) for w in unbracketed(t, allowed=("Ann",))]
    assert leftovers == []

Every sentence of ``qps`` is in ``[brackets]``; what is left outside them must be numbers, card
text and card indices (``Ah``, ``10``, ``JK``), symbols and punctuation, single letters (keys,
``Hand A``), and the names given in ``allowed`` (people's names, text a page's author wrote).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from html.parser import HTMLParser

from stripdeck.i18n import Language

# The attributes a person reads or hears (screen readers), besides the text itself.
READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt", "data-title", "data-label")
_BRACKETED = re.compile(r"\[[^\[\]]*\]")
_CARD_TEXT = re.compile(r"(?<![^\W\d_])(?:10|[2-9TJQKA])[hdcs](?![^\W\d_])|(?<![^\W\d_])J[kK](?![^\W\d_])")
_WORD = re.compile(r"[^\W\d_]{2,}")


def pseudo_language() -> Language:
    """The pseudo-language, compiled from the template (so it holds every sentence of the sources
    as they are now, built or not)."""
    from babel.messages.mofile import write_mo

    from tools import l10n

    out = io.BytesIO()
    write_mo(out, l10n.read(l10n.PSEUDO))
    return Language.from_mo(l10n.PSEUDO, out.getvalue())


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._skip += 1
        self.parts += [v for k, v in attrs if k in READ_ATTRIBUTES and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.parts.append(data)


def reader_text(html: str) -> list[str]:
    """What a person reads or hears of ``html``: each text and each read attribute, apart."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.parts


def unbracketed(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` outside ``[...]`` (innermost first, so nesting is fine) that are
    not card text and not in ``allowed``; [] when every word came from the catalogue.

    >>> unbracketed("[Böth ~] Ah 10h JK Ann · 3,136 [x [y] z]", allowed=["Ann"])
    []
    >>> unbracketed("[Ok] Stand pat, Bo", allowed=["Bo"])
    ['Stand', 'pat']
    """
    rest = text
    while True:
        shorter = _BRACKETED.sub(" ", rest)
        if shorter == rest:
            break
        rest = shorter
    for name in sorted(allowed, key=len, reverse=True):
        if name:
            rest = rest.replace(name, " ")
    rest = _CARD_TEXT.sub(" ", rest)
    return _WORD.findall(rest)
