"""Deal the cards a seat has not seen, consistently with everything it has seen.

The unseen cards go to the other seats (as many as each still holds) and, when the
seat is not the declarer, ``kitty_size`` of them to the discard pile (R17: the
declarer's discards lie face down; before the auction ends, the kitty). A seat never
gets a card of an effective suit it has shown void in (the left bower and the joker
are trumps in a suit contract, R2), nor the suitless joker when it failed to play it
while void in misère (R25). What the auction makes likely is a soft bias: a hand
that bid a suit is resampled (with some probability) when it holds few of its trumps.

``weighted_sample`` goes further (``hard``'s card play): it deals several candidate
deals and keeps one with probability proportional to how well it explains the
auction (``auction_weight``): every bid and every pass of the other seats is judged
by the rule-based bidding model's trick estimates (``hand_strength.suit_tricks`` and
``nt_tricks``) for the hand the sampled deal gives that seat, and a misère bid by
how low the hand is. The kept deals follow the auction's evidence (sampling-
importance-resampling) at the cost of dealing more candidates, which is cheap next
to solving them.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from five_hundred.engine import BIDDING
from five_hundred.engine.bidding import MISERE, OPEN_MISERE, SUIT_BID, Bid
from five_hundred.engine.cards import (
    JOKER,
    JOKERS,
    NO_TRUMPS,
    SUITLESS,
    PlayContext,
    cards_of,
    play_context,
)
from five_hundred.engine.knowledge import Knowledge
from five_hundred.engine.rules import RuleSet

from .hand_strength import nt_tricks, suit_tricks, trump_count

PILE = 4  # index of the discard pile / kitty among the holders


def _capacities(k: Knowledge) -> list[int]:
    caps = [0, 0, 0, 0, 0]
    for s in range(4):
        if s == k.seat:
            continue
        if k.exposed and s == k.declarer:
            continue  # open misère: the declarer's hand is known
        caps[s] = k.hand_sizes[s] if k.phase != BIDDING else k.rules.hand_size
    if k.phase == BIDDING or (k.discards == 0 and k.kitty == 0 and k.seat != k.declarer):
        caps[PILE] = k.rules.kitty_size
    return caps


def _allowed(k: Knowledge, card: int) -> list[int]:
    ctx = k.ctx
    out = []
    for s in range(4):
        if s == k.seat:
            continue
        if ctx is not None:
            e = ctx.eff_suit[card]
            if e >= 0 and (k.voids[s] >> e) & 1:
                continue
        if card == JOKER and k.no_joker[s]:
            continue
        out.append(s)
    out.append(PILE)
    return out


def sample_hands(k: Knowledge, rng: random.Random, tries: int = 60,
                 plausible: bool = True) -> list[int]:
    """Hands of the four seats (own hand, known exposed hand, sampled others) plus the
    pile as a fifth mask: ``[north, east, south, west, pile]``. ``plausible``: redeal
    (up to ``tries`` times) a deal where a suit bidder holds few trumps."""
    return _deal(k, _prepare(k), rng, tries, plausible)


Prepared = tuple[list[int], list[int], dict[int, list[int]]]


def _prepare(k: Knowledge) -> Prepared:
    """What every deal of ``k`` shares: capacities, unseen cards, their holders."""
    caps0 = _capacities(k)
    unseen = list(cards_of(k.unseen()))
    allowed = {c: [h for h in _allowed(k, c) if caps0[h] > 0] for c in unseen}
    unseen.sort(key=lambda c: len(allowed[c]))
    return caps0, unseen, allowed


def _deal(k: Knowledge, prep: Prepared, rng: random.Random, tries: int,
          plausible: bool) -> list[int]:
    caps0, unseen, allowed = prep
    best: list[int] | None = None
    for attempt in range(tries):
        caps = list(caps0)
        masks = [0, 0, 0, 0, 0]
        ok = True
        order = list(unseen)
        # Most constrained first, random among equals.
        rng.shuffle(order)
        order.sort(key=lambda c: len(allowed[c]))
        for c in order:
            opts = [h for h in allowed[c] if caps[h] > 0]
            if not opts:
                ok = False
                break
            total = sum(caps[h] for h in opts)
            r = rng.randrange(total)
            for h in opts:
                r -= caps[h]
                if r < 0:
                    break
            masks[h] |= 1 << c
            caps[h] -= 1
        if not ok:
            continue
        if plausible and attempt < tries - 1 and not _plausible(k, masks, rng):
            best = masks
            continue
        best = masks
        break
    if best is None:  # no consistent deal found (should not happen): deal ignoring voids
        best = [0, 0, 0, 0, 0]
        caps = list(caps0)
        for c in unseen:
            h = next(h for h in range(5) if caps[h] > 0)
            best[h] |= 1 << c
            caps[h] -= 1
    best[k.seat] = k.hand
    if k.exposed:
        best[k.declarer] = k.exposed
    return best


def _plausible(k: Knowledge, masks: list[int], rng: random.Random) -> bool:
    """Soft auction inference: a seat that bid a suit usually holds 4+ of its trumps."""
    for seat, bid in k.auction:
        if seat == k.seat or bid is None or bid.kind != SUIT_BID or bid.trump > 3:
            continue
        ctx = play_context(k.rules, bid.trump)
        held = (masks[seat] | k.played_by[seat]) & ctx.suit_mask[bid.trump]
        if held.bit_count() < 3 and rng.random() < 0.7:
            return False
    return True


# ----------------------------------------------------------------- auction weights

SLOPE = 0.7  # tricks: how sharply a bid's likelihood falls as the estimate drops below it
PASS_FLOOR = 0.1  # a strong hand may still pass (partner's contract, a human's caution)
BID_FLOOR = 0.002  # nor is a bid ever ruled out: the bidder may judge otherwise


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


@lru_cache(maxsize=1 << 16)
def _strain_totals(rules: RuleSet, hand: int) -> tuple[tuple[float, int], ...]:
    """Per strain (the four suits, then NT) the rule-based model's estimate of the
    tricks the hand's side takes with it (``normal.bid_plan``'s sums: the hand's tricks
    plus partner and kitty) and its trump count (NT: suits stopped)."""
    allowance = 1.4 + (0.5 if rules.kitty_size >= 3 else 0.0) + (
        0.6 if rules.kitty_size >= 6 else 0.0)
    out = []
    for t in range(4):
        est, n = suit_tricks(rules, hand, t)
        out.append((est + allowance, n))
    est, stopped = nt_tricks(rules, hand)
    out.append((est + allowance - 0.3, stopped))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def misere_badness(hand: int) -> float:
    """How unlike a misère hand ``hand`` is: its high cards (ten 1 ... ace 5), the
    joker worth most; a misère bidder's hand scores low."""
    bad = 0.0
    for c in cards_of(hand):
        if c in JOKERS:
            bad += 6.0
        else:
            bad += max(0, (c & 15) - 9)
    return bad


