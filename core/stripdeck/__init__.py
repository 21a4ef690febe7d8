"""Stripdeck: 32-card draw poker (Stripped Deck Poker) rules engine and hand evaluator."""

from .actions import Action, ActionError, Event, parse_action
from .advisor import Advice, AdviceRow, advise, format_advice
from .arena import ArenaResult, run_arena
from .bots import BOT_LEVELS, BOT_STYLES, Bot, Style, bot_for, simple_bot
from .cards import DECK, JOKER, Card, CardError, Rank, Suit, format_cards, full_deck, parse_card, parse_cards
from .engine import HandSetupError, IllegalAction, apply, legal_actions, start_hand
from .evaluator import CATEGORIES, HandValue, compare, evaluate, strength_table
from .explain import Comparison, explain
from .inputs import InputError, whole_number
from .legal import LegalActions
from .narrate import describe_event, describe_log
from .pots import Pot, build_pots
from .rules import PRESETS, Rules, RulesError
from .scenario import ScenarioError, export_hand, play_scenario, read_scenario, replay
from .state import HandState, Seat
from .table import Player, Session, SessionError
from .view import PlayerView, SeatView, ViewError, player_view
from .warmup import prepare
from .words import card_name, card_names, category_name, phase_name, suit_name

__version__ = "0.1.0"

__all__ = [
    "Card", "CardError", "Rank", "Suit", "DECK", "JOKER", "parse_card", "parse_cards", "format_cards",
    "full_deck", "Rules", "RulesError", "PRESETS", "HandValue", "evaluate", "compare", "strength_table",
    "CATEGORIES", "Action", "ActionError", "Event", "parse_action", "HandSetupError", "IllegalAction",
    "apply", "legal_actions", "start_hand", "LegalActions", "Pot", "build_pots", "HandState", "Seat",
    "ScenarioError", "export_hand", "play_scenario", "read_scenario", "replay", "PlayerView", "SeatView", "player_view",
    "ViewError",
    "Player", "Session", "SessionError", "describe_event", "describe_log", "simple_bot",
    "Bot", "Style", "BOT_LEVELS", "BOT_STYLES", "bot_for", "Advice", "AdviceRow", "advise", "format_advice",
    "ArenaResult", "run_arena", "prepare", "Comparison", "explain", "InputError", "whole_number",
    "card_name", "card_names", "category_name", "phase_name", "suit_name",
]
