"""House rules V1-V6: the default one way, the option the other (issue 5, engine side)."""

from __future__ import annotations

import random

import pytest

from five_hundred.engine import (
    DEAL_OVER,
    DISCARD_PHASE,
    GAME_OVER,
    PAGAT_AUSTRALIAN,
    TWO_JOKER_1000,
    GameState,
    IllegalAction,
    RuleSet,
    ladder_for,
)
from five_hundred.engine.actions import BID
from five_hundred.engine.cards import (
    JOKER,
    JOKER2,
    NO_TRUMPS,
    SPADES,
    card_str,
    deck,
    parse_card,
    play_context,
)
from five_hundred.engine.play import trick_winner
from five_hundred.engine.scoring import score_deal
from five_hundred.engine.state import _deal_layout

from .helpers import (
    E,
    N,
    S,
    W,
    assert_illegal,
    cards,
    check_cards,
    deal_from_text,
    phase_of,
    random_games,
    run,
    start_play,
)

R = PAGAT_AUSTRALIAN
V1 = R.model_copy(update={"no_misere": True})
V2 = R.model_copy(update={"misere_without_seven": True})
V3 = R.model_copy(update={"joker_lead_last_trick_only": True})
V4 = R.model_copy(update={"defensive_cap": 490})
V4_480 = R.model_copy(update={"defensive_cap": 480})
V5 = R.model_copy(update={"blind_misere": True})
T = TWO_JOKER_1000


def bids(state: GameState) -> list[str]:
    return [state.text(a)[4:] for a in state.legal_actions() if a[0] == BID]


def fresh(rules: RuleSet, dealer: int = W) -> GameState:
    return deal_from_text(["", "", "", ""], dealer=dealer, rules=rules)


def play_out(state: GameState, seed: int = 0) -> GameState:
    rng = random.Random(seed)
    while not state.deal_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


# ---------------------------------------------------------------- V1 no misère


def test_v1_no_misere_bids() -> None:
    """V1: by default misère (over a 7) and open misère are offered; with no_misere
    neither is, and bidding them is refused."""
    st = fresh(R)
    assert "OMIS" in bids(st)
    run(st, "bid 7S")
    assert "MIS" in bids(st) and "OMIS" in bids(st)
    st = fresh(V1)
    assert "OMIS" not in bids(st)
    run(st, "bid 7S")
    assert "MIS" not in bids(st) and "OMIS" not in bids(st)
    assert not any(b.is_misere for b in ladder_for(V1).bids)
    with pytest.raises(IllegalAction) as info:
        st.apply_text("bid MIS")
    assert info.value.rule == "R9" and "unknown bid" in info.value.reason


# ------------------------------------------------------- V2 misère without a seven


def test_v2_misere_without_seven() -> None:
    """V2: by default misère needs a 7-level bid (R14); with misere_without_seven it may
    be the first bid or follow a 6, still ranking below 8♠."""
    st = fresh(R)
    assert "MIS" not in bids(st)
    assert_illegal(st, "bid MIS", "R14")
    st = fresh(V2)
    assert "MIS" in bids(st)
    run(st, "bid 6NT")
    assert "MIS" in bids(st)
    run(st, "bid MIS")
    assert bids(st)[0] == "8S" and "7NT" not in bids(st)
    st = fresh(V2)
    run(st, "bid 8S")
    assert "MIS" not in bids(st)
    assert_illegal(st, "bid MIS", "R10")


# ------------------------------------------------------- V3 joker leads last

TOP = [
    "JK AS AC AD AH KS KC KD KH QS",
    "JS TS 9S QC JC TC QD JD TD QH",
    "8S 7S 6S 9C 8C 7C 9D 8D 7D JH",
    "5S 6C 5C 6D 5D 4D TH 9H 8H 7H",
]


def _joker_leads(state: GameState) -> set[str]:
    return {t for t in (state.text(a) for a in state.legal_actions())
            if t.startswith("play JK")}


