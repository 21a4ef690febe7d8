"""Settings and the saved session: validation, rules from settings, localStorage I/O.

Pure Python except for the `store` object passed in (anything with getItem/setItem/
removeItem: the browser's localStorage, or a dict-backed fake on CPython).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Protocol

import stripdeck
from stripdeck import Rules, Session, i18n
from stripdeck.i18n import _, ngettext
from stripdeck.inputs import load_json as read_json
from stripdeck.inputs import shown
from stripdeck.reads import Reads
from stripdeck.rules import STRUCTURES as RULES_STRUCTURES
from stripdeck.state import MAX_SEATS

from . import session_log, step_record

SETTINGS_KEY = "stripdeck.settings"
SESSION_KEY = "stripdeck.session"
TURN_KEY = "stripdeck.turn"
HANDS_KEY = "stripdeck.hands"
READS_KEY = "stripdeck.reads"  # what each bot has read of the players (stripdeck.reads.Reads), by table seat
SAVED_CHARS = 4_000_000  # the longest saved record read back (the hand history is the longest)
SETTINGS_VERSION = 1
SAVE_VERSION = 2  # 2: the finished hand and the table's chips are saved too

PRESETS = ("online", "official", "cardroom", "bosnian")
# The betting structure: "preset" plays the preset's own (online: pot limit; the others: fixed limit).
STRUCTURES = ("preset", *RULES_STRUCTURES)
STAKES = (1, 2, 5, 10)
SUIT_ORDERS = ("hdcs", "hdsc", "shdc", "sdch", "cdhs")
TIMER_SECONDS = 30
TIME_BANKS = (0, 15, 30, 60)  # seconds of time bank a session, per person or guest (0: none)

# Options a preset decides; changing the preset in the form resets them to its defaults.
PRESET_FIELDS = ("suit_ties", "draw_limit", "split", "timers", "time_bank", "flush_beats_full_house", "joker")

DEFAULTS: dict[str, Any] = {
    "version": SETTINGS_VERSION,
    "preset": "online",
    "structure": "preset",
    "opponents": 3,
    "people": ["You"],
    "stack": 200,
    "stakes": 1,
    "suit_ties": "kicker",
    "suit_order": "hdcs",
    "draw_limit": 4,
    "split": True,
    "timers": True,
    "time_bank": 0,
    "show_all": False,
    "flush_beats_full_house": True,
    "joker": False,
    "four_color": False,
    "auto_deal": True,
    "fast_bots": False,
    "bot_level": "normal",
    "show_hints": True,
    "turn_sound": True,
    "show_losing": False,
    "big_blinds": False,
    "lang": "",  # the page's language chosen in Settings ("": not chosen, the browser's languages decide)
}
# Settings that only change the display; they apply at once (no new table).
DISPLAY_FIELDS = ("four_color", "auto_deal", "fast_bots", "show_hints", "turn_sound", "show_losing", "big_blinds",
                  "lang")
# The languages a saved setting may name: the game's, and the test pseudo-language.
LANGUAGE_CODES = ("", *i18n.NAMES, i18n.PSEUDO)
BOT_LEVELS = ("easy", "normal", "hard")


class Store(Protocol):
    """The part of the Web Storage API used here."""

    def getItem(self, key: str) -> Any: ...  # noqa: N802 - the DOM's names
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802


class SettingsError(ValueError):
    """A settings value that is not allowed (the message says which and why)."""


def preset_defaults(preset: str) -> dict[str, Any]:
    """The form values a preset implies (from the engine's presets)."""
    rules = Rules.preset(preset)
    return {"suit_ties": rules.suit_ties, "draw_limit": rules.draw_limit, "split": rules.split,
            "timers": rules.action_timer is not None, "time_bank": 0,  # off: a table chooses one
            "flush_beats_full_house": rules.flush_beats_full_house, "joker": rules.joker}


def with_preset(settings: Mapping[str, Any], preset: str) -> dict[str, Any]:
    """Settings switched to ``preset``, with the options it decides reset to its values."""
    out = dict(settings)
    out["preset"] = preset
    out.update(preset_defaults(preset))
    return out


def _choice(data: Mapping[str, Any], name: str, choices: tuple[Any, ...]) -> Any:
    value = data.get(name, DEFAULTS[name])
    if isinstance(value, bool) and not isinstance(DEFAULTS[name], bool) or value not in choices:
        # TRANSLATORS: a setting refused: {setting} is its name in the settings' JSON ("preset"), {value} what
        # was given, {choices} the values allowed (both as code: "'online', 'official'").
        raise SettingsError(_("{setting}: {value} is not one of {choices}", setting=name, value=shown(value),
                              choices=", ".join(map(str, choices))))
    return value


def _whole(data: Mapping[str, Any], name: str, low: int, high: int) -> int:
    try:
        return stripdeck.whole_number(data.get(name, DEFAULTS[name]), "", low, high)
    except stripdeck.InputError as err:  # ASCII digits only, bounded: '²' or 5,000 digits are refused
        # TRANSLATORS: {setting} is a setting's name in the settings' JSON, {problem} what is wrong with its
        # value ("must be a whole number from 20 to 100000, got 'x'").
        raise SettingsError(_("{setting}: {problem}", setting=name, problem=str(err))) from None


def _flag(data: Mapping[str, Any], name: str) -> bool:
    value = data.get(name, DEFAULTS[name])
    if not isinstance(value, bool):
        raise SettingsError(_("{setting}: must be true or false, got {value}", setting=name, value=shown(value)))
    return value


def _language(data: Mapping[str, Any]) -> str:
    value = data.get("lang", DEFAULTS["lang"])
    if not isinstance(value, str) or value not in LANGUAGE_CODES:
        # TRANSLATORS: {value} is what was given; {choices} the language codes ("en, it, es, ...").
        raise SettingsError(_("lang: {value} is not a language of the game ({choices})", value=shown(value),
                              choices=", ".join(c for c in LANGUAGE_CODES if c)))
    return value


def validate(data: Any, guests: int = 0) -> dict[str, Any]:
    """Clean settings from ``data`` (missing keys take defaults); raises SettingsError.
    ``guests``: seats for friends on other devices (a host's table) besides people and bots."""
    if not isinstance(data, Mapping):
        raise SettingsError(_("settings must be an object"))
    if data.get("version", SETTINGS_VERSION) != SETTINGS_VERSION:
        raise SettingsError(_("settings version {version} is not {expected}", version=shown(data.get("version")),
                              expected=str(SETTINGS_VERSION)))
    unknown = sorted(set(data) - set(DEFAULTS))
    if unknown:
        raise SettingsError(_("unknown setting {setting}", setting=shown(unknown[0])))
    out = {
        "version": SETTINGS_VERSION,
        "preset": _choice(data, "preset", PRESETS),
        "structure": _choice(data, "structure", STRUCTURES),
        "opponents": _whole(data, "opponents", 0, 4),
        "people": _people(data),
        "stack": _whole(data, "stack", 20, 100_000),
        "stakes": _choice(data, "stakes", STAKES),
        "suit_ties": _choice(data, "suit_ties", ("kicker", "combination", "split")),
        "suit_order": _choice(data, "suit_order", SUIT_ORDERS),
        "draw_limit": _whole(data, "draw_limit", 0, 5),
        "split": _flag(data, "split"),
        "timers": _flag(data, "timers"),
        "time_bank": _choice(data, "time_bank", TIME_BANKS),
        "show_all": _flag(data, "show_all"),
        "flush_beats_full_house": _flag(data, "flush_beats_full_house"),
        "joker": _flag(data, "joker"),
        "four_color": _flag(data, "four_color"),
        "auto_deal": _flag(data, "auto_deal"),
        "fast_bots": _flag(data, "fast_bots"),
        "bot_level": _choice(data, "bot_level", BOT_LEVELS),
        "show_hints": _flag(data, "show_hints"),
        "turn_sound": _flag(data, "turn_sound"),
        "show_losing": _flag(data, "show_losing"),
        "big_blinds": _flag(data, "big_blinds"),
        "lang": _language(data),
    }
    if not 2 <= len(out["people"]) + guests + out["opponents"] <= 5:
        people, bots = len(out["people"]), out["opponents"]
        # TRANSLATORS: the players asked for: "1 person and 0 bots", "2 people, 3 friends and 1 bot".
        persons = ngettext("{n} person", "{n} people", people)
        robots = ngettext("{n} bot", "{n} bots", bots)
        got = (_("{people}, {friends} and {bots}", people=persons, bots=robots,
                 friends=ngettext("{n} friend", "{n} friends", guests)) if guests else
               _("{people} and {bots}", people=persons, bots=robots))
        raise SettingsError(_("people and bots: a table seats 2 to 5 players, got {players}", players=got))
    rules_from(out)  # the engine has the last word on combinations
    return out


MAX_NAME = 20


def _people(data: Mapping[str, Any]) -> list[str]:
    """The names of the people at this device (pass and play when more than one)."""
    value = data.get("people", DEFAULTS["people"])
    if not isinstance(value, list) or not 1 <= len(value) <= 5:
        raise SettingsError(_("people: must be a list of 1 to 5 names"))
    names = []
    for name in value:
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME or any(
                ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in name):
            raise SettingsError(_("people: each name is 1 to {most} letters, got {value}", most=MAX_NAME,
                                  value=shown(name)))
        names.append(name.strip())
    if len({n.casefold() for n in names}) != len(names):
        raise SettingsError(_("people: two people have the same name"))
    if len(names) > 1 and any(n.casefold() == "you" for n in names):  # "Pass the device to You" reads wrong
        raise SettingsError(_('people: at a shared device nobody may be called "You" (the page says "you" to '
                              "whoever holds it): give each person their own name"))
    return names


def rules_from(settings: Mapping[str, Any], timer_seconds: float = TIMER_SECONDS) -> Rules:
    """The engine's Rules for these settings (stakes multiply the preset's forced bets and bets;
    a structure other than "preset" replaces the preset's, with its bet sizes: the smallest bet
    in pot and no limit is the preset's small bet)."""
    base = Rules.preset(settings["preset"])
    structure = settings.get("structure", "preset")
    m = settings["stakes"]
    timer = timer_seconds if settings["timers"] else None
    try:
        return base.with_options(
            small_blind=base.small_blind * m, big_blind=base.big_blind * m, ante=base.ante * m,
            small_bet=base.small_bet * m, big_bet=base.big_bet * m,
            structure=base.structure if structure == "preset" else structure,
            suit_ties=settings["suit_ties"], suit_order=settings["suit_order"],
            draw_limit=settings["draw_limit"], split=settings["split"],
            draw_timer=timer, action_timer=timer, show_all=settings["show_all"],
            flush_beats_full_house=settings["flush_beats_full_house"], joker=settings["joker"])
    except stripdeck.RulesError as err:
        raise SettingsError(str(err)) from None


BOT_NAMES = ("Ada", "Bruno", "Chloé", "Dev", "Elif", "Femi", "Greta", "Hugo", "Ines")


def player_names(opponents: int, people: list[str] | None = None) -> list[str]:
    """The people's names, then the bots' (names the people already use are skipped).

    >>> player_names(3), player_names(2, ["Ann", "Bruno"])
    (['You', 'Ada', 'Bruno', 'Chloé'], ['Ann', 'Bruno', 'Ada', 'Chloé'])
    """
    people = list(people or ["You"])
    taken = {n.casefold() for n in people}
    return people + [n for n in BOT_NAMES if n.casefold() not in taken][:opponents]


def new_session(settings: Mapping[str, Any], seed: int | None = None,
                timer_seconds: float = TIMER_SECONDS, guests: int = 0) -> Session:
    """A fresh table for these settings: the people at this device first, then ``guests`` seats
    for friends on their own devices (a host's table), then bots."""
    people = settings["people"]
    bots = player_names(settings["opponents"], people)[len(people):]
    players = [stripdeck.Player(n, settings["stack"], "human") for n in people]
    players += [stripdeck.Player(f"Seat {len(players) + i + 1}", settings["stack"], "remote") for i in range(guests)]
    players += [stripdeck.Player(n, settings["stack"], "bot") for n in bots]
    return Session.new(rules_from(settings, timer_seconds), players, seed=seed)


# ------------------------------------------------------------------ saving and loading

def save_data(session: Session) -> dict[str, Any]:
    """JSON-ready data that restores ``session``, with the hand on the table (in play or
    finished) and the chips at the table, which a restored session must still add up to."""
    data: dict[str, Any] = {"version": SAVE_VERSION, "session": session.to_dict(),
                            "chips": table_chips(session)}
    if session.hand is not None:
        scenario = stripdeck.export_hand(session.hand)
        data["hand"] = {k: scenario[k] for k in ("rules", "stacks", "button", "deck", "seed", "actions", "show")
                        if k in scenario}
        data["hand_seats"] = list(session.hand_seats)
    return data


def table_chips(session: Session) -> int:
    """Every chip at the table between hands (a hand in play has not moved any yet)."""
    return sum(p.stack for p in session.seats if p is not None)


def restore(data: Any) -> tuple[Session, str]:
    """The session from :func:`save_data` data and a notice ("" if all went well).

    Raises ValueError if the session part is unusable, or if its chips do not add up to the
    table's; a hand that cannot be replayed, or does not fit the table, is dropped with a
    notice (the table continues from before it).
    """
    if not isinstance(data, Mapping) or data.get("version") != SAVE_VERSION:
        raise ValueError(_("unknown format or version"))
    session = Session.from_dict(data.get("session"))
    chips = data.get("chips")
    if isinstance(chips, bool) or not isinstance(chips, int) or chips != table_chips(session):
        raise ValueError(_("the players' chips add up to {total}, not the table's {chips}", total=table_chips(session),
                           chips=shown(chips)))
    if "hand" not in data:
        return session, ""
    try:
        hand = stripdeck.play_scenario(data["hand"])
        seats = data["hand_seats"]
        if (not isinstance(seats, list) or len(seats) != len(hand.seats) or len(set(seats)) != len(seats)
                or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < len(session.seats)
                       or session.seats[s] is None for s in seats)):
            raise ValueError(_("its seats are not the table's"))
        stacks = [session.seats[s].stack for s in seats]  # type: ignore[union-attr]
        played = [seat.stack for seat in hand.seats] if hand.is_complete else list(hand.start_stacks)
        if stacks != played or hand.rules != session.rules:
            raise ValueError(_("its stacks or rules are not the table's"))
        return session._replace(hand=hand, hand_seats=tuple(seats)), ""
    except (ValueError, KeyError, TypeError, IndexError) as err:
        return session, _("The saved hand could not be restored ({reason}); a new hand is dealt.", reason=str(err))


