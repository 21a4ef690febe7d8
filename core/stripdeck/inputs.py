"""Untrusted input, checked once at the edge: whole numbers, and JSON text bounded before it is parsed.

Every number a person or a file gives (action text, rules, scenarios, the command line, URL
parameters, widget options) goes through :func:`whole_number`: an ``int``, or text of
ASCII digits only (``'²'``, ``'①'`` and ``'٣'`` are digits to ``str.isdigit`` but not here),
at most :data:`MAX_DIGITS` of them, so no input can make ``int()`` work on thousands of
digits. JSON text goes through :func:`load_json`, which bounds its size and nesting depth
before the parser sees it (a deeply nested array would otherwise exhaust the stack).
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .i18n import _, ngettext

__all__ = ["InputError", "whole_number", "load_json", "shown", "json_depth", "MAX_WHOLE", "MAX_DIGITS", "MAX_CHIPS",
           "MAX_JSON_CHARS", "MAX_JSON_DEPTH"]

MAX_WHOLE = 2 ** 63 - 1
"""The largest whole number any input may hold (a 63-bit seed; chips are far below it)."""
MAX_DIGITS = len(str(MAX_WHOLE))  # 19
"""Text longer than this is refused before it is converted."""
MAX_CHIPS = 10 ** 15
"""The most chips a table may hold in all (every stack, bet and blind is at most this)."""
MAX_JSON_CHARS = 1_000_000
"""The longest JSON text accepted (a scenario is a few kilobytes)."""
MAX_JSON_DEPTH = 20
"""The deepest nesting of arrays and objects accepted (a scenario needs 3)."""

_ASCII_DIGITS = re.compile(r"[0-9]+")


class InputError(ValueError):
    """Input that is not what it should be; the message names it and says why."""


def shown(value: object, limit: int = 24) -> str:
    """``repr(value)`` for a message, cut short if it is long.

    >>> shown("²"), shown("9" * 5000)
    ("'²'", "'99999999999999999999…' (5000 characters)")
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_WHOLE:
        # str() of a huge int is slow or refused
        return ngettext("a number of {n} bit", "a number of {n} bits", value.bit_length(), n=str(value.bit_length()))
    if isinstance(value, str) and len(value) > limit:
        start = f"{value[:limit - 4]!r}…".replace("'…", "…'", 1)
        # TRANSLATORS: the start of a long text someone gave, and its length.
        # (The length in digits, as the message has always given it.)
        return ngettext("{text} ({n} character)", "{text} ({n} characters)", len(value), text=start,
                        n=str(len(value)))
    text = repr(value)
    return text if len(text) <= limit + 6 else text[:limit] + "…"