def test_v3_joker_lead_only_to_last_trick() -> None:
    """V3: by default the suitless joker may be led early naming an unled suit (R26);
    with joker_lead_last_trick_only, only to the last trick (any suit)."""
    st = start_play(TOP, "6H 5H 4H", N, "6NT", joker="none")
    assert _joker_leads(st) == {"play JK S", "play JK C", "play JK D", "play JK H"}
    st = start_play(TOP, "6H 5H 4H", N, "6NT", joker="none", rules=V3)
    assert _joker_leads(st) == set()
    assert_illegal(st, "play JK H", "V3", words="only to the last trick")
    for lead in ("AS", "AC", "AD", "AH", "KS", "KC", "KD", "KH", "QS"):
        run(st, f"play {lead}")
        while st.trick:
            st.apply(st.legal_actions()[0])
        assert st.to_act == N
        if st.trick_no < 9:
            assert _joker_leads(st) == set()
    assert _joker_leads(st) == {"play JK S", "play JK C", "play JK D", "play JK H"}
    run(st, "play JK D")
    assert st.led == 2


# ------------------------------------------------------- V4 defensive cap


@pytest.mark.parametrize(("rules", "cap"), [(V4, 490), (V4_480, 480)])
def test_v4_defensive_cap(rules: RuleSet, cap: int) -> None:
    """V4: by default defenders at 480 take 3 tricks to 510 (R37); with the cap they
    stop at it, points beyond are lost, and a side already over it gains nothing."""
    bid = ladder_for(R).bids[ladder_for(R).by_code["8H"]]
    assert score_deal(R, bid, 0, 7, 3, (0, 480)).change == (-300, 30)
    res = score_deal(rules, bid, 0, 7, 3, (0, 480))
    assert res.change == (-300, cap - 480)
    assert score_deal(rules, bid, 0, 8, 2, (0, 495)).change == (300, 0)
    assert score_deal(rules, bid, 0, 8, 2, (0, 100)).change == (300, 20)
    # through a played deal: East's joker beats a 10NT, defenders from 475
    st = play_out(start_play(["", "JK", "", ""], "", N, "10NT", rules=rules,
                             start_scores=(100, 475)), seed=2)
    assert st.scores[1] == cap
    st = play_out(start_play(["", "JK", "", ""], "", N, "10NT", start_scores=(100, 475)),
                  seed=2)
    assert st.scores[1] > 490


# ------------------------------------------------------- V5 blind misère


def test_v5_blind_misere_only_first_turn_level_with_open_misere() -> None:
    """V5: by default there is no blind misère; with blind_misere it is offered only on
    the bidder's first turn, and it and open misère cannot be bid over each other."""
    assert "BMIS" not in bids(fresh(R))
    st = fresh(V5)
    assert "BMIS" in bids(st) and "OMIS" in bids(st)
    run(st, "bid 6S")
    assert "BMIS" in bids(st)  # East's first turn
    run(st, "bid 6C", "bid 6D", "bid 6H")
    assert st.to_act == N
    assert "BMIS" not in bids(st)  # North's second turn
    assert_illegal(st, "bid BMIS", "V5", words="first turn")
    run(st, "bid OMIS")
    assert "BMIS" not in bids(st)
    assert_illegal(st, "bid BMIS", "V5", words="does not rank above")
    st = fresh(V5)
    run(st, "bid BMIS")
    assert "OMIS" not in bids(st) and bids(st) == ["10H", "10NT"]
    assert_illegal(st, "bid OMIS", "V5")


