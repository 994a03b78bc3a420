"""Claims: proving, on the actual cards, that a side wins every remaining trick.

A player may claim the rest of the deal. The claim stands only when it is *certain*:
whatever anyone plays from here -- every legal card of every seat, the claimer's own
side included, every suit a suitless-joker lead may call -- the claimer's side wins
every remaining trick. In misère (R33) the only claim is the declarer's, and it is the
opposite one: the declarer wins none of the remaining tricks, whatever anyone plays.

``check_claim(state, seat)`` answers with a ``ClaimCheck``: ``PROVED``, ``FAILS``
(with one line of play that defeats the claim, for tests and checkers -- never to be
shown to the table, it names hidden cards) or ``TOO_BIG`` when the proof needs more
than ``node_limit`` positions (the claim is then refused honestly: it cannot be shown).

The search is exhaustive over the legal continuations and asks the rule kernel
(``play.py``) for everything: which cards may follow (R20, R25), which suits a joker
lead may name (R26, V3), who wins each trick (R21, R24). It is exact, with three
savings that change no answer:

- positions at trick boundaries already proved are remembered (the hands, the leader
  and, while a suitless joker is still to be played, the suits led so far);
- when the claimer's side is to lead, the other side holds no trump (nor a suitless
  joker) and every card of the claimer's side beats every card of the other side in
  its suit, the rest is proved at once: any lead is followed lower or discarded on;
- cards of one hand that are equivalent -- the same effective suit with no card still
  in play between them -- are tried once: whichever is played, every later trick
  goes the same way.

The search stops at the first counterexample. Because a proved claim holds for every
continuation, ``play_out`` may record any one of them (the first legal action each
time): the record stays an ordinary record of legal plays (RECORD-FORMAT.md) and its
replay scores the deal as the claim did.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .actions import Action
from .cards import JOKER, cards_of
from .errors import IllegalAction
from .play import LED_BIT, NEXT_SEAT, follow_mask, lead_mask, lead_names, winner
from .reasons import N_, Because
from .state import PLAYING, GameState, team_of

Verdict = Literal["proved", "fails", "too-big"]
PROVED: Verdict = "proved"
FAILS: Verdict = "fails"
TOO_BIG: Verdict = "too-big"

# Positions searched before a proof is given up; a claim that needs more is refused as
# "cannot be shown". About 30,000 positions a second here: two seconds at the worst.
# Proofs of real claims are far smaller (the shortcut above ends most of them).
NODE_LIMIT = 60_000


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """The answer to a claim. ``line`` is, when it fails, a continuation that defeats
    it, as (seat, card, named suit or -1) -- private cards: for tests, not the table."""

    verdict: Verdict
    nodes: int
    line: tuple[tuple[int, int, int], ...] = ()

    @property
    def proved(self) -> bool:
        return self.verdict == PROVED


class _TooBig(Exception):
    pass


def claim_refusal(state: GameState, seat: int) -> str | None:
    """Why ``seat`` may not claim now (plain words), or None if a claim can be checked."""
    if state.phase != PLAYING:
        return Because(N_("Claims are made during the play of the cards"))
    if state.to_act != seat:
        return Because(N_("Claim on your own turn to play"))
    bid = state.contract
    if bid is not None and bid.is_misere and seat != state.declarer:
        return Because(N_("In misère only the declarer claims (to lose every remaining "
                          "trick)"))
    return None


class _Prover:
    def __init__(self, state: GameState, seat: int, node_limit: int) -> None:
        self.k = k = state.kernel
        self.hands = list(state.hands)
        self.out = state.out_seat
        self.size = state.trick_size
        self.suits_led = state.suits_led
        self.limit = node_limit
        self.nodes = 0
        self.proved: set[tuple[int, ...]] = set()
        self.path: list[tuple[int, int, int]] = []
        self.active = tuple(s for s in range(4) if s != self.out)
        self.misere = state.out_seat >= 0
        self.declarer = state.declarer
        self.team = team_of(seat)
        # good[seat]: winning a trick keeps the claim. against[seat]: that seat's
        # cards most likely to break the claim are tried first (strongest for the
        # side that must not win, weakest for the side that must).
        if self.misere:
            self.good = tuple(s != state.declarer for s in range(4))
            self.against = tuple(s == state.declarer for s in range(4))
        else:
            self.good = tuple(team_of(s) == self.team for s in range(4))
            self.against = tuple(not g for g in self.good)
        # cards of each effective suit 0..4, weakest first (for equivalent cards)
        strength = k.ctx.strength
        self.order = tuple(tuple(sorted((c for c in range(64) if (k.suit_mask[s] >> c) & 1),
                                        key=lambda c: strength[c])) for s in range(5))
        # suits in search order, trumps last (so first, reversed, for a hostile seat)
        trump = k.ctx.trump
        self.suits = tuple(s for s in range(5) if s != trump) + ((trump,) if trump >= 0 else ())
        # a card's weight when led: trumps above other suits, strength within them
        self.lead_weight = tuple(k.rows[k.eff[c]][c] if 0 <= k.eff[c] < 5 else 1 << 20
                                 for c in range(64))
        self.runs: dict[tuple[int, int, int], tuple[int, ...]] = {}
        # cards still in play: the hands of the seats that play, and the trick's cards
        # until it is complete
        self.live = 0
        for s in self.active:
            self.live |= self.hands[s]
        for _, c in state.trick:
            self.live |= 1 << c

    # ------------------------------------------------------------ moves

    def _runs(self, s: int, ms: int) -> tuple[int, ...]:
        """The weakest card of each run of equivalent cards of ``ms`` (effective suit
        ``s``), weakest run first: cards out of play separate nothing."""
        ls = self.live & self.k.suit_mask[s]
        key = (s, ms, ls)
        runs = self.runs.get(key)
        if runs is None:
            out: list[int] = []
            prev = False
            for c in self.order[s]:
                bit = 1 << c
                if not ls & bit:
                    continue
                if ms & bit:
                    if not prev:
                        out.append(c)
                    prev = True
                else:
                    prev = False
            runs = self.runs[key] = tuple(out)
        return runs

    def _moves(self, seat: int, leading: bool, led: int,
               tricks_left: int) -> list[tuple[int, int]]:
        """(card, named suit or -1) of ``seat``, one per run of equivalent cards. Those
        most likely to break the claim come first (a search order only): for a seat
        whose winning breaks it, the strongest first; else the weakest first."""
        k = self.k
        hand = self.hands[seat]
        m = lead_mask(k, hand) if leading else follow_mask(k, hand, led)
        moves: list[tuple[int, int]] = []
        for s in self.suits:
            ms = m & k.suit_mask[s]
            if ms:
                moves.extend((c, -1) for c in self._runs(s, ms))
        if m & k.suitless_bit:  # played to a trick (void): it wins it (R24)
            moves.append((JOKER, -1))
        if leading and hand & k.suitless_bit:
            moves.extend((JOKER, s) for s in lead_names(k, hand, tricks_left,
                                                        self.suits_led))
        row = k.rows[led] if not leading else self.lead_weight
        moves.sort(key=lambda mv: row[mv[0]], reverse=self.against[seat])
        return moves

    def all_top(self) -> bool:
        """A shortcut that is a proof (see the module text): the other side holds no
        trump (nor a suitless joker), and in every suit each card of the claimer's side
        beats each of theirs. Then a trick led by the claimer's side is won by it:
        the others follow lower or throw a card that cannot win."""
        k = self.k
        h = self.hands
        ours = h[self.team] | h[self.team + 2]
        theirs = h[1 - self.team] | h[3 - self.team]
        trump = k.ctx.trump
        if theirs & k.suitless_bit or (trump >= 0 and theirs & k.suit_mask[trump]):
            return False
        strength = k.ctx.strength
        for s in self.suits:
            if s == trump:
                continue
            mine = ours & k.suit_mask[s]
            other = theirs & k.suit_mask[s]
            if mine and other and (min(strength[c] for c in cards_of(mine))
                                   < max(strength[c] for c in cards_of(other))):
                return False
        return True

    # ------------------------------------------------------------ search

    def boundary(self, leader: int, tricks_left: int) -> bool:
        """Every continuation from a trick's start keeps the claim."""
        h = self.hands
        key = (h[0], h[1], h[2], h[3], leader,
               self.suits_led if self.live & self.k.suitless_bit else 0)
        if key in self.proved:
            return True
        if self.good[leader] and not self.misere and self.all_top():
            return True
        if not self.trick(leader, [], -1, tricks_left):
            return False
        self.proved.add(key)
        return True

    def trick(self, seat: int, trick: list[tuple[int, int]], led: int,
              tricks_left: int) -> bool:
        """Every continuation of a trick under way (``seat`` to play) keeps the claim."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise _TooBig
        k = self.k
        hands = self.hands
        for card, named in self._moves(seat, not trick, led, tricks_left):
            bit = 1 << card
            hands[seat] ^= bit
            saved = self.suits_led
            if trick:
                now_led = led
            else:
                now_led = named if named >= 0 else k.eff[card]
                self.suits_led |= LED_BIT[now_led]
            trick.append((seat, card))
            if len(trick) == self.size:
                w = winner(k.rows[now_led], trick)
                ok = self.good[w]
                if ok and tricks_left > 1:
                    live = self.live
                    for _, c in trick:
                        self.live &= ~(1 << c)
                    ok = self.boundary(w, tricks_left - 1)
                    self.live = live
            else:
                ok = self.trick(NEXT_SEAT[self.out][seat], trick, now_led, tricks_left)
            trick.pop()
            self.suits_led = saved
            hands[seat] ^= bit
            if not ok:
                self.path.append((seat, card, named))  # the line, from its end
                return False
        return True


def check_claim(state: GameState, seat: int, node_limit: int = NODE_LIMIT) -> ClaimCheck:
    """Whether ``seat``'s claim of every remaining trick (misère: of losing every one)
    holds whatever anyone plays. ``IllegalAction`` if no claim can be made now."""
    why = claim_refusal(state, seat)
    if why is not None:
        raise IllegalAction(why, "R21")
    prover = _Prover(state, seat, node_limit)
    tricks_left = 10 - state.trick_no
    try:
        if state.trick:
            ok = prover.trick(state.to_act, list(state.trick), state.led, tricks_left)
        else:
            ok = prover.boundary(state.to_act, tricks_left)
    except _TooBig:
        return ClaimCheck(TOO_BIG, prover.nodes)
    if ok:
        return ClaimCheck(PROVED, prover.nodes)
    return ClaimCheck(FAILS, prover.nodes, tuple(reversed(prover.path)))


def play_out(state: GameState) -> list[tuple[int, Action]]:
    """Play the deal to its end, each seat making its first legal action; returns the
    (seat, action) pairs applied. After a proved claim every continuation ends the
    same way, so this one is as good as any for the record."""
    played: list[tuple[int, Action]] = []
    while state.phase == PLAYING:
        seat = state.to_act
        action = state.legal_actions()[0]
        state.apply(action, seat)
        played.append((seat, action))
    return played


__all__ = [
    "FAILS",
    "NODE_LIMIT",
    "PROVED",
    "TOO_BIG",
    "ClaimCheck",
    "check_claim",
    "claim_refusal",
    "play_out",
]
