"""Deal the cards a seat has not seen, consistently with everything it has seen.

The unseen cards go to the other seats (as many as each still holds) and, when the
seat is not the declarer, ``kitty_size`` of them to the discard pile (R17: the
declarer's discards lie face down; before the auction ends, the kitty). A seat never
gets a card of an effective suit it has shown void in (the left bower and the joker
are trumps in a suit contract, R2), nor the suitless joker when it failed to play it
while void in misère (R25). What the auction makes likely is a soft bias: a hand
that bid a suit is resampled (with some probability) when it holds few of its trumps.
"""

from __future__ import annotations

import random

from five_hundred.engine import Phase
from five_hundred.engine.bidding import SUIT_BID
from five_hundred.engine.cards import JOKER, cards_of, play_context

from .knowledge import Knowledge

PILE = 4  # index of the discard pile / kitty among the holders


def _capacities(k: Knowledge) -> list[int]:
    caps = [0, 0, 0, 0, 0]
    for s in range(4):
        if s == k.seat:
            continue
        if k.exposed and s == k.declarer:
            continue  # open misère: the declarer's hand is known
        caps[s] = k.hand_sizes[s] if k.phase != Phase.BIDDING else k.rules.hand_size
    if k.phase == Phase.BIDDING or (k.discards == 0 and k.kitty == 0 and k.seat != k.declarer):
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


def sample_hands(k: Knowledge, rng: random.Random, tries: int = 60) -> list[int]:
    """Hands of the four seats (own hand, known exposed hand, sampled others) plus the
    pile as a fifth mask: ``[north, east, south, west, pile]``."""
    caps0 = _capacities(k)
    unseen = list(cards_of(k.unseen()))
    allowed = {c: [h for h in _allowed(k, c) if caps0[h] > 0] for c in unseen}
    unseen.sort(key=lambda c: len(allowed[c]))
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
        if attempt < tries - 1 and not _plausible(k, masks, rng):
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
