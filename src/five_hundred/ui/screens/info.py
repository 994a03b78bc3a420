"""The rules (the packaged rules.md, with a table of contents), the keys help and small
dialogs."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from five_hundred.i18n import N_, _, pgettext
from five_hundred.notation import house_rules
from five_hundred.rules_text import Section, player_rules, sections
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from five_hundred.engine import RuleSet

KEYS_HELP = N_("""\
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
| e | the auction explained: what each computer's bid counted on |
| u | take back your last move and the computers' replies (also on the next curtain) |
| c | claim the remaining tricks: accepted only if certain whatever anyone plays or holds |
| s | score sheet |
| F1 or ? | the rules |
| k | this help |
| + / − | slower / faster computer players |
| ctrl+p | command palette: new game, rules, score sheet, save, quit |
| q | quit (the game is saved: resume with `five-hundred --resume`) |
| F3 | the next language (English, Português (Portugal), Português (Brasil), Español) |

The mouse works too: click a card to choose it and click it again to play it;
click a bid to choose it and again to bid.
""")


def rules_markdown(rules: RuleSet | None = None) -> str:
    """The rules for players (``rules_text.player_rules``: the same text as
    ``five-hundred rules``), with the house rules in force at the top during a game."""
    text = player_rules()
    if rules is not None:
        house = house_rules(rules)
        lines = "\n".join(f"- {h}" for h in house) or "- " + _("none: the default rules")
        text = ("# " + _("House rules in force") + "\n\n"
                + _("Preset `{preset}`.").format(preset=rules.preset)
                + f"\n\n{lines}\n\n" + text)
    return text


def contents_line(section: Section) -> Text:
    """A line of the table of contents: the title (subsections indented) and the ids
    of the rules it states, dimmed: ``The auction  R8–R13``."""
    line = Text("  " * max(section.level - 2, 0) + section.title)
    if section.ids:
        line.append(f"  {section.id_range()}", style="dim")
    return line


class RulesContents(OptionList):
    """The table of contents: ↑↓ choose a section, Enter goes to it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", N_("Choose"), show=False),
        Binding("down", "cursor_down", N_("Choose"), key_display="↑↓"),
        Binding("enter", "select", N_("Go to"), key_display="⏎"),
        Binding("escape,t", "screen.leave_contents", N_("Back to the text"), key_display="Esc"),
    ]


