"""Exact double-dummy solving of a Five Hundred deal on bitmasks.

All hands are known (a sample of the unseen cards). The solver answers "how many of
the remaining tricks does the declaring side win with best play by both sides?"
(suit and NT contracts), or, in misère, "can the defenders force the declarer to win a
trick?" (value 1) — the declarer must lose every trick (R33) and his partner sits out
(R18), so tricks have three cards.

The search is built like the bridge solvers (DDS):

- **Null-window search.** ``_trick`` (a trick start), ``_lead``, ``_follow`` and
  ``_last`` (the cards of a trick) answer one yes/no question, "can the maximising
  side make the value reach ``need``?"; the value is found by a few such searches
  (``_solve``, MTD(f) style) from a play-out guess, each stopping as soon as its answer
  is known.
- **Bounds** at every trick start (``solver_bounds.py``): the leader's cashable top
  cards, and cards that win whenever played (top trumps, the suitless joker); in
  mid-trick, the side holding the strongest card for the trick takes it when one trick
  decides the question.
- **Transposition table** at trick starts (``solver_keys.py``), on *relative* ranks
  (the cards played out are gone and the others keep only their order), and more
  general still: a search reports the cards whose rank decided it, and its entry
  applies to every position that agrees on the owners of each suit's cards down to the
  lowest such card, whoever holds the cards below.
- **Equivalent cards**: a hand's cards in sequence among the cards still in play are
  one move, and a card below every decisive card of its suit is skipped when one such
  card of the suit has already failed. Moves are ordered so the likely best comes
  first (``solver_order.py``).

Which cards may be played, the suits a suitless-joker lead may name and who wins a
trick come from the engine's rule kernel (``engine/play.py``: R20-R26, V3): the search
calls its ``follow_mask``/``lead_mask``/``lead_names``/``led_of`` and compares the
weights of its score rows (``Kernel.rows``), as ``play.winner`` does.

A search returns an int: bit 0 is the answer, the other bits are the decisive cards
(cards sit at bits 4 and up).
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any

from five_hundred.engine.cards import JOKER, PlayContext, cards_of
from five_hundred.engine.play import (
    LED_BIT,
    NEXT_SEAT,
    follow_mask,
    kernel_for,
    lead_mask,
    lead_names,
    led_of,
    winner,
    winning,
)
from five_hundred.engine.rules import RuleSet

from .solver_bounds import Bounds
from .solver_keys import SuitInfo, Table
from .solver_order import Followers, Orderer

JOKER_BIT = 1 << JOKER
# Exact trick starts (``Table.exact``): a lower bound in bits 0-3, an upper bound in
# bits 4-7, the cards that decided the lower from bit 8 and those of the upper from
# bit 80.
_CARDS = (1 << 64) - 1
_LOWER = 15 | _CARDS << 8
_UPPER = 15 << 4 | _CARDS << 80
# A move is a card, or for a suitless-joker lead ``JOKER | (named_suit + 1) << 8``.
_LEAD_NAMED = tuple(JOKER | ((s + 1) << 8) for s in range(4))


@cache
def _tables(ctx: PlayContext, rows: tuple[tuple[int, ...], ...]) -> tuple[
        tuple[tuple[int, ...], ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Per play context: the cards of each effective suit strongest first; per card
    the mask of its effective suit (none for the suitless joker); per led suit and
    card how cheap it is to give up (lower is cheaper: weight, then strength)."""
    strength = ctx.strength
    order = tuple(tuple(sorted(cards_of(ctx.suit_mask[s]), key=lambda c: -strength[c]))
                  for s in range(5))
    card_suit = tuple(ctx.suit_mask[ctx.eff_suit[c]] if ctx.eff_suit[c] >= 0 else 0
                      for c in range(64))
    cheap = tuple(tuple(row[c] * 128 + strength[c] for c in range(64)) for row in rows)
    return order, card_suit, cheap


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off during a search. A search builds tens of
    thousands of small tuples and no reference cycles; with the collector on, its full
    passes walk the whole table again and again (about a tenth of the time). Restored
    only if this call turned it off, so overlapping searches in two threads are safe."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            # Not gc.freeze() + gc.unfreeze() to spare the next collection the table's
            # walk (about 7% of a full solve): the objects they move to the oldest
            # generation are not counted towards its next collection, so every cycle
            # of garbage alive at that moment, anywhere in the program, was never
            # freed (a hard-against-club match grew by 40 MB a deal and was killed at
            # 8.5 GB; tests/bots/test_solver_memory.py).
            gc.enable()


