"""The key guard of the screens after which a hand appears (curtain, deal summary).

Plain Python (no Textual): the screens feed it every key; it says whether a key counts.
"""

from __future__ import annotations

import time
from collections.abc import Callable

GUARD_SECONDS = 0.5  # how long a guarded screen must have been quiet before a key counts


class KeyGuard:
    """A key counts only after ``quiet`` seconds in which no key was pressed.

    Terminals send no key releases, so a held key (auto-repeat), a double press or
    keys typed ahead all look like presses in quick succession: every press restarts
    the quiet time, and only a press after it counts. The clock is injected so that
    tests decide when time passes.

    Once a key has counted, the screen is settled and keys count freely (an arrow key
    held to move a cursor, a digit and Enter in quick succession) until the guard is
    armed again by the screen appearing anew.
    """

    def __init__(self, quiet: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.quiet = quiet
        self.clock = clock
        self._since = clock()
        self._settled = False

    def arm(self) -> None:
        """The guarded screen has just appeared."""
        self._since = self.clock()
        self._settled = False

    def ready(self) -> bool:
        return self.clock() - self._since >= self.quiet

    def remaining(self) -> float:
        return max(0.0, self.quiet - (self.clock() - self._since))

    def press(self) -> bool:
        """A key arrived: whether it counts (the quiet time had passed before it, or
        a key has counted since the screen appeared)."""
        if self._settled:
            return True
        ok = self.ready()
        self._since = self.clock()
        self._settled = ok
        return ok


__all__ = ["GUARD_SECONDS", "KeyGuard"]
