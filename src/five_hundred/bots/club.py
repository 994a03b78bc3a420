"""Level ``club``: the published design of a well-known app's 500 bots, as a yardstick.

The design is that of the TricksterBots repository on GitHub (``FiveHundredBot.cs``
with the shared helpers of ``BaseBot.cs``): a rule-based player that counts tricks to
bid and plays by fixed habits, with no search and no sampling. This module is written
from reading that design, in this project's terms (bitmask hands, the rule kernel's
trick weights, ``Knowledge`` built from the seat's view); docs/bots.md lists which
parts follow the design and where this project's Australian rules made us choose.

In short:

- **Bidding** counts sure tricks per strain: with four or more trumps, each void or
  singleton side suit is worth up to two ruffs (the lowest trumps do the ruffing);
  then every suit's top cards count when the missing higher cards can be covered by
  lower ones held ("gaps" no more than the cards below); side suits are credited only
  for the ace and the king. A trump suit shorter than five loses a trick per missing
  card, one without the ace or better loses one more; partner and kitty add about
  three tricks (less as the count grows, and one less when partner passed first);
  a suit the opponents bid is never chosen, NT needs the joker (which stops every
  suit) or stoppers everywhere and partner's NT, nothing above eight without the
  joker. The first bid with the joker and a near-opening hand is 6NT; the first
  bid otherwise names the best strain at the cheapest level (a signal to partner)
  and later bids go straight to the hand's value; partner's suit is raised by our
  tricks beyond the two partner counted on, to eight at most. Near the target, the
  side bids only what wins the game. Misère needs no joker and at most three lower
  cards out below each card held (none for open misère).
- **Discard**: in a suit contract, empty the side suits where no card can become the
  top one, then those furthest from it, then the shortest; trumps last. In NT the
  lowest cards go; in misère the joker and then the highest cards.
- **Play**: the declaring side leads trumps while holding two or more, everyone cashes
  the top card of their longest suit, avoids suits a trump-holding opponent is void
  in, leads partner's signalled suit, else throws the lowest card of the weakest
  suit. Following: the last player wins as cheaply as possible, the next-to-last
  plays high to force the last player, second hand plays the top card or low; void,
  ruff low (overruff cheaply) unless partner is surely winning or the left opponent
  is void too; the declaring side signals a good suit with its first discard.
  Misère declarer plays the highest card that still loses; defenders avoid the
  declarer's voids and known top cards, duck under him while he has to play, and
  otherwise throw their highest cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from math import floor

from five_hundred.engine import BIDDING, DISCARD_PHASE, JOKER_PHASE
from five_hundred.engine.actions import (
    JOKER_NONE,
    NAME_JOKER,
    PASS_ACTION,
    PLAY_ACTIONS,
    Action,
    CardPlay,
    Discard,
    JokerLead,
    MakeBid,
    NameJoker,
    Play,
)
from five_hundred.engine.bidding import MISERE, OPEN_MISERE, SUIT_BID, Bid, ladder_for
from five_hundred.engine.cards import (
    JOKER,
    JOKER2,
    NO_TRUMPS,
    SUITLESS,
    PlayContext,
    cards_of,
    deck,
    play_context,
)
from five_hundred.engine.knowledge import Knowledge
from five_hundred.engine.play import winning
from five_hundred.engine.rules import RuleSet

from .reasons import BidReason, BidWhy, with_hand

JOKER_BITS = (1 << JOKER) | (1 << JOKER2)
ACE = 14
PARTNER_TRICKS = 2  # what a bidder counts on from partner (1 once partner passed first)
KITTY_TRICKS = 1  # what a bidder counts on from the kitty
RAISE_CAP = 8  # partner's suit is raised to eight at most on this count
NO_JOKER_CAP = 8  # nothing above eight without the joker
MISERE_GAPS = 3  # lower cards out allowed below each card held (open misère: none)


@cache
def _order(ctx: PlayContext, suit: int, rules: RuleSet) -> tuple[int, ...]:
    """The deck's cards of effective ``suit`` under ``ctx``, strongest first."""
    cards = [c for c in deck(rules) if ctx.eff_suit[c] == suit]
    return tuple(sorted(cards, key=lambda c: (-ctx.strength[c], c)))


