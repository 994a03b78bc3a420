"""Bids explained (issue 25): each level that bids returns, beside its bid, the facts
that made it (``bots.reasons.BidReason``), and ``teaching`` writes them in words. On
built hands: the structured value names the trump length, the joker and bowers and the
tricks counted, and the English sentence says the same; the bid explained is the bid
``choose`` makes, by seed."""

from __future__ import annotations

import random

import pytest

from five_hundred.bots import club, hard, hint, mc, normal, player
from five_hundred.bots.hand_strength import nt_tricks, suit_tricks
from five_hundred.bots.levels import explain_bid
from five_hundred.bots.reasons import BidReason
from five_hundred.engine import BIDDING
from five_hundred.engine.actions import MakeBid
from five_hundred.engine.cards import NO_TRUMPS, mask_of, parse_card
from five_hundred.engine.knowledge import knowledge_of
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import GameState
from five_hundred.engine.views import SeatView, view_for
from five_hundred.notation import describe_hint
from five_hundred.teaching import bid_explanation, bid_line

from .test_match import view_at

R = PAGAT_AUSTRALIAN
HEARTS = 3
CLUBS = 1
# seven hearts with the joker and both bowers, the ace of spades: a strong suit hand
STRONG = ["JK", "JH", "JD", "AH", "KH", "9H", "7H", "AS", "7C", "8D"]
# five hearts with the right bower, the ace and king: a hand for six or seven
FIVE_HEARTS = ["JH", "AH", "KH", "9H", "6H", "AS", "KS", "7C", "8D", "5C"]
WEAK = ["5S", "7S", "9S", "5C", "8C", "4D", "7D", "9D", "4H", "8H"]  # nothing to bid on
LOW = ["5S", "6S", "7S", "5C", "6C", "4D", "5D", "6D", "4H", "5H"]  # a misère hand


def _hand(cards: list[str]) -> int:
    return mask_of(parse_card(c, R) for c in cards)


def _explained(view: SeatView, level: str, budget: float = 0.1) -> tuple[str, BidReason]:
    """The level's bid and its reason, checked to be the bid ``choose`` makes."""
    action, reason = explain_bid(view, level, random.Random(5), budget)
    assert action == player(level).choose(view, random.Random(5), budget)
    assert reason is not None
    return action.text, reason


def test_normal_counts_trumps_honours_and_the_allowance() -> None:
    """R9/R28: North, first to bid, holds seven hearts with the joker and both bowers:
    normal counts the hand's tricks in hearts and 3.2 from partner and the kitty, and
    the reason and its sentence name exactly those facts."""
    text, r = _explained(view_at(STRONG, 0, 3, (0, 0)), "normal")
    est, n = suit_tricks(R, _hand(STRONG), HEARTS)
    assert n == 7
    assert r == BidReason("normal", r.bid, r.why, strain=HEARTS, trumps=7, joker=True,
                          right_bower=True, left_bower=True, own=est,
                          allowance=normal.ALLOWANCE + 0.5, needed=r.needed)
    assert text == f"bid {r.bid}" and r.bid is not None and r.bid.endswith("H")
    assert r.why in ("count", "jump")
    assert r.needed == int(r.bid[:-1]) and r.counted >= r.needed
    sentence = bid_explanation(r)
    assert sentence.startswith(f"{r.bid[:-1]}♥: 7 ♥ trumps with the joker and both bowers; ")
    assert f"counts {est:.1f} tricks of its own and 3.2 from partner and the kitty" in sentence


def test_normal_names_a_single_bower_and_what_is_missing() -> None:
    """Five hearts with the right bower: 'with the right bower'; the count is the
    hand's own estimate plus the allowance, enough for the bid it makes."""
    text, r = _explained(view_at(FIVE_HEARTS, 0, 3, (0, 0)), "normal")
    assert (r.strain, r.trumps, r.joker, r.right_bower, r.left_bower) == (HEARTS, 5, False,
                                                                          True, False)
    assert r.own == suit_tricks(R, _hand(FIVE_HEARTS), HEARTS)[0]
    assert text == f"bid {r.bid}"
    sentence = bid_explanation(r)
    assert "5 ♥ trumps with the right bower; counts" in sentence
    assert sentence.endswith(f"enough for {r.needed} tricks")


