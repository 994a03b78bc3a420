"""Claims (issue 10, item 2): the engine accepts a claim only with a proof that the
claimer's side wins every remaining trick whatever anyone plays (misère: that the
declarer wins none); a claim that fails comes with a line of play that defeats it.

A claim is judged only by what the claimer may know (``check_claim_on_deal(view)``): it must
hold for every layout of the unseen cards consistent with what was shown. The prover
with every hand known (``check_claim_on_deal``) is the same search with no unseen
card; the first tests check it on built endings: a real auction and exchange, then
the hands, the tricks played and the leader set to the ending's (the rest of the deal
is not needed by the play rules, but a seat's view of such an ending is no real
knowledge). A brute force over ``GameState.apply`` checks both provers on small random
endings of real deals: the knowledge one against every consistent layout."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import pytest

from five_hundred.engine import (
    BIDDING,
    DEAL_OVER,
    DISCARD_PHASE,
    GAME_OVER,
    PAGAT_AUSTRALIAN,
    TWO_JOKER_1000,
    GameState,
    IllegalAction,
    RuleSet,
)
from five_hundred.engine.cards import (
    JOKER,
    NO_TRUMPS,
    card_str,
    cards_of,
    deck,
    mask_of,
    parse_card,
    play_context,
)
from five_hundred.engine.claims import (
    FAILS,
    PROVED,
    TOO_BIG,
    check_claim,
    check_claim_on_deal,
    claim_refusal,
    play_out,
)
from five_hundred.engine.play import play_reveals
from five_hundred.engine.record import record_from_state, replay_json, replay_record
from five_hundred.engine.state import PLAYING, team_of
from five_hundred.engine.views import view_for
from five_hundred.hotseat import Controller, Player
from tests.acting import act_text

from .helpers import E, N, S, W, deal_from_text, mask, phase_of, start_play, steer_bid

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
    while state.phase == BIDDING:
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


def brute_force(state: GameState, seat: int,
                memo: dict[tuple[int, ...], bool] | None = None) -> bool:
    """Every continuation, by the engine's own ``apply``: does the claim hold? (``memo``
    keeps the answers at trick boundaries, for calls on several layouts of one deal.)"""
    misere = state.out_seat >= 0
    team = team_of(seat)
    seen: dict[tuple[int, ...], bool] = {} if memo is None else memo

    def holds(s: GameState) -> bool:
        if s.phase != PLAYING:
            return True
        key = (*s.hands, s.to_act, s.suits_led, s.trick_no)
        if not s.trick and key in seen:
            return seen[key]
        ok = holds_from(s)
        if not s.trick:
            seen[key] = ok
        return ok

    def holds_from(s: GameState) -> bool:
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
    assert check_claim_on_deal(s, N).verdict == PROVED
    assert brute_force(s, N)


def test_fails_by_one_trick_to_the_left_bower_r2() -> None:
    """The left bower (J♦ under hearts) is a trump above the ace: it wins one trick."""
    s = ending("10H", N, ["JK AH AS", "JD 4D KS", "5S 6S 7S", "5C 6C 7C"])
    result = check_claim_on_deal(s, N)
    assert result.verdict == FAILS
    assert breaks_claim(s, N, result.line)
    assert not brute_force(s, N)


def test_a_careless_order_is_enough_to_refuse() -> None:
    """'Whatever anyone plays' includes the claimer: leading the ace of spades before
    drawing East's last trump lets East ruff it, so the claim is refused."""
    s = ending("10H", N, ["JK AS", "4H 5C", "5S 6S", "4D 5D"])
    result = check_claim_on_deal(s, N)
    assert result.verdict == FAILS and breaks_claim(s, N, result.line)
    first = result.line[0]
    assert first[0] == N


def test_no_trumps_suitless_joker_wins_for_the_claimer_r24_r26() -> None:
    """NT, the joker suitless: North's joker wins whenever it is played or led (it
    names a suit not yet led)."""
    s = ending("10NT", N, ["JK AS", "KS QS", "5C 6C", "4D 5D"], suits_led="S")
    assert check_claim_on_deal(s, N).verdict == PROVED
    assert brute_force(s, N)


def test_no_trumps_suitless_joker_of_the_other_side_breaks_it_r25() -> None:
    """East must follow spades while holding one (R25), then is void and the joker
    wins the second spade."""
    s = ending("10NT", N, ["AS KS", "JK QS", "5C 6C", "4D 5D"])
    result = check_claim_on_deal(s, N)
    assert result.verdict == FAILS and breaks_claim(s, N, result.line)
    assert (E, mask_bit("JK"), -1) in result.line