def _cheapest(trump: int, high_rank: int) -> int:
    """The fewest tricks of a bid in ``trump`` that outranks ``high_rank`` (11: none)."""
    for tricks in range(6, 11):
        if ((tricks - 6) * 5 + trump) * 10 > high_rank:
            return tricks
    return 11


def _support(rules: RuleSet, hand: int, trump: int, tricks: int,
             partner_trump: int, partner_tricks: int) -> float:
    """Likelihood that the model would bid ``tricks`` in ``trump`` (or more)."""
    total, n = _strain_totals(rules, hand)[trump]
    if trump == NO_TRUMPS:
        if rules.jokers == 1 and not hand >> JOKER & 1:
            total -= 1.5  # NT without the joker is rare
        if n < 3:
            total -= 1.0 * (3 - n)
    else:
        if partner_trump == trump:
            raise_to = partner_tricks + max(0.0, total - 3.7)  # bid_plan's raise
            total = max(total, raise_to) if n >= 3 else total
        if n < 4:
            total -= 1.2 * (4 - n)  # short trumps: the model wants four
    return _logistic((total - tricks) / SLOPE + 0.5)


def _contender(rules: RuleSet, hand: int, trump: int, partner_trump: int) -> bool:
    """Whether the strain could support a bid at all (a cheap test that spares most
    trick estimates): four trumps (three in partner's suit), NT with the joker."""
    if trump == NO_TRUMPS:
        return rules.jokers > 1 or bool(hand >> JOKER & 1)
    return trump_count(rules, hand, trump) >= (3 if trump == partner_trump else 4)


def auction_weight(k: Knowledge, masks: list[int], opponent_passes: bool = True) -> float:
    """How well the sampled deal ``masks`` explains the auction: the product over the
    other seats' calls of the likelihood that each seat, holding the sampled hand (and
    the cards it has played since), would have made that call. Bids: the strain's
    estimate at least the bid's tricks; a pass: no strain supported at its cheapest
    legal level; misère: a low hand. The hand of the declarer after the exchange
    stands for the one he bid with (his kitty is unknown to the others).
    ``opponent_passes`` False: the other side's passes explain every hand (the model
    is the partner's, a player like this one; other players pass hands it would bid)."""
    rules = k.rules
    weight = 1.0
    high_rank = -1
    last_suit: dict[int, Bid] = {}
    for seat, bid in k.auction:
        known = seat == k.seat or (k.exposed and seat == k.declarer)
        if not known:
            hand = masks[seat] | k.played_by[seat]
            partner = last_suit.get((seat + 2) & 3)
            pt = partner.trump if partner is not None else -1
            pl = partner.tricks if partner is not None else 0
            if bid is None:
                if not opponent_passes and (seat - k.seat) & 1:
                    continue  # a pass sets neither the high bid nor a suit (below)
                best = 0.0
                for t in range(5):
                    lv = _cheapest(t, high_rank)
                    if lv <= 10 and _contender(rules, hand, t, pt):
                        best = max(best, _support(rules, hand, t, lv, pt, pl))
                weight *= max(PASS_FLOOR, 1.0 - best)
            elif bid.kind == SUIT_BID:
                weight *= max(BID_FLOOR, _support(rules, hand, bid.trump, bid.tricks, pt, pl))
            elif bid.kind in (MISERE, OPEN_MISERE):
                # A misère hand has about four points of high cards or fewer (open: two).
                limit = 2.0 if bid.kind == OPEN_MISERE else 4.0
                weight *= max(BID_FLOOR, math.exp(-0.6 * max(0.0, misere_badness(hand) - limit)))
        if bid is not None:
            high_rank = max(high_rank, bid.rank)
            if bid.kind == SUIT_BID:
                last_suit[seat] = bid
    return weight


