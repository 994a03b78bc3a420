"""The review of a finished deal: every card as dealt, the auction, the kitty and the
discard, and every trick in order with its leader and winner.

Built from what the game keeps of a deal once it is over (``GameState.logs``: the cards
as dealt and the actions in order), by replaying that one deal on a fresh state. Only a
*finished* deal can be reviewed: asking for the deal under way raises
``DealNotFinished``, so a review can never show a hand that is still being played.

- ``deal_review(state, index)``: the review of finished deal ``index`` (from 0).
- ``record_reviews(record)``: the reviews of every finished deal of a game record, as a
  ``DealReviews`` sequence that builds each review when it is first asked for.
- ``review_of_record(record, index)``: one of them, or ``DealNotFinished``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import overload

from pydantic import BaseModel, ConfigDict

from .actions import JokerLead, Pass
from .cards import (
    NO_TRUMPS,
    SUIT_LETTERS,
    SUITLESS,
    card_str,
    cards_of,
    display_codes,
    led_code,
    play_context,
    trump_code,
)
from .record import GameRecord, replay_record
from .rules import RuleSet
from .state import PLAYING, DealLog, DealResult, GameState

_FROZEN = ConfigDict(frozen=True, extra="forbid")

Hands = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]


class DealNotFinished(ValueError):
    """The deal asked for is not finished (or was never dealt): it cannot be reviewed."""


class ReviewTrick(BaseModel):
    """One trick of a finished deal."""

    model_config = _FROZEN
    number: int  # from 1
    leader: int
    winner: int
    plays: tuple[tuple[int, str], ...]  # (seat, card) in the order played
    led: str | None  # the suit letter led ("J": a joker lead in the two-joker game's NT)
    called: str | None  # the suit named by a suitless joker lead (R26), else None
    held: Hands  # what each seat held as the trick began (display order)
    team_tricks: tuple[int, int]  # tricks per side once this trick is won


class DealReview(BaseModel):
    """A finished deal, whole."""

    model_config = _FROZEN
    index: int  # from 0
    rules: RuleSet  # the game's rules: how the cards behave (for an analysis of the play)
    dealer: int
    hands: Hands  # as dealt, before the kitty (display order under the contract)
    kitty: tuple[str, ...]
    auction: tuple[tuple[int, str], ...]  # (seat, "pass" | bid code)
    contract: str | None
    declarer: int | None
    trump: str | None  # "S" "C" "D" "H" or "NT"
    joker_suit: str | None  # the suit the declarer named for the joker (R23)
    sitting_out: int | None  # the misère declarer's partner (R18)
    discards: tuple[str, ...]  # the declarer's discard (empty if nobody declared)
    tricks: tuple[ReviewTrick, ...]
    scores_before: tuple[int, int]
    result: DealResult

    @property
    def number(self) -> int:
        """The deal's number, from 1."""
        return self.index + 1


def _hands(state: GameState, masks: tuple[int, int, int, int] | list[int]) -> Hands:
    ctx = state.ctx if state.contract is not None else play_context(state.rules, NO_TRUMPS,
                                                                    SUITLESS)

    return (display_codes(ctx, masks[0]), display_codes(ctx, masks[1]),
            display_codes(ctx, masks[2]), display_codes(ctx, masks[3]))


def _replay_deal(state: GameState, index: int, log: DealLog) -> DealReview:
    before = state.start_scores if index == 0 else state.results[index - 1].scores
    deal = GameState.from_deal(state.rules, log.dealer, list(log.hands), log.kitty, before)
    held_at: list[tuple[int, int, int, int]] = []  # the hands as each trick began
    called: list[str | None] = []
    team_after: list[tuple[int, int]] = []  # the engine's team count as each trick is won
    for seat, action in log.actions:
        if deal.phase == PLAYING and not deal.trick:
            h = deal.hands
            held_at.append((h[0], h[1], h[2], h[3]))
            called.append(SUIT_LETTERS[action.suit] if isinstance(action, JokerLead)
                          else None)
        deal.apply(action, seat)
        if len(deal.tricks) > len(team_after):
            team_after.append(deal.team_tricks())
    if not deal.deal_over:  # cannot happen for a logged deal; never show it if it did
        raise DealNotFinished(f"deal {index + 1} is not finished")
    tricks: list[ReviewTrick] = []
    for n, ((plays, winner, led), held, team) in enumerate(zip(deal.tricks, held_at,
                                                               team_after, strict=True), 1):
        tricks.append(ReviewTrick(
            number=n, leader=plays[0][0], winner=winner,
            plays=tuple((s, card_str(c)) for s, c in plays),
            led=led_code(led),
            called=called[n - 1], held=_hands(deal, held), team_tricks=team))
    bid = deal.contract
    return DealReview(
        index=index, rules=state.rules, dealer=log.dealer, hands=_hands(deal, log.hands),
        kitty=tuple(card_str(c) for c in cards_of(log.kitty)),
        auction=tuple((s, "pass" if isinstance(a, Pass)
                       else deal.ladder.bids[a.ladder_index].code)
                      for s, a in deal.auction),
        contract=bid.code if bid else None,
        declarer=deal.declarer if bid else None,
        trump=trump_code(bid.trump) if bid else None,
        joker_suit=SUIT_LETTERS[deal.joker_named] if deal.joker_named >= 0 else None,
        sitting_out=deal.out_seat if deal.out_seat >= 0 else None,
        discards=tuple(card_str(c) for c in cards_of(deal.discards)),
        tricks=tuple(tricks), scores_before=before, result=state.results[index])


def finished_deals(state: GameState) -> int:
    """How many deals of the game are finished (and so may be reviewed)."""
    return len(state.logs)


def deal_review(state: GameState, index: int) -> DealReview:
    """The review of deal ``index`` (from 0) of ``state``'s game. Raises
    ``DealNotFinished`` unless that deal is over: the deal under way, or one not yet
    dealt, is never reviewed."""
    if not 0 <= index < len(state.logs):
        raise DealNotFinished(f"deal {index + 1} is not a finished deal of this game "
                              f"({len(state.logs)} finished)")
    return _replay_deal(state, index, state.logs[index])


class DealReviews(Sequence[DealReview]):
    """The reviews of the finished deals of a game, each built when first asked for
    (a screen shows one deal at a time). It holds a copy of the game's state privately
    and hands out ``DealReview`` values only, of finished deals only."""

    def __init__(self, state: GameState) -> None:
        self._state = state.copy()
        self._done: dict[int, DealReview] = {}

    def __len__(self) -> int:
        return len(self._state.logs)

    @overload
    def __getitem__(self, index: int) -> DealReview: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[DealReview]: ...

    def __getitem__(self, index: int | slice) -> DealReview | Sequence[DealReview]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"no finished deal {index + 1}")  # a sequence's end
        review = self._done.get(index)
        if review is None:
            review = self._done[index] = deal_review(self._state, index)
        return review


def record_reviews(record: GameRecord) -> DealReviews:
    """The review of every finished deal of a record (a deal stopped by an illegal
    action, or still under way, is left out)."""
    return DealReviews(replay_record(record).state)


def review_of_record(record: GameRecord, index: int) -> DealReview:
    """The review of deal ``index`` (from 0) of a record; ``DealNotFinished`` unless
    that deal is finished in the record."""
    return deal_review(replay_record(record).state, index)


__all__ = [
    "DealNotFinished",
    "DealReview",
    "DealReviews",
    "ReviewTrick",
    "deal_review",
    "finished_deals",
    "record_reviews",
    "review_of_record",
]
