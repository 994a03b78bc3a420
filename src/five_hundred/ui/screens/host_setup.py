"""The host's start screen (``five-hundred host`` without ``--seats``): the local start
screen's form -- names, who plays each seat, the rule set and its house rules, the
practice game, the seed, the language -- with one more choice for a seat, ``remote``
(a friend joins it over the network, under their own name). No saved games and no
history here: ``host --resume`` continues a networked game.

It is the ``StartScreen`` with its own title, seat choices and buttons; its handlers
(the rule set showing its options, the language, the four-colour deck, keys typed
ahead) are the start screen's. ctrl+n posts ``Open`` with what was chosen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Input, Label, Static

from five_hundred.i18n import N_, _
from five_hundred.notation import is_seat_name, seat_name
from five_hundred.safe_text import clean_name
from five_hundred.ui.screens.start import KINDS, FormBody, StartScreen, _translated
from five_hundred.ui.widgets.choice import Choice
from five_hundred.ui.widgets.keybar import KeyBar
from five_hundred.ui.widgets.lean_button import LeanButton
from five_hundred.ui.widgets.tick import Tick

if TYPE_CHECKING:
    from five_hundred.engine import RuleSet

# the start screen's choices, "person" said more precisely, and "remote"
HOST_KINDS: list[tuple[str, str]] = [
    (N_("person, at this keyboard"), "person"),
    (N_("remote: a friend joins"), "remote"),
    *KINDS[1:],
]
DEFAULT_KINDS = ("person", "remote", "remote", "remote")


def kind_word(value: str) -> str:
    """A choice's value as ``--seats`` spells it: ``computer:hard`` is ``hard``."""
    return value.split(":", 1)[1] if value.startswith("computer:") else value


def choice_value(word: str) -> str:
    """``--seats``'s word as a choice's value: ``hard`` is ``computer:hard``."""
    return f"computer:{word}" if word in ("easy", "normal", "hard") else word


