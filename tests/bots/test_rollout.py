"""``hard``'s bidding with the rest of the auction played on (``bots/rollout.py``,
``mc.rollout_values``): R8-R13 through the engine, on crafted deals, deterministic by
seed."""

from __future__ import annotations

import random

from five_hundred.bots import hard, mc
from five_hundred.bots.rollout import continue_auction
from five_hundred.engine.actions import BID_ACTIONS, PASS_ACTION
from five_hundred.engine.bidding import ladder_for
from five_hundred.engine.knowledge import knowledge_of
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import GameState
from five_hundred.engine.views import view_for

from .helpers import crafted

R = PAGAT_AUSTRALIAN
LADDER = ladder_for(R)
# East's hearts: the joker, both bowers, A-K-Q and two side aces (normal opens 7♥ on it)
EAST = ["JK", "JH", "JD", "AH", "KH", "QH", "AS", "AC"]
# North's: five spades to the king-queen and little else
NORTH = ["KS", "QS", "9S", "8S", "7S", "9C", "8D", "7D"]


def _deal(seed: int) -> GameState:
    return crafted(R, seed, {0: NORTH, 1: EAST}, dealer=3)  # North speaks first (R8)


def _hands(state: GameState) -> list[int]:
    return [*state.hands, state.kitty]


def test_after_a_pass_the_other_side_bids_and_plays_its_contract() -> None:
    """R8-R12: North passes first; East, holding the joker, both bowers and A-K-Q of
    hearts, bids hearts by normal's count and the auction ends on East's side."""
    for seed in range(3):
        state = _deal(seed)
        k = knowledge_of(view_for(state, 0), R)
        bid, declarer, calls = continue_auction(k, _hands(state), PASS_ACTION)
        assert bid is not None and declarer in (1, 3), (seed, bid, declarer)
        assert bid.trump == 3 and bid.tricks >= 7, (seed, bid)  # hearts
        assert 3 <= calls <= 12


def test_a_low_opening_is_overcalled() -> None:
    """R10: North's 6♠ is not the end of the auction when East can bid 7♥ over it."""
    state = _deal(0)
    k = knowledge_of(view_for(state, 0), R)
    six_spades = BID_ACTIONS[LADDER.by_code["6S"]]
    bid, declarer, _calls = continue_auction(k, _hands(state), six_spades)
    assert bid is not None and bid.code != "6S"
    assert declarer in (1, 3) and bid.trump == 3, (bid, declarer)


def test_passing_is_worth_what_the_other_side_then_makes() -> None:
    """Passing weighed with the auction played on: East's hearts contract is played out
    (the kitty taken, normal's discard, a double-dummy play-out) and made, so passing
    costs North's side points instead of being worth nothing."""
    state = _deal(0)
    k = knowledge_of(view_for(state, 0), R)
    means, n = mc.rollout_values(k, [(_hands(state), {})], [PASS_ACTION], 0)
    assert n == 1
    assert means[0] < -100, means


def test_hard_chooses_among_pass_and_its_best_bids_by_the_auction_played_on() -> None:
    """``mc.judge_bid``: passing and up to ``ROLLOUT_BIDS`` bids are weighed again on the
    same samples, and the call with the best mean is made; the same seed gives the same
    call and the same figures."""
    state = GameState.new_game(R, 5019)  # a first call weighed between 6♦, 7♦ and 7♠
    k = knowledge_of(view_for(state, state.to_act), R)
    limit = hard.work_limit(0.25)
    j = mc.judge_bid(k, random.Random(1), limit)
    assert j.rolled and j.rolled[0][0] == "pass" and 2 <= len(j.rolled) <= 1 + mc.ROLLOUT_BIDS
    assert j.rolled_samples >= mc.ROLLOUT_MIN_SAMPLES
    best = max(j.rolled, key=lambda o: o[1])[0]
    assert (j.action == PASS_ACTION) == (best == "pass")
    if best != "pass":
        assert j.action == BID_ACTIONS[LADDER.by_code[best]]
    again = mc.judge_bid(k, random.Random(1), limit)
    assert (again.action, again.rolled) == (j.action, j.rolled)
