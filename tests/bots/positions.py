"""Positions built card by card for the bot tests: fixed hands and kitty, then the
actions (bids, discard, plays) that lead to the decision under test."""

from __future__ import annotations

import random

from five_hundred.bots import player
from five_hundred.engine.cards import deck, mask_of, parse_card
from five_hundred.engine.knowledge import Knowledge, knowledge_of
from five_hundred.engine.rules import PAGAT_AUSTRALIAN, RuleSet
from five_hundred.engine.state import GameState
from five_hundred.engine.views import view_for

R = PAGAT_AUSTRALIAN


def mask(rules: RuleSet, cards: str) -> int:
    return mask_of(parse_card(c, rules) for c in cards.split())


def position(hands: dict[int, str], kitty: str, actions: list[str], dealer: int = 3,
             rules: RuleSet = R) -> GameState:
    """A deal with ``hands`` fixed for three seats (the fourth gets the rest) and the
    ``kitty``, after ``actions`` (texts, each by the seat to act)."""
    fixed = {s: mask(rules, h) for s, h in hands.items()}
    kit = mask(rules, kitty)
    rest = mask_of(deck(rules)) & ~kit
    for m in fixed.values():
        assert not m & kit and (m & rest) == m
        rest &= ~m
    assert len(fixed) == 3 and all(m.bit_count() == rules.hand_size for m in fixed.values())
    free = next(s for s in range(4) if s not in fixed)
    fixed[free] = rest
    assert rest.bit_count() == rules.hand_size
    state = GameState.from_deal(rules, dealer, [fixed[s] for s in range(4)], kit)
    for text in actions:
        state.apply_text(text, state.to_act)
    return state


def decide(state: GameState, level: str = "normal", seed: int = 0) -> str:
    """The level's choice for the seat to act."""
    view = view_for(state, state.to_act)
    return player(level).choose(view, random.Random(seed), 0.05).text


def knowledge(state: GameState) -> Knowledge:
    return knowledge_of(view_for(state, state.to_act), state.rules)
