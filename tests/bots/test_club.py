"""The ``club`` level: the published design of a well-known app's 500 bots (bots/club.py),
checked on constructed positions, for determinism and for legality."""

from __future__ import annotations

import random

import pytest

from five_hundred.bots import DEFAULT_BUDGET, player
from five_hundred.bots.club import count_tricks, misere_ok
from five_hundred.bots.tournament import HIGH, contract_line, main, run_match
from five_hundred.engine import BIDDING, DISCARD_PHASE, JOKER_PHASE, PLAYING
from five_hundred.engine.cards import NO_TRUMPS, deck, mask_of, parse_card
from five_hundred.engine.rules import PAGAT_AUSTRALIAN, TWO_JOKER_1000, RuleSet
from five_hundred.engine.state import GameState
from five_hundred.engine.views import SeatView, view_for

R = PAGAT_AUSTRALIAN


def _mask(cards: str) -> int:
    return mask_of(parse_card(c, R) for c in cards.split())


def _deal(hands: dict[int, str], kitty: str = "", seed: int = 0, dealer: int = 3,
          scores: tuple[int, int] = (0, 0)) -> GameState:
    """A deal with the given hands (and kitty); the other cards dealt at random."""
    fixed = [_mask(hands.get(s, "")) for s in range(4)]
    kit = _mask(kitty)
    used = kit
    for m in fixed:
        assert not used & m, "a card given twice"
        used |= m
    rest = [c for c in deck(R) if not (used >> c) & 1]
    random.Random(seed).shuffle(rest)
    for s in range(4):
        while fixed[s].bit_count() < R.hand_size:
            fixed[s] |= 1 << rest.pop()
    while kit.bit_count() < R.kitty_size:
        kit |= 1 << rest.pop()
    assert not rest
    return GameState.from_deal(R, dealer, fixed, kit, start_scores=scores)


def _club(state: GameState) -> str:
    seat = state.to_act
    return player("club").choose(view_for(state, seat), random.Random(0), DEFAULT_BUDGET).text


def _apply(state: GameState, texts: list[str]) -> None:
    for t in texts:
        state.apply_text(t)


# ---------------------------------------------------------------- bidding


def test_counts_sure_tricks_by_the_design() -> None:
    """The trick count: ruffs in short side suits with four trumps or more, then top
    cards whose missing betters are covered by lower cards; side suits count the ace
    and king only; NT counts nothing with a suit unstopped (the joker stops one)."""
    weak = _mask("4D 5D 6D 8D 9C KC 5H 8H QH AH")
    assert count_tricks(R, weak, 2) == 5  # 2 ruffs (void spades), KC, AH, QH
    assert count_tricks(R, weak, 3) == 3  # 2 ruffs, KC; AH has three trumps above it
    assert count_tricks(R, weak, 0) == 0  # no spades: not a trump suit
    assert count_tricks(R, weak, NO_TRUMPS) == 0  # spades unstopped, no joker
    solid = _mask("JK JD JH AD KD QD TD 9D 7D 4D")
    assert count_tricks(R, solid, 2) == 10
    joker_nt = _mask("JK QS KH 6H QC 5C 7C QD 7D 6D")
    assert count_tricks(R, joker_nt, NO_TRUMPS) == 4  # joker, KH, QC, QD; ♠ open
    no_joker = _mask("AS QS 5S 6H 5H QC 5C 7C QD 7D")
    assert count_tricks(R, no_joker, NO_TRUMPS) == 0  # hearts open, no joker


@pytest.mark.parametrize(("hand", "bid"), [
    ("4D 5D 6D 8D 9C KC 5H 8H QH AH", "bid 6D"),  # weak trumps: 5 - 2 + 3 = 6
    ("AH KH TH 7H KS QS JS 8S KC TC", "bid 6S"),  # worth 7♠; the first bid signals low
    ("JK AS 5S 5H 4H KD 4D 6C 5C 7C", "bid 6NT"),  # the joker and two tricks: 6NT
    ("5S 6S 7S 5C 6C 7C 4D 5D 9H TH", "pass"),
])
def test_opening_bids_follow_the_design(hand: str, bid: str) -> None:
    state = _deal({0: hand})
    assert _club(state) == bid


def test_raises_partner_and_stops_at_the_game() -> None:
    """The joker opens 6NT (the Australian opener); after partner's 7♦, ten sure
    tricks bid 10♦; at 480 the side passes (partner's 7♦ wins the game); at 120 it
    bids 9♦, just enough to win."""
    hand = {0: "JK JD JH AD KD QD TD 9D 7D 4D"}
    for scores, want in (((0, 0), "bid 10D"), ((480, 0), "pass"), ((120, 0), "bid 9D")):
        state = _deal(hand, scores=scores)
        assert _club(state) == "bid 6NT"
        _apply(state, ["bid 6NT", "pass", "bid 7D", "pass"])
        assert _club(state) == want, scores