def test_normal_pass_says_why() -> None:
    """A hand with no suit of four trumps passes: 'no suit of four or more trumps',
    naming the longest suit; a hand short of the cheapest bid says by how much."""
    text, r = _explained(view_at(WEAK, 0, 3, (0, 0)), "normal")
    assert text == "pass" and r.bid is None and r.why == "no_strain"
    assert bid_explanation(r).startswith("pass: no suit of four or more trumps")
    # four spades, the ace and king: counted, but short of six
    short = ["AS", "KS", "9S", "7S", "5C", "8C", "4D", "7D", "4H", "8H"]
    text, r = _explained(view_at(short, 0, 3, (0, 0)), "normal")
    assert text == "pass" and r.why == "short" and r.strain == 0 and r.trumps == 4
    assert r.counted < r.needed == 6
    assert "short of the 6 tricks the cheapest bid needs" in bid_explanation(r)


def test_normal_raise_counts_partners_bid_and_our_surplus() -> None:
    """R10: South bid 6♥; North raises with our tricks beyond the allowance South
    counted on from us and the kitty, and says so."""
    text, r = _explained(view_at(STRONG, 0, 1, (0, 0), ("bid 6H", "pass")), "normal")
    assert r.why == "raise" and r.partner_bid == "6H" and text == f"bid {r.bid}"
    assert r.surplus == pytest.approx(max(0.0, r.own - (normal.ALLOWANCE + 0.5)))
    assert "raises partner's 6♥" in bid_explanation(r)


def test_normal_misere_names_its_danger() -> None:
    """R14: over a 7-level bid a low hand bids misère; the reason is the danger test's
    figure, in the sentence too."""
    text, r = _explained(view_at(LOW, 0, 2, (0, 0), ("bid 7S",)), "normal")
    assert text in ("bid MIS", "bid OMIS") and r.why == "misere"
    assert r.danger == normal.misere_danger(R, _hand(LOW))
    assert f"about {r.danger:.1f} cards the defenders could force to win a trick" in \
        bid_explanation(r)


def test_easy_says_how_far_its_loose_count_strayed() -> None:
    """easy is normal with a blurred count: the blur is part of the reason (what it
    bid on), and the sentence says it."""
    _text, r = _explained(view_at(FIVE_HEARTS, 0, 3, (0, 0)), "easy")
    assert r.level == "easy" and r.strain is not None
    assert r.noise != 0.0 and abs(r.noise) <= normal.EASY_NOISE
    assert "its loose count (easy) strays by" in bid_explanation(r)


def test_club_counts_its_sure_tricks() -> None:
    """club's count: sure tricks, marked down for a short trump suit or one without
    the ace, then partner and kitty: the reason holds those parts of the strain value
    it bid on."""
    text, r = _explained(view_at(FIVE_HEARTS, 1, 0, (0, 0)), "club")
    k = knowledge_of(view_at(FIVE_HEARTS, 1, 0, (0, 0)), R)
    parts = club.strain_parts(k)[HEARTS]
    assert r.bid is not None and text == f"bid {r.bid}" and r.strain == HEARTS
    assert (r.own, r.allowance) == (parts.own, parts.added)
    assert r.own + r.allowance == club.strain_values(k)[HEARTS] >= r.needed
    assert (r.trumps, r.right_bower, r.joker) == (5, True, False)
    assert bid_explanation(r).startswith(f"{r.bid[:-1]}♥: 5 ♥ trumps with the right bower; "
                                         f"counts {parts.own:.1f} tricks of its own")


def test_club_opens_six_no_trumps_with_the_joker() -> None:
    """club's Australian opener: the joker and a little more bid 6NT first."""
    hand = ["JK", "AS", "KS", "AC", "7C", "8D", "9D", "5H", "6H", "7H"]
    text, r = _explained(view_at(hand, 0, 3, (0, 0)), "club")
    assert text == "bid 6NT" and r.why == "opener" and r.joker and r.strain == NO_TRUMPS
    assert r.stopped == nt_tricks(R, _hand(hand))[1]
    assert "the Australian opening bid" in bid_explanation(r)


