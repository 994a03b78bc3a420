"""Monte Carlo judgement of the ``hard`` player's bids and discards.

Bidding: the unseen cards (the other hands and the kitty) are dealt many times
consistently with the auction so far (``sampler``). In each sample, for each strain
worth considering, the seat takes the kitty, discards as ``normal`` would, and the deal
is played out double-dummy by a fast greedy policy down to a 3-trick ending solved
exactly (``playout.playout``). The tricks of the seat's side give, for every legal bid of
that strain, the points it would score; the bid with the best mean wins if it beats
what passing is worth (nothing, or the current high contract played by its bidder,
evaluated on the same samples) and is not a costly sacrifice (``pass_bar``), and
``normal``'s call stands unless that choice is worth ``ANCHOR`` points more. Misère
and open misère are weighed the same way by ``misere.bid_options``: exact double-dummy
solves of sampled deals after the seat's exchange (can the defenders force him to win
a trick?).

Discard: a handful of candidate discards (``normal``'s, and ones that void a short
side suit or keep more trumps) are played out on the same samples; ``normal``'s is
kept unless another is clearly better.

All work is counted in solver nodes and play-out moves (``hard.work_limit``), never
timed, so decisions are deterministic by seed.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field, replace

from five_hundred.engine import BIDDING, DISCARD_PHASE
from five_hundred.engine.actions import PASS_ACTION, Action, Discard, MakeBid
from five_hundred.engine.bidding import SUIT_BID, Bid, ladder_for
from five_hundred.engine.cards import (
    JOKER,
    JOKER2,
    NO_TRUMPS,
    SUITLESS,
    card_str,
    cards_of,
    play_context,
)
from five_hundred.engine.knowledge import Knowledge
from five_hundred.engine.rules import RuleSet
from five_hundred.engine.scoring import score_deal

from . import match, misere, normal
from .hand_strength import nt_tricks, suit_tricks, trump_count
from .playout import playout
from .reasons import BidReason, with_hand
from .sampler import PILE, auction_weight, sample_hands
from .solver import Solver

BID_MIN_SAMPLES = 12
# The bidding samples stop when the work is spent (``hard.work_limit``), at most this
# many: about 100-200 at the tournament's 0.25 s, where 80 left a bid's expected points
# uncertain by some 20 (issue 26, docs/bots.md).
BID_MAX_SAMPLES = 400
# A bid is made when it is worth more than passing, and more than nothing even when
# passing lets the other side play: no sacrifice, unless their contract would win them
# the game (``pass_bar``). Issue 26 asked for it; measured beside -15 (docs/bots.md).
PASS_FLOOR = 0.0
# ``normal``'s call stands unless the play-outs value another call (or passing) at least
# this many points more: small differences are mostly the play-outs' own error (their
# double-dummy play, every call taken as the last), and the rule-based calls are made more
# often (issue 26: 82% of suit contracts and 80% of 8+ made against ``club`` with it, 77%
# and 58% without; docs/bots.md). 0 is the best call weighed, whatever ``normal`` says.
ANCHOR = 20.0
# What the bidding and discard samples read of the auction (issue 26): 0, only that a
# suit bidder mostly holds its trumps (``sample_hands``' soft bias); 1, each deal
# weighed by how well it explains the partner's calls and the other side's bids
# (``auction_weight``, the other side's passes left out: their players pass hands this
# model would bid); 2, every call of the other three.
BID_INFERENCE = 0
# 1: the bidding and discard samples weighed by the partner's calls alone, read with
# the partner's own rule (``normal.suit_plan``, the call a ``hard`` partner makes unless
# its play-outs outweigh it): per call, how likely a ``hard`` partner makes it given
# what that rule says on the sampled hand, relative to the rule saying that very call
# (``PARTNER_LIKELIHOOD``). The other side's calls are read only as the plain sampler
# reads them (a suit bidder mostly holds its trumps). Measured and not kept, like the
# same reading in the card play's deals (docs/bots.md, 2026-12-07).
PARTNER_MODEL = 0
# (the call, the rule's call on the sampled hand) -> relative likelihood
# (``benchmarks/partner_calls.py --deals 150``: of 338 calls of ``hard`` against
# ``normal``, where the rule bids (112) the rule's call 70.5%, a pass 6.2%, its strain
# at another level 10.7%, another strain 12.5%; where it passes (226), a bid 5.8%.
# Divided by 70.5% and rounded: nothing is ruled out)
PARTNER_LIKELIHOOD = {
    "pass, rule bids": 0.07,
    "bid, rule passes": 0.1,
    "bid, rule bids its strain at another level": 0.15,
    "bid, rule bids another strain": 0.1,
}
PARTNER_WORK = 20  # work units per partner call read (44 µs of budget; 56 µs timed under load)
WEIGHT_WORK = 60  # a weighed deal's extra work units (its weight: 133 µs against 91 to deal it)
DISCARD_MIN_SAMPLES = 10
# At most 40 samples (until issue 26) left the discard to the sampling luck: it changed
# with the random seed in 30% of seeded exchanges, 15% at 300, which the work limit
# allows (``benchmarks/bid_noise.py --discard``). Points against ``club``: +9.5 and
# -6.9 a deal on two seeds, the same within the noise (docs/bots.md).
DISCARD_MAX_SAMPLES = 300
DISCARD_MARGIN = 8.0  # points another discard must gain over normal's
SAMPLE_WORK = 30


def _strain_bid(rules: RuleSet, trump: int) -> Bid:
    ladder = ladder_for(rules)
    return next(b for b in ladder.bids if b.kind == SUIT_BID and b.trump == trump)


def _discard_for(rules: RuleSet, seat: int, hand: int, bid: Bid) -> int:
    """The cards ``normal`` would discard from ``hand`` (a mask) for ``bid``."""
    fake = Knowledge(rules=rules, seat=seat, phase=DISCARD_PHASE, hand=hand, legal=[], bid=bid)
    act = normal.discard_plan(fake)
    out = 0
    for c in act[1:]:
        out |= 1 << c
    return out


def _play_out(sv: Solver, hands: list[int], leader: int) -> int:
    """Tricks of the solver's declaring side in a greedy play-out of a whole deal."""
    sv.setup(hands, 0)
    return playout(sv, leader, [], -1, sum(h.bit_count() for h in hands) // 4)


def _points(rules: RuleSet, bid: Bid, dteam: int, mine: int, dec_tricks: int,
            scores: tuple[int, int], total: int) -> float:
    res = score_deal(rules, bid, dteam, dec_tricks, total - dec_tricks, scores)
    return match.utility(rules, scores, mine, res, dteam)  # points weighed by the match


def _strains(k: Knowledge) -> list[int]:
    """Strains worth evaluating for the seat: 3+ trumps, a suit partner bid, NT with the
    joker or several aces."""
    rules = k.rules
    out: list[int] = []
    partner = (k.seat + 2) & 3
    partner_suits = {b.trump for s, b in k.auction
                     if s == partner and b is not None and b.kind == SUIT_BID}
    for t in range(4):
        n = trump_count(rules, k.hand, t)
        if n >= 4 or (n >= 3 and (t in partner_suits or k.hand >> JOKER & 1)):
            out.append(t)
    aces = sum(1 for c in cards_of(k.hand) if c not in (JOKER, JOKER2) and c & 15 == 14)
    if k.hand >> JOKER & 1 or aces >= 2 or NO_TRUMPS in partner_suits:
        out.append(NO_TRUMPS)
    return out


@dataclass(frozen=True)
class Judgement:
    """A Monte Carlo decision with its numbers: the chosen action; each option weighed
    (a bid's code or a discard's cards) with its expected points for the seat's side
    minus the other side's; what passing is worth (bidding); the samples used."""

    action: Action
    options: tuple[tuple[str, float], ...] = ()
    base: float = 0.0
    samples: int = 0
    reason: BidReason | None = None  # a bid: the facts that made it (``reasons.py``)
    anchored: bool = False  # a bid: ``normal``'s call kept over a weighed one (``ANCHOR``)
    plan: Action | None = None  # a bid: ``normal``'s call, the one ``ANCHOR`` favours


def choose_bid(k: Knowledge, rng: random.Random, limit: int) -> Action:
    """The ``hard`` bid: the legal bid of best expected points over sampled deals."""
    return judge_bid(k, rng, limit).action


def judge_bid(k: Knowledge, rng: random.Random, limit: int) -> Judgement:
    """The ``hard`` bid with the expected points of each bid weighed: the suit bids of
    the strains worth a look and misère over sampled deals, against what passing is
    worth; the rule-based bid when there is nothing to weigh."""
    ladder = ladder_for(k.rules)
    legal = {a.ladder_index: a for a, _ in k.legal if isinstance(a, MakeBid)}
    plan, plan_reason = _rule_based_bid(k, rng)
    mis = misere.bid_options(k, rng, limit, legal)  # misère weighed by play-outs
    strains = _strains_to_weigh(k)
    if ANCHOR > 0 and isinstance(plan, MakeBid):
        planned = ladder.bids[plan.ladder_index]
        if planned.kind == SUIT_BID and planned.trump not in strains:
            strains.append(planned.trump)  # weigh normal's call too
    cand = [(i, ladder.bids[i]) for i in sorted(legal)
            if ladder.bids[i].kind == SUIT_BID and ladder.bids[i].trump in strains]
    if not cand and not mis:
        return Judgement(plan, reason=plan_reason)
    sums = _sample_suit_bids(k, rng, limit, strains, cand)
    w = sums.weight or 1.0
    values = [(i, sums.per_bid[i] / w) for i, _ in cand] + [(i, v) for i, v, _ in mis]
    j = _weigh_against_passing(k, plan, legal, values, _pass_value(k, sums.base / w),
                               sums.samples)
    if j.anchored:
        return replace(j, reason=plan_reason)  # normal's call, for normal's reasons
    return replace(j, reason=_sampled_reason(k, j, plan_reason, sums, values,
                                             {i: share for i, _v, share in mis}))


def _rule_based_bid(k: Knowledge, rng: random.Random) -> tuple[Action, BidReason]:
    """``normal``'s bid, the default; its misère is left to the play-outs."""
    plan, reason = normal.bid_with_reason(k, rng)
    reason = replace(reason, level="hard")
    if isinstance(plan, MakeBid) and ladder_for(k.rules).bids[plan.ladder_index].is_misere:
        return PASS_ACTION, replace(reason, bid=None, why="not_worth")
    return plan, reason


def _sampled_reason(k: Knowledge, j: Judgement, plan_reason: BidReason, sums: _BidSums,
                    values: list[tuple[int, float]], misere_share: dict[int, float]
                    ) -> BidReason:
    """What the play-outs found for the bid ``j`` chose (made in how many samples,
    about how many tricks, with the hand facts of its strain); for a pass, the best
    bid weighed and its points; ``normal``'s reason when its bid stood."""
    ladder = ladder_for(k.rules)
    n = j.samples
    if isinstance(j.action, MakeBid) and j.action.ladder_index in dict(values):
        i = j.action.ladder_index
        b = ladder.bids[i]
        points = dict(values)[i]
        if i in misere_share:
            return with_hand(BidReason("hard", b.code, "misere", share=misere_share[i],
                                       points=points,
                                       danger=normal.misere_danger(k.rules, k.hand)),
                             k.rules, k.hand, NO_TRUMPS)
        share = sums.made[i] / sums.weight
        return with_hand(BidReason("hard", b.code, "samples", samples=n,
                                   made=round(share * n), share=share,
                                   tricks=sums.tricks[b.trump] / sums.weight,
                                   points=points, needed=b.tricks,
                                   own=suit_or_nt_tricks(k, b.trump)),
                         k.rules, k.hand, b.trump)
    if j.action == PASS_ACTION:
        best_i, best_v = max(values, key=lambda x: (x[1], -x[0]))
        b = ladder.bids[best_i]
        if best_i in misere_share:
            return with_hand(BidReason("hard", None, "not_worth", share=misere_share[best_i],
                                       points=best_v, weighed=b.code,
                                       danger=normal.misere_danger(k.rules, k.hand)),
                             k.rules, k.hand, NO_TRUMPS)
        share = sums.made[best_i] / sums.weight
        return with_hand(BidReason("hard", None, "not_worth", samples=n,
                                   made=round(share * n), share=share,
                                   tricks=sums.tricks[b.trump] / sums.weight,
                                   points=best_v, weighed=b.code, needed=b.tricks,
                                   own=suit_or_nt_tricks(k, b.trump)),
                         k.rules, k.hand, b.trump)
    return plan_reason


def suit_or_nt_tricks(k: Knowledge, strain: int) -> float:
    """The hand's own tricks in ``strain`` by the rough count the hints quote."""
    if strain == NO_TRUMPS:
        return nt_tricks(k.rules, k.hand)[0]
    return suit_tricks(k.rules, k.hand, strain)[0]


def _strains_to_weigh(k: Knowledge) -> list[int]:
    """``_strains``, and the strain of the current high bid (to outbid it in)."""
    strains = _strains(k)
    high = k.high
    if high is not None and high.kind == SUIT_BID and high.trump not in strains:
        strains.append(high.trump)
    return strains


@dataclass
class _BidSums:
    """Points summed over the sampled deals, each deal counted by its weight
    (``_sample``): for each candidate bid (by its index in the ladder), and for the
    current high bid played by its bidder (``base``)."""

    per_bid: dict[int, float]
    base: float = 0.0
    samples: int = 0
    weight: float = 0.0  # the deals' weights summed (their number, unweighted)
    made: dict[int, float] = field(default_factory=dict)  # weight of the deals made in
    tricks: dict[int, float] = field(default_factory=dict)  # our tricks summed, per strain


def _sample_suit_bids(k: Knowledge, rng: random.Random, limit: int, strains: list[int],
                      cand: list[tuple[int, Bid]]) -> _BidSums:
    """Deal the unseen cards until the work is spent; in each deal, play every strain
    out with the seat as declarer (and the high bid with its bidder) and score each
    candidate bid on the tricks taken."""
    rules = k.rules
    mine = k.seat & 1
    total = rules.hand_size
    sums = _BidSums({i: 0.0 for i, _ in cand})
    solvers = {t: Solver(rules, play_context(rules, t), k.seat, False) for t in strains}
    base_bid = k.high if k.high is not None and k.high.kind == SUIT_BID else None
    bidder = k.high_bidder
    if base_bid is not None and bidder < 0:
        base_bid = None
    base_solver = None if base_bid is None else \
        Solver(rules, play_context(rules, base_bid.trump), bidder, False)
    work = 0
    while sums.samples < BID_MAX_SAMPLES:
        hands, w, used = _sample(k, rng)
        work += used
        for t in strains:
            tricks, used = _exchange_and_play(solvers[t], k, hands, k.seat, _strain_bid(rules, t))
            sums.tricks[t] = sums.tricks.get(t, 0.0) + w * tricks
            for i, b in cand:
                if b.trump == t:
                    sums.per_bid[i] += w * _points(rules, b, mine, mine, tricks, k.scores, total)
                    sums.made[i] = sums.made.get(i, 0.0) + w * (tricks >= b.tricks)
            work += used
        if base_bid is not None and base_solver is not None:
            tricks, used = _exchange_and_play(base_solver, k, hands, bidder, base_bid)
            sums.base += w * _points(rules, base_bid, bidder & 1, mine, tricks, k.scores, total)
            work += used
        sums.samples += 1
        sums.weight += w
        work += SAMPLE_WORK * (len(strains) + 1)
        if sums.samples >= BID_MIN_SAMPLES and work >= limit:
            break
    return sums


# Issue 26: the readings' weights tempered, each raised to this power. A
# weighed mean rests on fewer deals the more the weights differ (its effective number
# of samples, (sum w)^2 / sum w^2): BID_INFERENCE 1 left 20 of 400 deals after "6♦,
# 7♠" and 56 after "7♦, pass" (tests/bots), so its values were noisy, and the bid
# chosen as the best of them was more often one whose value was high by chance
# (more 8+ contracts bid, fewer made). At 0.3 the same auctions keep 199 and 308
# (``benchmarks/bid_ess.py`` over seeded auctions). Tempered, the reading measured
# within the noise of no reading (docs/bots.md), so 1: the weights as they are.
BID_TEMPER = 1.0


def _sample(k: Knowledge, rng: random.Random) -> tuple[list[int], float, int]:
    """A deal of the unseen cards for the bidding or discard samples, its weight,
    tempered (``BID_TEMPER``), and the work its weighing took (``_weighed``)."""
    hands, w, used = _weighed(k, rng)
    return hands, (w if BID_TEMPER == 1.0 or w >= 1.0 else w ** BID_TEMPER), used


def _weighed(k: Knowledge, rng: random.Random) -> tuple[list[int], float, int]:
    """A deal of the unseen cards for the bidding or discard samples, its weight
    (``PARTNER_MODEL``, ``BID_INFERENCE``: how well it explains the auction) and the
    work the weight took."""
    if PARTNER_MODEL and k.auction:
        hands = sample_hands(k, rng)
        w, calls = partner_weight(k, hands[(k.seat + 2) & 3])
        return hands, w, PARTNER_WORK * calls
    if BID_INFERENCE == 0 or not k.auction:
        return sample_hands(k, rng), 1.0, 0
    hands = sample_hands(k, rng, plausible=False)  # the weight reads the bids instead
    return hands, auction_weight(k, hands, opponent_passes=BID_INFERENCE >= 2), WEIGHT_WORK


def call_class(call: Bid | None, rule: Bid | None) -> str:
    """How the partner's ``call`` differs from ``rule``'s (``PARTNER_LIKELIHOOD``)."""
    if call is None:
        return "pass, rule bids"
    if rule is None:
        return "bid, rule passes"
    if rule.trump == call.trump:
        return "bid, rule bids its strain at another level"
    return "bid, rule bids another strain"


def partner_weight(k: Knowledge, hand: int) -> tuple[float, int]:
    """How well the partner holding ``hand`` explains its calls in ``k.auction`` by its
    own rule (``PARTNER_MODEL``), and how many calls were read. A misère call is not
    read (``hard`` weighs misère by play-outs, not by a rule)."""
    partner = (k.seat + 2) & 3
    ladder = ladder_for(k.rules)
    view = Knowledge(rules=k.rules, seat=partner, phase=BIDDING, hand=hand, legal=[],
                     scores=k.scores)
    weight = 1.0
    calls = 0
    turned = 0
    for i, (seat, bid) in enumerate(k.auction):
        if seat == partner and (bid is None or bid.kind == SUIT_BID):
            view.auction = k.auction[:i]
            high = -1 if view.high is None else ladder.by_code[view.high.code]
            view.legal = [(a, "") for a in ladder.legal_after[high + 1][turned >> seat & 1]]
            planned = normal.suit_plan(view)
            rule = None if planned is None else ladder.bids[planned.ladder_index]
            if rule != bid:
                weight *= PARTNER_LIKELIHOOD[call_class(bid, rule)]
            calls += 1
        turned |= 1 << seat
        if bid is not None:
            view.high = bid
            view.high_bidder = seat
    return weight, calls


def _exchange_and_play(sv: Solver, k: Knowledge, hands: list[int], seat: int,
                       bid: Bid) -> tuple[int, int]:
    """Tricks of ``seat``'s side when it takes the kitty of ``hands``, discards as
    ``normal`` would for ``bid`` and the deal is played out (``sv`` set up for that
    strain with ``seat`` declaring); and the work it took."""
    full = hands[seat] | hands[PILE]
    hs = list(hands[:4])
    hs[seat] = full & ~_discard_for(k.rules, seat, full, bid)
    tricks = _play_out(sv, hs, seat)
    used, sv.nodes = sv.nodes, 0
    return tricks, used


def _pass_value(k: Knowledge, sampled: float) -> float:
    """What passing is worth: the high suit bid played by its bidder over the samples
    (``sampled``), a misère high bid by its value to us, else nothing."""
    high = k.high
    if high is not None and high.is_misere and k.high_bidder >= 0:
        return match.contract_value(k.rules, k.scores, k.seat & 1, high, k.high_bidder & 1)
    return sampled if high is not None and high.kind == SUIT_BID else 0.0


def _weigh_against_passing(k: Knowledge, plan: Action, legal: dict[int, MakeBid],
                           values: list[tuple[int, float]], base: float,
                           samples: int) -> Judgement:
    """The best weighed bid if it clears ``pass_bar``; else pass (or ``plan`` when
    passing is not allowed); and ``plan``, ``normal``'s call, instead when the one chosen
    is worth less than ``ANCHOR`` points more than it."""
    ladder = ladder_for(k.rules)
    best_i, best_v = max(values, key=lambda x: (x[1], -x[0]))
    options = tuple(sorted(((ladder.bids[i].code, v) for i, v in values),
                           key=lambda o: -o[1]))
    action = plan
    bar = pass_bar(k, base)
    if best_v > bar:
        action, chosen = legal[best_i], best_v
    elif any(a == PASS_ACTION for a, _ in k.legal):
        action, chosen = PASS_ACTION, bar
    else:
        chosen = best_v
    anchored = False
    if ANCHOR > 0 and action != plan:
        # What normal's call is worth on the same samples (passing: the bar itself)
        plan_v: float | None = bar if plan == PASS_ACTION else \
            dict(values).get(plan.ladder_index) if isinstance(plan, MakeBid) else None
        anchored = plan_v is None or chosen - plan_v < ANCHOR
        if anchored:
            action = plan
    return Judgement(action, options, base, samples, anchored=anchored, plan=plan)


def pass_bar(k: Knowledge, base: float) -> float:
    """What a bid's expected points must exceed to be preferred to passing (worth
    ``base``): ``base``, and ``PASS_FLOOR`` at least, unless passing leaves the other
    side a contract that wins them the game (then a costly overbid can be the lesser
    loss)."""
    high = k.high
    stake = high is not None and k.high_bidder >= 0 and (k.high_bidder - k.seat) % 2 == 1 \
        and match.wins_game(k.rules, k.scores, high, k.high_bidder & 1)
    return base if stake else max(base, PASS_FLOOR)


def _discard_candidates(k: Knowledge) -> list[int]:
    """Masks of candidate discards: normal's, and variants that void short side suits."""
    rules = k.rules
    bid = k.bid
    assert bid is not None
    n = rules.kitty_size
    plan = _discard_for(rules, k.seat, k.hand, bid)
    out = [plan]
    ctx = play_context(rules, bid.trump)
    trump = bid.trump
    side = [c for c in cards_of(k.hand) if ctx.eff_suit[c] not in (trump, SUITLESS)
            and c not in (JOKER, JOKER2)]
    aces = {c for c in side if c & 15 == 14}
    lowest = sorted(side, key=lambda c: (ctx.strength[c], c))
    for s in range(4):
        if s == trump:
            continue
        suit = [c for c in side if ctx.eff_suit[c] == s]
        if not suit or len(suit) > n:
            continue
        rest = [c for c in lowest if c not in suit and c not in aces]
        picked = suit + rest[: n - len(suit)]
        if len(picked) == n:
            out.append(sum(1 << c for c in picked))
    # Voiding two short suits at once.
    short = [[c for c in side if ctx.eff_suit[c] == s] for s in range(4) if s != trump]
    for a, b in itertools.combinations(short, 2):
        if a and b and len(a) + len(b) == n:
            out.append(sum(1 << c for c in a + b))
    plain = [c for c in lowest if c not in aces][:n]
    if len(plain) == n:
        out.append(sum(1 << c for c in plain))
    seen: list[int] = []
    for m in out:
        if m not in seen and m.bit_count() == n:
            seen.append(m)
    return seen[:6]


def choose_discard(k: Knowledge, rng: random.Random, limit: int) -> Action:
    """The ``hard`` discard: normal's unless a candidate plays clearly better."""
    return judge_discard(k, rng, limit).action


def judge_discard(k: Knowledge, rng: random.Random, limit: int) -> Judgement:
    """The ``hard`` discard with the expected points of each candidate weighed."""
    rules = k.rules
    bid = k.bid
    assert bid is not None
    plan = normal.discard_plan(k)
    if bid.is_misere or bid.kind != SUIT_BID:
        return Judgement(plan)
    cands = _discard_candidates(k)
    if len(cands) <= 1:
        return Judgement(plan)
    mine = k.seat & 1
    total = rules.hand_size
    sv = Solver(rules, play_context(rules, bid.trump), k.seat, False)
    sums = [0.0] * len(cands)
    work = 0
    n = 0
    weight = 0.0
    while n < DISCARD_MAX_SAMPLES:
        hands, w, used = _sample(k, rng)
        work += used
        for j, m in enumerate(cands):
            hs = list(hands[:4])
            hs[k.seat] = k.hand & ~m
            tricks = _play_out(sv, hs, k.seat)
            sums[j] += w * _points(rules, bid, mine, mine, tricks, k.scores, total)
        work += sv.nodes + SAMPLE_WORK
        sv.nodes = 0
        n += 1
        weight += w
        if n >= DISCARD_MIN_SAMPLES and work >= limit:
            break
    best = max(range(len(cands)), key=lambda j: (sums[j], -j))
    action = plan
    if sums[best] / weight > sums[0] / weight + DISCARD_MARGIN:
        action = Discard(cards_of(cands[best]))
    options = tuple(sorted(((" ".join(card_str(c) for c in cards_of(m)), sums[j] / weight)
                            for j, m in enumerate(cands)), key=lambda o: -o[1]))
    return Judgement(action, options, 0.0, n)
