"""A start screen that remembers (issue 10, item 5): the cursor is in the first name,
house rules say plainly whether they are on, the last game's names, seats and rules
come back at the next launch, and ◂ steps back."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from five_hundred.ui.app import create_app
from five_hundred.ui.screens.start import StartScreen
from five_hundred.ui.widgets.choice import Choice
from five_hundred.ui.widgets.tick import Tick

from .helpers import screen_text


async def test_typing_goes_to_the_first_name_and_the_table_is_remembered(
        tmp_path: Path) -> None:
    app = create_app(tmp_path, seed=None, players=None, autostart=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.focused is app.screen.query_one("#name-0", Input)
        await pilot.press(*"Ana")
        assert app.screen.query_one("#name-0", Input).value == "Ana"
        kind = app.screen.query_one("#kind-1", Choice)
        kind.focus()
        await pilot.press("right", "right")  # East: computer, normal
        tick = app.screen.query_one("#opt-blind_misere", Tick)
        assert "[ ] V5" in screen_text(app)
        tick.focus()
        await pilot.press("space")
        assert tick.value and "[✔] V5" in screen_text(app)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert app.controller is not None
        assert app.controller.names[0] == "Ana" and app.controller.rules.blind_misere
    again = create_app(tmp_path, seed=None, players=None, autostart=False)
    async with again.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, StartScreen)
        assert screen.query_one("#name-0", Input).value == "Ana"
        assert screen.query_one("#kind-1", Choice).value == "computer:normal"
        assert screen.query_one("#opt-blind_misere", Tick).value
        players = screen.chosen_players()
        assert players[1].level == "normal" and not players[1].is_person


async def test_a_damaged_remembered_table_is_ignored(tmp_path: Path) -> None:
    (tmp_path).mkdir(exist_ok=True)
    (tmp_path / "last-table.json").write_text("{not json", encoding="utf-8")
    app = create_app(tmp_path, seed=None, players=None, autostart=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        assert screen.query_one("#name-0", Input).value == "North"


async def test_clicking_the_left_arrow_steps_back(tmp_path: Path) -> None:
    app = create_app(tmp_path, seed=None, players=None, autostart=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        kind = app.screen.query_one("#kind-2", Choice)
        assert kind.value == "person"
        await pilot.click(kind, offset=(1, 0))  # on ◂ (after the padding)
        assert kind.value == "computer:hard"
        await pilot.click(kind, offset=(6, 0))
        assert kind.value == "person"
