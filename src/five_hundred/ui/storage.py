"""Where the game in progress is kept, and how it is written: never lost, never half-written.

The save is the game record (RECORD-FORMAT.md) in the platform's user data folder,
plus a small side file with the seats (person or computer) and the seed. Both are
written atomically (temporary file, ``fsync``, ``os.replace``). A save that cannot be
read is renamed aside, never deleted.
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the engine is imported only when a game is loaded (fast start)
    from five_hundred.hotseat import Controller, Player

DATA_ENV = "FIVE_HUNDRED_DATA_DIR"
SAVE_NAME = "current-game.json"
SEATS_NAME = "current-game.seats.json"


def data_dir() -> Path:
    """The folder for saved games (``$FIVE_HUNDRED_DATA_DIR`` overrides it)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    import platformdirs  # only when the default folder is asked for (fast start)

    return Path(platformdirs.user_data_dir("five-hundred", appauthor=False))


def atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


class SaveError(Exception):
    """The saved game could not be resumed; it has been moved to ``kept_as``."""

    def __init__(self, message: str, kept_as: Path | None) -> None:
        super().__init__(message)
        self.message = message
        self.kept_as = kept_as


@dataclass
class Storage:
    folder: Path

    @classmethod
    def default(cls) -> Storage:
        return cls(data_dir())

    @property
    def save_path(self) -> Path:
        return self.folder / SAVE_NAME

    @property
    def seats_path(self) -> Path:
        return self.folder / SEATS_NAME

    def has_save(self) -> bool:
        return self.save_path.exists()

    def write(self, controller: Controller) -> None:
        """Save the game record and the seats (called after every action)."""
        if not self.seats_path.exists():
            self._write_seats(controller)
        atomic_write(self.save_path, controller.record_json())

    def _write_seats(self, controller: Controller) -> None:
        import json

        atomic_write(self.seats_path, json.dumps(
            {"seed": controller.seed, "players": [p.to_json() for p in controller.players]},
            indent=1))

    def start(self, controller: Controller) -> None:
        """A new game takes the save slot (any older save is set aside first)."""
        if self.save_path.exists():
            self._set_aside("replaced")
        self._write_seats(controller)
        self.write(controller)

    def load(self) -> Controller:
        """Resume the saved game; raises ``SaveError`` after setting a bad save aside."""
        try:
            text = self.save_path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            kept = self._set_aside("unreadable")
            raise SaveError(f"The saved game could not be read ({exc}).", kept) from None
        from five_hundred.engine import MalformedRecord
        from five_hundred.hotseat import Controller, Player

        players: list[Player] | None = None
        seed: int | None = None
        try:
            import json

            meta = json.loads(self.seats_path.read_text(encoding="utf-8"))
            players = [Player.from_json(p) for p in meta["players"]]
            seed = int(meta["seed"])
        except (OSError, ValueError, KeyError, TypeError):
            players, seed = None, None  # the seats default to four people
        try:
            controller = Controller.from_record_text(text, players, seed,
                                                     saver=self.write)
        except (MalformedRecord, ValueError) as exc:
            kept = self._set_aside("corrupt")
            raise SaveError(f"The saved game is damaged: {exc}", kept) from None
        return controller

    def finish(self) -> Path | None:
        """The game is over: keep its record as ``finished-<time>.json``."""
        if not self.save_path.exists():
            return None
        return self._set_aside("finished")

    def _set_aside(self, why: str) -> Path | None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.folder / f"{why}-{stamp}.json"
        n = 1
        while target.exists():
            n += 1
            target = self.folder / f"{why}-{stamp}-{n}.json"
        try:
            os.replace(self.save_path, target)
        except OSError:
            return None
        with contextlib.suppress(OSError):
            os.replace(self.seats_path, target.with_suffix(".seats.json"))
        return target
