"""Perft-style agreement: the solver's and the play-outs' moves are the engine's.

Random legal games are steered to every kind of contract (suit, NT with the joker
named and left suitless, misère, open misère) under the default rules and V3, and to
suit and NT contracts in the two-joker game (V6, which has no misère). At every
position of the card play the move lists of the solver (``legal_moves``, and the
merged search moves), the play-outs' greedy choice and the rule kernel's filters are
compared with ``GameState.legal_actions()``.
"""

from __future__ import annotations

import random

from five_hundred.bots.playout import greedy_move
from five_hundred.bots.solver import Solver
from five_hundred.engine import BIDDING, JOKER_PHASE, PLAYING
from five_hundred.engine.actions import JOKER_NAME, JOKER_NONE, PLAY, Action, JokerLead, Play
from five_hundred.engine.bidding import MISERE, OPEN_MISERE
from five_hundred.engine.cards import JOKER, NO_TRUMPS, SUITLESS, cards_of
from five_hundred.engine.play import play_filters
from five_hundred.engine.rules import PAGAT_AUSTRALIAN, TWO_JOKER_1000, RuleSet
from five_hundred.engine.state import GameState
from tests.engine.helpers import steer_bid

V3 = PAGAT_AUSTRALIAN.model_copy(update={"joker_lead_last_trick_only": True})
DEALS = 240  # per rule set: about 9,000 play positions (6,500 in the two-joker game)


def _move(action: Action) -> int:
    """An engine play action as a solver move."""
    if isinstance(action, JokerLead):
        return JOKER | ((action.suit + 1) << 8)
    assert isinstance(action, Play)
    return action.card


def _kind(st: GameState) -> str:
    bid = st.contract
    assert bid is not None
    if bid.kind == OPEN_MISERE:
        return "open-misere"
    if bid.kind == MISERE:
        return "misere"
    if bid.trump != NO_TRUMPS:
        return "suit"
    if st.rules.jokers >= 2:
        return "nt-two-jokers"
    return "nt-named" if st.joker_named != SUITLESS else "nt-suitless"


def _check_position(st: GameState, sv: Solver, rng: random.Random) -> None:
    seat = st.to_act
    legal = st.legal_actions()
    engine = {_move(a) for a in legal}
    tricks_left = 10 - st.trick_no
    sv.setup(list(st.hands), st.suits_led)
    trick = list(st.trick)
    # The solver's full list and the play-outs' choice.
    solver = sv.legal_moves(seat, trick, st.led, tricks_left)
    assert len(solver) == len(set(solver))
    assert set(solver) == engine, (st.ctx, st.trick, st.hands[seat])
    assert greedy_move(sv, seat, trick, st.led, tricks_left) in engine
    # The search's merged moves: legal, every joker naming, every effective suit held.
    merged = sv._moves(seat, trick, st.led, tricks_left)
    assert set(merged) <= engine
    names = {m for m in engine if m > 255}
    assert names <= set(merged)
    eff = st.ctx.eff_suit
    assert {eff[m] for m in engine if m < 256} == {eff[m] for m in merged if m < 256}
    # The kernel's filters remove exactly what is illegal, each by one rule.
    hand = st.hands[seat]
    filters = play_filters(st.kernel, hand, not trick, st.led, tricks_left, st.suits_led)
    cut = 0
    for f in filters:
        assert not cut & f.cards
        cut |= f.cards
    plain = {m for m in engine if m < 256}
    playable = hand if trick else hand & ~st.kernel.suitless_bit  # led plainly
    for c in cards_of(playable):
        assert ((cut >> c) & 1) == (c not in plain)
    if cut and rng.random() < 0.2:
        c = next(c for c in range(64) if (cut >> c) & 1)
        rule = next(f.rule for f in filters if (f.cards >> c) & 1)
        assert st.explain((PLAY, c))[1] == rule
    if not trick and hand & st.kernel.suitless_bit:
        for f in filters:
            for s in range(4):
                if (f.names >> s) & 1:
                    assert JOKER | ((s + 1) << 8) not in engine
                    assert st.explain((PLAY, JOKER, s))[1] == f.rule
        cut_names = {s for f in filters for s in range(4) if (f.names >> s) & 1}
        assert cut_names | {(m >> 8) - 1 for m in names} == {0, 1, 2, 3}


def _perft(rules: RuleSet, seed: int) -> tuple[int, set[str]]:
    rng = random.Random(seed)
    positions = 0
    kinds: set[str] = set()
    for deal in range(DEALS):
        st = GameState.new_game(rules, seed * 100_003 + deal)
        nbids = len(st.ladder.bids)
        target = rng.randrange(nbids)
        sv: Solver | None = None
        while st.to_act >= 0:
            phase = st.phase
            if phase == BIDDING:
                st.apply(steer_bid(st, target, rng))
                continue
            if phase == JOKER_PHASE:
                st.apply((JOKER_NAME, rng.choice((0, 1, 2, 3, JOKER_NONE, JOKER_NONE))))
                continue
            if phase != PLAYING:
                legal = st.legal_actions()
                st.apply(legal[rng.randrange(len(legal))])
                continue
            if sv is None:
                bid = st.contract
                assert bid is not None
                sv = Solver(rules, st.ctx, st.declarer, bid.is_misere, st.out_seat)
                kinds.add(_kind(st))
            _check_position(st, sv, rng)
            positions += 1
            legal = st.legal_actions()
            # Lead the joker more often than uniform play would, to reach R26 and V3.
            leads = [a for a in legal if len(a) == 3]
            st.apply(rng.choice(leads) if leads and rng.random() < 0.3
                     else legal[rng.randrange(len(legal))])
    return positions, kinds


def test_perft_solver_and_playouts_match_engine_default_rules() -> None:
    positions, kinds = _perft(PAGAT_AUSTRALIAN, 1)
    assert positions > 5000
    assert kinds >= {"suit", "nt-named", "nt-suitless", "misere", "open-misere"}


def test_perft_solver_and_playouts_match_engine_v3() -> None:
    positions, kinds = _perft(V3, 2)
    assert positions > 5000
    assert kinds >= {"suit", "nt-named", "nt-suitless", "misere", "open-misere"}


def test_perft_solver_and_playouts_match_engine_v6_two_jokers() -> None:
    positions, kinds = _perft(TWO_JOKER_1000, 3)
    assert positions > 5000
    assert kinds >= {"suit", "nt-two-jokers"}  # the preset has no misère bids
