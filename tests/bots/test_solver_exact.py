"""The exact double-dummy solver against plain minimax, on positions of random games.

Seeded random games are steered to each contract kind — a suit, NT with the joker
named (R23) and suitless (R24-R26), misère (R18, R25, R33) — and to the variants of
the rules that change the card play: V3 (the suitless joker led only to the last
trick), misère without the compulsory joker (``misere_joker_compulsory``) and the
two-joker game (V6). The games are played at random; from the last tricks of each
deal, at trick starts and in mid-trick, positions are taken and solved both by the
solver and by a memoised minimax written on the rule kernel (legal plays, trick
winner), with no bounds, ordering or merging. Values and per-move values must agree.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from five_hundred.bots.solver import Solver
from five_hundred.engine import BIDDING, DISCARD_PHASE, JOKER_PHASE, PLAYING
from five_hundred.engine.actions import DISCARD, JOKER_NAME, JOKER_NONE
from five_hundred.engine.bidding import MISERE, SUIT_BID
from five_hundred.engine.cards import JOKER, NO_TRUMPS, SUITLESS, cards_of
from five_hundred.engine.play import Kernel, led_of, legal_plays, winner
from five_hundred.engine.rules import PAGAT_AUSTRALIAN, TWO_JOKER_1000, RuleSet
from five_hundred.engine.state import GameState
from tests.engine.helpers import phase_of, steer_bid

V3 = PAGAT_AUSTRALIAN.model_copy(update={"joker_lead_last_trick_only": True})
FREE_JOKER = PAGAT_AUSTRALIAN.model_copy(update={"misere_joker_compulsory": False})
POSITIONS = 500  # per kind
MAX_TRICKS = 3  # positions are taken with at most this many tricks left
BRANCHES = 3  # random continuations of each deal from there

# kind: (rules, contract: "suit" / "nt" / "misere", joker named when the declarer
# holds it)
KINDS: dict[str, tuple[RuleSet, str, bool]] = {
    "suit": (PAGAT_AUSTRALIAN, "suit", False),
    "nt-named": (PAGAT_AUSTRALIAN, "nt", True),
    "nt-suitless": (PAGAT_AUSTRALIAN, "nt", False),
    "misere": (PAGAT_AUSTRALIAN, "misere", False),
    "misere-named": (PAGAT_AUSTRALIAN, "misere", True),
    "v3-nt-suitless": (V3, "nt", False),
    "v3-misere": (V3, "misere", False),
    "free-joker-misere": (FREE_JOKER, "misere", False),
    "v6-suit": (TWO_JOKER_1000, "suit", False),
    "v6-nt": (TWO_JOKER_1000, "nt", False),
}


@dataclass
class Position:
    """A position of the card play, as the solver takes it."""

    hands: list[int]
    to_act: int
    trick: list[tuple[int, int]]
    led: int
    suits_led: int
    tricks_left: int


# ---------------------------------------------------------------- the oracle


class Minimax:
    """Plain minimax over every legal play (memoised on the exact position): the
    declaring side's tricks from here, or in misère 1 if the declarer must win one."""

    def __init__(self, kernel: Kernel, declarer: int, misere: bool, out_seat: int) -> None:
        self.k = kernel
        self.declarer = declarer
        self.misere = misere
        self.nplayers = 3 if out_seat >= 0 else 4
        self.next = [(s + 1) & 3 if (s + 1) & 3 != out_seat else (s + 2) & 3
                     for s in range(4)]
        if misere:
            self.maxing = [s != declarer for s in range(4)]
            self.counts = [int(s == declarer) for s in range(4)]
        else:
            self.maxing = [(s - declarer) % 2 == 0 for s in range(4)]
            self.counts = [int(m) for m in self.maxing]
        self.memo: dict[tuple[object, ...], int] = {}

    def value(self, p: Position) -> int:
        return self._value(tuple(p.hands), p.to_act, tuple(p.trick), p.led, p.suits_led,
                           p.tricks_left)

    def move_value(self, p: Position, card: int, lead: int) -> int:
        return self._after(tuple(p.hands), p.to_act, tuple(p.trick), p.led, p.suits_led,
                           p.tricks_left, card, lead)

    def _value(self, hands: tuple[int, ...], seat: int, trick: tuple[tuple[int, int], ...],
               led: int, suits_led: int, tricks_left: int) -> int:
        key = (hands, seat, trick, led, suits_led)
        v = self.memo.get(key)
        if v is None:
            mask, names = legal_plays(self.k, hands[seat], not trick, led, tricks_left,
                                      suits_led)
            plays = [(c, -1 if trick else led_of(self.k, c)) for c in cards_of(mask)]
            plays.extend((JOKER, s) for s in names)  # R26: a joker lead names a suit
            vals = [self._after(hands, seat, trick, led, suits_led, tricks_left, c, lead)
                    for c, lead in plays]
            v = max(vals) if self.maxing[seat] else min(vals)
            self.memo[key] = v
        return v

    def _after(self, hands: tuple[int, ...], seat: int, trick: tuple[tuple[int, int], ...],
               led: int, suits_led: int, tricks_left: int, card: int, lead: int) -> int:
        """The value once ``seat`` plays ``card`` (leading the suit ``lead``)."""
        h = list(hands)
        h[seat] &= ~(1 << card)
        after = (*trick, (seat, card))
        if not trick:
            led = lead
            suits_led |= 1 << lead if lead < 4 else 0
        if len(after) < self.nplayers:
            return self._value(tuple(h), self.next[seat], after, led, suits_led,
                               tricks_left)
        w = winner(self.k.rows[led], after)
        gain = self.counts[w]
        if tricks_left == 1 or (self.misere and gain):
            return gain  # R33: the misère declarer took a trick, play stops
        return gain + self._value(tuple(h), w, (), -1, suits_led, tricks_left - 1)


