"""The double-dummy analysis of a deal's play (bots/analysis.py, issue 11 item 8).

Checked three ways: on random endings (the last three tricks of seeded random games,
every contract kind) against plain minimax on the rule kernel, card by card; on a
constructed deal whose one blunder is known (the declarer cashes an ace into a ruff);
and on the fixtures' deals, whose verdicts must add up to the tricks actually taken.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from five_hundred.bots.analysis import (
    AnalysisCancelled,
    Play,
    analyse_play,
    analyse_review,
)
from five_hundred.engine import PLAYING
from five_hundred.engine.actions import PLAY, CardPlay, JokerLead
from five_hundred.engine.cards import JOKER, SUITLESS, mask_of, parse_card
from five_hundred.engine.record import load_record
from five_hundred.engine.review import deal_review, record_reviews
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import GameState

from .test_solver_exact import KINDS, Minimax, Position, _deal, _play_on

FIXTURES = Path(__file__).parent.parent / "fixtures"
ENDINGS = 25  # per kind
ENDING_TRICKS = 3


def _ending(kind: str, rng: random.Random) -> tuple[GameState, GameState, list[Play]]:
    """A deal of the kind at a trick start with ``ENDING_TRICKS`` left, and the same
    deal once those tricks are played out at random (or the misère caught)."""
    rules, contract, named = KINDS[kind]
    while True:
        st = _deal(rules, contract, named, rng)

        def early(st: GameState = st) -> bool:
            return 10 - st.trick_no > ENDING_TRICKS or bool(st.trick)

        _play_on(st, rng, early)
        if st.phase == PLAYING:
            break
    start = st.copy()
    plays: list[Play] = []
    while st.phase == PLAYING:
        seat = st.to_act
        legal = st.legal_actions()
        action = legal[rng.randrange(len(legal))]
        assert isinstance(action, CardPlay)
        plays.append(Play(seat, action.card, action.suit if isinstance(action, JokerLead) else -1))
        st.apply(action)
    return start, st, plays


@pytest.mark.parametrize("kind", ["suit", "nt-named", "nt-suitless", "misere", "misere-named",
                                  "v3-nt-suitless", "v6-suit"])
def test_every_card_is_judged_as_minimax_judges_it(kind: str) -> None:
    """R18-R27, R33, V3, V6: on random three-trick endings, each card's value with best
    play before and after it (from its player's side) is plain minimax's."""
    rng = random.Random(f"analysis:{kind}")
    lost = 0
    for _ in range(ENDINGS):
        start, end, plays = _ending(kind, rng)
        bid = start.contract
        assert bid is not None
        misere = bid.is_misere
        joker = start.joker_named if start.joker_named >= 0 else SUITLESS
        a = analyse_play(start.rules, bid.trump, joker, start.declarer, start.out_seat,
                         start.hands, plays, suits_led=start.suits_led)
        oracle = Minimax(start.kernel, start.declarer, misere, start.out_seat)
        # The oracle's value before each card, replayed on the engine's own state.
        st = start.copy()
        done = 0 if misere else start.team_tricks()[start.declarer & 1]
        assert len(a.cards) == len(plays)
        for verdict, p in zip(a.cards, plays, strict=True):
            pos = Position(list(st.hands), st.to_act, list(st.trick), st.led, st.suits_led,
                           10 - st.trick_no)
            if st.out_seat >= 0:
                pos.hands[st.out_seat] = 0
            before = oracle.value(pos)
            lead = -1
            if not st.trick:
                lead = p.named if p.named >= 0 else st.kernel.eff[p.card]
            after = oracle.move_value(pos, p.card, lead)
            declaring = (p.seat == start.declarer) if misere \
                else (p.seat - start.declarer) % 2 == 0
            if misere:  # 1: the declarer caught
                want = (1 - before, 1 - after) if declaring else (before, after)
            else:
                won = st.team_tricks()[start.declarer & 1] - done
                total = ENDING_TRICKS
                want = (won + before, won + after) if declaring \
                    else (total - won - before, total - won - after)
            assert (verdict.best, verdict.after) == want, (kind, verdict)
            assert verdict.seat == p.seat and parse_card(verdict.card, st.rules) == p.card
            lost += verdict.lost > 0
            st.apply((PLAY, p.card, p.named) if p.named >= 0 else (PLAY, p.card))
        assert st.phase != PLAYING
        if misere:
            assert a.made == int(end.tricks_won[start.declarer] == 0)
        else:
            assert a.made == end.team_tricks()[start.declarer & 1] - done
    assert lost >= ENDINGS // 5  # random play blunders: the losing side of it is tested


# North declares 6♠ holding the joker, both bowers, A K Q 10 9 8 of spades and A♥; East
# holds the three other trumps and no heart. Drawn trumps first, all ten tricks are
# North's; A♥ led at once is ruffed, and North takes the other nine.
HANDS = {
    0: "JK JS JC AS KS QS TS 9S 8S AH",
    1: "7S 6S 5S AC KC QC TC 9C 8C 7C",
    2: "KH QH JH TH 9H AD KD QD JD TD",
    3: "8H 7H 6H 5H 4H 6C 5C 9D 8D 7D",
}
KITTY = "6D 5D 4D"


def _constructed(first_trick: list[str]) -> GameState:
    rules = PAGAT_AUSTRALIAN
    hands = [mask_of(parse_card(c, rules) for c in HANDS[s].split()) for s in range(4)]
    st = GameState.from_deal(rules, 3, hands, mask_of(parse_card(c, rules)
                                                      for c in KITTY.split()))
    for text in ["bid 6S", "pass", "pass", "pass", "discard 4D 5D 6D", *first_trick]:
        st.apply_text(text)
    while st.phase == PLAYING:  # the rest: the first legal card, whatever it is
        st.apply(st.legal_actions()[0])
    return st


def test_a_known_blunder_loses_a_trick() -> None:
    """The ace of hearts led into East's void: North's 6♠ could make 10 tricks and
    makes 9; that card (and no other) lost a trick, by North."""
    st = _constructed(["play AH", "play 5S", "play 9H", "play 4H"])
    a = analyse_review(deal_review(st, 0))
    assert a is not None and not a.misere and a.contract == "6S"
    assert (a.could, a.made) == (10, 9) == (a.could, st.results[0].tricks[0])
    losing = [v for v in a.cards if v.lost]
    assert [(v.trick, v.seat, v.card, v.best, v.after) for v in losing] == \
        [(1, 0, "AH", 10, 9)]
    assert a.lost_in(1) == tuple(losing) and a.lost_in(2) == ()


def test_a_defender_who_does_not_ruff_gives_the_trick_back() -> None:
    """The same lead; East discards a club instead of ruffing: North's lead lost a
    trick, East's club lost it back for the defenders (best 1, after 0), and North
    makes all ten."""
    st = _constructed(["play AH", "play 7C", "play 9H", "play 4H"])
    a = analyse_review(deal_review(st, 0))
    assert a is not None
    assert (a.could, a.made) == (10, 10)
    assert [(v.seat, v.card, v.best, v.after) for v in a.cards if v.lost] == \
        [(0, "AH", 10, 9), (1, "7C", 1, 0)]


@pytest.mark.parametrize(("path", "index"), [("game-won-by-contract.json", 0),
                                             ("game-won-by-contract.json", 3),
                                             ("game-lost-at-minus-500.json", 0),
                                             ("game-lost-at-minus-500.json", 6)])
def test_the_verdicts_add_up_to_the_tricks_taken(path: str, index: int) -> None:
    """On whole deals (a misère among them): the result as played is the best result
    less the declaring side's losses plus the defenders'; it is the deal's own result;
    nobody gains on best play; the analysis is the same when repeated."""
    review = record_reviews(load_record(FIXTURES / path))[index]
    a = analyse_review(review)
    assert a is not None and a.index == index and a.contract == review.contract
    assert review.declarer is not None
    assert a.misere == (review.sitting_out is not None)
    declaring = [(s == review.declarer) if a.misere else (s - review.declarer) % 2 == 0
                 for s in range(4)]
    ours = sum(v.lost for v in a.cards if declaring[v.seat])
    theirs = sum(v.lost for v in a.cards if not declaring[v.seat])
    assert a.made == a.could - ours + theirs
    assert all(v.lost >= 0 for v in a.cards)
    assert len(a.cards) == sum(len(t.plays) for t in review.tricks)
    if a.misere:
        assert review.result.made is not None
        assert a.made == int(review.result.made)
    else:
        assert a.made == review.result.tricks[review.declarer & 1]
    assert analyse_review(review) == a


def test_no_analysis_when_nobody_declared() -> None:
    st = GameState.new_game(PAGAT_AUSTRALIAN, 5)
    for _ in range(4):
        st.apply_text("pass")
    review = deal_review(st, 0)
    assert review.contract is None and analyse_review(review) is None


def test_the_analysis_stops_when_asked() -> None:
    """``stop`` is asked before every search: answering True ends the analysis."""
    st = _constructed(["play AH", "play 5S", "play 9H", "play 4H"])
    review = deal_review(st, 0)
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 3

    with pytest.raises(AnalysisCancelled):
        analyse_review(review, stop)
    assert len(asked) == 4


def test_plays_that_do_not_fit_the_hands_are_refused() -> None:
    rules = PAGAT_AUSTRALIAN
    hands = [mask_of(parse_card(c, rules) for c in HANDS[s].split()) for s in range(4)]
    with pytest.raises(ValueError, match="not in turn or held"):
        analyse_play(rules, 0, SUITLESS, 0, -1, hands, [Play(0, JOKER), Play(2, parse_card(
            "KH", rules))])
    with pytest.raises(ValueError, match="not a legal play"):  # R20: South has hearts
        analyse_play(rules, 0, SUITLESS, 0, -1, hands, [Play(0, parse_card(c, rules))
                                                       for c in ("AH",)] + [
            Play(1, parse_card("7C", rules)), Play(2, parse_card("AD", rules))])
    with pytest.raises(ValueError, match="no card"):
        analyse_play(rules, 0, SUITLESS, 0, -1, hands, [])
    with pytest.raises(ValueError, match="before the last trick"):
        analyse_play(rules, 0, SUITLESS, 0, -1, hands, [Play(0, JOKER), Play(1, parse_card(
            "5S", rules)), Play(2, parse_card("9H", rules)), Play(3, parse_card("4H", rules))])
