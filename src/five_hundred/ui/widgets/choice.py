"""A one-line choice among a few options: ◂ option ▸ (←/→, space or a click cycles).

Lighter than ``Select`` (no overlay list), which keeps the start screen quick to show.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget


class Choice(Widget, can_focus=True):
    DEFAULT_CSS = """
    Choice { height: 1; width: auto; padding: 0 1; }
    Choice:focus { background: $accent 40%; }
    """
    # keys, not bindings: a binding is looked up when the key has bubbled up, in the
    # focus of that moment, so a ← typed ahead of a Tab would act on the next field
    STEPS: ClassVar[dict[str, int]] = {"left": -1, "right": 1, "space": 1}

    class Changed(Message):
        def __init__(self, choice: Choice, value: str) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(self, options: list[tuple[str, str]], value: str, *,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.options = options
        values = [v for _, v in options]
        self._index = values.index(value) if value in values else 0

    @property
    def value(self) -> str:
        return self.options[self._index][1]

    def render(self) -> Text:
        label = self.options[self._index][0]
        return Text.assemble(("◂ ", "dim"), label, (" ▸", "dim"))

    def action_step(self, step: int) -> None:
        self._index = (self._index + step) % len(self.options)
        self.refresh(layout=True)
        self.post_message(self.Changed(self, self.value))

    def on_key(self, event: events.Key) -> None:
        step = self.STEPS.get(event.key)
        if step is not None:
            event.stop()
            event.prevent_default()
            self.action_step(step)

    def on_click(self, event: events.Click) -> None:
        """◂ steps back, the rest of the line forward."""
        offset = event.get_content_offset(self)
        self.action_step(-1 if offset is not None and offset.x < 2 else 1)
