"""Events in plain words, for hand histories, captions and screen-reader announcements, in the
language in use (docs/i18n.md): one whole sentence per kind of event, and one for the reader
("You raise to 12.") beside the one for another player ("Bob raises to 12.").

Narration happens only on request: the engine's log holds events (data), and a sentence is made
when someone reads one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .actions import Event
from .cards import Card, format_cards
from .i18n import _, join, ngettext, pgettext, upper_first
from .words import card_names, hand_from_english, hand_name, phase_name

__all__ = ["describe_event", "describe_log", "second_person", "card_words", "hand_words"]


def card_words(cards: Sequence[Card]) -> str:
    """Cards in words, for reading aloud and for people new to card text.

    >>> from stripdeck.cards import parse_cards
    >>> card_words(parse_cards("7c Kh Jk", joker=True))
    'seven of clubs, king of hearts, joker'
    """
    return card_names(cards)


def hand_words(info: str | None, in_sentence: bool = False) -> str:
    """A hand's name as the log records it (English: ``HandValue.english``) in the language in
    use; text that is not a hand's name as it is.

    >>> hand_words("Two pairs, kings and nines, ace of hearts decides", in_sentence=True)
    'two pairs, kings and nines, ace of hearts decides'
    """
    found = hand_from_english(info or "")
    if found is None:
        return info or ""
    return hand_name(*found, in_sentence=in_sentence)


def describe_event(event: Event, names: Sequence[str] | None = None, card_names: bool = False,
                   you: int | None = None) -> str | None:
    """One event as a sentence (None for bookkeeping events nobody needs to read).
    ``card_names`` writes cards in words ("seven of clubs") instead of text ("7c"); ``you`` is
    the seat of the person reading, whose own actions are told to them ("You raise to 12.").

    >>> describe_event(Event("raise", 1, 12), ["Ann", "Bob"])
    'Bob raises to 12.'
    >>> describe_event(Event("raise", 1, 12), ["Ann", "Bob"], you=1)
    'You raise to 12.'
    >>> from stripdeck.cards import parse_cards
    >>> describe_event(Event("discard", 0, 1, cards=parse_cards("7c")), ["Ann"], card_names=True)
    'Ann draws 1 card (discards seven of clubs).'
    """
    make = _SENTENCES.get(event.kind)
    if make is None:
        return f"{event.kind} {event.seat} {event.amount}"
    return make(_Told(event, names, card_names, you))


class _Told:
    """What a sentence about one event needs: who did it (and whether it is the reader), the
    amount, the cards, and the names of the seats."""

    __slots__ = ("event", "names", "card_names", "you", "mine", "amount")

    def __init__(self, event: Event, names: Sequence[str] | None, card_names: bool, you: int | None) -> None:
        self.event = event
        self.names = names
        self.card_names = card_names
        self.you = you
        self.mine = you is not None and event.seat == you
        self.amount = event.amount if event.amount is not None else 0

    def who(self, seat: int | None = None) -> str:
        """The name of ``seat`` (the event's seat by default)."""
        seat = self.event.seat if seat is None else seat
        if seat is None:
            # TRANSLATORS: a player nobody knows the name of, as the subject of a sentence.
            return pgettext("player", "Someone")
        names = self.names
        if names is not None and 0 <= seat < len(names):
            return names[seat]
        # TRANSLATORS: a player without a name, by the number of their seat.
        return pgettext("player", "Seat {number}", number=seat + 1)

    @property
    def cards(self) -> str:
        """The event's cards in words or as card text."""
        cards = self.event.cards
        return card_names(cards) if self.card_names else format_cards(cards)


def _blind(told: _Told, big: bool) -> str:
    """A posted blind; a player whose ante took every chip posts nothing (the event says 0).

    >>> _blind(_Told(Event("big_blind", 2, 0), None, False, None), big=True)
    'Seat 3 has no chips left for the big blind (all in from the ante).'
    """
    amount, player, mine = told.amount, told.who(), told.mine
    if not amount:
        if big:
            return (_("You have no chips left for the big blind (all in from the ante).") if mine else
                    _("{player} has no chips left for the big blind (all in from the ante).", player=player))
        return (_("You have no chips left for the small blind (all in from the ante).") if mine else
                _("{player} has no chips left for the small blind (all in from the ante).", player=player))
    if big:
        return (_("You post the big blind ({amount}).", amount=amount) if mine else
                _("{player} posts the big blind ({amount}).", player=player, amount=amount))
    return (_("You post the small blind ({amount}).", amount=amount) if mine else
            _("{player} posts the small blind ({amount}).", player=player, amount=amount))


def _round(told: _Told) -> str:
    phase = told.event.info or ""
    if phase == "first betting round":
        return _("First betting round.")
    if phase == "draw":
        # TRANSLATORS: the draw begins (a heading in the hand's history).
        return pgettext("phase begins", "Draw.")
    if phase == "second betting round":
        return _("Second betting round.")
    return upper_first(phase_name(phase)) + "."


def _discard(told: _Told) -> str:
    n, player = told.amount, told.who()
    if not n:
        return _("You stand pat.") if told.mine else _("{player} stands pat.", player=player)
    if told.event.cards:
        if told.mine:
            # TRANSLATORS: {cards} are the cards you threw away ("7c Kh" or "seven of clubs, king of hearts").
            return ngettext("You draw {n} card (discard {cards}).", "You draw {n} cards (discard {cards}).", n,
                            cards=told.cards)
        return ngettext("{player} draws {n} card (discards {cards}).", "{player} draws {n} cards (discards {cards}).",
                        n, player=player, cards=told.cards)
    if told.mine:
        return ngettext("You draw {n} card.", "You draw {n} cards.", n)
    return ngettext("{player} draws {n} card.", "{player} draws {n} cards.", n, player=player)


def _show(told: _Told) -> str:
    hand = hand_words(told.event.info)
    if told.mine:
        # TRANSLATORS: {hand} is the hand's name ("Two pairs, kings and nines, ace of hearts decides").
        return _("You show {cards}: {hand}.", cards=told.cards, hand=hand)
    return _("{player} shows {cards}: {hand}.", player=told.who(), cards=told.cards, hand=hand)


def _divide(told: _Told) -> str:
    """A pot the players agreed to split, and who shares it."""
    event = told.event
    sharers = []
    for number in (event.info or "").split():
        seat = int(number) if number.isdigit() else None
        # TRANSLATORS: the reader, as one of the players listed after "between": "split between you and Bo".
        sharers.append(pgettext("player in a list", "you") if seat is not None and seat == told.you
                       else told.who(seat))
    players = join(sharers)
    if not event.pot:
        return _("The main pot ({amount}) is split between {players}.", amount=told.amount, players=players)
    return _("Side pot {pot} ({amount}) is split between {players}.", pot=event.pot, amount=told.amount,
             players=players)


def _win(told: _Told) -> str:
    event = told.event
    amount, pot, player = told.amount, event.pot, told.who()
    if event.info in (None, "uncontested", "split"):
        if not pot:
            return (_("You win {amount} from the main pot.", amount=amount) if told.mine else
                    _("{player} wins {amount} from the main pot.", player=player, amount=amount))
        return (_("You win {amount} from side pot {pot}.", amount=amount, pot=pot) if told.mine else
                _("{player} wins {amount} from side pot {pot}.", player=player, amount=amount, pot=pot))
    hand = hand_words(event.info, in_sentence=True)
    if not pot:
        if told.mine:
            # TRANSLATORS: {hand} is the winning hand's name inside a sentence ("a flush, ace high, ace of
            # hearts decides").
            return _("You win {amount} from the main pot with {hand}.", amount=amount, hand=hand)
        return _("{player} wins {amount} from the main pot with {hand}.", player=player, amount=amount, hand=hand)
    if told.mine:
        return _("You win {amount} from side pot {pot} with {hand}.", amount=amount, pot=pot, hand=hand)
    return _("{player} wins {amount} from side pot {pot} with {hand}.", player=player, amount=amount, pot=pot,
             hand=hand)


def _return(told: _Told) -> str:
    n = told.amount
    if told.mine:
        return ngettext("{n} uncalled chip goes back to you.", "{n} uncalled chips go back to you.", n)
    return ngettext("{n} uncalled chip goes back to {player}.", "{n} uncalled chips go back to {player}.", n,
                    player=told.who())


def _deal(told: _Told) -> str | None:
    """A player's five cards (None when they are hidden from the reader)."""
    if not told.event.cards:
        return None
    if told.mine:
        # TRANSLATORS: {cards} are card text ("Ah Kd Qc Js 9h") or card names, as the reader chose.
        return _("You are dealt {cards}.", cards=told.cards)
    return _("{player} is dealt {cards}.", player=told.who(), cards=told.cards)


def _receive(told: _Told) -> str | None:
    """The cards a player draws (None when they are hidden from the reader)."""
    if not told.event.cards:
        return None
    if told.mine:
        return _("You receive {cards}.", cards=told.cards)
    return _("{player} receives {cards}.", player=told.who(), cards=told.cards)


def _face_up(told: _Told) -> str:
    """The choice of the fourth card begins: the face-up card (public) beside a face-down one."""
    if told.mine:
        # TRANSLATORS: the choice of the fourth card (the Bosnian rule): {card} is the face-up card (card text
        # "9h" or its name); a second card lies face down, and the player takes one of the two.
        return _("Your fourth card: {card} face up or the card face down beside it. Take one.", card=told.cards)
    return _("{player} is dealt {card} face up and a card face down, to take one of them as the fourth card.",
             player=told.who(), card=told.cards)


def _take_up(told: _Told) -> str:
    if told.mine:
        # TRANSLATORS: {card} is the face-up card taken; the face-down card is thrown away without anyone
        # seeing it.
        return _("You take {card}, the face-up card; the face-down card is discarded unseen.", card=told.cards)
    return _("{player} takes {card}, the face-up card; the face-down card is discarded unseen.", player=told.who(),
             card=told.cards)


def _take_down(told: _Told) -> str:
    if told.mine and told.event.cards:
        # TRANSLATORS: {card} is the face-down card the player took, which only they see.
        return _("You take the face-down card: {card}. The face-up card is discarded.", card=told.cards)
    if told.mine:
        return _("You take the face-down card. The face-up card is discarded.")
    return _("{player} takes the face-down card. The face-up card is discarded.", player=told.who())


# One sentence per kind of event: a function of what is told (built once; only the one needed runs).
_SENTENCES: dict[str, Callable[[_Told], str | None]] = {
    "start": lambda t: (_("New hand: you have the button.") if t.mine else
                        _("New hand: {player} has the button.", player=t.who())),
    "ante": lambda t: (_("You ante {amount}.", amount=t.amount) if t.mine else
                       _("{player} antes {amount}.", player=t.who(), amount=t.amount)),
    "small_blind": lambda t: _blind(t, big=False),
    "big_blind": lambda t: _blind(t, big=True),
    "deal": _deal,
    "round": _round,
    "fold": lambda t: _("You fold.") if t.mine else _("{player} folds.", player=t.who()),
    "check": lambda t: _("You check.") if t.mine else _("{player} checks.", player=t.who()),
    "call": lambda t: (_("You call ({amount}).", amount=t.amount) if t.mine else
                       _("{player} calls ({amount}).", player=t.who(), amount=t.amount)),
    "bet": lambda t: (_("You bet {amount}.", amount=t.amount) if t.mine else
                      _("{player} bets {amount}.", player=t.who(), amount=t.amount)),
    "raise": lambda t: (_("You raise to {amount}.", amount=t.amount) if t.mine else
                        _("{player} raises to {amount}.", player=t.who(), amount=t.amount)),
    # TRANSLATORS: {amount} is the player's whole bet in this round.
    "allin": lambda t: (_("You are all in ({amount}).", amount=t.amount) if t.mine else
                        _("{player} is all in ({amount}).", player=t.who(), amount=t.amount)),
    "timeout": lambda t: _("You ran out of time.") if t.mine else _("{player} ran out of time.", player=t.who()),
    "split": lambda t: _("You offer to split.") if t.mine else _("{player} offers to split.", player=t.who()),
    "decline": lambda t: (_("You decline the split.") if t.mine else
                          _("{player} declines the split.", player=t.who())),
    "discard": _discard,
    "receive": _receive,
    "reshuffle": lambda t: ngettext("The stub ran out: {n} discard is shuffled into a new stub.",
                                    "The stub ran out: {n} discards are shuffled into a new stub.", t.amount),
    "return": _return,
    "show": _show,
    "muck": lambda t: _("You muck.") if t.mine else _("{player} mucks.", player=t.who()),
    "divide": _divide,
    "win": _win,
    "end": lambda t: None,
    "face_up": _face_up,
    "take_up": _take_up,
    "take_down": _take_down,
}


def describe_log(log: Sequence[Event], names: Sequence[str] | None = None, card_names: bool = False,
                 you: int | None = None) -> list[str]:
    """All readable sentences of a log (``you``: the reader's seat, as for :func:`describe_event`)."""
    out = []
    for event in log:
        line = describe_event(event, names, card_names, you)
        if line:
            out.append(line)
    return out


# ------------------------------------------------------------------ English only (deprecated)

# Every verb the narration above puts after a player's name.
_YOU_VERBS = {"is": "are", "has": "have", "antes": "ante", "posts": "post", "folds": "fold",
              "checks": "check", "calls": "call", "bets": "bet", "raises": "raise",
              "offers": "offer", "declines": "decline", "stands": "stand", "draws": "draw",
              "receives": "receive", "shows": "show", "mucks": "muck", "wins": "win", "takes": "take"}


def possessive(name: str, you: str = "You") -> str:
    """Whose: "Ada's", and "Your" for the person at the device (never "You's"). English only;
    deprecated: write a whole sentence per case instead (docs/i18n.md).

    >>> possessive("Ada"), possessive("You")
    ("Ada's", 'Your')
    """
    return "Your" if name == you else f"{name}'s"


def second_person(line: str, you: str = "You") -> str:
    """Narration about the human reads "You fold." rather than "You folds."; "You" inside a
    sentence becomes "you", and "You's" "your".

    English only, and deprecated: pass ``you=`` (the reader's seat) to :func:`describe_event` and
    :func:`describe_log`, which say the reader's own sentences in every language. Kept until the
    page's callers have moved.

    >>> second_person("You raises to 12."), second_person("Ada folds.")
    ('You raise to 12.', 'Ada folds.')
    >>> second_person("New hand: You has the button."), second_person("4 uncalled chips go back to You.")
    ('New hand: you have the button.', '4 uncalled chips go back to you.')
    >>> second_person("You's stack must be a whole number; so must You's.")
    'Your stack must be a whole number; so must yours.'
    """
    words = line.split(" ")
    for i, word in enumerate(words):
        if word.startswith(you + "'s"):
            rest = word[len(you) + 2:]
            whose = "yours" if rest[:1] in (".", ",", ";", ":", ")") or rest == "" and i + 1 == len(words) else "your"
            words[i] = (whose.capitalize() if i == 0 else whose) + rest
            continue
        if word.rstrip(".,:;") != you:
            continue
        if i > 0:
            words[i] = you.lower() + word[len(you):]
        if word == you and i + 1 < len(words):
            verb = words[i + 1]
            bare = verb.rstrip(".,:;")
            words[i + 1] = _YOU_VERBS.get(bare, bare) + verb[len(bare):]
    return " ".join(words)
