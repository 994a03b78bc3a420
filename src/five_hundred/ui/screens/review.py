"""The review of a finished deal: the four hands as dealt, the kitty and the discard,
the auction, then every trick in order with its leader and winner, stepping forward
and back (and from deal to deal).

The screen is given ``DealReview`` values only (``engine/review.py``), which exist for
finished deals alone: it cannot show a hand of a deal that is still being played.
Once it opens, a worker thread runs the double-dummy analysis of the deal shown
(``bots/analysis.py``: what the contract could make with every hand known, and which
cards lost against best play); the screen says "computing…" and answers keys
meanwhile, shows the result when it comes, and cancels the work when it closes or
shows another deal (the analysis stops after the search under way; its answer is
dropped). It opens from the deal summary and the end of the game (``ReviewWanted``;
``from_controller``: the game in play) and from the history of finished games
(``history.OpenReview``; ``from_record``: a record, its text or its file). Deals are
numbered from 0 in both.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Literal

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Static
from textual.worker import (
    Worker,
    WorkerCancelled,
    WorkerFailed,
    WorkerState,
    get_current_worker,
)

from five_hundred.engine.record import GameRecord, load_record, loads_record
from five_hundred.engine.review import DealNotFinished, DealReview, ReviewTrick, record_reviews
from five_hundred.faces import UNSEEN
from five_hundred.i18n import N_, _, ngettext
from five_hundred.notation import (
    DD_ALL_KEPT,
    DD_COMPUTING,
    DD_FAILED,
    DD_LEGEND,
    DD_MARK,
    DD_TRICK_KEPT,
    SEATS,
    dd_card,
    dd_result,
    points,
    seat_name,
    shown_name,
    signed,
    team_short,
    who,
)
from five_hundred.ui.render import bid_text, card_text, styled, suit_text, trick_line
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.screens.history import hanging
from five_hundred.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from five_hundred.bots.analysis import DealAnalysis
    from five_hundred.hotseat import Controller

    # The double-dummy analysis of the deal shown: the result, "computing" while the
    # worker runs, "failed" if it raised, "withheld" (a networked seat's review: it
    # would rest on cards the seat never saw), or None: nothing to analyse (no contract).
    AnalysisState = DealAnalysis | Literal["computing", "failed", "withheld"] | None

RecordSource = GameRecord | str | os.PathLike[str]
ANALYSIS_WORKER = "double-dummy"
NAME_WIDTH = 12  # cells of a typed name in the hands' grid (longer: cut, with "…")
UNSEEN_MARK = "··"  # a card the seat never saw (a networked seat's review)
# the line under a review that has cards the seat never saw
UNSEEN_LEGEND = N_("{mark} a card your seat never saw (the review shows what your seat "
                   "saw during the deal)")


def names_shown(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names as drawn now: a seat's own English name (what a record keeps
    for a player who typed none) in the player's language."""
    return tuple(shown_name(name, seat) for seat, name in enumerate(names))


def analyse(review: DealReview) -> tuple[int, DealAnalysis | None]:
    """The analysis of ``review`` (in the worker thread; imported here, off the event
    loop): (the deal's index, the analysis). Stops between two searches once the worker
    is cancelled (then the result is ignored)."""
    from five_hundred.bots.analysis import AnalysisCancelled, analyse_review

    worker = get_current_worker()
    try:
        return review.index, analyse_review(review, stop=lambda: worker.is_cancelled)
    except AnalysisCancelled:
        return review.index, None


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


def _dd_line(dd: AnalysisState) -> Text | None:
    """The heading's double-dummy line, as far as the analysis is known."""
    if dd is None:
        return None
    if dd == "computing":
        return Text(_(DD_COMPUTING), style="dim italic")
    if dd == "failed":
        return Text(_(DD_FAILED), style="dim")
    if dd == "withheld":
        return Text(_("No double-dummy analysis: it would rest on cards your seat never "
                      "saw."), style="dim")
    return Text(dd_result(dd.contract, dd.misere, dd.could, dd.made), style="bold")


