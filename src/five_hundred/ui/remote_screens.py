"""The screens of a networked table that differ from the local ones: the table with a
line for the connection ("waiting for Ana", "reconnecting…"), the deal's summary that
says who is still reading, the end of the game with no new game to set up here, and
the review of a finished deal drawn from the server's ``review`` frames.

Each is the local screen with a small addition; they draw from the same ``Game``
protocol (``ui/screens/base.py``) as the local ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, ClassVar, Protocol, cast, overload

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from five_hundred.engine.review import DealReview
from five_hundred.i18n import N_, _
from five_hundred.net.protocol import Review
from five_hundred.ui.screens.game_over import GameOverScreen
from five_hundred.ui.screens.review import DealReviewScreen
from five_hundred.ui.screens.summary import SummaryScreen
from five_hundred.ui.screens.table import TableScreen

if TYPE_CHECKING:
    from five_hundred.ui.screens.review import AnalysisState


class ReadySource(Protocol):
    """What the summary asks of the join client."""

    def still_reading(self) -> list[str]: ...

    def ready_sent(self) -> bool: ...


class RemoteTableScreen(TableScreen):
    """The table, and one line above it while the connection or a player is missing."""

    DEFAULT_CSS = """
    RemoteTableScreen #remote-line { dock: top; height: auto; max-height: 2; padding: 0 1;
                                     display: none; background: $warning 25%; }
    RemoteTableScreen.-line #remote-line { display: block; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="remote-line")
        yield from super().compose()

    def set_line(self, text: str) -> None:
        """Show ``text`` (already clean) on the line, or hide the line (``""``)."""
        for line in self.query("#remote-line").results(Static):
            line.update(Text(text, style="bold"))
        self.set_class(bool(text), "-line")


class RemoteSummaryScreen(SummaryScreen):
    """The deal's summary; Enter says this screen has read it (``ready``), and the
    prompt says who is still reading; r asks the server for the review of the deal."""

    inherit_bindings = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", N_("Next deal")),
        Binding("enter", "end_of_game", N_("End of the game")),
        Binding("r", "review", N_("Review")),
        Binding("s", "app.score_sheet", N_("Scores")),
        Binding("f1", "app.rules", N_("Rules")),
        Binding("f2", "app.lobby", N_("Lobby"), show=False),
        Binding("k", "app.keys", N_("Keys"), show=False),
        Binding("q", "app.request_quit", N_("Quit")),
    ]

    def _prompt(self) -> Text:
        if not self.guard_ready:
            return Text("\n" + _("One moment… (keys pressed now are ignored)"),
                        style="dim italic")
        if self._over():
            return Text("\n" + _("Press Enter for the end of the game; r reviews this deal."),
                        style="italic")
        source = cast("ReadySource", self.app)
        reading = source.still_reading()
        if source.ready_sent():
            text = _("Waiting for {names} to finish reading.").format(
                names=", ".join(reading)) if reading else _("The next deal is coming…")
            return Text("\n" + text, style="italic")
        out = Text("\n" + _("Press Enter when you are ready for the next deal; r reviews "
                            "this deal."), style="italic")
        if reading:
            out.append("\n" + _("Still reading: {names}.").format(names=", ".join(reading)),
                       style="dim")
        return out

    def update_ready(self) -> None:
        """Who is still reading changed."""
        if self.is_mounted:
            self.guard_changed()


class RemoteGameOverScreen(GameOverScreen):
    """The end of the game at a networked table: Enter leaves the table (a new game is
    the host's to open)."""

    inherit_bindings = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "leave", N_("Leave the table")),
        Binding("r", "review", N_("Review")),
        Binding("t", "show('table')", N_("Table")),
        Binding("t", "show('chart')", N_("Chart")),
        Binding("up", "scroll(-1)", N_("Scroll"), show=False),
        Binding("down", "scroll(1)", N_("Scroll"), show=False),
        Binding("f1", "app.rules", N_("Rules"), show=False),
        Binding("q", "app.request_quit", N_("Quit")),
    ]

    def _prompt(self) -> Text:
        if not self.guard_ready:
            return Text(_("One moment… (keys pressed now are ignored)"), style="dim italic")
        return Text(_("Enter: leave the table · r: review the deals · the host keeps the "
                      "game's record"), style="italic")

    def action_leave(self) -> None:
        self.app.exit()


class _Fetched(Sequence[DealReview]):
    """The finished deals as far as the server has sent them: as many as are finished,
    each there once its ``review`` frame has come (the screen shows only those)."""

    def __init__(self, frames: dict[int, Review], deals: int) -> None:
        self.frames = frames
        self.deals = deals

    def __len__(self) -> int:
        return self.deals

    @overload
    def __getitem__(self, index: int) -> DealReview: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[DealReview]: ...

    def __getitem__(self, index: int | slice) -> DealReview | Sequence[DealReview]:
        if isinstance(index, slice):
            return [self.frames[i].review for i in range(self.deals)[index]]
        if index < 0:
            index += self.deals
        if index not in self.frames:
            raise IndexError(f"deal {index + 1} has not come from the server")
        return self.frames[index].review

    def __iter__(self) -> Iterator[DealReview]:
        return (self.frames[i].review for i in sorted(self.frames))


class RemoteReviewScreen(DealReviewScreen):
    """The review of finished deals at a networked table, as this screen's seat saw
    them: drawn from the server's ``review`` frames (``net/review.py`` decides what a
    seat may see; a card it never saw is drawn ``··``). The double-dummy analysis is
    computed on the server and comes in a later frame ("computing…" meanwhile); none
    runs here. PgUp/PgDn ask the server for another deal; it is shown when it comes."""

    def __init__(self, frame: Review, names: Sequence[str],
                 ask: Callable[[int], None]) -> None:
        self.frames: dict[int, Review] = {frame.deal: frame}
        self._fetched = _Fetched(self.frames, frame.deals)
        super().__init__(self._fetched, frame.deal, names)
        self.seat = frame.seat
        self._ask = ask
        self.wanted: int | None = None  # the deal asked for, shown when it comes

    def take(self, frame: Review) -> None:
        """A ``review`` frame for this screen's seat: kept; shown if it is the deal
        shown (its analysis came) or the deal asked for."""
        if frame.seat != self.seat:
            return
        self.frames[frame.deal] = frame
        self._fetched.deals = max(self._fetched.deals, frame.deals)
        if frame.deal == self.wanted:
            self.wanted = None
            self.index, self.step = frame.deal, 0
        if frame.deal == self.index:
            self._show()

    @property
    def analysis(self) -> AnalysisState:
        from five_hundred.net.review import local_analysis

        frame = self.frames[self.index]
        a = frame.analysis
        if a == "none":
            return None
        if isinstance(a, str):
            return a  # computing, failed, withheld
        return local_analysis(a, frame.deal)

    def _analyse(self) -> None:
        """No analysis runs here: the server sends it."""

    async def wait_for_analysis(self) -> None:
        """(Tests) nothing to wait for here: the analysis comes in a frame."""

    def action_deal(self, by: int) -> None:
        target = max(0, min(len(self.reviews) - 1, self.index + by))
        if target == self.index:
            return
        if target in self.frames:
            super().action_deal(by)
            return
        self.wanted = target
        self._ask(target)


__all__ = ["ReadySource", "RemoteGameOverScreen", "RemoteReviewScreen", "RemoteSummaryScreen",
           "RemoteTableScreen"]
