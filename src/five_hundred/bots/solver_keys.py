"""Transposition table of the double-dummy solver: relative ranks, relevant cards.

At a trick start only the order of the cards still in play matters, not which cards
have gone: with 9♠ and 8♠ played, "West holds 10♠ over East's 7♠" is the same position
as "West holds 8♠ over East's 6♠" with 10♠ and 9♠ gone. Each effective suit is
therefore written as the owners of its live cards, strongest first (two bits per card
after a leading 1): its *relative code*.

Entries go further, as in DDS: a search also reports the cards whose rank decided a
trick somewhere below (a card that beat another of its suit; the top cards a bound
counted). Below the lowest such card of a suit, which hand holds which card did not
matter, only how many each holds. So the table is indexed by the leader and every
hand's length in every suit, and an entry checks only the owners of each suit's top
``depth`` cards: one entry answers for every position that agrees there.

The index also holds the suitless joker's owner and — while that joker is in play and
its lead is limited by the suits led (R26) — the suits led.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from five_hundred.engine.cards import JOKER

if TYPE_CHECKING:
    from .solver import Solver

JOKER_BIT = 1 << JOKER

# Per suit pattern (the four hands' cards of the suit): the lengths as one int (four
# bits per seat), the relative code, the live cards of the suit, their number, and per
# seat ``s`` at ``4 * s`` the seat's sure tricks of the suit for the bounds
# (``solver_bounds.py``): how many of its cards rank above every other hand's and the
# lowest of them, then how many rank above every opponent's and the lowest of them.
SuitInfo = tuple[int, int, int, int, tuple[int, ...]]
# An entry: lower bound, upper bound, and per checked suit one int,
# ``i | shift << 3 | prefix << 9``: its index ``i`` in the key, the shift that cuts
# its relative code to the checked top cards (at most 26: two bits a card), that
# prefix. Ints rather than tuples: fewer objects for the cyclic collector.
Entry = tuple[int, int, tuple[int, ...]]



class Table:
    """Index, lookup and store of the solver's transposition entries."""

    def __init__(self, sv: Solver) -> None:
        self.sv = sv  # a weak proxy (Solver.__init__)
        self.suits = tuple((sv.suit_mask[s], sv.order[s]) for s in range(5)
                           if sv.suit_mask[s])
        self.suit_list = tuple((i, m, order) for i, (m, order) in enumerate(self.suits))
        self.suitless = sv.suitless
        # The suits led matter only to a suitless joker's lead outside V3 (R26).
        self.names_matter = sv.suitless and not sv.kernel.last_only
        self.hands = sv.hands  # the solver's own list (changed in place only)
        self.info: dict[tuple[int, int, int, int], SuitInfo] = {}
        self._depth: dict[int, int] = {}
        self._prefix: dict[tuple[int, int], int] = {}
        # Tuples, not lists: the garbage collector need not track (and keep walking)
        # the table's entries.
        self.entries: dict[tuple[int, ...], tuple[Entry, ...]] = {}
        # Exact trick starts (hands, leader, suits led) -> lower bound, its decisive
        # cards, upper bound, its decisive cards: a repeat is answered without building
        # its index. Both sides are ints packing those fields (``solver._trick``), not
        # tuples: ints are no work for the cyclic collector.
        self.exact: dict[int, int] = {}

    def clear(self) -> None:
        self.entries.clear()
        self.exact.clear()

    def __len__(self) -> int:
        return sum(len(v) for v in self.entries.values())

    def locate(self, leader: int, before: list[SuitInfo],
               changed: int) -> tuple[tuple[int, ...], list[SuitInfo]]:
        """(index, each suit's info) of the trick start now. ``before`` holds the
        infos at the last trick start (empty: none), ``changed`` the cards played
        since; only their suits are looked up again. The index is the leader, every
        hand's length in every suit, and the suitless joker's owner (with the suits led,
        while they limit its lead)."""
        h0, h1, h2, h3 = self.hands
        cache = self.info
        if before:
            infos = before.copy()
            for i, m, order in self.suit_list:
                if changed & m:
                    pat = (h0 & m, h1 & m, h2 & m, h3 & m)
                    info = cache.get(pat)
                    if info is None:
                        info = cache[pat] = _suit_info(pat, order)
                    infos[i] = info
        else:
            infos = []
            for _, m, order in self.suit_list:
                pat = (h0 & m, h1 & m, h2 & m, h3 & m)
                info = cache.get(pat)
                if info is None:
                    info = cache[pat] = _suit_info(pat, order)
                infos.append(info)
        index = (leader, *[info[0] for info in infos])
        if not self.suitless:
            return index, infos
        return self.index_of(index), infos

    def index_of(self, index: tuple[int, ...]) -> tuple[int, ...]:
        """The index of a no-trumps trick start with the suitless joker: ``index``
        (the leader and the lengths) with the joker's owner (and the suits led while
        they limit its lead)."""
        h0, h1, h2, h3 = self.hands
        owner = 0 if h0 & JOKER_BIT else 1 if h1 & JOKER_BIT else 2 if h2 & JOKER_BIT \
            else 3 if h3 & JOKER_BIT else -1
        if owner >= 0 and self.names_matter:
            return (*index, owner, self.sv.suits_led)
        return (*index, owner)

    def describe(self, pat: tuple[int, int, int, int], order: tuple[int, ...]) -> SuitInfo:
        """The info of a suit pattern, remembered."""
        info = self.info[pat] = _suit_info(pat, order)
        return info

    def suits_now(self) -> list[SuitInfo]:
        """Each suit's info in the position now."""
        return self.locate(0, [], 0)[1]

    def probe(self, index: tuple[int, ...], infos: list[SuitInfo], need: int) -> int:
        """-1 if no entry answers "value >= need?"; else the answer (bit 0) with the
        cards that decided it."""
        entries = self.entries.get(index)
        if not entries:
            return -1
        for lo, hi, checks in entries:
            if lo < need <= hi:
                continue
            for c in checks:
                if infos[c & 7][1] >> (c >> 3 & 63) != c >> 9:
                    break
            else:
                return self.relevant(infos, checks) | (lo >= need)
        return -1

    def store(self, index: tuple[int, ...], infos: list[SuitInfo], lo: int, hi: int,
              relevant: int) -> None:
        """Remember lo <= value <= hi for every position agreeing with this one on the
        owners of each suit's cards down to its lowest ``relevant`` card."""
        checks: list[int] = []
        depth_cache = self._depth
        for i, (_, code, live, n, _) in enumerate(infos):
            rel = relevant & live
            if not rel:
                continue
            key = live | rel << 64
            depth = depth_cache.get(key)
            if depth is None:
                depth = depth_cache[key] = _depth(self.suits[i][1], live, rel)
            shift = 2 * (n - depth)
            checks.append(i | shift << 3 | (code >> shift) << 9)
        self.entries[index] = (*self.entries.get(index, ()), (lo, hi, tuple(checks)))

    def relevant(self, infos: list[SuitInfo],
                 checks: tuple[int, ...]) -> int:
        """The live cards an entry's checks cover (its decisive cards, here)."""
        out = 0
        cache = self._prefix
        for c in checks:
            i = c & 7
            live, n = infos[i][2], infos[i][3]
            key = (live, n - (c >> 4 & 31))
            m = cache.get(key)
            if m is None:
                m = cache[key] = _top_cards(self.suits[i][1], live, key[1])
            out |= m
        return out


