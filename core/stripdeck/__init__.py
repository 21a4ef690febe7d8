"""Stripdeck: 32-card draw poker (Stripped Deck Poker) rules engine and hand evaluator."""

from .cards import DECK, JOKER, Card, CardError, Rank, Suit, format_cards, full_deck, parse_card, parse_cards
from .evaluator import CATEGORIES, HandValue, compare, evaluate, strength_table
from .rules import PRESETS, Rules, RulesError

__version__ = "0.1.0"

__all__ = [
    "Card", "CardError", "Rank", "Suit", "DECK", "JOKER", "parse_card", "parse_cards", "format_cards",
    "full_deck", "Rules", "RulesError", "PRESETS", "HandValue", "evaluate", "compare", "strength_table",
    "CATEGORIES",
]