def load_json(store: Store, key: str) -> tuple[Any, str]:
    """(parsed JSON or None, error text). A missing key is (None, '')."""
    try:
        text = store.getItem(key)
    except Exception as err:  # noqa: BLE001 - storage may be blocked
        return None, _("storage unavailable: {reason}", reason=str(err))
    if text is None or (not isinstance(text, str) and not text):  # None, or JS null in Pyodide
        return None, ""
    try:  # bounded in size and depth before parsing: an edited record cannot exhaust the stack
        return read_json(str(text), key, max_chars=SAVED_CHARS), ""
    except stripdeck.InputError as err:
        return None, str(err)


def load(store: Store) -> tuple[dict[str, Any], Session | None, list[str]]:
    """Settings, the saved session (or None) and notices about discarded data."""
    notices: list[str] = []
    raw, problem = load_json(store, SETTINGS_KEY)
    settings = dict(DEFAULTS)
    if problem or raw is not None:
        try:
            if problem:
                raise SettingsError(problem)
            settings = validate(raw)
        except SettingsError as err:
            notices.append(_("Saved settings were unreadable and have been reset ({reason}).", reason=str(err)))
            _remove(store, SETTINGS_KEY)
    raw, problem = load_json(store, SESSION_KEY)
    session = None
    if problem or raw is not None:
        try:
            if problem:
                raise ValueError(problem)
            session, notice = restore(raw)
            if notice:
                notices.append(notice)
        except (ValueError, TypeError, KeyError) as err:
            notices.append(_("The saved game was unreadable or outdated and has been discarded ({reason}).",
                             reason=str(err)))
            _remove(store, SESSION_KEY)
            session = None
    return settings, session, notices


