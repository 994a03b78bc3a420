"""The acting seat's hand: one line of cards, sorted by effective suit, with a cursor.

Legal cards are bright, the others dim; the kitty's cards are underlined during the
exchange and cards marked for the discard are struck through.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from five_hundred.notation import card_label
from five_hundred.ui.render import card_style

CELL = 5  # characters per card (4 when a long hand would not fit)
KEYS = "1234567890"


class Hand(Widget):
    """A row of cards. Click a card to choose it; click it again to play it."""

    DEFAULT_CSS = """
    Hand { height: 3; width: 1fr; }
    """

    class Clicked(Message):
        def __init__(self, index: int, again: bool) -> None:
            super().__init__()
            self.index = index
            self.again = again

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: tuple[str, ...] = ()
        self.legal: frozenset[str] = frozenset()
        self.marked: frozenset[str] = frozenset()
        self.kitty: frozenset[str] = frozenset()
        self.cursor: int | None = None
        self.numbered = False
        self.caption = ""
        self.cell = CELL
        self._clicked: int | None = None  # a second click on the same card plays it

    def show(self, cards: tuple[str, ...], legal: frozenset[str], cursor: int | None,
             marked: frozenset[str] = frozenset(), kitty: frozenset[str] = frozenset(),
             caption: str = "", numbered: bool | None = None) -> None:
        """``numbered``: the cards' keys are shown (a card may be chosen); by default
        when there is a cursor."""
        if cards != self.cards:
            self._clicked = None
        self.cards, self.legal, self.cursor = cards, legal, cursor
        self.numbered = cursor is not None if numbered is None else numbered
        self.marked, self.kitty, self.caption = marked, kitty, caption
        self.refresh()

    def render(self) -> Text:
        if not self.cards:
            return Text(self.caption or "")
        top = Text()
        keys = Text()
        width = self.size.width or 80
        self.cell = cell = CELL if len(self.cards) * CELL <= width else CELL - 1
        for i, code in enumerate(self.cards):
            style = card_style(code)
            if code not in self.legal:
                style = "dim"
            if code in self.kitty:
                style += " underline"
            if code in self.marked:
                style += " strike"
            label = card_label(code)
            if i == self.cursor:
                top.append(f"[{label:>3}]" if cell == CELL else f"{label:>3}]",
                           style=style + " reverse")
            else:
                top.append(f" {label:>3} " if cell == CELL else f"{label:>3} ", style=style)
            mark = KEYS[i] if i < len(KEYS) and self.numbered else " "
            if i == self.cursor:
                mark = "▲"
            if code in self.marked:  # shown under the cursor too: the brackets say where it is
                mark = "✗"
            keys.append(f"  {mark}  " if cell == CELL else f"  {mark} ",
                        style="bold" if i == self.cursor else "dim")
        out = Text()
        out.append_text(top)
        out.append("\n")
        out.append_text(keys)
        if self.caption:
            out.append("\n" + self.caption, style="dim")
        return out

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = offset.x // self.cell
        if 0 <= index < len(self.cards) and offset.y <= 1:
            again = index == self._clicked == self.cursor
            self._clicked = index
            self.post_message(self.Clicked(index, again=again))