def test_joker_named_a_suit_is_its_highest_card_r23() -> None:
    """NT with the joker named hearts: it is the top heart, above East's ace."""
    s = ending("10NT", N, ["JK KH", "AH 5S", "5C 6C", "4D 5D"], joker="H")
    assert check_claim_on_deal(s, N).verdict == FAILS  # K♥ led loses to the ace
    s = ending("10NT", N, ["JK AH", "KH 5S", "5C 6C", "4D 5D"], joker="H")
    assert check_claim_on_deal(s, N).verdict == PROVED


def test_misere_declarer_claims_to_lose_every_trick_r33() -> None:
    """Misère: the declarer's low spades lose to any spade of theirs; a high one can
    win a trick. A defender may not claim."""
    s = ending("MIS", E, ["7S 8S", "5S 6S", "9S TS", ""])
    assert s.out_seat == W
    assert check_claim_on_deal(s, E).verdict == PROVED
    assert brute_force(s, E)
    s = ending("MIS", E, ["7S 8S", "5S AS", "9S TS", ""])
    result = check_claim_on_deal(s, E)
    assert result.verdict == FAILS and breaks_claim(s, E, result.line)
    s = ending("MIS", E, ["7S 8S", "5S 6S", "9S TS", ""], leader=N)
    why = claim_refusal(view_for(s, N))
    assert why is not None and "declarer" in why


def test_claim_in_the_middle_of_a_trick() -> None:
    """West led a club; North, void, trumps it and then holds the top trump."""
    s = ending("10H", N, ["JK JH", "5C 4H", "6C 7C", "8C 9C"], leader=W)
    s.apply_text("play 9C", W)
    assert s.to_act == N
    assert check_claim_on_deal(s, N).verdict == PROVED
    assert brute_force(s, N)


def test_only_on_ones_turn_in_the_play() -> None:
    s = ending("10H", N, ["JK JH", "5C 4H", "6C 7C", "8C 9C"])
    assert claim_refusal(view_for(s, E)) is not None
    assert claim_refusal(view_for(s, N)) is None
    fresh = GameState.new_game(PAGAT_AUSTRALIAN, 3)
    assert claim_refusal(view_for(fresh, fresh.to_act)) is not None


def test_node_bound_refuses_honestly() -> None:
    """A proof that needs more positions than allowed is 'cannot be shown'."""
    s = ending("10NT", N, ["AS KS QS JS AC KC QC AD KD AH", "5S 6S 7S 5C 6C 7C 4D 5D 6D 4H",
                           "TS 9S JC TC 9C QD JD TD KH QH", "8S 8C 7D 8D 9D 5H 6H 7H 8H 9H"],
               leader=W)
    s.apply_text("play 8S", W)
    assert check_claim_on_deal(s, N, node_limit=1).verdict == TOO_BIG
    assert check_claim_on_deal(s, N).verdict == PROVED  # all top, nothing of theirs can win


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
    assert check_claim_on_deal(state, E).verdict == FAILS  # East's side wins nothing
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert state.to_act == N and check_claim_on_deal(state, N).verdict == PROVED
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
    while state.phase not in (PLAYING, DEAL_OVER, GAME_OVER):
        legal = state.legal_actions()
        if state.phase == BIDDING:
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
        if state is None or claim_refusal(view_for(state, state.to_act)) is not None:
            continue
        seat = state.to_act
        result = check_claim_on_deal(state, seat)
        assert result.verdict in verdicts
        assert result.proved == brute_force(state, seat), i
        if not result.proved:
            assert breaks_claim(state, seat, result.line), i
        verdicts[result.verdict] += 1
    assert verdicts[PROVED] >= 5 and verdicts[FAILS] >= 20


# ---------------------------------------------------------------- the claimer's knowledge


