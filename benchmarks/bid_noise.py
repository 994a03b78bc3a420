"""How much ``hard``'s bid (or discard) depends on its sampling luck: each seeded
position judged with several random seeds, at two caps on the samples.

    python benchmarks/bid_noise.py [--positions 30] [--seeds 5] [--caps 80 400]
    python benchmarks/bid_noise.py --discard --positions 60 --seeds 2 --caps 40 300

A position is the first call of a seeded deal (hard's own hand, nothing bid yet); with
``--discard``, the exchange of a seeded deal's first bidder holding 5+ trumps, who bid
7 in its longest suit and was passed (``mc.DISCARD_MAX_SAMPLES`` capped instead). For
each cap it prints the samples used (mean), the spread of each weighed option's
expected points across the seeds (standard deviation, mean over options and positions),
the share of positions whose choice changes with the seed and, for discards, the share
where the first seed's choice is not ``normal``'s.
"""

from __future__ import annotations

import argparse
import random
import statistics

from playout_depth import declare, longest_trumps

from five_hundred.bots import hard, mc, normal
from five_hundred.engine.knowledge import Knowledge, knowledge_of
from five_hundred.engine.rules import PAGAT_AUSTRALIAN, RuleSet
from five_hundred.engine.state import GameState
from five_hundred.engine.views import view_for


def exchanges(rules: RuleSet, positions: int) -> list[Knowledge]:
    """Seeded deals' exchanges: the first bidder, 5+ trumps, won 7 of its longest suit."""
    out: list[Knowledge] = []
    seed = 50000
    while len(out) < positions:
        state = GameState.new_game(rules, seed)
        seed += 1
        seat = state.to_act
        trump, trumps = longest_trumps(state.hands[seat])
        if trumps < 5:
            continue
        declare(state, seat, trump, 7)
        out.append(knowledge_of(view_for(state, seat), rules))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--caps", type=int, nargs="+", default=[80, 400])
    ap.add_argument("--budget", type=float, default=0.25)
    ap.add_argument("--discard", action="store_true", help="the exchange, not the bid")
    args = ap.parse_args()
    rules = PAGAT_AUSTRALIAN
    if args.discard:
        views = exchanges(rules, args.positions)
        cap_name, judge = "DISCARD_MAX_SAMPLES", mc.judge_discard
        print(f"{args.positions} exchanges (7 bid by seeded deals' first bidders, 5+ "
              f"trumps, from deal 50000), {args.seeds} seeds each, budget {args.budget}")
    else:
        views = []
        for i in range(args.positions):
            state = GameState.new_game(rules, 5000 + i)
            views.append(knowledge_of(view_for(state, state.to_act), rules))
        cap_name, judge = "BID_MAX_SAMPLES", mc.judge_bid
        print(f"{args.positions} positions (first call of seeded deals 5000..), "
              f"{args.seeds} seeds each, budget {args.budget}")
    keep = getattr(mc, cap_name)
    print(f"{'cap':>5} {'samples':>8} {'sd of points':>13} {'call changes':>13}"
          + (f" {'not normal':>11}" if args.discard else ""))
    try:
        for cap in args.caps:
            setattr(mc, cap_name, cap)
            spreads: list[float] = []
            samples: list[int] = []
            changed = departed = 0
            for k in views:
                values: dict[str, list[float]] = {}
                calls = []
                for s in range(args.seeds):
                    j = judge(k, random.Random(s), hard.work_limit(args.budget))
                    samples.append(j.samples)
                    calls.append(j.action)
                    for code, v in j.options:
                        values.setdefault(code, []).append(v)
                spreads += [statistics.stdev(v) for v in values.values() if len(v) > 1]
                changed += len(set(calls)) > 1
                departed += args.discard and calls[0] != normal.discard_plan(k)
            print(f"{cap:>5} {statistics.mean(samples):>8.1f} "
                  f"{statistics.mean(spreads) if spreads else 0.0:>13.1f} "
                  f"{changed / len(views):>13.0%}"
                  + (f" {departed / len(views):>11.0%}" if args.discard else ""))
    finally:
        setattr(mc, cap_name, keep)


if __name__ == "__main__":
    main()
