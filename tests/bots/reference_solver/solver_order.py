"""Moves of the double-dummy solver: equivalent cards merged, likely best first.

A hand's cards in sequence among the cards still in play (the current trick's cards
included, since they can still be beaten) are one move: the strongest of each run
stands for the run. The order matters as much as the merging — a null-window search
stops at the first move that answers its question:

- leads: cash a card nobody can beat or ruff, then lead towards the partner's winner,
  then towards the partner's ruff, then the rest, and last a suit an opponent ruffs
  (each kind high cards first);
  in misère the declarer leads low, the defenders lead under the declarer's lowest
  card of a suit he holds;
- following: win cheaply when the win is sure, throw the cheapest card when the
  partner has the trick, else the cheapest card that beats the card winning it so far
  (4-7% fewer nodes than "second hand low" on the benchmark's deals); in misère the
  declarer plays his highest card that still loses, and a defender plays under a
  winning declarer or low while the declarer is still to play.

Per-suit facts (the runs of a holding, its strongest and weakest card, a holding's
leads) are memoised on the masks, so the search mostly looks them up. A seat's moves
as a follower are built once per trick and suit led (``followers``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from five_hundred.engine.cards import JOKER
from five_hundred.engine.play import follow_mask, lead_mask, lead_names

if TYPE_CHECKING:
    from .solver import Solver

JOKER_BIT = 1 << JOKER
# What the seats after the leader may play to a trick, flat: per seat (seat, its moves
# cheapest first, the lowest card of each run a move stands for, the strongest weight
# an opponent after it may play); then the strongest weight any of them may play, its
# seat and card.
Followers = tuple[Any, ...]
# One card per run of a holding, cheapest first; for each that stands for more cards,
# the lowest of them.
Runs = tuple[tuple[int, ...], dict[int, int]]
_NO_RUNS: dict[int, int] = {}
_LEAD_NAMED = tuple(JOKER | ((s + 1) << 8) for s in range(4))


class Orderer:
    """Move lists of one solver."""

    def __init__(self, sv: Solver) -> None:
        self.sv = sv  # a weak proxy (Solver.__init__)
        self.kernel = sv.kernel
        ctx = sv.ctx
        self.suit_mask = ctx.suit_mask
        self.suits = tuple(s for s in range(5) if ctx.suit_mask[s])
        self.order = sv.order
        self.trump = ctx.trump
        self.trump_mask = ctx.suit_mask[ctx.trump] if ctx.trump >= 0 else 0
        self.suitless_bit = JOKER_BIT if ctx.suitless_joker else 0
        self.strength = ctx.strength
        self.card_suit = sv.card_suit
        self.cheap = sv.cheap
        self._runs: dict[int, Runs] = {}
        self._discards: dict[int, Runs] = {}
        self._leads: dict[tuple[int, int, int, int], tuple[
            tuple[tuple[int, int], ...], dict[int, int]]] = {}
        self._top: dict[int, int] = {}
        self._low: dict[int, int] = {}

    # ------------------------------------------------------------ suit facts

    def runs(self, s: int, ms: int, live: int) -> Runs:
        """The strongest card of each run of ``ms`` (cards of suit ``s``) among the
        live cards ``live`` (cards out of play do not break a run), cheapest first; and
        for each that stands for more cards, the lowest of them (see ``Solver``)."""
        key = ms | live << 64
        r = self._runs.get(key)
        if r is None:
            reps: list[int] = []
            lows: dict[int, int] = {}
            for c in self.order[s]:
                bit = 1 << c
                if not live & bit:
                    continue
                if not ms & bit:
                    top = -1
                elif reps and top >= 0:
                    lows[top] = bit
                else:
                    top = c
                    reps.append(c)
            r = self._runs[key] = (tuple(reversed(reps)), lows or _NO_RUNS)
        return r

    def top(self, m: int) -> int:
        """The strongest card of ``m`` (cards of one effective suit, not empty)."""
        c = self._top.get(m)
        if c is None:
            strength = self.strength
            rest = m
            c = rest.bit_length() - 1
            while rest:
                card = rest.bit_length() - 1
                if strength[card] > strength[c]:
                    c = card
                rest ^= 1 << card
            self._top[m] = c
        return c

    def weakest(self, m: int) -> int:
        """The strength of the weakest card of ``m`` (one effective suit, not empty)."""
        w = self._low.get(m)
        if w is None:
            strength = self.strength
            rest = m
            w = 1 << 20
            while rest:
                card = rest.bit_length() - 1
                w = min(w, strength[card])
                rest ^= 1 << card
            self._low[m] = w
        return w

    def strongest_play(self, hand: int, led: int) -> int:
        """The strongest card ``hand`` may play to a trick led in ``led`` (R20, R25),
        or -1 if none of its legal cards can win it."""
        legal = follow_mask(self.kernel, hand, led)
        if legal & self.suit_mask[led]:
            return self.top(legal & self.suit_mask[led])
        if legal & self.suitless_bit:
            return JOKER
        t = legal & self.trump_mask
        return self.top(t) if t else -1

    # ------------------------------------------------------------ leads

    def leads(self, seat: int, hand: int, tricks_left: int) -> tuple[list[int], dict[int, int]]:
        """The leads of ``seat`` in search order, and the lowest card of each run a
        lead stands for (see ``runs``)."""
        sv = self.sv
        kernel = self.kernel
        plain = lead_mask(kernel, hand)
        names = [_LEAD_NAMED[s] for s in lead_names(kernel, hand, tricks_left,
                                                    sv.suits_led)] \
            if hand & self.suitless_bit else []
        hands = sv.hands
        if sv.misere:
            dec = hands[sv.declarer]
            live = hands[0] | hands[1] | hands[2] | hands[3]
            declarer = seat == sv.declarer
        else:
            partner = hands[(seat + 2) & 3]
            o1, o2 = hands[(seat + 1) & 3], hands[(seat + 3) & 3]
            theirs = o1 | o2
            tmask = self.trump_mask
            ruffers = self.suitless_bit & theirs | tmask
        scored: list[tuple[int, int]] = []
        lows = _NO_RUNS
        cache = self._leads
        for s in self.suits:
            m = self.suit_mask[s]
            own = plain & m
            if not own:
                continue
            if sv.misere:
                key: tuple[int, int, int, int] = (own, dec & m, live & m, int(declarer))
            else:
                side = s != self.trump
                ruff = side and ((not o1 & m and bool(o1 & ruffers))
                                 or (not o2 & m and bool(o2 & ruffers)))
                partner_ruffs = side and not partner & m and bool(partner & tmask)
                key = (own, partner & m, theirs & m, ruff | partner_ruffs << 1)
            entry = cache.get(key)
            if entry is None:
                entry = cache[key] = self._suit_leads(s, key)
            scored.extend(entry[0])
            if entry[1]:
                lows = {**lows, **entry[1]}
        scored.sort()
        return names + [c for _, c in scored], lows

    def _suit_leads(self, s: int, key: tuple[int, int, int, int]) -> tuple[
            tuple[tuple[int, int], ...], dict[int, int]]:
        """The leads of one suit as (sort key, card), with their runs' lowest cards."""
        strength = self.strength
        scored: list[tuple[int, int]] = []
        if self.sv.misere:
            own, ds, live, declarer = key
            reps, lows = self.runs(s, own, live)
            under = self.weakest(ds) if ds and not declarer else 0
            for c in reps:
                if declarer:
                    score = strength[c]  # lead low
                elif not ds:
                    score = strength[c] + 200  # he throws anything on it
                elif strength[c] < under:
                    score = strength[c]  # he has to go over it
                else:
                    score = strength[c] + 100
                scored.append((score, c))
            return tuple(scored), lows
        own, part, their, flags = key
        reps, lows = self.runs(s, own, own | part | their)
        top_theirs = strength[self.top(their)] if their else -1
        towards = bool(part) and strength[self.top(part)] > top_theirs
        for c in reps:
            # Within each kind of lead the higher card first: it forces the others'
            # honours (fewer nodes than low leads on the benchmark's deals).
            high = (strength[c] & 31) - 20
            if flags & 1:
                score = high - 40  # an opponent ruffs it
            elif strength[c] > top_theirs:
                score = 100 + strength[c]  # a sure winner: cash it
            elif towards:
                score = 60 + high  # towards the partner's winner
            elif flags & 2:
                score = 50 + high  # the partner ruffs it
            else:
                score = high
            scored.append((-score, c))
        return tuple(scored), lows

    # ------------------------------------------------------------ following

    def followers(self, leader: int, led: int, in_trick: int) -> Followers:
        """What the seats after ``leader`` may play to a trick led in ``led`` (see
        ``Followers``). None of this changes while the trick is played: the hands that
        have not played are as they were, and the live cards include the trick's."""
        sv = self.sv
        hands = sv.hands
        live = hands[0] | hands[1] | hands[2] | hands[3] | in_trick
        row = sv.score[led]
        nxt = sv.next_seat
        kernel = self.kernel
        merged = self._merged
        s1 = nxt[leader]
        s2 = nxt[s1]
        m1, k1 = merged(follow_mask(kernel, hands[s1], led), led, live)
        m2, k2 = merged(follow_mask(kernel, hands[s2], led), led, live)
        # A seat that has played already (a search begun in mid-trick) has no moves.
        v1 = row[m1[-1]] if m1 else -1
        v2 = row[m2[-1]] if m2 else -1
        if sv.nplayers == 3:
            top = (v1, s1, m1[-1]) if v1 >= v2 else (v2, s2, m2[-1])
            return (s1, m1, k1, v2, s2, m2, k2, 0, *top)
        s3 = nxt[s2]
        m3, k3 = merged(follow_mask(kernel, hands[s3], led), led, live)
        v3 = row[m3[-1]]
        if v1 >= v2 and v1 >= v3:
            top = (v1, s1, m1[-1])
        elif v2 >= v3:
            top = (v2, s2, m2[-1])
        else:
            top = (v3, s3, m3[-1])
        # Seats 1 and 3 are partners: each seat's threat is the next seat's strength.
        return (s1, m1, k1, v2, s2, m2, k2, v3, s3, m3, k3, 0, *top)

    def _merged(self, legal: int, led: int, live: int) -> Runs:
        """One card per run of ``legal``, cheapest first for a trick led in ``led``,
        and the lowest card of each run a move stands for."""
        if legal and not legal & (legal - 1):
            return (legal.bit_length() - 1,), _NO_RUNS  # one card: nothing to merge
        sm = self.suit_mask[led]
        if not legal & ~sm:
            return self.runs(led, legal, live & sm)
        # Void in the suit led: which suit that is does not change the order of the
        # seat's cards (trumps, then the suitless joker, above the rest).
        key = legal | live << 64
        got = self._discards.get(key)
        if got is None:
            got = self._discards[key] = self._discard_moves(legal, led, live)
        return got

    def _discard_moves(self, legal: int, led: int, live: int) -> Runs:
        """``_merged`` for a seat void in the suit led."""
        cands: list[int] = []
        lows = _NO_RUNS
        for s in self.suits:
            m = self.suit_mask[s]
            if legal & m:
                reps, more = self.runs(s, legal & m, live & m)
                cands.extend(reps)
                if more:
                    lows = {**lows, **more}
        if legal & self.suitless_bit:
            cands.append(JOKER)
        cands.sort(key=self.cheap[led].__getitem__)
        return tuple(cands), lows

    def follows(self, seat: int, reps: tuple[int, ...], pos: int, row: tuple[int, ...],
                win_seat: int, win_val: int, threat: int) -> list[int]:
        """The moves ``reps`` (cheapest first) of the ``pos``-th seat in search order,
        ``win_val`` winning the trick so far and ``threat`` the strongest weight an
        opponent after it may play."""
        sv = self.sv
        cands = list(reps)
        if sv.misere:
            return self._misere_follows(seat, cands, pos, row, win_seat, win_val)
        partner_wins = sv.max_side[win_seat] == sv.max_side[seat]
        if partner_wins and win_val > threat:
            return cands  # the partner has it: throw the cheapest
        for i, c in enumerate(cands):
            if row[c] > win_val and row[c] > threat:
                if i:
                    del cands[i]
                    cands.insert(0, c)  # the cheapest sure winner
                return cands
        if not partner_wins:
            for i, c in enumerate(cands):
                if row[c] > win_val:
                    if i:
                        del cands[i]
                        cands.insert(0, c)  # the cheapest card that wins for now
                    break
        return cands

    def _misere_follows(self, seat: int, cands: list[int], pos: int,
                        row: tuple[int, ...], win_seat: int, win_val: int) -> list[int]:
        sv = self.sv
        dec = sv.declarer
        if seat == dec:
            # Highest card that still loses, then the cheapest winners.
            losers = [c for c in cands if row[c] < win_val]
            return losers[::-1] + [c for c in cands if row[c] >= win_val]
        if pos + 1 < sv.nplayers and sv.next_seat[seat] == dec:
            return cands  # low, so that he has to go over
        if win_seat == dec:
            under = [c for c in cands if row[c] < win_val]
            return under[::-1] + [c for c in cands if row[c] >= win_val]
        return cands[::-1]  # the trick is lost to him: shed high cards
