"""How often ``hard``'s calls are the call of ``normal``'s rule on the same view.

``mc.PARTNER_MODEL`` reads a ``hard`` partner's calls by that rule
(``normal.suit_plan``): a sampled partner hand on which the rule makes the call the
partner made explains it best, and the others by the likelihoods in
``mc.PARTNER_LIKELIHOOD``. This script measures those likelihoods on ``hard``'s own
calls: seeded deals, ``hard`` North-South against ``--against`` East-West (``normal``
by default: nothing of the yardstick ``club`` goes into the model), the auction only,
every call of ``hard`` set beside the rule's call on its view.

    python benchmarks/partner_calls.py --deals 200 --start 20000
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from five_hundred.bots import normal
from five_hundred.bots.levels import player
from five_hundred.bots.mc import call_class as mc_call_class
from five_hundred.engine import BIDDING, GameState
from five_hundred.engine.actions import Action, MakeBid
from five_hundred.engine.bidding import Bid, ladder_for
from five_hundred.engine.knowledge import knowledge_of
from five_hundred.engine.rules import PAGAT_AUSTRALIAN as RULES
from five_hundred.engine.views import view_for


def call_class(call: Bid | None, rule: Bid | None) -> str:
    """``mc.call_class``, with the rule's own call and misère told apart."""
    if call == rule:
        return "the rule's call"
    if call is not None and call.is_misere:
        return "misère (not read)"
    return mc_call_class(call, rule)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--start", type=int, default=20000, help="the first deal's seed")
    ap.add_argument("--against", default="normal")
    ap.add_argument("--budget", type=float, default=0.25)
    args = ap.parse_args()
    ladder = ladder_for(RULES)

    def bid_of(a: Action | None) -> Bid | None:
        return ladder.bids[a.ladder_index] if isinstance(a, MakeBid) else None

    players = (player("hard"), player(args.against))
    counts: Counter[tuple[str, str]] = Counter()
    for seed in range(args.start, args.start + args.deals):
        state = GameState.new_game(RULES, seed)
        rng = random.Random(seed)
        while state.phase == BIDDING:
            seat = state.to_act
            view = view_for(state, seat)
            action = players[seat & 1].choose(view, rng, args.budget).action
            if seat & 1 == 0:
                rule = bid_of(normal.suit_plan(knowledge_of(view, RULES)))
                side = "rule passes" if rule is None else "rule bids"
                counts[(side, call_class(bid_of(action), rule))] += 1
            state.apply(action, seat)
    print(f"hard's calls against {args.against}, deals {args.start}.."
          f"{args.start + args.deals - 1}: {sum(counts.values())}")
    for side in ("rule bids", "rule passes"):
        total = sum(n for (s, _), n in counts.items() if s == side)
        print(f"  where the {side}: {total}")
        for (s, cls), n in sorted(counts.items()):
            if s == side:
                print(f"    {cls:45s} {n:4d}  {n / total:6.1%}")


if __name__ == "__main__":
    main()
