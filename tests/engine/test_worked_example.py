"""The worked example of the seeds (R38, R39), played through ``apply``."""

from __future__ import annotations

from five_hundred.engine import (
    DEAL_OVER,
    GAME_OVER,
    PAGAT_AUSTRALIAN,
    PLAYING,
    GameState,
    public_view,
)
from five_hundred.engine.cards import HEARTS

from .helpers import E, N, S, W, run, start_play

R = PAGAT_AUSTRALIAN

# A = North, B = East, C = South, D = West. North holds nine hearts; East's only trump is
# the left bower, West's only trump the joker.
EXAMPLE = ["AH QH TH 9H 8H 7H 6H 5H 4H AS", "JD", "KH JH", "JK"]

# For R39: North draws trumps with the eight top trumps, then East's two black aces win.
EXACTLY_EIGHT = ["JK JH JD AH KH QH TH 9H 5S 5C", "AS AC 8H 7H AD KD QD TD 9D 8D", "", ""]


def legal(state: GameState) -> set[str]:
    return {state.text(a) for a in state.legal_actions()}


def test_r38_worked_example_trick() -> None:
    """R38: hearts trumps; A leads A♥, B plays J♦ (left bower, a trump), C follows with
    K♥, D plays the joker. All four followed trumps; D wins."""
    st = start_play(EXAMPLE, "", N, "7H")
    assert st.contract is not None and st.contract.trump == HEARTS
    run(st, "play AH")
    assert legal(st) == {"play JD"}  # B must follow trumps with the left bower
    run(st, "play JD")
    assert legal(st) == {"play KH", "play JH"}
    run(st, "play KH")
    assert legal(st) == {"play JK"}  # D's joker is a trump and must follow
    run(st, "play JK")
    plays, winner, led = st.tricks[0]
    assert [(s, c) for s, c in public_view(st).tricks[0].plays] == [
        (N, "AH"), (E, "JD"), (S, "KH"), (W, "JK")]
    assert led == HEARTS
    ctx = st.ctx
    assert ctx is not None and all(ctx.eff_suit[c] == HEARTS for _, c in plays)
    assert winner == W and st.to_act == W
    assert public_view(st).tricks[0].winner == W


def _eight_exactly(start_scores: tuple[int, int]) -> GameState:
    st = start_play(EXACTLY_EIGHT, "", N, "8H", start_scores=start_scores)
    for lead in ("JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H", "5S"):
        run(st, f"play {lead}")
        while st.trick:  # the others play their highest card id: East keeps the aces
            st.apply(st.legal_actions()[-1])
    assert st.to_act == E
    run(st, "play AC")
    while st.phase == PLAYING:
        st.apply(st.legal_actions()[0])
    return st


def test_r39_eight_hearts_made_exactly_scores_300_and_defence_20() -> None:
    """R39: 8♥ is worth 300; the declaring side wins exactly 8 tricks: +300; the
    defenders' 2 tricks: +20."""
    st = _eight_exactly((0, 0))
    assert st.team_tricks() == (8, 2)
    assert st.results[-1].score_change == (300, 20)
    assert st.scores == [300, 20]
    assert st.results[-1].made is True


def test_r39_declarers_from_210_reach_510_and_win() -> None:
    """R39: if the declarers had 210 they reach 510 and win, although the defenders
    from 490 also reach 510."""
    st = _eight_exactly((210, 490))
    assert st.scores == [510, 510]
    assert st.phase == GAME_OVER and st.winner == 0


def test_r39_defenders_from_490_reach_510_but_do_not_win() -> None:
    """R39: if only the defenders had 490, they reach 510 by defending and do not win;
    the game goes on."""
    st = _eight_exactly((0, 490))
    assert st.scores == [300, 510]
    assert st.phase == DEAL_OVER and st.winner is None
