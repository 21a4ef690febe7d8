"""The messages between a host's page (the dealer) and its guests' pages: JSON text, version 2.

Pure Python, transport-neutral (WebRTC data channels or a BroadcastChannel carry the text).
Every message that arrives goes through :func:`parse` first: bounded in size and depth before
JSON parsing (the engine's reader), then checked field by field against its type's schema.
Anything else raises :class:`ProtocolError`, which the receiver logs and drops. A guest's
seat is never taken from a message: the host binds it to the connection.

Guest -> host: ``hello`` (name), ``act`` (action text and the state it was chosen in),
``chat``, ``leave`` (between hands), ``ping``, ``show`` (true: the guest's seat shows a losing
hand at the showdown, from the next hand dealt; false: it mucks).
Host -> guest: ``welcome``, ``state`` (the guest's own PlayerView and the table around it),
``commit`` (SHA-256 of the hand's seed and a salt, before the deal), ``reveal`` (the seed,
the salt and the hand's actions, after it), ``chat``, ``roster``, ``error``, ``bye``, ``pong``.

The host's page and a guest's page may each be in its own language, so no sentence crosses:
a refusal, a game over and a goodbye travel as a code and the values its sentence takes
(``{"code": "amount", "values": {"action": "raise 999"}}``), and the receiving page words them
(:func:`describe`). Only people's own words (names, chat) and the game's notation (actions,
cards, the view's events) travel as text."""
# l10n-part: friends (this file's sentences load with play with friends: docs/i18n.md, "Bytes")

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from stripdeck.i18n import N_, _, placeholders
from stripdeck.inputs import InputError, load_json

VERSION = 2                 # 2: no sentences cross (codes and values; each page words them itself)
MAX_CHARS = 64_000          # a state message is a few kilobytes; nothing legitimate is near this
MAX_DEPTH = 12
MAX_NAME = 20
MAX_CHAT = 200
MAX_ACTION = 80
MAX_VALUE = 80              # a value in a reason's ``values`` (a field's name, an action's text, a name)
MAX_WHOLE = 2 ** 63 - 1

GUEST_TYPES = ("hello", "act", "chat", "leave", "ping", "show")
HOST_TYPES = ("welcome", "state", "commit", "reveal", "chat", "roster", "error", "bye", "pong")

# What is wrong with a message that is not one of ours (ProtocolError.code -> its words). A
# host sends the code and values back in an ``error`` message, and the guest's page words it.
PROBLEMS: dict[str, str] = {
    # TRANSLATORS: {field} names a part of a message in the protocol's own JSON names (action, names[]), kept
    # in English; so does {kind} below (act, chat...). These words are for a page that was sent a bad message.
    "not-text": N_("{field} must be text"),
    "too-long": N_("{field} is longer than {limit} characters"),
    "empty": N_("{field} is empty"),
    "control": N_("{field} has control characters"),
    "not-whole": N_("{field} must be a whole number from 0 to {high}"),
    "not-hex": N_("{field} must be {length} lowercase hex digits"),
    "step": N_("step must look like 12.34 (hand number, events)"),
    "not-object": N_("{field} must be an object"),
    "not-flag": N_("{field} must be true or false"),
    "not-seconds": N_("{field} must be a number of seconds or null"),
    "not-list": N_("{field} must be a list of at most {limit}"),
    "roster-fields": N_("a roster seat has seat, name, kind and connected"),
    "roster-kind": N_("a roster seat's kind is host, bot, guest or open; connected is true or false"),
    "roster-name": N_("an open seat's name is empty, any other seat's is not"),
    "not-string": N_("a message must be text"),
    "unreadable": N_("the message is not JSON of at most {chars} characters and {depth} levels of nesting"),
    "not-json-object": N_("a message must be a JSON object"),
    "version": N_("unknown protocol version '{version}' (this page speaks {ours})"),
    "not-from-guest": N_("a guest does not send '{kind}' messages"),
    "not-from-host": N_("a host does not send '{kind}' messages"),
    # TRANSLATORS: {kind} is a message's type and {field} a JSON name, both as the protocol writes them.
    "unexpected-field": N_("{kind}: unexpected field '{field}'"),
    "missing-field": N_("{kind}: {field} is missing"),
    "unknown-code": N_("{field}: unknown code '{value}'"),
    # TRANSLATORS: {names} lists the protocol's JSON names (action, name), kept in English.
    "values": N_("{field} must hold exactly {names}, each a short text or a whole number"),
    "no-values": N_("{field} must be empty"),
}