def _held(hand: int, order: tuple[int, ...]) -> list[int]:
    return [c for c in order if (hand >> c) & 1]


# ----------------------------------------------------------------------- bidding

def count_tricks(rules: RuleSet, hand: int, strain: int) -> int:
    """Sure tricks of ``hand`` in ``strain`` (0-3 a trump suit, ``NO_TRUMPS``) by the
    design's count: ruffs in short side suits, then top cards whose missing betters
    are covered by lower cards held. No trumps counts 0 when a suit is unstopped and
    the hand has no joker (the joker stops every suit); a trump suit of fewer than
    four cards counts 0."""
    ctx = play_context(rules, strain)
    held = [_held(hand, _order(ctx, s, rules)) for s in range(4)]
    jokers = (hand & JOKER_BITS).bit_count()
    tricks = 0
    if strain == NO_TRUMPS:
        tricks += jokers
    else:
        trumps = held[strain]  # the same list: ruffing trumps are not counted again
        if len(trumps) < 4:
            return 0
        for s in range(4):
            if s == strain:
                continue
            ruffs = min(max(0, 2 - len(held[s])), len(trumps))
            if ruffs:
                del trumps[len(trumps) - ruffs:]  # the lowest trumps ruff
                tricks += ruffs
    unstopped = False
    for s in range(4):
        order = _order(ctx, s, rules)
        place = {c: i for i, c in enumerate(order)}
        mine = held[s]
        hope = 0  # place in ``order`` of the best card not yet accounted for
        side = strain != NO_TRUMPS and s != strain
        stopped = False
        while mine:
            if side and hope > 1:
                break  # side suits: the ace and the king only (the rest gets ruffed)
            top = mine[0]
            gaps = place[top] - hope  # better cards still missing
            if gaps > len(mine) - 1:
                break  # not enough lower cards to give up to them
            tricks += 1
            stopped = True
            hope = place[top] + 1
            del mine[0]
            if gaps:
                del mine[len(mine) - gaps:]  # the lowest cards go to the missing ones
        unstopped |= not stopped
    if strain == NO_TRUMPS and unstopped and not jokers:
        return 0
    return tricks


def misere_ok(rules: RuleSet, hand: int, open_: bool) -> bool:
    """The design's misère test: no joker, and below each card held at most three
    cards of its suit that are not in the hand (open misère: none)."""
    if hand & JOKER_BITS:
        return False
    allowed = 0 if open_ else MISERE_GAPS
    ctx = play_context(rules, NO_TRUMPS)
    for s in range(4):
        out_below = 0
        for c in reversed(_order(ctx, s, rules)):  # lowest first
            if (hand >> c) & 1:
                if out_below > allowed:
                    return False
            else:
                out_below += 1
    return True


def _partner_entries(k: Knowledge) -> list[Bid | None]:
    """Partner's calls so far, in order (None for a pass)."""
    partner = (k.seat + 2) & 3
    return [b for s, b in k.auction if s == partner]


def _partner_share(partner_entries: list[Bid | None]) -> int:
    """The tricks counted on from partner: one if his first call was a pass."""
    return 1 if partner_entries and partner_entries[0] is None else PARTNER_TRICKS


@dataclass(frozen=True)
class StrainValue:
    """A strain's value by the design's count, and how it was reached."""

    value: int  # the tricks the strain is worth: what a bid in it is judged on
    own: int  # from the hand alone: sure tricks less the trump-length and no-ace marks
    added: int  # counted on from partner and the kitty, or from partner's bid raised
    raised: Bid | None  # partner's bid in this strain, raised


def strain_values(k: Knowledge) -> dict[int, int]:
    """Tricks the seat is worth in each strain (0-3, ``NO_TRUMPS``) after the design's
    adjustments for trump length and quality, partner's bids, the opponents' bids and
    the kitty."""
    return {t: p.value for t, p in strain_parts(k).items()}


