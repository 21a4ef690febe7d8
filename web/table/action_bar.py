"""The action bar's display model: the buttons the viewer may press, the bet amount, the quick
bet sizes, the draw button, and the help lines that explain what is on offer.

Pure Python. It holds no poker rules: what may be done comes from the view's LegalActions
(kinds, amounts, draw limit); quick sizes are only suggestions clamped to the legal totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stripdeck import Card, PlayerView, Rules
from stripdeck.i18n import N_, _, join, ngettext, number, pgettext

KEYS = {"fold": "F", "check": "C", "call": "C", "bet": "B", "raise": "R", "allin": "A",
        "split": "S", "draw": "D", "take-up": "U", "take-down": "D"}
SPLIT_HELP = N_("Offer to share the pot equally instead of showing down.")


@dataclass(frozen=True)
class ButtonModel:
    """A betting or draw button: the action text it sends comes from LegalActions."""

    kind: str
    label: str
    key: str
    action: str                   # action text sent on click
    help: str = ""                # what the button does, for a tooltip and screen readers


@dataclass(frozen=True)
class AmountModel:
    """The bet/raise amount control, clamped to the engine's legal totals."""

    kind: str
    low: int
    high: int
    value: int


@dataclass(frozen=True)
class SizeModel:
    """A quick bet size ("½ pot", "Pot", "All in") that sets the amount control."""

    label: str
    value: int


@dataclass(frozen=True)
class ActionBar:
    """Everything the viewer may do now."""

    buttons: tuple[ButtonModel, ...] = ()
    amount: AmountModel | None = None
    sizes: tuple[SizeModel, ...] = ()
    draw: ButtonModel | None = None
    draw_max: int = 0
    help: tuple[str, ...] = ()    # lines explaining the choices (split, the fifth card, ...)
    question: str = ""            # a question the buttons answer ("Fold when you can check for free?")
    choosing: bool = False        # the buttons are the choice of the fourth card (take up / take down)


def big_blind(rules: Rules) -> int:
    """A big blind in chips, the unit of the big-blind display: the big blind, or at a table
    without blinds (the ante games) the small bet, the size of a bet before the draw.

    >>> big_blind(Rules.preset("online")), big_blind(Rules.preset("official", small_bet=10, big_bet=20))
    (2, 10)
    """
    return rules.big_blind if rules.big_blind > 0 else rules.small_bet


def chips_text(amount: int, unit: int = 0) -> str:
    """An amount as the table shows it: chips, or with ``unit`` (a big blind in chips) big blinds;
    numbers written the language's way.

    >>> chips_text(37), chips_text(37, 2), chips_text(200, 2), chips_text(7, 20), chips_text(1, 3)
    ('37', '18.5 BB', '100 BB', '0.35 BB', '0.33 BB')
    >>> chips_text(1200)
    '1,200'
    """
    if unit <= 0:
        return number(amount)
    # TRANSLATORS: an amount in big blinds on the table ("18.5 BB"); BB is the big blind's usual abbreviation.
    return pgettext("big blinds", "{amount} BB", amount=in_big_blinds(amount, unit))


def in_big_blinds(amount: int, unit: int) -> str:
    """The number of big blinds (``unit`` chips each) in ``amount``, at most two decimals.

    >>> in_big_blinds(37, 2), in_big_blinds(200, 2), in_big_blinds(1, 3)
    ('18.5', '100', '0.33')
    """
    text = f"{amount / unit:.2f}".rstrip("0").rstrip(".")
    return number(amount / unit, len(text.partition(".")[2]))


def discard_label(count: int) -> str:
    """The draw button's label.

    >>> discard_label(0), discard_label(1), discard_label(3)
    ('Stand pat', 'Discard 1 card', 'Discard 3 cards')
    """
    if count == 0:
        return pgettext("button", "Stand pat")
    return ngettext("Discard {n} card", "Discard {n} cards", count)


