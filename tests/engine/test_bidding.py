"""The auction (R7-R16)."""

from __future__ import annotations

from five_hundred.engine import (
    BIDDING,
    DEAL_OVER,
    DISCARD_PHASE,
    PAGAT_AUSTRALIAN,
    GameState,
    ladder_for,
    public_view,
)
from five_hundred.engine.actions import BID, PASS

from .helpers import E, N, S, W, assert_illegal, deal_from_text, phase_of, run

R = PAGAT_AUSTRALIAN
LADDER = ladder_for(R)


def legal_bids(state: GameState) -> list[str]:
    return [state.text(a)[4:] for a in state.legal_actions() if a[0] == BID]


def fresh(dealer: int = W) -> GameState:
    return deal_from_text(["", "", "", ""], dealer=dealer)


def test_r8_left_of_dealer_bids_first_and_clockwise() -> None:
    """R8: the player left of the dealer bids first; the auction goes clockwise."""
    st = fresh(dealer=E)
    assert st.phase == BIDDING and st.to_act == S
    run(st, "bid 6S")
    assert st.to_act == W
    run(st, "bid 6C")
    assert st.to_act == N
    assert_illegal(st, "bid 7H", "R8", seat=E, words="North's turn")


def test_r9_bids_are_6_to_10_in_suits_or_nt_or_misere_or_pass() -> None:
    """R9: the first bidder may pass, bid 6..10 in a suit or NT, or open misère."""
    st = fresh()
    bids = legal_bids(st)
    assert (PASS,) in st.legal_actions()
    suits = [f"{n}{t}" for n in range(6, 11) for t in ("S", "C", "D", "H", "NT")]
    assert set(suits) <= set(bids)
    assert set(bids) - set(suits) == {"OMIS"}
    assert_illegal(st, (4, 62), "R9", words="must bid or pass")  # play AH in the auction
    assert_illegal(st, (BID, 999), "R9", words="No such bid")


def test_r10_bid_order_and_must_rank_above() -> None:
    """R10: more tricks beat fewer; at equal tricks S < C < D < H < NT; a bid must rank
    above the last; 6S is the lowest and 10NT the highest."""
    codes = [b.code for b in LADDER.bids]
    assert codes[0] == "6S"
    assert codes[-1] == "10NT"
    ranks = {b.code: b.rank for b in LADDER.bids}
    assert ranks["6S"] < ranks["6C"] < ranks["6D"] < ranks["6H"] < ranks["6NT"] < ranks["7S"]
    assert ranks["9NT"] < ranks["10S"]
    st = fresh()
    run(st, "bid 7D")
    bids = legal_bids(st)
    assert "7H" in bids and "7D" not in bids and "7C" not in bids and "6NT" not in bids
    err = assert_illegal(st, "bid 7C", "R10", words="does not rank above")
    assert "7♣" in err.reason and "7♦" in err.reason
    assert_illegal(st, "bid 7D", "R10")


def test_r11_a_pass_is_final() -> None:
    """R11: a player who passed gets no further turn in this auction."""
    st = fresh(dealer=W)  # North first
    run(st, "pass", "bid 6S", "bid 6C", "bid 6D")
    assert st.to_act == E  # North is skipped
    run(st, "bid 6H", "bid 6NT", "bid 7S")
    assert st.to_act == E
    assert public_view(st).passed == (True, False, False, False)
    run(st, "pass")
    assert st.to_act == S
    assert_illegal(st, "bid 9H", "R8", seat=N)


def test_r12_auction_ends_after_three_passes_following_a_bid() -> None:
    """R12: when the other three have passed after a bid, the last bid is the contract
    and its bidder the declarer, who may not raise it."""
    st = fresh(dealer=W)
    run(st, "bid 6H", "pass", "bid 7S", "pass")
    assert st.phase == BIDDING and st.to_act == N
    run(st, "pass")
    assert phase_of(st) == DISCARD_PHASE
    assert st.contract is not None and st.contract.code == "7S"
    assert st.declarer == S and st.to_act == S
    assert_illegal(st, "bid 8S", "R17")  # no raising: the exchange follows