def strain_parts(k: Knowledge) -> dict[int, StrainValue]:
    """``strain_values`` with the parts of each value."""
    rules, hand, me = k.rules, k.hand, k.seat
    mine = [b for s, b in k.auction if s == me]
    partner_entries = _partner_entries(k)
    partner_bids = [b for b in partner_entries if b is not None and b.kind == SUIT_BID]
    opp_bids = [b for s, b in k.auction
                if (s - me) % 2 == 1 and b is not None and b.kind == SUIT_BID]
    share = _partner_share(partner_entries)
    has_joker = bool(hand & JOKER_BITS)
    my_last = mine[-1] if mine else None
    out: dict[int, StrainValue] = {}
    for t in range(5):
        v = count_tricks(rules, hand, t)
        partner_named = [b for b in partner_bids if b.trump == t]
        if t != NO_TRUMPS and not partner_named:
            ctx = play_context(rules, t)
            trumps = _held(hand, _order(ctx, t, rules))
            if len(trumps) < 5:
                v -= 5 - len(trumps)
            if trumps and ctx.strength[trumps[0]] < ACE:
                v -= 1  # no ace or better in trumps
        own = v
        raised: Bid | None = None
        if any(b.trump == t for b in opp_bids):
            v = own = 0  # stay clear of the opponents' strain
        elif t == NO_TRUMPS and not has_joker and not partner_named:
            v = own = 0  # no NT without the joker
        elif partner_named and not (my_last is not None and my_last.kind == SUIT_BID
                                    and my_last.trump == t):
            raised = partner_named[-1]
            v = max(v, min(RAISE_CAP, v + raised.tricks - share))
        elif 0 < v < 8:
            # Partner and kitty, counted for less as our own count grows.
            v += floor((share + KITTY_TRICKS) * min(1.0, 4.0 / v))
        if v > NO_JOKER_CAP and not has_joker:
            v = NO_JOKER_CAP
        out[t] = StrainValue(v, own, v - own, raised)
    return out


def bid_plan(k: Knowledge) -> Action:
    """The design's bidding: the Australian 6NT opener; else the highest bid the strain
    values (or the misère judgement) support, named as cheaply as possible while
    partner may still bid, and no more than the game needs once it would win it."""
    return bid_with_reason(k)[0]


def bid_with_reason(k: Knowledge) -> tuple[Action, BidReason]:
    """``bid_plan``'s decision with the facts that made it (``reasons.BidReason``)."""
    ladder = ladder_for(k.rules)
    legal = sorted(((ladder.bids[a.ladder_index], a) for a, _ in k.legal
                    if isinstance(a, MakeBid)),
                   key=lambda ba: (ba[0].rank, ba[0].kind))
    if not legal:
        return PASS_ACTION, BidReason("club", None, "short")
    opener = _australian_opener(k, legal)
    if isinstance(opener, MakeBid):
        sure = count_tricks(k.rules, k.hand, NO_TRUMPS)
        return opener, with_hand(BidReason(
            "club", ladder.bids[opener.ladder_index].code, "opener", own=sure,
            allowance=_partner_share(_partner_entries(k)) + KITTY_TRICKS, needed=6),
            k.rules, k.hand, NO_TRUMPS)
    parts = strain_parts(k)
    matches = _supported_bids(k, legal)
    if not matches:
        return PASS_ACTION, _club_pass(k, parts, legal)
    choice = _cheap_first_strain(k, matches)
    why: BidWhy = "count"
    if choice[0].value + k.scores[k.seat & 1] >= k.rules.target:
        act = _game_bid(k, matches)
        if act == PASS_ACTION:
            return act, _club_reason(k, None, "game_won", choice[0], parts)
        choice = next(m for m in matches if m[1] == act)
        why = "game"
    elif choice[0] != matches[-1][0]:
        why = "name_suit"
    b = choice[0]
    if b.kind in (MISERE, OPEN_MISERE):
        return choice[1], with_hand(BidReason("club", b.code, "misere"), k.rules, k.hand,
                                    NO_TRUMPS)
    return choice[1], _club_reason(k, b.code, why, b, parts)


def _club_reason(k: Knowledge, code: str | None, why: BidWhy, b: Bid,
                 parts: dict[int, StrainValue]) -> BidReason:
    p = parts.get(b.trump) if b.kind == SUIT_BID else None
    if p is None:
        return BidReason("club", code, why, needed=b.tricks)
    return with_hand(BidReason("club", code, why, own=p.own, allowance=p.added,
                               partner_bid=p.raised.code if p.raised else None,
                               needed=b.tricks), k.rules, k.hand, b.trump)


