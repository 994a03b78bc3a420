"""Misère judged the right way round: which cards can be forced to win a trick.

In misère (played as no trumps, the declarer's partner sitting out, R18) a card is
caught when the suit is played and both defenders can play under it. Whether they can
depends on the cards of its suit *below* it: the defenders' low cards are the threat,
the declarer's own low cards are his ducks. For the declarer's card ``c`` with ``i``
cards of his own below it in the suit, and ``L`` cards below it that he has not seen:

- with the defenders holding at most ``i`` of those ``L``, he can always duck under
  them (4-5-6-9 with 7-8 out: the 9 is safe; 5-7 with the 6 out: both safe);
- holding ``i + 1`` they can catch it only with a defender void or out of the suit's
  higher cards at the right time (a singleton 6♠ with the 5♠ out): half a danger;
- holding ``i + 2`` or more, both defenders can go under it: a full danger.

How many of the ``L`` the defenders hold is hypergeometric: of the cards he has not
seen, 20 are in the defenders' hands, the rest in his partner's dead hand (and, before
the exchange, the kitty). An ace is a danger whatever he holds below it; the lowest
card of a suit never is. A void suit is a place to throw a dangerous card when the
defenders must lead it (they never do by choice), so each void is a small credit. A
joker he keeps is a certain loss unnamed (R27) and the top card of its suit named: it
is always discarded.

The declarer takes the kitty before play (R17): a hand is judged for the bid by the
danger expected after he has taken it and shed the three worst cards
(``bid_danger``). ``benchmarks/misere.py`` measures how the figure predicts the fate
of a misère against double-dummy defenders.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from functools import cache
from math import comb

from five_hundred.engine.actions import MakeBid
from five_hundred.engine.bidding import MISERE, OPEN_MISERE, ladder_for
from five_hundred.engine.cards import (
    JOKER,
    JOKER2,
    NO_TRUMPS,
    cards_of,
    deck,
    mask_of,
    play_context,
)
from five_hundred.engine.knowledge import Knowledge
from five_hundred.engine.rules import RuleSet

from .sampler import PILE, sample_hands
from .solver import Solver

JOKER_DANGER = 3.0  # kept joker: must go in the discard
VOID_CREDIT = 0.15  # per void suit (the defenders may have to lead it)


@cache
def _p_at_least(n_out: int, lower: int, n_def: int, k: int) -> float:
    """P(the defenders, holding ``n_def`` of ``n_out`` unseen cards, hold at least
    ``k`` of the ``lower`` unseen cards)."""
    if k <= 0:
        return 1.0
    total = comb(n_out, n_def)
    got = sum(comb(lower, x) * comb(n_out - lower, n_def - x)
              for x in range(k, min(lower, n_def) + 1))
    return got / total


@cache
def _card_risk(n_out: int, lower: int, n_def: int, ducks: int) -> float:
    """Danger of a card with ``ducks`` own cards and ``lower`` unseen cards below it."""
    n_def = min(n_def, n_out)
    just = _p_at_least(n_out, lower, n_def, ducks + 1) - _p_at_least(
        n_out, lower, n_def, ducks + 2)
    return 0.5 * just + _p_at_least(n_out, lower, n_def, ducks + 2)


@cache
def _suit_masks(rules: RuleSet) -> tuple[int, ...]:
    cards = deck(rules)
    return tuple(mask_of(c for c in cards if c >> 4 == s and c not in (JOKER, JOKER2))
                 for s in range(4))


def card_dangers(rules: RuleSet, hand: int, unseen: int,
                 n_def: int | None = None) -> dict[int, float]:
    """Each card's danger (0 = safe, 1 = will be caught) in ``hand`` when ``unseen``
    are the cards the declarer has not seen, ``n_def`` of them with the defenders
    (default: two hands)."""
    if n_def is None:
        n_def = 2 * rules.hand_size
    n_out = unseen.bit_count()
    out: dict[int, float] = {}
    for smask in _suit_masks(rules):
        for ducks, c in enumerate(cards_of(hand & smask)):  # ascending rank
            lower = unseen & smask & ((1 << c) - 1)
            out[c] = _card_risk(n_out, lower.bit_count(), n_def, ducks)
    for j in (JOKER, JOKER2):
        if (hand >> j) & 1:
            out[j] = JOKER_DANGER
    return out


def _suit_danger(hand_suit: int, unseen_suit: int, n_out: int, n_def: int) -> float:
    """One suit's share of the danger: its cards' dangers, or the void's credit."""
    if not hand_suit:
        return -VOID_CREDIT
    total = 0.0
    for ducks, c in enumerate(cards_of(hand_suit)):  # ascending rank
        lower = unseen_suit & ((1 << c) - 1)
        total += _card_risk(n_out, lower.bit_count(), n_def, ducks)
    return total


def danger(rules: RuleSet, hand: int, unseen: int, n_def: int | None = None) -> float:
    """The hand's misère danger: its cards' dangers less the voids' credit."""
    if n_def is None:
        n_def = 2 * rules.hand_size
    n_out = unseen.bit_count()
    total = sum(_suit_danger(hand & m, unseen & m, n_out, n_def) for m in _suit_masks(rules))
    total += JOKER_DANGER * sum(1 for j in (JOKER, JOKER2) if (hand >> j) & 1)
    return max(0.0, total)