# ------------------------------------------------------------------ play weights

# What a seat's cards say. A seat that could not win the trick plays its lowest card
# of the suit (follows low, discards low): a deal that gives it a lower card of the
# suit it played then is less likely by these factors. The last to play wins as
# cheaply as it can: a deal that gives it a cheaper winner is less likely too. Not
# applied in misère, where the declarer's side wants to lose tricks and the
# defenders' plays are less predictable.
FOLLOW_SIGNAL = 0.3  # followed suit with a loser while holding a lower card of the suit
DISCARD_SIGNAL = 0.6  # threw a card while holding a lower one of its suit
WIN_SIGNAL = 0.4  # last to play, won while holding a cheaper card that also wins
# Whether the card play's weighted deals (``weighted_sample``) read the play too, by
# ``play_weight`` (issue 26 asked for it; measured in docs/bots.md, off until it gains).
PLAY_SIGNALS = 0


@lru_cache(maxsize=64)
def _below(ctx: PlayContext) -> tuple[int, ...]:
    """Per card, the mask of the cards of its effective suit ranked below it."""
    out = [0] * 64
    for c in range(64):
        e = ctx.eff_suit[c]
        if e == SUITLESS:
            continue
        out[c] = sum(1 << d for d in range(64)
                     if d != c and ctx.eff_suit[d] == e and ctx.strength[d] < ctx.strength[c])
    return tuple(out)


def play_weight(k: Knowledge, masks: list[int]) -> float:
    """How well the sampled deal ``masks`` explains the cards played so far: the
    product, over every card another seat played second or later in a trick, of the
    signal factors above when the hand the deal gives that seat (with the cards it
    played since) held a cheaper card that would have done the same."""
    ctx, kern, bid = k.ctx, k.kernel, k.bid
    if ctx is None or kern is None or bid is None or bid.is_misere:
        return 1.0
    below = _below(ctx)
    eff = ctx.eff_suit
    last = 2 if k.out_seat >= 0 else 3
    later = [0, 0, 0, 0]  # cards each seat played after the trick being read
    weight = 1.0
    tricks = [(tuple(k.trick), k.led)] if k.trick else []
    tricks += [(plays, led) for plays, _w, led in reversed(k.tricks)]
    for plays, led in tricks:
        if not 0 <= led < 5:
            for s, c in plays:
                later[s] |= 1 << c
            continue
        row = kern.rows[led]
        best = row[plays[0][1]]
        for i, (s, c) in enumerate(plays):
            if i and s != k.seat and not (k.exposed and s == k.declarer):
                hand = masks[s] | later[s]
                v = row[c]
                if v < best:
                    if hand & below[c]:
                        weight *= FOLLOW_SIGNAL if eff[c] == led else DISCARD_SIGNAL
                elif i == last:
                    cheaper = hand & below[c]
                    while cheaper:
                        low = cheaper & -cheaper
                        if row[low.bit_length() - 1] > best:
                            weight *= WIN_SIGNAL
                            break
                        cheaper ^= low
            best = max(best, row[c])
        for s, c in plays:
            later[s] |= 1 << c
    return weight


def weighted_sample(k: Knowledge, rng: random.Random, draws: int = 12) -> list[int]:
    """One deal like ``sample_hands``, chosen among ``draws`` candidates with
    probability proportional to ``auction_weight`` (sampling-importance-resampling)."""
    prep = _prepare(k)
    cands = [_deal(k, prep, rng, 60, False) for _ in range(draws)]
    signals = PLAY_SIGNALS and (k.tricks or k.trick)
    if (not k.auction and not signals) or draws == 1:
        return cands[0]
    weights = [auction_weight(k, m) * (play_weight(k, m) if signals else 1.0)
               for m in cands]
    r = rng.random() * sum(weights)
    for m, w in zip(cands, weights, strict=True):
        r -= w
        if r <= 0:
            return m
    return cands[-1]