def _club_pass(k: Knowledge, parts: dict[int, StrainValue],
               legal: list[tuple[Bid, MakeBid]]) -> BidReason:
    """Why no bid: every strain worth nothing, or the best short of its cheapest bid."""
    best = max(range(5), key=lambda t: (parts[t].value, -t))
    p = parts[best]
    cheapest = next((b.tricks for b, _a in legal if b.kind == SUIT_BID and b.trump == best),
                    0)
    why: BidWhy = "no_strain" if p.value <= 0 else "short"
    return with_hand(BidReason("club", None, why, own=p.own, allowance=p.added,
                               partner_bid=p.raised.code if p.raised else None,
                               needed=cheapest), k.rules, k.hand, best)


def _australian_opener(k: Knowledge, legal: list[tuple[Bid, MakeBid]]) -> Action | None:
    """The Australian opener: the first call of our side, the joker and a little more
    bid 6NT at once."""
    mine = [b for s, b in k.auction if s == k.seat]
    partner_entries = _partner_entries(k)
    share = _partner_share(partner_entries)
    if (not mine and not partner_entries and k.hand & JOKER_BITS
            and count_tricks(k.rules, k.hand, NO_TRUMPS) >= 6 - share - KITTY_TRICKS):
        for b, a in legal:
            if b.kind == SUIT_BID and b.trump == NO_TRUMPS and b.tricks == 6:
                return a
    return None


def _supported_bids(k: Knowledge, legal: list[tuple[Bid, MakeBid]]) -> list[tuple[Bid, MakeBid]]:
    """The legal bids the hand supports, cheapest first: a suit or NT bid within the
    strain's value, misère when ``misere_ok``; never blind misère (V5) or a game bid
    (V6)."""
    values = strain_values(k)
    matches: list[tuple[Bid, MakeBid]] = []
    for b, a in legal:
        if b.kind == SUIT_BID:
            ok = b.tricks <= values[b.trump]
        elif b.kind in (MISERE, OPEN_MISERE):
            ok = misere_ok(k.rules, k.hand, b.kind == OPEN_MISERE)
        else:
            ok = False
        if ok:
            matches.append((b, a))
    return matches


def _same_strain(a: Bid, b: Bid) -> bool:
    return a.kind == b.kind and a.trump == b.trump


def _cheap_first_strain(k: Knowledge, matches: list[tuple[Bid, MakeBid]]) -> tuple[Bid, MakeBid]:
    """The highest supported bid; but our side's first suit bid while partner may still
    bid names the strain as cheaply as possible."""
    best = matches[-1][0]
    mine = [b for s, b in k.auction if s == k.seat]
    partner_entries = _partner_entries(k)
    partner_in = not partner_entries or partner_entries[-1] is not None
    if not mine and partner_in and best.kind == SUIT_BID:
        return next(m for m in matches if _same_strain(m[0], best))
    return matches[-1]


def _game_bid(k: Knowledge, matches: list[tuple[Bid, MakeBid]]) -> Action:
    """Where the chosen strain would win the game: bid only what wins it, and pass when
    our side's high bid already does and both opponents have passed."""
    rules, me = k.rules, k.seat
    score = k.scores[me & 1]
    high = k.high
    ours = k.high_bidder >= 0 and (k.high_bidder - me) % 2 == 0
    opps_out = all(any(s == o and b is None for s, b in k.auction)
                   for o in ((me + 1) & 3, (me + 3) & 3))
    if ours and high is not None and high.value + score >= rules.target and opps_out:
        return PASS_ACTION
    best = matches[-1][0]
    enough = [m for m in matches
              if _same_strain(m[0], best) and m[0].value + score >= rules.target]
    return enough[0][1] if enough else PASS_ACTION


# ----------------------------------------------------------------------- exchange

