"""How many of the bidding's sampled deals a reading of the auction leaves in effect.

The readings of the auction measured in issue 26 (``mc.BID_INFERENCE``,
``mc.PARTNER_MODEL``) weigh each sampled deal by how well it explains the calls made,
and ``hard`` bids on the weighed means. A weighed mean rests on fewer deals the more
the weights differ: its effective number of samples is (sum w)^2 / sum w^2. This
script deals ``--samples`` deals (as the bidding does) at every call with a call
before it in seeded auctions (``normal`` at all four seats, so that nothing of the
yardstick ``club`` is read), weighs them by each reading, and prints the effective
number at the median and at the tenth percentile, plain and tempered
(``mc.BID_TEMPER``: each weight raised to a power below 1).

    python benchmarks/bid_ess.py --deals 60 --start 30000
"""

from __future__ import annotations

import argparse
import random
import statistics

from five_hundred.bots import mc
from five_hundred.bots.levels import player
from five_hundred.engine import BIDDING, GameState
from five_hundred.engine.knowledge import Knowledge, knowledge_of
from five_hundred.engine.rules import PAGAT_AUSTRALIAN as RULES
from five_hundred.engine.views import view_for

READINGS = {"BID_INFERENCE 1 (partner, their bids)": ("BID_INFERENCE", 1),
            "BID_INFERENCE 2 (every call)": ("BID_INFERENCE", 2),
            "PARTNER_MODEL 1 (partner by its rule)": ("PARTNER_MODEL", 1)}
TEMPERS = (1.0, 0.5, 0.3)


def positions(start: int, deals: int) -> list[Knowledge]:
    """Every bidding view with a call before it, in ``deals`` seeded auctions."""
    normal = player("normal")
    out = []
    for seed in range(start, start + deals):
        state = GameState.new_game(RULES, seed)
        rng = random.Random(seed)
        while state.phase == BIDDING:
            seat = state.to_act
            view = view_for(state, seat)
            if state.auction:
                out.append(knowledge_of(view, RULES))
            state.apply(normal.choose(view, rng, 0.0).action, seat)
    return out


def effective(weights: list[float]) -> float:
    return sum(weights) ** 2 / sum(w * w for w in weights)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--start", type=int, default=30000, help="the first deal's seed")
    ap.add_argument("--samples", type=int, default=400)
    args = ap.parse_args()
    views = positions(args.start, args.deals)
    print(f"{len(views)} calls with a call before them in deals {args.start}.."
          f"{args.start + args.deals - 1}; {args.samples} deals each")
    print(f"{'reading':38s} {'temper':>6s} {'median':>7s} {'10th pct':>9s}")
    for label, (name, value) in READINGS.items():
        setattr(mc, name, value)
        weights = []
        for i, k in enumerate(views):
            rng = random.Random(i)
            weights.append([mc._weighed(k, rng)[1] for _ in range(args.samples)])
        setattr(mc, name, 0)
        for temper in TEMPERS:
            ess = sorted(effective([w ** temper for w in ws]) for ws in weights)
            tenth = ess[len(ess) // 10]
            print(f"{label:38s} {temper:6.1f} {statistics.median(ess):7.0f} {tenth:9.0f}")


if __name__ == "__main__":
    main()
