"""The joker in no trumps and misère (R23-R27)."""

from __future__ import annotations

import random

from five_hundred.engine import JOKER_PHASE, PAGAT_AUSTRALIAN, PLAYING, GameState, public_view
from five_hundred.engine.cards import JOKER, SUITLESS

from .helpers import E, N, S, W, assert_illegal, deal_from_text, phase_of, run, start_play

R = PAGAT_AUSTRALIAN

# North holds the joker and the top cards of every suit.
TOP = [
    "JK AS AC AD AH KS KC KD KH QS",
    "JS TS 9S QC JC TC QD JD TD QH",
    "8S 7S 6S 9C 8C 7C 9D 8D 7D JH",
    "5S 6C 5C 6D 5D 4D TH 9H 8H 7H",
]
TOP_KITTY = "6H 5H 4H"

# East holds the joker and no spade; South holds only spades.
EAST_JOKER = ["", "JK 4H 5H 6H 7H 8H 9H TH JH QH", "AS KS QS JS TS 9S 8S 7S 6S 5S", ""]

# South has a low misère hand; East holds the joker and no spade.
MISERE = ["", "JK AH KH QH JH TH 9H 8H 7H 6H", "5S 6S 7S 5C 6C 7C 4D 5D 6D 4H", ""]


def auto(state: GameState, n: int) -> None:
    """Play the first legal action ``n`` times."""
    for _ in range(n):
        state.apply(state.legal_actions()[0])


def legal_texts(state: GameState) -> set[str]:
    return {state.text(a) for a in state.legal_actions()}


def test_r23_nt_declarer_with_joker_names_before_lead() -> None:
    """R23: the NT declarer holding the joker names a suit for it (or none) before the
    opening lead; nothing else may happen first."""
    st = deal_from_text(TOP, TOP_KITTY, dealer=W)
    run(st, "bid 6NT", "pass", "pass", "pass", "discard 6H 5H 4H")
    assert st.phase == JOKER_PHASE and st.to_act == N
    assert legal_texts(st) == {"joker S", "joker C", "joker D", "joker H", "joker none"}
    assert_illegal(st, "play AS", "R23", words="name its suit")
    assert_illegal(st, "joker H", "R23", seat=E)
    run(st, "joker H")
    assert phase_of(st) == PLAYING and st.to_act == N
    assert public_view(st).joker_suit == "H"
    assert st.ctx is not None and st.ctx.eff_suit[JOKER] == 3
    # The named joker is the highest heart: a plain card, led without naming.
    assert "play JK" in legal_texts(st)
    assert_illegal(st, "play JK D", "R26", words="Only the suitless joker")
    run(st, "play JK")
    assert st.led == 3
    assert legal_texts(st) == {"play QH"}  # East must follow hearts
    run(st, "play QH", "play JH", "play TH")
    assert st.tricks[-1][1] == N
    assert_illegal(st, "joker S", "R23", words="before the lead")


def test_r23_no_naming_in_suit_contract_or_without_joker() -> None:
    """R23: only an NT or misère declarer who holds the joker names it."""
    st = deal_from_text(TOP, TOP_KITTY, dealer=W)
    run(st, "bid 6H", "pass", "pass", "pass", "discard 6H 5H 4H")
    assert st.phase == PLAYING
    st = deal_from_text(TOP, TOP_KITTY, dealer=N)
    run(st, "bid 6NT", "pass", "pass", "pass", "discard 6H 5H 4H")  # East declares
    assert st.phase == PLAYING and st.joker_named == SUITLESS
    # the declarer may also discard the joker before naming: then no naming either
    st = deal_from_text(TOP, TOP_KITTY, dealer=W)
    run(st, "bid 6NT", "pass", "pass", "pass", "discard JK 5H 4H")
    assert st.phase == PLAYING


def test_r23_misere_declarer_names_joker() -> None:
    """R23: a misère declarer holding the joker may name it too."""
    hands = ["", "", "JK 5S 6S 7S 5C 6C 7C 4D 5D 4H", ""]
    st = start_play(hands, "", S, "MIS", joker="D")
    assert st.joker_named == 2