class HostSetupScreen(StartScreen, inherit_bindings=False):
    """Who plays each seat of the hosted table, and its rules."""

    class Open(Message):
        """Open the table: each seat's kind (``remote``, ``person``, ``easy`` …) and
        name (``""``: the seat's own, or the joiner's for a remote seat)."""

        def __init__(self, kinds: tuple[str, ...], names: tuple[str, ...], rules: RuleSet,
                     seed: int | None, practice: bool) -> None:
            super().__init__()
            self.kinds = kinds
            self.names = names
            self.rules = rules
            self.seed = seed
            self.practice = practice

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+n", "new_game", N_("Open the table")),
        Binding("f1", "app.rules", N_("Rules")),
        Binding("escape", "app.quit_setup", N_("Quit")),
        Binding("ctrl+q", "app.quit_setup", N_("Quit"), show=False),
        Binding("tab", "next_field(1)", N_("Next field"), show=False, priority=True),
        Binding("shift+tab", "next_field(-1)", N_("Previous field"), show=False,
                priority=True),
    ]

    def __init__(self, rules: RuleSet | None = None, seed: int | None = None,
                 practice: bool = False, kinds: tuple[str, ...] = DEFAULT_KINDS,
                 names: tuple[str, ...] = ("", "", "", "")) -> None:
        super().__init__(seed=seed)
        self.rules = rules
        self.practice = practice
        self.kinds = tuple(kinds)  # --seats's words
        self.names = tuple(names)  # "": the seat's own name
        self._typed: dict[int, str] = {}  # a name typed before its seat became remote

    def compose(self) -> ComposeResult:
        problem = self.game.storage.problem
        with FormBody(id="body"):
            yield Static(Text.assemble((_("Five Hundred"), "bold"), " · ",
                                       _("host a table: friends play from their own "
                                         "screens")), id="start-title")
            if problem:
                yield Static(Text(problem, style="bold"), id="save-problem")
            yield Label(_("Seats:"), id="new-title")
            yield from self.compose_seats(
                [(self.names[seat] or seat_name(seat), choice_value(self.kinds[seat]))
                 for seat in range(4)], _translated(HOST_KINDS))
            yield Static(id="host-note")
            yield from self.compose_rules(self.rules, bool(self.practice))
            yield from self.compose_seed_language()
            with Horizontal(id="start-buttons"):
                yield LeanButton(_("Open the table"), variant="primary", id="new",
                                 compact=True)
                yield LeanButton(_("Rules"), id="rules", compact=True)
                yield LeanButton(_("Quit"), id="quit", compact=True)
        yield KeyBar()
        yield from self.compose_too_small()

    def on_mount(self) -> None:
        # (the start screen's own on_mount runs after this one: the cursor in North's
        # name, or in the first field that takes it when North is remote)
        for seat in range(4):
            self._show_kind(seat)
        self._show_note()
        self.call_after_refresh(self._first_field)

    def _first_field(self) -> None:
        focused = self.focused
        if focused is None or focused.disabled:
            self.focus_next()

    # ------------------------------------------------------------ what was chosen

    def chosen_kinds(self) -> tuple[str, ...]:
        return tuple(kind_word(str(self.query_one(f"#kind-{seat}", Choice).value))
                     for seat in range(4))

    def chosen_names(self) -> tuple[str, ...]:
        """Each seat's name: ``""`` for a remote seat (the friend gives theirs) and for a
        seat's own name, in any language."""
        names = []
        for seat, kind in enumerate(self.chosen_kinds()):
            typed = "" if kind == "remote" else \
                self.query_one(f"#name-{seat}", Input).value.strip()
            if is_seat_name(typed, seat):
                typed = ""
            names.append(clean_name(typed, ""))
        return tuple(names)

    def _show_kind(self, seat: int) -> None:
        """A remote seat's name is the friend's: its field says so and takes no keys."""
        remote = self.query_one(f"#kind-{seat}", Choice).value == "remote"
        field = self.query_one(f"#name-{seat}", Input)
        if remote and not field.disabled:
            self._typed[seat] = field.value
            field.value = ""
            field.placeholder = _("their own name")
            field.disabled = True
        elif not remote and field.disabled:
            field.value = self._typed.pop(seat, "") or seat_name(seat)
            field.placeholder = seat_name(seat)
            field.disabled = False

    def _show_note(self) -> None:
        kinds = self.chosen_kinds()
        if "person" not in kinds:
            note = Text(_("No seat is played at this keyboard: once open, the table runs "
                          "here without a screen (Ctrl+C stops it)."), style="bold")
        elif "remote" not in kinds:
            note = Text(_("No seat is remote: nobody joins over the network, and the game "
                          "starts at once."), style="dim")
        else:
            note = Text(_("Remote seats wait for friends: the line they type to join is "
                          "shown once the table is open."), style="dim")
        self.query_one("#host-note", Static).update(note)

    def on_choice_changed(self, event: Choice.Changed) -> None:
        # (the start screen's handler runs after this one: the rule set, the language)
        if event.choice.id is not None and event.choice.id.startswith("kind-"):
            self._show_kind(int(event.choice.id.removeprefix("kind-")))
            self._show_note()

    def redraw_language(self) -> None:
        """The form again in the language just chosen, what was chosen kept."""
        if not self.is_mounted:
            return
        self.kinds = self.chosen_kinds()
        names = []
        for seat in range(4):
            typed = self._typed.get(seat, "") if self.kinds[seat] == "remote" else \
                self.query_one(f"#name-{seat}", Input).value.strip()
            names.append("" if is_seat_name(typed, seat) else typed)
        self.names = tuple(names)
        self._typed = {}
        self.rules = self.chosen_rules()
        self.seed = self.chosen_seed()
        self.practice = self.query_one("#practice", Tick).value
        focused = self.focused.id if self.focused is not None else None
        self.refresh(recompose=True)
        self.call_after_refresh(self._after_redraw, focused or "language")

    def _after_redraw(self, widget_id: str) -> None:
        if not self.is_mounted:
            return
        for seat in range(4):
            self._show_kind(seat)
        self._show_note()
        self._focus_again(widget_id)

    def action_new_game(self) -> None:
        self.post_message(self.Open(self.chosen_kinds(), self.chosen_names(),
                                    self.chosen_rules(), self.chosen_seed(),
                                    self.query_one("#practice", Tick).value))


__all__ = ["DEFAULT_KINDS", "HOST_KINDS", "HostSetupScreen", "choice_value", "kind_word"]
