"""Issue 24, item 1 (``host --resume``): the server is stopped mid-deal and started again
with resume from its storage; every client takes its seat back (its token, the same
code) and the game goes on from where it stood: nothing lost, nothing played twice."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from five_hundred.net.client import BotClient
from five_hundred.net.protocol import ServerMessage, Table
from five_hundred.net.server import TableServer
from five_hundred.net.table import NET_SUFFIX, ResumeError, TableConfig
from five_hundred.ui.storage import Storage
from tests.net.helpers import FAST, HOST, bots, play_locally

LEVELS = ("easy", "easy", "easy", "easy")


async def test_the_server_stopped_mid_deal_resumes_and_every_client_rejoins(
        tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    first = TableServer(**FAST)  # type: ignore[arg-type]
    table = first.open_table(TableConfig(seed=21, pace=0, undo_window=0, storage=storage))
    port = await first.start(HOST, 0)
    code = table.code
    mid_deal = asyncio.Event()

    def watch(client: BotClient, message: ServerMessage) -> None:
        if isinstance(message, Table) and message.decision[0] == 1 and \
                len(message.model.public.tricks) >= 3:
            mid_deal.set()

    clients = bots(first, code, LEVELS, seed=9, reconnect=10.0, on_frame=watch)
    for client in clients:
        await client.join()
    runs = [asyncio.create_task(c.run()) for c in clients]
    await asyncio.wait_for(mid_deal.wait(), 20)
    c = table.controller
    assert c is not None
    await first.close()  # the host's machine stops mid-deal
    at_stop = c.record_json()
    assert c.public().deal_number == 2 and not c.deal_over
    saved = [p for p in storage.games_dir.iterdir() if p.name.endswith(NET_SUFFIX)]
    assert len(saved) == 1
    assert json.loads(saved[0].read_text())["code"] == code

    # the clients try to come back meanwhile; the server starts again with --resume
    await asyncio.sleep(0.1)
    second = TableServer(**FAST)  # type: ignore[arg-type]
    again = second.open_table(TableConfig(pace=0, undo_window=0, storage=storage,
                                          resume=True))
    assert again.code == code and again.resumed and again.started
    c2 = again.controller
    assert c2 is not None
    assert c2.record_json() == at_stop  # every action was saved
    assert again.waiting_for() == (0, 1, 2, 3)
    await second.start(HOST, port)
    try:
        await asyncio.wait_for(asyncio.gather(*runs), 30)
    finally:
        await second.close()
    assert all(client.connection is not None for client in clients)
    assert [cl.connection.seat for cl in clients] == [0, 1, 2, 3]  # type: ignore[union-attr]
    assert c2.game_over
    local = play_locally(21, LEVELS, bot_seed=9)
    assert c2.record_json() == local.record_json()
    # the finished game is in finished/ (the history) and no table waits for it
    assert storage.finished_records()
    assert not [p for p in storage.games_dir.iterdir() if p.name.endswith(NET_SUFFIX)]


def test_nothing_to_resume_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(ResumeError) as caught:
        TableServer().open_table(TableConfig(storage=Storage(tmp_path), resume=True))
    assert "\n" not in caught.value.message and str(tmp_path) in caught.value.message
