"""Text that its screen fits to the widget's width (the table's status line, the trick).

The screen reads the width when it draws the text. After a resize the widget has its
new width only once the layout is done, later than the screen hears of the new
terminal size, so the widget says when its width has changed and the screen draws
again then.
"""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import Static


class FittedText(Static):
    class WidthChanged(Message):
        """The widget's width changed after it was first laid out."""

    _laid_out_width: int | None = None

    def on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        if self._laid_out_width is not None and width != self._laid_out_width:
            self.post_message(self.WidthChanged())
        self._laid_out_width = width


__all__ = ["FittedText"]