def _make_roomy() -> Callable[..., Any]:
    """``roomy(fn, *args)``: ``fn(*args)`` called from a frame of about 25 KB.

    CPython (3.11 on) keeps its Python frames in a data stack of 16 KB chunks and
    frees a chunk as soon as the frame at its bottom returns. A full search is about
    50 frames deep (about 22 KB), so it always crosses a chunk boundary, and every call
    and return across it mapped and unmapped a fresh chunk: tens of thousands of
    ``mmap``/``munmap`` pairs per solve (seen with ``strace``), a tenth or more of the
    time, depending on the depth the search was called from. A frame too big for any
    16 KB chunk gets a chunk of its own of 64 KB, and the search then runs in the rest
    of it (about 40 KB). The big frame comes from 3,100 local variables, never
    assigned; written out by code because no one would type them."""
    slots = 3100
    source = ("def roomy(fn, *args):\n"
              "    if fn is None:\n"
              f"        {' = '.join(f'v{i}' for i in range(slots))} = None\n"
              "    return fn(*args)\n")
    space: dict[str, Any] = {}
    exec(compile(source, "<solver roomy>", "exec"), space)
    roomy: Callable[..., Any] = space["roomy"]
    return roomy


_roomy = _make_roomy()


class SearchAborted(Exception):
    """A search went past ``Solver.node_limit`` (the hands are left mid-search: call
    ``setup`` again before the next search)."""


# The play-out guess of the value tends to fall a trick short of it (measured on the
# benchmark's deals), so the first search asks for one more.
GUESS_BIAS = 1