def _heading(review: DealReview, names: Sequence[str], deals: int,
             dd: AnalysisState = None) -> Text:
    out = Text(_("Review of deal {number} of {deals}").format(number=review.number,
                                                              deals=deals)
               if deals > 1 else _("Review of deal {number}").format(number=review.number),
               style="bold")
    out.append(" · " + _("dealt by {who}").format(who=who(names, review.dealer)) + "\n")
    r = review.result
    if review.contract is None or review.declarer is None:
        out.append(_("Everybody passed (or the deal was thrown in): no score."))
        return out
    outcome = Text(_("made"), style="bold green") if r.made else \
        Text(_("failed"), style="bold red")
    out.append_text(styled(_("Contract {bid} by {who}: {outcome}"), bid=bid_text(review.contract),
                           who=who(names, review.declarer), outcome=outcome))
    if review.joker_suit is not None:
        out.append(" · ")
        out.append_text(styled(_("joker named a {suit}"), suit=suit_text(review.joker_suit)))
    if review.sitting_out is not None:
        out.append(" · " + _("{name} sits out").format(name=names[review.sitting_out]))
    out.append("\n")
    for t in (0, 1):
        if t:
            out.append(" · ")
        out.append(ngettext("{team} {n} trick {change} → {score}",
                            "{team} {n} tricks {change} → {score}", r.tricks[t]).format(
            team=team_short(t), n=r.tricks[t], change=signed(r.score_change[t]),
            score=points(r.scores[t])))
    line = _dd_line(dd)
    if line is not None:
        out.append("\n")
        out.append_text(line)
    return out


def _cards(codes: Sequence[str]) -> Text:
    """Cards in a row, a card never seen as ``UNSEEN_MARK``."""
    out = Text()
    for i, code in enumerate(codes):
        if i:
            out.append(" ")
        out.append_text(Text(UNSEEN_MARK, style="dim") if code == UNSEEN else card_text(code))
    return out


def _partial(review: DealReview) -> bool:
    """The review is a seat's, with cards it never saw (``net/review.py``)."""
    return UNSEEN in review.kitty or any(UNSEEN in hand for hand in review.hands)


def _hand(cards: Sequence[str], played: str | None, lost: bool = False) -> Text:
    out = Text()
    for i, code in enumerate(cards):
        if i:
            out.append(" ")
        if code == UNSEEN:
            out.append(UNSEEN_MARK, style="dim")
        elif code == played:
            out.append("[")
            out.append_text(card_text(code, "reverse"))
            out.append("]")
            if lost:
                out.append(DD_MARK, style="bold red")
        else:
            out.append_text(card_text(code))
    return out


def _ready(dd: AnalysisState) -> DealAnalysis | None:
    """The analysis, once it is there."""
    return None if dd is None or isinstance(dd, str) else dd


def _lost(dd: AnalysisState, trick: ReviewTrick | None) -> dict[int, int]:
    """Per seat, the tricks its card of ``trick`` lost against best play (the cards
    that lost only), once the analysis is there."""
    a = _ready(dd)
    if trick is None or a is None:
        return {}
    return {v.seat: v.lost for v in a.lost_in(trick.number)}


def _hands_grid(review: DealReview, names: Sequence[str], trick: ReviewTrick | None,
                dd: AnalysisState = None) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)  # seat
    grid.add_column(no_wrap=True)  # name
    grid.add_column()  # cards
    grid.add_column(style="italic")  # notes
    played = dict(trick.plays) if trick is not None else {}
    lost = _lost(dd, trick)
    for seat in range(4):
        notes = []
        if trick is None:
            cards = review.hands[seat]
            if seat == review.dealer:
                notes.append(_("dealer"))
            if seat == review.declarer:
                notes.append(_("declarer"))
                if UNSEEN in review.kitty:  # another seat's review: the hand played from
                    notes.append(_("after the exchange"))
        else:
            cards = trick.held[seat]
            if seat == trick.leader:
                notes.append(_("led"))
            if seat == trick.winner:
                notes.append(_("won"))
        if seat == review.sitting_out:
            notes.append(_("sits out"))
        name = Text(names[seat] if names[seat] not in (SEATS[seat], seat_name(seat)) else "")
        name.truncate(NAME_WIDTH, overflow="ellipsis")
        grid.add_row(Text(seat_name(seat), style="bold"), name,
                     _hand(cards, played.get(seat), seat in lost), Text(", ".join(notes)))
    return grid


