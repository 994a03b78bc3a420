"""Kitty exchange and the play of the cards (R17-R22)."""

from __future__ import annotations

import random

from five_hundred.engine import (
    DISCARD_PHASE,
    PAGAT_AUSTRALIAN,
    PLAYING,
    GameState,
    public_view,
    view_for,
)
from five_hundred.engine.actions import PLAY

from .helpers import (
    E,
    N,
    S,
    W,
    assert_illegal,
    cards,
    codes,
    deal_from_text,
    mask,
    run,
    start_play,
)

R = PAGAT_AUSTRALIAN

# A full deal for a hearts contract by North (dealer West).
HANDS = [
    "JK AH KH QH TH AS KS QS AC KC",  # North
    "JD 9H 8H JS TS 9S QC JC TC 9C",  # East: the left bower and two hearts
    "AD KD QD TD 9D 8D 8S 7S 6S 5S",  # South: no trumps at all
    "JH 7H 6H 5H 4H 8C 7C 6C 5C 7D",  # West
]
KITTY = "6D 5D 4D"


def legal_texts(state: GameState) -> set[str]:
    return {state.text(a) for a in state.legal_actions()}


def hearts_by_north(discard: str | None = None) -> GameState:
    return start_play(HANDS, KITTY, N, "7H", discard=discard)


def test_r17_declarer_takes_kitty_and_discards_three() -> None:
    """R17: the declarer takes the 3 kitty cards, then discards any 3 (kitty cards
    included) face down, back to 10; nobody else sees them."""
    st = deal_from_text(HANDS, KITTY, dealer=W)
    run(st, "bid 7H", "pass", "pass", "pass")
    assert st.phase == DISCARD_PHASE and st.to_act == N
    assert st.hands[N].bit_count() == 13 and st.hands[N] & mask(KITTY) == mask(KITTY)
    assert set(view_for(st, N).kitty or ()) == set(KITTY.split())
    for seat in (E, S, W):
        assert view_for(st, seat).kitty is None
    assert all(a[0] == 2 and len(a) == 4 for a in st.legal_actions())
    assert_illegal(st, "pass", "R17", words="discard 3 cards")
    assert_illegal(st, "play AH", "R17")
    assert_illegal(st, "discard 6D 5D", "R17", words="exactly 3")
    assert_illegal(st, (2, *cards("5D 5D 6D")), "R17", words="exactly 3")
    assert_illegal(st, "discard 6D 5D 9H", "R17", words="North does not hold 9 of hearts")
    assert_illegal(st, "discard 6D 5D 4D", "R17", seat=E, words="North's turn")
    run(st, "discard AS 6D 5D")  # one own card, two from the kitty
    assert st.hands[N].bit_count() == 10
    assert codes(st.discards) == {"AS", "6D", "5D"}
    assert "4D" in view_for(st, N).hand
    assert view_for(st, N).discards is not None
    for seat in (E, S, W):
        v = view_for(st, seat)
        assert v.discards is None and v.kitty is None
        dumped = str(v.model_dump())
        assert "'AS'" not in dumped and "'6D'" not in dumped


def test_r18_misere_partner_sits_out_three_card_tricks() -> None:
    """R18: in misère the declarer's partner lays the hand aside; tricks have 3 cards."""
    st = start_play(["", "", "5S 6S 7S 5C 6C 7C 4D 5D 6D 4H", ""], "", S, "MIS")
    assert st.contract is not None and st.contract.code == "MIS"
    assert public_view(st).sitting_out == N
    rng = random.Random(4)
    while not st.deal_over:
        assert st.to_act != N
        if st.to_act != E:
            assert_illegal(st, st.legal_actions()[0], "R19" if st.trick_no == 0 and not
                           st.trick else "R21", seat=N)
        st.apply(rng.choice(st.legal_actions()))
    assert all(len(plays) == 3 for plays, _, _ in st.tricks)
    assert all(N not in (s for s, _ in plays) for plays, _, _ in st.tricks)
    assert st.hands[N].bit_count() == 10
    assert st.tricks_won[N] == 0


