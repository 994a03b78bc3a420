"""The host's start screen as an app of its own: ``five-hundred host`` without
``--seats`` (nor ``--headless`` or ``--resume``) runs it first; what it returns opens
the table exactly as ``--seats`` would (``remote_launch.host_main``), and the host's
table (``RemoteApp``) follows. Escape, ctrl+q or ctrl+c leave with nothing chosen.

The app is small on purpose: it holds no game, opens no socket and starts no thread;
the table server is started once it has returned.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from five_hundred import i18n
from five_hundred.i18n import N_, _
from five_hundred.notation import default_names
from five_hundred.ui import all_styles
from five_hundred.ui.guard import GUARD_SECONDS
from five_hundred.ui.languages import language_commands, next_language, redraw_screens
from five_hundred.ui.screens.host_setup import DEFAULT_KINDS, HostSetupScreen
from five_hundred.ui.storage import Storage

if TYPE_CHECKING:
    from five_hundred.engine import PublicView, RuleSet
    from five_hundred.hotseat import Controller


@dataclass(frozen=True)
class HostChoice:
    """The table the host set up: each seat's kind as ``--seats`` spells it
    (``remote``, ``person``, ``easy``, ``normal``, ``hard``) and name (``""``: the
    seat's own, or the joiner's), the rules, the seed and whether it is a practice game."""

    kinds: tuple[str, ...]
    names: tuple[str, ...]
    rules: RuleSet
    seed: int | None
    practice: bool


class HostSetupApp(App[HostChoice]):
    """The host's start screen; ``return_value`` is the ``HostChoice``, or None if the
    host left."""

    CSS_PATH = all_styles()  # the rules screen's too
    TITLE = "Five Hundred"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "quit_setup", N_("Quit"), show=False, priority=True),
        Binding("f3", "next_language", N_("Language"), show=False),
    ]

    def __init__(self, storage: Storage, *, rules: RuleSet | None = None,
                 seed: int | None = None, practice: bool = False,
                 kinds: tuple[str, ...] = DEFAULT_KINDS,
                 guard_seconds: float = GUARD_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.storage = storage
        self.rules = rules
        self.seed = seed
        self.practice = practice
        self.kinds = kinds
        self.guard_seconds = guard_seconds
        self.clock = clock
        self.controller: Controller | None = None  # no game is held here

    # ------------------------------------------------------------ what screens read

    @property
    def names(self) -> tuple[str, ...]:
        return default_names()

    def public_view(self) -> PublicView:
        raise LookupError("no game at the host's start screen")

    def can_take_back(self) -> bool:
        return False

    # ------------------------------------------------------------ the screen

    def get_default_screen(self) -> Screen[None]:
        return HostSetupScreen(self.rules, self.seed, self.practice, self.kinds)

    def on_host_setup_screen_open(self, message: HostSetupScreen.Open) -> None:
        self.exit(HostChoice(message.kinds, message.names, message.rules, message.seed,
                             message.practice))

    def action_quit_setup(self) -> None:
        self.exit(None)

    def action_request_quit(self) -> None:
        self.exit(None)

    def action_rules(self) -> None:
        """The rules, with the house rules chosen so far."""
        from five_hundred.ui.screens.info import RulesScreen

        if isinstance(self.screen, RulesScreen):
            return
        setup = self.screen_stack[0] if self.screen_stack else None
        rules = setup.chosen_rules() if isinstance(setup, HostSetupScreen) and \
            setup.is_mounted else None
        self.push_screen(RulesScreen(rules))

    def action_keys(self) -> None:
        from five_hundred.ui.screens.info import KeysScreen

        if not isinstance(self.screen, KeysScreen):
            self.push_screen(KeysScreen())

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield SystemCommand(_("Rules"), _("The rules of Five Hundred as played here"),
                            self.action_rules)
        yield from language_commands(self.set_language)
        yield SystemCommand(_("Quit"), _("Leave without opening the table"),
                            self.action_quit_setup)

    # ------------------------------------------------------------ language, colours

    def action_next_language(self) -> None:
        self.set_language(next_language())

    def set_language(self, lang: str) -> None:
        """Switch to ``lang`` (remembered; the table that follows speaks it too)."""
        i18n.set_language(lang)
        self.storage.remember_language(lang)
        self.redraw_screens()

    def set_four_colours(self, on: bool) -> None:
        from five_hundred.ui.palette import use_four_colours

        use_four_colours(on)
        self.storage.remember_four_colours(on)
        self.redraw_screens()

    def redraw_screens(self) -> None:
        redraw_screens(self)


__all__ = ["HostChoice", "HostSetupApp"]