def _deal_part(review: DealReview, names: Sequence[str]) -> Text:
    out = styled(_("Kitty: {cards}"), cards=_cards(review.kitty))
    if review.declarer is not None and review.discards:
        out.append(" · ")
        out.append_text(styled(_("{name} took it and discarded {cards}"),
                               name=names[review.declarer],
                               cards=_cards(review.discards)))
    out.append("\n" + _("Auction:") + " ")
    for i, (seat, code) in enumerate(review.auction):
        if i:
            out.append(", ")
        out.append(f"{names[seat]} ")
        out.append_text(Text(_("pass"), style="dim") if code == "pass" else bid_text(code))
    return out


def _trick_part(review: DealReview, names: Sequence[str], trick: ReviewTrick,
                dd: AnalysisState = None) -> Text:
    out = styled(_("Played: {plays} → {name} wins"), plays=trick_line(trick.plays, tuple(names)),
                 name=names[trick.winner])
    if trick.called is not None:
        out.append(" · ")
        out.append_text(styled(_("the joker led calls {suit}"), suit=suit_text(trick.called)))
    t = trick.team_tricks
    out.append("\n" + _("Tricks so far: {team0} {n0} · {team1} {n1}").format(
        team0=team_short(0), n0=t[0], team1=team_short(1), n1=t[1]))
    last = trick.number == len(review.tricks)
    if last and review.sitting_out is not None and trick.winner == review.declarer:
        out.append("\n" + _("{name} won a trick: the misère is lost and play stops.").format(
            name=names[trick.winner]))
    a = _ready(dd)
    if a is not None:
        lost = a.lost_in(trick.number)
        for v in lost:
            out.append("\n")
            out.append(dd_card(names[v.seat], v.card, v.lost, a.misere, a.declaring(v.seat)),
                       style="red")
        if not lost:
            out.append("\n")
            out.append(_(DD_TRICK_KEPT), style="dim")
    return out


def _steps(review: DealReview, step: int, dd: AnalysisState = None) -> Text:
    """The steps, the one shown highlighted; once the analysis is there, the tricks
    with a card that lost are marked, and a line says what the mark means."""
    out = Text(_("Steps:") + " ")
    a = _ready(dd)
    labels = [_("deal"), *(str(t.number) for t in review.tricks)]
    for i, label in enumerate(labels):
        if i:
            out.append(" ")
        style = "bold reverse" if i == step else "dim"
        out.append(f" {label}", style=style)
        if i and a is not None and a.lost_in(i):
            out.append(DD_MARK, style="bold red reverse" if i == step else "bold red")
        out.append(" ", style=style)
    if a is not None:
        out.append("\n")
        out.append(_(DD_LEGEND if any(v.lost for v in a.cards) else DD_ALL_KEPT), style="dim")
    if _partial(review):
        out.append("\n")
        out.append(_(UNSEEN_LEGEND).format(mark=UNSEEN_MARK), style="dim")
    return out


def review_renderable(review: DealReview, names: Sequence[str], step: int,
                      deals: int = 1, dd: AnalysisState = None) -> RenderableType:
    """Step 0: the deal (hands as dealt, kitty, discard, auction); step k: trick k;
    ``dd``: the double-dummy analysis, as far as it is known. ``names`` as recorded:
    drawn in the language of the moment (``names_shown``)."""
    names = names_shown(names)
    trick = review.tricks[step - 1] if step else None
    if trick is None:
        title = Text(_("Hands as dealt"), style="bold")
    else:
        title = Text(_("Trick {number} of {count}").format(number=trick.number,
                                                            count=len(review.tricks)),
                     style="bold")
        title.append(" · " + _("led by {leader} · won by {winner}").format(
            leader=who(names, trick.leader), winner=who(names, trick.winner)))
    part = _deal_part(review, names) if trick is None else _trick_part(review, names, trick,
                                                                       dd)
    # a line too long for the screen goes on indented, never back at the left edge
    return Group(hanging(_heading(review, names, deals, dd)), Text(""), hanging(title),
                 _hands_grid(review, names, trick, dd), Text(""), hanging(part), Text(""),
                 hanging(_steps(review, step, dd)))


