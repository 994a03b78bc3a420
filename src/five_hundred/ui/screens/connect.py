"""The join form: a name, the table's code (and the host's address when it was not
given). Shown by ``five-hundred join`` without ``--code`` or ``--name``, and always in
the browser (``five-hundred serve``). A refused join says why in one line and the form
stays, filled in, to try again.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.message import Message
from textual.widgets import Input, Label, Static

from five_hundred.i18n import N_, _
from five_hundred.safe_text import NAME_LIMIT, clean_text
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.widgets.keybar import KeyBar

CODE_LIMIT = 32  # the protocol's bound on a code
ADDRESS_LIMIT = 270


class ConnectScreen(BaseScreen):
    """Name, code and perhaps address; Enter joins."""

    DEFAULT_CSS = """
    ConnectScreen #body { align: center middle; }
    ConnectScreen #connect-box { width: 64; height: auto; padding: 1 2;
                                 border: heavy $accent; background: $surface; }
    ConnectScreen #connect-title { margin: 0 0 1 0; }
    ConnectScreen Label { margin: 1 0 0 0; }
    ConnectScreen Input { width: 100%; }
    ConnectScreen #connect-answer { height: auto; margin: 1 0 0 0; }
    """

    class Join(Message):
        """The form is filled in: join the table."""

        def __init__(self, name: str, code: str, address: str) -> None:
            super().__init__()
            self.name = name
            self.code = code
            self.address = address

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", N_("Join")),
        Binding("tab", "app.focus_next", N_("Next field"), show=True),
        Binding("escape", "app.request_quit", N_("Quit")),
    ]

    def __init__(self, name: str = "", code: str = "", address: str | None = None,
                 where: str = "") -> None:
        super().__init__()
        self.name_given = name
        self.code_given = code
        self.ask_address = address is None
        self.address_given = address or ""
        self.where = where  # "192.168.1.20:7500": the table's host, when given
        self.busy = False

    def compose(self) -> ComposeResult:
        with Vertical(id="body"), Center(), Vertical(id="connect-box"):
            yield Static(id="connect-title")
            yield Label(_("Your name"), id="name-label")
            yield Input(self.name_given, id="name", max_length=NAME_LIMIT,
                        placeholder=_("as the others will see it"))
            yield Label(_("The table's code"), id="code-label")
            yield Input(self.code_given, id="code", max_length=CODE_LIMIT,
                        placeholder=_("from the host, like K7QF-29XA"))
            if self.ask_address:
                yield Label(_("The host's address"), id="address-label")
                yield Input(self.address_given, id="address", max_length=ADDRESS_LIMIT,
                            placeholder=_("like 192.168.1.20:7500"))
            yield Static(id="connect-answer")
        yield KeyBar()
        yield from self.compose_too_small()

    def on_mount(self) -> None:
        super().on_mount()
        self._fill_title()
        first_empty = next((i for i in self.query(Input).results(Input) if not i.value),
                           None)
        (first_empty or self.query_one("#name", Input)).focus()

    def _fill_title(self) -> None:
        title = Text(_("Join a table of Five Hundred"), style="bold")
        if self.where:
            title.append("\n" + _("at {where}").format(where=self.where), style="dim")
        self.query_one("#connect-title", Static).update(title)

    def redraw_language(self) -> None:
        if self.is_mounted:
            self.refresh(recompose=True)

    def values(self) -> tuple[str, str, str]:
        name = self.query_one("#name", Input).value
        code = self.query_one("#code", Input).value
        address = self.query_one("#address", Input).value if self.ask_address else \
            self.address_given
        return name.strip(), code.strip(), address.strip()

    def say(self, text: str, error: bool = True) -> None:
        """One line under the form (a refusal in words, or "Joining…")."""
        line = Text(clean_text(text), style="bold red" if error else "italic")
        self.query_one("#connect-answer", Static).update(line)

    def failed(self, message: str) -> None:
        """The join was refused: say why; the form stays to try again."""
        self.busy = False
        self.say(message)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_join()

    def action_join(self) -> None:
        if self.busy:
            return
        name, code, address = self.values()
        missing = None
        if not name:
            missing = ("#name", _("Type your name first."))
        elif not code:
            missing = ("#code", _("Type the table's code (the host has it)."))
        elif self.ask_address and not address:
            missing = ("#address", _("Type the host's address."))
        if missing is not None:
            self.query_one(missing[0], Input).focus()
            self.say(missing[1])
            return
        self.busy = True
        self.say(_("Joining…"), error=False)
        self.post_message(self.Join(name, code, address))


__all__ = ["ConnectScreen"]
