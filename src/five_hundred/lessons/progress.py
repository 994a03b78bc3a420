"""Which lessons are done, kept in ``lessons.json`` in the app's data folder.

A file that cannot be read (damaged, not JSON, not the shape expected) is not an
error: the progress starts fresh, and ``problem`` says so in one line.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from five_hundred.i18n import N_

FILE = "lessons.json"
VERSION = 1
UNREADABLE = N_("The lesson progress could not be read; it starts afresh.")


class Progress:
    def __init__(self, folder: Path) -> None:
        self.path = folder / FILE
        self.done: set[str] = set()
        self.problem = ""  # a message id, when the file could not be read
        self._load()

    def _load(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError):
            self.problem = UNREADABLE
            return
        try:
            data = json.loads(text)
            done = data["done"]
            if not isinstance(done, list) or not all(isinstance(k, str) for k in done):
                raise TypeError(done)
        except (ValueError, TypeError, KeyError):
            self.problem = UNREADABLE
            return
        self.done = {k for k in done if len(k) <= 40}

    def mark_done(self, key: str) -> bool:
        """Remember ``key`` as done; False if the file could not be written (the
        progress is then kept for this session only)."""
        self.done.add(key)
        return self.save()

    def save(self) -> bool:
        text = json.dumps({"version": VERSION, "done": sorted(self.done)}, indent=1)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".lessons-", suffix=".tmp", dir=self.path.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    out.write(text)
                os.replace(tmp, self.path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError:
            return False
        return True


__all__ = ["FILE", "UNREADABLE", "Progress"]