# ---------------------------------------------------------------- positions


def _target(st: GameState, contract: str, rng: random.Random) -> int:
    bids = st.ladder.bids
    if contract == "misere":
        return next(i for i, b in enumerate(bids) if b.kind == MISERE)
    trumps = range(4) if contract == "suit" else (NO_TRUMPS,)
    return rng.choice([i for i, b in enumerate(bids) if b.kind == SUIT_BID
                       and b.trump in trumps and b.tricks >= st.rules.min_contract_tricks])


def _deal(rules: RuleSet, contract: str, named: bool, rng: random.Random) -> GameState:
    """A deal at its opening lead with a contract of the kind (the joker named if asked;
    otherwise the discard keeps it half the time)."""
    while True:
        st = GameState.new_game(rules, rng.randrange(1 << 30))
        # The steered auction gives the contract to the first bidder (a suit or NT)
        # or to the second, over the first one's 7 (misère, R14).
        declarer = (st.dealer + (2 if contract == "misere" else 1)) & 3
        if named and not (st.hands[declarer] | st.kitty) >> JOKER & 1:
            continue
        target = _target(st, contract, rng)
        while st.phase == BIDDING:
            st.apply(steer_bid(st, target, rng))
        if st.phase != DISCARD_PHASE:
            continue
        hand = st.hands[st.declarer]
        keep_joker = named or rng.random() < 0.5
        pool = [c for c in cards_of(hand) if not (keep_joker and c == JOKER)]
        st.apply((DISCARD, *sorted(rng.sample(pool, rules.kitty_size))))
        if phase_of(st) == JOKER_PHASE:
            st.apply((JOKER_NAME, rng.randrange(4) if named else JOKER_NONE))
        if named and st.joker_named == SUITLESS:
            continue
        return st


def _positions(st: GameState, rng: random.Random) -> Iterator[Position]:
    """Positions of the last tricks of a randomly played deal, from a few random
    continuations of its first trick start with ``MAX_TRICKS`` left. The joker is led
    more often than at random (to reach R26 and V3) and the misère declarer mostly
    plays his lowest card, so that his deals reach their last tricks."""
    _play_on(st, rng, lambda: 10 - st.trick_no > MAX_TRICKS or bool(st.trick))
    if st.phase != PLAYING:
        return
    for _ in range(BRANCHES):
        branch = st.copy()
        while branch.phase == PLAYING:
            if rng.random() < 0.5:
                yield Position(list(branch.hands), branch.to_act, list(branch.trick),
                               branch.led, branch.suits_led, 10 - branch.trick_no)
            _play_on(branch, rng, lambda: False)


def _play_on(st: GameState, rng: random.Random, until_not: Callable[[], bool]) -> None:
    """Random legal plays: one, then more while ``until_not()`` holds in play."""
    misere = st.out_seat >= 0
    while st.phase == PLAYING:
        legal = st.legal_actions()
        leads = [a for a in legal if len(a) == 3]
        if leads and rng.random() < 0.3:
            st.apply(rng.choice(leads))
        elif misere and st.to_act == st.declarer and rng.random() < 0.8:
            st.apply(min(legal, key=lambda a: st.ctx.strength[a[1]]))
        else:
            st.apply(legal[rng.randrange(len(legal))])
        if not until_not():
            return


def _check(kind: str) -> tuple[int, int]:
    rules, contract, named = KINDS[kind]
    rng = random.Random(f"exact:{kind}")
    checked = joker = 0
    while checked < POSITIONS:
        st = _deal(rules, contract, named, rng)
        bid = st.contract
        assert bid is not None
        solver = Solver(rules, st.ctx, st.declarer, bid.is_misere, st.out_seat)
        oracle = Minimax(st.kernel, st.declarer, bid.is_misere, st.out_seat)
        for p in _positions(st, rng):
            expected = oracle.value(p)
            solver.setup(p.hands, p.suits_led)
            got = solver.value(p.to_act, p.trick, p.led, p.tricks_left)
            assert got == expected, (kind, p)
            if rng.random() < 0.3:
                moves = solver.legal_moves(p.to_act, p.trick, p.led, p.tricks_left)
                values = solver.move_values(p.to_act, p.trick, p.led, p.tricks_left, moves)
                for mv, v in zip(moves, values, strict=True):
                    lead = (mv >> 8) - 1 if mv > 255 else -1
                    if lead < 0 and not p.trick:
                        lead = led_of(st.kernel, mv)
                    assert v == oracle.move_value(p, mv & 255, lead), (kind, p, mv)
            checked += 1
            joker += any(h >> JOKER & 1 for h in p.hands)
    return checked, joker


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_solver_equals_minimax(kind: str) -> None:
    """R18-R27, R33, V3, V6: the solver's values (and each move's value) equal plain
    minimax on 500 positions per kind, up to 3 tricks left."""
    checked, joker = _check(kind)
    assert checked >= POSITIONS
    if KINDS[kind][1] != "suit":
        assert joker >= POSITIONS // 10  # the joker rules (R23-R27) are exercised