def test_r19_declarer_leads_first_trick() -> None:
    """R19: the declarer leads to the first trick; nobody else may lead."""
    st = hearts_by_north()
    assert st.to_act == N and not st.trick
    assert_illegal(st, "play QC", "R19", seat=E, words="North's turn")
    st2 = start_play(HANDS, KITTY, E, "6S")
    assert st2.to_act == E
    assert_illegal(st2, "play AH", "R19", seat=N)


def test_r20_left_bower_must_follow_trump_lead() -> None:
    """R20/R2: on a heart lead (hearts trumps) the left bower J♦ counts as a heart and
    may be used to follow; a player with trumps must follow trumps."""
    st = hearts_by_north()
    run(st, "play AH")
    assert legal_texts(st) == {"play JD", "play 9H", "play 8H"}
    err = assert_illegal(st, "play QC", "R20", words="East holds a trump")
    assert "follow trumps" in err.reason
    run(st, "play JD")
    # South has no trump at all: any card (trumping is never compulsory).
    assert len(st.legal_actions()) == 10
    run(st, "play 5S")
    assert legal_texts(st) == {"play JH", "play 7H", "play 6H", "play 5H", "play 4H"}
    assert_illegal(st, "play 7D", "R20")
    run(st, "play 4H")  # not beating is allowed
    assert st.tricks[-1][1] == E  # R21: the left bower beats the ace of trumps
    assert st.to_act == E


def test_r20_r3_jack_of_diamonds_is_a_diamond_in_no_trumps() -> None:
    """R20/R3: in no trumps there are no bowers: East's J♦ is a diamond and must follow a
    diamond lead (contrast with the hearts contract below, where it is a trump)."""
    st = start_play(HANDS, KITTY, S, "6NT")
    run(st, "play AD")
    assert legal_texts(st) == {"play 7D"}
    run(st, "play 7D")
    assert len(st.legal_actions()) == 10  # North: no diamonds
    run(st, "play AS")
    assert legal_texts(st) == {"play JD"}
    assert_illegal(st, "play 9H", "R20", words="East holds a diamond and must follow")


def test_r20_follow_suit_plain_and_trumps() -> None:
    """R20: follow suit if able (plain suit), else any card: the joker and trumps are
    not clubs; trumping is not compulsory."""
    st = hearts_by_north()
    run(st, "play AC")
    assert legal_texts(st) == {"play QC", "play JC", "play TC", "play 9C"}
    assert_illegal(st, "play JD", "R20", words="East holds a club and must follow clubs")
    run(st, "play 9C")
    assert len(st.legal_actions()) == 10  # South void in clubs: any card
    run(st, "play AD")
    assert legal_texts(st) == {"play 8C", "play 7C", "play 6C", "play 5C"}
    err = assert_illegal(st, "play JH", "R20")
    assert err.reason == "West holds a club and must follow clubs"
    assert_illegal(st, "play AH", "R20", words="West does not hold ace of hearts")
    run(st, "play 5C")
    assert st.tricks[-1][1] == N


def test_r20_void_in_diamonds_holding_left_bower() -> None:
    """R20/R2: East holds the J♦ but, hearts being trumps, is void in diamonds: on a
    diamond lead East may play any card, trumps or not."""
    st = start_play(HANDS, KITTY, S, "7H")  # South declares and leads
    run(st, "play AD")
    assert st.to_act == W
    assert legal_texts(st) == {"play 7D"}
    run(st, "play 7D")
    assert st.to_act == N  # North is void in diamonds
    assert len(st.legal_actions()) == 10
    run(st, "play AS")
    assert st.to_act == E
    assert len(st.legal_actions()) == 10 and "play JD" in legal_texts(st)
    run(st, "play QC")
    assert st.tricks[-1][1] == S


