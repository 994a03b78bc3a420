"""Cards, the deck, bowers and effective suits, the deal (R1-R7)."""

from __future__ import annotations

import random
from collections import Counter

from five_hundred.engine import PAGAT_AUSTRALIAN, GameState, public_view, view_for
from five_hundred.engine.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    JOKER,
    NO_TRUMPS,
    SPADES,
    SUITLESS,
    card_str,
    cards_of,
    deck,
    mask_of,
    parse_card,
    play_context,
)
from five_hundred.engine.play import trick_winner
from five_hundred.engine.state import _deal_layout, first_dealer

from .helpers import E, N, S, W, assert_illegal, cards, start_play

R = PAGAT_AUSTRALIAN


def test_r1_deck_has_43_cards_no_black_fours() -> None:
    """R1: 43 cards; hearts and diamonds A..4, spades and clubs A..5, one joker."""
    d = deck(R)
    assert len(d) == 43 == len(set(d))
    texts = {card_str(c) for c in d}
    per_suit = Counter(t[-1] for t in texts if t != "JK")
    assert per_suit == {"H": 11, "D": 11, "S": 10, "C": 10}
    assert "JK" in texts and "4H" in texts and "4D" in texts
    assert "4S" not in texts and "4C" not in texts


def test_r1_parsing_cards() -> None:
    """R1: card texts round-trip; black fours are not cards of this deck."""
    for c in deck(R):
        assert parse_card(card_str(c), R) == c
    assert parse_card("10h", R) == parse_card("TH", R)
    assert parse_card("A♠", R) == parse_card("AS", R)
    for bad in ("4S", "4C", "J2", "1H", "ZZ", ""):
        try:
            parse_card(bad, R)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} parsed")


def _strength_order(trump: int, texts: str) -> list[str]:
    ctx = play_context(R, trump)
    cs = cards(texts)
    return [card_str(c) for c in sorted(cs, key=lambda c: -ctx.strength[c])]


def test_r2_trump_order_hearts() -> None:
    """R2: in hearts, joker > J♥ (right) > J♦ (left) > A K Q 10 ... 4 of hearts."""
    ctx = play_context(R, HEARTS)
    order = "JK JH JD AH KH QH TH 9H 8H 7H 6H 5H 4H"
    assert _strength_order(HEARTS, order) == order.split()
    for c in cards(order):
        assert ctx.eff_suit[c] == HEARTS
    # The left bower is no longer a diamond (R2): diamonds lose their jack.
    assert ctx.eff_suit[parse_card("JD", R)] == HEARTS
    assert not ctx.suit_mask[DIAMONDS] & (1 << parse_card("JD", R))
    assert ctx.suit_mask[HEARTS].bit_count() == 13


def test_r2_left_bower_colour_pairs() -> None:
    """R2: spades<->clubs and hearts<->diamonds are the colour pairs for the left bower."""
    for trump, left in ((SPADES, "JC"), (CLUBS, "JS"), (DIAMONDS, "JH"), (HEARTS, "JD")):
        ctx = play_context(R, trump)
        assert ctx.eff_suit[parse_card(left, R)] == trump
        assert ctx.eff_suit[JOKER] == trump
        assert ctx.trump == trump
        # 10 or 11 printed cards + the left bower + the joker
        assert ctx.suit_mask[trump].bit_count() == (12 if trump in (SPADES, CLUBS) else 13)
        assert ctx.suit_mask[(trump + 1) % 4 if trump in (SPADES, DIAMONDS)
                             else trump - 1].bit_count() == (9 if trump in (SPADES, CLUBS)
                                                             else 10)


def test_r2_left_bower_wins_over_ace_of_trumps() -> None:
    """R2/R21: the left bower is a trump and beats the trump ace; the joker beats it."""
    ctx = play_context(R, SPADES)
    plays = [(N, parse_card("AS", R)), (E, parse_card("JC", R)), (S, parse_card("KS", R)),
             (W, parse_card("AC", R))]
    assert trick_winner(ctx, plays, SPADES) == E
    assert trick_winner(ctx, [*plays[:3], (W, JOKER)], SPADES) == W


