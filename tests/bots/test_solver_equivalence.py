"""The solver against itself as it was before issue 26 (``reference_solver``): the
speed work must not change a single answer, nor the search itself.

``hard`` counts its work in solver nodes and stops a question after a number of them
(``Solver.node_limit``), so equal values are not enough for its play to stay the same:
the node counts must be equal too, and so must the point where a search runs out of
nodes. Random positions of every contract kind of ``test_solver_exact.KINDS`` (suit,
NT with the joker named and suitless, misère with and without the joker named or
compulsory, V3, two-joker suit and NT), from the opening lead down to the last trick,
at trick starts and in mid-trick, are solved by both solvers side by side, each keeping
its transposition table from one position of a deal to the next (as the deal review
does): values, every move's value, null-window answers, node counts after each call,
and the node count at which a search with a node limit gives up.
"""

from __future__ import annotations

import random

import pytest

from five_hundred.bots.solver import SearchAborted, Solver
from five_hundred.engine import PLAYING
from tests.bots.reference_solver.solver import SearchAborted as ReferenceAborted
from tests.bots.reference_solver.solver import Solver as ReferenceSolver
from tests.bots.test_solver_exact import KINDS, _deal

DEALS = 5  # per kind
POSITIONS = 4  # per deal, from the opening lead towards the end


def _aborted_at(sv: Solver | ReferenceSolver, seat: int, trick: list[tuple[int, int]],
                led: int, tricks_left: int, limit: int) -> int:
    """The node count at which a value search limited to ``limit`` more nodes gives
    up, or -1 if it finishes."""
    sv.node_limit = sv.nodes + limit
    try:
        sv.value(seat, trick, led, tricks_left)
    except (SearchAborted, ReferenceAborted):
        return sv.nodes
    finally:
        sv.node_limit = 1 << 62
    return -1


def _compare(kind: str, seed: int) -> tuple[int, int]:
    """Positions of one deal solved by both solvers: (positions, nodes searched)."""
    rules, contract, named = KINDS[kind]
    rng = random.Random(f"equivalence:{kind}:{seed}")
    st = _deal(rules, contract, named, rng)
    bid = st.contract
    assert bid is not None
    new = Solver(rules, st.ctx, st.declarer, bid.is_misere, st.out_seat)
    old = ReferenceSolver(rules, st.ctx, st.declarer, bid.is_misere, st.out_seat)
    # Full deals are slow: the first position is the opening lead only in the first
    # deal, else two to five tricks in (misère: at once, his deals end early).
    misere = bid.is_misere
    skip = 0 if seed == 0 or misere else rng.randrange(8, 21)
    positions = 0
    while st.phase == PLAYING and positions < POSITIONS:
        if skip <= 0:
            trick, led, left = list(st.trick), st.led, 10 - st.trick_no
            for sv in (new, old):
                sv.setup(list(st.hands), st.suits_led)
            v_new = new.value(st.to_act, trick, led, left)
            v_old = old.value(st.to_act, trick, led, left)
            assert (v_new, new.nodes) == (v_old, old.nodes), (kind, seed, positions)
            moves = new.legal_moves(st.to_act, trick, led, left)
            assert moves == old.legal_moves(st.to_act, trick, led, left)
            assert new.move_values(st.to_act, trick, led, left, moves) == \
                old.move_values(st.to_act, trick, led, left, moves)
            assert new.nodes == old.nodes
            for mv in moves:
                need = v_old + rng.choice((0, 1))
                assert new.move_reaches(st.to_act, trick, led, left, mv, need) == \
                    old.move_reaches(st.to_act, trick, led, left, mv, need)
                assert new.nodes == old.nodes
            if left > 3:
                # A search running out of nodes stops at the same node (hard's budget).
                new.tt.clear()
                old.tt.clear()
                new.killers.clear()
                old.killers.clear()
                limit = rng.randrange(20, 400)
                for sv in (new, old):
                    sv.setup(list(st.hands), st.suits_led)
                assert _aborted_at(new, st.to_act, trick, led, left, limit) == \
                    _aborted_at(old, st.to_act, trick, led, left, limit), (kind, seed)
            positions += 1
            skip = rng.randrange(1, 4) if misere else rng.randrange(2, 9)
        legal = st.legal_actions()
        if misere and st.to_act == st.declarer and rng.random() < 0.8:
            st.apply(min(legal, key=lambda a: st.ctx.strength[a[1]]))  # he ducks
        else:
            st.apply(legal[rng.randrange(len(legal))])
        skip -= 1
    return positions, new.nodes


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_solver_matches_the_pre_issue_26_solver(kind: str) -> None:
    """Every kind of contract: equal values, move values, null-window answers, node
    counts and abort points on 5 deals, a few positions each."""
    positions = nodes = 0
    for seed in range(DEALS):
        p, n = _compare(kind, seed)
        positions += p
        nodes += n
    assert positions >= DEALS * 2  # misère deals may end early, the others do not
    assert nodes > 1000  # the searches were real ones
