"""The pseudo-language check (docs/i18n.md): render in ``qps`` and find the words on screen that
did not come from the catalogue.

``qps`` writes every sentence accented, longer and in [brackets], so what is left outside
brackets must be numbers, punctuation, card indices and suits, single key letters, or names
people chose (``allowed``). Anything else is a word that slipped past the catalogue.

    lang = pseudo_language()
    with i18n.using(lang):
        html = render_something()
    assert not stray_words(visible_text(html), allowed=["Zoë"])
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from html.parser import HTMLParser

from stripdeck import i18n

# Attributes a person reads (or hears).
READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
# Elements whose content is not words: codes, links, scripts, the game's notation in <code>.
SKIPPED = {"textarea", "code", "script", "style"}
_BRACKETED = re.compile(r"\[[^\[\]]*\]")
_WORD = re.compile(r"[^\W\d_]+")


def pseudo_language() -> i18n.Language:
    """``qps`` compiled from the template as it is now (locale/stripdeck.pot, kept in step with
    the sources by tests/test_catalogues.py)."""
    from babel.messages.mofile import write_mo

    from tools import l10n

    out = io.BytesIO()
    write_mo(out, l10n.read(i18n.PSEUDO))
    return i18n.Language.from_mo(i18n.PSEUDO, out.getvalue())


class _Visible(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.texts += [value for name, value in attrs if name in READ_ATTRIBUTES and value]
        if tag in SKIPPED:
            self._skipping.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._skipping and self._skipping[-1] == tag:
            self._skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self._skipping and data.strip():
            self.texts.append(data)


def visible_text(html: str) -> str:
    """The words of an HTML fragment a person reads: its text (not in textarea, code, script or
    style) and its aria-label, title, placeholder and alt attributes, one per line."""
    parser = _Visible()
    parser.feed(html)
    parser.close()
    return "\n".join(parser.texts)


def stray_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` outside [brackets] that are not ``allowed`` names, numbers or
    single letters (key letters, card indices).

    >>> stray_words("[Ðéål vérïfïéð ~~] Zoë: 3 ♥ A", allowed=["Zoë"])
    []
    >>> stray_words("[Håñð {n}] Deal verified", allowed=[])
    ['Deal', 'verified']
    """
    rest = text
    while True:  # a sentence inside another's placeholder: innermost brackets first
        shorter = _BRACKETED.sub(" ", rest)
        if shorter == rest:
            break
        rest = shorter
    for name in sorted(allowed, key=len, reverse=True):
        rest = rest.replace(name, " ")
    return [word for word in _WORD.findall(rest) if len(word) > 1]
