"""Hints that teach (issue 25): the hint for a card says why in a sentence when the
position and the play-outs make it clear. One built position per rule of thumb, with
the hint's figures set by the test (``hard.estimate_cards`` replaced, as in
test_hints.py) so that the rule is clear; the structured reason (``CardReason``) and the
English sentence are checked, and unclear figures give the figures alone."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from five_hundred.bots import hard, hint
from five_hundred.bots.card_reasons import CLEAR_POINTS
from five_hundred.bots.reasons import CardReason
from five_hundred.engine import DISCARD_PHASE, JOKER_PHASE, PLAYING
from five_hundred.engine.cards import card_str, cards_of, parse_card, play_context
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.views import SeatView, view_for
from five_hundred.notation import describe_hint

from .helpers import crafted

R = PAGAT_AUSTRALIAN
SPADES, DIAMONDS, HEARTS = 0, 2, 3
HEARTS_CTX = play_context(R, HEARTS)
SIX_HEARTS = ["bid 6H", "pass", "pass", "pass"]  # North declares 6♥ (West deals)


def suit_of(suits: tuple[int, ...]) -> Callable[[int], bool]:
    """A ban: the cards of these effective suits with hearts trumps (the joker and the
    left bower are hearts)."""
    return lambda c: HEARTS_CTX.eff_suit[c] in suits


def position(fixed: dict[int, list[str]], auction: list[str], plays: list[str],
             banned: dict[int, Callable[[int], bool]] | None = None) -> SeatView:
    """The view of the seat to act after ``auction`` (West deals), the declarer's
    discard of three cards not in ``fixed`` and ``plays`` (record cards)."""
    state = crafted(R, 11, fixed, banned, dealer=3)
    for text in auction:
        state.apply_text(text)
    if state.phase == DISCARD_PHASE:
        seat = state.to_act
        keep = {parse_card(c, R) for c in fixed.get(seat, [])}
        spare = [c for c in cards_of(state.hands[seat]) if c not in keep][:3]
        state.apply_text("discard " + " ".join(card_str(c) for c in spare), seat)
    while state.phase == JOKER_PHASE:
        state.apply(state.legal_actions()[0], state.to_act)
    for card in plays:
        state.apply_text(f"play {card}", state.to_act)
    assert state.phase == PLAYING
    return view_for(state, state.to_act)


def figures(monkeypatch: pytest.MonkeyPatch, points: dict[str, float],
            default: float = 40.0) -> None:
    """The hint's figures: each card's expected points (``default`` for any other)."""
    def estimates(k: object, _rng: object, _budget: float) -> list[hard.CardEstimate]:
        from five_hundred.bots.normal import card_plays

        return [hard.CardEstimate(a, card_str(a.card), 20, points.get(card_str(a.card),
                                                                     default), 0.5, 6.0)
                for a in card_plays(k)]  # type: ignore[arg-type]

    monkeypatch.setattr(hard, "estimate_cards", estimates)


def taught(view: SeatView) -> tuple[CardReason | None, str]:
    h = hint(view, R, random.Random(1), 0.05)
    text = describe_hint(h)
    if h.lesson is not None:
        assert h.why and f" — {h.why} — by expected points" in text
        assert h.action.cards[0] == h.lesson.card
    return h.lesson, text


DECLARER = ["JH", "AH", "KH", "9H", "6H", "AS", "KS", "QS", "7C", "8D"]


def test_draw_trumps(monkeypatch: pytest.MonkeyPatch) -> None:
    """The declarer on lead with trumps still out: a trump, every side card clearly
    worse."""
    view = position({0: DECLARER}, SIX_HEARTS, [])
    figures(monkeypatch, {"JH": 50, "AH": 49, "KH": 48}, default=30)
    lesson, text = taught(view)
    assert lesson == CardReason("draw_trumps", "JH", None, HEARTS)
    assert "Draw trumps: J♥ takes the opponents' trumps, so they cannot ruff your " \
           "winners later." in text


def test_cash_a_winner(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lead of the highest card left in its suit, the cards that are not clearly
    worse."""
    view = position({0: DECLARER}, SIX_HEARTS, [])
    figures(monkeypatch, {"AS": 50, "KS": 49, "QS": 49}, default=30)
    lesson, text = taught(view)
    assert lesson == CardReason("cash", "AS")
    assert "A♠ is the highest card left in its suit: take the trick while you can." in text


def test_keep_the_joker(monkeypatch: pytest.MonkeyPatch) -> None:
    """A side card led, the joker clearly worse than the suggestion."""
    hand = ["JK", "AH", "KH", "9H", "6H", "QS", "8S", "7C", "8D", "6D"]
    view = position({0: hand}, SIX_HEARTS, [])
    figures(monkeypatch, {"8D": 50, "JK": 38}, default=48)
    lesson, text = taught(view)
    assert lesson == CardReason("keep_joker", "8D")
    assert "Keep the joker: it wins any trick" in text


def test_duck_under_partner(monkeypatch: pytest.MonkeyPatch) -> None:
    """R21: partner's A♠ wins the trick: low under it."""
    view = position({0: DECLARER, 1: ["5S"], 2: ["TS", "6S"]}, SIX_HEARTS, ["AS", "5S"],
                    {2: lambda c: c in (parse_card("5S", R),)})
    figures(monkeypatch, {"6S": 50, "TS": 40})
    lesson, text = taught(view)
    assert lesson == CardReason("duck", "6S", "AS", SPADES)
    assert "Your partner's A♠ is winning the trick: play low under it" in text