def test_never_bids_the_opponents_suit() -> None:
    state = _deal({1: "JK JH JD AH KH QH 9H 8H AS 5C"}, dealer=3)
    _apply(state, ["bid 6H"])  # North (an opponent of East) bids hearts first
    text = _club(state)
    assert text.startswith("bid") and not text.endswith("H")


def test_misere_by_the_gap_test() -> None:
    """Misère: no joker and at most three lower cards out below each card held; open
    misère: none out below any card. Only over a 7-level bid (R14)."""
    low = "5S 6S 5C 6C 4D 5D 6D 4H 5H 6H"
    gapped = "5S 7S 5C 6C 4D 5D 6D 4H 5H 8H"
    assert misere_ok(R, _mask(low), True) and misere_ok(R, _mask(gapped), False)
    assert not misere_ok(R, _mask(gapped), True)
    assert not misere_ok(R, _mask("JK 7S 5C 6C 4D 5D 6D 4H 5H 8H"), False)
    assert not misere_ok(R, _mask("5S TS 5C 6C 4D 5D 6D 4H 5H 8H"), False)  # T♠: 4 out
    for hand, want in ((low, "bid OMIS"), (gapped, "bid MIS")):
        state = _deal({1: hand})
        _apply(state, ["bid 7S"])
        assert _club(state) == want


# ---------------------------------------------------------------- discard


def _declare(hand: str, kitty: str, contract: str) -> GameState:
    state = _deal({0: hand}, kitty)
    _apply(state, [f"bid {contract}", "pass", "pass", "pass"])
    return state


def test_discards_in_a_suit_contract_by_the_design() -> None:
    """Trumps stay; first the side suit where no card can become the top one (Q♦ 8♦:
    two better, one card to spare), then the one furthest from the top (K♣ 5♣)."""
    state = _declare("JK JH JD AH KH 9H AS 9S 6S KC", "5C QD 8D", "7H")
    assert _club(state) == "discard 5C 8D QD"


def test_discards_lowest_in_no_trumps_and_highest_in_misere() -> None:
    nt = _declare("JK AS KS AH KH AC KC AD 5D 6D", "4D 7D 5S", "7NT")
    assert _club(nt) == "discard 5S 4D 5D"
    state = _deal({1: "5S 6S 5C 6C 4D 5D 6D 4H 5H 7H"}, "JK AS KD")
    _apply(state, ["bid 7S", "bid MIS", "pass", "pass", "pass"])
    assert _club(state) == "discard AS JK KD"  # the joker first, then the highest


# ---------------------------------------------------------------- card play

# A deal of the whole pack: hearts contract by North, who holds the joker.
HANDS = {0: "JK JH AH KH QH TH AS AC 5S 6S",
         1: "9H 8H QS TS 7S KC QC JC AD KD",
         2: "7H 6H 9S 8S TC 9C 8C QD JD TD",
         3: "5H 4H KS JS 7C 6C 5C 9D 8D 7D"}
KITTY = "6D 5D 4D"


def test_follows_by_the_design() -> None:
    """Second hand low without the top card; next-to-last plays high over the
    opponent; last hand wins as cheaply as it can; void, ruff with the lowest trump."""
    state = _deal(HANDS, KITTY)
    _apply(state, ["bid 7H", "pass", "pass", "pass", "discard 4D 5D 6D", "play 5S"])
    assert _club(state) == "play 7S"  # Q♠ is not the top card: second hand low
    _apply(state, ["play 7S"])
    assert _club(state) == "play 9S"  # partner lost; 9♠ beats 7♠
    _apply(state, ["play 9S"])
    assert _club(state) == "play JS"  # J♠ is enough; K♠ stays
    _apply(state, ["play JS", "play 9D"])
    assert _club(state) == "play TH"  # North, void in diamonds: the lowest trump


def test_declarer_draws_trumps_and_never_leads_the_nt_joker() -> None:
    state = _deal(HANDS, KITTY)
    _apply(state, ["bid 7H", "pass", "pass", "pass", "discard 4D 5D 6D"])
    assert _club(state) == "play JK"  # two trumps or more: lead trumps, the top first
    nt = _deal(HANDS, KITTY)
    _apply(nt, ["bid 7NT", "pass", "pass", "pass", "discard 4D 5D 6D"])
    assert _club(nt) == "joker none"  # the suitless joker wins any trick (R24)
    _apply(nt, ["joker none"])
    assert _club(nt) == "play AH"  # a top card in the longest suit, never the joker


MISERE = {1: "8D TD 5S 6S 5C 6C 4H 5H 6H 7H",
          0: "KD 4D AS KS QS AC KC QC AH KH",
          2: "9D JD JS TS 9S JC TC 9C JH TH",
          3: "JK 5D 6D 7D QD AD 7S 8S 7C 8C"}


