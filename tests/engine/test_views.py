"""What a seat may know (views), checked over random games (R6, R17, R22)."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from pydantic import ValidationError

from five_hundred.engine import (
    DISCARD_PHASE,
    JOKER_PHASE,
    PAGAT_AUSTRALIAN,
    TWO_JOKER_1000,
    GameState,
    RuleSet,
    public_view,
    view_for,
)
from five_hundred.engine.cards import card_str, cards_of, parse_card

from .helpers import N, S, W, codes, random_games, start_play

R = PAGAT_AUSTRALIAN

# Keys whose strings are bids, labels or prose, not cards ("7H" is a bid there).
NOT_CARDS = {"auction", "high_bid", "contract", "contract_label", "reasons", "win_reason",
             "rules", "trump", "joker_suit", "led", "suits_led", "phase", "bid"}


def visible_cards(data: Any, rules: RuleSet, key: str = "") -> set[str]:
    """Every card named by any string of a dumped view (outside bid/label fields)."""
    out: set[str] = set()
    if key in NOT_CARDS:
        return out
    if isinstance(data, dict):
        for k, v in data.items():
            out |= visible_cards(v, rules, k)
    elif isinstance(data, list | tuple):
        for v in data:
            out |= visible_cards(v, rules, key)
    elif isinstance(data, str):
        if key in ("legal_actions", "text") and data.startswith("bid "):
            return out
        for word in data.split():
            with contextlib.suppress(ValueError):
                out.add(card_str(parse_card(word, rules)))
    return out


def allowed_cards(state: GameState, seat: int) -> set[str]:
    allowed = codes(state.hands[seat]) if not state.deal_over else set()
    for plays, _, _ in state.tricks:
        allowed |= {card_str(c) for _, c in plays}
    allowed |= {card_str(c) for _, c in state.trick}
    if state.exposed:
        allowed |= codes(state.hands[state.declarer])
    if state.contract is not None and seat == state.declarer:
        allowed |= codes(state.discards)
        if state.phase == DISCARD_PHASE:
            allowed |= codes(state.kitty)
    return allowed


def check_views(state: GameState, seats: tuple[int, ...] = (0, 1, 2, 3)) -> None:
    for seat in seats:
        v = view_for(state, seat)
        seen = visible_cards(v.model_dump(), state.rules)
        extra = seen - allowed_cards(state, seat)
        assert not extra, f"seat {seat} sees {sorted(extra)} in phase {state.phase}"
        hidden = set()
        for other in range(4):
            if other != seat and not (state.exposed and other == state.declarer):
                hidden |= codes(state.hands[other])
        if state.contract is None:
            hidden |= codes(state.kitty)  # R6
        elif seat != state.declarer:
            # R17: the kitty went into the declarer's hand (covered above) and the
            # discard is never shown
            hidden |= codes(state.discards)
        assert not hidden & seen
        assert set(v.legal_actions) == ({state.text(a) for a in state.legal_actions()}
                                        if seat == state.to_act else set())
    pub = visible_cards(public_view(state).model_dump(), state.rules)
    assert pub <= allowed_cards(state, -1) | (codes(state.hands[state.declarer])
                                              if state.exposed else set())


@pytest.mark.parametrize("chunk", range(4))
def test_r6_r17_views_over_200_random_games(chunk: int) -> None:
    """R6/R17/R22 over 200 random legal games (4 chunks of 50; the suite ran 1,000
    until its time ran short, then 280; benchmarks/views_check.py runs 1,000): at
    every step, the view of the seat to act and of one other seat (rotating) shows no
    hidden card."""
    steps = 0
    for state in random_games(R, 50, 400 + chunk):
        seats = (state.to_act, steps % 4) if state.to_act >= 0 else (steps % 4,)
        check_views(state, seats)
        steps += 1
    assert steps > 50 * 10


@pytest.mark.parametrize(("rules", "games", "seed"), [(R, 50, 31), (TWO_JOKER_1000, 8, 32)])
def test_r6_r17_views_never_show_hidden_cards(rules: RuleSet, games: int, seed: int) -> None:
    """R6/R17/R22: at every step of random games, no seat's view (any string field of
    the dumped model) names a card of another seat's hidden hand or of the kitty, except
    the declarer's own exchange and the exposed open-misère hand."""
    steps = 0
    for state in random_games(rules, games, seed):
        check_views(state)
        steps += 1
    assert steps > games * 10


def test_r22_views_over_open_misere_games() -> None:
    """R22: in open misère every seat sees the declarer's hand after the first trick,
    and nothing else of other hands."""
    hands = ["", "", "JK AS AC AD AH 5S 6S 7S 5C 6C", ""]
    for seed in range(10):
        st = start_play(hands, "", S, "OMIS")
        rng = random.Random(seed)
        while True:
            check_views(st)
            if st.deal_over:
                break
            st.apply(rng.choice(st.legal_actions()))
        assert st.exposed == (len(st.tricks) >= 1)


def test_r17_kitty_only_for_declarer_during_exchange() -> None:
    """R17: the kitty is shown to the declarer during the exchange only; the discard
    only to the declarer."""
    st = GameState.new_game(R, seed=4)
    declarer = st.to_act
    st.apply_text("bid 6NT", declarer)
    for _ in range(3):
        st.apply_text("pass")
    kitty = tuple(card_str(c) for c in cards_of(st.kitty))
    assert view_for(st, declarer).kitty == kitty
    assert all(view_for(st, s).kitty is None for s in range(4) if s != declarer)
    st.apply(st.legal_actions()[0])
    if st.phase == JOKER_PHASE:
        st.apply_text("joker none")
    assert view_for(st, declarer).kitty is None
    assert view_for(st, declarer).discards is not None
    assert all(view_for(st, s).discards is None for s in range(4) if s != declarer)


def test_views_are_frozen_and_hand_sorted_trumps_last() -> None:
    """R2: a seat's hand is shown by suit with the trumps (bowers and joker) last;
    views are frozen."""
    st = start_play(["JK JD 5S AH 5C 4D KH JH 7S 8C", "", "", ""], "", N, "7H")
    v = view_for(st, N)
    assert v.hand[-5:] == ("KH", "AH", "JD", "JH", "JK")
    with pytest.raises(ValidationError):
        v.seat = 2
    with pytest.raises(ValidationError):
        v.public.scores = (1, 1)
    assert v.to_act and not view_for(st, W).to_act
