"""A networked table's saves, written in a thread: the game is saved after every action
(the record and its side file, as at one screen: ``ui/storage.py``), but a save's
``fsync`` takes milliseconds, and a server holding many tables must not stop them all
for each one's disk.

What a save reads of the game is taken on the event loop, at once (``Snapshot``); the
files are written later, in order, by one thread. A save not begun when a newer one
comes is dropped: the newer says everything it said. ``flush`` waits until every save
asked for is on disk (the server closing waits for it, so nothing is lost).
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


class Disk:
    """One table's disk work, in order, in ``executor`` (one thread for all tables)."""

    def __init__(self, executor: Executor) -> None:
        self._executor = executor
        self._jobs: deque[tuple[bool, Callable[[], None]]] = deque()  # (a save?, work)
        self._task: asyncio.Task[None] | None = None

    def save(self, slot: SaveSlot, c: Controller) -> None:
        """Save the game as it stands now (the controller's saver)."""
        snapshot = cast("Controller", Snapshot(c))  # SaveSlot reads only these
        for i, (is_save, _work) in enumerate(self._jobs):
            if is_save:  # not begun: the newer save says it all
                del self._jobs[i]
                break
        self._submit(True, lambda: slot.write(snapshot))

    def do(self, work: Callable[[], None]) -> None:
        """Other disk work for the table (its table file, the game finished), in order."""
        self._submit(False, work)

    def _submit(self, is_save: bool, work: Callable[[], None]) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop yet (a table resumed before the server starts)
            self._run(work)
            return
        self._jobs.append((is_save, work))
        if self._task is None:
            self._task = loop.create_task(self._drain())

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._jobs:
                _is_save, work = self._jobs.popleft()
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
