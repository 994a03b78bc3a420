"""Issue 24, item 4: dropped connections. A client killed mid-trick takes its seat back
with its token and plays on; a rejoin by the same name works while the seat is free;
meanwhile the others see whom the table waits for, and the computers wait too."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from five_hundred.net.client import BotClient, JoinError, connect
from five_hundred.net.protocol import Lobby, ServerMessage, Table
from five_hundred.net.server import TableServer
from five_hundred.net.table import NetTable, SeatSpec, TableConfig
from tests.net.helpers import HOST, NAMES, bots, hello, play_locally, running

LEVELS = ("easy", "easy", "easy", "easy")
COMPUTER_WEST = (SeatSpec(), SeatSpec(), SeatSpec(), SeatSpec("computer", "easy"))


def mid_trick(frame: Table) -> bool:
    trick = frame.model.public.trick
    return trick is not None and len(trick.plays) == 2 and frame.model.public.deal_number == 1


async def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.005)


async def test_a_client_killed_mid_trick_takes_its_seat_back_with_its_token() -> None:
    seen: dict[int, list[ServerMessage]] = {0: [], 1: [], 2: []}

    def keep(client: BotClient, message: ServerMessage) -> None:
        if client.connection is not None:
            seen[client.connection.seat].append(message)

    async with running() as server:
        table = server.open_table(TableConfig(seed=11, pace=0, undo_window=0,
                                              seats=COMPUTER_WEST))
        clients = bots(server, table.code, (*LEVELS[:3], None), seed=5, on_frame=keep)
        for client in clients:
            await client.join()
        south = clients[2]
        killed = asyncio.Event()
        south.stop = lambda frame: mid_trick(frame) and not killed.is_set()
        runs = [asyncio.create_task(c.run()) for c in clients]
        last = await asyncio.wait_for(runs[2], 10)  # South stops at the trick's middle
        assert last is not None and mid_trick(last)
        hand = last.model.seat_view.hand if last.model.seat_view else ()
        token = south.connection.token if south.connection else ""
        assert south.connection is not None
        south.connection.abort()  # a pulled cable
        killed.set()
        c = table.controller
        assert c is not None
        await wait_until(lambda: table.waiting_for() == (2,))
        # the others are told whom the table waits for
        await wait_until(lambda: any(isinstance(m, Lobby) and m.waiting_for == (2,)
                                     for m in seen[0]))
        assert any(isinstance(m, Lobby) and m.waiting_for == (2,) for m in seen[1])
        # play goes on up to South's turn or the computer's, and then nobody moves
        await wait_until(lambda: c.acting_seat in (2, 3))
        stood = c.token
        await asyncio.sleep(0.3)
        assert c.token == stood, "the computer moved while a person was away"
        # South comes back with its token: same seat, the table as it was
        frames: list[Table] = []
        back = BotClient(HOST, server.port or 0, hello(table.code, token=token), "easy",
                         seed=5, rate=server.rate,
                         on_frame=lambda _c, m: frames.append(m) if isinstance(m, Table)
                         else None)
        conn = await back.join()
        assert conn.seat == 2 and conn.token == token
        runs.append(asyncio.create_task(back.run()))
        await wait_until(lambda: bool(frames))
        first = frames[0]
        assert first.decision == stood
        assert first.model.seat_view is not None and first.model.seat_view.hand == hand
        assert table.waiting_for() == ()
        await asyncio.wait_for(asyncio.gather(runs[0], runs[1], runs[3]), 20)
        assert c.game_over
        record = c.record_json()
    # nothing was lost or played twice: the game is the one played without the drop
    local = play_locally(11, LEVELS, bot_seed=5, computers=(3,),
                         names=(*NAMES[:3], "West"))
    assert record == local.record_json()


async def test_a_rejoin_by_name_works_while_the_seat_is_free() -> None:
    async with running() as server:
        table = server.open_table(TableConfig(seed=4, pace=0, undo_window=0,
                                              seats=COMPUTER_WEST))
        port = server.port or 0
        conns = [await connect(HOST, port, hello(table.code, NAMES[i])) for i in range(3)]
        await wait_until(lambda: table.started)
        conns[1].abort()
        await wait_until(lambda: table.waiting_for() == (1,))
        # another name may not take a seat kept for Bruno, named or not
        for who, seat in (("Mallory", 1), ("Mallory", None)):
            try:
                await connect(HOST, port, hello(table.code, who, seat))
            except JoinError as exc:
                assert "Bruno" in exc.message or "taken" in exc.message
            else:
                raise AssertionError("a stranger took Bruno's seat")
        again = await connect(HOST, port, hello(table.code, "Bruno"))
        assert again.seat == 1 and again.token == conns[1].token
        assert table.waiting_for() == ()
        # while it is held, the name alone takes nothing
        try:
            await connect(HOST, port, hello(table.code, "Bruno"))
        except JoinError:
            pass
        else:
            raise AssertionError("a second Bruno took a seat that is held")
        for conn in (conns[0], conns[2], again):
            await conn.close()


async def three_seated(server: TableServer) -> tuple[NetTable, list[BotClient]]:
    """A table (seed 4) whose West is a computer, and easy bot clients seated North,
    East and South in that order (North is the first joiner: the host)."""
    table = server.open_table(TableConfig(seed=4, pace=0, undo_window=0,
                                          seats=COMPUTER_WEST))
    clients = bots(server, table.code, ("easy", "easy", "easy", None), seed=1)
    for client in clients:
        await client.join()
    return table, clients


async def test_the_host_hands_a_dropped_seat_to_a_computer_and_its_owner_takes_it_back(
        ) -> None:
    async with running() as server:
        table, clients = await three_seated(server)
        port = server.port or 0
        host = clients[0].connection
        assert host is not None and host.host
        runs = [asyncio.create_task(c.run()) for c in clients[:2]]
        east_token = clients[1].connection.token  # type: ignore[union-attr]
        clients[2].connection.abort()  # type: ignore[union-attr]
        c = table.controller
        assert c is not None
        await wait_until(lambda: table.waiting_for() == (2,))
        from five_hundred.net.protocol import SetSeat

        await host.send(SetSeat(seat=2, kind="computer", level="easy"))
        await wait_until(lambda: c.players[2].kind == "computer")
        assert table.waiting_for() == ()
        await wait_until(lambda: c.public().deal_number >= 2 or c.game_over)
        # Carla comes back by name: the computer standing in for her stops
        carla = BotClient(HOST, port, hello(table.code, "Carla"), "easy", seed=1,
                          rate=server.rate)
        conn = await carla.join()
        assert conn.seat == 2 and c.players[2].kind == "person"
        assert c.names[2] == "Carla"
        assert east_token != conn.token
        await asyncio.wait_for(asyncio.gather(*runs, carla.run()), 20)
        assert c.game_over


async def test_when_the_first_joiner_drops_the_host_role_passes_to_the_next_client(
        ) -> None:
    """A table with nobody at the host's keyboard: its host (the first joiner) drops
    mid-game. The next seated client to the left is told it is the host (a welcome
    again, over the socket) and can hand the dropped seat to a computer, so the table
    does not wait for ever; the old host, back with its token, is a player again."""
    from five_hundred.net.protocol import SetSeat

    async with running() as server:
        table, clients = await three_seated(server)
        port = server.port or 0
        north, east, south = (c.connection for c in clients)
        assert north is not None and east is not None and south is not None
        assert north.host and not east.host and not south.host
        runs = [asyncio.create_task(c.run()) for c in clients[1:]]
        north.abort()
        c = table.controller
        assert c is not None
        await wait_until(lambda: east.host)
        assert east.welcome.seat == 1 and not south.host
        assert table.waiting_for() == (0,)
        await east.send(SetSeat(seat=0, kind="computer", level="easy"))
        await wait_until(lambda: c.players[0].kind == "computer")
        assert table.waiting_for() == ()
        await wait_until(lambda: c.public().deal_number >= 2 or c.game_over)
        # the old host comes back with its token: its seat again, not the host's role
        again = BotClient(HOST, port, north.rejoin_hello(), "easy", seed=1, rate=server.rate)
        back = await again.join()
        assert back.seat == 0 and not back.host and c.players[0].kind == "person"
        assert east.host
        await asyncio.wait_for(asyncio.gather(*runs, again.run()), 30)
        assert c.game_over


async def test_in_the_lobby_the_host_role_passes_on_when_the_first_joiner_leaves() -> None:
    """Before the game: the first joiner leaves the lobby, the client seated after it
    is the host and may fill the empty seats with computers to start the game."""
    from five_hundred.net.protocol import SetSeat, Welcome

    async with running() as server:
        table = server.open_table(TableConfig(seed=3, pace=0, undo_window=0))
        assert server.port is not None
        first = await connect(HOST, server.port, hello(table.code, "Ana"))
        second = await connect(HOST, server.port, hello(table.code, "Bruno"))
        assert first.host and not second.host
        await first.close()
        while not isinstance(message := await second.recv(), Welcome):
            pass
        assert message == Welcome(seat=1, token=second.token, host=True) and second.host
        for seat in (0, 2, 3):
            await second.send(SetSeat(seat=seat, kind="computer", level="easy"))
        await wait_until(lambda: table.started)
        await second.close()
