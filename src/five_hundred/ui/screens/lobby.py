"""The lobby of a networked table: who sits where, who is connected, and (for the
table's host) keys that turn an empty seat into a computer and back.

Shown by the join client (``ui/remote.py``) until the game starts, and over the table
with F2 during the game. It draws from the app's ``LobbySource`` only (the last
``lobby`` frame, cleaned), posts ``SetSeat`` for the host's choices, and never shows a
card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol, cast

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Static

from five_hundred.i18n import N_, _
from five_hundred.notation import seat_name
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from five_hundred.net.protocol import Lobby, SeatState

LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


class LobbySource(Protocol):
    """What the lobby reads from the app that shows it."""

    lobby_state: Lobby | None  # the last lobby frame, names cleaned
    my_seats: tuple[int, ...]  # the seats this screen plays
    is_host: bool  # this client may turn empty seats into computers
    table_code: str
    join_line: str  # the command a friend types (the host's screen only)
    host_log: list[str]  # the table's last events, for the host
    status_line: str  # a connection being re-established, or ""


def seat_state_text(state: SeatState, seat: int, mine: bool, waiting: bool) -> Text:
    """The player column and the state column of one seat."""
    out = Text()
    if state.kind == "computer":
        level = _(LEVEL_NAMES.get(state.level, state.level))
        out.append(_("a computer ({level})").format(level=level), style="cyan")
        return out
    if state.name:
        out.append(state.name, style="bold" if mine else "")
    if state.kind == "person":
        out.append((" · " if out else "") + (_("at this keyboard") if mine else
                                             _("at the host's keyboard")), style="dim")
    if mine:
        out.append(" " + _("(you)") if out else _("(you)"), style="bold")
    if waiting:
        out.append((" · " if out else "") + _("lost the connection: the table waits"),
                   style="bold yellow")
    elif not state.connected and not state.name and state.kind == "remote":
        out.append(_("free: waiting for someone to join"), style="dim italic")
    elif not state.connected:
        out.append((" · " if out else "") + _("not connected"), style="yellow")
    return out


class LobbyScreen(BaseScreen):
    """Who sits where. ``overlay``: opened over the table during the game (Esc closes)."""

    DEFAULT_CSS = """
    LobbyScreen #body { padding: 0 1; }
    LobbyScreen #lobby-title { height: auto; margin: 1 0 0 0; }
    LobbyScreen #lobby-join { height: auto; margin: 1 0 0 0; }
    LobbyScreen #lobby-seats { height: auto; margin: 1 0 0 0; }
    LobbyScreen #lobby-state { height: auto; margin: 1 0 0 0; }
    LobbyScreen #lobby-log { height: 1fr; margin: 1 0 0 0; }
    """

    class SetSeat(Message):
        """The host turns ``seat`` into a computer of ``level`` (``kind`` "computer")
        or back into a seat that waits for a person (``kind`` "remote")."""

        def __init__(self, seat: int, kind: str, level: str = "normal") -> None:
            super().__init__()
            self.seat = seat
            self.kind = kind
            self.level = level

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", N_("Seat"), key_display="↑↓"),
        Binding("down", "cursor(1)", N_("Seat"), show=False),
        Binding("e", "computer('easy')", N_("Easy")),
        Binding("n", "computer('normal')", N_("Normal")),
        Binding("h", "computer('hard')", N_("Hard")),
        Binding("p", "person", N_("Wait for a person")),
        Binding("escape", "close", N_("Back to the table")),
        Binding("f1", "app.rules", N_("Rules")),
        Binding("question_mark", "app.rules", N_("Rules"), show=False),
        Binding("q", "app.request_quit", N_("Quit")),
    ]

    def __init__(self, overlay: bool = False) -> None:
        super().__init__()
        self.overlay = overlay
        self.cursor = 0

    @property
    def source(self) -> LobbySource:
        return cast("LobbySource", self.app)

    def compose(self) -> ComposeResult:
        with Vertical(id="body"):
            yield Static(id="lobby-title")
            yield Static(id="lobby-join")
            yield Static(id="lobby-seats")
            yield Static(id="lobby-state")
            with VerticalScroll(id="lobby-log", can_focus=False):
                yield Static(id="lobby-log-text")
        yield KeyBar()
        yield from self.compose_too_small()

    def on_mount(self) -> None:
        super().on_mount()
        self._draw()

    def redraw_language(self) -> None:
        if self.is_mounted:
            self.redraw()
            self.query_one(KeyBar).refresh()

    def redraw(self) -> None:
        """Draw the lobby as the app knows it now."""
        if self.is_mounted:
            self._draw()

    def _draw(self) -> None:
        src = self.source
        lobby = src.lobby_state
        title = Text(_("Five Hundred · table {code}").format(code=src.table_code or "?"),
                     style="bold")
        self.query_one("#lobby-title", Static).update(title)
        join = Text()
        if src.join_line:
            join.append(_("Friends join with:") + " ")
            join.append(src.join_line, style="bold")
        if src.status_line:
            join.append(("\n" if join else "") + src.status_line, style="bold yellow")
        self.query_one("#lobby-join", Static).update(join)
        self.query_one("#lobby-join").display = bool(join)
        self.query_one("#lobby-seats", Static).update(self._seats(lobby))
        self.query_one("#lobby-state", Static).update(self._state_text(lobby))
        log = Text("\n".join(src.host_log[-8:]), style="dim")
        self.query_one("#lobby-log-text", Static).update(log)
        self.refresh_bindings()

    def _seats(self, lobby: Lobby | None) -> Text | Table:
        if lobby is None:
            return Text(_("Joining the table…"), style="italic")
        src = self.source
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=1)
        grid.add_column(min_width=10)
        grid.add_column()
        for i, state in enumerate(lobby.seats):
            mark = "▶" if src.is_host and i == self.cursor else ""
            grid.add_row(Text(mark, style="bold yellow"), Text(seat_name(i), style="bold"),
                         seat_state_text(state, i, i in src.my_seats, i in lobby.waiting_for))
        return grid

    def _state_text(self, lobby: Lobby | None) -> Text:
        out = Text()
        if lobby is None:
            return out
        if lobby.started:
            out.append(_("The game is under way."), style="bold")
            if lobby.waiting_for:
                out.append(" " + _("Computers wait while a person's seat is empty."))
        else:
            free = sum(1 for s in lobby.seats if s.kind != "computer" and not s.connected)
            out.append(_("The game starts when every seat is taken ({free} to go).").format(
                free=free), style="bold")
        if self.source.is_host:
            out.append("\n" + _("You are the host: ↑↓ choose a seat; e, n or h: a computer "
                                "plays it (easy, normal, hard); p: it waits for a person "
                                "again."), style="italic")
        elif not lobby.started:
            out.append("\n" + _("The host can let a computer play an empty seat."),
                       style="dim italic")
        return out

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("cursor", "computer", "person"):
            return self.source.is_host and self.source.lobby_state is not None
        if action == "close":
            return self.overlay
        return True

    def action_cursor(self, step: int) -> None:
        self.cursor = (self.cursor + step) % 4
        self.redraw()

    def action_computer(self, level: str) -> None:
        self.post_message(self.SetSeat(self.cursor, "computer", level))

    def action_person(self) -> None:
        self.post_message(self.SetSeat(self.cursor, "remote"))

    def action_close(self) -> None:
        if self.overlay:
            self.dismiss()


__all__ = ["LEVEL_NAMES", "LobbyScreen", "LobbySource", "seat_state_text"]
