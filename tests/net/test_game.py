"""Issue 24, acceptance: a table server and four protocol clients play a whole game
over real sockets, and its record is the record of the same seed and the same choices
played at one screen; every frame each client got is checked against what its seat
may know, and a server that leaks one card is caught."""

from __future__ import annotations

import pytest

from five_hundred.engine.cards import card_str, cards_of
from five_hundred.faces import card_face
from five_hundred.net.protocol import Lobby, Table, Welcome
from five_hundred.net.table import NetTable, SeatSpec, TableConfig
from tests.net.helpers import WireCheck, bots, play, play_locally, running

LEVELS = ("easy", "normal", "easy", "normal")


async def test_four_clients_play_a_whole_game_as_it_is_played_at_one_screen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    wire = WireCheck()
    wire.install(monkeypatch)
    async with running() as server:
        table = server.open_table(TableConfig(seed=7, pace=0, undo_window=0))
        clients = bots(server, table.code, LEVELS, seed=3, on_frame=wire.watcher(table))
        last = await play(clients)
        c = table.controller
        assert c is not None and c.game_over
        assert all(f is not None and f.model.public.phase == "game_over" for f in last)
        for client in clients:
            assert client.errors == [], client.errors
            assert client.connection is not None
            assert client.connection.seat == clients.index(client)
        record = c.record_json()
    local = play_locally(7, LEVELS, bot_seed=3)
    assert local.game_over
    assert record == local.record_json()
    deals = c.public().deal_number
    assert deals >= 3, deals
    assert wire.problems == []
    assert wire.tables > 200 and set(wire.by_seat) == {0, 1, 2, 3}


async def test_the_wire_check_catches_a_server_that_leaks_one_card(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Positive control: the frame builder writes one card of the next seat's hand
    into a single frame's log; the check finds it."""
    original = NetTable.frame_for
    leaked: list[str] = []

    def leaky(table: NetTable, seat: int) -> Table:
        frame = original(table, seat)
        c = table.controller
        assert c is not None
        state = c._state
        if not leaked and state.phase == "play" and len(state.tricks) == 2:
            other = state.hands[(seat + 1) % 4]
            if other:
                face = card_face(card_str(next(iter(cards_of(other)))))
                leaked.append(face)
                model = frame.model.model_copy(
                    update={"log": (*frame.model.log, f"Davi plays {face}")})
                return frame.model_copy(update={"model": model})
        return frame

    monkeypatch.setattr(NetTable, "frame_for", leaky)
    wire = WireCheck()
    wire.install(monkeypatch)  # the oracle wraps the leaky builder, as it would the real
    async with running() as server:
        table = server.open_table(TableConfig(seed=7, pace=0, undo_window=0))
        clients = bots(server, table.code, LEVELS, seed=3, on_frame=wire.watcher(table),
                       stop=lambda frame: frame.model.public.deal_number > 1)
        await play(clients)
    assert len(leaked) == 1
    assert len(wire.problems) == 1 and leaked[0] in wire.problems[0], wire.problems


async def test_the_lobby_the_host_and_a_computer_seat() -> None:
    """The first joiner at a table with no seat at the host's keyboard is its host: it
    may turn an empty seat into a computer, another client may not; the game starts
    when every seat is filled; everyone gets the lobby at each change."""
    from five_hundred.net.client import connect
    from five_hundred.net.protocol import Error, SetSeat
    from tests.net.helpers import HOST, hello

    async with running() as server:
        table = server.open_table(TableConfig(
            seed=3, pace=0, undo_window=0,
            seats=(SeatSpec(), SeatSpec(), SeatSpec(), SeatSpec("computer", "easy"))))
        assert server.port is not None
        first = await connect(HOST, server.port, hello(table.code, "Ana"))
        second = await connect(HOST, server.port, hello(table.code, "Bruno"))
        assert first.welcome == Welcome(seat=0, token=first.token, host=True)
        assert second.seat == 1 and not second.host
        lobby = await first.recv()
        assert isinstance(lobby, Lobby) and not lobby.started
        assert lobby.seats[0].name == "Ana" and lobby.seats[0].connected
        assert lobby.seats[3].kind == "computer" and lobby.seats[3].level == "easy"
        await second.send(SetSeat(seat=2, kind="computer", level="easy"))
        while not isinstance(answer := await second.recv(), Error):
            pass
        assert answer.code == "not-host"
        assert not table.started
        await first.send(SetSeat(seat=2, kind="computer", level="hard"))
        started = None
        while started is None:
            message = await first.recv()
            if isinstance(message, Lobby) and message.started:
                started = message
        assert [s.kind for s in started.seats] == ["remote", "remote", "computer",
                                                   "computer"]
        assert started.seats[2].level == "hard"
        assert table.started
        c = table.controller
        assert c is not None and c.players[2].kind == "computer"
        assert c.names[:2] == ("Ana", "Bruno")
        await first.close()
        await second.close()
