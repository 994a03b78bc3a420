"""A screen that says "enlarge the terminal" instead of drawing a broken layout."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

if TYPE_CHECKING:
    from five_hundred.ui.app import FiveHundredApp

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    DEFAULT_CSS = """
    TooSmall { display: none; width: 1fr; height: 1fr; content-align: center middle;
               text-align: center; }
    """


class BaseScreen(Screen[None]):
    """Every full screen of the game: below 80×24 only a message is shown."""

    @property
    def game(self) -> FiveHundredApp:
        """The app, typed: every screen of the game runs in a ``FiveHundredApp``."""
        from five_hundred.ui.app import FiveHundredApp

        app = self.app
        assert isinstance(app, FiveHundredApp)
        return app

    def compose_too_small(self) -> ComposeResult:
        yield TooSmall(f"Please enlarge the terminal\n(at least {MIN_WIDTH}×{MIN_HEIGHT})",
                       id="too-small")

    def apply_size(self, width: int, height: int) -> None:
        self.set_class(width < MIN_WIDTH or height < MIN_HEIGHT, "-too-small")

    def on_mount(self) -> None:
        self.apply_size(self.app.size.width, self.app.size.height)

    def on_screen_resume(self) -> None:
        self.apply_size(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self.apply_size(event.size.width, event.size.height)