def draw_action(hand: Sequence[Card], selected: Sequence[int]) -> str:
    """The action text for discarding the selected positions of ``hand``.

    >>> import stripdeck
    >>> draw_action(stripdeck.parse_cards("Ah Kd Qc Js 9s"), [1, 4])
    'draw Kd 9s'
    """
    chosen = [str(hand[i]) for i in sorted(set(selected)) if 0 <= i < len(hand)]
    return "draw " + " ".join(chosen) if chosen else "draw"


def toggle_selection(selected: Sequence[int], index: int, hand_size: int, draw_max: int) -> tuple[int, ...]:
    """Select or unselect card ``index``; selecting beyond ``draw_max`` is refused.

    >>> toggle_selection((0,), 0, 5, 4), toggle_selection((0,), 2, 5, 4)
    ((), (0, 2))
    >>> toggle_selection((0, 1), 2, 5, 2)
    (0, 1)
    """
    current = tuple(sorted(set(selected)))
    if not 0 <= index < hand_size:
        return current
    if index in current:
        return tuple(i for i in current if i != index)
    if len(current) >= draw_max:
        return current
    return tuple(sorted(current + (index,)))


def amount_digits(value: object) -> str | None:
    """An amount typed or slid, as whole-number text (None if it is not one): only ASCII digits
    count (at most 12 of them), so no odd numeral slips through; a decimal part is dropped.

    >>> amount_digits(" 50.5"), amount_digits("²"), amount_digits("1e3")
    ('50', None, None)
    """
    text = str(value).strip().split(".")[0]
    return text if text.isascii() and text.isdigit() and len(text) <= 12 else None


def clamp_amount(value: object, low: int, high: int) -> int:
    """A bet/raise total from user input, clamped to ``low..high`` (bad input -> ``low``).

    >>> clamp_amount("50", 4, 20), clamp_amount("x", 4, 20), clamp_amount(2, 4, 20), clamp_amount("²", 4, 20)
    (20, 4, 4, 4)
    """
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    else:
        text = amount_digits(value)
        if text is None:
            return low
        number = int(text)
    return max(low, min(high, number))


def bet_action(kind: str, value: object, low: int, high: int) -> str:
    """Action text for a bet or raise to a clamped total.

    >>> bet_action("raise", "13", 4, 10)
    'raise 10'
    """
    return f"{kind} {clamp_amount(value, low, high)}"


def pot_total(view: PlayerView) -> int:
    """Every chip in the middle, the bets of the current round included (what "Pot" shows)."""
    return sum(p.amount for p in view.pots) + (0 if view.phase == "complete" else sum(s.bet for s in view.seats))


def quick_sizes(view: PlayerView, low: int, high: int) -> tuple[SizeModel, ...]:
    """Half-pot, pot and all-in totals for the amount control, where the limits allow them.

    A pot-sized raise is the amount to call plus the pot after calling; the sizes are
    clamped to the legal totals, and sizes that come out equal are shown once.
    """
    me = view.seats[view.viewer] if view.viewer is not None else None
    if me is None or low >= high:
        return ()
    to_call = max(0, view.to_match - me.bet)
    after_call = pot_total(view) + to_call
    everything = me.bet + me.stack
    sizes: list[SizeModel] = []
    # TRANSLATORS: quick bet sizes beside the amount control: half the pot, the pot, everything.
    for label, fraction in ((pgettext("bet size", "½ pot"), 0.5), (pgettext("bet size", "Pot"), 1.0)):
        total = view.to_match + int(after_call * fraction) if view.to_match else int(after_call * fraction)
        sizes.append(SizeModel(label, max(low, min(high, total))))
    if high == everything:
        sizes.append(SizeModel(pgettext("bet size", "All in"), high))
    out: list[SizeModel] = []
    for size in sizes:
        if all(size.value != s.value for s in out):
            out.append(size)
    return tuple(out)


