"""The ``hard`` player is deterministic by seed: the same view, seed and budget give
the same action in every phase (bidding R9-R16, discard R17, joker naming R23, play
R19-R27), whatever the clock says — its budget is turned into a count of work, not
measured in time."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from five_hundred.bots import DEFAULT_BUDGET, hint, player
from five_hundred.engine import BIDDING, DISCARD_PHASE, JOKER_PHASE, PLAYING
from five_hundred.engine.knowledge import knowledge_of
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import GameState
from five_hundred.engine.views import SeatView, view_for

from .helpers import crafted

R = PAGAT_AUSTRALIAN


def _views(seed: int) -> list[SeatView]:
    """Every decision of one seeded deal played by ``normal`` bots (views only)."""
    state = GameState.new_game(R, seed)
    rng = random.Random(seed)
    out: list[SeatView] = []
    while not state.deal_over:
        seat = state.to_act
        view = view_for(state, seat)
        if len(view.legal_actions) > 1:
            out.append(view)
        state.apply_text(player("normal").choose(view, rng, DEFAULT_BUDGET).text, seat)
    return out


def _warped_clock() -> float:
    """A clock that jumps by a random amount at each reading (a badly loaded machine)."""
    return next(_ticks) + random.random() * 1000.0


_ticks = itertools.count(0, 7)


@pytest.mark.parametrize("seed", [10, 34])  # two deals: every phase, early and late
def test_hard_same_view_seed_budget_same_action(seed: int,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Two calls on the same view with the same seed and budget agree in every phase,
    even when the clock jumps wildly during the second call."""
    views = _views(seed)
    phases = {v.public.phase for v in views}
    assert {BIDDING, DISCARD_PHASE, PLAYING} <= phases
    # Bidding and discard decisions, then every third card (early and late tricks).
    plays = [v for v in views if v.public.phase == PLAYING]
    chosen = [v for v in views if v.public.phase != PLAYING] + plays[::3] + plays[-2:]
    first = [player("hard").choose(v, random.Random(seed), 0.05).text for v in chosen]
    monkeypatch.setattr(time, "perf_counter", _warped_clock)
    monkeypatch.setattr(time, "monotonic", _warped_clock)
    monkeypatch.setattr(time, "time", _warped_clock)
    second = [player("hard").choose(v, random.Random(seed), 0.05).text for v in chosen]
    assert first == second
    assert all(a in v.legal_actions for a, v in zip(first, chosen, strict=True))


def test_hard_joker_naming_and_no_trumps_play_are_deterministic(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R23/R24: naming the joker after a 7NT contract and the NT card play that follows
    come out the same on two calls with the same seed, whatever the clock."""
    state = crafted(R, 4, {0: ["JK", "AS", "KS", "AC", "KC", "AD", "AH"]})
    for text in ("bid 7NT", "pass", "pass", "pass"):
        state.apply_text(text)
    views: list[SeatView] = []
    rng = random.Random(4)
    while not state.deal_over:
        seat = state.to_act
        view = view_for(state, seat)
        if len(view.legal_actions) > 1:
            views.append(view)
        state.apply_text(player("normal").choose(view, rng, DEFAULT_BUDGET).text, seat)
    assert {DISCARD_PHASE, JOKER_PHASE, PLAYING} <= {v.phase for v in views}
    chosen = [v for v in views if v.phase != PLAYING] + views[2::4]
    first = [player("hard").choose(v, random.Random(9), 0.05).text for v in chosen]
    monkeypatch.setattr(time, "perf_counter", _warped_clock)
    second = [player("hard").choose(v, random.Random(9), 0.05).text for v in chosen]
    assert first == second


def test_hint_is_deterministic() -> None:
    """The hint for a card (R19-R21) is the same on two calls with the same seed."""
    views = [v for v in _views(5) if v.public.phase == PLAYING]
    for v in views[:: max(1, len(views) // 4)]:
        a = hint(v, R, random.Random(2), 0.05)
        b = hint(v, R, random.Random(2), 0.05)
        assert (a.action, a.reason, a.candidates, a.samples) == (
            b.action, b.reason, b.candidates, b.samples)


def test_budget_sets_the_amount_of_work() -> None:
    """R19-R21 card play: a tiny budget stops sampling after two deals (the work
    forecast already exceeds it), a large one reaches the cap, and the work limit grows
    with the budget (no clock involved)."""
    from five_hundred.bots import hard

    assert hard.work_limit(0.5) == 2 * hard.work_limit(0.25) > 0
    view = next(v for v in _views(12) if v.public.phase == PLAYING
                and len(v.legal_actions) > 2)
    assert hint(view, R, random.Random(1), 1e-6).samples == 2
    k = knowledge_of(view, R)
    pimc = 10 - k.trick_no > hard.EXACT_TRICKS and hard._pimc_target(k) > 0
    cap = hard.PIMC_MAX_SAMPLES if pimc else hard.MAX_SAMPLES
    assert hint(view, R, random.Random(1), 100.0).samples == cap
