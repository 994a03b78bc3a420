"""Sure-trick bounds for the double-dummy solver, at a trick start.

Every bound is a line of play one side can force whatever the others do, so it is a
true bound of the value and the search may stop on it:

- **Masters**: a trump above every trump of the other side wins the trick it is
  played to, and every card is played before the deal ends; so does the suitless joker
  in no trumps (R24). A seat holding ``n`` such cards wins ``n`` tricks for its side.
- **Quick tricks** of the leader: cash the top trumps in sequence (drawing the trumps
  of anyone who holds no more), then in each side suit the top cards in sequence,
  as many rounds as every opponent who could ruff (or play the suitless joker) must
  still follow suit; when nobody else can follow or ruff, the long cards count too.
  The partner is a possible ruffer only if he may run out of other cards to throw.
- **Misère**: the declarer holding the suitless joker must win a trick (R27), and so
  must a declarer on lead whose every lead is above all the defenders' cards of its
  suit.

The lower bound of the value comes from the counting side's sure tricks, the upper
bound from the tricks left less the other side's. Each bound comes with the cards
whose rank it relied on (the lowest top card counted per suit: the transposition
table checks the owners of every card above it too); the rest is suit lengths.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from five_hundred.engine.cards import JOKER

if TYPE_CHECKING:
    from .solver import Solver
    from .solver_keys import SuitInfo

JOKER_BIT = 1 << JOKER
# A count of sure tricks with the cards whose rank it relied on.
Sure = tuple[int, int]


class Bounds:
    """Bounds of the value at a trick start, bound to one solver."""

    def __init__(self, sv: Solver) -> None:
        self.sv = sv  # a weak proxy (Solver.__init__)
        self.trump = sv.trump
        self.trump_mask = sv.suit_mask[sv.trump] if sv.trump >= 0 else 0
        self.trump_order = sv.order[sv.trump] if sv.trump >= 0 else ()
        self.side_suits = tuple((sv.suit_mask[s], sv.order[s]) for s in range(4)
                                if s != sv.trump and sv.suit_mask[s])
        self.suitless = sv.suitless
        self.compulsory = sv.kernel.compulsory
        self._tops: dict[tuple[int, int], Sure] = {}
        # The solver's own list of hands (changed in place only) and fixed facts.
        self.hands = sv.hands
        self.misere = sv.misere
        self.declarer = sv.declarer
        self.counts = sv.counts
        self.suit_order = tuple((sv.suit_mask[s], sv.order[s]) for s in range(5))
        # Where the trump suit and the side suits sit in the table's suit infos (the
        # effective suits that have cards, in order: ``solver_keys.Table``).
        present = [s for s in range(5) if sv.suit_mask[s]]
        self.trump_index = present.index(sv.trump) if sv.trump >= 0 else -1
        self.side_index = tuple(i for i, s in enumerate(present)
                                if s < 4 and s != sv.trump)

    def of(self, leader: int, tricks_left: int,
           infos: list[SuitInfo]) -> tuple[int, int, int, int]:
        """(lower bound, upper bound, cards the lower relied on, cards the upper
        relied on) of the value with ``leader`` to lead; ``infos`` describe the suits
        now (``solver_keys.SuitInfo``: lengths and each seat's top cards per suit)."""
        if self.misere:
            return self._misere(leader)
        hands = self.hands
        partner = (leader + 2) & 3
        left, right = (leader + 1) & 3, (leader + 3) & 3
        lsh, psh, l1sh, r1sh = 4 * leader, 4 * partner, 4 * left, 4 * right
        # Masters (cards that win whatever trick they go to) of the partner and the
        # opponents, and the leader's trumps from the top.
        ruff_left = ruff_right = partner_ruffs = False
        partner_plain = hands[partner].bit_count()  # cards the partner may throw instead
        quick = rel = 0
        ti = self.trump_index
        if ti >= 0:
            tinfo = infos[ti]
            tl, sure = tinfo[0], tinfo[4]
            pm = (sure[psh + 2], sure[psh + 3])
            lm = (sure[l1sh + 2], sure[l1sh + 3])
            rm = (sure[r1sh + 2], sure[r1sh + 3])
            quick, rel = sure[lsh], sure[lsh + 1]
            ruff_left = (tl >> l1sh) & 15 > quick
            ruff_right = (tl >> r1sh) & 15 > quick
            p_trumps = (tl >> psh) & 15
            partner_ruffs = p_trumps > quick
            partner_plain -= p_trumps
            if not ruff_left and not ruff_right and not partner_ruffs:
                quick = (tl >> lsh) & 15  # the others are out: long trumps win
        else:
            pm = lm = rm = (0, 0)
            if self.suitless:
                if hands[partner] & JOKER_BIT:
                    pm = (1, 0)
                elif hands[left] & JOKER_BIT:
                    lm = (1, 0)
                elif hands[right] & JOKER_BIT:
                    rm = (1, 0)
                if hands[leader] & JOKER_BIT:
                    quick = 1
                elif hands[partner] & JOKER_BIT:
                    partner_ruffs = True
                    partner_plain -= 1
                else:
                    ruff_left = bool(hands[left] & JOKER_BIT)
                    ruff_right = bool(hands[right] & JOKER_BIT)
        # The side suits' rounds, every ruffer still following suit (when nobody else
        # can follow or ruff, the long cards too); again with the partner as a ruffer
        # if he may run out of other cards to throw.
        free = not ruff_left and not ruff_right
        total = srel = 0
        total2 = 0
        for i in self.side_index:
            info = infos[i]
            lengths, sure = info[0], info[4]
            k = sure[lsh]
            if not k:
                continue
            srel |= sure[lsh + 1]
            lp = (lengths >> psh) & 15
            lo1 = (lengths >> l1sh) & 15
            ro1 = (lengths >> r1sh) & 15
            if ruff_left and lo1 < k:
                k = lo1
            if ruff_right and ro1 < k:
                k = ro1
            if free and lp <= k and lo1 <= k and ro1 <= k:
                total += (lengths >> lsh) & 15  # nobody else can follow: long cards win
            else:
                total += k
            if partner_ruffs:
                total2 += lp if lp < k else k
        if partner_ruffs and partner_plain < total:
            total = total2
        n = quick + total
        lead_side = max((min(tricks_left, n), rel | srel), pm)
        other_side = max(lm, rm)
        if self.counts[leader]:
            return lead_side[0], tricks_left - other_side[0], lead_side[1], other_side[1]
        return other_side[0], tricks_left - lead_side[0], other_side[1], lead_side[1]

    def tops(self, order: tuple[int, ...], mine: int, others: int) -> Sure:
        """How many of ``mine`` (one suit) rank above every card of ``others``, and
        the lowest of them."""
        if not mine:
            return 0, 0
        key = (mine, others)
        sure = self._tops.get(key)
        if sure is None:
            n = low = 0
            for c in order:
                bit = 1 << c
                if mine & bit:
                    n += 1
                    low = bit
                elif others & bit:
                    break
            sure = self._tops[key] = (n, low)
        return sure

    def _misere(self, leader: int) -> tuple[int, int, int, int]:
        dec = self.hands[self.declarer]
        if self.suitless and dec & JOKER_BIT:
            return 1, 1, 0, 0  # R27: the suitless joker must be played and wins
        if leader == self.declarer:
            rel = self._every_lead_wins(dec)
            if rel >= 0:
                return 1, 1, rel, 0
        return 0, 1, 0, 0

    def _every_lead_wins(self, dec: int) -> int:
        """-1 unless each card the misère declarer may lead wins its trick; then the
        cards that shows rests on (his lowest card of each suit)."""
        defenders = [self.hands[s] for s in range(4) if s != self.declarer]
        rel = 0
        for m, order in self.suit_order:
            own = dec & m
            if not own:
                continue
            theirs = (defenders[0] | defenders[1] | defenders[2]) & m
            n, _ = self.tops(order, own, theirs)
            if n < own.bit_count():
                return -1  # a defender holds a card above his lowest: he can lose it
            for d in defenders:
                if self.compulsory and d & JOKER_BIT and not d & m:
                    return -1  # the suitless joker must go on it (R25)
            rel |= 1 << next(c for c in reversed(order) if own >> c & 1)
        return rel
