"""Decision times of the computer players: median and p95 per level and per phase.

    python benchmarks/bots.py [--deals 20] [--budget 0.25] [--seed 1]

Each level plays whole seeded deals at all four seats against itself (hard against
normal opponents at East and West, to keep the run short); every decision is timed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from five_hundred.bots import DEFAULT_BUDGET, choose_action
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import GameState
from five_hundred.engine.views import view_for


def measure(level: str, deals: int, budget: float, seed: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {}
    rules = PAGAT_AUSTRALIAN
    for i in range(deals):
        state = GameState.new_game(rules, seed * 1000 + i)
        rng = random.Random(i)
        while not state.deal_over:
            seat = state.to_act
            view = view_for(state, seat)
            lv = level if (level != "hard" or seat % 2 == 0) else "normal"
            t0 = time.perf_counter()
            text = choose_action(view, rules, rng, lv, budget).text
            dt = time.perf_counter() - t0
            if lv == level:
                times.setdefault(state.phase, []).append(dt)
                times.setdefault("all", []).append(dt)
            state.apply_text(text, seat)
    return times


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.95 * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{'level':8} {'phase':9} {'n':>5} {'median s':>9} {'p95 s':>7}")
    for level in ("easy", "normal", "hard", "club"):
        times = measure(level, args.deals, args.budget, args.seed)
        for phase in ("bidding", "discard", "joker", "play", "all"):
            xs = times.get(phase)
            if xs:
                print(f"{level:8} {phase:9} {len(xs):5d} {statistics.median(xs):9.4f} "
                      f"{p95(xs):7.4f}")


if __name__ == "__main__":
    main()
