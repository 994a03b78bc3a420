"""Solver speed: exact double-dummy values of fixed seeded endings.

Random legal games (every action uniform among ``legal_actions()``, seeded) are played
until ``--tricks`` tricks remain in a played deal; each such ending (suit, NT and
misère contracts as the random auctions give them) is solved from scratch with a
fresh ``Solver``. Prints the endings solved, the nodes searched (identical between
two builds whose search is the same) and the seconds spent solving.

    python benchmarks/solver_endings.py --endings 300 --tricks 6 --seed 1
"""

from __future__ import annotations

import argparse
import random
import time

from five_hundred.bots.solver import Solver
from five_hundred.engine import PLAYING, PRESETS, GameState


def endings(preset: str, n: int, tricks: int, seed: int) -> list[GameState]:
    rules = PRESETS[preset]
    r = random.Random(seed)
    out: list[GameState] = []
    game = 0
    while len(out) < n:
        st = GameState.new_game(rules, seed * 7919 + game)
        game += 1
        while st.to_act >= 0:
            if st.phase == PLAYING and not st.trick and st.trick_no == 10 - tricks:
                out.append(st.copy())
                break
            legal = st.legal_actions()
            st.apply(legal[int(r.random() * len(legal))])
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--endings", type=int, default=300)
    ap.add_argument("--tricks", type=int, default=6, help="tricks left in each ending")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--preset", default="pagat-australian", choices=sorted(PRESETS))
    args = ap.parse_args(argv)
    positions = endings(args.preset, args.endings, args.tricks, args.seed)
    nodes = 0
    total = 0
    start = time.perf_counter()
    for st in positions:
        bid = st.contract
        assert bid is not None
        sv = Solver(st.rules, st.ctx, st.declarer, bid.is_misere, st.out_seat)
        sv.setup(list(st.hands), st.suits_led)
        total += sv.value(st.to_act, [], -1, 10 - st.trick_no)
        nodes += sv.nodes
    secs = time.perf_counter() - start
    print(f"endings={len(positions)}")
    print(f"tricks_left={args.tricks}")
    print(f"nodes={nodes}")
    print(f"value_sum={total}")
    print(f"solve_seconds={secs:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
