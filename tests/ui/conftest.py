"""The UI tests' pilot waits for the app to be idle in steps of 5 ms, not Textual's
20 ms, and counts a queued message as work.

``pilot.press`` and ``pilot.pause`` wait until the process is idle: Textual sleeps 20 ms
a step and calls the app idle when it used under 5% of a core meanwhile. Two such waits
a key press made the walks mostly sleep (about 40% of the suite). A shorter step alone
is more easily fooled on a loaded machine -- a process waiting for a core uses no CPU
either, so a key could still be on its way to the screen when ``press`` returns (one
run with the short step alone failed a typing-ahead test). So idle here also means no
message waits in the app, its screen or any of the screen's widgets.
"""

from __future__ import annotations

import asyncio
from time import monotonic, process_time

from textual import app as textual_app
from textual import pilot as textual_pilot
from textual._context import active_app

STEP = 0.005
IDLE_CPU = STEP / 20  # Textual's ratio


def _messages_waiting() -> bool:
    app = active_app.get(None)
    if app is None:
        return False
    if app.message_queue_size:
        return True
    try:
        screen = app.screen
    except Exception:  # no screen yet, or the app is closing
        return False
    return any(node.message_queue_size for node in screen.walk_children(with_self=True))


async def wait_for_idle(min_sleep: float = STEP, max_sleep: float = 1.0) -> None:
    """Like ``textual._wait.wait_for_idle``: return once a step passed with the process
    idle and no message queued, or after ``max_sleep``."""
    start = monotonic()
    while True:
        cpu = process_time()
        await asyncio.sleep(STEP)
        elapsed = monotonic() - start
        if elapsed >= max_sleep:
            return
        if elapsed >= min_sleep and process_time() - cpu < IDLE_CPU and \
                not _messages_waiting():
            return


# the two modules that imported Textual's own (``pilot.press`` goes through the app's)
textual_pilot.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]
textual_app.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]
