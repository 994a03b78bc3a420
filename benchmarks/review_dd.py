"""The deal review's double-dummy analysis (bots/analysis.py): time per finished deal.

Seeded deals are played to the end by four ``normal`` computer players (the deals a
review shows: their bids, misère included, their mistakes); passed-out deals are
skipped (nothing to analyse). Each finished deal is analysed as the review's worker
does it (``analyse_review`` on its ``DealReview``: one exact solve per card played,
one solver per deal). Prints per contract kind and overall the time per deal (median,
p95, max; CPU seconds of this process and wall-clock seconds), the nodes searched, and
how many cards lost a trick against best play.

    python benchmarks/review_dd.py              # 100 deals, seed 1
    python benchmarks/review_dd.py --deals 40 --seed 2
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from five_hundred.bots import choose_action
from five_hundred.bots.analysis import DealAnalysis, analyse_review
from five_hundred.engine.review import DealReview, deal_review
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import GameState
from five_hundred.engine.views import view_for


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def finished_deal(seed: int) -> DealReview | None:
    """Deal 1 of the game of ``seed``, played out by four ``normal`` players; None if
    everybody passed."""
    st = GameState.new_game(PAGAT_AUSTRALIAN, seed)
    rng = random.Random(seed)
    while not st.deal_over:
        seat = st.to_act
        st.apply_text(choose_action(view_for(st, seat), st.rules, rng, "normal").text, seat)
    review = deal_review(st, 0)
    return review if review.contract is not None else None


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
    args = parser.parse_args()
    rows: dict[str, list[tuple[float, float, DealAnalysis]]] = {}
    seed = args.seed * 100_000
    skipped = analysed = 0
    while analysed < args.deals:
        review = finished_deal(seed)
        seed += 1
        if review is None:
            skipped += 1
            continue
        cpu, wall = time.process_time(), time.perf_counter()
        a = analyse_review(review)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        assert a is not None
        rows.setdefault(_kind(review), []).append((cpu, wall, a))
        analysed += 1
    print(f"finished deals: {analysed} (seed {args.seed}; {skipped} passed out, skipped), "
          f"times in ms; cpu = process CPU time; {_load()} (after)")
    print(f"{'kind':8} {'n':>4} {'cpu med':>8} {'cpu p95':>8} {'cpu max':>8} {'wall med':>9} "
          f"{'wall p95':>9} {'wall max':>9} {'nodes med':>10} {'nodes p95':>10} "
          f"{'cards':>6} {'lost':>5}")
    everything = [r for k in rows for r in rows[k]]
    for kind, rs in [*sorted(rows.items()), ("all", everything)]:
        cpu = [r[0] * 1000 for r in rs]
        wall = [r[1] * 1000 for r in rs]
        nodes = [float(r[2].nodes) for r in rs]
        cards = sum(len(r[2].cards) for r in rs)
        lost = sum(1 for r in rs for v in r[2].cards if v.lost)
        print(f"{kind:8} {len(rs):4} {statistics.median(cpu):8.1f} {_p95(cpu):8.1f} "
              f"{max(cpu):8.1f} {statistics.median(wall):9.1f} {_p95(wall):9.1f} "
              f"{max(wall):9.1f} {statistics.median(nodes):10.0f} {_p95(nodes):10.0f} "
              f"{cards:6} {lost:5}")


if __name__ == "__main__":
    main()
