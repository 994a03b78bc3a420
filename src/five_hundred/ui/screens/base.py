"""What every full screen of the game shares: the "enlarge the terminal" message, and
the key guard of the screens after which a hand appears."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Protocol, cast

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from five_hundred.i18n import _
from five_hundred.ui.guard import KeyGuard
from five_hundred.ui.later import call_after

if TYPE_CHECKING:
    from rich.text import Text

    from five_hundred.engine import PublicView
    from five_hundred.hotseat import Controller
    from five_hundred.ui.storage import Storage

MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small_text() -> str:
    return _("Please enlarge the terminal\n(at least {width}×{height})").format(
        width=MIN_WIDTH, height=MIN_HEIGHT)


class TooSmall(Static):
    DEFAULT_CSS = """
    TooSmall { display: none; width: 1fr; height: 1fr; content-align: center middle;
               text-align: center; }
    """


class Game(Protocol):
    """What a screen may ask of the app it runs in. The app provides it; screens never
    import the app (they post messages up, and the table draws only its model)."""

    guard_seconds: float
    clock: Callable[[], float]
    storage: Storage
    controller: Controller | None

    @property
    def names(self) -> tuple[str, ...]: ...

    def public_view(self) -> PublicView: ...

    def can_take_back(self) -> bool: ...

    def set_four_colours(self, on: bool) -> None: ...

    def set_language(self, lang: str) -> None: ...


class _StyledOnce(Screen[None]):
    """A screen whose first resume does not restyle it.

    Textual restyles every widget of a screen each time it is resumed, to catch up
    with what changed while it was covered. At its first resume it was not covered
    yet: each widget was styled as it was mounted, an instant before (Textual mounts a
    screen as it is first shown), so that restyle only repeats the work: a sixth of
    the time the start screen takes to appear once the code is loaded. Later resumes
    restyle as usual.
    """

    _resumed_once = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual's own handler is called from here, not again by the dispatcher (which
        # would call it next, walking the MRO): prevent_default stops the walk
        event.prevent_default()
        if not self._resumed_once:
            self._resumed_once = True
            if event.refresh_styles and self.is_attached:
                event = events.ScreenResume(refresh_styles=False)
        Screen._on_screen_resume(self, event)


class BaseScreen(_StyledOnce):
    """Every full screen of the game: below 80×24 only a message is shown, and no key
    acts (nobody can see what it would act on).

    A ``GUARDED`` screen stands before a hand: a key counts only once the screen has
    been quiet for the guard time, so the key that made the last move, a double press,
    key repeat or keys typed ahead can never lift it (see ``KeyGuard``).
    """

    GUARDED: ClassVar[bool] = False

    def __init__(self) -> None:
        super().__init__()
        self._guard: KeyGuard | None = None
        self._guard_timer: asyncio.TimerHandle | None = None

    @property
    def game(self) -> Game:
        """The app, as far as a screen may use it."""
        return cast("Game", self.app)

    # ------------------------------------------------------------ too small

    def compose_too_small(self) -> ComposeResult:
        yield TooSmall(too_small_text(), id="too-small")

    def apply_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small:  # in the language of the moment (F3 may have switched it)
            for widget in self.query("#too-small").results(TooSmall):
                widget.update(too_small_text())
        self.set_class(small, "-too-small")

    @property
    def too_small(self) -> bool:
        """The "enlarge the terminal" message covers this screen."""
        return self.has_class("-too-small")

    # ------------------------------------------------------------ the key guard

    @property
    def guard_ready(self) -> bool:
        """A key would count now (always, on a screen without a guard)."""
        return self._guard is None or self._guard.ready()

    def arm_guard(self) -> None:
        """The screen (or what it says) has just appeared: keys wait for the guard."""
        if not self.GUARDED:
            return
        if self._guard is None:
            self._guard = KeyGuard(self.game.guard_seconds, self.game.clock)
        self._guard.arm()
        self._watch_guard()

    def _watch_guard(self) -> None:
        """Repaint once the guard time is over (shows that the screen is ready)."""
        assert self._guard is not None
        if self._guard_timer is not None:
            self._guard_timer.cancel()
        self.guard_changed()
        self._guard_timer = call_after(self, self._guard.remaining() + 0.02, self._guard_tick)

    def _guard_tick(self) -> None:
        self._guard_timer = None
        if self.guard_ready:
            self.guard_changed()
        else:  # the clock is not the timer's (tests): look again later
            self._watch_guard()

    def guard_changed(self) -> None:
        """Show whether keys count yet (screens with a guard override this)."""

    def show_prompt(self, widget_id: str, text: Text) -> None:
        """Put ``text`` in the prompt ``widget_id``, if the screen still has it (a
        screen being taken down has lost its widgets before its last events run)."""
        for widget in self.query(f"#{widget_id}").results(Static):
            widget.update(text)

    def on_key(self, event: events.Key) -> None:
        # runs before the key's binding: a key stopped here does nothing at all
        if self.too_small or (self._guard is not None and not self._guard.press()):
            event.stop()
            event.prevent_default()
            if self._guard is not None:
                self._watch_guard()

    # ------------------------------------------------------------ events

    def on_mount(self) -> None:
        self.apply_size(self.app.size.width, self.app.size.height)
        self.arm_guard()

    def on_screen_resume(self) -> None:
        if self not in self.app.screen_stack:
            # switched away before this was handled (a busy machine, a computers-only
            # table moving on from its summary): the screen is being taken down
            return
        self.apply_size(self.app.size.width, self.app.size.height)
        self.arm_guard()
        self.resumed()

    def resumed(self) -> None:
        """The screen is on top again (screens that do more then override this; a
        resume handled after the screen was switched away never gets here)."""

    def on_resize(self, event: events.Resize) -> None:
        self.apply_size(event.size.width, event.size.height)
