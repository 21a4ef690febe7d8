"""Pre-actions: what you choose to do while the others act (Check/Fold, Check, Call any, Fold
to any bet), kept for the current betting round and applied when your turn comes.

Pure Python (tested on CPython). It holds no rules: what is on offer depends only on whether
you have chips to put in to stay in (the view's ``to_match`` against your bet), and what is
sent when your turn comes is chosen from the engine's LegalActions at that moment.

- **Check/Fold** checks if it is free, else folds (so it folds to a bet).
- **Check** checks; it is cleared as soon as someone bets or raises (the choice was made for
  a free check).
- **Call any** checks if free, else calls whatever the bet (all in if that is all you have);
  it survives raises.
- **Fold to any bet** (offered once there is a bet to call) folds; should checking be free
  when your turn comes, you check instead.

Every pre-action is for one betting round of one hand: a new round or hand, or you folding or
going all in, clears it.
"""

from __future__ import annotations

from dataclasses import dataclass

from stripdeck import LegalActions, PlayerView
from stripdeck.i18n import NP_, _, pgettext

KINDS = ("checkfold", "check", "callany", "fold")
# The toggles' labels (context "pre-action": a choice made before one's turn).
LABELS = {"checkfold": NP_("pre-action", "Check/Fold"), "check": NP_("pre-action", "Check"),
          "callany": NP_("pre-action", "Call any"), "fold": NP_("pre-action", "Fold to any bet")}
# What the line under the toggles says once one is chosen.
_CHOSEN = {"checkfold": NP_("pre-action", "Check/Fold: done for you when your turn comes."),
           "check": NP_("pre-action", "Check: done for you when your turn comes."),
           "callany": NP_("pre-action", "Call any: done for you when your turn comes."),
           "fold": NP_("pre-action", "Fold to any bet: done for you when your turn comes.")}


def label(kind: str) -> str:
    """A pre-action's toggle label in the language in use.

    >>> label("callany")
    'Call any'
    """
    return pgettext(*LABELS[kind])


def said(chosen: str, offer: tuple[str, ...] | list[str]) -> str:
    """The line under the toggles: what the chosen one does, or how to choose.

    >>> said("check", ("checkfold", "check")), said("", ("fold",))
    ('Check: done for you when your turn comes.', 'Choose what to do when your turn comes.')
    """
    if chosen in offer:
        return pgettext(*_CHOSEN[chosen])
    return _("Choose what to do when your turn comes.")
BETTING = ("first betting round", "second betting round")


@dataclass(frozen=True)
class PreAction:
    """A pre-action chosen by the seat's person for one betting round of one hand."""

    kind: str
    hand: int
    phase: str


def to_call(view: PlayerView) -> int:
    """Chips the viewer must put in to stay in (0: checking is free)."""
    if view.viewer is None:
        return 0
    return max(0, view.to_match - view.seats[view.viewer].bet)


def offered(view: PlayerView | None) -> tuple[str, ...]:
    """The pre-actions on offer to the viewer now: only while someone else acts in a betting
    round, to a viewer still in the hand with chips behind."""
    if view is None or view.viewer is None or view.phase not in BETTING or view.to_act is None:
        return ()
    if view.to_act == view.viewer:
        return ()
    me = view.seats[view.viewer]
    if me.folded or me.all_in or me.stack == 0:
        return ()
    return ("checkfold", "check", "callany") if to_call(view) == 0 else ("fold", "callany")


def still_valid(pre: PreAction | None, view: PlayerView | None, hand_number: int) -> bool:
    """True while ``pre`` still applies to ``view`` (that seat's view): same hand and round,
    the seat still in with chips, and no bet since a plain Check was chosen."""
    if pre is None or view is None or view.viewer is None or pre.kind not in KINDS:
        return False
    if pre.hand != hand_number or pre.phase != view.phase:
        return False
    me = view.seats[view.viewer]
    if me.folded or me.all_in or me.stack == 0:
        return False
    return not (pre.kind == "check" and to_call(view) > 0)


def action_for(pre: PreAction, legal: LegalActions | None) -> str | None:
    """The action text a pre-action sends when the turn comes (None: nothing fits, you choose).

    >>> from stripdeck import LegalActions
    >>> bet = LegalActions(1, "first betting round", kinds=("fold", "call", "raise"), call_amount=4)
    >>> free = LegalActions(1, "first betting round", kinds=("fold", "check", "bet"))
    >>> [action_for(PreAction(k, 1, "first betting round"), bet) for k in KINDS]
    ['fold', None, 'call', 'fold']
    >>> [action_for(PreAction(k, 1, "first betting round"), free) for k in KINDS]
    ['check', 'check', 'check', 'check']
    """
    if legal is None:
        return None
    if legal.allows("check"):
        return "check"
    if pre.kind in ("checkfold", "fold"):
        return "fold" if legal.allows("fold") else None
    if pre.kind == "callany":
        return "call" if legal.allows("call") else "allin" if legal.allows("allin") else None
    return None


def record(preactions: dict[int, PreAction]) -> str | None:
    """The pre-actions of this round as text for the turn record ("3:callany,1:check").

    >>> record({0: PreAction("callany", 2, "draw")}), record({})
    ('0:callany', None)
    """
    return ",".join(f"{seat}:{pre.kind}" for seat, pre in sorted(preactions.items())) or None


def from_record(text: object, hand: int, phase: str) -> dict[int, PreAction]:
    """:func:`record`'s text back (anything malformed is dropped).

    >>> {seat: pre.kind for seat, pre in from_record("0:callany,x:y,4:fold,1:nope", 2, "draw").items()}
    {0: 'callany', 4: 'fold'}
    """
    out: dict[int, PreAction] = {}
    if not isinstance(text, str) or len(text) > 40:
        return out
    for part in text.split(","):
        seat, _, kind = part.partition(":")
        if seat.isascii() and seat.isdigit() and len(seat) == 1 and kind in KINDS:
            out[int(seat)] = PreAction(kind, hand, phase)
    return out