class DealReviewScreen(BaseScreen):
    """Finished deals, one at a time: ← → step through the tricks, Home / End go to the
    deal / the last trick, PgUp / PgDn to the previous / next deal, Esc closes."""

    DEFAULT_CSS = """
    DealReviewScreen #review { width: 1fr; max-width: 110; padding: 1 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Back"), key_display="←"),
        Binding("right", "step(1)", N_("Next"), key_display="→"),
        Binding("home", "first", N_("First"), show=False),
        Binding("end", "last", N_("Last"), show=False),
        Binding("pageup", "deal(-1)", N_("Other deal"), key_display="PgUp/PgDn"),
        Binding("pagedown", "deal(1)", N_("Other deal"), show=False),
        Binding("escape,r,q", "close", N_("Close"), key_display="Esc"),
    ]

    def __init__(self, reviews: Sequence[DealReview], index: int,
                 names: Sequence[str]) -> None:
        super().__init__()
        if not 0 <= index < len(reviews):
            raise DealNotFinished(_("deal {number} is not a finished deal ({n} finished)").format(
                number=index + 1, n=len(reviews)))
        self.reviews = reviews  # built one deal at a time (engine.review.DealReviews)
        # as recorded (a seat's English name for a player who typed none): translated
        # each time the screen is drawn, so F3 changes them too
        self.names = tuple(names)
        self.index = index
        self.step = 0
        # The double-dummy analysis per deal index, once its worker has answered.
        self.analyses: dict[int, DealAnalysis | Literal["failed"] | None] = {}
        self._analysing: Worker[tuple[int, DealAnalysis | None]] | None = None

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

    @property
    def analysis(self) -> AnalysisState:
        """The double-dummy analysis of the deal shown, as far as it is known."""
        if self.index in self.analyses:
            return self.analyses[self.index]
        return None if self.review.contract is None else "computing"

    def on_mount(self) -> None:
        super().on_mount()
        self._analyse()

    def _analyse(self) -> None:
        """Start the worker for the deal shown, unless its analysis is known (or there
        is nothing to analyse). One at a time: the worker of another deal is
        cancelled (it stops after its current search; its answer is ignored)."""
        if self.index in self.analyses or self.review.contract is None:
            return
        if self._analysing is not None and self._analysing.name == str(self.index):
            return
        review = self.review
        self._analysing = self.run_worker(lambda: analyse(review), thread=True,
                                          group=ANALYSIS_WORKER, exclusive=True,
                                          name=str(self.index), exit_on_error=False)

    async def wait_for_analysis(self) -> None:
        """Until the analysis of the deal shown is there (tests and snapshots)."""
        worker = self._analysing
        if worker is None or worker.name != str(self.index):
            return
        with contextlib.suppress(WorkerCancelled, WorkerFailed):
            await worker.wait()
        self._take(worker)  # as its state change will (that message may still be queued)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != ANALYSIS_WORKER:
            return
        event.stop()
        self._take(event.worker)

    def _take(self, worker: Worker[tuple[int, DealAnalysis | None]]) -> None:
        """A finished worker's analysis: kept, and shown if its deal is the one shown.
        A cancelled worker's is dropped."""
        if worker.state not in (WorkerState.SUCCESS, WorkerState.ERROR) or \
                worker.is_cancelled:
            return
        if worker is self._analysing:
            self._analysing = None
        index = int(worker.name)
        if index in self.analyses:
            return
        if worker.state == WorkerState.SUCCESS and worker.result is not None:
            self.analyses[index] = worker.result[1]
        else:
            self.analyses[index] = "failed"
        if index == self.index:
            self._show()

    def _content(self) -> RenderableType:
        return review_renderable(self.review, self.names, self.step, len(self.reviews),
                                 self.analysis)

    def _show(self) -> None:
        for static in self.query("#review").results(Static):  # none before compose
            static.update(self._content())
        self.refresh_bindings()

    def redraw_language(self) -> None:
        """The player switched languages: the deal again in it, at the same step."""
        if self.is_mounted:
            self._show()
            self.query_one(KeyBar).refresh()

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
        self._analyse()
        self._show()

    def action_close(self) -> None:
        # the analysis is of no use now (unmounting cancels it too)
        self.workers.cancel_group(self, ANALYSIS_WORKER)
        self.dismiss()


__all__ = ["DealReviewScreen", "RecordSource", "ReviewWanted", "names_shown",
           "review_renderable"]
