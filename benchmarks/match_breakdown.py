"""Where one level's points against another come from, deal by deal.

The tournament's duplicate deals (``five-hundred tournament``: the same seeds, each deal
played twice with the sides' seats swapped), every deal from 0-0 so that the game's
score does not move the bidding. Each pair is classed by what happened at its two
tables — who declared (A or B), the contract's kind, made (+) or not (−) — and the
classes are printed with their count and their share of A's mean points per deal,
worst first. "B:suit+ | B:suit+" are pairs in which B declared and made a suit
contract at both tables: with A's cards too, so A let B take the auction.

    python benchmarks/match_breakdown.py --a normal --b club --pairs 800 --seed 1

``--out`` saves each pair's points (as ``bid_variants.py --out`` does); ``--against``
a tournament run's pairs on the same seed (``bid_variants.py --out``) prints the
difference from 0-0 to the game series, pair by pair: what the carried score changed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from five_hundred.bots import LEVELS, YARDSTICKS
from five_hundred.bots.tournament import contract_kind, play_deal
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import DealResult

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bid_variants import paired_line  # a sibling script


def table(res: DealResult, a_team: int) -> str:
    if res.contract is None or res.declarer is None:
        return "pass"
    side = "A" if res.declarer % 2 == a_team else "B"
    return f"{side}:{contract_kind(PAGAT_AUSTRALIAN, res.contract)}{'+' if res.made else '−'}"


def main() -> None:
    levels = sorted({*LEVELS, *YARDSTICKS})
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", default="normal", choices=levels)
    ap.add_argument("--b", default="club", choices=levels)
    ap.add_argument("--pairs", type=int, default=800)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=0.25)
    ap.add_argument("--top", type=int, default=12, help="classes printed at each end")
    ap.add_argument("--out", type=Path, help="save each pair's points (JSON list)")
    ap.add_argument("--against", type=Path, help="another run's pairs, the same seed")
    args = ap.parse_args()
    rules = PAGAT_AUSTRALIAN
    classes: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    pairs: list[float] = []
    for i in range(args.pairs):
        deal_seed = args.seed * 100003 + i  # the tournament's deals
        pair = 0.0
        tables = []
        for a_team in (0, 1):
            sides = (args.a, args.b) if a_team == 0 else (args.b, args.a)
            res = play_deal(rules, deal_seed, sides, (0, 0), args.budget).results[-1]
            pair += (res.score_change[a_team] - res.score_change[1 - a_team]) / 2
            tables.append(table(res, a_team))
        entry = classes[" | ".join(tables)]
        entry[0] += 1
        entry[1] += pair
        pairs.append(pair)
    n = args.pairs
    print(f"{args.a} (A) vs {args.b} (B): {n} duplicate pairs from 0-0, seed {args.seed}; "
          f"points per deal for A: {sum(pairs) / n:+.2f}")
    print(f"{'tables':32} {'pairs':>5} {'per deal':>9} {'per pair':>9}")
    ranked = sorted(classes.items(), key=lambda kv: kv[1][1])
    shown = ranked if len(ranked) <= 2 * args.top else [*ranked[:args.top], None,
                                                          *ranked[-args.top:]]
    for row in shown:
        if row is None:
            print("…")
            continue
        key, (count, points) = row
        print(f"{key:32} {int(count):5d} {points / n:+9.2f} {points / count:+9.1f}")
    if args.out:
        args.out.write_text(json.dumps(pairs))
    if args.against:
        print(paired_line(pairs, args.against))


if __name__ == "__main__":
    main()
