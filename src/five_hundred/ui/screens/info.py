"""The rules (from the packaged rules.md), the keys help and small dialogs."""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from five_hundred.engine import RuleSet

KEYS_HELP = """\
# Keys

| Key | What it does |
| --- | --- |
| ← → | choose a card, a bid or a suit |
| ↑ ↓ | move between rows of the bidding grid |
| 1 … 9, 0 | choose the 1st … 10th card of your hand (or the n-th suit) |
| Enter | play the card, make the bid, confirm the discard, choose the suit |
| space | mark a card for the discard (kitty exchange) |
| p | pass (in the auction) |
| Esc | go back (discard confirmation, joker lead) |
| h | hint: what the strongest computer player would do |
| u | take back your last move and the computers' replies (also on the next curtain) |
| c | claim the remaining tricks: accepted only if certain whatever anyone plays |
| s | score sheet |
| F1 or ? | the rules |
| k | this help |
| + / − | slower / faster computer players |
| ctrl+p | command palette: new game, rules, score sheet, save, quit |
| q | quit (the game is saved: resume with `five-hundred --resume`) |

The mouse works too: click a card to choose it and click it again to play it;
click a bid to choose it and again to bid.
"""


def rules_markdown(rules: RuleSet | None = None) -> str:
    text = resources.files("five_hundred").joinpath("rules.md").read_text(encoding="utf-8")
    if rules is not None:
        house = rules.describe_options()
        lines = "\n".join(f"- {h}" for h in house) or "- none: the default rules"
        text = (f"# House rules in force\n\nPreset `{rules.preset}`.\n\n{lines}\n\n" + text)
    return text


class RulesScreen(BaseScreen):
    """The rules as played here (one Markdown renderable in a scroll view: a widget
    per paragraph would make this long text slow to open)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1", "close", "Close"),
        Binding("up", "scroll(-1)", "Scroll", key_display="↑↓"),
        Binding("down", "scroll(1)", "Scroll", show=False),
        Binding("pageup", "scroll(-20)", "Page", key_display="PgUp/PgDn"),
        Binding("pagedown", "scroll(20)", "Page", show=False),
    ]

    def __init__(self, rules: RuleSet | None) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        from rich.markdown import Markdown

        with Vertical(id="body"), VerticalScroll(id="rules-scroll"):
            yield Static(Markdown(rules_markdown(self.rules)), id="rules")
        yield KeyBar()
        yield from self.compose_too_small()

    def action_close(self) -> None:
        self.dismiss()

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)


class KeysScreen(BaseScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,k", "close", "Close")]

    def compose(self) -> ComposeResult:
        from rich.markdown import Markdown

        with Vertical(id="body"), VerticalScroll(id="keys-scroll"):
            yield Static(Markdown(KEYS_HELP), id="keys")
        yield KeyBar()
        yield from self.compose_too_small()

    def action_close(self) -> None:
        self.dismiss()


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (used for quitting mid-game). "No" has the focus: an Enter
    typed ahead must not answer yes."""

    AUTO_FOCUS = "#no"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.question), id="question")  # text, never markup
            with Horizontal(id="answers"):
                yield Button("Yes (y)", variant="error", id="yes")
                yield Button("No (n)", variant="primary", id="no")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class MessageScreen(ModalScreen[None]):
    """A message that must be read (e.g. a damaged save was set aside)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape", "close", "OK")]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.message), id="message")  # may quote a file: no markup
            with Center():
                yield Button("OK", variant="primary", id="ok")

    def action_close(self) -> None:
        self.dismiss()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()


__all__ = ["ConfirmScreen", "KeysScreen", "MessageScreen", "RulesScreen", "VerticalScroll"]
