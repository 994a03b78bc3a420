"""The deal review's double-dummy analysis (bots/analysis.py): time per finished deal.

Seeded deals are played to the end by four ``normal`` computer players (the deals a
review shows: their bids, their mistakes); passed-out deals are skipped (nothing to
analyse). With ``--steered`` the deals are instead those of ``benchmarks/solver.py``
(a quarter each: a suit, NT with the joker named, NT with it suitless, misère, at the
opening lead), played out by ``normal``. Each finished deal is analysed as the
review's worker does it (``analyse_review`` on its ``DealReview``: one exact solve per
card played, one solver per deal). Prints per contract kind and overall the time per
deal (median, p95, max; CPU seconds of this process and wall-clock seconds), the
nodes searched, how many cards lost a trick against best play, and for comparison the
CPU time of one fresh solve of the same deal at its opening lead.

    python benchmarks/review_dd.py              # 100 deals, seed 1
    python benchmarks/review_dd.py --deals 40 --steered
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

from five_hundred.bots import DEFAULT_BUDGET, player
from five_hundred.bots.analysis import DealAnalysis, analyse_review
from five_hundred.bots.solver import Solver
from five_hundred.engine import PLAYING
from five_hundred.engine.review import DealReview, deal_review
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import GameState
from five_hundred.engine.views import view_for


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def play_out(st: GameState, seed: int) -> tuple[DealReview, GameState | None]:
    """The review of deal 1 of ``st`` once four ``normal`` players have finished it,
    and the deal at its opening lead (None if everybody passed)."""
    rng = random.Random(seed)
    opening = None
    while not st.deal_over:
        if st.phase == PLAYING and st.trick_no == 0 and not st.trick and opening is None:
            opening = st.copy()
        seat = st.to_act
        st.apply_text(player("normal").choose(view_for(st, seat), rng, DEFAULT_BUDGET).text, seat)
    return deal_review(st, 0), opening


def deals(count: int, seed: int, steered: bool) -> list[tuple[DealReview, GameState]]:
    """``count`` finished deals with a contract (see the module docstring)."""
    out: list[tuple[DealReview, GameState]] = []
    if steered:
        sys.path.insert(0, str(Path(__file__).parent))
        from solver import KINDS, deal_of

        for i in range(count):
            review, opening = play_out(deal_of(KINDS[i % 4], seed * 1_000 + i // 4), i)
            assert opening is not None
            out.append((review, opening))
        return out
    game = seed * 100_000
    while len(out) < count:
        review, opening = play_out(GameState.new_game(PAGAT_AUSTRALIAN, game), game)
        game += 1
        if opening is not None:
            out.append((review, opening))
    return out


def fresh_solve(st: GameState) -> float:
    """CPU seconds of one solve of the whole deal from its opening lead, from scratch."""
    bid = st.contract
    assert bid is not None
    cpu = time.process_time()
    sv = Solver(st.rules, st.ctx, st.declarer, bid.is_misere, st.out_seat)
    sv.setup(list(st.hands), st.suits_led)
    sv.value(st.to_act, [], -1, 10)
    return time.process_time() - cpu


def _kind(review: DealReview) -> str:
    if review.sitting_out is not None:
        return "misere"
    return "nt" if review.trump == "NT" else "suit"


def _p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="finished deals to analyse")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steered", action="store_true",
                        help="the solver benchmark's deals of every kind, played out")
    args = parser.parse_args()
    rows: dict[str, list[tuple[float, float, float, DealAnalysis]]] = {}
    for review, opening in deals(args.deals, args.seed, args.steered):
        cpu, wall = time.process_time(), time.perf_counter()
        a = analyse_review(review)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        assert a is not None
        rows.setdefault(_kind(review), []).append((cpu, wall, fresh_solve(opening), a))
    which = "steered deals of every kind" if args.steered else "played by normal"
    print(f"finished deals: {args.deals} ({which}, seed {args.seed}), times in ms; cpu = "
          f"process CPU time; {_load()} (after)")
    print(f"{'kind':8} {'n':>4} {'cpu med':>8} {'cpu p95':>8} {'cpu max':>8} {'wall med':>9} "
          f"{'wall p95':>9} {'wall max':>9} {'nodes med':>10} {'nodes p95':>10} "
          f"{'cards':>6} {'lost':>5} {'1 solve med':>12}")
    everything = [r for k in rows for r in rows[k]]
    for kind, rs in [*sorted(rows.items()), ("all", everything)]:
        cpu_ms = [r[0] * 1000 for r in rs]
        wall_ms = [r[1] * 1000 for r in rs]
        one = [r[2] * 1000 for r in rs]
        nodes = [float(r[3].nodes) for r in rs]
        cards = sum(len(r[3].cards) for r in rs)
        lost = sum(1 for r in rs for v in r[3].cards if v.lost)
        print(f"{kind:8} {len(rs):4} {statistics.median(cpu_ms):8.1f} {_p95(cpu_ms):8.1f} "
              f"{max(cpu_ms):8.1f} {statistics.median(wall_ms):9.1f} {_p95(wall_ms):9.1f} "
              f"{max(wall_ms):9.1f} {statistics.median(nodes):10.0f} {_p95(nodes):10.0f} "
              f"{cards:6} {lost:5} {statistics.median(one):12.1f}")


if __name__ == "__main__":
    main()
