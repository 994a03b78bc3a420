"""Every computer level is a ``Player`` made by name from the one registry, and answers
with one of the view's legal actions in every phase; the table and the tournament
offer only registered levels."""

from __future__ import annotations

import inspect
import random

import pytest

from five_hundred import hotseat
from five_hundred.bots import DEFAULT_BUDGET, LEVELS, REGISTRY, YARDSTICKS, Player, player
from five_hundred.bots.tournament import MATCH_LEVELS
from five_hundred.engine import BIDDING, DISCARD_PHASE, JOKER_PHASE, PLAYING
from five_hundred.engine.rules import PAGAT_AUSTRALIAN, TWO_JOKER_1000, RuleSet
from five_hundred.engine.state import GameState
from five_hundred.engine.views import SeatView, view_for

BUDGET = {"hard": 0.02, "hard-play": 0.02}  # enough to decide; hard is slow


def decisions(rules: RuleSet, seed: int, level: str) -> list[SeatView]:
    """The views of every real choice (two or more legal actions) of one seeded deal
    played by ``level``."""
    state = GameState.new_game(rules, seed)
    rng = random.Random(seed)
    bot = player(level)
    out: list[SeatView] = []
    while not state.deal_over:
        view = view_for(state, state.to_act)
        if len(view.legal) > 1:
            out.append(view)
        state.apply(bot.choose(view, rng, DEFAULT_BUDGET).action, view.seat)
    return out


def positions() -> list[SeatView]:
    """A few decisions of each phase from seeded deals of both presets: bids, discards,
    early and late cards, and the joker naming (from ``club``, which bids no trumps
    with the joker more often than ``normal``)."""
    views = [v for rules in (PAGAT_AUSTRALIAN, TWO_JOKER_1000) for seed in range(20)
             for level in ("normal", "club") for v in decisions(rules, seed, level)]
    picked: list[SeatView] = []
    for phase, count in ((BIDDING, 4), (DISCARD_PHASE, 3), (JOKER_PHASE, 1),
                         (PLAYING, 6)):
        of_phase = [v for v in views if v.phase == phase]
        step = max(1, len(of_phase) // count)
        picked += of_phase[::step][:count]
    return picked


POSITIONS = positions()


def test_the_positions_cover_every_decision_phase() -> None:
    assert {v.phase for v in POSITIONS} == {BIDDING, DISCARD_PHASE, JOKER_PHASE,
                                            PLAYING}


@pytest.mark.parametrize("level", sorted(REGISTRY))
def test_every_level_is_a_player(level: str) -> None:
    bot = player(level)
    assert isinstance(bot, Player)
    params = list(inspect.signature(bot.choose).parameters)
    assert params == ["view", "rng", "budget"]
    assert not isinstance(object(), Player)  # the check can fail


@pytest.mark.parametrize("level", sorted(REGISTRY))
def test_every_level_chooses_a_legal_action_of_the_view(level: str) -> None:
    bot = player(level)
    budget = BUDGET.get(level, DEFAULT_BUDGET)
    for i, view in enumerate(POSITIONS):
        choice = bot.choose(view, random.Random(i), budget)
        assert choice in view.legal, (level, view.phase, choice)
        again = player(level).choose(view, random.Random(i), budget)
        assert again == choice  # a new player, the same seed: the same choice


@pytest.mark.parametrize("level", sorted(REGISTRY))
def test_a_forced_move_is_made_without_drawing_on_the_generator(level: str) -> None:
    state = GameState.new_game(PAGAT_AUSTRALIAN, 3)
    while True:  # the first view with one legal action (a bid after three passes…)
        view = view_for(state, state.to_act)
        if len(view.legal) == 1:
            break
        state.apply(view.legal[-1].action, view.seat)  # pass, then play the last card
    rng = random.Random(0)
    before = rng.getstate()
    assert player(level).choose(view, rng, DEFAULT_BUDGET) == view.legal[0]
    assert rng.getstate() == before


def test_a_seat_with_nothing_to_do_and_an_unknown_level_are_refused() -> None:
    state = GameState.new_game(PAGAT_AUSTRALIAN, 3)
    idle = view_for(state, (state.to_act + 1) % 4)
    with pytest.raises(ValueError, match="nothing to do"):
        player("normal").choose(idle, random.Random(0), DEFAULT_BUDGET)
    with pytest.raises(ValueError, match="unknown level"):
        player("expert")


def test_callers_offer_registered_levels_only() -> None:
    """The table's levels and the tournament's come from the registry's names."""
    assert set(hotseat.LEVELS) <= set(LEVELS)
    assert set(LEVELS) | set(YARDSTICKS) == set(REGISTRY) == set(MATCH_LEVELS)
    assert not set(LEVELS) & set(YARDSTICKS)
