"""Helpers for the UI tests: the visible text of the screen, and driving a game."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from rich.console import Console
from textual import events
from textual.app import App
from textual.pilot import Pilot


def screen_text(app: App[Any]) -> str:
    """Everything visible on the terminal now, as plain text (all layers: toasts,
    footer, overlays), rendered by the same compositor that paints the terminal."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False)
    update = app.screen._compositor.render_update(full=True,
                                                   screen_stack=app._background_screens)
    console.print(update)
    return console.export_text(styles=False)


async def quick_pause(pilot: Pilot[Any]) -> None:
    """Like ``pilot.pause()`` without its wait for the CPU to go idle (~30 ms a call):
    every message queued on the screen is processed and the layout refreshed, which is
    all a screen capture needs."""
    await pilot._wait_for_screen()
    pilot.app.screen._on_timer_update()


async def wait_for(pilot: Pilot[Any], condition: Callable[[], bool], limit: int = 200) -> None:
    """Pause until ``condition()`` holds (bounded by steps, never by the clock): on a
    busy machine one pause may not be enough for a screen to take its view."""
    for _ in range(limit):
        if condition():
            return
        await pilot.pause()
    raise AssertionError("the app never reached the state the test waits for")


async def process_messages(pilot: Pilot[Any]) -> None:
    """Every message queued on the screen processed, without a repaint: for walks
    that read widgets' data, not the painted screen."""
    await pilot._wait_for_screen()


async def fast_press(pilot: Pilot[Any], key: str) -> None:
    """Send one key as the terminal would (the same event ``pilot.press`` sends) and
    process it, without ``press``'s idle waits."""
    app = pilot.app
    assert app._driver is not None
    char = key if len(key) == 1 else {"space": " ", "enter": "\r", "plus": "+",
                                      "minus": "-", "question_mark": "?"}.get(key)
    event = events.Key(key, char)
    event.set_sender(app)
    app._driver.send_message(event)
    await quick_pause(pilot)


async def resize(pilot: Pilot[Any], width: int, height: int) -> None:
    """Resize the terminal and wait until the new layout is painted."""
    await pilot.resize_terminal(width, height)
    await pilot.pause()


async def act_first(app: Any, pilot: Pilot[Any]) -> None:
    """The seat to act takes its first legal action (the controller's own view of it);
    the table is shown again, and the next person's curtain lifted if one is called."""
    c = app.controller
    view = c.table_view()
    assert view is not None
    c.act(view.legal[0])
    app.advance()
    await pilot.pause()
    if c.needs_curtain():
        c.reveal()
        app.advance()
        await pilot.pause()