def best_discard(rules: RuleSet, hand: int, n: int, unseen: int) -> int:
    """The ``n`` cards to shed (a mask) that leave the least danger; at equal danger
    the higher cards go. ``unseen``: the cards not among the declarer's.

    The danger is a sum over suits, so each suit's best shedding of 0..n cards is found
    on its own and the suits are then combined (exhaustive, and cheap)."""
    if n <= 0 or n > hand.bit_count():
        return 0
    n_def = 2 * rules.hand_size
    n_out = unseen.bit_count()
    drop = 0
    for j in (JOKER, JOKER2):  # a kept joker is never better than any card
        if (hand >> j) & 1 and n:
            drop |= 1 << j
            n -= 1
    # Per suit: for each count shed, (danger left, -ranks shed, mask shed).
    options: list[list[tuple[float, int, int]]] = []
    for m in _suit_masks(rules):
        cards = list(cards_of(hand & m))
        per: list[tuple[float, int, int]] = []
        for k in range(min(n, len(cards)) + 1):
            best: tuple[float, int, int] | None = None
            for combo in itertools.combinations(cards, k):
                cm = sum(1 << c for c in combo)
                opt = (_suit_danger(hand & m & ~cm, unseen & m, n_out, n_def),
                       -sum(c & 15 for c in combo), cm)
                if best is None or opt[:2] < best[:2]:
                    best = opt
            assert best is not None
            per.append(best)
        options.append(per)
    best_total: tuple[float, int, int] | None = None
    for counts in itertools.product(*(range(len(o)) for o in options)):
        if sum(counts) != n:
            continue
        v = sum(o[c][0] for o, c in zip(options, counts, strict=True))
        r = sum(o[c][1] for o, c in zip(options, counts, strict=True))
        if best_total is None or (v, r) < best_total[:2]:
            mask = 0
            for o, c in zip(options, counts, strict=True):
                mask |= o[c][2]
            best_total = (v, r, mask)
    return drop | (best_total[2] if best_total is not None else 0)


def bid_danger(rules: RuleSet, hand: int) -> float:
    """The danger to expect after the exchange, judged before it. The declarer will
    keep the best ten of his ten and the kitty's three: each of the three cards he
    would most like to shed is replaced by a kitty card when that card is safer, and
    a kitty card's danger is, on average, that of an unseen card added to his hand."""
    unseen = mask_of(deck(rules)) & ~hand
    n = rules.kitty_size
    if n == 0:
        return danger(rules, hand, unseen)
    drop = best_discard(rules, hand, n, unseen)
    kept = hand & ~drop
    base = danger(rules, kept, unseen)
    # What one more card adds to the kept hand: each of his shed cards, and each
    # unseen card (a possible kitty card).
    added = [danger(rules, kept | 1 << u, unseen & ~(1 << u)) - base for u in cards_of(unseen)]
    expect = 0.0
    for c in cards_of(drop):
        mine = danger(rules, kept | 1 << c, unseen) - base
        expect += sum(min(mine, a) for a in added) / len(added)
    return base + expect


# ----------------------------------------------------------------------- Monte Carlo

# ``hard`` weighs a misère bid by play-outs only for hands this promising (the others
# are caught in nearly every deal, and the exact solver proves it at once anyway).
MC_MAX_DANGER = 1.5
MC_MIN_SAMPLES = 6  # a safe hand costs the solver ~30,000 nodes a sample
MC_MAX_SAMPLES = 48
# Few samples (a safe hand is dear to solve): a bid also needs this share made, so a
# lucky handful of deals does not stake 250 or 500 points.
MC_MIN_MADE = 0.67
SAMPLE_WORK = 30


@dataclass(frozen=True)
class MisereJudgement:
    """A misère bid weighed over sampled deals: the share made against double-dummy
    defenders, and the expected points for the bidder's side minus the other's."""

    made: float
    points: float
    samples: int


def judge(k: Knowledge, rng: random.Random, limit: int, value: int) -> MisereJudgement:
    """Play a misère (worth ``value``) by the bidding seat out on sampled deals: the
    seat takes the sampled kitty, sheds three by ``best_discard``, his partner sits out
    (R18), he leads (R19), and the exact solver asks whether the defenders, seeing every
    card (their best), can force him to win a trick. Work is counted in solver nodes
    (deterministic by seed, like ``mc.judge_bid``)."""
    rules = k.rules
    seat = k.seat
    partner = (seat + 2) & 3
    everything = mask_of(deck(rules))
    sv = Solver(rules, play_context(rules, NO_TRUMPS), seat, True, partner)
    made = 0
    n = 0
    work = 0
    while n < MC_MAX_SAMPLES:
        hands = sample_hands(k, rng)
        full = k.hand | hands[PILE]
        kept = full & ~best_discard(rules, full, rules.kitty_size, everything & ~full)
        hs = list(hands[:4])
        hs[seat] = kept
        hs[partner] = 0
        sv.tt.clear()
        sv.setup(hs, 0)
        made += 1 - sv.value(seat, [], -1, rules.hand_size)
        work += sv.nodes + SAMPLE_WORK
        sv.nodes = 0
        n += 1
        if n >= MC_MIN_SAMPLES and work >= limit:
            break
    share = made / n
    return MisereJudgement(share, value * (2 * share - 1), n)


def bid_options(k: Knowledge, rng: random.Random, limit: int,
                legal: dict[int, MakeBid]) -> list[tuple[int, float, float]]:
    """``hard``'s misère and open misère bids among ``legal`` (ladder index -> action)
    weighed by ``judge``: (index, expected points, share made). None for a hand the
    danger test already condemns (``MC_MAX_DANGER``)."""
    rules = k.rules
    if not rules.misere:
        return []
    ladder = ladder_for(rules)
    kinds = [(i, ladder.bids[i]) for i in sorted(legal)
             if ladder.bids[i].kind in (MISERE, OPEN_MISERE)]
    if not kinds or bid_danger(rules, k.hand) > MC_MAX_DANGER:
        return []
    j = judge(k, rng, limit, 1)
    if j.made < MC_MIN_MADE:
        return []
    return [(i, b.value * (2 * j.made - 1), j.made) for i, b in kinds]
