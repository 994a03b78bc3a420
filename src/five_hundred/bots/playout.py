"""Greedy double-dummy play-outs: a fast stand-in for solving a whole deal.

With every hand known (a sampled deal set up in a ``Solver``), each seat plays by a
simple policy (win cheaply or play low; the misère declarer ducks) until
``ENDING_TRICKS`` remain, whose value the solver gives exactly. ``hard`` plays its
candidate cards out this way early in the deal and ``mc`` judges bids and discards by
it, so it belongs to neither.
"""

from __future__ import annotations

from five_hundred.engine.cards import SUITLESS
from five_hundred.engine.play import LED_BIT, led_of, winner, winning

from .solver import Solver

ENDING_TRICKS = 3  # play-outs hand over to the exact solver at this many tricks left


def greedy_move(sv: Solver, seat: int, trick: list[tuple[int, int]], led: int,
                 tricks_left: int) -> int:
    """A fast full-information policy for play-outs: win cheaply or play low."""
    sv.nodes += 1  # one unit of work, like a solver node
    moves = sv.legal_moves(seat, trick, led, tricks_left)
    if len(moves) == 1:
        return moves[0]
    strength = sv.ctx.strength
    if not trick:
        plain = [m for m in moves if m < 256 and sv.eff[m] != SUITLESS]
        if not plain:
            return moves[0]
        if sv.misere:
            return min(plain, key=lambda m: strength[m])
        live = sv.hands[0] | sv.hands[1] | sv.hands[2] | sv.hands[3]
        tops = []
        for m in plain:
            e = sv.eff[m]
            if all(strength[d] <= strength[m] for d in sv.order[e] if (live >> d) & 1):
                tops.append(m)
        if tops and not sv.misere:
            return max(tops, key=lambda m: strength[m])
        return min(plain, key=lambda m: strength[m])
    row = sv.score[led]
    best_seat, best = winning(row, trick)
    if sv.misere and seat == sv.declarer:
        losers = [m for m in moves if row[m] < best]
        if losers:
            return max(losers, key=lambda m: row[m] * 100 + strength[m])
        return max(moves, key=lambda m: strength[m])
    if sv.misere:
        return min(moves, key=lambda m: row[m] * 100 + strength[m])
    if sv.max_side[best_seat] == sv.max_side[seat]:
        return min(moves, key=lambda m: (row[m] > 0, row[m], strength[m]))
    winners = [m for m in moves if row[m] > best]
    if winners:
        return min(winners, key=lambda m: row[m])
    return min(moves, key=lambda m: (row[m] > 0, strength[m] if row[m] else 100 + strength[m]))


def playout(sv: Solver, seat: int, trick: list[tuple[int, int]], led: int,
             tricks_left: int) -> int:
    """Greedy play until ``ENDING_TRICKS`` remain, then the exact value of the ending.
    Mutates the solver's hands (callers set them up again per sample)."""
    gained = 0
    nplayers = 3 if sv.out_seat >= 0 else 4
    trick = list(trick)
    while True:
        if not trick and tricks_left <= ENDING_TRICKS:
            return gained + sv.value(seat, [], -1, tricks_left)
        mv = greedy_move(sv, seat, trick, led, tricks_left)
        card = mv & 255
        sv.hands[seat] &= ~(1 << card)
        if not trick:
            led = led_of(sv.kernel, card, (mv >> 8) - 1)
            sv.suits_led |= LED_BIT[led]
        trick.append((seat, card))
        if len(trick) < nplayers:
            seat = sv.next_seat[seat]
            continue
        row = sv.score[led]
        w = winner(row, trick)
        if sv.misere:
            if w == sv.declarer:
                return 1
        elif sv.max_side[w]:
            gained += 1
        tricks_left -= 1
        if tricks_left == 0:
            return gained
        trick = []
        seat = w