def scripted(contract: str, declarer: int, ending: list[str], after: tuple[str, ...] = (),
             rules: RuleSet = PAGAT_AUSTRALIAN) -> tuple[GameState, list[str], str]:
    """A real deal of a suit contract that comes to ``ending`` (the cards each seat
    holds at the end, N E S W): filler tricks first, led and won by the declarer with
    the highest card, everyone following suit (so they show no void), then the
    ``after`` plays as written ("N:TS E:7D ...", in play order). The declarer discards
    cards that make every suit's filler a whole number of tricks. Returns the state,
    the hands as dealt and the kitty (to deal it again)."""
    ctx = play_context(rules, SUITS[contract[-1]])
    seats = {"N": N, "E": E, "S": S, "W": W}
    end = [mask(h, rules) for h in ending]
    plays = [(seats[p[0]], parse_card(p[2:], rules)) for line in after for p in line.split()]
    used = 0
    for m in end:
        used |= m
    for _, c in plays:
        used |= 1 << c
    by_suit: list[list[int]] = [[] for _ in range(5)]
    for c in deck(rules):
        if not (used >> c) & 1:
            by_suit[ctx.eff_suit[c]].append(c)
    kitty: list[int] = []
    for cs in by_suit:
        cs.sort(key=lambda c: ctx.strength[c])
        kitty += cs[:len(cs) % 4]
        del cs[:len(cs) % 4]
    assert len(kitty) == rules.kitty_size, f"residues {[len(c) % 4 for c in by_suit]}"
    hands = list(end)
    for s, c in plays:
        hands[s] |= 1 << c
    filler: list[list[int]] = []
    for cs in by_suit:
        for i in range(len(cs) - 4, -1, -4):
            chunk = cs[i:i + 4][::-1]  # highest first: the declarer's
            filler.append(chunk)
            for j, c in enumerate(chunk):
                hands[(declarer + j) & 3] |= 1 << c
    hand_text = [" ".join(card_str(c) for c in cards_of(h)) for h in hands]
    kitty_text = " ".join(card_str(c) for c in kitty)
    state = start_play(hand_text, kitty_text, declarer, contract, rules=rules)
    for chunk in filler:
        for j, c in enumerate(chunk):
            state.apply((4, c), (declarer + j) & 3)
    for s, c in plays:
        state.apply((4, c), s)
    assert [state.hands[s] for s in range(4)] == end
    return state, hand_text, kitty_text


def test_a_claim_good_on_the_deal_but_not_from_what_the_claimer_knows_r20_r21() -> None:
    """(a) North (10♥ made or not, trumps all gone) leads A♠ Q♠ to the last two
    tricks. South, the partner, holds K♠: on the actual cards the claim holds. But
    North has not seen K♠, and nothing shown stops East from holding it (East
    followed every suit): then Q♠ loses to it. Refused, with a line that shows how."""
    s, _, _ = scripted("7H", N, ["AS QS", "5S 6S", "KS 7S", "8C 9C"])
    assert check_claim_on_deal(s, N).verdict == PROVED
    result = check_claim(view_for(s, N))
    assert result.verdict == FAILS
    assert (E, mask_bit("KS"), -1) in result.line  # K♠ from East's hand, over Q♠
    assert line_is_real(s, N, result.line)


def test_a_claim_certain_whatever_the_unseen_cards_r2_r21() -> None:
    """(b) East, a defender, claims in the middle of trick nine: North led Q♠ and
    East holds both bowers (the joker is gone). East has seen neither the others'
    cards nor the declarer's discard, yet no layout of them beats a bower: accepted."""
    s, _, _ = scripted("7H", N, ["4H", "JH JD", "5C 6C", "7D 8D"], after=("N:QS",))
    assert s.to_act == E
    view = view_for(s, E)
    assert view.discards is None and len(view.hand) == 2
    assert check_claim(view).verdict == PROVED
    assert check_claim_on_deal(s, E).verdict == PROVED


def test_a_void_shown_earlier_makes_the_claim_certain_r20() -> None:
    """(c) At trick eight North holds 10♠ A♠ Q♠, K♠ unseen: East could hold it, so
    a claim of the last three tricks is refused (though on the actual cards South has
    it). North leads 10♠ and East and West throw other suits: both void in spades
    (R20). Now K♠ can only be South's, and the same claim of the last two stands."""
    earlier, _, _ = scripted("7H", N, ["TS AS QS", "7D 5D 6C", "9S KS 7S", "7C 8C 9C"])
    assert earlier.trick_no == 7 and earlier.to_act == N
    assert check_claim_on_deal(earlier, N).verdict == PROVED
    assert check_claim(view_for(earlier, N)).verdict == FAILS
    s, _, _ = scripted("7H", N, ["AS QS", "5D 6C", "KS 7S", "8C 9C"],
                       after=("N:TS E:7D S:9S W:7C",))
    assert s.tricks[:7] == earlier.tricks  # the same deal, one trick on
    assert s.trick_no == 8 and s.to_act == N
    assert check_claim(view_for(s, N)).verdict == PROVED


