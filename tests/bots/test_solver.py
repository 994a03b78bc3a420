"""The double-dummy solver against brute-force minimax on small random positions
(suit contracts R2/R20/R21, NT with and without a named joker R23-R26, misère R18/R33)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from five_hundred.bots.solver import Solver
from five_hundred.engine.cards import (
    JOKER,
    NO_TRUMPS,
    SUITLESS,
    PlayContext,
    deck,
    play_context,
)
from five_hundred.engine.play import trick_winner
from five_hundred.engine.rules import PAGAT_AUSTRALIAN, TWO_JOKER_1000, RuleSet


def _legal(rules: RuleSet, ctx: PlayContext, hand: int, trick: list[tuple[int, int]],
           led: int, suits_led: int, tricks_left: int, misere: bool) -> list[tuple[int, int]]:
    """(card, led suit if leading) pairs, written independently of the solver."""
    cards = [c for c in range(64) if (hand >> c) & 1]
    if trick:
        follow = [c for c in cards if ctx.eff_suit[c] == led]
        if follow:
            return [(c, led) for c in follow]
        if misere and ctx.suitless_joker and JOKER in cards:
            return [(JOKER, led)]  # R25: compulsory in misère
        return [(c, led) for c in cards]
    out: list[tuple[int, int]] = []
    for c in cards:
        if c == JOKER and ctx.suitless_joker:
            unled = [s for s in range(4) if not (suits_led >> s) & 1]
            if rules.joker_lead_last_trick_only:
                unled = [0, 1, 2, 3] if tricks_left == 1 else []
            elif not unled and tricks_left == 1:
                unled = [0, 1, 2, 3]
            out.extend((c, s) for s in unled)  # R26
        else:
            out.append((c, ctx.eff_suit[c]))
    return out


def brute(rules: RuleSet, ctx: PlayContext, hands: list[int], seat: int,
          trick: list[tuple[int, int]], led: int, suits_led: int, tricks_left: int,
          declarer: int, misere: bool, out: int) -> int:
    n = 3 if out >= 0 else 4
    side: Callable[[int], bool] = (
        (lambda s: s != declarer) if misere else (lambda s: (s - declarer) % 2 == 0))
    vals = []
    for card, new_led in _legal(rules, ctx, hands[seat], trick, led, suits_led,
                                tricks_left, misere):
        h = list(hands)
        h[seat] &= ~(1 << card)
        t = [*trick, (seat, card)]
        sl = suits_led | (1 << new_led if not trick and 0 <= new_led < 4 else 0)
        if len(t) == n:
            w = trick_winner(ctx, t, new_led)
            if misere:
                if w == declarer:
                    v = 1
                else:
                    v = 0 if tricks_left == 1 else brute(rules, ctx, h, w, [], -1, sl,
                                                         tricks_left - 1, declarer, misere,
                                                         out)
            else:
                v = int(side(w)) + (0 if tricks_left == 1 else brute(
                    rules, ctx, h, w, [], -1, sl, tricks_left - 1, declarer, misere, out))
        else:
            nxt = (seat + 1) & 3
            if nxt == out:
                nxt = (nxt + 1) & 3
            v = brute(rules, ctx, h, nxt, t, new_led, sl, tricks_left, declarer, misere, out)
        vals.append(v)
    return max(vals) if side(seat) else min(vals)


KINDS = ["suit", "nt", "nt_named", "misere", "suit_2j", "nt_2j", "v3_nt"]


def _position(kind: str, rng: random.Random):  # type: ignore[no-untyped-def]
    rules = PAGAT_AUSTRALIAN
    if kind.endswith("2j"):
        rules = TWO_JOKER_1000
    if kind == "v3_nt":
        rules = PAGAT_AUSTRALIAN.model_copy(update={"joker_lead_last_trick_only": True})
    misere = kind == "misere"
    if kind.startswith("suit"):
        ctx = play_context(rules, rng.randrange(4))
    elif kind == "nt_named":
        ctx = play_context(rules, NO_TRUMPS, rng.randrange(4))
    else:
        ctx = play_context(rules, NO_TRUMPS, SUITLESS)
    declarer = rng.randrange(4)
    out = (declarer + 2) & 3 if misere else -1
    tricks = rng.choice((1, 2, 2, 3))
    cards = list(deck(rules))
    rng.shuffle(cards)
    if rng.random() < 0.6 and JOKER in cards:  # make the joker common in positions
        cards.remove(JOKER)
        cards.insert(len(cards) - rng.randrange(8), JOKER)
    hands = [0, 0, 0, 0]
    seats = [s for s in range(4) if s != out]
    for s in seats:
        for _ in range(tricks):
            hands[s] |= 1 << cards.pop()
    suits_led = rng.randrange(16)
    leader = rng.choice(seats)
    # Sometimes start mid-trick: the leader and maybe one more have played already.
    trick: list[tuple[int, int]] = []
    led = -1
    return rules, ctx, hands, leader, trick, led, suits_led, tricks, declarer, misere, out


@pytest.mark.parametrize("kind", KINDS)
def test_solver_matches_brute_force(kind: str) -> None:
    """R20-R26, R33: solver values equal brute-force minimax (80 positions per kind)."""
    rng = random.Random(f"solver:{kind}")
    checked = with_joker = 0
    while checked < 80:
        (rules, ctx, hands, leader, trick, led, suits_led, tricks, declarer, misere,
         out) = _position(kind, rng)
        # Optionally play the first card(s) of the trick at random (legal) to start mid-trick.
        seat = leader
        for _ in range(rng.randrange(3 if out < 0 else 2)):
            opts = _legal(rules, ctx, hands[seat], trick, led, suits_led, tricks, misere)
            card, new_led = rng.choice(opts)
            if not trick:
                led = new_led
                if 0 <= led < 4:
                    suits_led |= 1 << led
            hands[seat] &= ~(1 << card)
            trick.append((seat, card))
            seat = (seat + 1) & 3
            if seat == out:
                seat = (seat + 1) & 3
        if any((h >> JOKER) & 1 for h in hands) or any(c == JOKER for _, c in trick):
            with_joker += 1
        expected = brute(rules, ctx, hands, seat, trick, led, suits_led, tricks, declarer,
                         misere, out)
        sv = Solver(rules, ctx, declarer, misere, out)
        sv.setup(hands, suits_led)
        assert sv.value(seat, trick, led, tricks) == expected, (kind, hands, trick)
        # Per-move values agree with brute force after each legal move too.
        sv2 = Solver(rules, ctx, declarer, misere, out)
        sv2.setup(hands, suits_led)
        moves = sv2.legal_moves(seat, trick, led, tricks)
        vals = sv2.move_values(seat, trick, led, tricks, moves)
        best = max(vals) if sv2.max_side[seat] else min(vals)
        assert best == expected
        checked += 1
    assert with_joker >= 20  # the joker rules are exercised


@pytest.mark.parametrize("kind", ["suit", "nt", "misere", "v3_nt"])
def test_move_reaches_is_the_value_question(kind: str) -> None:
    """R20-R26, R33: ``move_reaches(move, need)`` (one null-window search, hard's PIMC
    question) says whether brute force gives the move a value of at least ``need``,
    for every legal move and every ``need``."""
    rng = random.Random(f"reaches:{kind}")
    questions = yes = 0
    for _ in range(40):
        (rules, ctx, hands, seat, trick, led, suits_led, tricks, declarer, misere,
         out) = _position(kind, rng)
        sv = Solver(rules, ctx, declarer, misere, out)
        sv.setup(hands, suits_led)
        for mv in sv.legal_moves(seat, trick, led, tricks):
            card, name = mv & 255, (mv >> 8) - 1
            h = list(hands)
            h[seat] &= ~(1 << card)
            new_led = name if card == JOKER and name >= 0 else ctx.eff_suit[card]
            sl = suits_led | (1 << new_led if 0 <= new_led < 4 else 0)
            nxt = (seat + 1) & 3
            if nxt == out:
                nxt = (nxt + 1) & 3
            value = brute(rules, ctx, h, nxt, [(seat, card)], new_led, sl, tricks, declarer,
                          misere, out)
            for need in range(1, (1 if misere else tricks) + 1):
                got = sv.move_reaches(seat, trick, led, tricks, mv, need)
                assert got == (value >= need), (kind, hands, mv, need)
                questions += 1
                yes += got
    assert questions > 60 and 0 < yes < questions


def test_search_past_its_node_limit_aborts_cleanly() -> None:
    """A whole deal (10 tricks, hearts): with a node limit the search raises
    ``SearchAborted``; after ``setup`` the same solver, limit lifted, gives the value a
    fresh solver gives."""
    from five_hundred.bots.solver import SearchAborted

    rules = PAGAT_AUSTRALIAN
    ctx = play_context(rules, 3)
    cards = list(deck(rules))
    random.Random(7).shuffle(cards)
    hands = [0, 0, 0, 0]
    for i, c in enumerate(cards[:40]):
        hands[i % 4] |= 1 << c
    sv = Solver(rules, ctx, 0, False)
    sv.setup(hands, 0)
    sv.node_limit = 200
    with pytest.raises(SearchAborted):
        sv.value(1, [], -1, 10)
    assert sv.nodes > 200
    sv.node_limit = 1 << 62
    sv.setup(hands, 0)
    fresh = Solver(rules, ctx, 0, False)
    fresh.setup(hands, 0)
    assert sv.value(1, [], -1, 10) == fresh.value(1, [], -1, 10)
