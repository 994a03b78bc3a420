"""A networked table's saves, written in a thread: the game is saved after every action
(the record and its side file, as at one screen: ``ui/storage.py``), but a save's
``fsync`` takes milliseconds, and a server holding many tables must not stop them all
for each one's disk.

What a save reads of the game (``Snapshot``) is taken on the event loop as its turn to
be written comes, and the files are written by one thread, in order. A save asked for
while one of the same table still waits its turn is that one: when its turn comes it
takes the game as it stands then, which says everything both would have said. So the
game written is always the game after its latest action, as if saved after every one,
but a table whose actions come faster than its disk writes them takes one snapshot
per write, not one per action (a snapshot writes the whole record: its cost grows
with the game). ``flush`` waits until every save asked for is on disk (the server
closing waits for it, so nothing is lost).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from five_hundred.engine import PublicView
    from five_hundred.hotseat import Controller, Player
    from five_hundred.ui.storage import SaveSlot

LOG = logging.getLogger("five_hundred.net")


class Snapshot:
    """What ``SaveSlot.write`` reads of a controller, taken now (plain values: a thread
    may read them while the game goes on)."""

    def __init__(self, c: Controller) -> None:
        self._record = c.record_json()
        self._public = c.public()
        self.seed = c.seed
        self.players: tuple[Player, ...] = c.players
        self.takebacks = list(c.takebacks)
        self.hints = list(c.hints)
        self.practice = c.practice
        self.game_over = c.game_over

    def record_json(self) -> str:
        return self._record

    def public(self) -> PublicView:
        return self._public


Job = Callable[[], Callable[[], None]]  # run on the loop: returns the thread's work


class Disk:
    """One table's disk work, in order, in ``executor`` (one thread for all tables)."""

    def __init__(self, executor: Executor) -> None:
        self._executor = executor
        self._jobs: deque[Job] = deque()
        self._task: asyncio.Task[None] | None = None
        self._waiting: tuple[SaveSlot, Controller] | None = None  # a save not begun
        self.snapshots = 0  # snapshots taken (saves written or being written)

    def save(self, slot: SaveSlot, c: Controller) -> None:
        """Save the game as it stands (the controller's saver, after every action): the
        game is read when this save's turn to be written comes, so a save asked for
        while another waits is that one."""
        waiting = self._waiting is not None
        self._waiting = (slot, c)
        if not waiting:
            self._submit(self._take)

    def _take(self) -> Callable[[], None]:
        """The waiting save's turn: the game as it stands now, to be written."""
        assert self._waiting is not None
        slot, c = self._waiting
        self._waiting = None
        self.snapshots += 1
        snapshot = cast("Controller", Snapshot(c))  # SaveSlot reads only these
        return lambda: slot.write(snapshot)

    def do(self, work: Callable[[], None]) -> None:
        """Other disk work for the table (its table file, the game finished), in order."""
        self._submit(lambda: work)

    def _submit(self, job: Job) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop yet (a table resumed before the server starts)
            self._run(job())
            return
        self._jobs.append(job)
        if self._task is None:
            self._task = loop.create_task(self._drain())

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._jobs:
                job = self._jobs.popleft()
                try:
                    work = job()
                except Exception:  # a snapshot that failed: a bug, the next save is tried
                    LOG.exception("a save could not be taken")
                    continue
                await loop.run_in_executor(self._executor, self._run, work)
        finally:
            self._task = None

    @staticmethod
    def _run(work: Callable[[], None]) -> None:
        try:
            work()
        except Exception:  # SaveSlot reports its own failures; anything else is a bug
            LOG.exception("a save failed")

    async def flush(self) -> None:
        """Wait until every save asked for so far is written."""
        while self._task is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(self._task)


__all__ = ["Disk", "Snapshot"]
