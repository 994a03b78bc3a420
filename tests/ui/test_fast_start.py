"""What makes the first screen quick (issue 23, item 8) changes nothing else: garbage
collection paused while it is built comes back once it is painted; the start screen's
lean buttons look like Textual's; a screen is restyled when it comes back."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Button, Label

from five_hundred.ui.app import FiveHundredApp
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.storage import Storage
from five_hundred.ui.widgets.lean_button import LeanButton


async def test_garbage_collection_is_paused_for_the_first_paint_only(tmp_path: Path) -> None:
    app = FiveHundredApp(Storage(tmp_path))
    at_first_paint: list[bool] = []
    original = app._display

    def display(screen, renderable):  # type: ignore[no-untyped-def]
        if renderable is not None and not at_first_paint:
            at_first_paint.append(gc.isenabled())
        original(screen, renderable)

    app._display = display  # type: ignore[method-assign]
    assert gc.isenabled()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert at_first_paint == [False]
        for _ in range(100):  # once the screen has refreshed
            if gc.isenabled():
                break
            await pilot.pause(0.02)
        assert gc.isenabled()
    assert gc.isenabled()


async def test_garbage_collection_left_off_if_it_was_off(tmp_path: Path) -> None:
    gc.disable()
    try:
        async with FiveHundredApp(Storage(tmp_path)).run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert not gc.isenabled()
    finally:
        gc.enable()


class _Buttons(App[None]):
    """A Textual button and a lean one side by side, for each kind the game shows."""

    AUTO_FOCUS = ""

    KINDS: ClassVar[list[tuple[str, bool, bool]]] = [  # variant, compact, disabled
        (variant, compact, disabled) for variant in ("default", "primary")
        for compact in (True, False) for disabled in (False, True)]

    def compose(self) -> ComposeResult:
        for i, (variant, compact, disabled) in enumerate(self.KINDS):
            with Horizontal():
                for cls in (Button, LeanButton):
                    yield cls("Resume", variant=variant,  # type: ignore[arg-type]
                              compact=compact, disabled=disabled,
                              id=f"{cls.__name__}-{i}")


def _look(widget: Widget) -> tuple[object, object]:
    """A widget's styles as drawn, and its lines."""
    return widget.styles.get_render_rules(), widget.render_lines(
        Region(0, 0, *widget.outer_size))


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "ansi-dark"])
async def test_the_lean_button_looks_like_textuals_in_every_state(theme: str) -> None:
    """The start screen's buttons carry a copy of the part of Textual's button styles
    they use (``LeanButton``): the same look, blurred, focused, under the mouse, being
    pressed and disabled, in each theme (the ANSI one too)."""
    app = _Buttons()
    async with app.run_test(size=(60, 50)) as pilot:
        app.theme = theme
        await pilot.pause()
        for i, (_variant, _compact, disabled) in enumerate(app.KINDS):
            looks: dict[str, list[object]] = {}
            for cls in (Button, LeanButton):
                widget = app.query_one(f"#{cls.__name__}-{i}")
                looks.setdefault("plain", []).append(_look(widget))
                await pilot.hover(widget)
                looks.setdefault("hover", []).append(_look(widget))
                await pilot.hover(app.screen, offset=(59, 49))
                if not disabled:
                    widget.focus()
                    await pilot.pause()
                    looks.setdefault("focus", []).append(_look(widget))
                    widget.add_class("-active")
                    await pilot.pause()
                    looks.setdefault("active", []).append(_look(widget))
                    widget.remove_class("-active")
                    app.screen.set_focus(None)
                    await pilot.pause()
            for state, (textual, lean) in looks.items():
                assert textual == lean, (app.KINDS[i], state)


class _Shown(BaseScreen):
    restyled = 0

    def compose(self) -> ComposeResult:
        yield Label("hello")

    def update_node_styles(self, animate: bool = True) -> None:
        self.restyled += 1
        super().update_node_styles(animate)


async def test_a_screen_is_restyled_when_it_comes_back_not_when_it_first_shows(
        tmp_path: Path) -> None:
    """Its widgets were styled as they were mounted, an instant before its first resume;
    shown again (the table and the curtain are), Textual's restyle on resume catches up
    with what changed meanwhile, as usual."""
    app = FiveHundredApp(Storage(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = _Shown()
        app.install_screen(screen, name="shown")
        await app.push_screen("shown")
        await pilot.pause()
        assert app.screen is screen and screen.restyled == 0
        await app.pop_screen()
        await app.push_screen("shown")
        await pilot.pause()
        assert app.screen is screen and screen.restyled == 1


async def test_the_other_screens_styles_change_nothing_on_the_start_screen(
        tmp_path: Path) -> None:
    """screens.tcss is read as the first other screen is shown, after the start screen
    has been styled: it must hold no rule for the start screen's widgets (else they
    would look different before and after). Its rules do reach the other screens."""
    app = FiveHundredApp(Storage(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.stylesheet.has_source(str(app.SCREENS_CSS), "")
        before = app.export_screenshot()
        start = app.screen
        styles = {node: node.styles.get_render_rules() for node in start.walk_children()}
        await pilot.press("f1")  # the rules: the first other screen
        await pilot.pause()
        assert app.stylesheet.has_source(str(app.SCREENS_CSS), "")
        assert app.screen.query_one("#rules-toc").styles.layer == "contents"
        app.stylesheet.update(start)
        assert {node: node.styles.get_render_rules()
                for node in start.walk_children()} == styles
        app.pop_screen()
        await pilot.pause()
        assert app.screen is start and app.export_screenshot() == before
