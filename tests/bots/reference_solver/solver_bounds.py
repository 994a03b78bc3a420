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

    def of(self, leader: int, tricks_left: int) -> tuple[int, int, int, int]:
        """(lower bound, upper bound, cards the lower relied on, cards the upper
        relied on) of the value with ``leader`` to lead."""
        if self.sv.misere:
            return self._misere(leader)
        hands = self.sv.hands
        partner = (leader + 2) & 3
        left, right = (leader + 1) & 3, (leader + 3) & 3
        ours = hands[leader] | hands[partner]
        theirs = hands[left] | hands[right]
        lead_side = max(self._quick(leader, tricks_left),
                        self._masters(hands[partner], theirs))
        other_side = max(self._masters(hands[left], ours), self._masters(hands[right], ours))
        if self.sv.counts[leader]:
            return lead_side[0], tricks_left - other_side[0], lead_side[1], other_side[1]
        return other_side[0], tricks_left - lead_side[0], other_side[1], lead_side[1]

    # ------------------------------------------------------------ pieces

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

    def _masters(self, hand: int, opponents: int) -> Sure:
        """Cards of ``hand`` that win whatever trick they are played to."""
        if self.trump >= 0:
            t = self.trump_mask
            return self.tops(self.trump_order, hand & t, opponents & t)
        if self.suitless and hand & JOKER_BIT:
            return 1, 0
        return 0, 0

    def _quick(self, leader: int, tricks_left: int) -> Sure:
        """Tricks the leader can cash from the top (see the module docstring)."""
        hands = self.sv.hands
        n, rel = self._cash(hands[leader], hands[(leader + 2) & 3],
                            (hands[(leader + 1) & 3], hands[(leader + 3) & 3]))
        return min(tricks_left, n), rel

    def _cash(self, mine: int, partner: int, opps: tuple[int, int]) -> Sure:
        """Tricks ``mine`` can cash on lead: top trumps in sequence (drawing the trumps
        of anyone who holds no more), then the side suits."""
        others = partner | opps[0] | opps[1]
        quick = rel = 0
        ruffers: list[int] = []  # opponents who may win a trick once void in a suit
        partner_ruffs = False
        partner_plain = partner.bit_count()  # cards the partner may throw instead
        if self.trump >= 0:
            t = self.trump_mask
            quick, rel = self.tops(self.trump_order, mine & t, others & t)
            ruffers = [o for o in opps if (o & t).bit_count() > quick]
            partner_ruffs = (partner & t).bit_count() > quick
            partner_plain -= (partner & t).bit_count()
            if not ruffers and not partner_ruffs:
                quick = (mine & t).bit_count()  # the others are out: long trumps win
        elif self.suitless:
            if mine & JOKER_BIT:
                quick = 1
            elif partner & JOKER_BIT:
                partner_ruffs = True
                partner_plain -= 1
            else:
                ruffers = [o for o in opps if o & JOKER_BIT]
        rounds, srel = self._side_rounds(mine, partner, opps, ruffers, False)
        if partner_ruffs and partner_plain < rounds:
            rounds, srel = self._side_rounds(mine, partner, opps, ruffers, True)
        return quick + rounds, rel | srel

    def _side_rounds(self, mine: int, partner: int, opps: tuple[int, int],
                     ruffers: list[int], partner_ruffs: bool) -> Sure:
        """Rounds the leader can cash in the side suits, every ruffer (and the partner
        if ``partner_ruffs``) still following suit."""
        total = rel = 0
        others = partner | opps[0] | opps[1]
        free = not ruffers and not partner_ruffs
        for m, order in self.side_suits:
            own = mine & m
            if not own:
                continue
            k, low = self.tops(order, own, others & m)
            if not k:
                continue
            rel |= low
            if free and max((partner & m).bit_count(), (opps[0] & m).bit_count(),
                            (opps[1] & m).bit_count()) <= k:
                total += own.bit_count()  # nobody else can follow: long cards win
                continue
            for r in ruffers:
                k = min(k, (r & m).bit_count())
            if partner_ruffs:
                k = min(k, (partner & m).bit_count())
            total += k
        return total, rel

    def _misere(self, leader: int) -> tuple[int, int, int, int]:
        sv = self.sv
        dec = sv.hands[sv.declarer]
        if self.suitless and dec & JOKER_BIT:
            return 1, 1, 0, 0  # R27: the suitless joker must be played and wins
        if leader == sv.declarer:
            rel = self._every_lead_wins(dec)
            if rel >= 0:
                return 1, 1, rel, 0
        return 0, 1, 0, 0

    def _every_lead_wins(self, dec: int) -> int:
        """-1 unless each card the misère declarer may lead wins its trick; then the
        cards that shows rests on (his lowest card of each suit)."""
        sv = self.sv
        defenders = [sv.hands[s] for s in range(4) if s != sv.declarer]
        rel = 0
        for m, order in ((sv.suit_mask[s], sv.order[s]) for s in range(5)):
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
