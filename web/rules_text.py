"""The rules of a table in plain words: the How-to-play drawer and the settings' preset lines.

Pure Python: it reads a ``stripdeck.Rules`` and says what it means; it decides nothing.
"""

from __future__ import annotations

from html import escape

from stripdeck import Rules
from stripdeck.i18n import N_, _

PRESET_LINES = {
    "online": "The online client's game: blinds, pot limit, split offers, 30-second clocks.",
    "official": "The official rules: antes, fixed limit, the pair's suit decides equal hands, no clocks.",
    "cardroom": "The card room's house game: button and antes, fixed limit with a bet and four raises, "
                "draw up to five, joker optional.",
    # TRANSLATORS: the settings' line about the bosnian preset (the official rules page's Article 6).
    "bosnian": N_("The official rules with the Bosnian choice of the fourth card: exchange four cards and you "
                  "get three face down, then one face up and one face down, and keep either."),
}

SUIT_NAMES = {"h": "hearts", "d": "diamonds", "c": "clubs", "s": "spades"}

DIFFERENCES = (
    "32 cards: only 7, 8, 9, 10, J, Q, K and A in each suit.",
    "A flush beats a full house: with 8 cards a suit, flushes are rarer.",
    "A-7-8-9-10 is the lowest straight (the ace plays low, the ten is its top card).",
    "When two hands are equal card for card, the suits decide (see below).",
    "One draw: after the first betting round each player may change cards once.",
)


def forced_bets(rules: Rules) -> str:
    """Blinds and antes in words.

    >>> forced_bets(Rules())
    'Blinds: 1 (small, left of the button) and 2 (big, next).'
    """
    parts = []
    if rules.uses_blinds:
        parts.append(f"Blinds: {rules.small_blind} (small, left of the button) and {rules.big_blind} (big, next).")
    if rules.ante:
        who = "the dealer antes" if rules.dealer_ante else "every player antes"
        parts.append(f"Antes: {who} {rules.ante} before the deal.")
    return " ".join(parts) or "No forced bets."


def betting(rules: Rules) -> str:
    """The betting structure in words."""
    if rules.structure == "fixed-limit":
        cap = rules.raise_cap
        capped = (f" A bet and {cap} raises at most while three or more players are in; "
                  "heads-up there is no cap unless the round was already capped." if cap else "")
        return (f"Fixed limit: bets and raises are {rules.small_bet} before the draw and "
                f"{rules.big_bet} after it.{capped}")
    if rules.structure == "pot-limit":
        return (f"Pot limit: the smallest bet is {rules.small_bet}; a bet or raise can be as big as the pot "
                "(after calling). Use the ½ pot and Pot buttons instead of adding up chips.")
    return f"No limit: the smallest bet is {rules.small_bet}; you may bet everything you have."


def draw(rules: Rules) -> str:
    """The draw limit in words."""
    if rules.draw_limit == 0:
        return "No draw: the hand is played with the five cards dealt."
    if rules.draw_limit >= 5:
        return ("You may discard up to five cards. Discard all five and you get four at once; "
                "the fifth card comes after the others have drawn.")
    return f"You may discard up to {rules.draw_limit} card{'s' if rules.draw_limit != 1 else ''} and draw as many."


def fourth_card(rules: Rules) -> str:
    """The choice of the fourth card in words ('' without it)."""
    if not rules.fourth_card_choice:
        return ""
    return _("Choice of the fourth card: exchange exactly four cards and you get three face down, then one face "
             "up (everyone sees it) and one face down (nobody sees it). Take either as your fourth card; the "
             "other is discarded, the face-down one unseen.")


def suit_ties(rules: Rules) -> str:
    """How equal hands are decided, in words."""
    order = " > ".join(SUIT_NAMES[c] for c in rules.suit_order)
    if rules.suit_ties == "split":
        return "Equal hands share the pot: suits never decide."
    if rules.suit_ties == "combination":
        return (f"Equal hands: the suit of the best card of the combination decides (a pair: its "
                f"higher-suited card), never a side card. Suits rank {order}.")
    return (f"Equal hands: the suit of the deciding card decides (a flush: its suit; a straight: its top "
            f"card; pairs: the highest side card). Suits rank {order}.")


def split(rules: Rules) -> str:
    """The split offer in words."""
    if not rules.split:
        return "No split offers at this table."
    return ("Split: after the draw, the first player to act may offer to share the pot equally instead "
            "of showing down. The pot is shared only if everyone in it splits; checking, betting or "
            "folding declines.")


def timers(rules: Rules) -> str:
    """The clocks in words."""
    if rules.action_timer is None and rules.draw_timer is None:
        return "No clocks: take your time."
    return (f"Clocks: {rules.action_timer:g} s to bet (then you check, or fold if you cannot) and "
            f"{rules.draw_timer:g} s to draw (then you stand pat, and may only check, call"
            f"{', fold or split' if rules.split else ' or fold'} for the rest of the hand).")


def joker(rules: Rules) -> str:
    """The joker in words ('' without one)."""
    if not rules.joker:
        return ""
    return ("Joker: one joker is in the deck. It counts as an ace, or completes a straight, a flush or a "
            "full house, and nothing else. Five aces is the best hand.")


def table_rules(rules: Rules) -> list[str]:
    """Every rule of this table that differs between rule sets, one sentence each."""
    lines = [forced_bets(rules), betting(rules), draw(rules), suit_ties(rules), split(rules), timers(rules)]
    if not rules.flush_beats_full_house:
        lines.insert(0, "This table uses the ordinary order: a full house beats a flush.")
    for extra in (fourth_card(rules), joker(rules)):
        if extra:
            lines.append(extra)
    return lines


def help_html(rules: Rules, ranking: str) -> str:
    """The How-to-play drawer: the hand, what is new to a 52-card player, this table's rules,
    and the ranking table (``ranking``: the ranking widget's HTML for these rules)."""
    def items(lines: list[str] | tuple[str, ...]) -> str:
        return "".join(f"<li>{escape(line)}</li>" for line in lines)

    return (
        '<h3>A hand</h3><ol class="help-steps">'
        "<li>Forced bets, then five cards each, face down.</li>"
        "<li>A betting round.</li><li>The draw: discard and replace cards once.</li>"
        "<li>A second betting round.</li><li>Showdown: the best five cards win.</li></ol>"
        f"<h3>What differs from 52-card poker</h3><ul>{items(DIFFERENCES)}</ul>"
        f"<h3>This table's rules</h3><ul>{items(table_rules(rules))}</ul>"
        f"<h3>Hand ranking</h3>{ranking}")
