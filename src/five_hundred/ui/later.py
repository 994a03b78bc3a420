"""One-shot timers that always fire.

Textual's ``set_timer`` (8.x) drops a one-shot timer without calling it back when more
than its delay passes between two reads of the clock as it starts (a busy machine, the
computer's thread holding the interpreter): at the fastest pace, a millisecond, the
computers stopped for good in one game of four played with both cores busy. The
asyncio loop's own timer has no such window.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from textual.message_pump import MessagePump


def call_after(node: MessagePump, delay: float, callback: Callable[[], object]
               ) -> asyncio.TimerHandle:
    """Call ``callback`` on ``node``'s message loop after ``delay`` seconds (as
    ``set_timer`` would); ``cancel()`` the handle to call it off. A node closed by then
    is not called back."""
    return asyncio.get_running_loop().call_later(max(delay, 0.0), node.call_next, callback)
