"""A house-rule box that says plainly whether it is on: ``[✔] text`` or ``[ ] text``
(space, Enter or a click toggles)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget


class Tick(Widget, can_focus=True):
    DEFAULT_CSS = """
    Tick { height: auto; width: 1fr; padding: 0 1; }
    Tick:focus { background: $accent 40%; }
    """

    class Changed(Message):
        def __init__(self, tick: Tick, value: bool) -> None:
            super().__init__()
            self.tick = tick
            self.value = value

        @property
        def control(self) -> Tick:
            return self.tick

    def __init__(self, label: str, value: bool = False, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.label = label
        self.value = value

    def render(self) -> Text:
        box = Text("[✔] ", style="bold green") if self.value else Text("[ ] ", style="dim")
        return Text.assemble(box, Text(self.label, style="" if self.value else "dim"))

    def action_flip(self) -> None:
        self.value = not self.value
        self.refresh()
        self.post_message(self.Changed(self, self.value))

    def on_key(self, event: events.Key) -> None:
        # a key, not a binding: see Choice
        if event.key in ("space", "enter"):
            event.stop()
            event.prevent_default()
            self.action_flip()

    def on_click(self, event: events.Click) -> None:
        self.action_flip()
