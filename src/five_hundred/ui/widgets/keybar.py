"""A one-line key bar: the keys that do something now (``check_action``), cheaply.

Textual's ``Footer`` rebuilds a widget per key whenever the bindings change, which on
a hot-seat table (the bindings change at every turn) costs more than the rest of the
repaint. This bar draws the same information as one line of text.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget

from five_hundred.i18n import _


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; width: 1fr; background: $panel; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._hits: list[tuple[int, int, str]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        self.refresh()

    def render(self) -> Text:
        out = Text()
        self._hits = []
        seen: set[str] = set()
        more = Text(" " + _("^p more") + " ", style="dim")
        # keys that do not fit are left out whole, so "^p more" (which lists them all)
        # is always there at the end
        room = self.size.width - more.cell_len if self.size.width else 10**6
        hidden = getattr(self.screen, "hidden_in_bar", None)
        for _node, binding, enabled, _tip in self.screen.active_bindings.values():
            if not binding.show or not enabled or binding.action in seen:
                continue
            if hidden is not None and hidden(binding.action):
                continue
            seen.add(binding.action)
            key = Text.assemble((f" {self.app.get_key_display(binding)} ", "bold reverse"),
                                f" {_(binding.description)} ")
            if out.cell_len + key.cell_len > room:
                continue
            start = out.cell_len
            out.append_text(key)
            self._hits.append((start, out.cell_len, binding.key))
        out.append_text(more)
        return out

    async def on_click(self, event: events.Click) -> None:
        for x0, x1, key in self._hits:
            if x0 <= event.x < x1:
                await self.app.run_action(f"simulate_key({key!r})")
                return