def test_r12_three_passes_then_a_bid_ends_at_once() -> None:
    """R12: after three passes the fourth player's bid is the contract at once."""
    st = fresh(dealer=W)
    run(st, "pass", "pass", "pass", "bid 6S")
    assert st.phase == DISCARD_PHASE and st.declarer == W
    assert st.contract is not None and st.contract.code == "6S"


def test_r13_all_four_pass_redeal_left_no_score() -> None:
    """R13/R7: if all four pass nobody plays, there is no score, and the next deal is
    dealt by the seat to the left."""
    st = GameState.new_game(R, seed=21, start_scores=(120, -40))
    dealer = st.dealer
    run(st, "pass", "pass", "pass", "pass")
    assert st.phase == DEAL_OVER and st.to_act == -1
    assert st.legal_actions() == ()
    assert st.scores == [120, -40]
    assert st.results[-1].contract is None and st.results[-1].score_change == (0, 0)
    old = st.dealt
    st.start_next_deal()
    assert st.dealer == (dealer + 1) % 4
    assert st.dealt != old
    assert phase_of(st) == BIDDING and st.to_act == (dealer + 2) % 4
    assert_illegal(st, "bid 6S", "R8", seat=dealer)


def test_r14_misere_only_over_a_seven_level_bid() -> None:
    """R14: misère ranks above every 7-level bid and below every 8-level bid, and may be
    bid only when the current bid is a 7-level bid."""
    ranks = {b.code: b.rank for b in LADDER.bids}
    assert ranks["7NT"] < ranks["MIS"] < ranks["8S"]
    st = fresh()
    assert "MIS" not in legal_bids(st)
    assert_illegal(st, "bid MIS", "R14", words="7-level")
    run(st, "bid 6NT")
    assert "MIS" not in legal_bids(st)
    assert_illegal(st, "bid MIS", "R14")
    run(st, "bid 7S")
    assert "MIS" in legal_bids(st)
    run(st, "bid 7NT")
    assert "MIS" in legal_bids(st)
    run(st, "bid MIS")
    bids = legal_bids(st)
    assert "8S" in bids and "7NT" not in bids and "MIS" not in bids
    run(st, "bid 8S")
    assert "MIS" not in legal_bids(st)
    assert_illegal(st, "bid MIS", "R10")


def test_r15_open_misere_may_open_and_sits_between_10d_and_10h() -> None:
    """R15: open misère ranks above 10♦ and below 10♥ and may be the very first bid."""
    ranks = {b.code: b.rank for b in LADDER.bids}
    assert ranks["10D"] < ranks["OMIS"] < ranks["10H"]
    st = fresh()
    assert "OMIS" in legal_bids(st)
    run(st, "bid OMIS")
    assert legal_bids(st) == ["10H", "10NT"]
    st2 = fresh()
    run(st2, "bid 10D")
    assert "OMIS" in legal_bids(st2)
    run(st2, "bid 10H")
    assert "OMIS" not in legal_bids(st2)
    assert_illegal(st2, "bid OMIS", "R15", words="does not rank above")


def test_r16_bid_order_is_not_value_order() -> None:
    """R16: misère (250) ranks below 8♠ (240); open misère (500) below 10♥ (500) and
    above 10♦ (480)."""
    by = {b.code: b for b in LADDER.bids}
    assert by["MIS"].value == 250 and by["8S"].value == 240
    assert by["MIS"].rank < by["8S"].rank
    assert by["OMIS"].value == 500 == by["10H"].value
    assert by["10D"].value == 480
    assert by["10D"].rank < by["OMIS"].rank < by["10H"].rank
    st = fresh()
    run(st, "bid 7H", "bid MIS")
    assert "8S" in legal_bids(st)  # a lower-valued bid outranks misère
    run(st, "bid 8S")
    st2 = fresh()
    run(st2, "bid OMIS")
    assert_illegal(st2, "bid 10D", "R15")  # 10♦ is lower although close in value


def test_r12_declarer_sees_kitty_after_winning() -> None:
    """R12/R17: the high bidder becomes declarer and takes the kitty into the hand."""
    st = deal_from_text(["", "", "", ""], kitty="4H 5H 6H", dealer=N)
    run(st, "bid 6NT", "pass", "pass", "pass")
    assert st.declarer == E
    assert st.hands[E].bit_count() == 13
    assert len(st.legal_actions()) == 286  # C(13, 3) discards