def test_r24_suitless_joker_wins_any_trick() -> None:
    """R24: a defender's joker in NT has no suit and wins the trick it is played to."""
    st = start_play(EAST_JOKER, "", S, "6NT")
    assert st.ctx is not None and st.ctx.eff_suit[JOKER] == SUITLESS
    run(st, "play AS", "play 4D")  # West, void in spades
    run(st, st.text(st.legal_actions()[0]))  # North, void in spades
    assert st.to_act == E
    run(st, "play JK")
    assert st.tricks[-1][1] == E


def test_r24_declarer_partner_joker_is_suitless() -> None:
    """R24: the joker in the declarer's partner's hand has no suit (no naming phase)."""
    st = start_play(EAST_JOKER, "", W, "6NT")
    assert st.phase == PLAYING and st.ctx is not None and st.ctx.suitless_joker


def test_r24_declarer_declines_to_name() -> None:
    """R24: a declarer who names no suit keeps a suitless joker, which wins."""
    st = start_play(TOP, TOP_KITTY, N, "6NT", joker="none")
    assert st.ctx is not None and st.ctx.suitless_joker
    run(st, "play JK S", "play JS", "play 8S", "play 5S")
    assert st.tricks[-1][1] == N


def test_r25_suitless_joker_only_when_void() -> None:
    """R25: with a card of the suit led, the suitless joker may not be played."""
    st = start_play(["", "JK 5S 4H 5H 6H 7H 8H 9H TH JH", "AS KS QS", ""], "", S, "6NT")
    run(st, "play AS")
    auto(st, 2)
    assert st.to_act == E
    assert legal_texts(st) == {"play 5S"}
    assert_illegal(st, "play JK", "R25", words="only when void")


def test_r25_optional_in_no_trumps() -> None:
    """R25: in NT a void player may keep the suitless joker and discard another card."""
    st = start_play(EAST_JOKER, "", S, "6NT")
    run(st, "play AS")
    auto(st, 2)
    assert st.to_act == E
    assert len(st.legal_actions()) == 10 and "play JK" in legal_texts(st)
    run(st, "play 4H")
    assert st.tricks[-1][1] == S


def test_r25_compulsory_in_misere_for_defender() -> None:
    """R25: in misère a defender void in the suit led must play the suitless joker."""
    st = start_play(MISERE, "", S, "MIS")
    run(st, "play 5S")
    assert st.to_act == W
    run(st, st.text(st.legal_actions()[0]))
    assert st.to_act == E  # North sits out
    assert legal_texts(st) == {"play JK"}
    err = assert_illegal(st, "play AH", "R25")
    assert err.reason == "East is void in spades and must play the joker in misère"
    run(st, "play JK")
    assert st.tricks[-1][1] == E


def test_r25_compulsory_in_misere_for_declarer() -> None:
    """R25: the misère declarer, void in the suit led, must play the suitless joker too."""
    hands = ["", "AS AH", "JK 5S 6S 7S 5C 6C 7C 4D 5D 6D", ""]
    st = start_play(hands, "", S, "MIS")  # joker none
    run(st, "play 5S")
    auto(st, 1)  # West, void in spades
    assert legal_texts(st) == {"play AS"}
    run(st, "play AS", "play AH")  # East wins and leads a heart
    assert st.to_act == S
    assert legal_texts(st) == {"play JK"}
    assert_illegal(st, "play 6S", "R25", words="South is void in hearts")
    run(st, "play JK")
    auto(st, 1)
    assert st.deal_over and st.results[-1].made is False  # R33 too


