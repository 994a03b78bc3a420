"""Where ``mc.ANCHOR`` changes ``hard``'s call: the first call of seeded deals judged
with the anchor and without it (the same samples), and ``normal``'s call beside them.

    python benchmarks/anchor_openings.py [--positions 30] [--anchor 20]

Prints each position whose call changes, with the three best calls weighed and their
expected points, then how many changed.
"""

from __future__ import annotations

import argparse
import random

from five_hundred.bots import DEFAULT_BUDGET, hard, mc
from five_hundred.engine.actions import action_text
from five_hundred.engine.bidding import ladder_for
from five_hundred.engine.knowledge import knowledge_of
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import GameState
from five_hundred.engine.views import view_for


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--anchor", type=float, default=20.0)
    args = ap.parse_args()
    rules = PAGAT_AUSTRALIAN
    ladder = ladder_for(rules)
    keep = mc.ANCHOR
    changed = 0
    try:
        for i in range(args.positions):
            state = GameState.new_game(rules, 5000 + i)
            k = knowledge_of(view_for(state, state.to_act), rules)
            calls = []
            for anchor in (0.0, args.anchor):
                mc.ANCHOR = anchor
                calls.append(mc.judge_bid(k, random.Random(i), hard.work_limit(DEFAULT_BUDGET)))
            if calls[0].action != calls[1].action:
                changed += 1
                plan = calls[1].plan  # normal's call, as the judgement weighed it
                assert plan is not None
                best = ", ".join(f"{code} {v:+.1f}" for code, v in calls[0].options[:3])
                print(f"deal {5000 + i}: normal {action_text(plan, ladder)}; "
                      f"{action_text(calls[0].action, ladder)} -> "
                      f"{action_text(calls[1].action, ladder)} (weighed: {best})")
    finally:
        mc.ANCHOR = keep
    print(f"call changed by ANCHOR={args.anchor:g} in {changed} of {args.positions} positions")


if __name__ == "__main__":
    main()
