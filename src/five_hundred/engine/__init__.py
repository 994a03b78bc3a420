"""The pure rules engine of Five Hundred: no textual, no rich, no UI.

Typical use::

    state = GameState.new_game(PAGAT_AUSTRALIAN, seed=42)
    view = view_for(state, state.to_act)      # what that seat may know
    state.apply(view.legal[0].action)         # one of the seat's typed legal actions
"""

from .actions import (
    BID,
    DISCARD,
    JOKER_NAME,
    PASS,
    PLAY,
    Action,
    Discard,
    JokerLead,
    MakeBid,
    NameJoker,
    Pass,
    Play,
    action_text,
    parse_action,
)
from .bidding import Bid, Ladder, ladder_for
from .cards import card_str, parse_card
from .errors import IllegalAction, MalformedRecord
from .rules import PAGAT_AUSTRALIAN, PRESETS, TWO_JOKER_1000, RuleSet, ruleset_from_record
from .state import (
    BIDDING,
    DEAL_OVER,
    DISCARD_PHASE,
    GAME_OVER,
    JOKER_PHASE,
    PHASES,
    PLAYING,
    SEAT_NAMES,
    DealLog,
    DealResult,
    GameState,
    Phase,
    team_of,
)
from .views import LegalAction, PublicView, SeatView, TrickView, public_view, view_for

__all__ = [
    "BID",
    "BIDDING",
    "DEAL_OVER",
    "DISCARD",
    "DISCARD_PHASE",
    "GAME_OVER",
    "JOKER_NAME",
    "JOKER_PHASE",
    "PAGAT_AUSTRALIAN",
    "PASS",
    "PHASES",
    "PLAY",
    "PLAYING",
    "PRESETS",
    "SEAT_NAMES",
    "TWO_JOKER_1000",
    "Action",
    "Bid",
    "DealLog",
    "DealResult",
    "Discard",
    "GameState",
    "IllegalAction",
    "JokerLead",
    "Ladder",
    "LegalAction",
    "MakeBid",
    "MalformedRecord",
    "NameJoker",
    "Pass",
    "Phase",
    "Play",
    "PublicView",
    "RuleSet",
    "SeatView",
    "TrickView",
    "action_text",
    "card_str",
    "ladder_for",
    "parse_action",
    "parse_card",
    "public_view",
    "ruleset_from_record",
    "team_of",
    "view_for",
]