def test_second_hand_low(monkeypatch: pytest.MonkeyPatch) -> None:
    view = position({0: ["7S", *DECLARER[:5], "7C", "8D", "9D", "TD"], 1: ["KS", "6S"]},
                    SIX_HEARTS, ["7S"])
    figures(monkeypatch, {"6S": 50, "KS": 30})
    lesson, text = taught(view)
    assert lesson == CardReason("second_low", "6S", "7S", SPADES)
    assert "Second to play, play low" in text


def test_third_hand_high(monkeypatch: pytest.MonkeyPatch) -> None:
    """East's Q♠ beats North's 7♠: South, third, wins high."""
    view = position({0: ["7S", *DECLARER[:5], "7C", "8D", "9D", "TD"], 1: ["QS"],
                     2: ["AS", "6S"]}, SIX_HEARTS, ["7S", "QS"])
    figures(monkeypatch, {"AS": 50, "6S": 30})
    lesson, text = taught(view)
    assert lesson == CardReason("third_high", "AS", "QS", SPADES)
    assert "Third to play, play high: A♠ makes the last player pay" in text


def test_win_cheaply_last(monkeypatch: pytest.MonkeyPatch) -> None:
    view = position({0: ["7S", *DECLARER[:5], "7C", "8D", "9D", "TD"], 1: ["8S"],
                     2: ["9S"], 3: ["TS", "AS"]}, SIX_HEARTS, ["7S", "8S", "9S"])
    figures(monkeypatch, {"TS": 50, "AS": 40})
    lesson, text = taught(view)
    assert lesson == CardReason("win_cheap", "TS", "9S", SPADES)
    assert "You play last: 10♠ is the cheapest card that wins the trick." in text


def test_ruff(monkeypatch: pytest.MonkeyPatch) -> None:
    """R20: West has no spade: a trump wins."""
    view = position({0: ["7S", *DECLARER[:5], "7C", "8D", "9D", "TD"], 1: ["8S"],
                     2: ["9S"], 3: ["5H"]}, SIX_HEARTS, ["7S", "8S", "9S"],
                    {3: suit_of((SPADES,))})
    figures(monkeypatch, {"5H": 50}, default=30)
    lesson, text = taught(view)
    assert lesson == CardReason("ruff", "5H", "9S", HEARTS)
    assert "You have none of the suit led: trump it with 5♥ to win the trick." in text


def test_throw_the_least_useful_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """No spade and no trump: nothing wins, the least useful card goes."""
    view = position({0: ["7S", *DECLARER[:5], "7C", "8D", "9D", "TD"], 1: ["8S"],
                     2: ["9S"],
                     3: ["5C", "6C", "8C", "9C", "TC", "JC", "4D", "5D", "6D", "7D"]},
                    SIX_HEARTS, ["7S", "8S", "9S"])
    figures(monkeypatch, {"5C": 50})
    lesson, text = taught(view)
    assert lesson == CardReason("throw", "5C", "9S", SPADES)
    assert "You cannot follow suit or win the trick: throw 5♣, the card you need least." \
        in text


def test_the_lowest_card_when_nothing_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    spades = {parse_card(c, R) for c in ("6S", "8S")}
    view = position({0: DECLARER, 1: ["6S", "8S"]}, SIX_HEARTS, ["AS"],
                    {1: lambda c: suit_of((SPADES,))(c) and c not in spades})
    figures(monkeypatch, {"6S": 50, "8S": 30})
    lesson, text = taught(view)
    assert lesson == CardReason("lowest", "6S", "AS", SPADES)
    assert "You cannot beat A♠: play your lowest card and keep the others." in text


def test_misere_highest_loser(monkeypatch: pytest.MonkeyPatch) -> None:
    """R14/R18: East declares misère over North's 7♠ (West sits out); South wins the
    first trick and leads 9♦, North plays 7♦: East, last, follows with the highest
    diamond that still loses."""
    auction = ["bid 7S", "bid MIS", "pass", "pass", "pass"]
    view = position({1: ["5S", "8D", "TD"], 2: ["7S", "9D"], 0: ["6S", "7D"]}, auction,
                    ["5S", "7S", "6S", "9D", "7D"])
    assert view.seat == 1
    figures(monkeypatch, {"8D": 50, "TD": 30})
    lesson, text = taught(view)
    assert lesson == CardReason("misere_under", "8D", None, DIAMONDS)
    assert "In misère you must lose every trick: 8♦ is your highest card that still loses." \
        in text


def test_any_card_when_the_figures_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    view = position({0: DECLARER}, SIX_HEARTS, [])
    figures(monkeypatch, {})
    lesson, text = taught(view)
    assert lesson is not None and lesson.why == "any"
    assert "Every card gives the same result here." in text


def test_unclear_figures_give_the_figures_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """A trump first but a side card within ``CLEAR_POINTS``: no rule is clear, so the
    hint is its figures, as before."""
    view = position({0: DECLARER}, SIX_HEARTS, [])
    figures(monkeypatch, {"JH": 50, "7C": 50 - CLEAR_POINTS / 2}, default=30)
    h = hint(view, R, random.Random(1), 0.05)
    assert h.lesson is None and h.why == ""
    assert describe_hint(h).startswith("play J♥ — by expected points, chance of making 6♥: "
                                       "J♥ +50 (50%), 7♣ +48 (50%)")
