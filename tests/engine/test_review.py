"""The deal review (engine/review.py): every finished deal rebuilt whole from the game's
log -- the hands and kitty as dealt, the auction, the discard, each trick with its
leader and winner and the hands as it began -- and never a deal that is not finished.

The fixtures are games played by four easy computer players (seeds 6, 35 and 24).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from five_hundred.engine import BIDDING, PAGAT_AUSTRALIAN, GameState
from five_hundred.engine.record import load_record, record_from_state, replay_record
from five_hundred.engine.review import (
    DealNotFinished,
    deal_review,
    finished_deals,
    record_reviews,
    review_of_record,
)

FIXTURES = Path(__file__).parent.parent / "fixtures"
WON = FIXTURES / "game-won-by-contract.json"
LOST = FIXTURES / "game-lost-at-minus-500.json"


@pytest.mark.parametrize("path", [WON, LOST])
def test_every_finished_deal_is_rebuilt_from_the_record(path: Path) -> None:
    record = load_record(path)
    state = replay_record(record).state
    reviews = record_reviews(record)
    assert len(reviews) == len(record.deals) == finished_deals(state)
    for review, deal, result in zip(reviews, record.deals, state.results, strict=True):
        assert review.dealer == deal.dealer
        assert [set(h) for h in review.hands] == [set(h) for h in deal.hands]
        assert set(review.kitty) == set(deal.kitty)
        assert review.result.scores == result.scores
        assert review.contract == result.contract and review.declarer == result.declarer
        before = review.scores_before
        assert (before[0] + result.score_change[0], before[1] + result.score_change[1]) \
            == result.scores
        plays = [f"{s}:play {c}" for t in review.tricks for s, c in t.plays]
        # "1:play JK H" (a joker led, calling hearts) is the play of JK
        assert plays == [" ".join(a.split(" ")[:2]) for a in deal.actions if ":play " in a]
        if review.tricks:
            assert review.tricks[-1].team_tricks == result.tricks
        if review.declarer is not None:
            held = set(review.hands[review.declarer]) | set(review.kitty)
            assert set(review.discards) <= held and len(review.discards) == 3
            assert set(review.tricks[0].held[review.declarer]) == held - set(review.discards)


def test_each_trick_has_its_leader_winner_and_the_hands_as_it_began() -> None:
    """R19-R21: the declarer leads first, each trick's winner leads the next; the hands
    shrink by exactly the cards played."""
    for review in record_reviews(load_record(WON)):
        for i, trick in enumerate(review.tricks):
            assert trick.leader == trick.plays[0][0]
            assert trick.leader == (review.declarer if i == 0 else review.tricks[i - 1].winner)
            for seat, card in trick.plays:
                assert card in trick.held[seat]
            if i + 1 < len(review.tricks):
                after = review.tricks[i + 1].held
                played = dict(trick.plays)
                for seat in range(4):
                    assert set(after[seat]) == set(trick.held[seat]) - {played.get(seat)}


def test_misere_review_has_three_card_tricks_and_the_partner_sitting_out_r18() -> None:
    reviews = record_reviews(load_record(LOST))
    misere = next(r for r in reviews if r.contract == "MIS")
    assert misere.sitting_out == (misere.declarer or 0) ^ 2
    assert all(len(t.plays) == 3 for t in misere.tricks)
    assert all(seat != misere.sitting_out for t in misere.tricks for seat, _ in t.plays)
    # R33: the declarer won a trick, the misère is lost and play stopped there
    assert misere.tricks[-1].winner == misere.declarer and len(misere.tricks) < 10


def _play(state: GameState, rng: random.Random, actions: int, bid: bool) -> None:
    """Random legal actions; in the auction everybody passes, unless ``bid``: then the
    first bidder bids the lowest bid and the others pass (so the deal is played)."""
    for _ in range(actions):
        if state.deal_over:
            return
        legal = state.legal_actions()
        if state.phase == BIDDING:
            pass_ = next(a for a in legal if state.text(a) == "pass")
            first = bid and not state.auction
            state.apply(next(a for a in legal if a != pass_) if first else pass_)
        else:
            state.apply(rng.choice(legal))


def test_the_deal_under_way_is_refused() -> None:
    """A deal that is not finished (under way, or not dealt yet) is never reviewed: the
    review would show hands still in play."""
    state = GameState.new_game(PAGAT_AUSTRALIAN, 4)
    rng = random.Random(4)
    with pytest.raises(DealNotFinished):
        deal_review(state, 0)  # just dealt
    _play(state, rng, 10, bid=False)  # passed out (R13)
    assert state.deal_over and not state.is_over
    assert deal_review(state, 0).number == 1
    state.start_next_deal()
    _play(state, rng, 12, bid=True)  # the auction, the discard and a few cards
    assert not state.deal_over
    with pytest.raises(DealNotFinished):
        deal_review(state, 1)  # under way
    with pytest.raises(DealNotFinished):
        deal_review(state, 2)
    with pytest.raises(DealNotFinished):
        deal_review(state, -1)
    record = record_from_state(state)
    assert len(record.deals) == 2  # the record holds the deal under way ...
    assert len(record_reviews(record)) == 1  # ... but only the finished one is reviewed
    with pytest.raises(DealNotFinished):
        review_of_record(record, 1)