def test_v5_blind_misere_scores_500_partner_out_closed() -> None:
    """V5: blind misère is worth ±500, played closed with the kitty exchange; the
    partner sits out."""
    safe = ["", "AS KS QS AC KC QC AD KD AH KH", "5S 6S 7S 5C 6C 7C 4D 5D 6D 4H",
            "JS TS JC TC JD TD QD QH JH TH"]
    st = deal_from_text(safe, dealer=E, rules=V5)
    run(st, "bid BMIS", "pass", "pass", "pass")
    assert st.phase == DISCARD_PHASE and st.out_seat == N and st.hands[S].bit_count() == 13
    st.apply(st.legal_actions()[-1])
    while not st.deal_over:
        assert not st.exposed and st.to_act != N
        st.apply(st.legal_actions()[0])
    assert st.results[-1].score_change == (500, 0)
    lose = ["", "", "JK AS AC AD AH 5S 6S 7S 5C 6C", ""]
    st = deal_from_text(lose, dealer=E, rules=V5, start_scores=(100, 0))
    run(st, "bid BMIS", "pass", "pass", "pass")
    play_out(st, seed=1)
    assert st.results[-1].score_change == (-500, 0) and not st.exposed


# ------------------------------------------------------- V6 two-joker game


def test_v6_deck_deal_and_kitty() -> None:
    """V6: 46 cards (4 to A in every suit, two jokers); 10 each and a 6-card kitty dealt
    3 / 2 kitty / 4 / 2 kitty / 3 / 2 kitty; the default deck has 43 cards."""
    assert len(deck(R)) == 43
    d = deck(T)
    assert len(d) == 46 and JOKER in d and JOKER2 in d
    assert {card_str(c) for c in d} >= {"4S", "4C", "J2", "JK"}
    layout = list(_deal_layout(T, W))
    expected = ([N] * 3 + [E] * 3 + [S] * 3 + [W] * 3 + [4, 4]
                + [N] * 4 + [E] * 4 + [S] * 4 + [W] * 4 + [4, 4]
                + [N] * 3 + [E] * 3 + [S] * 3 + [W] * 3 + [4, 4])
    assert layout == expected
    st = GameState.new_game(T, seed=3)
    assert [h.bit_count() for h in st.hands] == [10] * 4 and st.kitty.bit_count() == 6
    with pytest.raises(ValueError):
        parse_card("J2", R)


def test_v6_declarer_takes_six_discards_six() -> None:
    """V6: the declarer takes the 6 kitty cards and discards 6."""
    st = fresh(T)
    run(st, "bid 8S", "pass", "pass", "pass")
    assert st.hands[N].bit_count() == 16
    acts = st.legal_actions()
    assert len(acts) == 8008 and all(len(a) == 7 for a in acts)
    assert_illegal(st, "discard " + " ".join(card_str(c) for c in
                                             sorted(st.seat_hand(N))[:3]), "R17",
                   words="exactly 6")
    st.apply(acts[0])
    assert st.hands[N].bit_count() == 10 and st.discards.bit_count() == 6


def test_v6_trump_order() -> None:
    """V6: trumps run white joker, coloured joker, right bower, left bower, A K Q 10..4."""
    ctx = play_context(T, SPADES)
    order = cards("JK J2 JS JC AS KS QS TS 9S 8S 7S 6S 5S 4S", T)
    assert sorted(order, key=lambda c: -ctx.strength[c]) == order
    assert all(ctx.eff_suit[c] == SPADES for c in order)


