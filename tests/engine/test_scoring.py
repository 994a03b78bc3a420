"""Contract values, scoring a deal and the end of the game (R28-R37)."""

from __future__ import annotations

import random

import pytest

from five_hundred.engine import (
    BIDDING,
    DEAL_OVER,
    GAME_OVER,
    PAGAT_AUSTRALIAN,
    GameState,
    ladder_for,
)
from five_hundred.engine.scoring import game_winner, score_deal

from .helpers import E, N, S, W, assert_illegal, phase_of, start_play

R = PAGAT_AUSTRALIAN
LADDER = ladder_for(R)
BIDS = {b.code: b for b in LADDER.bids}

# North holds ten spade trumps: every trick is North's whatever anyone plays.
SPADE_SLAM = ["JK JS JC AS KS QS TS 9S 8S 7S", "", "", ""]
# South's cards are the lowest of every suit: a misère South cannot lose.
LOW = "5S 6S 7S 5C 6C 7C 4D 5D 6D 4H"
SAFE_MISERE = ["", "AS KS QS AC KC QC AD KD AH KH", LOW, "JS TS JC TC JD TD QD QH JH TH"]


def play_out(state: GameState, seed: int = 0) -> GameState:
    rng = random.Random(seed)
    while not state.deal_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_r28_values_table() -> None:
    """R28: the contract values, columns ♠ ♣ ♦ ♥ NT, rows 6-10; misère 250, open 500."""
    table = {
        6: (40, 60, 80, 100, 120), 7: (140, 160, 180, 200, 220),
        8: (240, 260, 280, 300, 320), 9: (340, 360, 380, 400, 420),
        10: (440, 460, 480, 500, 520),
    }
    for tricks, row in table.items():
        for trump, value in zip(("S", "C", "D", "H", "NT"), row, strict=True):
            assert BIDS[f"{tricks}{trump}"].value == value
            assert BIDS[f"{tricks}{trump}"].tricks == tricks
    assert BIDS["MIS"].value == 250
    assert BIDS["OMIS"].value == 500


def test_r29_partners_share_a_score_which_may_go_negative() -> None:
    """R29: partners share one score; it starts at 0 and may go negative."""
    st = GameState.new_game(R, seed=1)
    assert st.scores == [0, 0]
    st = start_play(["", "JK", "", ""], "", N, "10NT")  # East's joker wins a trick
    play_out(st)
    assert st.scores[0] == -520
    assert st.results[-1].tricks[1] >= 1


@pytest.mark.parametrize(("bid", "expected"), [("6S", 250), ("8S", 250), ("9S", 340),
                                                ("10S", 440)])
def test_r30_slam_scores_250_or_the_value(bid: str, expected: int) -> None:
    """R30: all ten tricks score 250 if the value is below 250, else the value."""
    st = play_out(start_play(SPADE_SLAM, "", N, bid), seed=3)
    assert st.tricks_won[N] == 10
    assert st.results[-1].score_change == (expected, 0)
    assert st.results[-1].made is True


def test_r30_made_contract_extra_tricks_score_nothing() -> None:
    """R30: a made contract scores its value; overtricks (short of a slam) add nothing."""
    bid = BIDS["7H"]
    for tricks in (7, 8, 9):
        res = score_deal(R, bid, 0, tricks, 10 - tricks, (0, 0))
        assert res.made and res.change == (200, 10 * (10 - tricks))
    assert score_deal(R, bid, 1, 10, 0, (0, 0)).change == (0, 250)
    assert score_deal(R, BIDS["8NT"], 0, 10, 0, (0, 0)).change == (320, 0)


def test_r31_lost_contract_loses_its_value() -> None:
    """R31: a lost suit or NT contract costs the declaring side its value."""
    res = score_deal(R, BIDS["8H"], 1, 7, 3, (0, 0))
    assert not res.made and res.change == (30, -300)
    st = play_out(start_play(["", "JK", "", ""], "", W, "10NT"), seed=5)
    # West's partner East holds the joker: the declaring side may well lose.
    team = st.results[-1].tricks
    if team[1] < 10:
        assert st.results[-1].score_change == (10 * team[0], -520)


def test_r32_defenders_score_ten_per_trick_made_or_lost() -> None:
    """R32: the defenders score 10 per trick whether the contract is made or lost."""
    assert score_deal(R, BIDS["6S"], 0, 6, 4, (0, 0)).change == (40, 40)
    assert score_deal(R, BIDS["6S"], 0, 5, 5, (0, 0)).change == (-40, 50)
    assert score_deal(R, BIDS["6S"], 0, 10, 0, (0, 0)).change == (250, 0)
    st = play_out(start_play(["", "JK", "", ""], "", N, "10NT"), seed=9)
    d = st.results[-1].tricks[1]
    assert st.results[-1].score_change == (-520, 10 * d) and d >= 1


def test_r33_misere_made_250_open_500_defenders_nothing() -> None:
    """R33: misère made +250, open misère made +500; the defenders score nothing."""
    for seed in range(5):
        st = play_out(start_play(SAFE_MISERE, "", S, "MIS"), seed)
        assert len(st.tricks) == 10 and st.tricks_won[S] == 0
        assert st.results[-1].score_change == (250, 0) and st.results[-1].made
        st = play_out(start_play(SAFE_MISERE, "", S, "OMIS"), seed)
        assert st.results[-1].score_change == (500, 0)
        assert st.results[-1].tricks == (0, 10)