# Why the host refused a guest's action (the ``error`` message's code). The engine's codes
# (IllegalAction) are worded by the guest's page from the action it sent; a code the host does
# not list here is sent as "refused".
REFUSALS: dict[str, str] = {
    "turn": N_("It is not your turn."),
    "stale": N_("The table has moved on since you chose; choose again."),
    "out-of-turn": N_("It is not your turn."),
    "hand-over": N_("The hand is over: nobody can act now."),
    # TRANSLATORS: {action} is the action as the game writes it (call, raise 12, draw Ah Kd), kept in English.
    "bad-action": N_('The host cannot read the action "{action}".'),
    # TRANSLATORS: {action} is the action as the game writes it (call, raise 12, draw Ah Kd), kept in English.
    "not-allowed": N_('"{action}" is not allowed now: choose again.'),
    # TRANSLATORS: {action} is the action as the game writes it (raise 12, bet 4), kept in English.
    "amount": N_('The amount in "{action}" is not allowed now: choose again.'),
    # TRANSLATORS: {action} is the draw as the game writes it (draw Ah Kd), kept in English.
    "cards": N_('The cards in "{action}" cannot be drawn: choose again.'),
    # TRANSLATORS: {action} is the action as the game writes it (call, raise 12, draw Ah Kd), kept in English.
    "refused": N_('The host refused "{action}": choose again.'),
}

# Why no further hand can be dealt at the host's table (the ``state`` message's ``over``).
ENDINGS: dict[str, str] = {
    # TRANSLATORS: {name} is the player who holds every chip (a person's or a bot's name).
    "won-all": N_("{name} has won every chip at the table. Start a new table."),
    "nobody": N_("Nobody has won every chip at the table. Start a new table."),
    "bots-only": N_("Everyone is out of chips; only bots are left. Start a new table to play again."),
}

# Why the table is over for a guest: the ``bye`` message's ``why``, and "lost" (the guest's page
# noticed the connection close). The second sentence of each is for the page's notices.
GOODBYES: dict[str, tuple[str, str]] = {
    "left": (N_("You have left the table. Thanks for playing!"),
             N_("You have left the table. Thanks for playing! Your hands are kept in History.")),
    "host-left": (N_("The host has left the table."),
                  N_("The host has left the table. Your hands are kept in History.")),
    "lost": (N_("The connection to the host was lost. Your hands are kept in History; ask the host for a new "
                "link to rejoin."),
             N_("The connection to the host was lost. Your hands are kept in History; ask the host for a new "
                "link to rejoin.")),
}
BYE_CODES = ("left", "host-left")  # what a host may send ("lost" is the guest page's own)
ERRORS = {**PROBLEMS, **REFUSALS}  # an ``error`` message's codes


def describe(table: Mapping[str, str], code: str, values: Mapping[str, Any]) -> str:
    """A reason's words in the current language, from its code and values (both checked when
    they came from the network: :func:`parse`).

    >>> describe(REFUSALS, "amount", {"action": "raise 999"})
    'The amount in "raise 999" is not allowed now: choose again.'
    """
    return _(table[code], **values)


def farewell(code: str, notice: bool = False) -> str:
    """Why the table is over for a guest (``code``: left, host-left, lost); ``notice``: the
    longer words for the page's notices."""
    return _(GOODBYES[code][1 if notice else 0])


class ProtocolError(ValueError):
    """A message that is not one of ours: ``code`` (a key of PROBLEMS) and ``values`` say what was
    wrong with it (the message is their words, in the language in use where it was raised)."""

    def __init__(self, code: str, /, **values: Any) -> None:
        super().__init__(describe(PROBLEMS, code, values))
        self.code = code
        self.values = values


def _shown(value: Any, limit: int = 20) -> str:
    """Untrusted text as a value of a problem's words: cut short, control characters as "?"
    (so the host may send it back in an ``error`` message).

    >>> _shown("se\\u0007at" * 9)
    'se?atse?atse?atse?at'
    """
    return "".join("?" if ord(c) < 32 or 0x7F <= ord(c) < 0xA0 else c for c in str(value)[:limit])


def _control(text: str) -> bool:
    return any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in text)