def discard_plan(k: Knowledge) -> Action:
    rules, hand = k.rules, k.hand
    bid = k.bid
    assert bid is not None
    n = rules.kitty_size
    cards = list(cards_of(hand))
    if bid.is_misere:
        ctx = play_context(rules, NO_TRUMPS)

        def below_out(c: int) -> int:
            order = _order(ctx, ctx.eff_suit[c], rules)
            return sum(1 for d in order if ctx.strength[d] < ctx.strength[c]
                       and not (hand >> d) & 1)

        def misere_key(c: int) -> tuple[int, int, int, int]:
            if ctx.eff_suit[c] == SUITLESS or ctx.eff_suit[c] == ctx.trump:
                return (0, 0, 0, c)  # the joker goes first
            return (1, -ctx.strength[c], -below_out(c), c)

        chosen = sorted(cards, key=misere_key)[:n]
    elif bid.trump == NO_TRUMPS:
        ctx = play_context(rules, NO_TRUMPS)

        def length(c: int) -> int:
            e = ctx.eff_suit[c]
            return (hand & ctx.suit_mask[e]).bit_count() if e >= 0 else 0

        chosen = sorted(cards, key=lambda c: (ctx.strength[c], -length(c), c))[:n]
    else:
        trump = bid.trump
        ctx = play_context(rules, trump)
        groups: list[tuple[tuple[bool, bool, int, int, int], list[int]]] = []
        for s in range(4):
            order = _order(ctx, s, rules)
            mine = _held(hand, order)
            if not mine:
                continue
            above = order.index(mine[0])  # better cards of the suit not held
            can_top = above <= len(mine) - 1  # enough cards to wait for the top
            groups.append(((s == trump, can_top, -above, len(mine), s), mine[::-1]))
        groups.sort(key=lambda g: g[0])
        flat = [c for _, g in groups for c in g]
        chosen = flat[:n]
    return Discard(chosen)


def joker_plan(k: Knowledge) -> Action:
    """Name the joker (R23): keep it suitless in NT (the design's joker is the NT
    trump); in misère name our shortest suit, where it is never forced to follow."""
    legal = [a for a, _ in k.legal if isinstance(a, NameJoker)]
    bid = k.bid
    if bid is not None and bid.is_misere:
        ctx = play_context(k.rules, NO_TRUMPS)
        for s in sorted(range(4), key=lambda s: ((k.hand & ctx.suit_mask[s]).bit_count(), s)):
            if NAME_JOKER[s] in legal:
                return NAME_JOKER[s]
    none = NAME_JOKER[JOKER_NONE]
    return none if none in legal else legal[0]


# ----------------------------------------------------------------------- card play

class _Table:
    """The seat's view of the card play in the design's terms."""

    def __init__(self, k: Knowledge) -> None:
        assert k.ctx is not None and k.kernel is not None and k.bid is not None
        self.k = k
        self.ctx = ctx = k.ctx
        self.st = ctx.strength
        self.eff = ctx.eff_suit
        self.trump = ctx.trump  # -1 (NT, misère), 0-3, or NO_TRUMPS (V6 jokers)
        self.suit_contract = 0 <= ctx.trump < 4
        self.out = k.unseen() | k.exposed  # cards someone else may hold
        self.partner = (k.seat + 2) & 3
        self.defending = not k.dec_side(k.seat)

    def is_trump(self, c: int) -> bool:
        """A trump, the suitless joker included (the design's NT 'trump')."""
        e = self.eff[c]
        return e == SUITLESS or (self.trump >= 0 and e == self.trump)

    def suit_cards(self, s: int) -> tuple[int, ...]:
        return _order(self.ctx, s, self.k.rules)

    def is_high(self, c: int, known: int) -> bool:
        """No card of ``c``'s suit outside ``known`` ranks above it."""
        e = self.eff[c]
        if e == SUITLESS:
            return True
        for d in self.suit_cards(e):
            if d == c:
                return True
            if not (known >> d) & 1:
                return False
        return True  # pragma: no cover - c is in its own suit

    def between(self, lo: int, hi: int) -> bool:
        """Some card still out ranks between ``lo`` and ``hi`` (same suit)."""
        e = self.eff[hi]
        if e == SUITLESS or self.eff[lo] != e:
            return True
        return any(self.st[lo] < self.st[d] < self.st[hi] and (self.out >> d) & 1
                   for d in self.suit_cards(e))

    def void(self, seat: int, s: int) -> bool:
        """``seat`` is known to hold no card of effective suit ``s``."""
        k = self.k
        mask = self.ctx.suit_mask[s]
        if seat == k.declarer and k.exposed:
            return not (k.exposed & mask)
        return bool((k.voids[seat] >> s) & 1) or not (self.out & mask)

    def lowest(self, cards: list[int]) -> int:
        return min(cards, key=lambda c: (self.st[c], c))

    def highest(self, cards: list[int]) -> int:
        return max(cards, key=lambda c: (self.st[c], -c))

    def first_void_card(self, seat: int) -> int:
        """The card ``seat`` played the first time it could not follow (-1: never)."""
        for plays, _, led in [*self.k.tricks, (tuple(self.k.trick), -1, self.k.led)]:
            for i, (s, c) in enumerate(plays):
                if i and s == seat and self.eff[c] != led:
                    return c
        return -1

    def good_suit(self) -> int:
        """The suit partner signalled (-1: none). On the declaring side, the suit of
        partner's first discard when void; defending, partner's first suit bid."""
        k = self.k
        if not self.defending:
            c = self.first_void_card(self.partner)
            s = self.eff[c] if c >= 0 else -1
        else:
            bids = [b for seat, b in k.auction if seat == self.partner and b is not None
                    and b.kind == SUIT_BID and b.trump < 4]
            s = bids[0].trump if bids else -1
        return -1 if s < 0 or s == self.trump else s


