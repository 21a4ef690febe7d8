"""Rules: every option of RULES.md in one frozen, validated record, with presets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .i18n import _
from .inputs import MAX_CHIPS, InputError, whole_number

__all__ = ["Rules", "RulesError", "PRESETS", "SUIT_TIES", "STRUCTURES"]


class RulesError(ValueError):
    """An unknown rules option, preset, or a bad option value."""


SUIT_TIES = ("kicker", "combination", "split")
STRUCTURES = ("fixed-limit", "pot-limit", "no-limit")


@dataclass(frozen=True)
class Rules:
    """The options a table plays by (RULES.md). Defaults are the ``online`` preset.

    >>> Rules.preset("official").suit_ties
    'combination'
    >>> Rules(draw_limit=9)
    Traceback (most recent call last):
    ...
    stripdeck.rules.RulesError: draw_limit must be a whole number from 0 to 5, got 9
    """

    suit_ties: str = "kicker"
    suit_order: str = "hdcs"
    flush_beats_full_house: bool = True
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    dealer_ante: bool = False
    structure: str = "pot-limit"
    small_bet: int = 2
    big_bet: int = 4
    max_raises: int | None = None
    draw_limit: int = 4
    split: bool = True
    draw_timer: float | None = 30
    action_timer: float | None = 30
    joker: bool = False
    show_all: bool = False
    fourth_card_choice: bool = False

    def __post_init__(self) -> None:
        _validate(self)
        # Looked up on every evaluation: computed once (not a field, so not compared or saved).
        object.__setattr__(self, "_evaluation_key",
                           (self.suit_ties, self.suit_order, self.flush_beats_full_house, self.joker))

    @classmethod
    def preset(cls, name: str = "online", **overrides: Any) -> Rules:
        """The named preset (``online``, ``official``, ``cardroom``, ``bosnian``) with options overridden."""
        if not isinstance(name, str) or name not in PRESETS:
            raise RulesError(_("unknown preset {name}: choose one of {presets}", name=repr(name),
                               presets=", ".join(PRESETS)))
        options = dict(PRESETS[name])
        _check_names(overrides)
        options.update(overrides)
        return cls(**options)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Rules:
        """Rules from a mapping of options, optionally with a ``preset`` key."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise RulesError(_("rules must be a mapping of options, got {kind}", kind=type(data).__name__))
        options = dict(data)
        preset = options.pop("preset", "online")
        return cls.preset(preset, **options)

    def to_dict(self) -> dict[str, Any]:
        """All options as a plain JSON-ready dict."""
        return asdict(self)

    def with_options(self, **overrides: Any) -> Rules:
        """A copy with some options changed (validated)."""
        _check_names(overrides)
        return replace(self, **overrides)

    @property
    def uses_blinds(self) -> bool:
        """True when blinds are posted (the order of action follows the blinds)."""
        return self.big_blind > 0 or self.small_blind > 0

    @property
    def raise_cap(self) -> int | None:
        """Raises allowed after the bet while three or more players can still bet (None: no cap)."""
        if self.max_raises is not None:
            return self.max_raises
        return 4 if self.structure == "fixed-limit" else None

    @property
    def evaluation_key(self) -> tuple[str, str, bool, bool]:
        """The options that change how hands rank."""
        key: tuple[str, str, bool, bool] = self.__dict__["_evaluation_key"]
        return key


OPTION_NAMES = tuple(f.name for f in fields(Rules))

PRESETS: dict[str, dict[str, Any]] = {
    "online": {},
    "official": {
        "small_blind": 0, "big_blind": 0, "ante": 1, "structure": "fixed-limit",
        "small_bet": 2, "big_bet": 4, "suit_ties": "combination", "draw_limit": 4,
        "split": False, "draw_timer": None, "action_timer": None,
    },
    "cardroom": {
        "small_blind": 0, "big_blind": 0, "ante": 1, "structure": "fixed-limit",
        "small_bet": 2, "big_bet": 4, "max_raises": 4, "suit_ties": "kicker", "draw_limit": 5,
        "split": False, "draw_timer": None, "action_timer": None,
    },
}
# The official rules with the choice of the fourth card (RULES.md s.5 and s.9: Article 6, as played in
# Bosnia and Herzegovina).
PRESETS["bosnian"] = {**PRESETS["official"], "fourth_card_choice": True}


def _check_names(options: Mapping[str, Any]) -> None:
    for name in options:
        if name not in OPTION_NAMES:
            raise RulesError(_("unknown rules option {name}", name=repr(name)))


def _whole(rules: Rules, name: str, low: int, high: int | None = None) -> None:
    try:
        whole_number(getattr(rules, name), name, low, high, text=False)
    except InputError as err:
        raise RulesError(str(err)) from None


def _flag(rules: Rules, name: str) -> None:
    if not isinstance(getattr(rules, name), bool):
        raise RulesError(_("{name} must be true or false, got {value}", name=name, value=repr(getattr(rules, name))))


def _validate(r: Rules) -> None:
    if r.suit_ties not in SUIT_TIES:
        # TRANSLATORS: {name} is a rules option's key (suit_ties, structure...), kept as it is; {value} is what
        # was given.
        raise RulesError(_("{name} must be one of {choices}, got {value}", name="suit_ties",
                           choices=", ".join(SUIT_TIES), value=repr(r.suit_ties)))
    if not isinstance(r.suit_order, str) or sorted(r.suit_order) != sorted("hdcs"):
        raise RulesError(_("suit_order must name each suit once, highest first (like 'hdcs'), got {value}",
                           value=repr(r.suit_order)))
    if r.structure not in STRUCTURES:
        raise RulesError(_("{name} must be one of {choices}, got {value}", name="structure",
                           choices=", ".join(STRUCTURES), value=repr(r.structure)))
    for name in ("flush_beats_full_house", "dealer_ante", "split", "joker", "show_all", "fourth_card_choice"):
        _flag(r, name)
    for name in ("small_blind", "big_blind", "ante"):
        _whole(r, name, 0, MAX_CHIPS)
    for name in ("small_bet", "big_bet"):
        _whole(r, name, 1, MAX_CHIPS)
    _whole(r, "draw_limit", 0, 5)
    if r.max_raises is not None:
        _whole(r, "max_raises", 0, 1000)
    if r.small_blind > r.big_blind:
        raise RulesError(_("small_blind ({small}) must not be more than big_blind ({big})", small=r.small_blind,
                           big=r.big_blind))
    if r.small_blind > 0 and r.big_blind == 0:
        raise RulesError(_("small_blind needs a big_blind"))
    if r.big_blind == 0 and r.ante == 0:
        raise RulesError(_("there must be a forced bet: set big_blind or ante above 0"))
    if r.dealer_ante and r.ante == 0:
        raise RulesError(_("dealer_ante needs an ante above 0"))
    for name in ("draw_timer", "action_timer"):
        value = getattr(r, name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                  or not value > 0 or value != value or value == float("inf")):
            raise RulesError(_("{name} must be a number of seconds above 0, or null for no timer, got {value}",
                               name=name, value=repr(value)))
