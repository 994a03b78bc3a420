"""A seat's name on the start and host-setup forms.

The row draws the seat's kind beside the name as ``◂ person ▸``: → at the end of the
name goes on to it (where ←→ choose), as the arrows on the row suggest, instead of
doing nothing a player can see.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from five_hundred.ui.widgets.choice import Choice


class SeatName(Input):
    def on_key(self, event: events.Key) -> None:
        # a key, not a binding: a binding is looked up when the key has bubbled up, in
        # the focus of that moment, so a second → typed at speed would find the kind
        # focused and no binding there; as a key each → acts in the order typed
        if event.key != "right" or self.parent is None:
            return
        kinds = self.parent.query(Choice)
        if not kinds:
            return
        kind = kinds.first()
        if self.screen.focused is kind:  # typed before the first → had moved on
            event.stop()
            event.prevent_default()
            kind.action_step(1)
        elif self.screen.focused is self and self.cursor_position >= len(self.value):
            event.stop()
            event.prevent_default()
            self.screen.set_focus(kind)  # not focus(): the keys after this go to the kind