def save(store: Store, settings: Mapping[str, Any], session: Session | None) -> None:
    """Write settings and session (quietly ignores a full or blocked storage)."""
    _write(store, SETTINGS_KEY, dict(settings))
    _write(store, SESSION_KEY, None if session is None else save_data(session))


def save_turn(store: Store, record: Mapping[str, Any] | None) -> None:
    """Write the current state's clock and choices (``Controller.step_record``), or clear it."""
    _write(store, TURN_KEY, None if record is None else dict(record))


def save_hand_log(store: Store, log: Mapping[str, Any]) -> None:
    """Write the session's history of finished hands (session_log)."""
    _write(store, HANDS_KEY, dict(log))


def load_hand_log(store: Store) -> tuple[dict[str, Any] | None, list[str]]:
    """The saved history of finished hands (None if none or unreadable) and notices."""
    raw, problem = load_json(store, HANDS_KEY)
    if not problem and raw is None:
        return None, []
    try:
        if problem:
            raise ValueError(problem)
        return session_log.validate(raw), []
    except ValueError as err:
        _remove(store, HANDS_KEY)
        return None, [_("The saved list of this session's hands was unreadable and starts again ({reason}).",
                        reason=str(err))]


def save_reads(store: Store, reads: Mapping[int, Mapping[str, Any]]) -> None:
    """Write each bot's reads of the players (table seat -> ``Reads.to_dict()``)."""
    _write(store, READS_KEY, {str(seat): dict(r) for seat, r in reads.items()})