def test_r26_joker_lead_names_an_unled_suit() -> None:
    """R26: the suitless joker is led naming a suit not yet led; the named suit counts
    as led and must be followed."""
    st = start_play(TOP, TOP_KITTY, N, "6NT", joker="none")
    assert {"play JK S", "play JK C", "play JK D", "play JK H"} <= legal_texts(st)
    assert "play JK" not in legal_texts(st)
    assert_illegal(st, "play JK", "R26", words="needs a suit")
    run(st, "play JK H")
    assert public_view(st).suits_led == ("H",)
    assert legal_texts(st) == {"play QH"}
    assert_illegal(st, "play QC", "R20", words="East holds a heart and must follow hearts")
    run(st, "play QH", "play JH", "play TH")
    assert st.tricks[-1][1] == N


def test_r26_named_suit_must_not_have_been_led() -> None:
    """R26: once spades were led, the joker may not name spades."""
    st = start_play(TOP, TOP_KITTY, N, "6NT", joker="none")
    run(st, "play AS", "play JS", "play 8S", "play 5S")
    assert st.to_act == N
    leads = {t for t in legal_texts(st) if t.startswith("play JK")}
    assert leads == {"play JK C", "play JK D", "play JK H"}
    err = assert_illegal(st, "play JK S", "R26", words="Spades have already been led")
    assert "not yet led" in err.reason


def test_r26_after_all_suits_led_only_last_trick_any_suit() -> None:
    """R26: once all four suits have been led the suitless joker may be led only to the
    last trick, and may then name any suit."""
    st = start_play(TOP, TOP_KITTY, N, "6NT", joker="none")
    for lead in ("AS", "AC", "AD", "AH"):
        run(st, f"play {lead}")
        while st.trick:
            run(st, st.text(st.legal_actions()[0]))
        assert st.to_act == N
    assert public_view(st).suits_led == ("S", "C", "D", "H")
    assert not any(t.startswith("play JK") for t in legal_texts(st))
    assert_illegal(st, "play JK H", "R26", words="All four suits have been led")
    for lead in ("KS", "KC", "KD", "KH", "QS"):
        run(st, f"play {lead}")
        while st.trick:
            run(st, st.text(st.legal_actions()[0]))
        assert st.to_act == N
    assert st.trick_no == 9
    assert legal_texts(st) == {"play JK S", "play JK C", "play JK D", "play JK H"}
    run(st, "play JK S")
    while st.phase == PLAYING:
        run(st, st.text(st.legal_actions()[0]))
    assert st.tricks_won[N] == 10


def test_r26_following_with_joker_names_nothing() -> None:
    """R26: only the player leading the suitless joker names a suit."""
    st = start_play(EAST_JOKER, "", S, "6NT")
    run(st, "play AS")
    auto(st, 2)
    assert_illegal(st, "play JK H", "R26", words="Only a player leading")


def test_r27_unnamed_joker_defeats_misere() -> None:
    """R27: an unnamed joker in the misère declarer's hand always defeats the misère."""
    hands = ["", "", "JK 5S 6S 7S 5C 6C 7C 4D 5D 4H", ""]
    for seed in range(40):
        st = start_play(hands, "", S, "MIS")
        rng = random.Random(seed)
        while not st.deal_over:
            st.apply(rng.choice(st.legal_actions()))
        assert st.tricks_won[S] == 1 and st.results[-1].made is False
        assert st.results[-1].score_change == (-250, 0)


def test_r27_named_joker_can_be_discarded_and_lose() -> None:
    """R27: a named joker is a card of its suit; discarded on another suit it loses."""
    hands = ["JK 5C AD AH KD KH QD QH JD JH", "AC AS KS QS", "", ""]
    st = start_play(hands, "", N, "6NT", joker="H")
    run(st, "play 5C", "play AC")
    while st.trick:
        run(st, st.text(st.legal_actions()[0]))
    assert st.tricks[-1][1] == E
    run(st, "play AS")
    while st.to_act != N:
        run(st, st.text(st.legal_actions()[0]))
    assert "play JK" in legal_texts(st) and len(st.legal_actions()) == 9
    run(st, "play JK")
    while st.trick:
        run(st, st.text(st.legal_actions()[0]))
    assert st.tricks[-1][1] == E