def whole_number(value: object, name: str, low: int = 0, high: int | None = None, *, text: bool = True) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (at most :data:`MAX_WHOLE`).

    ``value`` is an ``int`` (not a bool) or, unless ``text=False``, text of ASCII digits
    (spaces around them are ignored). Anything else raises :class:`InputError` naming ``name``
    (or, with ``name=""``, a message without its subject: "must be a whole number ...", for a
    caller that names it itself).

    >>> whole_number(" 12 ", "bet"), whole_number(3, "draw_limit", 0, 5)
    (12, 3)
    >>> whole_number("²", "seed")
    Traceback (most recent call last):
    ...
    stripdeck.inputs.InputError: seed must be a whole number of at least 0, got '²'
    """
    top = MAX_WHOLE if high is None else min(high, MAX_WHOLE)
    number: int | None = None
    if type(value) is int:
        number = value
    elif text and isinstance(value, str):
        digits = value.strip()
        if len(digits) <= MAX_DIGITS and _ASCII_DIGITS.fullmatch(digits):
            number = int(digits)
    if number is not None and low <= number <= top:
        return number
    too_long = text and isinstance(value, str) and len(value.strip()) > MAX_DIGITS and \
        _ASCII_DIGITS.fullmatch(value.strip()) is not None
    got = shown(value)
    if not name:
        raise InputError(_whole_number_problem(low, None if high is None else top, too_long, got))
    if high is None and too_long:
        # TRANSLATORS: {name} names what was asked for (an option such as draw_limit, "chips", "seed"),
        # {value} is what was given.
        raise InputError(_("{name} must be a whole number of at least {low} (at most {digits} digits), got {value}",
                           name=name, low=low, digits=MAX_DIGITS, value=got))
    if high is None:
        raise InputError(_("{name} must be a whole number of at least {low}, got {value}", name=name, low=low,
                           value=got))
    most = top if top >= 10 ** 6 else str(top)  # small bounds as digits, as option values are written
    if too_long:
        raise InputError(_("{name} must be a whole number from {low} to {high} (at most {digits} digits), got "
                           "{value}", name=name, low=low, high=most, digits=MAX_DIGITS, value=got))
    raise InputError(_("{name} must be a whole number from {low} to {high}, got {value}", name=name, low=low,
                       high=most, value=got))


def _whole_number_problem(low: int, top: int | None, too_long: bool, got: str) -> str:
    """What :func:`whole_number` says without naming what it checked ("must be a whole number ...")."""
    if top is None and too_long:
        return _("must be a whole number of at least {low} (at most {digits} digits), got {value}", low=low,
                 digits=MAX_DIGITS, value=got)
    if top is None:
        return _("must be a whole number of at least {low}, got {value}", low=low, value=got)
    most = top if top >= 10 ** 6 else str(top)
    if too_long:
        return _("must be a whole number from {low} to {high} (at most {digits} digits), got {value}", low=low,
                 high=most, digits=MAX_DIGITS, value=got)
    return _("must be a whole number from {low} to {high}, got {value}", low=low, high=most, value=got)


def load_json(text: str | bytes, name: str, *, max_chars: int = MAX_JSON_CHARS,
              max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Parse JSON text whose size, nesting depth and numbers are bounded first.

    Raises :class:`InputError` naming ``name``: too long, nested too deep, a number of more
    than :data:`MAX_DIGITS` digits, ``NaN``/``Infinity``, or not JSON (with line and column).

    >>> load_json('{"stacks": [50, 50]}', "scenario")
    {'stacks': [50, 50]}
    >>> load_json("[" * 30 + "]" * 30, "scenario")
    Traceback (most recent call last):
    ...
    stripdeck.inputs.InputError: scenario is nested 30 deep; at most 20 levels of arrays and objects are allowed
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            # TRANSLATORS: {name} is what was read ("the scenario", a file's name); {reason} is Python's
            # description of the bad bytes, in English.
            raise InputError(_("{name} is not UTF-8 text ({reason} at byte {byte})", name=name, reason=err.reason,
                               byte=err.start)) from None
    if not isinstance(text, str):
        raise InputError(_("{name} must be JSON text, got {kind}", name=name, kind=type(text).__name__))
    if len(text) > max_chars:
        raise InputError(_("{name} is {length} characters long; at most {most} are allowed", name=name,
                           length=len(text), most=max_chars))
    depth = json_depth(text)
    if depth > max_depth:
        raise InputError(_("{name} is nested {depth} deep; at most {most} levels of arrays and objects are "
                           "allowed", name=name, depth=str(depth), most=max_depth))
    try:
        return json.loads(text, parse_int=_json_int, parse_constant=_json_constant)
    except json.JSONDecodeError as err:
        # TRANSLATORS: {problem} is Python's description of the error, in English.
        raise InputError(_("{name} is not valid JSON: {problem} (line {line}, column {column})", name=name,
                           problem=err.msg, line=err.lineno, column=err.colno)) from None
    except InputError as err:
        raise InputError(_("{name}: {problem}", name=name, problem=str(err))) from None


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def json_depth(text: str) -> int:
    """The deepest nesting of brackets outside string literals (an upper bound for unbalanced text).

    >>> json_depth('{"a": [[1], "]]]["], "b": {}}')
    3
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    return max(accumulate(1 if c in "[{" else -1 for c in brackets))


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise InputError(_("a number has {digits} digits; at most {most} are allowed", digits=len(text.lstrip("-")),
                           most=MAX_DIGITS))
    return int(text)


def _json_constant(text: str) -> Any:
    raise InputError(_("{text} is not a number JSON allows", text=text))