class RulesScreen(BaseScreen):
    """The rules as played here, with a table of contents (``t``) to jump to a section.

    One rich Markdown renderable per section in a scroll view: a Textual widget per
    paragraph would make this long text slow to open, and a section is exactly what
    the contents jump to. The contents cover the text while they are open (the same
    at every size: at 80 columns there is no room for both side by side), each
    section on one line with the ids of the rules it states."""

    AUTO_FOCUS = ""  # nothing focused in the text: the screen's own keys scroll it
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1", "close", N_("Close")),
        Binding("t", "contents", N_("Contents")),
        Binding("up", "scroll(-1)", N_("Scroll"), key_display="↑↓"),
        Binding("down", "scroll(1)", N_("Scroll"), show=False),
        Binding("pageup", "scroll(-20)", N_("Page"), key_display="PgUp/PgDn"),
        Binding("pagedown", "scroll(20)", N_("Page"), show=False),
        Binding("home", "scroll_home", N_("Top"), show=False),
        Binding("end", "scroll_end", N_("End"), show=False),
    ]

    def __init__(self, rules: RuleSet | None) -> None:
        super().__init__()
        self.rules = rules
        self.sections = sections(rules_markdown(rules))

    def redraw_language(self) -> None:
        """The rules in the language just chosen (the English text if none is shipped)."""
        if self.is_mounted:
            self.sections = sections(rules_markdown(self.rules))
            self.refresh(recompose=True)

    def compose(self) -> ComposeResult:
        from rich.markdown import Markdown

        with Vertical(id="body"):
            yield RulesContents(*(Option(contents_line(s), id=f"toc-{i}")
                                  for i, s in enumerate(self.sections)),
                                id="rules-toc", compact=True)
            with VerticalScroll(id="rules-scroll", can_focus=False):
                for i, section in enumerate(self.sections):
                    yield Static(Markdown(section.markdown), id=f"rules-sec-{i}",
                                 classes="rules-section")
        yield KeyBar()
        yield from self.compose_too_small()

    @property
    def contents_open(self) -> bool:
        return self.has_class("-contents")

    @property
    def text(self) -> VerticalScroll:
        return self.query_one("#rules-scroll", VerticalScroll)

    def action_contents(self) -> None:
        """Open the contents, the cursor on the section in view."""
        toc = self.query_one("#rules-toc", RulesContents)
        toc.highlighted = self.section_in_view()
        self.add_class("-contents")
        toc.focus()

    def action_leave_contents(self) -> None:
        """Back to the text, where it was."""
        self.remove_class("-contents")
        self.set_focus(None)

    def section_in_view(self) -> int:
        """The section at the top of the text now."""
        top = round(self.text.scroll_y)
        found = 0
        for i in range(len(self.sections)):
            if self.query_one(f"#rules-sec-{i}").virtual_region.y <= top:
                found = i
        return found

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.go_to(event.option_index)

    def go_to(self, index: int) -> None:
        """Show section ``index`` at the top of the text."""
        self.action_leave_contents()
        target = self.query_one(f"#rules-sec-{index}")
        self.text.scroll_to_widget(target, top=True, animate=False)

    def action_close(self) -> None:
        self.dismiss()

    def action_scroll(self, lines: int) -> None:
        self.text.scroll_relative(y=lines, animate=False)

    def action_scroll_home(self) -> None:
        self.text.scroll_home(animate=False)

    def action_scroll_end(self) -> None:
        self.text.scroll_end(animate=False)


class KeysScreen(BaseScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,k", "close", N_("Close"))]

    def compose(self) -> ComposeResult:
        from rich.markdown import Markdown

        with Vertical(id="body"), VerticalScroll(id="keys-scroll"):
            yield Static(Markdown(_(KEYS_HELP)), id="keys")
        yield KeyBar()
        yield from self.compose_too_small()

    def action_close(self) -> None:
        self.dismiss()


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (used for quitting mid-game). "No" has the focus: an Enter
    typed ahead must not answer yes."""

    AUTO_FOCUS = "#no"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer(False)", N_("No")),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    @staticmethod
    def keys() -> tuple[str, str]:
        """The answers' keys in the player's language: the first letter of its yes and
        no (y/n, s/n)."""
        return pgettext("the key that answers yes", "y"), pgettext("the key that answers no",
                                                                   "n")

    def compose(self) -> ComposeResult:
        yes, no = self.keys()
        with Vertical(id="dialog"):
            yield Static(Text(self.question), id="question")  # text, never markup
            with Horizontal(id="answers"):
                yield Button(_("Yes ({key})").format(key=yes), variant="error", id="yes")
                yield Button(_("No ({key})").format(key=no), variant="primary", id="no")

    def on_key(self, event: events.Key) -> None:
        """The keys the buttons name (and y/n, which work in every language)."""
        yes, no = self.keys()
        key = (event.character or "").casefold()
        if key in (yes, "y") and key != no:
            event.stop()
            self.dismiss(True)
        elif key in (no, "n"):
            event.stop()
            self.dismiss(False)

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class MessageScreen(ModalScreen[None]):
    """A message that must be read (e.g. a damaged save was set aside)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape", "close", N_("OK"))]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.message), id="message")  # may quote a file: no markup
            with Center():
                yield Button(_("OK"), variant="primary", id="ok")

    def action_close(self) -> None:
        self.dismiss()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()


__all__ = ["ConfirmScreen", "KeysScreen", "MessageScreen", "RulesScreen", "VerticalScroll"]
