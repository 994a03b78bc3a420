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
* ``both``: the two;
* ``partner`` or ``opponents``: its bidding's samples are dealt as usual, then given
  the real hand of its partner (or of both opponents), the cards displaced swapped
  with the ones that hand did not hold: what reading those hands perfectly from the
  auction could be worth to the bidding (the item 2 of issue 26 asks for inference).

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
from five_hundred.engine.cards import cards_of
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.views import view_for as _view_for  # tournament's, before install()

_table: list[GameState] = []  # the state whose decision is being made


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


def _with_real_hands(sampled: Any, whose: tuple[int, ...]) -> Any:
    """``sampled``, its deals given the real hands of the seats ``whose`` (relative to
    the bidder: 2 its partner, 1 and 3 its opponents) while the table is bidding."""
    def sample(k: Any, rng: random.Random, *args: Any, **kwargs: Any) -> list[int]:
        hands = list(sampled(k, rng, *args, **kwargs))
        if not _table or _table[0].phase != BIDDING:
            return hands
        real = _table[0].hands
        for seat in ((k.seat + w) & 3 for w in whose):
            extra = hands[seat] & ~real[seat]
            for card in cards_of(real[seat] & ~hands[seat]):
                holder = next(h for h in range(5) if hands[h] >> card & 1)
                give = extra & -extra  # the lowest card that hand did not hold
                extra ^= give
                hands[holder] = (hands[holder] & ~(1 << card)) | give
                hands[seat] = (hands[seat] & ~give) | (1 << card)
        return hands
    return sample


def install(see: str) -> None:
    """Show ``hard`` the deal at the table where ``see`` says (the module's text)."""
    # Monkeypatched on purpose: each module calls the name it imported, so that name is
    # the one replaced (imported there, not exported: attr-defined). tournament calls
    # view_for(state, seat) only, so the wrapper takes just those two (assignment).
    tournament.view_for = _watching_view_for  # type: ignore[attr-defined, assignment]
    if see in ("bidding", "both"):
        mc.sample_hands = _true_or_sampled(mc.sample_hands, BIDDING)  # type: ignore[attr-defined]
        misere.sample_hands = _true_or_sampled(misere.sample_hands, BIDDING)  # type: ignore[attr-defined]
        mc.ANCHOR = 0.0
        mc.BID_MIN_SAMPLES = mc.BID_MAX_SAMPLES = 1  # every play-out the same: one is enough
        misere.MC_MIN_SAMPLES = misere.MC_MAX_SAMPLES = 1
    if see in ("partner", "opponents"):
        whose = (2,) if see == "partner" else (1, 3)
        mc.sample_hands = _with_real_hands(mc.sample_hands, whose)  # type: ignore[attr-defined]
        misere.sample_hands = _with_real_hands(misere.sample_hands, whose)  # type: ignore[attr-defined]
    if see in ("play", "both"):
        hard.sample_hands = _true_or_sampled(hard.sample_hands, PLAYING)  # type: ignore[attr-defined]
        hard.weighted_sample = _true_or_sampled(hard.weighted_sample, PLAYING)  # type: ignore[attr-defined]
        hard.MIN_SAMPLES = hard.MAX_SAMPLES = 1
        hard.PIMC_MIN_SAMPLES = hard.PIMC_MAX_SAMPLES = 1


SEEING = {"bidding": "the real deal in its bidding", "play": "the real deal in its card play",
          "both": "the real deal in its bidding and card play",
          "partner": "its partner's real hand in its bidding",
          "opponents": "the opponents' real hands in its bidding"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--see", required=True, choices=tuple(SEEING))
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
    report(f"hard, seeing {SEEING[args.see]},", "hard", args.b, args.seed, r, args.out,
           args.against)


if __name__ == "__main__":
    main()
