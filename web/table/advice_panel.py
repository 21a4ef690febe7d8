"""The Hint panel's display model: the draw advisor's suggestion for the viewer's own hand.

Pure Python; the advice itself comes from ``stripdeck.advise`` on the viewer's cards only.
"""
# l10n-part: hint (this file's sentences load with the Hint: docs/i18n.md, "Bytes")

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import stripdeck
from stripdeck import Card, PlayerView, category_name, i18n
from stripdeck.advisor import advise_choice
from stripdeck.i18n import _, pgettext


@dataclass(frozen=True)
class HintRow:
    """One discard choice of the draw advisor, for the Hint table."""

    discard: str                  # "7c", or "nothing (stand pat)"
    win: str                      # "27%"
    chances: str                  # "one pair 44% · high card 30% · flush 11%"


@dataclass(frozen=True)
class HintModel:
    """The draw advisor's suggestion for the viewer's own hand."""

    reason: str
    rows: tuple[HintRow, ...]
    discard: tuple[int, ...]      # positions of the suggested discards in the viewer's hand
    apply_label: str              # "Select 7c" / "Stand pat is best"
    choice: bool = False          # the advice is for the choice of the fourth card (rows: the two cards)


def percent(p: float) -> str:
    """A probability as a short percentage, the language's way.

    >>> percent(0.2685), percent(0.004), percent(0.0), percent(1.0)
    ('27%', '0.4%', '0%', '100%')
    """
    return i18n.percent(p, 1 if 0 < p < 0.01 else 0)


def advice_for(view: PlayerView) -> dict[str, Any]:
    """The advisor's data for the viewer's draw, from their view only: which cards to discard, or,
    when they choose the fourth card, which card to take (what the Hint shows)."""
    if view.choice is not None:
        return advise_choice(view.my_hand, [view.choice[1]], view.rules, dead=own_discards(view),
                             opponents=opponents_in(view)).to_dict()
    return stripdeck.advise(view.my_hand, view.rules, opponents=opponents_in(view)).to_dict()


def opponents_in(view: PlayerView) -> int:
    """How many other players are still in the hand (1-4: the advisor's ``opponents``)."""
    others = sum(1 for i, seat in enumerate(view.seats) if i != view.viewer and not seat.folded)
    return max(1, min(4, others))


def hint_model(advice: dict[str, object], hand: Sequence[Card], top: int = 4,
               categories: int = 3) -> HintModel:
    """The Hint panel from ``Advice.to_dict()`` data for the viewer's ``hand``.

    >>> import stripdeck
    >>> a = stripdeck.advise("Ah Kh Qh Jh 7c").to_dict()
    >>> h = hint_model(a, stripdeck.parse_cards("Ah Kh Qh Jh 7c"))
    >>> h.discard, h.apply_label, h.rows[0].discard
    ((4,), 'Select 7c', '7c')
    """
    rows_data = list(advice.get("rows") or [])  # type: ignore[call-overload]
    texts = [str(c) for c in hand]
    rows = []
    for row in rows_data[:top]:
        chances = sorted(dict(row["categories"]).items(), key=lambda kv: -kv[1])[:categories]
        # TRANSLATORS: one hand category's chance in the Hint table ("one pair 44%"); the chances are
        # listed with " · " between them.
        rows.append(HintRow(row["discard"] or pgettext("hint", "nothing (stand pat)"), percent(row["win"]),
                            " · ".join(pgettext("hint", "{category} {chance}", category=category_name(name),
                                                chance=percent(p)) for name, p in chances if p > 0)))
    if not rows_data:
        return HintModel(_("No advice for this hand."), (), (), "")
    best = rows_data[0]
    discard = tuple(sorted(texts.index(c) for c in str(best["discard"]).split() if c in texts))
    # TRANSLATORS: a button that selects the suggested discards; {cards} is card text ("7c Kd").
    label = (pgettext("button", "Select {cards}", cards=best["discard"]) if discard else
             pgettext("button", "Stand pat is best"))
    return HintModel(str(best["reason"]), tuple(rows), discard, label)


def own_discards(view: PlayerView) -> tuple[Card, ...]:
    """The viewer's own discards this hand (never dealt back to them: dead for the advisor)."""
    return tuple(c for e in view.log if e.kind == "discard" and e.seat == view.viewer for c in e.cards)


def choice_hint_model(advice: dict[str, object], categories: int = 3) -> HintModel:
    """The Hint panel at the choice of the fourth card, from ``ChoiceAdvice.to_dict()`` data.

    >>> import stripdeck
    >>> from stripdeck.advisor import advise_choice
    >>> h = choice_hint_model(advise_choice("Ah Kd 9c 8s", "Kc", stripdeck.Rules.preset("bosnian")).to_dict())
    >>> h.rows[0].discard, h.rows[1].discard, h.discard
    ('Kc', 'the face-down card', ())
    """
    rows = []
    for row in list(advice.get("rows") or []):  # type: ignore[call-overload]
        chances = sorted(dict(row["categories"]).items(), key=lambda kv: -kv[1])[:categories]
        # TRANSLATORS: in the Hint table at the choice of the fourth card, the card not yet seen.
        card = row["card"] or pgettext("hint table", "the face-down card")
        rows.append(HintRow(card, percent(row["win"]), " · ".join(
            pgettext("hint", "{category} {chance}", category=category_name(name), chance=percent(p))
            for name, p in chances if p > 0)))
    best = list(advice.get("rows") or [])[0]  # type: ignore[call-overload]
    return HintModel(str(best["reason"]), tuple(rows), (), "", choice=True)


def suggested_selection(advice: dict[str, object], hand: Sequence[Card], draw_max: int) -> tuple[int, ...]:
    """The positions in ``hand`` the advice says to discard (at most ``draw_max``): what "Select …" picks.

    >>> import stripdeck
    >>> suggested_selection(stripdeck.advise("Ah Kh Qh Jh 7c").to_dict(), stripdeck.parse_cards("Ah Kh Qh Jh 7c"), 4)
    (4,)
    """
    return hint_model(advice, hand).discard[:draw_max]