def play_plan(k: Knowledge) -> CardPlay:
    acts = [a for a, _ in k.legal if isinstance(a, (Play, JokerLead))]
    if len(acts) == 1:
        return acts[0]
    t = _Table(k)
    cards = sorted({a.card for a in acts})
    if not k.trick and t.eff[JOKER] == SUITLESS and JOKER in cards and len(cards) > 1:
        cards.remove(JOKER)  # NT: never lead the suitless joker while there is a choice
    bid = k.bid
    assert bid is not None
    if bid.is_misere and k.seat == k.declarer:
        card = _dump(t, cards)
    elif bid.is_misere:
        card = _bust_misere(t, cards)
    else:
        card = _take(t, cards)
    if PLAY_ACTIONS[card] in acts:
        return PLAY_ACTIONS[card]
    # A suitless-joker lead names a suit (R26): our longest among those allowed.
    names = [a for a in acts if isinstance(a, JokerLead) and a.card == card]
    return max(names, key=lambda a: ((k.hand & t.ctx.suit_mask[a.suit]).bit_count(), -a.suit))


def _winning(t: _Table) -> tuple[int, int, int]:
    """(seat winning the trick so far, its card, the card's weight)."""
    k = t.k
    assert k.kernel is not None
    seat, w = winning(k.kernel.rows[k.led], k.trick)
    card = next(c for s, c in k.trick if s == seat)
    return seat, card, w


def _weight(t: _Table, c: int) -> int:
    assert t.k.kernel is not None
    return t.k.kernel.rows[t.k.led][c]


def _take(t: _Table, cards: list[int]) -> int:
    """The design's play for tricks (suit and NT contracts)."""
    k = t.k
    played = k.played
    if not k.trick:
        return _lead(t, cards)
    active = 4 if k.out_seat < 0 else 3
    last = len(k.trick) == active - 1
    next_to_last = len(k.trick) == active - 2
    win_seat, win_card, win_w = _winning(t)
    partner_wins = win_seat == t.partner
    partner_sure = partner_wins and (last or t.is_high(win_card, played | k.hand))
    trick_trumped = any(t.is_trump(c) for _, c in k.trick)
    led_trump = t.is_trump(k.trick[0][1])
    pick: int | None = None
    if any(t.eff[c] == k.led for c in cards):
        if led_trump or not trick_trumped:
            high = max(cards, key=lambda c: (_weight(t, c), -c))
            if partner_sure:
                pass  # leave partner's trick alone
            elif last:
                beats = [c for c in cards if _weight(t, c) > win_w]
                pick = min(beats, key=lambda c: _weight(t, c)) if beats else None
            elif next_to_last:
                # Play high to keep the last player from winning cheaply; over partner
                # only when our card is really better than partner's.
                if _weight(t, high) > win_w and (not partner_wins
                                                  or t.between(win_card, high)):
                    pick = high
            elif t.is_high(high, played) and _weight(t, high) > win_w:
                pick = high  # second hand: the top card, else low
    elif any(t.is_trump(c) for c in cards):
        lho = _next_active(k, k.seat)
        if (len(k.trick) == 1 and t.void(lho, k.led)
                and not t.is_high(win_card, played)):
            pass  # second hand, left opponent void too: leave the ruff to partner
        elif partner_sure:
            pick = _signal(t, cards)
        elif not trick_trumped:
            pick = t.lowest([c for c in cards if t.is_trump(c)])
        else:
            over = [c for c in cards if t.is_trump(c) and _weight(t, c) > win_w]
            pick = min(over, key=lambda c: _weight(t, c)) if over else None
    else:
        pick = _signal(t, cards)
    if pick is not None:
        return pick
    if all(t.is_trump(c) for c in cards):
        return t.lowest(cards)
    return _weakest(t, cards)


