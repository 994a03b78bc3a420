"""How much ``hard``'s bid depends on its sampling luck: each seeded position judged
with several random seeds, at two caps on the bidding samples.

    python benchmarks/bid_noise.py [--positions 30] [--seeds 5] [--caps 80 400]

A position is the first call of a seeded deal (hard's own hand, nothing bid yet). For
each cap it prints the samples used (mean), the spread of each weighed bid's expected
points across the seeds (standard deviation, mean over bids and positions) and the
share of positions whose chosen call changes with the seed.
"""

from __future__ import annotations

import argparse
import random
import statistics

from five_hundred.bots import hard, mc
from five_hundred.engine.knowledge import knowledge_of
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import GameState
from five_hundred.engine.views import view_for


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--caps", type=int, nargs="+", default=[80, 400])
    ap.add_argument("--budget", type=float, default=0.25)
    args = ap.parse_args()
    rules = PAGAT_AUSTRALIAN
    views = []
    for i in range(args.positions):
        state = GameState.new_game(rules, 5000 + i)
        views.append(knowledge_of(view_for(state, state.to_act), rules))
    keep = mc.BID_MAX_SAMPLES
    print(f"{args.positions} positions (first call of seeded deals 5000..), "
          f"{args.seeds} seeds each, budget {args.budget}")
    print(f"{'cap':>5} {'samples':>8} {'sd of points':>13} {'call changes':>13}")
    try:
        for cap in args.caps:
            mc.BID_MAX_SAMPLES = cap
            spreads: list[float] = []
            samples: list[int] = []
            changed = 0
            for k in views:
                values: dict[str, list[float]] = {}
                calls = set()
                for s in range(args.seeds):
                    j = mc.judge_bid(k, random.Random(s), hard.work_limit(args.budget))
                    samples.append(j.samples)
                    calls.add(str(j.action))
                    for code, v in j.options:
                        values.setdefault(code, []).append(v)
                spreads += [statistics.stdev(v) for v in values.values() if len(v) > 1]
                changed += len(calls) > 1
            print(f"{cap:>5} {statistics.mean(samples):>8.1f} "
                  f"{statistics.mean(spreads) if spreads else 0.0:>13.1f} "
                  f"{changed / len(views):>13.0%}")
    finally:
        mc.BID_MAX_SAMPLES = keep


if __name__ == "__main__":
    main()
