"""Builders and checks shared by the engine tests.

``deal_from_text`` makes a ``GameState`` from readable hands; ``run`` applies action
texts for whoever is to act; ``assert_illegal`` checks that an action is rejected with
the right rule id, in plain words, and that the state is left exactly as it was.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from five_hundred.engine import (
    DISCARD_PHASE,
    JOKER_PHASE,
    PAGAT_AUSTRALIAN,
    PLAYING,
    GameState,
    IllegalAction,
    Phase,
    RuleSet,
)
from five_hundred.engine.actions import BID, PASS_ACTION, Action, MakeBid
from five_hundred.engine.cards import card_str, cards_of, deck, mask_of, parse_card

N, E, S, W = 0, 1, 2, 3


def cards(text: str, rules: RuleSet = PAGAT_AUSTRALIAN) -> list[int]:
    return [parse_card(t, rules) for t in text.split()]


def mask(text: str, rules: RuleSet = PAGAT_AUSTRALIAN) -> int:
    return mask_of(cards(text, rules))


def codes(m: int) -> set[str]:
    return {card_str(c) for c in cards_of(m)}


def deal_from_text(hands: Sequence[str], kitty: str = "", dealer: int = 0,
                   rules: RuleSet = PAGAT_AUSTRALIAN,
                   start_scores: tuple[int, int] = (0, 0)) -> GameState:
    """A game whose first deal has the given cards.

    Hands (North, East, South, West) and the kitty may be given partly: the cards
    nobody was given fill them up to the rule set's sizes, lowest card id first, each
    hand in turn and the kitty last. Every card of the deck is dealt exactly once.
    """
    assert len(hands) == 4
    masks = [mask(h, rules) for h in hands]
    kitty_mask = mask(kitty, rules)
    given = [*masks, kitty_mask]
    seen = 0
    for m in given:
        assert not seen & m, "a card is given twice"
        seen |= m
    rest = [c for c in deck(rules) if not (seen >> c) & 1]
    sizes = [rules.hand_size] * 4 + [rules.kitty_size]
    for i in range(5):
        while given[i].bit_count() < sizes[i]:
            given[i] |= 1 << rest.pop(0)
        assert given[i].bit_count() == sizes[i], f"too many cards for slot {i}"
    assert not rest
    return GameState.from_deal(rules, dealer, given[:4], given[4], start_scores)


def phase_of(state: GameState) -> Phase:
    """``state.phase``, read afresh: mypy keeps an attribute narrowed by an earlier
    check (``assert state.phase == DISCARD_PHASE``) across the calls that change it,
    so a check after ``apply`` reads the phase through this."""
    return state.phase


def run(state: GameState, *texts: str) -> GameState:
    """Apply action texts in turn, each for the seat to act."""
    for text in texts:
        state.apply_text(text, state.to_act)
    return state


def start_play(hands: Sequence[str], kitty: str, declarer: int, bid: str,
               discard: str | None = None, joker: str | None = None,
               rules: RuleSet = PAGAT_AUSTRALIAN, opening: str | None = None,
               start_scores: tuple[int, int] = (0, 0)) -> GameState:
    """Deal, let ``declarer`` win the auction with ``bid`` and exchange (by default
    discarding the kitty itself), naming the joker if asked, ready for the lead.

    For a misère bid the seat before the declarer opens with ``opening`` (7S unless
    the rules allow misère without a seven)."""
    first = (declarer - 1) & 3 if bid == "MIS" else declarer
    state = deal_from_text(hands, kitty, dealer=(first - 1) & 3, rules=rules,
                           start_scores=start_scores)
    if first != declarer:
        run(state, f"bid {opening or '7S'}", f"bid {bid}", "pass", "pass", "pass")
    else:
        run(state, f"bid {bid}", "pass", "pass", "pass")
    assert state.phase == DISCARD_PHASE and state.declarer == declarer
    if discard is None:
        discard = " ".join(card_str(c) for c in cards_of(state.kitty))
    run(state, f"discard {discard}")
    if phase_of(state) == JOKER_PHASE:
        run(state, f"joker {joker or 'none'}")
    else:
        assert joker is None, "the joker phase did not happen"
    assert phase_of(state) == PLAYING
    return state


def snapshot(state: GameState) -> dict[str, Any]:
    """Everything readable about a state, to compare before and after a rejection."""
    return {
        "phase": state.phase, "to_act": state.to_act, "dealer": state.dealer,
        "deal_index": state.deal_index, "hands": tuple(state.hands),
        "kitty": state.kitty, "discards": state.discards,
        "actions": tuple(state.actions), "auction": tuple(state.auction),
        "passed": state.passed, "high": state.high, "high_bidder": state.high_bidder,
        "had_turn": state.had_turn, "contract": state.contract,
        "declarer": state.declarer, "out_seat": state.out_seat,
        "exposed": state.exposed, "joker_named": state.joker_named,
        "trick": tuple(state.trick), "led": state.led, "trick_no": state.trick_no,
        "tricks_won": tuple(state.tricks_won), "tricks": tuple(state.tricks),
        "suits_led": state.suits_led, "scores": tuple(state.scores),
        "results": tuple(state.results), "logs": tuple(state.logs),
        "winner": state.winner, "legal": state.legal_actions(),
    }


_PLAIN = re.compile(r"^[\w♠♣♦♥][^\[\]{}<>_]*\(([RV]\d+)\)$")


def assert_illegal(state: GameState, action: str | tuple[int, ...], rule: str,
                   seat: int | None = None, words: str | None = None) -> IllegalAction:
    """``action`` is rejected with ``rule`` in plain words, the state unchanged."""
    before = snapshot(state)
    act = state.parse(action) if isinstance(action, str) else action
    with pytest.raises(IllegalAction) as info:
        state.apply(act, seat)
    err = info.value
    assert err.rule == rule, f"rule {err.rule} ({err.reason}), expected {rule}"
    assert _PLAIN.match(str(err)), f"not a plain sentence: {err}"
    assert err.reason and not re.search(r"\(\d+,|\d+\)", err.reason), err.reason
    if words is not None:
        assert words in str(err), str(err)
    assert snapshot(state) == before
    return err


def played_mask(state: GameState) -> int:
    m = 0
    for plays, _, _ in state.tricks:
        for _, c in plays:
            m |= 1 << c
    for _, c in state.trick:
        m |= 1 << c
    return m


def check_cards(state: GameState) -> None:
    """Hands + kitty (or discards) + played cards = the deck, each card once (R1)."""
    full = mask_of(deck(state.rules))
    pile = state.kitty if state.contract is None else state.discards
    parts = [*state.hands, pile, played_mask(state)]
    total = sum(p.bit_count() for p in parts)
    union = 0
    for p in parts:
        union |= p
    assert union == full and total == len(deck(state.rules)), "cards lost or doubled"
    if state.phase == PLAYING:
        for seat in range(4):
            if seat == state.out_seat:
                assert state.hands[seat].bit_count() == state.rules.hand_size
                continue
            played = sum(1 for plays, _, _ in state.tricks for s, _ in plays if s == seat)
            played += sum(1 for s, _ in state.trick if s == seat)
            assert state.hands[seat].bit_count() == state.rules.hand_size - played


def random_games(rules: RuleSet, games: int, seed: int,
                 start_scores: tuple[int, int] = (0, 0)) -> Iterator[GameState]:
    """Play ``games`` random legal deals (one deal per game, each its own seed) and
    yield the state before every action; the caller may inspect it."""
    rng = random.Random(seed)
    for g in range(games):
        state = GameState.new_game(rules, seed=seed * 100_000 + g, start_scores=start_scores)
        while not state.deal_over:
            yield state
            state.apply(rng.choice(state.legal_actions()))
        yield state


def steer_bid(st: GameState, target: int, rng: random.Random) -> Action:
    """Steer the auction to the ladder bid ``target`` (a 7 first for misère, R14): the
    bid when it is legal, else a pass (for benchmarks and tests that want a contract)."""
    from five_hundred.engine.bidding import MISERE

    legal = st.legal_actions()
    bids = st.ladder.bids
    if st.high == target:
        return PASS_ACTION
    if (BID, target) in legal:
        return MakeBid(BID, target)
    if bids[target].kind == MISERE and st.high < 0:
        sevens = [a for a in legal if isinstance(a, MakeBid)
                  and bids[a.ladder_index].tricks == 7
                  and not bids[a.ladder_index].is_misere]
        if sevens:
            return rng.choice(sevens)
    return PASS_ACTION
