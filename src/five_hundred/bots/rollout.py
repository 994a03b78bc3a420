"""The rest of the auction on a sampled deal, for ``hard``'s bidding (``mc.judge_bid``).

A bid weighed as if it ended the auction misses what the other seats do next: an
opponent overcalling, partner raising or taking out, and, after a pass, the other side
bidding and making their own contract. ``continue_auction`` plays the auction on from a
candidate call on one sampled deal, every later call by ``normal``'s rules for the seat
that makes it (the model of a bidder the sampler's weights use too), through the engine,
the one place that decides what is legal, and returns the contract it ends on.
"""

from __future__ import annotations

import random

from five_hundred.engine import BIDDING
from five_hundred.engine.actions import BID_ACTIONS, PASS_ACTION, Action, Pass
from five_hundred.engine.bidding import Bid, ladder_for
from five_hundred.engine.knowledge import Knowledge
from five_hundred.engine.state import GameState

from . import normal
from .sampler import PILE

MAX_CALLS = 40  # an auction of four seats ends long before this; a guard, not a rule

_NO_NOISE = random.Random(0)  # normal.bid_plan draws from it only with noise, never here


def _dealer(k: Knowledge) -> int:
    """The dealer, from who spoke first (R8: the dealer's left neighbour)."""
    first = k.auction[0][0] if k.auction else k.seat
    return (first - 1) & 3


def _bidder_knowledge(k: Knowledge, state: GameState, seat: int) -> Knowledge:
    """What ``seat`` knows in the auction of ``state``: its hand and the calls so far."""
    ladder = state.ladder
    auction: list[tuple[int, Bid | None]] = [
        (s, None if isinstance(a, Pass) else ladder.bids[a[1]]) for s, a in state.auction]
    high = ladder.bids[state.high] if state.high >= 0 else None
    return Knowledge(rules=k.rules, seat=seat, phase=BIDDING, hand=state.hands[seat],
                     legal=[(a, "") for a in state.legal_actions()], auction=auction,
                     scores=k.scores, high=high,
                     high_bidder=state.high_bidder if high is not None else -1)


def continue_auction(k: Knowledge, hands: list[int], call: Action
                     ) -> tuple[Bid | None, int, int]:
    """The contract the auction ends on when ``k``'s seat makes ``call`` now on the deal
    ``hands`` (``[north, east, south, west, pile]``) and every later call is
    ``normal``'s: (the bid or None when thrown in, its declarer or -1, the calls
    simulated)."""
    rules = k.rules
    ladder = ladder_for(rules)
    state = GameState.from_deal(rules, _dealer(k), list(hands[:4]), hands[PILE], k.scores)
    for seat, bid in k.auction:
        state.apply(PASS_ACTION if bid is None else BID_ACTIONS[ladder.by_code[bid.code]], seat)
    state.apply(call, k.seat)
    calls = 0
    while state.phase == BIDDING and state.to_act >= 0 and calls < MAX_CALLS:
        seat = state.to_act
        state.apply(normal.bid_plan(_bidder_knowledge(k, state, seat), _NO_NOISE), seat)
        calls += 1
    if state.contract is None:
        return None, -1, calls
    return state.contract, state.declarer, calls