def _misere() -> GameState:
    state = _deal(MISERE, "9H 8H QH")
    _apply(state, ["bid 7S", "bid MIS", "pass", "pass", "pass"])
    assert _club(state) == "discard TD 9H QH"  # the highest cards
    _apply(state, ["discard 8H 9H QH"])  # keep T♦ for the positions below
    return state


def test_misere_declarer_and_defence_by_the_design() -> None:
    """The declarer leads his lowest card; defenders stay under a declarer who is
    winning, and play their highest card once he is safely under (R18: West out)."""
    state = _misere()
    assert _club(state) == "play 4H"
    _apply(state, ["play TD"])
    assert _club(state) == "play 9D"  # South: the highest card under the declarer's
    _apply(state, ["play JD"])
    assert _club(state) == "play KD"  # North: the declarer is under J♦; go high
    state = _misere()
    _apply(state, ["play TD", "play 9D"])
    assert _club(state) == "play 4D"  # North: the declarer is winning; stay under
    _apply(state, ["play KD"])  # North overtakes anyway and leads
    assert _club(state) == "play 4D"  # no top card; the declarer still has 8♦


# ---------------------------------------------------------------- every position


def _decisions(rules: RuleSet, seed: int, levels: tuple[str, ...]) -> list[tuple[SeatView, str]]:
    state = GameState.new_game(rules, seed, start_scores=(seed * 37 % 480, seed * 53 % 470))
    rng = random.Random(seed)
    out: list[tuple[SeatView, str]] = []
    while not state.deal_over:
        seat = state.to_act
        view = view_for(state, seat)
        text = player(levels[seat % len(levels)]).choose(view, rng, DEFAULT_BUDGET).text
        assert text in view.legal_actions
        if levels[seat % len(levels)] == "club":
            out.append((view, text))
        state.apply_text(text, seat)
    return out


def test_club_is_deterministic_in_every_phase() -> None:
    """The same view gives the same action whatever the generator's seed or state."""
    phases: set[str] = set()
    for seed in range(25):
        for view, text in _decisions(R, seed, ("club",)):
            phases.add(view.phase)
            again = player("club").choose(view, random.Random(seed + 99), DEFAULT_BUDGET).text
            assert again == text
    assert {BIDDING, DISCARD_PHASE, JOKER_PHASE, PLAYING} <= phases


VARIANTS = [R, R.model_copy(update={"no_misere": True}),
            R.model_copy(update={"misere_without_seven": True}),
            R.model_copy(update={"joker_lead_last_trick_only": True}),
            R.model_copy(update={"defensive_cap": 490}),
            R.model_copy(update={"blind_misere": True}), TWO_JOKER_1000]


@pytest.mark.parametrize("rules", VARIANTS, ids=["pagat", "V1", "V2", "V3", "V4", "V5", "V6"])
def test_club_always_plays_legally(rules: RuleSet) -> None:
    """Hundreds of positions with random partners and opponents (so odd contracts —
    misère, NT, joker leads — come up): the action is always among the legal ones."""
    n = 0
    for seed in range(40 if rules is R else 8):
        levels = ("club", "random") if seed % 2 else ("random", "club")
        n += len(_decisions(rules, seed, levels))
    assert n >= 100


def test_tournament_prints_contracts_by_kind(capsys: pytest.CaptureFixture[str]) -> None:
    r = run_match("club", "normal", 30, 2, R, 0.02, progress=False)
    deals = sum(bid for side in r.contracts for kind, (bid, _) in side.items()
                if kind != HIGH) + r.passed_out
    assert deals == 60
    for side in r.contracts:  # 8+ tricks: suit and NT contracts counted again
        high, made_high = side.get(HIGH, [0, 0])
        assert high <= side.get("suit", [0, 0])[0] + side.get("NT", [0, 0])[0]
        assert made_high <= high
    assert sum(side.get(HIGH, [0, 0])[0] for side in r.contracts) > 0
    line = contract_line("club", {"suit": [5, 4], HIGH: [2, 1]})
    assert line.endswith("open misère 0/0, of them 8+ tricks 2/1 (50%)")
    assert "of them 8+ tricks 0/0" in contract_line("club", {})
    assert all(0 <= made <= bid for side in r.contracts for bid, made in side.values())
    assert main(["--a", "club", "--b", "normal", "--pairs", "2", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("points per deal for club:") and "95% CI" in out[1]
    assert out[3].startswith("contracts by club (bid/made): suit ")
    assert out[4].startswith("contracts by normal (bid/made): suit ")
    assert "misère" in out[3] and "open misère" in out[4]
    assert out[5].startswith("deals passed out:")
