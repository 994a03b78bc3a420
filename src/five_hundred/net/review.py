"""The review of a finished deal for one seat of a networked table (issue 24): what the
local review shows, less what that seat could not know at a real table.

At one screen the review shows the whole deal (every hand as dealt, the kitty, the
declarer's discard): everybody at that keyboard sees it, as a table of friends might
turn the cards over once the deal is done. A seat at its own screen gets what it saw
during the deal, and nothing else (R6, R17, R22):

- its own hand as dealt;
- every card played (all four players saw each trick);
- the kitty and the discard only if it was the declarer (R17: the discard is never
  shown to anyone else; the kitty stays face down for the others);
- the open-misère declarer's hand, face up after the first trick (R22);
- of another seat's hand, the cards it played (or showed face up). A card of a hand
  that was never played (a misère lost before the last trick, the misère partner's
  hand, a deal nobody bid) stays unseen. The declarer's hand *as dealt* is unknown to
  the others (which of the cards it played came from the kitty?): for them the
  declarer's line of the deal shows the hand it played from, after the exchange.

A card the seat never saw is ``UNSEEN`` in place of its code, so every hand keeps its
size. The double-dummy analysis rests on every hand in play; it is sent only when the
seat saw every card of them (a deal played to its last trick), else it is "withheld":
the result of a search over hidden cards says something about them.

Pure functions: the table server calls them in a thread (``NetTable._review``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from five_hundred.engine.record import loads_record
from five_hundred.engine.review import DealNotFinished, DealReview, ReviewTrick, record_reviews
from five_hundred.net.protocol import UNSEEN, ReviewAnalysis, Verdict

if TYPE_CHECKING:
    from five_hundred.bots.analysis import DealAnalysis

OPEN_MISERE = "OMIS"


def seen_by(review: DealReview, seat: int) -> frozenset[str]:
    """Every card ``seat`` saw during the deal (codes)."""
    seen = set(review.hands[seat])
    declared = review.declarer is not None
    if declared and seat == review.declarer:
        seen.update(review.kitty)
        seen.update(review.discards)
    for trick in review.tricks:
        seen.update(card for _s, card in trick.plays)
    if review.contract == OPEN_MISERE and review.declarer is not None and review.tricks:
        seen.update(review.tricks[0].held[review.declarer])  # face up after trick 1 (R22)
    return frozenset(seen)


def _hidden(cards: Sequence[str], seen: frozenset[str]) -> tuple[str, ...]:
    """``cards`` with those not in ``seen`` turned face down (``UNSEEN``, at the end)."""
    known = tuple(c for c in cards if c in seen)
    return known + (UNSEEN,) * (len(cards) - len(known))


def for_seat(review: DealReview, seat: int) -> DealReview:
    """``review`` as ``seat`` may know it (the module's docstring)."""
    seen = seen_by(review, seat)
    declarer = review.declarer
    hands = []
    for s, dealt in enumerate(review.hands):
        if s == seat:
            hands.append(tuple(dealt))
        elif s == declarer and review.tricks:
            # the hand it played from: which of its cards were dealt to it is unknown
            hands.append(_hidden(review.tricks[0].held[s], seen))
        else:
            hands.append(_hidden(dealt, seen))
    tricks = tuple(t.model_copy(update={"held": tuple(
        held if s == seat else _hidden(held, seen) for s, held in enumerate(t.held))})
        for t in review.tricks)
    mine = declarer is not None and declarer == seat
    return review.model_copy(update={
        "hands": tuple(hands),
        "kitty": review.kitty if mine else (UNSEEN,) * len(review.kitty),
        "discards": review.discards if mine else (UNSEEN,) * len(review.discards),
        "tricks": tricks})


def analysable(review: DealReview, seat: int) -> bool:
    """The seat saw every card of the hands in play, so the double-dummy analysis of
    the deal tells it nothing it does not know."""
    if review.contract is None or not review.tricks:
        return False
    seen = seen_by(review, seat)
    first: ReviewTrick = review.tricks[0]
    return all(set(held) <= seen for s, held in enumerate(first.held)
               if s != review.sitting_out)


def reviews_of(record_json: str) -> Sequence[DealReview]:
    """The finished deals of a game record's JSON (the controller's ``record_json``)."""
    return record_reviews(loads_record(record_json))


def deal_of(reviews: Sequence[DealReview], index: int | None) -> DealReview:
    """Deal ``index`` (None: the last finished one); ``DealNotFinished`` if none."""
    if not reviews:
        raise DealNotFinished("no deal is finished yet")
    i = len(reviews) - 1 if index is None else index
    if not 0 <= i < len(reviews):
        raise DealNotFinished(f"deal {i + 1} is not finished")
    return reviews[i]


def wire_analysis(a: DealAnalysis) -> ReviewAnalysis:
    return ReviewAnalysis(misere=a.misere, declarer=a.declarer, could=a.could, made=a.made,
                          contract=a.contract,
                          cards=tuple(Verdict(trick=v.trick, seat=v.seat, card=v.card,
                                              best=v.best, after=v.after) for v in a.cards))


def local_analysis(a: ReviewAnalysis, index: int) -> DealAnalysis:
    """The analysis from the wire as the review screen draws it."""
    from five_hundred.bots.analysis import CardVerdict, DealAnalysis

    return DealAnalysis(a.misere, a.declarer, a.could, a.made,
                        tuple(CardVerdict(v.trick, v.seat, v.card, v.best, v.after)
                              for v in a.cards), 0, index=index, contract=a.contract)


__all__ = ["analysable", "deal_of", "for_seat", "local_analysis", "reviews_of", "seen_by",
           "wire_analysis"]
