"""Double-dummy analysis of a finished deal's card play, for the deal review.

With every hand known, the exact solver (``solver.py``) says how many tricks the
declaring side takes against best play from any point of the deal (misère: whether
the defenders can catch the declarer, R33). Asked before every card of the deal, that
gives:

- the value at the start of play: the tricks the contract could make, or whether the
  misère could be made against the best defence;
- for every card, the player's side's result with best play just before it and just
  after it: the card *kept* that result, or *lost* tricks by it (misère: lost the
  misère, for the declarer, or let it escape, for a defender). Best play never gains:
  a card can only keep or lose.

Every position of the play is solved once (the position after a card is the one
before the next), with one solver for the deal so that later positions reuse what the
earlier searches stored; a forced card (the only legal one) needs no search, its
value being the next position's. Pure and deterministic: no clock, no randomness.

- ``analyse_review(review)``: the analysis of a ``DealReview`` (None when nobody
  declared, so nothing was played).
- ``analyse_play(...)``: the same from the hands at the start of play and the cards
  played, for a deal or for an ending (any number of tricks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from five_hundred.engine.cards import (
    NO_TRUMPS,
    SUIT_LETTERS,
    SUITLESS,
    card_str,
    parse_card,
    play_context,
)
from five_hundred.engine.play import (
    LED_BIT,
    NEXT_SEAT,
    kernel_for,
    led_of,
    legal_plays,
    winner,
)
from five_hundred.engine.review import DealReview
from five_hundred.engine.rules import RuleSet

from .solver import Solver


class AnalysisCancelled(Exception):
    """The analysis was stopped (``stop()`` answered True) before it was finished."""


@dataclass(frozen=True, slots=True)
class Play:
    """One card of the play: ``named`` is the suit (0-3) a suitless-joker lead calls
    (R26), else -1."""

    seat: int
    card: int
    named: int = -1


@dataclass(frozen=True, slots=True)
class CardVerdict:
    """One card played, judged double-dummy from its player's side.

    ``best`` and ``after`` are that side's result with best play from just before and
    just after the card: its tricks over the whole deal in a suit or NT contract; in
    misère 1 if the side gets its way (the declarer loses every trick, the defenders
    catch him), else 0."""

    trick: int  # from 1
    seat: int
    card: str  # the card's code, ``AH``, ``JK``
    best: int
    after: int

    @property
    def lost(self) -> int:
        """Tricks lost by this card against best play (misère: 1 if it lost the
        side's goal); 0 if it kept the result."""
        return self.best - self.after


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """The double-dummy value of a deal's play and the verdict on every card.

    ``could``: the declaring side's tricks with best play from the start of play (suit,
    NT); in misère 1 if the declarer can lose every trick against the best defence, 0
    if the defenders can catch him. ``made``: the same, as the cards were played."""

    misere: bool
    declarer: int
    could: int
    made: int
    cards: tuple[CardVerdict, ...]
    nodes: int  # solver nodes searched (for the benchmark)

    def declaring(self, seat: int) -> bool:
        """Whether ``seat`` plays for the declaring side (misère: is the declarer)."""
        return seat == self.declarer if self.misere else (seat - self.declarer) % 2 == 0

    def lost_in(self, trick: int) -> tuple[CardVerdict, ...]:
        """The cards of trick ``trick`` (from 1) that lost against best play."""
        return tuple(v for v in self.cards if v.trick == trick and v.lost)


@dataclass(frozen=True, slots=True)
class DealAnalysis(PlayAnalysis):
    """``PlayAnalysis`` of a reviewed deal, with the contract it was played in."""

    index: int = 0  # the deal, from 0
    contract: str = ""  # its code, ``8H``, ``MIS``


def analyse_play(rules: RuleSet, trump: int, joker_suit: int, declarer: int,
                 out_seat: int, hands: Sequence[int], plays: Sequence[Play],
                 stop: Callable[[], bool] | None = None, suits_led: int = 0) -> PlayAnalysis:
    """The analysis of ``plays`` from ``hands`` (bitmasks, one per seat, as the first
    of them is led; the misère partner's is ignored, R18) in a contract in ``trump``
    (0-3 or ``NO_TRUMPS``; misère when ``out_seat`` is a seat). ``plays`` must be legal
    and start a trick; play may stop early, as in a caught misère (R33). ``stop`` is
    asked before each search: True raises ``AnalysisCancelled``. ``suits_led``: the
    suits led before the first of ``plays`` (bits, R26), for an ending."""
    misere = out_seat >= 0
    ctx = play_context(rules, trump, joker_suit)
    kernel = kernel_for(rules, ctx, misere)
    sv = Solver(rules, ctx, declarer, misere, out_seat)
    nplayers = 3 if misere else 4
    following = NEXT_SEAT[out_seat]
    h = [0 if seat == out_seat else hands[seat] for seat in range(4)]
    if not plays:
        raise ValueError("no card was played")
    tricks_left = total = h[plays[0].seat].bit_count()
    declaring = [((seat - declarer) & 1 == 0) if not misere else seat == declarer
                 for seat in range(4)]

    def solve(to_act: int, trick: list[tuple[int, int]], led: int, suits_led: int) -> int:
        if stop is not None and stop():
            raise AnalysisCancelled
        sv.setup(h, suits_led)
        return sv.value(to_act, trick, led, tricks_left)

    # ``value[k]``: the declaring side's final result with best play before card k
    # (tricks won so far plus the solver's value; misère: 1 if the declarer is caught).
    value: list[int | None] = []  # None: a forced card, its value is the next one's
    trick: list[tuple[int, int]] = []
    led = -1
    won = 0  # tricks the declaring side has won (misère: the declarer)
    caught = False
    trick_no = 1
    to_act = plays[0].seat
    for p in plays:
        if caught or tricks_left == 0:
            raise ValueError("a card was played after the end of play")
        if p.seat != to_act or not h[p.seat] >> p.card & 1:
            raise ValueError(f"{card_str(p.card)} by seat {p.seat} is not in turn or held")
        mask, names = legal_plays(kernel, h[p.seat], not trick, led, tricks_left, suits_led)
        if not (p.named in names if p.named >= 0 else mask >> p.card & 1):
            raise ValueError(f"{card_str(p.card)} by seat {p.seat} is not a legal play")
        if mask.bit_count() + len(names) == 1:
            value.append(None)  # nothing to choose: no search needed
        else:
            # ``v``: the declaring side's tricks from here (misère: 1 = caught)
            v = solve(to_act, trick, led, suits_led)
            value.append(v if misere else won + v)
        h[p.seat] &= ~(1 << p.card)
        if not trick:
            led = led_of(kernel, p.card, p.named)
            suits_led |= LED_BIT[led]
        trick.append((p.seat, p.card))
        if len(trick) < nplayers:
            to_act = following[p.seat]
            continue
        w = winner(kernel.rows[led], trick)
        if declaring[w]:
            won += 1
            caught = misere
        trick, led, to_act = [], -1, w
        tricks_left -= 1
        trick_no += 1
    if trick:
        raise ValueError("play stopped in the middle of a trick")
    if not caught and tricks_left:
        raise ValueError("play stopped before the last trick")
    final = int(caught) if misere else won
    known = [final]  # the values from the end back: a forced card's is the next one's
    for later in reversed(value):
        known.append(known[-1] if later is None else later)
    known.reverse()
    cards: list[CardVerdict] = []
    trick_no, in_trick = 1, 0
    for k, p in enumerate(plays):
        before, after = known[k], known[k + 1]
        if misere:  # 1 = caught: the declarer's goal is 0
            best, kept = (1 - before, 1 - after) if declaring[p.seat] else (before, after)
        elif declaring[p.seat]:
            best, kept = before, after
        else:
            best, kept = total - before, total - after
        cards.append(CardVerdict(trick_no, p.seat, card_str(p.card), best, kept))
        in_trick += 1
        if in_trick == nplayers:
            trick_no, in_trick = trick_no + 1, 0
    could = 1 - known[0] if misere else known[0]
    made = 1 - final if misere else final
    return PlayAnalysis(misere, declarer, could, made, tuple(cards), sv.nodes)


def _plays(review: DealReview) -> list[Play]:
    out: list[Play] = []
    for trick in review.tricks:
        for i, (seat, code) in enumerate(trick.plays):
            named = SUIT_LETTERS.index(trick.called) if i == 0 and trick.called else -1
            out.append(Play(seat, parse_card(code, review.rules), named))
    return out


def analyse_review(review: DealReview,
                   stop: Callable[[], bool] | None = None) -> DealAnalysis | None:
    """The double-dummy analysis of a reviewed (so finished) deal; None when nobody
    declared. ``stop``: see ``analyse_play``."""
    if review.contract is None or review.declarer is None or review.trump is None \
            or not review.tricks:
        return None
    rules = review.rules
    trump = NO_TRUMPS if review.trump == "NT" else SUIT_LETTERS.index(review.trump)
    joker = SUITLESS if review.joker_suit is None else SUIT_LETTERS.index(review.joker_suit)
    out_seat = -1 if review.sitting_out is None else review.sitting_out
    hands = [0, 0, 0, 0]
    for seat, held in enumerate(review.tricks[0].held):
        for code in held:
            hands[seat] |= 1 << parse_card(code, rules)
    a = analyse_play(rules, trump, joker, review.declarer, out_seat, hands, _plays(review),
                     stop)
    return DealAnalysis(a.misere, a.declarer, a.could, a.made, a.cards, a.nodes,
                        index=review.index, contract=review.contract)


__all__ = [
    "AnalysisCancelled",
    "CardVerdict",
    "DealAnalysis",
    "Play",
    "PlayAnalysis",
    "analyse_play",
    "analyse_review",
]
