"""How well the misère danger test (``bots/misere.py``) predicts a misère's fate.

Seeded random deals; each seat in turn is a misère declarer (he leads, his partner sits
out, R18, R19). His ten cards are judged before the exchange (``bid_danger``); hands
below ``--max-danger`` then take the kitty, shed three by ``best_discard`` and are
solved exactly double-dummy (``Solver``: can the defenders, seeing every card, force
him to win a trick?). Double-dummy defence is the defenders' best, so the rates are a
floor for real play. Prints, per band of the bid-time danger, the hands and the share
made, and how far the bid-time figure is from the danger after the real exchange.

    python benchmarks/misere.py --deals 3000 --seed 1
"""

from __future__ import annotations

import argparse
import os
import random
import time

from five_hundred.bots import misere
from five_hundred.bots.solver import Solver
from five_hundred.engine.cards import NO_TRUMPS, deck, mask_of, play_context
from five_hundred.engine.rules import PAGAT_AUSTRALIAN

BANDS = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-danger", type=float, default=3.0)
    args = ap.parse_args()
    rules = PAGAT_AUSTRALIAN
    rng = random.Random(args.seed)
    cards = list(deck(rules))
    everything = mask_of(cards)
    ctx = play_context(rules, NO_TRUMPS)
    solvers = [Solver(rules, ctx, d, True, (d + 2) & 3) for d in range(4)]
    rows: dict[float, list[int]] = {b: [0, 0] for b in BANDS}
    kitty_effect: list[float] = []
    t0 = time.process_time()
    judged = 0
    for _ in range(args.deals):
        rng.shuffle(cards)
        hands = [mask_of(cards[i * 10:(i + 1) * 10]) for i in range(4)]
        kitty = mask_of(cards[40:])
        for d in range(4):
            bd = misere.bid_danger(rules, hands[d])
            if bd >= args.max_danger:
                continue
            judged += 1
            full = hands[d] | kitty
            unseen = everything & ~full
            drop = misere.best_discard(rules, full, rules.kitty_size, unseen)
            kept = full & ~drop
            kitty_effect.append(misere.danger(rules, kept, unseen) - bd)
            hs = list(hands)
            hs[d] = kept
            sv = solvers[d]
            sv.tt.clear()
            sv.setup(hs, 0)
            caught = sv.value(d, [], -1, 10)
            band = next(b for b in BANDS if bd < b)
            rows[band][0] += 1
            rows[band][1] += 1 - caught
    cpu = time.process_time() - t0
    print(f"misère danger test: {args.deals} deals x 4 declarers (seed {args.seed}), "
          f"{judged} hands under {args.max_danger} judged; cpu {cpu:.1f} s; "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("bid-time danger   hands  made double-dummy")
    lo = 0.0
    for b in BANDS:
        n, made = rows[b]
        rate = f"{made / n:6.0%}" if n else "     -"
        print(f"  {lo:4.2f} .. {b:4.2f}   {n:6d}  {rate}")
        lo = b
    if kitty_effect:
        mean = sum(kitty_effect) / len(kitty_effect)
        print(f"danger after the exchange - bid-time danger: mean {mean:+.2f} "
              f"over {len(kitty_effect)} hands")


if __name__ == "__main__":
    main()
