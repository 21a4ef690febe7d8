"""The rules of a table in plain words: the How-to-play drawer and the settings' preset lines.

Pure Python: it reads a ``stripdeck.Rules`` and says what it means; it decides nothing. Every
sentence comes from the catalogue (docs/i18n.md), in the language in use when it is drawn.
"""

from __future__ import annotations

from html import escape

from stripdeck import Rules, suit_name
from stripdeck.i18n import N_, _, ngettext, number

PRESET_LINES = {
    "online": N_("The online client's game: blinds, pot limit, split offers, 30-second clocks."),
    "official": N_("The official rules: antes, fixed limit, the pair's suit decides equal hands, no clocks."),
    "cardroom": N_("The card room's house game: button and antes, fixed limit with a bet and four raises, "
                   "draw up to five, joker optional."),
    # TRANSLATORS: the settings' line about the bosnian preset (the official rules page's Article 6).
    "bosnian": N_("The official rules with the Bosnian choice of the fourth card: exchange four cards and you "
                  "get three face down, then one face up and one face down, and keep either."),
}

# The preset lines above are Settings' (the catalogue's first part); from here on, How to play's.
# l10n-part: help (these sentences load with How to play: docs/i18n.md, "Bytes")

DIFFERENCES = (
    N_("32 cards: only 7, 8, 9, 10, J, Q, K and A in each suit."),
    N_("A flush beats a full house: with 8 cards a suit, flushes are rarer."),
    N_("A-7-8-9-10 is the lowest straight (the ace plays low, the ten is its top card)."),
    N_("When two hands are equal card for card, the suits decide (see below)."),
    N_("One draw: after the first betting round each player may change cards once."),
)


def preset_line(preset: str) -> str:
    """What a preset is, in one line (Settings).

    >>> preset_line("online")[:26]
    "The online client's game: "
    """
    return _(PRESET_LINES[preset])


def forced_bets(rules: Rules) -> str:
    """Blinds and antes in words.

    >>> forced_bets(Rules())
    'Blinds: 1 (small, left of the button) and 2 (big, next).'
    """
    parts = []
    if rules.uses_blinds:
        parts.append(_("Blinds: {small} (small, left of the button) and {big} (big, next).",
                       small=rules.small_blind, big=rules.big_blind))
    if rules.ante:
        parts.append(_("Antes: the dealer antes {amount} before the deal.", amount=rules.ante) if rules.dealer_ante
                     else _("Antes: every player antes {amount} before the deal.", amount=rules.ante))
    return " ".join(parts) or _("No forced bets.")


def betting(rules: Rules) -> str:
    """The betting structure in words."""
    if rules.structure == "fixed-limit":
        cap = rules.raise_cap
        if cap:
            # TRANSLATORS: {cap} is how many raises a betting round allows.
            return ngettext("Fixed limit: bets and raises are {small} before the draw and {big} after it. A bet and "
                            "{cap} raise at most while three or more players are in; heads-up there is no cap "
                            "unless the round was already capped.",
                            "Fixed limit: bets and raises are {small} before the draw and {big} after it. A bet and "
                            "{cap} raises at most while three or more players are in; heads-up there is no cap "
                            "unless the round was already capped.", cap,
                            small=rules.small_bet, big=rules.big_bet, cap=cap)
        return _("Fixed limit: bets and raises are {small} before the draw and {big} after it.",
                 small=rules.small_bet, big=rules.big_bet)
    if rules.structure == "pot-limit":
        return _("Pot limit: the smallest bet is {amount}; a bet or raise can be as big as the pot "
                 "(after calling). Use the ½ pot and Pot buttons instead of adding up chips.", amount=rules.small_bet)
    return _("No limit: the smallest bet is {amount}; you may bet everything you have.", amount=rules.small_bet)


def draw(rules: Rules) -> str:
    """The draw limit in words."""
    if rules.draw_limit == 0:
        return _("No draw: the hand is played with the five cards dealt.")
    if rules.draw_limit >= 5:
        return _("You may discard up to five cards. Discard all five and you get four at once; "
                 "the fifth card comes after the others have drawn.")
    return ngettext("You may discard up to {n} card and draw as many.",
                    "You may discard up to {n} cards and draw as many.", rules.draw_limit)


