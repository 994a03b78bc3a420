"""The auction explained: each computer's bid of this deal in words, from the facts its
bidding model counted on (``bots.reasons``, written by ``teaching``). Opened from the
table with ``e``; it shows the lines the table's model holds, nothing more."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from five_hundred.i18n import N_, _
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.widgets.keybar import KeyBar


def explained_text(lines: tuple[str, ...]) -> Text:
    """The heading, then each bid's line with its bidder and bid in bold."""
    out = Text(_("The auction explained") + "\n", style="bold")
    out.append(_("What each computer's bid counted on, as its own bidding reckoned it.")
               + "\n", style="dim")
    if not lines:
        out.append("\n" + _("No computer has bid in this deal yet."))
    for line in lines:
        head, sep, rest = line.partition(": ")
        out.append("\n")
        out.append(head + sep, style="bold")
        out.append(rest + "\n")
    return out


class BidsExplainedScreen(BaseScreen):
    """The computers' bids of the deal, each explained (``TableModel.explained``)."""

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,e,q", "close", N_("Close")),
        Binding("up", "scroll(-1)", N_("Scroll"), key_display="↑↓"),
        Binding("down", "scroll(1)", N_("Scroll"), show=False),
    ]

    def __init__(self, lines: Callable[[], tuple[str, ...]]) -> None:
        super().__init__()
        self.lines = lines  # the table's lines of the moment (after F3, in its language)

    def redraw_language(self) -> None:
        if self.is_mounted:
            self.query_one("#explained", Static).update(explained_text(self.lines()))
            self.query_one(KeyBar).refresh()

    def compose(self) -> ComposeResult:
        with Vertical(id="body"), VerticalScroll(id="explained-scroll"):
            yield Static(explained_text(self.lines()), id="explained")
        yield KeyBar()
        yield from self.compose_too_small()

    def action_close(self) -> None:
        self.dismiss()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#explained-scroll", VerticalScroll).scroll_relative(y=lines,
                                                                            animate=False)


__all__ = ["BidsExplainedScreen", "explained_text"]
