"""Stripdeck: 32-card draw poker (Stripped Deck Poker) rules engine and hand evaluator."""

from .cards import DECK, JOKER, Card, CardError, Rank, Suit, format_cards, full_deck, parse_card, parse_cards
from .evaluator import CATEGORIES, HandValue, compare, evaluate, strength_table
from .rules import PRESETS, Rules, RulesError
from .actions import Action, ActionError, Event, parse_action
from .engine import HandSetupError, IllegalAction, apply, legal_actions, start_hand
from .legal import LegalActions
from .pots import Pot, build_pots
from .state import HandState, Seat
from .scenario import ScenarioError, export_hand, play_scenario, replay
from .view import PlayerView, SeatView, player_view
from .table import Player, Session, SessionError
from .narrate import describe_event, describe_log
from .bots import simple_bot

__version__ = "0.1.0"

__all__ = [
    "Card", "CardError", "Rank", "Suit", "DECK", "JOKER", "parse_card", "parse_cards", "format_cards",
    "full_deck", "Rules", "RulesError", "PRESETS", "HandValue", "evaluate", "compare", "strength_table",
    "CATEGORIES", "Action", "ActionError", "Event", "parse_action", "HandSetupError", "IllegalAction",
    "apply", "legal_actions", "start_hand", "LegalActions", "Pot", "build_pots", "HandState", "Seat",
    "ScenarioError", "export_hand", "play_scenario", "replay", "PlayerView", "SeatView", "player_view",
    "Player", "Session", "SessionError", "describe_event", "describe_log", "simple_bot",
]