def fourth_card(rules: Rules) -> str:
    """The choice of the fourth card in words ('' without it)."""
    if not rules.fourth_card_choice:
        return ""
    return _("Choice of the fourth card: exchange exactly four cards and you get three face down, then one face "
             "up (everyone sees it) and one face down (nobody sees it). Take either as your fourth card; the "
             "other is discarded, the face-down one unseen.")


def suit_ties(rules: Rules) -> str:
    """How equal hands are decided, in words."""
    # TRANSLATORS: the suits from the highest, between them " > " ("hearts > diamonds > clubs > spades").
    order = " > ".join(suit_name(c) for c in rules.suit_order)
    if rules.suit_ties == "split":
        return _("Equal hands share the pot: suits never decide.")
    if rules.suit_ties == "combination":
        return _("Equal hands: the suit of the best card of the combination decides (a pair: its "
                 "higher-suited card), never a side card. Suits rank {order}.", order=order)
    return _("Equal hands: the suit of the deciding card decides (a flush: its suit; a straight: its top "
             "card; pairs: the highest side card). Suits rank {order}.", order=order)


def split(rules: Rules) -> str:
    """The split offer in words."""
    if not rules.split:
        return _("No split offers at this table.")
    return _("Split: after the draw, the first player to act may offer to share the pot equally instead "
             "of showing down. The pot is shared only if everyone in it splits; checking, betting or "
             "folding declines.")


def timers(rules: Rules) -> str:
    """The clocks in words."""
    if rules.action_timer is None and rules.draw_timer is None:
        return _("No clocks: take your time.")
    bet = number(rules.action_timer or 0, 0 if float(rules.action_timer or 0).is_integer() else 1)
    drawing = number(rules.draw_timer or 0, 0 if float(rules.draw_timer or 0).is_integer() else 1)
    # TRANSLATORS: {bet} and {draw} are seconds.
    if rules.split:
        return _("Clocks: {bet} s to bet (then you check, or fold if you cannot) and {draw} s to draw (then you "
                 "stand pat, and may only check, call, fold or split for the rest of the hand).",
                 bet=bet, draw=drawing)
    return _("Clocks: {bet} s to bet (then you check, or fold if you cannot) and {draw} s to draw (then you "
             "stand pat, and may only check, call or fold for the rest of the hand).", bet=bet, draw=drawing)


def joker(rules: Rules) -> str:
    """The joker in words ('' without one)."""
    if not rules.joker:
        return ""
    return _("Joker: one joker is in the deck. It counts as an ace, or completes a straight, a flush or a "
             "full house, and nothing else. Five aces is the best hand.")


def table_rules(rules: Rules) -> list[str]:
    """Every rule of this table that differs between rule sets, one sentence each."""
    lines = [forced_bets(rules), betting(rules), draw(rules), suit_ties(rules), split(rules), timers(rules)]
    if not rules.flush_beats_full_house:
        lines.insert(0, _("This table uses the ordinary order: a full house beats a flush."))
    for extra in (fourth_card(rules), joker(rules)):
        if extra:
            lines.append(extra)
    return lines


def help_html(rules: Rules, ranking: str) -> str:
    """The How-to-play drawer: the hand, what is new to a 52-card player, this table's rules,
    and the ranking table (``ranking``: the ranking widget's HTML for these rules)."""
    def items(lines: list[str] | tuple[str, ...]) -> str:
        return "".join(f"<li>{escape(line)}</li>" for line in lines)

    steps = (_("Forced bets, then five cards each, face down."), _("A betting round."),
             _("The draw: discard and replace cards once."), _("A second betting round."),
             _("Showdown: the best five cards win."))
    # TRANSLATORS: the headings of How to play.
    headings = [escape(h, quote=False) for h in (_("A hand"), _("What differs from 52-card poker"),
                                                 _("This table's rules"), _("Hand ranking"))]
    return (
        f'<h3>{headings[0]}</h3><ol class="help-steps">{items(steps)}</ol>'
        f"<h3>{headings[1]}</h3><ul>{items([_(d) for d in DIFFERENCES])}</ul>"
        f"<h3>{headings[2]}</h3><ul>{items(table_rules(rules))}</ul>"
        f"<h3>{headings[3]}</h3>{ranking}")