def consistent_layouts(state: GameState, seat: int) -> Iterator[list[int]]:
    """Every layout of the cards ``seat`` has not seen that is consistent with what it
    was shown, as the four hands (the oracle's own reading of the rules): each other
    seat that plays gets its number of cards, none of an effective suit it showed a
    void in (R20) nor, in misère, the suitless joker it did not play when void (R25);
    the joker the declarer named is the declarer's until played (R23), the open misère
    hand is the one shown (R22). The rest lies in the discard or the hand of the
    partner sitting out (R18), which nothing constrains."""
    k = state.kernel
    d = state.declarer
    played = 0
    voids = [0, 0, 0, 0]
    no_joker = [False] * 4
    tricks = [(plays, led) for plays, _, led in state.tricks]
    if state.trick:
        tricks.append((tuple(state.trick), state.led))
    for plays, led in tricks:
        for i, (s, c) in enumerate(plays):
            played |= 1 << c
            if i:
                void, none = play_reveals(k, led, c)
                voids[s] |= (1 << led) if void else 0
                no_joker[s] |= none
    known = [0, 0, 0, 0]
    if d != seat and state.exposed:
        known[d] = state.hands[d]
    elif d != seat and state.joker_named >= 0 and not (played >> JOKER) & 1:
        known[d] = 1 << JOKER
    seen = state.hands[seat] | played | (state.discards if seat == d else 0)
    for m in known:
        seen |= m
    unseen = mask_of(deck(state.rules)) & ~seen
    others = [s for s in range(4) if s not in (seat, state.out_seat)]

    def allowed(s: int, c: int) -> bool:
        e = k.eff[c]
        return not (voids[s] >> e) & 1 if e >= 0 else not no_joker[s]

    hands = list(state.hands)

    def place(i: int, pool: int) -> Iterator[list[int]]:
        if i == len(others):
            yield list(hands)
            return
        s = others[i]
        need = state.hands[s].bit_count() - known[s].bit_count()
        for combo in combinations([c for c in cards_of(pool) if allowed(s, c)], need):
            m = mask_of(combo)
            hands[s] = known[s] | m
            yield from place(i + 1, pool & ~m)

    yield from place(0, unseen)


def with_hands(state: GameState, hands: list[int]) -> GameState:
    t = state.copy()
    t.hands = list(hands)
    t._legal = None
    return t


def line_is_real(state: GameState, seat: int, line: tuple[tuple[int, int, int], ...]) -> bool:
    """Some consistent layout makes ``line`` legal and a defeat of the claim."""
    for hands in consistent_layouts(state, seat):
        if not all((hands[s] >> c) & 1 for s, c, _ in line):
            continue
        try:
            if breaks_claim(with_hands(state, hands), seat, line):
                return True
        except IllegalAction:
            continue
    return False


def holds_everywhere(state: GameState, seat: int, most: int) -> bool | None:
    """The oracle: the brute force over ``GameState.apply`` on every consistent layout
    (None when there are more than ``most`` of them). Positions at trick boundaries
    reached from several layouts are brute-forced once."""
    layouts = []
    for hands in consistent_layouts(state, seat):
        layouts.append(hands)
        if len(layouts) > most:
            return None
    memo: dict[tuple[int, ...], bool] = {}
    return all(brute_force(with_hands(state, hands), seat, memo) for hands in layouts)


def _real_ending(rng: random.Random, rules: RuleSet, kind: str,
                 tricks_left: int) -> GameState | None:
    """A random deal steered to a contract of ``kind`` (suit, nt, misere or any),
    played at random to ``tricks_left`` tricks from the end and maybe into the trick
    (in misère until the declarer is to play: only the declarer claims)."""
    state = GameState.new_game(rules, rng.randrange(10**9))
    bids = state.ladder.bids
    targets = [i for i, b in enumerate(bids) if (
        b.is_misere if kind == "misere" else not b.is_misere
        and b.tricks >= rules.min_contract_tricks
        and (kind != "nt" or b.trump == NO_TRUMPS) and (kind != "suit" or b.trump < 4))]
    target = rng.choice(targets)
    while state.phase == BIDDING:
        state.apply(steer_bid(state, target, rng))
    if phase_of(state) != DISCARD_PHASE:
        return None
    misere = state.out_seat >= 0
    strength = play_context(rules, NO_TRUMPS).strength
    if misere:  # the misère declarer throws his highest cards (to reach the ending)
        state.apply(max(state.legal_actions(), key=lambda a: sum(strength[c] for c in a[1:])))
    while state.phase != PLAYING:
        state.apply(rng.choice(state.legal_actions()))
    while state.phase == PLAYING and state.trick_no < 10 - tricks_left:
        legal = state.legal_actions()
        if misere and state.to_act == state.declarer:  # ducks, to reach the ending
            state.apply(min(legal, key=lambda a: strength[a[1]]))
        else:
            state.apply(rng.choice(legal))
    while state.phase == PLAYING and (
            state.to_act != state.declarer if misere
            else len(state.trick) < state.trick_size - 1 and rng.random() < 0.4):
        state.apply(rng.choice(state.legal_actions()))
    return state if state.phase == PLAYING else None


