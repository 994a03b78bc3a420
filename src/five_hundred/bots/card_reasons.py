"""The rule of thumb behind a hinted card, when the position and the play-outs make it
clear: drawing trumps, cashing a winner, keeping the joker, playing low under
partner's winner, second hand low, third hand high, winning cheaply last, ruffing,
throwing the least useful card, the misère declarer's highest loser.

A rule is named only when it describes the suggested card and every card the rule
would not play did clearly worse in the hint's own figures (``CLEAR_POINTS`` fewer
expected points), or when every card did the same (``any``). Otherwise the hint gives
its figures alone.
"""

from __future__ import annotations

from collections.abc import Callable

from five_hundred.engine.actions import CardPlay
from five_hundred.engine.cards import JOKER, SUITLESS, card_str
from five_hundred.engine.knowledge import Knowledge

from .hard import CardEstimate
from .normal import card_weight, current_best, is_top, outstanding
from .reasons import CardReason, CardWhy

CLEAR_POINTS = 5.0  # the cards a rule would not play must trail the suggestion this much
SAME_POINTS = 1.0  # every card within this of the best: any card does
SAME_CHANCE = 0.01  # ... and the same chance of the side's goal

Fits = Callable[[CardPlay], bool]


def card_reason(k: Knowledge, ests: list[CardEstimate]) -> CardReason | None:
    """Why the first of ``ests`` (ranked best first, by expected points) is right, if a
    rule of thumb says so clearly; else None."""
    if not ests or k.ctx is None or k.bid is None:
        return None
    best = ests[0]
    code = card_str(best.action.card)
    if len(ests) > 1 and all(best.utility - e.utility <= SAME_POINTS
                             and best.success - e.success <= SAME_CHANCE for e in ests):
        return CardReason("any", code)
    for why, fits, other, suit in _rules_of_thumb(k, best.action):
        if not fits(best.action):
            continue
        worse = [e.utility for e in ests if not fits(e.action)]
        if not worse or max(worse) <= best.utility - CLEAR_POINTS:
            return CardReason(why, code, other, suit)
    return None


def _rules_of_thumb(k: Knowledge, card: CardPlay
                    ) -> list[tuple[CardWhy, Fits, str | None, int | None]]:
    """The rules that may apply to the seat's position, the most telling first: each
    with the cards it would play and the card and suit it concerns."""
    ctx = k.ctx
    bid = k.bid
    assert ctx is not None and bid is not None
    rules: list[tuple[CardWhy, Fits, str | None, int | None]] = []
    trump = ctx.trump
    joker_rules: list[tuple[CardWhy, Fits, str | None, int | None]] = [
        ("keep_joker", lambda a: a.card != JOKER, None, None)] if any(
        a.card == JOKER for a in _plays(k)) else []

    def eff(a: CardPlay) -> int:
        return ctx.eff_suit[a.card]

    if bid.is_misere:
        if k.seat == k.declarer and k.trick:
            _seat, high = current_best(k)
            rules.append(("misere_under", lambda a: card_weight(k, a.card, k.led) < high
                          and eff(a) == k.led, None, k.led))
        return rules
    if not k.trick:
        opponents = ((k.seat + 1) & 3, (k.seat + 3) & 3)
        trumps_out = 0 <= trump < 4 and bool(outstanding(k) & ctx.suit_mask[trump]) and any(
            not (k.voids[o] >> trump) & 1 for o in opponents)
        if k.dec_side(k.seat) and trumps_out:
            rules.append(("draw_trumps", lambda a: eff(a) == trump, None, trump))
        rules.append(("cash", lambda a: eff(a) not in (trump, SUITLESS) and is_top(k, a.card),
                      None, None))
        return rules + joker_rules
    best_seat, high = current_best(k)
    win_card = next(c for s, c in k.trick if s == best_seat)
    other = card_str(win_card)
    active = 3 if k.out_seat >= 0 else 4
    last = len(k.trick) == active - 1

    def wins(a: CardPlay) -> bool:
        return card_weight(k, a.card, k.led) > high

    following = [a for a in _plays(k) if eff(a) == k.led]
    if best_seat >= 0 and k.dec_side(best_seat) == k.dec_side(k.seat):
        rules.append(("duck", lambda a: not wins(a), other, k.led))
    elif not following:
        if 0 <= trump < 4 and wins(card) and eff(card) == trump:
            rules.append(("ruff", lambda a: wins(a) and eff(a) == trump, other, trump))
        rules.append(("throw", lambda a: not wins(a), other, k.led))
    elif not any(wins(a) for a in following):
        lowest = min(following, key=lambda a: ctx.strength[a.card])
        rules.append(("lowest", lambda a: a == lowest, other, k.led))
    elif last:
        cheapest = min((a for a in _plays(k) if wins(a)),
                       key=lambda a: card_weight(k, a.card, k.led))
        rules.append(("win_cheap", lambda a: a == cheapest, other, k.led))
    elif len(k.trick) == 1:
        rules.append(("second_low", lambda a: not wins(a), other, k.led))
    else:
        rules.append(("third_high", wins, other, k.led))
    return rules + joker_rules


def _plays(k: Knowledge) -> list[CardPlay]:
    return [a for a, _legal in k.legal if isinstance(a, CardPlay)]


__all__ = ["CLEAR_POINTS", "card_reason"]
