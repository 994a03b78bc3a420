"""Property tests over random legal games (issue 2 acceptance).

Seeded loops, not hypothesis: each game is dealt from its own seed and played by a
seeded random player, so a failure names the game that broke. Over 1,000 games in all
(R1, R5, R17, R20, R21: cards accounted for, legality is one source of truth).
"""

from __future__ import annotations

import random

import pytest

from five_hundred.engine import PAGAT_AUSTRALIAN, TWO_JOKER_1000, GameState, IllegalAction
from five_hundred.engine.actions import BID, DISCARD, JOKER_NAME, PASS, PLAY
from five_hundred.engine.cards import JOKER, deck

from .helpers import check_cards, random_games, snapshot

R = PAGAT_AUSTRALIAN


def random_action(rng: random.Random, state: GameState) -> tuple[int, ...]:
    """Any action-shaped tuple, legal or not, including malformed ones."""
    cards = deck(state.rules)
    kind = rng.randrange(9)
    if kind == 0:
        return (PASS,)
    if kind == 1:
        return (BID, rng.randrange(-2, len(state.ladder.bids) + 3))
    if kind == 2:
        k = rng.choice((state.rules.kitty_size, state.rules.kitty_size, 2, 4))
        return (DISCARD, *sorted(rng.choice(cards) for _ in range(k)))
    if kind == 3:
        return (JOKER_NAME, rng.randrange(-1, 7))
    if kind == 4:
        return (PLAY, rng.choice(cards))
    if kind == 5:
        return (PLAY, JOKER, rng.randrange(-1, 6))
    if kind == 6:
        return (PLAY, rng.choice(cards), rng.randrange(4))
    if kind == 7:
        return (PLAY, rng.randrange(-3, 70))
    return rng.choice(((), (PLAY,), (BID,), (DISCARD,), (JOKER_NAME,), (7,), (-1, 3),
                       (PLAY, 20, 1, 2), (PASS, 1)))


def check_illegal(rng: random.Random, state: GameState, tries: int) -> int:
    """Random non-legal actions (or legal ones for the wrong seat) are refused with the
    state unchanged. Returns how many were tried."""
    legal = set(state.legal_actions())
    done = 0
    action: tuple[int, ...]
    seat: int | None
    for _ in range(tries):
        if legal and rng.random() < 0.25:
            action = rng.choice(sorted(legal))
            seat = rng.choice([s for s in range(4) if s != state.to_act])
        else:
            action = random_action(rng, state)
            seat = rng.choice((None, state.to_act, rng.randrange(4)))
            if action in legal and seat in (None, state.to_act):
                continue
        before = snapshot(state)
        with pytest.raises(IllegalAction) as info:
            state.apply(action, seat)
        err = info.value
        assert err.rule and err.rule[0] in "RV" and err.reason, err
        assert snapshot(state) == before
        done += 1
    return done


@pytest.mark.parametrize("chunk", range(4))
def test_r1_r20_random_games_cards_legal_illegal(chunk: int) -> None:
    """R1/R17/R20/R21: over 4 x 300 random games: every card accounted for at every
    step, legal_actions() non-empty until the deal ends, the chosen legal action always
    accepted, random illegal actions always refused with the state unchanged."""
    rng = random.Random(1000 + chunk)
    games = 0
    illegal = 0
    for state in random_games(R, 300, seed=chunk + 1):
        check_cards(state)
        if state.deal_over:
            games += 1
            assert state.legal_actions() == () and state.to_act == -1
            illegal += check_illegal(rng, state, 1)
            continue
        assert state.legal_actions()
        assert 0 <= state.to_act < 4 and state.to_act != state.out_seat
        if rng.random() < 0.3:
            illegal += check_illegal(rng, state, 1)
    assert games == 300
    assert illegal > 1000


def test_r21_every_legal_action_is_accepted() -> None:
    """R21 (one source of legality): in 200 random games every action listed by
    legal_actions() is accepted by apply() on a copy."""
    rng = random.Random(7)
    positions = 0
    for state in random_games(R, 200, seed=77):
        if state.deal_over:
            continue
        legal = state.legal_actions()
        sample = legal if len(legal) <= 20 else rng.sample(legal, 20)
        for action in sample:
            c = state.copy()
            c.apply(action, state.to_act)
            assert c.actions[-1] == (state.to_act, action)
            check_cards(c)
        positions += 1
    assert positions > 5000


def test_r13_r7_whole_games_play_to_the_end() -> None:
    """R7/R13/R34: 40 whole random games, dealt deal after deal from the seed, end with
    a winner; the dealer moves left every deal, passed-out deals included."""
    for g in range(40):
        rng = random.Random(g)
        st = GameState.new_game(R, seed=5000 + g)
        deals = 0
        while not st.is_over:
            while not st.deal_over:
                assert st.legal_actions()
                st.apply(rng.choice(st.legal_actions()))
            deals += 1
            assert len(st.results) == deals == len(st.logs)
            if st.is_over:
                break
            dealer = st.dealer
            st.start_next_deal()
            assert st.dealer == (dealer + 1) % 4
            check_cards(st)
            assert deals < 400
        assert st.winner in (0, 1)
        w = st.winner
        assert st.scores[w] >= 500 or st.scores[1 - w] <= -500


def test_v6_random_two_joker_deals_cards_accounted() -> None:
    """V6: 200 random two-joker deals keep all 46 cards accounted for; illegal actions
    are refused with the state unchanged."""
    rng = random.Random(3)
    n = 0
    for state in random_games(TWO_JOKER_1000, 200, seed=9):
        check_cards(state)
        if not state.deal_over:
            assert state.legal_actions()
            if rng.random() < 0.2:
                n += check_illegal(rng, state, 1)
    assert n > 100