def _suit_info(pat: tuple[int, int, int, int], order: tuple[int, ...]) -> SuitInfo:
    code = 1
    live = pat[0] | pat[1] | pat[2] | pat[3]
    owners: list[tuple[int, int]] = []  # (seat, card bit), strongest first
    for c in order:
        bit = 1 << c
        if live & bit:
            seat = 0 if pat[0] & bit else 1 if pat[1] & bit else 2 if pat[2] & bit else 3
            code = code << 2 | seat
            owners.append((seat, bit))
    lengths = (pat[0].bit_count() | pat[1].bit_count() << 4 | pat[2].bit_count() << 8
               | pat[3].bit_count() << 12)
    return lengths, code, live, live.bit_count(), _sure(owners)


def _sure(owners: list[tuple[int, int]]) -> tuple[int, ...]:
    """Per seat: its cards above every other hand's (count, lowest), then above every
    opponent's (count, lowest; the partner's cards in between do not stop them)."""
    out = [0] * 16
    for seat in range(4):
        n = low = 0
        for s, bit in owners:
            if s != seat:
                break
            n += 1
            low = bit
        out[4 * seat] = n
        out[4 * seat + 1] = low
        n = low = 0
        for s, bit in owners:
            if s == seat:
                n += 1
                low = bit
            elif (s - seat) & 1:
                break
        out[4 * seat + 2] = n
        out[4 * seat + 3] = low
    return tuple(out)


def _depth(order: tuple[int, ...], live: int, rel: int) -> int:
    """How many live cards, from the top, down to the lowest card of ``rel``."""
    depth = n = 0
    for c in order:
        if live >> c & 1:
            n += 1
            if rel >> c & 1:
                depth = n
    return depth


def _top_cards(order: tuple[int, ...], live: int, depth: int) -> int:
    out = 0
    for c in order:
        if depth <= 0:
            break
        if live >> c & 1:
            out |= 1 << c
            depth -= 1
    return out
