"""The rule-based player (level ``normal``), and the same rules with slips (``easy``).

Bidding counts tricks: trump length, the joker and the bowers, side aces and kings,
voids with trumps, plus an allowance for partner and the kitty (3.2 tricks); a hand
with two tricks to spare bids one level above the cheapest; a raise of partner's suit
adds only our surplus over that allowance, and a suit we bid ourselves is never raised
again; no trumps needs stoppers in three suits (no endless
6NT on a weak hand); misère is judged by the cards the defenders could catch
(``misere.py``). The discard keeps trumps and aces and makes voids; in misère it
sheds the dangers. The play follows the textbook habits: second hand low, third hand
high (the cheapest sure winner, else the highest card that wins), win cheaply in
fourth seat, the declaring side draws trumps while it holds two or more (from the top
when it holds the top trump, else a low one), keep the suitless joker in no trumps for
a trick that matters; third hand takes partner's trick with a card the next player
cannot beat; no joker or bower second hand on a low trump lead; no low lead in no
trumps into partner's void. Against
misère: follow low while the declarer is to play, stay under him when he is winning,
win high once he has ducked, never lead the joker or a suit he has shown void in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from five_hundred.engine import BIDDING, DISCARD_PHASE, JOKER_PHASE
from five_hundred.engine.actions import (
    JOKER_NONE,
    NAME_JOKER,
    PASS_ACTION,
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
    NO_TRUMPS,
    SUITLESS,
    cards_of,
    deck,
    mask_of,
    play_context,
)
from five_hundred.engine.knowledge import Knowledge
from five_hundred.engine.play import winning
from five_hundred.engine.rules import RuleSet

from . import match, misere
from .hand_strength import nt_tricks, suit_tricks, trump_count
from .reasons import BidReason, BidWhy, with_hand

# Tricks counted on from partner and the kitty, besides 0.5 for a kitty of three or
# more (tuned against ``club``, docs/bots.md: 2.6 in all with the one-level jump below;
# then 3.2, once the declaring side drew trumps without the top one too and so made
# more: of 2.6, 2.9, 3.2, 3.5 and 3.8 in all on seeds 1, 2 and 31, and the first three
# also on seeds 41-43, 3.2 did best on average).
ALLOWANCE = 2.7

# Misère bids: the danger expected after the exchange (``misere.bid_danger``, about the
# number of cards the defenders can catch) at most this much. Open misère is played
# with the hand face up (R22), so it asks for nearly nothing to catch.
MISERE_MAX_DANGER = 0.7
OPEN_MISERE_MAX_DANGER = 0.4
EASY_NOISE = 1.5  # ``easy`` misjudges each strain's count by up to this many tricks


def misere_danger(rules: RuleSet, hand: int) -> float:
    """The misère danger of ``hand`` judged before the exchange (``misere.bid_danger``):
    about how many of its cards the defenders could force to win a trick."""
    return round(misere.bid_danger(rules, hand), 1)


# ----------------------------------------------------------------------- bidding

def _partner_suit_bid(k: Knowledge) -> Bid | None:
    partner = (k.seat + 2) & 3
    best: Bid | None = None
    for seat, bid in k.auction:
        if seat == partner and bid is not None and bid.kind == SUIT_BID:
            best = bid
    return best


@dataclass(frozen=True)
class _Auction:
    """What the rule-based bidding reads from the auction so far."""

    partner_bid: Bid | None  # partner's last suit bid
    opponents_bid: bool  # an opponent has bid
    own_suits: frozenset[int]  # the suits we bid ourselves
    high_team: int  # the side holding the high bid, -1 if none


def _read_auction(k: Knowledge) -> _Auction:
    return _Auction(
        partner_bid=_partner_suit_bid(k),
        opponents_bid=any(bid is not None and (seat - k.seat) % 2 == 1
                          for seat, bid in k.auction),
        own_suits=frozenset(bid.trump for seat, bid in k.auction
                            if seat == k.seat and bid is not None and bid.kind == SUIT_BID),
        high_team=k.high_bidder & 1 if k.high_bidder >= 0 else -1)


def bid_plan(k: Knowledge, rng: random.Random, noise: float = 0.0) -> Action:
    """The bidding decision of the rule-based player: count the hand's tricks in each
    strain it could play, bid the cheapest contract the count supports in the strain
    with the most to spare, or misère when the hand is safe enough; else pass."""
    return bid_with_reason(k, rng, noise)[0]


_NO_BLUR = random.Random(0)  # ``_strain_counts`` draws a blur even at noise 0


def suit_plan(k: Knowledge) -> MakeBid | None:
    """The suit or NT bid ``bid_plan`` would make (None: it passes), without the
    reasons and without misère (which ``hard`` leaves to its play-outs): the call a
    ``hard`` partner makes unless its play-outs outweigh it (``mc.PARTNER_MODEL``)."""
    legal_bids = {a.ladder_index: a for a, _ in k.legal if isinstance(a, MakeBid)}
    if not legal_bids:
        return None
    auction = _read_auction(k)
    best = _best_suit_bid(k, legal_bids, _strain_counts(k, _NO_BLUR, 0.0, auction), auction)
    return best[0] if best is not None else None


def bid_with_reason(k: Knowledge, rng: random.Random,
                    noise: float = 0.0) -> tuple[Action, BidReason]:
    """``bid_plan``'s decision with the facts that made it (``reasons.BidReason``):
    the strain counted, its trumps, joker and bowers, the tricks counted from the hand
    and on from partner and the kitty; for misère its danger; for a pass why."""
    level = "easy" if noise else "normal"
    legal_bids = {a.ladder_index: a for a, _ in k.legal if isinstance(a, MakeBid)}
    if not legal_bids:
        return PASS_ACTION, BidReason(level, None, "short")
    auction = _read_auction(k)
    counts = _strain_counts(k, rng, noise, auction)
    best = _best_suit_bid(k, legal_bids, counts, auction)
    choice = _with_misere(k, legal_bids, best[0] if best is not None else None)
    # blind misère (V5) is never bid by the rule-based player
    ladder = ladder_for(k.rules)
    if isinstance(choice, MakeBid) and (best is None or choice != best[0]):
        return choice, with_hand(BidReason(level, ladder.bids[choice.ladder_index].code,
                                           "misere", danger=misere_danger(k.rules, k.hand)),
                                 k.rules, k.hand, NO_TRUMPS)
    if best is not None:
        act, count, slack, jumped = best
        b = ladder.bids[act.ladder_index]
        why: BidWhy = "raise" if count.raise_of is not None else "jump" if jumped else "count"
        return act, _counted(k, level, b.code, why, count, slack, b.tricks)
    return PASS_ACTION, _pass_reason(k, level, legal_bids, counts, auction)


def _counted(k: Knowledge, level: str, code: str | None, why: BidWhy, count: _Count,
             slack: float, needed: int) -> BidReason:
    if count.raise_of is not None:  # partner's bid and our surplus over the allowance
        reason = BidReason(level, code, why, own=count.est, allowance=count.allowance,
                           partner_bid=count.raise_of.code,
                           surplus=count.total - count.raise_of.tricks, slack=slack,
                           needed=needed)
    else:
        reason = BidReason(level, code, why, own=count.est, allowance=count.allowance,
                           slack=slack, noise=count.noise, needed=needed,
                           stopped=count.stopped)
    return with_hand(reason, k.rules, k.hand, count.trump)


def _pass_reason(k: Knowledge, level: str, legal_bids: dict[int, MakeBid],
                 counts: list[_Count], auction: _Auction) -> BidReason:
    """Why the count found no bid: no strain worth counting (named by the longest suit),
    or the best count short of the cheapest legal bid of its strain."""
    rules = k.rules
    if not counts:
        longest = max(range(4), key=lambda t: (suit_tricks(rules, k.hand, t)[1], -t))
        est, _n = suit_tricks(rules, k.hand, longest)
        return with_hand(BidReason(level, None, "no_strain", own=est,
                                   allowance=_allowance(rules),
                                   stopped=nt_tricks(rules, k.hand)[1]),
                         rules, k.hand, longest)
    count = max(counts, key=lambda c: c.total)
    ladder = ladder_for(rules)
    cheapest = min((i for i in legal_bids if ladder.bids[i].kind == SUIT_BID
                    and ladder.bids[i].trump == count.trump), default=None)
    if cheapest is None:  # nothing left to bid in that strain
        return _counted(k, level, None, "short", count, 0.0, 0)
    b = ladder.bids[cheapest]
    slack = match.bid_slack(rules, k.scores, k.seat & 1, b, k.high, auction.high_team)
    return _counted(k, level, None, "short", count, slack, b.tricks)


def _allowance(rules: RuleSet) -> float:
    """The tricks counted on from partner and the kitty (``ALLOWANCE``, more with a
    bigger kitty)."""
    allowance = ALLOWANCE + (0.5 if rules.kitty_size >= 3 else 0.0)
    if rules.kitty_size >= 6:
        allowance += 0.6
    return allowance


@dataclass(frozen=True)
class _Count:
    """The tricks our side may take in a strain, and what they were counted from."""

    total: float  # what the bid is judged on
    trump: int  # the strain
    est: float  # from our own hand
    allowance: float  # on from partner and kitty (a raise: partner's bid counted it)
    noise: float = 0.0  # easy's blur
    raise_of: Bid | None = None  # partner's bid, when raising it
    stopped: int = 0  # no trumps: suits stopped


def _strain_counts(k: Knowledge, rng: random.Random, noise: float,
                   auction: _Auction) -> list[_Count]:
    """The count for each strain worth bidding: four trumps or more (three raise
    partner's suit), no trumps with three suits stopped and the joker, or all four.
    ``noise`` (easy) blurs the counts."""
    rules = k.rules
    allowance = _allowance(rules)
    partner_bid = auction.partner_bid
    counts: list[_Count] = []
    for t in range(4):
        # the trump count first: most strains stop here, before the count of tricks
        n = trump_count(rules, k.hand, t)
        if n < 4 and not (partner_bid and partner_bid.trump == t and n >= 3):
            continue
        est, n = suit_tricks(rules, k.hand, t)
        blur = noise * rng.uniform(-1, 1)
        total = est + allowance + blur
        if partner_bid is not None and partner_bid.trump == t:
            # Partner already counted on ``allowance`` tricks from us and the kitty:
            # raise by the surplus only, and not at all when the suit is ours too (his
            # bid over ours already counted our hand: no escalation).
            surplus = 0.0 if t in auction.own_suits else max(0.0, est - allowance)
            total = partner_bid.tricks + surplus
            counts.append(_Count(total, t, est, total - est, raise_of=partner_bid))
            continue
        counts.append(_Count(total, t, est, allowance, blur))
    nt_est, stopped = nt_tricks(rules, k.hand)
    if stopped >= 3 and ((rules.jokers == 1 and k.hand & (1 << JOKER)) or stopped == 4):
        blur = noise * rng.uniform(-1, 1)
        counts.append(_Count(nt_est + allowance - 0.3 + blur, NO_TRUMPS, nt_est,
                             allowance - 0.3, blur, stopped=stopped))
    return counts


def _best_suit_bid(k: Knowledge, legal_bids: dict[int, MakeBid], counts: list[_Count],
                   auction: _Auction) -> tuple[MakeBid, _Count, float, bool] | None:
    """The strain bid with the most tricks to spare (the first strain on a tie), with
    its count, the match score's shift and whether it jumped a level."""
    best: tuple[MakeBid, _Count, float, bool] | None = None
    best_score = -1.0
    for count in counts:
        found = _cheapest_supported(k, legal_bids, count.total, count.trump, auction)
        if found is not None and found[0] > best_score:
            best_score = found[0]
            best = (found[1], count, found[2], found[3])
    return best


def _cheapest_supported(k: Knowledge, legal_bids: dict[int, MakeBid], total0: float,
                        trump: int, auction: _Auction
                        ) -> tuple[float, MakeBid, float, bool] | None:
    """The cheapest legal bid in ``trump`` that ``total0`` tricks support, scored by the
    tricks to spare (a hair more for a higher level), with the match score's shift and
    whether it jumped a level; or None."""
    rules = k.rules
    ladder = ladder_for(rules)
    for idx, act in sorted(legal_bids.items()):
        b = ladder.bids[idx]
        if b.kind != SUIT_BID or b.trump != trump:
            continue
        # The match score moves the bar (match.py): a side that wins the game with
        # this bid, or must stop the other side's game, bids on less.
        slack = match.bid_slack(rules, k.scores, k.seat & 1, b, k.high, auction.high_team)
        total = total0 + slack
        level = min(10, int(total))
        if auction.opponents_bid and auction.partner_bid is None:
            level = min(level, int(total - 0.2))
        if b.tricks <= level:
            jumped = False
            if level >= b.tricks + 2:
                # Two tricks to spare: one level higher now, since the auction may
                # well end on this bid and leave the surplus unscored.
                higher = next((a for i, a in legal_bids.items()
                               if ladder.bids[i].kind == SUIT_BID
                               and ladder.bids[i].trump == trump
                               and ladder.bids[i].tricks == b.tricks + 1), None)
                if higher is not None:
                    act, jumped = higher, True
            return total - b.tricks + b.tricks * 0.01, act, slack, jumped
    return None


def _with_misere(k: Knowledge, legal_bids: dict[int, MakeBid],
                 choice: Action | None) -> Action | None:
    """``choice`` with misère weighed in, judged by the cards the defenders could catch
    (bots/misere.py): open misère over any suit bid when the hand is safe enough for
    it, misère when it is and no suit bid was found."""
    rules = k.rules
    ladder = ladder_for(rules)
    misere_bids = [(idx, act) for idx, act in legal_bids.items()
                   if ladder.bids[idx].kind in (MISERE, OPEN_MISERE)]
    if not (rules.misere and misere_bids):
        return choice
    d = misere.bid_danger(rules, k.hand)
    for idx, act in sorted(misere_bids):
        kind = ladder.bids[idx].kind
        if kind == OPEN_MISERE and d <= OPEN_MISERE_MAX_DANGER:
            return act
        if kind == MISERE and d <= MISERE_MAX_DANGER and choice is None:
            choice = act
    return choice


# ----------------------------------------------------------------------- exchange

def discard_plan(k: Knowledge) -> Action:
    """Keep trumps, aces and stoppers; make voids; in misère shed the dangerous cards."""
    rules = k.rules
    bid = k.bid
    assert bid is not None
    n = rules.kitty_size
    hand = k.hand
    cards = list(cards_of(hand))
    if bid.is_misere:
        # Shed the cards the defenders could catch (the joker first).
        unseen = mask_of(deck(rules)) & ~hand
        chosen_m = misere.best_discard(rules, hand, n, unseen)
        return Discard(cards_of(chosen_m))
    ctx = play_context(rules, bid.trump)
    value: dict[int, float] = {}
    for c in cards:
        s = ctx.eff_suit[c]
        if s in (SUITLESS, NO_TRUMPS) or (bid.trump != NO_TRUMPS and s == bid.trump):
            value[c] = 1000 + ctx.strength[c]
            continue
        side = hand & ctx.suit_mask[s]
        length = side.bit_count()
        rank = c & 15
        v = float(rank)
        if rank == 14:
            v += 100
        elif rank == 13 and (side >> (c + 1)) & 1:
            v += 60
        elif rank == 13 and length >= 2:
            v += 20 if bid.trump == NO_TRUMPS else 8
        # Short suits go first: the fewer cards, the easier the void.
        v += length * (2.0 if bid.trump != NO_TRUMPS else 3.0)
        value[c] = v
    chosen = sorted(cards, key=lambda c: value[c])[:n]
    return Discard(chosen)


def joker_plan(k: Knowledge) -> Action:
    """Name the joker: keep it suitless in NT (it wins any trick); in misère name the
    suit where it is safest (the longest one, so it can be kept under cover)."""
    bid = k.bid
    legal = [a for a, _ in k.legal if isinstance(a, NameJoker)]
    if bid is not None and bid.is_misere:
        ctx = play_context(k.rules, NO_TRUMPS)
        best = max(range(4), key=lambda s: (k.hand & ctx.suit_mask[s]).bit_count())
        if NAME_JOKER[best] in legal:
            return NAME_JOKER[best]
    none = NAME_JOKER[JOKER_NONE]
    return none if none in legal else legal[0]


# ----------------------------------------------------------------------- card play

def card_plays(k: Knowledge) -> list[CardPlay]:
    """The legal plays of ``k`` (every legal action, in the play), in their order."""
    return [a for a, _ in k.legal if isinstance(a, (Play, JokerLead))]


def current_best(k: Knowledge) -> tuple[int, int]:
    """(seat winning the trick so far, its card's weight) under the trick's led suit."""
    if not k.trick:
        return -1, -1
    assert k.kernel is not None
    return winning(k.kernel.rows[k.led], k.trick)


def card_weight(k: Knowledge, c: int, led: int) -> int:
    """A card's weight in a trick led in ``led``: the rule kernel's (R21, R24)."""
    assert k.kernel is not None
    return k.kernel.rows[led][c]


def outstanding(k: Knowledge) -> int:
    """Cards not yet played and not in this seat's hand (others', kitty or discard)."""
    return k.unseen() | k.exposed


def is_top(k: Knowledge, c: int) -> bool:
    """No card still out ranks ``c`` in its effective suit."""
    ctx = k.ctx
    assert ctx is not None
    s = ctx.eff_suit[c]
    if s == SUITLESS:
        return True
    out = outstanding(k) & ctx.suit_mask[s]
    return not any(ctx.strength[d] > ctx.strength[c] for d in cards_of(out))


def _lowest(k: Knowledge, acts: list[CardPlay], avoid_trumps: bool = True) -> CardPlay:
    ctx = k.ctx
    assert ctx is not None

    def key(a: CardPlay) -> tuple[int, int, int]:
        c = a.card
        e = ctx.eff_suit[c]
        special = 2 if e == SUITLESS else (1 if avoid_trumps and e == ctx.trump else 0)
        return (special, ctx.strength[c], c)

    return min(acts, key=key)


def _discard_choice(k: Knowledge, acts: list[CardPlay]) -> CardPlay:
    """Throw the least useful card: lowest side card, from the shortest suit."""
    ctx = k.ctx
    assert ctx is not None

    def key(a: CardPlay) -> tuple[int, int, int]:
        c = a.card
        e = ctx.eff_suit[c]
        if e == SUITLESS or e == ctx.trump:
            return (2, ctx.strength[c], c)
        top = 1 if is_top(k, c) else 0
        length = (k.hand & ctx.suit_mask[e]).bit_count()
        return (top, length * 20 + ctx.strength[c], c)

    return min(acts, key=key)


def play_plan(k: Knowledge, rng: random.Random) -> CardPlay:
    acts = card_plays(k)
    if len(acts) == 1:
        return acts[0]
    bid = k.bid
    assert bid is not None and k.ctx is not None
    if bid.is_misere:
        if k.seat == k.declarer:
            return _misere_declarer(k, acts)
        return _misere_defender(k, acts)
    if not k.trick:
        return _lead(k, acts, rng)
    return _follow(k, acts)


def habit_filter(k: Knowledge, acts: list[CardPlay]) -> list[CardPlay]:
    """Leads a sound player does not consider (if others remain): a declarer's low
    trump while he holds the top trump; against misère, a defender's joker lead and a
    lead of a suit the declarer has shown void in."""
    bid = k.bid
    ctx = k.ctx
    if bid is None or ctx is None or k.trick:
        return acts
    trump = ctx.trump
    if k.seat == k.declarer and 0 <= trump < 4:
        # Never lead a low trump while holding the top one (draw from the top).
        trumps = [a for a in acts if ctx.eff_suit[a.card] == trump]
        if trumps:
            top = max(trumps, key=lambda a: ctx.strength[a.card])
            out = outstanding(k) & ctx.suit_mask[trump]
            if is_top(k, top.card) and out:
                keep_t = [a for a in acts if ctx.eff_suit[a.card] != trump or a == top]
                return keep_t or acts
        return acts
    if not bid.is_misere or k.seat == k.declarer:
        return acts
    keep = [a for a in acts if not (a.card == JOKER and ctx.eff_suit[JOKER] == SUITLESS)]
    keep = keep or acts
    dv = k.voids[k.declarer]
    keep2 = [a for a in keep
             if not (ctx.eff_suit[a.card] >= 0 and (dv >> ctx.eff_suit[a.card]) & 1)]
    return keep2 or keep


def _misere_declarer(k: Knowledge, acts: list[CardPlay]) -> CardPlay:
    ctx = k.ctx
    assert ctx is not None
    unseen = outstanding(k)
    n_def = sum(k.hand_sizes[s] for s in range(4) if s != k.seat and s != k.out_seat)

    def left_danger(c: int) -> float:
        """The hand's danger once ``c`` is gone (bots/misere.py)."""
        return misere.danger(k.rules, k.hand & ~(1 << c), unseen, n_def)

    if not k.trick:
        # He leads only the first trick: a card with the fewest unseen cards below it
        # (the defenders must go under it to catch it), the one his hand misses least.
        def risk(a: CardPlay) -> tuple[int, float, int]:
            c = a.card
            e = ctx.eff_suit[c]
            if e == SUITLESS:
                return (100, 0.0, 0)
            below = sum(1 for d in cards_of(unseen & ctx.suit_mask[e])
                        if ctx.strength[d] < ctx.strength[c])
            return (below, left_danger(c), ctx.strength[c])

        return min(acts, key=risk)
    _, best = current_best(k)
    losers = [a for a in acts if card_weight(k, a.card, k.led) < best]
    following = [a for a in losers if ctx.eff_suit[a.card] == k.led]
    if following:
        # The highest card that still loses (shed danger while it is safe).
        return max(following, key=lambda a: (card_weight(k, a.card, k.led), ctx.strength[a.card]))
    if losers:
        # Void: throw the card whose going leaves the least danger.
        return min(losers, key=lambda a: (left_danger(a.card), -ctx.strength[a.card]))
    return max(acts, key=lambda a: ctx.strength[a.card])


def _misere_defender(k: Knowledge, acts: list[CardPlay]) -> CardPlay:
    ctx = k.ctx
    assert ctx is not None
    dec = k.declarer
    non_joker = [a for a in acts if a.card != JOKER or ctx.eff_suit[JOKER] != SUITLESS]
    if not k.trick:
        pool = non_joker or acts
        # Never lead a suit the declarer has shown void in, when another is available.
        ok = [a for a in pool if not (k.voids[dec] >> max(0, ctx.eff_suit[a.card])) & 1
              and (k.exposed == 0 or k.exposed & ctx.suit_mask[max(0, ctx.eff_suit[a.card])])]
        pool = ok or pool
        return min(pool, key=lambda a: (ctx.strength[a.card], a.card))
    follows = [a for a in non_joker if ctx.eff_suit[a.card] == k.led]
    declarer_played = any(s == dec for s, _ in k.trick)
    if declarer_played:
        _, best = current_best(k)
        dec_card = next(c for s, c in k.trick if s == dec)
        if card_weight(k, dec_card, k.led) == best:
            # The declarer is winning: stay under him; when void throw the highest card.
            under = [a for a in acts if card_weight(k, a.card, k.led) < best]
            if under:
                under_f = [a for a in under if ctx.eff_suit[a.card] == k.led]
                if under_f:
                    return max(under_f, key=lambda a: ctx.strength[a.card])
                return max(under, key=lambda a: (ctx.eff_suit[a.card] != SUITLESS,
                                                 ctx.strength[a.card]))
        # He has ducked, or we cannot get under him: the trick is ours whatever we
        # play, so win it high and keep the low cards to go under him later.
        if follows:
            return max(follows, key=lambda a: ctx.strength[a.card])
        pool = non_joker or acts
        return max(pool, key=lambda a: ctx.strength[a.card])
    # He is still to play: follow low so that his card has to win (never the joker).
    if follows:
        return min(follows, key=lambda a: ctx.strength[a.card])
    pool = non_joker or acts
    return max(pool, key=lambda a: ctx.strength[a.card])


def _lead(k: Knowledge, acts: list[CardPlay], rng: random.Random) -> CardPlay:
    ctx = k.ctx
    assert ctx is not None and k.bid is not None
    trump = ctx.trump
    declaring = k.dec_side(k.seat)
    out = outstanding(k)
    normal_acts = [a for a in acts if isinstance(a, Play) and ctx.eff_suit[a.card] != SUITLESS]
    if not normal_acts:
        return acts[0]
    opp = ((k.seat + 1) & 3, (k.seat + 3) & 3)
    opp_have_trumps = trump >= 0 and any(not (k.voids[o] >> trump) & 1 for o in opp) and (
        out & ctx.suit_mask[trump])
    if declaring and trump >= 0 and trump < 4:
        my_trumps = [a for a in normal_acts if ctx.eff_suit[a.card] == trump]
        if my_trumps and opp_have_trumps:
            top = max(my_trumps, key=lambda a: ctx.strength[a.card])
            if is_top(k, top.card):
                return top  # draw trumps from the top
            if len(my_trumps) >= 2:
                # Without the top trump, draw trumps all the same (a low one): each
                # round takes two of theirs, and the higher ones fall sooner or later.
                return min(my_trumps, key=lambda a: ctx.strength[a.card])
    winners = [a for a in normal_acts if is_top(k, a.card) and ctx.eff_suit[a.card] != trump]
    if winners:
        return max(winners, key=lambda a: (k.hand & ctx.suit_mask[ctx.eff_suit[a.card]])
                   .bit_count())
    side = [a for a in normal_acts if ctx.eff_suit[a.card] != trump] or normal_acts
    if k.bid.trump == NO_TRUMPS:
        # In no trumps partner cannot ruff: no low lead into a suit he has shown void in.
        pv = k.voids[(k.seat + 2) & 3]
        side = [a for a in side if not (pv >> ctx.eff_suit[a.card]) & 1] or side
    if declaring:
        # Low from the longest side suit (establish it); never a low trump.
        def length(a: CardPlay) -> tuple[int, int]:
            e = ctx.eff_suit[a.card]
            return ((k.hand & ctx.suit_mask[e]).bit_count(), -ctx.strength[a.card])
        return max(side, key=length)
    # Defender: partner's suit if partner bid one, else low from a short side suit.
    pbid = _partner_suit_bid(k)
    if pbid is not None and pbid.trump < 4:
        ps = [a for a in side if ctx.eff_suit[a.card] == pbid.trump]
        if ps:
            return max(ps, key=lambda a: ctx.strength[a.card])

    def short(a: CardPlay) -> tuple[int, int]:
        e = ctx.eff_suit[a.card]
        return ((k.hand & ctx.suit_mask[e]).bit_count(), ctx.strength[a.card])

    return min(side, key=short)


@dataclass(frozen=True)
class _Trick:
    """The trick as the seat about to follow to it sees it."""

    best_seat: int  # the seat winning it so far
    best: int  # the weight of that seat's card (``card_weight``)
    partner_winning: bool  # that seat is on our side
    last: bool  # we play the last card to it
    following: list[CardPlay]  # our cards of the led suit
    plain_beats: list[CardPlay]  # our cards that would win it now, the suitless joker aside


def _trick_so_far(k: Knowledge, acts: list[CardPlay]) -> _Trick:
    ctx = k.ctx
    assert ctx is not None
    best_seat, best = current_best(k)
    nplayers = 3 if k.out_seat >= 0 else 4
    return _Trick(
        best_seat=best_seat, best=best,
        partner_winning=best_seat >= 0 and k.dec_side(best_seat) == k.dec_side(k.seat),
        last=len(k.trick) == nplayers - 1,
        following=[a for a in acts if ctx.eff_suit[a.card] == k.led],
        plain_beats=[a for a in acts if card_weight(k, a.card, k.led) > best
                     and ctx.eff_suit[a.card] != SUITLESS])


def _follow(k: Knowledge, acts: list[CardPlay]) -> CardPlay:
    """A card to a trick already led: let partner's trick be, else follow suit by
    position (second hand low, third hand high, fourth hand cheaply), else ruff,
    play the suitless joker where the trick matters, or throw the least useful card."""
    t = _trick_so_far(k, acts)
    if t.partner_winning:
        return _under_partner(k, acts, t)
    if not t.following:
        return _void_in_led_suit(k, acts, t)
    if len(k.trick) == 1 and not t.last:
        return _second_hand(k, t)
    return _third_or_fourth_hand(k, t)


def _under_partner(k: Knowledge, acts: list[CardPlay], t: _Trick) -> CardPlay:
    """Partner is winning: play low, unless the next player may overtake partner's
    card and we can take the trick with a card he cannot beat (third hand)."""
    ctx = k.ctx
    assert ctx is not None
    win_card = next(c for s, c in k.trick if s == t.best_seat)
    nxt = (k.seat + 1) & 3
    if not t.last and not is_top(k, win_card) and t.following and not (
            k.voids[nxt] >> k.led) & 1:
        sure = [a for a in t.following
                if is_top(k, a.card) and card_weight(k, a.card, k.led) > t.best]
        if sure:
            return min(sure, key=lambda a: ctx.strength[a.card])
    return _lowest(k, t.following) if t.following else _discard_choice(k, acts)


def _second_hand(k: Knowledge, t: _Trick) -> CardPlay:
    """Second hand low, unless we hold the top card of the suit; but never the joker or
    a bower on a low trump lead (they win later, and better)."""
    ctx = k.ctx
    assert ctx is not None
    led_card = k.trick[0][1]
    low_trump_lead = (k.led == ctx.trump and ctx.strength[led_card] <= 10
                      and not _needs_trick(k))
    tops = [a for a in t.following if is_top(k, a.card) and card_weight(k, a.card, k.led) > t.best
            and not (low_trump_lead and ctx.strength[a.card] > 14)]
    if tops:
        return min(tops, key=lambda a: ctx.strength[a.card])
    return _lowest(k, t.following)


def _third_or_fourth_hand(k: Knowledge, t: _Trick) -> CardPlay:
    """Low when we cannot win; last to play, win cheaply; third hand high: the cheapest
    card nobody can beat, else the highest that wins (a cheap card would only invite
    the last player to overtake)."""
    if not t.plain_beats:
        return _lowest(k, t.following)

    def power(a: CardPlay) -> int:  # the card's weight in this trick
        return card_weight(k, a.card, k.led)

    if t.last:
        return min(t.plain_beats, key=power)
    sure = [a for a in t.plain_beats if is_top(k, a.card)]
    return min(sure, key=power) if sure else max(t.plain_beats, key=power)


def _void_in_led_suit(k: Knowledge, acts: list[CardPlay], t: _Trick) -> CardPlay:
    """Ruff as cheaply as wins; else the suitless joker when the trick is worth it (a
    king or ace winning it, three tricks or fewer left, or the contract riding on it);
    else throw the least useful card."""
    ctx = k.ctx
    assert ctx is not None
    ruffs = [a for a in t.plain_beats if ctx.eff_suit[a.card] == ctx.trump]
    if ruffs:
        return min(ruffs, key=lambda a: card_weight(k, a.card, k.led))
    joker_suitless = [a for a in acts if ctx.eff_suit[a.card] == SUITLESS]
    if joker_suitless:
        win_card = next(c for s, c in k.trick if s == t.best_seat)
        valuable = (win_card & 15) >= 13 or 10 - k.trick_no <= 3
        if valuable or _needs_trick(k):
            return joker_suitless[0]
    others = [a for a in acts if ctx.eff_suit[a.card] != SUITLESS] or acts
    return _discard_choice(k, others)


def _needs_trick(k: Knowledge) -> bool:
    """Whether this trick decides the contract (declarer short, or defenders one off)."""
    bid = k.bid
    assert bid is not None
    team_tricks = sum(k.tricks_won[s] for s in range(4) if k.dec_side(s))
    left = 10 - k.trick_no
    if k.dec_side(k.seat):
        return bid.tricks - team_tricks >= left
    return bid.tricks - team_tricks == left


# ----------------------------------------------------------------------- entry point

def decide(k: Knowledge, rng: random.Random, slips: float = 0.0) -> Action:
    """The rule-based decision; ``slips`` is the chance of a deliberate slip (easy)."""
    if k.phase == BIDDING:
        return bid_plan(k, rng, noise=EASY_NOISE if slips else 0.0)
    if k.phase == DISCARD_PHASE:
        if slips and rng.random() < slips:
            cards = sorted(cards_of(k.hand))
            return Discard(rng.sample(cards, k.rules.kitty_size))
        return discard_plan(k)
    if k.phase == JOKER_PHASE:
        return joker_plan(k)
    if slips and rng.random() < slips:
        acts = card_plays(k)
        return acts[rng.randrange(len(acts))]
    return play_plan(k, rng)

