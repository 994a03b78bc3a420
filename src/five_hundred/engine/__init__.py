"""The pure rules engine of Five Hundred: no textual, no rich, no UI.

Typical use::

    state = GameState.new_game(PAGAT_AUSTRALIAN, seed=42)
    view = view_for(state, state.to_act)      # what that seat may know
    state.apply_text(view.legal_actions[0])   # or state.apply(state.legal_actions()[0])
"""

from .actions import Action, action_text, parse_action
from .bidding import Bid, Ladder, ladder_for
from .cards import card_str, parse_card
from .errors import IllegalAction, MalformedRecord
from .rules import PAGAT_AUSTRALIAN, PRESETS, TWO_JOKER_1000, RuleSet, ruleset_from_record
from .state import SEAT_NAMES, DealLog, DealResult, GameState, team_of
from .views import DealSummary, PublicView, SeatView, TrickView, public_view, view_for

__all__ = [
    "PAGAT_AUSTRALIAN", "PRESETS", "SEAT_NAMES", "TWO_JOKER_1000", "Action", "Bid",
    "DealLog", "DealResult", "DealSummary", "GameState", "IllegalAction", "Ladder",
    "MalformedRecord", "PublicView", "RuleSet", "SeatView", "TrickView", "action_text",
    "card_str", "ladder_for", "parse_action", "parse_card", "public_view",
    "ruleset_from_record", "team_of", "view_for",
]
