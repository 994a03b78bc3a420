"""The double-dummy solver as it was before issue 11 (commit 333a70c), kept only so
that ``benchmarks/solver.py --compare`` can set the new one beside it.

Exact double-dummy solving of a Five Hundred deal on bitmasks.

All four hands are known (a sample of the unseen cards). The solver answers "how many
of the remaining tricks does the declaring side win with best play by both sides?"
(suit and NT contracts), or, in misère, "can the defenders force the declarer to win a
trick?" (value 1) — the declarer must lose every trick (R33) and his partner sits out
(R18).

Alpha-beta on small ints, a transposition table at trick boundaries keyed on the four
hands and the leader, move ordering (cheapest winner first, else lowest card) and
equivalent-card merging (cards in sequence in one hand, counting only cards still in
play, are interchangeable). Which cards may be played, the suits a suitless-joker
lead may name and who wins a trick come from the engine's rule kernel
(``engine/play.py``: R20-R26, V3); the search indexes its tables.
"""

from __future__ import annotations

from five_hundred.engine.cards import JOKER, PlayContext, cards_of
from five_hundred.engine.play import (
    LED_BIT,
    NEXT_SEAT,
    follow_mask,
    kernel_for,
    lead_names,
    led_of,
    winner,
    winning,
)
from five_hundred.engine.rules import RuleSet

JOKER_BIT = 1 << JOKER
# A move is a card, or for a suitless-joker lead ``JOKER | (named_suit + 1) << 8``.
_LEAD_NAMED = tuple(JOKER | ((s + 1) << 8) for s in range(4))


