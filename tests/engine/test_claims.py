"""Claims (issue 10, item 2): the engine accepts a claim only with a proof that the
claimer's side wins every remaining trick whatever anyone plays (misère: that the
declarer wins none); a claim that fails comes with a line of play that defeats it.

Endings are built on the engine: a real auction and exchange, then the hands, the
tricks played and the leader set to the ending's (the rest of the deal is not needed
by the play rules). A brute force over ``GameState.apply`` checks the prover on small
random endings of real deals."""

from __future__ import annotations

import random

import pytest

from five_hundred.engine import PAGAT_AUSTRALIAN, TWO_JOKER_1000, GameState, RuleSet
from five_hundred.engine.claims import (
    FAILS,
    PROVED,
    TOO_BIG,
    check_claim,
    claim_refusal,
    play_out,
)
from five_hundred.engine.record import record_from_state, replay_json, replay_record
from five_hundred.engine.state import PLAYING, team_of

from .helpers import E, N, S, W, deal_from_text, mask

SUITS = {"S": 0, "C": 1, "D": 2, "H": 3}


def ending(contract: str, declarer: int, hands: list[str], leader: int | None = None,
           joker: str | None = None, suits_led: str = "",
           rules: RuleSet = PAGAT_AUSTRALIAN) -> GameState:
    """A deal in play with ``contract`` by ``declarer`` (seed 1's cards for the auction)
    and then the ``hands`` (N, E, S, W) as the cards left; ``leader`` leads next
    (the declarer if not given); ``joker``: the suit the NT declarer named (R23)."""
    if contract in ("MIS", "OMIS"):  # bid first (V2), so the ending needs no auction
        rules = rules.model_copy(update={"misere_without_seven": True})
    state = GameState.new_game(rules, 1, dealer=(declarer + 3) & 3)
    state.apply_text(f"bid {contract}", declarer)
    while state.phase == "bidding":
        state.apply_text("pass")
    state.apply(state.legal_actions()[0])  # some discard
    # the play context of the ending's contract, as the engine sets it (R23)
    state._start_play(SUITS[joker] if joker else -1)
    masks = [mask(h, rules) for h in hands]
    n = max(m.bit_count() for m in masks)
    state.hands = masks
    state.trick_no = 10 - n
    state.tricks_won = [0, 0, 0, 0]
    state.tricks_won[declarer] = 10 - n
    state.suits_led = sum(1 << SUITS[s] for s in suits_led)
    state.to_act = declarer if leader is None else leader
    state._legal = None
    assert state.phase == PLAYING
    return state


def brute_force(state: GameState, seat: int) -> bool:
    """Every continuation, by the engine's own ``apply``: does the claim hold?"""
    misere = state.out_seat >= 0
    team = team_of(seat)

    def holds(s: GameState) -> bool:
        if s.phase != PLAYING:
            return True
        for action in s.legal_actions():
            t = s.copy()
            done = len(t.tricks)
            t.apply(action)
            if len(t.tricks) > done:
                w = t.tricks[-1][1]
                if (w == t.declarer) if misere else (team_of(w) != team):
                    return False
            if not holds(t):
                return False
        return True

    return holds(state)


def breaks_claim(state: GameState, seat: int, line: tuple[tuple[int, int, int], ...]) -> bool:
    """The line is legal and makes the claimer's side lose a trick (misère: win one)."""
    s = state.copy()
    for who, card, named in line:
        s.apply((4, card) if named < 0 else (4, card, named), who)
    w = s.tricks[-1][1]
    return (w == s.declarer) if state.out_seat >= 0 else team_of(w) != team_of(seat)


def test_top_trumps_and_top_cards_hold_r21() -> None:
    """Hearts trumps: North's two bowers beat anything; partner's and theirs follow."""
    s = ending("10H", N, ["JK JH AS", "JD 4H KS", "5S 6S 7S", "5C 6C 7C"])
    # West leads nothing here: North leads; East's left bower falls under the right
    assert check_claim(s, N).verdict == PROVED
    assert brute_force(s, N)


def test_fails_by_one_trick_to_the_left_bower_r2() -> None:
    """The left bower (J♦ under hearts) is a trump above the ace: it wins one trick."""
    s = ending("10H", N, ["JK AH AS", "JD 4D KS", "5S 6S 7S", "5C 6C 7C"])
    result = check_claim(s, N)
    assert result.verdict == FAILS
    assert breaks_claim(s, N, result.line)
    assert not brute_force(s, N)


def test_a_careless_order_is_enough_to_refuse() -> None:
    """'Whatever anyone plays' includes the claimer: leading the ace of spades before
    drawing East's last trump lets East ruff it, so the claim is refused."""
    s = ending("10H", N, ["JK AS", "4H 5C", "5S 6S", "4D 5D"])
    result = check_claim(s, N)
    assert result.verdict == FAILS and breaks_claim(s, N, result.line)
    first = result.line[0]
    assert first[0] == N


def test_no_trumps_suitless_joker_wins_for_the_claimer_r24_r26() -> None:
    """NT, the joker suitless: North's joker wins whenever it is played or led (it
    names a suit not yet led)."""
    s = ending("10NT", N, ["JK AS", "KS QS", "5C 6C", "4D 5D"], suits_led="S")
    assert check_claim(s, N).verdict == PROVED
    assert brute_force(s, N)


def test_no_trumps_suitless_joker_of_the_other_side_breaks_it_r25() -> None:
    """East must follow spades while holding one (R25), then is void and the joker
    wins the second spade."""
    s = ending("10NT", N, ["AS KS", "JK QS", "5C 6C", "4D 5D"])
    result = check_claim(s, N)
    assert result.verdict == FAILS and breaks_claim(s, N, result.line)
    assert (E, mask_bit("JK"), -1) in result.line