def test_v6_no_trumps_jokers_only_trumps() -> None:
    """V6: in NT the two jokers are the only trumps: a joker lead must be followed by
    the other joker, the higher joker wins; a joker played when void wins the trick;
    with a card of the suit led a joker may not be played. No naming phase."""
    hands = ["JK AS AC AD AH KS KC KD KH 4H", "J2 QS", "", ""]
    st = start_play(hands, "", N, "8NT", rules=T)
    ctx = play_context(T, NO_TRUMPS)
    assert ctx.eff_suit[JOKER] == ctx.eff_suit[JOKER2] == NO_TRUMPS
    run(st, "play JK")
    assert {st.text(a) for a in st.legal_actions()} == {"play J2"}
    assert_illegal(st, "play QS", "R20", words="East holds the other joker")
    run(st, "play J2")
    while st.trick:
        st.apply(st.legal_actions()[0])
    assert st.tricks[-1][1] == N
    # East holds no heart: the coloured joker may be played, and wins.
    hands = ["AH KH QH JH TH 9H 8H 7H 6H 5H", "J2 QS", "", ""]
    st = start_play(hands, "", N, "8NT", rules=T)
    run(st, "play AH")
    assert "play J2" in {st.text(a) for a in st.legal_actions()}
    run(st, "play J2")
    while st.trick:
        st.apply(st.legal_actions()[0])
    assert st.tricks[-1][1] == E
    # South holds the 4♥ and may not play a joker on hearts.
    st = start_play(["AH KH QH JH TH 9H 8H 7H 6H 5H", "", "4H JK", ""], "", N, "8NT",
                    rules=T)
    run(st, "play AH")
    st.apply(st.legal_actions()[0])
    assert {st.text(a) for a in st.legal_actions()} == {"play 4H"}
    assert_illegal(st, "play JK", "R20", words="South holds a heart and must follow")


def test_v6_white_joker_beats_coloured_joker_led() -> None:
    """V6: the white joker beats the coloured one, whichever is led (NT and suits)."""
    for trump in (NO_TRUMPS, SPADES):
        ctx = play_context(T, trump)
        led = ctx.eff_suit[JOKER2]
        plays = [(E, JOKER2), (S, parse_card("AS", T)), (W, JOKER), (N, parse_card("KS", T))]
        assert trick_winner(ctx, plays, led) == W


def test_v6_joker_void_wins_in_nt() -> None:
    """V6: in NT a joker played by a player void in the suit led wins the trick."""
    hands = ["AS KS QS JS TS 9S 8S 7S 6S 5S", "J2 4H 5H 6H 7H 8H 9H TH JH QH", "", ""]
    st = start_play(hands, "", N, "8NT", rules=T)
    run(st, "play AS", "play J2")
    while st.trick:
        st.apply(st.legal_actions()[0])
    assert st.tricks[-1][1] == E


def test_v6_no_misere_game_bids_and_ladder() -> None:
    """V6: no misère; 'game' bids in each suit and NT rank above 10NT."""
    codes = [b.code for b in ladder_for(T).bids]
    assert "MIS" not in codes and "OMIS" not in codes
    assert codes[-6:] == ["10NT", "GAME S", "GAME C", "GAME D", "GAME H", "GAME NT"]
    assert "GAME S" not in [b.code for b in ladder_for(R).bids]
    st = fresh(T)
    run(st, "bid 10NT")
    assert bids(st) == ["GAME S", "GAME C", "GAME D", "GAME H", "GAME NT"]


def test_v6_final_bid_below_8_thrown_in_deal_moves_left() -> None:
    """V6: a final bid below 8 (or four passes) throws the deal in, no score, and the
    deal moves left; by default 6♠ is played."""
    st = fresh(R)
    run(st, "bid 6S", "pass", "pass", "pass")
    assert st.phase == DISCARD_PHASE
    g = GameState.new_game(T, seed=12)
    dealer = g.dealer
    run(g, "bid 7NT", "pass", "pass", "pass")
    assert g.phase == DEAL_OVER and g.contract is None and g.scores == [0, 0]
    g.start_next_deal()
    assert g.dealer == (dealer + 1) % 4
    run(g, "pass", "pass", "pass", "pass")
    assert g.phase == DEAL_OVER
    g.start_next_deal()
    assert g.dealer == (dealer + 2) % 4
    run(g, "bid 8S", "pass", "pass", "pass")
    assert phase_of(g) == DISCARD_PHASE


