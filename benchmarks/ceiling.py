"""How far better bidding, or better card play, could take ``hard``: shown the real deal.

``hard`` as it stands, but where ``--see`` says, the deals its Monte Carlo samples are
the deal actually dealt (every hand and the kitty; in play, every hand as it stands
and the discards) instead of deals drawn from what the seat knows:

* ``bidding``: every play-out its bidding weighs (its suit, NT and misère bids, and the
  other side's standing contract it would pass to) is played on the real deal, one
  play-out per strain, with ``normal``'s discard and the greedy double-dummy play as
  always; ``mc.ANCHOR`` off (nothing to be cautious about);
* ``play``: its card play (``hard.estimate_cards``: the first tricks' PIMC and the
  later exact solving) judges each card on the real deal: double-dummy play. Its
  bidding and discard sample as usual;
* ``both``: the two.

The other side sees nothing it should not. The match is the tournament's (the same
deals and pairing as ``bid_variants.py``, so ``--against`` pairs it deal by deal with
one of that script's ``--out`` files). Not a proof of a ceiling (the bidding's
play-outs are not the play at the table, and the other calls of the auction still
come), but the scale of what each part of ``hard`` could still be worth against the
same opponent.

    python benchmarks/bid_variants.py --b club --pairs 400 --seed 961 --out hard961.json
    python benchmarks/ceiling.py --see bidding --b club --pairs 400 --seed 961 \\
        --against hard961.json
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any

from bid_variants import report

from five_hundred.bots import hard, mc, misere, tournament
from five_hundred.bots.tournament import run_match
from five_hundred.engine import BIDDING, PLAYING, GameState
from five_hundred.engine.rules import PAGAT_AUSTRALIAN

_table: list[GameState] = []  # the state whose decision is being made
_view_for = tournament.view_for


def _watching_view_for(state: GameState, seat: int) -> Any:
    _table[:] = [state]
    return _view_for(state, seat)


def _true_or_sampled(sampled: Any, phase: str) -> Any:
    """``sampled`` (a sampler), but the real deal while the table is in ``phase``."""
    def sample(k: Any, rng: random.Random, *args: Any, **kwargs: Any) -> list[int]:
        if _table and _table[0].phase == phase:
            state = _table[0]
            pile = state.kitty if phase == BIDDING else state.discards
            return [*state.hands, pile]
        return list(sampled(k, rng, *args, **kwargs))
    return sample


def install(see: str) -> None:
    """Show ``hard`` the deal at the table where ``see`` says (the module's text)."""
    tournament.view_for = _watching_view_for  # type: ignore[assignment]
    if see in ("bidding", "both"):
        mc.sample_hands = _true_or_sampled(mc.sample_hands, BIDDING)  # type: ignore[assignment]
        misere.sample_hands = _true_or_sampled(misere.sample_hands, BIDDING)  # type: ignore[assignment]
        mc.ANCHOR = 0.0
        mc.BID_MIN_SAMPLES = mc.BID_MAX_SAMPLES = 1  # every play-out the same: one is enough
        misere.MC_MIN_SAMPLES = misere.MC_MAX_SAMPLES = 1
    if see in ("play", "both"):
        hard.sample_hands = _true_or_sampled(hard.sample_hands, PLAYING)  # type: ignore[assignment]
        hard.weighted_sample = _true_or_sampled(hard.weighted_sample, PLAYING)  # type: ignore[assignment]
        hard.MIN_SAMPLES = hard.MAX_SAMPLES = 1
        hard.PIMC_MIN_SAMPLES = hard.PIMC_MAX_SAMPLES = 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--see", choices=("bidding", "play", "both"), required=True)
    ap.add_argument("--b", default="club")
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=961)
    ap.add_argument("--budget", type=float, default=0.25)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--against", type=Path)
    args = ap.parse_args()
    install(args.see)
    r = run_match("hard", args.b, args.pairs, args.seed, PAGAT_AUSTRALIAN, args.budget,
                  progress=False)
    report(f"hard, seeing the real deal in its {args.see},", "hard", args.b, args.seed, r,
           args.out, args.against)


if __name__ == "__main__":
    main()