def test_joker_named_a_suit_is_its_highest_card_r23() -> None:
    """NT with the joker named hearts: it is the top heart, above East's ace."""
    s = ending("10NT", N, ["JK KH", "AH 5S", "5C 6C", "4D 5D"], joker="H")
    assert check_claim(s, N).verdict == FAILS  # K♥ led loses to the ace
    s = ending("10NT", N, ["JK AH", "KH 5S", "5C 6C", "4D 5D"], joker="H")
    assert check_claim(s, N).verdict == PROVED


def test_misere_declarer_claims_to_lose_every_trick_r33() -> None:
    """Misère: the declarer's low spades lose to any spade of theirs; a high one can
    win a trick. A defender may not claim."""
    s = ending("MIS", E, ["7S 8S", "5S 6S", "9S TS", ""])
    assert s.out_seat == W
    assert check_claim(s, E).verdict == PROVED
    assert brute_force(s, E)
    s = ending("MIS", E, ["7S 8S", "5S AS", "9S TS", ""])
    result = check_claim(s, E)
    assert result.verdict == FAILS and breaks_claim(s, E, result.line)
    s = ending("MIS", E, ["7S 8S", "5S 6S", "9S TS", ""], leader=N)
    assert claim_refusal(s, N) is not None and "declarer" in (claim_refusal(s, N) or "")


def test_claim_in_the_middle_of_a_trick() -> None:
    """West led a club; North, void, trumps it and then holds the top trump."""
    s = ending("10H", N, ["JK JH", "5C 4H", "6C 7C", "8C 9C"], leader=W)
    s.apply_text("play 9C", W)
    assert s.to_act == N
    assert check_claim(s, N).verdict == PROVED
    assert brute_force(s, N)


def test_only_on_ones_turn_in_the_play() -> None:
    s = ending("10H", N, ["JK JH", "5C 4H", "6C 7C", "8C 9C"])
    assert claim_refusal(s, E) is not None
    fresh = GameState.new_game(PAGAT_AUSTRALIAN, 3)
    assert claim_refusal(fresh, fresh.to_act) is not None


def test_node_bound_refuses_honestly() -> None:
    """A proof that needs more positions than allowed is 'cannot be shown'."""
    s = ending("10NT", N, ["AS KS QS JS AC KC QC AD KD AH", "5S 6S 7S 5C 6C 7C 4D 5D 6D 4H",
                           "TS 9S JC TC 9C QD JD TD KH QH", "8S 8C 7D 8D 9D 5H 6H 7H 8H 9H"],
               leader=W)
    s.apply_text("play 8S", W)
    assert check_claim(s, N, node_limit=1).verdict == TOO_BIG
    assert check_claim(s, N).verdict == PROVED  # all top, nothing of theirs can win


def test_play_out_records_legal_plays_that_replay_to_the_claim() -> None:
    """After a proved claim the rest is played as one continuation: a record of legal
    plays whose replay gives the claimer's side every remaining trick, scored."""
    state = deal_from_text(["JK JH JD AH KH QH TH 9H 8H 7H", "", "", ""], kitty="5S 6S 7S",
                           dealer=W)
    state.apply_text("bid 10H", N)
    for seat in (E, S, W):
        state.apply_text("pass", seat)
    state.apply_text("discard 5S 6S 7S", N)
    state.apply_text("play 7H", N)
    assert check_claim(state, E).verdict == FAILS  # East's side wins nothing
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert state.to_act == N and check_claim(state, N).verdict == PROVED
    played = play_out(state)
    assert len(played) == 36 and state.deal_over
    assert state.results[-1].tricks == (10, 0)
    replay = replay_record(record_from_state(state))
    assert replay.error is None
    deal = replay_json(replay)["deals"][-1]
    assert deal["tricks"] == [10, 0] and deal["score_change"][0] > 0


def mask_bit(code: str) -> int:
    return mask(code).bit_length() - 1


def _random_ending(rng: random.Random, rules: RuleSet, tricks_left: int) -> GameState | None:
    state = GameState.new_game(rules, rng.randrange(10**9))
    while state.phase not in (PLAYING, "deal_over", "game_over"):
        legal = state.legal_actions()
        if state.phase == "bidding":
            bids = [a for a in legal if a[0] == 1]
            choice = rng.choice(bids) if bids and rng.random() < 0.3 else (0,)
            state.apply(choice if choice in legal else rng.choice(legal))
        else:
            state.apply(rng.choice(legal))
    while state.phase == PLAYING and (state.trick_no < 10 - tricks_left or (
            rng.random() < 0.4 and len(state.trick) < state.trick_size - 1)):
        state.apply(rng.choice(state.legal_actions()))
    return state if state.phase == PLAYING else None


@pytest.mark.parametrize("rules", [PAGAT_AUSTRALIAN, TWO_JOKER_1000],
                         ids=["pagat", "two-joker"])
def test_prover_agrees_with_brute_force_on_random_endings(rules: RuleSet) -> None:
    """Small endings of random deals (2 and 3 tricks left, some mid-trick): the prover
    and a brute force over every continuation agree; every failure's line is real."""
    rng = random.Random(f"claims:{rules.preset}")
    verdicts = {PROVED: 0, FAILS: 0}
    for i in range(90):
        state = _random_ending(rng, rules, 2 + i % 2)
        if state is None or claim_refusal(state, state.to_act) is not None:
            continue
        seat = state.to_act
        result = check_claim(state, seat)
        assert result.verdict in verdicts
        assert result.proved == brute_force(state, seat), i
        if not result.proved:
            assert breaks_claim(state, seat, result.line), i
        verdicts[result.verdict] += 1
    assert verdicts[PROVED] >= 5 and verdicts[FAILS] >= 20