def test_r33_misere_lost_stops_at_declarers_first_trick() -> None:
    """R33: misère lost −250, open misère −500; play stops as soon as the declarer wins a
    trick, the defenders score nothing."""
    hands = ["", "", "JK AS AC AD AH 5S 6S 7S 5C 6C", ""]
    for bid, value in (("MIS", 250), ("OMIS", 500)):
        for seed in range(10):
            st = start_play(hands, "", S, bid, start_scores=(100, 0))
            rng = random.Random(seed)
            while not st.deal_over:
                assert st.tricks_won[S] == 0
                st.apply(rng.choice(st.legal_actions()))
            assert st.tricks_won[S] == 1 and st.tricks[-1][1] == S
            assert st.results[-1].score_change == (-value, 0)
            assert st.legal_actions() == ()
            if len(st.tricks) < 10:
                assert st.hands[S] != 0  # cards left unplayed
                assert_illegal(st, st.parse("play 5S"), "R33", words="The deal is over")


def test_r34_r35_worked_scores_checked_after_whole_deal() -> None:
    """R34/R35: both sides reach 500 in one deal: only the declaring side, by making its
    contract, wins (the check comes after the whole deal is scored)."""
    winner, _ = game_winner(R, (510, 510), 0, True)
    assert winner == 0
    winner, _ = game_winner(R, (300, 510), 0, True)
    assert winner is None
    winner, _ = game_winner(R, (510, 300), 1, False)
    assert winner is None


def test_r35_defending_to_500_does_not_win() -> None:
    """R35: reaching 500 by defending tricks does not win; the game goes on."""
    st = start_play(["", "JK", "", ""], "", N, "10NT", start_scores=(100, 495))
    play_out(st, seed=2)
    assert st.scores[1] >= 505
    assert st.phase == DEAL_OVER and st.winner is None
    st.start_next_deal(*_any_deal())
    assert phase_of(st) == BIDDING


def _any_deal() -> tuple[list[int], int]:
    g = GameState.new_game(R, seed=99)
    return list(g.hands), g.kitty


def test_r35_making_own_contract_to_500_wins() -> None:
    """R35: a side that reaches 500 by making its contract wins."""
    st = play_out(start_play(SPADE_SLAM, "", N, "6S", start_scores=(250, 0)))
    assert st.scores == [500, 0]
    assert st.phase == GAME_OVER and st.winner == 0
    assert "contract" in st.win_reason
    assert_illegal(st, (0,), "R34", words="The game is over")
    with pytest.raises(ValueError, match="not over"):
        st.start_next_deal()


def test_r36_minus_500_loses_at_once() -> None:
    """R36: a side at −500 or worse loses; the other side wins."""
    st = start_play(["", "JK", "", ""], "", N, "10NT", start_scores=(20, 0))
    play_out(st, seed=4)
    assert st.scores[0] == -500
    assert st.phase == GAME_OVER and st.winner == 1
    # East bids 10♠ against North's ten trumps, from −60: −500, North-South win.
    st = play_out(start_play(SPADE_SLAM, "", E, "10S", start_scores=(0, -60)))
    assert st.scores == [100, -500]
    assert st.phase == GAME_OVER and st.winner == 0


def test_r37_defensive_points_are_not_capped() -> None:
    """R37: defensive points are not capped: 490 may become 510 by defending, and only
    the declaring side's success wins."""
    res = score_deal(R, BIDS["8H"], 0, 8, 2, (210, 490))
    assert res.change == (300, 20)
    st = start_play(["", "JK", "", ""], "", N, "10NT", start_scores=(100, 490))
    play_out(st, seed=1)
    assert st.scores[1] > 500 and st.winner is None


def test_r36_losing_side_even_if_other_side_reaches_500_by_defence() -> None:
    """R36/R35: the declarers fall to −500 while the defenders pass 500: the defenders
    win because the declarers lost, not by defending."""
    st = start_play(["", "JK", "", ""], "", N, "10NT", start_scores=(0, 495))
    play_out(st, seed=6)
    assert st.scores[0] == -520
    assert st.phase == GAME_OVER and st.winner == 1
    assert "fell" in st.win_reason


def test_r33_misere_defenders_never_score() -> None:
    """R33: in misère (made or lost) the defenders' score does not move."""
    hands = ["", "", "JK AS AC AD AH 5S 6S 7S 5C 6C", ""]
    st = play_out(start_play(hands, "", S, "MIS", start_scores=(0, 100)), seed=8)
    assert st.scores[1] == 100
    st = play_out(start_play(SAFE_MISERE, "", S, "MIS", start_scores=(0, 100)), seed=8)
    assert st.scores == [250, 100]


def test_r29_east_west_share_score() -> None:
    """R29: East and West are one side: either's contract moves the same score."""
    st = play_out(start_play(["", "JK JS JC AS KS QS TS 9S 8S 7S", "", ""], "", E, "6S"))
    assert st.scores == [0, 250]
    st = play_out(start_play(["", "", "", "JK JS JC AS KS QS TS 9S 8S 7S"], "", W, "7S"))
    assert st.scores == [0, 250]
    assert st.results[-1].declarer == W