def load_reads(store: Store) -> tuple[dict[int, dict[str, Any]], list[str]]:
    """The saved reads by table seat (empty if none or unreadable) and notices.

    Every bot's reads are checked (``Reads.from_dict``): one unreadable part discards them all,
    and the bots start to read the players again.
    """
    raw, problem = load_json(store, READS_KEY)
    if not problem and raw is None:
        return {}, []
    try:
        if problem:
            raise ValueError(problem)
        if not isinstance(raw, dict) or len(raw) > MAX_SEATS:
            raise ValueError(_("expected an object of at most {n} seats", n=MAX_SEATS))
        out: dict[int, dict[str, Any]] = {}
        for seat, data in raw.items():
            if not (isinstance(seat, str) and seat.isascii() and seat.isdigit() and len(seat) == 1
                    and int(seat) < MAX_SEATS):
                raise ValueError(_("{seat} is not a seat number", seat=shown(seat)))
            out[int(seat)] = Reads.from_dict(data).to_dict()
        return out, []
    except ValueError as err:
        _remove(store, READS_KEY)
        return {}, [_("What the bots had read of the players was unreadable and starts again ({reason}).",
                      reason=str(err))]


def _write(store: Store, key: str, data: Any) -> None:
    """Store ``data`` as JSON under ``key`` (None removes it); a full or blocked storage is ignored."""
    try:
        if data is None:
            store.removeItem(key)
        else:
            store.setItem(key, json.dumps(data))
    except Exception:  # noqa: BLE001 - private mode or quota: play on without saving
        pass


def load_turn(store: Store) -> tuple[dict[str, Any] | None, list[str]]:
    """The saved step record (None if there is none) and a notice if it was unreadable.

    Read by table/step_record.py's parser; ``Controller.resume_step`` decides whether it belongs
    to the state being restored.
    """
    raw, problem = load_json(store, TURN_KEY)
    if not problem and raw is None:
        return None, []
    if not problem and step_record.parse(raw) is None:
        problem = _("expected {{hand, events, started_at}} numbers, got {value}", value=json.dumps(raw)[:80])
    if problem:
        _remove(store, TURN_KEY)
        return None, [_("The saved turn clock was unreadable and starts again ({reason}).", reason=problem)]
    return raw, []


def _remove(store: Store, key: str) -> None:
    try:
        store.removeItem(key)
    except Exception:  # noqa: BLE001
        pass


class MemoryStore:
    """A Store kept in memory only (embed mode: the visitor's localStorage is left alone).

    >>> m = MemoryStore(); m.setItem("k", "v"); m.getItem("k"), m.getItem("x")
    ('v', None)
    """

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the DOM's names
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)