def test_v6_scoring_lost_to_opponents_no_defence_points_target_1000() -> None:
    """V6: a lost contract scores its value for the other side, no defensive trick
    points, first to 1000 wins (by default: −value and 10 per trick, 500 wins)."""
    by = {b.code: b for b in ladder_for(T).bids}
    assert score_deal(T, by["8H"], 0, 8, 2, (0, 0)).change == (300, 0)
    assert score_deal(T, by["8H"], 0, 7, 3, (0, 0)).change == (0, 300)
    assert score_deal(R, by["8H"], 0, 7, 3, (0, 0)).change == (-300, 30)
    top = ["JK J2 JH JD AH KH QH TH 9H 8H", "", "", ""]
    st = play_out(start_play(top, "", N, "8H", rules=T, start_scores=(200, 0)))
    assert st.scores == [500, 0] and st.phase == DEAL_OVER  # 500 does not win V6
    st = play_out(start_play(top, "", N, "8H", rules=T, start_scores=(700, 0)))
    assert st.scores == [1000, 0] and st.winner == 0
    st = play_out(start_play(top, "", E, "10S", rules=T, start_scores=(0, 0)))
    assert st.scores == [440, 0]  # East's lost 10♠ goes to North-South


def test_v6_first_side_to_1000_wins_even_from_the_other_sides_failure() -> None:
    """V6: the first side to reach 1000 wins, also when the points came from the
    declarers' lost contract (by default, R35: only one's own contract wins)."""
    top = ["JK J2 JH JD AH KH QH TH 9H 8H", "", "", ""]
    st = play_out(start_play(top, "", E, "10S", rules=T, start_scores=(600, 0)))
    assert st.scores == [1040, 0] and st.phase == GAME_OVER and st.winner == 0


def test_v6_game_bid_decides_the_game() -> None:
    """V6: a made 'game' bid wins the whole game at once; a lost one loses it."""
    top = ["JK J2 JH JD AH KH QH TH 9H 8H", "", "", ""]
    st = play_out(start_play(top, "", N, "GAME H", rules=T, start_scores=(0, 900)))
    assert st.phase == GAME_OVER and st.winner == 0
    st = play_out(start_play(top, "", E, "GAME S", rules=T, start_scores=(900, 0)))
    assert st.phase == GAME_OVER and st.winner == 0
    assert st.results[-1].made is False


# ------------------------------------------------------- random play per option


@pytest.mark.parametrize(("name", "rules", "games"), [
    ("V1", V1, 200), ("V2", V2, 200), ("V3", V3, 200), ("V4", V4, 200),
    ("V4-480", V4_480, 200), ("V5", V5, 200), ("V6", T, 120),
])
def test_v1_to_v6_random_games_stay_legal(name: str, rules: RuleSet, games: int) -> None:
    """V1-V6: random legal deals under each option: cards accounted for, legal actions
    non-empty until the deal ends, option-specific invariants hold."""
    seed = sum(map(ord, name))
    misere_seen = 0
    start = (470, 470) if rules.defensive_cap else (0, 0)
    for st in random_games(rules, games, seed, start):
        check_cards(st)
        if not st.deal_over:
            assert st.legal_actions()
            continue
        res = st.results[-1]
        if rules.no_misere:
            assert res.contract not in ("MIS", "OMIS", "BMIS")
        if res.contract in ("MIS", "OMIS", "BMIS"):
            misere_seen += 1
            assert st.out_seat == (st.declarer + 2) % 4
            assert res.score_change[1 - st.declarer % 2] == 0
        if rules.defensive_cap is not None and res.contract and st.declarer >= 0:
            o = 1 - st.declarer % 2
            gain = res.score_change[o]
            assert gain <= 0 or res.scores[o] <= rules.defensive_cap
        if rules.joker_lead_last_trick_only:
            for i, (plays, _, _) in enumerate(st.tricks):
                if plays[0][1] == JOKER and st.joker_named < 0 and st.contract is not None \
                        and st.contract.trump == NO_TRUMPS:
                    assert i == 9, "suitless joker led before the last trick"
        if rules is T:
            assert res.contract is None or res.contract.startswith(("8", "9", "10", "GAME"))
            if res.contract and not res.contract.startswith("GAME"):
                assert 0 in res.score_change
    if rules.blind_misere or rules.misere_without_seven:
        assert misere_seen > 0
