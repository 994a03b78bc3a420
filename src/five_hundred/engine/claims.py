"""Claims: proving, from what the claimer may know, that a side wins every remaining trick.

A player may claim the rest of the deal. A claim is judged **only by what the claimer
may know**: the claimer's own cards (and discard, for the declarer) and everything shown
face up, never the cards the claimer has not seen. It stands only when it is *certain*:
for every layout of the unseen cards that is consistent with everything shown so far,
and whatever anyone plays from there -- every legal card of every seat, the claimer's
own side included, every suit a suitless-joker lead may call -- the claimer's side wins
every remaining trick. In misère (R33) the only claim is the declarer's, and it is the
opposite one: the declarer wins none of the remaining tricks. The same knowledge always
gets the same answer, so a refused claim tells the claimer nothing about hidden cards,
and an accepted one never rests on a card the claimer could not know.

A layout is consistent when it gives every other seat its number of cards (the hand
sizes shown), none of an effective suit it showed a void in by playing off the suit led
(R20, R2: bowers and the joker in their effective suits), no suitless joker to a misère
player who showed it had none by not playing it when void (R25), the joker to the
declarer who named it (R23) until it is played, and the open misère declarer's exposed
hand to the declarer (R22).

``check_claim(view)`` judges the claim of the seat whose ``SeatView`` it is given, and
answers with a ``ClaimCheck``: ``PROVED``, ``FAILS`` (with one line of play, consistent
with some layout, that defeats the claim -- for tests and checkers, never to be shown to
the table: it names cards the claimer has not seen) or ``TOO_BIG`` when the proof needs
more than ``node_limit`` positions (the claim is then refused honestly: it cannot be
shown). ``check_claim_on_deal(state, seat)`` is the same prover with every hand known,
for tests and oracles only: its answer depends on cards the claimer has not seen.

Unseen cards are placed lazily. Every quantifier is universal (all layouts, all plays),
so "for every consistent layout, for every continuation" is the same as "for every
continuation in which a seat whose hand is not known plays any unseen card that some
still-consistent layout could have put in its hand". The prover keeps the cards known
to be in each seat, one pool of unseen cards, and for each other seat the number of
cards it still takes from the pool and the classes (effective suits, the suitless joker)
it can no longer hold; the search's own plays add voids as plays at the table would.
After each such play a completion must still exist -- each seat takes its number of
pool cards, of classes it may hold -- and with at most three such seats Hall's
condition over their subsets decides that exactly. Unseen cards in no hand that plays
(the declarer's discard when the claimer is not the declarer, the hand of the misère
declarer's partner who sits out, R18) are in the pool too and simply never need a place.

The search asks the rule kernel (``play.py``) for everything: which cards may follow
(R20, R25), which suits a joker lead may name (R26, V3), who wins each trick (R21, R24).
It is exact, with savings that change no answer:

- positions at trick boundaries already proved are remembered (the known cards, the
  pool, the classes each seat may no longer hold, the leader and, while a suitless
  joker is still to be played, the suits led so far);
- when the claimer's side is to lead, the other side can hold no trump (nor a suitless
  joker) and every card the claimer's side can hold beats every card the other side
  can hold in its suit, the rest is proved at once: any lead is followed lower or
  discarded on. With unseen cards two more such proofs: the claimer on lead, with each
  of its cards above every card any other seat (partner included) could hold in its
  suit, and no other seat able to hold a suitless joker, nor a trump unless the
  claimer holds only trumps -- each trick is the claimer's, who leads again; in misère,
  the declarer not on lead, holding no suitless joker, each of its cards below every
  card a defender could hold in its suit -- every trick is led above the declarer or
  discarded on by it;
- equivalent cards -- of one hand, or all unseen, of the same effective suit with no
  card between them that is still in play or unseen -- are tried once: whichever is
  played, every later trick goes the same way (and swapping two unseen ones maps one
  consistent layout onto another).

When every hand is known (``check_claim_on_deal``) the pool is empty and only the
first two savings, in their every-hand-known form, apply.

The search stops at the first counterexample. Because a proved claim holds for every
continuation, ``play_out`` may record any one of them (the first legal action each
time): the record stays an ordinary record of legal plays (docs/record-format.md) and its
replay scores the deal as the claim did.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .actions import Action
from .bidding import ladder_for
from .cards import JOKER, SUITLESS, cards_of
from .errors import IllegalAction
from .knowledge import knowledge_of
from .play import LED_BIT, NEXT_SEAT, Kernel, follow_mask, lead_mask, lead_names, winner
from .reasons import N_, Because
from .state import PLAYING, GameState, team_of
from .views import SeatView

Verdict = Literal["proved", "fails", "too-big"]
PROVED: Verdict = "proved"
FAILS: Verdict = "fails"
TOO_BIG: Verdict = "too-big"

# Positions searched before a proof is given up; a claim that needs more is refused as
# "cannot be shown". Some 30,000 positions a second with every hand known, fewer with
# unseen cards to place: about two seconds at the worst. Proofs of real claims are far
# smaller (the shortcuts above end most of them).
NODE_LIMIT = 60_000

# Classes of cards for the layouts: effective suits 0..4, and the suitless joker.
_SUITLESS_CLASS = 5
_NO_JOKER = 1 << _SUITLESS_CLASS

# A move: (card, named suit or -1, taken from the pool, classes the play bars its seat
# from: a void shown by a card off the suit led, R20, and no suitless joker, R25)
_Move = tuple[int, int, bool, int]


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


_NOT_PLAYING = N_("Claims are made during the play of the cards")
_NOT_YOUR_TURN = N_("Claim on your own turn to play")
_MISERE_DECLARER = N_("In misère only the declarer claims (to lose every remaining trick)")


def claim_refusal(view: SeatView) -> str | None:
    """Why the seat of ``view`` may not claim now (plain words), or None if a claim can
    be checked. Decided by what that seat knows (its phase, whose turn it is, the
    contract): never by a hidden card."""
    pub = view.public
    if view.phase != PLAYING:
        return Because(_NOT_PLAYING)
    if pub.to_act != view.seat:
        return Because(_NOT_YOUR_TURN)
    if pub.contract is not None:
        ladder = ladder_for(pub.rules)
        if ladder.bids[ladder.parse(pub.contract)].is_misere and view.seat != pub.declarer:
            return Because(_MISERE_DECLARER)
    return None


def _refusal_on_deal(state: GameState, seat: int) -> str | None:
    """``claim_refusal`` read from the state (the same reasons)."""
    if state.phase != PLAYING:
        return Because(_NOT_PLAYING)
    if state.to_act != seat:
        return Because(_NOT_YOUR_TURN)
    bid = state.contract
    if bid is not None and bid.is_misere and seat != state.declarer:
        return Because(_MISERE_DECLARER)
    return None


@dataclass(slots=True)
class _Position:
    """What the prover starts from: ``hands[s]`` the cards known to be in seat ``s``,
    ``free[s]`` how many more it holds from ``pool`` (the unseen cards), ``barred[s]``
    the classes it cannot hold (bit per class). Every hand known: pool and free empty."""

    kernel: Kernel
    seat: int
    declarer: int
    out_seat: int
    hands: list[int]
    free: list[int]
    pool: int
    barred: list[int]
    trick: list[tuple[int, int]]
    led: int
    to_act: int
    tricks_left: int
    suits_led: int


class _Prover:
    def __init__(self, pos: _Position, node_limit: int) -> None:
        self.k = k = pos.kernel
        self.hands = list(pos.hands)
        self.free = list(pos.free)
        self.pool = pos.pool
        self.barred = list(pos.barred)
        self.out = pos.out_seat
        self.active = tuple(s for s in range(4) if s != self.out)
        self.size = len(self.active)
        self.suits_led = pos.suits_led
        self.limit = node_limit
        self.nodes = 0
        self.proved: set[tuple[int, ...]] = set()
        self.path: list[tuple[int, int, int]] = []
        self.misere = pos.out_seat >= 0
        self.declarer = pos.declarer
        self.seat = pos.seat
        self.team = team_of(pos.seat)
        # the seats whose cards come (partly) from the pool: the lazy search's seats
        self.others = tuple(s for s in self.active if self.free[s])
        self.lazy = bool(self.others)
        # good[seat]: winning a trick keeps the claim. against[seat]: that seat's
        # cards most likely to break the claim are tried first (strongest for the
        # side that must not win, weakest for the side that must).
        if self.misere:
            self.good = tuple(s != pos.declarer for s in range(4))
            self.against = tuple(s == pos.declarer for s in range(4))
        else:
            self.good = tuple(team_of(s) == self.team for s in range(4))
            self.against = tuple(not g for g in self.good)
        # cards of each effective suit 0..4, weakest first (for equivalent cards)
        strength = k.ctx.strength
        self.strength = strength
        self.order = tuple(tuple(sorted((c for c in range(64) if (k.suit_mask[s] >> c) & 1),
                                        key=lambda c: strength[c])) for s in range(5))
        # may[barred]: the cards of the classes (effective suits 0..4, the suitless
        # joker) a seat barred from ``barred`` may still hold
        classes = (*k.suit_mask[:5], k.suitless_bit)
        self.may = tuple(sum(m for i, m in enumerate(classes) if not (bar >> i) & 1)
                         for bar in range(64))
        # suits in search order, trumps last (so first, reversed, for a hostile seat)
        trump = k.ctx.trump
        self.suits = tuple(s for s in range(5) if s != trump) + ((trump,) if trump >= 0 else ())
        # a card's weight when led: trumps above other suits, strength within them
        self.lead_weight = tuple(k.rows[k.eff[c]][c] if 0 <= k.eff[c] < 5 else 1 << 20
                                 for c in range(64))
        self.runs: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self.groups: dict[tuple[int, int, int], tuple[tuple[int, ...], ...]] = {}
        # cards still in play: the hands of the seats that play, and the trick's cards
        # until it is complete; with unseen cards, the whole pool too (conservative:
        # a pool card in no hand only keeps two cards from counting as equivalent)
        self.live = self.pool if self.lazy else 0
        for s in self.active:
            self.live |= self.hands[s]
        for _, c in pos.trick:
            self.live |= 1 << c

    # ------------------------------------------------------------ layouts

    def feasible(self) -> bool:
        """Whether some layout of the pool completes every hand: each seat its number
        of cards, of classes it may still hold (Hall's condition: every set of seats
        needs no more cards than the pool has for one of them or another)."""
        pool = self.pool
        free = self.free
        may = self.may
        barred = self.barred
        seats = [s for s in self.others if free[s]]
        n = len(seats)
        if n == 0:
            return True
        a = pool & may[barred[seats[0]]]
        fa = free[seats[0]]
        if fa > a.bit_count():
            return False
        if n == 1:
            return True
        b = pool & may[barred[seats[1]]]
        fb = free[seats[1]]
        if fb > b.bit_count() or fa + fb > (a | b).bit_count():
            return False
        if n == 2:
            return True
        c = pool & may[barred[seats[2]]]
        fc = free[seats[2]]
        return not (fc > c.bit_count() or fa + fc > (a | c).bit_count()
                    or fb + fc > (b | c).bit_count() or fa + fb + fc > (a | b | c).bit_count())

    def could_hold(self, seat: int) -> int:
        """Every card ``seat`` could hold now: its known cards and, while it takes
        more from the pool, the pool's cards of the classes it may hold (a superset
        of every consistent layout's hand, which is all the shortcuts need)."""
        if self.free[seat]:
            return self.hands[seat] | (self.pool & self.may[self.barred[seat]])
        return self.hands[seat]

    # ------------------------------------------------------------ moves

    def _groups(self, s: int, ms: int) -> tuple[tuple[int, ...], ...]:
        """The runs of equivalent cards of ``ms`` (effective suit ``s``), weakest run
        first, each weakest card first: cards out of play separate nothing."""
        ls = self.live & self.k.suit_mask[s]
        key = (s, ms, ls)
        groups = self.groups.get(key)
        if groups is None:
            found: list[list[int]] = []
            prev = False
            for c in self.order[s]:
                bit = 1 << c
                if not ls & bit:
                    continue
                if ms & bit:
                    if not prev:
                        found.append([])
                    found[-1].append(c)
                    prev = True
                else:
                    prev = False
            groups = self.groups[key] = tuple(tuple(g) for g in found)
        return groups

    def _runs(self, s: int, ms: int) -> tuple[int, ...]:
        """The weakest card of each run of equivalent cards of ``ms``, weakest run
        first."""
        key = (s, ms, self.live & self.k.suit_mask[s])
        runs = self.runs.get(key)
        if runs is None:
            runs = self.runs[key] = tuple(g[0] for g in self._groups(s, ms))
        return runs

    def _pool_picks(self, s: int, ms: int, later: int) -> list[int]:
        """The pool cards of ``ms`` (effective suit ``s``) worth trying for a seat with
        ``later`` seats after it in this trick that could also play one. Within a run
        of unseen cards (no card still in play or unseen between them) what counts is
        only how many of the run the later seats can play below and above this one:
        with ``later`` such seats, the lowest and highest ``later`` + 1 of the run cover
        every case (any other card of the run is like the ``later``-th from the
        bottom). The runs left after the trick are alike whichever cards went."""
        groups = self._groups(s, ms)
        picks: list[int] = []
        for g in groups:
            if len(g) <= 2 * later + 1:
                picks.extend(g)
            else:
                picks.extend(g[:later + 1])
                picks.extend(g[len(g) - later:])
        return picks

    def _later(self, seat: int, placed: int, cls: int) -> int:
        """Seats to play after ``seat`` in a trick of ``placed`` cards so far that take
        cards from the pool and may hold class ``cls``."""
        n = 0
        s = seat
        for _ in range(self.size - placed - 1):
            s = NEXT_SEAT[self.out][s]
            if self.free[s] and not (self.barred[s] >> cls) & 1:
                n += 1
        return n

    def _suit_moves(self, seat: int, placed: int, s: int, bars: int,
                    moves: list[_Move]) -> int:
        """The moves in suit ``s`` of a seat whose cards are partly unseen (see
        ``_pool_moves``), each marked with ``bars``: its known cards of the suit, one
        per run, and the pool cards of the suit worth trying unless it is barred from
        the suit. Returns its known cards of the suit."""
        k = self.k
        ms = self.hands[seat] & k.suit_mask[s]
        if ms:
            moves.extend((c, -1, False, bars) for c in self._runs(s, ms))
        ps = self.pool & k.suit_mask[s]
        if ps and not (self.barred[seat] >> s) & 1:
            later = self._later(seat, placed, s)
            moves.extend((c, -1, True, bars) for c in self._pool_picks(s, ps, later))
        return ms

    def _moves(self, seat: int, placed: int, led: int, tricks_left: int) -> list[_Move]:
        """The moves of ``seat``, one per run of equivalent cards. Those most likely to
        break the claim come first (a search order only): for a seat whose winning
        breaks it, the strongest first; else the weakest first."""
        k = self.k
        hand = self.hands[seat]
        moves: list[_Move] = []
        leading = not placed
        if self.free[seat]:
            self._pool_moves(seat, placed, led, tricks_left, moves)
        else:
            m = lead_mask(k, hand) if leading else follow_mask(k, hand, led)
            for s in self.suits:
                ms = m & k.suit_mask[s]
                if ms:
                    moves.extend((c, -1, False, 0) for c in self._runs(s, ms))
            if m & k.suitless_bit:  # played to a trick (void): it wins it (R24)
                moves.append((JOKER, -1, False, 0))
            if leading and hand & k.suitless_bit:
                moves.extend((JOKER, s, False, 0)
                             for s in lead_names(k, hand, tricks_left, self.suits_led))
        row = k.rows[led] if not leading else self.lead_weight
        # a partner whose cards are unseen follows strongest first too: once on lead
        # it may lead any card the pool allows (weakest first), the likeliest way to
        # lose a trick
        moves.sort(key=lambda mv: row[mv[0]],
                   reverse=self.against[seat] or (self.free[seat] > 0 and not leading))
        return moves

    def _pool_moves(self, seat: int, placed: int, led: int, tricks_left: int,
                    moves: list[_Move]) -> None:
        """The moves of a seat that holds ``hands[seat]`` and ``free[seat]`` unseen
        cards: its known cards as they are legal, and any pool card of a class it may
        hold (a play off the suit led bars it from that suit, R20, and in misère from
        the suitless joker it would have had to play, R25)."""
        k = self.k
        known = self.hands[seat]
        bar = self.barred[seat]
        pool = self.pool
        sl = k.suitless_bit
        joker_free = bool(pool & sl) and not bar & _NO_JOKER  # may take it from the pool
        if not placed:  # leading
            for s in self.suits:
                self._suit_moves(seat, placed, s, 0, moves)
            if known & sl or joker_free:  # a suitless-joker lead names a suit (R26)
                names = k.names[self.suits_led | (16 if tricks_left == 1 else 0)]
                moves.extend((JOKER, s, not known & sl, 0) for s in names)
            return
        if self._suit_moves(seat, placed, led, 0, moves):
            return  # holds the suit led: follows (R20)
        void = 0 if (bar >> led) & 1 else 1 << led
        if known & sl:  # void, with the suitless joker: it may (misère: must) go
            moves.append((JOKER, -1, False, void))
            if k.compulsory:
                return
        elif joker_free:
            moves.append((JOKER, -1, True, void))
        # any other card, void in the suit led (misère: and without the joker, R25)
        other = void | (_NO_JOKER if k.compulsory and joker_free else 0)
        for s in self.suits:
            if s != led:
                self._suit_moves(seat, placed, s, other, moves)

    # ------------------------------------------------------------ shortcuts

    def all_top(self) -> bool:
        """A shortcut that is a proof (see the module text): the other side can hold no
        trump (nor a suitless joker), and in every suit each card the claimer's side
        can hold beats each card the other side can hold. Then a trick led by the
        claimer's side is won by it: the others follow lower or throw a card that
        cannot win."""
        k = self.k
        if self.lazy:
            ours = self.could_hold(self.team) | self.could_hold(self.team + 2)
            theirs = self.could_hold(1 - self.team) | self.could_hold(3 - self.team)
        else:
            h = self.hands
            ours = h[self.team] | h[self.team + 2]
            theirs = h[1 - self.team] | h[3 - self.team]
        trump = k.ctx.trump
        if theirs & k.suitless_bit or (trump >= 0 and theirs & k.suit_mask[trump]):
            return False
        strength = self.strength
        for s in self.suits:
            if s == trump:
                continue
            mine = ours & k.suit_mask[s]
            other = theirs & k.suit_mask[s]
            if mine and other and (min(strength[c] for c in cards_of(mine))
                                   < max(strength[c] for c in cards_of(other))):
                return False
        return True

    def masters(self, leader: int) -> bool:
        """A shortcut that is a proof (unseen cards): ``leader``, whose cards are all
        known, holds only cards above every card any other seat could hold in their
        suits, no other seat could hold a suitless joker, nor a trump unless the
        leader's cards are all trumps. Each trick is then the leader's (a suitless
        joker of its own wins wherever it is led), and the leader leads again."""
        k = self.k
        hand = self.hands[leader]
        others = 0
        for s in self.active:
            if s != leader:
                others |= self.could_hold(s)
        if others & k.suitless_bit:
            return False
        trump = k.ctx.trump
        strength = self.strength
        trumps = others & k.suit_mask[trump] if trump >= 0 else 0
        for s in self.suits:
            mine = hand & k.suit_mask[s]
            if not mine:
                continue
            if trumps and s != trump:
                return False
            other = others & k.suit_mask[s]
            if other and (min(strength[c] for c in cards_of(mine))
                          < max(strength[c] for c in cards_of(other))):
                return False
        return True

    def ruffs(self) -> bool:
        """A shortcut that is a proof (unseen cards): a seat of the claimer's side
        whose cards are known holds nothing but trumps, and no seat of the other side
        could hold a trump (nor a suitless joker). Every trick then gets one of those
        trumps -- led, followed, or played void of the suit led -- and its best trump
        is the claimer's side's, whoever leads."""
        k = self.k
        trump = k.ctx.trump
        if trump < 0:
            return False
        tm = k.suit_mask[trump]
        if not any(self.good[s] and not self.free[s] and not self.hands[s] & ~tm
                   for s in self.active):
            return False
        return not any(not self.good[s] and self.could_hold(s) & (tm | k.suitless_bit)
                       for s in self.active)

    def misere_low(self, leader: int) -> bool:
        """A shortcut that is a proof (misère, unseen cards): a defender leads, the
        declarer holds no suitless joker and each of its cards is below every card a
        defender could hold in its suit. Every trick is led above the declarer's card
        of that suit, or the declarer is void and throws a card that cannot win (there
        are no trumps); so a defender wins it and leads again."""
        d = self.declarer
        if leader == d:
            return False
        k = self.k
        hand = self.hands[d]
        if hand & k.suitless_bit:
            return False
        others = 0
        for s in self.active:
            if s != d:
                others |= self.could_hold(s)
        strength = self.strength
        for s in self.suits:
            mine = hand & k.suit_mask[s]
            other = others & k.suit_mask[s]
            if mine and other and (max(strength[c] for c in cards_of(mine))
                                   > min(strength[c] for c in cards_of(other))):
                return False
        return True

    # ------------------------------------------------------------ search

    def boundary(self, leader: int, tricks_left: int) -> bool:
        """Every continuation from a trick's start keeps the claim."""
        h = self.hands
        joker_live = self.live & self.k.suitless_bit
        if self.lazy:
            pool = self.pool
            b = self.barred
            may = self.may
            key: tuple[int, ...] = (  # what each seat may still take from the pool
                h[0], h[1], h[2], h[3], pool, pool & may[b[0]], pool & may[b[1]],
                pool & may[b[2]], pool & may[b[3]], leader,
                self.suits_led if joker_live else 0)
        else:
            key = (h[0], h[1], h[2], h[3], leader, self.suits_led if joker_live else 0)
        if key in self.proved:
            return True
        if self.misere:
            if self.lazy and self.free[self.declarer] == 0 and self.misere_low(leader):
                return True
        else:
            if self.good[leader] and self.all_top():
                return True
            if self.lazy and ((self.good[leader] and self.free[leader] == 0
                              and self.masters(leader)) or self.ruffs()):
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
        free = self.free
        barred = self.barred
        for card, named, from_pool, bars in self._moves(seat, len(trick), led, tricks_left):
            bit = 1 << card
            saved_bar = barred[seat]
            if from_pool:
                self.pool ^= bit
                free[seat] -= 1
            else:
                hands[seat] ^= bit
            barred[seat] = saved_bar | bars
            if (from_pool or bars) and not self.feasible():
                ok = True  # no layout allows this play: nothing to prove
            else:
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
            barred[seat] = saved_bar
            if from_pool:
                self.pool ^= bit
                free[seat] += 1
            else:
                hands[seat] ^= bit
            if not ok:
                self.path.append((seat, card, named))  # the line, from its end
                return False
        return True