def _next_active(k: Knowledge, seat: int) -> int:
    n = (seat + 1) & 3
    return (n + 1) & 3 if n == k.out_seat else n


def _lead(t: _Table, cards: list[int]) -> int:
    k = t.k
    trump = t.trump
    me = k.seat
    lho, rho, partner = (me + 1) & 3, (me + 3) & 3, t.partner

    def narrow(keep: list[int]) -> None:
        if keep:
            cards[:] = keep

    if t.suit_contract:
        if t.defending:
            narrow([c for c in cards if not t.is_trump(c)])  # don't help the declarer
        if not t.void(rho, trump):
            narrow([c for c in cards if not t.void(rho, t.eff[c])])
        if not t.void(lho, trump):
            narrow([c for c in cards if not (t.void(lho, t.eff[c]) and (
                t.void(partner, trump) or not t.void(partner, t.eff[c])))])
        if t.void(lho, trump) and t.void(rho, trump):
            narrow([c for c in cards if not t.is_trump(c)])
        elif not t.defending:
            trumps = [c for c in cards if t.is_trump(c)]
            if len(trumps) > 1:
                cards[:] = trumps  # draw trumps while we hold two or more

    def held_in(c: int) -> int:
        return sum(1 for d in cards if t.eff[d] == t.eff[c])

    tops = [c for c in cards if t.is_high(c, k.played)]
    if tops:
        return max(tops, key=lambda c: (held_in(c), t.st[c], -c))
    good = t.good_suit()
    in_good = [c for c in cards if t.eff[c] == good]
    if in_good:
        return t.lowest(in_good)
    if t.suit_contract and not t.void(partner, trump):
        narrow([c for c in cards if t.void(partner, t.eff[c])])  # partner may ruff
    if all(t.is_trump(c) for c in cards):
        return t.lowest(cards)
    return _weakest(t, cards)


def _signal(t: _Table, cards: list[int]) -> int | None:
    """The declaring side's first discard when void shows a good suit: low from a
    suit where we hold the top card and another, or a singleton when we hold trumps."""
    k = t.k
    if t.defending:
        return None
    first = t.first_void_card(k.seat)
    if first >= 0 and not (t.suit_contract and t.is_trump(first)):
        return None  # already signalled
    plain = [c for c in cards if not t.is_trump(c)]
    if not plain:
        return None
    has_trump = len(plain) < len(cards)
    suits = sorted({t.eff[c] for c in plain},
                   key=lambda s: t.lowest([c for c in plain if t.eff[c] == s]))
    groups = {s: [c for c in plain if t.eff[c] == s] for s in suits}
    for s in suits:
        g = groups[s]
        if len(g) > 1 and t.is_high(t.highest(g), k.played):
            return t.lowest(g)
    for s in suits:
        if len(groups[s]) == 1 and has_trump:
            return groups[s][0]
    return None


def _weakest(t: _Table, cards: list[int]) -> int:
    """The lowest card of the weakest suit: a singleton that is not the top card
    (from the suit with most cards still out), else low from a doubleton that holds
    nothing to wait for, else low from the longest suit."""
    k = t.k
    plain = [c for c in cards if not t.is_trump(c)]
    if not plain:
        return t.lowest(cards)
    groups: dict[int, list[int]] = {}
    for c in sorted(plain, key=lambda c: (t.st[c], c)):
        groups.setdefault(t.eff[c], []).append(c)

    def seen(s: int) -> int:
        return (k.played & t.ctx.suit_mask[s]).bit_count()

    singles = [g[0] for s, g in groups.items() if len(g) == 1 and not t.is_high(g[0], k.played)]
    if singles:
        return min(singles, key=lambda c: (seen(t.eff[c]), t.st[c], c))
    for s in sorted((s for s, g in groups.items() if len(g) == 2), key=lambda s: (seen(s), s)):
        lo, hi = groups[s]
        if t.is_high(hi, k.played) and t.between(lo, hi):
            return lo  # keep the top card, throw the one below it
        known = k.played | k.hand
        second = [d for d in (lo, hi) if not t.is_high(d, known)
                  and sum(1 for e in t.suit_cards(s)
                          if t.st[e] > t.st[d] and (t.out >> e) & 1) == 1]
        if not second:
            return lo  # no card one step from the top to guard
    return min(plain, key=lambda c: (-len(groups[t.eff[c]]), t.st[c], c))


