"""Helpers for the UI tests: the visible text of the screen, and driving a game."""

from __future__ import annotations

import io

from rich.console import Console
from textual.app import App
from textual.pilot import Pilot


def screen_text(app: App[object]) -> str:
    """Everything visible on the terminal now, as plain text (all layers: toasts,
    footer, overlays), rendered by the same compositor that paints the terminal."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False)
    update = app.screen._compositor.render_update(full=True,
                                                   screen_stack=app._background_screens)
    console.print(update)
    return console.export_text(styles=False)


async def quick_pause(pilot: Pilot[None]) -> None:
    """Like ``pilot.pause()`` without its wait for the CPU to go idle (~30 ms a call):
    every message queued on the screen is processed and the layout refreshed, which is
    all a screen capture needs."""
    await pilot._wait_for_screen()
    pilot.app.screen._on_timer_update()