# What a player who may not raise may still do, one whole sentence per set of buttons (the
# order of LegalActions.kinds); "{choices}" is never glued from words.
_MAY_STILL = {
    ("check",): N_("Your draw clock ran out, so you stood pat and may not bet or raise this hand: you may check."),
    ("call",): N_("Your draw clock ran out, so you stood pat and may not bet or raise this hand: you may call."),
    ("fold",): N_("Your draw clock ran out, so you stood pat and may not bet or raise this hand: you may fold."),
    ("allin",): N_("Your draw clock ran out, so you stood pat and may not bet or raise this hand: "
                   "you may go all in."),
    ("fold", "check"): N_("Your draw clock ran out, so you stood pat and may not bet or raise this hand: "
                          "you may fold or check."),
    ("fold", "call"): N_("Your draw clock ran out, so you stood pat and may not bet or raise this hand: "
                         "you may fold or call."),
    ("fold", "allin"): N_("Your draw clock ran out, so you stood pat and may not bet or raise this hand: "
                          "you may fold or go all in."),
    ("check", "split"): N_("Your draw clock ran out, so you stood pat and may not bet or raise this hand: "
                           "you may check or split."),
    ("fold", "check", "split"): N_("Your draw clock ran out, so you stood pat and may not bet or raise this "
                                   "hand: you may fold, check or split."),
    ("fold", "call", "split"): N_("Your draw clock ran out, so you stood pat and may not bet or raise this "
                                  "hand: you may fold, call or split."),
    ("fold", "allin", "split"): N_("Your draw clock ran out, so you stood pat and may not bet or raise this "
                                   "hand: you may fold, go all in or split."),
}
_MAY_ANY = N_("Your draw clock ran out, so you stood pat and may not bet or raise this hand: "
              "you may check, call or fold.")
_VERBS = ("fold", "check", "call", "allin", "split")


def may_still(kinds: Sequence[str]) -> str:
    """The help line of a player who may not raise: exactly the buttons offered, in one sentence.

    >>> may_still(("fold", "call", "split"))[-28:], may_still(("check",))[-14:]
    ('you may fold, call or split.', 'you may check.')
    """
    key = tuple(k for k in _VERBS if k in kinds)
    return _(_MAY_STILL.get(key, _MAY_ANY))


FOLD_QUESTION = N_("Fold when you can check for free?")


def choice_bar(view: PlayerView) -> ActionBar:
    """The choice of the fourth card (the bosnian preset): the face-up card or the face-down one.

    >>> import stripdeck
    >>> s = stripdeck.start_hand(stripdeck.Rules.preset("bosnian"), [50, 50], 0, seed=3)
    >>> for a in ("check", "check", "draw 8c Qd Ts 7h"): s, _events = stripdeck.apply(s, a)
    >>> [b.action for b in choice_bar(stripdeck.player_view(s, 1)).buttons]
    ['take up', 'take down']
    """
    assert view.choice is not None
    up = str(view.choice[1])
    # TRANSLATORS: buttons at the choice of the fourth card (the Bosnian rule); {card} is the face-up card's text
    # ("9h"). As players say it at the table (docs/glossary.md).
    take_up = ButtonModel("take-up", pgettext("button", "Take {card}", card=up), KEYS["take-up"], "take up",
                          _("Take the face-up card: the face-down card is thrown away unseen."))
    take_down = ButtonModel("take-down", pgettext("button", "Take the face-down card"), KEYS["take-down"],
                            "take down", _("Take the face-down card unseen: the face-up card is thrown away."))
    line = _("Your fourth card: {card} face up, or the card face down beside it. The other one is discarded.",
             card=up)
    return ActionBar((take_up, take_down), help=(line,), choosing=True)


