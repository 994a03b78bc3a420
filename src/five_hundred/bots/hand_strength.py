"""How many tricks a hand is worth on its own, before any card is played.

Rough counts from the cards alone (trump length, the joker and the bowers, side aces
and kings, voids with trumps; stoppers in no trumps). The rule-based bidding
(``normal.bid_plan``) adds partner's and the kitty's share to them, the sampler
(``sampler.auction_weight``) reads an auction through them and the hints quote them,
so they live apart from any one player.
"""

from __future__ import annotations

from five_hundred.engine.cards import JOKER, JOKER2, cards_of, play_context
from five_hundred.engine.rules import RuleSet


def trump_count(rules: RuleSet, hand: int, trump: int) -> int:
    """How many trumps ``hand`` holds with ``trump`` (0-3) as trumps, bowers and the
    joker included: the cheap test before a strain's tricks are counted."""
    return (hand & play_context(rules, trump).suit_mask[trump]).bit_count()


def suit_tricks(rules: RuleSet, hand: int, trump: int) -> tuple[float, int]:
    """Estimated tricks of ``hand`` with ``trump`` as trumps, and its trump count."""
    ctx = play_context(rules, trump)
    tmask = ctx.suit_mask[trump]
    trumps = hand & tmask
    n = trumps.bit_count()
    order = sorted(cards_of(tmask), key=lambda c: -ctx.strength[c])
    est = 0.0
    # Top trumps: each held trump counts by how few outranking trumps it lacks.
    for i, c in enumerate(order):
        if not (trumps >> c) & 1:
            continue
        above_missing = sum(1 for d in order[:i] if not (trumps >> d) & 1)
        if above_missing == 0:
            est += 1.0
        elif above_missing == 1:
            est += 0.6 if n >= 3 else 0.3
        elif above_missing == 2:
            est += 0.35 if n >= 4 else 0.1
    honours = sum(1 for c in order[:5] if (trumps >> c) & 1)
    est += max(0, n - 3 - max(0, honours - 3)) * 0.75  # long trumps
    for s in range(4):
        if s == trump:
            continue
        side = hand & ctx.suit_mask[s]
        ln = side.bit_count()
        if ln == 0:
            est += 0.6 if n >= 4 else 0.2
            continue
        ranks = sorted((c & 15 for c in cards_of(side)), reverse=True)
        if ranks[0] == 14:
            est += 0.9
            if len(ranks) > 1 and ranks[1] == 13:
                est += 0.6
        elif ranks[0] == 13 and ln >= 2:
            est += 0.4
        if ln == 1 and ranks[0] != 14 and n >= 4:
            est += 0.3
    return est, n


def nt_tricks(rules: RuleSet, hand: int) -> tuple[float, int]:
    """Estimated no-trump tricks and the number of suits stopped."""
    est = 0.0
    stopped = 0
    if rules.jokers >= 2:
        j = (hand >> JOKER & 1) + (hand >> JOKER2 & 1)
        est += j
    elif hand & (1 << JOKER):
        est += 1.0
        stopped += 1  # the suitless joker stops one suit
    for s in range(4):
        ranks = sorted(((c & 15) for c in cards_of(hand) if c not in (JOKER, JOKER2)
                        and c >> 4 == s), reverse=True)
        if not ranks:
            continue
        tops = 0
        for want in (14, 13, 12, 11, 10):
            if want in ranks:
                tops += 1
            else:
                break
        est += tops
        if tops and len(ranks) >= 5:
            est += (len(ranks) - 4) * 0.7
        if ranks[0] == 14 or (ranks[0] == 13 and len(ranks) >= 2) or (
                ranks[0] == 12 and len(ranks) >= 3):
            stopped += 1
        if tops == 0 and ranks[0] == 13 and len(ranks) >= 2:
            est += 0.4
    return est, min(stopped, 4)
