"""A seat's name on the start and host-setup forms.

The row draws the seat's kind beside the name as ``◂ person ▸``: → at the end of the
name goes on to it (where ←→ choose), as the arrows on the row suggest, instead of
doing nothing a player can see.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input

from five_hundred.ui.widgets.choice import Choice

# The name's own editing keys (←, Home, ⌫, Ctrl+U, ...) and their actions.
_EDITING = {key.strip(): binding.action for binding in Input.BINDINGS
            if isinstance(binding, Binding) for key in binding.key.split(",")}
_EDITING.pop("right")  # ours (``action_right``)


class SeatName(Input):
    # Priority, as the form's Tab and ↑↓ are: → acts as it arrives, in the order the
    # keys were typed. Decided when the name's own queue reached it, a → typed ahead of
    # a ↓ moved nothing: the ↓ had already taken the cursor on from the name.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "right", show=False, priority=True),
    ]

    class RightInTurn(Message, bubble=False):
        """A → that waits for the keys typed before it into this name."""

    _keys_on_the_way = 0  # keys sent to the name and not yet handled by it

    def post_message(self, message: Message) -> bool:
        if isinstance(message, events.Key):
            self._keys_on_the_way += 1
        return super().post_message(message)

    async def on_key(self, event: events.Key) -> None:
        self._keys_on_the_way = max(0, self._keys_on_the_way - 1)
        action = _EDITING.get(event.key)
        if action is not None:
            # Here, in the name's own queue: as a binding the key would act only once it
            # had gone up to the app, after a → typed behind it had weighed the cursor.
            event.stop()
            event.prevent_default()
            await self.run_action(action)

    def action_right(self) -> None:
        if self._keys_on_the_way:
            # letters (or a ←) are still on their way into the name: where its cursor
            # ends is known only once they are in
            self.post_message(self.RightInTurn())
        else:
            self._right()

    def on_seat_name_right_in_turn(self, message: RightInTurn) -> None:
        kind = self._kind()
        if self.screen.focused is self:
            self._right()
        elif kind is not None and self.screen.focused is kind:
            kind.action_step(1)  # a second → typed before the first had moved on

    def _right(self) -> None:
        """At the end of the name, on to the seat's kind; else the cursor moves."""
        kind = self._kind()
        if kind is None or self.cursor_position < len(self.value):
            self.action_cursor_right()
        else:
            # set_focus, not focus() (which waits its turn): the keys after this one
            # go to the kind
            self.screen.set_focus(kind)

    def _kind(self) -> Choice | None:
        kinds = self.parent.query(Choice) if self.parent is not None else None
        return kinds.first() if kinds else None