def action_bar(view: PlayerView, names: Sequence[str], selected: Sequence[int] = (),
               amount: object = None, fold_asked: bool = False, unit: int = 0) -> ActionBar:
    """What the viewer may do now (an empty bar when it is not their turn).

    Where checking is free, Fold asks first (``ask-fold``); ``fold_asked`` shows the question,
    answered by Fold or Check (docs/ui.md, "Fold when checking is free"). ``unit``: amounts on
    the buttons in big blinds of that many chips (0: in chips).
    """
    legal = view.legal
    if not view.is_my_turn or legal is None or view.viewer is None:
        return ActionBar()
    free_check = "check" in legal.kinds and "fold" in legal.kinds and view.phase != "draw"
    if fold_asked and free_check:
        return ActionBar((ButtonModel("fold", pgettext("button", "Fold"), "F", "fold"),
                          ButtonModel("check", pgettext("button", "Check"), "C", "check")),
                         question=_(FOLD_QUESTION))
    me = view.seats[view.viewer]
    if view.choice is not None and "take up" in legal.kinds:
        return choice_bar(view)
    if view.phase == "draw":
        chosen = tuple(i for i in selected if 0 <= i < len(view.my_hand))
        help_lines = []
        if legal.draw_max >= 5:
            help_lines.append(_("Discard all five and you get four cards now: "
                                "the fifth card comes after the others have drawn."))
        return ActionBar(draw=ButtonModel("draw", discard_label(len(chosen)), "D",
                                          draw_action(view.my_hand, chosen)),
                         draw_max=legal.draw_max, help=tuple(help_lines))
    buttons: list[ButtonModel] = []
    amount_model = None
    sizes: tuple[SizeModel, ...] = ()
    help_lines = []
    offered = [names[i] for i, s in enumerate(view.seats) if s.split and i != view.viewer]
    for kind in legal.kinds:
        if kind == "fold" and free_check:
            buttons.append(ButtonModel("ask-fold", pgettext("button", "Fold"), "F", "fold",
                                       _("You may check for free: Fold asks first.")))
        elif kind == "fold":
            buttons.append(ButtonModel("fold", pgettext("button", "Fold"), "F", "fold"))
        elif kind == "check":
            if me.stack == 0:  # all in, asked about the split: the other answer is no
                buttons.append(ButtonModel("check", pgettext("button", "Decline"), "C", "check",
                                           _("Keep playing for the pot: the hands are shown down.")))
            else:
                buttons.append(ButtonModel("check", pgettext("button", "Check"), "C", "check",
                                           _("Declines the split.") if offered else ""))
        elif kind == "call":
            buttons.append(ButtonModel("call", pgettext("button", "Call {amount}",
                                                        amount=chips_text(legal.call_amount, unit)), "C", "call"))
        elif kind == "split":
            buttons.append(ButtonModel("split", pgettext("button", "Split"), "S", "split", _(SPLIT_HELP)))
        elif kind in ("bet", "raise") and legal.min_total is not None and legal.max_total is not None:
            low, high = legal.min_total, legal.max_total
            value = clamp_amount(low if amount is None else amount, low, high)
            amount_model = AmountModel(kind, low, high, value)
            sizes = quick_sizes(view, low, high)
            shown = chips_text(value, unit)
            label = (pgettext("button", "Bet {amount}", amount=shown) if kind == "bet" else
                     pgettext("button", "Raise to {amount}", amount=shown))
            buttons.append(ButtonModel(kind, label, KEYS[kind], f"{kind} {value}"))
        elif kind == "allin":
            buttons.append(ButtonModel("allin", pgettext("button", "All in ({amount})",
                                                         amount=chips_text(legal.allin_total, unit)), "A", "allin"))
    if "split" in legal.kinds:
        if offered:
            # TRANSLATORS: {players} is a list of names ("Ada and Bruno").
            help_lines.append(ngettext("{players} offered to split the pot. Split to agree; Decline to play on.",
                                       "{players} offered to split the pot. Split to agree; Decline to play on.",
                                       len(offered), players=join(offered)) if me.stack == 0 else
                              ngettext("{players} offered to split the pot. Split to agree; checking, betting "
                                       "or folding declines.",
                                       "{players} offered to split the pot. Split to agree; checking, betting "
                                       "or folding declines.", len(offered), players=join(offered)))
        else:
            help_lines.append(_("Split: offer to share the pot equally instead of showing down. "
                                "The pot is shared only if everyone in it splits."))
    if me.may_not_raise and view.phase == "second betting round":
        help_lines.append(may_still(legal.kinds))
    return ActionBar(tuple(buttons), amount_model, sizes, help=tuple(help_lines))