def _prove(pos: _Position, node_limit: int) -> ClaimCheck:
    prover = _Prover(pos, node_limit)
    if not prover.feasible():  # cannot happen for a real deal: refuse, to be safe
        return ClaimCheck(FAILS, 0)
    try:
        if pos.trick:
            ok = prover.trick(pos.to_act, list(pos.trick), pos.led, pos.tricks_left)
        else:
            ok = prover.boundary(pos.to_act, pos.tricks_left)
    except _TooBig:
        return ClaimCheck(TOO_BIG, prover.nodes)
    if ok:
        return ClaimCheck(PROVED, prover.nodes)
    return ClaimCheck(FAILS, prover.nodes, tuple(reversed(prover.path)))


def _position_of_view(view: SeatView) -> _Position:
    """The prover's start from what ``view``'s seat knows (``knowledge.py``)."""
    k = knowledge_of(view, view.public.rules)
    assert k.kernel is not None  # there is a contract: the seat is to play
    seat = view.seat
    hands = [0, 0, 0, 0]
    hands[seat] = k.hand
    joker = 1 << JOKER
    d = k.declarer
    if d != seat:
        if k.exposed:
            hands[d] = k.exposed  # the open misère hand, as shown (R22)
        elif k.joker_suit != SUITLESS and not k.played & joker:
            hands[d] = joker  # the declarer named the joker (R23) and still holds it
    free = [0, 0, 0, 0]
    barred = [0, 0, 0, 0]
    known = 0
    for s in range(4):
        known |= hands[s]
        if s != seat and s != k.out_seat:
            free[s] = k.hand_sizes[s] - hands[s].bit_count()
            barred[s] = k.voids[s] | (_NO_JOKER if k.no_joker[s] else 0)
    return _Position(k.kernel, seat, d, k.out_seat, hands, free, k.unseen() & ~known,
                     barred, list(k.trick), k.led, seat, 10 - k.trick_no, k.suits_led)


def check_claim(view: SeatView, node_limit: int = NODE_LIMIT) -> ClaimCheck:
    """Whether the claim of ``view``'s seat to every remaining trick (misère: to losing
    every one) holds for every layout of the cards it has not seen that is consistent
    with what was shown, whatever anyone plays. ``IllegalAction`` if no claim can be
    made now."""
    why = claim_refusal(view)
    if why is not None:
        raise IllegalAction(why, "R21")
    return _prove(_position_of_view(view), node_limit)


def check_claim_on_deal(state: GameState, seat: int,
                        node_limit: int = NODE_LIMIT) -> ClaimCheck:
    """The same proof with every hand known (the actual deal): for tests and oracles,
    never for the table (its answer depends on cards the claimer has not seen)."""
    why = _refusal_on_deal(state, seat)
    if why is not None:
        raise IllegalAction(why, "R21")
    pos = _Position(state.kernel, seat, state.declarer, state.out_seat, list(state.hands),
                    [0, 0, 0, 0], 0, [0, 0, 0, 0], list(state.trick), state.led,
                    state.to_act, 10 - state.trick_no, state.suits_led)
    return _prove(pos, node_limit)


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
    "check_claim_on_deal",
    "claim_refusal",
    "play_out",
]
