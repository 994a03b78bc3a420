"""``normal``'s weak habits of issue 11 (item 5), each as a position built card by card:
the assertion names the better card, which the old rule did not play."""

from __future__ import annotations

from five_hundred.engine.state import GameState

from .positions import decide, position
from .test_misere import AUCTION, HANDS

# Hearts contract by South (dealer North, East bids first and passes).
SOUTH_7H = ["pass", "bid 7H", "pass", "pass", "discard 5C 6C 7C"]
SOUTH = "QS JH JD AH KH QH TH 9H 5C 6C"
NORTH = "AS 6S 7S 8S 4D 5D 6D 7D 8D 9D"


def south_7h(north: str, south: str, west: str, *plays: str) -> GameState:
    """South's 7♥ (kitty 7♣ 8♣ 9♣), then ``plays``."""
    return position({0: north, 2: south, 3: west}, "7C 8C 9C", [*SOUTH_7H, *plays],
                    dealer=0)


def after_the_9s(north: str) -> GameState:
    """South leads the 5♠ and West plays the 9♠, holding the Q♠ and J♠."""
    return south_7h(north, "JH JD AH KH QH TH 9H 5S 5C 6C",
                    "9S QS JS 4H 5H 6H 7H TC JC QC", "play 5S", "play 9S")


def test_third_hand_takes_partners_trick_the_next_player_could_overtake() -> None:
    """South leads the Q♠, West plays low; East, still to play, may hold the K♠: North
    takes the trick with the A♠ (the old rule ducked with the 6♠)."""
    west = "5S 9S TS JS 4H 5H 6H 7H 8H TC"
    st = south_7h(NORTH, SOUTH, west, "play QS", "play 5S")
    assert st.to_act == 0
    assert decide(st) == "play AS"


def test_third_hand_still_ducks_under_a_sure_winner() -> None:
    """With partner's card the top one, third hand plays low."""
    west = "5S 9S TS JS 4H 5H 6H 7H 8H TC"
    north = "KS 6S 7S 8S 4D 5D 6D 7D 8D 9D"
    south = "AS JH JD AH KH QH TH 9H 5C 6C"
    st = south_7h(north, south, west, "play AS", "play 5S")
    assert decide(st) == "play 6S"


def test_third_hand_plays_high_not_just_enough() -> None:
    """South (7♥) leads the 5♠, West plays the 9♠; North, third hand with K♠ T♠ and
    the A♠, Q♠, J♠ unseen, plays the K♠: the T♠ would only invite the last player
    to win cheaply (the old rule played the cheapest card that beat the 9♠)."""
    st = after_the_9s("KS TS 6S 4D 5D 6D 7D 8D 9D TD")
    assert st.to_act == 0
    assert decide(st) == "play KS"


def test_third_hand_plays_its_cheapest_sure_winner() -> None:
    """Holding the A♠ as well, North wins with the K♠: with the A♠ in his own hand
    nobody can beat it, and it is cheaper (the old rule played the T♠)."""
    st = after_the_9s("AS KS TS 4D 5D 6D 7D 8D 9D TD")
    assert decide(st) == "play KS"


def test_declarer_draws_trumps_without_the_top_one() -> None:
    """South's 7♥ without the joker and the bowers: he leads a low trump, which draws
    two of the defenders' trumps a round (the old rule cashed the A♠ first, for the
    defenders to ruff the next spade)."""
    south = "AH KH QH 9H 8H AS KS AD 5C 6C"
    north = "6S 7S 8S 4D 5D 6D 7D 8D 9D TD"
    west = "JK JH JD 4H 5H 9S TS JS TC JC"
    st = south_7h(north, south, west)
    assert st.to_act == 2
    assert decide(st) == "play 8H"


def test_no_joker_second_hand_on_a_low_trump_lead() -> None:
    """South leads the 9♥ (a low trump): West keeps the joker, which wins a trick
    whenever he plays it, and follows with the 4♥ (the old rule played the joker)."""
    west = "JK 4H 5H 6H 5S 9S TS JS TC JC"
    st = south_7h(NORTH, SOUTH, west, "play 9H")
    assert st.to_act == 3
    assert decide(st) == "play 4H"


def test_no_low_lead_in_no_trumps_into_partners_void() -> None:
    """7NT by North, who has shown void in spades; South, on lead with five low spades,
    leads hearts towards North's A-K-Q instead (the old rule led his longest suit)."""
    north = "AC KC QC JC AH KH QH 4D TD 9D"
    south = "AS 9S 8S 7S 6S 5S AD 5D 6H 7H"
    east = "KS QS JS TS 8D 7D 6D 8C 9C TC"
    st = position({0: north, 1: east, 2: south}, "5C 6C 7C", [
        "bid 7NT", "pass", "pass", "pass", "discard 5C 6C 7C",
        "play 4D", "play 6D", "play AD", "play JD",  # South wins
        "play AS", "play 4H", "play 9D", "play TS",  # North discards: void in spades
    ])
    assert st.to_act == 2
    choice = decide(st)
    assert not choice.endswith("S")
    assert choice == "play 6H"


def test_our_own_suit_is_not_raised_again() -> None:
    """South bid 7♥, North raised to 8♥: that raise counted South's hand already, so
    South passes (the old rule added its surplus again and bid 9♥)."""
    south = "JH JD AH KH QH TH 9H AS KS 5C"
    north = "6S 7S 8S 4D 5D 6D 7D 8D 4H 5H"
    west = "5S 9S TS JS 6H 7H 8H TC 9C 8C"
    st = position({0: north, 2: south, 3: west}, "7C 6C QC",
                  ["pass", "bid 7H", "pass", "bid 8H"], dealer=0)
    assert st.to_act == 2
    assert decide(st) == "pass"


def test_partners_suit_is_raised_by_the_surplus() -> None:
    """North opened 7♥; South, who has not bid, holds far more than the ~3 tricks
    North counted on from partner and kitty: he raises."""
    south = "JH JD AH KH QH TH 9H AS KS AC"
    north = "6S 7S 8S 4D 5D 6D 7D 8D 4H 5H"
    west = "5S 9S TS JS 6H 7H 8H TC 9C 8C"
    st = position({0: north, 2: south, 3: west}, "7C 6C QC", ["bid 7H", "pass"])
    assert st.to_act == 2
    choice = decide(st)
    assert choice.startswith("bid ") and choice.endswith("H") and choice != "bid 7H"


def test_misere_defender_plays_high_after_the_declarer_has_ducked() -> None:
    """The misère habit: North leads T♠, East (declarer) ducks with the 6♠, South
    wins high with the K♠ and keeps the J♠ (the old rule followed low)."""
    st = position(HANDS, "AS AC AD", [
        *AUCTION, "discard AS AC AD", "play 5S", "play 7S", "play QS", "play TS", "play 6S"])
    assert decide(st) == "play KS"


def test_easy_keeps_the_sound_misere_test() -> None:
    """``easy`` bids with noise but judges misère like ``normal``: never on the
    ace-king hand."""
    ak = position({0: HANDS[0], 1: "AS KS AC KC AD KD AH KH QH QD",
                   2: "JS 7S JC QC JD 9H 9D 9C 6S 6C"}, "TH TD TC", ["bid 7S"])
    assert all(decide(ak, "easy", seed=s) not in ("bid MIS", "bid OMIS") for s in range(5))
