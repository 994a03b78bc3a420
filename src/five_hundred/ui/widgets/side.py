"""The table's side panel: house rules and auction above, then the public log, newest
first, in whole entries.

The entries are chosen when the panel is drawn, at its size of that moment: chosen
earlier, a prompt that grew a line (a hint, a long name) would leave the last entry
cut in half, which reads as a different event.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from five_hundred.i18n import _


class SidePanel(Widget):
    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self._above = Text()
        self._log: list[str] = []

    def show(self, above: Text, log: list[str]) -> None:
        self._above, self._log = above, log
        self.refresh()

    def render(self) -> Text:
        out = self._above.copy()
        if self._log:
            out.append("\n\n" + _("Log, newest first") + "\n", style="bold")
            out.append("\n".join(self._fitting(out)))
        return out

    def _fitting(self, above: Text) -> list[str]:
        width, height = self.content_size
        if not width or not height:
            return list(reversed(self._log[-12:]))  # not laid out yet
        console = self.app.console
        room = height - len(above.wrap(console, width)) + 1  # above ends in a "\n"
        shown: list[str] = []
        for entry in reversed(self._log):
            room -= len(Text(entry).wrap(console, width))
            if room < 0:
                break
            shown.append(entry)
        return shown
