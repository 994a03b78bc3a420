"""Searches leave no garbage behind: pausing the collector for a search must not keep
cycles made elsewhere from being freed (a long match once grew without bound)."""

from __future__ import annotations

import gc

from five_hundred.bots.solver import Solver, _collector_paused
from five_hundred.engine.cards import play_context
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import GameState


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_garbage_cycles_are_freed_after_searches() -> None:
    """Cyclic garbage made between searches (pydantic views and exceptions make such
    cycles) is freed by the collector as usual: over 60 rounds of 2,000 unreachable
    cycles, each followed by a search's pause, the live ones stay few. With the old
    ``gc.freeze()`` + ``gc.unfreeze()`` on leaving the pause most of them stayed."""
    assert gc.isenabled()
    gc.collect()
    for _round in range(60):
        for _ in range(2000):
            _Cycle()  # unreachable at once; only the cyclic collector can free it
        with _collector_paused():
            assert not gc.isenabled()
    assert gc.isenabled()
    live = sum(isinstance(o, _Cycle) for o in gc.get_objects())
    assert live < 5_000, live  # 133 here; 35,940 with the old trick


def test_a_dropped_solver_is_freed_without_the_cyclic_collector() -> None:
    """A solver and its transposition table go as soon as the last reference does:
    its helpers (table, bounds, move orderer) hold only a weak proxy of it. When they
    held the solver itself, every solver dropped left a cycle of tens of thousands of
    objects (about 20,000 per full solve) for the cyclic collector to find."""
    state = GameState.new_game(PAGAT_AUSTRALIAN, 3)
    rules = PAGAT_AUSTRALIAN
    gc.collect()
    was_on = gc.isenabled()
    gc.disable()  # nothing is collected behind the test's back
    try:
        sv = Solver(rules, play_context(rules, 0), 0, False)
        sv.setup(list(state.hands[:4]), 0)
        assert 0 <= sv.value(1, [], -1, 10) <= 10
        assert len(sv.tt) > 100  # the table is not empty: there was something to leak
        del sv
        assert gc.collect() < 50
    finally:
        if was_on:
            gc.enable()
