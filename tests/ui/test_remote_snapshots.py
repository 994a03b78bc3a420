"""Snapshots of the join client's screens at 80×24 (issue 24): the lobby as the host
sees it, and a remote table (one seat, a player who dropped: the line over the table).

The frames come from a fake connection (the ``Connection`` interface the app uses:
``seat``, ``token``, ``host``, ``send``, ``async for``, ``close``), built from a local
controller with ``seat_model`` exactly as the server builds them, so the picture is
the same at every run. Regenerate with ``--snapshot-update`` and look at the SVGs.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from textual.pilot import Pilot

from five_hundred.engine import PAGAT_AUSTRALIAN
from five_hundred.hotseat import Controller, Player
from five_hundred.net.protocol import VERSION, Hello, Lobby, SeatState, Table, Welcome
from five_hundred.net.table import seat_model
from five_hundred.ui.remote import RemoteApp, Target
from five_hundred.ui.storage import Storage

SIZE = (80, 24)
CODE = "K7QF-29XA"


class FakeConnection:
    """A seat's connection that replays ``frames`` and records what the app sends."""

    def __init__(self, seat: int, frames: Sequence[BaseModel], host: bool = False) -> None:
        self.welcome = Welcome(seat=seat, token="token-" + "x" * 16, host=host)
        self.hello = Hello(version=VERSION, code=CODE)
        self.frames = list(frames)
        self.sent: list[BaseModel] = []
        self._closed: asyncio.Event | None = None

    @property
    def seat(self) -> int:
        return self.welcome.seat

    @property
    def token(self) -> str:
        return self.welcome.token

    @property
    def host(self) -> bool:
        return self.welcome.host

    def rejoin_hello(self) -> Hello:
        return self.hello

    async def send(self, message: BaseModel) -> None:
        self.sent.append(message)

    def __aiter__(self) -> FakeConnection:
        return self

    async def __anext__(self) -> Any:
        if self.frames:
            return self.frames.pop(0)
        if self._closed is None:
            self._closed = asyncio.Event()
        await self._closed.wait()
        raise StopAsyncIteration

    async def close(self) -> None:
        if self._closed is None:
            self._closed = asyncio.Event()
        self._closed.set()


def lobby_frame(started: bool, waiting: tuple[int, ...] = ()) -> Lobby:
    """North at the host's keyboard, East a computer, Bruno South; West is Carla once
    the game is under way (she may have dropped), free before."""
    west = SeatState(name="Carla", kind="remote", connected=not waiting) if started else \
        SeatState(name="", kind="remote")
    return Lobby(seats=(SeatState(name="", kind="person", connected=True),
                        SeatState(name="", kind="computer", level="normal"),
                        SeatState(name="Bruno", kind="remote", connected=True), west),
                 started=started, waiting_for=waiting)


def bidding_frame() -> Table:
    """North's first bid of seed 15, as North's own screen gets it."""
    c = Controller(PAGAT_AUSTRALIAN, [Player("Ana"), Player("East", "computer", "normal"),
                                      Player("Bruno"), Player("Carla")], seed=15)
    c.play_on_own_screens(range(4))
    while c.acting_seat != 0:
        seat = c.acting_seat
        assert seat is not None
        view = c.seat_view(seat)
        c.act(next(a for a in view.legal if a.text == "pass"))
    return Table(model=seat_model(c, 0), decision=c.token)


def app_with(tmp_path: Path, frames: Sequence[BaseModel], **kwargs: Any) -> RemoteApp:
    conn = FakeConnection(0, frames, host=True)
    return RemoteApp(Target("192.168.1.20", 7500, CODE, "Ana"),
                     connections=[conn],  # type: ignore[list-item]
                     storage=Storage(tmp_path / "data"), guard_seconds=0.0, **kwargs)


async def settle(pilot: Pilot[None]) -> None:
    for _ in range(5):
        await pilot.pause()


def test_snapshot_lobby(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The host's lobby: the line friends type, who sits where, the host's keys."""
    app = app_with(tmp_path, [lobby_frame(started=False)], host_token="host-token",
                   keep_tokens=False,
                   join_line=f"five-hundred join 192.168.1.20:7500 --code {CODE}")

    async def run_before(pilot: Pilot[None]) -> None:
        await settle(pilot)
        app.host_said(f"[{CODE}] North joined.")
        app.host_said(f"[{CODE}] Bruno (South) joined.")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_remote_table(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """North's own screen at the auction; West lost the connection: the line above the
    table says the table waits for her."""
    app = app_with(tmp_path, [lobby_frame(started=True, waiting=(3,)), bidding_frame()])
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


async def test_a_joiners_table_is_laid_out_as_the_local_one(tmp_path: Path) -> None:
    """The networked table reads the table's styles too (screens.tcss): the side panel
    with the auction and the log beside the trick, 34 columns wide, as at one screen.
    Without them (2026-12-04 to 12-07) the joiner's table had no side panel."""
    from five_hundred.ui.widgets.side import SidePanel

    from .helpers import screen_text

    app = app_with(tmp_path, [lobby_frame(started=True), bidding_frame()])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen.query_one(SidePanel).outer_size.width == 34
        text = screen_text(app)
        assert "Auction" in text and "Log, newest first" in text