@pytest.mark.parametrize(("rules", "kind", "n", "proved"), [
    (PAGAT_AUSTRALIAN, "suit", 150, 8), (PAGAT_AUSTRALIAN, "nt", 120, 12),
    (PAGAT_AUSTRALIAN, "misere", 60, 8), (TWO_JOKER_1000, "any", 80, 8)],
    ids=["suit", "no-trumps", "misere", "two-joker"])
def test_knowledge_prover_agrees_with_every_layout_r18_r20_r25_r26(
        rules: RuleSet, kind: str, n: int, proved: int) -> None:
    """Small endings of random real deals (2 or 3 tricks left, some in mid-trick):
    ``check_claim(view)`` proves a claim exactly when the brute force finds it holding
    in every layout of the unseen cards consistent with the claimer's knowledge:
    voids shown (R20, bowers and joker in their effective suits, R2), the misère
    joker not played when void (R25), the named joker (R23), the partner's hand and
    3-card tricks in misère (R18), joker leads (R26). A failure's line is legal and
    defeats the claim in some consistent layout."""
    rng = random.Random(f"claims-knowledge:{rules.preset}:{kind}")
    verdicts = {PROVED: 0, FAILS: 0}
    done = hidden_joker = 0
    while done < n:
        state = _real_ending(rng, rules, kind, 2 + (rng.random() < 0.3))
        if state is None:
            continue
        seat = state.to_act
        view = view_for(state, seat)
        assert claim_refusal(view) is None
        expected = holds_everywhere(state, seat, 800)
        if expected is None:
            continue
        done += 1
        hidden_joker += bool(state.kernel.suitless_bit and not (state.hands[seat] >> JOKER) & 1
                             and any((h >> JOKER) & 1 for h in state.hands))
        result = check_claim(view)
        assert result.verdict in verdicts
        assert result.proved == expected, done
        if result.proved:
            assert check_claim_on_deal(state, seat).proved
        else:
            assert line_is_real(state, seat, result.line), done
        verdicts[result.verdict] += 1
    assert verdicts[PROVED] >= proved and verdicts[FAILS] >= 40, verdicts
    assert hidden_joker >= (5 if kind in ("nt", "misere") else 0)  # unseen, suitless


def test_a_refused_claim_says_nothing_of_the_hidden_cards_r21() -> None:
    """(d) Through the hot-seat controller: two deals that differ only in whether
    South or East holds K♠ (and 5♠), everything North sees being the same. North
    claims the last two tricks with A♠ Q♠: on the actual cards the claim holds in the
    first deal and fails in the second, but North gets the same answer, word for word,
    in both (refused: East could hold K♠), and the table sees the same log."""
    people = [Player("Ana"), Player("Bruno"), Player("Carla"), Player("Davi")]
    truths = []
    seen = []
    for east, south in (("5S 6S", "KS 7S"), ("KS 6S", "5S 7S")):
        s, hands, kitty = scripted("7H", N, ["AS QS", east, south, "8C 9C"])
        truths.append(check_claim_on_deal(s, N).verdict)
        c = Controller(PAGAT_AUSTRALIAN, people, seed=0,
                       _state=deal_from_text(hands, kitty, dealer=W))
        for seat, action in s.actions:
            if c.needs_curtain():
                c.reveal()
            assert c.acting_seat == seat
            act_text(c, s.text(action))
        assert c.acting_seat == N
        view = c.reveal()
        answer = c.claim()
        assert not answer.accepted and not c.deal_over
        seen.append((view, answer.message, c.log()))
    assert truths == [PROVED, FAILS]
    assert seen[0] == seen[1]
