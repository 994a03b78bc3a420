"""A row of fields after a label, the label drawn by the row itself.

A ``Label`` before the fields would be one more widget per row to build, style, lay
out and draw: on the start screen, six of them took some 6% of its time once the code
is loaded. The row draws its label where no field covers it: the first field leaves
the room with its left margin (``.seat-name, #preset`` in five_hundred.tcss). It
looks the same as a 12-column Label (the start screen's snapshots are unchanged).
"""

from __future__ import annotations

from textual.containers import Horizontal
from textual.content import Content


class LabelledRow(Horizontal):
    def __init__(self, label: str, *, classes: str | None = None) -> None:
        super().__init__(classes=classes)
        self.label = label

    def render(self) -> Content:
        return Content(self.label)