class LegacySolver:
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
        strength = ctx.strength
        # Cards of each effective suit, strongest first (for equivalent-card merging).
        self.order: list[tuple[int, ...]] = []
        for s in range(5):
            cards = list(cards_of(ctx.suit_mask[s]))
            cards.sort(key=lambda c: -strength[c])
            self.order.append(tuple(cards))
        self.max_side = [False] * 4  # the side the value counts for (misère: defenders)
        for seat in range(4):
            if misere:
                self.max_side[seat] = seat != declarer
            else:
                self.max_side[seat] = (seat - declarer) % 2 == 0
        self.tt: dict[tuple[int, ...], tuple[int, int]] = {}
        self._runs: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self.nodes = 0
        self.hands = [0, 0, 0, 0]
        self.suits_led = 0

    # ------------------------------------------------------------------ moves

    def _moves(self, seat: int, trick: list[tuple[int, int]], led: int,
               tricks_left: int) -> list[int]:
        """Legal moves of ``seat``, equivalent cards merged, in a good search order."""
        h = self.hands[seat]
        if trick:
            return self._order_follow(seat, follow_mask(self.kernel, h, led), trick, led)
        moves: list[int] = []
        if self.suitless and h & JOKER_BIT:
            moves.extend(_LEAD_NAMED[s]
                         for s in lead_names(self.kernel, h, tricks_left, self.suits_led))
            h &= ~JOKER_BIT
        moves.extend(self._distinct(h, 0))
        return moves

    def _distinct(self, m: int, extra_live: int) -> list[int]:
        """One card per run of equivalent cards of ``m``, strongest runs first per suit."""
        live = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3] | extra_live
        out: list[int] = []
        if self.suitless and m & JOKER_BIT:
            out.append(JOKER)
        suit_mask = self.suit_mask
        cache = self._runs
        for s in range(5):
            ms = m & suit_mask[s]
            if not ms:
                continue
            key = (s, ms, live & suit_mask[s])
            runs = cache.get(key)
            if runs is None:
                runs = self._suit_runs(s, ms, key[2])
                cache[key] = runs
            out.extend(runs)
        return out

    def _suit_runs(self, s: int, ms: int, ls: int) -> tuple[int, ...]:
        """The top card of each run of ``ms`` in suit ``s`` among the live cards ``ls``
        (cards out of play do not break a run)."""
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
        return tuple(out)

    def _order_follow(self, seat: int, m: int, trick: list[tuple[int, int]],
                      led: int) -> list[int]:
        extra = 0
        for _, c in trick:
            extra |= 1 << c
        cands = self._distinct(m, extra)
        if len(cands) == 1:
            return cands
        row = self.score[led]
        best_seat, best = winning(row, trick)
        mine = self.max_side[seat]
        partner_winning = self.max_side[best_seat] == mine
        if self.misere and seat == self.declarer:
            # The declarer wants to lose: highest card that still loses, then the rest.
            losers = sorted((c for c in cands if row[c] <= best), key=lambda c: -row[c])
            winners = sorted((c for c in cands if row[c] > best), key=lambda c: row[c])
            return losers + winners
        if partner_winning:
            return sorted(cands, key=lambda c: row[c])
        winners = sorted((c for c in cands if row[c] > best), key=lambda c: row[c])
        losers = sorted((c for c in cands if row[c] <= best), key=lambda c: row[c])
        return winners + losers

    # ------------------------------------------------------------------ search

    def _next(self, seat: int) -> int:
        return NEXT_SEAT[self.out_seat][seat]

    def _trick_start(self, leader: int, tricks_left: int, alpha: int, beta: int) -> int:
        """Value (max side's tricks from here; misère: 1 if the declarer must win one)."""
        top = 1 if self.misere else tricks_left
        if alpha >= top:
            return top
        if beta <= 0:
            return 0
        h = self.hands
        key = (h[0], h[1], h[2], h[3], leader, self.suits_led if self.suitless else 0)
        entry = self.tt.get(key)
        lo, hi = 0, top
        if entry is not None:
            lo, hi = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        v = self._play(leader, [], -1, tricks_left, alpha, beta)
        if v <= alpha:
            hi = v
        elif v >= beta:
            lo = v
        else:
            lo = hi = v
        self.tt[key] = (max(lo, entry[0]) if entry else lo, min(hi, entry[1]) if entry else hi)
        return v

    def _play(self, seat: int, trick: list[tuple[int, int]], led: int, tricks_left: int,
              alpha: int, beta: int) -> int:
        self.nodes += 1
        maximizing = self.max_side[seat]
        best_v = -1 if maximizing else 1 << 20
        hands = self.hands
        nplayers = 3 if self.out_seat >= 0 else 4
        for mv in self._moves(seat, trick, led, tricks_left):
            card = mv & 255
            bit = 1 << card
            hands[seat] ^= bit
            saved_led = self.suits_led
            if trick:
                new_led = led
            else:
                new_led = led_of(self.kernel, card, (mv >> 8) - 1)
                self.suits_led |= LED_BIT[new_led]
            trick.append((seat, card))
            if len(trick) == nplayers:
                row = self.score[new_led]
                w = winner(row, trick)
                if self.misere:
                    if w == self.declarer:
                        v = 1
                    elif tricks_left == 1:
                        v = 0
                    else:
                        v = self._trick_start(w, tricks_left - 1, alpha, beta)
                else:
                    gain = 1 if self.max_side[w] else 0
                    if tricks_left == 1:
                        v = gain
                    else:
                        v = gain + self._trick_start(w, tricks_left - 1, alpha - gain,
                                                     beta - gain)
            else:
                v = self._play(self._next(seat), trick, new_led, tricks_left, alpha, beta)
            trick.pop()
            self.suits_led = saved_led
            hands[seat] ^= bit
            if maximizing:
                if v > best_v:
                    best_v = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best_v:
                    best_v = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        return best_v

    # ------------------------------------------------------------------ entry points

    def setup(self, hands: list[int], suits_led: int) -> None:
        self.hands = list(hands)
        self.suits_led = suits_led

    def value(self, to_act: int, trick: list[tuple[int, int]], led: int,
              tricks_left: int) -> int:
        """Exact value of the position (see the module docstring)."""
        top = 1 if self.misere else tricks_left
        if not trick:
            return self._trick_start(to_act, tricks_left, 0, top)
        return self._play(to_act, list(trick), led, tricks_left, 0, top + 1)

    def move_values(self, to_act: int, trick: list[tuple[int, int]], led: int,
                    tricks_left: int, moves: list[int]) -> list[int]:
        """Exact value of each of ``moves`` (cards, or ``JOKER | (suit+1) << 8`` for a
        joker lead naming a suit) played now by ``to_act``."""
        out: list[int] = []
        nplayers = 3 if self.out_seat >= 0 else 4
        for mv in moves:
            card = mv & 255
            self.hands[to_act] ^= 1 << card
            saved = self.suits_led
            t = list(trick)
            if t:
                new_led = led
            else:
                new_led = led_of(self.kernel, card, (mv >> 8) - 1)
                self.suits_led |= LED_BIT[new_led]
            t.append((to_act, card))
            if len(t) == nplayers:
                row = self.score[new_led]
                w = winner(row, t)
                if self.misere:
                    if w == self.declarer:
                        v = 1
                    elif tricks_left == 1:
                        v = 0
                    else:
                        v = self._trick_start(w, tricks_left - 1, 0, 1)
                else:
                    gain = 1 if self.max_side[w] else 0
                    v = gain
                    if tricks_left > 1:
                        v += self._trick_start(w, tricks_left - 1, 0, tricks_left - 1)
            else:
                top = 1 if self.misere else tricks_left
                v = self._play(self._next(to_act), t, new_led, tricks_left, 0, top + 1)
            self.suits_led = saved
            self.hands[to_act] ^= 1 << card
            out.append(v)
        return out

    def legal_moves(self, to_act: int, trick: list[tuple[int, int]], led: int,
                    tricks_left: int) -> list[int]:
        """All legal moves (no merging), as ``move_values`` takes them."""
        h = self.hands[to_act]
        if trick:
            return list(cards_of(follow_mask(self.kernel, h, led)))
        moves = [_LEAD_NAMED[s] for s in lead_names(self.kernel, h, tricks_left,
                                                    self.suits_led)]
        return moves + list(cards_of(h & ~self.kernel.suitless_bit))