def _text(value: Any, name: str, longest: int, *, empty: bool = False) -> str:
    if not isinstance(value, str):
        raise ProtocolError("not-text", field=name)
    if len(value) > longest:
        raise ProtocolError("too-long", field=name, limit=longest)
    if not empty and not value.strip():
        raise ProtocolError("empty", field=name)
    if _control(value):
        raise ProtocolError("control", field=name)
    return value


def _whole(value: Any, name: str, high: int = MAX_WHOLE) -> int:
    if type(value) is not int or not 0 <= value <= high:
        raise ProtocolError("not-whole", field=name, high=high)
    return value


def _hex(value: Any, name: str, length: int) -> str:
    if not (isinstance(value, str) and len(value) == length and all(c in "0123456789abcdef" for c in value)):
        raise ProtocolError("not-hex", field=name, length=length)
    return value


def _step(value: Any) -> str:
    text = _text(value, "step", 24)
    parts = text.split(".")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        raise ProtocolError("step")
    return text


def _object(value: Any, name: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProtocolError("not-object", field=name)
    return value


def _flag(value: Any, name: str) -> bool:
    if type(value) is not bool:
        raise ProtocolError("not-flag", field=name)
    return value


def _nullable_number(value: Any, name: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 86_400:
        raise ProtocolError("not-seconds", field=name)
    return float(value)


def _code(value: Any, name: str, codes: Mapping[str, Any] | tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in codes:
        raise ProtocolError("unknown-code", field=name, value=_shown(value))
    return value


def _reason(value: Any, name: str, table: Mapping[str, str]) -> dict[str, Any]:
    """``{"code": <a key of table>, "values": {<exactly the sentence's placeholders>: text or
    whole number}}``: what a page words itself (never the words)."""
    reason = _object(value, name)
    if set(reason) != {"code", "values"}:
        raise ProtocolError("unexpected-field" if set(reason) - {"code", "values"} else "missing-field",
                            kind=name, field=_shown(", ".join(sorted(set(reason) ^ {"code", "values"})), 40))
    code = _code(reason["code"], f"{name}.code", table)
    return {"code": code, "values": _values(reason["values"], f"{name}.values", placeholders(table[code]))}


def _values(value: Any, name: str, wanted: set[str]) -> dict[str, Any]:
    values = _object(value, name)
    if set(values) != wanted:
        if not wanted:
            raise ProtocolError("no-values", field=name)
        raise ProtocolError("values", field=name, names=", ".join(sorted(wanted)))
    return {key: v if type(v) is int and 0 <= v <= MAX_WHOLE else _text(v, f"{name}.{key}", MAX_VALUE, empty=True)
            for key, v in values.items()}


# Each type: the fields it must have, and a check of each (they return the clean value).
_FIELDS: dict[str, dict[str, Callable[[Any], Any]]] = {
    "hello": {"name": lambda v: _text(v, "name", MAX_NAME).strip()},
    "act": {"action": lambda v: _text(v, "action", MAX_ACTION), "step": _step},
    "chat": {"text": lambda v: _text(v, "text", MAX_CHAT)},
    "leave": {},
    "ping": {"n": lambda v: _whole(v, "n")},
    "show": {"show": lambda v: _flag(v, "show")},
    "welcome": {"seat": lambda v: _whole(v, "seat", 4), "host": lambda v: _text(v, "host", MAX_NAME)},
    "state": {"view": lambda v: v if v is None else _object(v, "view"),
              "names": lambda v: [_text(n, "names[]", MAX_NAME) for n in _list(v, "names", 5)],
              "table_seats": lambda v: [_whole(s, "table_seats[]", 4) for s in _list(v, "table_seats", 5)],
              "hand": lambda v: _whole(v, "hand"), "step": _step,
              "you": lambda v: v if v is None else _whole(v, "you", 4),
              "left": lambda v: _nullable_number(v, "left"), "limit": lambda v: _nullable_number(v, "limit"),
              "over": lambda v: v if v is None else _reason(v, "over", ENDINGS)},
    "commit": {"hand": lambda v: _whole(v, "hand"), "hash": lambda v: _hex(v, "hash", 64)},
    "reveal": {"hand": lambda v: _whole(v, "hand"), "seed": lambda v: _whole(v, "seed"),
               "salt": lambda v: _hex(v, "salt", 32), "scenario": lambda v: _object(v, "scenario")},
    "roster": {"seats": lambda v: [_roster_seat(s) for s in _list(v, "seats", 5)]},
    "error": {"code": lambda v: _code(v, "code", ERRORS), "values": lambda v: _object(v, "values")},  # see parse
    "bye": {"why": lambda v: _code(v, "why", BYE_CODES)},
    "pong": {"n": lambda v: _whole(v, "n")},
}
_OPTIONAL = {"chat": {"from": lambda v: _text(v, "from", MAX_NAME)},
             "state": {"bank": lambda v: _nullable_number(v, "bank")}}  # the time bank of the seat to act


def _list(value: Any, name: str, longest: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > longest:
        raise ProtocolError("not-list", field=name, limit=longest)
    return value


def _roster_seat(value: Any) -> dict[str, Any]:
    seat = _object(value, "seats[]")
    if set(seat) != {"seat", "name", "kind", "connected"}:
        raise ProtocolError("roster-fields")
    if seat["kind"] not in ("host", "bot", "guest", "open") or not isinstance(seat["connected"], bool):
        raise ProtocolError("roster-kind")
    name = _text(seat["name"], "seats[].name", MAX_NAME, empty=True)
    if (seat["kind"] == "open") != (name == ""):  # an open seat is worded by its number on each page
        raise ProtocolError("roster-name")
    return {"seat": _whole(seat["seat"], "seats[].seat", 4), "name": name, "kind": seat["kind"],
            "connected": seat["connected"]}


def parse(text: Any, sender: str) -> dict[str, Any]:
    """A received message, checked: ``sender`` is ``"guest"`` or ``"host"`` (who may send what).

    >>> parse('{"v": 2, "t": "act", "action": "call", "step": "3.17"}', "guest")
    {'t': 'act', 'action': 'call', 'step': '3.17'}
    >>> parse('{"v": 2, "t": "act", "action": "call", "step": "3.17", "seat": 2}', "guest")
    Traceback (most recent call last):
    ...
    protocol.ProtocolError: act: unexpected field 'seat'
    """
    if not isinstance(text, str):
        raise ProtocolError("not-string")
    try:
        data = load_json(text, "the message", max_chars=MAX_CHARS, max_depth=MAX_DEPTH)
    except InputError:
        raise ProtocolError("unreadable", chars=MAX_CHARS, depth=MAX_DEPTH) from None
    if not isinstance(data, dict):
        raise ProtocolError("not-json-object")
    if data.get("v") != VERSION:
        raise ProtocolError("version", version=_shown(data.get("v"), 10), ours=VERSION)
    kind = data.get("t")
    allowed = GUEST_TYPES if sender == "guest" else HOST_TYPES
    if kind not in allowed:
        raise ProtocolError("not-from-guest" if sender == "guest" else "not-from-host", kind=_shown(kind))
    fields = _FIELDS[kind]
    optional = _OPTIONAL.get(kind, {}) if sender == "host" else {}
    out: dict[str, Any] = {"t": kind}
    for key in data:
        if key not in ("v", "t") and key not in fields and key not in optional:
            raise ProtocolError("unexpected-field", kind=kind, field=_shown(key))
    for key, check in fields.items():
        if key not in data:
            raise ProtocolError("missing-field", kind=kind, field=key)
        out[key] = check(data[key])
    for key, check in optional.items():
        if key in data:
            out[key] = check(data[key])
    if kind == "error":  # the values are those its code's sentence takes
        out["values"] = _values(out["values"], "values", placeholders(ERRORS[out["code"]]))
    return out


def message(kind: str, **fields: Any) -> str:
    """A message as text (checked against its own schema, so a page never sends a bad one).

    >>> message("ping", n=3)
    '{"v":2,"t":"ping","n":3}'
    """
    text = json.dumps({"v": VERSION, "t": kind, **fields}, separators=(",", ":"), ensure_ascii=False)
    parse(text, "guest" if kind in GUEST_TYPES and kind not in HOST_TYPES else "host")
    return text


def clean_name(text: Any, fallback: str) -> str:
    """A guest's name as shown at the table: trimmed, control characters refused, at most 20 characters.

    >>> clean_name("  Zoë  ", "Guest"), clean_name("", "Guest 2"), clean_name("a\\u0007b", "Guest")
    ('Zoë', 'Guest 2', 'Guest')
    """
    try:
        return _text(text, "name", MAX_NAME).strip()
    except ProtocolError:
        return fallback
