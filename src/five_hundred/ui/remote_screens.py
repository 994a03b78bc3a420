"""The screens of a networked table that differ from the local ones: the table with a
line for the connection ("waiting for Ana", "reconnecting…"), the deal's summary that
says who is still reading, and the end of the game with no new game to set up here.

Each is the local screen with a small addition; they draw from the same ``Game``
protocol (``ui/screens/base.py``) as the local ones.
"""

from __future__ import annotations

from typing import ClassVar, Protocol, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from five_hundred.i18n import N_, _
from five_hundred.ui.screens.game_over import GameOverScreen
from five_hundred.ui.screens.summary import SummaryScreen
from five_hundred.ui.screens.table import TableScreen


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
    prompt says who is still reading. There is no review of the deal over the network."""

    inherit_bindings = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", N_("Next deal")),
        Binding("enter", "end_of_game", N_("End of the game")),
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
            return Text("\n" + _("Press Enter for the end of the game."), style="italic")
        source = cast("ReadySource", self.app)
        reading = source.still_reading()
        if source.ready_sent():
            text = _("Waiting for {names} to finish reading.").format(
                names=", ".join(reading)) if reading else _("The next deal is coming…")
            return Text("\n" + text, style="italic")
        out = Text("\n" + _("Press Enter when you are ready for the next deal."),
                   style="italic")
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
        return Text(_("Enter: leave the table · the host keeps the game's record"),
                    style="italic")

    def action_leave(self) -> None:
        self.app.exit()


__all__ = ["ReadySource", "RemoteGameOverScreen", "RemoteSummaryScreen", "RemoteTableScreen"]
