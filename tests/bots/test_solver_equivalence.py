"""The solver's search held to a golden record (``tests/fixtures/solver-golden.json``):
work on the solver's speed must not change a single answer, nor the search itself.

``hard`` counts its work in solver nodes and stops a question after a number of them
(``Solver.node_limit``), so equal values are not enough for its play to stay the same:
the node counts must be equal too, and so must the point where a search runs out of
nodes. Random positions of every contract kind of ``test_solver_exact.KINDS`` (suit,
NT with the joker named and suitless, misère with and without the joker named or
compulsory, V3, two-joker suit and NT), from the opening lead down to the last trick,
at trick starts and in mid-trick (192 in all), are solved by one solver per deal that
keeps its transposition table from one position to the next (as the deal review does):
values, every move's value, null-window answers, the node count after each call, and
the node count at which a search with a node limit gives up. Each position's record
must equal the fixture's.

The fixture was written by the solver of the end of issue 26, which the test of that
time proved equal, node for node, to the solver as it was before issue 26 (commit
6d2e491; ``benchmarks/solver.py --vs REV`` still runs any past solver side by side
with today's). To write it again, from the repository root::

    python -m tests.bots.test_solver_equivalence

Regenerating is right only when a change is *meant* to change the search (the order
of moves, the bounds, the table, what counts as a node...): such a change changes
``hard``'s play, which then wants measuring (``benchmarks/bots.py``). A speed change
that makes this test fail has changed the search; fix the change, not the fixture.
When a failure names the position rather than a figure, the positions themselves came
out differently (the engine's dealing or move order, or ``test_solver_exact._deal``),
and the fixture has to be rewritten with a solver known to be unchanged.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from five_hundred.bots.solver import SearchAborted, Solver
from five_hundred.engine import PLAYING
from tests.bots.test_solver_exact import KINDS, _deal

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "solver-golden.json"
DEALS = 5  # per kind
POSITIONS = 4  # per deal, from the opening lead towards the end

Record = dict[str, Any]


def _aborted_at(sv: Solver, seat: int, trick: list[tuple[int, int]], led: int,
                tricks_left: int, limit: int) -> int:
    """The node count at which a value search limited to ``limit`` more nodes gives
    up, or -1 if it finishes."""
    sv.node_limit = sv.nodes + limit
    try:
        sv.value(seat, trick, led, tricks_left)
    except SearchAborted:
        return sv.nodes
    finally:
        sv.node_limit = 1 << 62
    return -1


def records(kind: str, seed: int) -> list[Record]:
    """What today's solver answers at the positions of one deal, one record each:
    ``at`` the position (seat to act, hands, trick, led, suits led, tricks left),
    ``value`` and ``nodes`` after it, ``moves``, ``move_values`` and ``nodes`` after
    them, each move's ``need`` and whether it ``reaches`` it with the ``nodes`` after
    each, and with a fresh table and a node ``limit`` the node count at which the
    search ``gives_up`` (-1: it finished; absent with three tricks or fewer left)."""
    rules, contract, named = KINDS[kind]
    rng = random.Random(f"equivalence:{kind}:{seed}")
    st = _deal(rules, contract, named, rng)
    bid = st.contract
    assert bid is not None
    sv = Solver(rules, st.ctx, st.declarer, bid.is_misere, st.out_seat)
    # Full deals are slow: the first position is the opening lead only in the first
    # deal, else two to five tricks in (misère: at once, his deals end early).
    misere = bid.is_misere
    skip = 0 if seed == 0 or misere else rng.randrange(8, 21)
    out: list[Record] = []
    while st.phase == PLAYING and len(out) < POSITIONS:
        if skip <= 0:
            trick, led, left = list(st.trick), st.led, 10 - st.trick_no
            seat = st.to_act
            rec: Record = {"at": [seat, list(st.hands), [list(p) for p in trick], led,
                                  st.suits_led, left]}
            sv.setup(list(st.hands), st.suits_led)
            rec["value"] = v = sv.value(seat, trick, led, left)
            rec["nodes"] = [sv.nodes]
            rec["moves"] = moves = sv.legal_moves(seat, trick, led, left)
            rec["move_values"] = sv.move_values(seat, trick, led, left, moves)
            rec["nodes"].append(sv.nodes)
            rec["need"], rec["reaches"] = [], []
            for mv in moves:
                need = v + rng.choice((0, 1))
                rec["need"].append(need)
                rec["reaches"].append(sv.move_reaches(seat, trick, led, left, mv, need))
                rec["nodes"].append(sv.nodes)
            if left > 3:
                # A search running out of nodes stops at the same node (hard's budget).
                sv.tt.clear()
                sv.killers.clear()
                rec["limit"] = limit = rng.randrange(20, 400)
                sv.setup(list(st.hands), st.suits_led)
                rec["gives_up"] = _aborted_at(sv, seat, trick, led, left, limit)
            out.append(rec)
            skip = rng.randrange(1, 4) if misere else rng.randrange(2, 9)
        legal = st.legal_actions()
        if misere and st.to_act == st.declarer and rng.random() < 0.8:
            st.apply(min(legal, key=lambda a: st.ctx.strength[a[1]]))  # he ducks
        else:
            st.apply(legal[rng.randrange(len(legal))])
        skip -= 1
    return out


def _key(kind: str, seed: int) -> str:
    return f"{kind}:{seed}"


def write_fixture(path: Path = FIXTURE) -> int:
    """Solve every deal with today's solver and write the fixture, one position a
    line (see the module docstring for when this is right). Returns the positions."""
    lines = []
    for kind in sorted(KINDS):
        for seed in range(DEALS):
            for i, rec in enumerate(records(kind, seed)):
                lines.append(f'  "{_key(kind, seed)}:{i}": '
                             + json.dumps(rec, separators=(",", ":")))
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
    return len(lines)


@pytest.fixture(scope="module")
def golden() -> dict[str, Record]:
    data: dict[str, Record] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_solver_matches_its_golden_record(kind: str, golden: dict[str, Record]) -> None:
    """Every kind of contract, 5 deals, a few positions each: the same positions as
    the fixture's, and at each the same values, move values, null-window answers,
    node counts and abort point."""
    expected = {k: v for k, v in golden.items() if k.startswith(kind + ":")}
    got: dict[str, Record] = {}
    for seed in range(DEALS):
        for i, rec in enumerate(records(kind, seed)):
            got[f"{_key(kind, seed)}:{i}"] = rec
    assert got.keys() == expected.keys()
    for key, rec in got.items():
        want = expected[key]
        assert rec["at"] == want["at"], f"{key}: another position than the fixture's"
        for field in want:
            assert rec[field] == want[field], f"{key}: {field} differs"
        assert rec.keys() == want.keys(), key
    assert len(got) >= DEALS * 2  # misère deals may end early, the others do not
    assert max(r["nodes"][-1] for r in got.values()) > 1000  # real searches


if __name__ == "__main__":
    print(f"{write_fixture()} positions written to {FIXTURE}")