def test_hard_says_what_its_play_outs_found() -> None:
    """hard's bid comes from sampled play-outs: the reason holds how many samples, in
    how many the bid was made and the mean tricks, with the hand facts of its strain;
    the figures are the ones its bidding judged on."""
    view = view_at(STRONG, 0, 3, (0, 0))
    text, r = _explained(view, "hard", 0.1)
    assert r.level == "hard" and r.why == "samples" and text == f"bid {r.bid}"
    assert r.bid is not None
    assert r.samples >= mc.BID_MIN_SAMPLES and 0 <= r.made <= r.samples
    assert r.share == pytest.approx(r.made / r.samples)
    assert (r.strain, r.trumps, r.joker, r.right_bower, r.left_bower) == (HEARTS, 7, True,
                                                                          True, True)
    assert r.tricks >= r.needed - 1
    j = mc.judge_bid(knowledge_of(view, R), random.Random(5), hard.work_limit(0.1))
    assert j.reason == r and dict(j.options)[r.bid] == pytest.approx(r.points)
    sentence = bid_explanation(r)
    assert f"made in {r.made} of {r.samples} sampled deals, about {r.tricks:.1f} tricks" \
        in sentence and "7 ♥ trumps with the joker and both bowers" in sentence


def test_hard_pass_names_the_best_bid_it_weighed() -> None:
    """Passing a thin hand, hard says which bid it weighed best and that it was worth
    less than passing."""
    hand = ["QH", "TH", "8H", "5H", "KS", "6S", "7C", "8D", "9D", "5C"]
    text, r = _explained(view_at(hand, 0, 3, (0, 0)), "hard", 0.1)
    assert text == "pass" and r.why == "not_worth" and r.weighed is not None
    assert r.points <= mc.PASS_FLOOR or r.points <= 0
    assert bid_explanation(r).endswith("not worth more than passing")


def test_the_person_s_bid_hint_says_the_same_kind_of_thing() -> None:
    """The hint for a person's bid is hard's judgement: its sentence names the same
    facts hard's bid explanation does (trumps, joker and bowers, the samples)."""
    view = view_at(STRONG, 0, 3, (0, 0))
    h = hint(view, R, random.Random(5), 0.1)
    assert h.bid_reason is not None and h.bid_reason.bid == h.action.bid
    assert h.why.startswith("7 ♥ trumps with the joker and both bowers")
    assert "made in" in h.why and h.why in describe_hint(h)


@pytest.mark.parametrize("level", ["easy", "normal", "club", "hard"])
def test_every_bid_of_seeded_auctions_is_explained_as_made(level: str) -> None:
    """Over seeded auctions, the explained bid is the bid ``choose`` makes, the reason
    names it, and the plain function for the log writes it."""
    seen = 0
    for seed in range(1, 4):
        state = GameState.new_game(R, seed)
        while state.phase == BIDDING:
            view = view_for(state, state.to_act)
            action, reason = explain_bid(view, level, random.Random(seed), 0.05)
            assert action == player(level).choose(view, random.Random(seed), 0.05)
            assert reason is not None and reason.bid == action.bid
            line = bid_line(("North", "East", "South", "West"), view.seat, reason)
            assert line == ("North", "East", "South", "West")[view.seat] + " " + \
                bid_explanation(reason)
            state.apply(action.action, state.to_act)
            seen += 1
    assert seen >= 12


def test_suit_plan_is_normals_call_without_its_reasons() -> None:
    """``normal.suit_plan`` (what ``mc.PARTNER_MODEL`` reads a partner's calls by) is
    ``bid_plan``'s call, misère aside, on every call of seeded auctions."""
    ladder = GameState.new_game(PAGAT_AUSTRALIAN, 0).ladder
    checked = 0
    for seed in range(120):
        state = GameState.new_game(PAGAT_AUSTRALIAN, seed)
        while state.phase == BIDDING:
            k = knowledge_of(view_for(state, state.to_act), PAGAT_AUSTRALIAN)
            call = normal.bid_plan(k, random.Random(seed))
            if not (isinstance(call, MakeBid) and ladder.bids[call.ladder_index].is_misere):
                assert normal.suit_plan(k) == (call if isinstance(call, MakeBid) else None)
                checked += 1
            state.apply(call)
    assert checked > 400
