"""A networked table's saves (``net/saving.py``): written in a thread, in order; the game
read when a save's turn to be written comes, so saves asked for faster than the disk
writes them are one save of the latest game, never an older one, and none is lost."""

from __future__ import annotations

import asyncio
import random
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import cast

from five_hundred.bots.levels import player
from five_hundred.engine import PAGAT_AUSTRALIAN
from five_hundred.hotseat import Controller
from five_hundred.hotseat import Player as Seat
from five_hundred.net.saving import Disk
from five_hundred.ui.storage import SaveSlot
from tests.net.helpers import NAMES


class Slot:
    """Writes nothing: keeps the record of each save, the first one held at ``gate``."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.written: list[str] = []

    def write(self, snapshot: Controller) -> None:
        self.gate.wait(10)
        self.written.append(snapshot.record_json())


def act(c: Controller, rng: random.Random) -> None:
    seat = c.acting_seat
    assert seat is not None
    c.act(player("easy").choose(c.seat_view(seat), rng, 0.05))


async def test_saves_asked_while_one_is_written_write_the_latest_game_once() -> None:
    c = Controller(PAGAT_AUSTRALIAN, [Seat(n) for n in NAMES], 5)
    c.play_on_own_screens(range(4))
    rng = random.Random(1)
    slot = Slot()
    with ThreadPoolExecutor(1) as pool:
        disk = Disk(pool)
        disk.save(cast(SaveSlot, slot), c)
        async with asyncio.timeout(5):
            while disk.snapshots == 0:  # its turn came: the game read, the write held
                await asyncio.sleep(0.001)
        first = c.record_json()
        for _ in range(6):  # six actions, each saved, while the first write is held
            act(c, rng)
            disk.save(cast(SaveSlot, slot), c)
        assert disk.snapshots == 1  # the six wait as one save, not read yet
        slot.gate.set()
        await disk.flush()
    assert slot.written == [first, c.record_json()]
    assert disk.snapshots == 2


async def test_each_save_is_written_when_the_disk_keeps_up() -> None:
    c = Controller(PAGAT_AUSTRALIAN, [Seat(n) for n in NAMES], 5)
    c.play_on_own_screens(range(4))
    rng = random.Random(2)
    slot = Slot()
    slot.gate.set()
    records = []
    with ThreadPoolExecutor(1) as pool:
        disk = Disk(pool)
        for _ in range(4):
            act(c, rng)
            records.append(c.record_json())
            disk.save(cast(SaveSlot, slot), c)
            await disk.flush()
    assert slot.written == records and disk.snapshots == 4
