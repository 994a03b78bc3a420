"""The review of a finished deal: the four hands as dealt, the kitty and the discard,
the auction, then every trick in order with its leader and winner, stepping forward
and back (and from deal to deal).

The screen is given ``DealReview`` values only (``engine/review.py``), which exist for
finished deals alone: it cannot show a hand of a deal that is still being played. It
opens from the deal summary and the end of the game (``ReviewWanted``;
``from_controller``: the game in play) and from the history of finished games
(``history.OpenReview``; ``from_record``: a record, its text or its file). Deals are
numbered from 0 in both.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Static

from five_hundred.engine.record import GameRecord, load_record, loads_record
from five_hundred.engine.review import DealNotFinished, DealReview, ReviewTrick, record_reviews
from five_hundred.notation import SEATS, TEAMS_SHORT, points, signed, who
from five_hundred.ui.render import bid_text, card_text, cards_text, suit_text, trick_line
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from five_hundred.hotseat import Controller

RecordSource = GameRecord | str | os.PathLike[str]


class ReviewWanted(Message):
    """Open the review of a finished deal of the game in play: ``index`` from 0, None
    for the deal just finished (posted by the summary and the end of the game; the
    history posts ``history.OpenReview`` with the record of a finished game)."""

    def __init__(self, index: int | None = None) -> None:
        super().__init__()
        self.index = index


def _record(source: RecordSource) -> GameRecord:
    if isinstance(source, GameRecord):
        return source
    if isinstance(source, str):
        return loads_record(source)
    return load_record(source)


def _heading(review: DealReview, names: Sequence[str], deals: int) -> Text:
    out = Text(f"Review of deal {review.number}", style="bold")
    if deals > 1:
        out.append(f" of {deals}", style="bold")
    out.append(f" · dealt by {who(names, review.dealer)}\n")
    r = review.result
    if review.contract is None or review.declarer is None:
        out.append("Everybody passed (or the deal was thrown in): no score.")
        return out
    out.append("Contract ")
    out.append_text(bid_text(review.contract))
    out.append(f" by {who(names, review.declarer)}: ")
    out.append("made" if r.made else "failed", style="bold green" if r.made else "bold red")
    if review.joker_suit is not None:
        out.append(" · joker named a ")
        out.append_text(suit_text(review.joker_suit))
    if review.sitting_out is not None:
        out.append(f" · {names[review.sitting_out]} sits out")
    out.append("\n")
    for t in (0, 1):
        if t:
            out.append(" · ")
        out.append(f"{TEAMS_SHORT[t]} {r.tricks[t]} trick{'s' if r.tricks[t] != 1 else ''} "
                   f"{signed(r.score_change[t])} → {points(r.scores[t])}")
    return out


def _hand(cards: Sequence[str], played: str | None) -> Text:
    out = Text()
    for i, code in enumerate(cards):
        if i:
            out.append(" ")
        if code == played:
            out.append("[")
            out.append_text(card_text(code, "reverse"))
            out.append("]")
        else:
            out.append_text(card_text(code))
    return out


def _hands_grid(review: DealReview, names: Sequence[str], trick: ReviewTrick | None) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)  # seat
    grid.add_column(no_wrap=True)  # name
    grid.add_column()  # cards
    grid.add_column(style="italic")  # notes
    played = dict(trick.plays) if trick is not None else {}
    for seat in range(4):
        notes = []
        if trick is None:
            cards = review.hands[seat]
            if seat == review.dealer:
                notes.append("dealer")
            if seat == review.declarer:
                notes.append("declarer")
        else:
            cards = trick.held[seat]
            if seat == trick.leader:
                notes.append("led")
            if seat == trick.winner:
                notes.append("won")
        if seat == review.sitting_out:
            notes.append("sits out")
        name = names[seat] if names[seat] != SEATS[seat] else ""
        grid.add_row(Text(SEATS[seat], style="bold"), Text(name[:12]),
                     _hand(cards, played.get(seat)), Text(", ".join(notes)))
    return grid


def _deal_part(review: DealReview, names: Sequence[str]) -> Text:
    out = Text("Kitty: ")
    out.append_text(cards_text(review.kitty))
    if review.declarer is not None and review.discards:
        out.append(f" · {names[review.declarer]} took it and discarded ")
        out.append_text(cards_text(review.discards))
    out.append("\nAuction: ")
    for i, (seat, code) in enumerate(review.auction):
        if i:
            out.append(", ")
        out.append(f"{names[seat]} ")
        out.append_text(Text("pass", style="dim") if code == "pass" else bid_text(code))
    return out


def _trick_part(review: DealReview, names: Sequence[str], trick: ReviewTrick) -> Text:
    out = Text("Played: ")
    out.append_text(trick_line(trick.plays, tuple(names)))
    out.append(f" → {names[trick.winner]} wins")
    if trick.called is not None:
        out.append(" · the joker led calls ")
        out.append_text(suit_text(trick.called))
    t = trick.team_tricks
    out.append(f"\nTricks so far: {TEAMS_SHORT[0]} {t[0]} · {TEAMS_SHORT[1]} {t[1]}")
    last = trick.number == len(review.tricks)
    if last and review.sitting_out is not None and trick.winner == review.declarer:
        out.append(f"\n{names[trick.winner]} won a trick: the misère is lost and play stops.")
    return out


def _steps(review: DealReview, step: int) -> Text:
    out = Text("Steps: ")
    labels = ["deal", *(str(t.number) for t in review.tricks)]
    for i, label in enumerate(labels):
        if i:
            out.append(" ")
        out.append(f" {label} ", style="bold reverse" if i == step else "dim")
    return out


def review_renderable(review: DealReview, names: Sequence[str], step: int,
                      deals: int = 1) -> RenderableType:
    """Step 0: the deal (hands as dealt, kitty, discard, auction); step k: trick k."""
    trick = review.tricks[step - 1] if step else None
    if trick is None:
        title = Text("Hands as dealt", style="bold")
    else:
        title = Text(f"Trick {trick.number} of {len(review.tricks)}", style="bold")
        title.append(f" · led by {who(names, trick.leader)} · won by "
                     f"{who(names, trick.winner)}")
    part = _deal_part(review, names) if trick is None else _trick_part(review, names, trick)
    return Group(_heading(review, names, deals), Text(""), title,
                 _hands_grid(review, names, trick), Text(""), part, Text(""),
                 _steps(review, step))


class DealReviewScreen(BaseScreen):
    """Finished deals, one at a time: ← → step through the tricks, Home / End go to the
    deal / the last trick, PgUp / PgDn to the previous / next deal, Esc closes."""

    DEFAULT_CSS = """
    DealReviewScreen #review { width: 1fr; max-width: 110; padding: 1 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Back", key_display="←"),
        Binding("right", "step(1)", "Next", key_display="→"),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("pageup", "deal(-1)", "Other deal", key_display="PgUp/PgDn"),
        Binding("pagedown", "deal(1)", "Other deal", show=False),
        Binding("escape,r,q", "close", "Close", key_display="Esc"),
    ]

    def __init__(self, reviews: Sequence[DealReview], index: int,
                 names: Sequence[str]) -> None:
        super().__init__()
        if not 0 <= index < len(reviews):
            raise DealNotFinished(f"deal {index + 1} is not a finished deal "
                                  f"({len(reviews)} finished)")
        self.reviews = reviews  # built one deal at a time (engine.review.DealReviews)
        self.names = tuple(names)
        self.index = index
        self.step = 0

    @classmethod
    def from_record(cls, source: RecordSource, index: int | None = None) -> DealReviewScreen:
        """The review of deal ``index`` (from 0; None: the last finished one) of a game
        record: a ``GameRecord``, its JSON text (``str``) or its file (a path).
        ``MalformedRecord`` or ``OSError`` if it cannot be read, ``DealNotFinished`` if
        that deal is not finished in it."""
        record = _record(source)
        reviews = record_reviews(record)
        return cls(reviews, len(reviews) - 1 if index is None else index, record.names)

    @classmethod
    def from_controller(cls, controller: Controller,
                        index: int | None = None) -> DealReviewScreen:
        """The review of a finished deal of the game in play (None: the deal just
        finished), from the controller's record of the game: what stands is what was
        played. ``DealNotFinished`` for the deal under way."""
        screen = cls.from_record(controller.record_json(), index)
        screen.names = controller.names
        return screen

    @property
    def review(self) -> DealReview:
        return self.reviews[self.index]

    @property
    def last_step(self) -> int:
        return len(self.review.tricks)

    def compose(self) -> ComposeResult:
        # not focusable: its own keys (← → Home End PgUp PgDn) would scroll instead
        with Vertical(id="body"), VerticalScroll(can_focus=False):
            yield Static(self._content(), id="review")
        yield KeyBar()
        yield from self.compose_too_small()

    def _content(self) -> RenderableType:
        return review_renderable(self.review, self.names, self.step, len(self.reviews))

    def _show(self) -> None:
        for static in self.query("#review").results(Static):  # none before compose
            static.update(self._content())
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step":
            return self.step > 0 if parameters == (-1,) else self.step < self.last_step
        if action == "deal":
            return len(self.reviews) > 1
        return True

    def action_step(self, by: int) -> None:
        self.step = max(0, min(self.last_step, self.step + by))
        self._show()

    def action_first(self) -> None:
        self.step = 0
        self._show()

    def action_last(self) -> None:
        self.step = self.last_step
        self._show()

    def action_deal(self, by: int) -> None:
        self.index = max(0, min(len(self.reviews) - 1, self.index + by))
        self.step = 0
        self._show()

    def action_close(self) -> None:
        self.dismiss()


__all__ = ["DealReviewScreen", "RecordSource", "ReviewWanted", "review_renderable"]