def test_r21_highest_trump_wins_and_winner_leads_ten_tricks() -> None:
    """R21: the highest trump wins, else the highest card of the suit led; the winner
    leads the next trick; there are 10 tricks."""
    for seed in range(20):
        st = hearts_by_north()
        rng = random.Random(seed)
        while not st.deal_over:
            if st.trick:
                wrong = (st.to_act + 1) % 4
                assert_illegal(st, st.legal_actions()[0], "R21", seat=wrong,
                               words="turn")
            st.apply(rng.choice(st.legal_actions()))
        assert len(st.tricks) == 10 == sum(st.tricks_won)
        assert st.tricks[0][0][0][0] == N
        for (_, winner, _), (plays, _, _) in zip(st.tricks, st.tricks[1:], strict=False):
            assert plays[0][0] == winner
        for plays, winner, _ in st.tricks:
            ranks = [c for _, c in plays]
            # the joker, then right bower, left bower, then the ace of trumps...
            for top in cards("JK JH JD AH"):
                if top in ranks:
                    assert dict((c, s) for s, c in plays)[top] == winner
                    break


def test_r21_wrong_turn_mid_trick() -> None:
    """R21: only the seat to act may play; the others are refused, the state unchanged."""
    st = hearts_by_north()
    run(st, "play KS")
    assert_illegal(st, "play 8S", "R21", seat=S, words="East's turn, not South's")


def test_r22_open_misere_exposed_after_first_trick() -> None:
    """R22: the open-misère hand is shown to everyone once the first trick is complete,
    and stays shown; the declarer still plays his own cards."""
    st = start_play(["5S 6S 7S 5C 6C 7C 4D 5D 4H 5H", "AS KS", "", "QS JS"], "", N,
                    "OMIS")
    assert st.out_seat == S
    assert public_view(st).exposed_hand is None
    run(st, "play 5S")
    assert public_view(st).exposed_hand is None
    run(st, "play AS")
    assert public_view(st).exposed_hand is None
    run(st, "play QS")  # West; South sits out
    assert st.tricks[-1][1] == E and st.phase == PLAYING
    shown = public_view(st).exposed_hand
    assert shown is not None and set(shown) == codes(st.hands[N])
    assert len(shown) == 9
    for seat in (E, S, W):
        assert set(view_for(st, seat).public.exposed_hand or ()) == codes(st.hands[N])
    assert st.to_act == E
    run(st, "play KS")
    assert st.to_act == W  # South sits out (R18)
    run(st, "play JS")
    assert st.to_act == N
    assert "play 6S" in legal_texts(st)
    run(st, "play 6S")
    shown = public_view(st).exposed_hand
    assert shown is not None and len(shown) == 8


def test_r22_closed_misere_never_exposed() -> None:
    """R22 (a contrario): a plain misère is played closed."""
    st = start_play(["", "", "5S 6S 7S 5C 6C 7C 4D 5D 6D 4H", ""], "", S, "MIS")
    rng = random.Random(2)
    while not st.deal_over:
        assert public_view(st).exposed_hand is None
        st.apply(rng.choice(st.legal_actions()))
    assert public_view(st).exposed_hand is None


def test_r20_play_of_unheld_card_refused() -> None:
    """R20: a card not in the hand cannot be played."""
    st = hearts_by_north()
    assert_illegal(st, (PLAY, cards("9H")[0]), "R20", words="North does not hold")


def test_r20_r2_the_refusal_says_what_the_left_bower_is() -> None:
    """R20/R2: the reason for a refused card says, in the table's notation, that the
    left bower belongs to the trumps: the card a player misread is named."""
    st = hearts_by_north()
    run(st, "play AH")
    err = assert_illegal(st, "play QC", "R20", words="East holds a trump")
    assert "(J♦ counts as a heart while hearts are trumps)" in err.reason
    st = hearts_by_north()
    run(st, "play AC")
    err = assert_illegal(st, "play JD", "R20", words="must follow clubs")
    assert "(J♦ is a heart while hearts are trumps)" in err.reason
