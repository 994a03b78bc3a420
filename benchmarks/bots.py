"""Decision times of the computer players: median and p95 per level and per phase.

    python benchmarks/bots.py [--deals 20] [--budget 0.25] [--seed 1] [--levels hard]

Each level plays whole seeded deals at all four seats against itself (hard against
normal opponents at East and West, to keep the run short); every decision is timed,
in wall-clock seconds and in this process's CPU seconds (on a shared machine the wall
time also counts the other jobs' turns). The load average is printed at the end.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from five_hundred.bots import DEFAULT_BUDGET, player
from five_hundred.engine import BIDDING, DISCARD_PHASE, JOKER_PHASE, PLAYING
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import GameState
from five_hundred.engine.views import view_for


def measure(level: str, deals: int, budget: float,
            seed: int) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    rules = PAGAT_AUSTRALIAN
    for i in range(deals):
        state = GameState.new_game(rules, seed * 1000 + i)
        rng = random.Random(i)
        while not state.deal_over:
            seat = state.to_act
            view = view_for(state, seat)
            lv = level if (level != "hard" or seat % 2 == 0) else "normal"
            t0, c0 = time.perf_counter(), time.process_time()
            text = player(lv).choose(view, rng, budget).text
            dt, dc = time.perf_counter() - t0, time.process_time() - c0
            if lv == level:
                for phase in (state.phase, "all"):
                    times.setdefault(phase, []).append(dt)
                    cpu.setdefault(phase, []).append(dc)
            state.apply_text(text, seat)
    return times, cpu


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.95 * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default="easy,normal,hard,club",
                    help="comma-separated levels to time")
    args = ap.parse_args()
    print(f"{'level':8} {'phase':9} {'n':>5} {'median s':>9} {'p95 s':>7}"
          f" {'cpu med':>8} {'cpu p95':>8}")
    for level in args.levels.split(","):
        times, cpu = measure(level, args.deals, args.budget, args.seed)
        for phase in (BIDDING, DISCARD_PHASE, JOKER_PHASE, PLAYING, "all"):
            xs = times.get(phase)
            if xs:
                cs = cpu[phase]
                print(f"{level:8} {phase:9} {len(xs):5d} {statistics.median(xs):9.4f} "
                      f"{p95(xs):7.4f} {statistics.median(cs):8.4f} {p95(cs):8.4f}")
    one, five, fifteen = os.getloadavg()
    print(f"load average {one:.2f} {five:.2f} {fifteen:.2f} (after)")


if __name__ == "__main__":
    main()