def test_r3_plain_suit_order_jack_in_place() -> None:
    """R3: plain suits (and NT) run A K Q J 10 9 ... with the jack in its normal place."""
    order = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D"
    assert _strength_order(NO_TRUMPS, order) == order.split()
    # In a spade contract diamonds are plain, jack of diamonds in place.
    assert _strength_order(SPADES, order) == order.split()
    ctx = play_context(R, NO_TRUMPS)
    assert ctx.trump == -1
    assert ctx.eff_suit[JOKER] == SUITLESS
    assert ctx.eff_suit[parse_card("JC", R)] == CLUBS


def test_r3_plain_trick_highest_of_suit_led() -> None:
    """R3/R21: no trump in the trick: the highest card of the suit led wins; an off-suit
    ace loses."""
    ctx = play_context(R, HEARTS)
    plays = [(N, parse_card("JC", R)), (E, parse_card("QC", R)), (S, parse_card("AS", R)),
             (W, parse_card("TC", R))]
    assert trick_winner(ctx, plays, CLUBS) == E


def test_r4_first_dealer_random_from_seed() -> None:
    """R4: the first dealer is drawn from the seed: deterministic and all four seats
    occur."""
    dealers = [GameState.new_game(R, seed=s).dealer for s in range(200)]
    assert set(dealers) == {0, 1, 2, 3}
    assert all(GameState.new_game(R, seed=s).dealer == first_dealer(s) for s in range(20))
    assert GameState.new_game(R, seed=7).dealt == GameState.new_game(R, seed=7).dealt
    assert GameState.new_game(R, seed=7).dealt != GameState.new_game(R, seed=8).dealt
    # first bidder is left of the dealer (R4, R8)
    st = GameState.new_game(R, seed=3)
    assert st.to_act == (st.dealer + 1) % 4


def test_r5_deal_pattern_3_1_4_1_3_1_from_dealers_left() -> None:
    """R5: 3 to each from the dealer's left, 1 to the kitty; 4 each, 1; 3 each, 1."""
    layout = _deal_layout(R, W)
    expected = ([N] * 3 + [E] * 3 + [S] * 3 + [W] * 3 + [4]
                + [N] * 4 + [E] * 4 + [S] * 4 + [W] * 4 + [4]
                + [N] * 3 + [E] * 3 + [S] * 3 + [W] * 3 + [4])
    assert list(layout) == expected
    layout_e = _deal_layout(R, E)
    assert layout_e[:3] == (S, S, S) and layout_e[12] == 4


def test_r5_shuffled_deal_sizes_and_distinct_cards() -> None:
    """R5: every seeded deal gives 10 cards each and 3 to the kitty, the whole deck."""
    full = mask_of(deck(R))
    for seed in range(50):
        st = GameState.new_game(R, seed=seed)
        assert [h.bit_count() for h in st.hands] == [10] * 4
        assert st.kitty.bit_count() == 3
        union = st.kitty
        for h in st.hands:
            assert not union & h
            union |= h
        assert union == full


def test_r6_nobody_sees_kitty_before_auction_ends() -> None:
    """R6: during the auction no view shows the kitty."""
    st = GameState.new_game(R, seed=11)
    kitty = {card_str(c) for c in cards_of(st.kitty)}
    for seat in range(4):
        v = view_for(st, seat)
        assert v.kitty is None
        assert not kitty & set(v.hand)
    assert "kitty" not in public_view(st).model_dump()


def test_r7_deal_passes_left_after_played_deal() -> None:
    """R7: after a played deal the next dealer is the seat to the left."""
    st = GameState.new_game(R, seed=5)
    first = st.dealer
    rng = random.Random(1)
    for i in range(1, 6):
        while not st.deal_over:
            st.apply(rng.choice(st.legal_actions()))
        if st.is_over:
            break
        st.start_next_deal()
        assert st.dealer == (first + i) % 4
        assert st.to_act == (st.dealer + 1) % 4


def test_r7_next_deal_only_after_deal_over() -> None:
    """R7: a new deal cannot start while the current one is in progress."""
    st = GameState.new_game(R, seed=5)
    try:
        st.start_next_deal()
    except ValueError as e:
        assert "not over" in str(e)
    else:
        raise AssertionError("started a deal mid-auction")


def test_r1_cards_outside_the_deck_are_not_held() -> None:
    """R1: a black four does not exist in this deck; an unheld card is refused (R20)."""
    st = start_play(["JK AH KH", "", "", ""], "", N, "7H")
    assert_illegal(st, (4, 4), "R1", words="no such card")  # no 4♠ in the 43-card deck
    assert_illegal(st, "play 9C", "R20", words="North does not hold")
