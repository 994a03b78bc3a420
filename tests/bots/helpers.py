"""Shared helpers for the bot tests: crafted deals and driving a game with bots."""

from __future__ import annotations

import random
from collections.abc import Callable

from five_hundred.bots import player
from five_hundred.engine.cards import deck, mask_of, parse_card
from five_hundred.engine.rules import RuleSet
from five_hundred.engine.state import GameState
from five_hundred.engine.views import SeatView, view_for


def _never(card: int) -> bool:
    return False


def crafted(rules: RuleSet, seed: int, fixed: dict[int, list[str]],
            banned: dict[int, Callable[[int], bool]] | None = None,
            dealer: int = 3) -> GameState:
    """A deal where ``fixed[seat]`` cards go to that seat; the rest is dealt at random
    (seeded), never giving a seat a card its ``banned`` predicate rejects."""
    rng = random.Random(seed)
    hands = [0, 0, 0, 0]
    used = set()
    for seat, cards in fixed.items():
        for t in cards:
            c = parse_card(t, rules)
            hands[seat] |= 1 << c
            used.add(c)
    rest = [c for c in deck(rules) if c not in used]
    rng.shuffle(rest)
    banned = banned or {}
    for seat in range(4):
        ok = banned.get(seat, _never)
        while hands[seat].bit_count() < rules.hand_size:
            c = next(c for c in rest if not ok(c))
            rest.remove(c)
            hands[seat] |= 1 << c
    kitty = mask_of(rest[: rules.kitty_size])
    assert len(rest) == rules.kitty_size
    return GameState.from_deal(rules, dealer, hands, kitty)


def run(state: GameState, levels: list[str], seed: int, budget: float = 0.05,
        check: Callable[[SeatView, str], None] | None = None) -> GameState:
    """Let bots play the rest of the deal; ``check(view, chosen)`` sees every decision."""
    rng = random.Random(seed)
    while not state.deal_over:
        seat = state.to_act
        view = view_for(state, seat)
        text = player(levels[seat]).choose(view, rng, budget).text
        assert text in view.legal_actions
        if check is not None:
            check(view, text)
        state.apply_text(text, seat)
    return state