# ----------------------------------------------------------------------- misère

def _dump(t: _Table, cards: list[int], take_high: bool = False) -> int:
    """Try not to win the trick: lead the lowest card; follow with the highest card
    that stays under the winner (the highest of all once the trick is trumped, or
    when playing last and nothing stays under); void, throw the highest card."""
    k = t.k
    if not k.trick:
        def safety(c: int) -> tuple[int, int, int]:
            above = sum(1 for d in t.suit_cards(t.eff[c])
                        if t.st[d] > t.st[c] and (t.out >> d) & 1) if t.eff[c] >= 0 else 0
            return (t.st[c], -above, c)
        return min(cards, key=safety)
    active = 4 if k.out_seat < 0 else 3
    last = len(k.trick) == active - 1
    _, _, win_w = _winning(t)
    trumped = any(t.is_trump(c) for _, c in k.trick)
    pick: int | None = None
    if any(t.eff[c] == k.led for c in cards):
        if trumped and not t.is_trump(k.trick[0][1]):
            pick = t.highest(cards)
        else:
            under = [c for c in cards if _weight(t, c) < win_w]
            if under:
                pick = t.highest(under)
            elif take_high or last:
                pick = t.highest(cards)
    else:
        plain = [c for c in cards if not t.is_trump(c)]
        if trumped:
            under = [c for c in cards if t.is_trump(c) and _weight(t, c) < win_w]
            pick = t.highest(under) if under else (t.highest(plain) if plain else None)
        else:
            pick = _most_dangerous(t, plain) if plain else t.highest(cards)
    if pick is not None:
        return pick
    plain = [c for c in cards if not t.is_trump(c)]
    return t.lowest(plain) if plain else t.lowest(cards)


def _most_dangerous(t: _Table, cards: list[int]) -> int:
    """The highest card; among equals the one with most lower cards still out."""
    def below(c: int) -> int:
        return sum(1 for d in t.suit_cards(t.eff[c])
                   if t.st[d] < t.st[c] and (t.out >> d) & 1)
    return max(cards, key=lambda c: (t.st[c], below(c), -c))


def _bust_misere(t: _Table, cards: list[int]) -> int:
    """Defence against misère, after the design."""
    k = t.k
    dec = k.declarer
    if not k.trick:
        known = k.played | k.hand
        keep = [c for c in cards if not (t.eff[c] >= 0 and t.void(dec, t.eff[c]))
                and not t.is_high(c, known)]
        if not keep:
            # Allow the declarer's voids (partner may take the lead) but not top cards.
            keep = [c for c in cards if not t.is_high(c, known)]
        return _dump(t, keep or cards)
    dec_to_play = all(s != dec for s, _ in k.trick)
    if dec_to_play and not t.void(dec, k.led):
        return _dump(t, cards)  # duck: the declarer still has to follow
    win_seat, _, _ = _winning(t)
    if win_seat == dec:
        return _dump(t, cards, take_high=True)  # stay under him, else go high
    trumps = [c for c in cards if t.is_trump(c)]
    return t.highest(trumps) if trumps else t.highest(cards)


# ----------------------------------------------------------------------- entry point

def decide(k: Knowledge, rng: random.Random) -> Action:
    """The club player's decision (deterministic: ``rng`` is not consulted)."""
    del rng
    if k.phase == BIDDING:
        return bid_plan(k)
    if k.phase == DISCARD_PHASE:
        return discard_plan(k)
    if k.phase == JOKER_PHASE:
        return joker_plan(k)
    return play_plan(k)
