"""The messages between a host's page (the dealer) and its guests' pages: JSON text, version 1.

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
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from stripdeck.inputs import InputError, load_json

VERSION = 1
MAX_CHARS = 64_000          # a state message is a few kilobytes; nothing legitimate is near this
MAX_DEPTH = 12
MAX_NAME = 20
MAX_CHAT = 200
MAX_ACTION = 80

GUEST_TYPES = ("hello", "act", "chat", "leave", "ping", "show")
HOST_TYPES = ("welcome", "state", "commit", "reveal", "chat", "roster", "error", "bye", "pong")


class ProtocolError(ValueError):
    """A message that is not one of ours: the text says what was wrong with it."""


def _text(value: Any, name: str, longest: int, *, empty: bool = False) -> str:
    if not isinstance(value, str):
        raise ProtocolError(f"{name} must be text")
    if len(value) > longest:
        raise ProtocolError(f"{name} is longer than {longest} characters")
    if not empty and not value.strip():
        raise ProtocolError(f"{name} is empty")
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in value):
        raise ProtocolError(f"{name} has control characters")
    return value


def _whole(value: Any, name: str, high: int = 2 ** 63 - 1) -> int:
    if type(value) is not int or not 0 <= value <= high:
        raise ProtocolError(f"{name} must be a whole number from 0 to {high}")
    return value


def _hex(value: Any, name: str, length: int) -> str:
    if not (isinstance(value, str) and len(value) == length and all(c in "0123456789abcdef" for c in value)):
        raise ProtocolError(f"{name} must be {length} lowercase hex digits")
    return value


def _step(value: Any) -> str:
    text = _text(value, "step", 24)
    parts = text.split(".")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        raise ProtocolError("step must look like 12.34 (hand number, events)")
    return text


def _object(value: Any, name: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProtocolError(f"{name} must be an object")
    return value


def _flag(value: Any, name: str) -> bool:
    if type(value) is not bool:
        raise ProtocolError(f"{name} must be true or false")
    return value


def _nullable_number(value: Any, name: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 86_400:
        raise ProtocolError(f"{name} must be a number of seconds or null")
    return float(value)


# Each type: the fields it must have, and a check of each (they return the clean value).
_FIELDS: dict[str, dict[str, Callable[[Any], Any]]] = {
    "hello": {"name": lambda v: _text(v, "name", MAX_NAME).strip()},
    "act": {"action": lambda v: _text(v, "action", MAX_ACTION), "step": _step},
    "chat": {"text": lambda v: _text(v, "text", MAX_CHAT)},
    "leave": {},
    "ping": {"n": lambda v: _whole(v, "n")},
    "show": {"show": lambda v: _flag(v, "show")},
    "welcome": {"seat": lambda v: _whole(v, "seat", 4), "table": lambda v: _text(v, "table", 40)},
    "state": {"view": lambda v: v if v is None else _object(v, "view"),
              "names": lambda v: [_text(n, "a name", MAX_NAME) for n in _list(v, "names", 5)],
              "table_seats": lambda v: [_whole(s, "a table seat", 4) for s in _list(v, "table_seats", 5)],
              "hand": lambda v: _whole(v, "hand"), "step": _step,
              "you": lambda v: v if v is None else _whole(v, "you", 4),
              "left": lambda v: _nullable_number(v, "left"), "limit": lambda v: _nullable_number(v, "limit"),
              "over": lambda v: _text(v, "over", 200, empty=True),
              "summary": lambda v: _text(v, "summary", 300, empty=True)},
    "commit": {"hand": lambda v: _whole(v, "hand"), "hash": lambda v: _hex(v, "hash", 64)},
    "reveal": {"hand": lambda v: _whole(v, "hand"), "seed": lambda v: _whole(v, "seed"),
               "salt": lambda v: _hex(v, "salt", 32), "scenario": lambda v: _object(v, "scenario")},
    "roster": {"seats": lambda v: [_roster_seat(s) for s in _list(v, "seats", 5)]},
    "error": {"code": lambda v: _text(v, "code", 40), "message": lambda v: _text(v, "message", 300)},
    "bye": {"why": lambda v: _text(v, "why", 200)},
    "pong": {"n": lambda v: _whole(v, "n")},
}
_OPTIONAL = {"chat": {"from": lambda v: _text(v, "from", MAX_NAME)},
             "state": {"bank": lambda v: _nullable_number(v, "bank")}}  # the time bank of the seat to act


def _list(value: Any, name: str, longest: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > longest:
        raise ProtocolError(f"{name} must be a list of at most {longest}")
    return value


def _roster_seat(value: Any) -> dict[str, Any]:
    seat = _object(value, "a roster seat")
    if set(seat) != {"seat", "name", "kind", "connected"}:
        raise ProtocolError("a roster seat has seat, name, kind and connected")
    if seat["kind"] not in ("host", "bot", "guest", "open") or not isinstance(seat["connected"], bool):
        raise ProtocolError("a roster seat's kind is host, bot, guest or open; connected is true or false")
    return {"seat": _whole(seat["seat"], "seat", 4), "name": _text(seat["name"], "name", MAX_NAME),
            "kind": seat["kind"], "connected": seat["connected"]}


def parse(text: Any, sender: str) -> dict[str, Any]:
    """A received message, checked: ``sender`` is ``"guest"`` or ``"host"`` (who may send what).

    >>> parse('{"v": 1, "t": "act", "action": "call", "step": "3.17"}', "guest")
    {'t': 'act', 'action': 'call', 'step': '3.17'}
    >>> parse('{"v": 1, "t": "act", "action": "call", "step": "3.17", "seat": 2}', "guest")
    Traceback (most recent call last):
    ...
    protocol.ProtocolError: act: unexpected field 'seat'
    """
    if not isinstance(text, str):
        raise ProtocolError("a message must be text")
    try:
        data = load_json(text, "the message", max_chars=MAX_CHARS, max_depth=MAX_DEPTH)
    except InputError as err:
        raise ProtocolError(str(err)) from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    if data.get("v") != VERSION:
        raise ProtocolError(f"unknown protocol version {str(data.get('v'))[:10]!r} (this page speaks {VERSION})")
    kind = data.get("t")
    allowed = GUEST_TYPES if sender == "guest" else HOST_TYPES
    if kind not in allowed:
        raise ProtocolError(f"a {sender} does not send {str(kind)[:20]!r} messages")
    fields = _FIELDS[kind]
    optional = _OPTIONAL.get(kind, {}) if sender == "host" else {}
    out: dict[str, Any] = {"t": kind}
    for key in data:
        if key not in ("v", "t") and key not in fields and key not in optional:
            raise ProtocolError(f"{kind}: unexpected field {str(key)[:20]!r}")
    for key, check in fields.items():
        if key not in data:
            raise ProtocolError(f"{kind}: {key} is missing")
        out[key] = check(data[key])
    for key, check in optional.items():
        if key in data:
            out[key] = check(data[key])
    return out


def message(kind: str, **fields: Any) -> str:
    """A message as text (checked against its own schema, so a page never sends a bad one).

    >>> message("ping", n=3)
    '{"v":1,"t":"ping","n":3}'
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