class Solver:
    """Double-dummy solver for one contract (its play context and seats)."""

    def __init__(self, rules: RuleSet, ctx: PlayContext, declarer: int, misere: bool,
                 out_seat: int = -1) -> None:
        self.rules = rules
        self.ctx = ctx
        self.declarer = declarer
        self.misere = misere
        self.out_seat = out_seat
        self.kernel = kern = kernel_for(rules, ctx, misere)
        self.eff = ctx.eff_suit
        self.trump = ctx.trump
        self.suit_mask = ctx.suit_mask
        self.suitless = ctx.suitless_joker
        # The kernel's weight of each card per led suit: who wins a trick (R21, R24).
        self.score = kern.rows
        self.order, self.card_suit, self.cheap = _tables(ctx, kern.rows)
        # max_side: the side the search maximises for (misère: the defenders);
        # counts: a trick won by this seat adds to the value (misère: the declarer's).
        if misere:
            self.max_side = [seat != declarer for seat in range(4)]
            self.counts = [int(seat == declarer) for seat in range(4)]
        else:
            self.max_side = [(seat - declarer) % 2 == 0 for seat in range(4)]
            self.counts = [int(m) for m in self.max_side]
        self.nplayers = 3 if out_seat >= 0 else 4
        self.next_seat = NEXT_SEAT[out_seat]
        self.nodes = 0
        self.node_limit = 1 << 62  # a search raises SearchAborted past this many nodes
        self.hands = [0, 0, 0, 0]
        self.suits_led = 0
        # The helpers get a weak proxy, not the solver: a cycle would leave every
        # dropped solver, its table and all (about 20,000 objects a full solve), to the
        # cyclic collector instead of refcounting (tests/bots/test_solver_memory.py).
        me = weakref.proxy(self)
        self.tt = Table(me)
        self.killers: dict[tuple[int, int, int], int] = {}  # (tricks left, seat, need)
        self.bounds = Bounds(me)
        self.orderer = Orderer(me)

    # ------------------------------------------------------------------ search

    def _trick(self, leader: int, tricks_left: int, need: int, infos: list[SuitInfo],
               changed: int) -> int:
        """At a trick start: can the maximising side make the value reach ``need``
        (``need`` more counted tricks; in misère ``need`` is 1: the declarer caught)?
        ``infos`` describe the suits at the previous trick start and ``changed`` holds
        the cards played since (``infos`` empty: describe them afresh)."""
        if need <= 0:
            return 1
        if need > tricks_left:
            return 0
        if tricks_left == 1:
            return self._last_trick(leader)
        # First the exact position: a repeat is answered without building its index.
        h0, h1, h2, h3 = self.hands
        table = self.tt
        # Key and bounds as ints, not tuples: the collector need not walk them (see
        # ``solver_keys.Table.exact``).
        key = h0 | h1 << 64 | h2 << 128 | h3 << 192 | (leader | self.suits_led << 2) << 256
        known = table.exact.get(key)
        if known is not None:
            if known & 15 >= need:
                return (known >> 8) & _CARDS | 1
            if (known >> 4) & 15 < need:
                return known >> 80
        # The index of the trick start (``Table.locate``, inlined): only the suits of
        # the cards played since the last trick start are described again.
        cache = table.info
        if infos:
            infos = infos.copy()
            for i, m, order in table.suit_list:
                if changed & m:
                    pat = (h0 & m, h1 & m, h2 & m, h3 & m)
                    info = cache.get(pat)
                    if info is None:
                        info = table.describe(pat, order)
                    infos[i] = info
            # The index: the leader and every suit's lengths (unpacked by the number
            # of suits, much faster than a loop), with the joker's owner in NT.
            index: tuple[int, ...]
            if len(infos) == 4:
                i0, i1, i2, i3 = infos
                index = (leader, i0[0], i1[0], i2[0], i3[0])
            else:
                index = (leader, *[info[0] for info in infos])
            if self.suitless:
                index = table.index_of(index)
        else:
            index, infos = table.locate(leader, infos, changed)
        # ``Table.probe``, inlined.
        r = -1
        entries = table.entries.get(index)
        if entries:
            for lo, hi, checks in entries:
                if lo < need <= hi:
                    continue
                for c in checks:
                    if infos[c & 7][1] >> (c >> 3 & 63) != c >> 9:
                        break
                else:
                    r = table.relevant(infos, checks) | (lo >= need)
                    break
        if r < 0:
            lo, hi, rel_lo, rel_hi = self.bounds.of(leader, tricks_left, infos)
            if lo >= need:
                table.store(index, infos, lo, tricks_left, rel_lo)
                r = rel_lo | 1
            elif hi < need:
                table.store(index, infos, 0, hi, rel_hi)
                r = rel_hi
            else:
                r = self._lead(leader, tricks_left, need, infos)
                if r & 1:
                    table.store(index, infos, need, tricks_left, r)
                else:
                    table.store(index, infos, 0, need - 1, r)
        if known is None:
            known = tricks_left << 4
        if r & 1:
            table.exact[key] = need | (r & ~1) << 8 | known & _UPPER
        else:
            table.exact[key] = known & _LOWER | (need - 1) << 4 | r << 80
        return r

    def _last_trick(self, leader: int) -> int:
        """The last trick: every hand holds one card, so play is forced."""
        self.nodes += 1
        hands = self.hands
        card = hands[leader].bit_length() - 1
        if card == JOKER and self.suitless:
            return self.counts[leader]  # the suitless joker wins (R24)
        row = self.score[self.eff[card]]
        best_seat, best = leader, card
        cards = 1 << card
        seat = self.next_seat[leader]
        while seat != leader:
            c = hands[seat].bit_length() - 1
            cards |= 1 << c
            if row[c] > row[best]:
                best_seat, best = seat, c
            seat = self.next_seat[seat]
        bit = 1 << best
        return self.counts[best_seat] | (bit if cards & self.card_suit[best] & ~bit else 0)

    def _lead(self, seat: int, tricks_left: int, need: int, infos: list[SuitInfo]) -> int:
        """``seat`` leads to the trick (see ``_trick``)."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchAborted
        hands = self.hands
        hand = hands[seat]
        maxing = self.max_side[seat]
        eff = self.eff
        followers = self.orderer.followers
        by_led: dict[int, Followers] = {}  # the followers' moves per suit led
        acc = int(not maxing)
        tried = 0  # cards searched here without a cut-off
        moves, lows = self.orderer.leads(seat, hand, tricks_left)
        # The lead that last cut a search off at this depth, for this seat and question,
        # goes first if the seat holds it (a "killer move": about 10% fewer nodes).
        depth = (tricks_left, seat, need)
        killer = self.killers.get(depth, -1)
        if killer >= 0 and moves[0] != killer and killer in moves:
            moves.remove(killer)
            moves.insert(0, killer)
        for mv in moves:
            card = mv & 255
            if tried & self.card_suit[card] and mv < 256 and \
                    self._same_as_tried(card, tried, acc):
                continue
            bit = 1 << card
            hands[seat] = hand ^ bit
            saved = self.suits_led
            # ``led_of``, inlined: a joker lead names its suit, other cards lead theirs.
            led = (mv >> 8) - 1 if mv > 255 else eff[card]
            self.suits_led = saved | LED_BIT[led]
            fol = by_led.get(led)
            if fol is None:
                fol = by_led[led] = followers(seat, led, bit)
            r = self._follow(1, led, seat, card, bit, tricks_left, need, infos, fol)
            self.suits_led = saved
            hands[seat] = hand
            if (r & 1) == maxing:
                self.killers[depth] = mv
                return r
            acc |= r
            if lows and r & bit:
                # The card's rank mattered, so it does for the cards of its run too.
                acc |= lows.get(card, 0)
            tried |= bit
        return acc

    def _follow(self, pos: int, led: int, win_seat: int, win_card: int, in_trick: int,
                tricks_left: int, need: int, infos: list[SuitInfo], fol: Followers) -> int:
        """The ``pos``-th card (1 = second hand) of a trick led in ``led``, which
        ``win_seat``'s ``win_card`` wins so far; ``in_trick``: the cards played to it;
        ``fol``: the followers' moves (``Orderer.followers``)."""
        self.nodes += 1
        base = pos * 4 - 4
        seat, reps, lows, threat = fol[base:base + 4]
        row = self.score[led]
        win_val = row[win_card]
        if pos == 1 and (need <= 1 or need >= tricks_left) and not self.misere:
            # One trick decides: the side that can play the strongest card to this
            # trick takes it if it likes.
            top_val, top_seat, top_card = fol[-3:]
            side: bool
            bit: int
            if top_val > win_val:
                side, bit = self.max_side[top_seat], 1 << top_card
            else:
                side, bit = self.max_side[win_seat], 1 << win_card
            if side if need <= 1 else not side:
                return bit | side
        max_side = self.max_side
        maxing = max_side[seat]
        moves: Sequence[int] = reps
        if len(reps) > 1:
            if self.misere:
                moves = self.orderer.follows(seat, reps, pos, row, win_seat, win_val, threat)
            elif row[reps[-1]] > win_val:
                # ``Orderer.follows``, inlined: the cheapest sure winner first (a card
                # above the threat too), else, unless the partner has the trick, the
                # cheapest card that wins for now; the cheapest cards otherwise.
                partner_wins = max_side[win_seat] == maxing
                if not partner_wins or win_val <= threat:
                    bar = win_val if win_val > threat else threat
                    i = 0
                    for c in reps:
                        if row[c] > bar:
                            break
                        i += 1
                    else:
                        i = -1
                        if not partner_wins:
                            i = 0
                            for c in reps:
                                if row[c] > win_val:
                                    break
                                i += 1
                    if i > 0:
                        moves = (reps[i], *reps[:i], *reps[i + 1:])
        hands = self.hands
        hand = hands[seat]
        card_suit = self.card_suit
        acc = int(not maxing)
        tried = 0
        if pos + 2 != self.nplayers:
            for card in moves:
                if tried & card_suit[card] and self._same_as_tried(card, tried, acc):
                    continue
                bit = 1 << card
                hands[seat] = hand ^ bit
                if row[card] > win_val:
                    r = self._follow(pos + 1, led, seat, card, in_trick | bit, tricks_left,
                                     need, infos, fol)
                else:
                    r = self._follow(pos + 1, led, win_seat, win_card, in_trick | bit,
                                     tricks_left, need, infos, fol)
                hands[seat] = hand
                if (r & 1) == maxing:
                    return r
                acc |= r
                if lows and r & bit:
                    # The card's rank mattered, so it does for the cards of its run too.
                    acc |= lows.get(card, 0)
                tried |= bit
            return acc
        # The next card is the trick's last: ``_last``, inlined (the same nodes, counted
        # the same way, without a call per card). What does not change while this seat
        # tries its cards is read once.
        misere = self.misere
        counts = self.counts
        trick_ = self._trick
        base = pos * 4
        seat3, reps3, lows3 = fol[base:base + 3]
        maxing3 = max_side[seat3]
        hand3 = hands[seat3]
        single3 = len(reps3) == 1
        top3 = row[reps3[-1]]
        left = tricks_left - 1
        need3 = need - counts[seat3]
        for card in moves:
            if tried & card_suit[card] and self._same_as_tried(card, tried, acc):
                continue
            bit = 1 << card
            hands[seat] = hand ^ bit
            if row[card] > win_val:
                ws, wc, wv = seat, card, row[card]
            else:
                ws, wc, wv = win_seat, win_card, win_val
            in3 = in_trick | bit
            self.nodes += 1
            moves3: Sequence[int]
            if single3:
                moves3 = reps3
            elif misere:
                moves3 = self.orderer.follows(seat3, reps3, pos + 1, row, ws, wv, 0)
            elif max_side[ws] == maxing3 or top3 <= wv:
                moves3 = reps3  # the cheapest first: the trick is decided
            else:
                # The cheapest winner first, then the cheapest cards.
                i = 0
                while row[reps3[i]] <= wv:
                    i += 1
                moves3 = (reps3[i], *reps3[:i], *reps3[i + 1:])
            acc3 = int(not maxing3)
            tried3 = 0
            need_ws = need - counts[ws]
            wbit = 1 << wc
            wsuit = card_suit[wc] & ~wbit
            for c3 in moves3:
                if tried3 & card_suit[c3] and self._same_as_tried(c3, tried3, acc3):
                    continue
                b3 = 1 << c3
                hands[seat3] = hand3 ^ b3
                cards = in3 | b3
                if row[c3] > wv:
                    r = trick_(seat3, left, need3, infos, cards)
                    if cards & card_suit[c3] & ~b3:
                        r |= b3  # won by rank: the card's rank mattered
                else:
                    r = trick_(ws, left, need_ws, infos, cards)
                    if cards & wsuit:
                        r |= wbit
                hands[seat3] = hand3
                if (r & 1) == maxing3:
                    break
                acc3 |= r
                if lows3 and r & b3:
                    acc3 |= lows3.get(c3, 0)
                tried3 |= b3
            else:
                r = acc3
            hands[seat] = hand
            if (r & 1) == maxing:
                return r
            acc |= r
            if lows and r & bit:
                # The card's rank mattered, so it does for the cards of its run too.
                acc |= lows.get(card, 0)
            tried |= bit
        return acc

    def _last(self, pos: int, led: int, win_seat: int, win_card: int, in_trick: int,
              tricks_left: int, need: int, infos: list[SuitInfo], fol: Followers) -> int:
        """The last card of the trick (``pos``: its position), then the next trick."""
        self.nodes += 1
        base = pos * 4 - 4
        seat, reps, lows = fol[base:base + 3]
        row = self.score[led]
        win_val = row[win_card]
        maxing = self.max_side[seat]
        moves: Sequence[int]
        if len(reps) == 1:
            moves = reps
        elif self.misere:
            moves = self.orderer.follows(seat, reps, pos, row, win_seat, win_val, 0)
        elif self.max_side[win_seat] == maxing or row[reps[-1]] <= win_val:
            moves = reps  # the cheapest first: the trick is decided
        else:
            # The cheapest winner first, then the cheapest cards.
            i = 0
            while row[reps[i]] <= win_val:
                i += 1
            moves = (reps[i], *reps[:i], *reps[i + 1:])
        hands = self.hands
        hand = hands[seat]
        card_suit = self.card_suit
        counts = self.counts
        acc = int(not maxing)
        tried = 0
        for card in moves:
            if tried & card_suit[card] and self._same_as_tried(card, tried, acc):
                continue
            bit = 1 << card
            hands[seat] = hand ^ bit
            cards = in_trick | bit
            if row[card] > win_val:
                r = self._trick(seat, tricks_left - 1, need - counts[seat], infos, cards)
                if cards & card_suit[card] & ~bit:
                    r |= bit  # won by rank: the card's rank mattered
            else:
                r = self._trick(win_seat, tricks_left - 1, need - counts[win_seat], infos,
                                cards)
                wbit = 1 << win_card
                if cards & card_suit[win_card] & ~wbit:
                    r |= wbit
            hands[seat] = hand
            if (r & 1) == maxing:
                return r
            acc |= r
            if lows and r & bit:
                # The card's rank mattered, so it does for the cards of its run too.
                acc |= lows.get(card, 0)
            tried |= bit
        return acc

    def _same_as_tried(self, card: int, tried: int, relevant: int) -> bool:
        """Whether ``card`` must fail as a card of its suit already tried here did:
        both lie below every card of the suit whose rank decided the searches so far,
        so the positions they lead to differ only where rank did not matter."""
        sm = self.card_suit[card]
        t = tried & sm
        if not t:
            return False
        rel = relevant & sm
        if not rel:
            return True  # no rank of the suit mattered
        weakest = self.orderer.weakest
        limit = weakest(rel)
        return self.ctx.strength[card] < limit and weakest(t) < limit

    def _at_least(self, seat: int, trick: list[tuple[int, int]], led: int,
                  tricks_left: int, need: int) -> bool:
        """The null-window question from any point of a trick."""
        if not trick:
            return bool(self._trick(seat, tricks_left, need, [], 0) & 1)
        win_seat, _ = winning(self.score[led], trick)
        win_card = next(c for s, c in trick if s == win_seat)
        in_trick = 0
        for _, c in trick:
            in_trick |= 1 << c
        fol = self.orderer.followers(trick[0][0], led, in_trick)
        # The table describes trick starts: the cards of this trick are still out.
        for s, c in trick:
            self.hands[s] ^= 1 << c
        infos = self.tt.suits_now()
        for s, c in trick:
            self.hands[s] ^= 1 << c
        step = self._last if len(trick) + 1 == self.nplayers else self._follow
        return bool(step(len(trick), led, win_seat, win_card, in_trick, tricks_left, need,
                         infos, fol) & 1)

    def _solve(self, seat: int, trick: list[tuple[int, int]], led: int,
               tricks_left: int) -> int:
        """Exact value by null-window searches (MTD(f) style) within the sure-trick
        bounds, starting from the value of a play-out by the search's first moves and
        stepping from there: a good first guess needs only two searches."""
        with _collector_paused():
            value: int = _roomy(self._mtd, seat, trick, led, tricks_left)
            return value

    def _mtd(self, seat: int, trick: list[tuple[int, int]], led: int,
             tricks_left: int) -> int:
        lo, hi = 0, 1 if self.misere else tricks_left
        if not trick and tricks_left > 1:
            blo, bhi, _, _ = self.bounds.of(seat, tricks_left, self.tt.suits_now())
            lo, hi = max(lo, blo), min(hi, bhi)
        if lo < hi:
            guess = min(max(self._guess(seat, trick, led, tricks_left) + GUESS_BIAS, lo + 1), hi)
        while lo < hi:
            if self._at_least(seat, trick, led, tricks_left, guess):
                lo = guess
                guess += 1
            else:
                hi = guess - 1
                guess -= 1
        return lo

    def _guess(self, seat: int, trick: list[tuple[int, int]], led: int,
               tricks_left: int) -> int:
        """The value of playing on with every seat's first move in search order."""
        hands = self.hands
        saved, saved_led = list(hands), self.suits_led
        orderer = self.orderer
        trick = list(trick)
        total = 0
        while True:
            if trick:
                in_trick = 0
                for _, c in trick:
                    in_trick |= 1 << c
                fol = orderer.followers(trick[0][0], led, in_trick)
            else:
                mv = orderer.leads(seat, hands[seat], tricks_left)[0][0]
                card = mv & 255
                hands[seat] ^= 1 << card
                led = led_of(self.kernel, card, (mv >> 8) - 1)
                self.suits_led |= LED_BIT[led]
                trick = [(seat, card)]
                fol = orderer.followers(seat, led, 1 << card)
            row = self.score[led]
            win_seat, win_val = winning(row, trick)
            while len(trick) < self.nplayers:
                pos = len(trick)
                base = pos * 4 - 4
                s, reps, threat = fol[base], fol[base + 1], fol[base + 3]
                card = orderer.follows(s, reps, pos, row, win_seat, win_val, threat)[0]
                hands[s] ^= 1 << card
                trick.append((s, card))
                if row[card] > win_val:
                    win_seat, win_val = s, row[card]
            gain = self.counts[win_seat]
            total += gain
            tricks_left -= 1
            if not tricks_left or (self.misere and gain):
                break
            seat, trick = win_seat, []
        self.hands[:] = saved
        self.suits_led = saved_led
        return total

    # ------------------------------------------------------------------ entry points

    def setup(self, hands: list[int], suits_led: int) -> None:
        """The position to solve: every hand (the misère partner's is ignored: R18)
        and the suits led so far (R26)."""
        # In place: the helpers hold this very list.
        self.hands[:] = hands
        if self.out_seat >= 0:
            self.hands[self.out_seat] = 0
        self.suits_led = suits_led

    def value(self, to_act: int, trick: list[tuple[int, int]], led: int,
              tricks_left: int) -> int:
        """Exact value of the position (see the module docstring)."""
        if not trick and tricks_left == 1:
            return self._last_trick(to_act) & 1
        return self._solve(to_act, list(trick), led, tricks_left)

    def move_values(self, to_act: int, trick: list[tuple[int, int]], led: int,
                    tricks_left: int, moves: list[int]) -> list[int]:
        """Exact value of each of ``moves`` (cards, or ``JOKER | (suit+1) << 8`` for a
        joker lead naming a suit) played now by ``to_act``; the searches share the
        transposition table."""
        out: list[int] = []
        for mv in moves:
            with self._playing(to_act, trick, led, mv) as (t, new_led):
                if len(t) == self.nplayers:
                    w = winner(self.score[new_led], t)
                    gain = self.counts[w]
                    if self.misere and gain:
                        v = 1
                    elif tricks_left == 1:
                        v = gain
                    else:
                        v = gain + self.value(w, [], -1, tricks_left - 1)
                else:
                    v = self._solve(self.next_seat[to_act], t, new_led, tricks_left)
            out.append(v)
        return out

    @contextmanager
    def _playing(self, seat: int, trick: list[tuple[int, int]], led: int,
                 mv: int) -> Iterator[tuple[list[tuple[int, int]], int]]:
        """``seat`` plays ``mv`` (a card, or a joker lead naming a suit) for the length
        of the block, which gets the trick with it and the suit led; undone after."""
        card = mv & 255
        self.hands[seat] ^= 1 << card
        saved = self.suits_led
        new_led = led
        if not trick:
            new_led = led_of(self.kernel, card, (mv >> 8) - 1)
            self.suits_led |= LED_BIT[new_led]
        try:
            yield [*trick, (seat, card)], new_led
        finally:
            self.suits_led = saved
            self.hands[seat] ^= 1 << card

    def move_reaches(self, to_act: int, trick: list[tuple[int, int]], led: int,
                     tricks_left: int, mv: int, need: int) -> bool:
        """Whether, after ``to_act`` plays ``mv`` now, the maximising side can still
        make the value reach ``need`` (one null-window search: much cheaper than the
        value). Misère: ``need`` 1 asks whether the declarer can be caught."""
        with self._playing(to_act, trick, led, mv) as (t, new_led):
            if len(t) < self.nplayers:
                with _collector_paused():
                    reached: bool = _roomy(self._at_least, self.next_seat[to_act], t,
                                           new_led, tricks_left, need)
                    return reached
            w = winner(self.score[new_led], t)
            rest = need - self.counts[w]
            if rest <= 0 or rest > tricks_left - 1:
                return rest <= 0
            with _collector_paused():
                reached = _roomy(self._at_least, w, [], -1, tricks_left - 1, rest)
                return reached

    def legal_moves(self, to_act: int, trick: list[tuple[int, int]], led: int,
                    tricks_left: int) -> list[int]:
        """All legal moves (no merging), as ``move_values`` takes them."""
        h = self.hands[to_act]
        if trick:
            return list(cards_of(follow_mask(self.kernel, h, led)))
        moves = [_LEAD_NAMED[s] for s in lead_names(self.kernel, h, tricks_left,
                                                    self.suits_led)]
        return moves + list(cards_of(lead_mask(self.kernel, h)))

    def _moves(self, seat: int, trick: list[tuple[int, int]], led: int,
               tricks_left: int) -> list[int]:
        """The search's moves here: legal, equivalent cards merged, in search order."""
        hand = self.hands[seat]
        if not trick:
            return self.orderer.leads(seat, hand, tricks_left)[0]
        win_seat, win_val = winning(self.score[led], trick)
        in_trick = 0
        for _, c in trick:
            in_trick |= 1 << c
        fol = self.orderer.followers(trick[0][0], led, in_trick)
        base = len(trick) * 4 - 4
        reps, threat = fol[base + 1], fol[base + 3]
        return self.orderer.follows(seat, reps, len(trick), self.score[led], win_seat,
                                    win_val, threat)

    def _next(self, seat: int) -> int:
        return self.next_seat[seat]
